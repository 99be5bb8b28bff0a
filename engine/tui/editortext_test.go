package tui

import (
	"testing"
	"time"
)

// TestEditorTextReported: what the user types reaches the host
// (set_editor_text, for ctx.ui.getEditorText) once it stayed the same for
// a tick, not on every key; at once before a shortcut runs and after a
// submit clears the editor; text an extension set is not sent back.
func TestEditorTextReported(t *testing.T) {
	h := newHarness(t, Options{})
	tick := func() { h.m.Update(tickMsg(time.Now())); h.sync() }

	h.typ("hel")
	tick() // typed since the last tick: still typing
	h.noCmd("set_editor_text")
	h.typ("lo")
	tick()
	h.noCmd("set_editor_text")
	tick() // unchanged for a tick
	if c := h.cmd("set_editor_text"); c["text"] != "hello" {
		t.Fatalf("sent %v", c)
	}
	tick()
	h.noCmd("set_editor_text") // once per change

	h.answer("get_shortcuts", map[string]any{"shortcuts": []any{map[string]any{"shortcut": "ctrl+shift+k"}}})
	h.m.c.request(cmd("get_shortcuts"), (*model).onShortcuts)
	h.sync()
	h.typ("!")
	h.press("ctrl+shift+k")
	if c := h.cmd("set_editor_text"); c["text"] != "hello!" {
		t.Fatalf("before the shortcut: %v", c)
	}
	if c := h.cmd("run_shortcut"); c["shortcut"] != "ctrl+shift+k" {
		t.Fatalf("shortcut %v", c)
	}

	h.press("enter")
	if c := h.cmd("set_editor_text"); c["text"] != "" {
		t.Fatalf("after submit: %v", c)
	}
	h.cmd("prompt")

	h.event(ev("ui_call", "plugin", "ext", "op", "setEditorText", "key", "editorText", "sub", "", "value", "from ext"))
	tick()
	tick()
	h.noCmd("set_editor_text")
	if h.m.ed.Text() != "from ext" {
		t.Fatalf("editor %q", h.m.ed.Text())
	}
}

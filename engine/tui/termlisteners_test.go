package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// heldFirst is the seq of the held input being asked about.
func heldFirst(h *harness) int { return h.m.held[0].seq }

// TestTerminalInputListeners: while extensions listen to terminal input,
// each key (and paste) goes to the host first and is acted on in typing
// order once answered: consumed keys are dropped, rewritten ones parsed
// back into keys, the others acted on as pressed; a key whose answer is
// late is acted on at the timeout with the keys behind it, input passes
// unheld until the late answer comes (and it is dropped); with no
// listener left keys go straight to the editor.
func TestTerminalInputListeners(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("ui_call", "plugin", "ext", "op", "onTerminalInput", "key", "inputListeners", "sub", "", "value", 1.0))

	h.typ("ab")
	a := h.cmd("terminal_input")
	if a["data"] != "a" {
		t.Fatalf("first key %v", a)
	}
	h.noCmd("terminal_input") // b waits behind a
	if h.m.ed.Text() != "" {
		t.Fatalf("a held key reached the editor: %q", h.m.ed.Text())
	}
	h.respond(a, true, map[string]any{"consume": true, "data": ""})
	b := h.cmd("terminal_input")
	if b["data"] != "b" {
		t.Fatalf("second key %v", b)
	}
	h.respond(b, true, map[string]any{"consume": false, "data": "b"})
	if h.m.ed.Text() != "b" {
		t.Fatalf("editor %q, want the passed key only", h.m.ed.Text())
	}

	h.typ("c")
	h.respond(h.cmd("terminal_input"), true, map[string]any{"consume": false, "data": "XY"})
	if h.m.ed.Text() != "bXY" {
		t.Fatalf("rewritten: %q", h.m.ed.Text())
	}

	// A rewrite is parsed back into keys: left arrow, then "<".
	h.typ("e")
	h.respond(h.cmd("terminal_input"), true, map[string]any{"consume": false, "data": "\x1b[D<"})
	if h.m.ed.Text() != "bX<Y" {
		t.Fatalf("rewritten into keys: %q", h.m.ed.Text())
	}
	h.press("end")
	h.respond(h.cmd("terminal_input"), true, map[string]any{"consume": false, "data": "\x1b[F"})

	h.typ("dg")
	late := h.cmd("terminal_input")
	h.m.Update(heldInputTimeoutMsg{seq: heldFirst(h)})
	h.sync()
	if h.m.ed.Text() != "bX<Ydg" {
		t.Fatalf("timed-out key and the one held behind it: %q", h.m.ed.Text())
	}
	// Until the overdue answer comes, input is not held.
	h.typ("h")
	h.noCmd("terminal_input")
	if h.m.ed.Text() != "bX<Ydgh" {
		t.Fatalf("input while an answer is overdue: %q", h.m.ed.Text())
	}
	h.respond(late, true, map[string]any{"consume": false, "data": "ZZ"})
	if h.m.ed.Text() != "bX<Ydgh" {
		t.Fatalf("a late answer applied: %q", h.m.ed.Text())
	}
	h.typ("i")
	h.respond(h.cmd("terminal_input"), true, map[string]any{"consume": true, "data": ""})
	if h.m.ed.Text() != "bX<Ydgh" {
		t.Fatalf("after the late answer input is held again: %q", h.m.ed.Text())
	}

	// A paste goes to the listeners as a bracketed paste.
	h.m.Update(tea.PasteMsg{Content: "pasted"})
	p := h.cmd("terminal_input")
	if p["data"] != "\x1b[200~pasted\x1b[201~" {
		t.Fatalf("paste sent as %q", p["data"])
	}
	h.respond(p, true, map[string]any{"consume": false, "data": "\x1b[200~PASTED\x1b[201~"})
	if h.m.ed.Text() != "bX<YdghPASTED" {
		t.Fatalf("rewritten paste: %q", h.m.ed.Text())
	}

	h.event(ev("ui_call", "plugin", "ext", "op", "onTerminalInput", "key", "inputListeners", "sub", "", "value", 0.0))
	h.typ("f")
	h.noCmd("terminal_input")
	if h.m.ed.Text() != "bX<YdghPASTEDf" {
		t.Fatalf("without listeners: %q", h.m.ed.Text())
	}
}

// TestTerminalInputListenerErrorShownOnce: a failing listener's error
// (naming the extension's file:line) is shown once, not on every key.
func TestTerminalInputListenerErrorShownOnce(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_input_listeners", map[string]any{"count": 1.0})
	h.m.c.request(cmd("get_input_listeners"), (*model).onInputListeners)
	h.sync()
	for range 2 {
		h.typ("x")
		c := h.cmd("terminal_input")
		h.event(map[string]any{"type": "response", "id": c["id"], "command": "terminal_input", "success": false,
			"error": "onTerminalInput listener (keys.ts:3:11): boom"})
	}
	if h.m.ed.Text() != "xx" {
		t.Fatalf("editor %q", h.m.ed.Text())
	}
	h.contains("keys.ts:3:11): boom")
	if n := strings.Count(h.screen(), "boom"); n != 1 {
		t.Fatalf("error shown %d times:\n%s", n, h.screen())
	}
}

package tui

import (
	"strings"
	"testing"
)

// An extension's header (setHeader) replaces pi's logo and key hints, not
// the blank rows around them nor the loaded extensions under them.
func TestCustomHeaderKeepsExtensionList(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_extensions", map[string]any{"extensions": []any{
		map[string]any{"path": "/x/plan-mode/index.ts", "status": "loaded"},
		map[string]any{"path": "/x/custom-header.ts", "status": "loaded"}}})
	h.m.c.request(cmd("get_extensions"), (*model).onExtensions)
	h.sync()
	h.event(ev("view_state", "viewId", "hd", "component", "pi.component",
		"state", map[string]any{"kind": "header", "lines": []any{"MASCOT", "subtitle"}}))
	if s := h.screen(); !strings.HasPrefix(s, "\nMASCOT\nsubtitle\n\n[Extensions]\n  custom-header.ts, plan-mode\n") {
		t.Errorf("header:\n%s", s)
	}
	h.lacks("▀▀█")
	h.event(ev("view_closed", "viewId", "hd"))
	h.contains("▀▀█", "[Extensions]")
	h.lacks("MASCOT")
}

// A streamed tool call is drawn before its arguments are complete; when
// they arrive (toolcall_end), an extension's renderCall is asked again
// with them (questionnaire's "2 questions (Color, size)").
func TestToolRenderCallAskedAgainWithArguments(t *testing.T) {
	h := newHarness(t, Options{})
	upd := func(e map[string]any) map[string]any { return ev("message_update", "assistantMessageEvent", e) }
	h.event(ev("message_start", "message", map[string]any{"role": "assistant"}),
		upd(map[string]any{"type": "toolcall_start", "contentIndex": 0.0, "id": "q1", "toolName": "questionnaire"}))
	first := h.cmd("render_tool")
	if args, _ := first["args"].(map[string]any); len(args) != 0 {
		t.Fatalf("first render_tool %v", first)
	}
	h.respond(first, true, map[string]any{"lines": []any{"questionnaire 0 questions"}})
	h.event(upd(map[string]any{"type": "toolcall_end", "contentIndex": 0.0,
		"toolCall": map[string]any{"id": "q1", "name": "questionnaire", "arguments": map[string]any{"questions": []any{"a", "b"}}}}))
	again := h.cmd("render_tool")
	if args, _ := again["args"].(map[string]any); len(args) == 0 || again["phase"] != "call" {
		t.Fatalf("render_tool after the arguments %v", again)
	}
	h.respond(again, true, map[string]any{"lines": []any{"questionnaire 2 questions"}})
	h.contains("questionnaire 2 questions")
	h.lacks("0 questions")
}

// An extension's info notification is pi's showStatus: dim, and the next
// one replaces it while it is the chat's last line (plan mode's "enabled"
// then "disabled" leave one line); errors and warnings always add a line.
func TestNotifyStatusReplacesTheLastStatus(t *testing.T) {
	h := newHarness(t, Options{})
	notify := func(msg, typ string) map[string]any {
		return ev("ui_call", "plugin", "ext", "op", "notify", "key", "notifications", "sub", "", "value", map[string]any{"message": msg, "type": typ})
	}
	h.event(notify("Plan mode enabled.", ""), notify("Plan mode disabled.", "info"))
	h.contains("Plan mode disabled.")
	h.lacks("Plan mode enabled.")
	if got := h.m.render(); !strings.Contains(got, h.m.th.Fg("dim", "Plan mode disabled.")) {
		t.Errorf("the status is not dim: %q", got)
	}
	h.event(notify("careful", "warning"), notify("after the warning", ""), ev("message_start", "message", map[string]any{"role": "user", "content": "hi"}),
		notify("after the message", ""))
	h.contains("Plan mode disabled.", "Warning: careful", "after the warning", "after the message")
}

// Render answers can come back out of order: the lines for an earlier
// request do not replace those of the last one.
func TestRenderAnswerForAnEarlierRequestIsDropped(t *testing.T) {
	h := newHarness(t, Options{})
	upd := func(e map[string]any) map[string]any { return ev("message_update", "assistantMessageEvent", e) }
	h.event(ev("message_start", "message", map[string]any{"role": "assistant"}),
		upd(map[string]any{"type": "toolcall_start", "contentIndex": 0.0, "id": "q1", "toolName": "questionnaire"}))
	first := h.cmd("render_tool")
	h.event(upd(map[string]any{"type": "toolcall_end", "contentIndex": 0.0,
		"toolCall": map[string]any{"id": "q1", "name": "questionnaire", "arguments": map[string]any{"n": 2.0}}}))
	again := h.cmd("render_tool")
	h.respond(again, true, map[string]any{"lines": []any{"NEW LINES"}})
	h.respond(first, true, map[string]any{"lines": []any{"OLD LINES"}})
	h.contains("NEW LINES")
	h.lacks("OLD LINES")
}

// After "/name ", an extension command's getArgumentCompletions fills the
// list (asked through the host with the text after the space) once a
// letter is typed, or on any edit while a list shows; Tab or Enter puts
// the value in place; an answer for older text is dropped; a completer's
// error is shown once.
func TestCommandArgumentCompletion(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_commands", map[string]any{"commands": []any{map[string]any{"name": "deploy", "description": "ship it", "source": "extension"}}})
	h.m.c.request(cmd("get_commands"), (*model).onCommands)
	h.sync()
	h.typ("/deploy")
	h.contains("→ deploy")
	h.typ(" ") // the name list shows: the edit asks for arguments
	c := h.cmd("get_argument_completions")
	if c["name"] != "deploy" || c["prefix"] != "" {
		t.Fatalf("asked %v", c)
	}
	h.respond(c, true, map[string]any{"items": []any{map[string]any{"value": "dev", "label": "dev", "description": "local box"},
		map[string]any{"value": "prod", "label": "prod"}}})
	h.contains("→ dev", "local box", "  prod")
	h.typ("p")
	c = h.cmd("get_argument_completions")
	if c["prefix"] != "p" {
		t.Fatalf("asked %v", c)
	}
	h.respond(c, true, map[string]any{"items": []any{map[string]any{"value": "prod", "label": "prod"}}})
	h.contains("→ prod")
	h.lacks("local box")
	h.press("enter") // applies, does not submit
	if got := h.m.ed.Text(); got != "/deploy prod" {
		t.Fatalf("editor %q", got)
	}
	h.noCmd("prompt")
	h.lacks("→ prod")

	// A space alone with no list showing does not ask; a letter does, and
	// an answer that comes after more typing is dropped.
	h.m.ed.SetText("")
	h.typ("/deploy")
	h.press("esc") // closes the name list
	h.typ(" ")
	h.noCmd("get_argument_completions")
	h.typ("d")
	stale := h.cmd("get_argument_completions")
	h.typ("e")
	fresh := h.cmd("get_argument_completions")
	h.respond(stale, true, map[string]any{"items": []any{map[string]any{"value": "STALE", "label": "STALE"}}})
	h.lacks("STALE")
	h.respond(fresh, true, map[string]any{"items": []any{map[string]any{"value": "dev", "label": "dev"}}})
	h.press("tab")
	if got := h.m.ed.Text(); got != "/deploy dev" {
		t.Fatalf("editor %q", got)
	}

	h.typ("x")
	h.respond(h.cmd("get_argument_completions"), false, nil)
	h.m.ed.SetText("/deploy ")
	h.typ("y")
	e := h.cmd("get_argument_completions")
	h.event(map[string]any{"type": "response", "id": e["id"], "command": e["type"], "success": false,
		"error": "getArgumentCompletions of /deploy (ext.ts:3:9): Error: boom"})
	h.typ("z")
	e = h.cmd("get_argument_completions")
	h.event(map[string]any{"type": "response", "id": e["id"], "command": e["type"], "success": false,
		"error": "getArgumentCompletions of /deploy (ext.ts:3:9): Error: boom"})
	if n := strings.Count(h.screen(), "boom"); n != 1 {
		t.Errorf("the error shows %d times:\n%s", n, h.screen())
	}
}

// entry_appended (pi.appendEntry) adds the entry, drawn with the lines of
// its extension's entry renderer (render_entry at the chat's width, asked
// again when tools are expanded); an entry nobody renders shows nothing;
// a renderer's error shows pi's "renderer failed" line; while a reply
// streams, the entry goes above it.
func TestEntryRenderers(t *testing.T) {
	h := newHarness(t, Options{})
	entry := func(typ string) map[string]any {
		return ev("entry_appended", "entry", map[string]any{"type": "custom", "customType": typ, "data": map[string]any{"n": 1.0}, "id": "e-" + typ})
	}
	h.event(entry("card"))
	c := h.cmd("render_entry")
	if c["customType"] != "card" || c["width"] != 80.0 || c["expanded"] != false {
		t.Fatalf("render_entry %v", c)
	}
	if e, _ := c["entry"].(map[string]any); e["id"] != "e-card" {
		t.Fatalf("entry %v", c["entry"])
	}
	h.respond(c, true, map[string]any{"lines": []any{"CARD 1"}})
	h.contains("\nCARD 1\n")
	h.press("ctrl+o")
	c = h.cmd("render_entry")
	if c["expanded"] != true {
		t.Fatalf("expanded %v", c)
	}
	h.respond(c, true, map[string]any{"lines": []any{"CARD 1 EXPANDED"}})
	h.contains("CARD 1 EXPANDED")

	h.event(entry("nobody"))
	before := h.screen()
	h.respond(h.cmd("render_entry"), true, map[string]any{"lines": nil})
	if h.screen() != before {
		t.Errorf("an entry nobody renders changed the screen:\n%s", h.screen())
	}
	h.event(entry("broken"))
	h.event(map[string]any{"type": "response", "id": h.cmd("render_entry")["id"], "command": "render_entry", "success": false,
		"error": "entry renderer broken (x.ts:2:3): Error: bad"})
	h.contains("[broken] renderer failed: entry renderer broken (x.ts:2:3): Error: bad")

	h.event(ev("message_start", "message", map[string]any{"role": "assistant"}),
		ev("message_update", "assistantMessageEvent", map[string]any{"type": "text_delta", "contentIndex": 0.0, "delta": "streaming reply"}),
		entry("late"))
	h.respond(h.cmd("render_entry"), true, map[string]any{"lines": []any{"LATE ENTRY"}})
	if s := h.screen(); strings.Index(s, "LATE ENTRY") > strings.Index(s, "streaming reply") {
		t.Errorf("the entry is not above the streaming reply:\n%s", s)
	}
}

// A custom_message an actionable boundary appended (entry_appended)
// shows when displayed, as pi's interactive mode adds it; a hidden one
// does not.
func TestBoundaryCustomMessageShows(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("entry_appended", "entry", map[string]any{"type": "custom_message", "customType": "note", "content": "hidden reminder", "display": false, "id": "e1"}),
		ev("entry_appended", "entry", map[string]any{"type": "custom_message", "customType": "note", "content": "shown reminder", "display": true, "id": "e2"}))
	h.contains("shown reminder")
	if strings.Contains(h.screen(), "hidden reminder") {
		t.Errorf("a hidden custom message shows:\n%s", h.screen())
	}
}

// ctx.ui.pasteToEditor is a paste, as pi's: a long text becomes a paste
// marker that submitting expands.
func TestPasteToEditorIsAPaste(t *testing.T) {
	h := newHarness(t, Options{})
	long := strings.Repeat("line\n", 11) + "end"
	h.event(ev("ui_call", "plugin", "ext", "op", "pasteToEditor", "key", "editorText", "sub", "", "value", long))
	h.contains("[paste #1 +12 lines]")
	if h.m.ed.Expanded() != long {
		t.Errorf("expanded %q", h.m.ed.Expanded())
	}
}

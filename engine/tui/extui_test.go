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

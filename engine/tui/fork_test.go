package tui

import "testing"

func TestForkPickerAndClone(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_fork_messages", map[string]any{"messages": []any{
		map[string]any{"entryId": "e1", "text": "first prompt"},
		map[string]any{"entryId": "e2", "text": "second\nprompt"},
	}})
	h.typ("/fork")
	h.press("enter")
	h.contains("Fork from Message", "Select a user message to copy the active path up to that point into a new", " session\n",
		"  first prompt", "Message 1 of 2", "› second prompt", "Message 2 of 2")
	h.press("up")
	h.contains("› first prompt")
	h.press("enter")
	c := h.cmd("fork")
	if c["entryId"] != "e1" {
		t.Fatalf("fork %v", c)
	}
	h.respond(c, true, map[string]any{"text": "first prompt", "cancelled": false})
	h.contains("Forked to new session")
	if got := h.m.ed.Text(); got != "first prompt" {
		t.Errorf("editor %q", got)
	}

	h.m.ed.SetText("/clone")
	h.press("enter")
	h.respond(h.cmd("clone"), true, map[string]any{"cancelled": true}) // a session_before_fork handler said no
	h.lacks("Cloned to new session")
	h.m.ed.SetText("/clone")
	h.press("enter")
	h.respond(h.cmd("clone"), true, map[string]any{"cancelled": false})
	h.contains("Cloned to new session")
	if got := h.m.ed.Text(); got != "" {
		t.Errorf("editor after clone %q", got)
	}

	h.answer("get_fork_messages", map[string]any{"messages": []any{}})
	h.typ("/fork")
	h.press("enter")
	h.contains("No messages to fork from")
}

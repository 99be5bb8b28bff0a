package tui

import (
	"path/filepath"
	"testing"
)

// TestImportCommand: /import asks pi's confirmation, then the host's
// import_session with the path argument; the status names the path and
// the footer moves to the session's cwd. A session whose cwd is gone
// gets /resume's question (continue here with cwdOverride, fork the file
// here, cancel); a failure is shown; no path is pi's usage error.
func TestImportCommand(t *testing.T) {
	h := newHarness(t, Options{})
	h.m.width = 160 // the question's rows in one line each
	here := h.m.cwd
	run := func(line string) map[string]any {
		h.typ(line)
		h.press("enter")
		h.contains("Import session", "Replace current session with s 1.jsonl?", "→ Yes", "No")
		h.press("enter")
		c := h.cmd("import_session")
		if c["path"] != "s 1.jsonl" || c["cwdOverride"] != nil {
			t.Fatalf("import_session %v", c)
		}
		return c
	}

	h.typ("/import")
	h.press("enter")
	h.contains("Usage: /import <path.jsonl>")
	h.noCmd("import_session")

	h.typ(`/import "s 1.jsonl"`)
	h.press("enter")
	h.press("down", "enter")
	h.contains("Import cancelled")
	h.noCmd("import_session")

	other := filepath.Join(t.TempDir(), "other")
	h.respond(run(`/import "s 1.jsonl" trailing words`), true, map[string]any{"cancelled": false, "cwd": other})
	h.contains("Session imported from: s 1.jsonl")
	if h.m.cwd != other {
		t.Errorf("the footer's cwd is %q, want %q", h.m.cwd, other)
	}
	h.m.cwd = here

	fail := func(c map[string]any, msg string) {
		h.event(map[string]any{"type": "response", "id": c["id"], "command": "import_session", "success": false, "error": msg})
	}
	gone := func(c map[string]any) {
		fail(c, "Stored session working directory does not exist: /elsewhere\nSession file: /s/s 1.jsonl\nCurrent working directory: "+here)
		h.contains("Session cwd does not exist: /elsewhere", "→ Continue in "+here+" (asks again next time)",
			"Fork into "+here+" (new session ID, original kept)", "Cancel")
	}
	gone(run(`/import 's 1.jsonl'`))
	h.press("enter")
	c := h.cmd("import_session")
	if c["path"] != "s 1.jsonl" || c["cwdOverride"] != here {
		t.Fatalf("continue asked %v", c)
	}
	h.respond(c, true, map[string]any{"cancelled": false, "cwd": here})
	h.contains("Session imported from: s 1.jsonl")

	gone(run(`/import "s 1.jsonl"`))
	h.press("down", "enter")
	c = h.cmd("switch_session")
	if c["sessionPath"] != "s 1.jsonl" || c["fork"] != true {
		t.Fatalf("fork asked %v", c)
	}

	gone(run(`/import "s 1.jsonl"`))
	h.press("down", "down", "enter")
	h.contains("Import cancelled")

	c = run(`/import "s 1.jsonl"`)
	fail(c, "File not found: /w/s 1.jsonl")
	h.contains("Failed to import session: File not found: /w/s 1.jsonl")
}

func TestPathArgument(t *testing.T) {
	for in, want := range map[string]string{
		"":                   "",
		"   ":                "",
		"a.jsonl":            "a.jsonl",
		"  a.jsonl rest":     "a.jsonl",
		`"a b.jsonl" rest`:   "a b.jsonl",
		`'a b.jsonl'`:        "a b.jsonl",
		`"unclosed a.jsonl`:  "",
		"a.jsonl\tand a tab": "a.jsonl",
	} {
		if got := pathArgument(in); got != want {
			t.Errorf("pathArgument(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestSessionReplacedByExtension: the host's session_replaced (an
// extension's ctx.newSession, fork or switchSession) redraws the chat
// from the new session, reads the extensions' commands again and moves
// the footer to the session's cwd.
func TestSessionReplacedByExtension(t *testing.T) {
	h := newHarness(t, Options{})
	h.m.notice("from the old session", "muted")
	other := filepath.Join(t.TempDir(), "other")
	h.answer("get_messages", map[string]any{"messages": []any{map[string]any{"role": "user", "content": "in the new session", "timestamp": 1.0}}})
	h.event(map[string]any{"type": "session_replaced", "reason": "resume", "cwd": other})
	h.sync()
	h.contains("in the new session")
	h.lacks("from the old session")
	if h.m.cwd != other {
		t.Errorf("the footer's cwd is %q, want %q", h.m.cwd, other)
	}
}

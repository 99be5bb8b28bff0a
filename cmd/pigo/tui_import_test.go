package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// dialogCut is the part of a screen from title to the dialog's hint
// line, trailing spaces trimmed.
func dialogCut(s, title string) string {
	if i := strings.Index(s, title); i >= 0 {
		s = s[i:]
	}
	if i := strings.Index(s, "\n────"); i >= 0 {
		s = s[:i]
	}
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		keep = append(keep, strings.TrimRight(l, " "))
	}
	return strings.Join(keep, "\n")
}

// TestTUIDifferentialImport16: /import <path> asks pi 1.6's
// confirmation, then opens the file's session (its messages drawn, the
// status naming the path) and keeps the file's session id; "No" cancels.
func TestTUIDifferentialImport16(t *testing.T) {
	node, cli := pi16Command(t)
	const id = "abcdef01-0000-4000-8000-000000000001"
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		var sessions string
		setup := func(work, agentDir string) {
			sessions = filepath.Join(agentDir, "sessions")
			iso := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
			data := fmt.Sprintf(`{"type":"session","version":3,"id":%q,"timestamp":%q,"cwd":%q}`+"\n"+
				`{"type":"message","id":"m1","parentId":null,"timestamp":%q,"message":{"role":"user","content":"imported hello","timestamp":1}}`+"\n",
				id, iso, work, iso)
			must(t, os.WriteFile(filepath.Join(work, "imp.jsonl"), []byte(data), 0o644))
		}
		tt := startPTYSetup(t, setup, side, nil, "--model", "mock/mock-1")
		tt.waitFor("mock-1")
		tt.keys("/import imp.jsonl")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("Replace current session with imp.jsonl?")
		time.Sleep(300 * time.Millisecond)
		add(dialogCut(tt.screen(), "Import session"))
		tt.keys("\x1b[B", "\r") // No
		tt.waitFor("Import cancelled")
		add(lastLineWith(strings.Split(tt.screen(), "\n"), "Import cancelled"))

		tt.keys("/import imp.jsonl")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("Replace current session with imp.jsonl?")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("Session imported from: imp.jsonl", "imported hello")
		add(chatText(tt.screen(), "imported hello", "Session imported from: imp.jsonl"))
		copied, _ := filepath.Glob(filepath.Join(sessions, "*", "imp.jsonl"))
		if more, _ := filepath.Glob(filepath.Join(sessions, "imp.jsonl")); len(more) > 0 {
			copied = append(copied, more...)
		}
		add(fmt.Sprintf("copies in the session directory: %d", len(copied)))
	})
	compareScreens(t, screens, nil)
	if s := screens["pigo"]; len(s) != 4 || !strings.Contains(s[2], "Session imported from") || s[3] != "copies in the session directory: 1" {
		t.Errorf("pigo: %q", s)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTUIDifferentialModelsJSONError16: a models.json provider pi cannot
// compose shows at startup as pi 1.6's "Error: models.json error: ..."
// in the chat, and the file's other provider (the mock) still answers;
// /reload shows the error again.
func TestTUIDifferentialModelsJSONError16(t *testing.T) {
	node, cli := pi16Command(t)
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		setup := func(_, agentDir string) {
			path := filepath.Join(agentDir, "models.json")
			b, err := os.ReadFile(path)
			must(t, err)
			must(t, os.WriteFile(path, []byte(strings.Replace(string(b), `"providers": {`, `"providers": { "bad": {"authHeader": true, "models": [{"id": "x"}]},`, 1)), 0o644))
		}
		tt := startPTYSetup(t, setup, side, []mockStep{{Text: "still here"}}, "--model", "mock/mock-1", "--no-session")
		tt.waitFor("models.json error", "mock-1")
		time.Sleep(500 * time.Millisecond)
		add(errorBlock(tt.screen()))
		tt.keys("hi", "\r")
		tt.waitFor("still here")
		time.Sleep(300 * time.Millisecond)
		tt.keys("/reload")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("Reloaded")
		time.Sleep(300 * time.Millisecond)
		screen := tt.screen()
		if i := strings.Index(screen, "still here"); i >= 0 {
			screen = screen[i:]
		}
		add(errorBlock(screen)) // shown again after /reload
		tt.keys("\x04")
		tt.exit()
	})
	compareScreens(t, screens, nil)
}

// errorBlock is the screen from its "Error:" line to the blank line
// after it.
func errorBlock(screen string) string {
	i := strings.Index(screen, "Error:")
	if i < 0 {
		return "(no error)"
	}
	i = strings.LastIndex(screen[:i], "\n") + 1
	block := screen[i:]
	if j := strings.Index(block, "\n\n"); j >= 0 {
		block = block[:j]
	}
	return block
}

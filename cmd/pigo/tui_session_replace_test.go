package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestTUIDifferentialExtensionNewSession16: an extension command's
// ctx.newSession in interactive mode starts a fresh chat (the old
// session's messages go from the screen), the withSession ctx's
// notification shows, and the command still runs after the
// replacement (the new extension instance's), as in pi 1.6.
func TestTUIDifferentialExtensionNewSession16(t *testing.T) {
	node, cli := pi16Command(t)
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		setup := func(work, _ string) {
			must(t, os.WriteFile(filepath.Join(work, "ext.ts"), []byte(extSource(`
  pi.registerCommand("fresh", { description: "new session", handler: async (_a: string, ctx: any) => {
    await ctx.newSession({ withSession: async (c: any) => c.ui.notify("fresh started", "info") });
  } });`)), 0o644))
		}
		tt := startPTYSetup(t, setup, side, []mockStep{{Text: "first answer"}}, "--model", "mock/mock-1", "-e", "ext.ts")
		tt.waitFor("mock-1")
		tt.keys("old question")
		time.Sleep(200 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("first answer")
		add(chatText(tt.screen(), "old question", "first answer"))
		tt.keys("/fresh")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r")
		tt.waitFor("fresh started")
		tt.waitGone("first answer")
		time.Sleep(300 * time.Millisecond)
		add(chatText(tt.screen(), "old question", "first answer", "fresh started"))
		tt.keys("/fresh")
		time.Sleep(300 * time.Millisecond)
		tt.keys("\r") // the new instance's command
		time.Sleep(1 * time.Second)
		add(chatText(tt.screen(), "old question", "first answer", "fresh started", "Error", "stale"))
	})
	compareScreens(t, screens, nil)
}

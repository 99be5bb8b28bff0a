package agentsession_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
)

// runExtensionCommands starts a session with the extension src (whose
// log(s) appends to a file), runs each command as a prompt and returns
// the log.
func runExtensionCommands(t *testing.T, src string, commands ...string) string {
	t.Helper()
	ask, logFile := startExtensionSession(t, src)
	for i, c := range commands {
		if r := ask(map[string]any{"type": "prompt", "id": fmt.Sprint(i), "message": c}); r["success"] != true {
			t.Fatalf("%s: %v", c, r)
		}
	}
	data, _ := os.ReadFile(logFile)
	return string(data)
}

// startExtensionSession starts a session (closed when t ends) with the
// extension src, to which a log(s) that appends to logFile is prepended,
// and returns its RPC ask.
func startExtensionSession(t *testing.T, src string) (ask func(map[string]any) map[string]any, logFile string) {
	t.Helper()
	io, _ := world(t)
	ext, logFile := filepath.Join(io.Cwd, "ext.ts"), filepath.Join(io.Cwd, "log.txt")
	src = `import { appendFileSync } from "node:fs";
const log = (s) => appendFileSync(` + fmt.Sprintf("%q", logFile) + `, s + "\n");
` + src
	if err := os.WriteFile(ext, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"-e", ext, "--no-session", "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return serveAsk(t, s, agentsession.ServeOptions{}), logFile
}

// TestExtensionNewSessionSetupRunsBeforeSessionStart: ctx.newSession's
// setup writes to the new session before its extensions get
// session_start (which sees what setup wrote), then withSession runs; a
// setup that throws rejects newSession, and the new session starts all
// the same.
func TestExtensionNewSessionSetupRunsBeforeSessionStart(t *testing.T) {
	got := runExtensionCommands(t, `
const count = (sm) => sm.getEntries().filter((e) => e.type === "message").length;
export default function (pi) {
  pi.on("session_start", (e, ctx) => log("start " + e.reason + " messages=" + count(ctx.sessionManager)));
  pi.registerCommand("seed", { handler: async (_a, ctx) => {
    await ctx.newSession({
      setup: async (sm) => {
        log("setup messages=" + count(sm));
        sm.appendMessage({ role: "user", content: [{ type: "text", text: "seeded" }], timestamp: 1 });
      },
      withSession: async (c) => log("withSession messages=" + count(c.sessionManager)),
    });
  } });
  pi.registerCommand("broken", { handler: async (_a, ctx) => {
    try {
      await ctx.newSession({ setup: async () => { throw new Error("setup failed"); } });
    } catch (e) {
      log("rejected: " + e.message);
    }
  } });
}`, "/seed", "/broken")
	want := "start startup messages=0\n" +
		"setup messages=0\nstart new messages=1\nwithSession messages=1\n" +
		"start new messages=0\nrejected: setup failed\n"
	if got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

// TestExtensionReloadSettlesOnceReloaded: await ctx.reload() in a command
// settles after the old instance got session_shutdown and the new one
// loaded and got session_start, as pi's; the handler goes on, its ctx
// stale.
func TestExtensionReloadSettlesOnceReloaded(t *testing.T) {
	got := runExtensionCommands(t, `
export default function (pi) {
  log("factory");
  pi.on("session_start", (e) => log("start " + e.reason));
  pi.on("session_shutdown", (e) => log("shutdown " + e.reason));
  pi.registerCommand("rl", { handler: async (_a, ctx) => {
    log("before");
    const r = await ctx.reload();
    let cwd;
    try { cwd = ctx.cwd; } catch (e) { cwd = e.message.slice(0, 27); }
    log("after " + r + " " + cwd);
  } });
}`, "/rl")
	want := "factory\nstart startup\nbefore\nshutdown reload\nfactory\nstart reload\nafter undefined This extension ctx is stale\n"
	if got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

package main

import (
	"strings"
	"testing"
)

// reloadExt logs, to reload.log, which instance of itself (counted in a
// file, as in sessionReplaceExt) gets each session and resources event,
// and what its /rl command sees around await ctx.reload(): when the
// promise settles, and whether the old ctx and pi are stale after it.
var reloadExt = instanceLogPrelude("reload.log") + `
  pi.on("session_start", (e: any) => log("session_start@" + instance + " reason=" + e.reason));
  pi.on("session_shutdown", (e: any) => log("session_shutdown@" + instance + " reason=" + e.reason));
  pi.on("resources_discover", (e: any) => log("resources_discover@" + instance + " reason=" + e.reason));
  pi.registerCommand("rl", { handler: async (_a: string, ctx: any) => {
    log("rl@" + instance + " begin");
    const r = await ctx.reload();
    log("rl@" + instance + " after result=" + String(r) + " ctx.cwd=" + stale(() => ctx.cwd) +
      " ctx.ui=" + stale(() => ctx.ui) + " pi.appendEntry=" + stale(() => pi.appendEntry("x", {})));
  } });`

// TestDifferentialRPC16ReloadFromCommand: await ctx.reload() in a command
// settles once the extensions reloaded, as pi 1.6's AgentSession.reload:
// the old instance got session_shutdown, a new one loaded and got
// session_start and resources_discover (reason reload); the handler then
// goes on in the old instance, whose ctx and pi are stale.
func TestDifferentialRPC16ReloadFromCommand(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:      "reload16",
		ext:       extSource(reloadExt),
		workFiles: []string{"reload.log"},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.sendRaw(`{"id":"c1","type":"prompt","message":"/rl"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["id"] == "c1" })
			d.call(`{"id":"g1","type":"get_state"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	keepTranscripts(sc.name, pi, pg)
	piRecs, pgRecs := logLines(pi, "reload.log"), logLines(pg, "reload.log")
	want := []string{
		"load 1",
		"session_start@1 reason=startup",
		"resources_discover@1 reason=startup",
		"rl@1 begin",
		"session_shutdown@1 reason=reload",
		"load 2",
		"session_start@2 reason=reload",
		"resources_discover@2 reason=reload",
		"rl@1 after result=undefined ctx.cwd=stale ctx.ui=stale pi.appendEntry=stale",
		"session_shutdown@2 reason=quit",
	}
	wantRecords(t, want, piRecs, pgRecs, pi, pg)
	// Neither reports an error: the handler's stale reads were caught.
	for name, lines := range map[string][]string{"pi": pi, "pigo": pg} {
		for _, l := range lines {
			if strings.Contains(l, "extension_error") {
				t.Errorf("%s: %s", name, l)
			}
		}
	}
}

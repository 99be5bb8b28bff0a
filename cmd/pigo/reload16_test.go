package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
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

// discoveryLogExt is an extension that logs, to reload.log under its
// name, when it loads and each session and resources event it gets, and
// registers a command of its name; more is added to its body.
func discoveryLogExt(name, more string) string {
	return extSource(`
  const fs = require("node:fs");
  const log = (s: string) => fs.appendFileSync("reload.log", s + "\n");
  log("load ` + name + `");
  pi.on("session_start", (e: any) => log("` + name + ` session_start reason=" + e.reason));
  pi.on("session_shutdown", (e: any) => log("` + name + ` session_shutdown reason=" + e.reason));
  pi.on("resources_discover", (e: any) => log("` + name + ` resources_discover reason=" + e.reason));
  pi.registerCommand("` + name + `", { description: "` + name + `", handler: async () => {} });` + more)
}

// TestDifferentialRPC16ReloadFollowsDiscovery: pi 1.6's reload runs its
// resource loader again, so an extension file added to the project's
// .pi/extensions loads and a deleted one unloads. Both sides start in
// RPC mode with a trusted project (--approve) holding one extension, the
// user's agent dir another and an -e file whose /rl command awaits
// ctx.reload() (pi's RPC mode has no reload command); the project's
// file is then deleted and another added, and /rl runs. The events each
// instance got (session_shutdown to the old ones, the deleted one among
// them; session_start and resources_discover to the new ones, the added
// one among them, in discovery's order) and get_commands after must
// match.
func TestDifferentialRPC16ReloadFollowsDiscovery(t *testing.T) {
	sides := pi16Sides(t)
	files := map[string]string{
		"agent/extensions/keep.ts":     discoveryLogExt("keep", ""),
		"work/.pi/extensions/first.ts": discoveryLogExt("first", ""),
		"work/cli.ts": discoveryLogExt("cli", `
  pi.registerCommand("rl", { description: "reload", handler: async (_a: string, ctx: any) => {
    log("rl begin");
    await ctx.reload();
    log("rl after");
  } });`),
	}
	// A side's transcript ends with its command lists ("<< commands-before
	// NAMES", "<< commands-after NAMES") and its reload.log lines.
	run := func(argv []string) []string {
		dir := sideTree(t, files)
		work := filepath.Join(dir, "work")
		llm := newMockLLM(nil)
		defer llm.Close()
		must(t, os.WriteFile(filepath.Join(dir, "agent", "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
		cmd := sideCommand(argv, dir, "--mode", "rpc", "--no-session", "--no-builtin-tools", "--approve",
			"--provider", "mock", "--model", "mock-1", "-e", "cli.ts")
		d := startDriver(t, cmd)
		before := extensionCommands(d.call(`{"id":"c0","type":"get_commands"}`))
		must(t, os.WriteFile(filepath.Join(work, ".pi", "extensions", "second.ts"), []byte(discoveryLogExt("second", "")), 0o644))
		must(t, os.Remove(filepath.Join(work, ".pi", "extensions", "first.ts")))
		mark := d.mark()
		d.sendRaw(`{"id":"r","type":"prompt","message":"/rl"}`)
		d.waitFrom(mark, func(ev map[string]any) bool { return ev["id"] == "r" })
		after := extensionCommands(d.call(`{"id":"c1","type":"get_commands"}`))
		lines := append(d.finish(), "<< commands-before "+strings.Join(before, " "), "<< commands-after "+strings.Join(after, " "))
		data, err := os.ReadFile(filepath.Join(work, "reload.log"))
		must(t, err)
		for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			lines = append(lines, "<< reload.log "+l)
		}
		return lines
	}
	pi, pg := runSides(sides, run)
	keepTranscripts("reloaddiscovery16", pi, pg)
	for _, l := range append(slices.Clone(pi), pg...) {
		if strings.Contains(l, "extension_error") {
			t.Errorf("extension error: %s", l)
		}
	}
	commands := func(lines []string) string {
		return lastLineWith(lines, "<< commands-before ") + "\n" + lastLineWith(lines, "<< commands-after ")
	}
	if want := "<< commands-before cli rl first keep\n<< commands-after cli rl second keep"; commands(pi) != want {
		t.Fatalf("pi 1.6 no longer does what this test expects:\n%s", commands(pi))
	}
	if commands(pg) != commands(pi) {
		t.Errorf("commands:\npigo:\n%s\npi 1.6:\n%s", commands(pg), commands(pi))
	}
	// From the reload on: pigo runs the startup factories concurrently
	// (and the user's and -e ones before the project's, to ask
	// project_trust), so the startup "load" lines come in any order; a
	// reload runs them one after the other in discovery's order, as pi.
	fromReload := func(lines []string) []string {
		recs := logLines(lines, "reload.log")
		if i := slices.Index(recs, "rl begin"); i >= 0 {
			return recs[i:]
		}
		return recs
	}
	want := []string{
		"rl begin",
		"cli session_shutdown reason=reload", "first session_shutdown reason=reload", "keep session_shutdown reason=reload",
		"load cli", "load second", "load keep",
		"cli session_start reason=reload", "second session_start reason=reload", "keep session_start reason=reload",
		"cli resources_discover reason=reload", "second resources_discover reason=reload", "keep resources_discover reason=reload",
		"rl after",
		"cli session_shutdown reason=quit", "second session_shutdown reason=quit", "keep session_shutdown reason=quit",
	}
	wantRecords(t, want, fromReload(pi), fromReload(pg), pi, pg)
}

// extensionCommands are the names of the extension commands (pi's
// built-in extensions' left out) of a get_commands response, in order.
func extensionCommands(r map[string]any) []string {
	var names []string
	data, _ := r["data"].(map[string]any)
	cmds, _ := data["commands"].([]any)
	for _, c := range cmds {
		m, _ := c.(map[string]any)
		info, _ := m["sourceInfo"].(map[string]any)
		if m["source"] == "extension" && info["source"] != "builtin" {
			names = append(names, m["name"].(string))
		}
	}
	return names
}

// TestDifferentialRPC16ReloadKeepsUntrustedProjectOut: in a project
// that is not trusted (pi's RPC mode declines when it would ask), a file
// added to the project's .pi/extensions stays unloaded after reload, as
// the project's own did; a file added to the user's extensions loads.
func TestDifferentialRPC16ReloadKeepsUntrustedProjectOut(t *testing.T) {
	sides := pi16Sides(t)
	files := map[string]string{
		"work/.pi/extensions/held.ts": discoveryLogExt("held", ""),
		"work/cli.ts": extSource(`
  pi.registerCommand("rl", { description: "reload", handler: async (_a: string, ctx: any) => { await ctx.reload(); } });`),
	}
	run := func(argv []string) []string {
		dir := sideTree(t, files)
		llm := newMockLLM(nil)
		defer llm.Close()
		must(t, os.MkdirAll(filepath.Join(dir, "agent"), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, "agent", "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
		cmd := sideCommand(argv, dir, "--mode", "rpc", "--no-session", "--no-builtin-tools",
			"--provider", "mock", "--model", "mock-1", "-e", "cli.ts")
		d := startDriver(t, cmd)
		before := extensionCommands(d.call(`{"id":"c0","type":"get_commands"}`))
		must(t, os.WriteFile(filepath.Join(dir, "work", ".pi", "extensions", "sneaky.ts"), []byte(discoveryLogExt("sneaky", "")), 0o644))
		must(t, os.MkdirAll(filepath.Join(dir, "agent", "extensions"), 0o755))
		must(t, os.WriteFile(filepath.Join(dir, "agent", "extensions", "user.ts"), []byte(discoveryLogExt("user", "")), 0o644))
		mark := d.mark()
		d.sendRaw(`{"id":"r","type":"prompt","message":"/rl"}`)
		d.waitFrom(mark, func(ev map[string]any) bool { return ev["id"] == "r" })
		after := extensionCommands(d.call(`{"id":"c1","type":"get_commands"}`))
		d.finish()
		log, err := os.ReadFile(filepath.Join(dir, "work", "reload.log"))
		must(t, err)
		ran := strings.Contains(string(log), "held") || strings.Contains(string(log), "sneaky")
		return []string{strings.Join(before, " "), strings.Join(after, " "), "a project extension ran: " + strconv.FormatBool(ran)}
	}
	pi, pg := runSides(sides, run)
	if want := []string{"rl", "rl user", "a project extension ran: false"}; !slices.Equal(pi, want) {
		t.Fatalf("pi 1.6 no longer does what this test expects: %q", pi)
	}
	if !slices.Equal(pg, pi) {
		t.Errorf("pigo %q, pi 1.6 %q", pg, pi)
	}
}

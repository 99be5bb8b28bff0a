package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// restartExt logs, to log.txt in the working directory, each run of its
// factory, the session events it hears and /count, with the count of
// session_start events its instance saw (factory state) and, on the
// factory's line, how many times its module ran the factory
// (module-level state).
const restartExt = `import { appendFileSync } from "node:fs";
import { join } from "node:path";
let loads = 0;
export default function (pi: any) {
  loads++;
  let starts = 0;
  const log = (s: string) => appendFileSync(join(process.cwd(), "log.txt"), s + "\n");
  log("factory module=" + loads);
  pi.on("session_start", (e: any, ctx: any) => {
    starts++;
    log("start reason=" + e.reason + " starts=" + starts + " keys=" + Object.keys(e).join(",") + " prev=" + typeof e.previousSessionFile);
    ctx.ui.setStatus("restart", "starts " + starts);
  });
  pi.on("session_shutdown", (e: any) => log("shutdown reason=" + e.reason + " keys=" + Object.keys(e).join(",") + " target=" + typeof e.targetSessionFile));
  pi.registerCommand("count", { description: "count", handler: async () => log("count starts=" + starts) });
}
`

// TestDifferentialRPC16SessionReplacementRestartsExtensions: every
// session replacement (new_session, clone, fork, switch_session) starts
// the extensions again, as pi 1.6 creates a new runtime: the old
// instance hears session_shutdown {reason, targetSessionFile}, the
// factory runs again (its registrations and state are new) and the new
// instance hears session_start {reason, previousSessionFile}.
//
// Known difference, not compared: pi reuses an extension's module within
// one project (its factory cache), so module-level state carries over;
// pigo evaluates the module again, so the factory's line says module=1
// every time.
func TestDifferentialRPC16SessionReplacementRestartsExtensions(t *testing.T) {
	sides := pi16Sides(t)
	var logs [2][]string
	sc := diffScenario{
		name:    "restart16",
		ext:     restartExt,
		persist: true,
		steps:   []mockStep{{Text: "first"}, {Text: "second"}},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"c1","type":"prompt","message":"/count"}`)
			d.prompt(`{"id":"p1","type":"prompt","message":"one"}`)
			st := d.call(`{"id":"s1","type":"get_state"}`)
			first, _ := json.Marshal(st["data"].(map[string]any)["sessionFile"])
			d.call(`{"id":"nw","type":"new_session"}`)
			d.call(`{"id":"c2","type":"prompt","message":"/count"}`)
			d.prompt(`{"id":"p2","type":"prompt","message":"two"}`)
			d.call(`{"id":"cl","type":"clone"}`)
			fm := d.call(`{"id":"f0","type":"get_fork_messages"}`)
			msgs := fm["data"].(map[string]any)["messages"].([]any)
			d.call(`{"id":"fk","type":"fork","entryId":"` + msgs[0].(map[string]any)["entryId"].(string) + `"}`)
			d.call(`{"id":"sw","type":"switch_session","sessionPath":` + string(first) + `}`)
			d.call(`{"id":"c3","type":"prompt","message":"/count"}`)
		},
	}
	run := func(i int) func(argv []string) []string {
		return func(argv []string) []string {
			lines := runDiffScenario(t, sc, argv)
			// The log is the extension's; the scenario's directory is gone.
			for _, l := range lines {
				if s, ok := strings.CutPrefix(l, "<< log.txt "); ok {
					logs[i] = append(logs[i], s)
				}
			}
			return lines
		}
	}
	sc.workFiles = []string{"log.txt"}
	pi := run(0)(sides["pi"])
	pg := run(1)(sides["pigo"])
	module := func(lines []string) (out []string, modules []string) {
		for _, l := range lines {
			if m, ok := strings.CutPrefix(l, "factory "); ok {
				modules = append(modules, m)
				l = "factory"
			}
			out = append(out, l)
		}
		return out, modules
	}
	piLog, _ := module(logs[0])
	pgLog, pgModules := module(logs[1])
	compareTranscriptsWith(t, sc.name, append(project16(pi, false), piLog...), append(project16(pg, false), pgLog...), false)
	if len(pgLog) == 0 || !strings.HasPrefix(pgLog[0], "factory") {
		t.Fatalf("pigo's log: %q", pgLog)
	}
	for _, m := range pgModules {
		if m != "module=1" {
			t.Errorf("pigo evaluates the module again for each runtime; a factory saw %s", m)
		}
	}
	if len(pgModules) != 5 {
		t.Errorf("pigo ran the factory %d times, want 5 (startup, new, clone, fork, resume)", len(pgModules))
	}
}

package main

import (
	"slices"
	"strings"
	"testing"
)

// sessionReplaceExt logs, to replace.log, which instance of itself (a
// number the factory counts in a file: a module-level counter would be
// pi's cached module's) gets each session event, and what its /handoff
// command sees around ctx.newSession: the old ctx and pi after the call,
// and the ctx withSession gets. The log is written with fs, which a
// stale ctx does not stop.
var sessionReplaceExt = instanceLogPrelude("replace.log") + `
  pi.on("session_start", (e: any, ctx: any) => {
    log("session_start@" + instance + " reason=" + e.reason + " previous=" + set(e.previousSessionFile) +
      " entries=" + ctx.sessionManager.getEntries().filter((x: any) => x.type === "message").length);
  });
  pi.on("session_shutdown", (e: any) => log("session_shutdown@" + instance + " reason=" + e.reason + " target=" + set(e.targetSessionFile)));
  pi.registerCommand("handoff", { handler: async (_a: string, ctx: any) => {
    const before = ctx.sessionManager.getSessionFile();
    log("handoff@" + instance + " begin");
    let fresh: any;
    const r = await ctx.newSession({ withSession: async (c: any) => {
      fresh = c;
      log("withSession@" + instance + " newFile=" + (c.sessionManager.getSessionFile() !== before) +
        " entries=" + c.sessionManager.getEntries().filter((x: any) => x.type === "message").length + " cwd=" + (c.cwd === process.cwd()));
      await c.sendMessage({ customType: "handoff", content: "carried over", display: true });
    } });
    log("handoff@" + instance + " after result=" + JSON.stringify(r) + " ctx.cwd=" + stale(() => ctx.cwd) +
      " ctx.sessionManager=" + stale(() => ctx.sessionManager) + " pi.appendEntry=" + stale(() => pi.appendEntry("x", {})) +
      " fresh.cwd=" + stale(() => fresh.cwd));
    fresh.ui.notify("handoff done", "info");
  } });`

// TestDifferentialRPC16SessionReplaceFromCommand: an extension command's
// ctx.newSession reloads the extensions as pi 1.6 does: the old instance
// gets session_shutdown, a new instance loads and gets session_start
// (reason new, previousSessionFile), then withSession runs in the old
// handler with a ctx of the new session (whose sendMessage lands there);
// after the call the handler goes on, its old ctx and pi stale.
func TestDifferentialRPC16SessionReplaceFromCommand(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:      "sessionreplace16",
		ext:       extSource(sessionReplaceExt),
		persist:   true,
		workFiles: []string{"replace.log"},
		steps:     []mockStep{{Text: "A1"}},
		drive: func(d *rpcDriver) {
			d.prompt(`{"id":"p1","type":"prompt","message":"one"}`)
			mark := d.mark()
			d.sendRaw(`{"id":"c1","type":"prompt","message":"/handoff"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["message"] == "handoff done" })
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["id"] == "c1" })
			d.call(`{"id":"m1","type":"get_messages"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	keepTranscripts(sc.name, pi, pg)
	// what replace.log says, and the roles (custom messages: their type)
	// of the new session's messages.
	records := func(lines []string) []string {
		var out []string
		for _, l := range lines {
			if strings.HasPrefix(l, "<< replace.log ") {
				out = append(out, l)
			}
		}
		if m := lastLineWith(lines, `"id":"m1"`); m != "" {
			for _, role := range []string{`"role":"user"`, `"role":"assistant"`, `"customType":"handoff"`} {
				out = append(out, role+"="+strings.Repeat("x", strings.Count(m, role)))
			}
		}
		return out
	}
	piRecs, pgRecs := records(pi), records(pg)
	want := []string{
		"<< replace.log load 1",
		"<< replace.log session_start@1 reason=startup previous=none entries=0",
		"<< replace.log handoff@1 begin",
		"<< replace.log session_shutdown@1 reason=new target=set",
		"<< replace.log load 2",
		"<< replace.log session_start@2 reason=new previous=set entries=0",
		"<< replace.log withSession@1 newFile=true entries=0 cwd=true",
		`<< replace.log handoff@1 after result={"cancelled":false} ctx.cwd=stale ctx.sessionManager=stale pi.appendEntry=stale fresh.cwd=ok`,
		"<< replace.log session_shutdown@2 reason=quit target=none",
		`"role":"user"=`,
		`"role":"assistant"=`,
		`"customType":"handoff"=x`,
	}
	wantRecords(t, want, piRecs, pgRecs, pi, pg)
}

// instanceLogPrelude is the start of an extension that logs to file
// which instance of itself (a number the factory counts in a file: a
// module-level counter would be pi's cached module's) does what: log,
// instance, set (whether a value is there) and stale (whether a read
// throws pi's stale-ctx error). fs keeps working on a stale ctx.
func instanceLogPrelude(file string) string {
	return `
  const fs = require("node:fs");
  const log = (s: string) => fs.appendFileSync("` + file + `", s + "\n");
  const instance = fs.existsSync("instances") ? Number(fs.readFileSync("instances", "utf8")) + 1 : 1;
  fs.writeFileSync("instances", String(instance));
  log("load " + instance);
  const set = (v: any) => (v ? "set" : "none");
  const stale = (f: () => any) => {
    try {
      f();
      return "ok";
    } catch (e: any) {
      return String(e?.message).startsWith("This extension ctx is stale after session replacement") ? "stale" : "error " + e?.message;
    }
  };`
}

// logLines are the lines a scenario's transcript shows of a work file
// ("<< file line").
func logLines(transcript []string, file string) []string {
	var out []string
	for _, l := range transcript {
		if rest, ok := strings.CutPrefix(l, "<< "+file+" "); ok {
			out = append(out, rest)
		}
	}
	return out
}

// wantRecords checks that real pi 1.6 and pigo gave want (the test stops
// when pi no longer does what it expects).
func wantRecords(t *testing.T, want, piRecs, pgRecs, pi, pg []string) {
	t.Helper()
	if !slices.Equal(piRecs, want) {
		t.Fatalf("pi 1.6 no longer does what this test expects:\n%s\n\ntranscript:\n%s", strings.Join(piRecs, "\n"), strings.Join(pi, "\n"))
	}
	if !slices.Equal(pgRecs, want) {
		t.Errorf("pigo:\n%s\n\nwant (pi 1.6):\n%s\n\ntranscript:\n%s", strings.Join(pgRecs, "\n"), strings.Join(want, "\n"), strings.Join(pg, "\n"))
	}
}

// lastLineWith is the last transcript line containing s, or "".
func lastLineWith(lines []string, s string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.Contains(lines[i], s) {
			return lines[i]
		}
	}
	return ""
}

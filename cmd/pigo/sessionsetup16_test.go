package main

import (
	"strings"
	"testing"
)

// sessionSetupExt logs, to setup.log, which instance of itself (counted
// in a file, as in sessionReplaceExt) sees what around a command's
// session replacement: /handoff is ctx.newSession with parentSession, a
// setup callback that writes to the new session, and withSession;
// /forkit is ctx.fork with withSession; /back is ctx.switchSession to the
// first session file with withSession. A session_start handler lists the
// session's messages, so the log shows whether setup ran before it.
var sessionSetupExt = instanceLogPrelude("setup.log") + `
  const messages = (sm: any) => sm.getEntries().filter((x: any) => x.type === "message")
    .map((x: any) => x.message.role + ":" + (x.message.content?.[0]?.text ?? "")).join(",");
  pi.on("session_start", (e: any, ctx: any) => {
    log("session_start@" + instance + " reason=" + e.reason + " previous=" + set(e.previousSessionFile) +
      " messages=[" + messages(ctx.sessionManager) + "] custom=" +
      ctx.sessionManager.getEntries().filter((x: any) => x.type === "custom").map((x: any) => x.customType).join(","));
  });
  pi.on("session_shutdown", (e: any) => log("session_shutdown@" + instance + " reason=" + e.reason));
  pi.registerCommand("handoff", { handler: async (_a: string, ctx: any) => {
    const before = ctx.sessionManager.getSessionFile();
    fs.writeFileSync("first-session", before);
    log("handoff@" + instance + " begin");
    const r = await ctx.newSession({
      parentSession: before,
      setup: async (sm: any) => {
        log("setup@" + instance + " parent=" + (sm.getHeader().parentSession === before) +
          " newFile=" + (sm.getSessionFile() !== before) + " header=" + Object.keys(sm.getHeader()).join("/") + " types=" + sm.getEntries().map((x: any) => x.type).join(",") +
          " ctx.cwd=" + stale(() => ctx.cwd) + " pi.appendEntry=" + stale(() => pi.appendEntry("x", {})));
        sm.appendMessage({ role: "user", content: [{ type: "text", text: "seeded" }], timestamp: 1 });
        sm.appendCustomEntry("seed-note", { n: 1 });
      },
      withSession: async (c: any) => log("withSession@" + instance + " messages=[" + messages(c.sessionManager) + "]"),
    });
    log("handoff@" + instance + " after " + JSON.stringify(r));
  } });
  pi.registerCommand("forkit", { handler: async (_a: string, ctx: any) => {
    const seeded = ctx.sessionManager.getEntries().find((x: any) => x.type === "message" && x.message.content?.[0]?.text === "seeded");
    log("forkit@" + instance + " begin");
    const r = await ctx.fork(seeded.id, { position: "at",
      withSession: async (c: any) => log("withSession@" + instance + " messages=[" + messages(c.sessionManager) + "]") });
    log("forkit@" + instance + " after " + JSON.stringify(r));
  } });
  pi.registerCommand("back", { handler: async (_a: string, ctx: any) => {
    log("back@" + instance + " begin");
    const r = await ctx.switchSession(fs.readFileSync("first-session", "utf8"), {
      withSession: async (c: any) => log("withSession@" + instance + " messages=[" + messages(c.sessionManager) + "]") });
    log("back@" + instance + " after " + JSON.stringify(r));
  } });`

// TestDifferentialRPC16SessionSetupOrder: a command's ctx.newSession runs
// its setup callback on the new session before the new extension
// instance gets session_start (which sees what setup wrote), then
// withSession, as pi 1.6's AgentSessionRuntime.newSession does; ctx.fork
// and ctx.switchSession (no setup) start the new session, then run
// withSession. During setup the old ctx and pi are already stale.
func TestDifferentialRPC16SessionSetupOrder(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:      "sessionsetup16",
		ext:       extSource(sessionSetupExt),
		persist:   true,
		workFiles: []string{"setup.log"},
		steps:     []mockStep{{Text: "A1"}},
		drive: func(d *rpcDriver) {
			d.prompt(`{"id":"p1","type":"prompt","message":"one"}`)
			for i, cmd := range []string{"handoff", "forkit", "back"} {
				id := "c" + string(rune('1'+i))
				mark := d.mark()
				d.sendRaw(`{"id":"` + id + `","type":"prompt","message":"/` + cmd + `"}`)
				d.waitFrom(mark, func(ev map[string]any) bool { return ev["id"] == id })
			}
			d.call(`{"id":"m1","type":"get_messages"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	keepTranscripts(sc.name, pi, pg)
	piRecs, pgRecs := logLines(pi, "setup.log"), logLines(pg, "setup.log")
	want := []string{
		"load 1",
		"session_start@1 reason=startup previous=none messages=[] custom=",
		"handoff@1 begin",
		"session_shutdown@1 reason=new",
		"load 2",
		"setup@1 parent=true newFile=true header=type/version/id/timestamp/cwd/parentSession types=model_change,thinking_level_change ctx.cwd=stale pi.appendEntry=stale",
		"session_start@2 reason=new previous=set messages=[user:seeded] custom=seed-note",
		"withSession@1 messages=[user:seeded]",
		`handoff@1 after {"cancelled":false}`,
		"forkit@2 begin",
		"session_shutdown@2 reason=fork",
		"load 3",
		"session_start@3 reason=fork previous=set messages=[user:seeded] custom=",
		"withSession@2 messages=[user:seeded]",
		`forkit@2 after {"cancelled":false}`,
		"back@3 begin",
		"session_shutdown@3 reason=resume",
		"load 4",
		"session_start@4 reason=resume previous=set messages=[system:,user:one,assistant:A1] custom=",
		"withSession@3 messages=[system:,user:one,assistant:A1]",
		`back@3 after {"cancelled":false}`,
		"session_shutdown@4 reason=quit",
	}
	wantRecords(t, want, piRecs, pgRecs, pi, pg)
	// The conversation the model would get after switching back is the
	// first session's.
	if m := lastLineWith(pg, `"id":"m1"`); !strings.Contains(m, `"text":"one"`) || strings.Contains(m, "seeded") {
		t.Errorf("pigo's messages after /back: %s", m)
	}
}

package main

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// agentEndSendExt sends more work from agent_end handlers: a user
// follow-up after the first run, a custom follow-up after the second and
// a steered custom message after the third.
const agentEndSendExt = `
  let n = 0;
  pi.on("agent_end", () => {
    n++;
    if (n === 1) pi.sendUserMessage("follow up", { deliverAs: "followUp" });
    if (n === 2) pi.sendMessage({ customType: "note", content: "noted", display: true }, { deliverAs: "followUp", triggerTurn: true });
    if (n === 3) pi.sendMessage({ customType: "steer", content: "steered", display: true }, { deliverAs: "steer", triggerTurn: true });
  });
  pi.on("agent_settled", (_e: any, ctx: any) => { ctx.ui.notify("settled after " + n + " agent_end", "info"); });`

// TestDifferentialRPC16AgentEndSends: work an agent_end handler asks for
// (pi.sendUserMessage and pi.sendMessage with deliverAs followUp or
// steer) joins the run, as in pi 1.6: another agent_start before the one
// agent_settled, not a new prompt after it.
func TestDifferentialRPC16AgentEndSends(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:  "agentend_sends16",
		ext:   extSource(agentEndSendExt),
		steps: []mockStep{{Text: "one"}, {Text: "two"}, {Text: "three"}, {Text: "four"}},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.sendRaw(`{"id":"p1","type":"prompt","message":"hi"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"g1","type":"get_messages"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	keepTranscripts(sc.name, pi, pg)
	if d := lineDiff(agentLifecycle(pi), agentLifecycle(pg)); d != "" {
		t.Errorf("lifecycle differs (- pi, + pigo):\n%s", d)
	}
}

// agentEndPlainExt sends a plain user message (no deliverAs) from the
// first agent_end; with waitInput, an input handler awaits
// ctx.waitForIdle() before letting an extension's message through.
const agentEndPlainExt = `
  let n = 0;
  pi.on("agent_end", () => {
    n++;
    if (n === 1) pi.sendUserMessage("plain follow up");
  });
  pi.on("input", async (e: any, ctx: any) => {
    if (WAIT && e.source === "extension") {
      await ctx.waitForIdle();
      ctx.ui.notify("input after idle: " + e.text, "info");
    }
    return { action: "continue" };
  });
  pi.on("agent_settled", (_e: any, ctx: any) => { ctx.ui.notify("settled after " + n + " agent_end", "info"); });`

// TestDifferentialRPC16AgentEndPlainSend: a plain pi.sendUserMessage (no
// deliverAs) from an agent_end handler is refused as in pi 1.6, where the
// run is still active there: the input handlers see it, then an
// extension error for "<runtime>" says to pick a delivery mode, and the
// run settles without another turn. An input handler awaiting
// ctx.waitForIdle() does not deadlock: an event handler's ctx has no
// waitForIdle in pi 1.6 (only a command's has), so both sides report the
// handler's error and go on.
func TestDifferentialRPC16AgentEndPlainSend(t *testing.T) {
	sides := pi16Sides(t)
	for _, wait := range []bool{false, true} {
		name := "agentend_plain16"
		if wait {
			name += "_wait"
		}
		t.Run(name, func(t *testing.T) {
			sc := diffScenario{
				name:  name,
				ext:   extSource(strings.ReplaceAll(agentEndPlainExt, "WAIT", strconv.FormatBool(wait))),
				steps: []mockStep{{Text: "one"}, {Text: "two"}},
				drive: func(d *rpcDriver) {
					mark := d.mark()
					d.sendRaw(`{"id":"p1","type":"prompt","message":"hi"}`)
					d.waitFrom(mark, func(ev map[string]any) bool {
						return ev["type"] == "agent_settled"
					})
					d.call(`{"id":"g1","type":"get_messages"}`)
				},
			}
			pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
			keepTranscripts(sc.name, pi, pg)
			if d := lineDiff(agentLifecycle(pi), agentLifecycle(pg)); d != "" {
				t.Errorf("lifecycle differs (- pi, + pigo):\n%s", d)
			}
		})
	}
}

// agentLifecycle is a transcript's run lifecycle: agent and turn events,
// each message_end's role and content, notifications and the runtime's
// extension errors; then, sorted, the events whose handlers failed (the
// JavaScript engines word a TypeError differently, and an input handler
// of a message sent from agent_end runs inside that handler in pi, on
// its own in pigo, so it may fail before or after agent_end goes out).
func agentLifecycle(lines []string) []string {
	var out, failed []string
	for _, l := range lines {
		body, ok := strings.CutPrefix(l, "<< ")
		if !ok {
			continue
		}
		var ev map[string]any
		if json.Unmarshal([]byte(body), &ev) != nil {
			continue
		}
		switch ev["type"] {
		case "agent_start", "agent_end", "agent_settled", "turn_start":
			out = append(out, ev["type"].(string))
		case "message_end":
			m, _ := ev["message"].(map[string]any)
			b, _ := json.Marshal(m["content"])
			out = append(out, "message_end "+str(m["role"])+" "+string(b))
		case "extension_ui_request":
			out = append(out, "notify "+str(ev["message"]))
		case "extension_error":
			if ev["extensionPath"] != "<runtime>" {
				failed = append(failed, "handler failed: "+str(ev["event"]))
				continue
			}
			out = append(out, "extension_error "+str(ev["event"])+" <runtime> "+str(ev["error"]))
		}
	}
	slices.Sort(failed)
	return append(out, failed...)
}

package main

import (
	"encoding/json"
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
	lifecycle := func(lines []string) []string {
		var out []string
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
			}
		}
		return out
	}
	keepTranscripts(sc.name, pi, pg)
	if d := lineDiff(lifecycle(pi), lifecycle(pg)); d != "" {
		t.Errorf("lifecycle differs (- pi, + pigo):\n%s", d)
	}
}

package main

import (
	"encoding/json"
	"testing"
)

// TestDifferentialRPC16BashSessionEnv: the PI_* variables the bash tool
// gives its commands against pi 1.6: resolved when each command starts
// (a set_thinking_level and set_model between two prompts show in the
// second), the selected virtual model rather than the physical one it
// routes to; a user "!" command (RPC bash)
// gets none of them (pi 1.6 writes mock/mock-1/off, mock/mock-2/high,
// router/auto/low, then ////). Session ids and files differ per run, so the
// commands report only whether they are set.
func TestDifferentialRPC16BashSessionEnv(t *testing.T) {
	sides := pi16Sides(t)
	const report = `echo "$PI_PROVIDER/$PI_MODEL/$PI_REASONING_LEVEL/${PI_SESSION_ID:+sid}/${PI_SESSION_FILE:+file}" >> env.txt`
	bash := func(id string) mockStep {
		return mockStep{ToolCalls: []mockToolCall{{ID: id, Name: "bash", Arguments: map[string]any{"command": report}}}}
	}
	sc := diffScenario{
		name:         "bashenv16",
		twoModels:    true,
		persist:      true,
		builtinTools: true,
		args:         []string{"--tools", "bash"},
		ext:          extSource(routerExt),
		workFiles:    []string{"env.txt"},
		steps:        []mockStep{bash("call_1"), {Text: "one"}, bash("call_2"), {Text: "two"}, bash("call_3"), {Text: "three"}},
		drive: func(d *rpcDriver) {
			prompt := func(id string) {
				mark := d.mark()
				d.call(`{"id":"` + id + `","type":"prompt","message":"env"}`)
				d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			}
			prompt("p1")
			d.call(`{"id":"sm","type":"set_model","provider":"mock","modelId":"mock-2"}`)
			d.call(`{"id":"t1","type":"set_thinking_level","level":"high"}`)
			prompt("p2")
			d.call(`{"id":"sv","type":"set_model","provider":"router","modelId":"auto"}`)
			d.call(`{"id":"t2","type":"set_thinking_level","level":"low"}`)
			prompt("p3")
			cmd, _ := json.Marshal(report)
			d.call(`{"id":"b1","type":"bash","command":` + string(cmd) + `}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	compareTranscriptsWith(t, sc.name, project16(pi, false), project16(pg, false), false)
}

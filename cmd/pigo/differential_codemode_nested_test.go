package main

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// nestedScripts are the codemode calls of TestDifferentialCodemodeNested16:
// nested calls one after another (a bash call streaming its output, a
// read, a read that fails), then two at once.
var nestedScripts = []string{
	`await tools.bash({ command: "printf 'hello\\n' > a.txt" });
const a = await tools.read({ path: "a.txt" });
try { await tools.read({ path: "missing.txt" }); } catch (e) { text("caught"); }
const b = await tools.bash({ command: "echo hi" });
return a + b.output;`,
	`const [a, b] = await Promise.all([tools.read({ path: "a.txt" }), tools.bash({ command: "echo both" })]);
return a + b.output;`,
}

// nestedHooks reports what extensions see of nested calls: the tool_call
// and tool_result hooks and the tool_execution_* events, with
// parentToolCallId.
const nestedHooks = `
  const report = (kind: string) => (e: any, ctx: any) => {
    ctx.ui.notify(kind + " " + e.toolName + " " + e.toolCallId + " parent " + (e.parentToolCallId ?? "-"), "info");
  };
  for (const kind of ["tool_call", "tool_result", "tool_execution_start", "tool_execution_end"]) pi.on(kind, report(kind));
`

var nestedMasks = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`Wall time \d+\.\d seconds`), "Wall time X seconds"},
	{regexp.MustCompile(`"(durationMs|wall_time_seconds)":[0-9.]+`), `"$1":"X"`},
	{regexp.MustCompile(`/[^\s'"\\]*/work/`), "<work>/"},
}

func maskNested(v any) string {
	b, _ := json.Marshal(v)
	s := string(b)
	for _, m := range nestedMasks {
		s = m.re.ReplaceAllString(s, m.with)
	}
	return s
}

// projectNested keeps, of a run's transcript:
//   - each nested call's events (start, updates, end: ids, tool, args,
//     parentToolCallId, results), one line a call, in the order of their
//     ids;
//   - the calls the first script's codemode updates list (id, tool,
//     status), one line an update: the script calls one tool at a time;
//   - the nestedCalls record of each codemode result message;
//   - what the extension's hooks and listeners saw, sorted: handlers of
//     different events run apart.
//
// The interleaving of a caller's updates with its nested calls' events is
// not compared: pi lets a nested call's tool_execution_start overtake the
// update the script published just before it, pigo emits them in the
// order the script made them.
func projectNested(lines []string) []string {
	calls := map[string][]string{}
	var ids, updates, records, hooks []string
	for _, l := range lines {
		body, ok := strings.CutPrefix(l, "<< ")
		if !ok {
			continue
		}
		var ev map[string]any
		if json.Unmarshal([]byte(body), &ev) != nil {
			continue
		}
		switch typ := str(ev["type"]); {
		case ev["parentToolCallId"] != nil:
			id := str(ev["toolCallId"])
			if _, seen := calls[id]; !seen {
				ids = append(ids, id)
			}
			delete(ev, "toolCallId")
			calls[id] = append(calls[id], maskNested(ev))
		case typ == "tool_execution_update" && ev["toolName"] == "codemode" && ev["toolCallId"] == "call_a":
			pr, _ := ev["partialResult"].(map[string]any)
			d, _ := pr["details"].(map[string]any)
			cs, _ := d["calls"].([]any)
			var shown []string
			for _, c := range cs {
				cm, _ := c.(map[string]any)
				shown = append(shown, str(cm["id"])+" "+str(cm["name"])+" "+str(cm["status"]))
			}
			updates = append(updates, "update ["+strings.Join(shown, ", ")+"]")
		case typ == "message_end":
			m, _ := ev["message"].(map[string]any)
			if m["role"] == "toolResult" {
				records = append(records, "nestedCalls "+str(m["toolCallId"])+" "+maskNested(m["nestedCalls"]))
			}
		case typ == "extension_ui_request" && ev["method"] == "notify":
			hooks = append(hooks, "hook "+str(ev["message"]))
		}
	}
	slices.SortFunc(ids, func(a, b string) int { return nestedIDKey(a) - nestedIDKey(b) })
	var out []string
	for _, id := range ids {
		out = append(out, "call "+id+" "+strings.Join(calls[id], " "))
	}
	slices.Sort(hooks)
	out = append(out, updates...)
	out = append(out, records...)
	return append(out, hooks...)
}

// nestedIDKey orders "call_x/n" ids by script, then n.
func nestedIDKey(id string) int {
	parent, n, _ := strings.Cut(id, "/")
	k := 0
	for _, d := range n {
		k = k*10 + int(d-'0')
	}
	return int(parent[len(parent)-1])*1000 + k
}

// TestDifferentialCodemodeNested16: the calls a codemode script makes
// reach RPC clients and extensions as pi 1.6 reports them: their own
// tool_execution_start/update/end events with parentToolCallId, the
// script's progress updates, the nestedCalls record on the codemode
// result message, and parentToolCallId in the tool_call and tool_result
// hooks.
func TestDifferentialCodemodeNested16(t *testing.T) {
	sides := pi16Sides(t)
	var steps []mockStep
	for i, code := range nestedScripts {
		steps = append(steps, mockStep{ToolCalls: []mockToolCall{{ID: "call_" + string(rune('a'+i)), Name: "codemode", Arguments: map[string]any{"code": code}}}})
	}
	steps = append(steps, mockStep{Text: "done"})
	sc := diffScenario{
		name:         "codemodeNested16",
		ext:          extSource(nestedHooks),
		steps:        steps,
		builtinTools: true,
		args:         []string{"-e", "builtin:codemode", "--tools", "+codemode"},
		drive: func(d *rpcDriver) {
			mark := d.mark()
			d.call(`{"id":"p1","type":"prompt","message":"run the scripts"}`)
			d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	pi, pg = projectNested(pi), projectNested(pg)
	if n := slices.IndexFunc(pi, func(l string) bool { return strings.HasPrefix(l, "update ") }); n != 6 {
		t.Fatalf("pi made %d nested calls, want 6:\n%s", n, strings.Join(pi, "\n"))
	}
	compareTranscriptsWith(t, sc.name, pi, pg, false)
}

package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// eventRecordExt subscribes to every event it can and writes each event
// object as JSON.stringify gives it (key order included) to events.jsonl,
// with the values that differ from run to run (ids, times, paths made
// from them) masked; the keys stay where they are.
const eventRecordExt = `
  const fs = require("node:fs");
  const volatile = new Set(["id", "parentId", "timestamp", "sessionId", "sessionFile", "previousSessionFile", "firstKeptEntryId",
    "messageEntryId", "toolResultEntryIds", "targetId", "fromId", "durationMs", "responseId", "leafId", "oldLeafId", "newLeafId"]);
  const mask = (k: string, v: any) => (volatile.has(k) && v !== undefined && v !== null ? "<" + k + ">" : v);
  const names = ["resources_discover", "session_start", "session_info_changed", "session_before_switch", "session_before_fork",
    "session_before_compact", "session_compact", "session_compact_failed", "session_before_tree", "session_tree", "session_shutdown",
    "input", "before_agent_start", "agent_start", "agent_end", "agent_before_settle", "agent_settled", "turn_start", "turn_end",
    "message_start", "message_update", "message_end", "context", "context_with_system", "before_provider_request",
    "before_provider_headers", "after_provider_response", "provider_stream_event", "cache_warming_decision",
    "tool_call", "tool_result", "tool_execution_start", "tool_execution_update", "tool_execution_end",
    "model_select", "thinking_level_select", "user_bash"];
  for (const name of names) {
    pi.on(name, (event: any) => { fs.appendFileSync("events.jsonl", name + " " + JSON.stringify(event, mask) + "\n"); });
  }
  pi.registerTool({
    name: "greet",
    label: "Greet",
    description: "Greets someone",
    parameters: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
    async execute(_id: string, params: any, _signal: any, onUpdate: any) {
      onUpdate?.({ content: [{ type: "text", text: "greeting" }], details: { step: 1 } });
      return { content: [{ type: "text", text: "Hello, " + params.name + "!" }], details: { greeted: params.name } };
    },
  });`

// TestDifferentialRPC16EventObjects: the event objects extension handlers
// get are pi 1.6's, key order included: JSON.stringify of each one, through
// a prompt with a tool call, a compaction and a new session, is byte for
// byte pi's.
func TestDifferentialRPC16EventObjects(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:      "eventobjects16",
		ext:       extSource(eventRecordExt),
		persist:   true,
		settings:  `{"compaction": {"keepRecentTokens": 50}}`,
		workFiles: []string{"events.jsonl"},
		steps: []mockStep{
			{ToolCalls: []mockToolCall{{ID: "call_1", Name: "greet", Raw: `{"name":"Ada"}`}}},
			{Text: "done"},
			{Text: "second " + strings.Repeat("y", 300)},
			{Text: "SUMMARY"},
			{Text: "PREFIX SUMMARY"},
		},
		drive: func(d *rpcDriver) {
			d.prompt(`{"id":"p1","type":"prompt","message":"greet Ada"}`)
			d.prompt(`{"id":"p2","type":"prompt","message":"second ` + strings.Repeat("x", 400) + `"}`)
			d.call(`{"id":"c1","type":"compact"}`)
			d.call(`{"id":"n1","type":"new_session"}`)
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	records := func(lines []string) []string {
		var out []string
		for _, l := range lines {
			if strings.HasPrefix(l, "<< events.jsonl ") {
				out = append(out, l)
			}
		}
		return out
	}
	piRecs, pgRecs := records(pi), records(pg)
	keepTranscripts(sc.name, piRecs, pgRecs)
	if len(piRecs) == 0 {
		t.Fatalf("pi recorded no events:\n%s", strings.Join(pi, "\n"))
	}
	if d := lineDiff(keyOrderConflicts(piRecs, pgRecs), nil); d != "" {
		t.Errorf("keys in another order than pi's (event path: pi's order):\n%s", d)
	}
}

// keyOrderConstraints returns, for the records ("<< events.jsonl NAME
// JSON"), every pair of keys of one object in their order, keyed by
// the pair: "NAME PATH a<b" (PATH names each object by its key, with its
// role or type, arrays as []).
func keyOrderConstraints(recs []string) map[string]bool {
	out := map[string]bool{}
	for _, r := range recs {
		name, body, _ := strings.Cut(strings.TrimPrefix(r, "<< events.jsonl "), " ")
		v, err := jsjson.Parse([]byte(body))
		if err != nil {
			continue
		}
		var walk func(path string, v any)
		walk = func(path string, v any) {
			switch x := v.(type) {
			case *jsjson.Object:
				keys := jsjson.ObjectKeys(*x)
				for i, a := range keys {
					for _, b := range keys[i+1:] {
						out[name+" "+path+" "+a+"<"+b] = true
					}
					c, _ := x.Get(a)
					walk(path+"."+a+kindOf(c), c)
				}
			case []any:
				for _, e := range x {
					walk(path+"[]"+kindOf(e), e)
				}
			}
		}
		walk("", v)
	}
	return out
}

// kindOf is an object's role or type, "(role)", or "".
func kindOf(v any) string {
	o, ok := v.(*jsjson.Object)
	if !ok {
		return ""
	}
	for _, k := range []string{"role", "type"} {
		if s, ok := o.Get(k); ok {
			if s, ok := s.(string); ok {
				return "(" + s + ")"
			}
		}
	}
	return ""
}

// keyOrderConflicts lists the key pairs pigo's records put in the other
// order than pi's ("NAME PATH a<b" as pi has it), sorted.
func keyOrderConflicts(pi, pigo []string) []string {
	piC, pgC := keyOrderConstraints(pi), keyOrderConstraints(pigo)
	var out []string
	for c := range piC {
		name, pair, _ := strings.Cut(c, " ")
		path, pair, _ := strings.Cut(pair, " ")
		a, b, _ := strings.Cut(pair, "<")
		if pgC[name+" "+path+" "+b+"<"+a] && !knownOrderGap(name, path) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

// knownOrderGap reports the objects whose key order pigo does not keep
// yet: the provider's request body (pigo builds it as a Go map) and the
// provider's stream chunks (decoded into Go maps), and a tool schema in
// a system message's toolsAdded (kept without the extension's order).
func knownOrderGap(name, path string) bool {
	return name == "before_provider_request" && strings.HasPrefix(path, ".payload") ||
		name == "provider_stream_event" && strings.HasPrefix(path, ".data") ||
		strings.Contains(path, ".toolsAdded[].parameters")
}

// keepTranscripts writes, with PIGO_DIFF_KEEP set, the two sides' lines
// to testdata/differential/<name>.pi.txt and .pigo.txt.
func keepTranscripts(name string, pi, pigo []string) {
	if os.Getenv("PIGO_DIFF_KEEP") == "" {
		return
	}
	dir := filepath.Join("testdata", "differential")
	_ = os.MkdirAll(dir, 0o755)
	_ = os.WriteFile(filepath.Join(dir, name+".pi.txt"), []byte(strings.Join(pi, "\n")+"\n"), 0o644)
	_ = os.WriteFile(filepath.Join(dir, name+".pigo.txt"), []byte(strings.Join(pigo, "\n")+"\n"), 0o644)
}

package session_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

func tool(name, desc string) map[string]any {
	return map[string]any{"name": name, "description": desc, "parameters": map[string]any{"type": "object"}}
}

// TestSystemMessageReplay: system messages replay into the current
// prompt (content appended, sections patched, null removes) and tools
// (removals, additions, a redefinition in place), as pi-ai does.
func TestSystemMessageReplay(t *testing.T) {
	t.Parallel()
	ms := []map[string]any{
		{"role": "system", "content": "", "sections": map[string]any{"preamble": "P", "cwd": "<cwd>\n/p\n</cwd>", "skills": "S"},
			"toolsAdded": []any{tool("read", "r"), tool("bash", "b")}, "timestamp": 5.0},
		{"role": "user", "content": "hi", "timestamp": 6.0},
		{"role": "system", "content": "Also this.", "sections": map[string]any{"skills": nil, "preamble": "P2"},
			"toolsRemoved": []any{map[string]any{"name": "read"}}, "toolsAdded": []any{tool("bash", "b2"), tool("ls", "l")}, "timestamp": 7.0},
	}
	head := session.CurrentSystemMessage(ms)
	want := map[string]any{"role": "system", "content": "Also this.", "timestamp": 5.0,
		"sections":   map[string]any{"preamble": "P2", "cwd": "<cwd>\n/p\n</cwd>"},
		"toolsAdded": []any{tool("bash", "b2"), tool("ls", "l")}}
	if !reflect.DeepEqual(head, want) {
		t.Errorf("replayed:\n got %v\nwant %v", head, want)
	}
	if got := session.SystemMessageText(head); got != "Also this.\n\nP2\n\n<cwd>\n/p\n</cwd>" {
		t.Errorf("text %q", got)
	}
	if session.CurrentSystemMessage([]map[string]any{{"role": "user"}}) != nil {
		t.Error("no system message replays to nil")
	}
}

// TestToolStateChanges: a changed definition is a removal and an
// addition; equal ones are no change, whatever their key order or
// number types.
func TestToolStateChanges(t *testing.T) {
	t.Parallel()
	var decoded map[string]any
	_ = json.Unmarshal([]byte(`{"name":"a","description":"x","parameters":{"type":"object","maxItems":3}}`), &decoded)
	live := map[string]any{"name": "a", "description": "x", "parameters": map[string]any{"maxItems": 3, "type": "object"}}
	if added, removed := session.ToolStateChanges([]map[string]any{decoded}, []map[string]any{live}); added != nil || removed != nil {
		t.Errorf("equal declarations differ: +%v -%v", added, removed)
	}
	added, removed := session.ToolStateChanges([]map[string]any{tool("a", "x"), tool("b", "y")}, []map[string]any{tool("b", "y2"), tool("c", "z")})
	names := func(l []map[string]any) string {
		var n []string
		for _, m := range l {
			n = append(n, m["name"].(string))
		}
		return strings.Join(n, ",")
	}
	if names(added) != "b,c" || names(removed) != "a,b" || len(removed[0]) != 1 {
		t.Errorf("changes: +%v -%v", added, removed)
	}
	if p := session.DiffSections(map[string]any{"a": "1", "b": "2"}, map[string]any{"a": "1", "c": "3"}); !reflect.DeepEqual(p, map[string]any{"b": nil, "c": "3"}) {
		t.Errorf("section patch %v", p)
	}
	if p := session.DiffSections(map[string]any{"a": "1"}, map[string]any{"a": "1"}); p != nil {
		t.Errorf("no change, patch %v", p)
	}
}

// TestCompactionSystemMessage: pi 1.6's compaction keeps a snapshot of
// the system message; the context starts with it, then the summary, and
// the kept entries' system messages are left out. The file keeps pi's
// key order for system messages and their sections.
func TestCompactionSystemMessage(t *testing.T) {
	t.Parallel()
	tr := session.InMemory("/w")
	sys := map[string]any{"role": "system", "content": "", "sections": map[string]any{"cwd": "<cwd>\n/w\n</cwd>", "preamble": "P"},
		"timestamp": 1.0, "toolsAdded": []any{tool("read", "r")}}
	s1 := mustCommit(t, tr, msgEntry(sys))
	mustCommit(t, tr, msgEntry(userMsg("one")))
	mustCommit(t, tr, msgEntry(assistantMsg("one")))
	u2 := mustCommit(t, tr, msgEntry(userMsg("two")))
	mustCommit(t, tr, session.Entry{"type": "compaction", "summary": "sum", "firstKeptEntryId": s1["id"], "tokensBefore": 10.0,
		"systemMessage": map[string]any{"role": "system", "content": "", "sections": sys["sections"], "timestamp": 9.0}})
	_ = u2
	var roles []string
	for _, m := range tr.BuildContext(tr.LeafID()).Messages {
		roles = append(roles, m["role"].(string))
	}
	if got := strings.Join(roles, ","); got != "system,compactionSummary,user,assistant,user" {
		t.Errorf("context roles %s", got)
	}
	raw, _ := tr.RawEntries("")
	line := string(raw[0])
	if !strings.Contains(line, `"message":{"role":"system","content":"","sections":{"preamble":"P","cwd":"<cwd>\n/w\n</cwd>"},"timestamp":1,"toolsAdded":[`) {
		t.Errorf("system message line: %s", line)
	}
}

// sysmsgBenchTranscript is 200 messages with a system message declaring
// 20 tools first and one removing and re-adding a tool every 40.
func sysmsgBenchTranscript() (msgs, tools []map[string]any) {
	for i := 0; i < 20; i++ {
		tools = append(tools, map[string]any{"name": fmt.Sprintf("tool%d", i), "description": strings.Repeat("d", 200),
			"parameters": map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}}})
	}
	msgs = append(msgs, map[string]any{"role": "system", "content": "", "toolsAdded": anyList(tools), "timestamp": 1.0})
	for i := 1; i < 200; i++ {
		if i%40 == 0 {
			msgs = append(msgs, map[string]any{"role": "system", "content": "", "toolsRemoved": []any{map[string]any{"name": "tool3"}},
				"toolsAdded": []any{tools[3]}, "timestamp": 1.0})
			continue
		}
		msgs = append(msgs, map[string]any{"role": "user", "content": "hi", "timestamp": 1.0})
	}
	return msgs, tools
}

func anyList(l []map[string]any) []any {
	out := make([]any, len(l))
	for i, m := range l {
		out[i] = m
	}
	return out
}

// BenchmarkDeclareToolChanges is the per-turn work of pi 1.6's
// declareToolChanges: replay the transcript's tools and diff them with
// the active ones (no change).
func BenchmarkDeclareToolChanges(b *testing.B) {
	msgs, tools := sysmsgBenchTranscript()
	b.ReportAllocs()
	for b.Loop() {
		added, removed := session.ToolStateChanges(session.CurrentTools(msgs), tools)
		if added != nil || removed != nil {
			b.Fatal("changes")
		}
	}
}

// A declaration read back with its key order (a session file, a
// compaction snapshot) equals the registry's map of the same tool: no
// spurious toolsAdded after a compaction.
func TestToolStateChangesIgnoreKeyOrder(t *testing.T) {
	ordered, err := jsjson.Parse([]byte(`{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"number"}},"required":["z"]}`))
	if err != nil {
		t.Fatal(err)
	}
	prev := []map[string]any{{"name": "t", "description": "d", "parameters": ordered}}
	cur := []map[string]any{{"name": "t", "description": "d", "parameters": map[string]any{
		"required": []any{"z"}, "type": "object", "properties": map[string]any{"a": map[string]any{"type": "number"}, "z": map[string]any{"type": "string"}}}}}
	if added, removed := session.ToolStateChanges(prev, cur); len(added)+len(removed) != 0 {
		t.Errorf("added %v, removed %v", added, removed)
	}
	cur[0]["description"] = "changed"
	if added, removed := session.ToolStateChanges(prev, cur); len(added) != 1 || len(removed) != 1 {
		t.Errorf("a changed description: added %v, removed %v", added, removed)
	}
}

package session_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
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
		{"role": "system", "content": "", "sections": &jsjson.Object{{Key: "preamble", Value: "P"}, {Key: "cwd", Value: "<cwd>\n/p\n</cwd>"}, {Key: "skills", Value: "S"}},
			"toolsAdded": []any{tool("read", "r"), tool("bash", "b")}, "timestamp": 5.0},
		{"role": "user", "content": "hi", "timestamp": 6.0},
		{"role": "system", "content": "Also this.", "sections": &jsjson.Object{{Key: "skills"}, {Key: "extra", Value: "E"}, {Key: "preamble", Value: "P2"}},
			"toolsRemoved": []any{map[string]any{"name": "read"}}, "toolsAdded": []any{tool("bash", "b2"), tool("ls", "l")}, "timestamp": 7.0},
	}
	head := session.CurrentSystemMessage(ms)
	want := map[string]any{"role": "system", "content": "Also this.", "timestamp": 5.0,
		// a patched section keeps its place, a new one comes last
		"sections":   &jsjson.Object{{Key: "preamble", Value: "P2"}, {Key: "cwd", Value: "<cwd>\n/p\n</cwd>"}, {Key: "extra", Value: "E"}},
		"toolsAdded": []any{tool("bash", "b2"), tool("ls", "l")}}
	if !reflect.DeepEqual(head, want) {
		t.Errorf("replayed:\n got %v\nwant %v", head, want)
	}
	if got := session.SystemMessageText(head); got != "Also this.\n\nP2\n\n<cwd>\n/p\n</cwd>\n\nE" {
		t.Errorf("text %q", got)
	}
	// A map (built by Go code, which has no order) reads in pi's builder
	// order, other names after it sorted.
	if got := session.SystemMessageText(map[string]any{"sections": map[string]any{"z": "Z", "cwd": "C", "a": "A", "preamble": "P"}}); got != "P\n\nC\n\nA\n\nZ" {
		t.Errorf("map text %q", got)
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
	// Changed sections in current's order, then removed ones in previous's;
	// a value that is not text (a hand-edited file) counts as changed.
	prev := &jsjson.Object{{Key: "a", Value: "1"}, {Key: "d", Value: "4"}, {Key: "b", Value: "2"}, {Key: "o", Value: map[string]any{}}}
	cur := &jsjson.Object{{Key: "z", Value: "26"}, {Key: "a", Value: "1"}, {Key: "c", Value: "3"}, {Key: "o", Value: map[string]any{}}}
	want := &jsjson.Object{{Key: "z", Value: "26"}, {Key: "c", Value: "3"}, {Key: "o", Value: map[string]any{}}, {Key: "d"}, {Key: "b"}}
	if p := session.DiffSections(prev, cur); !reflect.DeepEqual(p, want) {
		t.Errorf("section patch %v, want %v", p, want)
	}
	if p := session.DiffSections(map[string]any{"a": "1"}, &jsjson.Object{{Key: "a", Value: "1"}}); p != nil {
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

// TestSystemSectionsKeepFileOrder: a session file's system messages (and
// a compaction's snapshot) keep their sections in the file's order, as
// JSON.parse keeps them: the prompt renders in that order and the
// entries are written back unchanged.
func TestSystemSectionsKeepFileOrder(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "s.jsonl")
	lines := []string{
		`{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}`,
		`{"type":"message","id":"a1","parentId":null,"timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"system","content":"","sections":{"preamble":"P","zeta":"Z","cwd":"C","alpha":"A"},"timestamp":1}}`,
		`{"type":"message","id":"a2","parentId":"a1","timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user","content":"hi","timestamp":2}}`,
		`{"type":"compaction","id":"a3","parentId":"a2","timestamp":"2026-01-01T00:00:00.000Z","summary":"sum","firstKeptEntryId":"a2","tokensBefore":5,"systemMessage":{"role":"system","content":"","sections":{"zeta":"Z","preamble":"P"},"timestamp":3}}`,
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, _, err := session.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := tr.RawEntries("")
	for i, l := range raw {
		if string(l) != lines[i+1] {
			t.Errorf("entry %d written back as\n%s\nwant\n%s", i, l, lines[i+1])
		}
	}
	e, _ := tr.Entry("a1")
	if got := session.SystemMessageText(e["message"].(map[string]any)); got != "P\n\nZ\n\nC\n\nA" {
		t.Errorf("prompt %q, want the file's order", got)
	}
	if got := session.SystemMessageText(session.CurrentSystemMessage(tr.BuildContext(tr.LeafID()).Messages)); got != "Z\n\nP" {
		t.Errorf("after the compaction, prompt %q, want its snapshot's order", got)
	}
}

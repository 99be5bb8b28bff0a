package tui

import (
	"fmt"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/protocol"
)

// benchTreeData is the session of bench/tuitree/tree-data.mjs as get_tree
// answers it: 2,000 entries on a main branch, one entry branching off five
// entries back every 50.
func benchTreeData() map[string]any {
	nodes := map[string]map[string]any{}
	var roots []any
	parent, leaf := "", ""
	for i := range 2000 {
		var msg map[string]any
		switch i % 4 {
		case 0:
			msg = map[string]any{"role": "user", "content": fmt.Sprintf("question %d: what does this do?", i)}
		case 1:
			msg = map[string]any{"role": "assistant", "stopReason": "toolUse", "content": []any{map[string]any{"type": "toolCall",
				"id": fmt.Sprintf("c%d", i), "name": "bash", "arguments": map[string]any{"command": "ls -la"}}}}
		case 2:
			msg = map[string]any{"role": "toolResult", "toolCallId": fmt.Sprintf("c%d", i-1), "toolName": "bash",
				"content": []any{map[string]any{"type": "text", "text": "file.go"}}}
		default:
			msg = map[string]any{"role": "assistant", "stopReason": "stop", "content": []any{map[string]any{"type": "text",
				"text": fmt.Sprintf("answer %d: it prints the numbers", i)}}}
		}
		p := parent
		if i%50 == 49 {
			p = fmt.Sprintf("e%d", i-5)
		}
		id := fmt.Sprintf("e%d", i)
		e := map[string]any{"type": "message", "id": id, "timestamp": time.Date(2026, 1, 1, 0, 0, i, 0, time.UTC).Format(time.RFC3339), "message": msg}
		if p != "" {
			e["parentId"] = p
		}
		n := map[string]any{"entry": e, "children": []any{}}
		nodes[id] = n
		if p == "" {
			roots = append(roots, n)
		} else {
			nodes[p]["children"] = append(nodes[p]["children"].([]any), n)
		}
		if i%50 != 49 {
			parent = id
		}
		leaf = parent
	}
	return map[string]any{"tree": roots, "leafId": leaf}
}

func benchTreeModel() *model {
	_, ui := protocol.Pipe()
	m := newModel(ui, Options{Cwd: "/tmp/bench"})
	m.width, m.height = 120, 40
	return m
}

// BenchmarkTreeNavOpen: the navigator built from get_tree's data and
// drawn once (pi: TreeSelectorComponent's constructor and first render).
func BenchmarkTreeNavOpen(b *testing.B) {
	m, data := benchTreeModel(), benchTreeData()
	for b.Loop() {
		t := newTreeNav(data, "", "", m.height, "")
		t.render(m, m.width)
	}
}

// BenchmarkTreeNavMove: one key (up or down) and the frame after it.
func BenchmarkTreeNavMove(b *testing.B) {
	m := benchTreeModel()
	t := newTreeNav(benchTreeData(), "", "", m.height, "")
	m.sel = t
	keys := []string{"up", "down"}
	i := 0
	for b.Loop() {
		t.key(m, keys[i%2], parseKey(keys[i%2]))
		t.render(m, m.width)
		i++
	}
}

// BenchmarkTreeNavSearch: typing or deleting a search character (the
// filter runs over every entry) and the frame after it.
func BenchmarkTreeNavSearch(b *testing.B) {
	m := benchTreeModel()
	t := newTreeNav(benchTreeData(), "", "", m.height, "")
	m.sel = t
	keys := []string{"q", "backspace"}
	i := 0
	for b.Loop() {
		t.key(m, keys[i%2], parseKey(keys[i%2]))
		t.render(m, m.width)
		i++
	}
}

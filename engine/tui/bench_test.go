package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/protocol"
)

// benchModel is a 500-message chat (user prompts, markdown replies, tool
// calls) with 5 widgets, at 120x40.
func benchModel(b *testing.B) *model {
	_, ui := protocol.Pipe()
	m := newModel(ui, Options{Cwd: "/tmp/bench"})
	m.width, m.height = 120, 40
	m.modelID = "mock-1"
	reply := "Here is **the plan**:\n\n- read `main.go`\n- change the *loop*\n\n```go\nfor i := range n {\n\tfmt.Println(i)\n}\n```\n\nDone."
	for i := range 500 {
		switch i % 4 {
		case 0:
			m.add(&userItem{text: fmt.Sprintf("question %d: what does this do?", i)})
		case 1, 3:
			a := &assistantItem{}
			a.at(0, "text").text = reply
			m.add(a)
		case 2:
			m.add(&toolItem{id: fmt.Sprint(i), name: "bash", args: map[string]any{"command": "ls -la"},
				output: strings.Repeat("file.go\n", 12), done: true})
		}
	}
	for i := range 5 {
		k := fmt.Sprintf("w%d", i)
		m.widgets[k] = widget{lines: []string{"widget " + k + " line 1", "widget " + k + " line 2"}}
		m.widgetKeys = append(m.widgetKeys, k)
	}
	m.statuses["git"] = "main ✓"
	m.View() // first render fills the caches
	return m
}

// BenchmarkView is a frame when nothing changed (a spinner tick).
func BenchmarkView(b *testing.B) {
	m := benchModel(b)
	b.ResetTimer()
	for b.Loop() {
		m.View()
	}
}

// BenchmarkViewStreaming is a frame after a text delta of the streaming
// reply (its markdown is rendered again, as pi does); the reply restarts
// every 400 deltas (about 2 KB of text).
func BenchmarkViewStreaming(b *testing.B) {
	m := benchModel(b)
	m.cur = m.add(&assistantItem{})
	m.streaming = true
	n := 0
	b.ResetTimer()
	for b.Loop() {
		if n++; n%400 == 0 {
			m.cur.item.(*assistantItem).blocks = nil
		}
		m.delta(map[string]any{"assistantMessageEvent": map[string]any{"type": "text_delta", "contentIndex": 0.0, "delta": "word "}})
		m.View()
	}
}

// BenchmarkViewRerender is a frame after the whole chat must be drawn
// again (resize, ctrl+o, ctrl+t, a theme change).
func BenchmarkViewRerender(b *testing.B) {
	m := benchModel(b)
	b.ResetTimer()
	for b.Loop() {
		m.vc.gen++
		m.View()
	}
}

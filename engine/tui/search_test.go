package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestTranscriptSearch: ctrl+shift+f opens the box; a query's matches
// are counted, the selected one drawn bold reversed and the others
// underlined; next and previous wrap around and scroll the selection
// into view; escape closes the box.
func TestTranscriptSearch(t *testing.T) {
	h := newHarness(t, Options{})
	for i := range 40 {
		h.m.add(&noticeItem{text: fmt.Sprintf("line %02d", i), token: "muted"})
	}
	h.press("ctrl+shift+f")
	h.contains("Find in transcript", "↑ Shift+Enter · ↓ Enter")
	h.typ("line 0")
	h.contains("1/10")
	raw := h.m.render()
	if !strings.Contains(raw, "\x1b[1;7mline\x1b[22;27m") {
		t.Errorf("the selected match is not bold reversed:\n%q", raw)
	}
	if h.m.scroll == 0 {
		t.Errorf("the first match (at the top) was not scrolled into view")
	}
	h.press("shift+enter")
	h.contains("10/10")
	h.press("enter")
	h.contains("1/10")
	h.press("ctrl+g")
	h.contains("2/10")
	h.typ("x")
	h.contains("No matches")
	h.press("esc")
	h.lacks("No matches", "Find in transcript")
	if strings.Contains(h.m.render(), "\x1b[4m") {
		t.Error("highlights stay after the box closed")
	}
	if h.m.ed.Text() != "" {
		t.Errorf("the search's keys reached the editor: %q", h.m.ed.Text())
	}
}

// The search corpus joins words across blanks and lines with one
// space, maps matches back to their cells, and matches case-insensitively.
func TestSearchCorpus(t *testing.T) {
	c := buildSearchCorpus([]string{"  Hello   \x1b[1mworld\x1b[0m", "", "héllo wörld end"})
	if c.text != "Hello world héllo wörld end" {
		t.Fatalf("corpus %q", c.text)
	}
	got := fmt.Sprint(c.find("WORLD héllo"))
	if got != "[{[{0 10 15} {2 0 5}] 18}]" {
		t.Errorf("matches %s", got)
	}
	if got := fmt.Sprint(c.find("o w")); got != "[{[{0 6 7} {0 10 11}] 7} {[{2 4 5} {2 6 7}] 20}]" {
		t.Errorf("matches of o w: %s", got)
	}
}

// Rows that change at the end (a streaming reply) rebuild the corpus and
// the matches from there: the same as searching everything again.
func TestSearchIncremental(t *testing.T) {
	s := &transcriptSearch{input: newEditor(), selected: -1, mode: "query", query: "ab c"}
	lines := []string{"ab", "c ab", "", "xab", "c"}
	s.refresh(lines, 0, 10)
	for _, next := range [][]string{
		{"ab", "c ab", "", "xab", "cd ab"},
		{"ab", "c ab", "", "xab", "cd ab", "c"},
		{"ab", "c ab"},
		{"ab", "c ab", "c", "ab c ab"},
		{"zz"},
	} {
		s.refresh(next, 0, 10)
		want := buildSearchCorpus(next)
		if s.corpus.text != want.text || fmt.Sprint(s.corpus.spans) != fmt.Sprint(want.spans) {
			t.Fatalf("%q: corpus %q, want %q", next, s.corpus.text, want.text)
		}
		if got, want := fmt.Sprint(s.matches), fmt.Sprint(want.find("ab c")); got != want {
			t.Errorf("%q: matches %s, want %s", next, got, want)
		}
	}
}

// BenchmarkViewSearch is a frame with the transcript search open on
// benchModel's 500-message chat (the whole transcript is drawn and
// searched when it changed): nothing changed; BenchmarkView is the same
// frame without the search.
func BenchmarkViewSearch(b *testing.B) {
	m := benchModel(b)
	m.toggleSearch()
	m.search.input.SetText("fmt.Println")
	m.setSearchQuery("fmt.Println")
	m.View()
	b.ResetTimer()
	for b.Loop() {
		m.View()
	}
}

// BenchmarkViewSearchStreaming is a frame after a text delta with the
// search open (the corpus is built again and searched);
// BenchmarkViewStreaming is the same frame without the search.
func BenchmarkViewSearchStreaming(b *testing.B) {
	m := benchModel(b)
	m.toggleSearch()
	m.search.input.SetText("fmt.Println")
	m.setSearchQuery("fmt.Println")
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

// The search box's input edits as pi's Input (the cursor moves, text
// goes in at it); a press on the box's ↓ or ↑ button selects the next
// or previous match.
func TestTranscriptSearchInputAndButtons(t *testing.T) {
	h := newHarness(t, Options{})
	for i := range 5 {
		h.m.add(&noticeItem{text: fmt.Sprintf("item %d", i), token: "muted"})
	}
	h.press("ctrl+shift+f")
	h.typ("iem")
	h.press("left", "left")
	h.typ("t")
	if h.m.search.query != "item" {
		t.Fatalf("query %q, want item", h.m.search.query)
	}
	h.contains("│ item", "1/5")
	y, x := -1, -1
	for i, l := range strings.Split(h.screen(), "\n") {
		if j := strings.Index(l, "↓ Enter"); j >= 0 {
			y, x = i, len([]rune(l[:j]))
		}
	}
	if y < 0 {
		t.Fatalf("no buttons:\n%s", h.screen())
	}
	h.m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	h.contains("2/5")
	h.m.Update(tea.MouseClickMsg{X: x - 4, Y: y, Button: tea.MouseLeft}) // on "Enter" of "↑ Shift+Enter"
	h.contains("1/5")
}

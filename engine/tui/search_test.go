package tui

import (
	"fmt"
	"strings"
	"testing"
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
	if got != "[{[{0 10 15} {2 0 5}]}]" {
		t.Errorf("matches %s", got)
	}
	if got := fmt.Sprint(c.find("o w")); got != "[{[{0 6 7} {0 10 11}]} {[{2 4 5} {2 6 7}]}]" {
		t.Errorf("matches of o w: %s", got)
	}
}

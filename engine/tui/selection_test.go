package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// mouseAt sends a press, drag or release of the left button at a cell,
// at the harness clock plus after.
func (h *harness) mouseAt(typ string, x, y int, after time.Duration) tea.Cmd {
	h.t.Helper()
	t := h.m.clock().Add(after)
	h.m.now = func() time.Time { return t }
	m := tea.Mouse{X: x, Y: y, Button: tea.MouseLeft}
	var msg tea.Msg
	switch typ {
	case "press":
		msg = tea.MouseClickMsg(m)
	case "drag":
		msg = tea.MouseMotionMsg(m)
	case "release":
		m.Button = tea.MouseNone // terminals report releases without their button
		msg = tea.MouseReleaseMsg(m)
	}
	_, c := h.m.Update(msg)
	h.sync()
	return c
}

// rowOf is the screen row showing text.
func (h *harness) rowOf(text string) int {
	h.t.Helper()
	for i, l := range strings.Split(h.screen(), "\n") {
		if strings.Contains(l, text) {
			return i
		}
	}
	h.t.Fatalf("no row shows %q:\n%s", text, h.screen())
	return -1
}

// reversed is the text drawn in reverse video on the frame's rows.
func reversed(frame string) string {
	var out []string
	for _, l := range strings.Split(frame, "\n") {
		var b strings.Builder
		on := false
		for l != "" {
			seq, _, n, _ := ansi.DecodeSequence(l, 0, nil)
			switch {
			case strings.HasPrefix(seq, "\x1b[") && strings.HasSuffix(seq, "m"):
				if strings.Contains(seq, "27") && !strings.Contains(seq, "[7m") {
					on = false
				} else if seq == "\x1b[7m" {
					on = true
				} else if seq == "\x1b[0m" || seq == "\x1b[m" {
					on = false
				}
			case on && seq[0] != '\x1b':
				b.WriteString(seq)
			}
			l = l[n:]
		}
		// the editor's cursor and the "Copied!" flash are reverse video too
		if t := b.String(); strings.TrimSpace(t) != "" && !strings.Contains(t, "Copied!") {
			out = append(out, t)
		}
	}
	return strings.Join(out, "|")
}

func TestTranscriptSelectionDragCopiesOnRelease(t *testing.T) {
	h := newHarness(t, Options{})
	h.m.add(&noticeItem{text: "alpha beta gamma", token: "muted"})
	h.m.add(&noticeItem{text: "second line here", token: "muted"})
	y := h.rowOf("alpha beta gamma")
	x := strings.Index(strings.Split(h.screen(), "\n")[y], "beta")
	h.mouseAt("press", x, y, time.Second)
	h.mouseAt("drag", x+3, y, 0)
	if got := reversed(h.m.render()); got != "beta" {
		t.Errorf("highlighted %q, want beta", got)
	}
	y2 := h.rowOf("second line here")
	x2 := strings.Index(strings.Split(h.screen(), "\n")[y2], "line")
	h.mouseAt("drag", x2+3, y2, 0)
	c := h.mouseAt("release", x2+3, y2, 0)
	want := "beta gamma\n" // each row's cells, trailing spaces trimmed
	for line := y + 1; line < y2; line++ {
		want += strings.TrimRight(strings.Split(h.screen(), "\n")[line], " ") + "\n"
	}
	want += strings.Split(h.screen(), "\n")[y2][:x2+4]
	if got := clipboardOf(c); got != want {
		t.Errorf("copied %q, want %q", got, want)
	}
	h.contains("Copied!")
	later := h.m.clock().Add(2 * time.Second)
	h.m.now = func() time.Time { return later }
	h.lacks("Copied!")
	if reversed(h.m.render()) == "" {
		t.Error("the selection went after the copy")
	}
	// a click (no drag) clears it, and copies nothing
	if c := h.mouseAt("press", 1, y, time.Second); clipboardOf(c) != "" {
		t.Error("a press copied")
	}
	if c := h.mouseAt("release", 1, y, 0); clipboardOf(c) != "" || reversed(h.m.render()) != "" {
		t.Errorf("a click left %q selected", reversed(h.m.render()))
	}
}

func TestTranscriptSelectionWordAndLineClicks(t *testing.T) {
	h := newHarness(t, Options{NoCopyOnSelect: true})
	h.m.add(&noticeItem{text: "open /usr/local/bin-x.sh now", token: "muted"})
	y := h.rowOf("/usr/local")
	x := strings.Index(strings.Split(h.screen(), "\n")[y], "local")
	h.mouseAt("press", x, y, time.Second)
	h.mouseAt("release", x, y, 0)
	h.mouseAt("press", x, y, 100*time.Millisecond)
	if c := h.mouseAt("release", x, y, 0); clipboardOf(c) != "" {
		t.Error("copied on release with fullscreenCopyOnSelect false")
	}
	if got := reversed(h.m.render()); got != "/usr/local/bin-x.sh" {
		t.Errorf("double click selected %q, want the path (iTerm2's word characters)", got)
	}
	if got := clipboardOf(h.press("ctrl+x")); got != "/usr/local/bin-x.sh" {
		t.Errorf("ctrl+x copied %q", got)
	}
	h.mouseAt("press", x, y, 100*time.Millisecond)
	h.mouseAt("release", x, y, 0)
	if got := reversed(h.m.render()); !strings.Contains(got, "open /usr/local/bin-x.sh now") {
		t.Errorf("triple click selected %q, want the line", got)
	}
	// a fourth press on the same word starts over with a cell
	h.mouseAt("press", x, y, 100*time.Millisecond)
	h.mouseAt("release", x, y, 0)
	if got := reversed(h.m.render()); got != "" {
		t.Errorf("fourth click left %q selected", got)
	}
	// presses far apart in time are single clicks
	h.mouseAt("press", x, y, time.Second)
	h.mouseAt("release", x, y, 0)
	h.mouseAt("press", x, y, time.Second)
	h.mouseAt("release", x, y, 0)
	if got := reversed(h.m.render()); got != "" {
		t.Errorf("slow clicks selected %q", got)
	}
}

// Dragging against the transcript's top row scrolls it a row per tick
// and extends the selection into what scrolls in; the selection stays on
// its text while new output arrives.
func TestTranscriptSelectionAutoScrollsAndFollowsText(t *testing.T) {
	h := newHarness(t, Options{})
	for i := range 60 {
		h.m.add(&noticeItem{text: fmt.Sprintf("row-%02d", i), token: "muted"})
	}
	y := h.rowOf("row-50")
	h.mouseAt("press", 3, y, time.Second)
	h.mouseAt("drag", 3, 0, 0)
	for range 5 {
		h.m.Update(tickMsg(time.Now()))
	}
	if h.m.scroll != 5 {
		t.Fatalf("scrolled %d rows while the drag held the top, want 5", h.m.scroll)
	}
	c := h.mouseAt("release", 3, 0, 0)
	got := clipboardOf(c) // from the top row's column 3 to row-50's
	if !strings.HasPrefix(got, "w-45\n") || !strings.HasSuffix(got, "\n row") || !strings.Contains(got, "row-46") {
		t.Errorf("copied %q", got)
	}
	sel := reversed(h.m.render())
	h.m.add(&noticeItem{text: "new output", token: "muted"})
	h.m.scroll = 5 + h.m.itemLineCount(len(h.m.items)-1)
	if after := reversed(h.m.render()); after != sel {
		t.Errorf("new output moved the selection: %q, was %q", after, sel)
	}
}

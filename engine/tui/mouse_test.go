package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// wheelAt sends wheel events at a cell, each a second after the last
// (no acceleration).
func (h *harness) wheelAt(x, y int, button tea.MouseButton, mod tea.KeyMod, n int) {
	h.t.Helper()
	for range n {
		t := h.m.clock().Add(time.Second)
		h.m.now = func() time.Time { return t }
		h.m.Update(tea.MouseWheelMsg{X: x, Y: y, Button: button, Mod: mod})
	}
	h.sync()
}

func TestMouseModeOnlyInFullscreen(t *testing.T) {
	h := newHarness(t, Options{})
	if got := h.m.View().MouseMode; got != tea.MouseModeAllMotion {
		t.Errorf("fullscreen mouse mode %v, want all motion", got)
	}
	h = newHarness(t, Options{Env: []string{"TERM=xterm-256color", "TMUX=/tmp/tmux-0/default,1,0"}})
	if got := h.m.View().MouseMode; got != tea.MouseModeCellMotion {
		t.Errorf("under tmux %v, want button motion (cell motion)", got)
	}
	h = newHarness(t, Options{TUIMode: "regular"})
	if got := h.m.View().MouseMode; got != tea.MouseModeNone {
		t.Errorf("regular mode mouse mode %v, want none: the terminal owns it", got)
	}
	for range 40 {
		h.m.add(&noticeItem{text: "x", token: "muted"})
	}
	h.wheelAt(5, 5, tea.MouseWheelUp, 0, 3)
	if h.m.scroll != 0 {
		t.Errorf("regular mode scrolled to %d", h.m.scroll)
	}
}

func TestWheelScrollsTranscript(t *testing.T) {
	h := newHarness(t, Options{})
	for i := range 60 {
		h.m.add(&noticeItem{text: fmt.Sprintf("line-%02d", i), token: "muted"})
	}
	h.contains("line-59")
	h.wheelAt(10, 3, tea.MouseWheelUp, 0, 4)
	if h.m.scroll != 4 {
		t.Errorf("4 notches up scrolled %d lines, want 4", h.m.scroll)
	}
	h.wheelAt(10, 3, tea.MouseWheelUp, tea.ModAlt, 1)
	if h.m.scroll != 9 {
		t.Errorf("alt+wheel scrolled to %d, want 4+5", h.m.scroll)
	}
	h.lacks("line-59")
	h.wheelAt(10, 28, tea.MouseWheelDown, 0, 20) // over the editor too, down past the bottom
	if h.m.scroll != 0 {
		t.Errorf("down to %d, want the bottom", h.m.scroll)
	}
	h.contains("line-59")

	h = newHarness(t, Options{WheelScrollLines: 3.0})
	for i := range 60 {
		h.m.add(&noticeItem{text: fmt.Sprintf("line-%02d", i), token: "muted"})
	}
	h.wheelAt(10, 3, tea.MouseWheelUp, 0, 2)
	if h.m.scroll != 6 {
		t.Errorf("fullscreenWheelScrollLines 3: %d after 2 notches, want 6", h.m.scroll)
	}
	h.wheelAt(10, 3, tea.MouseWheelUp, 0, 200)
	h.contains("escape interrupt") // stopped at the top: the header
}

func TestWheelAcceleration(t *testing.T) {
	t0 := time.Unix(1000, 0)
	at := func(ms ...int) []int {
		w := &wheelScroll{accelerate: true}
		var out []int
		for _, m := range ms {
			out = append(out, w.next(1, t0.Add(time.Duration(m)*time.Millisecond)))
		}
		return out
	}
	for _, c := range []struct {
		name string
		ms   []int
		want string
	}{
		{"notches 100ms apart", []int{0, 100, 200, 300}, "[1 1 1 1]"},
		{"notches 50ms apart", []int{0, 50, 100, 150}, "[1 2 2 2]"},
		{"a fast spin", []int{0, 20, 40, 60}, "[1 5 5 5]"},
		{"faster still, capped", []int{0, 10, 20}, "[1 6 6]"},
		{"a burst of one notch", []int{0, 2, 4}, "[1 1 1]"},
		{"a pause ends the gesture", []int{0, 20, 400}, "[1 5 1]"},
	} {
		if got := fmt.Sprint(at(c.ms...)); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	w := &wheelScroll{accelerate: true}
	w.next(1, t0)
	if n := w.next(-1, t0.Add(20*time.Millisecond)); n != 1 {
		t.Errorf("a turn of direction moves %d, want 1", n)
	}
	if n := (&wheelScroll{}).next(1, t0); n != 1 {
		t.Errorf("no acceleration: %d", n)
	}
	for setting, want := range map[any]int{3.0: 3, 0.0: 1, 250.0: 100, 2.7: 2, "auto": 0, nil: 0} {
		if got := newWheelScroll(setting, func(string) string { return "" }).lines; got != want {
			t.Errorf("setting %v: %d lines, want %d", setting, got, want)
		}
	}
}

func TestWheelOverAutocompleteMovesSelection(t *testing.T) {
	h := newHarness(t, Options{})
	h.typ("/")
	h.contains("→ settings")
	y := -1
	for i, l := range strings.Split(h.screen(), "\n") {
		if strings.Contains(l, "→ settings") {
			y = i
		}
	}
	h.wheelAt(4, y, tea.MouseWheelDown, 0, 1)
	if h.m.auto == nil || h.m.auto.index != 1 {
		t.Fatalf("wheel over the list: %+v", h.m.auto)
	}
	if h.m.scroll != 0 {
		t.Errorf("the transcript scrolled too")
	}
}

// A component that handles the mouse gets pi-tui's events in its own
// coordinates: the wheel (not scrolling the transcript), and a press,
// its release and the click they make; one that does not is left alone.
func TestMouseGoesToComponents(t *testing.T) {
	h := newHarness(t, Options{})
	for range 60 {
		h.m.add(&noticeItem{text: "x", token: "muted"})
	}
	h.event(ev("view_state", "viewId", "w1", "component", "pi.component",
		"state", map[string]any{"kind": "widget", "placement": "aboveEditor", "mouse": true, "lines": []any{"WIDGET ONE", "row two"}}),
		ev("view_state", "viewId", "w2", "component", "pi.component",
			"state", map[string]any{"kind": "widget", "placement": "belowEditor", "lines": []any{"PLAIN WIDGET"}}))
	rowOf := func(text string) int {
		for i, l := range strings.Split(h.screen(), "\n") {
			if strings.Contains(l, text) {
				return i
			}
		}
		t.Fatalf("no %q on screen", text)
		return 0
	}
	y := rowOf("row two")
	for { // the render requests
		if c := h.cmd("view_message"); c["viewId"] == "w2" {
			break
		}
	}
	h.wheelAt(3, y, tea.MouseWheelUp, tea.ModAlt, 1)
	msg := h.viewMsg("w1")
	e, _ := msg["event"].(map[string]any)
	if msg["type"] != "mouse" || e["type"] != "wheel" || e["wheelDelta"] != -5.0 || e["x"] != 3.0 || e["y"] != 1.0 ||
		e["screenY"] != float64(y) || e["height"] != 2.0 || e["width"] != 80.0 || e["alt"] != true || e["button"] != "none" {
		t.Errorf("wheel event %v", msg)
	}
	if h.m.scroll != 0 {
		t.Errorf("the transcript scrolled under the component")
	}
	h.m.Update(tea.MouseClickMsg{X: 7, Y: y - 1, Button: tea.MouseLeft})
	h.m.Update(tea.MouseReleaseMsg{X: 7, Y: y - 1})
	h.sync()
	var types []string
	for range 3 {
		e, _ := h.viewMsg("w1")["event"].(map[string]any)
		types = append(types, fmt.Sprint(e["type"], " ", e["button"], " ", e["x"], ",", e["y"]))
	}
	if got := strings.Join(types, "; "); got != "press left 7,0; release left 7,0; click left 7,0" {
		t.Errorf("events %s", got)
	}
	// a drag from a press goes to the component that took it, wherever
	// the pointer goes; no click follows
	h.m.Update(tea.MouseClickMsg{X: 1, Y: y, Button: tea.MouseLeft})
	h.m.Update(tea.MouseMotionMsg{X: 2, Y: 2, Button: tea.MouseLeft})
	h.m.Update(tea.MouseReleaseMsg{X: 2, Y: 2})
	h.sync()
	types = nil
	for range 3 {
		e, _ := h.viewMsg("w1")["event"].(map[string]any)
		types = append(types, fmt.Sprint(e["type"], " ", e["y"]))
	}
	if got := strings.Join(types, "; "); got != fmt.Sprintf("press 1; drag %d; release %d", 2-(y-1), 2-(y-1)) {
		t.Errorf("drag events %s", got)
	}
	h.wheelAt(3, rowOf("PLAIN WIDGET"), tea.MouseWheelUp, 0, 1)
	if h.m.scroll != 1 {
		t.Errorf("the wheel over a component without mouse handling scrolled %d", h.m.scroll)
	}
	h.noCmd("view_message")
}

// Scrolled up, the transcript's last row is pi's jump indicator; a
// press on it, or ctrl+end, goes back to the end; ctrl+home to the top.
func TestJumpToLatestIndicator(t *testing.T) {
	h := newHarness(t, Options{})
	for i := range 60 {
		h.m.add(&noticeItem{text: fmt.Sprintf("line-%02d", i), token: "muted"})
	}
	h.lacks("Jump to latest")
	h.wheelAt(10, 3, tea.MouseWheelUp, 0, 3)
	h.contains("↓ Jump to latest message · Ctrl+End")
	y, x := -1, -1
	for i, l := range strings.Split(h.screen(), "\n") {
		if j := strings.Index(l, "↓ Jump"); j >= 0 {
			y, x = i, len([]rune(l[:j]))
		}
	}
	h.m.Update(tea.MouseClickMsg{X: x - 10, Y: y, Button: tea.MouseLeft}) // beside it
	if h.m.scroll == 0 {
		t.Fatal("a press beside the indicator scrolled to the end")
	}
	h.m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
	if h.m.scroll != 0 {
		t.Errorf("a press on the indicator left the scroll at %d", h.m.scroll)
	}
	h.lacks("Jump to latest")
	h.press("ctrl+home")
	h.contains("escape interrupt", "Jump to latest") // the header, at the top
	h.press("ctrl+end")
	h.contains("line-59")
	h.lacks("Jump to latest")
}

// TestScrollbar: pi's transcript scrollbar in the last column: "auto"
// shows it for a second after a scroll (the thumb where the view is),
// "always" keeps it (the transcript one column narrower), "hidden"
// never shows it.
func TestScrollbar(t *testing.T) {
	lastCol := func(h *harness) string {
		var col []string
		for _, l := range strings.Split(h.screen(), "\n") {
			r := []rune(l)
			if len(r) == 80 {
				col = append(col, string(r[79]))
			} else {
				col = append(col, " ")
			}
		}
		return strings.Join(col, "")
	}
	fill := func(h *harness) {
		for i := range 60 {
			h.m.add(&noticeItem{text: fmt.Sprintf("line-%02d", i), token: "muted"})
		}
	}
	h := newHarness(t, Options{})
	fill(h)
	if c := lastCol(h); strings.ContainsAny(c, "│┃") {
		t.Fatalf("a scrollbar before any scroll: %q", c)
	}
	t0 := time.Unix(5000, 0)
	h.m.now = func() time.Time { return t0 }
	_, cmd := h.m.Update(tea.MouseWheelMsg{X: 1, Y: 1, Button: tea.MouseWheelUp})
	if cmd == nil {
		t.Error("no redraw scheduled for when the scrollbar hides")
	}
	c := lastCol(h)
	if !strings.Contains(c, "┃┃") || !strings.Contains(c, "│") || strings.Index(c, "┃") < 10 {
		t.Errorf("after a scroll near the end, the column is %q", c)
	}
	h.m.now = func() time.Time { return t0.Add(time.Second) }
	if c := lastCol(h); strings.ContainsAny(c, "│┃") {
		t.Errorf("a second later the scrollbar is still there: %q", c)
	}
	h.m.now = func() time.Time { return t0.Add(2 * time.Second) }
	h.press("ctrl+home")
	if c := lastCol(h); !strings.HasPrefix(c, "┃┃") {
		t.Errorf("at the top, the column is %q", c)
	}

	h = newHarness(t, Options{Scrollbar: "always"})
	fill(h)
	if c := lastCol(h); !strings.Contains(c, "│┃") {
		t.Errorf("always: %q", c)
	}
	h = newHarness(t, Options{Scrollbar: "hidden"})
	fill(h)
	h.wheelAt(1, 1, tea.MouseWheelUp, 0, 3)
	if c := lastCol(h); strings.ContainsAny(c, "│┃") {
		t.Errorf("hidden: %q", c)
	}
}

// The wheel over /settings' list moves its selection as pi's
// SettingsList (one item a notch, stopping at the ends); over its title
// it scrolls the transcript.
func TestWheelOverSettingsList(t *testing.T) {
	h := newHarness(t, Options{})
	for range 60 {
		h.m.add(&noticeItem{text: "x", token: "muted"})
	}
	h.typ("/settings")
	h.press("enter")
	h.contains("Settings")
	rowOf := func(text string) int {
		for i, l := range strings.Split(h.screen(), "\n") {
			if strings.Contains(l, text) {
				return i
			}
		}
		t.Fatalf("no %q on screen:\n%s", text, h.screen())
		return 0
	}
	s := h.m.sel.(*selector)
	h.wheelAt(5, rowOf("Thinking level"), tea.MouseWheelDown, 0, 2)
	if s.index != 2 || h.m.scroll != 0 {
		t.Errorf("after 2 notches down over the list: index %d, scroll %d", s.index, h.m.scroll)
	}
	h.wheelAt(5, rowOf("Thinking level"), tea.MouseWheelUp, 0, 5)
	if s.index != 0 {
		t.Errorf("up past the top: index %d", s.index)
	}
	h.wheelAt(5, rowOf(" Settings"), tea.MouseWheelUp, 0, 1)
	if s.index != 0 || h.m.scroll != 1 {
		t.Errorf("over the title: index %d, scroll %d", s.index, h.m.scroll)
	}
}

// A click on an autocomplete item takes it as Tab does (pi's SelectList
// onSelect); a press that ends elsewhere only selects it.
func TestClickOnAutocompleteItem(t *testing.T) {
	h := newHarness(t, Options{})
	h.typ("/")
	rowOf := func(text string) int {
		for i, l := range strings.Split(h.screen(), "\n") {
			if strings.Contains(l, text) {
				return i
			}
		}
		t.Fatalf("no %q on screen:\n%s", text, h.screen())
		return 0
	}
	y := rowOf("  model ")
	h.m.Update(tea.MouseClickMsg{X: 4, Y: y, Button: tea.MouseLeft})
	if h.m.auto == nil || h.m.auto.selected().name != "model" {
		t.Fatalf("the press did not select model: %+v", h.m.auto)
	}
	h.m.Update(tea.MouseReleaseMsg{X: 6, Y: y}) // elsewhere: no click
	if h.m.ed.Text() != "/" {
		t.Fatalf("a press released elsewhere took the item: %q", h.m.ed.Text())
	}
	y = rowOf("  tree ")
	h.m.Update(tea.MouseClickMsg{X: 4, Y: y, Button: tea.MouseLeft})
	h.m.Update(tea.MouseReleaseMsg{X: 4, Y: y})
	if h.m.ed.Text() != "/tree " {
		t.Errorf("a click took %q, want /tree", h.m.ed.Text())
	}
}

// A click on the editor's text moves the cursor there, on a wrapped row
// too; a press released elsewhere does not.
func TestClickInEditor(t *testing.T) {
	h := newHarness(t, Options{})
	h.typ("first line")
	h.press("shift+enter")
	h.typ(strings.Repeat("ab", 45)) // 90 cells: two rows at 80
	rowOf := func(text string) int {
		for i, l := range strings.Split(h.screen(), "\n") {
			if strings.HasPrefix(l, text) {
				return i
			}
		}
		t.Fatalf("no row starting %q:\n%s", text, h.screen())
		return 0
	}
	click := func(x, y int) {
		h.m.Update(tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft})
		h.m.Update(tea.MouseReleaseMsg{X: x, Y: y})
	}
	y := rowOf("first line")
	click(6, y)
	if h.m.ed.row != 0 || h.m.ed.col != 6 {
		t.Errorf("click on \"line\": cursor %d:%d, want 0:6", h.m.ed.row, h.m.ed.col)
	}
	click(40, y) // past the end
	if h.m.ed.row != 0 || h.m.ed.col != 10 {
		t.Errorf("click past the end: cursor %d:%d, want 0:10", h.m.ed.row, h.m.ed.col)
	}
	click(3, y+2) // the second row of the wrapped line
	if h.m.ed.row != 1 || h.m.ed.col != 83 {
		t.Errorf("click on the wrapped row: cursor %d:%d, want 1:83", h.m.ed.row, h.m.ed.col)
	}
	h.m.Update(tea.MouseClickMsg{X: 2, Y: y, Button: tea.MouseLeft})
	h.m.Update(tea.MouseReleaseMsg{X: 5, Y: y})
	if h.m.ed.row != 1 {
		t.Errorf("a press released elsewhere moved the cursor to %d:%d", h.m.ed.row, h.m.ed.col)
	}
}

// A click on an item of /thinking's or /settings' list confirms it as
// enter does (pi's SelectList and SettingsList); a press released
// elsewhere only selects; the model selector, which pi draws without a
// SelectList, takes no clicks.
func TestClickInSelectors(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_available_thinking_levels", map[string]any{"levels": []any{"off", "low", "high"}})
	rowOf := func(text string) int {
		for i, l := range strings.Split(h.screen(), "\n") {
			if strings.Contains(l, text) {
				return i
			}
		}
		t.Fatalf("no %q on screen:\n%s", text, h.screen())
		return 0
	}
	click := func(text string, dx int) {
		y := rowOf(text)
		h.m.Update(tea.MouseClickMsg{X: 4, Y: y, Button: tea.MouseLeft})
		h.m.Update(tea.MouseReleaseMsg{X: 4 + dx, Y: y})
		h.sync()
	}
	h.typ("/thinking")
	h.press("enter")
	click("  high", 3) // released elsewhere
	if s, _ := h.m.sel.(*selector); s == nil || s.index != 2 {
		t.Fatalf("a press selects without confirming: %+v", h.m.sel)
	}
	click("  low", 0)
	if c := h.cmd("set_thinking_level"); c["level"] != "low" || h.m.sel != nil {
		t.Fatalf("click on low: %v, selector %v", c, h.m.sel)
	}
	h.answer("get_state", map[string]any{"autoCompactionEnabled": true, "steeringMode": "all", "followUpMode": "all",
		"model": map[string]any{"id": "mock-1", "provider": "mock"}})
	h.typ("/settings")
	h.press("enter")
	click("Steering mode", 0)
	if c := h.cmd("set_steering_mode"); c["mode"] != "one-at-a-time" {
		t.Fatalf("click on Steering mode: %v", c)
	}
	h.press("esc")
	h.answer("get_available_models", map[string]any{"models": []any{
		map[string]any{"id": "mock-1", "provider": "mock"}, map[string]any{"id": "other-2", "provider": "mock"}}})
	h.press("ctrl+l")
	click("other-2", 0)
	h.noCmd("set_model")
	h.contains("→ ✓ mock-1")
}

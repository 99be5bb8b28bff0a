package tui

import (
	"math"
	"runtime"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pigo-dev/pigo/engine/protocol"
)

// Mouse input in fullscreen mode, as pi-tui's alternate screen: the
// terminal reports the mouse (all motion, or button motion only under a
// multiplexer, which lags when every move is forwarded); the wheel
// scrolls the transcript by fullscreenWheelScrollLines lines per event
// ("auto": faster spins move more lines), alt+wheel five times as far;
// events over an extension component that handles the mouse go to it,
// and the wheel over the autocomplete list moves its selection. Regular
// mode leaves the mouse to the terminal, which owns the scrollback.

// altWheelFactor is how much farther alt+wheel scrolls.
const altWheelFactor = 5

// The "auto" wheel: events closer than wheelBurst belong to one notch
// (or come from a high-resolution device) and move a line each; a pause
// longer than wheelGesture ends a gesture; a mean gap of wheelReference
// between a gesture's events is one line per event, shorter gaps scale
// it up to wheelMaxAuto lines.
const (
	wheelBurst     = 5 * time.Millisecond
	wheelGesture   = 200 * time.Millisecond
	wheelReference = 100 * time.Millisecond
	wheelMaxAuto   = 6
)

// wheelScroll converts wheel events into transcript lines.
type wheelScroll struct {
	lines      int  // lines per event; 0 is "auto"
	accelerate bool // "auto" speeds up fast spins (not where the OS already does)
	last       time.Time
	lastDir    int
	meanGap    time.Duration // of the gesture so far; 0 before its second event
	carry      float64       // the fraction of a line the last event left
}

// newWheelScroll reads a fullscreenWheelScrollLines setting: a number
// (clamped to 1..100) or anything else for "auto". Local macOS terminals
// get wheel deltas the OS already accelerated, one event per line, so
// "auto" does not accelerate them; elsewhere, and over SSH, it does.
func newWheelScroll(setting any, getenv func(string) string) *wheelScroll {
	w := &wheelScroll{}
	if n, ok := setting.(float64); ok && !math.IsNaN(n) && !math.IsInf(n, 0) {
		w.lines = max(1, min(100, int(math.Floor(n))))
	}
	ssh := getenv("SSH_CONNECTION") != "" || getenv("SSH_CLIENT") != "" || getenv("SSH_TTY") != ""
	w.accelerate = runtime.GOOS != "darwin" || ssh
	return w
}

// next is how many lines (at least one) a wheel event in direction dir
// (-1 up, 1 down) at now moves.
func (w *wheelScroll) next(dir int, now time.Time) int {
	if w.lines > 0 {
		return w.lines
	}
	if !w.accelerate {
		return 1
	}
	gap := now.Sub(w.last)
	same := !w.last.IsZero() && dir == w.lastDir && gap <= wheelGesture
	w.last, w.lastDir = now, dir
	if !same {
		w.meanGap, w.carry = 0, 0
		return 1
	}
	if gap < wheelBurst {
		return 1
	}
	if w.meanGap == 0 {
		w.meanGap = gap
	} else {
		w.meanGap = (w.meanGap + gap) / 2
	}
	lines := min(wheelMaxAuto, max(1, float64(wheelReference)/float64(w.meanGap))) + w.carry
	whole := math.Floor(lines)
	w.carry = lines - whole
	return int(whole)
}

// mouseMode is the tracking fullscreen asks the terminal for.
func (m *model) mouseMode() tea.MouseMode {
	if !m.fullscreen {
		return tea.MouseModeNone
	}
	term := strings.ToLower(m.getenv("TERM"))
	if m.getenv("TMUX") != "" || m.getenv("ZELLIJ") != "" || m.getenv("STY") != "" ||
		strings.HasPrefix(term, "tmux") || strings.HasPrefix(term, "screen") {
		return tea.MouseModeCellMotion
	}
	return tea.MouseModeAllMotion
}

// wheel handles a wheel event: an extension component under the pointer
// that handles the mouse gets it, the autocomplete list moves its
// selection, otherwise the transcript scrolls.
func (m *model) wheel(msg tea.MouseWheelMsg) {
	dir := 0
	switch msg.Button {
	case tea.MouseWheelUp:
		dir = -1
	case tea.MouseWheelDown:
		dir = 1
	default:
		return
	}
	if m.wheelLines == nil {
		m.wheelLines = newWheelScroll(m.opts.WheelScrollLines, m.getenv)
	}
	lines := m.wheelLines.next(dir, m.clock())
	if msg.Mod.Contains(tea.ModAlt) {
		lines *= altWheelFactor
	}
	if m.mouseToView("wheel", tea.Mouse(msg), dir*lines) {
		return
	}
	if b, ok := m.boxAt(msg.X, msg.Y); ok && b.id == autocompleteBox && m.auto != nil && len(m.auto.items) > 0 {
		m.auto.index = max(0, min(len(m.auto.items)-1, m.auto.index+dir))
		return
	}
	if b, ok := m.boxAt(msg.X, msg.Y); ok && b.id == selectorListBox {
		if s, ok := m.sel.(*selector); ok {
			s.wheelMove(dir)
			return
		}
	}
	if dir < 0 {
		m.scroll += lines // render stops it at the top
	} else {
		m.scroll = max(0, m.scroll-lines)
	}
}

// clock is the time wheel events are measured with.
func (m *model) clock() time.Time {
	if m.now != nil {
		return m.now()
	}
	return time.Now()
}

// autocompleteBox names the autocomplete list's box; selectorListBox a
// selector's list that takes the wheel (selector.wheel).
const (
	autocompleteBox = "\x00autocomplete"
	selectorListBox = "\x00selector"
	editorBox       = "\x00editor" // the built-in editor's text rows
)

// mouseBox is where render drew a component: a view's id (or
// autocompleteBox), its top-left cell and its size.
type mouseBox struct {
	id         string
	x, y, w, h int
}

// boxAt is the topmost box holding the cell (x, y).
func (m *model) boxAt(x, y int) (mouseBox, bool) {
	for i := len(m.boxes) - 1; i >= 0; i-- {
		b := m.boxes[i]
		if x >= b.x && x < b.x+b.w && y >= b.y && y < b.y+b.h {
			return b, true
		}
	}
	return mouseBox{}, false
}

// mousePress is a press an extension component took: the drags and the
// release that follow go to it, and a release where it began is a click.
type mousePress struct {
	box    mouseBox
	x, y   int
	moved  bool
	button tea.MouseButton
}

// mouse handles a press, release or motion in fullscreen mode: they go
// to the extension component under the pointer that handles the mouse,
// or to the one a press went to until its release.
func (m *model) mouse(msg tea.MouseMsg) {
	ev := msg.Mouse()
	if p := m.press; p != nil {
		if ev.X != p.x || ev.Y != p.y {
			p.moved = true
		}
		switch msg.(type) {
		case tea.MouseMotionMsg:
			m.sendMouse(p.box, "drag", ev, 0, 0)
		case tea.MouseReleaseMsg:
			m.press = nil
			ev.Button = p.button // terminals report releases without their button
			m.sendMouse(p.box, "release", ev, 0, 0)
			if !p.moved {
				m.sendMouse(p.box, "click", ev, 0, 1)
			}
		}
		return
	}
	typ := ""
	switch msg.(type) {
	case tea.MouseClickMsg:
		typ = "press"
	case tea.MouseMotionMsg:
		typ = "move"
		if ev.Button != tea.MouseNone {
			typ = "drag"
		}
	case tea.MouseReleaseMsg:
		typ = "release"
	}
	if b, ok := m.boxAt(ev.X, ev.Y); ok && b.id == jumpBox && typ == "press" && ev.Button == tea.MouseLeft {
		m.scroll = 0
		return
	}
	if m.searchClick(typ, ev) || m.autocompleteClick(typ, ev) || m.selectorClick(typ, ev) || m.editorClick(typ, ev) {
		return
	}
	if m.mouseToView(typ, ev, 0) {
		if typ == "press" {
			m.clearSelection()
			b, _ := m.boxAt(ev.X, ev.Y)
			m.press = &mousePress{box: b, x: ev.X, y: ev.Y, button: ev.Button}
		}
		return
	}
	m.selectionMouse(typ, ev)
}

// mouseToView sends an event to the extension component under the
// pointer when it handles the mouse (its handleMouse, or a MouseRegion),
// and reports whether one did. Whether the component marked the event
// handled is known only in its runtime: a component that takes the
// mouse takes every event over it, so the wheel over it does not also
// scroll the transcript.
func (m *model) mouseToView(typ string, ev tea.Mouse, wheelDelta int) bool {
	b, ok := m.boxAt(ev.X, ev.Y)
	if !ok {
		return false
	}
	v := m.views[b.id]
	if v == nil || !v.mouse {
		return false
	}
	m.sendMouse(b, typ, ev, wheelDelta, 0)
	return true
}

// sendMouse sends pi-tui's TuiMouseEvent: coordinates local to the box,
// the screen's, the box's size, the modifiers.
func (m *model) sendMouse(b mouseBox, typ string, ev tea.Mouse, wheelDelta, clicks int) {
	v := m.views[b.id]
	if v == nil {
		return
	}
	button := "none"
	if typ != "wheel" {
		switch ev.Button {
		case tea.MouseLeft:
			button = "left"
		case tea.MouseMiddle:
			button = "middle"
		case tea.MouseRight:
			button = "right"
		}
	}
	e := map[string]any{"type": typ, "button": button, "x": ev.X - b.x, "y": ev.Y - b.y, "screenX": ev.X, "screenY": ev.Y,
		"width": b.w, "height": b.h, "shift": ev.Mod.Contains(tea.ModShift), "alt": ev.Mod.Contains(tea.ModAlt),
		"ctrl": ev.Mod.Contains(tea.ModCtrl)}
	if typ == "wheel" {
		e["wheelDelta"] = wheelDelta
	}
	if clicks > 0 {
		e["clickCount"] = clicks
	}
	m.c.send(protocol.ViewMessage(v.id, map[string]any{"type": "mouse", "event": e}))
}

// jumpBox names the "Jump to latest message" indicator's box.
const jumpBox = "\x00jump"

// jumpIndicator is pi's scroll-to-end indicator, drawn over the last
// row of the transcript (row y of the screen) while it is scrolled up:
// centred, "↓ Jump to latest message · <tui.altScreen.bottom's keys>";
// a press on it scrolls to the end.
func (m *model) jumpIndicator(line string, w, y int) string {
	label := " ↓ Jump to latest message"
	if k := m.keys.text("tui.altScreen.bottom", true); k != "" {
		label += " · " + k
	}
	label = ansi.Truncate(label+" ", w, "")
	lw := ansi.StringWidth(label)
	col := (w - lw) / 2
	m.box(jumpBox, col, y, lw, 1)
	left := ansi.Truncate(line, col, "")
	if pad := col - ansi.StringWidth(left); pad > 0 {
		left += strings.Repeat(" ", pad)
	}
	right := ansi.TruncateLeft(line, col+lw, "")
	return left + "\x1b[0m" + m.th.Bg("selectedBg", m.th.Fg("text", label)) + "\x1b[0m" + right
}

// scrollbarShow is how long the "auto" scrollbar stays after a scroll.
const scrollbarShow = time.Second

// scrollbarMsg redraws the frame when the "auto" scrollbar's time is up.
type scrollbarMsg struct{}

// scrollbarActivity shows the "auto" scrollbar for scrollbarShow after
// the transcript scrolled.
func (m *model) scrollbarActivity() tea.Cmd {
	m.scrollbarUntil = m.clock().Add(scrollbarShow)
	return tea.Tick(scrollbarShow, func(time.Time) tea.Msg { return scrollbarMsg{} })
}

// scrollbar is pi's transcript scrollbar over the last column of rows
// (the transcript's viewport; the content, totalRows() rows, is
// scrolled m.scroll up from its end): a track "│" with a thumb "┃" as
// tall as the viewport's share of the content (at least two rows), at
// the scroll position. fullscreenScrollbar "auto" shows it while the
// content is taller than the viewport, a second after each scroll;
// "always" always; "hidden" never.
func (m *model) scrollbar(rows []string, totalRows func() int, w int) {
	view := len(rows)
	switch m.opts.Scrollbar {
	case "hidden":
		return
	case "always":
	default:
		if !m.clock().Before(m.scrollbarUntil) {
			return
		}
	}
	if view == 0 || w < 1 {
		return
	}
	total := totalRows()
	if total <= view {
		return
	}
	thumb := max(min(2, view), min(view, int(math.Round(float64(view*view)/float64(total)))))
	maxTop := total - view
	top := max(0, maxTop-m.scroll)
	offset := int(math.Round(float64(top) / float64(maxTop) * float64(view-thumb)))
	for y := range rows {
		cell := m.th.Fg("scrollbarTrack", "│")
		if y >= offset && y < offset+thumb {
			cell = m.th.Fg("scrollbarThumb", "┃")
		}
		left := ansi.Truncate(rows[y], w-1, "")
		if pad := w - 1 - ansi.StringWidth(left); pad > 0 {
			left += strings.Repeat(" ", pad)
		}
		rows[y] = left + "\x1b[0m" + cell
	}
}

// autocompleteClick is pi's SelectList under the editor: a left press
// on an item selects it, and its release on the same cell (a click)
// takes it as Tab does. It reports whether the event was the list's.
func (m *model) autocompleteClick(typ string, ev tea.Mouse) bool {
	a := m.auto
	if p := m.autoPress; p != nil && typ == "release" {
		m.autoPress = nil
		if a != nil && p.i < len(a.items) && p.x == ev.X && p.y == ev.Y {
			a.index = p.i
			m.takeCompletion()
		}
		return true
	}
	b, ok := m.boxAt(ev.X, ev.Y)
	if !ok || b.id != autocompleteBox || a == nil || len(a.items) == 0 || typ != "press" || ev.Button != tea.MouseLeft {
		return false
	}
	start, end := a.window()
	if i := start + ev.Y - b.y; i < end {
		a.index = i
		m.autoPress = &autoPress{i: i, x: ev.X, y: ev.Y}
	}
	return true
}

// autoPress is a press on an autocomplete item, waiting for its release.
type autoPress struct{ i, x, y int }

// takeCompletion takes the selected autocomplete item as Tab does.
func (m *model) takeCompletion() {
	switch a := m.auto; {
	case a.ext:
		m.acceptExtension(false)
	case a.args:
		m.acceptArgument()
	case a.files:
		m.acceptFile()
	default:
		m.ed.SetText("/" + a.selected().name + " ")
		m.auto = nil
	}
}

// editorClick is pi's Editor: a click (a left press released on the
// same cell) on its text moves the cursor there.
func (m *model) editorClick(typ string, ev tea.Mouse) bool {
	if p := m.edPress; p != nil && typ == "release" {
		m.edPress = nil
		if b, ok := m.boxAt(ev.X, ev.Y); ok && b.id == editorBox && p.x == ev.X && p.y == ev.Y {
			m.ed.ClickAt(ev.Y-b.y, ev.X-b.x, b.w)
			if m.auto != nil {
				m.updateAutocomplete()
			}
		}
		return true
	}
	if b, ok := m.boxAt(ev.X, ev.Y); ok && b.id == editorBox && typ == "press" && ev.Button == tea.MouseLeft {
		m.edPress = &autoPress{x: ev.X, y: ev.Y}
		return true
	}
	return false
}

package tui

import (
	"strings"
	"time"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/rivo/uniseg"
)

// Text selection in the fullscreen transcript, as pi-tui 1.6's alternate
// screen (tui-alt-screen.js): fullscreen reports the mouse, so the
// terminal cannot select, and the app does. A primary-button press that
// no component, list or editor took starts a selection; dragging extends
// it (held at the top or bottom row, the transcript scrolls a row per
// tick); a double click selects a word (iTerm2's word characters), a
// triple click the line, and dragging then extends by words or lines.
// Selected cells are drawn in reverse video. On release the text is
// copied (OSC 52) with a "Copied!" flash when fullscreenCopyOnSelect is
// on (the default); otherwise app.message.copy (ctrl+x) copies it.
//
// Points name a transcript row by its chat item and line within it (the
// header is item -1), so a selection stays on its text while the
// transcript scrolls or grows.

// doubleClickInterval is pi's DOUBLE_CLICK_INTERVAL_MS.
const doubleClickInterval = 500 * time.Millisecond

// flashDuration is how long pi's alternate screen shows a flash.
const flashDuration = time.Second

// wordJoiners are the characters iTerm2 counts as part of a word, which
// pi's fullscreen selection uses.
const wordJoiners = "/-+\\~_."

type selPoint struct {
	item, line, col int
	boundary        bool // col is an exclusive end (word and line ends)
}

func (p selPoint) before(q selPoint) bool {
	if p.item != q.item {
		return p.item < q.item
	}
	if p.line != q.line {
		return p.line < q.line
	}
	return p.col < q.col
}

func (p selPoint) sameCell(q selPoint) bool {
	return p.item == q.item && p.line == q.line && p.col == q.col
}

// rowRef is a transcript row as the last frame drew it.
type rowRef struct{ item, line int }

type selRange struct{ start, end selPoint }

type lastClick struct {
	at               time.Time
	count            int
	item, line       int
	wordStart, wordE int
}

// textSelection is the transcript selection's state.
type textSelection struct {
	anchor, focus *selPoint
	granularity   string // "character", "word", "line"
	initial       *selRange
	pressActive   bool
	dragged       bool
	click         *lastClick
	autoDir       int // -1 up, 1 down, 0 still: the scroll while a drag holds an edge
	pointerX      int
	pointerY      int
}

type flash struct {
	text  string
	until time.Time
}

// transcriptLines is the text of row line of item (the header for -1),
// as the last frame laid it out.
func (m *model) transcriptLine(item, line int) string {
	var lines []string
	switch {
	case item < 0:
		lines = m.header(m.chatWidth)
	case item < len(m.items):
		lines = m.items[item].lines_(&m.vc, m.chatWidth)
	}
	if line < 0 || line >= len(lines) {
		return ""
	}
	return lines[line]
}

// itemLineCount is how many rows item has.
func (m *model) itemLineCount(item int) int {
	switch {
	case item < 0:
		return len(m.header(m.chatWidth))
	case item < len(m.items):
		return len(m.items[item].lines_(&m.vc, m.chatWidth))
	}
	return 0
}

// selPointAt is the transcript point under the screen cell (x, y),
// clamped into the transcript's rows; ok is false when none is drawn.
func (m *model) selPointAt(x, y int) (selPoint, bool) {
	if len(m.rows) == 0 {
		return selPoint{}, false
	}
	r := m.rows[max(0, min(len(m.rows)-1, y))]
	return selPoint{item: r.item, line: r.line, col: max(0, min(m.chatWidth-1, x))}, true
}

// wordAt is pi's getWordSelection: the word segments around the point,
// joined across iTerm2's word characters.
func (m *model) wordAt(p selPoint) *selRange {
	line := ansi.Strip(m.transcriptLine(p.item, p.line))
	type seg struct {
		start, end         int
		selectable, joiner bool
	}
	var segs []seg
	col := 0
	state := -1
	for rest := line; rest != ""; {
		var word string
		word, rest, state = uniseg.FirstWordInString(rest, state)
		w := ansi.StringWidth(word)
		joiner := len([]rune(word)) == 1 && strings.ContainsRune(wordJoiners, []rune(word)[0])
		segs = append(segs, seg{col, col + w, wordLike(word) || joiner, joiner})
		col += w
	}
	at := -1
	for i, s := range segs {
		if p.col >= s.start && p.col < s.end {
			at = i
			break
		}
	}
	if at < 0 {
		return nil
	}
	join := func(l, r seg) bool { return l.selectable && r.selectable && (l.joiner || r.joiner) }
	start, end := segs[at].start, segs[at].end
	for i := at; i > 0 && join(segs[i-1], segs[i]); i-- {
		start = segs[i-1].start
	}
	for i := at; i < len(segs)-1 && join(segs[i], segs[i+1]); i++ {
		end = segs[i+1].end
	}
	a, b := p, p
	a.col, b.col, b.boundary = start, end, true
	return &selRange{a, b}
}

// wordLike is Intl.Segmenter's isWordLike: letters or digits.
func wordLike(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

func (m *model) lineAt(p selPoint) *selRange {
	a, b := p, p
	a.col = 0
	b.col, b.boundary = ansi.StringWidth(m.transcriptLine(p.item, p.line)), true
	return &selRange{a, b}
}

// clickCount is pi's getClickCount: presses on the same word within the
// double-click interval count 1, 2, 3, 1, ...
func (m *model) clickCount(p selPoint, word *selRange) int {
	s := &m.selection
	now := m.clock()
	prev := s.click
	count := 1
	if word != nil && prev != nil && now.Sub(prev.at) <= doubleClickInterval && prev.item == p.item && prev.line == p.line &&
		prev.wordStart == word.start.col && prev.wordE == word.end.col {
		count = prev.count%3 + 1
	}
	s.click = nil
	if word != nil {
		s.click = &lastClick{at: now, count: count, item: p.item, line: p.line, wordStart: word.start.col, wordE: word.end.col}
	}
	return count
}

// selectionMouse is pi's handleSelectionMouseEvent for the events no
// component, list or editor took.
func (m *model) selectionMouse(typ string, ev tea.Mouse) {
	s := &m.selection
	if ev.Button != tea.MouseLeft && !(typ == "release" && s.pressActive) {
		return
	}
	switch typ {
	case "release":
		if !s.pressActive {
			return
		}
		s.pressActive, s.autoDir = false, 0
		if s.anchor == nil {
			return
		}
		p, ok := m.selPointAt(ev.X, ev.Y)
		if ok {
			m.extendSelection(p)
		}
		if !s.dragged && ok && s.anchor.sameCell(p) && s.granularity == "character" {
			m.clearSelection() // a click
			return
		}
		if !m.opts.NoCopyOnSelect {
			m.copySelection()
		}
	case "drag":
		if !s.pressActive || s.anchor == nil {
			return
		}
		s.dragged, s.click = true, nil
		if p, ok := m.selPointAt(ev.X, ev.Y); ok {
			m.extendSelection(p)
		}
		s.pointerX, s.pointerY = ev.X, ev.Y
		switch {
		case ev.Y <= 0:
			s.autoDir = -1
		case ev.Y >= len(m.rows)-1:
			s.autoDir = 1
		default:
			s.autoDir = 0
		}
	case "press":
		s.autoDir = 0
		p, ok := m.selPointAt(ev.X, ev.Y)
		if !ok || ev.Y >= len(m.rows) {
			m.clearSelection()
			return
		}
		s.pressActive = true
		word := m.wordAt(p)
		var r *selRange
		switch m.clickCount(p, word) {
		case 2:
			r, s.granularity = word, "word"
		case 3:
			r, s.granularity = m.lineAt(p), "line"
		}
		if r == nil {
			s.granularity = "character"
			a, f := p, p
			s.anchor, s.focus, s.initial = &a, &f, nil
		} else {
			a, f := r.start, r.end
			s.anchor, s.focus, s.initial = &a, &f, r
		}
		s.dragged = false
	}
}

// extendSelection is pi's updateSelectionFocus: by cells, or by whole
// words or lines from the range the double or triple click chose.
func (m *model) extendSelection(p selPoint) {
	s := &m.selection
	if s.granularity == "character" || s.initial == nil {
		s.focus = &p
		return
	}
	r := m.lineAt(p)
	if s.granularity == "word" {
		r = m.wordAt(p)
	}
	if r == nil {
		return
	}
	if r.start.before(s.initial.start) {
		a, f := s.initial.end, r.start
		s.anchor, s.focus = &a, &f
	} else {
		a, f := s.initial.start, r.end
		s.anchor, s.focus = &a, &f
	}
}

// selectionTick scrolls a row while a drag holds the transcript's top or
// bottom row, and keeps the selection's end under the pointer.
func (m *model) selectionTick() {
	s := &m.selection
	if !s.pressActive || s.autoDir == 0 || !m.fullscreen {
		return
	}
	if s.autoDir < 0 {
		m.scroll++ // render stops it at the top
	} else if m.scroll > 0 {
		m.scroll--
	} else {
		s.autoDir = 0
		return
	}
	m.render() // lay out the rows at the new offset
	if p, ok := m.selPointAt(s.pointerX, s.pointerY); ok {
		m.extendSelection(p)
	}
}

func (m *model) clearSelection() {
	s := &m.selection
	s.anchor, s.focus, s.initial = nil, nil, nil
	s.granularity, s.pressActive, s.dragged, s.autoDir = "character", false, false, 0
}

// selectionBounds is the selection in order, nil when it is empty.
func (m *model) selectionBounds() *selRange {
	s := &m.selection
	if s.anchor == nil || s.focus == nil || s.anchor.sameCell(*s.focus) {
		return nil
	}
	if s.anchor.before(*s.focus) {
		return &selRange{*s.anchor, *s.focus}
	}
	return &selRange{*s.focus, *s.anchor}
}

// selColumns is the cells of line (item, line) the selection covers.
func selColumns(text string, item, line int, r *selRange) (start, end int) {
	w := ansi.StringWidth(text)
	start, end = 0, w
	if item == r.start.item && line == r.start.line {
		start = min(r.start.col, w)
	}
	if item == r.end.item && line == r.end.line {
		if r.end.boundary {
			end = min(r.end.col, w)
		} else {
			end = min(r.end.col+1, w)
		}
	}
	return start, end
}

// inSelection reports whether row (item, line) is within r.
func (r *selRange) holds(item, line int) bool {
	p := selPoint{item: item, line: line}
	s, e := r.start, r.end
	s.col, e.col = 0, 0
	return !p.before(s) && !e.before(p)
}

// selectedText is what a copy takes: each row's selected cells without
// styles, trailing spaces trimmed, rows joined by newlines.
func (m *model) selectedText() string {
	r := m.selectionBounds()
	if r == nil {
		return ""
	}
	var items []int
	from := r.start.item
	if from < 0 { // the header, then the chat's items
		items, from = append(items, -1), m.printed
	}
	for i := from; i <= r.end.item; i++ {
		items = append(items, i)
	}
	var lines []string
	for _, item := range items {
		for line := range m.itemLineCount(item) {
			if !r.holds(item, line) {
				continue
			}
			text := m.transcriptLine(item, line)
			a, b := selColumns(text, item, line, r)
			lines = append(lines, strings.TrimRight(ansi.Strip(ansi.Cut(text, a, max(a, b))), " "))
		}
	}
	return strings.Join(lines, "\n")
}

// copySelection copies the selection (OSC 52) and flashes pi's
// "Copied!"; it reports whether there was one.
func (m *model) copySelection() bool {
	text := m.selectedText()
	if text == "" {
		return false
	}
	m.pendingCmd = tea.Batch(m.pendingCmd, tea.SetClipboard(text))
	m.flashMessage("Copied!")
	return true
}

// flashMessage shows pi's transient message at the screen's top right.
func (m *model) flashMessage(text string) {
	m.flashes = append(m.flashes, flash{text: text, until: m.clock().Add(flashDuration)})
}

// highlightSelection draws the selected cells of the transcript's rows
// in reverse video (pi's applySelection), re-asserting reverse after each
// style the line sets.
func (m *model) highlightSelection(rows []string) {
	r := m.selectionBounds()
	if r == nil {
		return
	}
	for i := range rows {
		if i >= len(m.rows) {
			break
		}
		ref := m.rows[i]
		if !r.holds(ref.item, ref.line) || isImageRow(rows[i]) {
			continue
		}
		a, b := selColumns(rows[i], ref.item, ref.line, r)
		if b <= a {
			continue
		}
		w := ansi.StringWidth(rows[i])
		rows[i] = ansi.Cut(rows[i], 0, a) + reverseStyled(ansi.Cut(rows[i], a, b)) + ansi.Cut(rows[i], b, w)
	}
}

// reverseStyled is pi's applySelectionHighlight.
func reverseStyled(s string) string {
	var b strings.Builder
	b.WriteString("\x1b[7m")
	p := ansi.NewParser()
	state := byte(0)
	for s != "" {
		seq, _, n, newState := ansi.DecodeSequence(s, state, p)
		b.WriteString(seq)
		if n > 1 && seq[0] == '\x1b' && strings.HasSuffix(seq, "m") {
			b.WriteString("\x1b[7m")
		}
		s, state = s[n:], newState
	}
	b.WriteString("\x1b[27m")
	return b.String()
}

// isImageRow reports a row that carries an inline image's escape
// sequences (kitty or iTerm2), which a highlight would break.
func isImageRow(row string) bool {
	return strings.Contains(row, "\x1b_G") || strings.Contains(row, "\x1b]1337;File=")
}

// compositeFlashes draws the live flashes, newest last, right-aligned
// on the screen's top rows in reverse video (pi's compositeFlashes).
func (m *model) compositeFlashes(screen []string, width int) {
	now := m.clock()
	live := m.flashes[:0]
	for _, f := range m.flashes {
		if now.Before(f.until) {
			live = append(live, f)
		}
	}
	m.flashes = live
	for i, f := range live {
		if i >= len(screen) {
			break
		}
		text := ansi.Truncate(" "+f.text+" ", width, "")
		tw := ansi.StringWidth(text)
		line := screen[i]
		if lw := ansi.StringWidth(line); lw < width-tw {
			line += strings.Repeat(" ", width-tw-lw)
		}
		screen[i] = ansi.Cut(line, 0, width-tw) + "\x1b[7m" + text + "\x1b[27m"
	}
}

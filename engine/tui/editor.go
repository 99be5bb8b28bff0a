package tui

import (
	"fmt"
	"maps"
	"regexp"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// editor is pi's prompt editor: multi-line text with a cursor, history,
// drawn between two horizontal rules.
type editor struct {
	lines   [][]rune
	row     int
	col     int
	history []string
	hpos    int // index into history while browsing; len(history) when not
	// pastes are large pastes shown as markers, by id (pi-tui's editor).
	pastes map[int]string
	pasteN int

	// What pi-tui's editor keeps besides the text: undo snapshots, the
	// kill ring (newest last), the kind of the last edit ("type-word",
	// "kill", "yank" or "": typing coalesces into words, kills in a row
	// accumulate, yank-pop follows a yank) and a pending character jump
	// (1 forward, -1 backward).
	undo  []editorSnapshot
	kills []string
	last  string
	jump  int
}

// editorSnapshot is the state an undo restores.
type editorSnapshot struct {
	lines    [][]rune
	row, col int
	pastes   map[int]string
	pasteN   int
}

func newEditor() *editor { return &editor{lines: [][]rune{nil}} }

// Text is the editor's content.
func (e *editor) Text() string {
	parts := make([]string, len(e.lines))
	for i, l := range e.lines {
		parts[i] = string(l)
	}
	return strings.Join(parts, "\n")
}

// SetText replaces the content; the cursor goes to its end. Pastes are
// forgotten. A change can be undone, as pi's setText.
func (e *editor) SetText(s string) {
	if e.Text() != s {
		e.snapshot()
	}
	e.last = ""
	e.hpos = len(e.history)
	e.setText(s)
}

// Clear empties the editor after a submission: nothing to undo, as pi.
func (e *editor) Clear() {
	e.setText("")
	e.undo, e.last = nil, ""
	e.hpos = len(e.history)
}

func (e *editor) setText(s string) {
	e.pastes, e.pasteN = nil, 0
	e.lines = nil
	for _, l := range strings.Split(s, "\n") {
		e.lines = append(e.lines, []rune(l))
	}
	e.row = len(e.lines) - 1
	e.col = len(e.lines[e.row])
}

func (e *editor) Empty() bool { return len(e.lines) == 1 && len(e.lines[0]) == 0 }

// Insert types s at the cursor (newlines split lines: a paste).
func (e *editor) Insert(s string) {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	for i, part := range strings.Split(s, "\n") {
		if i > 0 {
			e.Newline()
		}
		r := []rune(part)
		line := e.lines[e.row]
		nl := make([]rune, 0, len(line)+len(r))
		nl = append(append(append(nl, line[:e.col]...), r...), line[e.col:]...)
		e.lines[e.row] = nl
		e.col += len(r)
	}
}

// Paste inserts pasted text; a large paste (more than 10 lines or 1000
// characters) shows as a marker, "[paste #1 +123 lines]" or "[paste #2
// 1234 chars]", and comes back in full from Expanded.
func (e *editor) Paste(s string) {
	e.edit()
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	n := strings.Count(s, "\n") + 1
	if n <= 10 && len([]rune(s)) <= 1000 {
		e.Insert(s)
		return
	}
	if e.pastes == nil {
		e.pastes = map[int]string{}
	}
	e.pasteN++
	e.pastes[e.pasteN] = s
	if n > 10 {
		e.Insert(fmt.Sprintf("[paste #%d +%d lines]", e.pasteN, n))
	} else {
		e.Insert(fmt.Sprintf("[paste #%d %d chars]", e.pasteN, len([]rune(s))))
	}
}

var pasteMarker = regexp.MustCompile(`\[paste #(\d+)( (\+\d+ lines|\d+ chars))?\]`)

// Expanded is the text with paste markers replaced by what was pasted.
func (e *editor) Expanded() string {
	text := e.Text()
	if len(e.pastes) == 0 {
		return text
	}
	return pasteMarker.ReplaceAllStringFunc(text, func(m string) string {
		id, _ := strconv.Atoi(pasteMarker.FindStringSubmatch(m)[1])
		if p, ok := e.pastes[id]; ok {
			return p
		}
		return m
	})
}

// Newline splits the line at the cursor.
func (e *editor) Newline() {
	e.edit()
	line := e.lines[e.row]
	head, tail := append([]rune(nil), line[:e.col]...), append([]rune(nil), line[e.col:]...)
	e.lines[e.row] = head
	e.lines = append(e.lines[:e.row+1], append([][]rune{tail}, e.lines[e.row+1:]...)...)
	e.row++
	e.col = 0
}

// Backspace deletes the character before the cursor, joining lines.
func (e *editor) Backspace() {
	if e.col > 0 || e.row > 0 {
		e.edit()
	}
	switch {
	case e.col > 0:
		l := e.lines[e.row]
		e.lines[e.row] = append(l[:e.col-1:e.col-1], l[e.col:]...)
		e.col--
	case e.row > 0:
		prev := e.lines[e.row-1]
		e.col = len(prev)
		e.lines[e.row-1] = append(prev, e.lines[e.row]...)
		e.lines = append(e.lines[:e.row], e.lines[e.row+1:]...)
		e.row--
	}
}

// Delete deletes the character under the cursor.
func (e *editor) Delete() {
	l := e.lines[e.row]
	if e.col < len(l) || e.row < len(e.lines)-1 {
		e.edit()
	}
	switch {
	case e.col < len(l):
		e.lines[e.row] = append(l[:e.col:e.col], l[e.col+1:]...)
	case e.row < len(e.lines)-1:
		e.lines[e.row] = append(l, e.lines[e.row+1]...)
		e.lines = append(e.lines[:e.row+1], e.lines[e.row+2:]...)
	}
}

func (e *editor) Left() {
	e.last = ""
	if e.col > 0 {
		e.col--
	} else if e.row > 0 {
		e.row--
		e.col = len(e.lines[e.row])
	}
}

func (e *editor) Right() {
	e.last = ""
	if e.col < len(e.lines[e.row]) {
		e.col++
	} else if e.row < len(e.lines)-1 {
		e.row++
		e.col = 0
	}
}

// Up moves up a line; on the first line it recalls older history, as
// pi's editor does.
func (e *editor) Up() {
	e.last = ""
	if e.row > 0 {
		e.row--
		e.col = min(e.col, len(e.lines[e.row]))
		return
	}
	if e.hpos > 0 && (e.Empty() || e.hpos < len(e.history)) {
		e.hpos--
		e.setText(e.history[e.hpos])
	}
}

// Down moves down a line; on the last line it recalls newer history.
func (e *editor) Down() {
	e.last = ""
	if e.row < len(e.lines)-1 {
		e.row++
		e.col = min(e.col, len(e.lines[e.row]))
		return
	}
	if e.hpos < len(e.history) {
		e.hpos++
		if e.hpos == len(e.history) {
			e.setText("")
		} else {
			e.setText(e.history[e.hpos])
		}
	}
}

func (e *editor) Home() { e.col, e.last = 0, "" }
func (e *editor) End()  { e.col, e.last = len(e.lines[e.row]), "" }

// Word is the text from the last space before the cursor to the cursor.
func (e *editor) Word() string {
	l := e.lines[e.row][:e.col]
	i := len(l)
	for i > 0 && l[i-1] != ' ' && l[i-1] != '\t' {
		i--
	}
	return string(l[i:])
}

// ReplaceWord replaces Word with s.
func (e *editor) ReplaceWord(s string) {
	e.edit()
	w := len([]rune(e.Word()))
	l := e.lines[e.row]
	e.lines[e.row] = append(append([]rune(nil), l[:e.col-w]...), l[e.col:]...)
	e.col -= w
	e.Insert(s)
}

// WordLeft moves to the start of the previous word (alt+left, ctrl+left).
func (e *editor) WordLeft() {
	e.last = ""
	l := e.lines[e.row]
	if e.col == 0 {
		e.Left()
		return
	}
	for e.col > 0 && l[e.col-1] == ' ' {
		e.col--
	}
	for e.col > 0 && l[e.col-1] != ' ' {
		e.col--
	}
}

// WordRight moves past the end of the next word (alt+right, ctrl+right).
func (e *editor) WordRight() {
	e.last = ""
	l := e.lines[e.row]
	if e.col == len(l) {
		e.Right()
		return
	}
	for e.col < len(l) && l[e.col] == ' ' {
		e.col++
	}
	for e.col < len(l) && l[e.col] != ' ' {
		e.col++
	}
}

// wordEnd is where DeleteWordForward stops: past the spaces, then the
// word.
func (e *editor) wordEnd() int {
	l, end := e.lines[e.row], e.col
	for end < len(l) && l[end] == ' ' {
		end++
	}
	for end < len(l) && l[end] != ' ' {
		end++
	}
	return end
}

// wordStart is where DeleteWordBackward stops.
func (e *editor) wordStart() int {
	l, i := e.lines[e.row], e.col
	for i > 0 && l[i-1] == ' ' {
		i--
	}
	for i > 0 && l[i-1] != ' ' {
		i--
	}
	return i
}

// The kills are pi-tui's: the deleted text goes to the kill ring (kills
// in a row make one entry), and at a line's edge the line break is
// deleted instead.

// DeleteWordForward deletes to the end of the next word.
func (e *editor) DeleteWordForward() {
	if e.col == len(e.lines[e.row]) {
		e.killLineBreak(false)
		return
	}
	e.killRange(e.col, e.wordEnd(), false)
}

// DeleteWordBackward deletes to the start of the previous word.
func (e *editor) DeleteWordBackward() {
	if e.col == 0 {
		e.killLineBreak(true)
		return
	}
	e.killRange(e.wordStart(), e.col, true)
}

// DeleteToLineStart deletes to the start of the line.
func (e *editor) DeleteToLineStart() {
	if e.col == 0 {
		e.killLineBreak(true)
		return
	}
	e.killRange(0, e.col, true)
}

// DeleteToLineEnd deletes to the end of the line.
func (e *editor) DeleteToLineEnd() {
	if e.col == len(e.lines[e.row]) {
		e.killLineBreak(false)
		return
	}
	e.killRange(e.col, len(e.lines[e.row]), false)
}

// killRange deletes [from, to) of the cursor's line; backward kills are
// prepended to an accumulating entry, forward ones appended.
func (e *editor) killRange(from, to int, backward bool) {
	e.snapshot()
	l := e.lines[e.row]
	e.kill(string(l[from:to]), backward)
	e.lines[e.row] = append(append([]rune(nil), l[:from]...), l[to:]...)
	e.col = from
}

// killLineBreak joins the line with the previous (backward) or next one.
func (e *editor) killLineBreak(backward bool) {
	if backward && e.row == 0 || !backward && e.row == len(e.lines)-1 {
		return
	}
	e.snapshot()
	e.kill("\n", backward)
	if backward {
		e.row--
		e.col = len(e.lines[e.row])
	}
	e.lines[e.row] = append(append([]rune(nil), e.lines[e.row]...), e.lines[e.row+1]...)
	e.lines = append(e.lines[:e.row+1], e.lines[e.row+2:]...)
}

func (e *editor) kill(text string, backward bool) {
	e.hpos = len(e.history)
	if text != "" {
		switch n := len(e.kills); {
		case e.last == "kill" && n > 0 && backward:
			e.kills[n-1] = text + e.kills[n-1]
		case e.last == "kill" && n > 0:
			e.kills[n-1] += text
		default:
			e.kills = append(e.kills, text)
		}
	}
	e.last = "kill"
}

// Yank inserts the newest kill.
func (e *editor) Yank() {
	if len(e.kills) == 0 {
		return
	}
	e.snapshot()
	e.hpos = len(e.history)
	e.Insert(e.kills[len(e.kills)-1])
	e.last = "yank"
}

// YankPop, right after a yank, replaces the yanked text with the kill
// before it, cycling through the ring.
func (e *editor) YankPop() {
	n := len(e.kills)
	if e.last != "yank" || n <= 1 {
		return
	}
	e.snapshot()
	yanked := strings.Split(e.kills[n-1], "\n")
	startRow := e.row - (len(yanked) - 1)
	startCol := e.col - len([]rune(yanked[0]))
	if len(yanked) > 1 {
		startCol = len(e.lines[startRow]) - len([]rune(yanked[0]))
	}
	tail := e.lines[e.row][e.col:]
	merged := append(append([]rune(nil), e.lines[startRow][:startCol]...), tail...)
	e.lines = append(e.lines[:startRow], append([][]rune{merged}, e.lines[e.row+1:]...)...)
	e.row, e.col = startRow, startCol
	e.kills = append([]string{e.kills[n-1]}, e.kills[:n-1]...)
	e.Insert(e.kills[n-1])
	e.last = "yank"
}

// Type inserts typed text. Typing coalesces into one undo step per word;
// a space is its own step (pi-tui's fish-style undo).
func (e *editor) Type(s string) {
	if s == " " || s == "\t" || e.last != "type-word" {
		e.snapshot()
	}
	e.last = "type-word"
	e.hpos = len(e.history)
	e.Insert(s)
}

// Undo restores the state before the last edit.
func (e *editor) Undo() {
	n := len(e.undo)
	if n == 0 {
		return
	}
	s := e.undo[n-1]
	e.undo = e.undo[:n-1]
	e.lines, e.row, e.col, e.pastes, e.pasteN = s.lines, s.row, s.col, s.pastes, s.pasteN
	e.last = ""
	e.hpos = len(e.history)
}

// JumpTo moves the cursor to the next (dir 1) or previous (dir -1)
// occurrence of ch, across lines; it stays put when there is none.
func (e *editor) JumpTo(ch string, dir int) {
	e.last = ""
	r := []rune(ch)
	if len(r) != 1 {
		return
	}
	for row := e.row; row >= 0 && row < len(e.lines); row += dir {
		l := e.lines[row]
		from, to := 0, len(l)-1
		if row == e.row && dir > 0 {
			from = e.col + 1
		} else if row == e.row {
			to = e.col - 1
		}
		if dir > 0 {
			for i := from; i <= to; i++ {
				if l[i] == r[0] {
					e.row, e.col = row, i
					return
				}
			}
		} else {
			for i := min(to, len(l)-1); i >= 0; i-- {
				if l[i] == r[0] {
					e.row, e.col = row, i
					return
				}
			}
		}
	}
}

// edit starts an edit that is its own undo step.
func (e *editor) edit() {
	e.snapshot()
	e.last = ""
	e.hpos = len(e.history)
}

func (e *editor) snapshot() {
	lines := make([][]rune, len(e.lines))
	for i, l := range e.lines {
		lines[i] = append([]rune(nil), l...)
	}
	e.undo = append(e.undo, editorSnapshot{lines: lines, row: e.row, col: e.col, pastes: maps.Clone(e.pastes), pasteN: e.pasteN})
}

// Remember adds a submitted text to the history (pi keeps no duplicates
// of the last entry).
func (e *editor) Remember(s string) {
	if s != "" && (len(e.history) == 0 || e.history[len(e.history)-1] != s) {
		e.history = append(e.history, s)
	}
	e.hpos = len(e.history)
}

// Render draws the content wrapped to width with the cursor shown as a
// reverse-video cell; it returns the lines.
func (e *editor) Render(width int, cursor bool) []string {
	if width < 2 {
		width = 2
	}
	var out []string
	for r, l := range e.lines {
		s := string(l)
		if cursor && r == e.row {
			before, at, after := string(l[:e.col]), " ", ""
			if e.col < len(l) {
				at, after = string(l[e.col]), string(l[e.col+1:])
			}
			s = before + "\x1b[7m" + at + "\x1b[27m" + after
		}
		wrapped := ansi.Hardwrap(s, width, true)
		out = append(out, strings.Split(wrapped, "\n")...)
	}
	return out
}

// PageScroll is pi-tui's pageScroll: the cursor moves page visual rows
// (the text wrapped at width, as Render wraps it) up (dir -1) or down
// (dir 1), within the text, keeping its column in the row where the row
// is long enough.
func (e *editor) PageScroll(dir, page, width int) {
	e.last = ""
	type visualRow struct{ line, start, n int }
	var rows []visualRow
	for r, l := range e.lines {
		start := 0
		for _, s := range strings.Split(ansi.Hardwrap(string(l), max(width, 2), true), "\n") {
			n := len([]rune(s))
			rows = append(rows, visualRow{r, start, n})
			start += n
		}
	}
	lastOfLine := func(i int) bool { return i == len(rows)-1 || rows[i+1].line != rows[i].line }
	cur := 0
	for i, v := range rows {
		if v.line == e.row && e.col >= v.start && (e.col < v.start+v.n || lastOfLine(i)) {
			cur = i
			break
		}
	}
	target := max(0, min(len(rows)-1, cur+dir*page))
	t := rows[target]
	room := t.n // a row that wraps on keeps the cursor off its last cell
	if !lastOfLine(target) {
		room = max(0, t.n-1)
	}
	e.row, e.col = t.line, t.start+min(e.col-rows[cur].start, room)
}

// ClickAt moves the cursor to where a click on visual row vrow, cell x
// of the editor drawn at width (Render's wrapping) lands: on the clicked
// character, or after the end of the row's text (pi's Editor: a click
// past a wrapped row's end lands on its last character).
func (e *editor) ClickAt(vrow, x, width int) {
	if width < 2 {
		width = 2
	}
	for r, l := range e.lines {
		segs := strings.Split(ansi.Hardwrap(string(l), width, true), "\n")
		if vrow >= len(segs) {
			vrow -= len(segs)
			continue
		}
		col := 0
		for _, s := range segs[:vrow] {
			col += len([]rune(s))
		}
		seg := []rune(segs[vrow])
		cell, i := 0, 0
		for ; i < len(seg); i++ {
			w := ansi.StringWidth(string(seg[i]))
			if x < cell+w {
				break
			}
			cell += w
		}
		if i == len(seg) && vrow < len(segs)-1 && len(seg) > 0 {
			i-- // not the line's last row: stay on it
		}
		e.row, e.col = r, min(col+i, len(l))
		return
	}
}

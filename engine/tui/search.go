package tui

import (
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/rivo/uniseg"
)

// Transcript search in fullscreen mode, as pi-tui 1.6's alt-screen
// search: tui.altScreen.search opens a box at the top right; what is
// typed is found in the rendered transcript (ANSI stripped, runs of
// blanks and line ends as one space, case-insensitive), every match on
// screen is underlined and the selected one drawn bold in reverse; next
// and previous move the selection, scrolling it a third of the way down
// the viewport when it is off screen.

// transcriptSearch is the open search.
type transcriptSearch struct {
	input     *editor
	query     string // the input's text the matches are for
	matches   []searchMatch
	selected  int    // -1: none
	key       string // the selected match's position, to find it again when the transcript changes
	mode      string // "query", "next", "previous" or "retain": what the next refresh selects
	anchorRow int    // a new query selects the first match from here on
	// the corpus of the lines last searched, and the query searched
	lines      []string
	corpus     searchCorpus
	normalized string
	// where the box's ↑ and ↓ buttons were drawn (columns in its last row)
	prevStart, prevEnd, nextStart, nextEnd int
}

type searchMatch struct {
	segments []searchSegment
	textEnd  int // where it ends in the corpus text
}

// searchSegment is a match's cells on one row: [startCol, endCol).
type searchSegment struct{ row, startCol, endCol int }

// searchSpan maps a run of the corpus text to the cells it came from.
type searchSpan struct {
	textStart, textEnd int
	row                int
	startCol, endCol   int
	linear             bool // one cell a byte (printable ASCII)
}

type searchCorpus struct {
	text  string
	spans []searchSpan
	// rows[r] is where row r starts: the text's length, the spans'
	// count and whether a separator was pending, so that a change (a
	// streaming reply at the end) rebuilds only from its row.
	rows    []corpusRow
	pending bool
}

type corpusRow struct {
	text, spans int
	pending     bool
}

// buildSearchCorpus is pi's buildSearchCorpus: the lines' visible text
// with blank runs and line ends as single spaces.
func buildSearchCorpus(lines []string) searchCorpus {
	var c searchCorpus
	c.extend(lines, 0)
	return c
}

// extend rebuilds the corpus from row from on (rows before it are the
// same lines as before).
func (c *searchCorpus) extend(lines []string, from int) {
	if from < len(c.rows) {
		r := c.rows[from]
		c.text, c.spans, c.pending, c.rows = c.text[:r.text], c.spans[:r.spans], r.pending, c.rows[:from]
	}
	var b strings.Builder
	b.WriteString(c.text)
	sep := func() {
		if c.pending {
			b.WriteByte(' ')
			c.pending = false
		}
	}
	for row := from; row < len(lines); row++ {
		c.rows = append(c.rows, corpusRow{b.Len(), len(c.spans), c.pending})
		line := ansi.Strip(lines[row])
		col := 0
		if isPrintableASCII(line) {
			for i := 0; i < len(line); {
				if line[i] == ' ' {
					c.pending = c.pending || b.Len() > 0
					col++
					i++
					continue
				}
				end := i + 1
				for end < len(line) && line[end] != ' ' {
					end++
				}
				sep()
				start := b.Len()
				b.WriteString(line[i:end])
				c.spans = append(c.spans, searchSpan{start, b.Len(), row, col, col + end - i, true})
				col += end - i
				i = end
			}
		} else {
			g := uniseg.NewGraphemes(line)
			for g.Next() {
				text := g.Str()
				w := ansi.StringWidth(text)
				if strings.TrimFunc(text, unicode.IsSpace) == "" {
					c.pending = c.pending || b.Len() > 0
					col += w
					continue
				}
				sep()
				start := b.Len()
				b.WriteString(text)
				c.spans = append(c.spans, searchSpan{start, b.Len(), row, col, col + w, false})
				col += w
			}
		}
		c.pending = c.pending || b.Len() > 0
	}
	c.text = b.String()
}

func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

// normalizeSearchQuery collapses blank runs and trims, as pi.
func normalizeSearchQuery(q string) string { return strings.Join(strings.Fields(q), " ") }

// find is pi's findSearchCorpusMatches: every case-insensitive
// occurrence of query, as the cells it covers.
func (c searchCorpus) find(query string) []searchMatch { return c.findFrom(query, nil, 0) }

// findFrom is find with the matches kept that end before the text's
// offset cut (the text up to there is as when they were found): the
// scan goes on after the last of them.
func (c searchCorpus) findFrom(query string, old []searchMatch, cut int) []searchMatch {
	if query == "" {
		return nil
	}
	var out []searchMatch
	from := 0
	for _, sm := range old {
		if sm.textEnd > cut {
			break
		}
		out, from = append(out, sm), sm.textEnd
	}
	re := regexp.MustCompile("(?i)" + regexp.QuoteMeta(query))
	si := sort.Search(len(c.spans), func(i int) bool { return c.spans[i].textEnd > from })
	for _, loc := range re.FindAllStringIndex(c.text[from:], -1) {
		start, end := loc[0]+from, loc[1]+from
		for si < len(c.spans) && c.spans[si].textEnd <= start {
			si++
		}
		var segs []searchSegment
		for _, sp := range c.spans[si:] {
			if sp.textStart >= end {
				break
			}
			if sp.textEnd <= start {
				continue
			}
			sc, ec := sp.startCol, sp.endCol
			if sp.linear {
				sc = sp.startCol + max(start, sp.textStart) - sp.textStart
				ec = sp.startCol + min(end, sp.textEnd) - sp.textStart
			}
			if n := len(segs); n > 0 && segs[n-1].row == sp.row && sc <= segs[n-1].endCol {
				segs[n-1].endCol = max(segs[n-1].endCol, ec)
			} else {
				segs = append(segs, searchSegment{sp.row, sc, ec})
			}
		}
		for si < len(c.spans) && c.spans[si].textEnd <= end {
			si++
		}
		if len(segs) > 0 {
			out = append(out, searchMatch{segs, end})
		}
	}
	return out
}

func (sm searchMatch) key() string {
	f, l := sm.segments[0], sm.segments[len(sm.segments)-1]
	return strconv.Itoa(f.row) + ":" + strconv.Itoa(f.startCol) + ":" + strconv.Itoa(l.row) + ":" + strconv.Itoa(l.endCol)
}

// toggleSearch opens the search box, or closes it when open.
func (m *model) toggleSearch() {
	if m.search != nil {
		m.search = nil
		return
	}
	m.search = &transcriptSearch{input: newEditor(), selected: -1, mode: "query", anchorRow: -1} // -1: the viewport's top
}

// searchKey handles a key while the search box has the keyboard: next,
// previous, close, the transcript's scroll keys; the rest edits the query.
func (m *model) searchKey(ks string, k tea.KeyPressMsg) tea.Cmd {
	s := m.search
	switch {
	case m.keys.is("tui.altScreen.searchNext", ks):
		s.navigate(1)
	case m.keys.is("tui.altScreen.searchPrevious", ks):
		s.navigate(-1)
	case m.keys.is("tui.altScreen.searchClose", ks):
		m.search = nil
	case m.keys.is("tui.altScreen.pageUp", ks), m.keys.is("tui.altScreen.pageDown", ks),
		m.keys.is("tui.altScreen.top", ks), m.keys.is("tui.altScreen.bottom", ks):
		for _, a := range []string{"tui.altScreen.pageUp", "tui.altScreen.pageDown", "tui.altScreen.top", "tui.altScreen.bottom"} {
			if m.keys.is(a, ks) {
				return m.action(a)
			}
		}
	case ks != "up" && ks != "down" && ks != "tab": // the one-line input, as pi's Input
		m.editKeyOn(s.input, ks, k)
		m.setSearchQuery(s.input.Text())
	}
	return nil
}

// inputLine is a one-line input's text with its cursor, the end kept
// in view when it is wider than w.
func inputLine(e *editor, w int) string {
	line := e.Render(1<<20, true)[0]
	if lw := ansi.StringWidth(line); lw > w {
		line = ansi.TruncateLeft(line, lw-w, "")
	}
	return line
}

// setSearchQuery is pi's updateSearchQuery: the next refresh selects
// the first match at or below the selected one (or the viewport's top).
func (m *model) setSearchQuery(q string) {
	s := m.search
	if q == s.query {
		return
	}
	s.anchorRow = m.scrollTop
	if s.selected >= 0 && s.selected < len(s.matches) {
		s.anchorRow = s.matches[s.selected].segments[0].row
	}
	s.query, s.mode = q, "query"
}

func (s *transcriptSearch) navigate(dir int) {
	if s.query == "" {
		return
	}
	s.mode = "next"
	if dir < 0 {
		s.mode = "previous"
	}
}

// active: a query to search for.
func (s *transcriptSearch) active() bool { return s != nil && strings.TrimSpace(s.query) != "" }

// refresh is pi's refreshSearch over the transcript's lines (top is
// the viewport's first, view its height): the
// matches, the selection the last key asked for, and the viewport's new
// top row when the selection must be revealed (ok false: it stays).
func (s *transcriptSearch) refresh(lines []string, top, view int) (target int, ok bool) {
	if !s.active() {
		s.matches, s.selected, s.key, s.mode = nil, -1, "", "retain"
		return 0, false
	}
	if s.anchorRow < 0 {
		s.anchorRow = top
	}
	reveal := s.mode != "retain"
	// the first row that changed since the last frame
	same := 0
	for same < min(len(lines), len(s.lines)) && lines[same] == s.lines[same] {
		same++
	}
	linesChanged := s.lines == nil || same < len(lines) || len(lines) != len(s.lines)
	if linesChanged {
		cut := len(s.corpus.text)
		if same < len(s.corpus.rows) {
			cut = s.corpus.rows[same].text
		}
		s.corpus.extend(lines, same)
		s.lines = slices.Clone(lines)
		if q := normalizeSearchQuery(s.query); q == s.normalized {
			s.matches = s.corpus.findFrom(q, s.matches, cut)
		}
	}
	q := normalizeSearchQuery(s.query)
	changed := linesChanged || q != s.normalized
	if q != s.normalized {
		s.normalized, s.matches = q, s.corpus.find(q)
	}
	if !changed && s.mode == "retain" {
		return 0, false
	}
	exact := s.selected
	if changed {
		exact = -1
		if s.key != "" {
			exact = slices.IndexFunc(s.matches, func(sm searchMatch) bool { return sm.key() == s.key })
		}
	}
	sel, n := -1, len(s.matches)
	if n > 0 {
		base := exact
		if base < 0 {
			base = min(s.selected, n-1)
		}
		switch s.mode {
		case "query":
			sel = 0
			for sel < n && s.matches[sel].segments[0].row < s.anchorRow {
				sel++
			}
			if sel == n {
				sel = 0
			}
		case "next":
			sel = 0
			if base >= 0 {
				sel = (base + 1) % n
			}
		case "previous":
			sel = n - 1
			if base >= 0 {
				sel = (base - 1 + n) % n
			}
		default:
			sel = exact
			if sel < 0 {
				sel = min(max(0, s.selected), n-1)
			}
		}
	}
	s.selected, s.mode, s.key = sel, "retain", ""
	if sel >= 0 {
		s.key = s.matches[sel].key()
	}
	if !reveal || sel < 0 || view <= 0 {
		return 0, false
	}
	first, last := s.matches[sel].segments[0], s.matches[sel].segments[len(s.matches[sel].segments)-1]
	if first.row < top || last.row > top+view-1 {
		return first.row - view/3, true
	}
	return 0, false
}

// highlight underlines the matches on the viewport's rows (rows shows
// content rows from top on) and draws the selected one bold in reverse,
// as pi's searchMatchStyle and searchCurrentMatchStyle.
func (s *transcriptSearch) highlight(rows []string, top, w int) {
	if s == nil || s.selected < 0 {
		return
	}
	type span struct {
		start, end int
		current    bool
	}
	byRow := map[int][]span{}
	for i, sm := range s.matches {
		for _, seg := range sm.segments {
			if r := seg.row - top; r >= 0 && r < len(rows) {
				byRow[r] = append(byRow[r], span{seg.startCol, min(seg.endCol, w), i == s.selected})
			}
		}
	}
	for r, spans := range byRow {
		line := rows[r]
		lw := ansi.StringWidth(line)
		slices.SortFunc(spans, func(a, b span) int { return b.start - a.start })
		for _, sp := range spans {
			start, end := min(sp.start, lw), min(sp.end, lw)
			if end <= start {
				continue
			}
			style := [2]string{"\x1b[4m", "\x1b[24m"}
			if sp.current {
				style = [2]string{"\x1b[1;7m", "\x1b[22;27m"}
			}
			line = ansi.Cut(line, 0, start) + styleRuns(ansi.Cut(line, start, end), style) + ansi.Cut(line, end, lw)
		}
		rows[r] = line
	}
}

var escapeSeq = regexp.MustCompile(`\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|_[^\x07\x1b]*(\x07|\x1b\\))`)

// styleRuns wraps each run of text between escape sequences in style,
// as pi's applySearchTextHighlight (the text's own codes stay).
func styleRuns(s string, style [2]string) string {
	var b strings.Builder
	last := 0
	for _, loc := range escapeSeq.FindAllStringIndex(s, -1) {
		if loc[0] > last {
			b.WriteString(style[0] + s[last:loc[0]] + style[1])
		}
		b.WriteString(s[loc[0]:loc[1]])
		last = loc[1]
	}
	if last < len(s) {
		b.WriteString(style[0] + s[last:] + style[1])
	}
	return b.String()
}

// searchBoxWidth is the box's overlay width: 40% of the terminal, at
// least 32 cells, within a margin of one.
func searchBoxWidth(w int) int { return min(max(w*40/100, 32), max(1, w-2)) }

// render draws pi's AltScreenSearchComponent: the query (or the dimmed
// placeholder) with the result ("2/5", "No matches"), and the ↑ and ↓
// buttons in the bottom border.
func (s *transcriptSearch) render(km keymap, w int) []string {
	if w <= 1 {
		return []string{"┌", "│", "└"}
	}
	inner := w - 2
	first := func(action string) string {
		if keys := km[action]; len(keys) > 0 {
			return km.display(keys[0])
		}
		return "Unbound"
	}
	result := ""
	if s.query != "" {
		result = "No matches"
		if len(s.matches) > 0 {
			result = strconv.Itoa(s.selected+1) + "/" + strconv.Itoa(len(s.matches))
		}
	}
	resultText := ""
	if r := ansi.Truncate(result, max(0, inner-3), ""); r != "" {
		resultText = "\x1b[2m " + r + " \x1b[22m"
	}
	inputW := max(0, inner-ansi.StringWidth(resultText))
	avail := max(1, inputW) - 1 // after the prompt " "
	var input string
	if s.query == "" {
		ph := []rune(ansi.Truncate("Find in transcript", avail, ""))
		if len(ph) > 0 {
			input = "\x1b[7m\x1b[2m" + string(ph[0]) + "\x1b[22m\x1b[27m\x1b[2m" + string(ph[1:]) + "\x1b[22m"
		}
	} else {
		input = inputLine(s.input, avail)
	}
	if pad := avail - ansi.StringWidth(input); pad > 0 {
		input += strings.Repeat(" ", pad)
	}
	inputLine := ansi.Truncate(" "+input, inputW, "")
	if pad := inputW - ansi.StringWidth(inputLine); pad > 0 {
		inputLine += strings.Repeat(" ", pad)
	}
	prev, next, sep := "↑ "+first("tui.altScreen.searchPrevious"), "↓ "+first("tui.altScreen.searchNext"), " · "
	availControls := max(0, inner-3)
	controls := ansi.StringWidth(prev + sep + next)
	if controls > availControls {
		prev, next, sep = "↑", "↓", " "
		controls = 3
	}
	show := controls <= availControls
	buttons, gaps, right := "", 0, 0
	if show {
		buttons, gaps = prev+sep+next, 2
		if inner > controls+gaps {
			right = 1
		}
	} else {
		controls = 0
	}
	left := max(0, inner-controls-gaps-right)
	s.prevStart, s.prevEnd, s.nextStart, s.nextEnd = -1, -1, -1, -1
	if show {
		s.prevStart = 1 + left + 1
		s.prevEnd = s.prevStart + ansi.StringWidth(prev)
		s.nextStart = s.prevEnd + ansi.StringWidth(sep)
		s.nextEnd = s.nextStart + ansi.StringWidth(next)
	}
	bottom := "└" + strings.Repeat("─", left)
	if buttons != "" {
		bottom += " " + buttons + " "
	}
	bottom += strings.Repeat("─", right) + "┘"
	return []string{"┌" + strings.Repeat("─", inner) + "┐", "│" + inputLine + resultText + "│", bottom}
}

// searchBox names the search box's mouse box.
const searchBox = "\x00search"

// drawSearch composites the search box over the frame's top right (its
// overlay: anchor top-right, margin 1).
func (m *model) drawSearch(frame []string, w int) []string {
	bw := searchBoxWidth(w)
	col := max(0, w-1-bw)
	lines := m.search.render(m.keys, bw)
	m.box(searchBox, col, 1, bw, len(lines))
	return composite(frame, lines, 1, col)
}

// searchClick is pi's handleSearchMouseEvent: a left press on the box's
// ↑ or ↓ button selects the previous or next match.
func (m *model) searchClick(typ string, ev tea.Mouse) bool {
	s := m.search
	if s == nil || typ != "press" || ev.Button != tea.MouseLeft {
		return false
	}
	b, ok := m.boxAt(ev.X, ev.Y)
	if !ok || b.id != searchBox || ev.Y-b.y != 2 {
		return false
	}
	switch x := ev.X - b.x; {
	case x >= s.prevStart && x < s.prevEnd:
		s.navigate(-1)
	case x >= s.nextStart && x < s.nextEnd:
		s.navigate(1)
	default:
		return false
	}
	return true
}

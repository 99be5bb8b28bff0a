package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// picker is a built-in view in place of the editor that has the
// keyboard: a selector, the session tree navigator.
type picker interface {
	key(m *model, ks string, k tea.KeyPressMsg) tea.Cmd
	render(m *model, w int) []string
}

// selector is a built-in picker (models, sessions, tree entries, fork
// points): a filterable list in place of the editor.
type selector struct {
	title  string
	items  []selItem
	filter string
	index  int
	choose func(m *model, it selItem)
	// intro is a line above the search (pi's model selector's hint);
	// line draws an item (default: label and muted detail); about is a
	// line under the list for the selected item.
	intro string
	line  func(m *model, it selItem, selected bool) string
	about func(it selItem) string
	// heading, when set, draws the lines above the search instead of
	// intro; tab runs on the tab key; save, when set, is the
	// app.models.save key on the selected item (and its hint).
	heading func(m *model) []string
	// first, when set, puts the items it holds for the filter before
	// the fuzzy matches.
	first func(filter string, it selItem) bool
	tab   func(m *model, s *selector)
	save  func(m *model, it selItem)
	// wheel: the mouse wheel over the list moves the selection and a
	// click takes an item (pi's SelectList and SettingsList); listTop
	// and listRows are where render drew the list, listStart its first
	// item's index.
	wheel                        bool
	listTop, listRows, listStart int
	// search is the text the filter fuzzy-matches (default: label and
	// detail).
	search func(it selItem) string
	in     *editor // the search input (searchInput)
	// rows is how many items show (default 10), indent goes before each
	// list row, clamp stops the selection at the ends instead of
	// wrapping, noHints leaves out the key hints, empty replaces "No
	// matches", cancel runs after escape closed the selector.
	rows    int
	indent  string
	clamp   bool
	noHints bool
	empty   string
	cancel  func(m *model)
}

type selItem struct {
	label, detail string
	value         any
	current       bool
	name          string // a model's name
}

// visible is the items the filter matches, best first, as pi's
// selectors' fuzzyFilter over each item's search text.
func (s *selector) visible() []selItem {
	text := s.search
	if text == nil {
		text = func(it selItem) string { return it.label + " " + it.detail }
	}
	out := fuzzyFilter(s.items, s.filter, text)
	if s.first == nil || s.filter == "" {
		return out
	}
	var lead, rest []selItem
	for _, it := range s.items {
		if s.first(s.filter, it) {
			lead = append(lead, it)
		}
	}
	for _, it := range out {
		if !s.first(s.filter, it) {
			rest = append(rest, it)
		}
	}
	return append(lead, rest...)
}

func (s *selector) key(m *model, ks string, k tea.KeyPressMsg) tea.Cmd {
	vis := s.visible()
	switch {
	case m.keys.is("tui.select.cancel", ks):
		m.sel = nil
		if s.cancel != nil {
			s.cancel(m)
		}
	case m.keys.is("tui.select.up", ks) && len(vis) > 0:
		if s.clamp {
			s.index = max(0, s.index-1)
		} else {
			s.index = (s.index - 1 + len(vis)) % len(vis)
		}
	case m.keys.is("tui.select.down", ks) && len(vis) > 0:
		if s.clamp {
			s.index = min(len(vis)-1, s.index+1)
		} else {
			s.index = (s.index + 1) % len(vis)
		}
	case m.keys.is("tui.select.confirm", ks):
		m.sel = nil
		if len(vis) > 0 {
			s.choose(m, vis[min(s.index, len(vis)-1)])
		}
	case s.tab != nil && m.keys.is("tui.input.tab", ks):
		s.tab(m, s)
	case s.save != nil && m.keys.is("app.models.save", ks):
		if len(vis) > 0 {
			m.sel = nil
			s.save(m, vis[min(s.index, len(vis)-1)])
		}
	case ks != "tab": // the search, a one-line input; a new query selects the top row
		in := s.searchInput()
		m.editKeyOn(in, ks, k)
		if q := in.Text(); q != s.filter {
			s.filter, s.index = q, 0
		}
	}
	return nil
}

// searchInput is the search's input, holding the filter it started with.
func (s *selector) searchInput() *editor {
	if s.in == nil || s.in.Text() != s.filter {
		s.in = newEditor()
		s.in.SetText(s.filter)
	}
	return s.in
}

// render draws the picker as pi's selectors: a border, the search input
// ("> "), the list (10 rows centred on the selection), key hints.
func (s *selector) render(m *model, w int) []string {
	th := m.th
	rule := th.Fg("border", strings.Repeat("─", w))
	out := []string{rule, ""}
	if s.title != "" {
		out = append(out, " "+th.Fg("accent", Bold(s.title)), "")
	}
	if s.heading != nil {
		for _, l := range s.heading(m) {
			out = append(out, ansi.Truncate(l, w, ""))
		}
		out = append(out, "")
	} else if s.intro != "" {
		out = append(out, ansi.Truncate(th.Fg("warning", s.intro), w, ""), "")
	}
	out = append(out, "> "+inputLine(s.searchInput(), max(1, w-2)), "")
	vis := s.visible()
	rows := s.rows
	if rows == 0 {
		rows = 10
	}
	start := max(0, min(s.index-rows/2, len(vis)-rows))
	end := min(len(vis), start+rows)
	s.listTop, s.listRows, s.listStart = len(out), end-start, start
	for i := start; i < end; i++ {
		it := vis[i]
		var line string
		if s.line != nil {
			line = s.line(m, it, i == s.index)
		} else {
			line = it.label
			if i == s.index {
				line = th.Fg("accent", line)
			}
			if it.current {
				line += th.Fg("success", " ✓")
			}
			if it.detail != "" {
				line += "  " + th.Fg("muted", it.detail)
			}
			if i == s.index {
				line = th.Fg("accent", "→ ") + line
			} else {
				line = "  " + line
			}
		}
		out = append(out, ansi.Truncate(s.indent+line, w, "…"))
	}
	if start > 0 || end < len(vis) {
		out = append(out, s.indent+th.Fg("muted", fmt.Sprintf("  (%d/%d)", min(s.index+1, len(vis)), len(vis))))
	}
	if len(vis) == 0 {
		empty := s.empty
		if empty == "" {
			empty = "No matches"
		}
		out = append(out, s.indent+th.Fg("muted", "  "+empty))
	} else if s.about != nil {
		out = append(out, "", th.Fg("muted", "  "+s.about(vis[min(s.index, len(vis)-1)])))
	}
	if s.noHints {
		return append(out, "", rule)
	}
	save := ""
	if s.save != nil {
		save = " · " + m.keys.text("app.models.save", true) + " to set as default"
	}
	hint := fmt.Sprintf("  %s to select%s · %s to cancel", m.keys.text("tui.select.confirm", true), save, m.keys.text("tui.select.cancel", true))
	return append(out, "", th.Fg("dim", hint), rule)
}

// wheelMove moves the selection one item for a wheel event (dir -1 up,
// 1 down), stopping at the ends, as pi's SelectList.
func (s *selector) wheelMove(dir int) {
	if n := len(s.visible()); n > 0 {
		s.index = max(0, min(n-1, s.index+dir))
	}
}

// selectorClick is pi's SelectList and SettingsList under the mouse: a
// left press on an item selects it, and its release on the same cell (a
// click) confirms it as enter does. It reports whether the event was
// the list's.
func (m *model) selectorClick(typ string, ev tea.Mouse) bool {
	s, _ := m.sel.(*selector)
	if p := m.selPress; p != nil && typ == "release" {
		m.selPress = nil
		if s != nil && p.x == ev.X && p.y == ev.Y {
			if vis := s.visible(); p.i < len(vis) {
				s.index = p.i
				m.sel = nil
				s.choose(m, vis[p.i])
			}
		}
		return true
	}
	b, ok := m.boxAt(ev.X, ev.Y)
	if !ok || b.id != selectorListBox || s == nil || typ != "press" || ev.Button != tea.MouseLeft {
		return false
	}
	if i := s.listStart + ev.Y - b.y; i < len(s.visible()) {
		s.index = i
		m.selPress = &autoPress{i: i, x: ev.X, y: ev.Y}
	}
	return true
}

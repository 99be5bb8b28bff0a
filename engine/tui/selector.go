package tui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// selector is a built-in picker (models, sessions, tree entries, fork
// points): a filterable list in place of the editor.
type selector struct {
	title  string
	items  []selItem
	filter string
	index  int
	choose func(m *model, it selItem)
}

type selItem struct {
	label, detail string
	value         any
	current       bool
}

func (s *selector) visible() []selItem {
	if s.filter == "" {
		return s.items
	}
	var out []selItem
	f := strings.ToLower(s.filter)
	for _, it := range s.items {
		if strings.Contains(strings.ToLower(it.label+" "+it.detail), f) {
			out = append(out, it)
		}
	}
	return out
}

func (s *selector) key(m *model, ks string, k tea.KeyPressMsg) tea.Cmd {
	vis := s.visible()
	switch {
	case m.keys.is("tui.select.cancel", ks):
		m.sel = nil
	case m.keys.is("tui.select.up", ks) && len(vis) > 0:
		s.index = (s.index - 1 + len(vis)) % len(vis)
	case m.keys.is("tui.select.down", ks) && len(vis) > 0:
		s.index = (s.index + 1) % len(vis)
	case m.keys.is("tui.select.confirm", ks):
		m.sel = nil
		if len(vis) > 0 {
			s.choose(m, vis[min(s.index, len(vis)-1)])
		}
	case ks == "backspace":
		if s.filter != "" {
			s.filter = s.filter[:len(s.filter)-1]
			s.index = 0
		}
	default:
		if k.Text != "" {
			s.filter += k.Text
			s.index = 0
		}
	}
	return nil
}

func (s *selector) render(m *model, w int) []string {
	th := m.th
	rule := th.Fg("border", strings.Repeat("─", w))
	out := []string{rule, " " + th.Fg("accent", Bold(s.title)), " " + th.Fg("dim", "Search: ") + s.filter, ""}
	vis := s.visible()
	const rows = 10
	start := max(0, s.index-rows+1)
	for i := start; i < min(len(vis), start+rows); i++ {
		it := vis[i]
		mark := "  "
		label := it.label
		if it.current {
			label += th.Fg("success", " ✓")
		}
		line := label
		if it.detail != "" {
			line += "  " + th.Fg("muted", it.detail)
		}
		if i == s.index {
			mark = th.Fg("accent", "→ ")
			line = th.Fg("accent", it.label) + strings.TrimPrefix(line, it.label)
		}
		out = append(out, ansi.Truncate(mark+line, w, "…"))
	}
	if len(vis) == 0 {
		out = append(out, th.Fg("muted", "  No matches"))
	}
	if len(vis) > rows {
		out = append(out, th.Fg("dim", fmt.Sprintf("  (%d/%d)", min(s.index+1, len(vis)), len(vis))))
	}
	return append(out, "", th.Fg("dim", " ↑↓ navigate • enter select • esc cancel • type to search"), rule)
}

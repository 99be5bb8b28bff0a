package tui

import (
	"context"
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pigo-dev/pigo/engine/piconfig"
)

// ConfigOptions are `pigo config`'s: the resources resolved with global
// settings only and with the project's too, and where toggles go.
type ConfigOptions struct {
	Options // terminal, theme and keybindings (Cwd, Home, AgentDir, Theme, Input, Output, Env, Width, Height)
	// Global and Project are the groups of the two listings (Project is
	// Global when the project is not trusted).
	Global, Project []*piconfig.Group
	// WriteScope is where toggles go first: "global" or "project" (-l).
	WriteScope string
	// ProjectModeAvailable lets tab switch scopes (a trusted project).
	ProjectModeAvailable bool
}

// RunConfig is pi's config selector (pi config): a filterable list of
// every resource by group, space toggling one in the scope's settings,
// tab switching between global and project mode, escape closing it.
func RunConfig(ctx context.Context, o ConfigOptions) error {
	m := newConfigModel(o)
	_, err := runProgram(ctx, m, o.Options, o.Output, nil)
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) && !errors.Is(err, context.Canceled) {
		return err
	}
	return m.err
}

// configEntry is one row of the list: a group header, a type subgroup
// header, or an item.
type configEntry struct {
	group *piconfig.Group
	sub   *piconfig.Subgroup
	item  *piconfig.Item
}

type configModel struct {
	o      ConfigOptions
	th     *Theme
	keys   keymap
	ed     *piconfig.Editor
	flat   []configEntry
	shown  []configEntry
	index  int
	query  string
	width  int
	height int
	err    error // a settings file that could not be written
}

func newConfigModel(o ConfigOptions) *configModel {
	th, err := LoadTheme(o.Theme, o.themeDirs()...)
	if err != nil {
		th, _ = LoadTheme("dark")
	}
	if o.WriteScope != "project" {
		o.WriteScope = "global"
	}
	m := &configModel{o: o, th: th, keys: loadKeys(o.AgentDir, envLookup(o.Env)), width: 80, height: 24,
		ed: piconfig.NewEditor(piconfig.Paths{Cwd: o.Cwd, AgentDir: o.AgentDir, Home: o.Home}, o.Global, o.WriteScope)}
	if o.Height > 0 {
		m.height = o.Height
	}
	m.rebuild()
	return m
}

func (m *configModel) groups() []*piconfig.Group {
	if m.ed.WriteScope == "project" {
		return m.o.Project
	}
	return m.o.Global
}

// rebuild lists the scope's groups, filtered by the query, the first item
// selected.
func (m *configModel) rebuild() {
	m.flat = m.flat[:0]
	for _, g := range m.groups() {
		m.flat = append(m.flat, configEntry{group: g})
		for _, s := range g.Subgroups {
			m.flat = append(m.flat, configEntry{group: g, sub: s})
			for _, it := range s.Items {
				m.flat = append(m.flat, configEntry{group: g, sub: s, item: it})
			}
		}
	}
	m.filter()
}

// filter keeps items whose name, type or path contains the query, with
// their group and subgroup headers.
func (m *configModel) filter() {
	q := strings.ToLower(strings.TrimSpace(m.query))
	if q == "" {
		m.shown = append([]configEntry(nil), m.flat...)
	} else {
		q = strings.ToLower(m.query)
		match := map[*piconfig.Item]bool{}
		subs := map[*piconfig.Subgroup]bool{}
		groups := map[*piconfig.Group]bool{}
		for _, e := range m.flat {
			if it := e.item; it != nil && (strings.Contains(strings.ToLower(it.DisplayName), q) ||
				strings.Contains(it.Type, q) || strings.Contains(strings.ToLower(it.Path), q)) {
				match[it], subs[e.sub], groups[e.group] = true, true, true
			}
		}
		m.shown = m.shown[:0]
		for _, e := range m.flat {
			if (e.item != nil && match[e.item]) || (e.item == nil && e.sub != nil && subs[e.sub]) || (e.sub == nil && groups[e.group]) {
				m.shown = append(m.shown, e)
			}
		}
	}
	m.index = 0
	for i, e := range m.shown {
		if e.item != nil {
			m.index = i
			break
		}
	}
}

// maxVisible is the list's rows: the terminal less pi's 8 lines of chrome.
func (m *configModel) maxVisible() int { return max(5, m.height-8) }

func (m *configModel) nextItem(from, dir int) int {
	for i := from + dir; i >= 0 && i < len(m.shown); i += dir {
		if m.shown[i].item != nil {
			return i
		}
	}
	return from
}

func (m *configModel) Init() tea.Cmd { return nil }

func (m *configModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.PasteMsg:
		m.query += msg.Content
		m.filter()
	}
	return m, nil
}

func (m *configModel) key(k tea.KeyPressMsg) tea.Cmd {
	ks := k.String()
	switch {
	case m.keys.is("tui.select.up", ks):
		m.index = m.nextItem(m.index, -1)
	case m.keys.is("tui.select.down", ks):
		m.index = m.nextItem(m.index, 1)
	case m.keys.is("tui.select.pageUp", ks):
		t := max(0, m.index-m.maxVisible())
		for t < len(m.shown) && m.shown[t].item == nil {
			t++
		}
		if t < len(m.shown) {
			m.index = t
		}
	case m.keys.is("tui.select.pageDown", ks):
		t := min(len(m.shown)-1, m.index+m.maxVisible())
		for t >= 0 && m.shown[t].item == nil {
			t--
		}
		if t >= 0 {
			m.index = t
		}
	case m.keys.is("tui.select.cancel", ks), ks == "ctrl+c":
		return tea.Quit
	case m.keys.is("tui.input.tab", ks):
		if m.o.ProjectModeAvailable {
			if m.ed.WriteScope == "global" {
				m.ed.WriteScope = "project"
			} else {
				m.ed.WriteScope = "global"
			}
			m.rebuild()
		}
	case ks == "space" || m.keys.is("tui.select.confirm", ks):
		if m.index < len(m.shown) {
			if it := m.shown[m.index].item; it != nil && m.ed.Editable(it) {
				on, ok, err := m.ed.Toggle(it)
				if err != nil {
					m.err = fmt.Errorf("config: %w", err)
					return tea.Quit
				}
				if ok {
					it.Enabled = on
				}
			}
		}
	case ks == "backspace":
		if m.query != "" {
			r := []rune(m.query)
			m.query = string(r[:len(r)-1])
			m.filter()
		}
	default:
		if k.Text != "" {
			m.query += k.Text
			m.filter()
		}
	}
	return nil
}

func (m *configModel) View() tea.View {
	return tea.NewView(strings.Join(m.render(m.width), "\n"))
}

// render draws pi's ConfigSelectorComponent: spacer, border, spacer, the
// two header lines, spacer, the search input and the list, spacer, border.
func (m *configModel) render(w int) []string {
	th := m.th
	rule := th.Fg("border", strings.Repeat("─", w))
	out := []string{"", rule, ""}
	out = append(out, m.header(w)...)
	out = append(out, "", "> "+m.query+"\x1b[7m \x1b[27m", "")
	if len(m.shown) == 0 {
		out = append(out, th.Fg("muted", "  No resources found"))
	} else {
		rows := m.maxVisible()
		start := max(0, min(m.index-rows/2, len(m.shown)-rows))
		end := min(start+rows, len(m.shown))
		project := m.ed.WriteScope == "project"
		for i := start; i < end; i++ {
			e := m.shown[i]
			inherited := project && e.group.Scope == "user"
			switch {
			case e.sub == nil:
				label, color := e.group.Label, "accent"
				if inherited {
					label, color = label+" · inherited global", "dim"
				}
				out = append(out, ansi.Truncate("  "+th.Fg(color, Bold(label)), w, ""))
			case e.item == nil:
				color := "muted"
				if inherited {
					color = "dim"
				}
				out = append(out, ansi.Truncate("    "+th.Fg(color, e.sub.Label), w, ""))
			default:
				out = append(out, ansi.Truncate(m.itemLine(e.item, i == m.index), w, "..."))
			}
		}
		if start > 0 || end < len(m.shown) {
			n, at := 0, 0
			for i, e := range m.shown {
				if e.item != nil {
					n++
					if i < m.index {
						at++
					}
				}
			}
			out = append(out, th.Fg("dim", fmt.Sprintf("  (%d/%d)", at+1, n)))
		}
	}
	return append(out, "", rule)
}

func (m *configModel) header(w int) []string {
	th := m.th
	title, scope := "Global Resources", th.Fg("muted", "~/.pi/agent/settings.json")
	action := m.rawHint("space", "toggle")
	if m.ed.WriteScope == "project" {
		title, scope = "Project Local Resources", th.Fg("muted", ".pi/settings.json · inherited global resources are dimmed")
		action = m.rawHint("space", "cycle inherit/+/-")
	}
	title = Bold(title)
	sep := th.Fg("muted", " · ")
	hint := action + sep + m.rawHint("esc", "close")
	if m.o.ProjectModeAvailable {
		hint = th.Fg("dim", m.keys.label("tui.input.tab")) + th.Fg("muted", " switch mode") + sep + hint
	}
	gap := max(1, w-ansi.StringWidth(title)-ansi.StringWidth(hint))
	return []string{ansi.Truncate(title+strings.Repeat(" ", gap)+hint, w, ""), ansi.Truncate(scope, w, "")}
}

// rawHint is pi's rawKeyHint: a key as written, dim, and what it does.
func (m *configModel) rawHint(key, desc string) string {
	return m.th.Fg("dim", key) + m.th.Fg("muted", " "+desc)
}

func (m *configModel) itemLine(it *piconfig.Item, selected bool) string {
	th := m.th
	cursor := "  "
	if selected {
		cursor = "> "
	}
	dimmed := m.ed.Dimmed(it)
	name := it.DisplayName
	if selected && !dimmed {
		name = Bold(name)
	}
	if dimmed {
		name = th.Fg("dim", name)
	}
	return cursor + "    " + m.checkbox(it) + " " + name + m.suffix(it)
}

func (m *configModel) checkbox(it *piconfig.Item) string {
	th := m.th
	if m.ed.WriteScope == "project" {
		switch m.ed.OverrideState(it) {
		case piconfig.Load:
			return th.Fg("success", "[+]")
		case piconfig.Unload:
			return th.Fg("warning", "[-]")
		}
		if it.Enabled {
			return th.Fg("dim", "[x]")
		}
		return th.Fg("dim", "[ ]")
	}
	if it.Enabled {
		return th.Fg("success", "[x]")
	}
	return th.Fg("dim", "[ ]")
}

func (m *configModel) suffix(it *piconfig.Item) string {
	if m.ed.WriteScope != "project" {
		return ""
	}
	switch m.ed.OverrideState(it) {
	case piconfig.Load:
		return m.th.Fg("muted", "  project load")
	case piconfig.Unload:
		return m.th.Fg("muted", "  project unload")
	}
	if m.ed.InheritedGlobal(it) {
		return m.th.Fg("dim", "  inherited global")
	}
	return ""
}

package tui

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pigo-dev/pigo/engine/projecttrust"
)

// trustPicker is pi's /trust (TrustSelectorComponent): the saved
// decision for this folder, this session's, and the answers that save
// one (trust, trust the parent folder, do not trust), the saved one
// marked and selected. The decision is read from and saved to
// <agentDir>/trust.json here, as pi's interactive mode does; it applies
// to the next session.
type trustPicker struct {
	cwd     string
	store   *projecttrust.Store
	choices []projecttrust.Choice
	saved   projecttrust.Decision
	hasSave bool
	current bool // this session trusts the project
	index   int
}

func (m *model) openTrust() {
	m.c.request(cmd("get_project_trust"), func(m *model, r response) {
		if !r.ok {
			m.notice(r.err, "error")
			return
		}
		t := &trustPicker{cwd: m.cwd, store: projecttrust.NewStore(m.opts.AgentDir), choices: projecttrust.Choices(m.cwd, false)}
		t.current, _ = r.data["trusted"].(bool)
		var err error
		if t.saved, t.hasSave, err = t.store.Entry(context.Background(), m.cwd); err != nil {
			m.notice(err.Error(), "error")
			return
		}
		for i, c := range t.choices {
			if t.isSaved(c) {
				t.index = i
			}
		}
		m.sel = t
	})
}

func (t *trustPicker) isSaved(c projecttrust.Choice) bool {
	return t.hasSave && c.SavedPath != "" && t.saved.Trusted == c.Trusted && t.saved.Path == c.SavedPath
}

func (t *trustPicker) key(m *model, ks string, _ tea.KeyPressMsg) tea.Cmd {
	switch {
	case m.keys.is("tui.select.up", ks) || ks == "k":
		t.index = max(0, t.index-1)
	case m.keys.is("tui.select.down", ks) || ks == "j":
		t.index = min(len(t.choices)-1, t.index+1)
	case m.keys.is("tui.select.confirm", ks):
		m.sel = nil
		c := t.choices[t.index]
		if err := t.store.SetMany(context.Background(), c.Updates); err != nil {
			m.notice(err.Error(), "error")
			return nil
		}
		word := "untrusted"
		if c.Trusted {
			word = "trusted"
		}
		m.notice("Saved trust decision: "+word+". Restart pi for this to take effect.", "muted")
	case m.keys.is("tui.select.cancel", ks):
		m.sel = nil
	}
	return nil
}

func (t *trustPicker) render(m *model, w int) []string {
	th := m.th
	rule := th.Fg("border", strings.Repeat("─", w))
	line := func(s string) string { return ansi.Truncate(" "+s, w, "") }
	text := func(token, s string) []string { // pi's Text(s, 1, 0): wrapped
		var out []string
		for _, l := range wrapText(s, w-2) {
			out = append(out, " "+th.Fg(token, l))
		}
		return out
	}
	saved := "none"
	if t.hasSave {
		saved = "untrusted"
		if t.saved.Trusted {
			saved = "trusted"
		}
		if len(t.choices) > 0 && t.saved.Path != t.choices[0].SavedPath {
			saved += " (inherited from " + t.saved.Path + ")"
		} else {
			saved += " (" + t.saved.Path + ")"
		}
	}
	session := "untrusted"
	if t.current {
		session = "trusted"
	}
	out := append([]string{rule, "", line(th.Fg("accent", Bold("Project trust")))}, text("muted", t.cwd)...)
	out = append(append(append(out, ""), text("muted", "Saved decision: "+saved)...), text("muted", "Current session: "+session)...)
	out = append(out, "")
	for i, c := range t.choices {
		prefix, mark, label := "  ", "  ", th.Fg("text", c.Label)
		if i == t.index {
			prefix, label = th.Fg("accent", "→ "), th.Fg("accent", c.Label)
		}
		if t.isSaved(c) {
			mark = th.Fg("accent", "✓ ")
		}
		out = append(out, line(prefix+mark+label))
	}
	hint := th.Fg("dim", "↑↓") + th.Fg("muted", " navigate") + "  " + m.hint("tui.select.confirm", "save") + "  " + m.hint("tui.select.cancel", "cancel")
	return append(out, "", line(hint), "", rule)
}

// onProjectTrust is pi's startup warning for a project whose protected
// resources this session skipped.
func (m *model) onProjectTrust(r response) {
	if r.ok && r.data["protected"] == true && r.data["trusted"] == false {
		m.notice("This project is not trusted. Project .pi resources and packages are ignored. Use /trust to save a trust decision, then restart pi.", "warning")
	}
}

package tui

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/pigo-dev/pigo/engine/agentsession"
)

// StartupSelect is pi's startup selector (showStartupSelector): a select
// dialog drawn as the session's dialogs are, on the main screen, before
// the interactive mode starts; cmd/pigo hands it to the session as
// IO.StartupSelect (the project trust prompt).
func StartupSelect(ctx context.Context, p agentsession.StartupPrompt) (int, bool) {
	o := Options{AgentDir: p.AgentDir}
	if p.IO != nil {
		o.Input, o.Output, o.Cwd, o.Env = p.IO.Stdin, p.IO.Stdout, p.IO.Cwd, p.IO.Environ
	}
	if p.Setting != nil {
		o.Theme, _ = p.Setting("theme").(string)
	}
	s := newStartupSelect(o, p.Title, p.Options)
	if _, err := runProgram(ctx, s, o, o.Output, nil); err != nil {
		return 0, false
	}
	return s.choice, s.chosen
}

// startupSelect is the program: one local dialog on a model with no
// session behind it.
type startupSelect struct {
	m       *model
	options []string
	choice  int
	chosen  bool
	done    bool
}

func newStartupSelect(o Options, title string, options []string) *startupSelect {
	s := &startupSelect{m: newModel(nil, o), options: options}
	s.m.ask("select", title, options, func(m *model, a map[string]any) {
		if v, ok := a["value"].(string); ok {
			for i, opt := range s.options {
				if opt == v {
					s.choice, s.chosen = i, true
				}
			}
		}
		s.done = true
	})
	return s
}

func (s *startupSelect) Init() tea.Cmd { return nil }

func (s *startupSelect) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.m.width, s.m.height = msg.Width, msg.Height
	case tea.KeyPressMsg:
		if d := s.m.topDialog(); d != nil {
			d.key(s.m, msg.String(), msg)
		}
		if s.done {
			return s, tea.Quit
		}
	}
	return s, nil
}

func (s *startupSelect) View() tea.View {
	var v tea.View
	if !s.done {
		if d := s.m.topDialog(); d != nil {
			v.Content = strings.Join(d.render(s.m, max(s.m.width, 10)), "\n")
		}
	}
	return v
}

// StartupResume is pi's selectSession (`pi --resume`): the /resume
// session selector alone on the main screen, before the session opens,
// without rename; cmd/pigo hands it to the session as IO.StartupResume.
func StartupResume(ctx context.Context, p agentsession.ResumePrompt) (string, bool) {
	o := Options{AgentDir: p.AgentDir, SessionDir: p.SessionDir}
	if p.IO != nil {
		o.Input, o.Output, o.Cwd, o.Env = p.IO.Stdin, p.IO.Stdout, p.IO.Cwd, p.IO.Environ
	}
	if p.Setting != nil {
		o.Theme, _ = p.Setting("theme").(string)
	}
	s := newStartupResume(o)
	if _, err := runProgram(ctx, s, o, o.Output, nil); err != nil {
		return "", false
	}
	return s.path, s.path != ""
}

// startupResume is the program: the session selector on a model with no
// session behind it; it ends when a session is chosen or the selector
// is cancelled.
type startupResume struct {
	m    *model
	path string
}

func newStartupResume(o Options) *startupResume {
	s := &startupResume{m: newModel(nil, o)}
	p := newResumePicker(o.SessionDir, o.AgentDir, o.Cwd, "")
	p.startup = true
	p.onPick = func(path string) { s.path = path }
	if err := p.load(); err != nil {
		p.setStatus("Failed to load sessions: "+err.Error(), true, resumeLoadTime)
	}
	s.m.sel = p
	return s
}

func (s *startupResume) Init() tea.Cmd {
	if p, ok := s.m.sel.(*resumePicker); ok && p.statusShown() {
		return tea.Tick(p.statusUntil.Sub(p.now()), func(time.Time) tea.Msg { return resumeStatusMsg{} })
	}
	return nil
}

func (s *startupResume) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.m.width, s.m.height = msg.Width, msg.Height
	case tea.KeyPressMsg:
		var cmd tea.Cmd
		if s.m.sel != nil {
			cmd = s.m.sel.key(s.m, msg.String(), msg)
		}
		if s.m.sel == nil {
			return s, tea.Quit
		}
		return s, cmd
	}
	return s, nil // resumeStatusMsg: drawn again without the status
}

func (s *startupResume) View() tea.View {
	var v tea.View
	if s.m.sel != nil {
		v.Content = strings.Join(s.m.sel.render(s.m, max(s.m.width, 10)), "\n")
	}
	return v
}

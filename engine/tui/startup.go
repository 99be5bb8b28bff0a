package tui

import (
	"context"
	"strings"

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
	popts := []tea.ProgramOption{tea.WithContext(ctx), tea.WithInput(o.Input), tea.WithOutput(o.Output)}
	if o.Env != nil {
		popts = append(popts, tea.WithEnvironment(o.Env))
	}
	if _, err := tea.NewProgram(s, popts...).Run(); err != nil {
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

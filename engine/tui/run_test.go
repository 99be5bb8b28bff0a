package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pigo-dev/pigo/engine/agentsession"
)

func TestOptionsFromSettings(t *testing.T) {
	settings := map[string]any{"theme": "light", "hideThinkingBlock": true, "quietStartup": true, "doubleEscapeAction": "fork"}
	o := optionsFrom(agentsession.InteractiveOptions{TUIMode: "regular", AgentDir: "/a",
		IO:      &agentsession.IO{Cwd: "/w", Getenv: func(k string) string { return map[string]string{"HOME": "/h"}[k] }},
		Setting: func(k string) any { return settings[k] }})
	if o.Theme != "light" || !o.HideThinking || o.QuietStartup != "true" || o.DoubleEscape != "fork" ||
		o.TUIMode != "regular" || o.Cwd != "/w" || o.Home != "/h" || o.AgentDir != "/a" {
		t.Errorf("options %+v", o)
	}
	settings["quietStartup"] = "header"
	if o := optionsFrom(agentsession.InteractiveOptions{Setting: func(k string) any { return settings[k] }}); o.QuietStartup != "header" {
		t.Errorf("quietStartup header: %q", o.QuietStartup)
	}
}

func TestSystemThemeFollowsTheBackground(t *testing.T) {
	h := newHarness(t, Options{Theme: "system"})
	h.m.Update(tea.BackgroundColorMsg{Color: ansi.White})
	if h.m.th.Name != "light" {
		t.Errorf("light background: theme %q", h.m.th.Name)
	}
	h.m.Update(tea.BackgroundColorMsg{Color: ansi.Black})
	if h.m.th.Name != "dark" {
		t.Errorf("dark background: theme %q", h.m.th.Name)
	}
	fixed := newHarness(t, Options{Theme: "dark"})
	fixed.m.Update(tea.BackgroundColorMsg{Color: ansi.White})
	if fixed.m.th.Name != "dark" {
		t.Errorf("a chosen theme does not follow the background")
	}
}

func TestQuietStartupAndDoubleEscape(t *testing.T) {
	h := newHarness(t, Options{QuietStartup: "true"})
	h.lacks("escape interrupt")
	h.answer("get_tree", map[string]any{"tree": []any{map[string]any{"entry": map[string]any{"type": "message",
		"message": map[string]any{"role": "user", "content": "root prompt"}}}}})
	h.press("esc", "esc")
	h.contains("Session Tree", "› user: root prompt")
	f := newHarness(t, Options{DoubleEscape: "fork"})
	f.press("esc", "esc")
	f.cmd("get_fork_messages")
}

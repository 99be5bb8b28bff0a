package tui

import (
	"slices"
	"testing"
)

// TestMatchCommandsRanksAsPi16: the slash command filter's matches and
// order are what pi-tui 1.6's fuzzyFilter gives for the same names
// (computed with pi-tui's fuzzy.js): "/mdl" finds /model, a skill's
// bare name ranks first when it matches, "skill:" only matches later.
func TestMatchCommandsRanksAsPi16(t *testing.T) {
	var cmds []command
	for _, n := range []string{"settings", "model", "scoped-models", "tree", "thinking", "export", "copy", "name", "session", "hotkeys",
		"fork", "clone", "trust", "login", "logout", "new", "compact", "resume", "reload", "quit", "skill:mdl-helper", "skill:review"} {
		cmds = append(cmds, command{name: n})
	}
	for q, want := range map[string][]string{
		"mdl":     {"skill:mdl-helper", "model", "scoped-models"},
		"mod":     {"model", "scoped-models"},
		"ses":     {"session", "settings", "scoped-models"},
		"sk":      {"skill:mdl-helper", "skill:review"},
		"re":      {"resume", "reload", "skill:review", "tree"},
		"skill:r": {"skill:review", "skill:mdl-helper"},
		"x":       {"export"},
		"zzz":     nil,
	} {
		var got []string
		for _, c := range matchCommands(cmds, q) {
			got = append(got, c.name)
		}
		if !slices.Equal(got, want) {
			t.Errorf("/%s: %q, want %q", q, got, want)
		}
	}
	if got := matchCommands(cmds, ""); len(got) != len(cmds) || got[0].name != "settings" {
		t.Errorf("an empty query keeps every command in order: %v", got)
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// withMockModels gives the mock provider three more models (models.json
// as startPTYFull wrote it, pointing at the mock server).
func withMockModels(t *testing.T) func(work, agentDir string) {
	return func(_, agentDir string) {
		p := filepath.Join(agentDir, "models.json")
		data, err := os.ReadFile(p)
		must(t, err)
		more := `{ "id": "mock-1", "name": "Mock One" }, { "id": "mock-2", "name": "Mock Two" }, { "id": "other-3" }, { "id": "zeta-4", "name": "Zeta Four" }`
		must(t, os.WriteFile(p, []byte(strings.Replace(string(data), `{ "id": "mock-1", "name": "Mock One" }`, more, 1)), 0o644))
	}
}

// scopedCut is the scoped models selector from its title to its bottom
// border, without pi's model catalog refresh line (pigo's catalogs come
// from models.json and the built-in list; it has no refresh to report).
func scopedCut(s string) string {
	if i := strings.Index(s, "Model Configuration"); i >= 0 {
		s = s[i:]
	}
	if i := strings.Index(s, "\n────"); i >= 0 {
		s = s[:i]
	}
	return catalogLine.ReplaceAllString(s, "")
}

var changelogVersion = regexp.MustCompile(`\n  "lastChangelogVersion": "[^"]*",`)

var catalogLine = regexp.MustCompile(`(?m)^  (Refreshing model catalogs…|Model catalogs refreshed\.)\n`)

// TestTUIScopedModelsMatchesPi16: /scoped-models draws pi 1.6's selector;
// enter toggles, alt+down reorders, a search narrows the list, ctrl+s
// writes enabledModels to settings.json as pi writes it, and ctrl+p then
// cycles through the scope in its order ("Switched to ..."), ctrl+shift+p
// back.
func TestTUIScopedModelsMatchesPi16(t *testing.T) {
	node, cli := pi16Command(t)
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		var agent string
		setup := withMockModels(t)
		tt := startPTYSetup(t, func(w, a string) { agent = a; setup(w, a) }, side, nil, "--model", "mock/mock-1", "--no-session")
		tt.waitFor("mock-1")
		settle()
		shot := func(want string) {
			tt.waitFor(want)
			settle()
			add(scopedCut(tt.screen()))
		}
		tt.keys("/scoped-models", "\r")
		shot("Model Configuration")
		tt.keys("\x1b[B", "\r") // mock-2 off
		shot("(unsaved)")
		tt.keys("\x1b[1;3B") // alt+down: mock-1 after other-3
		shot("(unsaved)")
		tt.keys("ze")
		shot("Zeta Four")
		tt.keys("\x03") // ctrl+c clears the search
		tt.waitFor("mock-2")
		tt.keys("\x13") // ctrl+s
		tt.waitGone("(unsaved)")
		shot("3/4 enabled")
		tt.keys("\x1b")
		tt.waitGone("Model Configuration")
		tt.waitFor("Model selection saved to settings")
		data, err := os.ReadFile(filepath.Join(agent, "settings.json"))
		must(t, err)
		add(changelogVersion.ReplaceAllString(string(data), ""))            // pi's changelog bookkeeping
		for _, next := range []string{"Zeta Four", "other-3", "Mock One"} { // ctrl+p: the scope in its order
			tt.keys("\x10")
			tt.waitFor("Switched to " + next)
			settle()
			add(lastLines(screenUntil(tt.screen(), "──────"), 2) + "\n" + lastLine(tt.screen()))
		}
		tt.keys("\x1b[112;6u") // ctrl+shift+p: back
		tt.waitFor("Switched to other-3")
		settle()
		add(lastLines(screenUntil(tt.screen(), "──────"), 2) + "\n" + lastLine(tt.screen()))
	})
	compareScreens(t, screens, nil)
}

// TestTUIFuzzySlashMatchesPi16: "/mdl" and "/ses" list the commands pi
// 1.6's fuzzy filter finds, ranked as pi ranks them.
func TestTUIFuzzySlashMatchesPi16(t *testing.T) {
	sideBySide(t, nil, []string{"--model", "mock/mock-1", "--no-session"}, func(tt *tuiTerm) []string {
		var shots []string
		for _, q := range []string{"/mdl", "/ses", "/rl"} {
			tt.keys(q)
			tt.waitFor("→ ")
			settle()
			_, list, _ := strings.Cut(tt.screen(), q+"\n")
			shots = append(shots, screenUntil(list, "~/work"))
			tt.keys(strings.Repeat("\x7f", len(q)))
			tt.waitGone("→ ")
		}
		return shots
	})
}

// TestTUIClickInSelectorMatchesPi16: a click on an item of /thinking's
// list (pi's SelectList) confirms it: the level changes and says so, as
// in pi 1.6.
func TestTUIClickInSelectorMatchesPi16(t *testing.T) {
	node, cli := pi16Command(t)
	reasoning := func(_, agentDir string) {
		p := filepath.Join(agentDir, "models.json")
		data, err := os.ReadFile(p)
		must(t, err)
		must(t, os.WriteFile(p, []byte(strings.Replace(string(data), `"name": "Mock One"`, `"name": "Mock One", "reasoning": true`, 1)), 0o644))
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, reasoning, side, nil, "--model", "mock/mock-1", "--no-session", "--thinking", "off")
		tt.waitFor("mock-1")
		settle()
		tt.keys("/thinking", "\r")
		tt.waitFor("high")
		settle()
		y := -1
		for i, l := range strings.Split(tt.screen(), "\n") {
			if strings.HasPrefix(strings.TrimLeft(l, " →"), "low") {
				y = i
			}
		}
		if y < 0 {
			t.Errorf("%s: no low in the list:\n%s", name, tt.screen())
			return
		}
		tt.keys(fmt.Sprintf("\x1b[<0;5;%dM", y+1), fmt.Sprintf("\x1b[<0;5;%dm", y+1))
		tt.waitFor("Thinking level: low")
		settle()
		add(lastLines(screenUntil(tt.screen(), "──────"), 1) + "\n" + lastLine(tt.screen()))
	})
	compareScreens(t, screens, nil)
}

// modelSelectorCut is the model selector from the line under its top
// border to its bottom border, without pi's catalog refresh line.
func modelSelectorCut(s string) string {
	lines := strings.Split(s, "\n")
	from, to := -1, len(lines)
	for i, l := range lines {
		if strings.HasPrefix(l, "────") {
			if from < 0 {
				from = i + 1
			} else if i > from+1 {
				to = i
				break
			}
		}
	}
	if from < 0 {
		return s
	}
	return selectorCatalogLine.ReplaceAllString(strings.Join(lines[from:to], "\n"), "")
}

// selectorCatalogLine is the model selector's refresh line with the blank
// row above it.
var selectorCatalogLine = regexp.MustCompile(`\n\n  (Refreshing model catalogs…|Model catalogs refreshed\.)`)

// TestTUIModelSelectorScopeMatchesPi16: with a --models scope the model
// selector lists the scope in its order ("Scope: all | scoped"), tab
// shows every model and back, ctrl+s sets the default model (settings,
// " · default", a "def" search), as pi 1.6's.
func TestTUIModelSelectorScopeMatchesPi16(t *testing.T) {
	node, cli := pi16Command(t)
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		var agent string
		setup := withMockModels(t)
		tt := startPTYSetup(t, func(w, a string) { agent = a; setup(w, a) }, side, nil, "--models", "mock/zeta-4,mock/mock-1", "--model", "mock/mock-1", "--no-session")
		tt.waitFor("mock-1")
		settle()
		shot := func(want string) {
			tt.waitFor(want)
			settle()
			add(modelSelectorCut(tt.screen()))
		}
		tt.keys("\x0c") // ctrl+l
		shot("Model Name")
		tt.keys("\t")
		shot("other-3")
		tt.keys("\t")
		tt.waitGone("other-3")
		shot("Model Name")
		tt.keys("\x1b[A", "\r") // zeta-4
		tt.waitFor("Model: zeta-4")
		settle()
		add(lastLines(screenUntil(tt.screen(), "──────"), 2))
		add(modelScopeLine(tt.screen()))
		tt.keys("\x0c", "other", "\t") // the search in all models
		shot("other-3")
		tt.keys("\x13") // ctrl+s: set as default
		tt.waitFor("Default model: mock/other-3")
		settle()
		add(lastLines(screenUntil(tt.screen(), "──────"), 2))
		data, err := os.ReadFile(filepath.Join(agent, "settings.json"))
		must(t, err)
		add(changelogVersion.ReplaceAllString(string(data), ""))
		tt.keys("\x0c", "\t") // every model: the default second, badged
		shot("· default")
		tt.keys("def")
		shot("> def")
	})
	compareScreens(t, screens, nil)
}

// modelScopeLine is the header's "Model scope: ..." line.
func modelScopeLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "Model scope:") {
			return l
		}
	}
	return "(no model scope line)"
}

// TestTUIModelScopeLineRegularMode16: in regular mode the model scope
// line comes before the header, as pi 1.6 prints it before its TUI
// starts.
func TestTUIModelScopeLineRegularMode16(t *testing.T) {
	node, cli := pi16Command(t)
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, withMockModels(t), side, nil, "--tui-mode", "regular", "--models", "mock/zeta-4:high,mock/mock-1",
			"--model", "mock/mock-1", "--no-session")
		tt.waitFor("mock-1", "escape interrupt", "Model scope: zeta-4:high, mock-1 (Ctrl+P to cycle)")
		settle()
		add(screenUntil(tt.screen(), "▀▀█"))
	})
	compareScreens(t, screens, nil)
}

// TestTUIFooterProviderMatchesPi16: with models from two providers the
// footer says "(mock) mock-1"; a scope of one provider's models drops
// it, as pi 1.6's.
func TestTUIFooterProviderMatchesPi16(t *testing.T) {
	node, cli := pi16Command(t)
	twoProviders := func(_, agentDir string) {
		p := filepath.Join(agentDir, "models.json")
		data, err := os.ReadFile(p)
		must(t, err)
		var cfg map[string]map[string]map[string]any
		must(t, json.Unmarshal(data, &cfg))
		alt := map[string]any{}
		for k, v := range cfg["providers"]["mock"] {
			alt[k] = v
		}
		alt["models"] = []any{map[string]any{"id": "alt-1"}}
		cfg["providers"]["alt"] = alt
		data, err = json.Marshal(cfg)
		must(t, err)
		must(t, os.WriteFile(p, data, 0o644))
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, twoProviders, side, nil, "--model", "mock/mock-1", "--no-session")
		tt.waitFor("(mock) mock-1")
		settle()
		add(lastLine(tt.screen()))
		tt.keys("/scoped-models", "\r")
		tt.waitFor("alt-1")
		settle()
		row := 0
		for _, l := range strings.Split(tt.screen(), "\n") {
			if strings.Contains(l, "✓ ") && strings.Contains(l, "[") {
				if strings.Contains(l, "alt-1") {
					break
				}
				row++
			}
		}
		for range row {
			tt.keys("\x1b[B")
		}
		tt.keys("\r", "\x1b")
		tt.waitGone("Model Configuration")
		tt.waitGone("(mock) mock-1")
		settle()
		add(lastLine(tt.screen()))
	})
	compareScreens(t, screens, nil)
}

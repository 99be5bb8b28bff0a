package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTUIDifferentialDuplicateBuiltinCommand16: a command named as a
// built-in one registered by two extensions is invoked as /model:1 and
// /model:2, which pi 1.6 says under [Extension issues] ("Available as");
// a non-built-in name registered twice (/dup:1, /dup:2) is no issue.
func TestTUIDifferentialDuplicateBuiltinCommand16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, agentDir string) {
		withPiSearchTools(t, agentDir)
		for _, name := range []string{"a", "b"} {
			must(t, os.WriteFile(filepath.Join(work, name+".ts"), []byte(`export default function (pi) {
  pi.registerCommand("model", { description: "`+name+`", handler: async () => {} });
  pi.registerCommand("dup", { description: "`+name+`", handler: async () => {} });
}`), 0o644))
		}
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "--model", "mock/mock-1", "--no-session", "-e", "a.ts", "-e", "b.ts")
		tt.waitFor("mock-1", "[Extension issues]", "Available as '/model:2'.")
		settle()
		add(headerScreen(tt.screen()))
	})
	compareScreens(t, screens, nil)
	if got := screens["pigo"]; len(got) != 1 || !strings.Contains(got[0], "  path (temp) ~/work/a.ts\n    Extension command '/model' conflicts with built-in interactive command. Available as '/model:1'.\n") ||
		strings.Contains(got[0], "dup") {
		t.Errorf("pigo's screens:\n%s", strings.Join(got, "\n=====\n"))
	}
}

// TestTUIDifferentialReloadLoadError16: an extension that fails to load
// at /reload (pi exits at startup instead) is listed under [Extension
// issues] by its path, "Failed to load extension: ..." in the error
// colour, and the status says all was reloaded, as pi 1.6 does. Two
// differences stay: what follows "Failed to load extension: " is pigo's
// (the error's file:line first, where pi gives the error's message
// alone), and pigo keeps serving the extension's previous generation, so
// [Extensions] still lists it where pi's lists only the loaded ones.
func TestTUIDifferentialReloadLoadError16(t *testing.T) {
	node, cli := pi16Command(t)
	loadError := regexp.MustCompile(`Failed to load extension: (~/work/\.pi/extensions/bad\.ts:\d+:\d+: Error: )?boom at load`)
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		var work string
		setup := func(w, agentDir string) {
			work = w
			withPiSearchTools(t, agentDir)
			must(t, os.WriteFile(filepath.Join(agentDir, "trust.json"), []byte(`{"`+work+`": true}`), 0o644))
			must(t, os.WriteFile(filepath.Join(agentDir, "settings.json"), []byte(`{"hotReload": false}`), 0o644)) // pigo's reload on save
			must(t, os.MkdirAll(filepath.Join(work, ".pi/extensions"), 0o755))
			for _, f := range []string{"ok.ts", "bad.ts"} {
				must(t, os.WriteFile(filepath.Join(work, ".pi/extensions", f), []byte(`export default function (pi) {}`), 0o644))
			}
		}
		tt := startPTYRows(t, 40, setup, side, nil, nil, "--model", "mock/mock-1", "--no-session")
		tt.waitFor("mock-1", "bad.ts, ok.ts")
		settle()
		must(t, os.WriteFile(filepath.Join(work, ".pi/extensions/bad.ts"), []byte(`export default function (pi) { throw new Error("boom at load"); }`), 0o644))
		tt.command("/reload")
		tt.waitFor("[Extension issues]", "Reloaded keybindings")
		settle()
		s := tt.screen()
		add(s[strings.Index(s, "\n[Extensions]"):strings.Index(s, "\n[Extension issues]")])
		add(loadError.ReplaceAllString(s[strings.Index(s, "\n[Extension issues]"):strings.Index(s, "\n────")], "Failed to load extension: (error)"))
	})
	if got := screens["pigo"]; len(got) != 2 || got[0] != "\n[Extensions]\n  bad.ts, ok.ts\n" || screens["pi"][0] != "\n[Extensions]\n  ok.ts\n" {
		t.Errorf("the extensions listed after the reload:\n%q\n%q", screens["pi"], got)
	}
	screens["pi"], screens["pigo"] = screens["pi"][1:], screens["pigo"][1:]
	compareScreens(t, screens, nil)
	if got := screens["pigo"]; len(got) != 1 || !strings.Contains(got[0], "[Extension issues]\n  ~/work/.pi/extensions/bad.ts\n    Failed to load extension: (error)\n") {
		t.Errorf("pigo's screens:\n%s", strings.Join(got, "\n=====\n"))
	}
}

// TestTUIDifferentialThemeConflicts16: theme files sharing a name (the
// first in precedence order wins: the project's, then the agent dir's)
// and one that does not parse are pi 1.6's [Theme conflicts], the
// winner named with its source. The parse error's own words are the
// JSON parser's (Node's in pi, Go's in pigo), so they are masked.
func TestTUIDifferentialThemeConflicts16(t *testing.T) {
	node, cli := pi16Command(t)
	theme, err := os.ReadFile("../../node_modules/@earendil-works/pi-coding-agent/dist/modes/interactive/theme/dark.json")
	if err != nil {
		t.Skip("pi 1.6 not installed (make deps)")
	}
	twin := strings.Replace(string(theme), `"name": "dark"`, `"name": "twin"`, 1)
	setup := func(work, agentDir string) {
		withPiSearchTools(t, agentDir)
		must(t, os.WriteFile(filepath.Join(agentDir, "trust.json"), []byte(`{"`+work+`": true}`), 0o644))
		for _, dir := range []string{filepath.Join(work, ".pi/themes"), filepath.Join(agentDir, "themes")} {
			must(t, os.MkdirAll(dir, 0o755))
			for _, f := range []string{"twin.json", "other.json"} {
				must(t, os.WriteFile(filepath.Join(dir, f), []byte(twin), 0o644))
			}
		}
		must(t, os.WriteFile(filepath.Join(work, ".pi/themes/broken.json"), []byte(`{"name": "broken"`), 0o644))
	}
	parseError := regexp.MustCompile(`(?s)    Failed to parse theme\s.*$`) // the last diagnostic, wrapped as long as the path
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "--model", "mock/mock-1", "--no-session")
		tt.waitFor("mock-1", "[Theme conflicts]", "broken.json")
		settle()
		add(parseError.ReplaceAllString(headerScreen(tt.screen()), "    Failed to parse theme (error)"))
	})
	compareScreens(t, screens, nil)
	if got := screens["pigo"]; len(got) != 1 || !strings.Contains(got[0], "[Theme conflicts]\n  \"twin\" collision:\n    ✓ auto (project) ~/work/.pi/themes/other.json\n"+
		"    ✗ ~/work/.pi/themes/twin.json (skipped)\n    ✗ ~/agent/themes/other.json (skipped)\n    ✗ ~/agent/themes/twin.json (skipped)\n"+
		"  ~/work/.pi/themes/broken.json\n    Failed to parse theme (error)") {
		t.Errorf("pigo's screens:\n%s", strings.Join(got, "\n=====\n"))
	}
}

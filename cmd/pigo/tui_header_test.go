package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// writeHeaderProject makes a trusted project with one resource of each
// kind pi lists under its header: AGENTS.md (and the agent dir's), a
// skill, a prompt template, an extension and a theme (pi lists no
// themes, only their conflicts).
func writeHeaderProject(t *testing.T, work, agentDir string) {
	t.Helper()
	theme, err := os.ReadFile("../../node_modules/@earendil-works/pi-coding-agent/dist/modes/interactive/theme/dark.json")
	if err != nil {
		t.Skip("pi 1.6 not installed (make deps)")
	}
	files := map[string]string{
		filepath.Join(work, "AGENTS.md"):                   "Be nice.\n",
		filepath.Join(work, ".pi/skills/myskill/SKILL.md"): "---\nname: myskill\ndescription: A test skill\n---\nDo things.\n",
		filepath.Join(work, ".pi/prompts/hello.md"):        "---\ndescription: Say hello\n---\nSay hello to $1\n",
		filepath.Join(work, ".pi/extensions/myext.ts"):     `export default function (pi) { pi.registerCommand("myx", { description: "x", handler: async () => {} }); }` + "\n",
		filepath.Join(work, ".pi/themes/mytheme.json"):     strings.Replace(string(theme), `"name": "dark"`, `"name": "mytheme"`, 1),
		filepath.Join(agentDir, "AGENTS.md"):               "global\n",
		filepath.Join(agentDir, "skills/tidy/SKILL.md"):    "---\nname: tidy\ndescription: Tidy up\n---\nTidy.\n",
		filepath.Join(agentDir, "trust.json"):              `{"` + work + `": true}`,
	}
	for f, c := range files {
		must(t, os.MkdirAll(filepath.Dir(f), 0o755))
		must(t, os.WriteFile(f, []byte(c), 0o644))
	}
}

// headerScreen is the screen from the top down to what follows the
// resource listing (pi's offline warnings about fd and rg, a status
// line, or the editor), trailing blank rows dropped, the version masked.
func headerScreen(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.Contains(l, "Warning: fd not found") || strings.Contains(l, "Tool output:") || strings.HasPrefix(l, "────") {
			lines = lines[:i]
			break
		}
	}
	return headerVersion.ReplaceAllString(strings.TrimRight(strings.Join(lines, "\n"), "\n"), "▀▀█  vX")
}

var headerVersion = regexp.MustCompile(`▀▀█  v\S+`)

// TestTUIDifferentialStartupHeader16: pi 1.6's startup header and
// loaded-resource listing, compact at startup and expanded by ctrl+o
// (the full key help, the resources' paths by scope), and collapsed
// again, are pigo's.
func TestTUIDifferentialStartupHeader16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, agentDir string) { writeHeaderProject(t, work, agentDir) }
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		// 70 rows: room for the expanded header.
		tt := startPTYRows(t, 70, setup, side, nil, nil, "--model", "mock/mock-1", "--no-session", "-e", "ext.ts")
		tt.waitFor("mock-1", "[Extensions]")
		time.Sleep(500 * time.Millisecond) // pi takes keys once its startup finished
		tt.waitFor("myext.ts")
		add(headerScreen(tt.screen()))
		tt.keys("\x0f") // ctrl+o
		tt.waitFor("drop files to attach", "~/work/.pi/extensions/myext.ts")
		settle()
		add(headerScreen(tt.screen()))
		tt.keys("\x0f")
		tt.waitFor("Tool output: collapsed")
		settle()
		add(headerScreen(tt.screen()))
	})
	compareScreens(t, screens, nil)
	if got := screens["pigo"]; len(got) != 3 || !strings.Contains(got[0], "[Skills]\n  myskill, tidy\n") ||
		!strings.Contains(got[1], "[Skills]\n  project\n    ~/work/.pi/skills/myskill/SKILL.md\n  user\n") || got[2] != got[0] {
		t.Errorf("pigo's screens:\n%s", strings.Join(got, "\n=====\n"))
	}
}

// TestTUIDifferentialExtensionIssues16: an extension's command named as
// a built-in one and its shortcut on a reserved key are pi 1.6's
// [Extension issues] under the header, the extension named by its path.
func TestTUIDifferentialExtensionIssues16(t *testing.T) {
	node, cli := pi16Command(t)
	setup := func(work, _ string) {
		must(t, os.WriteFile(filepath.Join(work, "conf.ts"), []byte(`export default function (pi) {
  pi.registerCommand("model", { description: "mine", handler: async () => {} });
  pi.registerShortcut("ctrl+c", { handler: async () => {} });
}`), 0o644))
	}
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYSetup(t, setup, side, nil, "--model", "mock/mock-1", "--no-session", "-e", "conf.ts")
		tt.waitFor("mock-1", "[Extension issues]", "Skipping.")
		settle()
		add(regexp.MustCompile(`/tmp/\S+/work/`).ReplaceAllString(headerScreen(tt.screen()), "/WORK/"))
		tt.keys("/", "m", "o", "d", "e")
		tt.waitFor("→ model")
		settle()
		s := tt.screen()
		add(s[strings.LastIndex(s, "\n\n")+2:]) // the built-in /model only
	})
	compareScreens(t, screens, nil)
	if got := screens["pigo"]; len(got) != 2 || !strings.Contains(got[0], "conflicts with built-in interactive command") || strings.Contains(got[1], "mine") {
		t.Errorf("pigo's screens:\n%s", strings.Join(got, "\n=====\n"))
	}
}

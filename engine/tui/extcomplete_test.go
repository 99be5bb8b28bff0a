package tui

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestExtensionAutocomplete: with providers, typing after a trigger
// character asks the host at the cursor (UTF-16 column) and lists the
// items, the one the prefix starts selected; Tab asks the provider to
// apply it and takes its lines and cursor; a null answer leaves "@" to
// the built-in file completion; text without a trigger token asks
// nothing; answers for text typed over are dropped.
func TestExtensionAutocomplete(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("ui_call", "plugin", "ext", "op", "addAutocompleteProvider", "key", "autocomplete", "sub", "",
		"value", map[string]any{"count": 1.0, "triggers": []any{"$"}}))

	h.typ("héllo")
	h.noCmd("get_completions")

	h.typ(" $")
	c := h.cmd("get_completions")
	if fmt.Sprint(c["lines"], c["cursorLine"], c["cursorCol"]) != "[héllo $] 0 7" {
		t.Fatalf("asked %v", c)
	}
	h.respond(c, true, map[string]any{"provider": 2.0, "prefix": "$",
		"items": []any{map[string]any{"value": "$PATH", "label": "PATH"}, map[string]any{"value": "$HOME", "label": "HOME", "description": "home dir"}}})
	h.contains("→ PATH", "HOME", "home dir")

	h.press("down", "tab")
	a := h.cmd("apply_completion")
	item, _ := a["item"].(map[string]any)
	if a["provider"] != 2.0 || a["prefix"] != "$" || item["value"] != "$HOME" || item["description"] != "home dir" {
		t.Fatalf("apply asked %v", a)
	}
	h.respond(a, true, map[string]any{"lines": []any{"héllo $HOME!", "second"}, "cursorLine": 0.0, "cursorCol": 11.0})
	if h.m.ed.Text() != "héllo $HOME!\nsecond" || h.m.ed.row != 0 || h.m.ed.col != 11 {
		t.Fatalf("applied: %q at %d:%d", h.m.ed.Text(), h.m.ed.row, h.m.ed.col)
	}
	h.lacks("home dir")

	// A late answer for text typed over is dropped.
	h.m.ed.SetText("")
	h.typ("#1")
	first := h.cmd("get_completions")
	second := h.cmd("get_completions")
	h.respond(first, true, map[string]any{"provider": 1.0, "prefix": "#", "items": []any{map[string]any{"value": "#7", "label": "#7"}}})
	if h.m.auto != nil {
		t.Fatalf("a stale answer opened the list: %v", h.m.auto.items)
	}
	h.respond(second, true, map[string]any{"provider": 1.0, "prefix": "#1", "items": []any{
		map[string]any{"value": "#7", "label": "#7"}, map[string]any{"value": "#12", "label": "#12"}}})
	if h.m.auto == nil || h.m.auto.selected().value != "#12" {
		t.Fatalf("the list for #1: %+v", h.m.auto)
	}

	// No provider answers for "@": the built-in file completion runs.
	if err := os.WriteFile(filepath.Join(h.m.cwd, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	h.m.ed.SetText("")
	h.m.auto = nil
	h.typ("@")
	h.respond(h.cmd("get_completions"), true, map[string]any{"items": nil})
	if h.m.auto == nil || !h.m.auto.files || h.m.auto.selected().name != "notes.txt" {
		t.Fatalf("no file completion after a null answer: %+v", h.m.auto)
	}

	// A failing provider's error is shown.
	h.m.ed.SetText("")
	h.typ("$")
	h.event(map[string]any{"type": "response", "id": h.cmd("get_completions")["id"], "command": "get_completions", "success": false,
		"error": "autocomplete provider getSuggestions (vars.ts:4:9): boom"})
	h.contains("vars.ts:4:9): boom")

	// Without providers nothing is asked.
	h.event(ev("ui_call", "plugin", "ext", "op", "addAutocompleteProvider", "key", "autocomplete", "sub", "",
		"value", map[string]any{"count": 0.0, "triggers": []any{}}))
	h.typ(" $x")
	h.noCmd("get_completions")
}

// TestExtensionAutocompleteSlashAndTab: providers are asked while a
// slash command's name or arguments are typed (a null answer leaves the
// built-in command list), Enter on a command name they listed applies
// it and submits; Tab with no list open asks with force, applies a
// single item at once, shows several, does nothing when a provider's
// shouldTriggerFileCompletion refused, and falls back to the built-in
// path completion on a null answer.
func TestExtensionAutocompleteSlashAndTab(t *testing.T) {
	h := newHarness(t, Options{})
	h.event(ev("ui_call", "plugin", "ext", "op", "addAutocompleteProvider", "key", "autocomplete", "sub", "",
		"value", map[string]any{"count": 1.0, "triggers": []any{}}))

	h.typ("/mo")
	for i := 0; i < 2; i++ {
		h.respond(h.cmd("get_completions"), true, map[string]any{"items": nil})
	}
	c := h.cmd("get_completions")
	if c["force"] != nil || fmt.Sprint(c["lines"], c["cursorCol"]) != "[/mo] 3" {
		t.Fatalf("asked %v", c)
	}
	h.respond(c, true, map[string]any{"items": nil})
	if h.m.auto == nil || h.m.auto.ext || h.m.auto.selected().name != "model" {
		t.Fatalf("no built-in command list after a null answer: %+v", h.m.auto)
	}

	// Arguments are asked too; the provider's items are listed.
	h.m.ed.SetText("/deploy ")
	h.m.auto = nil
	h.typ("p")
	h.respond(h.cmd("get_completions"), true, map[string]any{"provider": 1.0, "prefix": "p",
		"items": []any{map[string]any{"value": "prod", "label": "prod"}}})
	h.contains("→ prod")

	// Enter on a command name the provider listed applies it and submits.
	h.m.ed.SetText("")
	h.m.auto = nil
	h.typ("/")
	h.respond(h.cmd("get_completions"), true, map[string]any{"provider": 1.0, "prefix": "/",
		"items": []any{map[string]any{"value": "deploy", "label": "deploy"}}})
	h.press("enter")
	a := h.cmd("apply_completion")
	h.respond(a, true, map[string]any{"lines": []any{"/deploy "}, "cursorLine": 0.0, "cursorCol": 8.0})
	if p := h.cmd("prompt"); p["message"] != "/deploy" {
		t.Fatalf("submitted %v", p)
	}

	// Tab with no list: forced; a single item is applied at once.
	h.m.ed.SetText("see src")
	h.m.auto = nil
	h.press("tab")
	c = h.cmd("get_completions")
	if c["force"] != true {
		t.Fatalf("Tab asked %v", c)
	}
	h.respond(c, true, map[string]any{"provider": 1.0, "prefix": "src", "items": []any{map[string]any{"value": "src/", "label": "src/"}}})
	a = h.cmd("apply_completion")
	if item, _ := a["item"].(map[string]any); item["value"] != "src/" || a["prefix"] != "src" {
		t.Fatalf("apply asked %v", a)
	}
	h.respond(a, true, map[string]any{"lines": []any{"see src/"}, "cursorLine": 0.0, "cursorCol": 8.0})
	if h.m.ed.Text() != "see src/" {
		t.Fatalf("applied: %q", h.m.ed.Text())
	}

	// Several items open the list; Tab on a command name is not forced.
	h.m.ed.SetText("/x")
	h.m.auto = nil
	h.press("tab")
	c = h.cmd("get_completions")
	if c["force"] != nil {
		t.Fatalf("Tab on a command name asked %v", c)
	}
	h.respond(c, true, map[string]any{"provider": 1.0, "prefix": "/x", "items": []any{
		map[string]any{"value": "xa", "label": "xa"}, map[string]any{"value": "xb", "label": "xb"}}})
	h.contains("→ xa", "xb")
	h.noCmd("apply_completion")

	// shouldTriggerFileCompletion refused: nothing completes, no tab.
	h.m.ed.SetText("notes")
	h.m.auto = nil
	h.press("tab")
	h.respond(h.cmd("get_completions"), true, map[string]any{"items": nil, "suppressed": true})
	if h.m.auto != nil || h.m.ed.Text() != "notes" {
		t.Fatalf("a refused Tab completed: %q %+v", h.m.ed.Text(), h.m.auto)
	}

	// A null answer is the built-in Tab: the path completes.
	if err := os.WriteFile(filepath.Join(h.m.cwd, "notes.txt"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	h.press("tab")
	h.respond(h.cmd("get_completions"), true, map[string]any{"items": nil})
	if h.m.ed.Text() != "notes.txt " {
		t.Fatalf("no built-in Tab after a null answer: %q", h.m.ed.Text())
	}
}

// TestExtensionAutocompleteSendsCommands: in a command's name the
// request carries the slash commands (built-ins, then the host's), for
// the providers' current to list as pi's built-in provider does; in
// other text it does not.
func TestExtensionAutocompleteSendsCommands(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_commands", map[string]any{"commands": []any{map[string]any{"name": "deploy", "description": "Ship it", "source": "extension"}}})
	h.m.c.request(cmd("get_commands"), (*model).onCommands)
	h.sync()
	h.event(ev("ui_call", "plugin", "ext", "op", "addAutocompleteProvider", "key", "autocomplete", "sub", "",
		"value", map[string]any{"count": 1.0, "triggers": []any{}}))
	h.typ("/d")
	c := h.cmd("get_completions")
	for fmt.Sprint(c["lines"]) != "[/d]" {
		c = h.cmd("get_completions")
	}
	cmds, _ := c["commands"].([]any)
	var names []string
	for _, x := range cmds {
		o, _ := x.(map[string]any)
		names = append(names, fmt.Sprint(o["name"]))
		if o["name"] == "deploy" && o["description"] != "Ship it" {
			t.Errorf("deploy sent as %v", o)
		}
	}
	if len(names) != len(builtinCommands)+1 || names[0] != builtinCommands[0].name || names[len(names)-1] != "deploy" {
		t.Errorf("commands sent: %v", names)
	}
	h.respond(c, true, map[string]any{"items": nil})
	h.typ(" x")
	for fmt.Sprint(c["lines"]) != "[/d x]" {
		c = h.cmd("get_completions")
		if _, name := h.m.slashContext(); c["commands"] != nil && !name {
			t.Fatalf("commands sent past the name: %v", c["lines"])
		}
	}
}

package tui

import (
	"fmt"
	"testing"
)

// TestScopedModelsSelector: /scoped-models lists the available models
// (all enabled without a scope); enter toggles one, which the host gets
// at once as the session's scope; alt+down reorders, ctrl+x clears,
// ctrl+a enables all, ctrl+p toggles the provider, a search narrows
// what ctrl+a acts on; ctrl+s saves and says so.
func TestScopedModelsSelector(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_model_scope", map[string]any{"enabledIds": nil, "models": []any{
		map[string]any{"provider": "p", "id": "alpha-1", "name": "Alpha One"},
		map[string]any{"provider": "p", "id": "beta-2", "name": "Fancy Beta"},
		map[string]any{"provider": "q", "id": "gamma", "name": "gamma"}}})
	h.typ("/scoped-models")
	h.press("enter")
	h.contains("Model Configuration", "Session-only. Ctrl+S to save to settings.",
		"→ ✓ alpha-1 (Alpha One) [p]", "  ✓ beta-2 (Fancy Beta) [p]", "  ✓ gamma [q]", "Model Name: Alpha One",
		"Enter toggle · Ctrl+A all · Ctrl+X clear · Ctrl+P provider · Alt+Up/Alt+Down", // wrapped at 80
		"reorder · Ctrl+S save · all enabled")
	scope := func() string {
		t.Helper()
		return fmt.Sprint(h.cmd("set_model_scope")["enabledIds"])
	}
	h.press("enter") // alpha-1 off: the others, in order
	if got := scope(); got != "[p/beta-2 q/gamma]" {
		t.Fatalf("after toggling alpha-1: %s", got)
	}
	// enabled models list first: the selection stays on the first row
	h.contains("→ ✓ beta-2", "  ✓ gamma [q]\n    alpha-1", "2/3 enabled (unsaved)")
	h.press("alt+down") // beta-2 after gamma
	if got := scope(); got != "[q/gamma p/beta-2]" {
		t.Fatalf("after reordering: %s", got)
	}
	h.press("ctrl+x")
	if got := scope(); got != "[]" {
		t.Fatalf("after clear: %s", got)
	}
	h.typ("gam")
	h.contains("→   gamma [q]")
	h.lacks("alpha-1")
	h.press("ctrl+a") // only the match
	if got := scope(); got != "[q/gamma]" {
		t.Fatalf("enable all of a search: %s", got)
	}
	h.press("ctrl+c") // clears the search, stays open
	h.contains("alpha-1", "1/3 enabled")
	h.press("down", "down", "ctrl+p") // on a p model: every p model on
	if got := scope(); got != "<nil>" {
		t.Fatalf("provider on makes all enabled (null): %s", got)
	}
	h.press("ctrl+s")
	save := h.cmd("save_model_scope")
	if got := fmt.Sprint(save["enabledIds"]); got != "<nil>" {
		t.Fatalf("save: %s", got)
	}
	h.respond(save, true, nil)
	h.lacks("(unsaved)")
	h.press("esc")
	h.contains("Model selection saved to settings")
	h.lacks("Model Configuration")
}

func TestDistinctModelName(t *testing.T) {
	for _, c := range [][3]string{
		{"minimax/minimax-m3", "MiniMax M3 [rasmus@openrouter, parasail]", "MiniMax M3 [rasmus@openrouter, parasail]"},
		{"eu.anthropic.claude-sonnet-4-5-20250929-v1:0", "Claude Sonnet 4.5 (EU)", ""},
		{"mistral-small-2603", "Mistral Small 4", "Mistral Small 4"},
		{"mock-1", "Mock One", "Mock One"},
		{"gamma", "gamma", ""},
	} {
		if got := distinctModelName(c[0], c[1]); got != c[2] {
			t.Errorf("distinctModelName(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// An enabled id that no available model has (enabledModels naming a
// provider without auth) lists as unavailable and counts apart.
func TestScopedModelsUnavailable(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_model_scope", map[string]any{"enabledIds": []any{"gone/x", "p/a"}, "models": []any{
		map[string]any{"provider": "p", "id": "a", "name": "a"}, map[string]any{"provider": "p", "id": "b", "name": "b"}}})
	h.m.openScopedModels()
	h.sync()
	h.contains("→   gone/x [unavailable]", "  ✓ a [p]", "    b [p]", "Model unavailable", "1/2 enabled · 1 unavailable")
}

// The model selector as pi's: the current model first, the settings'
// default second (" · default"), then by provider; "def" lists the
// default first.
func TestModelSelectorDefaultModel(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_model_scope", map[string]any{"scoped": false, "scope": []any{}, "defaultModel": map[string]any{"provider": "mock", "id": "other-2"}})
	h.answer("get_available_models", map[string]any{"models": []any{
		map[string]any{"id": "zzz", "provider": "a"}, map[string]any{"id": "other-2", "provider": "mock"}, map[string]any{"id": "mock-1", "provider": "mock"}}})
	h.press("ctrl+l")
	h.contains("→ ✓ mock-1 [mock]\n    other-2 [mock] · default\n    zzz [a]")
	h.typ("def")
	h.contains("→   other-2 [mock] · default")
}

// A selector's search edits as pi's Input: the cursor moves and text
// goes in at it.
func TestSelectorSearchCursor(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_available_models", map[string]any{"models": []any{
		map[string]any{"id": "mock-1", "provider": "mock"}, map[string]any{"id": "other-2", "provider": "mock"}}})
	h.press("ctrl+l")
	h.typ("oher")
	h.press("left", "left", "left")
	h.typ("t")
	h.contains("> other", "→   other-2 [mock]")
	h.lacks("mock-1 [mock]")
	h.press("ctrl+a", "delete") // home, then the first character goes
	h.contains("> ther")
}

// The footer names the provider, "(mock) mock-1", when the models to
// pick from come from more than one provider (pi's provider count).
func TestFooterProviderWithManyProviders(t *testing.T) {
	h := newHarness(t, Options{})
	h.lacks("(mock) mock-1")
	h.answer("get_model_scope", map[string]any{"scoped": false, "scope": []any{}, "models": []any{
		map[string]any{"provider": "mock", "id": "mock-1"}, map[string]any{"provider": "alt", "id": "alt-1"}}})
	h.m.c.request(cmd("get_model_scope"), (*model).onModelScope)
	h.sync()
	h.contains("(mock) mock-1")
	h.answer("get_model_scope", map[string]any{"scoped": true, "scope": []any{map[string]any{"provider": "mock", "id": "mock-1"}}, "models": []any{
		map[string]any{"provider": "mock", "id": "mock-1"}, map[string]any{"provider": "alt", "id": "alt-1"}}})
	h.m.c.request(cmd("get_model_scope"), (*model).onModelScope)
	h.sync()
	h.lacks("(mock) mock-1")
}

package tui

import "testing"

// TestDiscoveredExtensionLines: a file discovery found shows the reload
// line and joins the header; a deleted one leaves it; a new file that does
// not load says so with file:line (no generation was serving).
func TestDiscoveredExtensionLines(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_extensions", map[string]any{"extensions": []any{
		map[string]any{"id": "dropped", "path": "/a/extensions/dropped.ts", "origin": "auto:global", "status": "loaded"}}})
	h.event(ev("extension_reload", "plugin", "dropped", "ok", true, "generation", 1.0, "ms", 5.0, "appeared", "/a/extensions/dropped.ts",
		"added", []any{"command:dropcmd"}, "removed", []any{}, "changed", []any{}))
	h.contains("reload dropped gen 1 ok 5ms +command:dropcmd", "dropped.ts")
	h.answer("get_extensions", map[string]any{"extensions": []any{}})
	h.event(ev("extension_reload", "plugin", "dropped", "ok", true, "generation", 0.0, "ms", 0.0, "gone", "/a/extensions/dropped.ts",
		"added", []any{}, "removed", []any{"command:dropcmd"}, "changed", []any{}))
	h.contains("reload dropped gen 0 ok 0ms -command:dropcmd")
	h.lacks("dropped.ts")
	h.event(ev("extension_reload", "plugin", "bad", "ok", false, "generation", 0.0, "appeared", "/a/extensions/bad.ts",
		"error", "/a/extensions/bad.ts:2:21: Unexpected \";\""))
	h.contains(`reload bad FAILED: /a/extensions/bad.ts:2:21: Unexpected ";"`)
}

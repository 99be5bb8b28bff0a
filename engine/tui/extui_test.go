package tui

import (
	"strings"
	"testing"
)

// An extension's header (setHeader) replaces pi's logo and key hints, not
// the blank rows around them nor the loaded extensions under them.
func TestCustomHeaderKeepsExtensionList(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_extensions", map[string]any{"extensions": []any{
		map[string]any{"path": "/x/plan-mode/index.ts", "status": "loaded"},
		map[string]any{"path": "/x/custom-header.ts", "status": "loaded"}}})
	h.m.c.request(cmd("get_extensions"), (*model).onExtensions)
	h.sync()
	h.event(ev("view_state", "viewId", "hd", "component", "pi.component",
		"state", map[string]any{"kind": "header", "lines": []any{"MASCOT", "subtitle"}}))
	if s := h.screen(); !strings.HasPrefix(s, "\nMASCOT\nsubtitle\n\n[Extensions]\n  custom-header.ts, plan-mode\n") {
		t.Errorf("header:\n%s", s)
	}
	h.lacks("▀▀█")
	h.event(ev("view_closed", "viewId", "hd"))
	h.contains("▀▀█", "[Extensions]")
	h.lacks("MASCOT")
}

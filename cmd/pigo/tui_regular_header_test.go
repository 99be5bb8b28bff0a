package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// withPiSearchTools gives pi fd and ripgrep in the agent dir's bin (pi
// only looks for the files there), so that it does not warn at startup
// that it cannot download them; pigo needs neither.
func withPiSearchTools(t *testing.T, agentDir string) {
	t.Helper()
	must(t, os.MkdirAll(filepath.Join(agentDir, "bin"), 0o755))
	for _, tool := range []string{"fd", "rg"} {
		must(t, os.WriteFile(filepath.Join(agentDir, "bin", tool), []byte("#!/bin/sh\nexit 1\n"), 0o755))
	}
}

// TestTUIDifferentialRegularModeExpand16: in regular mode (the main
// screen, the chat printed into the scrollback) ctrl+o expands the
// startup help and loaded resources and collapses them again as pi 1.6
// does (pi-tui redraws from the top), its "Tool output:" status replaced
// in place; on a terminal the expanded header fits and on one it
// overflows.
func TestTUIDifferentialRegularModeExpand16(t *testing.T) {
	node, cli, setup := regularHeaderSides(t)
	for _, rows := range []int{70, 30} {
		screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
			tt := startPTYRows(t, rows, setup, side, nil, nil, "--model", "mock/mock-1", "--no-session", "-e", "ext.ts", "--tui-mode", "regular")
			tt.waitFor("mock-1", "[Extensions]", "myext.ts")
			settle() // pi takes keys once its startup finished
			add(tt.screen())
			tt.keys("\x0f") // ctrl+o
			tt.waitFor("Tool output: expanded", "~/work/.pi/extensions/myext.ts")
			settle()
			add(tt.screen())
			tt.keys("\x0f")
			tt.waitFor("Tool output: collapsed")
			tt.waitGone("Tool output: expanded")
			settle()
			add(tt.screen())
		})
		compareScreens(t, screens, func(s string) string { return headerVersion.ReplaceAllString(s, "▀▀█  vX") })
		if got := screens["pigo"]; len(got) != 3 || !strings.Contains(got[2], "[Skills]\n  myskill, tidy\n") {
			t.Errorf("%d rows: pigo's screens:\n%s", rows, strings.Join(got, "\n=====\n"))
		}
	}
}

// TestTUIDifferentialRegularModeResize16: in regular mode a narrower
// terminal gets the header and chat drawn again for its width, as pi
// 1.6's full redraw on a new size does.
func TestTUIDifferentialRegularModeResize16(t *testing.T) {
	node, cli, setup := regularHeaderSides(t)
	screens := onBothSides(t, node, cli, func(name string, side []string, add func(string)) {
		tt := startPTYRows(t, 40, setup, side, nil, []mockStep{{Text: "A reply long enough to wrap once the terminal is narrower than this sentence is."}}, "--model", "mock/mock-1", "--no-session", "-e", "ext.ts", "--tui-mode", "regular")
		tt.waitFor("mock-1", "[Extensions]", "myext.ts")
		settle()
		tt.keys("hello", "\r")
		tt.waitFor("narrower than this")
		settle()
		tt.resize(60, 40)
		settle()
		settle()
		add(tt.screen())
	})
	compareScreens(t, screens, func(s string) string { return headerVersion.ReplaceAllString(s, "▀▀█  vX") })
}

// regularHeaderSides returns pi 1.6's node and cli (pi16Command) and the
// setup of both sides: writeHeaderProject's project, pi's search tools in
// the agent dir.
func regularHeaderSides(t *testing.T) (node, cli string, setup func(work, agentDir string)) {
	t.Helper()
	node, cli = pi16Command(t)
	return node, cli, func(work, agentDir string) {
		writeHeaderProject(t, work, agentDir)
		withPiSearchTools(t, agentDir)
	}
}

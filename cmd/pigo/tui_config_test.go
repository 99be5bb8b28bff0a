package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConfigTUI runs `pigo config` in a terminal: it lists the agent
// dir's extensions and the built-ins, space disables the first one in
// settings.json, escape exits 0. (The frames and settings writes are
// compared with pi 1.6's selector in engine/tui: TestConfigMatchesPi.)
func TestConfigTUI(t *testing.T) {
	var agent string
	tt := startPTYSetup(t, func(work, agentDir string) {
		agent = agentDir
		must(t, os.MkdirAll(filepath.Join(agentDir, "extensions"), 0o755))
		must(t, os.WriteFile(filepath.Join(agentDir, "extensions", "alpha.ts"), []byte("export default function () {}"), 0o644))
	}, []string{selfPath()}, nil, "config")
	tt.waitFor("Global Resources", "alpha.ts", "Built-in", "tool-search")
	tt.keys(" ")
	tt.waitFor("[ ] alpha.ts")
	tt.keys("\x1b")
	if code := tt.exit(); code != 0 {
		t.Fatalf("exit %d:\n%s", code, tt.screen())
	}
	data, err := os.ReadFile(filepath.Join(agent, "settings.json"))
	must(t, err)
	if !strings.Contains(string(data), `"-extensions/alpha.ts"`) {
		t.Errorf("settings.json: %s", data)
	}
}

package tui

import (
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestKeybindingsOverride(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "keybindings.json"), []byte(`{"$schema":"x",
		"app.model.select":"shift+ctrl+M","app.tools.expand":[],"app.interrupt":["escape","ctrl+alt+x"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	km := loadKeys(dir)
	if !km.is("app.model.select", "ctrl+shift+m") || km.is("app.model.select", "ctrl+l") {
		t.Errorf("model.select %v", km["app.model.select"])
	}
	if len(km["app.tools.expand"]) != 0 {
		t.Errorf("an empty list disables: %v", km["app.tools.expand"])
	}
	if !km.is("app.interrupt", "esc") || !km.is("app.interrupt", "ctrl+alt+x") {
		t.Errorf("interrupt %v", km["app.interrupt"])
	}
	if !km.is("app.thinking.cycle", "shift+tab") {
		t.Errorf("defaults stay")
	}
	if !loadKeys(t.TempDir()).is("app.model.select", "ctrl+l") {
		t.Errorf("no file: defaults")
	}
}

func TestSessionActionsTakeConfiguredKeys(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "keybindings.json"), []byte(`{"app.session.new":"ctrl+shift+n"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, Options{AgentDir: dir})
	h.m.Update(tea.KeyPressMsg{Code: 'n', Mod: tea.ModCtrl | tea.ModShift})
	h.sync()
	h.cmd("new_session")
}

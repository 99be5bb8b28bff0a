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
	km := loadKeys(dir, envLookup(nil))
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
	if !loadKeys(t.TempDir(), envLookup(nil)).is("app.model.select", "ctrl+l") {
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

// Under WSL (and on Windows) pi's defaults avoid the keys those terminals
// keep for themselves; elsewhere they are the usual ones.
func TestWindowsKeybindings(t *testing.T) {
	wsl := envLookup([]string{"WSL_DISTRO_NAME=Ubuntu"})
	for _, c := range []struct {
		goos   string
		getenv func(string) string
		want   bool
	}{
		{"linux", envLookup(nil), false}, {"linux", wsl, true}, {"linux", envLookup([]string{"WSL_INTEROP=/run/x"}), true},
		{"windows", envLookup(nil), true}, {"darwin", wsl, false},
	} {
		if got := windowsKeybindings(c.goos, c.getenv); got != c.want {
			t.Errorf("%s: windows keys %v, want %v", c.goos, got, c.want)
		}
	}
	km := defaultKeys(true)
	for action, key := range map[string]string{"app.message.followUp": "ctrl+q", "app.message.dequeue": "alt+q",
		"app.model.cycleBackward": "alt+p", "tui.altScreen.search": "ctrl+f"} {
		if !km.is(action, key) || len(km[action]) != 1 {
			t.Errorf("%s = %v, want [%s]", action, km[action], key)
		}
	}
	if !defaultKeys(false).is("tui.altScreen.search", "ctrl+shift+f") {
		t.Error("the usual search key changed")
	}
}

// keybindings.json files from before pi 1.x name actions the old way;
// they still bind, unless the file also binds the new name.
func TestLegacyKeybindingNames(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "keybindings.json"), []byte(`{"selectModel":"ctrl+k","followUp":"ctrl+y","app.message.followUp":"ctrl+u"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	km := loadKeys(dir, envLookup(nil))
	if !km.is("app.model.select", "ctrl+k") || km.is("app.model.select", "ctrl+l") {
		t.Errorf("selectModel did not bind app.model.select: %v", km["app.model.select"])
	}
	if !km.is("app.message.followUp", "ctrl+u") || km.is("app.message.followUp", "ctrl+y") {
		t.Errorf("the new name should win over the legacy one: %v", km["app.message.followUp"])
	}
	if _, ok := km["selectModel"]; ok {
		t.Error("the legacy name was kept as an action")
	}
}

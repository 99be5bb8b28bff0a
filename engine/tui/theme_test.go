package tui

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestLoadThemeBuiltinAndFile(t *testing.T) {
	dark, err := LoadTheme("dark")
	if err != nil || dark.Color("accent") == nil || dark.Appearance != "dark" {
		t.Fatalf("dark: %v %v", dark, err)
	}
	light, _ := LoadTheme("light")
	if light.Appearance != "light" {
		t.Errorf("light appearance %q", light.Appearance)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mine.json"), []byte(`{"name":"mine","appearance":"dark",
		"vars":{"hot":"#ff0000"},"colors":{"accent":"hot","border":21,"text":""}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	mine, err := LoadTheme("mine", dir)
	if err != nil {
		t.Fatal(err)
	}
	r, g, b, _ := mine.Color("accent").RGBA()
	if r>>8 != 0xff || g != 0 || b != 0 {
		t.Errorf("var reference: %v", mine.Color("accent"))
	}
	if mine.Color("text") != nil {
		t.Errorf("empty colour is the terminal default")
	}
	if mine.Color("muted") == nil {
		t.Errorf("missing tokens fall back to the built-in theme")
	}
	if _, err := LoadTheme("nope", dir); err == nil {
		t.Errorf("unknown theme loads")
	}
}

func TestThemeFileChangeIsReapplied(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "themes", "mine.json")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(accent string, mod time.Time) {
		if err := os.WriteFile(file, []byte(`{"name":"mine","colors":{"accent":"`+accent+`"}}`), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(file, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	write("#ff0000", time.Now().Add(-time.Hour))
	h := newHarness(t, Options{Theme: "mine", AgentDir: dir})
	if h.m.th.Name != "mine" || h.m.th.Changed() {
		t.Fatalf("theme %q", h.m.th.Name)
	}
	write("#00ff00", time.Now())
	for range 12 {
		h.m.Update(tickMsg{})
	}
	if r, g, _, _ := h.m.th.Color("accent").RGBA(); r != 0 || g>>8 != 0xff {
		t.Errorf("accent after the save: %v", h.m.th.Color("accent"))
	}
}

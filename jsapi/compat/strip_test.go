package compat

import (
	"os"
	"path/filepath"
	"testing"
)

// TestStrippedCurrent: stripped/ is what modules/ strips to, file for file.
func TestStrippedCurrent(t *testing.T) {
	entries, err := os.ReadDir("modules")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, e := range entries {
		if e.IsDir() || !IsModuleFile(e.Name()) {
			continue
		}
		want[e.Name()+".js"] = true
		src, err := os.ReadFile(filepath.Join("modules", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		code, err := Strip(e.Name(), string(src))
		if err != nil {
			t.Fatal(err)
		}
		got, err := strippedFiles.ReadFile("stripped/" + e.Name() + ".js")
		if err != nil || string(got) != code {
			t.Errorf("stripped/%s.js is not modules/%s stripped: run go generate ./jsapi/compat", e.Name(), e.Name())
		}
	}
	stripped, err := strippedFiles.ReadDir("stripped")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range stripped {
		if !want[e.Name()] {
			t.Errorf("stripped/%s has no module in modules/: run go generate ./jsapi/compat", e.Name())
		}
	}
}

package bundled_test

import (
	"encoding/json"
	"testing"

	"github.com/pigo-dev/pigo/bundled"
)

// TestDefaultAppMatchesSources: every plugin of the default app is
// embedded, and every embedded plugin is in the default app.
func TestDefaultAppMatchesSources(t *testing.T) {
	var app struct {
		ID      string   `json:"id"`
		Plugins []string `json:"plugins"`
	}
	if err := json.Unmarshal(bundled.DefaultApp(), &app); err != nil {
		t.Fatal(err)
	}
	srcs := bundled.Sources()
	for _, id := range app.Plugins {
		if srcs[id] == "" {
			t.Errorf("the default app lists %s but no source is embedded", id)
		}
	}
	// pi's built-in extensions load apart from the app (discover.Builtins).
	for _, name := range bundled.Extensions() {
		if srcs["@pi/"+name] == "" {
			t.Errorf("built-in extension %s has no source", name)
		}
	}
	if len(srcs) != len(app.Plugins)+len(bundled.Extensions()) {
		t.Errorf("%d sources, %d in the default app, %d built-in extensions", len(srcs), len(app.Plugins), len(bundled.Extensions()))
	}
}

func TestLookup(t *testing.T) {
	for ref, want := range map[string]string{
		"@pi/tool-read": "@pi/tool-read", "builtin:tool-read": "@pi/tool-read",
		"@pi/nope": "", "builtin:": "", "./tool-read.ts": "", "@pi/../doc": "",
	} {
		got, ok := bundled.Lookup(ref)
		if got != want || ok != (want != "") {
			t.Errorf("Lookup(%q) = %q, %v; want %q", ref, got, ok, want)
		}
	}
	if !bundled.IsID("builtin:mcp") || !bundled.IsID("@pi/x") || bundled.IsID("./x.ts") {
		t.Error("IsID")
	}
}

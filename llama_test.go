package pigo_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
)

// TestBuiltinLlamaLoading: builtin:llama.cpp is pi's first built-in
// extension (before codemode, tool-search and mcp) and follows the built-in rules:
// settings' -builtin:llama.cpp removes it, -e builtin:llama.cpp loads it
// without discovery.
func TestBuiltinLlamaLoading(t *testing.T) {
	dir, agent := t.TempDir(), t.TempDir()
	open := func(o pigo.Options) []string {
		t.Helper()
		o.Cwd, o.AgentDir = dir, agent
		a, err := pigo.New(o)
		if err != nil {
			t.Fatal(err)
		}
		return ids(a)
	}
	if got := open(pigo.Options{Discover: true}); !strings.HasSuffix(strings.Join(got, " "), "builtin:llama.cpp @pi/codemode @pi/tool-search builtin:mcp") {
		t.Errorf("default: %v", got)
	}
	if got := open(pigo.Options{}); slices.Contains(got, "builtin:llama.cpp") {
		t.Errorf("--no-extensions: %v", got)
	}
	if got := open(pigo.Options{Extensions: []string{"builtin:llama.cpp"}}); !slices.Contains(got, "builtin:llama.cpp") {
		t.Errorf("-e builtin:llama.cpp: %v", got)
	}
	write(t, agent, "settings.json", `{"extensions": ["-builtin:llama.cpp"]}`)
	if got := open(pigo.Options{Discover: true}); slices.Contains(got, "builtin:llama.cpp") {
		t.Errorf("-builtin:llama.cpp: %v", got)
	}
}

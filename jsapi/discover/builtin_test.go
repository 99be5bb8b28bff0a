package discover_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/discover"
)

func TestBuiltins(t *testing.T) {
	cwd, agent := t.TempDir(), t.TempDir()
	names := []string{"codemode", "mcp"}
	opts := discover.Options{Cwd: cwd, AgentDir: agent}
	check := func(what string, o discover.Options, want ...string) {
		t.Helper()
		got, problems := discover.Builtins(o, names)
		if !slices.Equal(got, want) || len(problems) != 0 {
			t.Errorf("%s: %v %v, want %v", what, got, problems, want)
		}
	}
	check("default", opts, "codemode", "mcp")
	write := func(p, s string) {
		_ = os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(agent, "settings.json"), `{"extensions": ["-builtin:mcp", "!builtin:codemode", "+builtin:codemode"]}`)
	check("user setting, last entry wins", opts, "codemode")
	write(filepath.Join(cwd, ".pi", "settings.json"), `{"extensions": ["+builtin:mcp", "-builtin:codemode"]}`)
	check("project over user", opts, "mcp")
	o := opts
	o.Extensions = []string{"builtin:codemode", "./x.ts"}
	check("-e builtin: despite the setting", o, "mcp", "codemode")
	o.NoExtensions = true
	check("--no-extensions keeps -e", o, "codemode")
	o.Extensions = []string{"builtin:nope"}
	if got, problems := discover.Builtins(o, names); len(got) != 0 || len(problems) != 1 || problems[0].Message != "Unknown built-in extension: builtin:nope" {
		t.Errorf("unknown: %v %+v", got, problems)
	}
}

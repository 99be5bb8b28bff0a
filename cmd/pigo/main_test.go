package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/pigo-dev/pigo/bundled/payload"
)

// CLI behaviour is tested end to end with testscript: each file in
// testdata/script is one behaviour; `pigo` runs in-process through
// TestMain. Set TESTSCRIPT_UPDATE=1 to rewrite golden sections (review the
// diff).

func TestMain(m *testing.M) {
	// testscript runs `pigo` by argv[0]; an executable `pigo build` made
	// from this test binary has another name, and is pigo because it
	// carries an app (or a broken one, which pigo must report).
	if exe, err := os.Executable(); err == nil {
		var pe *payload.Error
		if app, _, err := payload.Read(exe); app != nil || errors.As(err, &pe) {
			os.Exit(pigoMain())
		}
	}
	testscript.Main(m, map[string]func(){"pigo": func() { os.Exit(pigoMain()) }})
}

func TestScripts(t *testing.T) {
	examples, err := filepath.Abs(filepath.Join("..", "..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:                 filepath.Join("testdata", "script"),
		RequireExplicitExec: true,
		UpdateScripts:       os.Getenv("TESTSCRIPT_UPDATE") != "",
		Cmds: map[string]func(*testscript.TestScript, bool, []string){
			"waitfor": cmdWaitfor, "mockllm": cmdMockLLM, "eventlog": cmdEventLog, "rpcdrive": cmdRPCDrive,
			"npmregistry": cmdNPMRegistry,
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("EXAMPLES", examples)
			env.Setenv("PIGO_CACHE_DIR", filepath.Join(env.WorkDir, ".cache"))
			return nil
		},
	})
}

// TestEveryCommandHasAScript keeps the command table and the scripts in
// step.
func TestEveryCommandHasAScript(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("testdata", "script"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range commands() {
		found := false
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), c.name+"_") {
				found = true
			}
		}
		if !found {
			t.Errorf("command %q has no testdata/script/%s_*.txtar", c.name, c.name)
		}
	}
}

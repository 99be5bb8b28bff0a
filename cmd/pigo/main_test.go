package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// CLI behaviour is tested end to end with testscript: each file in
// testdata/script is one behaviour; `pigo` runs in-process through
// TestMain. Set TESTSCRIPT_UPDATE=1 to rewrite golden sections (review the
// diff).

func TestMain(m *testing.M) {
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
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("EXAMPLES", examples)
			env.Setenv("PIGO_CACHE_DIR", filepath.Join(env.WorkDir, ".cache"))
			return nil
		},
	})
}

// TestEveryCommandHasAScript keeps the command table and the scripts in
// step (STYLE rule 19).
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

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

// TestDifferentialPackageLoadOrder16 runs real pi 1.6 and pigo in RPC
// mode with extensions from every place pi takes them (-e, the project's
// and the user's settings entries and extension directories, packages
// in the project's and the user's settings) and compares the order they
// load in (get_commands, built-in extensions left out): pi sorts by its
// precedence rank, the packages last, the project's before the user's.
// The project's are loaded once the project is trusted (--approve).
func TestDifferentialPackageLoadOrder16(t *testing.T) {
	sides := pi16Sides(t)
	cmdExt := func(name string) string {
		return extSource(`pi.registerCommand("` + name + `", { description: "` + name + `", handler: async () => {} });`)
	}
	pkg := func(name string) map[string]string {
		return map[string]string{
			name + "/package.json": `{"name": "` + name + `", "version": "1.0.0", "pi": {"extensions": ["./index.ts"]}}`,
			name + "/index.ts":     cmdExt(name),
		}
	}
	files := map[string]string{
		"agent/settings.json":              `{"packages": ["npm:user-npm", "../pkgs/user-pkg"], "extensions": ["../entries/user-entry.ts"]}`,
		"agent/extensions/user-auto.ts":    cmdExt("user-auto"),
		"entries/user-entry.ts":            cmdExt("user-entry"),
		"entries/proj-entry.ts":            cmdExt("proj-entry"),
		"work/.pi/settings.json":           `{"packages": ["npm:proj-npm", "../../pkgs/proj-pkg"], "extensions": ["../../entries/proj-entry.ts"]}`,
		"work/.pi/extensions/proj-auto.ts": cmdExt("proj-auto"),
		"work/cli.ts":                      cmdExt("cli"),
	}
	for _, p := range []string{"user-pkg", "proj-pkg"} {
		for k, v := range pkg(p) {
			files["pkgs/"+k] = v
		}
	}
	// npm packages from a fake registry: the user's install before the
	// extensions load, the project's once the project is trusted.
	reg := pkgmgrtest.New()
	defer reg.Close()
	for _, name := range []string{"user-npm", "proj-npm"} {
		reg.Publish(name, "1.0.0", nil, map[string]string{"extensions/index.ts": cmdExt(name)})
	}
	run := func(argv []string) []string {
		dir := sideTree(t, files)
		llm := newMockLLM(nil)
		defer llm.Close()
		must(t, os.WriteFile(filepath.Join(dir, "agent", "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
		cmd := sideCommand(argv, dir, "--mode", "rpc", "--no-session", "--no-builtin-tools", "--approve",
			"--provider", "mock", "--model", "mock-1", "-e", "cli.ts")
		cmd.Env = append(cmd.Env, "PI_OFFLINE=", "npm_config_registry="+reg.URL(), "npm_config_update_notifier=false",
			"npm_config_cache="+filepath.Join(dir, "npm-cache"))
		d := startDriver(t, cmd)
		r := d.call(`{"id":"c","type":"get_commands"}`)
		d.finish()
		names := extensionCommands(r)
		if len(names) == 0 {
			b, _ := json.Marshal(r)
			t.Errorf("%s: no extension commands: %s\nstderr: %s", argv[0], b, d.stderr.String())
		}
		return names
	}
	pi, pg := runSides(sides, run)
	if !slices.Equal(pi, pg) {
		t.Errorf("load order:\n  pi   %s\n  pigo %s", strings.Join(pi, " "), strings.Join(pg, " "))
	}
	t.Logf("pi 1.6: %s", strings.Join(pi, " "))
}

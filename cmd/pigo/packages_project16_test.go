package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

// TestDifferentialProjectPackagesInstall16: a package of the project's
// .pi/settings.json that is not installed installs at start-up once the
// project is trusted, with no prompt, into the project's .pi, and its
// extension loads; an untrusted project's packages are neither
// installed nor loaded. The same happens when switch_session moves the
// run to a session of another project with such a package (pi creates
// its runtime there). A package that cannot install is a warning on
// stderr (the RPC protocol owns stdout). pi 1.6 and pigo, from one fake
// registry.
func TestDifferentialProjectPackagesInstall16(t *testing.T) {
	sides := pi16Sides(t)
	reg := pkgmgrtest.New()
	defer reg.Close()
	reg.Publish("proj-pkg", "1.0.0", nil, map[string]string{
		"extensions/hi.ts": `export default function (pi: any) { pi.registerCommand("proj-hi", { description: "from the project's package", handler: async () => {} }); }`})
	run := func(side string, trusted, move bool) string {
		dir, work, _ := sideDirs(t)
		project := work
		if move {
			project = filepath.Join(dir, "other")
		}
		must(t, os.MkdirAll(filepath.Join(project, ".pi"), 0o755))
		must(t, os.WriteFile(filepath.Join(project, ".pi", "settings.json"), []byte(`{"packages": ["npm:proj-pkg", "npm:no-such-pkg"]}`), 0o644))
		there := filepath.Join(dir, "there.jsonl")
		must(t, os.WriteFile(there, []byte(`{"type":"session","version":3,"id":"aaaaaaaa-0000-4000-8000-000000000001","timestamp":"2026-01-01T00:00:00.000Z","cwd":"`+project+`"}`+"\n"), 0o644))
		args := []string{"--mode", "rpc", "--no-session", "--no-builtin-tools"}
		if trusted {
			args = append(args, "--approve")
		}
		cmd := sideCommand(sides[side], dir, args...)
		cmd.Env = append(cmd.Env, "PI_OFFLINE=", "npm_config_registry="+reg.URL(), "npm_config_update_notifier=false",
			"npm_config_cache="+filepath.Join(dir, "npm-cache"))
		var names []string
		d := startDriver(t, cmd)
		if move {
			d.call(`{"id":"s","type":"switch_session","sessionPath":"` + there + `"}`)
		}
		r := d.call(`{"id":"c","type":"get_commands"}`)
		d.finish()
		// The warning for the package that cannot install, on stderr,
		// without npm's error (pi's comes from npm).
		d.mu.Lock()
		stderr := d.stderr.String()
		d.mu.Unlock()
		for _, l := range strings.Split(stderr, "\n") {
			if before, after, ok := strings.Cut(l, "failed to install ("); ok && strings.Contains(l, "no-such-pkg") {
				_, hint, _ := strings.Cut(after, "). ")
				names = append(names, "stderr "+before+"... "+strings.Replace(hint, `"pi remove`, `"pigo remove`, 1))
			}
		}
		cmds, _ := r["data"].(map[string]any)["commands"].([]any)
		for _, c := range cmds {
			if n := str(c.(map[string]any)["name"]); strings.HasPrefix(n, "proj-") {
				names = append(names, n)
			}
		}
		installed, _ := filepath.Glob(filepath.Join(project, ".pi", "*", "node_modules", "proj-pkg", "package.json"))
		for _, p := range installed {
			names = append(names, "installed "+strings.TrimPrefix(p, project))
		}
		slices.Sort(names)
		return strings.Join(names, "; ")
	}
	for _, c := range []struct{ trusted, move bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
		pi, pg := run("pi", c.trusted, c.move), run("pigo", c.trusted, c.move)
		t.Logf("%+v: %q", c, pg)
		if pi != pg {
			t.Errorf("%+v: pi %q, pigo %q", c, pi, pg)
		}
		if c.trusted != strings.Contains(pg, "proj-hi") {
			t.Errorf("%+v: pigo %q", c, pg)
		}
	}
}

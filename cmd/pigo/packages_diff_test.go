package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

// TestPackagesSharedWithPi16: pigo and real pi 1.6 use one agent dir and
// one fake registry; what either installs, both list the same way, and
// pigo loads the extension of a package pi installed (pi's npm install).
func TestPackagesSharedWithPi16(t *testing.T) {
	sides := pi16Sides(t)
	reg := pkgmgrtest.New()
	defer reg.Close()
	ext := map[string]string{"extensions/hi.ts": "export default function (pi: any) { pi.registerCommand(\"hi\", { handler: async () => {} }); }"}
	reg.Publish("@demo/by-pigo", "1.0.0", nil, ext)
	reg.Publish("by-pi", "2.0.0", nil, ext)
	dir, work, _ := sideDirs(t)
	must(t, os.MkdirAll(filepath.Join(work, "local-pkg"), 0o755))
	run := func(side string, args ...string) string {
		t.Helper()
		cmd := sideCommand(sides[side], dir, args...)
		cmd.Env = append(cmd.Env, "npm_config_registry="+reg.URL(), "npm_config_update_notifier=false",
			"npm_config_cache="+filepath.Join(dir, "npm-cache"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", side, strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	sameList := func(when string) string {
		t.Helper()
		pi, pigo := run("pi", "list", "-a"), run("pigo", "list", "-a")
		if pi != pigo {
			t.Errorf("%s: pi list:\n%s\npigo list:\n%s", when, pi, pigo)
		}
		return pi
	}
	run("pigo", "install", "npm:@demo/by-pigo")
	if out := sameList("after pigo install"); !strings.Contains(out, "agent/npm/node_modules/@demo/by-pigo\n") {
		t.Errorf("pi does not see pigo's install where pigo put it:\n%s", out)
	}
	run("pi", "install", "npm:by-pi@^2")
	sameList("after pi install")
	if out := run("pigo", "check"); !strings.Contains(out, "commands: hi") || strings.Count(out, "  loaded") < 2 {
		t.Errorf("pigo check does not load both packages:\n%s", out)
	}
	run("pigo", "install", "./local-pkg", "-l")
	sameList("after a project install")
	run("pigo", "remove", "npm:by-pi")
	sameList("after pigo remove")
	run("pi", "remove", "npm:@demo/by-pigo")
	sameList("after pi remove")
	if _, err := os.Stat(filepath.Join(dir, "agent", "npm", "node_modules", "by-pi")); err == nil {
		t.Error("pigo remove left by-pi installed")
	}
}

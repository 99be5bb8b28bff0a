package pkgmgr_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// A user npm package a pre-1.x pi installed with npm install -g loads
// from npm's global root (npm root -g, here under a temporary
// npm_config_prefix) while the managed copy is missing, as in pi 1.6;
// a project package is never looked for there, and the managed copy wins
// once it exists.
func TestLegacyGlobalNpmLocation(t *testing.T) {
	npm := needNpm(t)
	prefix := t.TempDir()
	environ := append(os.Environ(), "npm_config_prefix="+prefix, "PATH="+filepath.Dir(npm)+string(filepath.ListSeparator)+os.Getenv("PATH"))
	global := pkgmgr.NPMGlobalRoot(environ)()
	if runtime.GOOS != "windows" && global != filepath.Join(prefix, "lib", "node_modules") {
		t.Fatalf("npm root -g = %q, want it under %s", global, prefix)
	}
	legacy := filepath.Join(global, "legacy-pkg")
	os.MkdirAll(legacy, 0o755)
	os.WriteFile(filepath.Join(legacy, "package.json"), []byte(`{"name":"legacy-pkg","version":"1.0.0"}`), 0o644)

	e := newEnv(t)
	e.m.Environ = environ
	for _, scope := range []pkgmgr.Scope{pkgmgr.User, pkgmgr.Project} {
		os.MkdirAll(filepath.Dir(e.m.SettingsFile(scope)), 0o755)
		os.WriteFile(e.m.SettingsFile(scope), []byte(`{"packages":["npm:legacy-pkg"]}`), 0o644)
	}
	list, err := e.m.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].Installed != legacy || list[1].Installed != "" {
		t.Errorf("list: %+v, want the user package at %s and the project one not installed", list, legacy)
	}
	if dir, ok := e.m.Loadable("npm:legacy-pkg@^1.0.0", pkgmgr.User); !ok || dir != legacy {
		t.Errorf("Loadable ^1.0.0 = %q %v", dir, ok)
	}
	if _, ok := e.m.Loadable("npm:legacy-pkg@^2.0.0", pkgmgr.User); ok {
		t.Error("a legacy copy outside the range is loadable (pi reinstalls it)")
	}
	// Nothing to install: the registry does not even have the package.
	if err := e.m.Ensure(context.Background(), "npm:legacy-pkg", pkgmgr.User); err != nil {
		t.Fatal(err)
	}
	managed := filepath.Join(e.m.AgentDir, "npm", "node_modules", "legacy-pkg")
	if _, err := os.Stat(managed); err == nil {
		t.Error("Ensure installed a package npm's global root has")
	}
	e.reg.Publish("legacy-pkg", "1.1.0", nil, nil)
	e.install("npm:legacy-pkg", pkgmgr.User)
	if dir, ok := e.m.Installed("npm:legacy-pkg", pkgmgr.User); !ok || dir != managed {
		t.Errorf("with a managed copy: %q %v, want %s", dir, ok, managed)
	}
}

// npm root -g runs only when a managed copy is missing, once per
// environment, and a failing npm means no legacy location.
func TestLegacyGlobalRootLookupIsLazy(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a shell script stands in for npm")
	}
	bin, global := t.TempDir(), t.TempDir()
	log := filepath.Join(bin, "calls")
	os.WriteFile(filepath.Join(bin, "npm"), []byte("#!/bin/sh\necho \"$*\" >> "+log+"\necho "+global+"\n"), 0o755)
	os.MkdirAll(filepath.Join(global, "old"), 0o755)
	calls := func() []string {
		b, _ := os.ReadFile(log)
		return strings.Fields(strings.TrimSpace(string(b)))
	}
	env := []string{"PATH=" + bin}

	e := newEnv(t)
	e.m.Dirs.NPMGlobalRoot = pkgmgr.NPMGlobalRoot(env)
	e.reg.Publish("managed", "1.0.0", nil, nil)
	e.install("npm:managed", pkgmgr.User)
	if _, ok := e.m.Installed("npm:managed", pkgmgr.User); !ok || len(calls()) != 0 {
		t.Errorf("a managed package ran npm: %v", calls())
	}
	for range 2 {
		if dir, ok := e.m.Dirs.Installed("npm:old", pkgmgr.User); !ok || dir != filepath.Join(global, "old") {
			t.Errorf("old: %q %v", dir, ok)
		}
	}
	if dir := pkgmgr.NPMGlobalRoot(env)(); dir != global {
		t.Errorf("cached root %q", dir)
	}
	if got := calls(); strings.Join(got, " ") != "root -g" {
		t.Errorf("npm ran as %q, want once as root -g", got)
	}

	os.WriteFile(filepath.Join(bin, "npm"), []byte("#!/bin/sh\nexit 1\n"), 0o755)
	e.m.Dirs.NPMGlobalRoot = pkgmgr.NPMGlobalRoot([]string{"PATH=" + bin, "X=failing"})
	if _, ok := e.m.Dirs.Installed("npm:old", pkgmgr.User); ok {
		t.Error("a failing npm found a legacy copy")
	}
}

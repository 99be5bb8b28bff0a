package pkgmgr_test

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// -e npm: packages go to pi's cache, <agentDir>/tmp/extensions/npm/<hash>
// (the hash of "npm-", as pi computes it), never to settings; an unpinned
// one is reinstalled when the registry has a newer version, a pinned one
// is not checked again, and offline the cached copy is used as is.
func TestEnsureTemporaryNPM(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("tool", "1.0.0", nil, map[string]string{"index.ts": "export default function () {}"})
	e.reg.Publish("pinned", "1.0.0", nil, nil)
	ctx := context.Background()
	if err := e.m.Ensure(ctx, "npm:tool", pkgmgr.Temporary); err != nil {
		t.Fatal(err)
	}
	dir, err := e.m.Dir(pkgmgr.Source{Kind: pkgmgr.NPM, Name: "tool"}, pkgmgr.Temporary)
	if err != nil {
		t.Fatal(err)
	}
	// sha256("npm-") starts with f35b2129.
	if want := filepath.Join(e.m.AgentDir, "tmp", "extensions", "npm", "f35b2129", "node_modules", "tool"); dir != want {
		t.Errorf("dir = %s, want %s", dir, want)
	}
	if v := e.version(dir); v != "1.0.0" {
		t.Fatalf("installed %q", v)
	}
	if _, err := os.Stat(e.m.SettingsFile(pkgmgr.User)); err == nil {
		t.Error("a temporary install wrote settings")
	}

	e.reg.Publish("tool", "1.1.0", nil, nil)
	e.reg.Publish("pinned", "1.0.1", nil, nil)
	if err := e.m.Ensure(ctx, "npm:pinned@1.0.0", pkgmgr.Temporary); err != nil {
		t.Fatal(err)
	}
	n := e.reg.Requests.Load()
	if err := e.m.Ensure(ctx, "npm:pinned@1.0.0", pkgmgr.Temporary); err != nil || e.reg.Requests.Load() != n {
		t.Errorf("a pinned cached package was checked again: %v, %d requests", err, e.reg.Requests.Load()-n)
	}
	if err := e.m.Ensure(ctx, "npm:tool", pkgmgr.Temporary); err != nil {
		t.Fatal(err)
	}
	if v := e.version(dir); v != "1.1.0" {
		t.Errorf("after a newer release: %q, want the refresh to 1.1.0", v)
	}

	// Offline, or with the registry gone, the cached copy stays.
	e.reg.Publish("tool", "1.2.0", nil, nil)
	vars := map[string]string{"npm_config_registry": e.reg.URL(), "PI_OFFLINE": "1"}
	e.m.Getenv = func(k string) string { return vars[k] }
	n = e.reg.Requests.Load()
	if err := e.m.Ensure(ctx, "npm:tool", pkgmgr.Temporary); err != nil || e.reg.Requests.Load() != n {
		t.Errorf("offline: %v, %d requests", err, e.reg.Requests.Load()-n)
	}
	vars = map[string]string{"npm_config_registry": "http://127.0.0.1:1/"}
	if err := e.m.Ensure(ctx, "npm:tool", pkgmgr.Temporary); err != nil {
		t.Errorf("a failed refresh is not an error: %v", err)
	}
	if v := e.version(dir); v != "1.1.0" {
		t.Errorf("after a failed refresh: %q", v)
	}
}

// A missing package is installed (a configured one into its scope); what
// cannot be installed is an error naming the cause, and nothing is left.
func TestEnsureInstallsMissing(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("conf", "2.0.0", nil, nil)
	ctx := context.Background()
	if err := e.m.Ensure(ctx, "npm:conf@^2", pkgmgr.User); err != nil {
		t.Fatal(err)
	}
	if v := e.version(filepath.Join(e.m.AgentDir, "npm", "node_modules", "conf")); v != "2.0.0" {
		t.Errorf("configured package: %q", v)
	}
	for raw, want := range map[string]string{
		"npm:nope":     "package nope not found",
		"npm:conf@^3":  `no version of conf matches "^3"`,
		"npm:Bad Name": "invalid npm source",
	} {
		before := snapshot(t, e.m.AgentDir)
		err := e.m.Ensure(ctx, raw, pkgmgr.Temporary)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", raw, err, want)
		}
		if after := snapshot(t, e.m.AgentDir); !maps.Equal(after, before) {
			t.Errorf("%s: a failed install changed the agent dir:\n%v\n%v", raw, before, after)
		}
	}
	vars := map[string]string{"npm_config_registry": "http://127.0.0.1:1/"}
	e.m.Getenv = func(k string) string { return vars[k] }
	if err := e.m.Ensure(ctx, "npm:conf2", pkgmgr.Temporary); err == nil {
		t.Error("an unreachable registry is not an error")
	}
	vars["PI_OFFLINE"] = "1"
	if err := e.m.Ensure(ctx, "npm:conf2", pkgmgr.Temporary); err != nil {
		t.Errorf("offline, a missing package is skipped: %v", err)
	}
}

// -e git: clones go to <agentDir>/tmp/extensions/git-<host>/<hash>/<path>,
// one per ref; a branch is fetched again on the next start, a commit that
// is checked out is not.
func TestEnsureTemporaryGit(t *testing.T) {
	commit := gitRepo(t)
	e := newEnv(t)
	e.reg.Publish("dep", "1.0.0", nil, nil)
	ctx := context.Background()
	if err := e.m.Ensure(ctx, "git:git.example.test/user/repo", pkgmgr.Temporary); err != nil {
		t.Fatal(err)
	}
	src, _ := pkgmgr.Parse("git:git.example.test/user/repo")
	dir, _ := e.m.Dir(src, pkgmgr.Temporary)
	if !strings.HasPrefix(dir, filepath.Join(e.m.AgentDir, "tmp", "extensions", "git-git.example.test")+"/") || !strings.HasSuffix(dir, "/user/repo") {
		t.Errorf("clone at %s", dir)
	}
	pinned, _ := pkgmgr.Parse("git:git.example.test/user/repo@v1")
	if pdir, _ := e.m.Dir(pinned, pkgmgr.Temporary); pdir == dir {
		t.Error("a ref shares the unpinned clone")
	}
	commit("extensions/new.ts", "export default function () {}")
	if err := e.m.Ensure(ctx, "git:git.example.test/user/repo", pkgmgr.Temporary); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "extensions", "new.ts")); err != nil {
		t.Error("the cached clone was not refreshed")
	}
	if _, err := os.Stat(filepath.Join(e.m.AgentDir, "settings.json")); err == nil {
		t.Error("a temporary install wrote settings")
	}
}

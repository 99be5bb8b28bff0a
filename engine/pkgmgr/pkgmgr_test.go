package pkgmgr_test

import (
	"archive/tar"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr"
	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

// env is a project, an agent dir and a fake registry.
type env struct {
	t   *testing.T
	reg *pkgmgrtest.Registry
	m   *pkgmgr.Manager
}

func newEnv(t *testing.T) *env {
	t.Helper()
	reg := pkgmgrtest.New()
	t.Cleanup(reg.Close)
	root := t.TempDir()
	home := filepath.Join(root, "home")
	cwd := filepath.Join(root, "project")
	for _, d := range []string{home, cwd} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	vars := map[string]string{"npm_config_registry": reg.URL()}
	m := &pkgmgr.Manager{
		Dirs:   pkgmgr.Dirs{Cwd: cwd, AgentDir: filepath.Join(home, ".pi", "agent"), Home: home},
		Getenv: func(k string) string { return vars[k] },
	}
	return &env{t: t, reg: reg, m: m}
}

func (e *env) install(src string, scope pkgmgr.Scope) {
	e.t.Helper()
	if err := e.m.Install(context.Background(), src, scope); err != nil {
		e.t.Fatalf("install %s: %v", src, err)
	}
}

// readJSON reads a JSON file into v, failing the test if it cannot.
func (e *env) readJSON(path string, v any) {
	e.t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		e.t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		e.t.Fatalf("%s: %v", path, err)
	}
}

func (e *env) version(dir string) string {
	e.t.Helper()
	var pj struct{ Version string }
	e.readJSON(filepath.Join(dir, "package.json"), &pj)
	return pj.Version
}

func (e *env) packages(scope pkgmgr.Scope) []any {
	e.t.Helper()
	var s struct{ Packages []any }
	e.readJSON(e.m.SettingsFile(scope), &s)
	return s.Packages
}

// snapshot is every file under dir with a hash of its content, and every
// symlink with its target.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			out[rel] = "link:" + l
		case d.IsDir():
			out[rel] = "dir"
		default:
			b, _ := os.ReadFile(p)
			out[rel] = fmt.Sprintf("%x", sha256.Sum256(b))
		}
		return nil
	})
	return out
}

func TestInstallNPMWithDependencies(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("bar", "1.0.0", nil, map[string]string{"index.js": "module.exports = 1"})
	e.reg.Publish("bar", "1.2.0", nil, map[string]string{"index.js": "module.exports = 2"})
	e.reg.Publish("@acme/foo", "1.0.0", nil, nil)
	e.reg.Publish("@acme/foo", "1.1.0", map[string]string{"bar": "^1.0.0"}, map[string]string{"extensions/hi.ts": "export default function () {}"})
	e.install("npm:@acme/foo", pkgmgr.User)

	npm := filepath.Join(e.m.AgentDir, "npm")
	if v := e.version(filepath.Join(npm, "node_modules", "@acme", "foo")); v != "1.1.0" {
		t.Errorf("foo version %q, want the latest, 1.1.0", v)
	}
	if v := e.version(filepath.Join(npm, "node_modules", "bar")); v != "1.2.0" {
		t.Errorf("bar version %q, want 1.2.0 hoisted to the root", v)
	}
	if _, err := os.Stat(filepath.Join(npm, "node_modules", "@acme", "foo", "extensions", "hi.ts")); err != nil {
		t.Error(err)
	}
	var root struct {
		Name         string
		Private      bool
		Dependencies map[string]string
	}
	e.readJSON(filepath.Join(npm, "package.json"), &root)
	if root.Name != "pi-extensions" || !root.Private || root.Dependencies["@acme/foo"] != "^1.1.0" || len(root.Dependencies) != 1 {
		t.Errorf("install root package.json = %+v", root)
	}
	if b, _ := os.ReadFile(filepath.Join(npm, ".gitignore")); string(b) != "*\n!.gitignore\n" {
		t.Errorf(".gitignore = %q", b)
	}
	if got := e.packages(pkgmgr.User); !slices.Equal(got, []any{"npm:@acme/foo"}) {
		t.Errorf("settings packages = %v", got)
	}
	if dir, ok := e.m.Installed("npm:@acme/foo", pkgmgr.User); !ok || dir != filepath.Join(npm, "node_modules", "@acme", "foo") {
		t.Errorf("Installed = %q, %v", dir, ok)
	}
	// Installing again leaves one settings entry.
	e.install("npm:@acme/foo", pkgmgr.User)
	if got := e.packages(pkgmgr.User); len(got) != 1 {
		t.Errorf("settings packages after a second install = %v", got)
	}
}

func TestInstallRangesAndTags(t *testing.T) {
	e := newEnv(t)
	for _, v := range []string{"1.0.0", "1.0.5", "1.1.0", "2.0.0-beta.1"} {
		e.reg.Publish("foo", v, nil, nil)
	}
	e.reg.Tag("foo", "latest", "1.1.0")
	e.reg.Tag("foo", "next", "2.0.0-beta.1")
	dir := filepath.Join(e.m.AgentDir, "npm", "node_modules", "foo")
	for _, c := range []struct{ src, want, saved string }{
		{"npm:foo@~1.0.0", "1.0.5", "~1.0.0"},
		{"npm:foo@1.0.0", "1.0.0", "^1.0.0"}, // npm 11 saves a version with its save-prefix
		{"npm:foo@next", "2.0.0-beta.1", "^2.0.0-beta.1"},
		{"npm:foo@>=1.0.0 <1.1.0", "1.0.5", ">=1.0.0 <1.1.0"},
		{"npm:foo", "1.1.0", "^1.1.0"},
	} {
		e.install(c.src, pkgmgr.User)
		if v := e.version(dir); v != c.want {
			t.Errorf("%s installed %s, want %s", c.src, v, c.want)
		}
		var root struct{ Dependencies map[string]string }
		e.readJSON(filepath.Join(e.m.AgentDir, "npm", "package.json"), &root)
		if root.Dependencies["foo"] != c.saved {
			t.Errorf("%s saved as %q, want %q", c.src, root.Dependencies["foo"], c.saved)
		}
		// The same package under another spec replaces the settings entry.
		if got := e.packages(pkgmgr.User); !slices.Equal(got, []any{c.src}) {
			t.Errorf("%s: settings packages = %v", c.src, got)
		}
	}
}

func TestConflictingDependencyIsNested(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("dep", "1.0.0", nil, nil)
	e.reg.Publish("dep", "2.0.0", nil, nil)
	e.reg.Publish("a", "1.0.0", map[string]string{"dep": "^1.0.0"}, nil)
	e.reg.Publish("b", "1.0.0", map[string]string{"dep": "^2.0.0"}, nil)
	e.install("npm:a", pkgmgr.User)
	e.install("npm:b", pkgmgr.User)
	nm := filepath.Join(e.m.AgentDir, "npm", "node_modules")
	if v := e.version(filepath.Join(nm, "dep")); v != "1.0.0" {
		t.Errorf("root dep = %s, want 1.0.0 (a's)", v)
	}
	if v := e.version(filepath.Join(nm, "b", "node_modules", "dep")); v != "2.0.0" {
		t.Errorf("b's nested dep = %s, want 2.0.0", v)
	}
	// Removing a prunes the root copy it alone needed; b keeps its own.
	if err := e.m.Remove(context.Background(), "npm:a", pkgmgr.User); err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"a", "dep"} {
		if _, err := os.Stat(filepath.Join(nm, gone)); err == nil {
			t.Errorf("%s still installed after removing a", gone)
		}
	}
	if v := e.version(filepath.Join(nm, "b", "node_modules", "dep")); v != "2.0.0" {
		t.Errorf("b's nested dep = %s after removing a", v)
	}
}

func TestDependencyCycle(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("x", "1.0.0", map[string]string{"y": "1"}, nil)
	e.reg.Publish("y", "1.0.0", map[string]string{"x": "1"}, nil)
	e.install("npm:x", pkgmgr.User)
	if v := e.version(filepath.Join(e.m.AgentDir, "npm", "node_modules", "y")); v != "1.0.0" {
		t.Errorf("y = %q", v)
	}
}

// Every bad input fails with a clear error and leaves the agent dir (the
// settings and the installed packages) byte for byte as it was.
func TestBadInputLeavesEverythingUntouched(t *testing.T) {
	cases := []struct {
		name, src, want string
		setup           func(*pkgmgrtest.Registry)
	}{
		{"unknown package", "npm:nope", "package nope not found in the npm registry", nil},
		{"bad range", "npm:good@>>1", "invalid version range", nil},
		{"no matching version", "npm:good@^9", `no version of good matches "^9"`, nil},
		{"bad name", "npm:../../evil", `invalid npm source`, nil},
		{"integrity mismatch", "npm:tampered", "integrity check failed", func(r *pkgmgrtest.Registry) {
			r.Publish("tampered", "1.0.0", nil, nil)
			r.Dist("tampered", "1.0.0")["integrity"] = "sha512-" + strings.Repeat("A", 86) + "=="
		}},
		{"sha1 shasum mismatch", "npm:tampered", "integrity check failed: tarball sha1", func(r *pkgmgrtest.Registry) {
			r.Publish("tampered", "1.0.0", nil, nil)
			delete(r.Dist("tampered", "1.0.0"), "integrity")
			r.Dist("tampered", "1.0.0")["shasum"] = strings.Repeat("0", 40)
		}},
		{"no hashes", "npm:tampered", "neither dist.integrity nor dist.shasum", func(r *pkgmgrtest.Registry) {
			r.Publish("tampered", "1.0.0", nil, nil)
			delete(r.Dist("tampered", "1.0.0"), "integrity")
			delete(r.Dist("tampered", "1.0.0"), "shasum")
		}},
		{"malformed package.json", "npm:badjson", "malformed package.json", func(r *pkgmgrtest.Registry) {
			r.Publish("badjson", "1.0.0", nil, map[string]string{"package.json": "{nope"})
		}},
		{"not a tarball", "npm:notgz", "malformed tarball", func(r *pkgmgrtest.Registry) {
			r.PublishTarball("notgz", "1.0.0", nil, []byte("plain text"))
		}},
		{"path traversal", "npm:evil", `escapes the package directory`, func(r *pkgmgrtest.Registry) {
			r.PublishTarball("evil", "1.0.0", nil, pkgmgrtest.Tarball(
				pkgmgrtest.Entry{Name: "package/package.json", Body: `{"name":"evil","version":"1.0.0"}`},
				pkgmgrtest.Entry{Name: "package/../../../pwned.txt", Body: "x"}))
		}},
		{"absolute path", "npm:evil", `escapes the package directory`, func(r *pkgmgrtest.Registry) {
			r.PublishTarball("evil", "1.0.0", nil, pkgmgrtest.Tarball(
				pkgmgrtest.Entry{Name: "/tmp/pwned.txt", Body: "x"}))
		}},
		{"missing dependency", "npm:needy", "needy@1.0.0: dependency package ghost not found", func(r *pkgmgrtest.Registry) {
			r.Publish("needy", "1.0.0", map[string]string{"ghost": "^1"}, nil)
		}},
		{"bad dependency tarball", "npm:needy", "integrity check failed", func(r *pkgmgrtest.Registry) {
			r.Publish("weak", "1.0.0", nil, nil)
			r.Dist("weak", "1.0.0")["integrity"] = "sha512-" + strings.Repeat("B", 86) + "=="
			r.Publish("needy", "1.0.0", map[string]string{"weak": "^1"}, nil)
		}},
		{"missing local path", "./not-there", "Path does not exist", nil},
		{"registry down", "npm:good", "cannot reach the npm registry", func(r *pkgmgrtest.Registry) { r.Close() }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.reg.Publish("good", "1.0.0", map[string]string{"gooddep": "1"}, nil)
			e.reg.Publish("gooddep", "1.0.0", nil, nil)
			e.install("npm:good", pkgmgr.User)
			if c.setup != nil {
				c.setup(e.reg)
			}
			before := snapshot(t, e.m.AgentDir)
			err := e.m.Install(context.Background(), c.src, pkgmgr.User)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("Install(%s) error = %v, want one containing %q", c.src, err, c.want)
			}
			after := snapshot(t, e.m.AgentDir)
			if !mapsEqual(before, after) {
				t.Errorf("the agent dir changed:\nbefore %v\nafter  %v", before, after)
			}
			if _, err := os.Stat(filepath.Join(filepath.Dir(e.m.Home), "pwned.txt")); err == nil {
				t.Error("a tarball wrote outside its package")
			}
		})
	}
}

// A failed first install leaves no install root behind either.
func TestFailedFirstInstallCreatesNothing(t *testing.T) {
	e := newEnv(t)
	for _, scope := range []pkgmgr.Scope{pkgmgr.User, pkgmgr.Project} {
		if err := e.m.Install(context.Background(), "npm:nope", scope); err == nil {
			t.Fatal("no error")
		}
		if _, err := os.Stat(e.m.Base(scope)); err == nil {
			t.Errorf("%s: %s was created", scope, e.m.Base(scope))
		}
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestLinksInTarballsAreSkipped(t *testing.T) {
	e := newEnv(t)
	e.reg.PublishTarball("links", "1.0.0", nil, pkgmgrtest.Tarball(
		pkgmgrtest.Entry{Name: "package/package.json", Body: `{"name":"links","version":"1.0.0"}`},
		pkgmgrtest.Entry{Name: "package/passwd", Type: tar.TypeSymlink, Linkname: "/etc/passwd"},
		pkgmgrtest.Entry{Name: "package/up", Type: tar.TypeSymlink, Linkname: "../../../.."},
		pkgmgrtest.Entry{Name: "package/hard", Type: tar.TypeLink, Linkname: "package/package.json"},
		pkgmgrtest.Entry{Name: "package/bin/run", Body: "#!/bin/sh\n", Mode: 0o755},
		// A file through a link: the link is not made, so it stays inside.
		pkgmgrtest.Entry{Name: "package/out", Type: tar.TypeSymlink, Linkname: e.m.Home},
		pkgmgrtest.Entry{Name: "package/out/pwned.txt", Body: "x"},
	))
	e.install("npm:links", pkgmgr.User)
	dir := filepath.Join(e.m.AgentDir, "npm", "node_modules", "links")
	for _, n := range []string{"passwd", "up", "hard"} {
		if _, err := os.Lstat(filepath.Join(dir, n)); err == nil {
			t.Errorf("link %s was created", n)
		}
	}
	if _, err := os.Stat(filepath.Join(e.m.Home, "pwned.txt")); err == nil {
		t.Error("a file was written through a link")
	}
	if st, err := os.Lstat(filepath.Join(dir, "out", "pwned.txt")); err != nil || !st.Mode().IsRegular() {
		t.Errorf("out/pwned.txt: %v %v", st, err)
	}
	if st, err := os.Stat(filepath.Join(dir, "bin", "run")); err != nil || st.Mode().Perm()&0o100 == 0 {
		t.Errorf("executable bit lost: %v %v", st, err)
	}
}

func TestSha1ShasumFallback(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("old", "1.0.0", nil, nil)
	delete(e.reg.Dist("old", "1.0.0"), "integrity")
	e.install("npm:old", pkgmgr.User)
}

func TestRemove(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("dep", "1.0.0", nil, nil)
	e.reg.Publish("foo", "1.0.0", map[string]string{"dep": "1"}, nil)
	e.reg.Publish("keep", "1.0.0", map[string]string{"dep": "1"}, nil)
	e.install("npm:foo", pkgmgr.User)
	e.install("npm:keep", pkgmgr.User)

	before := snapshot(t, e.m.AgentDir)
	err := e.m.Remove(context.Background(), "foo", pkgmgr.User)
	if err == nil || err.Error() != "No matching package found for foo. Did you mean npm:foo?" {
		t.Errorf("remove of an unlisted source: %v", err)
	}
	if err := e.m.Remove(context.Background(), "npm:foo", pkgmgr.Project); err == nil {
		t.Error("removing from the wrong scope succeeded")
	}
	if !mapsEqual(before, snapshot(t, e.m.AgentDir)) {
		t.Error("a failed remove changed the agent dir")
	}

	if err := e.m.Remove(context.Background(), "npm:foo@2", pkgmgr.User); err != nil {
		t.Fatal(err) // any spec of the same package matches, as in pi
	}
	nm := filepath.Join(e.m.AgentDir, "npm", "node_modules")
	if _, err := os.Stat(filepath.Join(nm, "foo")); err == nil {
		t.Error("foo still installed")
	}
	if _, err := os.Stat(filepath.Join(nm, "dep")); err != nil {
		t.Error("dep, still needed by keep, was pruned")
	}
	if got := e.packages(pkgmgr.User); !slices.Equal(got, []any{"npm:keep"}) {
		t.Errorf("settings packages = %v", got)
	}
}

func TestUpdate(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("foo", "1.0.0", nil, nil)
	e.reg.Publish("pinned", "1.0.0", nil, nil)
	e.reg.Publish("ranged", "1.0.0", nil, nil)
	e.install("npm:foo", pkgmgr.User)
	e.install("npm:pinned@1.0.0", pkgmgr.User)
	e.install("npm:ranged@~1.0.0", pkgmgr.Project)
	ctx := context.Background()

	got, err := e.m.Update(ctx, "")
	if err != nil || len(got) != 0 {
		t.Fatalf("update with nothing new = %v, %v", got, err)
	}
	for _, n := range []string{"foo", "pinned"} {
		e.reg.Publish(n, "1.1.0", nil, nil)
	}
	e.reg.Publish("ranged", "1.0.3", nil, nil)
	e.reg.Publish("ranged", "1.1.0", nil, nil)
	got, err = e.m.Update(ctx, "")
	want := []string{"npm:foo 1.0.0 -> 1.1.0", "npm:ranged@~1.0.0 (project) 1.0.0 -> 1.0.3"}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("update = %q, %v; want %q", got, err, want)
	}
	if v := e.version(filepath.Join(e.m.AgentDir, "npm", "node_modules", "pinned")); v != "1.0.0" {
		t.Errorf("a pinned package moved to %s", v)
	}
	e.reg.Publish("foo", "1.2.0", nil, nil)
	e.reg.Publish("ranged", "1.0.4", nil, nil)
	got, err = e.m.Update(ctx, "npm:foo")
	if err != nil || !slices.Equal(got, []string{"npm:foo 1.1.0 -> 1.2.0"}) {
		t.Errorf("update npm:foo = %q, %v", got, err)
	}
	if _, err := e.m.Update(ctx, "npm:other"); err == nil || !strings.Contains(err.Error(), "No matching package found for npm:other") {
		t.Errorf("update of an unknown package: %v", err)
	}
}

func TestProjectScopeAndLocalSources(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("foo", "1.0.0", nil, nil)
	e.install("npm:foo", pkgmgr.Project)
	if v := e.version(filepath.Join(e.m.Cwd, ".pi", "npm", "node_modules", "foo")); v != "1.0.0" {
		t.Errorf("project install: %q", v)
	}
	if _, err := os.Stat(e.m.SettingsFile(pkgmgr.User)); err == nil {
		t.Error("a project install wrote the global settings")
	}
	local := filepath.Join(e.m.Cwd, "tools")
	os.MkdirAll(local, 0o755)
	e.install("./tools", pkgmgr.Project)
	e.install("./tools", pkgmgr.User)
	if got := e.packages(pkgmgr.Project); !slices.Equal(got, []any{"npm:foo", "../tools"}) {
		t.Errorf("project packages = %v", got)
	}
	rel, _ := filepath.Rel(e.m.AgentDir, local)
	if got := e.packages(pkgmgr.User); !slices.Equal(got, []any{filepath.ToSlash(rel)}) {
		t.Errorf("user packages = %v", got)
	}
	list, err := e.m.List()
	if err != nil {
		t.Fatal(err)
	}
	want := []pkgmgr.Package{
		{Source: filepath.ToSlash(rel), Scope: pkgmgr.User, Installed: local},
		{Source: "npm:foo", Scope: pkgmgr.Project, Installed: filepath.Join(e.m.Cwd, ".pi", "npm", "node_modules", "foo")},
		{Source: "../tools", Scope: pkgmgr.Project, Installed: local},
	}
	if !slices.Equal(list, want) {
		t.Errorf("List = %+v\nwant %+v", list, want)
	}
	if err := e.m.Remove(context.Background(), "./tools", pkgmgr.Project); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(local); err != nil {
		t.Error("removing a local source deleted it")
	}
}

// Settings keep their other keys, their order and object items' filters;
// a malformed settings file stops the install before anything happens.
func TestSettingsArePreserved(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("foo", "1.0.0", nil, nil)
	e.reg.Publish("foo", "1.1.0", nil, nil)
	path := e.m.SettingsFile(pkgmgr.User)
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte(`{"theme":"dark","packages":[{"source":"npm:foo@1.0.0","extensions":[]}],"zeta":1}`), 0o644)
	e.install("npm:foo@1.1.0", pkgmgr.User)
	b, _ := os.ReadFile(path)
	want := "{\n  \"theme\": \"dark\",\n  \"packages\": [\n    {\n      \"source\": \"npm:foo@1.1.0\",\n      \"extensions\": []\n    }\n  ],\n  \"zeta\": 1\n}"
	if string(b) != want {
		t.Errorf("settings =\n%s\nwant\n%s", b, want)
	}
	list, _ := e.m.List()
	if len(list) != 1 || !list[0].Filtered {
		t.Errorf("List = %+v, want one filtered package", list)
	}

	os.WriteFile(path, []byte(`{"packages": [`), 0o644)
	before := snapshot(t, e.m.AgentDir)
	if err := e.m.Install(context.Background(), "npm:foo", pkgmgr.User); err == nil || !strings.Contains(err.Error(), "parse "+path) {
		t.Errorf("install with malformed settings: %v", err)
	}
	if !mapsEqual(before, snapshot(t, e.m.AgentDir)) {
		t.Error("the agent dir changed")
	}
}

// A stale npm lockfile would make npm put back the versions it lists:
// the root's is rewritten for the new tree, npm's hidden one goes.
func TestStaleLockfilesAreReplaced(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("foo", "1.0.0", nil, nil)
	root := filepath.Join(e.m.AgentDir, "npm")
	os.MkdirAll(filepath.Join(root, "node_modules"), 0o755)
	os.WriteFile(filepath.Join(root, "package-lock.json"), []byte("{}"), 0o644)
	os.WriteFile(filepath.Join(root, "node_modules", ".package-lock.json"), []byte("{}"), 0o644)
	e.install("npm:foo", pkgmgr.User)
	if _, err := os.Stat(filepath.Join(root, "node_modules", ".package-lock.json")); err == nil {
		t.Error("node_modules/.package-lock.json kept")
	}
	var lock struct{ Packages map[string]any }
	e.readJSON(filepath.Join(root, "package-lock.json"), &lock)
	if lock.Packages["node_modules/foo"] == nil {
		t.Errorf("package-lock.json does not list foo: %v", lock.Packages)
	}
}

// The registry and its token can come from the user's ~/.npmrc alone.
func TestRegistryFromUserNpmrc(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("foo", "1.0.0", nil, nil)
	e.reg.Token = "tok"
	e.m.Getenv = func(string) string { return "" }
	host := strings.TrimPrefix(e.reg.URL(), "http:")
	rc := filepath.Join(e.m.Home, ".npmrc")
	os.WriteFile(rc, []byte("registry="+e.reg.URL()+"\n"), 0o644)
	err := e.m.Install(context.Background(), "npm:foo", pkgmgr.User)
	if err == nil || !strings.Contains(err.Error(), "401 Unauthorized") {
		t.Fatalf("install without the token: %v", err)
	}
	os.WriteFile(rc, []byte("registry="+e.reg.URL()+"\n"+host+":_authToken=tok\n"), 0o644)
	e.install("npm:foo", pkgmgr.User)
}

// Installing another version of a package others depend on gives them a
// copy of their own in range, as npm does.
func TestReplacedDependencyStaysForItsDependents(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("dep", "1.0.0", nil, nil)
	e.reg.Publish("dep", "2.0.0", nil, nil)
	e.reg.Tag("dep", "latest", "1.0.0")
	e.reg.Publish("a", "1.0.0", map[string]string{"dep": "^1.0.0"}, nil)
	e.install("npm:a", pkgmgr.User)
	e.install("npm:dep@2", pkgmgr.User)
	nm := filepath.Join(e.m.AgentDir, "npm", "node_modules")
	if v := e.version(filepath.Join(nm, "dep")); v != "2.0.0" {
		t.Errorf("root dep = %s, want 2.0.0", v)
	}
	if v := e.version(filepath.Join(nm, "a", "node_modules", "dep")); v != "1.0.0" {
		t.Errorf("a's own dep = %q, want 1.0.0", v)
	}
}

// A broken install root package.json or a settings `packages` that is no
// array stop an install before anything changes.
func TestBrokenLocalFilesStopInstall(t *testing.T) {
	for _, c := range []struct{ file, body, want string }{
		{"npm/package.json", `{"name": `, "malformed"},
		{"npm/package.json", `[1, 2]`, "not a JSON object"},
		{"settings.json", `{"packages": "npm:x"}`, `"packages" is not an array`},
		{"settings.json", `[]`, "not a JSON object"},
	} {
		e := newEnv(t)
		e.reg.Publish("foo", "1.0.0", nil, nil)
		p := filepath.Join(e.m.AgentDir, c.file)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(c.body), 0o644)
		before := snapshot(t, e.m.AgentDir)
		err := e.m.Install(context.Background(), "npm:foo", pkgmgr.User)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s = %s: error %v, want %q", c.file, c.body, err, c.want)
		}
		if !mapsEqual(before, snapshot(t, e.m.AgentDir)) {
			t.Errorf("%s = %s: the agent dir changed", c.file, c.body)
		}
	}
}

// npm aliases ("npm:real@range") install the real package under the
// alias; git, URL and file dependencies are refused, untouched.
func TestDependencySpecs(t *testing.T) {
	e := newEnv(t)
	e.reg.Publish("string-width", "4.2.3", nil, nil)
	e.reg.Publish("string-width", "5.1.2", nil, nil)
	e.reg.Publish("cliui", "8.0.0", map[string]string{"string-width": "^5.1.2", "string-width-cjs": "npm:string-width@^4.2.0"}, nil)
	e.install("npm:cliui", pkgmgr.User)
	nm := filepath.Join(e.m.AgentDir, "npm", "node_modules")
	if v := e.version(filepath.Join(nm, "string-width-cjs")); v != "4.2.3" {
		t.Errorf("alias string-width-cjs = %q, want string-width 4.2.3", v)
	}
	if v := e.version(filepath.Join(nm, "string-width")); v != "5.1.2" {
		t.Errorf("string-width = %q", v)
	}
	for _, spec := range []string{"github:u/r", "u/r", "git+https://example.com/r.git", "file:../x", "https://example.com/x.tgz", "workspace:*"} {
		e.reg.Publish("odd", "1.0.0", map[string]string{"dep": spec}, nil)
		before := snapshot(t, e.m.AgentDir)
		err := e.m.Install(context.Background(), "npm:odd", pkgmgr.User)
		if err == nil || !strings.Contains(err.Error(), "only registry dependencies can be installed") {
			t.Errorf("dependency %q: %v", spec, err)
		}
		if !mapsEqual(before, snapshot(t, e.m.AgentDir)) {
			t.Errorf("dependency %q: the agent dir changed", spec)
		}
	}
}

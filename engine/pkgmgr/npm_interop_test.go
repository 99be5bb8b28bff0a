package pkgmgr_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr"
	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

// pi runs npm in the same install root pigo writes: npm must keep what
// pigo installed, and pigo must handle a root npm wrote (its lockfile).
func TestSharesInstallRootWithNpm(t *testing.T) {
	npm := needNpm(t)
	e := newEnv(t)
	e.reg.Publish("dep", "1.0.0", nil, nil)
	e.reg.Publish("a", "1.0.0", map[string]string{"dep": "^1.0.0"}, nil)
	e.reg.Publish("b", "1.0.0", nil, nil)
	e.install("npm:a", pkgmgr.User)

	root := filepath.Join(e.m.AgentDir, "npm")
	// What pi 1.6 runs for `pi install npm:b`.
	runNpm(t, npm, e.reg.URL(), "install", "b", "--prefix", root, "--legacy-peer-deps", "--no-audit", "--no-fund")
	nm := filepath.Join(root, "node_modules")
	for _, p := range []string{"a", "dep", "b"} {
		if _, err := os.Stat(filepath.Join(nm, p, "package.json")); err != nil {
			t.Errorf("after npm install b: %s missing", p)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "package-lock.json")); err != nil {
		t.Fatal("npm wrote no lockfile; the rest of the test means nothing")
	}
	// pigo removes what npm installed, and its lockfile entry.
	os.MkdirAll(filepath.Dir(e.m.SettingsFile(pkgmgr.User)), 0o755)
	os.WriteFile(e.m.SettingsFile(pkgmgr.User), []byte(`{"packages":["npm:a","npm:b"]}`), 0o644)
	if err := e.m.Remove(context.Background(), "npm:b", pkgmgr.User); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(nm, "b")); err == nil {
		t.Error("b still installed")
	}
	if lock, _ := os.ReadFile(filepath.Join(root, "package-lock.json")); strings.Contains(string(lock), "node_modules/b") {
		t.Errorf("the lockfile still lists b:\n%s", lock)
	}
	// And npm, run again there, keeps a and its dependency.
	runNpm(t, npm, e.reg.URL(), "install", "--prefix", root, "--legacy-peer-deps", "--no-audit", "--no-fund")
	for _, p := range []string{"a", "dep"} {
		if _, err := os.Stat(filepath.Join(nm, p, "package.json")); err != nil {
			t.Errorf("after npm install: %s missing", p)
		}
	}
}

// needNpm is the npm binary, skipping t without one or in -short runs.
func needNpm(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs npm")
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("no npm")
	}
	return npm
}

// runNpm runs npm with args against the registry at regURL, with a cache
// of its own, failing t when it fails.
func runNpm(t *testing.T, npm, regURL string, args ...string) {
	t.Helper()
	cmd := exec.Command(npm, append(args, "--cache", filepath.Join(t.TempDir(), "cache"))...)
	cmd.Env = append(os.Environ(), "npm_config_registry="+regURL, "npm_config_update_notifier=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm %s: %v\n%s", args[0], err, out)
	}
}

// A tarball `npm pack` made (not one this package's tests built) installs.
func TestInstallsNpmPackedTarball(t *testing.T) {
	npm := needNpm(t)
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "extensions", "deep", "er"), 0o755)
	os.WriteFile(filepath.Join(src, "package.json"), []byte(`{"name":"packed","version":"3.1.4","bin":{"packed":"cli.js"}}`), 0o644)
	os.WriteFile(filepath.Join(src, "cli.js"), []byte("#!/usr/bin/env node\n"), 0o755)
	os.WriteFile(filepath.Join(src, "extensions", "deep", "er", "x.ts"), []byte("export default function () {}\n"), 0o644)
	out := t.TempDir()
	cmd := exec.Command(npm, "pack", src, "--pack-destination", out, "--cache", filepath.Join(out, "cache"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm pack: %v\n%s", err, b)
	}
	tgz, err := os.ReadFile(filepath.Join(out, "packed-3.1.4.tgz"))
	if err != nil {
		t.Fatal(err)
	}
	e := newEnv(t)
	e.reg.PublishTarball("packed", "3.1.4", nil, tgz)
	e.install("npm:packed", pkgmgr.User)
	dir := filepath.Join(e.m.AgentDir, "npm", "node_modules", "packed")
	if _, err := os.Stat(filepath.Join(dir, "extensions", "deep", "er", "x.ts")); err != nil {
		t.Error(err)
	}
	if st, err := os.Stat(filepath.Join(dir, "cli.js")); err != nil || st.Mode().Perm()&0o100 == 0 {
		t.Errorf("cli.js: %v %v", st, err)
	}
}

// packageTree lists the packages under root's node_modules as
// "<path> <version>", sorted.
func packageTree(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(filepath.Join(root, "node_modules"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		parent := filepath.Dir(p)
		if strings.HasPrefix(filepath.Base(parent), "@") {
			parent = filepath.Dir(parent)
		}
		b, err := os.ReadFile(filepath.Join(p, "package.json"))
		if filepath.Base(parent) != "node_modules" || err != nil {
			return nil
		}
		var pj struct{ Version string }
		json.Unmarshal(b, &pj)
		rel, _ := filepath.Rel(root, p)
		out = append(out, filepath.ToSlash(rel)+" "+pj.Version)
		return nil
	})
	slices.Sort(out)
	return out
}

// A package whose registry metadata says it ships an npm-shrinkwrap.json
// gets the dependencies that file records, where it records them (below
// the package, not hoisted) and at the versions it pins, its dev entries
// too, as npm installs them; other packages resolve as usual. pigo's
// tree is npm's, and stays so after an install of something else.
func TestPublishedShrinkwrapMatchesNpm(t *testing.T) {
	npm := needNpm(t)
	e := newEnv(t)
	e.reg.Publish("dep", "1.0.0", map[string]string{"sub": "^1.0.0"}, nil)
	e.reg.Publish("dep", "1.1.0", nil, nil)
	e.reg.Publish("sub", "1.0.0", nil, nil)
	e.reg.Publish("devthing", "1.0.0", nil, nil)
	e.reg.Publish("other", "1.0.0", map[string]string{"dep": "^1.0.0"}, nil)
	e.reg.Publish("later", "1.0.0", nil, nil)
	entry := func(name, version, extra string) string {
		d := e.reg.Dist(name, version)
		return fmt.Sprintf(`{"version":%q,"resolved":%q,"integrity":%q%s}`, version, d["tarball"], d["integrity"], extra)
	}
	shrinkwrap := `{"name":"wrapped","version":"1.0.0","lockfileVersion":3,"requires":true,"packages":{
"":{"name":"wrapped","version":"1.0.0","dependencies":{"dep":"^1.0.0"},"devDependencies":{"devthing":"^1"}},
"node_modules/dep":` + entry("dep", "1.0.0", `,"dependencies":{"sub":"^1.0.0"}`) + `,
"node_modules/sub":` + entry("sub", "1.0.0", "") + `,
"node_modules/devthing":` + entry("devthing", "1.0.0", `,"dev":true`) + `}}`
	e.reg.Publish("wrapped", "1.0.0", map[string]string{"dep": "^1.0.0"}, map[string]string{
		"package.json":        `{"name":"wrapped","version":"1.0.0","dependencies":{"dep":"^1.0.0"},"devDependencies":{"devthing":"^1"}}`,
		"npm-shrinkwrap.json": shrinkwrap})
	e.reg.Meta("wrapped", "1.0.0")["_hasShrinkwrap"] = true // as npm publish sets it

	for _, p := range []string{"npm:wrapped", "npm:other"} {
		e.install(p, pkgmgr.User)
	}
	pigoRoot := filepath.Join(e.m.AgentDir, "npm")
	npmRoot := t.TempDir()
	userconfig := filepath.Join(e.m.Home, ".npmrc")
	os.WriteFile(filepath.Join(npmRoot, "package.json"), []byte("{\n  \"name\": \"pi-extensions\",\n  \"private\": true\n}"), 0o644)
	piNpmInstall(t, npm, e.reg.URL(), npmRoot, userconfig, "wrapped")
	piNpmInstall(t, npm, e.reg.URL(), npmRoot, userconfig, "other")
	want := []string{
		"node_modules/dep 1.1.0",
		"node_modules/other 1.0.0",
		"node_modules/wrapped 1.0.0",
		"node_modules/wrapped/node_modules/dep 1.0.0",
		"node_modules/wrapped/node_modules/devthing 1.0.0",
		"node_modules/wrapped/node_modules/sub 1.0.0",
	}
	sameAsNpm(t, pigoRoot, npmRoot, want)
	e.install("npm:later", pkgmgr.User)
	want = append(want, "node_modules/later 1.0.0")
	slices.Sort(want)
	if got := packageTree(t, pigoRoot); !slices.Equal(got, want) {
		t.Errorf("after installing another package:\n%s", strings.Join(got, "\n"))
	}
}

// piNpmInstall runs what pi 1.6 runs in an install root (getNpmInstallArgs)
// with npm's user configuration at userconfig.
func piNpmInstall(t *testing.T, npm, regURL, root, userconfig string, specs ...string) {
	t.Helper()
	args := append(append([]string{"install"}, specs...), "--prefix", root, "--legacy-peer-deps", "--no-audit", "--no-fund", "--userconfig", userconfig)
	runNpm(t, npm, regURL, args...)
}

// publishLockPackages publishes packages whose lockfile entries carry
// what npm copies from registry metadata: optional dependencies (one for
// another platform, which npm lists but does not install), a license
// object, engines, a funding string, a command, an alias, and
// conflicting versions of one dependency (one nested).
func publishLockPackages(e *env) {
	_, other := nodeOS()
	e.reg.Publish("dep", "1.0.0", nil, nil)
	e.reg.Publish("dep", "2.0.0", nil, nil)
	e.reg.Publish("opt", "1.0.0", nil, nil)
	e.reg.Publish("far", "1.0.0", nil, map[string]string{"package.json": `{"name":"far","version":"1.0.0","os":["` + other + `"]}`})
	e.reg.Meta("far", "1.0.0")["os"] = []any{other}
	e.reg.Publish("a", "1.0.0", map[string]string{"dep": "^1.0.0"}, map[string]string{
		"package.json": `{"name":"a","version":"1.0.0","bin":"cli.js","dependencies":{"dep":"^1.0.0"},"optionalDependencies":{"opt":"^1.0.0","far":"^1.0.0"}}`,
		"cli.js":       "#!/usr/bin/env node\n"})
	meta := e.reg.Meta("a", "1.0.0")
	meta["optionalDependencies"] = map[string]any{"opt": "^1.0.0", "far": "^1.0.0"}
	meta["license"] = map[string]any{"type": "MIT", "url": "https://example.test/l"}
	meta["engines"] = map[string]any{"node": ">=18"}
	meta["funding"] = "https://example.test/fund"
	e.reg.Publish("b", "1.0.0", map[string]string{"dep": "^2.0.0", "al": "npm:dep@^1.0.0"}, nil)
	// Scoped (sorted before the rest), with an optional peer dependency
	// npm does not install (npm ls would call a required one missing),
	// a deprecation and an install script.
	e.reg.Publish("@sc/peer", "1.0.0", nil, nil)
	meta = e.reg.Meta("@sc/peer", "1.0.0")
	meta["peerDependencies"] = map[string]any{"host": "*"}
	meta["peerDependenciesMeta"] = map[string]any{"host": map[string]any{"optional": true}}
	meta["deprecated"] = "use something else"
	meta["scripts"] = map[string]any{"postinstall": "exit 0", "test": "t"}
}

// pigo writes the install root's package-lock.json that npm writes for
// the same installs and removal, byte for byte (with and without npm's
// omit-lockfile-registry-resolved); npm, run there afterwards, sees a
// consistent tree (npm ls) and leaves the file and the tree as they are.
func TestRootLockfileMatchesNpm(t *testing.T) {
	npm := needNpm(t)
	for _, omit := range []bool{false, true} {
		t.Run(fmt.Sprint("omit-resolved=", omit), func(t *testing.T) {
			e := newEnv(t)
			publishLockPackages(e)
			userconfig := filepath.Join(e.m.Home, ".npmrc")
			if omit {
				os.WriteFile(userconfig, []byte("omit-lockfile-registry-resolved=true\n"), 0o644)
			}
			for _, p := range []string{"npm:a", "npm:b", "npm:@sc/peer"} {
				e.install(p, pkgmgr.User)
			}
			pigoRoot := filepath.Join(e.m.AgentDir, "npm")
			npmRoot := filepath.Join(t.TempDir(), "npm")
			os.MkdirAll(npmRoot, 0o755)
			// pi's ensureNpmProject, then its two installs.
			os.WriteFile(filepath.Join(npmRoot, "package.json"), []byte("{\n  \"name\": \"pi-extensions\",\n  \"private\": true\n}"), 0o644)
			for _, p := range []string{"a", "b", "@sc/peer"} {
				piNpmInstall(t, npm, e.reg.URL(), npmRoot, userconfig, p)
			}

			read := func(root string) string {
				b, err := os.ReadFile(filepath.Join(root, "package-lock.json"))
				if err != nil {
					t.Fatal(err)
				}
				return string(b)
			}
			pigoLock, npmLock := read(pigoRoot), read(npmRoot)
			if pigoLock != npmLock {
				t.Errorf("pigo's package-lock.json:\n%s\nnpm's:\n%s", pigoLock, npmLock)
			}
			if !strings.Contains(npmLock, `"node_modules/far"`) {
				t.Errorf("npm no longer lists the optional package for another platform:\n%s", npmLock)
			}
			if got, want := packageTree(t, pigoRoot), packageTree(t, npmRoot); !slices.Equal(got, want) {
				t.Errorf("pigo's tree:\n%s\nnpm's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			tree := packageTree(t, pigoRoot)
			piNpmInstall(t, npm, e.reg.URL(), pigoRoot, userconfig)
			if after := read(pigoRoot); after != pigoLock {
				t.Errorf("npm install rewrote pigo's lockfile:\n%s", after)
			}
			if after := packageTree(t, pigoRoot); !slices.Equal(after, tree) {
				t.Errorf("npm install changed pigo's tree:\n%s", strings.Join(after, "\n"))
			}
			runNpm(t, npm, e.reg.URL(), "ls", "--all", "--legacy-peer-deps", "--prefix", pigoRoot, "--userconfig", userconfig)

			// pi's `pi remove npm:b`, and what npm uninstall leaves.
			if err := e.m.Remove(context.Background(), "npm:b", pkgmgr.User); err != nil {
				t.Fatal(err)
			}
			runNpm(t, npm, e.reg.URL(), "uninstall", "b", "--prefix", npmRoot, "--legacy-peer-deps", "--no-audit", "--no-fund", "--userconfig", userconfig)
			if pigoLock, npmLock := read(pigoRoot), read(npmRoot); pigoLock != npmLock {
				t.Errorf("after removing b, pigo's package-lock.json:\n%s\nnpm's:\n%s", pigoLock, npmLock)
			}
		})
	}
}

// pigo reinstalls what npm's lockfile pins: a dependency missing from
// node_modules comes back at the locked version although the registry
// has a newer one in range, and a whole tree comes back as locked when
// pi starts with node_modules gone; npm finds the file as it left it.
func TestHonoursNpmRootLockfile(t *testing.T) {
	npm := needNpm(t)
	e := newEnv(t)
	e.reg.Publish("dep", "1.0.0", nil, nil)
	e.reg.Publish("a", "1.0.0", map[string]string{"dep": "^1.0.0"}, nil)
	e.reg.Publish("b", "1.0.0", nil, nil)
	userconfig := filepath.Join(e.m.Home, ".npmrc")
	root := filepath.Join(e.m.AgentDir, "npm")
	os.MkdirAll(root, 0o755)
	os.WriteFile(filepath.Join(root, "package.json"), []byte("{\n  \"name\": \"pi-extensions\",\n  \"private\": true\n}"), 0o644)
	piNpmInstall(t, npm, e.reg.URL(), root, userconfig, "a")
	npmLock, err := os.ReadFile(filepath.Join(root, "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	e.reg.Publish("dep", "1.1.0", nil, nil)
	os.MkdirAll(filepath.Dir(e.m.SettingsFile(pkgmgr.User)), 0o755)
	os.WriteFile(e.m.SettingsFile(pkgmgr.User), []byte(`{"packages":["npm:a"]}`), 0o644)
	dep := filepath.Join(root, "node_modules", "dep")

	os.RemoveAll(filepath.Join(root, "node_modules"))
	if err := e.m.Ensure(context.Background(), "npm:a", pkgmgr.User); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dep); err != nil {
		t.Fatalf("after pi's start-up install: %v", err)
	}
	if v := e.version(dep); v != "1.0.0" {
		t.Errorf("after pi's start-up install dep = %s, want the locked 1.0.0", v)
	}
	if lock, _ := os.ReadFile(filepath.Join(root, "package-lock.json")); string(lock) != string(npmLock) {
		t.Errorf("pigo's lockfile:\n%s\nnpm's:\n%s", lock, npmLock)
	}

	os.RemoveAll(dep)
	e.install("npm:b", pkgmgr.User)
	if _, err := os.Stat(dep); err != nil {
		t.Fatalf("after installing b: %v", err)
	}
	if v := e.version(dep); v != "1.0.0" {
		t.Errorf("after installing b dep = %s, want the locked 1.0.0", v)
	}
	lock, _ := os.ReadFile(filepath.Join(root, "package-lock.json"))
	piNpmInstall(t, npm, e.reg.URL(), root, userconfig)
	if after, _ := os.ReadFile(filepath.Join(root, "package-lock.json")); string(after) != string(lock) {
		t.Errorf("npm install rewrote the lockfile:\n%s\nwas\n%s", after, lock)
	}
	if v := e.version(dep); v != "1.0.0" {
		t.Errorf("after npm install dep = %s", v)
	}
}

// A package's bundled dependencies stay as its tarball brings them (npm
// fetches none of them, even where the root holds another version) and
// its lockfile entries say inBundle, as npm's do.
func TestBundledDependenciesMatchNpm(t *testing.T) {
	npm := needNpm(t)
	e := newEnv(t)
	e.reg.Publish("x", "1.5.0", nil, nil)
	e.reg.Publish("x", "2.0.0", nil, nil)
	e.reg.Publish("y", "1.0.0", nil, nil)
	e.reg.Publish("other", "1.0.0", map[string]string{"x": "^2.0.0"}, nil)
	e.reg.PublishTarball("bun", "1.0.0", map[string]string{"x": "^1.0.0", "y": "^1.0.0"}, pkgmgrtest.Files(map[string]string{
		"package.json":                `{"name":"bun","version":"1.0.0","dependencies":{"x":"^1.0.0","y":"^1.0.0"},"bundleDependencies":["x"]}`,
		"node_modules/x/package.json": `{"name":"x","version":"1.0.0","dependencies":{"z":"^1.0.0"}}`,
		"node_modules/z/package.json": `{"name":"z","version":"1.0.0"}`,
	}))
	e.reg.Meta("bun", "1.0.0")["bundleDependencies"] = []any{"x"}
	userconfig := filepath.Join(e.m.Home, ".npmrc")
	npmRoot := filepath.Join(t.TempDir(), "npm")
	os.MkdirAll(npmRoot, 0o755)
	os.WriteFile(filepath.Join(npmRoot, "package.json"), []byte("{\n  \"name\": \"pi-extensions\",\n  \"private\": true\n}"), 0o644)
	for _, p := range []string{"other", "bun"} {
		e.install("npm:"+p, pkgmgr.User)
		piNpmInstall(t, npm, e.reg.URL(), npmRoot, userconfig, p)
	}
	pigoRoot := filepath.Join(e.m.AgentDir, "npm")
	want := []string{"node_modules/bun 1.0.0", "node_modules/bun/node_modules/x 1.0.0", "node_modules/bun/node_modules/z 1.0.0", "node_modules/other 1.0.0", "node_modules/x 2.0.0", "node_modules/y 1.0.0"}
	sameAsNpm(t, pigoRoot, npmRoot, want)
}

// The install root's package.json records what npm records for pi's
// installs: "^version" for a version, a tag or a range it is a subset of,
// other ranges as written.
func TestSavedSpecsMatchNpm(t *testing.T) {
	npm := needNpm(t)
	e := newEnv(t)
	e.reg.Publish("p1", "1.2.3", nil, nil)
	e.reg.Publish("p2", "2.0.0", nil, nil)
	e.reg.Publish("p3", "3.0.0", nil, nil)
	e.reg.Tag("p3", "beta", "3.0.0")
	e.reg.Publish("p4", "1.5.0", nil, nil)
	e.reg.Publish("p5", "1.5.0", nil, nil)
	userconfig := filepath.Join(e.m.Home, ".npmrc")
	npmRoot := filepath.Join(t.TempDir(), "npm")
	os.MkdirAll(npmRoot, 0o755)
	os.WriteFile(filepath.Join(npmRoot, "package.json"), []byte("{\n  \"name\": \"pi-extensions\",\n  \"private\": true\n}"), 0o644)
	for _, s := range []string{"p1@1.2.3", "p2@~2.0.0", "p3@beta", "p4@>=1 <2", "p5@>=1 <1.9"} {
		piNpmInstall(t, npm, e.reg.URL(), npmRoot, userconfig, s)
		e.install("npm:"+s, pkgmgr.User)
	}
	want, _ := os.ReadFile(filepath.Join(npmRoot, "package.json"))
	got, _ := os.ReadFile(filepath.Join(e.m.AgentDir, "npm", "package.json"))
	if string(got) != string(want) {
		t.Errorf("pigo's package.json:\n%s\nnpm's:\n%s", got, want)
	}
}

// sameAsNpm checks that npm left the tree want in npmRoot (the test needs
// a look when npm changes), and that pigo left the same tree and the same
// package-lock.json in pigoRoot.
func sameAsNpm(t *testing.T, pigoRoot, npmRoot string, want []string) {
	t.Helper()
	if got := packageTree(t, npmRoot); !slices.Equal(got, want) {
		t.Fatalf("npm's tree changed, the test needs a look:\n%s", strings.Join(got, "\n"))
	}
	if got := packageTree(t, pigoRoot); !slices.Equal(got, want) {
		t.Errorf("pigo's tree:\n%s\nnpm's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	pigoLock, _ := os.ReadFile(filepath.Join(pigoRoot, "package-lock.json"))
	npmLock, _ := os.ReadFile(filepath.Join(npmRoot, "package-lock.json"))
	if string(pigoLock) != string(npmLock) {
		t.Errorf("pigo's package-lock.json:\n%s\nnpm's:\n%s", pigoLock, npmLock)
	}
}

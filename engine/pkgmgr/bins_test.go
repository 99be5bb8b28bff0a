package pkgmgr_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// publishBinPackages publishes packages declaring commands: a path named
// after the package, a scoped package's several (one with a directory in
// its name, one pointing outside the package and so kept inside it, one
// at a missing file), and a package whose own dependency on another
// version of the first is nested with its command.
func publishBinPackages(e *env) {
	e.reg.Publish("tool", "1.0.0", nil, map[string]string{
		"package.json": `{"name":"tool","version":"1.0.0","bin":"cli.js"}`, "cli.js": "#!/usr/bin/env node\n"})
	e.reg.Publish("tool", "2.0.0", nil, map[string]string{
		"package.json": `{"name":"tool","version":"2.0.0","bin":{"tool":"./cli2.js"}}`, "cli2.js": "#!/usr/bin/env node\n"})
	e.reg.Publish("@sc/multi", "1.0.0", nil, map[string]string{
		"package.json": `{"name":"@sc/multi","version":"1.0.0","bin":{"m-one":"bin/one.js","sub/m-two":"./bin/two.js","m-up":"../../up.js","m-gone":"gone.js"}}`,
		"bin/one.js":   "1", "bin/two.js": "2", "up.js": "up"})
	e.reg.Publish("user", "1.0.0", map[string]string{"tool": "^2.0.0"}, nil)
	// No "bin", a "directories.bin": npm publish writes the expanded "bin"
	// into the registry's metadata, the tarball keeps the package.json as
	// written; dot entries are not commands, a subdirectory is one.
	e.reg.Publish("dirbin", "1.0.0", nil, map[string]string{
		"package.json":     `{"name":"dirbin","version":"1.0.0","directories":{"bin":"./scripts"}}`,
		"scripts/d-one.js": "#!/usr/bin/env node\n", "scripts/sub/d-two.sh": "#!/bin/sh\n",
		"scripts/.hidden": "h", "scripts/.dot/d-three": "3", "other.js": "o"})
	e.reg.Meta("dirbin", "1.0.0")["bin"] = map[string]any{"d-one.js": "scripts/d-one.js", "sub": "scripts/sub", "d-two.sh": "scripts/sub/d-two.sh"}
}

// binPackages are the sources of the packages publishBinPackages
// publishes, in the order the tests install them.
var binPackages = []string{"npm:tool@1.0.0", "npm:@sc/multi", "npm:user", "npm:dirbin"}

// binLinks lists the .bin links under root: "<dir>/.bin/<cmd> -> target".
func binLinks(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.Type()&fs.ModeSymlink == 0 || filepath.Base(filepath.Dir(p)) != ".bin" {
			return nil
		}
		target, _ := os.Readlink(p)
		rel, _ := filepath.Rel(root, p)
		out = append(out, filepath.ToSlash(rel)+" -> "+filepath.ToSlash(target))
		return nil
	})
	slices.Sort(out)
	return out
}

// TestCommandLinks: installed packages' commands are linked in their
// node_modules/.bin as npm links them, their files made executable; a
// removed package's links go.
func TestCommandLinks(t *testing.T) {
	e := newEnv(t)
	publishBinPackages(e)
	for _, p := range binPackages {
		e.install(p, pkgmgr.User)
	}
	root := filepath.Join(e.m.AgentDir, "npm")
	want := []string{ // no m-gone: its file is missing
		"node_modules/.bin/d-one.js -> ../dirbin/scripts/d-one.js",
		"node_modules/.bin/d-two.sh -> ../dirbin/scripts/sub/d-two.sh",
		"node_modules/.bin/m-one -> ../@sc/multi/bin/one.js",
		"node_modules/.bin/m-two -> ../@sc/multi/bin/two.js",
		"node_modules/.bin/m-up -> ../@sc/multi/up.js",
		"node_modules/.bin/sub -> ../dirbin/scripts/sub",
		"node_modules/.bin/tool -> ../tool/cli.js",
		"node_modules/user/node_modules/.bin/tool -> ../tool/cli2.js",
	}
	if got := binLinks(t, root); !slices.Equal(got, want) {
		t.Errorf("links:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, f := range []string{"node_modules/tool/cli.js", "node_modules/@sc/multi/bin/one.js", "node_modules/user/node_modules/tool/cli2.js", "node_modules/dirbin/scripts/sub/d-two.sh"} {
		if st, err := os.Stat(filepath.Join(root, f)); err != nil || st.Mode().Perm()&0o111 != 0o111 {
			t.Errorf("%s is not executable: %v %v", f, st, err)
		}
	}
	if err := e.m.Remove(context.Background(), "npm:@sc/multi", pkgmgr.User); err != nil {
		t.Fatal(err)
	}
	if got := binLinks(t, root); len(got) != 5 {
		t.Errorf("after removing @sc/multi: %v", got)
	}
}

// TestCommandLinksMatchNpm: the links are the ones npm makes for the
// same packages from the same registry.
func TestCommandLinksMatchNpm(t *testing.T) {
	npm := needNpm(t)
	e := newEnv(t)
	publishBinPackages(e)
	for _, p := range binPackages {
		e.install(p, pkgmgr.User)
	}
	pigoLinks := binLinks(t, filepath.Join(e.m.AgentDir, "npm"))
	root := t.TempDir()
	var specs []string
	for _, p := range binPackages {
		specs = append(specs, strings.TrimPrefix(p, "npm:"))
	}
	runNpm(t, npm, e.reg.URL(), append(append([]string{"install"}, specs...), "--prefix", root, "--no-audit", "--no-fund")...)
	if npmLinks := binLinks(t, root); !slices.Equal(pigoLinks, npmLinks) {
		t.Errorf("pigo's links:\n%s\nnpm's:\n%s", strings.Join(pigoLinks, "\n"), strings.Join(npmLinks, "\n"))
	}
}

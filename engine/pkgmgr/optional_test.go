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

// nodeOS is Node's process.platform here; other is one it is not.
func nodeOS() (here, other string) {
	here = map[string]string{"windows": "win32"}[runtime.GOOS]
	if here == "" {
		here = runtime.GOOS
	}
	if here == "win32" {
		return here, "linux"
	}
	return here, "win32"
}

// optionalDependencies are installed when they can be, as npm does: one
// for another os or cpu, one the registry does not have, and one whose
// own dependency is missing are left out (with what they would have
// brought), and the install succeeds; they are kept by later prunes.
func TestOptionalDependencies(t *testing.T) {
	e := newEnv(t)
	here, other := nodeOS()
	e.reg.Publish("native-here", "1.0.0", nil, nil)
	e.reg.Meta("native-here", "1.0.0")["os"] = []any{here}
	e.reg.Publish("native-other", "1.0.0", nil, nil)
	e.reg.Meta("native-other", "1.0.0")["os"] = []any{other}
	e.reg.Publish("not-this-cpu", "1.0.0", nil, nil)
	e.reg.Meta("not-this-cpu", "1.0.0")["cpu"] = []any{"!" + map[string]string{"amd64": "x64", "arm64": "arm64"}[runtime.GOARCH]}
	e.reg.Publish("helper", "1.0.0", nil, nil)
	e.reg.Publish("broken-opt", "1.0.0", map[string]string{"helper": "^1", "gone": "^1"}, nil)
	e.reg.Publish("app", "1.0.0", map[string]string{"native-here": "^1"}, nil)
	e.reg.Meta("app", "1.0.0")["optionalDependencies"] = map[string]any{
		"native-here": "^1", "native-other": "^1", "not-this-cpu": "^1", "missing-opt": "^1", "broken-opt": "^1"}
	e.install("npm:app", pkgmgr.User)
	nm := filepath.Join(e.m.AgentDir, "npm", "node_modules")
	if v := e.version(filepath.Join(nm, "native-here")); v != "1.0.0" {
		t.Errorf("native-here: %q", v)
	}
	for _, name := range []string{"native-other", "missing-opt", "broken-opt", "helper", "gone"} {
		if _, err := os.Stat(filepath.Join(nm, name)); err == nil {
			t.Errorf("%s was installed", name)
		}
	}
	if runtime.GOARCH == "amd64" || runtime.GOARCH == "arm64" {
		if _, err := os.Stat(filepath.Join(nm, "not-this-cpu")); err == nil {
			t.Error("a package excluding this cpu was installed")
		}
	}
	// Another install prunes the root; the optional dependency stays.
	e.reg.Publish("other", "1.0.0", nil, nil)
	e.install("npm:other", pkgmgr.User)
	if _, err := os.Stat(filepath.Join(nm, "native-here")); err != nil {
		t.Error("a prune removed an installed optional dependency")
	}
}

// A required package for another platform is an error naming it.
func TestRequiredBadPlatform(t *testing.T) {
	e := newEnv(t)
	_, other := nodeOS()
	e.reg.Publish("only-other", "1.0.0", nil, nil)
	e.reg.Meta("only-other", "1.0.0")["os"] = []any{other}
	e.reg.Publish("needs", "1.0.0", map[string]string{"only-other": "^1"}, nil)
	err := e.m.Install(context.Background(), "npm:needs", pkgmgr.User)
	if err == nil || !strings.Contains(err.Error(), "only-other@1.0.0: unsupported platform: wants os ["+other+"]") {
		t.Errorf("install: %v", err)
	}
}

// pigo never runs install scripts; it says which ones npm would have run.
func TestInstallScriptsWarning(t *testing.T) {
	e := newEnv(t)
	var warnings []string
	e.m.Warn = func(s string) { warnings = append(warnings, s) }
	e.reg.Publish("plain", "1.0.0", nil, nil)
	e.install("npm:plain", pkgmgr.User)
	if len(warnings) != 0 {
		t.Errorf("warnings for a package without scripts: %q", warnings)
	}
	e.reg.Publish("gyp", "1.0.0", nil, map[string]string{"binding.gyp": "{}"})
	e.reg.Publish("scripted", "1.0.0", map[string]string{"gyp": "^1"}, map[string]string{
		"package.json": `{"name":"scripted","version":"1.0.0","dependencies":{"gyp":"^1"},"scripts":{"postinstall":"node setup.js","test":"x"}}`})
	e.install("npm:scripted", pkgmgr.User)
	want := "pigo does not run install scripts (npm, which pi uses, would): gyp@1.0.0 (node-gyp rebuild), scripted@1.0.0 (postinstall); a package that needs them may not work"
	if len(warnings) != 1 || warnings[0] != want {
		t.Errorf("warnings = %q\nwant %q", warnings, want)
	}
	if _, err := os.Stat(filepath.Join(e.m.AgentDir, "npm", "node_modules", "scripted", "package.json")); err != nil {
		t.Error("the package was not installed")
	}
}

package pkgmgr_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// Where a version that conflicts with one already installed goes is
// where npm puts it (placeDep): over the old copy when everything using
// it takes the new one (an update needing a newer dependency others
// accept), else at the shallowest level below the old copy that nothing
// using it objects to (not always next to the package that needs it).
func TestConflictLayoutMatchesNpm(t *testing.T) {
	npm := needNpm(t)
	e := newEnv(t)
	e.reg.Publish("dep", "1.0.0", nil, nil)
	e.reg.Publish("dep", "2.0.0", nil, nil)
	e.reg.Tag("dep", "latest", "1.0.0")
	e.reg.Publish("q", "1.0.0", map[string]string{"dep": "^2.0.0"}, nil)
	e.reg.Publish("q", "2.0.0", nil, nil)
	e.reg.Publish("other", "1.0.0", map[string]string{"q": "^2.0.0", "dep": "^1.0.0"}, nil)
	e.reg.Publish("p", "1.0.0", map[string]string{"q": "^1.0.0"}, nil)
	e.reg.Publish("x", "1.0.0", map[string]string{"dep": "^1.0.0"}, nil)
	userconfig := filepath.Join(e.m.Home, ".npmrc")
	npmRoot := filepath.Join(t.TempDir(), "npm")
	os.MkdirAll(npmRoot, 0o755)
	os.WriteFile(filepath.Join(npmRoot, "package.json"), []byte("{\n  \"name\": \"pi-extensions\",\n  \"private\": true\n}"), 0o644)
	pigoRoot := filepath.Join(e.m.AgentDir, "npm")
	same := func(stage string) {
		t.Helper()
		if got, want := packageTree(t, pigoRoot), packageTree(t, npmRoot); !slices.Equal(got, want) {
			t.Errorf("%s: pigo's tree:\n%s\nnpm's:\n%s", stage, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		a, _ := os.ReadFile(filepath.Join(pigoRoot, "package-lock.json"))
		b, _ := os.ReadFile(filepath.Join(npmRoot, "package-lock.json"))
		if string(a) != string(b) {
			t.Errorf("%s: pigo's lockfile:\n%s\nnpm's:\n%s", stage, a, b)
		}
	}
	for _, p := range []string{"other", "p", "x"} {
		e.install("npm:"+p, pkgmgr.User)
		piNpmInstall(t, npm, e.reg.URL(), npmRoot, userconfig, p)
	}
	same("install")

	// x 1.1.0 needs dep ^1.1.0, which other's ^1.0.0 takes too.
	e.reg.Publish("dep", "1.1.0", nil, nil)
	e.reg.Tag("dep", "latest", "1.1.0")
	e.reg.Publish("x", "1.1.0", map[string]string{"dep": "^1.1.0"}, nil)
	if _, err := e.m.Update(context.Background(), "npm:x"); err != nil {
		t.Fatal(err)
	}
	piNpmInstall(t, npm, e.reg.URL(), npmRoot, userconfig, "x@latest") // pi's update
	same("update")
}

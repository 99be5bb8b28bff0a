package pkgmgr_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// A clone's package-lock.json decides its dependencies' versions and
// places, as npm install does there; its integrity must be the
// registry's; a lockfile whose entry no longer satisfies package.json is
// resolved again.
func TestGitCloneLockfile(t *testing.T) {
	commit := gitRepo(t)
	e := newEnv(t)
	e.reg.Publish("dep", "1.0.0", map[string]string{"sub": "^2"}, nil)
	e.reg.Publish("sub", "2.0.0", nil, nil)
	e.reg.Publish("sub", "2.5.0", nil, nil)
	e.reg.Publish("dep", "1.1.0", nil, nil)
	lock := func(depVersion, subIntegrity string) string {
		return fmt.Sprintf(`{"name":"repo","lockfileVersion":3,"packages":{
"":{"name":"repo","dependencies":{"dep":"^1.0.0"}},
"node_modules/dep":{"version":%q,"integrity":%q},
"node_modules/dep/node_modules/sub":{"version":"2.0.0","integrity":%q},
"node_modules/nope":{"version":"1.0.0","dev":true}}}`, depVersion, e.reg.Dist("dep", depVersion)["integrity"], subIntegrity)
	}
	commit("package-lock.json", lock("1.0.0", e.reg.Dist("sub", "2.0.0")["integrity"].(string)))
	ctx := context.Background()
	if err := e.m.Ensure(ctx, "git:git.example.test/user/repo", pkgmgr.User); err != nil {
		t.Fatal(err)
	}
	clone := filepath.Join(e.m.AgentDir, "git", "git.example.test", "user", "repo")
	if v := e.version(filepath.Join(clone, "node_modules", "dep")); v != "1.0.0" {
		t.Errorf("dep = %q, want the locked 1.0.0 (latest is 1.1.0)", v)
	}
	if v := e.version(filepath.Join(clone, "node_modules", "dep", "node_modules", "sub")); v != "2.0.0" {
		t.Errorf("sub = %q, want the locked 2.0.0 where the lockfile puts it", v)
	}

	// A lockfile that disagrees with the registry is refused.
	e2 := newEnv(t)
	e2.reg.Publish("dep", "1.0.0", map[string]string{"sub": "^2"}, nil)
	e2.reg.Publish("sub", "2.0.0", nil, nil)
	commit("package-lock.json", strings.Replace(lock("1.0.0", "sha512-AAAA"), e.reg.Dist("dep", "1.0.0")["integrity"].(string), e2.reg.Dist("dep", "1.0.0")["integrity"].(string), 1))
	err := e2.m.Install(ctx, "git:git.example.test/user/repo", pkgmgr.User)
	if err == nil || !strings.Contains(err.Error(), "package-lock.json: sub@2.0.0: integrity sha512-AAAA differs from the registry's") {
		t.Errorf("install with a bad lockfile: %v", err)
	}

	// A stale entry (outside package.json's range) is resolved again.
	e3 := newEnv(t)
	e3.reg.Publish("dep", "0.9.0", nil, nil)
	e3.reg.Publish("dep", "1.1.0", nil, nil)
	commit("package-lock.json", `{"lockfileVersion":3,"packages":{"node_modules/dep":{"version":"0.9.0"}}}`)
	if err := e3.m.Install(ctx, "git:git.example.test/user/repo", pkgmgr.User); err != nil {
		t.Fatal(err)
	}
	if v := e3.version(filepath.Join(e3.m.AgentDir, "git", "git.example.test", "user", "repo", "node_modules", "dep")); v != "1.1.0" {
		t.Errorf("stale lock: dep = %q, want 1.1.0", v)
	}
}

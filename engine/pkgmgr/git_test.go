package pkgmgr_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// gitRepo makes a repository that https://git.example.test/user/repo
// reaches (git's url.insteadOf, through the environment), with a tag v1
// and one more commit on main. It returns a function that commits more.
func gitRepo(t *testing.T) (commit func(file, body string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := filepath.Join(t.TempDir(), "repo")
	os.MkdirAll(dir, 0o755)
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main"}, args...)...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	commit = func(file, body string) string {
		os.MkdirAll(filepath.Dir(filepath.Join(dir, file)), 0o755)
		os.WriteFile(filepath.Join(dir, file), []byte(body), 0o644)
		run("add", "-A")
		run("commit", "-qm", file)
		return run("rev-parse", "HEAD")
	}
	run("init", "-q")
	commit("package.json", `{"name":"repo","version":"1.0.0","dependencies":{"dep":"^1.0.0"},"devDependencies":{"nope":"1"}}`)
	commit("extensions/a.ts", "export default function () {}")
	run("tag", "v1")
	commit("extensions/b.ts", "export default function () {}")
	t.Setenv("GIT_CONFIG_COUNT", "1")
	t.Setenv("GIT_CONFIG_KEY_0", "url."+dir+".insteadOf")
	t.Setenv("GIT_CONFIG_VALUE_0", "https://git.example.test/user/repo")
	return commit
}

func TestGitInstallUpdateRemove(t *testing.T) {
	commit := gitRepo(t)
	e := newEnv(t)
	e.reg.Publish("dep", "1.0.0", nil, nil)
	ctx := context.Background()

	e.install("git:git.example.test/user/repo@v1", pkgmgr.User)
	clone := filepath.Join(e.m.AgentDir, "git", "git.example.test", "user", "repo")
	if _, err := os.Stat(filepath.Join(clone, "extensions", "a.ts")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(clone, "extensions", "b.ts")); err == nil {
		t.Error("the v1 checkout has b.ts, added after v1")
	}
	if v := e.version(filepath.Join(clone, "node_modules", "dep")); v != "1.0.0" {
		t.Errorf("clone dependency = %q", v)
	}
	if _, err := os.Stat(filepath.Join(clone, "node_modules", "nope")); err == nil {
		t.Error("a devDependency was installed")
	}
	if got := e.packages(pkgmgr.User); !slices.Equal(got, []any{"git:git.example.test/user/repo@v1"}) {
		t.Errorf("settings = %v", got)
	}

	// Without a ref the clone follows its branch.
	e.install("https://git.example.test/user/repo", pkgmgr.User)
	if _, err := os.Stat(filepath.Join(clone, "extensions", "b.ts")); err != nil {
		t.Error("reinstall without a ref did not move to main")
	}
	if got := e.packages(pkgmgr.User); !slices.Equal(got, []any{"https://git.example.test/user/repo"}) {
		t.Errorf("settings = %v", got)
	}
	head := commit("extensions/c.ts", "export default function () {}")
	got, err := e.m.Update(ctx, "git:git.example.test/user/repo")
	if err != nil || len(got) != 1 || !strings.HasSuffix(got[0], "-> "+head[:7]) {
		t.Fatalf("update = %q, %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(clone, "node_modules", "dep")); err != nil {
		t.Error("the update lost the clone's dependencies")
	}

	if err := e.m.Remove(ctx, "git:git.example.test/user/repo", pkgmgr.User); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(e.m.AgentDir, "git", "git.example.test")); err == nil {
		t.Error("the clone or its empty parents remain")
	}
}

func TestGitFailuresLeaveNothing(t *testing.T) {
	gitRepo(t)
	e := newEnv(t)
	before := snapshot(t, e.m.AgentDir)
	// The repository's dependency is not in the registry.
	err := e.m.Install(context.Background(), "git:git.example.test/user/repo", pkgmgr.User)
	if err == nil || !strings.Contains(err.Error(), "package dep not found") {
		t.Fatalf("install: %v", err)
	}
	err = e.m.Install(context.Background(), "git:git.example.test/user/missing", pkgmgr.User)
	if err == nil || !strings.Contains(err.Error(), "git clone") {
		t.Fatalf("install of a missing repository: %v", err)
	}
	e.reg.Publish("dep", "1.0.0", nil, nil)
	err = e.m.Install(context.Background(), "git:git.example.test/user/repo@nosuchtag", pkgmgr.User)
	if err == nil || !strings.Contains(err.Error(), "git checkout nosuchtag") {
		t.Fatalf("install of a missing ref: %v", err)
	}
	if after := snapshot(t, e.m.AgentDir); !mapsEqual(before, after) {
		t.Errorf("agent dir changed: %v", after)
	}
}

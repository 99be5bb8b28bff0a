package projecttrust_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/projecttrust"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestProtectedResources: each .pi entry pi protects, and .agents/skills
// in cwd or an ancestor except the user's own.
func TestProtectedResources(t *testing.T) {
	t.Parallel()
	for _, e := range []string{"settings.json", "mcp.json", "extensions", "skills", "prompts", "themes", "SYSTEM.md", "APPEND_SYSTEM.md"} {
		dir := t.TempDir()
		if projecttrust.HasProtectedResources(dir, t.TempDir()) {
			t.Fatalf("empty project protected")
		}
		write(t, filepath.Join(dir, ".pi", e), "x")
		if !projecttrust.HasProtectedResources(dir, t.TempDir()) {
			t.Errorf(".pi/%s not protected", e)
		}
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, ".pi", "sessions", "x"), "x") // not protected
	write(t, filepath.Join(dir, "AGENTS.md"), "x")
	if projecttrust.HasProtectedResources(dir, t.TempDir()) {
		t.Error("unprotected entries count")
	}
	home := t.TempDir()
	write(t, filepath.Join(home, ".agents", "skills", "s", "SKILL.md"), "x")
	proj := filepath.Join(home, "work", "proj")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	if projecttrust.HasProtectedResources(proj, home) {
		t.Error("the user's ~/.agents/skills made the project protected")
	}
	if !projecttrust.HasProtectedResources(proj, t.TempDir()) {
		t.Error("an ancestor's .agents/skills did not")
	}
	if !projecttrust.HasProtectedResources(home, "") {
		t.Error("without a home, cwd's .agents/skills did not")
	}
}

// TestStoreFile: decisions are saved under canonical paths, sorted, as pi
// writes them; the nearest ancestor's decision applies; null clears.
func TestStoreFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := t.TempDir()
	real := filepath.Join(root, "real")
	if err := os.MkdirAll(filepath.Join(real, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	s := projecttrust.NewStore(filepath.Join(root, "agent"))
	if _, ok, err := s.Get(ctx, real); ok || err != nil {
		t.Fatalf("empty store: %v %v", ok, err)
	}
	yes, no := true, false
	if err := s.Set(ctx, link, &yes); err != nil {
		t.Fatal(err)
	}
	if err := s.Set(ctx, filepath.Join(root, "a<b"), &no); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(s.Path)
	want := "{\n  \"" + filepath.Join(root, "a<b") + "\": false,\n  \"" + real + "\": true\n}\n"
	if string(data) != want {
		t.Errorf("trust.json:\n%s\nwant:\n%s", data, want)
	}
	if trusted, ok, err := s.Get(ctx, filepath.Join(link, "sub")); !trusted || !ok || err != nil {
		t.Errorf("subdirectory: %v %v %v", trusted, ok, err)
	}
	if err := s.Set(ctx, real, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.Get(ctx, real); ok {
		t.Error("cleared decision still applies")
	}
	if _, err := os.Stat(s.Path + ".lock"); !os.IsNotExist(err) {
		t.Errorf("lock left behind: %v", err)
	}
	// A null entry does not stop the walk up (pi: only true/false decide).
	write(t, s.Path, `{"`+root+`": false, "`+real+`": null}`)
	if trusted, ok, _ := s.Get(ctx, real); trusted || !ok {
		t.Errorf("null entry: %v %v", trusted, ok)
	}
}

// TestStoreErrors: what pi says about a trust.json it cannot use.
func TestStoreErrors(t *testing.T) {
	t.Parallel()
	for content, want := range map[string]string{
		"{":                     "Failed to read trust store PATH: Expected property name or '}' in JSON at position 1 (line 1 column 2)",
		"\uFEFF[]":              "Invalid trust store PATH: expected an object",
		"null":                  "Invalid trust store PATH: expected an object",
		`{"/a": true, "/b": 1}`: `Invalid trust store PATH: value for "/b" must be true, false, or null`,
		`{"/a": "yes"}`:         `Invalid trust store PATH: value for "/a" must be true, false, or null`,
	} {
		s := projecttrust.NewStore(t.TempDir())
		write(t, s.Path, content)
		_, _, err := s.Get(context.Background(), "/a")
		if want = strings.ReplaceAll(want, "PATH", s.Path); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %s", content, err, want)
		}
		yes := true
		if err := s.Set(context.Background(), "/a", &yes); err == nil {
			t.Errorf("%q: Set overwrote a bad file", content)
		}
	}
}

// TestResolveOrder: each source of the decision, in pi's order.
func TestResolveOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	yes, no := true, false
	newProject := func(protected bool) (string, *projecttrust.Store) {
		dir := t.TempDir()
		if protected {
			write(t, filepath.Join(dir, ".pi", "extensions", "x.ts"), "")
		}
		return dir, projecttrust.NewStore(t.TempDir())
	}
	asked := 0
	answer := func(a *projecttrust.Answer) func(context.Context) *projecttrust.Answer {
		return func(context.Context) *projecttrust.Answer { asked++; return a }
	}
	check := func(name string, o projecttrust.Options, want bool) {
		t.Helper()
		got, err := projecttrust.Resolve(ctx, o)
		if err != nil || got != want {
			t.Errorf("%s: %v %v, want %v", name, got, err, want)
		}
	}

	dir, st := newProject(true)
	check("--approve", projecttrust.Options{Cwd: dir, Store: st, Override: &yes, Default: "never"}, true)
	check("--no-approve", projecttrust.Options{Cwd: dir, Store: st, Override: &no, Default: "always",
		Ask: answer(&projecttrust.Answer{Trusted: "yes"})}, false)
	if asked != 0 {
		t.Error("the event ran despite an override")
	}

	free, fst := newProject(false)
	check("nothing to protect", projecttrust.Options{Cwd: free, Store: fst, Default: "never", Ask: answer(nil)}, true)
	if err := fst.Set(ctx, free, &no); err != nil {
		t.Fatal(err)
	}
	check("nothing to protect, saved no", projecttrust.Options{Cwd: free, Store: fst, Default: "always"}, false)
	if asked != 0 {
		t.Error("the event ran without protected resources")
	}

	check("extension says yes", projecttrust.Options{Cwd: dir, Store: st, Default: "never",
		Ask: answer(&projecttrust.Answer{Trusted: "yes"})}, true)
	if _, ok, _ := st.Get(ctx, dir); ok {
		t.Error("saved without remember")
	}
	check("extension says no and remembers", projecttrust.Options{Cwd: dir, Store: st, Default: "always",
		Ask: answer(&projecttrust.Answer{Trusted: "no", Remember: true})}, false)
	if trusted, ok, _ := st.Get(ctx, dir); trusted || !ok {
		t.Errorf("remember:true not saved: %v %v", trusted, ok)
	}
	check("saved decision", projecttrust.Options{Cwd: dir, Store: st, Default: "always", Ask: answer(nil)}, false)

	dir, st = newProject(true)
	check("always", projecttrust.Options{Cwd: dir, Store: st, Default: "always", Ask: answer(nil)}, true)
	check("never", projecttrust.Options{Cwd: dir, Store: st, Default: "never"}, false)
	check("ask without a UI", projecttrust.Options{Cwd: dir, Store: st, Default: "ask"}, false)
	check("ask with a UI", projecttrust.Options{Cwd: dir, Store: st, Default: "",
		Prompt: func(context.Context) (bool, error) { return true, nil }}, true)

	write(t, st.Path, "{")
	if _, err := projecttrust.Resolve(ctx, projecttrust.Options{Cwd: dir, Store: st, Default: "always"}); err == nil {
		t.Error("a malformed trust.json was ignored")
	}
}

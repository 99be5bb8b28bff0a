package pathrules_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/pigo-dev/pigo/engine/pathrules"
)

// The expectations below were taken from the libraries pi 0.73.1 uses:
// minimatch 10.2 and glob 13.0.

func TestMinimatch(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		path, pattern string
		want          bool
	}{
		{"a", "a/**", false},
		{"a/b.ts", "a/**", true},
		{".x.ts", "*.ts", false},
		{"a/.x/b.ts", "a/**/b.ts", false},
		{"a/b.ts", "**/*.ts", true},
		{"b.ts", "**/*.ts", true},
		{"ab.ts", "[!b]b.ts", true},
		{"a.ts", "{a,b}.ts", true},
		{"c.ts", "{a,b}.ts", false},
		{"x/b.ts", "{x,y}/{a,b}.ts", true},
		{"../x/a.ts", "../x/*.ts", true},
		{"/abs/x/a.ts", "/abs/**", true},
		{"a/b", "a/*/", false},
		{"#a", "#a", false},
		{"x/a.ts", "x/a.ts/", false},
		{"sub/a.ts", "*.ts", false},
	} {
		if got := pathrules.Match(c.path, c.pattern); got != c.want {
			t.Errorf("Match(%q, %q) = %v, want %v", c.path, c.pattern, got, c.want)
		}
	}
}

func TestGlobOrder(t *testing.T) {
	t.Parallel()
	root := writeFiles(t, "x/deep/d.ts", "x/deep/deeper/e.ts", "x/c.ts", "src/z.ts", "src/a.ts",
		"src/b/index.ts", "src/a/q.ts", "y/f.ts", "r.ts", "x/deep/a.js", ".h.ts")
	for _, c := range []struct {
		pattern string
		want    []string
	}{
		{"**/*.ts", []string{"r.ts", "y/f.ts", "x/c.ts", "x/deep/d.ts", "x/deep/deeper/e.ts", "src/z.ts", "src/a.ts", "src/b/index.ts", "src/a/q.ts"}},
		{"*/*/*.ts", []string{"x/deep/d.ts", "src/b/index.ts", "src/a/q.ts"}},
		{"*", []string{"y", "x", "src", "r.ts"}},
		{"x/**/*.ts", []string{"x/c.ts", "x/deep/d.ts", "x/deep/deeper/e.ts"}},
		{"{x,y}/*.ts", []string{"x/c.ts", "y/f.ts"}},
		{"{src,x}/*.ts", []string{"src/z.ts", "src/a.ts", "x/c.ts"}},
		{"x/*/*", []string{"x/deep/deeper", "x/deep/d.ts", "x/deep/a.js"}},
		{"**/a*", []string{"x/deep/a.js", "src/a.ts", "src/a"}},
		{"./*/c.ts", []string{"x/c.ts"}},
		{"src/**", []string{"src", "src/z.ts", "src/b", "src/a.ts", "src/a", "src/b/index.ts", "src/a/q.ts"}},
		{"*/**", []string{"y", "y/f.ts", "x", "x/deep", "x/c.ts", "x/deep/deeper", "x/deep/d.ts", "x/deep/a.js",
			"x/deep/deeper/e.ts", "src", "src/z.ts", "src/b", "src/a.ts", "src/a", "src/b/index.ts", "src/a/q.ts"}},
	} {
		if got := globRel(root, c.pattern); !slices.Equal(got, c.want) {
			t.Errorf("glob %q = %v, want %v", c.pattern, got, c.want)
		}
	}
}

func TestGlobSymlinks(t *testing.T) {
	t.Parallel()
	root := writeFiles(t, "src/real/r.ts", "other/o.ts", "other/deep/d.ts", "src/real/inner/i.ts")
	if err := os.MkdirAll(filepath.Join(root, "other", "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"src/lnk": "../other", "src/real/lnk2": "../../other", "other/sub/back": "../../src/real"} {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(link))); err != nil {
			t.Skipf("symlinks unavailable: %v", err)
		}
	}
	for _, c := range []struct {
		pattern string
		want    []string
	}{
		{"src/**/*.ts", []string{"src/real/r.ts", "src/real/lnk2/o.ts", "src/real/inner/i.ts", "src/lnk/o.ts"}},
		{"./**/*.ts", []string{"src/real/r.ts", "src/real/lnk2/o.ts", "src/real/inner/i.ts", "src/lnk/o.ts",
			"other/o.ts", "other/sub/back/r.ts", "other/deep/d.ts"}},
		{"**/*.ts", []string{"src/real/r.ts", "src/real/inner/i.ts", "other/o.ts", "other/deep/d.ts"}},
		{"src/**", []string{"src", "src/real", "src/lnk", "src/real/r.ts", "src/real/lnk2", "src/real/inner", "src/real/inner/i.ts"}},
		{"src/*/*.ts", []string{"src/real/r.ts", "src/lnk/o.ts"}},
		{"src/**/d.ts", nil},
	} {
		if got := globRel(root, c.pattern); !slices.Equal(got, c.want) {
			t.Errorf("glob %q = %v, want %v", c.pattern, got, c.want)
		}
	}
}

// writeFiles makes a temporary directory holding the empty files named
// (slash paths) and returns it.
func writeFiles(t *testing.T, files ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// globRel is Glob's result relative to root, in slash form.
func globRel(root, pattern string) []string {
	var out []string
	for _, p := range pathrules.Glob(root, pattern) {
		r, _ := filepath.Rel(root, p)
		out = append(out, filepath.ToSlash(r))
	}
	return out
}

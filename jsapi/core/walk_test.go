package core_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/core"
)

// walkNames walks root and returns the visited paths relative to it,
// directories with a trailing "/", symlinks with a trailing "@".
func walkNames(t *testing.T, root string, opts core.WalkOptions) []string {
	t.Helper()
	var out []string
	err := core.Walk(context.Background(), root, opts, func(e core.Entry) error {
		rel, _ := filepath.Rel(root, e.Path)
		switch {
		case e.IsDir():
			rel += "/"
		case e.IsSymlink():
			rel += "@"
		}
		out = append(out, rel)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestWalkIgnoreRules(t *testing.T) {
	t.Parallel()
	rg := core.WalkOptions{IgnoreFile: ".rgignore", RequireGit: true}
	fd := core.WalkOptions{IgnoreFile: ".fdignore"}
	cases := []struct {
		name  string
		files map[string]string
		opts  core.WalkOptions
		want  []string
	}{{
		name:  "sorted, hidden included, .git walked",
		files: map[string]string{"b": "", "a": "", "B": "", ".h": "", "d/x": "", ".git/HEAD": "", "a.b": "", "a-b": ""},
		opts:  rg,
		want:  []string{".git/", ".git/HEAD", ".h", "B", "a", "a-b", "a.b", "b", "d/", "d/x"},
	}, {
		name:  "UTF-16 order: U+1F600 sorts before U+FF5A",
		files: map[string]string{"\uff5a": "", "😀": "", "é": ""},
		opts:  rg,
		want:  []string{"é", "😀", "\uff5a"},
	}, {
		name:  "rg reads .gitignore only in a repository",
		files: map[string]string{".gitignore": "x\n", "x": "", "y": ""},
		opts:  rg,
		want:  []string{".gitignore", "x", "y"},
	}, {
		name:  "fd reads .gitignore everywhere",
		files: map[string]string{".gitignore": "x\n", "x": "", "y": ""},
		opts:  fd,
		want:  []string{".gitignore", "y"},
	}, {
		name:  "in a repository: .gitignore and info/exclude",
		files: map[string]string{".git/info/exclude": "e\n", ".gitignore": "x\n.git\n", "x": "", "e": "", "y": ""},
		opts:  rg,
		want:  []string{".gitignore", "y"},
	}, {
		name:  "precedence: tool file over .ignore over .gitignore",
		files: map[string]string{".git/": "", ".gitignore": "*.log\n!keep.txt\nkeep.txt\n", ".ignore": "!a.log\nb.txt\n", ".rgignore": "!b.txt\n", "a.log": "", "b.txt": "", "c.log": "", "keep.txt": ""},
		opts:  core.WalkOptions{IgnoreFile: ".rgignore", RequireGit: true, Filter: skipGitDir},
		want:  []string{".gitignore", ".ignore", ".rgignore", "a.log", "b.txt"},
	}, {
		name:  "the deepest file decides; last rule wins within a file",
		files: map[string]string{".ignore": "*.md\n", "sub/.ignore": "!*.md\nno.md\n", "top.md": "", "sub/ok.md": "", "sub/no.md": ""},
		opts:  fd,
		want:  []string{".ignore", "sub/", "sub/.ignore", "sub/ok.md"},
	}, {
		name:  "dir-only, anchored and ** rules",
		files: map[string]string{".ignore": "build/\n/top\ndeep/**/x\n**/nm\n", "build/a": "", "f/build": "", "top": "", "f/top": "", "deep/a/b/x": "", "deep/x": "", "q/nm/z": ""},
		opts:  fd,
		want:  []string{".ignore", "deep/", "deep/a/", "deep/a/b/", "f/", "f/build", "f/top", "q/"},
	}, {
		name:  "an ignored directory is not entered, even to whitelist",
		files: map[string]string{".ignore": "d/\n!d/keep\n", "d/keep": "", "e": ""},
		opts:  fd,
		want:  []string{".ignore", "e"},
	}, {
		name:  "comments, escapes, trailing spaces, CRLF, braces and classes",
		files: map[string]string{".ignore": "# c\n\\#h\n\\!b\nsp\\ \ntr   \r\n*.{x,y}\n[ab]?\n[!q]z\n", "#h": "", "!b": "", "sp ": "", "tr": "", "f.x": "", "f.y": "", "f.z": "", "a1": "", "c1": "", "qz": "", "rz": ""},
		opts:  fd,
		want:  []string{".ignore", "c1", "f.z", "qz"},
	}, {
		name:  "symlinks are listed, not followed",
		files: map[string]string{"d/f": "", "l": "@link:d", "m": "@link:missing"},
		opts:  fd,
		want:  []string{"d/", "d/f", "l@", "m@"},
	}, {
		name:  "Filter: Include beats the ignore files, Skip prunes",
		files: map[string]string{".ignore": "*.go\n", "a.go": "", "b.go": "", "skip/x": "", "y": ""},
		opts: core.WalkOptions{Filter: func(p string, isDir bool) core.Verdict {
			switch filepath.Base(p) {
			case "a.go":
				return core.Include
			case "skip":
				return core.Skip
			}
			return core.Default
		}},
		want: []string{".ignore", "a.go", "y"},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			root := filepath.Join(t.TempDir(), "root")
			c.files["./"] = ""
			for p, v := range c.files {
				if strings.HasPrefix(v, "@link:") {
					c.files[p] = "@link:" + filepath.Join(root, strings.TrimPrefix(v, "@link:"))
				}
			}
			writeTree(t, root, c.files)
			if got := walkNames(t, root, c.opts); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

func skipGitDir(p string, isDir bool) core.Verdict {
	if filepath.Base(p) == ".git" {
		return core.Skip
	}
	return core.Default
}

// TestWalkAncestorIgnoreFiles: the ignore files above the root apply, and
// a repository's .gitignore files count only inside it.
func TestWalkAncestorIgnoreFiles(t *testing.T) {
	t.Parallel()
	top := t.TempDir()
	writeTree(t, top, map[string]string{
		".gitignore":          "outside\n",
		"repo/.git/":          "",
		"repo/.gitignore":     "*.tmp\n",
		"repo/.ignore":        "gone\n",
		"repo/src/a.tmp":      "",
		"repo/src/gone":       "",
		"repo/src/outside":    "",
		"repo/src/kept":       "",
		"plain/.gitignore":    "x\n",
		"plain/sub/x":         "",
		"plain/sub/.fdignore": "",
	})
	rg := core.WalkOptions{IgnoreFile: ".rgignore", RequireGit: true}
	if got, want := walkNames(t, filepath.Join(top, "repo", "src"), rg), []string{"kept", "outside"}; !reflect.DeepEqual(got, want) {
		t.Errorf("repo/src: got %q, want %q", got, want)
	}
	if got, want := walkNames(t, filepath.Join(top, "plain", "sub"), rg), []string{".fdignore", "x"}; !reflect.DeepEqual(got, want) {
		t.Errorf("rg plain/sub: got %q, want %q", got, want)
	}
	if got, want := walkNames(t, filepath.Join(top, "plain", "sub"), core.WalkOptions{IgnoreFile: ".fdignore"}), []string{".fdignore"}; !reflect.DeepEqual(got, want) {
		t.Errorf("fd plain/sub: got %q, want %q", got, want)
	}
}

func TestWalkStopsAndSkips(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a/x": "", "b/y": "", "c": ""})
	var seen []string
	err := core.Walk(context.Background(), root, core.WalkOptions{}, func(e core.Entry) error {
		seen = append(seen, filepath.Base(e.Path))
		switch filepath.Base(e.Path) {
		case "a":
			return fs.SkipDir
		case "y":
			return fs.SkipAll
		}
		return nil
	})
	if err != nil || !reflect.DeepEqual(seen, []string{"a", "b", "y"}) {
		t.Fatalf("seen %q, err %v", seen, err)
	}
	boom := errors.New("boom")
	if err := core.Walk(context.Background(), root, core.WalkOptions{}, func(core.Entry) error { return boom }); err != boom {
		t.Fatalf("visit error: got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := core.Walk(ctx, root, core.WalkOptions{}, func(core.Entry) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled walk: got %v", err)
	}
	// An unreadable or missing root is an empty walk.
	if err := core.Walk(context.Background(), filepath.Join(root, "missing"), core.WalkOptions{}, func(core.Entry) error { return boom }); err != nil {
		t.Fatalf("missing root: %v", err)
	}
	if os.Getuid() != 0 {
		if err := os.Chmod(filepath.Join(root, "b"), 0); err != nil {
			t.Fatal(err)
		}
		defer func() { _ = os.Chmod(filepath.Join(root, "b"), 0o755) }()
		if got := walkNames(t, root, core.WalkOptions{}); !reflect.DeepEqual(got, []string{"a/", "a/x", "b/", "c"}) {
			t.Fatalf("unreadable dir: %q", got)
		}
	}
}

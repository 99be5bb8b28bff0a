package core_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/core"
)

// grepLines runs Grep and returns "rel:line:text" strings.
func grepLines(t *testing.T, root string, o core.GrepOptions) []string {
	t.Helper()
	res, err := core.Grep(context.Background(), root, o)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range res.Matches {
		rel, _ := filepath.Rel(root, m.Path)
		if rel == "." {
			rel = filepath.Base(m.Path)
		}
		out = append(out, fmt.Sprintf("%s:%d:%q", rel, m.Line, m.Text))
	}
	return out
}

func TestGrep(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"a.txt":       "foo\nbar\nfoo bar\n",
		"crlf.txt":    "one foo\r\ntwo\r\n",
		"nonl.txt":    "x\nlast foo",
		"bin.dat":     "foo\x00\n",
		"bad.txt":     "\xe2\x82 foo\n",
		"sub/b.ts":    "const foo = 1;\nFOO\n",
		"sub/c.md":    "foo\n",
		".hidden":     "foo\n",
		"empty.txt":   "",
		"blank.txt":   "\n\n",
		"anchors.txt": "foo\nxfoo\nfoox\n",
	})
	cases := []struct {
		name string
		o    core.GrepOptions
		want []string
	}{
		{"plain", core.GrepOptions{Pattern: "foo"}, []string{`.hidden:1:"foo\n"`, `a.txt:1:"foo\n"`, `a.txt:3:"foo bar\n"`, `anchors.txt:1:"foo\n"`, `anchors.txt:2:"xfoo\n"`, `anchors.txt:3:"foox\n"`, `bad.txt:1:"� foo\n"`, `crlf.txt:1:"one foo\r\n"`, `nonl.txt:2:"last foo"`, `sub/b.ts:1:"const foo = 1;\n"`, `sub/c.md:1:"foo\n"`}},
		{"ignore case + glob", core.GrepOptions{Pattern: "foo", IgnoreCase: true, Glob: "*.ts"}, []string{`sub/b.ts:1:"const foo = 1;\n"`, `sub/b.ts:2:"FOO\n"`}},
		{"inline flag", core.GrepOptions{Pattern: "(?i)^FOO$", Glob: "*.ts"}, []string{`sub/b.ts:2:"FOO\n"`}},
		{"anchors per line", core.GrepOptions{Pattern: "^foo$", Glob: "anchors.txt"}, []string{`anchors.txt:1:"foo\n"`}},
		{"text anchors", core.GrepOptions{Pattern: `\Afoo\z`, Glob: "anchors.txt"}, []string{`anchors.txt:1:"foo\n"`}},
		{"$ does not match before \\r", core.GrepOptions{Pattern: "foo$", Glob: "crlf.txt"}, nil},
		{"literal", core.GrepOptions{Pattern: "o b", Literal: true}, []string{`a.txt:3:"foo bar\n"`}},
		{"literal metacharacters", core.GrepOptions{Pattern: "foo.", Literal: true}, nil},
		{"empty pattern matches every line", core.GrepOptions{Pattern: "", Glob: "{blank,nonl}.txt"}, []string{`blank.txt:1:"\n"`, `blank.txt:2:"\n"`, `nonl.txt:1:"x\n"`, `nonl.txt:2:"last foo"`}},
		{"negated glob", core.GrepOptions{Pattern: "foo", Glob: "!*.{txt,ts}"}, []string{`.hidden:1:"foo\n"`, `sub/c.md:1:"foo\n"`}},
		{"path glob relative to cwd", core.GrepOptions{Pattern: "foo", Glob: "sub/*.md", Cwd: root}, []string{`sub/c.md:1:"foo\n"`}},
		{"path glob outside cwd", core.GrepOptions{Pattern: "foo", Glob: "sub/*.md", Cwd: "/elsewhere"}, nil},
		{"limit", core.GrepOptions{Pattern: "foo", Limit: 2}, []string{`.hidden:1:"foo\n"`, `a.txt:1:"foo\n"`}},
		{"rust escapes", core.GrepOptions{Pattern: `\u0046\U{4F}O`}, []string{`sub/b.ts:2:"FOO\n"`}},
		{"verbose mode", core.GrepOptions{Pattern: "(?x) f o o  # comment\n \\  bar"}, []string{`a.txt:3:"foo bar\n"`}},
		{"posix class and named group", core.GrepOptions{Pattern: `(?P<w>[[:upper:]]{3})`}, []string{`sub/b.ts:2:"FOO\n"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := grepLines(t, root, c.o); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
	t.Run("single file", func(t *testing.T) {
		t.Parallel()
		// A file path is searched whatever its name and the glob.
		got := grepLines(t, filepath.Join(root, "sub", "c.md"), core.GrepOptions{Pattern: "foo", Glob: "*.ts"})
		if want := []string{`c.md:1:"foo\n"`}; !reflect.DeepEqual(got, want) {
			t.Errorf("got %q, want %q", got, want)
		}
	})
	t.Run("limit reached", func(t *testing.T) {
		t.Parallel()
		res, err := core.Grep(context.Background(), root, core.GrepOptions{Pattern: "foo", Limit: 2})
		if err != nil || !res.LimitReached || len(res.Matches) != 2 {
			t.Fatalf("got %+v, %v", res, err)
		}
		res, err = core.Grep(context.Background(), root, core.GrepOptions{Pattern: "xfoo", Limit: 2})
		if err != nil || res.LimitReached || len(res.Matches) != 1 {
			t.Fatalf("got %+v, %v", res, err)
		}
	})
	t.Run("cancelled", func(t *testing.T) {
		t.Parallel()
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := core.Grep(ctx, root, core.GrepOptions{Pattern: "foo"}); !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v", err)
		}
	})
}

// TestGrepSkipsSpecialFiles: a FIFO would block a read forever; only
// regular files are searched.
func TestGrepSkipsSpecialFiles(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeTree(t, root, map[string]string{"a.txt": "foo\n", "link": "@link:" + filepath.Join(root, "a.txt")})
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644); err != nil {
		t.Skip("mkfifo:", err)
	}
	if got, want := grepLines(t, root, core.GrepOptions{Pattern: "foo"}), []string{`a.txt:1:"foo\n"`}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestGrepPatternErrors: invalid patterns fail before any file is read,
// worded as rg words them.
func TestGrepPatternErrors(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for pattern, msg := range map[string]string{
		"(foo":       "unclosed group",
		")":          "unopened group",
		"[a":         "unclosed character class",
		"*foo":       "repetition operator missing expression",
		"a{2,1}":     "invalid repetition count range, the start must be <= the end",
		"[z-a]":      "invalid character class range, the start must be <= the end",
		`\q`:         "unrecognized escape sequence",
		`foo\`:       "incomplete escape sequence, reached end of pattern prematurely",
		"(?=x)":      "look-around, including look-ahead and look-behind, is not supported",
		"(?<!x)y":    "look-around, including look-ahead and look-behind, is not supported",
		`(a)\1`:      "backreferences are not supported",
		`\p{Nope}`:   "Unicode property not found",
		"(?Z)":       "unrecognized flag",
		"(?P<a-b>x)": "invalid capture group character",
		"(?i":        "expected flag but got end of regex",
	} {
		_, err := core.Grep(context.Background(), root, core.GrepOptions{Pattern: pattern})
		var pe *core.PatternError
		if !errors.As(err, &pe) {
			t.Errorf("%q: got %v, want a PatternError", pattern, err)
			continue
		}
		if want := "regex parse error:\n    " + pattern + "\nerror: " + msg; err.Error() != want {
			t.Errorf("%q:\n got %q\nwant %q", pattern, err.Error(), want)
		}
	}
	// The same text with literal is fine.
	if _, err := core.Grep(context.Background(), root, core.GrepOptions{Pattern: "(foo", Literal: true}); err != nil {
		t.Errorf("literal: %v", err)
	}
}

func TestFind(t *testing.T) {
	t.Parallel()
	root := filepath.Join(t.TempDir(), "r[1]") // the root's glob metacharacters are literal
	writeTree(t, root, map[string]string{
		".gitignore":    "ignored.ts\n",
		".fdignore":     "secret/\n",
		"a.ts":          "",
		"ignored.ts":    "",
		"sub/b.ts":      "",
		"sub/c.md":      "",
		"sub/deep/d.ts": "",
		"secret/e.ts":   "",
		".hidden.ts":    "",
	})
	cases := []struct {
		pattern string
		limit   int
		want    []string
	}{
		{"*.ts", 0, []string{".hidden.ts", "a.ts", "sub/b.ts", "sub/deep/d.ts"}},
		{"sub", 0, []string{"sub/"}},
		{"sub/*.ts", 0, []string{"sub/b.ts"}},
		// A relative path pattern is anchored at the search root.
		{"deep/*.ts", 0, nil},
		{"**/deep/*.ts", 0, []string{"sub/deep/d.ts"}},
		{"./sub/deep/*.ts", 0, []string{"sub/deep/d.ts"}},
		{"./a.ts", 0, []string{"a.ts"}},
		{"**/deep/*", 0, []string{"sub/deep/d.ts"}},
		{"sub/**", 0, []string{"sub/b.ts", "sub/c.md", "sub/deep/", "sub/deep/d.ts"}},
		{"*.{md,ts}", 2, []string{".hidden.ts", "a.ts"}},
		{"*.zzz", 0, nil},
	}
	for _, c := range cases {
		res, err := core.Find(context.Background(), root, core.FindOptions{Pattern: c.pattern, Limit: c.limit})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range res.Paths {
			rel, _ := filepath.Rel(root, p)
			if p[len(p)-1] == '/' {
				rel += "/"
			}
			got = append(got, rel)
		}
		if !reflect.DeepEqual(got, c.want) || res.LimitReached != (c.limit > 0 && len(got) >= c.limit) {
			t.Errorf("%q: got %q (limit reached %v), want %q", c.pattern, got, res.LimitReached, c.want)
		}
	}
	if _, err := core.Find(context.Background(), root, core.FindOptions{Pattern: "[z-a]"}); err == nil {
		t.Error("invalid glob: no error")
	}
}

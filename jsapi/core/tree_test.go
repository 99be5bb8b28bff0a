package core_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeTree creates files under root: path → content. A path ending in
// "/" is a directory; a content starting with "@link:" makes a symlink to
// the rest.
func writeTree(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(root, p)
		if strings.HasSuffix(p, "/") {
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(content, "@link:"); ok {
			if err := os.Symlink(target, full); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Pools the random trees draw from: names that exercise sorting (case,
// dots, non-ASCII, a character above U+FFFF against one near U+FFFF),
// ignore lines covering the gitignore dialect, and file lines covering
// the pattern cases.
var (
	treeNames = []string{
		"a", "B", "foo", "Foo", "bar.ts", "x.md", "keep.md", ".hidden", ".env", "build", "node_modules",
		"src", "lib", "test.spec.ts", "ünï", "日本.txt", "sp ace", "br[a]ck", "emoji😀.ts", "\uff5apua.ts", "z.ts",
		"a.b.c", "-dash", "_under", "CAPS.TS", "ignored.ts", "out", "dir.d",
	}
	ignoreLines = []string{
		"*.md", "!keep.md", "build/", "/foo", "src/**/x.ts", "**/node_modules", "# comment", "", "\\#hash",
		"bar.ts\\ ", "*.{ts,md}", "[ab]*", "[!a]*", "lib/", "a/b", "sp ace", "trailing  ", "x.md\r", "*",
		"!*.ts", "!src/", "out/", "**/out", "ignored.ts", "*.spec.*", "d?r.d", "!/foo", "emoji*", "\\!bang",
		"CAPS.*", "**/lib/**", "/*.ts", "ü*", "日本.*",
	}
	contentLines = []string{
		"foo", "FOO bar", "const foo = 1;", "a+b", "\tindent foo", "x\r", "", "ünïcode foo", "foo.bar()",
		"barfoo", "the foo is here", "line with $ and ^", "123 digits", "über Foo", "trailing space ",
		"fooo", "word foo-bar", "日本語 foo",
	}
)

// genTree writes a random tree under root: nested directories, files
// with random lines (some with NUL bytes, invalid UTF-8, CRLF or no final
// newline), ignore files of every kind, symlinks, and maybe a .git
// directory (so a repository) with an info/exclude.
func genTree(t testing.TB, root string, seed uint64, nfiles int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed*7+1))
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	dirs := []string{""}
	files := map[string]string{}
	for i := 0; i < nfiles/4+1; i++ {
		parent := dirs[rng.IntN(len(dirs))]
		d := filepath.Join(parent, pick(treeNames))
		if _, isFile := files[d]; isFile {
			continue
		}
		dirs = append(dirs, d)
		files[d+"/"] = ""
	}
	isDir := map[string]bool{}
	for _, d := range dirs {
		isDir[d] = true
	}
	for i := 0; i < nfiles; i++ {
		p := filepath.Join(dirs[rng.IntN(len(dirs))], pick(treeNames))
		if isDir[p] {
			continue
		}
		var b strings.Builder
		for n := rng.IntN(6); n > 0; n-- {
			b.WriteString(pick(contentLines))
			b.WriteString("\n")
		}
		switch rng.IntN(12) {
		case 0:
			b.WriteString("foo\x00binary\n")
		case 1:
			b.WriteString("bad \xff\xfe utf8 foo\n\xe2\x82 cut \xf0\x9f foo\xed\xa0\x80\n")
		case 2:
			b.WriteString("crlf foo\r\nnext\r\n")
		case 3:
			b.WriteString("no newline foo")
		}
		files[p] = b.String()
	}
	for _, d := range dirs {
		for _, name := range []string{".gitignore", ".ignore", ".rgignore", ".fdignore"} {
			if rng.IntN(4) != 0 {
				continue
			}
			var b strings.Builder
			for n := rng.IntN(4) + 1; n > 0; n-- {
				b.WriteString(pick(ignoreLines))
				b.WriteString("\n")
			}
			files[filepath.Join(d, name)] = b.String()
		}
	}
	for i := 0; i < 3; i++ {
		d := dirs[rng.IntN(len(dirs))]
		target := dirs[rng.IntN(len(dirs))]
		files[filepath.Join(d, fmt.Sprintf("link%d", i))] = "@link:" + filepath.Join(root, target)
	}
	if rng.IntN(2) == 0 {
		repo := dirs[rng.IntN(len(dirs))]
		files[filepath.Join(repo, ".git", "HEAD")] = "ref: refs/heads/main foo\n"
		files[filepath.Join(repo, ".git", "info", "exclude")] = pick(ignoreLines) + "\n" + pick(ignoreLines) + "\n"
	}
	writeTree(t, root, files)
}

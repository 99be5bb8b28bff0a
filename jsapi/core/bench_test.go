package core_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/jsapi/core"
)

// The benchmarks compare the Go walk with the JavaScript fallback it
// replaced (testdata/jsfallback.ts through the fs shim, as the grep and
// find tools ran without rg/fd) on one generated tree of 20,000 files
// (400 directories, a git repository with .gitignore files). Each
// iteration runs both and reports their times and the ratio:
//
//	go test -run '^$' -bench . -benchtime 3x ./jsapi/core/
//
// go-js is the Go search called from JavaScript through pigo:core (what
// the tools do now); js is the old walk.

var benchTree = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "pigo-core-bench-")
	if err != nil {
		return "", err
	}
	benchCleanup = func() { _ = os.RemoveAll(dir) }
	return dir, genBenchTree(dir)
})

// benchCleanup removes the tree (TestMain); nil when none was made.
var benchCleanup func()

func genBenchTree(root string) error {
	var body strings.Builder
	for i := 0; i < 30; i++ {
		fmt.Fprintf(&body, "export function handler%d(input: string): number { return input.length * %d; }\n", i, i)
	}
	text := body.String()
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(root, ".gitignore"), []byte("*.log\ndist/\n"), 0o644); err != nil {
		return err
	}
	for a := 0; a < 20; a++ {
		for b := 0; b < 20; b++ {
			dir := filepath.Join(root, fmt.Sprintf("pkg%02d", a), fmt.Sprintf("mod%02d", b))
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			if b == 0 {
				if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("tmp_*\n!tmp_keep.ts\n"), 0o644); err != nil {
					return err
				}
			}
			for f := 0; f < 50; f++ {
				content := text
				if (a*20+b)*50+f == 12345 {
					content += "// NEEDLE: the one line the benchmark greps for\n"
				}
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("file%02d.ts", f)), []byte(content), 0o644); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func benchRoot(b *testing.B) string {
	b.Helper()
	root, err := benchTree()
	if err != nil {
		b.Fatal(err)
	}
	return root
}

// compare runs goRun and jsRun once per iteration and reports both times
// and js/go.
func compare(b *testing.B, goRun, jsRun func()) {
	var goT, jsT time.Duration
	for b.Loop() {
		start := time.Now()
		goRun()
		goT += time.Since(start)
		start = time.Now()
		jsRun()
		jsT += time.Since(start)
	}
	b.ReportMetric(float64(goT.Microseconds())/float64(b.N)/1000, "go-ms/op")
	b.ReportMetric(float64(jsT.Microseconds())/float64(b.N)/1000, "js-ms/op")
	b.ReportMetric(float64(jsT)/float64(goT), "js/go")
}

// BenchmarkGrep: a pattern found once, so the whole tree is read.
func BenchmarkGrep(b *testing.B) {
	root := benchRoot(b)
	js := newJSFallback(b, root)
	opts := core.GrepOptions{Pattern: `NEEDLE: \w+`, Limit: 100}
	check := func(n int) {
		if n != 1 {
			b.Fatalf("%d matches, want 1", n)
		}
	}
	b.Run("go", func(b *testing.B) {
		compare(b, func() {
			res, err := core.Grep(context.Background(), root, opts)
			if err != nil {
				b.Fatal(err)
			}
			check(len(res.Matches))
		}, func() { check(len(js.grep(b, root, opts))) })
	})
	b.Run("go-js", func(b *testing.B) {
		compare(b, func() {
			v, err := js.rt.Run(`core.grep({ pattern: ` + jsString(opts.Pattern) + `, path: ` + jsString(root) + `, limit: 100 }).then((r) => r.matches.length)`)
			if err != nil {
				b.Fatal(err)
			}
			check(int(v.(int64)))
		}, func() { check(len(js.grep(b, root, opts))) })
	})
}

// BenchmarkFind: a glob matching 400 files, so the whole tree is walked.
func BenchmarkFind(b *testing.B) {
	root := benchRoot(b)
	js := newJSFallback(b, root)
	check := func(n int) {
		if n != 400 {
			b.Fatalf("%d paths, want 400", n)
		}
	}
	b.Run("go", func(b *testing.B) {
		compare(b, func() {
			res, err := core.Find(context.Background(), root, core.FindOptions{Pattern: "file07.ts", Limit: 1000})
			if err != nil {
				b.Fatal(err)
			}
			check(len(res.Paths))
		}, func() { check(len(js.find(b, root, "file07.ts", 1000))) })
	})
}

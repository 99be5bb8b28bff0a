package bundler_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/go-sourcemap/sourcemap"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// TestBundleRewritesForOfKeepingSourceMap: a for-of with a let or const
// head goes through forOf (jsapi's forof_test checks the behaviour
// against Node), a labelled one is left alone, and the map still sends a
// token after the inserted text, on the same generated line, to its
// original column.
func TestBundleRewritesForOfKeepingSourceMap(t *testing.T) {
	t.Parallel()
	const line = `export function sum(xs) { let n = 0; for (const x of xs) { n += locate(x); } return n; }`
	dir := writeFiles(t, t.TempDir(), map[string]string{
		"index.ts": "function locate(x: number) { return x; }\n" + line + "\n" +
			"export function labelled(xs) { l: for (const x of xs) { continue l; } }\n" +
			// goja's offsets leave out parentheses: a parenthesized source
			// is rewritten whole; a body that is not a block (where the
			// statement's end is uncertain: `x && (y = 1)`, `(0, f)(x)`,
			// a semicolon before an else) is left alone.
			"export function parens(a, b, m) { const r = []; for (const x of (a || b)) { r.push(x); } if (m) for (const x of a) x && (m.y = 1); else for (const x of b) (0, r.push)(x); return r; }\n",
	})
	bun := mustBundle(t, bundler.New(bundler.Options{}), filepath.Join(dir, "index.ts"))
	if n := strings.Count(bun.Code, `Symbol.for("pigo.forOf")`); n != 2 {
		t.Fatalf("%d loops rewritten, want 2:\n%s", n, bun.Code)
	}
	if !strings.Contains(bun.Code, `for (const x of a) x && (m.y = 1);`) {
		t.Errorf("a loop without a block changed:\n%s", bun.Code)
	}
	if _, err := goja.Compile("b.js", "(function(module, exports, require){"+bun.Code+"\n})", false); err != nil {
		t.Fatalf("the rewritten bundle does not compile: %v\n%s", err, bun.Code)
	}
	if !strings.Contains(bun.Code, "l: for (const x of xs)") {
		t.Errorf("the labelled loop changed:\n%s", bun.Code)
	}
	genLine, genCol := -1, -1
	for i, l := range strings.Split(bun.Code, "\n") {
		if c := strings.Index(l, "locate(x)"); c >= 0 {
			genLine, genCol = i+1, c
		}
	}
	sm, err := sourcemap.Parse("", []byte(bun.SourceMap))
	if err != nil {
		t.Fatal(err)
	}
	src, _, origLine, origCol, ok := sm.Source(genLine, genCol)
	if !ok || filepath.Base(src) != "index.ts" || origLine != 2 || origCol != strings.Index(line, "locate(x)") {
		t.Errorf("locate(x) at %d:%d maps to %s:%d:%d (ok %v), want index.ts:2:%d", genLine, genCol, src, origLine, origCol, ok, strings.Index(line, "locate(x)"))
	}
}

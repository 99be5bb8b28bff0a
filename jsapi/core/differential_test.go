package core_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/pigo-dev/pigo/jsapi/core"
)

// TestMatchesJSFallback runs the Go grep and find and the JavaScript
// fallback they replaced on random trees (every kind of ignore file,
// repositories, symlinks, binary and odd-encoding files) and wants the
// same results in the same order.
func TestMatchesJSFallback(t *testing.T) {
	t.Parallel()
	greps := []core.GrepOptions{
		{Pattern: "foo"},
		{Pattern: "foo", IgnoreCase: true},
		{Pattern: "^foo$"},
		{Pattern: "fo+"},
		{Pattern: `\bfoo\b`},
		{Pattern: `a\+b`},
		{Pattern: "a+b", Literal: true},
		{Pattern: "$ and ^", Literal: true},
		{Pattern: "[[:alpha:]]+ bar"},
		{Pattern: "(?P<x>foo)"},
		{Pattern: "(?i)über"},
		{Pattern: `\Afoo`},
		{Pattern: `foo\z`},
		{Pattern: "x$"},
		{Pattern: ""},
		{Pattern: "ü"},
		{Pattern: `\d+`},
		{Pattern: "foo|bar"},
		{Pattern: "foo", Glob: "*.ts"},
		{Pattern: "foo", Glob: "!*.md"},
		{Pattern: "foo", Glob: "src/*.ts"},
		{Pattern: "foo", Glob: "**/*.ts"},
		{Pattern: "foo", Glob: "*.{ts,md}"},
		{Pattern: "foo", Glob: "build/"},
		{Pattern: "foo", Limit: 1},
		{Pattern: "foo", Limit: 7},
	}
	finds := []struct {
		pattern string
		limit   int
	}{
		{"*.ts", 0}, {"*", 0}, {"src/*.ts", 0}, {"**/*.md", 0}, {"foo", 0}, {".*", 0}, {"**", 0},
		{"*.{ts,md}", 0}, {"[!a]*", 0}, {"src/**", 0}, {"*", 5}, {"*.TS", 1}, {"emoji*", 0}, {"**/lib/*", 0},
	}
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			t.Parallel()
			root := filepath.Join(t.TempDir(), "tree")
			genTree(t, root, seed, 120)
			js := newJSFallback(t, root)
			compared := 0
			for _, sub := range []string{"", "src", "lib", "a"} {
				dir := filepath.Join(root, sub)
				if _, err := os.Stat(dir); err != nil {
					continue // the tools fail before searching
				}
				for _, o := range greps {
					o.Cwd = root
					got, err := core.Grep(context.Background(), dir, o)
					if err != nil {
						t.Fatalf("grep %+v: %v", o, err)
					}
					want := js.grep(t, dir, o)
					if len(got.Matches) == 0 && len(want) == 0 {
						continue
					}
					compared++
					if !reflect.DeepEqual(got.Matches, want) {
						t.Errorf("grep %+v in %s: %s", o, sub, firstDiff(got.Matches, want))
					}
				}
				for _, f := range finds {
					got, err := core.Find(context.Background(), dir, core.FindOptions{Pattern: f.pattern, Limit: f.limit})
					if err != nil {
						t.Fatalf("find %q: %v", f.pattern, err)
					}
					want := js.find(t, dir, f.pattern, f.limit)
					if len(got.Paths) == 0 && len(want) == 0 {
						continue
					}
					compared++
					if !reflect.DeepEqual(got.Paths, want) {
						t.Errorf("find %q (limit %d) in %s: %s", f.pattern, f.limit, sub, firstDiff(got.Paths, want))
					}
				}
			}
			if compared < 10 {
				t.Errorf("only %d non-empty results compared: the tree exercises too little", compared)
			}
		})
	}
}

// firstDiff describes where two result lists part.
func firstDiff[T any](got, want []T) string {
	for i := 0; i < len(got) || i < len(want); i++ {
		var g, w any = "(none)", "(none)"
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if !reflect.DeepEqual(g, w) {
			return fmt.Sprintf("%d results, want %d; first difference at %d:\n got %#v\nwant %#v", len(got), len(want), i, g, w)
		}
	}
	return "equal"
}

// TestPatternErrorsLikeJSFallback: what the JavaScript fallback rejected,
// the Go search rejects too (in rg's words rather than JavaScript's); what
// it accepted, Go accepts, except look-around and backreferences, which
// rg rejects as well.
func TestPatternErrorsLikeJSFallback(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	js := newJSFallback(t, root)
	for _, p := range []string{"(foo", "[a", "*foo", "foo\\", "a{2,1}", ")", "[z-a]", "(?P<x>a)(?P<x>b)",
		"ok", "(?i)x", "(?s)a.b", "a{,3}", `\Ax\z`, "[[:digit:]]", `\x41`, `\p{L}`} {
		_, goErr := core.Grep(context.Background(), root, core.GrepOptions{Pattern: p})
		jsErr := js.grepErr(t, root, core.GrepOptions{Pattern: p})
		if (goErr != nil) != (jsErr != "") {
			t.Errorf("%q: Go error %v, JavaScript error %q", p, goErr, jsErr)
		}
	}
	for _, p := range []string{"(?=x)", "(?<=x)y", `(a)\1`} {
		if _, err := core.Grep(context.Background(), root, core.GrepOptions{Pattern: p}); err == nil {
			t.Errorf("%q: no error", p)
		}
	}
}

// TestGlobLikeJSFallback: globs match what the JavaScript fallback's
// RegExp (globToRegExpSource) matched. Two known differences are left
// out: "?" and "[^/]" match one character where JavaScript matched one
// UTF-16 unit (so Go, like rg, matches "?" against an emoji), and a class
// starting "[[:" is the literal class JavaScript means, where goja's
// RegExp failed on it.
func TestGlobLikeJSFallback(t *testing.T) {
	t.Parallel()
	js := newJSFallback(t, t.TempDir())
	globs := []string{"**/x", "a/**/b", "a/**", "a**b", "?.ts", "[ab]c", "[!ab]c", "[^a]", "[a-c]", "[[]", "[]]", `[\]`,
		"[!]", "[a", "{a,b{c,d}}.x", "{a,b", "a}b,c", `\*x`, "a.b", "**", "*", "*.ts", "foo*", "[.-/]x", "é?"}
	subjects := []string{"", "x", "a/x", "a/b/x", "ax", "x/a", "a/b", "a/x/b", "ab", "a/xb", "a/", "a", "b/a", "axxb", "a.ts",
		"é.ts", "ab.ts", "/.ts", "ac", "bc", "cc", "abc", "/c", "b", "d", "[", "]", `\`, "a\nb", "a\rb", "a\u2028b", "{a,b", "bd.x",
		"a}b,c", "*x", "a.b", "axb", "foo", "foox", "foo/x", ":", "-x", "/x", ".x", "éa", "éè"}
	for _, g := range globs {
		compiled, err := core.CompileGlob(g)
		for _, s := range subjects {
			v, jsErr := js.rt.Run(`(() => { try { return new RegExp("^" + fallback.globToRegExpSource(` + jsString(g) + `, true) + "$").test(` + jsString(s) + `); } catch (e) { return "error"; } })()`)
			if jsErr != nil {
				t.Fatal(jsErr)
			}
			if v == "error" || err != nil {
				if (v == "error") != (err != nil) {
					t.Errorf("%q: Go error %v, JavaScript %v", g, err, v)
				}
				break
			}
			if got := compiled.Match(s); got != v.(bool) {
				t.Errorf("glob %q on %q: Go %v, JavaScript %v", g, s, got, v)
			}
		}
	}
}

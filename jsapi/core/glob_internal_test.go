package core

import (
	"regexp"
	"testing"
)

// TestGlobFastPaths: the literal, prefix and suffix shortcuts agree with
// the regexp every glob could be compiled to.
func TestGlobFastPaths(t *testing.T) {
	t.Parallel()
	globs := []string{"foo", "*.ts", "*", "foo*", "a/b*", "sp ace", "x}y,z", "*.d.ts", ".*", "src/lib", "*/x"}
	subjects := []string{"", "foo", "foo.ts", "a.ts", "a/b.ts", "foox", "foo/x", "a/b", "a/bc", "a/b/c", "sp ace", "x}y,z", "x.d.ts", ".env", "src/lib", "\n.ts", "a/x", "a/b/x", ".ts"}
	for _, g := range globs {
		fast, err := CompileGlob(g)
		if err != nil {
			t.Fatal(err)
		}
		if fast.kind == globRegexp {
			continue
		}
		re := regexp.MustCompile("^" + globRegexpSource(g) + "$")
		for _, s := range subjects {
			if got, want := fast.Match(s), re.MatchString(s); got != want {
				t.Errorf("glob %q on %q: fast path %v, regexp %v", g, s, got, want)
			}
		}
	}
}

func TestGlobSyntax(t *testing.T) {
	t.Parallel()
	cases := []struct {
		glob string
		yes  []string
		no   []string
	}{
		{"**/x", []string{"x", "a/x", "a/b/x"}, []string{"ax", "x/a"}},
		{"a/**/b", []string{"a/b", "a/x/b", "a/x/y/b"}, []string{"ab", "a/xb"}},
		{"a/**", []string{"a/", "a/b", "a/b/c"}, []string{"a", "b/a"}},
		{"a**b", []string{"ab", "a/b", "axxb"}, []string{"a", "b"}},
		{"?.ts", []string{"a.ts", "é.ts"}, []string{"ab.ts", "/.ts"}},
		{"[ab]c", []string{"ac", "bc"}, []string{"cc", "abc"}},
		{"[!ab]c", []string{"cc", "/c"}, []string{"ac"}},
		{"[^a]", []string{"b"}, []string{"a"}},
		{"[a-c]", []string{"b"}, []string{"d"}},
		{"[[]", []string{"["}, []string{"]"}},
		{"[]]", []string{"]"}, []string{"a"}},
		{"[\\]", []string{"\\"}, []string{"a"}},
		{"[!]", []string{"a", "/", "\n"}, []string{"", "ab"}},
		{"[a", []string{"[a"}, []string{"a"}},
		{"{a,b{c,d}}.x", []string{"a.x", "bc.x", "bd.x"}, []string{"b.x", "ab.x"}},
		{"{a,b", []string{"a", "b"}, []string{"{a,b"}},
		{"a}b,c", []string{"a}b,c"}, nil},
		{"\\*x", []string{"*x"}, []string{"ax"}},
		{"a.b", []string{"a.b"}, []string{"axb"}},
		{"**", []string{"", "a", "a/b"}, []string{"a\nb", "a\rb"}},
		{"*", []string{"a\nb"}, []string{"a/b"}},
	}
	for _, c := range cases {
		g, err := CompileGlob(c.glob)
		if err != nil {
			t.Errorf("%q: %v", c.glob, err)
			continue
		}
		for _, s := range c.yes {
			if !g.Match(s) {
				t.Errorf("%q should match %q", c.glob, s)
			}
		}
		for _, s := range c.no {
			if g.Match(s) {
				t.Errorf("%q should not match %q", c.glob, s)
			}
		}
	}
	if _, err := CompileGlob("[z-a]"); err == nil {
		t.Error("[z-a]: no error")
	}
}

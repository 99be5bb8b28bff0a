package webapi_test

import (
	"testing"
	"time"

	"github.com/dlclark/regexp2/v2"
	"github.com/dop251/goja"
)

// The patched regexp2 (third_party/regexp2) keeps what Compile compiled,
// by expression and options, because goja compiles a regexp literal's
// regexp2 form each time the literal runs. A cached pattern must still
// honour each compile's options and leave each caller its own
// MatchTimeout; these are Node 22's results for the same literals run
// over and over on non-ASCII text (the regexp2 path).
func TestRegexpCompileCacheKeepsFlagsApart(t *testing.T) {
	rt := goja.New()
	v, err := rt.RunString(`
const out = [];
for (let i = 0; i < 3; i++) {
  const s = "│ Ab ab\nAB │";
  out.push(s.replace(/ab/g, "x"), s.replace(/ab/gi, "x"), s.replace(/^ab/gm, "x"), s.replace(/^│/g, "|"), s.replace(/a.\nA/gs, "_"));
}
JSON.stringify(out.slice(0, 5)) + (out.slice(5).join() === out.slice(0, 5).join() + "," + out.slice(0, 5).join() ? "" : " unstable")`)
	if err != nil {
		t.Fatal(err)
	}
	const node = `["│ Ab x\nAB │","│ x x\nx │","│ Ab ab\nAB │","| Ab ab\nAB │","│ Ab _B │"]`
	if got := v.String(); got != node {
		t.Fatalf("got  %s\nnode %s", got, node)
	}

	a, err := regexp2.Compile(`a+`, regexp2.ECMAScript)
	if err != nil {
		t.Fatal(err)
	}
	b, err := regexp2.Compile(`a+`, regexp2.ECMAScript)
	if err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Fatal("two compiles share one *Regexp")
	}
	a.MatchTimeout = time.Millisecond
	if b.MatchTimeout == time.Millisecond {
		t.Error("MatchTimeout set on one compile changed the other")
	}
	if _, err := regexp2.Compile(`a(`, regexp2.ECMAScript); err == nil {
		t.Error("an invalid pattern compiled")
	}
	if ok, _ := b.MatchString("baab"); !ok {
		t.Error("the cached pattern does not match")
	}
	// A compile of a cached pattern is the struct's copy, not a parse.
	if n := testing.AllocsPerRun(20, func() { _, _ = regexp2.Compile(`\x1b\[[0-9;]*m`, regexp2.ECMAScript) }); n > 2 {
		t.Errorf("a cached compile allocates %v times", n)
	}
}

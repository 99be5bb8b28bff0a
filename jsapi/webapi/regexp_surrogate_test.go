package webapi_test

import (
	"testing"

	"github.com/dop251/goja"
)

// goja runs a global non-unicode regexp over non-ASCII text on regexp2,
// whose compiler used to give [\uD800-\uDBFF] and [\uDC00-\uDFFF] (and any
// two strings of surrogates) one table entry, so replace/match/split never
// matched a surrogate pair while exec did. pigo builds with a patched copy
// of regexp2 (third_party/regexp2); these are Node 22's results.
func TestRegexpSurrogateClasses(t *testing.T) {
	rt := goja.New()
	v, err := rt.RunString(`
const s = "a\uD83D\uDE00b\uD83E\uDD14c";
JSON.stringify([
  s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, (m) => "<" + m.codePointAt(0).toString(16) + ">"),
  s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g).length,
  s.split(/[\uD800-\uDBFF][\uDC00-\uDFFF]/),
  [...s.matchAll(/[\uDC00-\uDFFF]/g)].map((m) => m.index),
  s.replace(/\uD83D\uDE00|\uD83E\uDD14/g, "#"),
  "x\uD800y\uDC00".replace(/[\uD800-\uDBFF]|[\uDC00-\uDFFF]/g, (m) => m.charCodeAt(0).toString(16)),
])`)
	if err != nil {
		t.Fatal(err)
	}
	const node = `["a<1f600>b<1f914>c",2,["a","b","c"],[2,5],"a#b#c","xd800ydc00"]`
	if got := v.String(); got != node {
		t.Fatalf("got  %s\nnode %s", got, node)
	}
}

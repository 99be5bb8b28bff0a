package bundler

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// inPlaceExports: a host module serving its namespace object itself looks
// the same to importers as esbuild's __toCommonJS copy: the same own keys
// in the same order, __esModule non-enumerable, enumerable read-only
// getters, live bindings, re-exports and the default export.
func TestInPlaceExports(t *testing.T) {
	src := `export * from "dep";
export let counter = 0;
export function inc() { counter++; }
export const K: string = "k";
export default 5;
`
	code, err := TransformModule("m.ts", src, true)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(code, "module.exports = __toCommonJS") {
		t.Fatalf("not rewritten:\n%s", code)
	}
	res := api.Transform(src, api.TransformOptions{Loader: api.LoaderTS, Format: api.FormatCommonJS, Target: target, Supported: supportedFeatures(), Platform: api.PlatformNode})
	if len(res.Errors) > 0 {
		t.Fatal(res.Errors[0].Text)
	}
	copied := string(res.Code)
	describe := func(code string) string {
		rt := goja.New()
		fn, err := rt.RunString("(function(exports, require, module){" + code + "\n})")
		if err != nil {
			t.Fatal(err)
		}
		call, _ := goja.AssertFunction(fn)
		module := rt.NewObject()
		_ = module.Set("exports", rt.NewObject())
		dep, _ := rt.RunString(`({ fromDep: 1, default: "no" })`)
		require := func(string) goja.Value { return dep }
		if _, err := call(goja.Undefined(), module.Get("exports"), rt.ToValue(require), module); err != nil {
			t.Fatal(err)
		}
		_ = rt.Set("ns", module.Get("exports"))
		v, err := rt.RunString(`(() => {
  const d = (k) => { const p = Object.getOwnPropertyDescriptor(ns, k); return k + ":" + [typeof p.get, p.enumerable, p.configurable, p.writable].join(","); };
  const before = ns.counter; ns.inc(); ns.inc();
  let threw = false; try { "use strict"; ns.counter = 9; } catch { threw = true; }
  return JSON.stringify([Object.getOwnPropertyNames(ns).map(d), Object.keys(ns), ns.__esModule, before, ns.counter, ns.K, ns.default, ns.fromDep, Object.isExtensible(ns), threw]);
})()`)
		if err != nil {
			t.Fatal(err)
		}
		return v.String()
	}
	if a, b := describe(copied), describe(code); a != b {
		t.Fatalf("esbuild's copy and the namespace differ:\n  %s\n  %s", a, b)
	}
}

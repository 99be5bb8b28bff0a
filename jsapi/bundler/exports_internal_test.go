package bundler

import (
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"
)

// inPlaceExports and dataExports: a host module serving its namespace
// object itself looks the same to importers as esbuild's __toCommonJS
// copy: the same own keys, __esModule non-enumerable, enumerable exports,
// live bindings, re-exports and the default export. Immutable bindings
// (function declarations, consts, classes) are data properties; a let
// and a function the module reassigns keep their getter.
func TestInPlaceExports(t *testing.T) {
	src := `export * from "dep";
export let counter = 0;
export function inc() { counter++; }
export const K: string = "k";
export class C {}
export function swapped() { return 1; }
swapped = () => 2;
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
  const d = (k) => { const p = Object.getOwnPropertyDescriptor(ns, k); return k + ":" + p.enumerable; };
  const before = ns.counter; ns.inc(); ns.inc();
  return JSON.stringify([Object.getOwnPropertyNames(ns).sort().map(d), ns.__esModule, before, ns.counter, ns.K, typeof ns.C, ns.swapped(), ns.default, ns.fromDep, Object.isExtensible(ns)]);
})()`)
		if err != nil {
			t.Fatal(err)
		}
		return v.String()
	}
	if a, b := describe(copied), describe(code); a != b {
		t.Fatalf("esbuild's copy and the namespace differ:\n  %s\n  %s", a, b)
	}
	for _, want := range []string{"_exports.inc = inc;", "_exports.K = K;", "_exports.C = C;", "counter: () => counter", "swapped: () => swapped"} {
		if !strings.Contains(code, want) {
			t.Errorf("no %q in\n%s", want, code)
		}
	}
}

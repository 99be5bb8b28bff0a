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

// TransformModule drops the esbuild helpers its output no longer uses
// (and those only they used), keeps the ones it does, and the module runs
// as before.
func TestTransformDropsUnusedHelpers(t *testing.T) {
	src := `export class Counter { static made = 0; n = 1; #secret = 2; peek() { return this.#secret; } }
export function make() { Counter.made++; return new Counter(); }
export async function* gen() { yield 1; }
`
	code, err := TransformModule("m.ts", src, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"var __export = ", "var __toCommonJS = ", "var __copyProps = "} {
		if strings.Contains(code, gone) {
			t.Errorf("%s kept:\n%s", gone, code)
		}
	}
	for _, kept := range []string{"var __publicField = ", "var __defNormalProp = ", "var __defProp = ", "var __privateGet = "} {
		if !strings.Contains(code, kept) {
			t.Errorf("%s dropped but used:\n%s", kept, code)
		}
	}
	vm := goja.New()
	fn, err := vm.RunString("(function(exports, require, module){" + code + "\n})")
	if err != nil {
		t.Fatalf("%v\n%s", err, code)
	}
	run, _ := goja.AssertFunction(fn)
	module := vm.NewObject()
	_ = module.Set("exports", vm.NewObject())
	_ = vm.Set("__pigoMarkAsyncGenerator", func(f goja.Value) goja.Value { return f })
	if _, err := run(goja.Undefined(), module.Get("exports"), vm.ToValue(func(string) goja.Value { return vm.NewObject() }), module); err != nil {
		t.Fatalf("%v\n%s", err, code)
	}
	_ = vm.Set("m", module.Get("exports"))
	v, err := vm.RunString(`const c = m.make(); [c.n, c.peek(), m.Counter.made, typeof m.gen].join()`)
	if err != nil || v.String() != "1,2,1,function" {
		t.Fatalf("got %v, %v\n%s", v, err, code)
	}
}

// A helper statement spans its indented and closing lines; what is not a
// helper (another name, or code that merely mentions one) stays.
func TestDropUnusedHelpersStatements(t *testing.T) {
	code := "var __defProp = Object.defineProperty;\n" +
		"var __export = (target, all) => {\n  for (var name in all)\n    __defProp(target, name, { get: all[name], enumerable: true });\n};\n" +
		"var __keep = (x) => x;\n" +
		"var __name = (target, value) => __defProp(target, \"name\", { value, configurable: true });\n" +
		"const f = __name(() => 1, \"f\");\n"
	want := "var __defProp = Object.defineProperty;\n" +
		"var __keep = (x) => x;\n" +
		"var __name = (target, value) => __defProp(target, \"name\", { value, configurable: true });\n" +
		"const f = __name(() => 1, \"f\");\n"
	if got := dropUnusedHelpers(code); got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
}

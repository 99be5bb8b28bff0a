package jsapi

import (
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// lazyImports defers requiring a host module to the first use of a name
// imported from it, keeps bindings live, and leaves alone what it cannot
// defer safely: non-host specifiers and namespaces used other than as
// `ns.name`.
func TestLazyImports(t *testing.T) {
	code := `var import_b = require("b");
var import_c = require("c");
var import_node = require("fs");
var import_whole = require("w");
function f() { return (0, import_b.get)() + import_b.value; }
const keep = import_whole;
exports.f = f;
`
	out := lazyImports(code, func(spec string) bool { return spec != "fs" })
	if !strings.Contains(out, `var import_node = require("fs");`) || !strings.Contains(out, `var import_whole = require("w");`) {
		t.Fatalf("a non-host or whole-namespace import was made lazy:\n%s", out)
	}
	if strings.Contains(out, `var import_c = require("c");`) || strings.Contains(out, `var import_b = require("b");`) {
		t.Fatalf("host imports stayed eager:\n%s", out)
	}
	rt := goja.New()
	var required []string
	_ = rt.Set("bState", 1)
	v, err := rt.RunString(`({ get value() { return bState; }, get: function () { return 10; } })`)
	if err != nil {
		t.Fatal(err)
	}
	b := v.ToObject(rt)
	require := func(spec string) goja.Value {
		required = append(required, spec)
		if spec == "b" {
			return b
		}
		return rt.NewObject()
	}
	fn, err := rt.RunString("(function(exports, require){" + out + "\n})")
	if err != nil {
		t.Fatal(err)
	}
	call, _ := goja.AssertFunction(fn)
	exports := rt.NewObject()
	if _, err := call(goja.Undefined(), exports, rt.ToValue(require)); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(required, " "); got != "fs w" {
		t.Fatalf("required at load: %q, want the eager ones only", got)
	}
	f, _ := goja.AssertFunction(exports.Get("f"))
	r, err := f(goja.Undefined())
	if err != nil || r.ToInteger() != 11 {
		t.Fatalf("f() = %v, %v", r, err)
	}
	_ = rt.Set("bState", 5)
	if r, _ := f(goja.Undefined()); r.ToInteger() != 15 {
		t.Fatalf("binding not live: f() = %v", r)
	}
	if got := strings.Join(required, " "); got != "fs w b" {
		t.Fatalf("required: %q, want b once on first use and c never", got)
	}
}

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
	code, err := bundler.TransformModule("m.ts", src, true)
	if err != nil {
		t.Fatal(err)
	}
	out := inPlaceExports(code)
	if out == code || strings.Contains(out, "__toCommonJS(") && strings.Contains(out, "module.exports = __toCommonJS") {
		t.Fatalf("not rewritten:\n%s", out)
	}
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
	if a, b := describe(code), describe(out); a != b {
		t.Fatalf("esbuild's copy and the namespace differ:\n  %s\n  %s", a, b)
	}
}

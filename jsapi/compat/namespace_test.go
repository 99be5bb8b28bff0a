package compat

import (
	"strings"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
	"github.com/pigo-dev/pigo/jsapi/modules/modulestest"
)

// TestNamespace: a namespace lists its names without loading their
// modules, loads a module on the first read of one of its names, keeps
// each value (one identity per name, shared with its base module), makes
// computed and fallback names on first read, forwards the base module's
// names, and refuses assignment to its names as an ES module namespace.
func TestNamespace(t *testing.T) {
	loads := map[string]int{}
	source := func(name, code string) modules.Module {
		return func(rt modules.Runtime, module *goja.Object) error {
			loads[name]++
			v, err := rt.VM().RunString(code)
			if err != nil {
				return err
			}
			return module.Set("exports", v)
		}
	}
	rt := modulestest.New(t, modulestest.Options{Modules: map[string]modules.Module{
		"pigo:namespace": namespaceModule(),
		"a":              source("a", `({ A: class A {}, shared: 1 })`),
		"b":              source("b", `({ B: 2, shared: 3, hidden: 4 })`),
		"base":           source("base", `require("pigo:namespace").lazy("base", () => ({ from: { a: ["A"], b: ["B"] } }), () => undefined)`),
		"facade": source("facade", `require("pigo:namespace").lazy("facade", () => ({
  from: { b: ["shared"] },
  computed: ["made"],
  base: "base",
  fallback: ["B", "missing"],
}), (name) => name === "made" ? { made: true } : "fallback " + name)`),
	}})
	run := func(src string) string {
		t.Helper()
		v, err := rt.Run(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		s, _ := v.(string)
		return s
	}
	if got := run(`const f = require("facade"); JSON.stringify([Object.keys(f), "A" in f, "hidden" in f, f.__esModule])`); got != `[["shared","made","A","B","missing"],true,false,true]` {
		t.Errorf("names: %s", got)
	}
	if loads["a"]+loads["b"] != 0 {
		t.Errorf("listing the names loaded modules: %v", loads)
	}
	// Copying the namespace (esbuild's `import * as`) reads no value.
	run(`const copy = {}; for (const k of Object.getOwnPropertyNames(f)) { const d = Object.getOwnPropertyDescriptor(f, k); Object.defineProperty(copy, k, { get: () => f[k], enumerable: d.enumerable }); } ""`)
	if loads["a"]+loads["b"] != 0 {
		t.Errorf("copying the namespace loaded modules: %v", loads)
	}
	if got := run(`JSON.stringify([f.shared, f.B, f.missing, f.made === f.made, f.made])`); got != `[3,2,"fallback missing",true,{"made":true}]` {
		t.Errorf("values: %s", got)
	}
	if loads["a"] != 0 || loads["b"] != 1 {
		t.Errorf("loads after reading b's names: %v", loads)
	}
	if got := run(`const base = require("base"); String(f.A === base.A && new f.A() instanceof base.A && copy.A === f.A)`); got != "true" {
		t.Errorf("one identity per name: %s", got)
	}
	if got := run(`(() => { "use strict"; try { f.A = 1; return "assigned"; } catch (e) { return e.constructor.name; } })()`); got != "TypeError" {
		t.Errorf("assigning a name: %s", got)
	}
	if got := run(`f.extra = 5; JSON.stringify([f.extra, Object.keys(f).includes("extra")])`); got != `[5,true]` {
		t.Errorf("another property: %s", got)
	}
	if loads["a"] != 1 || loads["b"] != 1 || loads["base"] != 1 {
		t.Errorf("each module loads once: %v", loads)
	}
}

// TestNamespaceBadSpec: a spec that is not a function fails the require
// with the namespace's name.
func TestNamespaceBadSpec(t *testing.T) {
	rt := modulestest.New(t, modulestest.Options{Modules: map[string]modules.Module{"pigo:namespace": namespaceModule()}})
	_, err := rt.Run(`require("pigo:namespace").lazy("broken.ts", {}, () => 1)`)
	if err == nil || !strings.Contains(err.Error(), "namespace broken.ts: the spec is not a function") {
		t.Fatalf("err = %v", err)
	}
}

// TestNamespaceVia: a via name keeps base's place in the order but is
// read from its own module, so a runtime reading it does not load base.
func TestNamespaceVia(t *testing.T) {
	loads := map[string]int{}
	source := func(name, code string) modules.Module {
		return func(rt modules.Runtime, module *goja.Object) error {
			loads[name]++
			v, err := rt.VM().RunString(code)
			if err != nil {
				return err
			}
			return module.Set("exports", v)
		}
	}
	mods := map[string]modules.Module{
		"pigo:namespace": namespaceModule(), // one table per process: shared by both runtimes
		"small":          source("small", `({ S: function S() {} })`),
		"big":            source("big", `({ A: 1, S: require("small").S, Z: 2 })`),
		"facade": source("facade", `require("pigo:namespace").lazy("via", () => ({
  base: "big",
  via: { small: ["S"] },
}), () => undefined)`),
	}
	run := func(rt *modulestest.Runtime, src string) string {
		t.Helper()
		v, err := rt.Run(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return v.(string)
	}
	// The first runtime builds the table, which lists big's names.
	first := modulestest.New(t, modulestest.Options{Modules: mods})
	if got := run(first, `JSON.stringify(Object.keys(require("facade")))`); got != `["A","S","Z"]` {
		t.Fatalf("names: %s", got)
	}
	second := modulestest.New(t, modulestest.Options{Modules: mods})
	if got := run(second, `const f = require("facade"); typeof f.S`); got != "function" || loads["big"] != 1 {
		t.Fatalf("reading S: %s, big loaded %d times", got, loads["big"])
	}
	if got := run(second, `String(f.S === require("big").S && f.A === 1)`); got != "true" {
		t.Fatalf("identity: %s", got)
	}
}

package node

import (
	"reflect"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// The util module (util.js) and util/types. inspect and format are the
// webapi package's, the ones console uses, so util.inspect(x) and
// console.log(x) print alike; deep equality comes from util_comparisons.js,
// shared with assert.

// utilModule is the "util" module. Loop only.
func utilModule(rt modules.Runtime, module *goja.Object) error {
	vm := rt.VM()
	isDeepEqual, err := libEval(rt, utilComparisonsProgram)
	if err != nil {
		return err
	}
	helpers := map[string]any{
		"isDeepEqual": isDeepEqual,
		"isPromise":   libIsPromise,
		"isProxy":     libIsProxy,
		"warn":        func(msg string) { rt.Log("warn", msg) },
		"getenv": func(key string) goja.Value {
			if v, ok := rt.Getenv(key); ok {
				return vm.ToValue(v)
			}
			return goja.Undefined()
		},
	}
	if web := libWebInternal(vm); web != nil {
		helpers["inspect"] = web.Get("inspect")
		helpers["format"] = web.Get("format")
	}
	return libRunJS(rt, module, utilProgram, helpers)
}

// utilTypesModule is "util/types", the same object as util.types. Loop only.
func utilTypesModule(rt modules.Runtime, module *goja.Object) error {
	util, err := rt.Require("util")
	if err != nil {
		return err
	}
	return module.Set("exports", util.ToObject(rt.VM()).Get("types"))
}

// libIsPromise tells whether v is a native Promise: JS has no side-effect
// free brand check for promises.
func libIsPromise(v goja.Value) bool {
	obj, ok := v.(*goja.Object)
	// Check the type first: Export would copy a plain object into a map.
	return ok && obj.ExportType() == reflect.TypeFor[*goja.Promise]()
}

// libIsProxy tells whether v is a Proxy.
func libIsProxy(v goja.Value) bool {
	obj, ok := v.(*goja.Object)
	return ok && obj.ExportType() == reflect.TypeFor[goja.Proxy]()
}

// libWebInternal returns the object through which the webapi package's JS
// shares its helpers (inspect(value, options), format(args)), or nil when
// webapi is not installed. webapi exports only Inspect(rt, v), which takes
// no options, so this reads the helpers where webapi keeps them: a
// non-enumerable global keyed by a symbol described "pigo.webapi.internal".
// Loop only.
func libWebInternal(vm *goja.Runtime) *goja.Object {
	getSymbols, ok := goja.AssertFunction(vm.Get("Object").ToObject(vm).Get("getOwnPropertySymbols"))
	if !ok {
		return nil
	}
	global := vm.GlobalObject()
	syms, err := getSymbols(goja.Undefined(), global)
	if err != nil {
		return nil
	}
	var found *goja.Object
	vm.ForOf(syms, func(v goja.Value) bool {
		sym, ok := v.(*goja.Symbol)
		if !ok || sym.String() != "pigo.webapi.internal" {
			return true
		}
		found, _ = global.GetSymbol(sym).(*goja.Object)
		return false
	})
	if found == nil {
		return nil
	}
	if _, ok := goja.AssertFunction(found.Get("inspect")); !ok {
		return nil
	}
	if _, ok := goja.AssertFunction(found.Get("format")); !ok {
		return nil
	}
	return found
}

package compat

import (
	"errors"
	"fmt"
	"sync"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// pigo:namespace serves the export objects of the facade modules (pi's
// package roots: pi-coding-agent, pi-tui, pi-ai and their pi 1.6 names),
// which list a few hundred names each over the internal modules that
// implement them. Defining one JS getter per name cost every runtime that
// imported such a module hundreds of KB (a closure and a descriptor per
// name, twice for a 1.6 facade over its 0.73.1 module) before the
// extension used any of them. A namespace is one Proxy with Go traps over
// a name table built once per process: reading a name requires the module
// that has it and keeps the value (so `instanceof` holds across the
// names and scopes of one module), enumerating lists the table without
// loading anything.
//
//	module.exports = require("pigo:namespace").lazy("pi-tui.ts", () => ({
//	  from: { "pigo:tui-utils": ["truncateToWidth", ...], ... }, // name read from that module
//	  computed: ["renderFakeCursor", ...], // name made by make(name)
//	  base: "@mariozechner/pi-tui",         // every other name of that module
//	  fallback: ["HStack", ...],            // make(name), where base lacks it
//	  via: { "pigo:ai-typebox": ["StringEnum"] }, // base's name (its place in
//	                                        // the order) read from a smaller module
//	}), make);
//
// The spec function runs once per process (key names the table); make
// runs per runtime, once per name, on first read. Like an ES module
// namespace, the names cannot be assigned or deleted; other properties
// can be added.

// nsTable is one namespace's names, the same in every runtime.
type nsTable struct {
	names  []string       // enumeration order
	source map[string]int // name → index into specs, or -1: make(name)
	specs  []string
}

const nsComputed = -1

func namespaceModule() modules.Module {
	var mu sync.Mutex
	tables := map[string]*nsTable{}
	return func(rt modules.Runtime, module *goja.Object) error {
		vm := rt.VM()
		lazy := func(c goja.FunctionCall) goja.Value {
			key := c.Argument(0).String()
			mu.Lock()
			t := tables[key]
			mu.Unlock()
			if t == nil {
				var err error
				if t, err = buildNamespaceTable(rt, c.Argument(1)); err != nil {
					throw(rt, fmt.Errorf("namespace %s: %w", key, err))
				}
				mu.Lock()
				if prev := tables[key]; prev != nil {
					t = prev
				} else {
					tables[key] = t
				}
				mu.Unlock()
			}
			mk, _ := goja.AssertFunction(c.Argument(2))
			return newNamespace(rt, t, mk)
		}
		return module.Get("exports").ToObject(vm).Set("lazy", lazy)
	}
}

// throw rethrows a JS exception as is and anything else as an Error.
func throw(rt modules.Runtime, err error) {
	var ex *goja.Exception
	if errors.As(err, &ex) {
		panic(ex)
	}
	rt.Throw(err)
}

// buildNamespaceTable runs a namespace's spec function and reads the
// names of its base module. Loop only.
func buildNamespaceTable(rt modules.Runtime, specFn goja.Value) (*nsTable, error) {
	vm := rt.VM()
	fn, ok := goja.AssertFunction(specFn)
	if !ok {
		return nil, errors.New("the spec is not a function")
	}
	v, err := fn(goja.Undefined())
	if err != nil {
		return nil, err
	}
	spec := v.ToObject(vm)
	t := &nsTable{source: map[string]int{}}
	add := func(name string, src int) {
		if _, dup := t.source[name]; !dup {
			t.source[name] = src
			t.names = append(t.names, name)
		}
	}
	names := func(v goja.Value) []string {
		var out []string
		if v == nil || goja.IsUndefined(v) {
			return nil
		}
		_ = vm.ExportTo(v, &out)
		return out
	}
	if from := spec.Get("from"); from != nil && !goja.IsUndefined(from) {
		fo := from.ToObject(vm)
		for _, s := range fo.Keys() {
			t.specs = append(t.specs, s)
			for _, n := range names(fo.Get(s)) {
				add(n, len(t.specs)-1)
			}
		}
	}
	for _, n := range names(spec.Get("computed")) {
		add(n, nsComputed)
	}
	if b := spec.Get("base"); b != nil && !goja.IsUndefined(b) {
		base := b.String()
		m, err := rt.Require(base)
		if err != nil {
			return nil, err
		}
		t.specs = append(t.specs, base)
		for _, n := range m.ToObject(vm).GetOwnPropertyNames() {
			if n != "__esModule" && n != "default" {
				add(n, len(t.specs)-1)
			}
		}
	}
	for _, n := range names(spec.Get("fallback")) {
		add(n, nsComputed)
	}
	// via names keep their place (base's) but are read from a module that
	// has the same value and costs less to load than base.
	if via := spec.Get("via"); via != nil && !goja.IsUndefined(via) {
		vo := via.ToObject(vm)
		for _, s := range vo.Keys() {
			t.specs = append(t.specs, s)
			for _, n := range names(vo.Get(s)) {
				if _, ok := t.source[n]; ok {
					t.source[n] = len(t.specs) - 1
				} else {
					add(n, len(t.specs)-1)
				}
			}
		}
	}
	return t, nil
}

// namespace is one runtime's view of a table. Loop only.
type namespace struct {
	rt     modules.Runtime
	t      *nsTable
	make   goja.Callable
	target *goja.Object
	vals   map[string]goja.Value // names read so far
}

func newNamespace(rt modules.Runtime, t *nsTable, mk goja.Callable) goja.Value {
	vm := rt.VM()
	ns := &namespace{rt: rt, t: t, make: mk, target: vm.NewObject(), vals: map[string]goja.Value{}}
	// As esbuild marks an ES module's CommonJS exports: importers see the
	// named exports only, no synthetic default.
	_ = ns.target.DefineDataProperty("__esModule", vm.ToValue(true), goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE)
	p := vm.NewProxy(ns.target, &goja.ProxyTrapConfig{
		Get: func(target *goja.Object, name string, receiver goja.Value) goja.Value {
			if v, ok := ns.value(name); ok {
				return v
			}
			return target.Get(name)
		},
		Has: func(target *goja.Object, name string) bool {
			if _, ok := ns.t.source[name]; ok {
				return true
			}
			_, own := ns.vals[name]
			return own || target.Get(name) != nil
		},
		Set: func(target *goja.Object, name string, v goja.Value, receiver goja.Value) bool {
			if _, ok := ns.t.source[name]; ok {
				return false // read-only, as an ES module's bindings
			}
			return target.Set(name, v) == nil
		},
		DeleteProperty: func(target *goja.Object, name string) bool {
			if _, ok := ns.t.source[name]; ok {
				return false
			}
			return target.Delete(name) == nil
		},
		GetOwnPropertyDescriptor: func(target *goja.Object, name string) goja.PropertyDescriptor {
			if _, ok := ns.t.source[name]; !ok {
				return ownDescriptor(vm, target, name)
			}
			if v, ok := ns.vals[name]; ok {
				return goja.PropertyDescriptor{Value: v, Writable: goja.FLAG_FALSE, Enumerable: goja.FLAG_TRUE, Configurable: goja.FLAG_TRUE}
			}
			// Not read yet: describe it as an accessor, so copying the
			// namespace (an `import * as`) loads nothing.
			get := vm.ToValue(func(goja.FunctionCall) goja.Value {
				v, _ := ns.value(name)
				return v
			})
			return goja.PropertyDescriptor{Getter: get, Enumerable: goja.FLAG_TRUE, Configurable: goja.FLAG_TRUE}
		},
		OwnKeys: func(target *goja.Object) *goja.Object {
			keys := make([]any, 0, len(ns.t.names)+1)
			for _, n := range ns.t.names {
				keys = append(keys, n)
			}
			for _, n := range target.GetOwnPropertyNames() {
				if _, ok := ns.t.source[n]; !ok {
					keys = append(keys, n)
				}
			}
			return vm.NewArray(keys...)
		},
	})
	return vm.ToValue(p)
}

// value returns a table name's value, reading it on first use.
func (ns *namespace) value(name string) (goja.Value, bool) {
	if v, ok := ns.vals[name]; ok {
		return v, true
	}
	src, ok := ns.t.source[name]
	if !ok {
		return nil, false
	}
	var v goja.Value
	if src == nsComputed {
		var err error
		if v, err = ns.make(goja.Undefined(), ns.rt.VM().ToValue(name)); err != nil {
			throw(ns.rt, err)
		}
	} else {
		m, err := ns.rt.Require(ns.t.specs[src])
		if err != nil {
			throw(ns.rt, err)
		}
		v = m.ToObject(ns.rt.VM()).Get(name)
	}
	if v == nil {
		v = goja.Undefined()
	}
	ns.vals[name] = v
	return v, true
}

// ownDescriptor is target's own property name as a descriptor (empty when
// it has none).
func ownDescriptor(vm *goja.Runtime, target *goja.Object, name string) goja.PropertyDescriptor {
	fn, _ := goja.AssertFunction(vm.Get("Object").ToObject(vm).Get("getOwnPropertyDescriptor"))
	v, err := fn(goja.Undefined(), target, vm.ToValue(name))
	if err != nil || v == nil || goja.IsUndefined(v) {
		return goja.PropertyDescriptor{}
	}
	o := v.ToObject(vm)
	flag := func(k string) goja.Flag {
		if o.Get(k).ToBoolean() {
			return goja.FLAG_TRUE
		}
		return goja.FLAG_FALSE
	}
	if g := o.Get("get"); g != nil && !goja.IsUndefined(g) || o.Get("set") != nil && !goja.IsUndefined(o.Get("set")) {
		return goja.PropertyDescriptor{Getter: o.Get("get"), Setter: o.Get("set"), Enumerable: flag("enumerable"), Configurable: flag("configurable")}
	}
	return goja.PropertyDescriptor{Value: o.Get("value"), Writable: flag("writable"), Enumerable: flag("enumerable"), Configurable: flag("configurable")}
}

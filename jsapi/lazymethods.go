package jsapi

import (
	"github.com/dop251/goja"
)

// methodObject is an object of Go methods (writable, enumerable,
// configurable data properties, in the order given) whose JS function
// objects are made on first read. A goja function object costs ~650 bytes,
// and the bridges every runtime builds (each registry of pi, pigo:host)
// have dozens of methods a plugin mostly never calls.
//
// It is a Proxy with Go traps over a plain object. Reading or testing a
// method makes (and keeps) only that one. Anything else that could see the
// object's own properties (assigning, defining, deleting, listing or
// describing them, preventing extensions) first defines every method on
// the target, in order, and removes the traps: from then on the Proxy is
// transparent and the target is what the methods would have been on.
type methodObject struct {
	vm     *goja.Runtime
	target *goja.Object
	// reflector is the runtime's Reflect, read when a trap first needs it:
	// reading the global makes goja build Reflect's dozen functions (~10 KB),
	// which a runtime whose bridges only have their methods read never needs.
	reflector *goja.Object
	traps     *goja.ProxyTrapConfig
	methods   []method     // nil once flushed; a few dozen at most, so searched in order
	made      []goja.Value // made[i] is methods[i]'s function once read
	maker     goja.Callable
}

// method is one entry of a methodObject: a Go function, or (fn nil) the
// value the object's maker returns for name.
type method struct {
	name string
	fn   func(goja.FunctionCall) goja.Value
}

// newMethodObject returns the object with methods. The functions are
// named as vm.ToValue names them, as obj.Set(name, fn) would. Loop only.
func newMethodObject(vm *goja.Runtime, methods []method) *goja.Object {
	obj, _ := newMethodObjectState(vm, methods)
	return obj
}

func newMethodObjectState(vm *goja.Runtime, methods []method) (*goja.Object, *methodObject) {
	return newLazyMembers(vm, vm.NewObject(), methods, nil)
}

// newLazyMembers is newMethodObject over an existing object: its own
// properties come first, then the methods (a method named like one of them
// replaces its value in place, as an assignment would). Methods without a
// Go function are made by calling maker(name), once each. Loop only.
func newLazyMembers(vm *goja.Runtime, target *goja.Object, methods []method, maker goja.Callable) (*goja.Object, *methodObject) {
	m := &methodObject{vm: vm, target: target, methods: methods, maker: maker}
	m.traps = &goja.ProxyTrapConfig{
		Get: func(target *goja.Object, name string, receiver goja.Value) goja.Value {
			if v := m.method(name); v != nil {
				return v
			}
			return m.reflect("get", target, m.vm.ToValue(name), receiver)
		},
		Has: func(target *goja.Object, name string) bool {
			if m.index(name) >= 0 {
				return true
			}
			return m.reflect("has", target, m.vm.ToValue(name)).ToBoolean()
		},
		Set: func(target *goja.Object, name string, v, receiver goja.Value) bool {
			m.flush()
			return m.reflect("set", target, m.vm.ToValue(name), v, receiver).ToBoolean()
		},
		DefineProperty: func(target *goja.Object, name string, d goja.PropertyDescriptor) bool {
			m.flush()
			return m.reflect("defineProperty", target, m.vm.ToValue(name), m.descriptorJS(d)).ToBoolean()
		},
		DeleteProperty: func(target *goja.Object, name string) bool {
			m.flush()
			return m.reflect("deleteProperty", target, m.vm.ToValue(name)).ToBoolean()
		},
		GetOwnPropertyDescriptor: func(target *goja.Object, name string) goja.PropertyDescriptor {
			m.flush()
			return m.descriptorGo(m.reflect("getOwnPropertyDescriptor", target, m.vm.ToValue(name)))
		},
		OwnKeys: func(target *goja.Object) *goja.Object {
			m.flush()
			return m.reflect("ownKeys", target).ToObject(m.vm)
		},
		PreventExtensions: func(target *goja.Object) bool {
			m.flush()
			return m.reflect("preventExtensions", target).ToBoolean()
		},
	}
	return vm.ToValue(vm.NewProxy(m.target, m.traps)).(*goja.Object), m
}

// index returns the position of pending method name, or -1.
func (m *methodObject) index(name string) int {
	for i := range m.methods {
		if m.methods[i].name == name {
			return i
		}
	}
	return -1
}

// method returns pending method name's function, made on first read, or
// nil when name is not a pending method.
func (m *methodObject) method(name string) goja.Value {
	i := m.last(name)
	if i < 0 {
		return nil
	}
	return m.function(i)
}

func (m *methodObject) function(i int) goja.Value {
	if m.made == nil {
		m.made = make([]goja.Value, len(m.methods))
	}
	if m.made[i] == nil {
		if fn := m.methods[i].fn; fn != nil {
			m.made[i] = m.vm.ToValue(fn)
		} else {
			v, err := m.maker(goja.Undefined(), m.vm.ToValue(m.methods[i].name))
			if err != nil {
				panic(err)
			}
			m.made[i] = v
		}
	}
	return m.made[i]
}

// flush defines the pending methods on the target and removes the traps.
// A name listed twice keeps its first place and its last function, as
// two assignments would.
func (m *methodObject) flush() {
	if m.methods == nil {
		return
	}
	for i, e := range m.methods {
		if m.index(e.name) == i {
			_ = m.target.Set(e.name, m.function(m.last(e.name)))
		}
	}
	m.methods, m.made = nil, nil
	*m.traps = goja.ProxyTrapConfig{}
}

// last returns the position of the last method named name.
func (m *methodObject) last(name string) int {
	for i := len(m.methods) - 1; i >= 0; i-- {
		if m.methods[i].name == name {
			return i
		}
	}
	return -1
}

// reflect calls the Reflect function name with args, rethrowing what it
// throws.
func (m *methodObject) reflect(name string, args ...goja.Value) goja.Value {
	if m.reflector == nil {
		m.reflector = m.vm.Get("Reflect").ToObject(m.vm)
	}
	fn, ok := goja.AssertFunction(m.reflector.Get(name))
	if !ok {
		panic(m.vm.NewTypeError("Reflect.%s is not a function", name))
	}
	v, err := fn(goja.Undefined(), args...)
	if err != nil {
		panic(err)
	}
	return v
}

// descriptorJS is d as a descriptor object, listing the fields d sets.
func (m *methodObject) descriptorJS(d goja.PropertyDescriptor) goja.Value {
	o := m.vm.NewObject()
	if d.Value != nil {
		_ = o.Set("value", d.Value)
	}
	flag := func(k string, f goja.Flag) {
		if f != goja.FLAG_NOT_SET {
			_ = o.Set(k, f.Bool())
		}
	}
	flag("writable", d.Writable)
	flag("enumerable", d.Enumerable)
	flag("configurable", d.Configurable)
	if d.Getter != nil {
		_ = o.Set("get", d.Getter)
	}
	if d.Setter != nil {
		_ = o.Set("set", d.Setter)
	}
	return o
}

// descriptorGo converts what Reflect.getOwnPropertyDescriptor returned
// (undefined: no such property).
func (m *methodObject) descriptorGo(v goja.Value) goja.PropertyDescriptor {
	if v == nil || goja.IsUndefined(v) {
		return goja.PropertyDescriptor{}
	}
	o := v.ToObject(m.vm)
	flag := func(k string) goja.Flag {
		if o.Get(k).ToBoolean() {
			return goja.FLAG_TRUE
		}
		return goja.FLAG_FALSE
	}
	get, set := o.Get("get"), o.Get("set")
	if get != nil || set != nil {
		return goja.PropertyDescriptor{Getter: get, Setter: set, Enumerable: flag("enumerable"), Configurable: flag("configurable")}
	}
	return goja.PropertyDescriptor{Value: o.Get("value"), Writable: flag("writable"), Enumerable: flag("enumerable"), Configurable: flag("configurable")}
}

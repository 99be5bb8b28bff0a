package jsapi

import (
	"fmt"
	"testing"

	"github.com/dop251/goja"
)

// observe lists what a script can see of obj: keys, descriptors, `in`,
// typeof, method identity, assignment, deletion and freezing.
const observe = `(function (o) {
  const out = [];
  const look = () => {
    out.push(JSON.stringify(Object.keys(o)), JSON.stringify(Object.getOwnPropertyNames(o)));
    for (const k of Object.getOwnPropertyNames(o)) {
      const d = Object.getOwnPropertyDescriptor(o, k);
      out.push(k + ":" + typeof d.value + d.writable + d.enumerable + d.configurable);
    }
    const names = []; for (const k in o) names.push(k); out.push(names.join(","));
  };
  out.push(typeof o, o instanceof Object, Object.getPrototypeOf(o) === Object.prototype, "add" in o, "nope" in o, "toString" in o);
  out.push(typeof o.add, o.add === o.add, o.nope, typeof o.toString, o.hasOwnProperty("add"));
  out.push(o.add(), o.current());
  look();
  o.extra = 1; o.add = 5; delete o.current;
  Object.defineProperty(o, "fixed", { value: 2, enumerable: false });
  look();
  out.push(JSON.stringify({ ...o }), JSON.stringify(o));
  Object.freeze(o);
  out.push(Object.isFrozen(o), Reflect.set(o, "late", 1), o.late);
  return out.join("\n");
})`

func TestMethodObjectLooksLikeAPlainObject(t *testing.T) {
	run := func(lazy bool) (string, *methodObject) {
		vm := goja.New()
		var methods []method
		// add is listed twice: the second function wins, in the first place.
		for i, name := range []string{"add", "rebuild", "current", "add"} {
			methods = append(methods, method{name, func(goja.FunctionCall) goja.Value { return vm.ToValue(fmt.Sprint(name, i)) }})
		}
		var obj *goja.Object
		var m *methodObject
		if lazy {
			obj, m = newMethodObjectState(vm, methods)
		} else {
			obj = vm.NewObject()
			for _, e := range methods {
				_ = obj.Set(e.name, e.fn)
			}
		}
		fn, err := vm.RunString(observe)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := goja.AssertFunction(fn)
		out, err := f(goja.Undefined(), obj)
		if err != nil {
			t.Fatal(err)
		}
		return out.String(), m
	}
	plain, _ := run(false)
	lazy, _ := run(true)
	if plain != lazy {
		t.Fatalf("method object differs from a plain object:\n--- plain\n%s\n--- lazy\n%s", plain, lazy)
	}
}

func TestMethodObjectMakesOnlyWhatIsRead(t *testing.T) {
	vm := goja.New()
	fn := func(goja.FunctionCall) goja.Value { return goja.Undefined() }
	obj, m := newMethodObjectState(vm, []method{{"a", fn}, {"b", fn}, {"c", fn}})
	_ = vm.Set("o", obj)
	if _, err := vm.RunString(`o.b(); o.b(); if (!("c" in o)) throw new Error("c missing")`); err != nil {
		t.Fatal(err)
	}
	if len(m.made) != 3 || m.made[0] != nil || m.made[1] == nil || m.made[2] != nil {
		t.Fatalf("made %v, want only b", m.made)
	}
	v, err := vm.RunString(`const b = o.b; Object.keys(o).join() + (o.b === b)`)
	if err != nil {
		t.Fatal(err)
	}
	if v.String() != "a,b,ctrue" || m.methods != nil {
		t.Fatalf("after listing: %s (pending %v)", v, m.methods)
	}
}

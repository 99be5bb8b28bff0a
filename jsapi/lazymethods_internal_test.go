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

// newLazyMembers over an object with own properties (one of them replaced
// by a member) and members made by a JS function looks like the object
// with the members defined on it in order, as the ExtensionAPI adapter
// did before its methods were made lazily.
func TestLazyMembersLookLikeDefinedMembers(t *testing.T) {
	const setup = `(function () {
  const o = {};
  Object.defineProperty(o, "id", { value: "p", enumerable: true });
  o.add = () => "first add";
  const made = [];
  const make = (name) => { made.push(name); return { add() { return "add"; }, rebuild() { return "rebuild"; }, current() { return "current " + name; } }[name] ?? { nested: name }; };
  return { o, make, made, names: ["add", "rebuild", "current", "events"] };
})()`
	run := func(lazy bool) string {
		vm := goja.New()
		v, err := vm.RunString(setup)
		if err != nil {
			t.Fatal(err)
		}
		s := v.ToObject(vm)
		obj := s.Get("o").ToObject(vm)
		maker, _ := goja.AssertFunction(s.Get("make"))
		var names []string
		_ = vm.ExportTo(s.Get("names"), &names)
		if lazy {
			methods := make([]method, len(names))
			for i, n := range names {
				methods[i] = method{name: n}
			}
			obj, _ = newLazyMembers(vm, obj, methods, maker)
		} else {
			for _, n := range names {
				val, err := maker(goja.Undefined(), vm.ToValue(n))
				if err != nil {
					t.Fatal(err)
				}
				if err := obj.DefineDataProperty(n, val, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
					t.Fatal(err)
				}
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
		return out.String()
	}
	plain, lazy := run(false), run(true)
	if plain != lazy {
		t.Fatalf("lazy members differ from defined ones:\n--- plain\n%s\n--- lazy\n%s", plain, lazy)
	}
}

// A member is made when first read, once; what make throws reaches the
// reader.
func TestLazyMembersMakeOnRead(t *testing.T) {
	vm := goja.New()
	v, err := vm.RunString(`const made = []; [{ keep: 1 }, (name) => { made.push(name); if (name === "bad") throw new Error("cannot make bad"); return () => name; }]`)
	if err != nil {
		t.Fatal(err)
	}
	pair := v.ToObject(vm)
	maker, _ := goja.AssertFunction(pair.Get("1"))
	obj, _ := newLazyMembers(vm, pair.Get("0").ToObject(vm), []method{{name: "a"}, {name: "b"}, {name: "bad"}}, maker)
	_ = vm.Set("o", obj)
	got, err := vm.RunString(`const r = [o.b(), o.b === o.b, "a" in o, o.keep, made.join()];
let msg; try { o.bad; } catch (e) { msg = e.message; }
r.push(msg); r.join(" ")`)
	if err != nil {
		t.Fatal(err)
	}
	if want := "b true true 1 b cannot make bad"; got.String() != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

// A methodObject reads the global Reflect only when a trap first needs it
// (goja builds Reflect's functions on that read): reading its methods does
// not, and the first fallthrough read uses what the global is then.
func TestMethodObjectReadsReflectLate(t *testing.T) {
	vm := goja.New()
	obj := newMethodObject(vm, []method{{"add", func(goja.FunctionCall) goja.Value { return vm.ToValue("added") }}})
	if err := vm.Set("o", obj); err != nil {
		t.Fatal(err)
	}
	v, err := vm.RunString(`
		const real = Reflect;
		let reads = 0;
		Object.defineProperty(globalThis, "Reflect", { get() { reads++; return real; }, configurable: true });
		const before = [o.add(), "add" in o, reads];
		const late = [o.nope, reads, Object.keys(o).join(), reads];
		[before, late]`)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(v.Export()); got != "[[added true 0] [<nil> 1 add 1]]" {
		t.Fatalf("got %s", got)
	}
}

package webapi

import (
	"testing"

	"github.com/dop251/goja"
)

// A JS-made table: set and grow through the helper modules, get returns
// what was stored, and a non-wasm function or an externref table is
// refused with the JS API's / a "not supported" message.
func TestWasmTableWrites(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	// A module exporting add(a, b) = a + b.
	v, err := rt.RunString(`
const add = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
  1, 7, 1, 0x60, 2, 0x7f, 0x7f, 1, 0x7f, 3, 2, 1, 0, 7, 7, 1, 3, 0x61, 0x64, 0x64, 0, 0,
  10, 9, 1, 7, 0, 0x20, 0, 0x20, 1, 0x6a, 0x0b]))).exports.add;
const tab = new WebAssembly.Table({ element: "anyfunc", initial: 1 });
const msg = (f) => { try { f(); return "no error"; } catch (e) { return e.message; } };
[tab.length, tab.get(0), (tab.set(0, add), tab.get(0) === add), tab.get(0)(2, 3), tab.grow(2, add), tab.length, tab.get(2)(1, 1),
 msg(() => tab.set(0, () => 1)), msg(() => new WebAssembly.Table({ element: "externref", initial: 1 })), (tab.set(0, null), tab.get(0))].join("|");
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "1||true|5|1|3|2|WebAssembly.Table.set(): Argument 1 is invalid for table: function-typed object must be null (if nullable) or a Wasm function object|not supported: WebAssembly.Table(): externref tables|"
	if v.String() != want {
		t.Errorf("got  %s\nwant %s", v, want)
	}
}

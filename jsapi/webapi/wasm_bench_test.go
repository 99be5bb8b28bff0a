package webapi

import (
	"testing"

	"github.com/dop251/goja"
)

// BenchmarkWasm measures what WebAssembly costs a runtime: compiling and
// instantiating a small module, and calling an export from JS (an
// (i32, i32) → i32 add) and a JS import from wasm.
func BenchmarkWasm(b *testing.B) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		b.Fatal(err)
	}
	// (import "env" "f" (func (param i32) (result i32)))
	// (func (export "add") (param i32 i32) (result i32) local.get 0 local.get 1 i32.add)
	// (func (export "callf") (param i32) (result i32) local.get 0 call 0)
	if _, err := rt.RunString(`
var bytes = new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
  1, 12, 2, 0x60, 2, 0x7f, 0x7f, 1, 0x7f, 0x60, 1, 0x7f, 1, 0x7f,
  2, 9, 1, 3, 0x65, 0x6e, 0x76, 1, 0x66, 0, 1,
  3, 3, 2, 0, 1,
  7, 15, 2, 3, 0x61, 0x64, 0x64, 0, 1, 5, 0x63, 0x61, 0x6c, 0x6c, 0x66, 0, 2,
  10, 16, 2, 7, 0, 0x20, 0, 0x20, 1, 0x6a, 0x0b, 6, 0, 0x20, 0, 0x10, 0, 0x0b]);
var env = { env: { f: (x) => x + 1 } };
var x = new WebAssembly.Instance(new WebAssembly.Module(bytes), env).exports;
if (x.add(2, 3) !== 5 || x.callf(4) !== 5) throw new Error("module is wrong");
`); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ name, src string }{
		{"instantiate", `new WebAssembly.Instance(new WebAssembly.Module(bytes), env)`},
		{"call-1000", `for (let i = 0; i < 1000; i++) x.add(i, 1)`},
		{"import-call-1000", `for (let i = 0; i < 1000; i++) x.callf(i)`},
	} {
		prog := goja.MustCompile("x", c.src, true)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := rt.RunProgram(prog); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

package webapi

import (
	"reflect"
	"testing"

	"github.com/dop251/goja"
	"github.com/tetratelabs/wazero/api"
)

// The encoder's output parses back to what was encoded: the link modules
// wasm.go builds and the sections it reads use the same format.
func TestWasmSectionsRoundTrip(t *testing.T) {
	var imports []byte
	imports = appendU32(append(appendName(appendName(imports, "env"), "f"), externFunc), 0)
	imports = appendLimits(append(appendName(appendName(imports, "env"), "mem"), externMemory), false, 1, 4)
	imports = append(appendName(appendName(imports, "js"), "g"), externGlobal, byte(api.ValueTypeI64), 1)
	imports = append(append(appendName(appendName(imports, "js"), "tab"), externTable, 0x70), 0, 3)
	var e wasmEncoder
	e.section(1, 1, append([]byte{0x60}, appendValueTypes(appendValueTypes(nil, []api.ValueType{api.ValueTypeI32, api.ValueTypeF64}), []api.ValueType{api.ValueTypeI64})...))
	e.section(2, 4, imports)
	e.section(4, 1, []byte{0x70, 1, 2, 9})
	e.section(7, 2, append(appendU32(append(appendName(nil, "f"), externFunc), 0), append(appendName(nil, "tab2"), externTable, 1)...))
	e.section(0, 0, nil) // empty: not written
	b := append(e.bytes(), append([]byte{0, 6}, append(appendName(nil, "note"), 7)...)...)

	s, err := parseWasmSections(b)
	if err != nil {
		t.Fatal(err)
	}
	wantImports := []wasmImport{
		{module: "env", name: "f", kind: externFunc},
		{module: "env", name: "mem", kind: externMemory},
		{module: "js", name: "g", kind: externGlobal, globalType: byte(api.ValueTypeI64), mutable: true},
		{module: "js", name: "tab", kind: externTable},
	}
	if !reflect.DeepEqual(s.imports, wantImports) {
		t.Errorf("imports = %+v", s.imports)
	}
	if want := []wasmExport{{"f", externFunc, 0}, {"tab2", externTable, 1}}; !reflect.DeepEqual(s.exports, want) {
		t.Errorf("exports = %+v", s.exports)
	}
	if want := []wasmTableType{{elem: 0x70, min: 3, max: -1, imported: true}, {elem: 0x70, min: 2, max: 9}}; !reflect.DeepEqual(s.tables, want) {
		t.Errorf("tables = %+v", s.tables)
	}
	if want := []wasmFuncType{{params: []api.ValueType{api.ValueTypeI32, api.ValueTypeF64}, results: []api.ValueType{api.ValueTypeI64}}}; !reflect.DeepEqual(s.funcTypes, want) {
		t.Errorf("types = %+v", s.funcTypes)
	}
	if len(s.custom) != 1 || s.custom[0].name != "note" || string(s.custom[0].payload) != "\x07" {
		t.Errorf("custom = %+v", s.custom)
	}
	if _, err := parseWasmSections(b[:len(b)-3]); err == nil {
		t.Error("a truncated module parses")
	}
}

func TestWasmPreambleMessages(t *testing.T) {
	for in, want := range map[string]string{
		"":                        "BufferSource argument is empty",
		"\x00as":                  "expected 4 bytes, fell off end @+0",
		"\x01\x02\x03\x04":        "expected magic word 00 61 73 6d, found 01 02 03 04 @+0",
		"\x00asm\x01":             "expected 4 bytes, fell off end @+4",
		"\x00asm\x02\x00\x00\x00": "expected version 01 00 00 00, found 02 00 00 00 @+4",
	} {
		if err := checkWasmPreamble([]byte(in)); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %s", in, err, want)
		}
	}
	if err := checkWasmPreamble(wasmMagic); err != nil {
		t.Error(err)
	}
}

func TestToInt32(t *testing.T) {
	for in, want := range map[float64]int32{0: 0, 2147483648: -2147483648, 4294967297: 1, -1: -1, 1.9: 1, -4294967297: -1} {
		if got := toInt32(in); got != want {
			t.Errorf("toInt32(%v) = %d, want %d", in, got, want)
		}
	}
}

// A runtime that never reads WebAssembly never makes its wazero runtime:
// the global stays the lazy accessor, and reading it makes one runtime's
// namespace, not another's.
func TestWasmLazy(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`typeof Object.getOwnPropertyDescriptor(globalThis, "WebAssembly").get`)
	if err != nil || v.String() != "function" {
		t.Fatalf("WebAssembly is not lazy: %v %v", v, err)
	}
	v, err = rt.RunString(`WebAssembly.validate(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])) && Object.getOwnPropertyDescriptor(globalThis, "WebAssembly").value === WebAssembly`)
	if err != nil || !v.ToBoolean() {
		t.Fatalf("after first use: %v %v", v, err)
	}
}

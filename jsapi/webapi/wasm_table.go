package webapi

import (
	"fmt"
	"slices"

	"github.com/dop251/goja"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// Writing to tables. wazero has no API to resize a table or store into
// it, but wasm code can (the reference-types instructions table.size,
// table.grow and table.set). So each table gets a small helper module that
// imports it and exports size, grow and setNull; storing a function
// instantiates, once per table and function, a helper that also imports
// that function and stores ref.func of it. Only funcref tables are
// supported, and only functions a module exported can be stored (as in
// the JS API, which accepts exported wasm functions and null). What JS
// stored is what Table.get returns for the slot (wazero's lookup of a slot
// holding another module's function resolves it in the table owner's
// index space); a store by wasm code into the same slot is not seen.

// wasmExportedFunc is where a JS function made for a wasm export comes
// from: helpers import it from there.
type wasmExportedFunc struct {
	owner  api.Module
	export string
	def    api.FunctionDefinition
}

var (
	wasmTypeI32ToVoid = []byte{0x60, 1, 0x7f, 0}
	wasmTypeVoidToI32 = []byte{0x60, 0, 1, 0x7f}
	wasmTypeI32ToI32  = []byte{0x60, 1, 0x7f, 1, 0x7f}
)

// appendBody appends one code-section entry: a function without locals.
func appendBody(b []byte, code ...byte) []byte {
	body := append([]byte{0}, code...)
	body = append(body, 0x0b) // end
	return append(appendU32(b, uint32(len(body))), body...)
}

// tableImport is the import of t a helper starts with ("v0"), as a funcref
// table of any size.
func tableImport(t *wasmTable) []byte {
	b := appendName(appendName(nil, "v0"), t.export)
	return appendLimits(append(b, externTable, 0x70), false, 0, -1)
}

// instantiateHelper instantiates a helper module whose imports name their
// modules "v0", "v1", ... (sources, in order).
func (w *wasmHost) instantiateHelper(bin []byte, sources ...api.Module) (api.Module, error) {
	compiled, err := w.wazeroRuntime().CompileModule(w.ctx, bin)
	if err != nil {
		return nil, err
	}
	ctx := experimental.WithImportResolver(w.ctx, func(name string) api.Module {
		for i, s := range sources {
			if name == fmt.Sprintf("v%d", i) {
				return s
			}
		}
		return nil
	})
	return w.wazeroRuntime().InstantiateModule(ctx, compiled, wazero.NewModuleConfig().WithName(w.nextName("table-ops")).WithStartFunctions())
}

// tableOps returns t's helper (size, grow, setNull), made on first use.
func (w *wasmHost) tableOps(t *wasmTable) api.Module {
	if t.ops != nil {
		return t.ops
	}
	var e wasmEncoder
	e.section(1, 3, slices.Concat(wasmTypeI32ToVoid, wasmTypeVoidToI32, wasmTypeI32ToI32))
	e.section(2, 1, tableImport(t))
	e.section(3, 3, []byte{1, 2, 0})
	var exports []byte
	for i, name := range []string{"size", "grow", "setNull"} {
		exports = append(append(appendName(exports, name), externFunc), byte(i))
	}
	e.section(7, 3, exports)
	var code []byte
	code = appendBody(code, 0xfc, 16, 0)                      // table.size 0
	code = appendBody(code, 0xd0, 0x70, 0x20, 0, 0xfc, 15, 0) // table.grow 0 (ref.null func) n
	code = appendBody(code, 0x20, 0, 0xd0, 0x70, 0x26, 0)     // table.set 0 i (ref.null func)
	e.section(10, 3, code)
	ops, err := w.instantiateHelper(e.bytes(), t.owner)
	if err != nil {
		panic(w.h.rt.NewTypeError("WebAssembly.Table: " + err.Error()))
	}
	t.ops = ops
	return ops
}

// tableSize is the table's current length.
func (w *wasmHost) tableSize(t *wasmTable) uint32 {
	r, err := w.tableOps(t).ExportedFunction("size").Call(w.ctx)
	if err != nil {
		w.throwCallError(err)
	}
	return uint32(r[0])
}

// tableSetter returns the helper function storing fn into t, made once
// per table and function.
func (w *wasmHost) tableSetter(t *wasmTable, fn *wasmExportedFunc) api.Function {
	key := fn.owner.Name() + "\x00" + fn.export
	if f, ok := t.setters[key]; ok {
		return f
	}
	var e wasmEncoder
	fnType := appendValueTypes(appendValueTypes([]byte{0x60}, fn.def.ParamTypes()), fn.def.ResultTypes())
	e.section(1, 2, slices.Concat(wasmTypeI32ToVoid, fnType))
	imports := tableImport(t)
	imports = append(append(appendName(appendName(imports, "v1"), fn.export), externFunc), 1)
	e.section(2, 2, imports)
	e.section(3, 1, []byte{0})
	e.section(7, 1, append(appendName(nil, "set"), externFunc, 1))
	e.section(9, 1, []byte{3, 0, 1, 0})                          // declarative segment: func 0 (ref.func needs it)
	e.section(10, 1, appendBody(nil, 0x20, 0, 0xd2, 0, 0x26, 0)) // table.set 0 i (ref.func 0)
	helper, err := w.instantiateHelper(e.bytes(), t.owner, fn.owner)
	if err != nil {
		panic(w.h.rt.NewTypeError("WebAssembly.Table.set(): " + err.Error()))
	}
	if t.setters == nil {
		t.setters = map[string]api.Function{}
	}
	f := helper.ExportedFunction("set")
	t.setters[key] = f
	ft := wasmFuncType{params: fn.def.ParamTypes(), results: fn.def.ResultTypes()}
	if !slices.ContainsFunc(t.funcTypes, func(o wasmFuncType) bool {
		return slices.Equal(o.params, ft.params) && slices.Equal(o.results, ft.results)
	}) {
		t.funcTypes = append(t.funcTypes, ft)
	}
	return f
}

// tableSet is wasm.tableSet(handle, index, value): value is null or a
// function a wasm module exported.
func (w *wasmHost) tableSet(call goja.FunctionCall) goja.Value {
	t := w.tableArg(call.Argument(0))
	i := call.Argument(1).ToInteger()
	if size := w.tableSize(t); i < 0 || i >= int64(size) {
		w.throwBuiltin("RangeError", fmt.Sprintf("WebAssembly.Table.set(): invalid index %d into funcref table of size %d", i, size))
	}
	v := call.Argument(2)
	var err error
	if goja.IsNull(v) || goja.IsUndefined(v) {
		_, err = w.tableOps(t).ExportedFunction("setNull").Call(w.ctx, uint64(i))
	} else {
		obj, _ := v.(*goja.Object)
		fn := w.exported[obj]
		if obj == nil || fn == nil {
			panic(w.h.rt.NewTypeError("WebAssembly.Table.set(): Argument 1 is invalid for table: function-typed object must be null (if nullable) or a Wasm function object"))
		}
		_, err = w.tableSetter(t, fn).Call(w.ctx, uint64(i))
	}
	if err != nil {
		w.throwCallError(err)
	}
	delete(w.functions, wasmFuncKey{t.owner.Name() + "/table", uint32(i)})
	if t.stored == nil {
		t.stored = map[uint32]goja.Value{}
	}
	t.stored[uint32(i)] = v
	return goja.Undefined()
}

// tableGrow is wasm.tableGrow(handle, delta) → the old length, the new
// slots null.
func (w *wasmHost) tableGrow(call goja.FunctionCall) goja.Value {
	t := w.tableArg(call.Argument(0))
	n := call.Argument(1).ToInteger()
	r, err := w.tableOps(t).ExportedFunction("grow").Call(w.ctx, uint64(uint32(n)))
	if err != nil {
		w.throwCallError(err)
	}
	if int32(r[0]) < 0 {
		w.throwBuiltin("RangeError", fmt.Sprintf("WebAssembly.Table.grow(): failed to grow table by %d", n))
	}
	return w.h.rt.ToValue(uint32(r[0]))
}

// newTable is wasm.newTable(initial, maximum) → handle of a new funcref
// table (maximum < 0: none), every slot null.
func (w *wasmHost) newTable(call goja.FunctionCall) goja.Value {
	initial, maximum := uint32(call.Argument(0).ToInteger()), call.Argument(1).ToInteger()
	var e wasmEncoder
	e.section(4, 1, appendLimits([]byte{0x70}, false, initial, maximum))
	e.section(7, 1, append(appendName(nil, "table"), externTable, 0))
	mod, err := w.wazeroRuntime().InstantiateWithConfig(w.ctx, e.bytes(), wazero.NewModuleConfig().WithName(w.nextName("table")).WithStartFunctions())
	if err != nil {
		w.throwBuiltin("RangeError", "WebAssembly.Table(): "+err.Error())
	}
	return w.h.rt.ToValue(&wasmTable{owner: mod, export: "table", typ: wasmTableType{elem: 0x70, min: initial, max: maximum}})
}

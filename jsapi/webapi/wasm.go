package webapi

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"sync"
	"unsafe"

	"github.com/dop251/goja"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	"github.com/tetratelabs/wazero/experimental/table"
	"github.com/tetratelabs/wazero/sys"
)

// The WebAssembly global runs modules on wazero. webassembly.js defines the
// JS classes as V8 has them and keeps the argument checks; this file is
// what they call: compiling, linking an import object, calling exports,
// memory and globals. A runtime gets its wazero runtime when its code first
// reads the WebAssembly global (webassembly.js is a lazy module), so a
// runtime that never uses WebAssembly pays nothing.
//
// Linking: wazero resolves a module's imports by module name to another
// instantiated module. For each import namespace of an instance, the JS
// functions become a host module, and a small generated "link" module
// imports those functions plus the memories and globals the namespace
// names (each lives in a module of its own: an instance's exports, or the
// one-entry module a WebAssembly.Memory or Global made in JS lives in) and
// re-exports them under the namespace's field names; an import resolver
// hands the instantiated link module to wazero for that namespace.

// Interrupter stops the WebAssembly code a runtime is running (see
// Options.Interrupter). Safe from any goroutine.
type Interrupter struct {
	mu     sync.Mutex
	cancel context.CancelFunc // of the outermost wasm call running, or nil
}

// Interrupt ends the wasm call running now, if any: wazero stops it and
// closes its instance (an interrupted instance cannot be called again).
func (i *Interrupter) Interrupt() {
	i.mu.Lock()
	defer i.mu.Unlock()
	if i.cancel != nil {
		i.cancel()
	}
}

// wasmCompilationCache is shared by every runtime of the process: a
// module a reloaded plugin compiles again is compiled once.
var wasmCompilationCache = sync.OnceValue(wazero.NewCompilationCache)

// wasmHost is one goja runtime's WebAssembly state. Loop only.
type wasmHost struct {
	h       *host
	ctx     context.Context
	runtime wazero.Runtime
	// JS classes and helpers from webassembly.js.
	compileError, linkError, runtimeError *goja.Object
	wrapMemory, wrapGlobal, wrapTable     goja.Callable
	unwrap                                goja.Callable
	memories                              map[api.Memory]*wasmMemory
	// functions are the JS functions made for wasm functions, by module
	// and function index, so a function reached twice (two export names,
	// a table slot) is one JS function, as in V8.
	functions map[wasmFuncKey]goja.Value
	// exported says where the JS functions of wasm exports come from, for
	// storing them into tables.
	exported map[*goja.Object]*wasmExportedFunc
	// depth counts the wasm calls on the stack; outer is the outermost
	// one's context (callContext).
	depth int
	outer context.Context
	// linear holds the bytes of each memory a module of this runtime
	// defined, by memory; allocated collects them during an instantiation.
	linear    map[api.Memory]*wasmLinearMemory
	allocated []*wasmLinearMemory
	globals   map[api.Global]*wasmGlobal
	seq       int
}

// wasmModule is a compiled module (a WebAssembly.Module's handle).
type wasmModule struct {
	compiled wazero.CompiledModule
	sections wasmSections
	// importTypes are the imported functions' signatures by module and name.
	importTypes map[[2]string]api.FunctionDefinition
}

// wasmMemory is a memory JS can see (a WebAssembly.Memory's handle).
type wasmMemory struct {
	owner  api.Module // exports it as export
	export string
	mem    api.Memory
	shared bool
	obj    *goja.Object
	// buf is the ArrayBuffer memory.buffer returns, over the memory's bytes
	// as they were when it was made; growing the memory replaces it.
	buf    goja.ArrayBuffer
	bufObj goja.Value
}

// wasmLinearMemory backs a wasm memory (wazero's MemoryAllocator hook):
// it is how a memory.grow executed by wasm code detaches the ArrayBuffer JS
// holds at once, as in V8, not when JS next reads memory.buffer.
type wasmLinearMemory struct {
	buf    []byte
	onGrow func()
}

func (l *wasmLinearMemory) Reallocate(size uint64) []byte {
	if size > uint64(cap(l.buf)) {
		grown := make([]byte, size, max(size, 2*uint64(cap(l.buf))))
		copy(grown, l.buf)
		l.buf = grown
	} else {
		l.buf = l.buf[:size]
	}
	if l.onGrow != nil {
		l.onGrow()
	}
	return l.buf
}

func (l *wasmLinearMemory) Free() { l.buf = nil }

// instantiateCtx is the context to instantiate a module in: the memory
// it defines is recorded in w.linear.
func (w *wasmHost) instantiateCtx(ctx context.Context) context.Context {
	w.allocated = w.allocated[:0]
	return experimental.WithMemoryAllocator(ctx, experimental.MemoryAllocatorFunc(func(capacity, maximum uint64) experimental.LinearMemory {
		l := &wasmLinearMemory{buf: make([]byte, 0, capacity)}
		w.allocated = append(w.allocated, l)
		return l
	}))
}

// recordMemory files the memory mod defined (if any) under w.linear.
func (w *wasmHost) recordMemory(mod api.Module) {
	if mem := mod.Memory(); mem != nil && len(w.allocated) > 0 {
		if _, ok := w.linear[mem]; !ok {
			w.linear[mem] = w.allocated[0]
		}
	}
	w.allocated = w.allocated[:0]
}

// wasmGlobal is a global JS can see (a WebAssembly.Global's handle).
type wasmGlobal struct {
	owner  api.Module
	export string
	g      api.Global
	obj    *goja.Object
}

// wasmJSThrow carries an exception a JS import threw through the wasm
// frames above it (wazero recovers the panic and wraps it) back to JS.
type wasmJSThrow struct{ err error }

func (t *wasmJSThrow) Error() string {
	return "JavaScript exception in a WebAssembly import: " + t.err.Error()
}

// newWasm is internal.newWasm(classes): the Go side of webassembly.js.
func (h *host) newWasm(call goja.FunctionCall) goja.Value {
	classes := call.Argument(0).ToObject(h.rt)
	fn := func(name string) goja.Callable {
		f, ok := goja.AssertFunction(classes.Get(name))
		if !ok {
			panic(fmt.Errorf("webapi: newWasm: %s is not a function", name))
		}
		return f
	}
	w := &wasmHost{
		h:            h,
		ctx:          context.Background(),
		compileError: classes.Get("CompileError").ToObject(h.rt),
		linkError:    classes.Get("LinkError").ToObject(h.rt),
		runtimeError: classes.Get("RuntimeError").ToObject(h.rt),
		wrapMemory:   fn("wrapMemory"),
		wrapGlobal:   fn("wrapGlobal"),
		unwrap:       fn("unwrap"),
		memories:     map[api.Memory]*wasmMemory{},
		linear:       map[api.Memory]*wasmLinearMemory{},
		globals:      map[api.Global]*wasmGlobal{},
		wrapTable:    fn("wrapTable"),
		functions:    map[wasmFuncKey]goja.Value{},
		exported:     map[*goja.Object]*wasmExportedFunc{},
	}
	obj := h.rt.NewObject()
	for name, f := range map[string]func(goja.FunctionCall) goja.Value{
		"compile":        w.compile,
		"validate":       w.validate,
		"moduleImports":  w.moduleImports,
		"moduleExports":  w.moduleExports,
		"customSections": w.customSections,
		"instantiate":    w.instantiate,
		"newMemory":      w.newMemory,
		"memoryBuffer":   w.memoryBuffer,
		"memoryGrow":     w.memoryGrow,
		"newGlobal":      w.newGlobal,
		"globalGet":      w.globalGet,
		"globalSet":      w.globalSet,
		"tableLength":    w.tableLength,
		"tableGet":       w.tableGet,
		"tableSet":       w.tableSet,
		"tableGrow":      w.tableGrow,
		"newTable":       w.newTable,
	} {
		must(obj.Set(name, h.function(name, 0, f)))
	}
	return obj
}

// wazeroRuntime makes the runtime's wazero runtime on first use.
func (w *wasmHost) wazeroRuntime() wazero.Runtime {
	if w.runtime == nil {
		cfg := wazero.NewRuntimeConfig().WithCompilationCache(wasmCompilationCache())
		if w.h.opts.Interrupter != nil {
			cfg = cfg.WithCloseOnContextDone(true)
		}
		w.runtime = wazero.NewRuntimeWithConfig(w.ctx, cfg)
	}
	return w.runtime
}

// throw panics with a new instance of the JS error class ctor.
func (w *wasmHost) throw(ctor *goja.Object, msg string) {
	obj, err := w.h.rt.New(ctor, w.h.rt.ToValue(msg))
	if err != nil {
		panic(err)
	}
	panic(obj)
}

// throwBuiltin panics with a new instance of the built-in error class name
// (RangeError, SyntaxError, ...).
func (w *wasmHost) throwBuiltin(name, msg string) {
	w.throw(w.h.rt.GlobalObject().Get(name).ToObject(w.h.rt), msg)
}

// compileBytes compiles b, throwing a CompileError prefixed with api (as
// V8's messages are: "WebAssembly.Module(): ...").
func (w *wasmHost) compileBytes(b []byte, apiName string) *wasmModule {
	if err := checkWasmPreamble(b); err != nil {
		w.throw(w.compileError, apiName+"(): "+err.Error())
	}
	compiled, err := w.wazeroRuntime().CompileModule(w.ctx, b)
	if err != nil {
		w.throw(w.compileError, apiName+"(): "+err.Error())
	}
	sections, err := parseWasmSections(b)
	if err != nil {
		w.throw(w.compileError, apiName+"(): "+err.Error())
	}
	m := &wasmModule{compiled: compiled, sections: sections, importTypes: map[[2]string]api.FunctionDefinition{}}
	for _, def := range compiled.ImportedFunctions() {
		mod, name, _ := def.Import()
		m.importTypes[[2]string{mod, name}] = def
	}
	return m
}

// compile is wasm.compile(u8, api) → module handle; the bytes are copied.
func (w *wasmHost) compile(call goja.FunctionCall) goja.Value {
	b := append([]byte(nil), w.h.bytesArg(call.Argument(0))...)
	return w.h.rt.ToValue(w.compileBytes(b, call.Argument(1).String()))
}

// validate is wasm.validate(u8) → whether the bytes compile.
func (w *wasmHost) validate(call goja.FunctionCall) goja.Value {
	b := w.h.bytesArg(call.Argument(0))
	if checkWasmPreamble(b) != nil {
		return w.h.rt.ToValue(false)
	}
	compiled, err := w.wazeroRuntime().CompileModule(w.ctx, append([]byte(nil), b...))
	if err != nil {
		return w.h.rt.ToValue(false)
	}
	_ = compiled.Close(w.ctx)
	return w.h.rt.ToValue(true)
}

func (w *wasmHost) moduleArg(v goja.Value) *wasmModule {
	m, ok := v.Export().(*wasmModule)
	if !ok {
		panic(w.h.rt.NewTypeError("not a WebAssembly.Module handle"))
	}
	return m
}

// moduleImports is wasm.moduleImports(handle) → [{module, name, kind}].
func (w *wasmHost) moduleImports(call goja.FunctionCall) goja.Value {
	m := w.moduleArg(call.Argument(0))
	out := make([]any, 0, len(m.sections.imports))
	for _, im := range m.sections.imports {
		out = append(out, map[string]any{"module": im.module, "name": im.name, "kind": externKindName[im.kind]})
	}
	return w.plainArray(out)
}

// moduleExports is wasm.moduleExports(handle) → [{name, kind}].
func (w *wasmHost) moduleExports(call goja.FunctionCall) goja.Value {
	m := w.moduleArg(call.Argument(0))
	out := make([]any, 0, len(m.sections.exports))
	for _, ex := range m.sections.exports {
		out = append(out, map[string]any{"name": ex.name, "kind": externKindName[ex.kind]})
	}
	return w.plainArray(out)
}

// plainArray converts descriptors to plain JS objects (with the keys in
// V8's order: module, name, kind).
func (w *wasmHost) plainArray(items []any) goja.Value {
	arr := make([]any, len(items))
	for i, it := range items {
		d := it.(map[string]any)
		obj := w.h.rt.NewObject()
		for _, k := range []string{"module", "name", "kind"} {
			if v, ok := d[k]; ok {
				must(obj.Set(k, v))
			}
		}
		arr[i] = obj
	}
	return w.h.rt.NewArray(arr...)
}

// customSections is wasm.customSections(handle, name) → [ArrayBuffer].
func (w *wasmHost) customSections(call goja.FunctionCall) goja.Value {
	m := w.moduleArg(call.Argument(0))
	name := call.Argument(1).String()
	var out []any
	for _, s := range m.sections.custom {
		if s.name == name {
			out = append(out, w.h.rt.NewArrayBuffer(append([]byte(nil), s.payload...)))
		}
	}
	return w.h.rt.NewArray(out...)
}

// nextName is a module name unique in this runtime's wazero runtime.
func (w *wasmHost) nextName(kind string) string {
	w.seq++
	return fmt.Sprintf("pigo:%s:%d", kind, w.seq)
}

// instantiate is wasm.instantiate(handle, importObject, api) → [[name,
// value], ...], the instance's exports in the module's order.
func (w *wasmHost) instantiate(call goja.FunctionCall) goja.Value {
	m := w.moduleArg(call.Argument(0))
	importObject := call.Argument(1)
	apiName := call.Argument(2).String()
	links, err := w.link(m, importObject, apiName)
	if err != nil {
		w.throw(w.linkError, apiName+"(): "+err.Error())
	}
	ctx := w.instantiateCtx(experimental.WithImportResolver(w.ctx, func(name string) api.Module { return links[name] }))
	// No start functions beyond the module's own start section (wazero
	// would call a WASI "_start" export by default).
	cfg := wazero.NewModuleConfig().WithName(w.nextName("instance")).WithStartFunctions()
	mod, err := w.wazeroRuntime().InstantiateModule(ctx, m.compiled, cfg)
	if mod != nil {
		w.recordMemory(mod)
	}
	if err != nil {
		if isWasmTrap(err) {
			w.throwCallError(err)
		}
		w.throw(w.linkError, apiName+"(): "+err.Error())
	}
	pairs := make([]any, 0, len(m.sections.exports))
	for _, ex := range m.sections.exports {
		var v goja.Value
		switch ex.kind {
		case externFunc:
			name := ex.name
			f := mod.ExportedFunction(name)
			v = w.jsFunction(wasmFuncKey{mod.Name(), ex.index}, f, func() api.Function { return mod.ExportedFunction(name) })
			if obj, ok := v.(*goja.Object); ok && w.exported[obj] == nil {
				w.exported[obj] = &wasmExportedFunc{owner: mod, export: name, def: f.Definition()}
			}
		case externTable:
			t := m.sections.tables[ex.index]
			if t.imported {
				w.throw(w.linkError, fmt.Sprintf("%s(): export %q: re-exporting an imported table is not supported", apiName, ex.name))
			}
			tab := &wasmTable{owner: mod, export: ex.name, index: ex.index, typ: t, funcTypes: m.sections.funcTypes}
			obj, err := w.wrapTable(goja.Undefined(), w.h.rt.ToValue(tab))
			if err != nil {
				panic(err)
			}
			v = obj
		case externMemory:
			v = w.memoryObject(mod, ex.name, mod.ExportedMemory(ex.name))
		case externGlobal:
			v = w.globalObject(mod, ex.name, mod.ExportedGlobal(ex.name))
		default:
			w.throw(w.linkError, fmt.Sprintf("%s(): export %q: %s exports are not supported", apiName, ex.name, externKindName[ex.kind]))
		}
		pairs = append(pairs, w.h.rt.NewArray(ex.name, v))
	}
	return w.h.rt.NewArray(pairs...)
}

// link instantiates, for each namespace m imports from, a module that
// exports what importObject gives for it, by namespace.
func (w *wasmHost) link(m *wasmModule, importObject goja.Value, apiName string) (map[string]api.Module, error) {
	rt := w.h.rt
	if len(m.sections.imports) > 0 && goja.IsUndefined(importObject) {
		panic(rt.NewTypeError(apiName + "(): Imports argument must be present and must be an object"))
	}
	type nsLinks struct {
		host      wazero.HostModuleBuilder
		hostName  string
		types     []byte
		imports   []byte
		exports   []byte
		nTypes    int
		nImports  int
		nExports  int
		nFuncs    int
		nMemories int
		nGlobals  int
		seen      map[string]bool
		hasFuncs  bool
		sources   map[string]api.Module // "v0", "v1", ...: the modules memories and globals come from
	}
	// source names mod in ns's link module ("v0", "v1", ...).
	source := func(ns *nsLinks, mod api.Module) string {
		k := fmt.Sprintf("v%d", len(ns.sources))
		ns.sources[k] = mod
		return k
	}
	byNS := map[string]*nsLinks{}
	var order []string
	for i, im := range m.sections.imports {
		ns := byNS[im.module]
		if ns == nil {
			ns = &nsLinks{hostName: w.nextName("imports"), seen: map[string]bool{}, sources: map[string]api.Module{}}
			ns.host = w.wazeroRuntime().NewHostModuleBuilder(ns.hostName)
			byNS[im.module] = ns
			order = append(order, im.module)
		}
		nsv := importObject.ToObject(rt).Get(im.module)
		if nsv == nil || goja.IsUndefined(nsv) || goja.IsNull(nsv) {
			panic(rt.NewTypeError(fmt.Sprintf("%s(): Import #%d module=%q: module is not an object or function", apiName, i, im.module)))
		}
		if _, ok := nsv.(*goja.Object); !ok {
			panic(rt.NewTypeError(fmt.Sprintf("%s(): Import #%d module=%q: module is not an object or function", apiName, i, im.module)))
		}
		v := nsv.ToObject(rt).Get(im.name)
		if v == nil {
			v = goja.Undefined()
		}
		// V8 says function= whatever the kind.
		where := fmt.Sprintf("Import #%d module=%q function=%q", i, im.module, im.name)
		key := string(im.kind) + im.name
		if ns.seen[key] {
			continue // the same import named twice links to one export
		}
		ns.seen[key] = true
		var index int
		switch im.kind {
		case externFunc:
			fn, ok := goja.AssertFunction(v)
			if !ok {
				return nil, fmt.Errorf("%s: function import requires a callable", where)
			}
			def := m.importTypes[[2]string{im.module, im.name}]
			ns.host.NewFunctionBuilder().WithGoModuleFunction(w.importedFunction(fn, def), def.ParamTypes(), def.ResultTypes()).Export(im.name)
			ns.hasFuncs = true
			ns.types = append(ns.types, 0x60)
			ns.types = appendValueTypes(ns.types, def.ParamTypes())
			ns.types = appendValueTypes(ns.types, def.ResultTypes())
			ns.imports = appendName(appendName(ns.imports, "host"), im.name)
			ns.imports = appendU32(append(ns.imports, externFunc), uint32(ns.nTypes))
			ns.nTypes++
			index = ns.nFuncs
			ns.nFuncs++
		case externMemory:
			mem, ok := w.unwrapHandle(v).(*wasmMemory)
			if !ok {
				return nil, fmt.Errorf("%s: memory import must be a WebAssembly.Memory object", where)
			}
			ns.imports = appendName(appendName(ns.imports, source(ns, mem.owner)), mem.export)
			ns.imports = appendLimits(append(ns.imports, externMemory), mem.shared, 0, -1)
			index = ns.nMemories
			ns.nMemories++
		case externGlobal:
			g, ok := w.unwrapHandle(v).(*wasmGlobal)
			if !ok {
				if im.mutable {
					return nil, fmt.Errorf("%s: imported mutable global must be a WebAssembly.Global object", where)
				}
				if !isGlobalValue(im.globalType, v) {
					return nil, fmt.Errorf("%s: global import must be a number, valid Wasm reference, or WebAssembly.Global object", where)
				}
				g = w.makeGlobal(nil, api.ValueType(im.globalType), false, v)
			}
			_, mutable := g.g.(api.MutableGlobal)
			if byte(g.g.Type()) != im.globalType || mutable != im.mutable {
				return nil, fmt.Errorf("%s: imported global does not match the expected type", where)
			}
			ns.imports = appendName(appendName(ns.imports, source(ns, g.owner)), g.export)
			ns.imports = append(ns.imports, externGlobal, byte(g.g.Type()), boolByte(mutable))
			index = ns.nGlobals
			ns.nGlobals++
		default:
			return nil, fmt.Errorf("%s: %s imports are not supported", where, externKindName[im.kind])
		}
		ns.nImports++
		ns.exports = appendU32(append(appendName(ns.exports, im.name), im.kind), uint32(index))
		ns.nExports++
	}
	links := make(map[string]api.Module, len(order))
	for _, name := range order {
		ns := byNS[name]
		// The host module, instantiated from its compiled form: the import
		// resolver needs the instance itself, which the builder's
		// Instantiate (and Runtime.Module) hand out wrapped.
		var host api.Module
		if ns.hasFuncs {
			compiled, err := ns.host.Compile(w.ctx)
			if err != nil {
				return nil, err
			}
			if host, err = w.wazeroRuntime().InstantiateModule(w.ctx, compiled, wazero.NewModuleConfig().WithName(ns.hostName)); err != nil {
				return nil, err
			}
		}
		var e wasmEncoder
		e.section(1, ns.nTypes, ns.types)
		e.section(2, ns.nImports, ns.imports)
		e.section(7, ns.nExports, ns.exports)
		// The link module names what it imports from by position ("host",
		// "v0", ...), resolved here, so the same imports give the same
		// bytes and wazero compiles them once.
		compiled, err := w.wazeroRuntime().CompileModule(w.ctx, e.bytes())
		if err != nil {
			return nil, fmt.Errorf("linking imports of %q: %w", name, err)
		}
		sources := ns.sources
		ctx := experimental.WithImportResolver(w.ctx, func(name string) api.Module {
			if name == "host" {
				return host
			}
			return sources[name]
		})
		mod, err := w.wazeroRuntime().InstantiateModule(ctx, compiled, wazero.NewModuleConfig().WithName(w.nextName("link")).WithStartFunctions())
		if err != nil {
			return nil, fmt.Errorf("linking imports of %q: %w", name, err)
		}
		links[name] = mod
	}
	return links, nil
}

func appendValueTypes(b []byte, types []api.ValueType) []byte {
	b = appendU32(b, uint32(len(types)))
	for _, t := range types {
		b = append(b, byte(t))
	}
	return b
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// unwrapHandle returns the Go handle of a WebAssembly.Memory or Global
// object, or nil for any other value.
func (w *wasmHost) unwrapHandle(v goja.Value) any {
	h, err := w.unwrap(goja.Undefined(), v)
	if err != nil {
		panic(err)
	}
	return h.Export()
}

// isGlobalValue reports whether v may initialise an immutable global
// import of type t (V8: a Number, or a BigInt for i64).
func isGlobalValue(t byte, v goja.Value) bool {
	_, isBig := v.Export().(*big.Int)
	if t == byte(api.ValueTypeI64) {
		return isBig
	}
	if isBig {
		return false
	}
	switch v.Export().(type) {
	case int64, float64:
		return true
	}
	return false
}

// importedFunction adapts a JS function to a wasm import of type def.
func (w *wasmHost) importedFunction(fn goja.Callable, def api.FunctionDefinition) api.GoModuleFunc {
	params, results := def.ParamTypes(), def.ResultTypes()
	return func(_ context.Context, _ api.Module, stack []uint64) {
		args := make([]goja.Value, len(params))
		var ret goja.Value
		err := w.tryJS(func() {
			for i, t := range params {
				args[i] = w.toJS(t, stack[i])
			}
		})
		if err == nil {
			ret, err = fn(goja.Undefined(), args...)
		}
		if err == nil {
			err = w.tryJS(func() { w.resultsFromJS(results, ret, stack) })
		}
		if err != nil {
			panic(&wasmJSThrow{err: err})
		}
	}
}

// tryJS runs f, returning a JS exception it throws.
func (w *wasmHost) tryJS(f func()) error {
	if ex := w.h.rt.Try(f); ex != nil {
		return ex
	}
	return nil
}

// resultsFromJS stores a JS import's return value as the wasm results.
func (w *wasmHost) resultsFromJS(results []api.ValueType, ret goja.Value, stack []uint64) {
	switch len(results) {
	case 0:
		return
	case 1:
		stack[0] = w.fromJS(results[0], ret)
		return
	}
	// Several results come back as an iterable (V8 iterates it).
	var values []goja.Value
	if obj, ok := ret.(*goja.Object); ok {
		if err := w.h.rt.ExportTo(obj, &values); err != nil {
			panic(w.h.rt.NewTypeError("multi-return value must be iterable"))
		}
	} else {
		panic(w.h.rt.NewTypeError("multi-return value must be iterable"))
	}
	if len(values) != len(results) {
		panic(w.h.rt.NewTypeError("multi-return length mismatch"))
	}
	for i, t := range results {
		stack[i] = w.fromJS(t, values[i])
	}
}

// wasmFuncKey names a wasm function: its instance's module name and
// function index (or a table slot).
type wasmFuncKey struct {
	module string
	index  uint32
}

// jsFunction returns the JS function for the wasm function fn (key names
// it in w.functions): named by its function index, as V8 names it, with
// its parameter count as length. fresh looks fn up again, for a call made
// while fn is running.
func (w *wasmHost) jsFunction(key wasmFuncKey, fn api.Function, fresh func() api.Function) goja.Value {
	def := fn.Definition()
	if v, ok := w.functions[key]; ok {
		return v
	}
	params, results := def.ParamTypes(), def.ResultTypes()
	busy := false
	call := func(c goja.FunctionCall) goja.Value {
		f := fn
		if busy {
			// A call from inside this function (through a JS import):
			// an api.Function is not reentrant.
			f = fresh()
		} else {
			busy = true
			defer func() { busy = false }()
		}
		stack := make([]uint64, max(len(params), len(results)))
		for i, t := range params {
			stack[i] = w.fromJS(t, c.Argument(i))
		}
		ctx, done := w.callContext()
		err := f.CallWithStack(ctx, stack)
		done()
		var exit *sys.ExitError
		if errors.As(err, &exit) && exit.ExitCode() == sys.ExitCodeContextCanceled {
			// The Interrupter stopped it, next to Runtime.Interrupt:
			// returning lets goja raise that interrupt (with its cause)
			// at the next instruction.
			return goja.Undefined()
		}
		if err != nil {
			w.throwCallError(err)
		}
		switch len(results) {
		case 0:
			return goja.Undefined()
		case 1:
			return w.toJS(results[0], stack[0])
		}
		out := make([]any, len(results))
		for i, t := range results {
			out[i] = w.toJS(t, stack[i])
		}
		return w.h.rt.NewArray(out...)
	}
	v := w.h.function(fmt.Sprint(def.Index()), len(params), call)
	w.functions[key] = v
	return v
}

// callContext is the context of a call into wasm: the outermost call's
// can be cancelled by the Interrupter; nested calls (wasm → JS → wasm)
// share it.
func (w *wasmHost) callContext() (context.Context, func()) {
	in := w.h.opts.Interrupter
	if in == nil || w.depth > 0 {
		w.depth++
		return w.callCtx(), func() { w.depth-- }
	}
	ctx, cancel := context.WithCancel(w.ctx)
	in.mu.Lock()
	in.cancel = cancel
	in.mu.Unlock()
	w.depth++
	w.outer = ctx
	return ctx, func() {
		w.depth--
		w.outer = nil
		in.mu.Lock()
		in.cancel = nil
		in.mu.Unlock()
		cancel()
	}
}

// callCtx is the context nested calls run in.
func (w *wasmHost) callCtx() context.Context {
	if w.outer != nil {
		return w.outer
	}
	return w.ctx
}

// isWasmTrap reports whether err is a trap (or a JS exception) from running
// wasm code, not a link failure.
func isWasmTrap(err error) bool {
	var thrown *wasmJSThrow
	return errors.As(err, &thrown) || strings.HasPrefix(err.Error(), "wasm error: ")
}

// v8TrapMessages maps wazero's trap messages to V8's.
var v8TrapMessages = map[string]string{
	"unreachable":                   "unreachable",
	"integer divide by zero":        "divide by zero",
	"integer overflow":              "divide result unrepresentable",
	"out of bounds memory access":   "memory access out of bounds",
	"invalid conversion to integer": "float unrepresentable in integer range",
	"invalid table access":          "table index is out of bounds",
	"indirect call type mismatch":   "null function or function signature mismatch",
	"unaligned atomic":              "operation does not support unaligned accesses",
	"null reference":                "dereferencing a null pointer",
}

// throwCallError rethrows what ended a wasm call: the JS import's
// exception as it was, a trap as a RuntimeError with V8's message.
func (w *wasmHost) throwCallError(err error) {
	var thrown *wasmJSThrow
	if errors.As(err, &thrown) {
		if ex, ok := thrown.err.(*goja.Exception); ok {
			panic(ex)
		}
		panic(thrown.err)
	}
	msg := err.Error()
	if rest, ok := strings.CutPrefix(msg, "wasm error: "); ok {
		msg, _, _ = strings.Cut(rest, "\n")
		if msg == "stack overflow" {
			w.throwBuiltin("RangeError", "Maximum call stack size exceeded")
		}
		if v8, ok := v8TrapMessages[msg]; ok {
			msg = v8
		}
	} else {
		msg, _, _ = strings.Cut(msg, "\n")
	}
	w.throw(w.runtimeError, msg)
}

// toJS converts a wasm value to JS as V8 does (ToJSValue).
func (w *wasmHost) toJS(t api.ValueType, bits uint64) goja.Value {
	switch t {
	case api.ValueTypeI32:
		return w.h.rt.ToValue(int32(uint32(bits)))
	case api.ValueTypeI64:
		return w.h.rt.ToValue(big.NewInt(int64(bits)))
	case api.ValueTypeF32:
		return w.h.rt.ToValue(float64(math.Float32frombits(uint32(bits))))
	case api.ValueTypeF64:
		return w.h.rt.ToValue(math.Float64frombits(bits))
	}
	panic(w.h.rt.NewTypeError("type incompatibility when transforming from/to JS"))
}

// fromJS converts a JS value to a wasm value as V8 does (ToWebAssemblyValue).
func (w *wasmHost) fromJS(t api.ValueType, v goja.Value) uint64 {
	switch t {
	case api.ValueTypeI32:
		return uint64(uint32(toInt32(v.ToFloat())))
	case api.ValueTypeI64:
		return uint64(w.toBigInt64(v))
	case api.ValueTypeF32:
		return uint64(math.Float32bits(float32(v.ToFloat())))
	case api.ValueTypeF64:
		return math.Float64bits(v.ToFloat())
	}
	panic(w.h.rt.NewTypeError("type incompatibility when transforming from/to JS"))
}

// toInt32 is ECMAScript's ToInt32 on a number.
func toInt32(f float64) int32 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	f = math.Mod(math.Trunc(f), 4294967296)
	if f < 0 {
		f += 4294967296
	}
	return int32(uint32(f))
}

// toBigInt64 is ECMAScript's ToBigInt64: a BigInt (or boolean, or a
// numeric string) wrapped to 64 bits; a Number is a TypeError.
func (w *wasmHost) toBigInt64(v goja.Value) int64 {
	var n *big.Int
	switch x := v.Export().(type) {
	case *big.Int:
		n = x
	case bool:
		n = big.NewInt(int64(boolByte(x)))
	case string:
		var ok bool
		if n, ok = new(big.Int).SetString(strings.TrimSpace(x), 0); !ok {
			w.throwBuiltin("SyntaxError", "Cannot convert "+x+" to a BigInt")
		}
	default:
		panic(w.h.rt.NewTypeError(fmt.Sprintf("Cannot convert %s to a BigInt", v.String())))
	}
	return new(big.Int).And(n, new(big.Int).SetUint64(math.MaxUint64)).Int64()
}

// memoryObject returns the WebAssembly.Memory for mem, the same object each
// time the memory is seen.
func (w *wasmHost) memoryObject(owner api.Module, export string, mem api.Memory) goja.Value {
	if m, ok := w.memories[mem]; ok {
		return m.obj
	}
	m := &wasmMemory{owner: owner, export: export, mem: mem}
	w.watchGrowth(m)
	w.memories[mem] = m
	obj, err := w.wrapMemory(goja.Undefined(), w.h.rt.ToValue(m))
	if err != nil {
		panic(err)
	}
	m.obj = obj.ToObject(w.h.rt)
	return m.obj
}

// newMemory is wasm.newMemory(obj, initial, maximum, shared) → handle of a
// new memory (maximum < 0: none) for the WebAssembly.Memory obj.
func (w *wasmHost) newMemory(call goja.FunctionCall) goja.Value {
	obj := call.Argument(0).ToObject(w.h.rt)
	initial := uint32(call.Argument(1).ToInteger())
	maximum := call.Argument(2).ToInteger()
	shared := call.Argument(3).ToBoolean()
	var e wasmEncoder
	e.section(5, 1, appendLimits(nil, shared, initial, maximum))
	e.section(7, 1, append(appendName(nil, "memory"), externMemory, 0))
	mod, err := w.wazeroRuntime().InstantiateWithConfig(w.instantiateCtx(w.ctx), e.bytes(), wazero.NewModuleConfig().WithName(w.nextName("memory")).WithStartFunctions())
	if err != nil {
		w.throwBuiltin("RangeError", "WebAssembly.Memory(): could not allocate memory: "+err.Error())
	}
	w.recordMemory(mod)
	mem := mod.ExportedMemory("memory")
	m := &wasmMemory{owner: mod, export: "memory", mem: mem, shared: shared, obj: obj}
	w.watchGrowth(m)
	w.memories[mem] = m
	return w.h.rt.ToValue(m)
}

// watchGrowth detaches m's buffer whenever the memory grows.
func (w *wasmHost) watchGrowth(m *wasmMemory) {
	if l := w.linear[m.mem]; l != nil {
		l.onGrow = m.detachBuffer
	}
}

// detachBuffer detaches the ArrayBuffer memory.buffer gave, if any.
func (m *wasmMemory) detachBuffer() {
	if m.bufObj != nil {
		m.buf.Detach()
		m.bufObj = nil
	}
}

func (w *wasmHost) memoryArg(v goja.Value) *wasmMemory {
	m, ok := v.Export().(*wasmMemory)
	if !ok {
		panic(w.h.rt.NewTypeError("not a WebAssembly.Memory handle"))
	}
	return m
}

// memoryBuffer is wasm.memoryBuffer(handle) → the memory's ArrayBuffer,
// the same object until the memory grows (from JS or from wasm code), when
// V8 detaches it and makes a new one.
func (w *wasmHost) memoryBuffer(call goja.FunctionCall) goja.Value {
	m := w.memoryArg(call.Argument(0))
	data, _ := m.mem.Read(0, m.mem.Size())
	if m.bufObj != nil {
		cur := m.buf.Bytes()
		if len(cur) == len(data) && unsafe.SliceData(cur) == unsafe.SliceData(data) {
			return m.bufObj
		}
		m.buf.Detach()
	}
	m.buf = w.h.rt.NewArrayBuffer(data[:len(data):len(data)])
	m.bufObj = w.h.rt.ToValue(m.buf)
	return m.bufObj
}

// memoryGrow is wasm.memoryGrow(handle, delta) → the previous size in
// pages; the old buffer is detached even when delta is 0, as in V8.
func (w *wasmHost) memoryGrow(call goja.FunctionCall) goja.Value {
	m := w.memoryArg(call.Argument(0))
	delta := call.Argument(1).ToInteger()
	if delta < 0 || delta > math.MaxUint32 {
		panic(w.h.rt.NewTypeError("WebAssembly.Memory.grow(): Argument 0 must be convertible to a valid number"))
	}
	prev, ok := m.mem.Grow(uint32(delta))
	if !ok {
		w.throwBuiltin("RangeError", "WebAssembly.Memory.grow(): Maximum memory size exceeded")
	}
	m.detachBuffer() // also when delta is 0, which does not reallocate
	return w.h.rt.ToValue(prev)
}

// globalObject returns the WebAssembly.Global for g, the same object each
// time the global is seen.
func (w *wasmHost) globalObject(owner api.Module, export string, g api.Global) goja.Value {
	if wg, ok := w.globals[g]; ok {
		return wg.obj
	}
	wg := &wasmGlobal{owner: owner, export: export, g: g}
	w.globals[g] = wg
	obj, err := w.wrapGlobal(goja.Undefined(), w.h.rt.ToValue(wg))
	if err != nil {
		panic(err)
	}
	wg.obj = obj.ToObject(w.h.rt)
	return wg.obj
}

// wasmTable is an exported table or one JS made (a WebAssembly.Table's
// handle). wasm_table.go writes to it through helper modules.
type wasmTable struct {
	owner     api.Module
	export    string // its export name in owner
	index     uint32
	typ       wasmTableType
	funcTypes []wasmFuncType // the types a slot's function is looked up by
	ops       api.Module     // size/grow/setNull helper, made on first use
	setters   map[string]api.Function
	stored    map[uint32]goja.Value // what JS stored, by slot (null or a JS function)
}

func (w *wasmHost) tableArg(v goja.Value) *wasmTable {
	t, ok := v.Export().(*wasmTable)
	if !ok {
		panic(w.h.rt.NewTypeError("not a WebAssembly.Table handle"))
	}
	return t
}

// tableLength is wasm.tableLength(handle).
func (w *wasmHost) tableLength(call goja.FunctionCall) goja.Value {
	return w.h.rt.ToValue(w.tableSize(w.tableArg(call.Argument(0))))
}

// tableGet is wasm.tableGet(handle, index) → the function in the slot, or
// null. wazero looks a slot up by its expected type, so each of the
// module's function types is tried.
func (w *wasmHost) tableGet(call goja.FunctionCall) goja.Value {
	t := w.tableArg(call.Argument(0))
	i := call.Argument(1).ToInteger()
	if size := w.tableSize(t); i < 0 || i >= int64(size) {
		w.throwBuiltin("RangeError", fmt.Sprintf("WebAssembly.Table.get(): invalid index %d into funcref table of size %d", i, size))
	}
	if v, ok := t.stored[uint32(i)]; ok {
		if goja.IsUndefined(v) {
			return goja.Null()
		}
		return v
	}
	if t.typ.elem != 0x70 /* funcref */ {
		panic(w.h.rt.NewTypeError("WebAssembly.Table.get(): externref tables are not supported"))
	}
	lookup := func(ft wasmFuncType) (f api.Function, null bool) {
		defer func() {
			if r := recover(); r != nil {
				null = fmt.Sprint(r) == "invalid table access"
			}
		}()
		return table.LookupFunction(t.owner, t.index, uint32(i), ft.params, ft.results), false
	}
	for _, ft := range t.funcTypes {
		f, null := lookup(ft)
		if null {
			return goja.Null()
		}
		if f != nil {
			// By slot: which module's function index f has is not known.
			return w.jsFunction(wasmFuncKey{t.owner.Name() + "/table", uint32(i)}, f, func() api.Function { f, _ := lookup(ft); return f })
		}
	}
	return goja.Null()
}

// wasmValueTypes are the value types JS can name in a Global descriptor.
var wasmValueTypes = map[string]api.ValueType{
	"i32": api.ValueTypeI32, "i64": api.ValueTypeI64, "f32": api.ValueTypeF32, "f64": api.ValueTypeF64,
}

// newGlobal is wasm.newGlobal(obj, type, mutable, value) → handle of a new
// global for the WebAssembly.Global obj.
func (w *wasmHost) newGlobal(call goja.FunctionCall) goja.Value {
	t, ok := wasmValueTypes[call.Argument(1).String()]
	if !ok {
		panic(w.h.rt.NewTypeError("WebAssembly.Global(): Descriptor property 'value' must be a WebAssembly type"))
	}
	g := w.makeGlobal(call.Argument(0).ToObject(w.h.rt), t, call.Argument(2).ToBoolean(), call.Argument(3))
	return w.h.rt.ToValue(g)
}

// makeGlobal instantiates a module holding one global of type t set to v
// (undefined: zero). obj is its JS object, nil for a value an import
// object gave, which JS never sees as a Global.
func (w *wasmHost) makeGlobal(obj *goja.Object, t api.ValueType, mutable bool, v goja.Value) *wasmGlobal {
	var bits uint64
	if !goja.IsUndefined(v) {
		bits = w.fromJS(t, v)
	}
	init := []byte{byte(t), boolByte(mutable)}
	switch t {
	case api.ValueTypeI32:
		init = appendS64(append(init, 0x41), int64(int32(uint32(bits))))
	case api.ValueTypeI64:
		init = appendS64(append(init, 0x42), int64(bits))
	case api.ValueTypeF32:
		init = append(init, 0x43, byte(bits), byte(bits>>8), byte(bits>>16), byte(bits>>24))
	case api.ValueTypeF64:
		init = append(init, 0x44)
		for i := range 8 {
			init = append(init, byte(bits>>(8*i)))
		}
	}
	init = append(init, 0x0b) // end
	var e wasmEncoder
	e.section(6, 1, init)
	e.section(7, 1, append(appendName(nil, "global"), externGlobal, 0))
	mod, err := w.wazeroRuntime().InstantiateWithConfig(w.ctx, e.bytes(), wazero.NewModuleConfig().WithName(w.nextName("global")).WithStartFunctions())
	if err != nil {
		w.throwBuiltin("TypeError", "WebAssembly.Global(): "+err.Error())
	}
	g := mod.ExportedGlobal("global")
	wg := &wasmGlobal{owner: mod, export: "global", g: g, obj: obj}
	w.globals[g] = wg
	return wg
}

func (w *wasmHost) globalArg(v goja.Value) *wasmGlobal {
	g, ok := v.Export().(*wasmGlobal)
	if !ok {
		panic(w.h.rt.NewTypeError("not a WebAssembly.Global handle"))
	}
	return g
}

// globalGet is wasm.globalGet(handle) → the value.
func (w *wasmHost) globalGet(call goja.FunctionCall) goja.Value {
	g := w.globalArg(call.Argument(0))
	return w.toJS(g.g.Type(), g.g.Get())
}

// globalSet is wasm.globalSet(handle, value).
func (w *wasmHost) globalSet(call goja.FunctionCall) goja.Value {
	g := w.globalArg(call.Argument(0))
	mg, ok := g.g.(api.MutableGlobal)
	if !ok {
		panic(w.h.rt.NewTypeError("set WebAssembly.Global.value: Can't set the value of an immutable global."))
	}
	mg.Set(w.fromJS(g.g.Type(), call.Argument(1)))
	return goja.Undefined()
}

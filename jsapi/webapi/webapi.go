package webapi

import (
	"embed"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/dop251/goja"
)

// Timers schedules host callbacks for AbortSignal.timeout.
type Timers interface {
	// SetTimeout runs fn on the loop that owns the runtime after ms
	// milliseconds and returns a func that cancels it. The timer should not
	// keep the loop alive by itself: Node unrefs AbortSignal.timeout's timer.
	SetTimeout(fn func(), ms int64) (cancel func())
}

// Options configures Install. The zero value discards console output, makes
// AbortSignal.timeout throw NotSupportedError and drops reported errors.
type Options struct {
	// Console receives every console.* line, already formatted, with level
	// one of "log", "info", "debug", "warn", "error" or "trace"; nil discards.
	Console func(level, msg string)
	// Timers lets AbortSignal.timeout schedule; nil makes AbortSignal.timeout
	// throw a NotSupportedError DOMException.
	Timers Timers
	// ReportError receives exceptions the web platform reports instead of
	// throwing: from queueMicrotask callbacks, event listeners (onabort
	// included), timers and reportError(). nil sends them to Console at level
	// "error" as "Uncaught " followed by the inspected value.
	ReportError func(ex *goja.Exception)
	// Interrupter, when set, lets the runtime's owner stop running
	// WebAssembly code: goja's Runtime.Interrupt does not reach a loop in
	// wasm. Call Interrupter.Interrupt next to Runtime.Interrupt.
	Interrupter *Interrupter
	// LowerFunctionBody turns the body of a sloppy function (a script that
	// may return) using syntax goja cannot run into one it can, as the
	// bundler lowers extensions; the AsyncGeneratorFunction constructor
	// compiles its source through it. nil makes that constructor throw
	// "not supported".
	LowerFunctionBody func(src string) (string, error)
}

// ErrInstalled is returned by Install when the runtime already has the globals.
var ErrInstalled = errors.New("webapi already installed")

// Install defines the globals on rt. Loop only: call it on the goroutine that
// owns rt. Existing globals of the same names (such as the stdout console of a
// goja_nodejs event loop) are replaced.
func Install(rt *goja.Runtime, opts Options) error {
	mods, err := compiledModules()
	if err != nil {
		return fmt.Errorf("install webapi: %w", err)
	}
	global := rt.GlobalObject()
	if v := global.GetSymbol(internalKey); v != nil && !goja.IsUndefined(v) {
		return fmt.Errorf("install webapi: %w", ErrInstalled)
	}
	h := &host{rt: rt, opts: opts, internal: rt.NewObject(), start: time.Now()}
	if err := h.internal.Set("consoleEnabled", opts.Console != nil); err != nil {
		return fmt.Errorf("install webapi: %w", err)
	}
	// Go globals first, so the JS modules can see them on internal.
	if ex := rt.Try(h.defineGoGlobals); ex != nil {
		return fmt.Errorf("install webapi: globals: %w", ex)
	}
	for _, m := range mods {
		names, isLazy := lazyModules[m.name]
		internalNames, isLazyInternal := lazyInternal[m.name]
		props, hasProps := lazyProps[m.name]
		if isLazy || isLazyInternal || hasProps {
			if ex := rt.Try(func() { h.defineLazy(m, names, internalNames, props) }); ex != nil {
				return fmt.Errorf("install webapi: %s: %w", m.name, ex)
			}
			continue
		}
		if err := h.runModule(m); err != nil {
			return fmt.Errorf("install webapi: run %s: %w", m.name, err)
		}
	}
	// The internal object is how Go entry points (NewAbortController,
	// Inspect) find this runtime's classes even if a plugin replaced the
	// globals; a symbol key keeps it out of ordinary property listings.
	if err := global.DefineDataPropertySymbol(internalKey, h.internal, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE); err != nil {
		return fmt.Errorf("install webapi: %w", err)
	}
	return nil
}

// InstallRegExp gives rt webapi's RegExp alone (Unicode property escapes,
// the v and d flags, V8's source text), for a runtime that gets no other
// web API: codemode's sandbox, whose scripts pi runs in QuickJS, which has
// them. Loop only; before the runtime is locked down.
func InstallRegExp(rt *goja.Runtime) error {
	mods, err := compiledModules()
	if err != nil {
		return fmt.Errorf("install RegExp: %w", err)
	}
	for _, m := range mods {
		if m.name == "regexp.js" {
			// As a lazy module's first use: its global is defined.
			h := &host{rt: rt, internal: rt.NewObject(), start: time.Now(), lazy: map[string]bool{"RegExp": true}}
			if err := h.runModule(m); err != nil {
				return fmt.Errorf("install RegExp: %w", err)
			}
			return nil
		}
	}
	return errors.New("install RegExp: no regexp.js")
}

// internalKey names the hidden global property holding a runtime's internal
// object. A goja symbol is immutable and may be shared by runtimes.
var internalKey = goja.NewSymbol("pigo.webapi.internal")

//go:embed *.js
var sources embed.FS

// module is one JS source. Its program evaluates to a function(internal)
// that returns an object of globals to define; it reads the helpers and
// earlier modules' classes from internal.
type module struct {
	name string
	// prog compiles the source on first call, once per process; the
	// program is immutable and shared by every runtime. A lazy module
	// (lazyModules) compiles when a runtime first uses it: most
	// processes never do.
	prog func() (*goja.Program, error)
}

// compiledModules lists the JS sources in the order they run, once per
// process.
var compiledModules = sync.OnceValues(func() ([]module, error) {
	// Order matters: each file may use what the previous ones exported.
	names := []string{"regexp.js", "lang.js", "setmethods.js", "iterator.js", "memory.js", "domexception.js", "event.js", "abort.js", "encoding.js", "url.js", "blob.js", "clone.js", "messaging.js", "streams.js", "webassembly.js", "inspect.js", "console.js"}
	mods := make([]module, 0, len(names))
	for _, name := range names {
		mods = append(mods, module{name: name, prog: sync.OnceValues(func() (*goja.Program, error) {
			// Read here, not kept: the program holds a copy of its own.
			src, err := sources.ReadFile(name)
			if err != nil {
				return nil, fmt.Errorf("read %s: %w", name, err)
			}
			prog, err := goja.Compile("pigo:webapi/"+name, string(src), true)
			if err != nil {
				return nil, fmt.Errorf("compile %s: %w", name, err)
			}
			return prog, nil
		})})
	}
	return mods, nil
})

// lazyModules run on first use of one of the globals they export (listed
// here, checked by a test): most plugins never touch them, and running
// them costs every new runtime. console and the event classes are lazy
// too: a plugin's load rarely logs or makes a signal, and the first use
// (from JS or through internal) runs them before it is answered.
var lazyModules = map[string][]string{
	"regexp.js":       {"RegExp"},
	"memory.js":       {"WeakRef", "FinalizationRegistry", "SharedArrayBuffer", "Atomics"},
	"iterator.js":     {"Iterator"},
	"domexception.js": {"DOMException"},
	"event.js":        {"Event", "CustomEvent", "EventTarget"},
	"abort.js":        {"AbortController", "AbortSignal"},
	"console.js":      {"console"},
	"encoding.js":     {"TextEncoder", "TextDecoder"},
	"url.js":          {"URL", "URLSearchParams"},
	"clone.js":        {"structuredClone"},
	"blob.js":         {"Blob", "File", "FormData", "Navigator", "navigator"},
	"messaging.js":    {"MessageEvent", "MessagePort", "MessageChannel", "BroadcastChannel"},
	"streams.js": {"CountQueuingStrategy", "ByteLengthQueuingStrategy", "WritableStream", "WritableStreamDefaultWriter",
		"WritableStreamDefaultController", "TransformStream", "TransformStreamDefaultController", "TextEncoderStream",
		"TextDecoderStream", "CompressionStream", "DecompressionStream"},
	"webassembly.js": {"WebAssembly"},
}

// lazyInternal lists the helpers lazy modules assign to internal for
// other modules and Go (inspect.js's, which console.js, the reported-error
// path and node:util read; abort.js's, which NewAbortController uses;
// event.js's dispatch, which abort.js uses): those names are accessors on
// internal that run the module on first read. inspect.js defines no
// globals at all.
var lazyInternal = map[string][]string{
	"inspect.js": {"inspect", "format", "internalFrame"},
	"abort.js":   {"newAbortController", "abortSignal"},
	"event.js":   {"dispatch"},
}

// lazyProps lists the properties lazy modules add to (or replace on)
// built-in prototypes: each is an accessor on its prototype until a first
// read of any of them (or of the module's globals) runs the module, which
// defines them. An accessor costs a function object (~700 bytes) per name
// in every runtime, about what the method it stands for would: laziness
// pays where the module's other work (closures, built-ins it makes goja
// build) is what most runtimes never need.
var lazyProps = map[string][]lazyProp{
	// regexp.js replaces the constructor, which a literal reaches through
	// its prototype without reading the global (/x/.constructor), and adds
	// the getters goja lacks. Its source, flags and toString differ from
	// goja's only for the regexps its constructor makes, so they need no
	// trigger.
	"regexp.js": {{target: regExpPrototype, names: []string{"unicodeSets", "hasIndices"}, replace: []string{"constructor"}}},
	"setmethods.js": {{target: setPrototype, names: []string{"union", "intersection", "difference", "symmetricDifference",
		"isSubsetOf", "isSupersetOf", "isDisjointFrom"}}},
	"iterator.js": {{target: iteratorPrototype, names: []string{"map", "filter", "take", "drop", "flatMap", "reduce",
		"toArray", "forEach", "some", "every", "find"}}},
}

// lazyProp is the names a lazy module defines on one built-in object:
// names it adds where goja lacks them, and replace, built-in properties it
// redefines (each an accessor until the module runs, then restored for the
// module to redefine).
type lazyProp struct {
	target  func(*goja.Runtime) *goja.Object
	names   []string
	replace []string
}

// regExpPrototype is RegExp.prototype, read while the global is still
// goja's RegExp (Install defines the lazy globals after the props).
func regExpPrototype(rt *goja.Runtime) *goja.Object {
	return rt.Get("RegExp").ToObject(rt).Get("prototype").ToObject(rt)
}

func setPrototype(rt *goja.Runtime) *goja.Object {
	return rt.Get("Set").ToObject(rt).Get("prototype").ToObject(rt)
}

// iteratorPrototype is %IteratorPrototype%, the prototype of the array
// iterator's prototype.
func iteratorPrototype(rt *goja.Runtime) *goja.Object {
	values, ok := goja.AssertFunction(rt.NewArray().GetSymbol(goja.SymIterator))
	if !ok {
		panic(errors.New("Array.prototype[Symbol.iterator] is not a function"))
	}
	it, err := values(rt.NewArray())
	if err != nil {
		panic(err)
	}
	return it.ToObject(rt).Prototype().Prototype()
}

// onInternal lists the lazy modules whose exports other modules read from
// internal (blob.js and streams.js use TextEncoder, TextDecoder and
// URLSearchParams there, event.js DOMException, abort.js EventTarget):
// their names are accessors on internal too.
// blob.js's are not: clone.js tests internal.Blob to see whether a Blob
// can exist yet, which must not run blob.js.
var onInternal = map[string]bool{"encoding.js": true, "url.js": true, "clone.js": true,
	"domexception.js": true, "event.js": true, "abort.js": true}

// host is the per-runtime state behind the Go helpers. Loop only.
type host struct {
	rt       *goja.Runtime
	opts     Options
	internal *goja.Object
	start    time.Time // time origin of performance.now
	// lazy holds the globals of lazy modules not yet run or assigned.
	lazy map[string]bool
	// sourceTexts: Function.prototype.toString consults lang.js's source
	// texts (useSourceTexts).
	sourceTexts bool
}

// defineLazy defines m's globals as accessors that run m on first read; an
// assignment replaces the accessor, as for any global. For the modules in
// onInternal the same names on internal are accessors too, as are
// internalNames, so a module reading internal.TextEncoder runs encoding.js
// first; running m replaces them with its values.
func (h *host) defineLazy(m module, names, internalNames []string, props []lazyProp) {
	if h.lazy == nil {
		h.lazy = map[string]bool{}
	}
	global := h.rt.GlobalObject()
	onInternalNames := internalNames
	if onInternal[m.name] {
		onInternalNames = append(append([]string(nil), names...), internalNames...)
	}
	var ran bool
	// unset removes the prototype accessors still in place, so that the
	// module (which defines only what is missing) defines them.
	var unset []func()
	run := func() {
		if ran {
			return
		}
		ran = true
		for _, f := range unset {
			f()
		}
		if err := h.runModule(m); err != nil {
			panic(h.rt.NewGoError(fmt.Errorf("webapi %s: %w", m.name, err)))
		}
	}
	// A name that is both a global and on internal gets one accessor for
	// both, which tells them apart by its this.
	shared := map[string]*goja.Object{}
	for _, name := range onInternalNames {
		// The module assigns some of these itself (internal.inspect = ...).
		getInternal := func() goja.Value {
			run()
			return h.internal.Get(name)
		}
		setInternal := func(v goja.Value) {
			must(h.internal.DefineDataProperty(name, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE))
		}
		var acc *goja.Object
		if slices.Contains(names, name) {
			acc = h.accessor(func(this goja.Value) goja.Value {
				if h.isInternal(this) {
					return getInternal()
				}
				run()
				return global.Get(name)
			}, func(this, v goja.Value) {
				if h.isInternal(this) {
					setInternal(v)
					return
				}
				delete(h.lazy, name)
				h.defineGlobal(name, v)
			})
			shared[name] = acc
		} else {
			acc = h.accessor(func(goja.Value) goja.Value { return getInternal() }, func(_, v goja.Value) { setInternal(v) })
		}
		must(h.internal.DefineAccessorProperty(name, acc, acc, goja.FLAG_TRUE, goja.FLAG_TRUE))
	}
	for _, p := range props {
		target := p.target(h.rt)
		for _, name := range p.names {
			if target.Get(name) != nil {
				continue // goja has it: the module leaves it alone
			}
			acc := h.accessor(func(this goja.Value) goja.Value {
				run()
				return propertyOf(this, target, name)
			}, func(this, v goja.Value) {
				// What assigning to the method would do: on the
				// prototype, a new value of the same non-enumerable
				// property; through an instance, an own property there.
				obj, ok := this.(*goja.Object)
				switch {
				case ok && obj.SameAs(target):
					must(target.DefineDataProperty(name, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE))
				case ok:
					must(obj.DefineDataProperty(name, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE))
				}
			})
			must(target.DefineAccessorProperty(name, acc, acc, goja.FLAG_TRUE, goja.FLAG_FALSE))
			unset = append(unset, func() {
				if h.ownGetter(target, name) == acc {
					must(target.Delete(name))
				}
			})
		}
		for _, name := range p.replace {
			orig := target.Get(name)
			acc := h.accessor(func(this goja.Value) goja.Value {
				run()
				return propertyOf(this, target, name)
			}, func(this, v goja.Value) {
				// The module redefines the property: run it first, so
				// that the assignment wins as it would have.
				run()
				if obj, ok := this.(*goja.Object); ok {
					must(obj.Set(name, v))
				}
			})
			must(target.DefineAccessorProperty(name, acc, acc, goja.FLAG_TRUE, goja.FLAG_FALSE))
			unset = append(unset, func() {
				if h.ownGetter(target, name) == acc {
					must(target.DefineDataProperty(name, orig, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE))
				}
			})
		}
	}
	for _, name := range names {
		h.lazy[name] = true
		if acc := shared[name]; acc != nil {
			must(global.DefineAccessorProperty(name, acc, acc, goja.FLAG_TRUE, goja.FLAG_FALSE))
			continue
		}
		acc := h.accessor(func(goja.Value) goja.Value {
			run()
			return global.Get(name)
		}, func(_, v goja.Value) {
			delete(h.lazy, name)
			h.defineGlobal(name, v)
		})
		must(global.DefineAccessorProperty(name, acc, acc, goja.FLAG_TRUE, goja.FLAG_FALSE))
	}
}

// accessor makes a lazy property's getter and setter as one function: goja
// calls a getter with no arguments and a setter with one, and a function
// per name instead of two halves what the ~70 lazy names cost every
// runtime. Unlike function it keeps goja's name for it: nothing that
// matters sees an accessor of a lazy global (Node's globals are data
// properties), and redefining name and length would cost as much again.
// get and set receive the this value.
func (h *host) accessor(get func(this goja.Value) goja.Value, set func(this, v goja.Value)) *goja.Object {
	return h.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		if len(c.Arguments) == 0 {
			return get(c.This)
		}
		set(c.This, c.Arguments[0])
		return goja.Undefined()
	}).(*goja.Object)
}

// propertyOf reads name as the property access that met a lazy
// prototype accessor would have once the module ran: on this when it is an
// object (a getter the module defines sees the instance), else on target.
func propertyOf(this goja.Value, target *goja.Object, name string) goja.Value {
	if obj, ok := this.(*goja.Object); ok {
		return obj.Get(name)
	}
	return target.Get(name)
}

// isInternal reports whether v is the internal object.
func (h *host) isInternal(v goja.Value) bool {
	obj, ok := v.(*goja.Object)
	return ok && obj.SameAs(h.internal)
}

// ownGetter returns the getter of obj's own accessor property name, or
// nil.
func (h *host) ownGetter(obj *goja.Object, name string) *goja.Object {
	getDesc, _ := goja.AssertFunction(h.rt.Get("Object").ToObject(h.rt).Get("getOwnPropertyDescriptor"))
	d, err := getDesc(goja.Undefined(), obj, h.rt.ToValue(name))
	if err != nil || goja.IsUndefined(d) {
		return nil
	}
	get, _ := d.ToObject(h.rt).Get("get").(*goja.Object)
	return get
}

func (h *host) runModule(m module) error {
	prog, err := m.prog()
	if err != nil {
		return err
	}
	if ex := h.rt.Try(func() { h.defineHelpers(m.name) }); ex != nil {
		return ex
	}
	v, err := h.rt.RunProgram(prog)
	if err != nil {
		return err
	}
	fn, ok := goja.AssertFunction(v)
	if !ok {
		return fmt.Errorf("%s does not evaluate to a function", m.name)
	}
	exports, err := fn(goja.Undefined(), h.internal)
	if err != nil {
		return err
	}
	if ex := h.rt.Try(func() {
		obj := exports.ToObject(h.rt)
		_, isLazy := lazyModules[m.name]
		for _, k := range obj.Keys() {
			v := obj.Get(k)
			must(h.internal.DefineDataProperty(k, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE))
			// A lazy module's global the plugin assigned meanwhile stays.
			if isLazy && !h.lazy[k] {
				continue
			}
			delete(h.lazy, k)
			h.defineGlobal(k, v)
		}
	}); ex != nil {
		return ex
	}
	return nil
}

// defineGlobal defines name like WebIDL does: writable, configurable and not
// enumerable. It replaces an existing configurable property. It panics with a
// JS error on failure, so call it inside rt.Try or a JS-called function.
func (h *host) defineGlobal(name string, v any) {
	if err := h.rt.GlobalObject().DefineDataProperty(name, h.rt.ToValue(v), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		panic(err)
	}
}

// helpers are the Go helpers the JS modules call, by name.
var helpers = map[string]func(*host, goja.FunctionCall) goja.Value{
	"invoke":                (*host).invoke,
	"reportError":           (*host).reportErrorValue,
	"setTimeout":            (*host).setTimeout,
	"now":                   (*host).now,
	"sink":                  (*host).sink,
	"promiseState":          (*host).promiseState,
	"utf8Encode":            (*host).utf8Encode,
	"utf8EncodeInto":        (*host).utf8EncodeInto,
	"newUTF8Decoder":        (*host).newUTF8Decoder,
	"utf8Decode":            (*host).utf8Decode,
	"detachArrayBuffer":     (*host).detachArrayBuffer,
	"urlParse":              (*host).urlParse,
	"urlParts":              (*host).urlParts,
	"urlSet":                (*host).urlSet,
	"formParse":             (*host).formParse,
	"formEncode":            (*host).formEncode,
	"toUSVString":           (*host).toUSVString,
	"regexpExpand":          (*host).regexpExpand,
	"regexpIndices":         (*host).regexpIndices,
	"weakRefTarget":         (*host).weakRefTarget,
	"atomicsSleep":          (*host).atomicsSleep,
	"arrayBufferDetached":   (*host).arrayBufferDetached,
	"compileAsyncGenerator": (*host).compileAsyncGenerator,
	"useSourceTexts":        (*host).useSourceTexts,
	"navigatorInfo":         (*host).navigatorInfo,
	"newCompressor":         (*host).newCompressor,
	"newDecompressor":       (*host).newDecompressor,
	"newLegacyDecoder":      (*host).newLegacyDecoder,
	"legacyDecode":          (*host).legacyDecode,
	"newWasm":               (*host).newWasm,
}

// moduleHelpers lists the Go helpers each module reads from internal
// (TestModuleHelpers checks the sources against it). runModule puts a
// module's helpers on internal before it runs, so a runtime makes only
// the helpers of the modules it ran: a function object each.
var moduleHelpers = map[string][]string{
	"regexp.js":      {"regexpExpand", "regexpIndices"},
	"lang.js":        {"detachArrayBuffer", "arrayBufferDetached", "compileAsyncGenerator", "useSourceTexts"},
	"memory.js":      {"weakRefTarget", "atomicsSleep", "arrayBufferDetached"},
	"event.js":       {"invoke", "reportError", "now"},
	"abort.js":       {"invoke", "setTimeout"},
	"encoding.js":    {"utf8Encode", "utf8EncodeInto", "newUTF8Decoder", "utf8Decode", "newLegacyDecoder", "legacyDecode"},
	"url.js":         {"urlParse", "urlParts", "urlSet", "formParse", "formEncode", "toUSVString"},
	"blob.js":        {"navigatorInfo"},
	"clone.js":       {"detachArrayBuffer"},
	"streams.js":     {"newCompressor", "newDecompressor"},
	"webassembly.js": {"newWasm"},
	"inspect.js":     {"invoke", "promiseState"},
	"console.js":     {"sink", "now"},
}

// defineHelpers puts m's Go helpers on the internal object, those not
// there yet.
func (h *host) defineHelpers(m string) {
	for _, name := range moduleHelpers[m] {
		if h.internal.Get(name) != nil {
			continue
		}
		f := helpers[name]
		fn := h.function(name, 0, func(c goja.FunctionCall) goja.Value { return f(h, c) })
		must(h.internal.DefineDataProperty(name, fn, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE))
	}
}

// defineGoGlobals defines the globals implemented in Go.
func (h *host) defineGoGlobals() {
	h.defineMicrotask()
	h.defineReportError()
	h.defineBase64()
	h.definePerformance()
	h.defineJSONParse()
}

// function wraps f as a JS function with a proper name and length: goja
// would otherwise name it after the Go func.
func (h *host) function(name string, length int, f func(goja.FunctionCall) goja.Value) *goja.Object {
	fn := h.rt.ToValue(f).(*goja.Object)
	must(fn.DefineDataProperty("name", h.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE))
	must(fn.DefineDataProperty("length", h.rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE))
	return fn
}

// must panics with err, for goja calls that only fail on a programming error;
// Install catches the panic with rt.Try.
func must(err error) {
	if err != nil {
		panic(err)
	}
}

// internalOf returns the internal object Install stored on rt, or panics
// with a Go error naming caller when Install has not run.
func internalOf(rt *goja.Runtime, caller string) *goja.Object {
	v := rt.GlobalObject().GetSymbol(internalKey)
	obj, ok := v.(*goja.Object)
	if !ok {
		panic(fmt.Errorf("webapi: %s called on a runtime without Install", caller))
	}
	return obj
}

// internalFunc returns the internal JS function name of rt.
func internalFunc(rt *goja.Runtime, caller, name string) goja.Callable {
	fn, ok := goja.AssertFunction(internalOf(rt, caller).Get(name))
	if !ok {
		panic(fmt.Errorf("webapi: %s: internal %s is not a function", caller, name))
	}
	return fn
}

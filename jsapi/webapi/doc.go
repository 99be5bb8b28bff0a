// Package webapi installs the minimal web-platform globals every pigo plugin
// runtime needs into a *goja.Runtime; it never imports engine (or esbuild):
// it knows about goja and nothing about plugins, generations or policy.
//
// # Globals
//
// [Install] defines, on the global object of one runtime:
//
//   - queueMicrotask, reportError
//   - structuredClone
//   - TextEncoder, TextDecoder (every WHATWG encoding Node 22 decodes)
//   - Event, CustomEvent, EventTarget, DOMException
//   - Blob, File, FormData, navigator
//   - MessageChannel, MessagePort, MessageEvent, BroadcastChannel (within
//     the runtime)
//   - WritableStream, TransformStream, TextEncoderStream, TextDecoderStream,
//     CompressionStream, DecompressionStream, CountQueuingStrategy,
//     ByteLengthQueuingStrategy (ReadableStream comes from the fetch module)
//   - RegExp, replaced by a constructor that expands Unicode property
//     escapes and v-flag class sets, which goja gets wrong or rejects
//     (regexp.go); the bundler turns such literals into new RegExp calls
//   - the language built-ins goja lacks (lang.js): global, Object.groupBy,
//     Map.groupBy, Promise.withResolvers, Array.fromAsync,
//     String.prototype.isWellFormed/toWellFormed,
//     ArrayBuffer.prototype.transfer/detached, Error.captureStackTrace;
//     (setmethods.js) the Set methods where goja lacks them; (iterator.js)
//     Iterator and the iterator helpers on %IteratorPrototype%, accessors
//     there until first read; and (memory.js) WeakRef,
//     FinalizationRegistry, SharedArrayBuffer, Atomics
//   - WebAssembly (Module, Instance, Memory, Global, compile, validate,
//     instantiate, the streaming forms, the error classes) on wazero
//     (wasm.go), made when a runtime first reads the global
//   - AbortController, AbortSignal (abort, timeout, any)
//   - atob, btoa
//   - URL, URLSearchParams (the WHATWG URL Standard as Node 20 has it)
//   - performance (now, timeOrigin)
//   - console, which formats like Node's util.format and util.inspect and
//     hands every line to [Options.Console] instead of writing to stdout
//
// The classes are written in embedded JavaScript (the *.js files next to this
// one). Each file is compiled once per process into a shared *goja.Program and
// run per runtime. Only lang.js, which patches built-ins every program may
// use, runs in Install; every other file runs when the runtime first reads
// one of its globals (an accessor until then, a data property after), one
// of the properties it adds to or replaces on a built-in prototype (an
// accessor there until then: regexp.js runs on a literal's constructor,
// not on every literal) or, from Go and the other files, one of its names
// on the internal object, so a runtime pays only for what its plugin uses; Go helpers do the byte work (utf-8, base64, the URL parser
// and serializer) and everything that needs the host (timers, error
// reporting, the console sink). Go code can make signals with
// [NewAbortController] and render values with [Inspect].
//
// # Threading
//
// A *goja.Runtime belongs to the goroutine of its event loop. Every function
// in this package is "loop only": call it on the goroutine that owns the
// runtime. The callbacks in [Options] are called on that goroutine too.
package webapi

package node

import (
	"embed"
	"errors"
	"fmt"
	"sync"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// The lib modules are the node built-ins written mostly in embedded
// JavaScript (the *.js files next to their Go halves): util, events,
// crypto, url, module, buffer, string_decoder, timers, assert, stream,
// zlib, readline, async_hooks, worker_threads, net, http, dns, sqlite and
// the small ones, plus pigo's fetch. Each file is compiled once per process into a
// shared *goja.Program and run per runtime; Go helpers do the byte and
// network work (encodings, hashes, ciphers, compression, sockets, HTTP,
// name resolution).

// libModules returns the lib modules by specifier (without "node:").
func libModules() map[string]modules.Module {
	return map[string]modules.Module{
		"util":                utilModule,
		"util/types":          utilTypesModule,
		"events":              eventsModule,
		"buffer":              bufferModule,
		"crypto":              cryptoModule,
		"url":                 urlModule,
		"module":              moduleModule,
		"string_decoder":      stringDecoderModule,
		"timers":              timersModule,
		"timers/promises":     timersPromisesModule,
		"assert":              assertModule,
		"assert/strict":       assertStrictModule,
		"pigo/fetch":          fetchModule,
		"stream":              streamModule,
		"stream/promises":     streamPromisesModule,
		"stream/consumers":    streamConsumersModule,
		"zlib":                zlibModule,
		"readline":            readlineModule,
		"readline/promises":   readlinePromisesModule,
		"async_hooks":         asyncHooksModule,
		"worker_threads":      workerThreadsModule,
		"net":                 netModule,
		"http":                httpModule,
		"https":               httpsModule,
		"tls":                 tlsModule,
		"vm":                  vmModule,
		"dns":                 dnsModule,
		"dns/promises":        dnsPromisesModule,
		"querystring":         querystringModule,
		"tty":                 ttyModule,
		"diagnostics_channel": diagnosticsChannelModule,
		"sqlite":              sqliteModule,
		"console":             aliasModule("console"),
		"sys":                 aliasModule("sys"),
		"constants":           aliasModule("constants"),
		"perf_hooks":          aliasModule("perf_hooks"),
	}
}

// libGlobals returns the globals backed by lib modules.
func libGlobals() []Global {
	return []Global{
		{Name: "Buffer", Module: "buffer", Export: "Buffer"},
		{Name: "crypto", Module: "crypto", Export: "webcrypto"},
		{Name: "CryptoKey", Module: "crypto", Export: "_CryptoKey"},
		{Name: "fetch", Module: "pigo/fetch", Export: "fetch"},
		{Name: "Request", Module: "pigo/fetch", Export: "Request"},
		{Name: "Response", Module: "pigo/fetch", Export: "Response"},
		{Name: "Headers", Module: "pigo/fetch", Export: "Headers"},
		{Name: "ReadableStream", Module: "pigo/fetch", Export: "ReadableStream"},
		{Name: "ReadableByteStreamController", Module: "pigo/fetch", Export: "ReadableByteStreamController"},
		{Name: "ReadableStreamBYOBReader", Module: "pigo/fetch", Export: "ReadableStreamBYOBReader"},
		{Name: "ReadableStreamBYOBRequest", Module: "pigo/fetch", Export: "ReadableStreamBYOBRequest"},
	}
}

//go:embed errors_lib.js util.js util_comparisons.js events.js buffer.js crypto.js url.js module.js fetch.js fetch_stream.js string_decoder.js timers.js assert.js stream.js zlib.js readline.js async_hooks.js worker_threads.js net.js http.js dns.js
//go:embed querystring.js tty.js diagnostics_channel.js node_aliases.js tls.js vm.js fs_dir.js fs_filehandle.js sqlite.js
var libSources embed.FS

// libScript returns a function that compiles the embedded source name once
// per process; the program is immutable and shared by every runtime.
func libScript(name string) func() (*goja.Program, error) {
	return sync.OnceValues(func() (*goja.Program, error) {
		src, err := libSources.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		prog, err := goja.Compile("node:"+name, string(src), true)
		if err != nil {
			return nil, fmt.Errorf("compile %s: %w", name, err)
		}
		return prog, nil
	})
}

// The compiled lib sources. Each evaluates to a function; errors_lib.js,
// util_comparisons.js and fetch_stream.js return helpers, the others are
// module bodies called as fn(module, exports, require, lib).
var (
	errorsLibProgram          = libScript("errors_lib.js")
	utilComparisonsProgram    = libScript("util_comparisons.js")
	utilProgram               = libScript("util.js")
	eventsProgram             = libScript("events.js")
	bufferProgram             = libScript("buffer.js")
	cryptoProgram             = libScript("crypto.js")
	urlProgram                = libScript("url.js")
	moduleProgram             = libScript("module.js")
	fetchProgram              = libScript("fetch.js")
	fetchStreamProgram        = libScript("fetch_stream.js")
	stringDecoderProgram      = libScript("string_decoder.js")
	timersProgram             = libScript("timers.js")
	assertProgram             = libScript("assert.js")
	streamProgram             = libScript("stream.js")
	zlibProgram               = libScript("zlib.js")
	readlineProgram           = libScript("readline.js")
	asyncHooksProgram         = libScript("async_hooks.js")
	workerThreadsProgram      = libScript("worker_threads.js")
	netProgram                = libScript("net.js")
	httpProgram               = libScript("http.js")
	dnsProgram                = libScript("dns.js")
	querystringProgram        = libScript("querystring.js")
	ttyProgram                = libScript("tty.js")
	diagnosticsChannelProgram = libScript("diagnostics_channel.js")
	aliasesProgram            = libScript("node_aliases.js")
	tlsProgram                = libScript("tls.js")
	vmProgram                 = libScript("vm.js")
	fsDirProgram              = libScript("fs_dir.js")
	fsFileHandleProgram       = libScript("fs_filehandle.js")
	sqliteProgram             = libScript("sqlite.js")
)

// libEval runs a compiled lib source and calls the function it evaluates to
// with args. Loop only.
func libEval(rt modules.Runtime, prog func() (*goja.Program, error), args ...goja.Value) (goja.Value, error) {
	p, err := prog()
	if err != nil {
		return nil, err
	}
	vm := rt.VM()
	v, err := vm.RunProgram(p)
	if err != nil {
		return nil, err
	}
	fn, ok := goja.AssertFunction(v)
	if !ok {
		return nil, errors.New("lib script does not evaluate to a function")
	}
	return fn(goja.Undefined(), args...)
}

// libRunJS instantiates a JS lib module: it calls the module body compiled
// in prog with (module, exports, require, lib), where lib holds helpers plus
// errors (errors_lib.js). Loop only.
func libRunJS(rt modules.Runtime, module *goja.Object, prog func() (*goja.Program, error), helpers map[string]any) error {
	vm := rt.VM()
	errs, err := libEval(rt, errorsLibProgram)
	if err != nil {
		return fmt.Errorf("load errors helpers: %w", err)
	}
	lib := vm.NewObject()
	if err := lib.Set("errors", errs); err != nil {
		return err
	}
	if err := lib.Set("bindContext", alsBindContext(rt)); err != nil {
		return err
	}
	for k, v := range helpers {
		if err := lib.Set(k, v); err != nil {
			return err
		}
	}
	if _, err := libEval(rt, prog, module, module.Get("exports"), vm.ToValue(libRequire(rt)), lib); err != nil {
		return err
	}
	return nil
}

// libRequire returns a require function for lib module bodies: it serves
// host modules through Runtime.Require and throws what it returns.
func libRequire(rt modules.Runtime) func(goja.FunctionCall) goja.Value {
	return func(call goja.FunctionCall) goja.Value {
		v, err := rt.Require(call.Argument(0).String())
		if err != nil {
			libRethrow(rt, err)
		}
		return v
	}
}

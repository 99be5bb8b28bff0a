// Package bundler turns a pi extension's entry file (TypeScript or
// JavaScript, ES module or CommonJS) into one CommonJS module body that a
// goja runtime can evaluate, using esbuild's Go API. It must not import
// engine: it knows nothing about plugins or generations, only files.
//
// # Using it
//
//	b := bundler.New(bundler.Options{
//		CacheDir: cacheDir,
//		External: []string{"@mariozechner/*", "@earendil-works/*", "typebox", "@sinclair/typebox"},
//	})
//	bun, err := b.Bundle(ctx, "/home/me/.pi/extensions/hello/index.ts")
//	var berr *bundler.Error
//	if errors.As(err, &berr) {
//		// berr.Messages: file, line, column, text of every problem
//	}
//	fn, err := vm.RunScript(bun.Entry, bun.Script()) // a function; see WrapperPrefix
//
// # What a bundle is
//
// Everything the entry imports is inlined, except host modules: the
// External patterns plus Node built-ins and "node:*" stay require() calls,
// so the host compiles its own modules once per process instead of once per
// extension (DESIGN decision 8). node_modules next to the extension resolve
// as Node would. Syntax the pinned goja cannot run is lowered (target.go).
// Every module gets its own import.meta (url, filename, dirname). A dynamic
// import() becomes a promise around require(), and one whose target does
// not resolve rejects at run time with Node's "Cannot find module" instead
// of failing the bundle. An entry with top-level await produces an Async
// bundle, evaluated as an async function (build.go explains how).
//
// # Caching
//
// Bundles are cached in memory (an LRU bounded by bytes) and, with
// CacheDir, on disk; both are validated against the size, modification
// time and content hash of every input, so an unchanged extension costs no
// esbuild run, even in a fresh process (cache.go).
package bundler

// Package jsapi binds pigo's engine to JavaScript: it bundles TS/JS
// extensions (package bundler), runs each plugin generation in its own goja
// runtime owned by one event-loop goroutine, and turns the engine API into
// the `pi` object extension code sees.
//
// jsapi translates; it does not decide policy (ordering, precedence, what
// blocks what): that is engine's job. Values cross between runtimes and the
// host as data; JS functions cross as handles that post calls to their
// owner's loop (see codec.go).
//
// Threading: a *goja.Runtime is touched only on its loop goroutine. Methods
// say "loop only" or "safe from any goroutine".
package jsapi

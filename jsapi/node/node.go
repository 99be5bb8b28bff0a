// Package node implements the Node.js built-in modules and globals pi
// extensions use (fs, path, os, child_process, url, util, events, crypto,
// module, process, buffer, fetch, stream, zlib, readline, async_hooks,
// worker_threads, net, tls, http, https, dns, vm, querystring, tty,
// diagnostics_channel, sqlite and a few aliases) as pigo host modules. Each module
// is a modules.Module instantiated per plugin runtime on first require; it
// never imports engine or jsapi. Built-ins not listed in Modules (http2,
// dgram, cluster, inspector, repl, v8, ...) are served by jsapi as
// placeholders that throw "not supported yet: node:<name>.<member>", and
// the members a provided module leaves out throw the same way.
//
// Sync variants run on the plugin's loop goroutine; async ones run on a
// goroutine and settle through Runtime.NewPromise or by posting callbacks
// to the loop. Everything started on behalf of a plugin (child processes,
// watchers, requests) honours Runtime.Context and is cleaned up through
// Runtime.Track when the generation retires.
package node

import "github.com/pigo-dev/pigo/jsapi/modules"

// Modules returns the node built-in modules by specifier (without "node:";
// jsapi strips the prefix before lookup).
func Modules() map[string]modules.Module {
	out := map[string]modules.Module{}
	for k, v := range systemModules() {
		out[k] = v
	}
	for k, v := range libModules() {
		out[k] = v
	}
	for k, v := range webSocketModules() {
		out[k] = v
	}
	return out
}

// Global is a global binding backed by a module export: globalThis[Name] is
// require(Module)[Export] (the whole module when Export is ""), installed
// lazily on first access.
type Global struct {
	Name, Module, Export string
}

// Globals returns the Node globals pigo installs in every runtime.
func Globals() []Global {
	return append(append(systemGlobals(), libGlobals()...), webSocketGlobals()...)
}

// Package modules defines what a host module written in Go sees of the
// runtime it is instantiated in (k6's modules.VU, narrowed): pigo's node
// built-in shims and pi compatibility modules implement Module against
// Runtime, and jsapi provides the Runtime of each plugin generation.
//
// The package imports neither engine nor jsapi, so module packages can be
// tested with modulestest alone.
package modules

import (
	"context"

	"github.com/dop251/goja"
)

// Module fills exports (== module.exports) for one runtime. It runs on the
// runtime's loop the first time a plugin requires the module; the value it
// leaves in module.exports is cached per runtime.
type Module func(rt Runtime, module *goja.Object) error

// Runtime is one plugin generation's JS world as a module sees it. Methods
// marked "loop only" must be called on the loop goroutine (inside a module
// function, a JS call into Go, or a Post callback); the rest are safe from
// any goroutine.
type Runtime interface {
	// VM returns the goja runtime. Loop only; never retain values beyond the
	// loop job that produced them.
	VM() *goja.Runtime
	// Context ends when the generation retires; blocking work started by a
	// module must honour it (kill child processes, close watchers).
	Context() context.Context
	// Post queues fn on the loop. Safe from any goroutine. Returns false
	// once the generation retired (fn will never run).
	Post(fn func()) bool
	// NewPromise reserves a Promise (loop only); resolve and reject are safe
	// from any goroutine, must be called at most once, and convert their
	// argument on the loop (resolve takes engine data, a goja.Value, or a
	// func() goja.Value evaluated on the loop).
	NewPromise() (p *goja.Promise, resolve func(any), reject func(error))
	// Throw panics with err as a JS Error (loop only). Errors implementing
	// interface{ Code() string } get that .code property (Node's ERR_*, ENOENT...).
	Throw(err error)
	// ToJS / ToGo convert engine data (JSON values + function handles). Loop only.
	ToJS(v any) goja.Value
	ToGo(v goja.Value) (any, error)
	// Require loads another host module into this runtime. Loop only.
	Require(spec string) (goja.Value, error)
	// PluginID names the plugin; Cwd is the host's working directory; Getenv
	// reads the environment the host chose to expose (not the process's
	// whole environment unless the host passes it).
	PluginID() string
	Cwd() string
	Getenv(key string) (string, bool)
	Environ() map[string]string
	// Log records a diagnostic line against the plugin ("info", "warn", "error").
	Log(level, text string)
	// RequestExit asks the host to shut down (process.exit); the host
	// decides what that means.
	RequestExit(code int)
	// Track registers a cleanup run when the generation retires (close a
	// watcher, kill a child process). It returns a function that
	// unregisters it. Safe from any goroutine.
	Track(cleanup func()) (untrack func())
	// OnInterrupt registers fn, called from the watchdog's goroutine each
	// time the plugin code running on the loop is interrupted (its budget
	// ran out, or it is stuck while the generation retires), next to goja's
	// own interrupt: fn stops Go work that interrupt cannot reach, such as
	// a running SQLite query. It returns a function that unregisters it.
	// Safe from any goroutine.
	OnInterrupt(fn func()) (remove func())
}

// CodeError is an error with a Node-style code (ENOENT, ERR_INVALID_ARG_TYPE).
type CodeError interface {
	error
	Code() string
}

package node

import (
	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// streamModule is the "stream" module (stream.js): pure JavaScript apart
// from post, which runs a function as its own loop job (after the current
// microtasks), the slot Node's process.nextTick queue occupies for code
// running in promise continuations, and ctxGet/ctxSet, which let each
// queued tick run in the AsyncLocalStorage context it was queued in.
func streamModule(rt modules.Runtime, module *goja.Object) error {
	ctxGet, ctxSet := alsContextHelpers(rt.VM())
	// web: where the WHATWG streams' hooks for finished, isErrored, ...
	// are (webapi's internal object), or undefined without webapi.
	var web goja.Value = goja.Undefined()
	if w := libWebInternal(rt.VM()); w != nil {
		web = w
	}
	return libRunJS(rt, module, streamProgram, map[string]any{
		"ctxGet": ctxGet,
		"ctxSet": ctxSet,
		"web":    web,
		"post": func(call goja.FunctionCall) goja.Value {
			fn, ok := goja.AssertFunction(call.Argument(0))
			if !ok {
				return rt.VM().ToValue(false)
			}
			return rt.VM().ToValue(rt.Post(func() {
				sysCall(rt, "stream callback", fn, goja.Undefined())
			}))
		},
	})
}

// streamPromisesModule is "stream/promises": the promises member of
// "stream", so both share one set of classes.
func streamPromisesModule(rt modules.Runtime, module *goja.Object) error {
	return libSubmodule(rt, module, "stream", "promises")
}

// streamConsumersModule is "stream/consumers" (buffer, text, json, ...).
func streamConsumersModule(rt modules.Runtime, module *goja.Object) error {
	return libSubmodule(rt, module, "stream", "_consumers")
}

// libSubmodule makes module.exports the member key of the host module
// spec, as Node's "x/promises" modules alias the parent's objects.
func libSubmodule(rt modules.Runtime, module *goja.Object, spec, key string) error {
	parent, err := rt.Require(spec)
	if err != nil {
		return err
	}
	return module.Set("exports", parent.ToObject(rt.VM()).Get(key))
}

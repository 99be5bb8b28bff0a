package webapi

import (
	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/errors"
)

// defineMicrotask defines queueMicrotask. goja exposes its job queue only
// through promises, so a job is a reaction on an already resolved promise;
// the original Promise.prototype.then is captured so plugins replacing it
// cannot break queueMicrotask. A throwing callback is reported, like the
// spec's "report the exception", rather than becoming a silent rejection.
func (h *host) defineMicrotask() {
	p, resolve, _ := h.rt.NewPromise()
	if err := resolve(goja.Undefined()); err != nil {
		panic(err)
	}
	resolved := h.rt.ToValue(p)
	then, ok := goja.AssertFunction(resolved.ToObject(h.rt).Get("then"))
	if !ok {
		panic(h.rt.NewTypeError("Promise.prototype.then is not a function"))
	}
	h.defineGlobal("queueMicrotask", h.function("queueMicrotask", 1, func(call goja.FunctionCall) goja.Value {
		cb, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			panic(errors.NewNotCorrectTypeError(h.rt, "callback", "function"))
		}
		job := h.rt.ToValue(func(goja.FunctionCall) goja.Value {
			h.call(cb, goja.Undefined())
			return goja.Undefined()
		})
		if _, err := then(resolved, job); err != nil {
			panic(err)
		}
		return goja.Undefined()
	}))
}

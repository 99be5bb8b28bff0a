package webapi

import (
	"github.com/dop251/goja"
)

// NewAbortController is for Go code: it creates a JS AbortController in rt
// and returns it, its signal, and a func that aborts it with reason (nil or
// undefined means the default AbortError DOMException). Aborting twice is a
// no-op. Listener errors are reported through Options.ReportError; if rt is
// interrupted while listeners run, abort just returns early. Loop only, like
// the returned func; it panics if Install has not run on rt.
func NewAbortController(rt *goja.Runtime) (controller *goja.Object, signal *goja.Object, abort func(reason goja.Value)) {
	pair, err := internalFunc(rt, "NewAbortController", "newAbortController")(goja.Undefined())
	if err != nil {
		panic(err)
	}
	var objs []*goja.Object
	if err := rt.ExportTo(pair, &objs); err != nil || len(objs) != 2 {
		panic(rt.NewTypeError("webapi: newAbortController returned %v", pair))
	}
	signalAbort := internalFunc(rt, "NewAbortController", "abortSignal")
	controller, signal = objs[0], objs[1]
	abort = func(reason goja.Value) {
		if reason == nil {
			reason = goja.Undefined()
		}
		// Listeners cannot make this throw; only an interrupt can end
		// it early, and that belongs to whoever interrupted.
		_, _ = signalAbort(goja.Undefined(), signal, reason)
	}
	return controller, signal, abort
}

// setTimeout is internal.setTimeout(fn, ms) for AbortSignal.timeout. Without
// Options.Timers it throws NotSupportedError.
func (h *host) setTimeout(call goja.FunctionCall) goja.Value {
	fn, ok := goja.AssertFunction(call.Argument(0))
	if !ok {
		panic(h.rt.NewTypeError("setTimeout: callback is not a function"))
	}
	if h.opts.Timers == nil {
		panic(h.domException("AbortSignal.timeout is not supported: the host gave this runtime no timers", "NotSupportedError"))
	}
	h.opts.Timers.SetTimeout(func() { h.call(fn, goja.Undefined()) }, call.Argument(1).ToInteger())
	return goja.Undefined()
}

// domException builds a DOMException with the runtime's own constructor.
func (h *host) domException(msg, name string) *goja.Object {
	obj, err := h.rt.New(h.internal.Get("DOMException"), h.rt.ToValue(msg), h.rt.ToValue(name))
	if err != nil {
		panic(err)
	}
	return obj
}

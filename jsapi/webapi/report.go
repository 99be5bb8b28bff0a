package webapi

import (
	"errors"

	"github.com/dop251/goja"
)

// report hands a callback's error to Options.ReportError (or the console).
// Errors that are not JS exceptions are uncatchable (an interrupt, a stack
// overflow) and are dropped: the host caused them and already knows, goja
// keeps an interrupt armed while outer JS is still on the stack, and
// re-panicking would crash a host that called in from a plain Go timer.
func (h *host) report(err error) {
	var ex *goja.Exception
	if !errors.As(err, &ex) {
		return
	}
	if h.opts.ReportError != nil {
		h.opts.ReportError(ex)
		return
	}
	if h.opts.Console == nil {
		return
	}
	h.opts.Console("error", "Uncaught "+h.inspectException(ex))
}

// inspectException renders a reported exception; it falls back to goja's
// text if inspecting throws.
func (h *host) inspectException(ex *goja.Exception) string {
	inspect, ok := goja.AssertFunction(h.internal.Get("inspect"))
	if !ok {
		return ex.Error()
	}
	s, err := inspect(goja.Undefined(), ex.Value())
	if err != nil {
		return ex.Error()
	}
	return s.String()
}

// call runs fn with this and args and reports a thrown exception instead of
// returning it: the web platform's "invoke a callback and report the
// exception".
func (h *host) call(fn goja.Callable, this goja.Value, args ...goja.Value) {
	if _, err := fn(this, args...); err != nil {
		h.report(err)
	}
}

// invoke is internal.invoke(fn, thisArg, ...args) for the JS modules: it
// calls fn and reports what it throws. It does nothing if fn is not callable.
func (h *host) invoke(call goja.FunctionCall) goja.Value {
	fn, ok := goja.AssertFunction(call.Argument(0))
	if !ok {
		return goja.Undefined()
	}
	var args []goja.Value
	if len(call.Arguments) > 2 {
		args = call.Arguments[2:]
	}
	h.call(fn, call.Argument(1), args...)
	return goja.Undefined()
}

// reportErrorValue reports a JS value as if it had been thrown. Throwing it
// through rt.Try makes a *goja.Exception that keeps an Error's own stack.
func (h *host) reportErrorValue(call goja.FunctionCall) goja.Value {
	v := call.Argument(0)
	if ex := h.rt.Try(func() { panic(v) }); ex != nil {
		h.report(ex)
	}
	return goja.Undefined()
}

// defineReportError defines the global reportError(e).
func (h *host) defineReportError() {
	h.defineGlobal("reportError", h.function("reportError", 1, func(call goja.FunctionCall) goja.Value {
		if len(call.Arguments) == 0 {
			panic(h.rt.NewTypeError(`The "e" argument must be specified`))
		}
		return h.reportErrorValue(call)
	}))
}

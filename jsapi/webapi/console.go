package webapi

import (
	"fmt"
	"reflect"

	"github.com/dop251/goja"
)

// Inspect renders v the way console.log renders a non-string argument: a
// compact, Node-like util.inspect. Loop only; it panics if Install has not
// run on rt, and returns goja's own text for v if inspecting throws.
func Inspect(rt *goja.Runtime, v goja.Value) string {
	s, err := internalFunc(rt, "Inspect", "inspect")(goja.Undefined(), v)
	if err != nil {
		return fmt.Sprintf("[uninspectable: %v]", err)
	}
	return s.String()
}

// sink is internal.sink(level, msg): console.js has done the formatting.
func (h *host) sink(call goja.FunctionCall) goja.Value {
	if h.opts.Console != nil {
		h.opts.Console(call.Argument(0).String(), call.Argument(1).String())
	}
	return goja.Undefined()
}

// promiseState is internal.promiseState(v) → [state, result] for a promise,
// undefined otherwise; JS itself cannot look inside a promise.
func (h *host) promiseState(call goja.FunctionCall) goja.Value {
	obj, ok := call.Argument(0).(*goja.Object)
	if !ok {
		return goja.Undefined()
	}
	// Check the type first: Export would copy a plain object into a map.
	if obj.ExportType() != reflect.TypeFor[*goja.Promise]() {
		return goja.Undefined()
	}
	p, ok := obj.Export().(*goja.Promise)
	if !ok {
		return goja.Undefined()
	}
	switch p.State() {
	case goja.PromiseStateFulfilled:
		return h.rt.NewArray("fulfilled", p.Result())
	case goja.PromiseStateRejected:
		return h.rt.NewArray("rejected", p.Result())
	default:
		return h.rt.NewArray("pending")
	}
}

package webapi

import (
	"reflect"

	"github.com/dop251/goja"
)

// detachArrayBuffer is internal.detachArrayBuffer(buffer) → bool, for
// structuredClone's transfer option; JS has no way to detach a buffer.
func (h *host) detachArrayBuffer(call goja.FunctionCall) goja.Value {
	obj, ok := call.Argument(0).(*goja.Object)
	if !ok || obj.ExportType() != reflect.TypeFor[goja.ArrayBuffer]() {
		panic(h.rt.NewTypeError("detachArrayBuffer: not an ArrayBuffer"))
	}
	ab, _ := obj.Export().(goja.ArrayBuffer)
	return h.rt.ToValue(ab.Detach())
}

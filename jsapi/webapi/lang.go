package webapi

import (
	"math"
	"time"
	"weak"

	"github.com/dop251/goja"
)

// weakRefTarget is internal.weakRefTarget(obj) → a function returning obj
// while something else in the runtime still references it, then undefined.
// goja has no weak references of its own; a Go weak pointer to the
// *goja.Object observes the same reachability (lang.js keeps the target
// alive until the current job ends, as the spec requires).
func (h *host) weakRefTarget(call goja.FunctionCall) goja.Value {
	obj, ok := call.Argument(0).(*goja.Object)
	if !ok {
		panic(h.rt.NewTypeError("weakRefTarget: not an object"))
	}
	wp := weak.Make(obj)
	return h.rt.ToValue(func(goja.FunctionCall) goja.Value {
		if o := wp.Value(); o != nil {
			return o
		}
		return goja.Undefined()
	})
}

// atomicsSleep is internal.atomicsSleep(ms): Atomics.wait on the only
// thread, which nothing can notify, blocks for its timeout like Node's main
// thread does.
func (h *host) atomicsSleep(call goja.FunctionCall) goja.Value {
	ms := call.Argument(0).ToFloat()
	if ms > 0 && !math.IsInf(ms, 1) {
		time.Sleep(time.Duration(ms * float64(time.Millisecond)))
	}
	return goja.Undefined()
}

// arrayBufferDetached is internal.arrayBufferDetached(buffer) → bool.
func (h *host) arrayBufferDetached(call goja.FunctionCall) goja.Value {
	obj, ok := call.Argument(0).(*goja.Object)
	if !ok {
		panic(h.rt.NewTypeError("not an ArrayBuffer"))
	}
	ab, ok := obj.Export().(goja.ArrayBuffer)
	if !ok {
		panic(h.rt.NewTypeError("not an ArrayBuffer"))
	}
	return h.rt.ToValue(ab.Detached())
}

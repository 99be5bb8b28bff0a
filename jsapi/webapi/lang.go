package webapi

import (
	"math"
	"time"
	"weak"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// defineJSONParse wraps goja's JSON.parse so that a SyntaxError carries
// V8's message ("Unexpected token '}', "{"a":}" is not valid JSON")
// instead of Go's encoding/json text: extensions show these messages to
// users and models, and tests written against Node compare them. The
// text is converted to a string once (a toString with side effects runs
// once, as in V8) and re-validated only when goja rejects it.
func (h *host) defineJSONParse() {
	jsonObj := h.rt.Get("JSON").ToObject(h.rt)
	parse, ok := goja.AssertFunction(jsonObj.Get("parse"))
	if !ok {
		return
	}
	wrapped := h.function("parse", 2, func(call goja.FunctionCall) goja.Value {
		if _, ok := call.Argument(0).(*goja.Symbol); ok {
			panic(h.rt.NewTypeError("Cannot convert a Symbol value to a string"))
		}
		text := call.Argument(0).String()
		args := []goja.Value{h.rt.ToValue(text)}
		if len(call.Arguments) > 1 {
			args = append(args, call.Arguments[1])
		}
		v, err := parse(call.This, args...)
		if err == nil {
			return v
		}
		ex, ok := err.(*goja.Exception)
		if !ok {
			panic(err)
		}
		if obj, ok := ex.Value().(*goja.Object); ok && obj.Get("name").String() == "SyntaxError" {
			if msg := jsjson.ParseError(text); msg != "" {
				e, cerr := h.rt.New(h.rt.Get("SyntaxError"), h.rt.ToValue(msg))
				if cerr == nil {
					panic(e)
				}
			}
		}
		panic(ex)
	})
	must(jsonObj.DefineDataProperty("parse", wrapped, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE))
}

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

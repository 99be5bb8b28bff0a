package node

import (
	"sync"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// asyncHooksModule is the "async_hooks" module (async_hooks.js). Its
// AsyncLocalStorage needs a context that follows promise continuations,
// which goja offers through its AsyncContextTracker: the current context
// (a JS value, the frame async_hooks.js keeps its stores in) is grabbed
// when a promise reaction job is queued, including the continuation of an
// await, and restored while that job runs. The tracker is installed on the
// runtime when the module is first required; goja allows one per runtime,
// and nothing else in pigo installs one.
func asyncHooksModule(rt modules.Runtime, module *goja.Object) error {
	tr := &alsTracker{}
	vm := rt.VM()
	vm.SetAsyncContextTracker(tr)
	alsTrackers.Store(vm, tr)
	rt.Track(func() { alsTrackers.Delete(vm) })
	return libRunJS(rt, module, asyncHooksProgram, map[string]any{
		"getContext": func() goja.Value {
			if tr.current == nil {
				return goja.Undefined()
			}
			return tr.current
		},
		"setContext": func(v goja.Value) {
			if goja.IsUndefined(v) {
				tr.current = nil
				return
			}
			tr.current = v
		},
	})
}

// alsTracker is the runtime's async context. Loop only (goja calls it from
// the loop, like everything else on the runtime).
type alsTracker struct {
	current goja.Value // nil: no store set
	saved   goja.Value // the context a reaction job interrupted
}

// Grab is called when a promise reaction job is queued.
func (t *alsTracker) Grab() any { return t.current }

// Resumed is called before the job runs, with what Grab returned.
func (t *alsTracker) Resumed(obj any) {
	t.saved = t.current
	t.current, _ = obj.(goja.Value)
}

// Exited is called after the job; jobs do not nest, so one saved slot is
// enough.
func (t *alsTracker) Exited() {
	t.current, t.saved = t.saved, nil
}

// alsTrackers maps a runtime to its tracker, for host code that queues
// callbacks of its own (stream.js's tick queue) and must carry the context
// across them.
var alsTrackers sync.Map // *goja.Runtime → *alsTracker

// alsContextHelpers returns getContext/setContext for lib modules: the
// runtime's async context while async_hooks is loaded, else nothing.
// Loop only.
func alsContextHelpers(vm *goja.Runtime) (get func() goja.Value, set func(goja.Value)) {
	get = func() goja.Value {
		if v, ok := alsTrackers.Load(vm); ok {
			if c := v.(*alsTracker).current; c != nil {
				return c
			}
		}
		return goja.Undefined()
	}
	set = func(c goja.Value) {
		if v, ok := alsTrackers.Load(vm); ok {
			if goja.IsUndefined(c) {
				c = nil
			}
			v.(*alsTracker).current = c
		}
	}
	return get, set
}

// alsBindContext is lib.bindContext for the lib modules: bindContext(fn)
// returns fn bound to the async context current now, so a callback that
// Go posts later (a socket's data, a zlib result, a DNS answer) runs with
// the AsyncLocalStorage stores of the code that started the operation, as
// Node's async resources do. Without async_hooks loaded it returns fn.
func alsBindContext(rt modules.Runtime) func(goja.FunctionCall) goja.Value {
	vm := rt.VM()
	return func(call goja.FunctionCall) goja.Value {
		v, ok := alsTrackers.Load(vm)
		fn, isFn := goja.AssertFunction(call.Argument(0))
		if !ok || !isFn {
			return call.Argument(0)
		}
		tr := v.(*alsTracker)
		ctx := tr.current
		return vm.ToValue(func(c goja.FunctionCall) goja.Value {
			prev := tr.current
			tr.current = ctx
			defer func() { tr.current = prev }()
			res, err := fn(c.This, c.Arguments...)
			if err != nil {
				libRethrow(rt, err)
			}
			return res
		})
	}
}

package node

import (
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
	rt.VM().SetAsyncContextTracker(tr)
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

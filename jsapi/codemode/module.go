package codemode

import (
	"context"
	"errors"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// Module is the pigo:codemode host module, what pi-codemode's
// CodemodeSandbox runs scripts on:
//
//	run({code, tools, globals, store, timeoutMs}, call) → {result: Promise<Result>, abort(message)}
//
// tools, globals and store are the prelude's JSON arguments; timeoutMs 0
// means no deadline. call(target, name, argsJson, reply) runs a script's
// call on the plugin's loop (in the order the script made its calls) and
// answers with reply(ok, payload,
// propertiesJson). Result is pi-codemode's ExecuteResult without calls,
// with the returned value and each stored value as JSON text: {ok, value,
// storeWrites: {set, delete}, output} or {ok: false, error: {kind, name?,
// message, stack?}, output}. The script itself runs on a
// goroutine of its own, so the plugin keeps serving while it runs.
func Module() modules.Module {
	return func(rt modules.Runtime, module *goja.Object) error {
		vm := rt.VM()
		return module.Get("exports").ToObject(vm).Set("run", func(c goja.FunctionCall) goja.Value {
			o := c.Argument(0).ToObject(vm)
			call, ok := goja.AssertFunction(c.Argument(1))
			if !ok {
				panic(vm.NewTypeError("run: call must be a function"))
			}
			str := func(k string) string {
				if v := o.Get(k); v != nil && !goja.IsUndefined(v) {
					return v.String()
				}
				return ""
			}
			opts := Options{Code: str("code"), ToolsJSON: str("tools"), GlobalsJSON: str("globals"), StoreJSON: str("store")}
			if v := o.Get("timeoutMs"); v != nil && !goja.IsUndefined(v) {
				opts.Timeout = time.Duration(v.ToInteger()) * time.Millisecond
			}
			opts.Call = func(ctx context.Context, cl Call) func() Reply {
				ch := make(chan Reply, 1)
				answer := func(r Reply) {
					select {
					case ch <- r:
					default:
					}
				}
				posted := rt.Post(func() {
					reply := func(c goja.FunctionCall) goja.Value {
						r := Reply{OK: c.Argument(0).ToBoolean()}
						if v := c.Argument(1); !goja.IsUndefined(v) && !goja.IsNull(v) {
							s := v.String()
							r.Payload = &s
						}
						if v := c.Argument(2); !goja.IsUndefined(v) && !goja.IsNull(v) {
							s := v.String()
							r.Properties = &s
						}
						answer(r)
						return goja.Undefined()
					}
					args := goja.Undefined()
					if cl.Args != nil {
						args = vm.ToValue(*cl.Args)
					}
					if _, err := call(goja.Undefined(), vm.ToValue(cl.Target), vm.ToValue(cl.Name), args, vm.ToValue(reply)); err != nil {
						msg := err.Error()
						answer(Reply{Payload: &msg})
					}
				})
				return func() Reply {
					if !posted {
						msg := "The extension was reloaded"
						return Reply{Payload: &msg}
					}
					select {
					case r := <-ch:
						return r
					case <-ctx.Done():
						return Reply{}
					}
				}
			}
			ctx, cancel := context.WithCancelCause(rt.Context())
			p, resolve, _ := rt.NewPromise()
			go func() {
				defer cancel(nil)
				r := Run(ctx, opts)
				resolve(resultData(r))
			}()
			handle := vm.NewObject()
			_ = handle.Set("result", p)
			_ = handle.Set("abort", func(c goja.FunctionCall) goja.Value {
				msg := "Execution aborted"
				if v := c.Argument(0); !goja.IsUndefined(v) {
					msg = v.String()
				}
				cancel(errors.New(msg))
				return goja.Undefined()
			})
			return handle
		})
	}
}

// resultData is a Result as pi-codemode's ExecuteResult (plain data).
func resultData(r Result) map[string]any {
	out := make([]any, len(r.Output))
	for i, it := range r.Output {
		switch {
		case it.Type == "image":
			out[i] = map[string]any{"type": "image", "data": it.Data, "mimeType": it.MimeType}
		case it.Console:
			out[i] = map[string]any{"type": "text", "text": it.Text, "console": true}
		default:
			out[i] = map[string]any{"type": "text", "text": it.Text}
		}
	}
	if !r.OK {
		e := map[string]any{"kind": r.Error.Kind, "message": r.Error.Message}
		// Absent, not "": pi formats a thrown non-Error (`throw 42`) as
		// "Error: 42" from its missing stack and name.
		if r.Error.Name != "" {
			e["name"] = r.Error.Name
		}
		if r.Error.Stack != "" {
			e["stack"] = r.Error.Stack
		}
		return map[string]any{"ok": false, "error": e, "output": out, "calls": []any{}}
	}
	// Values stay JSON text, parsed by the caller: a Go map would lose
	// their key order.
	set := map[string]any{}
	for k, raw := range r.Writes.Set {
		set[k] = string(raw)
	}
	del := make([]any, len(r.Writes.Delete))
	for i, k := range r.Writes.Delete {
		del[i] = k
	}
	res := map[string]any{"ok": true, "output": out, "calls": []any{}, "storeWrites": map[string]any{"set": set, "delete": del}}
	if r.Value != nil {
		res["value"] = string(r.Value)
	}
	return res
}

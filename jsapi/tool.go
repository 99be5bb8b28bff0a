package jsapi

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/jsapi/webapi"
)

// Tools keep pi's shape, so one JS definition serves both APIs:
// {label, description, parameters, execute(toolCallId, params, signal,
// onUpdate, ctx) → {content, details}}; every other field rides in Extra.

func toolConv(g *jsGen) valueConv[engine.Tool, engine.Tool] {
	return valueConv[engine.Tool, engine.Tool]{
		fromJS: g.toolFromJS,
		toJS:   g.toolToJS,
		state:  g.toolToJS,
		wrap: func(t engine.Tool, fn goja.Callable) (engine.Tool, error) {
			h, err := g.applyWrapper(fn, g.executeJS(t.Execute), "tools wrap: the wrapper must return an execute function")
			if err != nil {
				return t, err
			}
			t.Execute, t.ExecuteID = g.executeFunc(h), t.ExecuteID+">"+h.fp
			return t, nil
		},
	}
}

// applyWrapper calls a draft.wrap callback with the inner function and
// returns the function it produced as a handle. Loop only.
func (g *jsGen) applyWrapper(fn goja.Callable, inner goja.Value, what string) (*jsFunc, error) {
	r, err := fn(goja.Undefined(), inner)
	if err != nil {
		return nil, err
	}
	obj, ok := r.(*goja.Object)
	nf, isFn := goja.AssertFunction(r)
	if !ok || !isFn {
		return nil, fmt.Errorf("%s, got %s", what, describe(r))
	}
	return g.handle(obj, nf), nil
}

// toolFromJS converts a tool definition. Loop only.
func (g *jsGen) toolFromJS(id string, v goja.Value) (engine.Tool, error) {
	obj, ok := v.(*goja.Object)
	if !ok {
		return engine.Tool{}, fmt.Errorf("tool %q: definition must be an object", id)
	}
	// parameters keep the extension's property order (the model sees the
	// properties as written); a plain definition converts in one pass.
	m, plain, err := g.toGoMemberOrdered(obj, "parameters")
	if !plain {
		var data any
		data, err = g.toGo(obj)
		m, _ = data.(map[string]any)
	}
	if err != nil {
		return engine.Tool{}, fmt.Errorf("tool %q: %w", id, err)
	}
	t := engine.Tool{Extra: map[string]any{}}
	for k, val := range m {
		switch k {
		case "label":
			t.Label, _ = val.(string)
		case "description":
			t.Description, _ = val.(string)
		case "parameters":
			switch val.(type) {
			case nil, map[string]any, *jsjson.Object:
			default:
				return t, fmt.Errorf("tool %q: parameters must be a JSON Schema object", id)
			}
			ordered := val
			if !plain {
				if ordered, err = g.toGoOrdered(obj.Get("parameters")); err != nil {
					return t, fmt.Errorf("tool %q: parameters: %w", id, err)
				}
			}
			t.Parameters, _ = jsjson.AsMap(ordered)
			if o, ok := ordered.(*jsjson.Object); ok {
				t.ParameterKeys = jsjson.ObjectKeys(*o)
			}
		case "execute":
			f, ok := val.(*jsFunc)
			if !ok {
				return t, fmt.Errorf("tool %q: execute must be a function", id)
			}
			t.Execute, t.ExecuteID = g.executeFunc(f), f.fp
		case "name":
			// the draft id is the name
		default:
			t.Extra[k] = val
		}
	}
	return t, nil
}

// toolToJS renders a tool for JS (current(), update callbacks). Loop only.
func (g *jsGen) toolToJS(t engine.Tool) goja.Value {
	obj := g.rt.NewObject()
	for k, v := range t.Extra {
		_ = obj.Set(k, g.toJS(v))
	}
	if t.Label != "" {
		_ = obj.Set("label", t.Label)
	}
	_ = obj.Set("description", t.Description)
	_ = obj.Set("parameters", g.toJS(t.DeclaredParameters()))
	if t.Execute != nil {
		_ = obj.Set("execute", g.executeJS(t.Execute))
	}
	return obj
}

// executeFunc turns a JS execute into an engine ExecuteFunc.
func (g *jsGen) executeFunc(f *jsFunc) engine.ExecuteFunc {
	return func(ctx context.Context, call engine.ToolCall) (engine.ToolResult, error) {
		var release atomic.Pointer[func()] // set on the loop, read after the call
		defer func() {
			if r := release.Load(); r != nil {
				f.g.post(*r)
			}
		}()
		v, err := f.g.call(ctx, func() (goja.Value, error) {
			signal, rel := f.g.signalFor(ctx)
			release.Store(&rel)
			onUpdate := goja.Undefined()
			if call.OnUpdate != nil {
				onUpdate = f.g.rt.ToValue(func(c goja.FunctionCall) goja.Value {
					if r, err := f.g.toolResultFromJS(c.Argument(0)); err == nil {
						call.OnUpdate(r)
					}
					return goja.Undefined()
				})
			}
			return f.fn(goja.Undefined(), f.g.rt.ToValue(call.ID), f.g.toJS(call.Params), signal, onUpdate, f.g.toJS(call.Context))
		}, func(v goja.Value) (any, error) { return f.g.toolResultFromJS(v) })
		if err != nil {
			return engine.ToolResult{}, err
		}
		return v.(engine.ToolResult), nil
	}
}

// executeJS exposes an engine ExecuteFunc (any plugin's, or Go's) as a JS
// function with pi's execute signature returning a Promise. Loop only.
func (g *jsGen) executeJS(exec engine.ExecuteFunc) goja.Value {
	return g.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		params, err := g.toGo(c.Argument(1))
		if err != nil {
			g.throw(fmt.Errorf("execute: params: %w", err))
		}
		callCtx, _ := g.toGo(c.Argument(4))
		cm, _ := callCtx.(map[string]any)
		ctx, cancel := context.WithCancel(g.callCtx())
		g.onAbort(c.Argument(2), cancel)
		call := engine.ToolCall{ID: c.Argument(0).String(), Params: params, Context: cm}
		if upd, ok := goja.AssertFunction(c.Argument(3)); ok {
			call.OnUpdate = func(partial engine.ToolResult) {
				g.post(func() {
					g.runCallback("onUpdate", func() (goja.Value, error) {
						return upd(goja.Undefined(), g.toJS(partial.Data()))
					})
				})
			}
		}
		p, resolve, reject := g.newPromise()
		go func() {
			defer cancel()
			r, err := exec(ctx, call)
			if err != nil {
				reject(err)
				return
			}
			resolve(r.Data())
		}()
		return g.rt.ToValue(p)
	})
}

// toolResultFromJS validates and converts what execute returned. Loop only.
func (g *jsGen) toolResultFromJS(v goja.Value) (engine.ToolResult, error) {
	data, err := g.toGo(v)
	if err != nil {
		return engine.ToolResult{}, fmt.Errorf("tool result: %w", err)
	}
	m, ok := data.(map[string]any)
	if !ok {
		return engine.ToolResult{}, fmt.Errorf("tool result must be an object {content, details}, got %s", describe(v))
	}
	content, err := engine.ContentFromData(m["content"])
	if err != nil {
		return engine.ToolResult{}, fmt.Errorf("tool result: %w", err)
	}
	// pi 1.6 takes a returned isError (bash's non-zero exit, a failed
	// codemode script); pi 0.73 only took a throw.
	r := engine.ToolResult{Content: content, Details: m["details"]}
	if r.Details != nil { // written out in the tool's key order
		if r.Details, err = g.toGoOrdered(v.ToObject(g.rt).Get("details")); err != nil {
			return engine.ToolResult{}, fmt.Errorf("tool result: details: %w", err)
		}
	}
	r.IsError, _ = m["isError"].(bool)
	if sc, ok := m["structuredContent"]; ok && sc != nil {
		// Read back from its JSON text, so it keeps the tool's key order
		// for programmatic callers (codemode scripts, event consumers).
		if v, err := jsjson.Parse([]byte(g.stringify(v.ToObject(g.rt).Get("structuredContent")))); err == nil {
			r.StructuredContent = v
		}
	}
	r.Terminate, _ = m["terminate"].(bool)
	return r, nil
}

// stringify is JSON.stringify(v), which keeps key order (goja's
// MarshalJSON exports to a Go map first); "" when v is not JSON. Loop only.
func (g *jsGen) stringify(v goja.Value) string {
	f, ok := goja.AssertFunction(g.rt.Get("JSON").ToObject(g.rt).Get("stringify"))
	if !ok {
		return ""
	}
	s, err := f(goja.Undefined(), v)
	if err != nil || goja.IsUndefined(s) {
		return ""
	}
	return s.String()
}

func describe(v goja.Value) string {
	if v == nil || goja.IsUndefined(v) {
		return "undefined"
	}
	if goja.IsNull(v) {
		return "null"
	}
	return fmt.Sprintf("%s %s", v.ExportType(), v.String())
}

// signalFor returns an AbortSignal that aborts when ctx ends or the
// generation retires, and a release function (loop only) that detaches it
// once the call it served is over. Loop only.
func (g *jsGen) signalFor(ctx context.Context) (goja.Value, func()) {
	_, signal, abort := webapi.NewAbortController(g.rt)
	if g.signalSeq == 0 {
		g.env.signalled.Store(g.eg.PluginID(), struct{}{})
	}
	g.signalSeq++
	key := g.signalSeq
	fired := false
	fire := func() {
		if !fired {
			fired = true
			delete(g.signals, key)
			abort(goja.Undefined())
		}
	}
	g.signals[key] = fire
	stop := context.AfterFunc(ctx, func() { g.post(fire) })
	return signal, func() {
		stop()
		delete(g.signals, key)
	}
}

// warmSignals builds AbortController (its lazily run module, with the
// event and DOMException ones it needs) in a new generation of a plugin
// whose earlier generation made a signal: it will likely make one again,
// at its first tool call after a reload, and the runtime is set up while
// the bundle is built and compiled, off the path that makes an edit live
// (pigo dev). A plugin's first generation skips it, so a start builds
// nothing a plugin may never use. Loop only.
func (g *jsGen) warmSignals() {
	if _, ok := g.env.signalled.Load(g.eg.PluginID()); ok {
		// A failure would recur, and be reported, at the first signal.
		_ = g.rt.Try(func() { webapi.NewAbortController(g.rt) })
	}
}

// onAbort calls cancel when the JS AbortSignal v aborts. Loop only.
func (g *jsGen) onAbort(v goja.Value, cancel func()) {
	obj, ok := v.(*goja.Object)
	if !ok {
		return
	}
	if aborted := obj.Get("aborted"); aborted != nil && aborted.ToBoolean() {
		cancel()
		return
	}
	add, ok := goja.AssertFunction(obj.Get("addEventListener"))
	if !ok {
		return
	}
	_, _ = add(obj, g.rt.ToValue("abort"), g.rt.ToValue(func(goja.FunctionCall) goja.Value { cancel(); return goja.Undefined() }))
}

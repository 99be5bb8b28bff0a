package jsapi

import (
	"context"
	"fmt"
	"strconv"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/session"
)

// newPi builds the v2 `pi` object for this generation. Loop only.
func (g *jsGen) newPi() *goja.Object {
	rt := g.rt
	eg := g.eg
	h := eg.Host()
	pi := rt.NewObject()
	g.piObj = pi
	constant := func(name string, v goja.Value) {
		_ = pi.DefineDataProperty(name, v, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_TRUE)
	}
	constant("id", rt.ToValue(eg.PluginID()))
	constant("generation", rt.ToValue(eg.Number()))
	constant("config", g.toJS(engine.Clone(eg.Config())))
	constant("tools", bindRegistry(g, h.Tools(), toolConv(g)))
	constant("commands", bindRegistry(g, h.Commands(), commandConv(g)))
	constant("providers", bindRegistry(g, h.Providers(), dataConv(g, "providers")))
	constant("resources", bindRegistry(g, h.Resources(), dataConv(g, "resources")))
	// pi's registries (registerFlag, registerShortcut,
	// registerMessageRenderer and pi 1.6's). Attaching the host's pi state
	// here, before the factory runs, also defines pi's hook contracts
	// before any handler of this plugin is registered.
	piState := piapi.Of(h)
	constant("flags", bindRegistry(g, piState.Flags(), dataConv(g, "flags")))
	constant("shortcuts", bindRegistry(g, piState.Shortcuts(), dataConv(g, "shortcuts")))
	constant("messageRenderers", bindRegistry(g, piState.MessageRenderers(), dataConv(g, "messageRenderers")))
	constant("entryRenderers", bindRegistry(g, piState.EntryRenderers(), dataConv(g, "entryRenderers")))
	constant("toolRenderers", bindRegistry(g, piState.ToolRenderers(), dataConv(g, "toolRenderers")))
	constant("markdownTransformers", bindRegistry(g, piState.MarkdownTransformers(), dataConv(g, "markdownTransformers")))
	constant("virtualModels", bindRegistry(g, piState.VirtualModels(), dataConv(g, "virtualModels")))
	// A server's toolExposure patterns are tried in the order written.
	constant("mcpServers", bindRegistry(g, piState.McpServers(), dataConv(g, "mcpServers", "config", "toolExposure")))
	constant("settings", bindRegistry(g, h.Settings().Registry, settingsConv(g), method{"get", func(call goja.FunctionCall) goja.Value {
		g.checkLive()
		v, ok := h.Settings().Get(call.Argument(0).String())
		if !ok {
			return goja.Undefined()
		}
		return g.toJS(engine.Clone(v))
	}}))

	_ = pi.Set("hook", func(call goja.FunctionCall) goja.Value {
		g.checkLive()
		name := call.Argument(0).String()
		fn, ok := goja.AssertFunction(call.Argument(1))
		if !ok {
			g.throw(fmt.Errorf("pi.hook(%q): handler must be a function", name))
		}
		localID := ""
		if a := call.Argument(2); !goja.IsUndefined(a) && !goja.IsNull(a) {
			localID = a.String()
		}
		g.checkUndeclared("pi.hook(" + strconv.Quote(name) + ")")
		if err := eg.Hook(name, g.hookHandler(name, fn), localID); err != nil {
			g.throw(err)
		}
		return goja.Undefined()
	})
	_ = pi.Set("on", func(call goja.FunctionCall) goja.Value {
		g.checkLive()
		typ := call.Argument(0).String()
		fn, ok := goja.AssertFunction(call.Argument(1))
		if !ok {
			g.throw(fmt.Errorf("pi.on(%q): listener must be a function", typ))
		}
		g.checkUndeclared("pi.on(" + strconv.Quote(typ) + ")")
		if err := eg.On(typ, g.listener(typ, fn)); err != nil {
			g.throw(err)
		}
		return goja.Undefined()
	})
	_ = pi.Set("effect", func(call goja.FunctionCall) goja.Value {
		g.checkLive()
		fn, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			g.throw(fmt.Errorf("pi.effect: setup must be a function"))
		}
		if err := eg.Effect(g.effect(fn)); err != nil {
			g.throw(err)
		}
		return goja.Undefined()
	})
	_ = pi.Set("view", func(call goja.FunctionCall) goja.Value {
		g.checkLive()
		return g.openView(call)
	})
	var diag []method
	for _, lv := range []struct {
		name string
		sev  engine.Severity
	}{{"info", engine.SeverityInfo}, {"warn", engine.SeverityWarning}, {"error", engine.SeverityError}} {
		// Logging stays allowed after retire: abort handlers log cleanup.
		diag = append(diag, method{lv.name, func(call goja.FunctionCall) goja.Value {
			eg.Log(lv.sev, call.Argument(0).String())
			return goja.Undefined()
		}})
	}
	constant("diagnostics", newMethodObject(rt, diag))
	constant("session", g.sessionOps())
	return pi
}

// sessionOps is pi.session: bound durable values (latest wins) and lists
// (append-only) in the session, addressed by (namespace, key). Namespaces
// "pi" and "pi.*" are reserved for built-ins. Loop only.
func (g *jsGen) sessionOps() *goja.Object {
	rt := g.rt
	tree := func() *session.Tree { return piapi.Of(g.eg.Host()).Session() }
	addr := func(c goja.FunctionCall) (string, string) {
		return c.Argument(0).String(), c.Argument(1).String()
	}
	value := func(c goja.FunctionCall) goja.Value {
		ns, key := addr(c)
		v := rt.NewObject()
		_ = v.Set("get", func(goja.FunctionCall) goja.Value {
			if x, ok := tree().Value(ns, key); ok {
				return g.toJS(engine.Clone(x))
			}
			return goja.Undefined()
		})
		_ = v.Set("set", func(c goja.FunctionCall) goja.Value {
			g.checkLive()
			x, err := g.toGo(c.Argument(0))
			if err == nil {
				_, err = tree().SetValue(ns, key, x)
			}
			if err != nil {
				g.throw(fmt.Errorf("session value %s/%s: %w", ns, key, err))
			}
			return goja.Undefined()
		})
		return v
	}
	list := func(c goja.FunctionCall) goja.Value {
		ns, key := addr(c)
		l := rt.NewObject()
		_ = l.Set("append", func(c goja.FunctionCall) goja.Value {
			g.checkLive()
			x, err := g.toGo(c.Argument(0))
			if err == nil {
				_, err = tree().AppendToList(ns, key, x)
			}
			if err != nil {
				g.throw(fmt.Errorf("session list %s/%s: %w", ns, key, err))
			}
			return goja.Undefined()
		})
		_ = l.Set("items", func(goja.FunctionCall) goja.Value {
			return g.toJS(engine.Clone(tree().List(ns, key)))
		})
		return l
	}
	return newMethodObject(rt, []method{{"value", value}, {"list", list}})
}

// checkLive throws the stale-handle error once the generation retired.
// Loop only.
func (g *jsGen) checkLive() {
	if g.eg.Retired() {
		g.throw(g.eg.StaleError())
	}
}

// contextJS is the ctx object handed to hooks and listeners. Loop only.
func (g *jsGen) contextJS() goja.Value {
	return g.toJS(map[string]any{"cwd": g.eg.Host().Options().Cwd, "pluginId": g.eg.PluginID()})
}

// hookHandler adapts a JS handler of hook name: the reply carries the
// payload as the handler left it (mutations in place count) and what it
// returned; the hook's contract in engine decides what they mean. When the
// contract says the result replaces the payload, the payload is not
// converted back. Payload keys the caller marked lazy reach the handler as
// views (lazy.go).
func (g *jsGen) hookHandler(name string, fn goja.Callable) engine.HookHandler {
	return func(ctx context.Context, payload any) (any, error) {
		var p goja.Value
		m, _ := payload.(map[string]any)
		_, withSignal := m["signal"].(engine.AbortSignal)
		release := func() {}
		return g.call(ctx, func() (goja.Value, error) {
			p = g.payloadJS(payload, engine.LazyPayloadKeys(ctx, name))
			if withSignal {
				var signal goja.Value
				signal, release = g.signalFor(ctx)
				_ = p.ToObject(g.rt).Set("signal", signal)
			}
			return fn(goja.Undefined(), p, g.contextJS())
		}, func(r goja.Value) (any, error) {
			if withSignal {
				release()
				_ = p.ToObject(g.rt).Delete("signal")
			}
			res, resErr := g.toGo(r)
			if resErr == nil && engine.HookResultReplacesEvent(ctx, res) {
				// The event is not needed: skip converting it (1 MB for
				// context on a long session).
				return engine.HookReply{Result: res}, nil
			}
			ev, err := g.payloadToGo(p, m)
			if err != nil {
				return nil, err
			}
			if resErr != nil {
				return nil, fmt.Errorf("hook result: %w", resErr)
			}
			return engine.HookReply{Event: ev, Result: res}, nil
		})
	}
}

// listener adapts a JS listener of event typ.
func (g *jsGen) listener(typ string, fn goja.Callable) engine.Listener {
	return func(ctx context.Context, payload any) error {
		_, err := g.call(ctx, func() (goja.Value, error) {
			return fn(goja.Undefined(), g.payloadJS(payload, engine.LazyPayloadKeys(ctx, typ)), g.contextJS())
		}, nil)
		return err
	}
}

// effect adapts a JS effect: setup(signal) runs once the generation is
// live; the signal aborts when it retires. The synchronous part runs under
// the hook budget; a returned Promise is awaited until retire.
func (g *jsGen) effect(fn goja.Callable) engine.EffectFunc {
	return func(ctx context.Context) error {
		syncCtx, cancel := context.WithTimeout(ctx, g.callbackBudget())
		defer cancel()
		_, err := g.callSplit(syncCtx, ctx, func() (goja.Value, error) {
			signal, _ := g.signalFor(ctx)
			return fn(goja.Undefined(), signal)
		}, nil)
		return err
	}
}

func commandConv(g *jsGen) valueConv[engine.Command, engine.Command] {
	toJS := func(c engine.Command) goja.Value {
		obj := g.rt.NewObject()
		for k, v := range c.Extra {
			_ = obj.Set(k, g.toJS(v))
		}
		_ = obj.Set("description", c.Description)
		if c.Handler != nil {
			_ = obj.Set("handler", g.commandJS(c.Handler))
		}
		return obj
	}
	return valueConv[engine.Command, engine.Command]{
		fromJS: func(id string, v goja.Value) (engine.Command, error) {
			data, err := g.toGo(v)
			if err != nil {
				return engine.Command{}, fmt.Errorf("command %q: %w", id, err)
			}
			m, ok := data.(map[string]any)
			if !ok {
				return engine.Command{}, fmt.Errorf("command %q: definition must be an object", id)
			}
			c := engine.Command{Extra: map[string]any{}}
			for k, val := range m {
				switch k {
				case "description":
					c.Description, _ = val.(string)
				case "handler":
					f, ok := val.(*jsFunc)
					if !ok {
						return c, fmt.Errorf("command %q: handler must be a function", id)
					}
					c.Handler, c.HandlerID = g.commandFunc(f), f.fp
				case "name":
				default:
					c.Extra[k] = val
				}
			}
			return c, nil
		},
		toJS:  toJS,
		state: toJS,
		wrap: func(c engine.Command, fn goja.Callable) (engine.Command, error) {
			h, err := g.applyWrapper(fn, g.commandJS(c.Handler), "commands wrap: the wrapper must return a handler function")
			if err != nil {
				return c, err
			}
			c.Handler, c.HandlerID = g.commandFunc(h), c.HandlerID+">"+h.fp
			return c, nil
		},
	}
}

// commandFunc turns a JS handler(args, ctx) into a CommandFunc.
func (g *jsGen) commandFunc(f *jsFunc) engine.CommandFunc {
	return func(ctx context.Context, args string) error {
		defer f.g.holdWhileDraining()()
		_, err := f.g.call(ctx, func() (goja.Value, error) {
			return f.fn(goja.Undefined(), f.g.rt.ToValue(args), f.g.contextJS())
		}, nil)
		return err
	}
}

// commandJS exposes a CommandFunc to JS as handler(args, ctx) → Promise.
// Loop only.
func (g *jsGen) commandJS(h engine.CommandFunc) goja.Value {
	return g.rt.ToValue(func(c goja.FunctionCall) goja.Value {
		args := c.Argument(0).String()
		p, resolve, reject := g.newPromise()
		ctx := g.callCtx()
		go func() {
			if err := h(ctx, args); err != nil {
				reject(err)
				return
			}
			resolve(nil)
		}()
		return g.rt.ToValue(p)
	})
}

// dataConv handles registries of plain data (providers, resources).
func dataConv(g *jsGen, name string, orderedPath ...string) valueConv[map[string]any, map[string]any] {
	toJS := func(m map[string]any) goja.Value { return g.toJS(engine.Clone(m)) }
	fromJS := func(id string, v goja.Value) (map[string]any, error) {
		data, err := g.toGo(v)
		if err != nil {
			return nil, fmt.Errorf("%s %q: %w", name, id, err)
		}
		m, ok := data.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s %q: value must be an object", name, id)
		}
		if len(orderedPath) > 0 {
			if err := g.keepOrderAt(v, m, orderedPath...); err != nil {
				return nil, fmt.Errorf("%s %q: %w", name, id, err)
			}
		}
		return m, nil
	}
	return valueConv[map[string]any, map[string]any]{
		fromJS: fromJS,
		toJS:   toJS,
		state:  toJS,
		wrap: func(m map[string]any, fn goja.Callable) (map[string]any, error) {
			r, err := fn(goja.Undefined(), toJS(m))
			if err != nil {
				return m, err
			}
			return fromJS("wrap", r)
		},
	}
}

func settingsConv(g *jsGen) valueConv[engine.SettingDecl, engine.ResolvedSetting] {
	declJS := func(d engine.SettingDecl) goja.Value {
		return g.toJS(map[string]any{"schema": engine.Clone(d.Schema), "default": engine.Clone(d.Default), "description": d.Description})
	}
	fromJS := func(id string, v goja.Value) (engine.SettingDecl, error) {
		data, err := g.toGo(v)
		if err != nil {
			return engine.SettingDecl{}, fmt.Errorf("setting %q: %w", id, err)
		}
		m, ok := data.(map[string]any)
		if !ok {
			return engine.SettingDecl{}, fmt.Errorf("setting %q: declaration must be an object {schema, default, description}", id)
		}
		d := engine.SettingDecl{Default: m["default"]}
		d.Schema, _ = m["schema"].(map[string]any)
		d.Description, _ = m["description"].(string)
		return d, nil
	}
	return valueConv[engine.SettingDecl, engine.ResolvedSetting]{
		fromJS: fromJS,
		toJS:   declJS,
		state: func(r engine.ResolvedSetting) goja.Value {
			return g.toJS(map[string]any{"value": engine.Clone(r.Value), "source": r.Source, "schema": engine.Clone(r.Decl.Schema),
				"default": engine.Clone(r.Decl.Default), "description": r.Decl.Description})
		},
		wrap: func(d engine.SettingDecl, fn goja.Callable) (engine.SettingDecl, error) {
			r, err := fn(goja.Undefined(), declJS(d))
			if err != nil {
				return d, err
			}
			return fromJS("wrap", r)
		},
	}
}

// checkUndeclared throws when a declared plugin started on first use
// (declared.go) asks for what would have missed everything before its
// start. Loop only.
func (g *jsGen) checkUndeclared(what string) {
	if g.adopt != nil {
		g.throw(fmt.Errorf("%s declares its tools, so it cannot call %s when it starts", g.eg.PluginID(), what))
	}
}

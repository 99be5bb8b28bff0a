package jsapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/jsapi/modules"
)

// pigo:host is the bridge pi's ExtensionAPI adapter (compat/_pi-api.ts)
// calls for everything that is host state: the pi runtime (session, active
// tools, thinking level, agent requests), ctx.ui, the shared event bus and
// pi.exec. It translates; piapi.State decides.

// piHostModule builds the bridge for one generation. Loop only.
func piHostModule(rt modules.Runtime, module *goja.Object) error {
	g, ok := rt.(*jsGen)
	if !ok {
		return errors.New("pigo:host is only available inside a plugin runtime")
	}
	vm := g.rt
	h := g.eg.Host()
	pi := piapi.Of(h)
	plugin := g.eg.PluginID()
	// The exports are made on first read: a plugin calls a few of them.
	var methods []method
	fn := func(name string, f func(c goja.FunctionCall) goja.Value) { methods = append(methods, method{name, f}) }
	val := func(v any) goja.Value { return g.toJS(engine.Clone(v)) }
	str := func(c goja.FunctionCall, i int) string {
		a := c.Argument(i)
		if goja.IsUndefined(a) || goja.IsNull(a) {
			return ""
		}
		return a.String()
	}
	data := func(c goja.FunctionCall, i int) any {
		v, err := g.toGo(c.Argument(i))
		if err != nil {
			g.throw(err)
		}
		return v
	}
	// ordered converts data written out as the extension built it
	// (entry data, message details), keeping its key order.
	ordered := func(v goja.Value) any {
		x, err := g.toGoOrdered(v)
		if err != nil {
			g.throw(err)
		}
		return x
	}
	object := func(c goja.FunctionCall, i int) map[string]any {
		m, _ := data(c, i).(map[string]any)
		if m == nil {
			m = map[string]any{}
		}
		return m
	}
	undefinedIfEmpty := func(s string, ok bool) goja.Value {
		if !ok {
			return goja.Undefined()
		}
		return vm.ToValue(s)
	}
	promise := func(work func(ctx context.Context) (any, error)) goja.Value {
		p, resolve, reject := g.newPromise()
		ctx := g.callCtx()
		go func() {
			v, err := work(ctx)
			if err != nil {
				reject(err)
				return
			}
			resolve(v)
		}()
		return vm.ToValue(p)
	}

	source := g.eg.Source()
	fn("sourcePath", func(goja.FunctionCall) goja.Value { return vm.ToValue(source) })
	fn("sourceDir", func(goja.FunctionCall) goja.Value { return vm.ToValue(sourceDir(source)) })
	fn("isStale", func(goja.FunctionCall) goja.Value { return vm.ToValue(g.eg.Retired()) })
	fn("sessionSerial", func(goja.FunctionCall) goja.Value { return vm.ToValue(pi.SessionSerial()) })
	fn("isLoading", func(goja.FunctionCall) goja.Value { return vm.ToValue(g.loading) })
	// lazyMethods(target, names, make) returns target with the members
	// names added, each made by make(name) on first read (newLazyMembers):
	// the ExtensionAPI's methods, most of which a plugin never calls.
	fn("lazyMethods", func(c goja.FunctionCall) goja.Value {
		target, ok := c.Argument(0).(*goja.Object)
		maker, isFn := goja.AssertFunction(c.Argument(2))
		var names []string
		if !ok || !isFn || vm.ExportTo(c.Argument(1), &names) != nil {
			panic(vm.NewTypeError("lazyMethods(target, names, make): want an object, an array of names and a function"))
		}
		methods := make([]method, len(names))
		for i, n := range names {
			methods[i] = method{name: n}
		}
		obj, _ := newLazyMembers(vm, target, methods, maker)
		return obj
	})
	fn("isHookEvent", func(c goja.FunctionCall) goja.Value { return vm.ToValue(piapi.IsHookEvent(str(c, 0))) })
	fn("unsupported", func(c goja.FunctionCall) goja.Value { pi.NoteUnsupported(plugin, str(c, 0)); return goja.Undefined() })
	fn("warn", func(c goja.FunctionCall) goja.Value {
		// An effect: a pure contribution that warns must run (and warn)
		// again on the next rebuild, not replay its record.
		g.activity.Add(1)
		g.eg.Log(engine.SeverityWarning, str(c, 0))
		return goja.Undefined()
	})
	fn("cwd", func(goja.FunctionCall) goja.Value { return vm.ToValue(h.Options().Cwd) })
	fn("hasUI", func(goja.FunctionCall) goja.Value { return vm.ToValue(pi.UI().HasUI()) })
	// rendersComponents(fromOrigin): a client draws components (with true:
	// the client this call came from, when known).
	fn("rendersComponents", func(c goja.FunctionCall) goja.Value {
		id := ""
		if c.Argument(0).ToBoolean() {
			id = engine.Originator(g.origin())
		}
		return vm.ToValue(pi.UI().RendersComponents(id))
	})
	// pi 1.6's context members.
	fn("mode", func(goja.FunctionCall) goja.Value { return vm.ToValue(pi.Mode()) })
	fn("isProjectTrusted", func(goja.FunctionCall) goja.Value { return vm.ToValue(pi.ProjectTrusted()) })
	// The images.autoResize setting, for the built-in read tool.
	fn("imageAutoResize", func(goja.FunctionCall) goja.Value { return vm.ToValue(pi.ImageAutoResize()) })
	fn("systemPromptOptions", func(goja.FunctionCall) goja.Value { return val(pi.SystemPromptOptions()) })
	// executeTool is pi 1.6's ExtensionToolContext.executeTool: a nested
	// call through validation and the tool_call/tool_result hooks, never
	// rejecting (failures are isError outcomes); the agent, when there is
	// one, emits its events and records it on the calling tool's result.
	fn("executeTool", func(c goja.FunctionCall) goja.Value {
		name, args, id := str(c, 0), data(c, 1), str(c, 2)
		// The id is "<calling tool call's id>/<n>".
		parent := id[:max(strings.LastIndex(id, "/"), 0)]
		run := pi.StartTool(name, engine.ToolCall{ID: id, ParentID: parent, Params: args, Context: map[string]any{"cwd": h.Options().Cwd}})
		return promise(func(ctx context.Context) (any, error) {
			start := time.Now()
			res, err := run(ctx)
			result := res.Data() // structuredContent keeps its key order (an ordered object)
			out := map[string]any{"toolCall": map[string]any{"type": "toolCall", "id": id, "name": name, "arguments": args},
				"result": result, "isError": err != nil || res.IsError}
			if err == nil {
				out["durationMs"] = float64(time.Since(start).Milliseconds())
			}
			return out, nil
		})
	})
	// emit delivers a pi event to every extension (mcp_servers_change),
	// off this loop: the emitter's own listeners run on it.
	fn("emit", func(c goja.FunctionCall) goja.Value {
		typ, payload := str(c, 0), object(c, 1)
		payload["type"] = typ
		h.EmitAsync(typ, payload)
		return goja.Undefined()
	})
	fn("model", func(goja.FunctionCall) goja.Value {
		if m := pi.Model(); m != nil {
			return val(m)
		}
		return goja.Undefined()
	})

	// Agent requests.
	agentOp := func(name string, f func(a piapi.Agent, c goja.FunctionCall) goja.Value) {
		fn(name, func(c goja.FunctionCall) goja.Value { return f(pi.Agent(), c) })
	}
	agentOp("isIdle", func(a piapi.Agent, _ goja.FunctionCall) goja.Value { return vm.ToValue(a.IsIdle()) })
	agentOp("hasPendingMessages", func(a piapi.Agent, _ goja.FunctionCall) goja.Value {
		return vm.ToValue(a.HasPendingMessages())
	})
	agentOp("getSystemPrompt", func(a piapi.Agent, _ goja.FunctionCall) goja.Value { return vm.ToValue(a.SystemPrompt()) })
	agentOp("getContextUsage", func(a piapi.Agent, _ goja.FunctionCall) goja.Value {
		if u := a.ContextUsage(); u != nil {
			return val(u)
		}
		return goja.Undefined()
	})
	agentOp("abort", func(a piapi.Agent, _ goja.FunctionCall) goja.Value {
		pi.Record(plugin, "ctx.abort")
		a.Abort()
		return goja.Undefined()
	})
	agentOp("shutdown", func(a piapi.Agent, _ goja.FunctionCall) goja.Value {
		pi.Record(plugin, "ctx.shutdown")
		a.Shutdown(plugin)
		return goja.Undefined()
	})
	agentOp("compact", func(a piapi.Agent, c goja.FunctionCall) goja.Value {
		opts := object(c, 0)
		pi.Record(plugin, "ctx.compact", opts)
		a.Compact(plugin, opts)
		return goja.Undefined()
	})
	// sessionControl(op, args) serves the command context's session
	// methods (newSession, fork, switchSession, navigateTree, waitForIdle).
	agentOp("sessionControl", func(a piapi.Agent, c goja.FunctionCall) goja.Value {
		op, args := str(c, 0), object(c, 1)
		if op != "waitForIdle" && op != "start" {
			pi.Record(plugin, "ctx."+op, args)
		}
		return promise(func(ctx context.Context) (any, error) { return a.SessionControl(context.WithoutCancel(ctx), op, args) })
	})
	// sessionAppend(entry) appends to the current session (the
	// SessionManager a newSession setup callback writes to).
	fn("sessionAppend", func(c goja.FunctionCall) goja.Value {
		e := object(c, 0)
		stored := pi.Session().Append(e)
		id, _ := stored["id"].(string)
		return vm.ToValue(id)
	})
	agentOp("reload", func(a piapi.Agent, _ goja.FunctionCall) goja.Value {
		pi.Record(plugin, "ctx.reload")
		return promise(func(ctx context.Context) (any, error) { return nil, pi.Reload(context.WithoutCancel(ctx)) })
	})
	fn("sendMessage", func(c goja.FunctionCall) goja.Value {
		msg, opts := object(c, 0), object(c, 1)
		if _, ok := msg["details"]; ok {
			msg["details"] = ordered(c.Argument(0).ToObject(vm).Get("details"))
		}
		origin, done := g.origin(), pi.BeginSend()
		go func() {
			defer done()
			runtimeError(h, plugin, "send_message", pi.SendMessage(piapi.WithAccepted(origin, done), plugin, msg, opts))
		}()
		return goja.Undefined()
	})
	fn("sendUserMessage", func(c goja.FunctionCall) goja.Value {
		content, opts := data(c, 0), object(c, 1)
		origin, done := g.origin(), pi.BeginSend()
		go func() {
			defer done()
			runtimeError(h, plugin, "send_user_message", pi.SendUserMessage(piapi.WithAccepted(origin, done), plugin, content, opts))
		}()
		return goja.Undefined()
	})
	fn("setModel", func(c goja.FunctionCall) goja.Value {
		model := object(c, 0)
		return promise(func(ctx context.Context) (any, error) { return pi.SetModel(ctx, plugin, model) })
	})

	// Session and runtime state.
	fn("appendEntry", func(c goja.FunctionCall) goja.Value {
		pi.AppendEntry(plugin, str(c, 0), ordered(c.Argument(1)))
		return goja.Undefined()
	})
	fn("setSessionName", func(c goja.FunctionCall) goja.Value { pi.SetSessionName(plugin, str(c, 0)); return goja.Undefined() })
	fn("getSessionName", func(goja.FunctionCall) goja.Value { return undefinedIfEmpty(pi.Session().Name()) })
	fn("setLabel", func(c goja.FunctionCall) goja.Value {
		if err := pi.SetLabel(plugin, str(c, 0), str(c, 1)); err != nil {
			g.throw(err)
		}
		return goja.Undefined()
	})
	fn("getActiveTools", func(goja.FunctionCall) goja.Value { return g.toJS(pi.ActiveTools()) })
	fn("setActiveTools", func(c goja.FunctionCall) goja.Value {
		var names []string
		if list, ok := data(c, 0).([]any); ok {
			for _, n := range list {
				if s, ok := n.(string); ok {
					names = append(names, s)
				}
			}
		}
		pi.SetActiveTools(plugin, piapi.Of(h).ToolLoadout(names))
		return goja.Undefined()
	})
	// getAllTools(callable): pi's getAllTools, or with callable the tools
	// ctx.executeTool can run (pi 1.6's ctx.tools, with their
	// outputSchema).
	fn("getAllTools", func(c goja.FunctionCall) goja.Value {
		callable := c.Argument(0).ToBoolean()
		reach := map[string]bool{}
		for _, n := range piapi.Of(h).CallableTools() {
			reach[n] = true
		}
		var out []any
		for _, e := range h.Tools().Current().Entries() {
			if callable && !reach[e.ID] {
				continue
			}
			info := map[string]any{"name": e.ID, "description": e.Value.Description,
				"parameters": e.Value.DeclaredParameters(), "sourceInfo": sourceInfoOf(h, e.Owner, e.Value.Extra)}
			// pi 1.6 reports how the model reaches each tool: codemode
			// and tool_search read exposure and namespace, permission
			// extensions the annotations, builtin:mcp reachesTools.
			info["exposure"] = piapi.ToolExposure(e.Value)
			for _, k := range []string{"promptGuidelines", "namespace", "annotations"} {
				if v, ok := e.Value.Extra[k]; ok && v != nil {
					info[k] = engine.Clone(v)
				}
			}
			if v, ok := e.Value.Extra["reachesTools"].(engine.Callable); ok {
				info["reachesTools"] = v
			}
			if v, ok := e.Value.Extra["outputSchema"]; ok && v != nil && callable {
				info["outputSchema"] = engine.Clone(v)
			}
			out = append(out, info)
		}
		return g.toJS(nonNilList(out))
	})
	fn("getCommands", func(goja.FunctionCall) goja.Value {
		var out []any
		for _, e := range h.Commands().Current().Entries() {
			out = append(out, map[string]any{"name": e.ID, "description": e.Value.Description, "source": "extension",
				"sourceInfo": sourceInfoOf(h, e.Owner, e.Value.Extra)})
		}
		for _, c := range pi.ResourceCommands() { // prompt templates, then skills
			out = append(out, engine.Clone(c))
		}
		return g.toJS(nonNilList(out))
	})
	fn("getThinkingLevel", func(goja.FunctionCall) goja.Value { return vm.ToValue(pi.ThinkingLevel()) })
	fn("setThinkingLevel", func(c goja.FunctionCall) goja.Value {
		if err := pi.SetThinkingLevel(plugin, str(c, 0)); err != nil {
			g.throw(err)
		}
		return goja.Undefined()
	})
	fn("flagValue", func(c goja.FunctionCall) goja.Value {
		if v, ok := pi.FlagValue(str(c, 0)); ok {
			return val(v)
		}
		return goja.Undefined()
	})
	fn("session", func(c goja.FunctionCall) goja.Value { return g.sessionQuery(str(c, 0), str(c, 1)) })

	// busQueue delivers this runtime's emits one after another, in emit
	// order, as a single EventEmitter would.
	busQueue := &engine.Serial{}
	// Event bus shared by every plugin of the host (pi.events). The
	// adapter calls this runtime's own handlers synchronously inside emit,
	// as pi's EventEmitter does; the other runtimes get the event here,
	// asynchronously, because no loop may block waiting on another. The
	// payload crosses through the codec: its functions become handles
	// (calling one posts to the emitter's loop and returns a Promise),
	// so request/reply payloads work across runtimes.
	fn("busEmit", func(c goja.FunctionCall) goja.Value {
		channel := str(c, 0)
		payload, err := g.toGo(c.Argument(1))
		if err != nil {
			// pi's emit never throws, and this runtime's handlers already
			// have the payload: only the other extensions miss it.
			g.eg.Log(engine.SeverityWarning, fmt.Sprintf("pi.events.emit(%q): not delivered to other extensions: %v", channel, err))
			return goja.Undefined()
		}
		ctx := context.WithValue(context.WithoutCancel(g.eg.Context()), busOriginKey{}, g)
		busQueue.Push(func() { h.Emit(ctx, "bus:"+channel, payload) })
		return goja.Undefined()
	})
	fn("busOn", func(c goja.FunctionCall) goja.Value {
		handler, ok := goja.AssertFunction(c.Argument(1))
		if !ok {
			g.throw(errors.New("events.on: handler must be a function"))
		}
		// The handler is pi's error-catching wrapper; only its synchronous
		// part is waited for, so a handler still awaiting something does
		// not hold back the emitter's next events (EventEmitter does not
		// await handlers either).
		deliver := func(ctx context.Context, payload any) error {
			_, err := g.call(ctx, func() (goja.Value, error) {
				arg := goja.Undefined() // emit(channel) without data, the usual "no data"
				if payload != nil {
					arg = g.toJS(payload)
				}
				_, err := handler(goja.Undefined(), arg)
				return goja.Undefined(), err
			}, nil)
			return err
		}
		g.checkUndeclared("pi.events.on(" + strconv.Quote(str(c, 0)) + ")")
		remove, err := g.eg.Listen("bus:"+str(c, 0), func(ctx context.Context, payload any) error {
			if ctx.Value(busOriginKey{}) == g {
				return nil // the emitter's runtime: already delivered in emit
			}
			return deliver(ctx, payload)
		})
		if err != nil {
			g.throw(err)
		}
		return vm.ToValue(func(goja.FunctionCall) goja.Value { remove(); return goja.Undefined() })
	})

	// ctx.ui
	fn("notify", func(c goja.FunctionCall) goja.Value {
		pi.UI().Notify(plugin, str(c, 0), str(c, 1))
		return goja.Undefined()
	})
	fn("uiSet", func(c goja.FunctionCall) goja.Value {
		pi.UI().Set(plugin, str(c, 0), str(c, 1), str(c, 2), data(c, 3))
		return goja.Undefined()
	})
	// component(kind, key, extra) is a handle for one extension component
	// (component.go).
	fn("component", func(c goja.FunctionCall) goja.Value { return g.componentHandle(str(c, 0), str(c, 1), object(c, 2)) })
	// claimSlot(kind, key) closes what a slot shows and returns this
	// plugin's claim on it; slotClaim(kind, key) the slot's last claim.
	slot := func(c goja.FunctionCall) string { return str(c, 0) + "/" + str(c, 1) }
	fn("claimSlot", func(c goja.FunctionCall) goja.Value {
		g.releaseSlot(str(c, 0), str(c, 1))
		return vm.ToValue(pi.UI().ClaimSlot(slot(c)))
	})
	fn("slotClaim", func(c goja.FunctionCall) goja.Value { return vm.ToValue(pi.UI().SlotClaim(slot(c))) })
	fn("editorText", func(goja.FunctionCall) goja.Value { return undefinedIfEmpty(g.editorText()) })
	fn("editorSetText", func(c goja.FunctionCall) goja.Value { g.setEditorText(str(c, 0)); return goja.Undefined() })
	// onTerminalInput(handler) registers a terminal input listener
	// (ctx.ui.onTerminalInput); its removal is returned and also runs
	// when this generation retires (a reload drops the old listeners).
	fn("onTerminalInput", func(c goja.FunctionCall) goja.Value {
		handler, ok := goja.AssertFunction(c.Argument(0))
		if !ok {
			g.throw(errors.New("ui.onTerminalInput: handler must be a function"))
		}
		remove := pi.UI().AddInputListener(plugin, func(ctx context.Context, data string) (any, error) {
			return g.call(ctx, func() (goja.Value, error) { return handler(goja.Undefined(), vm.ToValue(data)) }, g.toGo)
		})
		g.eg.OnRetire(remove)
		return vm.ToValue(func(goja.FunctionCall) goja.Value { remove(); return goja.Undefined() })
	})
	// addAutocompleteProvider(triggers, suggest, apply, shouldTrigger,
	// key) registers an autocomplete provider (ctx.ui.addAutocompleteProvider;
	// the adapter built it from the extension's factory and names it
	// key). suggest(lines, line, col, force, lower, commands) answers
	// {prefix, items}, null (none) or "builtin" (the built-in completion's
	// answer, unchanged); lower() is a Promise of the providers below in
	// the same terms; commands are the client's slash commands (or
	// undefined). apply(lines, line, col, item, prefix, below) may return
	// a Promise; below lists the keys of this plugin's providers right
	// under it, down to the first of another plugin or the built-in.
	// shouldTrigger(lines, line, col), if given, answers {trigger,
	// delegated}. It goes when this generation retires.
	fn("addAutocompleteProvider", func(c goja.FunctionCall) goja.Value {
		var triggers []string
		_ = vm.ExportTo(c.Argument(0), &triggers)
		suggest, ok1 := goja.AssertFunction(c.Argument(1))
		apply, ok2 := goja.AssertFunction(c.Argument(2))
		if !ok1 || !ok2 {
			g.throw(errors.New("ui.addAutocompleteProvider: the provider needs getSuggestions and applyCompletion"))
		}
		editor := func(r piapi.CompletionRequest) []goja.Value {
			return []goja.Value{g.toJS(anySlice(r.Lines)), vm.ToValue(r.CursorLine), vm.ToValue(r.CursorCol)}
		}
		p := piapi.AutocompleteProvider{
			Triggers: triggers,
			Suggest: func(ctx context.Context, r piapi.CompletionRequest) (any, error) {
				got, err := g.call(ctx, func() (goja.Value, error) {
					lower := vm.ToValue(func(goja.FunctionCall) goja.Value {
						p, resolve, reject := g.newPromise()
						go func() {
							v, err := r.Lower(ctx)
							switch {
							case err != nil:
								reject(err)
							case v == nil:
								resolve("builtin")
							case v == piapi.NoCompletion:
								resolve(nil)
							default:
								resolve(v)
							}
						}()
						return vm.ToValue(p)
					})
					commands := goja.Undefined()
					if r.Commands != nil {
						commands = g.toJS(r.Commands)
					}
					return suggest(goja.Undefined(), append(editor(r), vm.ToValue(r.Force), lower, commands)...)
				}, g.toGo)
				switch got {
				case "builtin":
					return nil, err
				case nil:
					return piapi.NoCompletion, err
				}
				return got, err
			},
			Apply: func(ctx context.Context, r piapi.CompletionRequest, item map[string]any, prefix string) (any, error) {
				below := []any{}
				for _, b := range r.Below {
					if b.Plugin != plugin || b.Key == "" {
						break
					}
					below = append(below, b.Key)
				}
				return g.call(ctx, func() (goja.Value, error) {
					return apply(goja.Undefined(), append(editor(r), g.toJS(item), vm.ToValue(prefix), g.toJS(below))...)
				}, g.toGo)
			},
		}
		if should, ok := goja.AssertFunction(c.Argument(3)); ok {
			p.ShouldTrigger = func(ctx context.Context, r piapi.CompletionRequest) (bool, bool, error) {
				got, err := g.call(ctx, func() (goja.Value, error) {
					return should(goja.Undefined(), editor(r)...)
				}, g.toGo)
				m, _ := got.(map[string]any)
				return m["trigger"] != false, m["delegated"] == true, err
			}
		}
		if k := c.Argument(4); !goja.IsUndefined(k) && !goja.IsNull(k) {
			p.Key = k.String()
		}
		remove := pi.UI().AddAutocompleteProvider(plugin, p)
		g.eg.OnRetire(remove)
		return goja.Undefined()
	})
	// argumentCompletions(name, prefix) is a Promise of the items slash
	// command name's getArgumentCompletions offers, in whichever plugin
	// registered it, or null: a custom editor's autocomplete completes
	// arguments as pi's editor does.
	fn("argumentCompletions", func(c goja.FunctionCall) goja.Value {
		name, prefix := str(c, 0), str(c, 1)
		return promise(func(ctx context.Context) (any, error) {
			items, _, err := piapi.ArgumentCompletions(ctx, h, name, prefix)
			if len(items) == 0 {
				return nil, err
			}
			return items, err
		})
	})
	// suggest(lines, line, col, force, commands) is a Promise of what the
	// autocomplete providers of all plugins answer at the cursor, for a
	// custom editor they stack on as in pi: {provider, prefix, items},
	// null for the built-in completion's answer, "none" for nothing.
	// autocompleteInfo() is their {count, triggers}.
	fn("suggest", func(c goja.FunctionCall) goja.Value {
		var req piapi.CompletionRequest
		_ = vm.ExportTo(c.Argument(0), &req.Lines)
		req.CursorLine, req.CursorCol = int(c.Argument(1).ToInteger()), int(c.Argument(2).ToInteger())
		req.Force = c.Argument(3).ToBoolean()
		if v := c.Argument(4); !goja.IsUndefined(v) && !goja.IsNull(v) {
			cmds, _ := g.toGo(v)
			req.Commands, _ = cmds.([]any)
		}
		return promise(func(ctx context.Context) (any, error) {
			id, got, err := pi.UI().Suggest(ctx, req)
			m, _ := got.(map[string]any)
			switch {
			case err != nil || got == nil:
				return nil, err
			case got == piapi.NoCompletion || m == nil:
				return piapi.NoCompletion, nil
			}
			return map[string]any{"provider": float64(id), "prefix": m["prefix"], "items": m["items"]}, nil
		})
	})
	fn("autocompleteInfo", func(goja.FunctionCall) goja.Value { return val(pi.UI().AutocompleteInfo()) })
	fn("uiGet", func(c goja.FunctionCall) goja.Value {
		if v, ok := pi.UI().State()[str(c, 0)]; ok {
			return val(v)
		}
		return goja.Undefined()
	})
	// withSignal converts an options object whose "signal" (an
	// AbortSignal) cancels the returned context.
	withSignal := func(v goja.Value) (context.Context, context.CancelFunc, map[string]any) {
		ctx, cancel := context.WithCancel(g.origin())
		params := map[string]any{}
		if o, ok := v.(*goja.Object); ok {
			g.onAbort(o.Get("signal"), cancel)
			for _, k := range o.Keys() {
				if k == "signal" {
					continue
				}
				v, err := g.toGo(o.Get(k))
				if err != nil {
					g.throw(err)
				}
				if v != nil {
					params[k] = v
				}
			}
		}
		return ctx, cancel, params
	}
	// modelStream(model, context, options, emit) is a model call through
	// the agent's providers (pi-ai's built-in APIs in extension code):
	// emit gets each event; the promise resolves with the final message.
	fn("modelStream", func(c goja.FunctionCall) goja.Value {
		model, llm := object(c, 0), object(c, 1)
		ctx, cancel, opts := withSignal(c.Argument(2))
		emit, _ := data(c, 3).(engine.Callable)
		a := pi.Agent()
		return promise(func(context.Context) (any, error) {
			defer cancel()
			return a.ModelStream(ctx, model, llm, opts, func(ev map[string]any) {
				if emit != nil {
					_, _ = emit.Call(ctx, ev)
				}
			})
		})
	})
	fn("dialog", func(c goja.FunctionCall) goja.Value {
		method := str(c, 0)
		ctx, cancel, params := withSignal(c.Argument(1))
		gen := g.eg
		return promise(func(context.Context) (any, error) {
			defer cancel()
			return pi.UI().Dialog(ctx, gen, method, params)
		})
	})

	// Models: the agent session's registry (pi's: built-in, models.json,
	// extension providers, auth from auth.json and the environment); the
	// second answer, false, means there is none (pigo dev, check) and
	// the adapter falls back to extension providers and pi-ai's catalog.
	fn("sessionModels", func(c goja.FunctionCall) goja.Value {
		ms := pi.Models()
		if ms == nil {
			return goja.Undefined()
		}
		var out []map[string]any
		if str(c, 0) == "available" {
			out = ms.Available()
		} else {
			out = ms.All()
		}
		return g.toJS(nonNilList(anySlice(out)))
	})
	fn("sessionFindModel", func(c goja.FunctionCall) goja.Value {
		ms := pi.Models()
		if ms == nil {
			return goja.Undefined()
		}
		if m := ms.Find(str(c, 0), str(c, 1)); m != nil {
			return g.toJS(m)
		}
		return goja.Null()
	})
	// modelAuth(provider) is [hasConfiguredAuth, isUsingOAuth], undefined
	// without a session.
	fn("modelAuth", func(c goja.FunctionCall) goja.Value {
		ms := pi.Models()
		if ms == nil {
			return goja.Undefined()
		}
		return vm.ToValue([]any{ms.HasConfiguredAuth(str(c, 0)), ms.IsUsingOAuth(str(c, 0))})
	})
	// modelRequestAuth(provider, id) is a Promise of pi's
	// getApiKeyAndHeaders result (with the stored credential's env),
	// undefined without a session.
	fn("modelRequestAuth", func(c goja.FunctionCall) goja.Value {
		ms := pi.Models()
		if ms == nil {
			return goja.Undefined()
		}
		prov, id := str(c, 0), str(c, 1)
		return promise(func(ctx context.Context) (any, error) {
			key, headers, err := ms.Auth(ctx, prov, id)
			if err != nil {
				return map[string]any{"ok": false, "error": err.Error()}, nil
			}
			r := map[string]any{"ok": true}
			if key != "" {
				r["apiKey"] = key
			}
			if len(headers) > 0 {
				hs := make(map[string]any, len(headers))
				for k, v := range headers {
					hs[k] = v
				}
				r["headers"] = hs
			}
			if env := ms.CredentialEnv(prov); len(env) > 0 {
				e := make(map[string]any, len(env))
				for k, v := range env {
					e[k] = v
				}
				r["env"] = e
			}
			return r, nil
		})
	})
	// modelsJSON(provider) is models.json's {baseUrl, compat} of provider
	// (compat as JSON), null when it has none, undefined without a session.
	fn("modelsJSON", func(c goja.FunctionCall) goja.Value {
		ms := pi.Models()
		if ms == nil {
			return goja.Undefined()
		}
		baseURL, compat, ok := ms.ModelsJSON(str(c, 0))
		if !ok {
			return goja.Null()
		}
		return g.toJS(map[string]any{"baseUrl": baseURL, "compat": compat})
	})
	// typedProviders() are the registered providers as their
	// classifier and image models see them: id, baseUrl, apiKey, the
	// classifier and the image model definitions as JSON (models,
	// imageModels; undefined when the registration lists no models, which
	// keeps the provider's own) and whether it has classifier and image
	// implementations.
	fn("typedProviders", func(goja.FunctionCall) goja.Value {
		var out []any
		for _, e := range h.Providers().Current().Entries() {
			p := map[string]any{"id": e.ID, "baseUrl": e.Value["baseUrl"], "apiKey": e.Value["apiKey"],
				"classifiers": e.Value["__pigoClassify"] != nil, "images": e.Value["__pigoImages"] != nil}
			if ms, ok := e.Value["__pigoClassifierModels"].(string); ok {
				p["models"] = ms
			}
			if ms, ok := e.Value["__pigoImageModels"].(string); ok {
				p["imageModels"] = ms
			}
			out = append(out, p)
		}
		return g.toJS(nonNilList(out))
	})
	// providerCall(field) is a host function (provider, model, context,
	// options, {signal}) returning a Promise of the registered provider's
	// implementation under field for model.api (the arguments and the
	// result as JSON): the result, or null when the provider has no
	// implementation for it.
	providerCall := func(field string) func(goja.FunctionCall) goja.Value {
		return func(c goja.FunctionCall) goja.Value {
			prov, model, llm, opts := str(c, 0), str(c, 1), str(c, 2), str(c, 3)
			ctx, cancel, _ := withSignal(c.Argument(4))
			var call engine.Callable
			for _, e := range h.Providers().Current().Entries() {
				if e.ID == prov {
					call, _ = e.Value[field].(engine.Callable)
				}
			}
			return promise(func(context.Context) (any, error) {
				defer cancel()
				if call == nil {
					return nil, nil
				}
				return call.Call(ctx, model, llm, opts, map[string]any{"signal": engine.AbortSignal{}})
			})
		}
	}
	// providerClassify: the registered provider's classify.
	fn("providerClassify", providerCall("__pigoClassify"))
	// providerGenerateImages: the registered provider's generateImages.
	fn("providerGenerateImages", providerCall("__pigoImages"))
	fn("findModel", func(c goja.FunctionCall) goja.Value {
		for _, m := range allModels(h) {
			if m["provider"] == str(c, 0) && m["id"] == str(c, 1) {
				return val(m)
			}
		}
		return goja.Undefined()
	})
	fn("allModels", func(goja.FunctionCall) goja.Value { return g.toJS(nonNilList(anySlice(allModels(h)))) })

	fn("exec", func(c goja.FunctionCall) goja.Value { return g.piExec(c) })
	return module.Set("exports", newMethodObject(vm, methods))
}

// origin is the context plugin code that runs now was called with (it
// carries the originating client), detached from its deadline. Loop only.
func (g *jsGen) origin() context.Context {
	ctx := g.callCtx()
	if g.curCtx != nil {
		if o := engine.Originator(g.curCtx); o != "" {
			ctx = engine.WithOriginator(ctx, o)
		}
	}
	return ctx
}

// sessionQuery answers ReadonlySessionManager calls. Loop only.
func (g *jsGen) sessionQuery(kind, arg string) goja.Value {
	tr := piapi.Of(g.eg.Host()).Session()
	entryOrUndefined := func(e map[string]any, ok bool) goja.Value {
		if !ok {
			return goja.Undefined()
		}
		return g.toJS(engine.Clone(e))
	}
	switch kind {
	case "id":
		return g.rt.ToValue(tr.Header().ID)
	case "file", "dir":
		path := tr.Path()
		if path == "" { // in memory (--no-session): no file
			return goja.Undefined()
		}
		if kind == "dir" {
			path = filepath.Dir(path)
		}
		return g.rt.ToValue(path)
	case "header":
		// pi's SessionHeader, in its key order: parentSession only when set.
		h := tr.Header()
		header := orderedObject{{"type", h.Type}, {"version", float64(h.Version)}, {"id", h.ID}, {"timestamp", h.Timestamp}, {"cwd", h.Cwd}}
		if h.ParentSession != "" {
			header = append(header, field{"parentSession", h.ParentSession})
		}
		return g.toJS(header)
	case "leafId":
		if id := tr.LeafID(); id != "" {
			return g.rt.ToValue(id)
		}
		return goja.Null()
	case "leafEntry":
		return entryOrUndefined(tr.Entry(tr.LeafID()))
	case "entry":
		return entryOrUndefined(tr.Entry(arg))
	case "label":
		if l, ok := tr.Label(arg); ok {
			return g.rt.ToValue(l)
		}
		return goja.Undefined()
	case "branch":
		return g.toJS(entriesData(tr.Branch(arg)))
	case "entries":
		return g.toJS(entriesData(tr.Entries()))
	case "tree":
		b, _ := jsonRoundTrip(tr.Tree())
		return g.toJS(b)
	case "name":
		if n, ok := tr.Name(); ok {
			return g.rt.ToValue(n)
		}
		return goja.Undefined()
	}
	g.throw(errors.New("sessionManager: unknown query " + kind))
	return nil
}

// piExec implements pi.exec(command, args, {cwd, timeout, signal}) →
// Promise<{stdout, stderr, code, killed}> with pi's semantics: no shell, a
// missing binary or spawn failure resolves with code 1. Loop only.
func (g *jsGen) piExec(c goja.FunctionCall) goja.Value {
	command := c.Argument(0).String()
	var args []string
	if list, _ := g.toGo(c.Argument(1)); list != nil {
		for _, a := range list.([]any) {
			args = append(args, toString(a))
		}
	}
	cwd := g.eg.Host().Options().Cwd
	var timeout time.Duration
	ctx, cancel := context.WithCancel(g.eg.Context())
	if o, ok := c.Argument(2).(*goja.Object); ok {
		if v := o.Get("cwd"); v != nil && !goja.IsUndefined(v) {
			cwd = resolvePath(cwd, v.String())
		}
		if v := o.Get("timeout"); v != nil && !goja.IsUndefined(v) && v.ToInteger() > 0 {
			timeout = time.Duration(v.ToInteger()) * time.Millisecond
		}
		g.onAbort(o.Get("signal"), cancel)
	}
	env := g.env.opts.Environ
	p, resolve, _ := g.newPromise()
	go func() {
		defer cancel()
		killed := false
		cmd := exec.Command(command, args...)
		cmd.Dir = cwd
		cmd.Env = environList(env)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		result := func(code int) orderedObject {
			return orderedObject{{"stdout", stdout.String()}, {"stderr", stderr.String()}, {"code", float64(code)}, {"killed", killed}}
		}
		if err := cmd.Start(); err != nil {
			resolve(result(1))
			return
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		var timer <-chan time.Time
		if timeout > 0 {
			t := time.NewTimer(timeout)
			defer t.Stop()
			timer = t.C
		}
		var err error
		select {
		case err = <-done:
		case <-timer:
			killed = true
		case <-ctx.Done():
			killed = true
		}
		if killed {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
			select {
			case err = <-done:
			case <-time.After(5 * time.Second):
				_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				err = <-done
			}
		}
		code := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			code = ee.ExitCode()
			if code < 0 {
				code = 1
			}
		} else if err != nil {
			code = 1
		}
		resolve(result(code))
	}()
	return g.rt.ToValue(p)
}

func resolvePath(cwd, p string) string {
	if strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, p[2:])
		}
	}
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(cwd, p)
}

func environList(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	if len(out) == 0 {
		return []string{} // an empty, not inherited, environment
	}
	return out
}

// sourceInfoOf is pi's SourceInfo of something a plugin registered.
func sourceInfoOf(h *engine.Host, owner string, extra map[string]any) any {
	if si, ok := extra["sourceInfo"]; ok {
		return engine.Clone(si)
	}
	path := owner
	if g := h.Generation(owner); g != nil {
		path = g.Source()
	}
	source := "local"
	if strings.HasPrefix(owner, "@pi/") {
		source = "builtin"
	}
	return map[string]any{"path": path, "source": source, "scope": "temporary", "origin": "top-level"}
}

// allModels lists the models of every registered provider, each with its
// provider name.
func allModels(h *engine.Host) []map[string]any {
	var out []map[string]any
	for _, e := range h.Providers().Current().Entries() {
		models, _ := e.Value["models"].([]any)
		for _, m := range models {
			mm, ok := engine.Clone(m).(map[string]any)
			if !ok {
				continue
			}
			if _, ok := mm["provider"]; !ok {
				mm["provider"] = e.ID
			}
			if _, ok := mm["api"]; !ok {
				mm["api"] = e.Value["api"]
			}
			out = append(out, mm)
		}
	}
	return out
}

func anySlice[T any](s []T) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

func nonNilList(s []any) []any {
	if s == nil {
		return []any{}
	}
	return s
}

func entriesData(es []map[string]any) []any {
	out := make([]any, len(es))
	for i, e := range es {
		out[i] = engine.Clone(map[string]any(e))
	}
	return out
}

// jsonRoundTrip turns a Go value into engine data through JSON.
func jsonRoundTrip(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	err = json.Unmarshal(b, &out)
	return out, err
}

func toString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	}
	return fmt.Sprint(v)
}

// busOriginKey marks a pi.events emit with the emitting generation, whose
// own handlers already ran synchronously inside emit.
type busOriginKey struct{}

// runtimeError records the failure of a fire-and-forget pi call (pi's
// sendMessage and sendUserMessage catch it and emit an extension error
// for "<runtime>" with the call's event name).
func runtimeError(h *engine.Host, plugin, event string, err error) {
	if err != nil {
		h.RecordDiagnostic(engine.Diagnostic{Plugin: plugin, Severity: engine.SeverityError, Where: "runtime " + event, Text: err.Error()})
	}
}

// sourceDir is a plugin source's directory: the source itself when it is
// a directory, else the one it is in.
func sourceDir(source string) string {
	if st, err := os.Stat(source); err == nil && st.IsDir() {
		return source
	}
	return filepath.Dir(source)
}

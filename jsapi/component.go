package jsapi

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
)

// A pi-tui component made by extension code (ctx.ui.custom and the
// setWidget/setFooter/setHeader/setEditorComponent factories) stays in its
// plugin's runtime behind an piapi.ComponentView view (state and messages
// are described there). Clients never call JS; every call into the
// component runs on the plugin's loop under the callback budget, and a
// failure keeps the last good lines and sets the state's "error".

// compView is one extension component and its view. Loop only, except
// where noted.
type compView struct {
	g       *jsGen
	to      []string // nil: every client
	state   map[string]any
	adapter *goja.Object // {render(w), input(data)?, invalidate()?, dispose()?, setText(t)?, state()?}
	v       *engine.View // nil until mounted
	width   int          // last rendered width (0: none yet)
	queued  bool         // a requestRender is posted
	last    time.Time    // when it last rendered
	closed  bool
	onClose []goja.Callable
}

// Default terminal size until a client reports one.
const defaultColumns, defaultRows = 80, 24

// minFrame spaces requested renders as pi-tui's TUI does, so a component
// that asks for a render from render() does not spin.
const minFrame = 16 * time.Millisecond

// componentHandle implements host.component(kind, key, extra): a handle
// for one component, not yet shown. mount(adapter) opens its view; custom
// components go to the client the call came from, the others to every
// client. Loop only.
func (g *jsGen) componentHandle(kind, key string, extra map[string]any) goja.Value {
	cv := &compView{g: g, state: map[string]any{"kind": kind, "plugin": g.eg.PluginID(), "key": key,
		"lines": []any{}, "error": "", "width": 0, "seq": 0, "wantsKeyRelease": false, "overlay": false}}
	cv.merge(extra)
	if kind == "custom" {
		if o := engine.Originator(g.origin()); o != "" {
			cv.to = []string{o}
		}
	}
	rt := g.rt
	h := rt.NewObject()
	_ = h.Set("mount", func(c goja.FunctionCall) goja.Value {
		adapter, ok := c.Argument(0).(*goja.Object)
		if !ok {
			g.throw(errors.New("component: mount needs an adapter object"))
		}
		cv.merge(cv.object(c.Argument(1)))
		cv.mount(adapter)
		return goja.Undefined()
	})
	_ = h.Set("set", func(c goja.FunctionCall) goja.Value {
		if !cv.closed {
			cv.merge(cv.object(c.Argument(0)))
			cv.publish()
		}
		return goja.Undefined()
	})
	_ = h.Set("requestRender", func(goja.FunctionCall) goja.Value { cv.requestRender(); return goja.Undefined() })
	_ = h.Set("size", func(goja.FunctionCall) goja.Value {
		return rt.ToValue(map[string]any{"columns": g.termColumns, "rows": g.termRows})
	})
	_ = h.Set("close", func(c goja.FunctionCall) goja.Value {
		r, err := g.toGo(c.Argument(0))
		if err != nil {
			g.throw(fmt.Errorf("component result: %w", err))
		}
		cv.close(r, "closed")
		return goja.Undefined()
	})
	_ = h.Set("onClose", func(c goja.FunctionCall) goja.Value {
		if fn, ok := goja.AssertFunction(c.Argument(0)); ok {
			cv.onClose = append(cv.onClose, fn)
		}
		return goja.Undefined()
	})
	_ = h.Set("view", func(goja.FunctionCall) goja.Value {
		if cv.v == nil {
			return goja.Undefined()
		}
		return rt.ToValue(cv.v.ID())
	})
	return h
}

// object converts a JS object of state fields. Loop only.
func (cv *compView) object(v goja.Value) map[string]any {
	m, err := cv.g.toGo(v)
	if err != nil {
		cv.g.throw(fmt.Errorf("component state: %w", err))
	}
	out, _ := m.(map[string]any)
	return out
}

// merge sets state fields. Loop only.
func (cv *compView) merge(m map[string]any) {
	for k, v := range m {
		cv.state[k] = v
	}
}

// mount opens the component's view; once a client has reported its
// width, a first render follows at once. Loop only.
func (cv *compView) mount(adapter *goja.Object) {
	g := cv.g
	if cv.closed {
		return
	}
	cv.adapter = adapter
	v, err := g.eg.OpenView(piapi.ComponentView, cv.state, engine.ViewOptions{To: cv.to})
	if err != nil {
		g.throw(err)
	}
	cv.v = v
	g.components[cv] = struct{}{}
	v.On(func(msg any, _ string) { g.post(func() { cv.message(msg) }) })
	go func() {
		select {
		case <-v.Done():
			r, reason := v.Result()
			g.post(func() { cv.close(r, reason) })
		case <-g.dead:
		}
	}()
	if g.termSeen {
		cv.width = g.termColumns // a first frame until the client asks for its width
		cv.requestRender()
	}
}

// message handles one client message. Loop only.
func (cv *compView) message(msg any) {
	if cv.closed {
		return
	}
	m, _ := msg.(map[string]any)
	typ, _ := m["type"].(string)
	switch typ {
	case "render":
		w := intOf(m["width"])
		if w <= 0 {
			cv.setError(fmt.Sprintf("render: width must be a positive number (got %v)", m["width"]))
			return
		}
		// tui.terminal is the client's terminal: "columns" when the
		// component is drawn narrower than it (an overlay), else the width.
		cols := intOf(m["columns"])
		if cols <= 0 {
			cols = w
		}
		cv.g.termColumns, cv.g.termSeen = cols, true
		if r := intOf(m["rows"]); r > 0 {
			cv.g.termRows = r
		}
		if proto, ok := m["images"].(string); ok {
			cv.g.setImageProtocol(proto)
		}
		cv.renderAt(w)
	case "input":
		data, _ := m["data"].(string)
		if cv.invoke("input", cv.g.rt.ToValue(data)) {
			cv.rerender()
		}
	case "mouse": // a TuiMouseEvent; the component asks for the render it wants
		ev, ok := m["event"].(map[string]any)
		if !ok {
			cv.setError(`mouse: the message needs an "event" object`)
			return
		}
		cv.invoke("mouse", cv.g.rt.ToValue(ev))
	case "invalidate":
		if cv.invoke("invalidate") {
			cv.rerender()
		}
	case "setText": // ctx.ui.setEditorText from another plugin; clients may send it too
		text, _ := m["text"].(string)
		if cv.invoke("setText", cv.g.rt.ToValue(text)) {
			cv.rerender()
		}
	case "commands": // the client's slash commands, for an editor's autocomplete
		list, ok := m["commands"].([]any)
		if !ok {
			cv.setError(`commands: the message needs a "commands" array`)
			return
		}
		cv.invoke("commands", cv.g.toJS(list))
	default:
		cv.setError(fmt.Sprintf(`unknown message type %q (want "render", "input", "mouse", "invalidate", "setText" or "commands")`, typ))
	}
}

// requestRender queues one re-render at the last width, at least
// minFrame after the previous one; requests made before it runs share it.
// Loop only.
func (cv *compView) requestRender() {
	if cv.queued || cv.closed {
		return
	}
	cv.queued = true
	run := func() {
		cv.queued = false
		cv.rerender()
	}
	if wait := minFrame - time.Since(cv.last); wait > 0 {
		cv.g.afterFunc(wait, run)
		return
	}
	cv.g.post(run)
}

// rerender renders again at the last width, once a client asked for one.
// Loop only.
func (cv *compView) rerender() {
	if cv.width > 0 && !cv.closed {
		cv.renderAt(cv.width)
	}
}

// renderAt calls render(width) and publishes the lines; a failure keeps
// the previous lines. Loop only.
func (cv *compView) renderAt(width int) {
	if cv.closed || cv.adapter == nil {
		return
	}
	fn, ok := goja.AssertFunction(cv.adapter.Get("render"))
	if !ok {
		return
	}
	cv.last = time.Now()
	var lines []any
	var extra map[string]any
	err := cv.guarded(func() error {
		v, err := fn(cv.adapter, cv.g.rt.ToValue(width))
		if err != nil {
			return err
		}
		if lines, err = linesOf(v); err != nil {
			return err
		}
		if st, ok := goja.AssertFunction(cv.adapter.Get("state")); ok {
			x, err := st(cv.adapter)
			if err != nil {
				return err
			}
			d, err := cv.g.toGo(x)
			if err != nil {
				return err
			}
			extra, _ = d.(map[string]any)
		}
		return nil
	})
	if cv.closed {
		return // render closed the component (done() called in render)
	}
	if err != nil {
		cv.fail(err)
		return
	}
	cv.width = width
	cv.merge(extra)
	cv.merge(map[string]any{"width": width, "lines": lines, "error": ""})
	cv.publish()
}

// invoke calls the adapter's method if it has one and reports whether it
// ran without failing. Loop only.
func (cv *compView) invoke(method string, args ...goja.Value) bool {
	fn, ok := goja.AssertFunction(cv.adapter.Get(method))
	if !ok {
		return true
	}
	err := cv.guarded(func() error { _, err := fn(cv.adapter, args...); return err })
	if err != nil {
		cv.fail(err)
		return false
	}
	return true
}

// guarded runs component code under the callback budget, as a job of its
// own (a guard nested in another would disarm the outer watchdog). Loop
// only.
func (cv *compView) guarded(run func() error) error {
	g := cv.g
	ctx, cancel := context.WithTimeout(g.eg.Context(), g.callbackBudget())
	defer cancel()
	_, err := g.guard(ctx, func() (goja.Value, error) { return goja.Undefined(), run() })
	return g.jsError(err)
}

// fail records err as the component's error (and a diagnostic against
// the plugin); the lines keep the last good frame. Loop only.
func (cv *compView) fail(err error) {
	g := cv.g
	g.eg.Host().RecordDiagnostic(engine.Diagnose(g.eg.PluginID(), "component "+fmt.Sprint(cv.state["kind"]), engine.SeverityError, err))
	cv.setError(errorText(err))
}

// setError shows text as the state's error (a client's malformed message
// is not the plugin's fault: no diagnostic). Loop only.
func (cv *compView) setError(text string) {
	if cv.closed {
		return
	}
	cv.state["error"] = text
	cv.publish()
}

// publish bumps seq and sends the state, once the view is open. Loop only.
func (cv *compView) publish() {
	if cv.v == nil {
		return
	}
	cv.state["seq"] = intOf(cv.state["seq"]) + 1
	_ = cv.v.SetState(cv.state)
}

// close closes the view with result, disposes the component and tells
// the onClose callbacks (result, reason). Later calls do nothing. Loop only.
func (cv *compView) close(result any, reason string) {
	if cv.closed {
		return
	}
	cv.closed = true
	g := cv.g
	delete(g.components, cv)
	if cv.v != nil {
		cv.v.Close(result)
	}
	// close may run inside component code (done() from handleInput):
	// dispose and the callbacks run as jobs of their own.
	g.post(func() {
		if cv.adapter != nil {
			cv.invoke("dispose")
		}
		for _, fn := range cv.onClose {
			g.runCallback("component close", func() (goja.Value, error) {
				return fn(goja.Undefined(), g.toJS(engine.Clone(result)), g.rt.ToValue(reason))
			})
		}
	})
}

// A footer, a header, the editor and each widget key is one slot across
// every plugin, as in pi's interactive mode: showing a component in a slot
// replaces what any plugin had there.

// slot returns the open component views of kind (and widget key).
func (g *jsGen) slot(kind, key string) []*engine.View {
	return g.eg.Host().Views().Find(piapi.ComponentView, func(st any) bool {
		m, _ := st.(map[string]any)
		return m["kind"] == kind && m["key"] == key
	})
}

// releaseSlot closes the components in a slot; their owners dispose them.
func (g *jsGen) releaseSlot(kind, key string) {
	for _, v := range g.slot(kind, key) {
		v.Close(nil)
	}
}

// editorText is the custom editor's text as last rendered, if one is shown.
func (g *jsGen) editorText() (string, bool) {
	for _, v := range g.slot("editor", "") {
		m, _ := v.State().(map[string]any)
		s, ok := m["text"].(string)
		return s, ok
	}
	return "", false
}

// setEditorText sets the custom editor's text in whichever runtime owns it
// (a "setText" message: it is applied and rendered on that loop).
func (g *jsGen) setEditorText(text string) {
	hub := g.eg.Host().Views()
	for _, v := range g.slot("editor", "") {
		_ = hub.Deliver("", v.ID(), map[string]any{"type": "setText", "text": text})
	}
}

// disposeComponents disposes every open component when the loop ends
// (reload, unload): their views close afterwards, with the generation.
// Loop only.
func (g *jsGen) disposeComponents() {
	for cv := range g.components {
		cv.closed = true
		if fn, ok := goja.AssertFunction(cv.adapter.Get("dispose")); ok {
			ctx, cancel := context.WithTimeout(context.Background(), g.callbackBudget())
			_, _ = g.guard(ctx, func() (goja.Value, error) { return fn(cv.adapter) })
			cancel()
		}
	}
	clear(g.components)
}

// linesOf converts render's result to a list of strings. Loop only.
func linesOf(v goja.Value) ([]any, error) {
	obj, ok := v.(*goja.Object)
	if !ok || obj.ClassName() != "Array" {
		return nil, fmt.Errorf("render(width) must return an array of strings, got %s", typeName(v))
	}
	n := int(obj.Get("length").ToInteger())
	out := make([]any, n)
	for i := range n {
		e := obj.Get(strconv.Itoa(i))
		if e == nil || goja.IsUndefined(e) || goja.IsNull(e) {
			out[i] = ""
			continue
		}
		out[i] = e.String()
	}
	return out, nil
}

func typeName(v goja.Value) string {
	if v == nil || goja.IsUndefined(v) {
		return "undefined"
	}
	if goja.IsNull(v) {
		return "null"
	}
	if o, ok := v.(*goja.Object); ok {
		return o.ClassName()
	}
	return fmt.Sprintf("%T", v.Export())
}

// errorText is "message (file:line:col)" for a located script error.
func errorText(err error) string {
	var se *engine.ScriptError
	if errors.As(err, &se) && se.Location != nil {
		return se.Text + " (" + se.Location.String() + ")"
	}
	return err.Error()
}

func intOf(v any) int {
	switch x := v.(type) {
	case float64:
		return int(x)
	case int:
		return x
	case int64:
		return int(x)
	}
	return 0
}

// setImageProtocol makes pi-tui's getCapabilities().images the client's
// inline image protocol ("kitty", or "" for none), so an Image component
// draws what the client's terminal shows. Loop only.
func (g *jsGen) setImageProtocol(proto string) {
	if proto == g.imageProto {
		return
	}
	g.imageProto = proto
	core, err := g.require("pigo:tui-core")
	exports, ok := core.(*goja.Object)
	if err != nil || !ok {
		return
	}
	get, ok1 := goja.AssertFunction(exports.Get("getCapabilities"))
	set, ok2 := goja.AssertFunction(exports.Get("setCapabilities"))
	if !ok1 || !ok2 {
		return
	}
	caps, err := get(goja.Undefined())
	obj, ok := caps.(*goja.Object)
	if err != nil || !ok {
		return
	}
	next := g.rt.NewObject()
	for _, k := range obj.Keys() {
		_ = next.Set(k, obj.Get(k))
	}
	images := goja.Null()
	if proto != "" {
		images = g.rt.ToValue(proto)
	}
	_ = next.Set("images", images)
	_, _ = set(goja.Undefined(), next)
}

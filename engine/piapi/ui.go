package piapi

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

// UI is pi's ctx.ui on the host side. Dialogs (select, confirm, input,
// editor) are ask-views: a "pi.dialog" view addressed to the client the
// operation came from (or every client when the origin is unknown), which
// closes with the first answer a client sends. Fire-and-forget calls
// (notify, setStatus, setWidget, setTitle, ...) update the state of one
// host view, "pi.ui", that every client receives in its snapshot and as
// deltas. Clients say they can show UI by implementing UIClient.
type UI struct {
	pi        *State
	once      sync.Once
	mu        sync.Mutex
	view      *engine.View
	state     map[string]any
	observers []func(UICall)
	slots     map[string]int // component slot → its last claim
	claims    int
	inputs    []inputListener // ctx.ui.onTerminalInput, in registration order
	inputSeq  int
	providers []autocompleteProvider // ctx.ui.addAutocompleteProvider, oldest first
	acSeq     int
}

// UICall is one fire-and-forget UI call, for clients that forward them
// one by one (pi's RPC extension_ui_request notify/setStatus/...).
type UICall struct {
	Plugin string
	Op     string // "notify", "setStatus", "setWidget", "setTitle", "setEditorText", ...
	Key    string // state key ("status", "widgets", "title", ...)
	Sub    string // status/widget key
	Value  any    // nil clears; for notify: {message, type}
}

// Observe registers f for every fire-and-forget UI call (called on the
// caller's goroutine; must not block).
func (u *UI) Observe(f func(UICall)) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.observers = append(u.observers, f)
}

func (u *UI) notifyObservers(c UICall) {
	u.mu.Lock()
	obs := append([]func(UICall){}, u.observers...)
	u.mu.Unlock()
	for _, f := range obs {
		f(c)
	}
}

// UIClient is implemented by clients that can show dialogs and UI state.
// Clients that do not implement it (or return false) do not count for
// ctx.hasUI.
type UIClient interface {
	engine.Client
	HasUI() bool
}

// ComponentView is the view component of an extension's pi-tui component
// (ctx.ui.custom, and the factories of setWidget, setFooter, setHeader
// and setEditorComponent). The component stays in its plugin's runtime;
// the view's state is what it last rendered:
//
//	{"kind": "custom"|"widget"|"footer"|"header"|"editor", "plugin": owner id,
//	 "key": widget key or "", "placement": "aboveEditor"|"belowEditor" (widgets),
//	 "overlay": bool, "overlayOptions": {...}, "hidden": bool (custom overlays),
//	 "width": last rendered width, "lines": [...] (ANSI kept), "error": "" or
//	 "message (file:line:col)" of the last failed call (lines keep the last
//	 good frame), "wantsKeyRelease": bool, "seq": state counter,
//	 "text": string, "submitted": {"text", "count"}, "action": {"name",
//	 "count"} (editor: its text, the last Enter, the last app action such
//	 as "app.interrupt" it left to the client)}
//
// A client sends {"type":"render","width":N,"rows":R,"columns":C} (rows
// and columns: its terminal, tui.terminal to the component; columns
// defaults to the width), {"type":"input",
// "data": one key sequence or bracketed paste, as raw terminal bytes},
// {"type":"invalidate"}, {"type":"setText","text"} (editor) or
// {"type":"commands","commands":[{name, description, argumentHint}]}
// (editor: the client's slash commands, for the autocomplete pi gives a
// custom editor); the component re-renders at the last width after each
// but "commands", and on its own (timers, requestRender). Custom components go to the client the call
// came from and close with done()'s result; the others go to every client.
// A submitted editor text is the client's to send as typed input, and an
// editor action the client's to perform.
const ComponentView = "pi.component"

// ComponentClient is implemented by UI clients that draw extension
// components ("pi.component" views: a terminal UI asks for their lines
// and sends keys). Dialog-only clients (pi's RPC mode) do not, and there
// ctx.ui.custom and the component factories are dropped, as in pi.
type ComponentClient interface {
	UIClient
	RendersComponents() bool
}

// maxNotifications bounds the notifications kept in the UI state.
const maxNotifications = 50

func newUI(p *State) *UI {
	p.h.Views().OnAttach(func(c engine.Client) {
		if cc, ok := c.(ComponentClient); ok && cc.HasUI() && cc.RendersComponents() {
			p.h.EmitAsync(ComponentsAttached, map[string]any{"type": ComponentsAttached, "client": c.ID()})
		}
	})
	return &UI{pi: p, state: map[string]any{"status": map[string]any{}, "widgets": map[string]any{}, "notifications": []any{}}}
}

// HasUI reports whether a client that shows UI is attached.
func (u *UI) HasUI() bool {
	for _, c := range u.pi.h.Views().Clients() {
		if uc, ok := c.(UIClient); ok && uc.HasUI() {
			return true
		}
	}
	return false
}

// ComponentsAttached is the event the host emits when a client that draws
// components attaches: extensions that set a footer, header, editor or
// widget factory while none was attached show it then.
const ComponentsAttached = "pigo:components_attached"

// ClaimSlot records that a plugin just set a component slot (a footer,
// header, editor or widget key; cleared or not) and returns the claim.
// SlotClaim tells a deferred factory whether it is still the last word.
func (u *UI) ClaimSlot(slot string) int {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.slots == nil {
		u.slots = map[string]int{}
	}
	u.claims++
	u.slots[slot] = u.claims
	return u.claims
}

// SlotClaim returns slot's last claim (0: never set).
func (u *UI) SlotClaim(slot string) int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.slots[slot]
}

// RendersComponents reports whether client id ("": any client) is
// attached and draws extension components.
func (u *UI) RendersComponents(id string) bool {
	for cid, c := range u.pi.h.Views().Clients() {
		if cc, ok := c.(ComponentClient); ok && (id == "" || id == cid) && cc.HasUI() && cc.RendersComponents() {
			return true
		}
	}
	return false
}

// State returns a copy of the UI state.
func (u *UI) State() map[string]any {
	u.mu.Lock()
	defer u.mu.Unlock()
	return engine.Clone(u.state).(map[string]any)
}

// publish opens the host-owned "pi.ui" view on first use.
func (u *UI) publish() {
	u.once.Do(func() {
		u.view = u.pi.h.Views().OpenHostView("pigo:ui", "pi.ui")
	})
	_ = u.view.SetState(u.State())
}

// Notify records a notification. An empty level is shown as "info";
// observers see it as given (pi's RPC mode omits an absent notifyType).
func (u *UI) Notify(plugin, message, given string) {
	level := given
	if level == "" {
		level = "info"
	}
	u.pi.Record(plugin, "ui.notify", message, level)
	u.mu.Lock()
	list, _ := u.state["notifications"].([]any)
	list = append(list, map[string]any{"plugin": plugin, "message": message, "type": level, "timestamp": nowMillis()})
	if len(list) > maxNotifications {
		list = list[len(list)-maxNotifications:]
	}
	u.state["notifications"] = list
	u.mu.Unlock()
	u.publish()
	call := map[string]any{"message": message}
	if given != "" {
		call["type"] = given
	}
	u.notifyObservers(UICall{Plugin: plugin, Op: "notify", Key: "notifications", Value: call})
}

// Set records a fire-and-forget UI call: key is the state path ("title",
// "editorText", "status", "widgets", ...); for "status" and "widgets" sub
// names the entry, and a nil value clears it.
func (u *UI) Set(plugin, op, key, sub string, value any) {
	u.pi.Record(plugin, "ui."+op, sub, value)
	u.mu.Lock()
	if sub != "" {
		m, _ := u.state[key].(map[string]any)
		if m == nil {
			m = map[string]any{}
			u.state[key] = m
		}
		if value == nil {
			delete(m, sub)
		} else {
			m[sub] = engine.Clone(value)
		}
	} else if value == nil {
		delete(u.state, key)
	} else {
		u.state[key] = engine.Clone(value)
	}
	u.mu.Unlock()
	u.publish()
	u.notifyObservers(UICall{Plugin: plugin, Op: op, Key: key, Sub: sub, Value: engine.Clone(value)})
}

// Dialog asks the originating client (see WithOriginator) and waits for
// its answer, the timeout (params["timeout"], ms) or ctx. It returns the
// client's answer ({value}, {confirmed}, {cancelled}) or nil when nobody
// answered; with no UI client attached it returns nil at once. The
// caller maps nil to pi's defaults.
func (u *UI) Dialog(ctx context.Context, g *engine.Generation, method string, params map[string]any) (any, error) {
	u.pi.Record(g.PluginID(), "ui."+method, params)
	if !u.HasUI() {
		return nil, nil
	}
	state := engine.Clone(params).(map[string]any)
	state["method"] = method
	var to []string
	if o := engine.Originator(ctx); o != "" {
		to = []string{o}
	}
	v, err := g.OpenView("pi.dialog", state, engine.ViewOptions{To: to})
	if err != nil {
		return nil, fmt.Errorf("ui.%s: %w", method, err)
	}
	v.On(func(msg any, from string) { v.Close(msg) })
	var timeout <-chan time.Time
	if ms, ok := params["timeout"].(float64); ok && ms > 0 {
		t := time.NewTimer(time.Duration(ms) * time.Millisecond)
		defer t.Stop()
		timeout = t.C
	}
	select {
	case <-v.Done():
		r, _ := v.Result()
		return r, nil
	case <-timeout:
		v.CloseWithReason(nil, "timeout")
		return nil, nil
	case <-ctx.Done():
		v.CloseWithReason(nil, "aborted")
		return nil, nil
	case <-g.Context().Done():
		return nil, g.StaleError()
	}
}

// SetTypedEditorText records what the user typed in an interactive
// client's editor, for ctx.ui.getEditorText. Unlike Set it is neither
// recorded nor observed: the text came from the editor, and a UI call
// would echo it back into the editor (moving the cursor under the user's
// hands) and to every other client on each keystroke.
func (u *UI) SetTypedEditorText(text string) {
	u.mu.Lock()
	u.state["editorText"] = text
	u.mu.Unlock()
}

// InputListener is an extension's ctx.ui.onTerminalInput handler, run in
// its plugin with one raw input sequence: it returns {consume: true} to
// swallow the input, {data} to pass other input on, or nothing.
type InputListener func(ctx context.Context, data string) (any, error)

type inputListener struct {
	id     int
	plugin string
	f      InputListener
}

// AddInputListener registers plugin's terminal input listener and returns
// its removal (idempotent; also due when the plugin's generation
// retires). Clients hear the number of listeners as the
// "onTerminalInput" UI call, so that a terminal UI holds keys only while
// someone may consume them.
func (u *UI) AddInputListener(plugin string, f InputListener) (remove func()) {
	u.pi.Record(plugin, "ui.onTerminalInput")
	u.mu.Lock()
	u.inputSeq++
	id := u.inputSeq
	u.inputs = append(u.inputs, inputListener{id: id, plugin: plugin, f: f})
	n := len(u.inputs)
	u.mu.Unlock()
	u.notifyObservers(UICall{Plugin: plugin, Op: "onTerminalInput", Key: "inputListeners", Value: float64(n)})
	var once sync.Once
	return func() {
		once.Do(func() {
			u.mu.Lock()
			u.inputs = slices.DeleteFunc(u.inputs, func(l inputListener) bool { return l.id == id })
			n := len(u.inputs)
			u.mu.Unlock()
			u.notifyObservers(UICall{Plugin: plugin, Op: "onTerminalInput", Key: "inputListeners", Value: float64(n)})
		})
	}
}

// InputListeners returns the number of terminal input listeners.
func (u *UI) InputListeners() int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return len(u.inputs)
}

// InputListenerError is a listener that failed: its plugin and error.
type InputListenerError struct {
	Plugin string
	Err    error
}

func (e *InputListenerError) Error() string { return e.Err.Error() }
func (e *InputListenerError) Unwrap() error { return e.Err }

// RunInputListeners is pi's TUI.handleTerminalInput for the listeners:
// each gets the input in registration order; {consume: true} ends it
// (consumed), {data} replaces the input for the next listeners and the
// client; input rewritten to "" is consumed too. A listener that fails
// ends it with its error (the input passes on unchanged).
func (u *UI) RunInputListeners(ctx context.Context, data string) (consumed bool, out string, err error) {
	u.mu.Lock()
	list := slices.Clone(u.inputs)
	u.mu.Unlock()
	current := data
	for _, l := range list {
		got, err := l.f(ctx, current)
		if err != nil {
			return false, data, &InputListenerError{Plugin: l.plugin, Err: err}
		}
		r, _ := got.(map[string]any)
		if r["consume"] == true {
			return true, "", nil
		}
		if s, ok := r["data"].(string); ok {
			current = s
		}
	}
	if current == "" {
		return true, "", nil
	}
	return false, current, nil
}

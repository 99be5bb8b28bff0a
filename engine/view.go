package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
)

// Views are the one session-to-client primitive: state that a
// client attaching late receives in its snapshot, deltas as state changes,
// messages from clients up to the owner, and a close with a result. Clients
// see views only through SyncMessages, which are plain JSON, so a client in
// another process sees exactly what an in-process one does.

// SyncMessage is one message from the host to a client.
type SyncMessage struct {
	Type      string         `json:"type"` // "snapshot", "view_state", "view_closed"
	ViewID    string         `json:"viewId,omitempty"`
	Component string         `json:"component,omitempty"`
	State     any            `json:"state,omitempty"`
	To        any            `json:"to,omitempty"` // []string or "all"
	Result    any            `json:"result,omitempty"`
	Reason    string         `json:"reason,omitempty"`
	Views     []ViewSnapshot `json:"views,omitempty"`
}

// ViewSnapshot is one view in a snapshot.
type ViewSnapshot struct {
	ViewID    string `json:"viewId"`
	Component string `json:"component"`
	State     any    `json:"state"`
	To        any    `json:"to"` // []string or "all"
}

// Client receives sync messages. Send must not block for long; it is called
// from host goroutines.
type Client interface {
	ID() string
	Send(msg SyncMessage) error
}

// ViewOptions address and scope a view.
type ViewOptions struct {
	To      []string // client ids; nil means all clients
	Durable bool     // survives reload of its owner (and, with storage, restart)
}

// ViewHub tracks open views and attached clients. Safe for concurrent use.
type ViewHub struct {
	host    *Host
	mu      sync.Mutex
	views   []*View
	clients map[string]Client
	seq     map[string]int // per owner plugin + component: deterministic ids
	// onAttach observes attaching clients (OnAttach).
	onAttach []func(Client)
}

func newViewHub(h *Host) *ViewHub {
	return &ViewHub{host: h, clients: map[string]Client{}, seq: map[string]int{}}
}

// View is one open view.
type View struct {
	hub       *ViewHub
	id        string
	component string
	to        []string
	durable   bool

	mu        sync.Mutex
	owner     *Generation // nil while a durable view waits for its reloaded owner
	state     any
	listeners []*viewListener
	// early holds messages delivered before the owner registered a
	// listener (a client may answer as soon as it sees the view, before
	// OpenView returned); the first On drains them. Bounded by maxEarly.
	early  []earlyMessage
	closed bool
	result any
	reason string
	done   chan struct{}
}

type viewListener struct{ fn func(msg any, from string) }

type earlyMessage struct {
	msg  any
	from string
}

// maxEarly bounds the messages a view keeps for its first listener.
const maxEarly = 16

// originatorKey marks the client an operation came from.
type originatorKey struct{}

// WithOriginator returns ctx marked as coming from client id.
func WithOriginator(ctx context.Context, clientID string) context.Context {
	return context.WithValue(ctx, originatorKey{}, clientID)
}

// Originator returns the client an operation came from, or "".
func Originator(ctx context.Context) string {
	s, _ := ctx.Value(originatorKey{}).(string)
	return s
}

// OpenView opens a view owned by g. Its id is deterministic (plugin,
// component, n-th opening by this generation), so a reloaded generation that
// opens the same views in the same order re-adopts its durable ones.
func (g *Generation) OpenView(component string, state any, opts ViewOptions) (*View, error) {
	if g.Retired() {
		return nil, g.staleErr()
	}
	hub := g.host.views
	hub.mu.Lock()
	key := fmt.Sprintf("%s#%d/%s", g.PluginID(), g.num, component)
	hub.seq[key]++
	id := fmt.Sprintf("%s/%s/%d", g.PluginID(), component, hub.seq[key])
	for _, v := range hub.views {
		v.mu.Lock()
		adopt := v.id == id && v.owner == nil && !v.closed
		if adopt {
			v.owner, v.state, v.listeners = g, Clone(state), nil
		}
		v.mu.Unlock()
		if adopt {
			hub.mu.Unlock()
			hub.broadcast(v, SyncMessage{Type: "view_state", ViewID: v.id, State: Clone(state)})
			return v, nil
		}
	}
	v := &View{hub: hub, id: id, component: component, to: slices.Clone(opts.To), durable: opts.Durable,
		owner: g, state: Clone(state), done: make(chan struct{})}
	hub.views = append(hub.views, v)
	hub.mu.Unlock()
	hub.broadcast(v, SyncMessage{Type: "view_state", ViewID: v.id, Component: component, State: v.State(), To: v.toField()})
	return v, nil
}

// ID returns the view id.
func (v *View) ID() string { return v.id }

// Component returns the component name.
func (v *View) Component() string { return v.component }

// State returns a copy of the current state.
func (v *View) State() any {
	v.mu.Lock()
	defer v.mu.Unlock()
	return Clone(v.state)
}

// SetState replaces the state and sends it to the view's clients.
func (v *View) SetState(state any) error {
	v.mu.Lock()
	if v.closed {
		v.mu.Unlock()
		return fmt.Errorf("view %s is closed", v.id)
	}
	v.state = Clone(state)
	v.mu.Unlock()
	v.hub.broadcast(v, SyncMessage{Type: "view_state", ViewID: v.id, State: Clone(state)})
	return nil
}

// On registers a listener for messages clients send to the view. Messages
// that arrived before the first listener are handed to it now.
func (v *View) On(fn func(msg any, from string)) (remove func()) {
	l := &viewListener{fn: fn}
	v.mu.Lock()
	v.listeners = append(v.listeners, l)
	early := v.early
	v.early = nil
	v.mu.Unlock()
	for _, m := range early {
		fn(m.msg, m.from)
	}
	return func() {
		v.mu.Lock()
		v.listeners = slices.DeleteFunc(v.listeners, func(x *viewListener) bool { return x == l })
		v.mu.Unlock()
	}
}

// Done is closed when the view closes.
func (v *View) Done() <-chan struct{} { return v.done }

// Result returns the close result and reason once Done is closed.
func (v *View) Result() (result any, reason string) {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.result, v.reason
}

// Close closes the view with a result; later calls are no-ops.
func (v *View) Close(result any) { v.close(result, "closed") }

// CloseWithReason closes the view as Close does and tells clients why it
// closed ("timeout", "aborted", ...).
func (v *View) CloseWithReason(result any, reason string) { v.close(result, reason) }

// OpenHostView opens a durable view the host itself owns (no plugin: it
// outlives every reload), addressed to every client. Its state is sent
// with the next SetState.
func (hub *ViewHub) OpenHostView(id, component string) *View {
	v := &View{hub: hub, id: id, component: component, done: make(chan struct{}), durable: true}
	hub.mu.Lock()
	hub.views = append(hub.views, v)
	hub.mu.Unlock()
	return v
}

// AskHost opens a view the host itself owns (no plugin) with state,
// addressed to every client, for a question of the host's own (pi's
// project trust prompt on /resume); the caller closes it.
func (hub *ViewHub) AskHost(id, component string, state any) *View {
	v := &View{hub: hub, id: id, component: component, state: Clone(state), done: make(chan struct{})}
	hub.mu.Lock()
	hub.views = append(hub.views, v)
	hub.mu.Unlock()
	hub.broadcast(v, SyncMessage{Type: "view_state", ViewID: v.id, Component: component, State: v.State(), To: v.toField()})
	return v
}

// Clients returns the attached clients (in no particular order).
func (hub *ViewHub) Clients() map[string]Client {
	hub.mu.Lock()
	defer hub.mu.Unlock()
	return maps.Clone(hub.clients)
}

func (v *View) close(result any, reason string) {
	v.mu.Lock()
	if v.closed {
		v.mu.Unlock()
		return
	}
	v.closed, v.result, v.reason, v.listeners, v.early = true, Clone(result), reason, nil, nil
	v.mu.Unlock()
	close(v.done)
	hub := v.hub
	hub.mu.Lock()
	hub.views = slices.DeleteFunc(hub.views, func(x *View) bool { return x == v })
	hub.mu.Unlock()
	hub.broadcast(v, SyncMessage{Type: "view_closed", ViewID: v.id, Result: Clone(result), Reason: reason})
}

func (v *View) toField() any {
	if v.to == nil {
		return "all"
	}
	return slices.Clone(v.to)
}

func (v *View) addressedTo(clientID string) bool {
	return v.to == nil || slices.Contains(v.to, clientID)
}

// Attach adds a client and sends it a snapshot of every open view addressed
// to it (the late-join path).
func (hub *ViewHub) Attach(c Client) error {
	hub.mu.Lock()
	hub.clients[c.ID()] = c
	views := slices.Clone(hub.views)
	hub.mu.Unlock()
	snap := SyncMessage{Type: "snapshot", Views: []ViewSnapshot{}}
	for _, v := range views {
		if v.addressedTo(c.ID()) {
			snap.Views = append(snap.Views, ViewSnapshot{ViewID: v.id, Component: v.component, State: v.State(), To: v.toField()})
		}
	}
	err := c.Send(snap)
	hub.mu.Lock()
	observers := slices.Clone(hub.onAttach)
	hub.mu.Unlock()
	for _, f := range observers {
		f(c)
	}
	return err
}

// OnAttach registers f for every client that attaches, called after the
// client got its snapshot (on the attaching goroutine; must not block).
func (hub *ViewHub) OnAttach(f func(Client)) {
	hub.mu.Lock()
	defer hub.mu.Unlock()
	hub.onAttach = append(hub.onAttach, f)
}

// Detach removes a client. A non-durable view explicitly addressed to
// clients none of which remain closes with reason "no_clients".
func (hub *ViewHub) Detach(clientID string) {
	hub.mu.Lock()
	delete(hub.clients, clientID)
	var orphaned []*View
	for _, v := range hub.views {
		if v.durable || v.to == nil {
			continue
		}
		alive := false
		for _, id := range v.to {
			if _, ok := hub.clients[id]; ok {
				alive = true
			}
		}
		if !alive {
			orphaned = append(orphaned, v)
		}
	}
	hub.mu.Unlock()
	for _, v := range orphaned {
		v.close(nil, "no_clients")
	}
}

// Deliver hands a message from client to view's owner listeners.
func (hub *ViewHub) Deliver(clientID, viewID string, msg any) error {
	hub.mu.Lock()
	var v *View
	for _, x := range hub.views {
		if x.id == viewID {
			v = x
		}
	}
	hub.mu.Unlock()
	if v == nil {
		return fmt.Errorf("deliver to view %s: no such open view", viewID)
	}
	if !v.addressedTo(clientID) {
		return fmt.Errorf("deliver to view %s: client %s is not addressed", viewID, clientID)
	}
	v.mu.Lock()
	ls := slices.Clone(v.listeners)
	if len(ls) == 0 && !v.closed && len(v.early) < maxEarly {
		v.early = append(v.early, earlyMessage{Clone(msg), clientID})
	}
	v.mu.Unlock()
	for _, l := range ls {
		l.fn(Clone(msg), clientID)
	}
	return nil
}

// Find returns the open views of component whose state satisfies match
// (called with a copy), in opening order.
func (hub *ViewHub) Find(component string, match func(state any) bool) []*View {
	hub.mu.Lock()
	views := slices.Clone(hub.views)
	hub.mu.Unlock()
	var out []*View
	for _, v := range views {
		if v.component == component && match(v.State()) {
			out = append(out, v)
		}
	}
	return out
}

// Open returns snapshots of every open view (for diagnostics and tests).
func (hub *ViewHub) Open() []ViewSnapshot {
	hub.mu.Lock()
	views := slices.Clone(hub.views)
	hub.mu.Unlock()
	out := make([]ViewSnapshot, 0, len(views))
	for _, v := range views {
		out = append(out, ViewSnapshot{ViewID: v.id, Component: v.component, State: v.State(), To: v.toField()})
	}
	return out
}

func (hub *ViewHub) broadcast(v *View, msg SyncMessage) {
	hub.mu.Lock()
	var targets []Client
	for id, c := range hub.clients {
		if v.addressedTo(id) {
			targets = append(targets, c)
		}
	}
	hub.mu.Unlock()
	for _, c := range targets {
		if err := c.Send(msg); err != nil {
			hub.mu.Lock()
			delete(hub.clients, c.ID())
			hub.mu.Unlock()
		}
	}
}

// retireOwner closes g's non-durable views with reason; durable ones stay
// open, waiting for the next generation to re-adopt them by id.
func (hub *ViewHub) retireOwner(g *Generation, reason string) {
	if g == nil {
		return
	}
	hub.mu.Lock()
	var mine []*View
	for _, v := range hub.views {
		v.mu.Lock()
		if v.owner == g {
			mine = append(mine, v)
		}
		v.mu.Unlock()
	}
	// A reloaded generation numbers its views afresh.
	prefix := fmt.Sprintf("%s#%d/", g.PluginID(), g.num)
	for k := range hub.seq {
		if strings.HasPrefix(k, prefix) {
			delete(hub.seq, k)
		}
	}
	hub.mu.Unlock()
	for _, v := range mine {
		if v.durable && reason == "reload" {
			if hub.replaced(v) {
				continue
			}
			v.mu.Lock()
			v.owner, v.listeners = nil, nil
			v.mu.Unlock()
			continue
		}
		v.close(nil, reason)
	}
}

// replaced drops durable view v when the generation that replaced its owner
// already opened a view with the same id (the candidate's factory ran
// before the swap): clients keep seeing one view under that id, now backed
// by the new generation. Reports whether v was dropped.
func (hub *ViewHub) replaced(v *View) bool {
	hub.mu.Lock()
	defer hub.mu.Unlock()
	for _, x := range hub.views {
		if x != v && x.id == v.id {
			hub.views = slices.DeleteFunc(hub.views, func(y *View) bool { return y == v })
			v.mu.Lock()
			v.closed, v.reason, v.listeners = true, "reload", nil
			v.mu.Unlock()
			close(v.done)
			return true
		}
	}
	return false
}

// LocalClient is an in-process client whose messages go through the JSON
// codec both ways, so in-process behaviour matches a remote client.
type LocalClient struct {
	id  string
	hub *ViewHub
	mu  sync.Mutex
	in  []SyncMessage
	ch  chan SyncMessage
}

// NewLocalClient creates a client with a buffered inbox of n messages
// (Messages keeps all of them regardless).
func NewLocalClient(hub *ViewHub, id string, n int) *LocalClient {
	return &LocalClient{id: id, hub: hub, ch: make(chan SyncMessage, n)}
}

// ID returns the client id.
func (c *LocalClient) ID() string { return c.id }

// Send encodes msg to JSON and decodes it again before keeping it.
func (c *LocalClient) Send(msg SyncMessage) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("encode sync message: %w", err)
	}
	var got SyncMessage
	if err := json.Unmarshal(b, &got); err != nil {
		return fmt.Errorf("decode sync message: %w", err)
	}
	c.mu.Lock()
	c.in = append(c.in, got)
	c.mu.Unlock()
	select {
	case c.ch <- got:
	default:
	}
	return nil
}

// Inbox returns the channel messages also arrive on (best effort).
func (c *LocalClient) Inbox() <-chan SyncMessage { return c.ch }

// Messages returns every message received so far.
func (c *LocalClient) Messages() []SyncMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.in)
}

// SendUp sends msg to a view through the JSON codec.
func (c *LocalClient) SendUp(viewID string, msg any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("encode view message: %w", err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("decode view message: %w", err)
	}
	return c.hub.Deliver(c.id, viewID, v)
}

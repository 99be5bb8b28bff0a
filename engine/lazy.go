package engine

import "context"

// Lazy payloads. A hook or event that carries the whole conversation (the
// context hook's messages: a megabyte on a long session) is expensive to
// hand to a JS handler as copied objects and to copy back. The caller that
// owns such data can say so for one call: WithLazyPayload names the payload
// keys whose values bindings may deliver as views that convert on access.
// A JS binding (jsapi) then gives each handler objects backed by the Go
// data: a property is converted when it is read, a write changes only the
// view (copy on write, level by level), and converting the handler's reply
// back gives the original Go values wherever nothing under them changed.
//
// The caller promises that nobody changes those values in place while a
// handler may still read them (a handler may keep a view past its call):
// the data is read concurrently with nothing but other reads. The agent
// loop marks the context hook's messages (a per-turn copy of the
// conversation), agent_end's messages (each listener gets its own clone
// from Emit) and session_before_compact's branchEntries and preparation.
// Go handlers see the payload exactly as before; the mark only tells
// bindings that they may skip copying.

type lazyPayloadKey struct{}

type lazyPayload struct {
	name string
	keys []string
}

// WithLazyPayload returns a context under which the hook or event name,
// run with it (RunHook, Emit), delivers the values of the payload's keys
// lazily to bindings that support it. Only top-level keys of a map payload
// can be marked; the mark does not apply to other hooks or events run with
// the same context.
func WithLazyPayload(ctx context.Context, name string, keys ...string) context.Context {
	return context.WithValue(ctx, lazyPayloadKey{}, lazyPayload{name: name, keys: keys})
}

// LazyPayloadKeys returns the payload keys of the hook or event name that
// the caller marked with WithLazyPayload in ctx (nil when none). Bindings
// call it from a handler. Safe from any goroutine.
func LazyPayloadKeys(ctx context.Context, name string) []string {
	lp, _ := ctx.Value(lazyPayloadKey{}).(lazyPayload)
	if lp.name != name {
		return nil
	}
	return lp.keys
}

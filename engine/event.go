package engine

import (
	"context"
)

// Listener observes an event. Its return value is only an error, which is
// recorded and otherwise ignored: events cannot intercept.
type Listener func(ctx context.Context, payload any) error

type listenerReg struct {
	gen *Generation
	typ string
	fn  Listener
}

// On registers a listener for an event type.
func (g *Generation) On(typ string, fn Listener) error {
	_, err := g.Listen(typ, fn)
	return err
}

// Listen is On returning a function that removes the listener.
func (g *Generation) Listen(typ string, fn Listener) (remove func(), err error) {
	if g.Retired() {
		return func() {}, g.staleErr()
	}
	reg := &listenerReg{gen: g, typ: typ, fn: fn}
	g.mu.Lock()
	g.listeners = append(g.listeners, reg)
	g.mu.Unlock()
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		for i, l := range g.listeners {
			if l == reg {
				g.listeners = append(g.listeners[:i:i], g.listeners[i+1:]...)
				return
			}
		}
	}, nil
}

// EventTypes returns the event types this generation listens to.
func (g *Generation) EventTypes() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	for _, l := range g.listeners {
		out = append(out, l.typ)
	}
	return out
}

// Emit delivers an event to every live listener in manifest order, waiting
// for each (listeners run under the listener budget). Failures are recorded
// against the listener's plugin and returned; they never stop delivery.
// Each listener receives its own clone of payload, so one cannot change what
// the next one sees.
func (h *Host) Emit(ctx context.Context, typ string, payload any) []Diagnostic {
	return h.deliver(ctx, typ, listenersOf(h.liveGenerations(), typ), payload)
}

// EmitTo delivers an event to one generation's listeners only (used for
// session_start/session_shutdown of a single reloading plugin).
func (h *Host) EmitTo(ctx context.Context, g *Generation, typ string, payload any) []Diagnostic {
	return h.deliver(ctx, typ, listenersOf([]*Generation{g}, typ), payload)
}

// listenersOf snapshots the listeners of typ in gens, in order.
func listenersOf(gens []*Generation, typ string) []*listenerReg {
	var regs []*listenerReg
	for _, g := range gens {
		g.mu.Lock()
		for _, l := range g.listeners {
			if l.typ == typ {
				regs = append(regs, l)
			}
		}
		g.mu.Unlock()
	}
	return regs
}

func (h *Host) deliver(ctx context.Context, typ string, regs []*listenerReg, payload any) []Diagnostic {
	var errs []Diagnostic
	for _, l := range regs {
		lctx, cancel := context.WithTimeout(ctx, h.opts.Budgets.Listener)
		err := func() (err error) {
			defer recovered(&err)
			return l.fn(lctx, Clone(payload))
		}()
		if err == nil && lctx.Err() == context.DeadlineExceeded {
			err = ErrBudget
		}
		cancel()
		if err != nil {
			d := Diagnose(l.gen.PluginID(), "listener "+typ, SeverityError, err)
			h.record(d)
			errs = append(errs, d)
		}
	}
	return errs
}

// EmitAsync delivers an event to every extension without waiting, in the
// order of the calls, on a host goroutine that Close waits for: for events
// raised from inside a plugin's own call (its listeners run on the same
// loop).
func (h *Host) EmitAsync(typ string, payload map[string]any) {
	h.emits.Push(func() { h.Emit(h.ctx, typ, payload) })
}

// HasListeners reports whether any live extension listens to typ (so a
// costly event, such as every raw provider event, is only built for them).
func (h *Host) HasListeners(typ string) bool {
	return len(listenersOf(h.liveGenerations(), typ)) > 0
}

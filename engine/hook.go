package engine

import (
	"context"
	"fmt"
)

// HookHandler intercepts a live operation. It receives the payload as the
// previous handler left it and returns a replacement, or nil for "unchanged".
type HookHandler func(ctx context.Context, payload any) (any, error)

// HookContract is what a hook name promises its callers.
type HookContract struct {
	// FailClosed makes a failing handler fail the whole invocation (e.g. a
	// throwing tool_call handler blocks the call). Otherwise a failing
	// handler is recorded and skipped.
	FailClosed bool
	// Stop, when set, ends the chain after a handler whose result it accepts
	// (e.g. the first {block: true} wins).
	Stop func(result any) bool
	// Fold, when set, replaces the default rule (a non-nil result replaces
	// the payload): it folds one handler's result into the chain, may set
	// chain.Result (the aggregated outcome callers act on), and may stop
	// the chain. An error is recorded against the handler's plugin and the
	// result is skipped. pi's per-event semantics are Folds (package piapi).
	Fold func(chain *HookChain, reply HookReply) (stop bool, err error)
	// ResultReplacesEvent, when set, reports that a handler's result makes
	// the payload as that handler left it irrelevant to the Fold (pi's
	// context with {messages}: pi hands each handler a fresh event, so
	// only the returned messages go on). Handlers learn it through
	// [HookResultReplacesEvent] and may then reply with a nil Event
	// instead of converting a large payload back. Contracts without a
	// Fold need none: a non-nil result replaces the payload there.
	ResultReplacesEvent func(result any) bool
}

type replacesEventKey struct{}

// HookResultReplacesEvent reports whether, in the hook call ctx belongs
// to, result makes the payload as the handler left it irrelevant, so the
// handler may reply HookReply{Result: result} with a nil Event. It is
// false outside a hook call. Safe from any goroutine.
func HookResultReplacesEvent(ctx context.Context, result any) bool {
	f, _ := ctx.Value(replacesEventKey{}).(func(any) bool)
	return f != nil && f(result)
}

// HookReply is what one handler produced: the payload as it left it
// (handlers may mutate it in place, as pi's do; nil means unchanged) and
// what it returned (nil for undefined). A handler may also return a bare
// value, which counts as Result.
type HookReply struct {
	Event  any
	Result any
}

func toReply(payload, res any) HookReply {
	if r, ok := res.(HookReply); ok {
		if r.Event == nil {
			r.Event = payload
		}
		return r
	}
	return HookReply{Event: payload, Result: res}
}

// HookChain is the state a Fold works on.
type HookChain struct {
	Payload any // what the next handler receives
	Result  any // aggregated outcome (nil when no handler produced one)
	// Plugin is the plugin whose reply is being folded (read-only).
	Plugin string
}

type hookReg struct {
	gen     *Generation
	name    string
	localID string
	fn      HookHandler
}

// Hook registers handler for the named hook. localID, when not empty,
// replaces an earlier handler of this generation with the same name and id.
func (g *Generation) Hook(name string, handler HookHandler, localID string) error {
	if g.Retired() {
		return g.staleErr()
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if localID != "" {
		for _, h := range g.hooks {
			if h.name == name && h.localID == localID {
				h.fn = handler
				return nil
			}
		}
	}
	g.hooks = append(g.hooks, &hookReg{gen: g, name: name, localID: localID, fn: handler})
	return nil
}

// HookNames returns the names this generation hooks, in registration order.
func (g *Generation) HookNames() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	for _, h := range g.hooks {
		out = append(out, h.name)
	}
	return out
}

// HookOutcome is the result of running a hook chain.
type HookOutcome struct {
	Value     any          // the payload after every handler
	Result    any          // the Fold's aggregated outcome (contracts with a Fold only)
	StoppedBy string       // plugin whose result ended the chain (Stop), if any
	Err       error        // set when a fail-closed handler failed
	Errors    []Diagnostic // handlers that failed (and were skipped, unless fail-closed)
}

// DefineHook sets the contract of a hook name. Safe before or after boot.
func (h *Host) DefineHook(name string, c HookContract) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.hookContracts[name] = c
}

// RunHook runs every live handler of name sequentially in manifest order
// (then registration order), each seeing the previous one's result. The
// handler list is snapshot when the call starts. Each handler runs under the
// hook budget.
func (h *Host) RunHook(ctx context.Context, name string, payload any) HookOutcome {
	h.mu.Lock()
	contract := h.hookContracts[name]
	h.mu.Unlock()
	out := HookOutcome{Value: payload}
	replaces := contract.ResultReplacesEvent
	if contract.Fold == nil {
		replaces = func(result any) bool { return result != nil }
	}
	if replaces != nil {
		ctx = context.WithValue(ctx, replacesEventKey{}, replaces)
	}
	for _, reg := range h.hookHandlers(name) {
		if reg.gen.Retired() {
			continue
		}
		hctx, cancel := context.WithTimeout(ctx, h.opts.Budgets.Hook)
		res, err := callHook(hctx, reg.fn, out.Value)
		if err == nil && hctx.Err() == context.DeadlineExceeded {
			err = ErrBudget
		}
		cancel()
		if err != nil {
			d := Diagnose(reg.gen.PluginID(), "hook "+name, SeverityError, err)
			h.record(d)
			out.Errors = append(out.Errors, d)
			if contract.FailClosed {
				out.Err = fmt.Errorf("hook %s of %s failed: %w", name, reg.gen.PluginID(), err)
				out.StoppedBy = reg.gen.PluginID()
				return out
			}
			continue
		}
		reply := toReply(out.Value, res)
		if contract.Fold != nil {
			chain := HookChain{Payload: out.Value, Result: out.Result, Plugin: reg.gen.PluginID()}
			stop, ferr := contract.Fold(&chain, reply)
			if ferr != nil {
				d := Diagnose(reg.gen.PluginID(), "hook "+name, SeverityError, ferr)
				h.record(d)
				out.Errors = append(out.Errors, d)
				continue
			}
			out.Value, out.Result = chain.Payload, chain.Result
			if stop {
				out.StoppedBy = reg.gen.PluginID()
				return out
			}
			continue
		}
		if reply.Result == nil {
			out.Value = reply.Event
			continue
		}
		out.Value = reply.Result
		if contract.Stop != nil && contract.Stop(reply.Result) {
			out.StoppedBy = reg.gen.PluginID()
			return out
		}
	}
	return out
}

// RunHookSteps runs every live handler of name in RunHook's order and
// under its budget, leaving the combining to step: after each handler,
// step gets the plugin, the handler's reply (zero when it failed) and its
// error (already recorded, as RunHook records it), and returns the payload
// the next handler receives. It is for hooks whose chain needs more than
// a contract's Fold: work after every handler, failed ones included (pi's
// actionable turn boundaries rebuild their preview after each).
func (h *Host) RunHookSteps(ctx context.Context, name string, payload any, step func(plugin string, reply HookReply, err error) any) {
	for _, reg := range h.hookHandlers(name) {
		if reg.gen.Retired() {
			continue
		}
		hctx, cancel := context.WithTimeout(ctx, h.opts.Budgets.Hook)
		res, err := callHook(hctx, reg.fn, payload)
		if err == nil && hctx.Err() == context.DeadlineExceeded {
			err = ErrBudget
		}
		cancel()
		var reply HookReply
		if err != nil {
			h.record(Diagnose(reg.gen.PluginID(), "hook "+name, SeverityError, err))
		} else {
			reply = toReply(payload, res)
		}
		payload = step(reg.gen.PluginID(), reply, err)
	}
}

func callHook(ctx context.Context, fn HookHandler, payload any) (res any, err error) {
	defer recovered(&err)
	return fn(ctx, payload)
}

// HasHook reports whether a live plugin intercepts name.
func (h *Host) HasHook(name string) bool { return len(h.hookHandlers(name)) > 0 }

// hookHandlers snapshots the live handlers of name in manifest order.
func (h *Host) hookHandlers(name string) []*hookReg {
	var out []*hookReg
	for _, g := range h.liveGenerations() {
		g.mu.Lock()
		for _, r := range g.hooks {
			if r.name == name {
				out = append(out, r)
			}
		}
		g.mu.Unlock()
	}
	return out
}

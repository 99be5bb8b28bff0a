package engine

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
)

// genState is a generation's place in its lifecycle.
type genState int32

const (
	genCandidate genState = iota // factory running or finished, not yet live
	genLive                      // its bucket takes part in rebuilds, hooks and events
	genRetired                   // unloaded or replaced; every handle is stale
)

// Generation is one load of a plugin's code and the bucket of everything it
// registered. The bucket is host-owned: retiring the generation drops it
// whole, so registrations need no disposers. Methods are safe from any
// goroutine.
type Generation struct {
	host   *Host
	plugin *pluginRecord
	num    int
	ctx    context.Context
	cancel context.CancelCauseFunc
	state  atomic.Int32

	mu        sync.Mutex
	touched   []anyRegistry
	hooks     []*hookReg
	listeners []*listenerReg
	effects   []EffectFunc
	onRetire  []func()
	effectsWG sync.WaitGroup
	batch     Batcher
	activity  func() uint64
}

// Batcher runs several plugin calls as one job on the plugin's own thread
// of execution (a JS event loop): run is called there with a context that
// marks it, and the calls it makes with that context must not hand off
// again. It returns an error when the job could not run (stale generation).
type Batcher func(ctx context.Context, run func(ctx context.Context)) error

// SetBatcher installs gen's batcher (jsapi does, before the factory runs).
func (g *Generation) SetBatcher(b Batcher) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.batch = b
}

func (g *Generation) batcher() Batcher {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.batch
}

// SetActivity installs gen's activity counter: a number that changes
// whenever plugin code may run on gen's thread of execution other than
// through its batcher, and that pure contributions run through the batcher
// leave alone (see Registry.AddPure). Read on that thread, it must count
// everything queued there so far. jsapi installs it with the batcher.
func (g *Generation) SetActivity(f func() uint64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.activity = f
}

func (g *Generation) activityCounter() func() uint64 {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.activity
}

// PluginID returns the owning plugin's id.
func (g *Generation) PluginID() string { return g.plugin.spec.ID }

// Number returns the 1-based generation number.
func (g *Generation) Number() int { return g.num }

// Context is cancelled (with a cause) when the generation retires. Effects
// and blocking bindings of this generation honour it.
func (g *Generation) Context() context.Context { return g.ctx }

// Config returns the plugin's manifest config (never nil). Do not mutate it.
func (g *Generation) Config() map[string]any {
	if g.plugin.spec.Config == nil {
		return map[string]any{}
	}
	return g.plugin.spec.Config
}

// Source returns the plugin's source as given in the manifest.
func (g *Generation) Source() string { return g.plugin.spec.Source }

// Host returns the host the generation belongs to.
func (g *Generation) Host() *Host { return g.host }

// Live reports whether the generation's bucket is active.
func (g *Generation) Live() bool { return genState(g.state.Load()) == genLive }

// Retired reports whether the generation was unloaded or replaced.
func (g *Generation) Retired() bool { return genState(g.state.Load()) == genRetired }

// String renders "plugin#gen".
func (g *Generation) String() string { return fmt.Sprintf("%s#%d", g.PluginID(), g.num) }

func (g *Generation) staleErr() error {
	return fmt.Errorf("%w (plugin %s, generation %d)", ErrStale, g.PluginID(), g.num)
}

// StaleError returns the error uses of this retired generation's handles get.
func (g *Generation) StaleError() error { return g.staleErr() }

func (g *Generation) position() int { return int(g.plugin.pos.Load()) }

// touch records that the generation contributed to r.
func (g *Generation) touch(r anyRegistry) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, x := range g.touched {
		if x == r {
			return
		}
	}
	g.touched = append(g.touched, r)
}

func (g *Generation) touchedRegistries() []anyRegistry {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]anyRegistry(nil), g.touched...)
}

// OnRetire registers f to run when the generation retires (or its load
// fails). Functions run in reverse registration order, after effects were
// cancelled and given their grace period.
func (g *Generation) OnRetire(f func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.onRetire = append(g.onRetire, f)
}

// Log records an informational diagnostic (console output, notes) against
// the plugin.
func (g *Generation) Log(sev Severity, text string) {
	g.host.record(Diagnostic{Plugin: g.PluginID(), Severity: sev, Where: "log", Text: text})
}

// EffectFunc is the non-replayable residue of a plugin: it runs once the
// generation is live, and must return when ctx is cancelled.
type EffectFunc func(ctx context.Context) error

// Effect registers an effect. Effects of a candidate start when it goes live;
// one registered by a live generation starts at once.
func (g *Generation) Effect(fn EffectFunc) error {
	if g.Retired() {
		return g.staleErr()
	}
	g.mu.Lock()
	g.effects = append(g.effects, fn)
	live := g.Live()
	g.mu.Unlock()
	if live {
		g.startEffect(fn)
	}
	return nil
}

func (g *Generation) startEffects() {
	g.mu.Lock()
	effects := append([]EffectFunc(nil), g.effects...)
	g.mu.Unlock()
	for _, fn := range effects {
		g.startEffect(fn)
	}
}

func (g *Generation) startEffect(fn EffectFunc) {
	g.effectsWG.Add(1)
	go func() {
		defer g.effectsWG.Done()
		err := func() (err error) {
			defer recovered(&err)
			return fn(g.ctx)
		}()
		if err != nil && g.ctx.Err() == nil {
			g.host.record(Diagnose(g.PluginID(), "effect", SeverityError, err))
		}
	}()
}

// retire cancels the generation, waits up to grace for its effects, drops
// its bucket from every registry and runs OnRetire functions. It does not
// rebuild; the caller does.
func (g *Generation) retire(cause error) {
	if genState(g.state.Swap(int32(genRetired))) == genRetired {
		return
	}
	g.cancel(cause)
	done := make(chan struct{})
	go func() { g.effectsWG.Wait(); close(done) }()
	grace := g.host.opts.EffectGrace
	select {
	case <-done:
	case <-timeAfter(grace):
		g.host.record(Diagnostic{Plugin: g.PluginID(), Severity: SeverityWarning, Where: "effect",
			Text: fmt.Sprintf("effects of generation %d still running %v after abort; abandoned", g.num, grace)})
	}
	for _, r := range g.touchedRegistries() {
		r.dropGeneration(g)
	}
	g.mu.Lock()
	fns := g.onRetire
	g.onRetire = nil
	g.hooks, g.listeners, g.effects = nil, nil, nil
	g.mu.Unlock()
	for i := len(fns) - 1; i >= 0; i-- {
		fns[i]()
	}
}

package engine

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// Budgets bound how long plugin code may run. Zero fields take the default
// noted on each.
type Budgets struct {
	Factory      time.Duration // a factory, incl. an async one settling; default 10s
	Contribution time.Duration // one contribution replay; default 1s
	Hook         time.Duration // one hook handler; default 5s
	Listener     time.Duration // one event listener; default 5s
	Tool         time.Duration // one tool execute; default 10m
}

func (b Budgets) withDefaults() Budgets {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&b.Factory, 10*time.Second)
	def(&b.Contribution, time.Second)
	def(&b.Hook, 5*time.Second)
	def(&b.Listener, 5*time.Second)
	def(&b.Tool, 10*time.Minute)
	return b
}

// Options configure a Host. The zero value is usable.
type Options struct {
	Cwd         string        // working directory plugins see; default ""
	Budgets     Budgets       // see Budgets for defaults
	EffectGrace time.Duration // how long a retiring generation waits for its effects; default 2s
	// OnDiagnostic, when set, is called for every diagnostic as it is
	// recorded (from any goroutine).
	OnDiagnostic func(Diagnostic)
	// MaxLogPerPlugin bounds the diagnostics kept per plugin; default 200.
	MaxLogPerPlugin int
}

// Host runs an ordered manifest of plugins and owns their registries, hooks,
// events, effects and views. Safe for concurrent use.
type Host struct {
	opts   Options
	cwd    atomic.Pointer[string] // SetCwd's, over opts.Cwd
	ctx    context.Context
	cancel context.CancelFunc
	bg     sync.WaitGroup

	mu            sync.Mutex
	plugins       []*pluginRecord
	byID          map[string]*pluginRecord
	registries    []anyRegistry
	hookContracts map[string]HookContract
	bootDepth     atomic.Int32
	closed        bool
	reloadMu      sync.Mutex // serializes boot, reload and unload

	tools     *Registry[*Draft[Tool], State[Tool]]
	commands  *Registry[*Draft[Command], State[Command]]
	providers *Registry[*Draft[map[string]any], State[map[string]any]]
	resources *Registry[*Draft[map[string]any], State[map[string]any]]
	settings  *Settings

	views *ViewHub
	// emits is EmitAsync's queue; Close waits for what is still queued.
	emits *Serial

	// resultImages prepares the images of tool results (SetToolResultImages).
	resultImages atomic.Pointer[func([]Content) []Content]

	// values holds the state layers above engine attach (HostValue);
	// valuesMu guards it apart from mu, since attaching creates registries.
	valuesMu sync.Mutex
	values   map[any]any

	unsupportedMu sync.Mutex
	unsupported   map[string][]string // plugin → API members it used that the host lacks
}

type pluginRecord struct {
	spec   PluginSpec
	pos    atomic.Int32
	gen    *Generation // live generation, or nil
	count  int         // generations created (the next one is count+1)
	status Status
	err    *PluginError
	log    []Diagnostic
}

// New creates a host with its built-in registries.
func New(opts Options) *Host {
	opts.Budgets = opts.Budgets.withDefaults()
	if opts.EffectGrace <= 0 {
		opts.EffectGrace = 2 * time.Second
	}
	if opts.MaxLogPerPlugin <= 0 {
		opts.MaxLogPerPlugin = 200
	}
	ctx, cancel := context.WithCancel(context.Background())
	h := &Host{opts: opts, ctx: ctx, cancel: cancel, byID: map[string]*pluginRecord{}, hookContracts: map[string]HookContract{}}
	h.tools = newToolRegistry(h)
	h.commands = newCommandRegistry(h)
	h.providers = NewDataRegistry(h, "providers")
	h.resources = NewDataRegistry(h, "resources")
	h.settings = newSettings(h)
	h.views = newViewHub(h)
	h.emits = &Serial{Start: func(run func()) { h.goBackground(func(context.Context) { run() }) }}
	return h
}

// Options returns the host's effective options.
func (h *Host) Options() Options {
	o := h.opts
	if c := h.cwd.Load(); c != nil {
		o.Cwd = *c
	}
	return o
}

// SetCwd moves the host to another working directory (a session of
// another project): plugins and tools see cwd from now on.
func (h *Host) SetCwd(cwd string) { h.cwd.Store(&cwd) }

// Tools returns the tool registry.
func (h *Host) Tools() *Registry[*Draft[Tool], State[Tool]] { return h.tools }

// Commands returns the command registry.
func (h *Host) Commands() *Registry[*Draft[Command], State[Command]] { return h.commands }

// Providers returns the provider registry (data values for now).
func (h *Host) Providers() *Registry[*Draft[map[string]any], State[map[string]any]] {
	return h.providers
}

// Resources returns the resource registry (skills, prompts, themes, ...).
func (h *Host) Resources() *Registry[*Draft[map[string]any], State[map[string]any]] {
	return h.resources
}

// Settings returns the settings registry and its layers.
func (h *Host) Settings() *Settings { return h.settings }

// Views returns the view hub.
func (h *Host) Views() *ViewHub { return h.views }

func (h *Host) addRegistry(r anyRegistry) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.registries = append(h.registries, r)
}

// SettleRegistries waits until the registrations plugin code made
// outside boot (pi.registerTool in a command, ...) are committed: their
// registries rebuild in the background, and a client that answers once a
// command finished expects what it registered to be there, as in pi. Not
// from plugin code: the rebuild runs contributions on their plugins'
// loops.
func (h *Host) SettleRegistries(ctx context.Context) {
	for _, r := range h.allRegistries() {
		r.settle(ctx)
	}
}

func (h *Host) allRegistries() []anyRegistry {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]anyRegistry(nil), h.registries...)
}

func (h *Host) booting() bool { return h.bootDepth.Load() > 0 }

// goBackground runs f on a host-owned goroutine that Close waits for.
func (h *Host) goBackground(f func(ctx context.Context)) {
	h.bg.Add(1)
	go func() {
		defer h.bg.Done()
		f(h.ctx)
	}()
}

// liveGenerations returns the live generations in manifest order.
func (h *Host) liveGenerations() []*Generation {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]*Generation, 0, len(h.plugins))
	for _, p := range h.plugins {
		if p.gen != nil && p.gen.Live() {
			out = append(out, p.gen)
		}
	}
	return out
}

// Generation returns the live generation of plugin id, or nil.
func (h *Host) Generation(id string) *Generation {
	h.mu.Lock()
	defer h.mu.Unlock()
	if p := h.byID[id]; p != nil {
		return p.gen
	}
	return nil
}

// record stores a diagnostic against its plugin and passes it to
// OnDiagnostic.
func (h *Host) record(d Diagnostic) {
	h.mu.Lock()
	if p := h.byID[d.Plugin]; p != nil {
		p.log = append(p.log, d)
		if over := len(p.log) - h.opts.MaxLogPerPlugin; over > 0 {
			p.log = append(p.log[:0:0], p.log[over:]...)
		}
	}
	h.mu.Unlock()
	if h.opts.OnDiagnostic != nil {
		h.opts.OnDiagnostic(d)
	}
}

// LoadResult is the outcome of loading one plugin.
type LoadResult struct {
	Plugin     string
	Generation int
	OK         bool
	Err        *PluginError
	Elapsed    time.Duration
}

// Boot loads every plugin of the manifest, factories concurrently, then
// makes every successful generation live at once, rebuilds each registry
// once, and starts effects. Plugins that fail are reported and left out;
// they never stop the others. Boot may be called once per Host; later
// plugins come through Add.
func (h *Host) Boot(ctx context.Context, manifest []PluginSpec) []LoadResult {
	return h.BootHolding(ctx, manifest, nil)
}

// BootHolding is Boot that admits the plugins hold names without loading
// them: they keep their manifest position (hooks, tools and commands order
// by it) and LoadHeld loads them later, or never. pi decides project trust
// with the user's extensions loaded and the project's not yet, and then
// orders the project's first.
func (h *Host) BootHolding(ctx context.Context, manifest []PluginSpec, hold func(PluginSpec) bool) []LoadResult {
	h.reloadMu.Lock()
	defer h.reloadMu.Unlock()
	recs := h.admit(manifest)
	var load, held []*pluginRecord
	for _, rec := range recs {
		if rec.err == nil && hold != nil && hold(rec.spec) {
			held = append(held, rec)
		} else {
			load = append(load, rec)
		}
	}
	h.mu.Lock()
	for _, rec := range held {
		rec.status = StatusHeld
	}
	h.mu.Unlock()
	return h.loadRecords(ctx, load)
}

// LoadHeld loads every plugin BootHolding held back, as Boot would have.
func (h *Host) LoadHeld(ctx context.Context) []LoadResult {
	h.reloadMu.Lock()
	defer h.reloadMu.Unlock()
	h.mu.Lock()
	var recs []*pluginRecord
	for _, rec := range h.plugins {
		if rec.status == StatusHeld {
			recs = append(recs, rec)
		}
	}
	h.mu.Unlock()
	if len(recs) == 0 {
		return nil // nothing to rebuild for
	}
	return h.loadRecords(ctx, recs)
}

// loadRecords loads admitted plugins concurrently, makes them live at
// once and rebuilds each registry once. Caller holds reloadMu.
func (h *Host) loadRecords(ctx context.Context, recs []*pluginRecord) []LoadResult {
	h.bootDepth.Add(1)
	defer h.bootDepth.Add(-1)
	results := make([]LoadResult, len(recs))
	gens := make([]*Generation, len(recs))
	sem := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	var wg sync.WaitGroup
	for i, rec := range recs {
		if rec.err != nil {
			results[i] = LoadResult{Plugin: rec.spec.ID, Err: rec.err}
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			gens[i], results[i] = h.loadCandidate(ctx, rec)
		}()
	}
	wg.Wait()

	h.mu.Lock()
	var live []*Generation
	for i, g := range gens {
		if g == nil {
			recs[i].status = StatusFailed
			recs[i].err = results[i].Err
			continue
		}
		recs[i].gen, recs[i].status, recs[i].err = g, StatusLoaded, nil
		g.state.Store(int32(genLive))
		live = append(live, g)
	}
	h.mu.Unlock()
	h.rebuildAll(ctx)
	for _, g := range live {
		g.startEffects()
	}
	return results
}

// admit validates manifest entries and appends them to the plugin list.
func (h *Host) admit(manifest []PluginSpec) []*pluginRecord {
	h.mu.Lock()
	defer h.mu.Unlock()
	seen := map[string]bool{}
	for id := range h.byID {
		seen[id] = true
	}
	var recs []*pluginRecord
	for _, s := range manifest {
		rec := &pluginRecord{spec: s, status: StatusFailed}
		if d := validateSpec(s, seen); d != nil {
			rec.err = &PluginError{Plugin: d.Plugin, Diagnostics: []Diagnostic{*d}, Err: errors.New(d.Text)}
			recs = append(recs, rec)
			continue
		}
		seen[s.ID] = true
		rec.pos.Store(int32(len(h.plugins)))
		h.plugins = append(h.plugins, rec)
		h.byID[s.ID] = rec
		recs = append(recs, rec)
	}
	return recs
}

// loadCandidate creates a generation and runs its loader under the factory
// budget. On failure the candidate is retired (its OnRetire cleanup runs)
// and nil is returned.
func (h *Host) loadCandidate(ctx context.Context, rec *pluginRecord) (*Generation, LoadResult) {
	start := time.Now()
	h.mu.Lock()
	rec.count++
	num := rec.count
	h.mu.Unlock()
	gctx, cancel := context.WithCancelCause(h.ctx)
	g := &Generation{host: h, plugin: rec, num: num, ctx: gctx, cancel: cancel}
	res := LoadResult{Plugin: rec.spec.ID, Generation: num}

	lctx, lcancel := context.WithTimeout(ctx, h.opts.Budgets.Factory)
	err := rec.spec.Loader.Load(lctx, g)
	if err == nil && lctx.Err() == context.DeadlineExceeded {
		err = fmt.Errorf("factory did not finish within %v: %w", h.opts.Budgets.Factory, ErrBudget)
	}
	lcancel()
	res.Elapsed = time.Since(start)
	if err != nil {
		g.retire(fmt.Errorf("load failed: %w", err))
		var pe *PluginError
		if !errors.As(err, &pe) {
			pe = &PluginError{Plugin: rec.spec.ID, Diagnostics: []Diagnostic{Diagnose(rec.spec.ID, "load", SeverityError, err)}, Err: err}
		}
		for _, d := range pe.Diagnostics {
			h.record(d)
		}
		res.Err = pe
		return nil, res
	}
	res.OK = true
	return g, res
}

// rebuildAll rebuilds every registry once (boot batching).
func (h *Host) rebuildAll(ctx context.Context) []RebuiltInfo {
	var out []RebuiltInfo
	for _, r := range h.allRegistries() {
		info := r.rebuildAny(ctx)
		h.recordRebuild(info)
		out = append(out, info)
	}
	return out
}

func (h *Host) recordRebuild(info RebuiltInfo) {
	for _, d := range info.Errors {
		h.record(d)
	}
	for _, d := range info.Warnings {
		h.record(d)
	}
}

// Add appends plugins to a booted host's manifest and loads them (one
// rebuild per affected registry).
func (h *Host) Add(ctx context.Context, specs ...PluginSpec) []LoadResult {
	return h.Boot(ctx, specs)
}

// Reorder changes the manifest order: the plugins named in ids come in
// that order, the others keep theirs after them. Hooks, events and every
// registry follow (one rebuild each), as a plugin that appeared later
// may belong before those loaded earlier (pi's load order).
func (h *Host) Reorder(ctx context.Context, ids []string) {
	h.reloadMu.Lock()
	defer h.reloadMu.Unlock()
	rank := make(map[string]int, len(ids))
	for i, id := range ids {
		if _, dup := rank[id]; !dup {
			rank[id] = i
		}
	}
	h.mu.Lock()
	recs := append([]*pluginRecord(nil), h.plugins...)
	key := func(r *pluginRecord) int {
		if i, ok := rank[r.spec.ID]; ok {
			return i
		}
		return len(ids)
	}
	sort.SliceStable(recs, func(i, j int) bool { return key(recs[i]) < key(recs[j]) })
	changed := false
	for i, r := range recs {
		if int(r.pos.Load()) != i {
			changed = true
		}
		r.pos.Store(int32(i))
	}
	h.plugins = recs
	h.mu.Unlock()
	if !changed {
		return
	}
	for _, r := range h.allRegistries() {
		h.recordRebuild(r.rebuildAny(ctx))
	}
}

// ReloadResult is the outcome of one reload.
type ReloadResult struct {
	LoadResult
	Diffs map[string]Diff // per registry, only non-empty ones
	Hooks Diff            // hook names added/removed
}

// Reload loads a new generation of plugin id (candidate-then-swap). On
// failure the old generation stays live and untouched and the error is
// returned in the result. On success the old generation's effects are
// aborted, it retires, the new one goes live, affected registries rebuild
// once, and the diff is reported. beforeSwap, if not nil, runs after the
// candidate loaded and before the old generation is retired (used to emit
// session_shutdown to the old generation).
func (h *Host) Reload(ctx context.Context, id string, beforeSwap func(old, next *Generation)) ReloadResult {
	h.reloadMu.Lock()
	defer h.reloadMu.Unlock()
	h.mu.Lock()
	rec := h.byID[id]
	h.mu.Unlock()
	if rec == nil {
		err := fmt.Errorf("reload %s: %w", id, ErrUnknownPlugin)
		return ReloadResult{LoadResult: LoadResult{Plugin: id, Err: &PluginError{Plugin: id, Err: err,
			Diagnostics: []Diagnostic{{Plugin: id, Severity: SeverityError, Where: "reload", Text: err.Error()}}}}}
	}
	start := time.Now()
	next, res := h.loadCandidate(ctx, rec)
	out := ReloadResult{LoadResult: res}
	if next == nil {
		out.Elapsed = time.Since(start)
		h.mu.Lock()
		if rec.gen == nil {
			rec.status, rec.err = StatusFailed, res.Err
		}
		h.mu.Unlock()
		return out
	}
	h.mu.Lock()
	old := rec.gen
	h.mu.Unlock()
	var oldHooks []string
	if old != nil {
		oldHooks = old.HookNames()
		if beforeSwap != nil {
			beforeSwap(old, next)
		}
	}
	affected := map[anyRegistry]bool{}
	for _, r := range next.touchedRegistries() {
		affected[r] = true
	}
	if old != nil {
		for _, r := range old.touchedRegistries() {
			affected[r] = true
		}
		old.retire(fmt.Errorf("reloaded as generation %d", next.num))
	}
	h.mu.Lock()
	rec.gen, rec.status, rec.err = next, StatusLoaded, nil
	next.state.Store(int32(genLive))
	h.mu.Unlock()
	out.Diffs = map[string]Diff{}
	for _, r := range h.allRegistries() {
		if !affected[r] {
			continue
		}
		info := r.rebuildAny(ctx)
		h.recordRebuild(info)
		if !info.Diff.Empty() {
			out.Diffs[info.Registry] = info.Diff
		}
	}
	out.Hooks = diffNames(oldHooks, next.HookNames())
	h.views.retireOwner(old, "reload")
	next.startEffects()
	out.Elapsed = time.Since(start)
	return out
}

// Unload retires plugin id's generation and rebuilds what it touched. The
// plugin keeps its manifest position (a later Reload loads it again).
func (h *Host) Unload(ctx context.Context, id string) error {
	h.reloadMu.Lock()
	defer h.reloadMu.Unlock()
	h.mu.Lock()
	rec := h.byID[id]
	h.mu.Unlock()
	if rec == nil {
		return fmt.Errorf("unload %s: %w", id, ErrUnknownPlugin)
	}
	h.unloadLocked(ctx, rec, "unload")
	return nil
}

func (h *Host) unloadLocked(ctx context.Context, rec *pluginRecord, reason string) {
	h.mu.Lock()
	g := rec.gen
	rec.gen, rec.status = nil, StatusUnloaded
	h.mu.Unlock()
	if g == nil {
		return
	}
	touched := g.touchedRegistries()
	g.retire(errors.New(reason))
	h.views.retireOwner(g, reason)
	for _, r := range touched {
		h.recordRebuild(r.rebuildAny(ctx))
	}
}

// Close unloads every plugin (in reverse manifest order) and stops
// background work. Further calls are no-ops.
func (h *Host) Close(ctx context.Context) error {
	h.reloadMu.Lock()
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		h.reloadMu.Unlock()
		return nil
	}
	h.closed = true
	recs := append([]*pluginRecord(nil), h.plugins...)
	h.mu.Unlock()
	for i := len(recs) - 1; i >= 0; i-- {
		h.mu.Lock()
		g := recs[i].gen
		recs[i].gen, recs[i].status = nil, StatusUnloaded
		h.mu.Unlock()
		if g != nil {
			g.retire(ErrClosed)
			h.views.retireOwner(g, "shutdown")
		}
	}
	h.reloadMu.Unlock()
	h.cancel()
	h.bg.Wait()
	return nil
}

// PluginStatus describes one manifest entry for reports.
type PluginStatus struct {
	ID         string       `json:"id"`
	Source     string       `json:"path"`
	Position   int          `json:"position"`
	Status     Status       `json:"status"`
	Generation int          `json:"generation"`
	Error      *PluginError `json:"-"`
	Hooks      []string     `json:"hooks"`
	Events     []string     `json:"events"`
	Log        []Diagnostic `json:"diagnostics"`
}

// Plugins returns the status of every manifest entry in order.
func (h *Host) Plugins() []PluginStatus {
	h.mu.Lock()
	recs := append([]*pluginRecord(nil), h.plugins...)
	h.mu.Unlock()
	out := make([]PluginStatus, 0, len(recs))
	for _, r := range recs {
		h.mu.Lock()
		st := PluginStatus{ID: r.spec.ID, Source: r.spec.Source, Position: int(r.pos.Load()), Status: r.status,
			Error: r.err, Log: append([]Diagnostic(nil), r.log...)}
		g := r.gen
		h.mu.Unlock()
		if g != nil {
			st.Generation = g.num
			st.Hooks = uniq(g.HookNames())
			st.Events = uniq(g.EventTypes())
		}
		out = append(out, st)
	}
	return out
}

func uniq(s []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}

func diffNames(old, cur []string) Diff {
	o, c := map[string]bool{}, map[string]bool{}
	for _, x := range old {
		o[x] = true
	}
	for _, x := range cur {
		c[x] = true
	}
	var d Diff
	for x := range c {
		if !o[x] {
			d.Added = append(d.Added, x)
		}
	}
	for x := range o {
		if !c[x] {
			d.Removed = append(d.Removed, x)
		}
	}
	sort.Strings(d.Added)
	sort.Strings(d.Removed)
	return d
}

func timeAfter(d time.Duration) <-chan time.Time { return time.After(d) }

// RecordDiagnostic records d against its plugin (bindings use it for
// failures that happen outside a host call: timer callbacks, unhandled
// rejections).
func (h *Host) RecordDiagnostic(d Diagnostic) { h.record(d) }

// ReloadAll reloads every loaded plugin, one at a time in manifest order,
// with pi's reload events: session_shutdown {reason:"reload"} to each old
// generation before it is swapped out and session_start {reason:"reload"}
// to the new one (pi's ctx.reload() and /reload). A plugin that fails to
// reload keeps its generation; the results say so.
func (h *Host) ReloadAll(ctx context.Context) []ReloadResult {
	var out []ReloadResult
	for _, p := range h.Plugins() {
		if p.Status != StatusLoaded {
			continue
		}
		res := h.Reload(ctx, p.ID, func(old, _ *Generation) {
			h.EmitTo(ctx, old, "session_shutdown", map[string]any{"type": "session_shutdown", "reason": "reload"})
		})
		if res.OK {
			if g := h.Generation(p.ID); g != nil {
				h.EmitTo(ctx, g, "session_start", map[string]any{"type": "session_start", "reason": "reload"})
			}
		}
		out = append(out, res)
	}
	return out
}

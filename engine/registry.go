package engine

import (
	"context"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
)

// Rebuild design: a registry keeps every contribution (owner generation +
// function) and never a mutable table. Rebuild snapshots the live
// contributions, sorts them by manifest position then registration order,
// replays them into a fresh draft, builds, diffs against the last committed
// state and commits. Rebuilds are serialized; requests that arrive while one
// runs are coalesced into the next single replay. A contribution runs under
// the host's contribution budget; one that fails is rolled back out of the
// draft, recorded against its owner, and replay continues.

// Contribution is a synchronous function a registry replays into a draft.
// ctx carries the contribution budget; implementations that run plugin code
// must stop when it ends.
type Contribution[D any] func(ctx context.Context, draft D) error

// RegistrySpec describes one registry kind.
type RegistrySpec[D Drafter, S any] struct {
	Name     string
	NewDraft func() D
	// Build finalizes a draft into state (schema validation, composition).
	// Problems are reported against the entry's owner.
	Build func(D) (S, []Diagnostic)
	// Keys returns id → fingerprint of a state, for diffs.
	Keys func(S) map[string]string
}

// Rebuilt is what one rebuild did.
type Rebuilt[S any] struct {
	State    S
	Diff                  // added/removed/changed ids
	Errors   []Diagnostic // contributions skipped and build problems
	Warnings []Diagnostic // notes from drafts (update of missing id, duplicate set)
}

// Diff lists the ids a rebuild added, removed and changed, each sorted.
type Diff struct {
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
	Changed []string `json:"changed"`
}

// Empty reports whether nothing changed.
func (d Diff) Empty() bool { return len(d.Added)+len(d.Removed)+len(d.Changed) == 0 }

// Registry is a replayable domain: tools, commands, providers, ... Safe for
// concurrent use.
type Registry[D Drafter, S any] struct {
	host *Host
	spec RegistrySpec[D, S]

	mu   sync.Mutex
	cond *sync.Cond
	list []*contribution[D]
	seq  uint64

	state    S
	keys     map[string]string
	last     Rebuilt[S]
	problems []Diagnostic // errors+warnings of the last rebuild

	requested, completed uint64
	running              bool
	inSchedule           int // scheduled rebuilds not finished yet (settle)
	scheduled            bool

	replaying atomic.Pointer[Generation] // owner of the contribution being replayed
	commits   []func(RebuiltInfo)
}

type contribution[D any] struct {
	gen     *Generation
	seq     uint64
	fn      Contribution[D]
	removed atomic.Bool
	pure    bool
	// The last replay's record of a pure contribution and the activity
	// count it ran at; written and read by replays only (one at a time).
	memo   any
	memoAt uint64
}

// RebuiltInfo is a Rebuilt without its state, for observers of any registry.
type RebuiltInfo struct {
	Registry string
	Diff
	Errors   []Diagnostic
	Warnings []Diagnostic
}

// NewRegistry creates a registry owned by h and commits the empty state.
func NewRegistry[D Drafter, S any](h *Host, spec RegistrySpec[D, S]) *Registry[D, S] {
	r := &Registry[D, S]{host: h, spec: spec}
	r.cond = sync.NewCond(&r.mu)
	st, _ := spec.Build(spec.NewDraft())
	r.state, r.keys = st, spec.Keys(st)
	r.last.State = st
	h.addRegistry(r)
	return r
}

// Name returns the registry name.
func (r *Registry[D, S]) Name() string { return r.spec.Name }

// Current returns the last committed state. Safe from any goroutine.
func (r *Registry[D, S]) Current() S {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.state
}

// Add registers a contribution owned by gen and returns its remover. A
// contribution of a live generation outside boot schedules a rebuild; one of
// a candidate generation becomes visible when the candidate is swapped in.
func (r *Registry[D, S]) Add(gen *Generation, fn Contribution[D]) (remove func(), err error) {
	return r.add(gen, fn, false)
}

// AddPure is Add for a contribution whose effect on the draft follows from
// what it reads from the draft and from its plugin's own state alone, with
// no other effect: pi's registrations, which set a definition object the
// plugin keeps. While its generation's activity counter says no plugin
// code ran since it was last replayed, a rebuild applies its recorded
// effect without handing it to the plugin (draftrecord.go); anything the
// plugin ran since, such as code mutating that definition object, makes
// the next rebuild run it again.
func (r *Registry[D, S]) AddPure(gen *Generation, fn Contribution[D]) (remove func(), err error) {
	return r.add(gen, fn, true)
}

func (r *Registry[D, S]) add(gen *Generation, fn Contribution[D], pure bool) (remove func(), err error) {
	if gen.Retired() {
		return func() {}, gen.staleErr()
	}
	if r.replaying.Load() == gen {
		return func() {}, ErrReentrantRebuild
	}
	r.mu.Lock()
	r.seq++
	c := &contribution[D]{gen: gen, seq: r.seq, fn: fn, pure: pure}
	r.list = append(r.list, c)
	r.mu.Unlock()
	gen.touch(r)
	r.afterChange(gen)
	var once sync.Once
	return func() {
		once.Do(func() {
			c.removed.Store(true)
			r.mu.Lock()
			r.list = slices.DeleteFunc(r.list, func(x *contribution[D]) bool { return x == c })
			r.mu.Unlock()
			r.afterChange(gen)
		})
	}, nil
}

// afterChange rebuilds automatically when a live generation changed its
// contributions outside boot.
func (r *Registry[D, S]) afterChange(gen *Generation) {
	if gen.Live() && !r.host.booting() {
		r.Schedule()
	}
}

// Schedule requests a rebuild without waiting for it. Coalesced: many calls
// while one is pending cause one replay.
func (r *Registry[D, S]) Schedule() {
	r.mu.Lock()
	if r.scheduled {
		r.mu.Unlock()
		return
	}
	r.scheduled = true
	r.inSchedule++
	r.mu.Unlock()
	r.host.goBackground(func(ctx context.Context) {
		r.mu.Lock()
		r.scheduled = false
		r.mu.Unlock()
		_, _ = r.Rebuild(ctx)
		r.mu.Lock()
		r.inSchedule--
		r.mu.Unlock()
	})
}

// settle waits for a rebuild that is scheduled or running to commit.
func (r *Registry[D, S]) settle(ctx context.Context) {
	r.mu.Lock()
	pending := r.inSchedule > 0 || r.running
	r.mu.Unlock()
	if pending {
		_, _ = r.Rebuild(ctx)
	}
}

// RebuildFrom is Rebuild requested by plugin code of gen. It fails with
// ErrReentrantRebuild when gen is the owner of the contribution being
// replayed in this registry (checked synchronously, so a JS caller gets a
// throw rather than a deadlock).
func (r *Registry[D, S]) RebuildFrom(ctx context.Context, gen *Generation) (Rebuilt[S], error) {
	if err := r.CheckReentrant(gen); err != nil {
		return Rebuilt[S]{}, err
	}
	return r.Rebuild(ctx)
}

// CheckReentrant reports ErrReentrantRebuild if gen's contribution to this
// registry is running right now.
func (r *Registry[D, S]) CheckReentrant(gen *Generation) error {
	if gen != nil && r.replaying.Load() == gen {
		return ErrReentrantRebuild
	}
	return nil
}

type replayKey struct{}

// Rebuild replays every live contribution and commits the result. It blocks
// until a replay that started after the call committed (coalescing callers
// share it). Called with the ctx of a contribution to this same registry it
// returns ErrReentrantRebuild.
func (r *Registry[D, S]) Rebuild(ctx context.Context) (Rebuilt[S], error) {
	if ctx.Value(replayKey{}) == any(r) {
		return Rebuilt[S]{}, ErrReentrantRebuild
	}
	r.mu.Lock()
	r.requested++
	ticket := r.requested
	for r.completed < ticket {
		if r.running {
			r.cond.Wait()
			continue
		}
		r.running = true
		target := r.requested
		r.mu.Unlock()
		res := r.replay(ctx)
		r.mu.Lock()
		r.running = false
		r.completed = target
		r.last = res
		r.cond.Broadcast()
		commits := r.commits
		r.mu.Unlock()
		info := RebuiltInfo{Registry: r.spec.Name, Diff: res.Diff, Errors: res.Errors, Warnings: res.Warnings}
		for _, f := range commits {
			f(info)
		}
		r.mu.Lock()
	}
	res := r.last
	r.mu.Unlock()
	return res, nil
}

// replay runs one rebuild. Only one replay runs at a time.
func (r *Registry[D, S]) replay(ctx context.Context) Rebuilt[S] {
	r.mu.Lock()
	snap := make([]*contribution[D], 0, len(r.list))
	for _, c := range r.list {
		if c.gen.Live() {
			snap = append(snap, c)
		}
	}
	r.mu.Unlock()
	sort.SliceStable(snap, func(i, j int) bool {
		pi, pj := snap[i].gen.position(), snap[j].gen.position()
		if pi != pj {
			return pi < pj
		}
		return snap[i].seq < snap[j].seq
	})

	draft := r.spec.NewDraft()
	var res Rebuilt[S]
	rctx := context.WithValue(ctx, replayKey{}, any(r))
	budget := r.host.opts.Budgets.Contribution
	// finish takes the draft's notes after a contribution ran or replayed.
	finish := func(owner string, err error, restore func()) {
		notes := draft.takeNotes()
		if err != nil {
			restore()
			res.Errors = append(res.Errors, Diagnose(owner, r.spec.Name+" contribution", SeverityError, err))
			return
		}
		for _, n := range notes {
			n.Where = r.spec.Name + " contribution"
			if n.Severity != SeverityInfo {
				res.Warnings = append(res.Warnings, n)
			}
		}
	}
	// runOne runs c; activity, when set, is read on c's loop (runOne runs
	// there) before c runs, so a pure c records what it did.
	runOne := func(ctx context.Context, c *contribution[D], activity func() uint64) {
		if c.removed.Load() || c.gen.Retired() {
			return
		}
		owner := c.gen.PluginID()
		draft.beginContribution(owner)
		restore := draft.checkpoint()
		recording := c.pure && activity != nil
		var at uint64
		if recording {
			at = activity()
			draft.record()
		}
		c.memo = nil
		r.replaying.Store(c.gen)
		cctx, cancel := context.WithTimeout(ctx, budget)
		err := callContribution(cctx, c.fn, draft)
		if err == nil && cctx.Err() == context.DeadlineExceeded {
			err = ErrBudget
		}
		cancel()
		r.replaying.Store(nil)
		if recording {
			if rec, ok := draft.recorded(); ok && err == nil {
				c.memo, c.memoAt = rec, at
			}
		}
		finish(owner, err, restore)
	}
	// replayMemo applies c's record when nothing ran on its loop since it
	// was made and the draft answers its reads as then.
	replayMemo := func(c *contribution[D], now uint64) bool {
		if c.memo == nil || c.memoAt != now {
			return false
		}
		draft.beginContribution(c.gen.PluginID())
		restore := draft.checkpoint()
		if !draft.replayRecord(c.memo) {
			draft.takeNotes()
			restore()
			return false
		}
		finish(c.gen.PluginID(), nil, restore)
		return true
	}
	// Consecutive contributions of one generation run as one batch on its
	// loop when the generation offers a batcher: one hand-off instead of
	// one per contribution, and none while the leading ones replay their
	// records.
	for i := 0; i < len(snap); {
		j := i + 1
		for j < len(snap) && snap[j].gen == snap[i].gen {
			j++
		}
		group := snap[i:j]
		i = j
		gen := group[0].gen
		b, activity := gen.batcher(), gen.activityCounter()
		if b == nil || activity == nil && len(group) == 1 {
			for _, c := range group {
				runOne(rctx, c, nil)
			}
			continue
		}
		if activity != nil {
			now := activity()
			k := 0
			for k < len(group) && (group[k].removed.Load() || gen.Retired() || replayMemo(group[k], now)) {
				k++
			}
			group = group[k:]
			if len(group) == 0 {
				continue
			}
		}
		ran := 0
		err := b(rctx, func(loopCtx context.Context) {
			for _, c := range group {
				ran++
				runOne(loopCtx, c, activity)
			}
		})
		if err != nil {
			for _, c := range group[ran:] {
				res.Errors = append(res.Errors, Diagnose(c.gen.PluginID(), r.spec.Name+" contribution", SeverityError, err))
			}
		}
	}
	state, problems := r.spec.Build(draft)
	for i := range problems {
		if problems[i].Where == "" {
			problems[i].Where = r.spec.Name + " build"
		}
	}
	res.Errors = append(res.Errors, problems...)
	keys := r.spec.Keys(state)

	r.mu.Lock()
	res.Diff = diffKeys(r.keys, keys)
	r.state, r.keys = state, keys
	r.problems = append(append([]Diagnostic(nil), res.Errors...), res.Warnings...)
	r.mu.Unlock()
	res.State = state
	return res
}

// callContribution runs fn, turning a Go panic into an error.
func callContribution[D any](ctx context.Context, fn Contribution[D], d D) (err error) {
	defer recovered(&err)
	return fn(ctx, d)
}

// OnCommit registers f to run after every committed rebuild, on the
// rebuilding goroutine.
func (r *Registry[D, S]) OnCommit(f func(RebuiltInfo)) {
	r.mu.Lock()
	r.commits = append(r.commits, f)
	r.mu.Unlock()
}

// Problems returns the errors and warnings of the last rebuild.
func (r *Registry[D, S]) Problems() []Diagnostic {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Diagnostic(nil), r.problems...)
}

// rebuildAny lets the host rebuild registries of any type.
func (r *Registry[D, S]) rebuildAny(ctx context.Context) RebuiltInfo {
	res, err := r.Rebuild(ctx)
	info := RebuiltInfo{Registry: r.spec.Name, Diff: res.Diff, Errors: res.Errors, Warnings: res.Warnings}
	if err != nil {
		info.Errors = append(info.Errors, Diagnostic{Severity: SeverityError, Where: r.spec.Name, Text: err.Error()})
	}
	return info
}

// dropGeneration forgets every contribution of gen (on retire).
func (r *Registry[D, S]) dropGeneration(gen *Generation) {
	r.mu.Lock()
	r.list = slices.DeleteFunc(r.list, func(c *contribution[D]) bool { return c.gen == gen })
	r.mu.Unlock()
}

// anyRegistry is what the host needs from registries of any type.
type anyRegistry interface {
	Name() string
	rebuildAny(ctx context.Context) RebuiltInfo
	settle(ctx context.Context)
	dropGeneration(gen *Generation)
	Problems() []Diagnostic
	Info() []EntryInfo
}

func diffKeys(old, cur map[string]string) Diff {
	var d Diff
	for id, fp := range cur {
		ofp, ok := old[id]
		switch {
		case !ok:
			d.Added = append(d.Added, id)
		case ofp != fp:
			d.Changed = append(d.Changed, id)
		}
	}
	for id := range old {
		if _, ok := cur[id]; !ok {
			d.Removed = append(d.Removed, id)
		}
	}
	sort.Strings(d.Added)
	sort.Strings(d.Removed)
	sort.Strings(d.Changed)
	return d
}

// Info lists the current entries (id, owner, wrap stack) when the state type
// supports it (State[T] does).
func (r *Registry[D, S]) Info() []EntryInfo {
	if s, ok := any(r.Current()).(interface{ Info() []EntryInfo }); ok {
		return s.Info()
	}
	return nil
}

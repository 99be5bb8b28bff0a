// Package cachewarm keeps a provider's prompt cache entry warm between
// requests, as pi 1.6 does: it re-sends the last real request with a
// one-token output cap shortly before the entry expires, while the agent
// runs and (in "idle" mode) for up to 30 minutes after it settles, as long
// as each refresh is expected to save money (provider.EvaluateCacheWarming)
// and the cache_warming_decision handlers agree.
package cachewarm

import (
	"context"
	"sync"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// Modes of the cacheWarming setting.
const (
	ModeOff       = "off"
	ModeStreaming = "streaming"
	ModeIdle      = "idle"
)

// Modes are the cacheWarming setting's values in pi 1.6's order
// (CACHE_WARMING_MODES).
var Modes = []string{ModeOff, ModeStreaming, ModeIdle}

// UsageKind is the kind of the session usage entry a refresh records.
const UsageKind = "cache_warm"

// Clock is the time source of a Warmer; tests inject a fake one.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f (in its own goroutine) once d has passed.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc call.
type Timer interface{ Stop() bool }

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }
func (systemClock) AfterFunc(d time.Duration, f func()) Timer {
	return time.AfterFunc(d, f)
}

// SystemClock is the wall clock.
func SystemClock() Clock { return systemClock{} }

// Reply is what a refresh request answered.
type Reply struct {
	Provider   string
	Model      string // the response's model when the provider named one
	StopReason string
	Usage      any // the reply's usage, as the session stores it
}

// Request is a real model request whose cache entry is to be kept warm.
type Request struct {
	Model        *provider.Model
	Retention    string // the request's cacheRetention ("" when unset)
	EnvRetention string // PI_CACHE_RETENTION
	Reasoning    bool   // the request asked for reasoning
	// IsCurrent reports whether the conversation still extends the request
	// (same model, its messages a prefix of the current ones).
	IsCurrent func() bool
	// Replay sends the request again capped at one output token, without
	// retries and without replacing the provider's thread state; ctx ends
	// when warming stops.
	Replay func(ctx context.Context) (Reply, error)
}

// Config wires a Warmer to its session.
type Config struct {
	Clock Clock         // nil: SystemClock
	Mode  func() string // the cacheWarming setting
	// PromptTokens is the prompt size of the branch's latest assistant
	// message (input + cacheRead + cacheWrite).
	PromptTokens func() int
	// Decide runs cache_warming_decision with event and returns the action
	// the handlers chose, or ok false when none returned one.
	Decide func(ctx context.Context, event map[string]any) (action any, ok bool)
	// Record appends the usage entry of a refresh (note is "" or
	// "extension override").
	Record func(kind, provider, model string, usage any, note string)
}

// Status is the warmer's state, for /session.
type Status struct {
	State             string // "inactive", "scheduled" or "refreshing"
	Reason            string // why inactive
	NextWarmAt        time.Time
	Decision          *provider.CacheWarmingDecision
	ExtensionOverride bool
}

type run struct {
	req               Request
	ttl, delay        time.Duration
	startedAt         time.Time
	nextWarmAt        time.Time
	refreshDeadlineAt time.Time
	phase             string
	timer             Timer
	ctx               context.Context
	cancel            context.CancelFunc
	extensionOverride bool
}

// Warmer keeps one prompt cache entry alive. Start replaces any previous
// run; refreshes never extend the fixed safety windows.
type Warmer struct {
	cfg      Config
	mu       sync.Mutex
	run      *run
	inactive Status
}

// New returns a Warmer waiting for its first request.
func New(cfg Config) *Warmer {
	if cfg.Clock == nil {
		cfg.Clock = SystemClock()
	}
	return &Warmer{cfg: cfg, inactive: Status{State: "inactive", Reason: "waiting for first request"}}
}

func (w *Warmer) mode() string {
	if w.cfg.Mode == nil {
		return ModeIdle
	}
	return w.cfg.Mode()
}

func (w *Warmer) promptTokens() int {
	if w.cfg.PromptTokens == nil {
		return 0
	}
	return w.cfg.PromptTokens()
}

// Status reports what the warmer does next.
func (w *Warmer) Status() Status {
	if w.mode() == ModeOff {
		return Status{State: "inactive", Reason: "cache warming disabled"}
	}
	w.mu.Lock()
	r := w.run
	if r == nil {
		s := w.inactive
		w.mu.Unlock()
		return s
	}
	refreshing := r.timer == nil
	next, override, phase, model := r.nextWarmAt, r.extensionOverride, r.phase, r.req.Model
	w.mu.Unlock()
	if r.req.IsCurrent != nil && !r.req.IsCurrent() {
		return Status{State: "inactive", Reason: "conversation context changed"}
	}
	d := provider.EvaluateCacheWarming(model, w.promptTokens(), phase)
	if !d.EconomicsAvailable && !refreshing {
		return Status{State: "inactive", Reason: "cache economics unavailable"}
	}
	st := Status{State: "scheduled", NextWarmAt: next, Decision: &d, ExtensionOverride: override}
	if refreshing {
		st.State = "refreshing"
	}
	return st
}

// Start keeps the cache entry written by req warm while req.IsCurrent holds.
func (w *Warmer) Start(req Request) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.clearRunLocked()
	if w.mode() == ModeOff {
		w.stopLocked("cache warming disabled", nil, false)
		return
	}
	if !provider.CacheWarmingReplayable(req.Model, req.Reasoning) {
		w.stopLocked("request cannot be replayed safely", nil, false)
		return
	}
	ttl, ok := provider.PromptCacheTTL(req.Model, req.Retention, req.EnvRetention)
	if !ok {
		reason := "cache lifetime unavailable"
		if req.Retention == "none" {
			reason = "request disabled prompt caching"
		}
		w.stopLocked(reason, nil, false)
		return
	}
	delay, ok := provider.CacheWarmingDelay(ttl)
	if !ok {
		w.stopLocked("cache lifetime unavailable", nil, false)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &run{req: req, ttl: ttl, delay: delay, startedAt: w.cfg.Clock.Now(), phase: "streaming", ctx: ctx, cancel: cancel}
	w.run = r
	w.scheduleLocked(r)
}

// AgentSettled moves warming to its idle phase (or ends it in "streaming"
// mode).
func (w *Warmer) AgentSettled() {
	w.mu.Lock()
	defer w.mu.Unlock()
	r := w.run
	if r == nil {
		return
	}
	if w.mode() == ModeStreaming {
		w.stopLocked("agent run settled", nil, false)
		return
	}
	r.phase = "idle"
	deadline := r.startedAt.Add(provider.CacheWarmingMaxIdleAge)
	if r.nextWarmAt.After(deadline) || !w.cfg.Clock.Now().Before(deadline) {
		w.stopLocked("30-minute idle safety limit reached", nil, false)
	}
}

// ModeChanged reconciles an active run with a changed cacheWarming setting.
func (w *Warmer) ModeChanged() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if r := w.run; r != nil {
		if reason := w.modeStopReason(r); reason != "" {
			w.stopLocked(reason, nil, false)
		}
	}
}

// Cancel ends warming (the session is closing).
func (w *Warmer) Cancel() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopLocked("inactive", nil, false)
}

func (w *Warmer) clearRunLocked() {
	r := w.run
	if r == nil {
		return
	}
	w.run = nil
	if r.timer != nil {
		r.timer.Stop()
	}
	r.cancel()
}

func (w *Warmer) stopLocked(reason string, d *provider.CacheWarmingDecision, override bool) {
	w.clearRunLocked()
	w.inactive = Status{State: "inactive", Reason: reason, Decision: d, ExtensionOverride: override}
}

func (w *Warmer) scheduleLocked(r *run) {
	now := w.cfg.Clock.Now()
	r.extensionOverride = false
	r.nextWarmAt = now.Add(r.delay)
	// A late timer keeps half of the pre-expiry margin for dispatch; a later
	// refresh would likely be a full-price cache write.
	r.refreshDeadlineAt = r.nextWarmAt.Add((r.ttl - r.delay) / 2 / time.Millisecond * time.Millisecond)
	limit, reason := provider.CacheWarmingMaxAge, "one-hour safety limit reached"
	if r.phase == "idle" {
		limit, reason = provider.CacheWarmingMaxIdleAge, "30-minute idle safety limit reached"
	}
	deadline := r.startedAt.Add(limit)
	if r.nextWarmAt.After(deadline) || !now.Before(deadline) {
		w.stopLocked(reason, nil, false)
		return
	}
	r.timer = w.cfg.Clock.AfterFunc(r.delay, func() { w.refresh(r) })
}

func (w *Warmer) modeStopReason(r *run) string {
	switch w.mode() {
	case ModeOff:
		return "cache warming disabled"
	case ModeStreaming:
		if r.phase == "idle" {
			return "agent run settled"
		}
	}
	return ""
}

// validLocked reports whether r is still the warmer's live run, stopping
// it when the setting or the conversation moved on.
func (w *Warmer) validLocked(r *run) bool {
	if w.run != r {
		return false
	}
	reason := w.modeStopReason(r)
	if reason == "" && r.req.IsCurrent != nil && !r.req.IsCurrent() {
		reason = "conversation context changed"
	}
	if reason == "" {
		return true
	}
	w.stopLocked(reason, nil, false)
	return false
}

func (w *Warmer) deadlineMissedLocked(r *run) bool {
	if !w.cfg.Clock.Now().After(r.refreshDeadlineAt) {
		return false
	}
	w.stopLocked("cache refresh deadline missed", nil, false)
	return true
}

func (w *Warmer) refresh(r *run) {
	w.mu.Lock()
	if w.run == r {
		r.timer = nil
	}
	if !w.validLocked(r) || w.deadlineMissedLocked(r) {
		w.mu.Unlock()
		return
	}
	phase := r.phase
	w.mu.Unlock()

	d := provider.EvaluateCacheWarming(r.req.Model, w.promptTokens(), phase)
	var action any = d.Action
	if w.cfg.Decide != nil {
		ev := map[string]any{"type": "cache_warming_decision", "warmCost": d.WarmCost, "missCost": d.MissCost,
			"continuationProbability": d.ContinuationProbability, "action": d.Action}
		if a, ok := w.cfg.Decide(r.ctx, ev); ok {
			action = a
		}
	}

	w.mu.Lock()
	if !w.validLocked(r) || w.deadlineMissedLocked(r) {
		w.mu.Unlock()
		return
	}
	override := action != any(d.Action)
	if action == any("stop") {
		reason := "cache economics unavailable"
		switch {
		case override:
			reason = "stopped by extension"
		case d.EconomicsAvailable:
			reason = "expected savings below threshold"
		}
		w.stopLocked(reason, &d, override)
		w.mu.Unlock()
		return
	}
	r.extensionOverride = override
	w.mu.Unlock()

	reply, err := r.req.Replay(r.ctx)

	w.mu.Lock()
	valid := w.validLocked(r)
	w.mu.Unlock()
	if !valid {
		return
	}
	if err == nil && reply.StopReason != "error" && reply.StopReason != "aborted" && w.cfg.Record != nil {
		note := ""
		if override {
			note = "extension override"
		}
		w.cfg.Record(UsageKind, reply.Provider, reply.Model, reply.Usage, note)
	}
	// A failed refresh is best-effort: the next one is scheduled as usual.
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.run == r {
		w.scheduleLocked(r)
	}
}

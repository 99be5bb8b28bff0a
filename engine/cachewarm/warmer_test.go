package cachewarm_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/cachewarm"
	"github.com/pigo-dev/pigo/engine/cachewarm/cachewarmtest"
	"github.com/pigo-dev/pigo/engine/provider"
)

func f64(v float64) *float64 { return &v }

// opus-like prices keep idle warming of a 100k-token prompt worth it;
// sonnet-like prices do not.
var (
	opus   = provider.Cost{Input: 15, Output: 75, CacheRead: 1.5, CacheWrite: 18.75}
	sonnet = provider.Cost{Input: 3, Output: 15, CacheRead: 0.3, CacheWrite: 3.75}
)

func model(cost provider.Cost) *provider.Model {
	return &provider.Model{ID: "claude", Provider: "anthropic", API: provider.APIAnthropicMessages, Cost: cost,
		PromptCache: &provider.PromptCache{Short: f64(300), Long: f64(3600)}}
}

type record struct {
	kind, provider, model, note string
	usage                       any
}

type harness struct {
	clock    *cachewarmtest.Clock
	mode     string
	current  bool
	events   []map[string]any
	decide   func(ev map[string]any) (any, bool)
	replays  int
	replay   func() (cachewarm.Reply, error)
	records  []record
	w        *cachewarm.Warmer
	t0       time.Time
	ctxs     []context.Context
	tokens   int
	onReplay func()
}

func newHarness(mode string) *harness {
	h := &harness{clock: cachewarmtest.NewClock(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)), mode: mode, current: true, tokens: 100_000}
	h.t0 = h.clock.Now()
	h.w = cachewarm.New(cachewarm.Config{
		Clock:        h.clock,
		Mode:         func() string { return h.mode },
		PromptTokens: func() int { return h.tokens },
		Decide: func(ctx context.Context, ev map[string]any) (any, bool) {
			h.events = append(h.events, ev)
			if h.decide != nil {
				return h.decide(ev)
			}
			return nil, false
		},
		Record: func(kind, prov, m string, u any, note string) {
			h.records = append(h.records, record{kind, prov, m, note, u})
		},
	})
	return h
}

func (h *harness) request(m *provider.Model) cachewarm.Request {
	return cachewarm.Request{Model: m, IsCurrent: func() bool { return h.current },
		Replay: func(ctx context.Context) (cachewarm.Reply, error) {
			h.replays++
			h.ctxs = append(h.ctxs, ctx)
			if h.onReplay != nil {
				h.onReplay()
			}
			if h.replay != nil {
				return h.replay()
			}
			return cachewarm.Reply{Provider: "anthropic", Model: "claude-resp", StopReason: "length",
				Usage: map[string]any{"cacheRead": 100_000.0}}, nil
		}}
}

// While the agent runs, the entry is refreshed at 90% of its 5-minute
// lifetime, each refresh asking cache_warming_decision with pi's numbers
// and recording a cache_warm usage entry.
func TestWarmsDuringRun(t *testing.T) {
	h := newHarness(cachewarm.ModeIdle)
	h.w.Start(h.request(model(sonnet)))
	st := h.w.Status()
	if st.State != "scheduled" || !st.NextWarmAt.Equal(h.t0.Add(270*time.Second)) {
		t.Fatalf("status after start: %+v", st)
	}
	if got := cachewarm.FormatStatus(st, h.t0); got != "Decision in 4m 30s (100% continuation probability while agent is running, expected savings $0.315 >= $0.050 -> warm)" {
		t.Fatalf("/session line: %q", got)
	}
	h.clock.Advance(269 * time.Second)
	if h.replays != 0 {
		t.Fatalf("refreshed before 90%% of the lifetime")
	}
	h.clock.Advance(time.Second)
	if h.replays != 1 || len(h.records) != 1 {
		t.Fatalf("after 270s: %d replays, %d records", h.replays, len(h.records))
	}
	d := provider.EvaluateCacheWarming(model(sonnet), 100_000, "streaming")
	want := map[string]any{"type": "cache_warming_decision", "warmCost": d.WarmCost, "missCost": d.MissCost,
		"continuationProbability": 1.0, "action": "warm"}
	if !reflect.DeepEqual(h.events[0], want) {
		t.Fatalf("event %v, want %v", h.events[0], want)
	}
	r := h.records[0]
	if r.kind != "cache_warm" || r.provider != "anthropic" || r.model != "claude-resp" || r.note != "" || !reflect.DeepEqual(r.usage, map[string]any{"cacheRead": 100_000.0}) {
		t.Fatalf("record %+v", r)
	}
	h.clock.Advance(270 * time.Second)
	if h.replays != 2 {
		t.Fatalf("second refresh missing: %d", h.replays)
	}
}

// Streaming warming ends at the one-hour safety limit.
func TestStreamingWarmingStopsAfterAnHour(t *testing.T) {
	h := newHarness(cachewarm.ModeIdle)
	h.w.Start(h.request(model(sonnet)))
	h.clock.Advance(3 * time.Hour)
	if h.replays != 13 { // 270s × 13 = 58.5 min; the 14th would pass the hour
		t.Fatalf("%d refreshes in a run, want 13", h.replays)
	}
	if st := h.w.Status(); st.State != "inactive" || st.Reason != "one-hour safety limit reached" {
		t.Fatalf("status %+v", st)
	}
}

// After the run settles, idle warming continues (15% continuation) and
// stops 30 minutes after the request.
func TestIdleWarmingStopsAfter30Minutes(t *testing.T) {
	h := newHarness(cachewarm.ModeIdle)
	h.w.Start(h.request(model(opus)))
	h.w.AgentSettled()
	h.clock.Advance(2 * time.Hour)
	if h.replays != 6 { // at 4.5, 9, …, 27 min; the next would pass 30
		t.Fatalf("%d idle refreshes, want 6", h.replays)
	}
	if p := h.events[0]["continuationProbability"]; p != 0.15 {
		t.Fatalf("idle continuation probability %v", p)
	}
	if st := h.w.Status(); st.Reason != "30-minute idle safety limit reached" || h.clock.Pending() != 0 {
		t.Fatalf("status %+v, %d timers", st, h.clock.Pending())
	}
	// Settling past the limit stops at once.
	h.w.Start(h.request(model(opus)))
	h.clock.Advance(29 * time.Minute)
	h.clock.Advance(time.Minute)
	h.w.AgentSettled()
	if st := h.w.Status(); st.Reason != "30-minute idle safety limit reached" {
		t.Fatalf("settled after 30 minutes: %+v", st)
	}
}

// Idle warming of a prompt not worth it stops with pi's reason.
func TestIdleWarmingBelowThresholdStops(t *testing.T) {
	h := newHarness(cachewarm.ModeIdle)
	h.w.Start(h.request(model(sonnet)))
	h.w.AgentSettled()
	h.clock.Advance(time.Hour)
	if h.replays != 0 || len(h.events) != 1 {
		t.Fatalf("%d replays, %d decisions", h.replays, len(h.events))
	}
	st := h.w.Status()
	if st.Reason != "expected savings below threshold" || st.Decision == nil || st.Decision.Action != "stop" {
		t.Fatalf("status %+v", st)
	}
	if got := cachewarm.FormatStatus(st, h.clock.Now()); got != "Stopped (15% continuation probability, expected savings $0.022 < $0.050 -> stop)" {
		t.Fatalf("/session line %q", got)
	}
}

// "streaming" mode warms during the run only.
func TestStreamingModeStopsWhenSettled(t *testing.T) {
	h := newHarness(cachewarm.ModeStreaming)
	h.w.Start(h.request(model(opus)))
	h.clock.Advance(270 * time.Second)
	h.w.AgentSettled()
	h.clock.Advance(time.Hour)
	if h.replays != 1 {
		t.Fatalf("%d refreshes, want the one during the run", h.replays)
	}
	if st := h.w.Status(); st.Reason != "agent run settled" {
		t.Fatalf("status %+v", st)
	}
	// Switching an idle run's mode to streaming stops it too.
	h.mode = cachewarm.ModeIdle
	h.w.Start(h.request(model(opus)))
	h.w.AgentSettled()
	h.mode = cachewarm.ModeStreaming
	h.w.ModeChanged()
	if st := h.w.Status(); st.Reason != "agent run settled" || h.clock.Pending() != 0 {
		t.Fatalf("after mode change: %+v", st)
	}
	h.mode = cachewarm.ModeOff
	if st := h.w.Status(); st.Reason != "cache warming disabled" {
		t.Fatalf("off: %+v", st)
	}
	h.w.Start(h.request(model(opus)))
	if h.clock.Pending() != 0 {
		t.Fatal("off mode scheduled a refresh")
	}
}

// A handler returning "stop" ends warming until the next real request; one
// returning "warm" against pi's decision warms with the override noted.
func TestHandlerDecides(t *testing.T) {
	h := newHarness(cachewarm.ModeIdle)
	h.decide = func(map[string]any) (any, bool) { return "stop", true }
	h.w.Start(h.request(model(opus)))
	h.clock.Advance(time.Hour)
	if h.replays != 0 || len(h.events) != 1 {
		t.Fatalf("%d replays, %d decisions after a stop", h.replays, len(h.events))
	}
	st := h.w.Status()
	if st.Reason != "stopped by extension" || !st.ExtensionOverride {
		t.Fatalf("status %+v", st)
	}
	if got := cachewarm.FormatStatus(st, h.clock.Now()); !strings.HasPrefix(got, "Stopped (extension override, 100% continuation") {
		t.Fatalf("/session line %q", got)
	}
	h.decide = func(map[string]any) (any, bool) { return "warm", true }
	h.w.Start(h.request(model(sonnet)))
	h.w.AgentSettled() // pi alone would stop here
	h.clock.Advance(270 * time.Second)
	if h.replays != 1 || len(h.records) != 1 || h.records[0].note != "extension override" {
		t.Fatalf("override: %d replays, records %+v", h.replays, h.records)
	}
	if st := h.w.Status(); st.State != "scheduled" || st.ExtensionOverride {
		t.Fatalf("the next decision starts without the override: %+v", st)
	}
}

// Requests that cannot be warmed never schedule a refresh.
func TestIneligibleRequests(t *testing.T) {
	noCache := model(opus)
	noCache.PromptCache = nil
	shortLived := model(opus)
	shortLived.PromptCache = &provider.PromptCache{Short: f64(10)}
	cases := []struct {
		name   string
		req    func(h *harness) cachewarm.Request
		reason string
	}{
		{"no lifetime", func(h *harness) cachewarm.Request { return h.request(noCache) }, "cache lifetime unavailable"},
		{"ten seconds", func(h *harness) cachewarm.Request { return h.request(shortLived) }, "cache lifetime unavailable"},
		{"retention none", func(h *harness) cachewarm.Request {
			r := h.request(model(opus))
			r.Retention = "none"
			return r
		}, "request disabled prompt caching"},
		{"budget thinking", func(h *harness) cachewarm.Request {
			r := h.request(model(opus))
			r.Reasoning = true
			return r
		}, "request cannot be replayed safely"},
	}
	for _, c := range cases {
		h := newHarness(cachewarm.ModeIdle)
		h.w.Start(c.req(h))
		h.clock.Advance(time.Hour)
		if st := h.w.Status(); h.replays != 0 || st.Reason != c.reason {
			t.Errorf("%s: %d replays, status %+v", c.name, h.replays, st)
		}
		if got := cachewarm.FormatStatus(h.w.Status(), h.clock.Now()); got != "Inactive ("+c.reason+")" {
			t.Errorf("%s: /session line %q", c.name, got)
		}
	}
}

// A failed refresh records nothing and the next one is still scheduled.
func TestRefreshFailure(t *testing.T) {
	h := newHarness(cachewarm.ModeIdle)
	fails := []func() (cachewarm.Reply, error){
		func() (cachewarm.Reply, error) { return cachewarm.Reply{}, errors.New("connection reset") },
		func() (cachewarm.Reply, error) { return cachewarm.Reply{StopReason: "error"}, nil },
		func() (cachewarm.Reply, error) { return cachewarm.Reply{StopReason: "aborted"}, nil },
	}
	h.replay = func() (cachewarm.Reply, error) { return fails[h.replays-1]() }
	h.w.Start(h.request(model(opus)))
	h.clock.Advance(3 * 270 * time.Second)
	if h.replays != 3 || len(h.records) != 0 {
		t.Fatalf("%d replays, %d records", h.replays, len(h.records))
	}
	if st := h.w.Status(); st.State != "scheduled" {
		t.Fatalf("after failures: %+v", st)
	}
}

// A conversation that moved on (another model, edited history) stops
// warming, and a new request cancels an in-flight refresh.
func TestContextChangedAndRestart(t *testing.T) {
	h := newHarness(cachewarm.ModeIdle)
	h.w.Start(h.request(model(opus)))
	h.current = false
	h.clock.Advance(270 * time.Second)
	if h.replays != 0 || h.w.Status().Reason != "conversation context changed" {
		t.Fatalf("%d replays, status %+v", h.replays, h.w.Status())
	}
	h.current = true
	h.onReplay = func() { h.onReplay = nil; h.w.Start(h.request(model(opus))) }
	h.w.Start(h.request(model(opus)))
	h.clock.Advance(270 * time.Second)
	if h.replays != 1 || h.ctxs[0].Err() == nil || len(h.records) != 0 {
		t.Fatalf("superseded refresh: %d replays, ctx err %v, %d records", h.replays, h.ctxs[0].Err(), len(h.records))
	}
	h.clock.Advance(270 * time.Second)
	if h.replays != 2 || len(h.records) != 1 {
		t.Fatalf("new run: %d replays, %d records", h.replays, len(h.records))
	}
}

func TestFormatUsage(t *testing.T) {
	for _, c := range []struct {
		cost float64
		note string
		want string
	}{
		{0.015, "", "Cache warmed: $0.015"},
		{0.0150015, "extension override", "Cache warmed (extension override): $0.015001"},
		{0.0625, "", "Cache warmed: $0.0625"},
		{0, "", "Cache warmed: $0.000"},
		{1.23456789, "", "Cache warmed: $1.234568"},
	} {
		if got := cachewarm.FormatUsage(c.cost, c.note); got != c.want {
			t.Errorf("FormatUsage(%v, %q) = %q, want %q", c.cost, c.note, got, c.want)
		}
	}
}

// toFixed rounds as JavaScript does (values and answers from node 22).
func TestToFixedLikeJavaScript(t *testing.T) {
	for _, c := range []struct {
		v    float64
		n    int
		want string
	}{
		{0.0625, 3, "0.063"}, {0.0005, 3, "0.001"}, {1.0005, 3, "1.000"}, {0.015, 3, "0.015"},
		{9.9995, 3, "9.999"}, {9.99951, 3, "10.000"}, {0, 3, "0.000"}, {1.23456789, 6, "1.234568"}, {-0.0625, 3, "-0.063"},
	} {
		if got := cachewarm.ToFixed(c.v, c.n); got != c.want {
			t.Errorf("toFixed(%v, %d) = %q, want %q", c.v, c.n, got, c.want)
		}
	}
}

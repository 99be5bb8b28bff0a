package piapi_test

import (
	"context"
	"errors"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// A handler may skip handing back the payload it was given when its result
// replaces it; the outcome must be the same as when it hands it back.
func TestHookResultReplacesEvent(t *testing.T) {
	t.Parallel()
	cases := []struct {
		hook   string
		result any
		want   bool
	}{
		{"context", map[string]any{"messages": []any{}}, true},
		{"context", map[string]any{"other": 1.0}, false},
		{"context", nil, false},
		{"before_provider_request", map[string]any{"model": "m"}, true},
		{"before_provider_request", nil, false},
		{"tool_call", map[string]any{"input": map[string]any{}}, false}, // pi shares one event between handlers
		{"message_end", map[string]any{"message": map[string]any{"role": "user"}}, false},
		{"plain", "replacement", true}, // no Fold: a result replaces the payload
		{"plain", nil, false},
	}
	for _, c := range cases {
		h := newHost(t, engine.Options{})
		var got []bool
		bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
			return g.Hook(c.hook, func(ctx context.Context, p any) (any, error) {
				got = append(got, engine.HookResultReplacesEvent(ctx, c.result))
				return c.result, nil
			}, "")
		}))
		h.RunHook(context.Background(), c.hook, map[string]any{"type": c.hook})
		if len(got) != 1 || got[0] != c.want {
			t.Errorf("%s → %v: replaces = %v, want %v", c.hook, c.result, got, c.want)
		}
	}
	if engine.HookResultReplacesEvent(context.Background(), "x") {
		t.Error("outside a hook call nothing replaces the event")
	}
}

// context and before_provider_request fold a result the same whether the
// handler hands back its (mutated) event or a nil Event.
func TestHookNilEventWhenResultReplaces(t *testing.T) {
	t.Parallel()
	for _, withEvent := range []bool{true, false} {
		h := newHost(t, engine.Options{})
		var seen []any
		bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
			if err := g.Hook("context", func(ctx context.Context, p any) (any, error) {
				ev := p.(map[string]any)
				res := map[string]any{"messages": []any{"kept"}}
				if !withEvent {
					return engine.HookReply{Result: res}, nil
				}
				ev["messages"] = append(ev["messages"].([]any), "mutated")
				return engine.HookReply{Event: ev, Result: res}, nil
			}, ""); err != nil {
				return err
			}
			return g.Hook("context", func(ctx context.Context, p any) (any, error) {
				seen = append(seen, p.(map[string]any)["messages"])
				return nil, nil
			}, "")
		}))
		out := h.RunHook(context.Background(), "context", map[string]any{"type": "context", "messages": []any{"a"}})
		r, _ := out.Result.(map[string]any)
		ms, _ := r["messages"].([]any)
		if len(ms) != 1 || ms[0] != "kept" || len(seen) != 1 {
			t.Fatalf("withEvent=%v: result %v, next handler saw %v", withEvent, out.Result, seen)
		}
		if s, _ := seen[0].([]any); len(s) != 1 || s[0] != "kept" {
			t.Fatalf("withEvent=%v: next handler saw %v", withEvent, seen[0])
		}
	}
}

// cache_warming_decision: the last handler returning an action wins;
// handlers returning nothing or no action, or failing, leave it.
func TestCacheWarmingDecisionLastActionWins(t *testing.T) {
	t.Parallel()
	type step struct {
		result any
		err    bool
	}
	cases := []struct {
		steps []step
		want  any // nil: no handler decided
	}{
		{[]step{{result: map[string]any{"action": "stop"}}}, "stop"},
		{[]step{{result: map[string]any{"action": "stop"}}, {result: map[string]any{"action": "warm"}}}, "warm"},
		{[]step{{result: map[string]any{"action": "stop"}}, {result: map[string]any{}}, {result: nil}}, "stop"},
		{[]step{{result: map[string]any{"action": "warm"}}, {err: true}}, "warm"},
		{[]step{{result: map[string]any{"other": 1.0}}}, nil},
	}
	for i, c := range cases {
		h := newHost(t, engine.Options{})
		var seen []any
		bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
			for _, s := range c.steps {
				if err := g.Hook("cache_warming_decision", func(ctx context.Context, p any) (any, error) {
					seen = append(seen, p.(map[string]any)["action"])
					if s.err {
						return nil, errors.New("boom")
					}
					return s.result, nil
				}, ""); err != nil {
					return err
				}
			}
			return nil
		}))
		out := h.RunHook(context.Background(), "cache_warming_decision", map[string]any{"type": "cache_warming_decision",
			"warmCost": 0.01, "missCost": 0.5, "continuationProbability": 1.0, "action": "warm"})
		var got any
		if r, ok := out.Result.(map[string]any); ok {
			got = r["action"]
		}
		if got != c.want {
			t.Errorf("case %d: action %v, want %v", i, got, c.want)
		}
		for _, a := range seen {
			if a != "warm" {
				t.Errorf("case %d: a handler saw action %v, want pi's own decision", i, a)
			}
		}
	}
}

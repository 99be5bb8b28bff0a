package engine_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// A lazy mark reaches the handlers and listeners of the hook or event it
// names, and no other, and leaves the payload Go handlers get alone.
func TestLazyPayloadKeys(t *testing.T) {
	t.Parallel()
	if keys := engine.LazyPayloadKeys(context.Background(), "context"); keys != nil {
		t.Fatalf("unmarked context: %v", keys)
	}
	h := newHost(t, engine.Options{})
	var seen []string
	record := func(what string, keys []string) { seen = append(seen, what+":"+strings.Join(keys, ",")) }
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
		if err := g.Hook("context", func(ctx context.Context, p any) (any, error) {
			record("context", engine.LazyPayloadKeys(ctx, "context"))
			if _, ok := p.(map[string]any)["messages"].([]any); !ok {
				t.Errorf("a Go handler got %T messages", p.(map[string]any)["messages"])
			}
			h.RunHook(ctx, "tool_call", map[string]any{"type": "tool_call"}) // nested: not marked
			return nil, nil
		}, ""); err != nil {
			return err
		}
		if err := g.Hook("tool_call", func(ctx context.Context, p any) (any, error) {
			record("tool_call", engine.LazyPayloadKeys(ctx, "tool_call"))
			return nil, nil
		}, ""); err != nil {
			return err
		}
		return g.On("agent_end", func(ctx context.Context, p any) error {
			record("agent_end", engine.LazyPayloadKeys(ctx, "agent_end"))
			return nil
		})
	}))
	ctx := engine.WithLazyPayload(context.Background(), "context", "messages")
	h.RunHook(ctx, "context", map[string]any{"type": "context", "messages": []any{}})
	h.Emit(ctx, "agent_end", map[string]any{"type": "agent_end"})
	h.Emit(engine.WithLazyPayload(context.Background(), "agent_end", "messages"), "agent_end", map[string]any{"type": "agent_end"})
	want := []string{"context:messages", "tool_call:", "agent_end:", "agent_end:messages"}
	if !slices.Equal(seen, want) {
		t.Fatalf("got %v, want %v", seen, want)
	}
}

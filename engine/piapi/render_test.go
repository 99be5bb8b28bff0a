package piapi_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// The host calls a renderer's line function and checks its answer; the
// JS side (component made and rendered in its runtime) is tested in jsapi.
func TestRenderLinesFromRegistries(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{Budgets: engine.Budgets{Hook: 100 * time.Millisecond}})
	pi := piapi.Of(h)
	lines := engine.Func(func(_ context.Context, args ...any) (any, error) {
		return []any{fmt.Sprint(args[0].(map[string]any)["content"]), fmt.Sprint(args[2])}, nil
	})
	slow := engine.Func(func(ctx context.Context, _ ...any) (any, error) { <-ctx.Done(); return nil, ctx.Err() })
	notLines := engine.Func(func(context.Context, ...any) (any, error) { return "x", nil })
	nothing := engine.Func(func(context.Context, ...any) (any, error) { return nil, nil })
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
		setRes(pi.MessageRenderers(), g, "m", map[string]any{"render": lines})
		setRes(pi.MessageRenderers(), g, "slow", map[string]any{"render": slow})
		setRes(pi.MessageRenderers(), g, "bad", map[string]any{"render": notLines})
		setRes(pi.EntryRenderers(), g, "e", map[string]any{"render": nothing})
		setRes(pi.ToolRenderers(), g, "p#0", map[string]any{"renderLines": nothing})
		return nil
	}))
	ctx := context.Background()
	got, err := pi.RenderMessage(ctx, "m", map[string]any{"content": "hi"}, false, 7)
	if err != nil || strings.Join(got, "|") != "hi|7" {
		t.Fatalf("lines: %q %v", got, err)
	}
	if _, err := pi.RenderMessage(ctx, "slow", nil, false, 7); !errors.Is(err, engine.ErrBudget) || !strings.HasPrefix(err.Error(), "p: message renderer slow: ") {
		t.Fatalf("bounded, naming plugin and renderer: %v", err)
	}
	if _, err := pi.RenderMessage(ctx, "bad", nil, false, 7); err == nil || !strings.Contains(err.Error(), "array of strings") {
		t.Fatalf("not lines: %v", err)
	}
	if _, err := pi.RenderEntry(ctx, "e", nil, false, 7); !errors.Is(err, piapi.ErrNoRenderer) {
		t.Fatalf("a renderer that draws nothing: %v", err)
	}
	if _, err := pi.RenderTool(ctx, "t", piapi.ToolRender{Phase: "call", Width: 7}); !errors.Is(err, piapi.ErrNoRenderer) {
		t.Fatalf("resolvers pass, no tool: %v", err)
	}
	if _, err := pi.RenderTool(ctx, "t", piapi.ToolRender{Phase: "start"}); err == nil || errors.Is(err, piapi.ErrNoRenderer) {
		t.Fatalf("bad phase: %v", err)
	}
}

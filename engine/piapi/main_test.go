package piapi_test

import (
	"context"
	"testing"

	"go.uber.org/goleak"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// Every Host started by a test is closed by it; no goroutine may outlive
// the tests.
func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

type (
	obj       = map[string]any
	arr       = []any
	dataDraft = *engine.Draft[map[string]any]
	toolDraft = *engine.Draft[engine.Tool]
)

// newHost returns a host with pi's state attached, closed when the test ends.
func newHost(t *testing.T, opts engine.Options) *engine.Host {
	t.Helper()
	h := engine.New(opts)
	piapi.Of(h)
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	return h
}

func goPlugin(id string, f func(g *engine.Generation) error) engine.PluginSpec {
	return engine.PluginSpec{ID: id, Source: "go:" + id, Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error { return f(g) })}
}

func bootOK(t *testing.T, h *engine.Host, specs ...engine.PluginSpec) {
	t.Helper()
	for _, r := range h.Boot(context.Background(), specs) {
		if !r.OK {
			t.Fatalf("plugin %s failed: %v", r.Plugin, r.Err)
		}
	}
}

func setRes(reg *piapi.DataRegistry, g *engine.Generation, id string, v map[string]any) {
	if _, err := reg.Add(g, func(_ context.Context, d dataDraft) error { d.Set(id, v); return nil }); err != nil {
		panic(err)
	}
}

func echoTool(text string) engine.Tool {
	return engine.Tool{Description: "echo", Parameters: map[string]any{"type": "object"},
		Execute: func(ctx context.Context, c engine.ToolCall) (engine.ToolResult, error) {
			return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: text}}}, nil
		}}
}

package compat_test

import (
	"context"
	"errors"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// The adapter's __pigoRoute, which the agent routes through, calls route()
// with a context and a live AbortSignal, and says whether route() kept
// the state: by identity, as pi compares it.
func TestVirtualModelRouteAdapter(t *testing.T) {
	t.Parallel()
	src := `export default function (pi: any) {
  pi.registerVirtualModel({ provider: "r", id: "auto", name: "Auto", route(request: any, ctx: any) {
    if (request.reason === "direct") throw new Error("no direct routes");
    const info = { hasCtx: typeof ctx.modelRegistry.find === "function", aborted: request.signal.aborted };
    const model = { provider: "mock", id: "m", info };
    if (request.reason === "continuation") return { model, thinkingLevel: "low", state: request.state };
    return { model, thinkingLevel: "high", state: { n: request.state.n + 1 } };
  } });
}
`
	p, res := loadSource(t, t.TempDir(), map[string]string{"HOME": t.TempDir()}, map[string]string{"router": src}, "router")
	if !res["router"].OK {
		t.Fatalf("load: %v", res["router"].Err)
	}
	e, ok := piapi.Of(p.host).VirtualModels().Current().Get("r/auto")
	route, _ := e.Value["__pigoRoute"].(engine.Callable)
	if !ok || route == nil {
		t.Fatal("r/auto has no __pigoRoute")
	}
	call := func(reason string) (map[string]any, error) {
		out, err := route.Call(context.Background(), map[string]any{"reason": reason, "state": map[string]any{"n": 1.0},
			"messages": []any{}, "signal": engine.AbortSignal{}})
		m, _ := out.(map[string]any)
		return m, err
	}
	kept, err := call("continuation")
	if err != nil {
		t.Fatal(err)
	}
	wantJSON(t, "continuation", kept, map[string]any{"model": map[string]any{"provider": "mock", "id": "m",
		"info": map[string]any{"hasCtx": true, "aborted": false}}, "thinkingLevel": "low", "keep": true})
	changed, err := call("user")
	if err != nil {
		t.Fatal(err)
	}
	if changed["keep"] != false || !sameJSON(changed["state"], map[string]any{"n": 2.0}) {
		t.Errorf("user route %v: want the new state {n: 2}", changed)
	}
	_, err = call("direct")
	var se *engine.ScriptError
	if !errors.As(err, &se) || se.Message != "no direct routes" {
		t.Errorf("throwing route: %v", err)
	}
}

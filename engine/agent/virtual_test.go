package agent_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// virtualHost boots a plugin "router" that registers the virtual models
// defs ("provider/id" → definition); route answers their requests.
func virtualHost(t *testing.T, defs map[string]map[string]any, diags *[]engine.Diagnostic) *engine.Host {
	t.Helper()
	var mu sync.Mutex
	h := engine.New(engine.Options{OnDiagnostic: func(d engine.Diagnostic) {
		mu.Lock()
		defer mu.Unlock()
		if diags != nil {
			*diags = append(*diags, d)
		}
	}})
	t.Cleanup(func() { h.Close(context.Background()) })
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "router", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := piapi.Of(h).VirtualModels().Add(g, func(_ context.Context, d *engine.Draft[map[string]any]) error {
			for k, v := range defs {
				d.Set(k, v)
			}
			return nil
		})
		return err
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	return h
}

// virtualRegistry has mock/mock-1 (with a key) and anthropic/claude (none).
func virtualRegistry(t *testing.T) *provider.Registry {
	t.Helper()
	reg := provider.NewRegistry(provider.RegistryOptions{Catalog: []*provider.Model{
		{Provider: "anthropic", ID: "claude", API: provider.APIAnthropicMessages, Reasoning: true},
	}})
	err := reg.RegisterProvider("mock", provider.ProviderConfig{BaseURL: "http://x", APIKey: "k", API: provider.APIOpenAICompletions,
		Models: []provider.ModelDefinition{{ID: "mock-1"}}})
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

func routeDef(provider, id string, route func(req map[string]any) (any, error)) map[string]any {
	return map[string]any{"provider": provider, "id": id, "name": id, "thinkingLevels": []any{"low", "high"},
		"__pigoRoute": engine.Func(func(_ context.Context, args ...any) (any, error) { return route(args[0].(map[string]any)) })}
}

// TestSyncVirtualModels: registered virtual models join the registry as
// pi lists them: under an unknown provider always available, under a
// physical provider only with its credentials; one whose id is a
// physical model's is refused with a diagnostic naming the plugin.
func TestSyncVirtualModels(t *testing.T) {
	none := func(map[string]any) (any, error) { return nil, nil }
	var diags []engine.Diagnostic
	h := virtualHost(t, map[string]map[string]any{
		"router/auto":      routeDef("router", "auto", none),
		"anthropic/auto":   routeDef("anthropic", "auto", none),
		"mock/mock-1":      routeDef("mock", "mock-1", none),
		"router/undefined": {"provider": "", "id": "x"},
	}, &diags)
	reg := virtualRegistry(t)
	agent.SyncVirtualModels(h, reg)
	m, ok := reg.Find("router", "auto")
	if !ok || !m.IsVirtual() || !m.Reasoning || *m.ThinkingLevelMap["high"] != "high" || m.ThinkingLevelMap["medium"] != nil {
		t.Fatalf("router/auto = %+v", m)
	}
	available := map[string]bool{}
	for _, m := range reg.Available() {
		available[m.Provider+"/"+m.ID] = true
	}
	if !available["router/auto"] || available["anthropic/auto"] || !available["mock/mock-1"] {
		t.Errorf("available %v: want router/auto and mock/mock-1, not anthropic/auto (no credentials)", available)
	}
	if m, _ := reg.Find("mock", "mock-1"); m.IsVirtual() {
		t.Error("a virtual model replaced the physical mock/mock-1 it conflicts with")
	}
	var texts []string
	for _, d := range diags {
		if d.Plugin == "router" && d.Where == "registerVirtualModel" {
			texts = append(texts, d.Text)
		}
	}
	want := []string{`virtual model "mock/mock-1": Virtual model mock/mock-1 conflicts with a physical model.`,
		`virtual model "router/undefined": Virtual model provider and id must not be empty.`}
	if strings.Join(texts, "\n") != strings.Join(want, "\n") && strings.Join(texts, "\n") != want[1]+"\n"+want[0] {
		t.Errorf("diagnostics %q, want %q", texts, want)
	}
	// An unrouted request fails as pi's does.
	_, err := reg.Stream(context.Background(), m, &provider.Context{}, nil)
	if err == nil || err.Error() != "Virtual model router/auto must be routed before streaming" {
		t.Errorf("unrouted stream: %v", err)
	}
}

// TestVirtualRouterErrors: pi's errors when route() throws, names a
// virtual model, a model without credentials or an unknown one, or the
// virtual model is gone; a good route is clamped to its model and keeps
// or replaces the state as route() said.
func TestVirtualRouterErrors(t *testing.T) {
	var target map[string]any
	var routeErr error
	var seen map[string]any
	h := virtualHost(t, map[string]map[string]any{"router/auto": routeDef("router", "auto", func(req map[string]any) (any, error) {
		seen = req
		return target, routeErr
	})}, nil)
	reg := virtualRegistry(t)
	agent.SyncVirtualModels(h, reg)
	route := agent.VirtualRouter(h, reg)
	auto, _ := reg.Find("router", "auto")
	req := agent.RouteRequest{Model: agent.ModelMap(auto), Thinking: "high", Reason: "user", State: map[string]any{"n": 1.0}, HasState: true,
		Messages: []agent.Message{{"role": "assistant", "provider": "mock", "model": "mock-1", "thinkingLevel": "off", "stopReason": "stop"}}}
	to := func(p, id string) map[string]any {
		return map[string]any{"model": map[string]any{"provider": p, "id": id}, "thinkingLevel": "high", "keep": true}
	}
	for _, c := range []struct {
		target map[string]any
		err    error
		want   string
	}{
		{nil, &engine.ScriptError{Text: "Error: router broke\n    at route (ext.ts:3:9)", Message: "router broke"}, "router broke"},
		{nil, errors.New("plain"), "plain"},
		{to("router", "auto"), nil, "Virtual model router/auto routed to router/auto, which is not a physical model."},
		{to("anthropic", "claude"), nil, "Virtual model router/auto routed to anthropic/claude, which has no credentials."},
		{to("mock", "nope"), nil, "Virtual model router/auto routed to mock/nope, which is not a physical model."},
		{map[string]any{"keep": true}, nil, "Virtual model router/auto: route() returned no model."},
	} {
		target, routeErr = c.target, c.err
		if _, err := route(context.Background(), req); err == nil || err.Error() != c.want {
			t.Errorf("route error %v, want %q", err, c.want)
		}
	}
	if p, _ := seen["previous"].(map[string]any); p["thinkingLevel"] != "off" || p["model"].(agent.Message)["id"] != "mock-1" {
		t.Errorf("previous %v", seen["previous"])
	}
	if _, ok := seen["signal"].(engine.AbortSignal); !ok || seen["state"].(map[string]any)["n"] != 1.0 {
		t.Errorf("request signal %v state %v", seen["signal"], seen["state"])
	}

	target, routeErr = to("mock", "mock-1"), nil
	r, err := route(context.Background(), req)
	if err != nil || r.Model["id"] != "mock-1" || r.Thinking != "off" || r.ChangeState {
		t.Errorf("route %+v %v: want mock-1, level clamped to off, state kept", r, err)
	}
	target["keep"], target["state"] = false, map[string]any{"n": 2.0}
	if r, _ := route(context.Background(), req); !r.ChangeState || r.NewState.(map[string]any)["n"] != 2.0 {
		t.Errorf("new state not taken: %+v", r)
	}
	direct := req
	direct.Reason, direct.HasState, direct.State = "direct", false, nil
	if r, _ := route(context.Background(), direct); r.ChangeState {
		t.Error("a direct request's state was taken")
	}
	if _, ok := seen["state"]; ok {
		t.Error("a direct request got state")
	}

	gone := req
	gone.Model = agent.Message{"provider": "router", "id": "gone", "api": provider.VirtualAPI}
	if _, err := route(context.Background(), gone); err == nil || err.Error() != "Virtual model router/gone is not registered." {
		t.Errorf("unregistered: %v", err)
	}
}

// A plugin reload re-registers its virtual models: what the new
// generation registers replaces what the old one did.
func TestVirtualModelsFollowReload(t *testing.T) {
	defs := map[string]map[string]any{"router/a": routeDef("router", "a", nil)}
	h := virtualHost(t, defs, nil)
	reg := virtualRegistry(t)
	agent.SyncVirtualModels(h, reg)
	delete(defs, "router/a")
	defs["router/b"] = routeDef("router", "b", nil)
	for _, r := range h.ReloadAll(context.Background()) {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if _, ok := reg.Find("router", "a"); ok {
		t.Error("router/a survived the reload that dropped it")
	}
	if m, ok := reg.Find("router", "b"); !ok || !m.IsVirtual() {
		t.Error("router/b, registered by the reload, is not listed")
	}
}

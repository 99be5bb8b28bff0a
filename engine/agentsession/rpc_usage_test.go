package agentsession_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/provider"
)

// get_routed_model is pi 1.6's routedModel (nothing before a response or
// under a physical selection, then the model the latest response came
// from) and get_usage_breakdown files usage under the physical model,
// with the selected virtual model's key beside it and the cache waste;
// get_footer_usage marks no subscription without a login.
func TestServeRoutedModelAndUsageBreakdown(t *testing.T) {
	io, _ := world(t)
	ext := filepath.Join(io.Cwd, "router.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerVirtualModel({ provider: "router", id: "auto", thinkingLevels: ["low", "high"],
    route: (request, ctx) => ({ model: ctx.modelRegistry.find("scripted", "scripted-1"), thinkingLevel: "low" }) });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	model := provider.NewScripted(provider.ScriptedOptions{})
	model.Queue(provider.ReplyText("hello there"))
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--model", "router/auto", "-e", ext, "--no-session"}, Providers: []agentsession.ProviderSource{model}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	if r := ask(map[string]any{"type": "get_routed_model", "id": "r0"}); r["success"] != true || r["data"] != nil {
		t.Fatalf("routed before a response: %v", r)
	}
	if err := s.Prompt(context.Background(), "hi"); err != nil {
		t.Fatal(err)
	}
	d, _ := ask(map[string]any{"type": "get_routed_model", "id": "r1"})["data"].(map[string]any)
	if m, _ := d["model"].(map[string]any); m["id"] != "scripted-1" || m["provider"] != "scripted" {
		t.Errorf("routed %v, want scripted-1", d)
	}
	b, _ := ask(map[string]any{"type": "get_usage_breakdown", "id": "u1"})["data"].(map[string]any)
	models, _ := b["models"].([]any)
	if b["selected"] != "router/auto" || len(models) != 1 {
		t.Fatalf("breakdown %v", b)
	}
	if e, _ := models[0].(map[string]any); e["key"] != "scripted/scripted-1" || e["tokens"].(float64) <= 0 {
		t.Errorf("breakdown entry %v", e)
	}
	if w, _ := b["cacheWaste"].(map[string]any); w["missedTokens"] != 0.0 || w["missCount"] != 0.0 {
		t.Errorf("cache waste of one reply: %v", b["cacheWaste"])
	}
	if f, _ := ask(map[string]any{"type": "get_footer_usage", "id": "f1"})["data"].(map[string]any); f["subscription"] != false {
		t.Errorf("footer usage without a login: %v", f)
	}
	if r := ask(map[string]any{"type": "set_model", "id": "m1", "provider": "scripted", "modelId": "scripted-1"}); r["success"] != true {
		t.Fatalf("set_model: %v", r)
	}
	if r := ask(map[string]any{"type": "get_routed_model", "id": "r2"}); r["data"] != nil {
		t.Errorf("routed under a physical selection: %v", r["data"])
	}
}

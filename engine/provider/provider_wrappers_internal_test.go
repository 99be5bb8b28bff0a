package provider

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestProviderRequest(t *testing.T) {
	t.Parallel()
	cf := &Model{Provider: "cloudflare-ai-gateway", API: APIOpenAICompletions,
		BaseURL: "https://gateway.ai.cloudflare.com/v1/{CLOUDFLARE_ACCOUNT_ID}/{CLOUDFLARE_GATEWAY_ID}/compat"}
	m, err := providerRequest(cf, &Options{Env: map[string]string{"CLOUDFLARE_ACCOUNT_ID": "acct", "CLOUDFLARE_GATEWAY_ID": "gw"}})
	if err != nil || m.BaseURL != "https://gateway.ai.cloudflare.com/v1/acct/gw/compat" || cf.BaseURL == m.BaseURL {
		t.Errorf("cloudflare: %v %q (the catalog model: %q)", err, m.BaseURL, cf.BaseURL)
	}
	// A missing id keeps its placeholder, as pi-ai's does.
	if m, _ := providerRequest(cf, &Options{Env: map[string]string{"CLOUDFLARE_ACCOUNT_ID": "acct"}}); m.BaseURL !=
		"https://gateway.ai.cloudflare.com/v1/acct/{CLOUDFLARE_GATEWAY_ID}/compat" {
		t.Errorf("cloudflare without a gateway: %q", m.BaseURL)
	}

	oc := &Model{Provider: "opencode-go", API: APIOpenAICompletions}
	o := &Options{SessionID: "s-1", Headers: map[string]string{"X-Other": "1"}}
	if _, err := providerRequest(oc, o); err != nil || o.Headers["x-opencode-session"] != "s-1" || o.Headers["X-Other"] != "1" {
		t.Errorf("opencode: %v %v", err, o.Headers)
	}
	o = &Options{SessionID: "s-1", Headers: map[string]string{"X-OpenCode-Session": "mine"}}
	if _, _ = providerRequest(oc, o); len(o.Headers) != 1 || o.Headers["X-OpenCode-Session"] != "mine" {
		t.Errorf("opencode with its own header: %v", o.Headers)
	}
	if o := (&Options{}); func() bool { _, _ = providerRequest(oc, o); return o.Headers != nil }() {
		t.Error("opencode without a session got headers")
	}

	az := &Model{Provider: "azure", API: APIOpenAICompletions, ID: "deepseek-v4-pro"}
	o = &Options{Env: map[string]string{"AZURE_OPENAI_RESOURCE_NAME": "res", "AZURE_OPENAI_DEPLOYMENT_NAME_MAP": "deepseek-v4-pro=dep"}}
	m, err = providerRequest(az, o)
	if err != nil || m.BaseURL != "https://res.openai.azure.com/openai/v1" || az.BaseURL != "" {
		t.Fatalf("azure: %v %q", err, m.BaseURL)
	}
	payload, err := o.OnPayload(context.Background(), map[string]any{"model": "deepseek-v4-pro", "stream": true}, m)
	if err != nil || payload["model"] != "dep" || payload["stream"] != true {
		t.Errorf("azure payload: %v %v", payload, err)
	}
	if _, err := providerRequest(az, &Options{}); err == nil || !strings.Contains(err.Error(), "Azure OpenAI base URL is required") {
		t.Errorf("azure without an endpoint: %v", err)
	}
	// azure-openai-responses models resolve the endpoint themselves.
	resp := &Model{Provider: "azure", API: APIAzureOpenAIResponses}
	if m, err := providerRequest(resp, &Options{}); err != nil || m != resp {
		t.Errorf("azure responses: %v", err)
	}
}

func TestCloudflareNeedsAccount(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		env          map[string]string
		workers, gwy bool
	}{
		{map[string]string{"CLOUDFLARE_API_KEY": "k"}, false, false},
		{map[string]string{"CLOUDFLARE_API_KEY": "k", "CLOUDFLARE_ACCOUNT_ID": "a"}, true, false},
		{map[string]string{"CLOUDFLARE_API_KEY": "k", "CLOUDFLARE_ACCOUNT_ID": "a", "CLOUDFLARE_GATEWAY_ID": "g"}, true, true},
		{map[string]string{"CLOUDFLARE_ACCOUNT_ID": "a", "CLOUDFLARE_GATEWAY_ID": "g"}, false, false},
	} {
		r := NewRegistry(RegistryOptions{Env: c.env})
		if r.HasAuth("cloudflare-workers-ai") != c.workers || r.HasAuth("cloudflare-ai-gateway") != c.gwy {
			t.Errorf("%v: workers %v gateway %v, want %v %v", c.env, r.HasAuth("cloudflare-workers-ai"), r.HasAuth("cloudflare-ai-gateway"), c.workers, c.gwy)
		}
	}
	// The account id may come with the stored key (pi's /login asks for it).
	dir := t.TempDir()
	auth := `{"cloudflare-workers-ai": {"type": "api_key", "key": "k", "env": {"CLOUDFLARE_ACCOUNT_ID": "a"}}}`
	if err := os.WriteFile(filepath.Join(dir, "auth.json"), []byte(auth), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := NewRegistry(RegistryOptions{AgentDir: dir}); !r.HasAuth("cloudflare-workers-ai") || r.HasAuth("cloudflare-ai-gateway") {
		t.Errorf("stored key with its account: workers %v gateway %v", r.HasAuth("cloudflare-workers-ai"), r.HasAuth("cloudflare-ai-gateway"))
	}
}

func TestOpenRouterReportedCost(t *testing.T) {
	t.Parallel()
	sum := func(a, b float64) float64 { return a + b } // at run time, as JavaScript adds
	for _, c := range []struct {
		name                string
		cost, byok, details any
		total               float64
		fromProvider        bool
	}{
		{"billed", 0.5, false, nil, 0.5, true},
		{"byok", 0.01, true, map[string]any{"upstream_inference_cost": 0.2}, sum(0.01, 0.2), true},
		{"byok summed", 0.01, true, map[string]any{"upstream_inference_cost": nil, "upstream_inference_prompt_cost": 0.1,
			"upstream_inference_completions_cost": 0.3}, sum(0.01, sum(0.1, 0.3)), true},
		{"byok without details", 0.01, true, nil, 9, false},
		{"byok with half the parts", 0.01, true, map[string]any{"upstream_inference_cost": nil, "upstream_inference_prompt_cost": 0.1}, 9, false},
		{"byok without upstream", 0.01, true, map[string]any{}, 9, false},
		{"no byok flag", 0.5, nil, nil, 9, false},
		{"negative", -1.0, false, nil, 9, false},
		{"a string", "0.5", false, nil, 9, false},
	} {
		u := Usage{}
		u.Cost.Total = 9
		applyOpenRouterReportedCost(&u, c.cost, c.byok, c.details)
		got := u.Cost.TotalFromProvider != nil && *u.Cost.TotalFromProvider
		if u.Cost.Total != c.total || got != c.fromProvider {
			t.Errorf("%s: total %v from provider %v, want %v %v", c.name, u.Cost.Total, got, c.total, c.fromProvider)
		}
	}
}

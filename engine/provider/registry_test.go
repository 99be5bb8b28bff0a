package provider_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func writeAgentDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestRegistryCatalog(t *testing.T) {
	t.Parallel()
	r := provider.NewRegistry(provider.RegistryOptions{})
	if len(r.Problems()) != 0 {
		t.Fatalf("problems: %v", r.Problems())
	}
	m, ok := r.Find("anthropic", "claude-sonnet-4-5")
	if !ok || m.API != provider.APIAnthropicMessages || m.BaseURL != "https://api.anthropic.com" || m.Cost.Output != 15 || m.ContextWindow != 200000 {
		t.Errorf("claude-sonnet-4-5 = %+v", m)
	}
	// pi-ai 1.6's providers but typesafe (classifiers only).
	if got := strings.Join(r.Providers(), ","); got != "amazon-bedrock,ant-ling,anthropic,azure,baseten,cerebras,cloudflare-ai-gateway,"+
		"cloudflare-workers-ai,deepseek,fireworks,github-copilot,google,google-vertex,groq,huggingface,kimi-coding,meta,minimax,minimax-cn,"+
		"mistral,moonshotai,moonshotai-cn,nvidia,openai,openai-codex,opencode,opencode-go,openrouter,qwen-token-plan,qwen-token-plan-cn,"+
		"qwen-token-plan-individual,qwen-token-plan-individual-cn,radius,together,vercel-ai-gateway,xai,xiaomi,xiaomi-token-plan-ams,"+
		"xiaomi-token-plan-cn,xiaomi-token-plan-sgp,zai,zai-coding-cn" {
		t.Errorf("providers = %s", got)
	}
	if len(r.Available()) != 0 || r.DefaultModel() != nil {
		t.Error("models available without any key")
	}
	// Find returns copies.
	m.Name = "changed"
	if m2, _ := r.Find("anthropic", "claude-sonnet-4-5"); m2.Name == "changed" {
		t.Error("Find leaked internal state")
	}
}

func TestRegistryEnvKeys(t *testing.T) {
	t.Parallel()
	r := provider.NewRegistry(provider.RegistryOptions{Env: map[string]string{"ANTHROPIC_API_KEY": "sk-ant", "OPENAI_API_KEY": ""}})
	for _, m := range r.Available() {
		if m.Provider != "anthropic" {
			t.Errorf("available without key: %s/%s", m.Provider, m.ID)
		}
	}
	if d := r.DefaultModel(); d == nil || d.ID != "claude-opus-5-5" {
		t.Errorf("default model = %+v", d)
	}
	m, _ := r.Find("anthropic", "claude-haiku-4-5")
	key, _, err := r.Auth(context.Background(), m)
	if err != nil || key != "sk-ant" {
		t.Errorf("Auth = %q %v", key, err)
	}
	// ANTHROPIC_OAUTH_TOKEN wins over ANTHROPIC_API_KEY, as in pi-ai.
	if got := provider.EnvAPIKey("anthropic", map[string]string{"ANTHROPIC_API_KEY": "a", "ANTHROPIC_OAUTH_TOKEN": "o"}); got != "o" {
		t.Errorf("EnvAPIKey = %q", got)
	}
}

const modelsJSON = `{
  // comments and trailing commas are tolerated
  "providers": {
    "mock": {
      "baseUrl": "http://127.0.0.1:9/v1", // the local server
      "api": "openai-completions",
      "apiKey": "MOCK_KEY_VAR",
      "headers": {"X-Team": "!echo team-from-command", "X-Url": "keep // this, ]"},
      "compat": {"supportsDeveloperRole": false, "maxTokensField": "max_tokens"},
      "models": [
        {"id": "mock-1", "name": "Mock One", "reasoning": true, "headers": {"X-Model": "m1"},},
        {"id": "mock-2", "contextWindow": 4096, "cost": {"input": 1, "output": 2, "cacheRead": 0, "cacheWrite": 0}, "compat": {"maxTokensField": "max_completion_tokens"}},
      ],
    },
    "anthropic": {
      "baseUrl": "https://proxy.example/anthropic",
      "modelOverrides": {"claude-haiku-4-5": {"name": "Haiku (proxied)", "cost": {"output": 4}}},
    },
    "openai": {"models": [{"id": "gpt-custom"}]},
    "literal": {"baseUrl": "http://127.0.0.1:9", "api": "anthropic-messages", "apiKey": "sk-literal", "authHeader": true,
      "models": [{"id": "lit"}]},
    "cmd": {"baseUrl": "http://127.0.0.1:9", "api": "openai-completions", "apiKey": "!echo '  from-shell  '", "models": [{"id": "c"}]},
  },
}`

func TestRegistryModelsJSON(t *testing.T) {
	t.Parallel()
	dir := writeAgentDir(t, map[string]string{"models.json": modelsJSON})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir, Env: map[string]string{"MOCK_KEY_VAR": "from-env"}})
	if p := r.Problems(); len(p) != 0 {
		t.Fatalf("problems: %v", p)
	}
	m1, ok := r.Find("mock", "mock-1")
	if !ok {
		t.Fatal("mock-1 missing")
	}
	equalJSON(t, "mock-1", m1, map[string]any{"id": "mock-1", "name": "Mock One", "api": "openai-completions", "provider": "mock",
		"baseUrl": "http://127.0.0.1:9/v1", "reasoning": true, "input": []any{"text"},
		"cost": map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0}, "contextWindow": 128000, "maxTokens": 16384,
		"compat": map[string]any{"supportsDeveloperRole": false, "maxTokensField": "max_tokens"}})
	m2, _ := r.Find("mock", "mock-2")
	if m2.Name != "mock-2" || m2.ContextWindow != 4096 || m2.Cost.Output != 2 || m2.Compat.MaxTokensField != "max_completion_tokens" ||
		*m2.Compat.SupportsDeveloperRole {
		t.Errorf("mock-2 = %+v compat %+v", m2, m2.Compat)
	}
	haiku, _ := r.Find("anthropic", "claude-haiku-4-5")
	if haiku.BaseURL != "https://proxy.example/anthropic" || haiku.Name != "Haiku (proxied)" || haiku.Cost.Output != 4 || haiku.Cost.Input != 1 {
		t.Errorf("haiku override = %+v", haiku)
	}
	if opus, _ := r.Find("anthropic", "claude-opus-4-7"); opus.BaseURL != "https://proxy.example/anthropic" {
		t.Errorf("provider baseUrl override not applied: %s", opus.BaseURL)
	}
	custom, ok := r.Find("openai", "gpt-custom")
	if !ok || custom.API != provider.APIOpenAIResponses || custom.BaseURL != "https://api.openai.com/v1" {
		t.Errorf("custom model in a catalog provider = %+v", custom)
	}

	ctx := context.Background()
	key, headers, err := r.Auth(ctx, m1)
	if err != nil || key != "from-env" {
		t.Fatalf("Auth(mock) = %q %v", key, err)
	}
	equalJSON(t, "headers", headers, map[string]string{"X-Team": "team-from-command", "X-Url": "keep // this, ]", "X-Model": "m1"})
	lit, _ := r.Find("literal", "lit")
	key, headers, _ = r.Auth(ctx, lit)
	if key != "sk-literal" || headers["Authorization"] != "Bearer sk-literal" {
		t.Errorf("literal = %q %v", key, headers)
	}
	c, _ := r.Find("cmd", "c")
	if key, _, _ = r.Auth(ctx, c); key != "from-shell" {
		t.Errorf("!command key = %q", key)
	}
	// Available: mock (env var set), literal, cmd; not openai/anthropic/deepseek.
	var avail []string
	for _, m := range r.Available() {
		avail = append(avail, m.Provider+"/"+m.ID)
	}
	if got := strings.Join(avail, " "); got != "cmd/c literal/lit mock/mock-1 mock/mock-2" {
		t.Errorf("available = %s", got)
	}
}

func TestRegistryStreamUsesResolvedAuth(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "hi"}, "stop"), "[DONE]"))
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {"local": {"baseUrl": "` + srv.URL + `/v1", "api": "openai-completions",
		"apiKey": "LOCAL_KEY", "headers": {"X-Proxy": "PROXY_TOKEN"}, "models": [{"id": "llama"}]}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir, Env: map[string]string{"LOCAL_KEY": "k-123", "PROXY_TOKEN": "p-456"}})
	res, err := r.ResolveModel("", "local/llama", provider.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	msg, err := r.Complete(context.Background(), res.Model, &provider.Context{Messages: []map[string]any{userMsg("x")}},
		&provider.Options{Headers: map[string]string{"X-Caller": "1"}})
	if err != nil || msg.Text() != "hi" {
		t.Fatalf("Complete = %v %+v", err, msg)
	}
	h := srv.Requests()[0].Header
	if h.Get("Authorization") != "Bearer k-123" || h.Get("X-Proxy") != "p-456" || h.Get("X-Caller") != "1" {
		t.Errorf("headers = %v", h)
	}
}

// TestRegistryOnHeaders: OnHeaders sees the request's own headers
// (configured, then the options'), once; what it returns is sent, and a
// nil value removes a header whoever set it.
func TestRegistryOnHeaders(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "hi"}, "stop"), "[DONE]"))
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {"local": {"baseUrl": "` + srv.URL + `/v1", "api": "openai-completions",
		"apiKey": "k", "headers": {"X-Proxy": "p", "X-Drop": "d"}, "models": [{"id": "llama"}]}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	res, err := r.ResolveModel("", "local/llama", provider.ResolveOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	opts := &provider.Options{Headers: map[string]string{"X-Caller": "1"}, OnHeaders: func(_ context.Context, hs map[string]any) map[string]any {
		for k, v := range hs {
			seen = append(seen, fmt.Sprint(k, "=", v))
		}
		hs["X-Added"] = "a"
		hs["X-Drop"] = nil
		hs["Accept"] = nil
		return hs
	}}
	if _, err := r.Complete(context.Background(), res.Model, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts); err != nil {
		t.Fatal(err)
	}
	slices.Sort(seen)
	if got := strings.Join(seen, " "); got != "X-Caller=1 X-Drop=d X-Proxy=p" {
		t.Errorf("OnHeaders saw %s", got)
	}
	h := srv.Requests()[0].Header
	if h.Get("X-Added") != "a" || h.Get("X-Drop") != "" || h.Get("Accept") != "" || h.Get("X-Proxy") != "p" || h.Get("Authorization") != "Bearer k" {
		t.Errorf("headers = %v", h)
	}
}

func TestRegistryRegisterProvider(t *testing.T) {
	t.Parallel()
	r := provider.NewRegistry(provider.RegistryOptions{})
	// Validation mirrors pi.registerProvider.
	for _, tc := range []struct {
		cfg  provider.ProviderConfig
		want string
	}{
		{provider.ProviderConfig{API: provider.APIOpenAICompletions, Models: []provider.ModelDefinition{{ID: "x"}}},
			`Provider p: "baseUrl" is required when defining custom models.`},
		{provider.ProviderConfig{BaseURL: "http://x", APIKey: "k", Models: []provider.ModelDefinition{{ID: "x"}}},
			`Provider p, model x: no "api" specified. Set it at model level or provider level.`},
		{provider.ProviderConfig{Stream: provider.NewScripted(provider.ScriptedOptions{})}, `Provider p: "api" is required when registering streamSimple.`},
	} {
		if err := r.RegisterProvider("p", tc.cfg); err == nil || err.Error() != tc.want {
			t.Errorf("err = %v, want %q", err, tc.want)
		}
	}
	// A catalog provider's models lend api and baseUrl (pi 1.6's
	// findExtensionModelDefaults); no API key is needed to register.
	if err := r.RegisterProvider("anthropic", provider.ProviderConfig{Models: []provider.ModelDefinition{{ID: "claude-x"}}}); err != nil {
		t.Fatal(err)
	}
	if m, ok := r.Find("anthropic", "claude-x"); !ok || m.API != provider.APIAnthropicMessages || m.BaseURL != "https://api.anthropic.com" {
		t.Errorf("claude-x = %+v", m)
	}
	r.UnregisterProvider("anthropic")
	// An empty models list leaves the provider without models.
	if err := r.RegisterProvider("mistral", provider.ProviderConfig{APIKey: "k", Models: []provider.ModelDefinition{}}); err != nil {
		t.Fatal(err)
	}
	for _, m := range r.All() {
		if m.Provider == "mistral" {
			t.Errorf("mistral keeps %s after registering no models", m.ID)
		}
	}
	r.UnregisterProvider("mistral")
	// With models: replaces the provider's models (here the catalog's anthropic).
	err := r.RegisterProvider("anthropic", provider.ProviderConfig{BaseURL: "http://proxy", APIKey: "k", API: provider.APIAnthropicMessages,
		Models: []provider.ModelDefinition{{ID: "only-one"}}})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range r.All() {
		if m.Provider == "anthropic" {
			ids = append(ids, m.ID)
		}
	}
	if strings.Join(ids, ",") != "only-one" || !r.HasAuth("anthropic") {
		t.Errorf("anthropic models after register = %v", ids)
	}
	// Without models: reroutes.
	if err := r.RegisterProvider("openai", provider.ProviderConfig{BaseURL: "http://gateway/v1"}); err != nil {
		t.Fatal(err)
	}
	if m, _ := r.Find("openai", "gpt-4.1"); m.BaseURL != "http://gateway/v1" {
		t.Errorf("rerouted baseUrl = %s", m.BaseURL)
	}
	// Unregister restores the catalog.
	r.UnregisterProvider("anthropic")
	if _, ok := r.Find("anthropic", "claude-sonnet-4-5"); !ok {
		t.Error("catalog model not restored")
	}
	if m, _ := r.Find("openai", "gpt-4.1"); m.BaseURL != "http://gateway/v1" {
		t.Error("other registrations lost on unregister")
	}
}

func TestRegistryUnknownAPI(t *testing.T) {
	t.Parallel()
	r := provider.NewRegistry(provider.RegistryOptions{})
	_, err := r.Stream(context.Background(), &provider.Model{ID: "x", API: "some-future-api", Provider: "future"}, &provider.Context{}, nil)
	if !errors.Is(err, provider.ErrUnknownAPI) || !strings.Contains(err.Error(), "No API provider registered for api: some-future-api") {
		t.Errorf("err = %v", err)
	}
}

// BenchmarkNewRegistry: what a session start pays for the built-in
// catalog (no models.json or auth.json).
func BenchmarkNewRegistry(b *testing.B) {
	env := map[string]string{"ANTHROPIC_API_KEY": "k"}
	for range b.N {
		r := provider.NewRegistry(provider.RegistryOptions{Env: env})
		if r.DefaultModel() == nil {
			b.Fatal("no default model")
		}
	}
}

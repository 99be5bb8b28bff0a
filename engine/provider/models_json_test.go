package provider_test

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestRegistryModelsJSONProblems(t *testing.T) {
	t.Parallel()
	bad := `{"providers": {
		"broken": {"models": [{"name": "no id"}, {"id": "x", "input": ["video"], "cost": {"input": 1}}]},
		"typo": {"baseUrl": 42},
		"anthropic": {"compat": {"maxTokensField": "tokens", "supportsTemperature": "no"}},
	}}`
	dir := writeAgentDir(t, map[string]string{"models.json": bad})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	var got []string
	for _, p := range r.Problems() {
		var ce *provider.ConfigError
		if !errors.As(p, &ce) || ce.File != filepath.Join(dir, "models.json") {
			t.Errorf("problem %v is not a ConfigError for models.json", p)
			continue
		}
		got = append(got, ce.Path+": "+ce.Message)
	}
	want := []string{
		"providers.anthropic.compat.supportsTemperature: Expected boolean",
		"providers.anthropic.compat.maxTokensField: Expected one of max_completion_tokens, max_tokens",
		"providers.broken.models.0.id: Expected required property",
		"providers.broken.models.1.input.0: Expected \"text\" or \"image\"",
		"providers.broken.models.1.cost.output: Expected required property",
		"providers.broken.models.1.cost.cacheRead: Expected required property",
		"providers.broken.models.1.cost.cacheWrite: Expected required property",
		"providers.typo.baseUrl: Expected string length >= 1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// As in pi, a broken models.json leaves the catalog untouched.
	if _, ok := r.Find("anthropic", "claude-sonnet-4-5"); !ok {
		t.Error("catalog lost")
	}

	// Semantic problems are all reported too.
	dir = writeAgentDir(t, map[string]string{"models.json": `{"providers": {"a": {"models": [{"id": "m", "maxTokens": 0}]}, "b": {}}}`})
	r = provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	var msgs []string
	for _, p := range r.Problems() {
		msgs = append(msgs, p.(*provider.ConfigError).Message)
	}
	want = []string{
		`Provider a: "baseUrl" is required when defining custom models.`,
		`Provider a: "apiKey" is required when defining custom models.`,
		`Provider a, model m: no "api" specified. Set at provider or model level.`,
		"Provider a, model m: invalid maxTokens",
		`Provider b: must specify "baseUrl", "headers", "compat", "modelOverrides", or "models".`,
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}

	dir = writeAgentDir(t, map[string]string{"models.json": `{"providers": `})
	r = provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	if p := r.Problems(); len(p) != 1 || !strings.Contains(p[0].Error(), "Failed to parse models.json") {
		t.Errorf("problems = %v", p)
	}
}

func TestStripJSONComments(t *testing.T) {
	t.Parallel()
	in := "{\"a\": \"x // not a comment, ]\", // comment\n \"b\": [1, 2,\n// c\n],\n \"c\": \"esc \\\" // still string\",\n}"
	want := "{\"a\": \"x // not a comment, ]\", \n \"b\": [1, 2\n\n],\n \"c\": \"esc \\\" // still string\"\n}"
	if got := provider.StripJSONComments(in); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestModelsJSONThinkingCompat: models.json's chat-completions thinking
// compat (chatTemplateKwargs merged from provider and model as pi's
// mergeCompat does, thinkingTokenBudgetField, vllmPriority) reaches the
// request; bad values are reported with their path.
func TestModelsJSONThinkingCompat(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "k"}, "stop"), "[DONE]"))
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {"vllm": {
		"baseUrl": "` + srv.URL + `", "api": "openai-completions", "apiKey": "k",
		"compat": {"thinkingFormat": "chat-template", "thinkingTokenBudgetField": "thinking_budget",
			"chatTemplateKwargs": {"enable_thinking": {"$var": "thinking.enabled"}, "a": 1}},
		"models": [{"id": "q", "reasoning": true, "maxTokens": 32000,
			"compat": {"chatTemplateKwargs": {"b": {"$var": "thinking.budget"}}, "vllmPriority": -1}}]}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	if p := r.Problems(); len(p) > 0 {
		t.Fatal(p)
	}
	m, ok := r.Find("vllm", "q")
	if !ok {
		t.Fatal("model vllm/q missing")
	}
	opts := baseOpts()
	opts.Thinking, opts.MaxTokens, opts.ThinkingBudgets = provider.ThinkingMedium, 16000, provider.ThinkingBudgets{Medium: 3000}
	mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	body := srv.Requests()[0].Body
	equalJSON(t, "chat_template_kwargs", body["chat_template_kwargs"], map[string]any{"enable_thinking": true, "a": 1, "b": 3000})
	equalJSON(t, "thinking_budget", body["thinking_budget"], 3000)
	equalJSON(t, "priority", body["priority"], -1)

	bad := writeAgentDir(t, map[string]string{"models.json": `{"providers": {"anthropic": {"compat": {
		"thinkingFormat": "nope", "thinkingTokenBudgetField": "budget", "vllmPriority": "1",
		"chatTemplateKwargs": {"k": {"$var": "thinking.level"}, "l": [1]}}}}}`})
	var got []string
	for _, p := range provider.NewRegistry(provider.RegistryOptions{AgentDir: bad}).Problems() {
		var ce *provider.ConfigError
		if errors.As(p, &ce) {
			got = append(got, ce.Path+": "+ce.Message)
		}
	}
	want := []string{
		"providers.anthropic.compat.thinkingFormat: Expected one of openai, openrouter, deepseek, together, baseten, zai, qwen, chat-template, qwen-chat-template, string-thinking, ant-ling",
		"providers.anthropic.compat.thinkingTokenBudgetField: Expected one of thinking_token_budget, thinking_budget, thinking_budget_tokens",
		"providers.anthropic.compat.vllmPriority: Expected number",
		"providers.anthropic.compat.chatTemplateKwargs.k.$var: Expected one of thinking.enabled, thinking.effort, thinking.budget",
		"providers.anthropic.compat.chatTemplateKwargs.l: Expected string, number, boolean, null or object",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestModelsJSONCostTiers: cost.tiers (pi 1.6's models.json) price a
// custom model's requests by their input, a model override replaces a
// built-in model's tiers and keeps the prices it does not give, and
// malformed tiers are reported at their JSON path.
func TestModelsJSONCostTiers(t *testing.T) {
	t.Parallel()
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {
		"local": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "apiKey": "k", "models": [{"id": "m",
			"cost": {"input": 1, "output": 2, "cacheRead": 0, "cacheWrite": 0, "tiers": [{"inputTokensAbove": 1000, "input": 10, "output": 20, "cacheRead": 0, "cacheWrite": 0}]}}]},
		"anthropic": {"modelOverrides": {"claude-sonnet-4-5": {"cost": {"output": 99, "tiers": [{"inputTokensAbove": 500, "input": 7, "output": 8, "cacheRead": 0.5, "cacheWrite": 1}]}}}}
	}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	if p := r.Problems(); len(p) != 0 {
		t.Fatalf("problems: %v", p)
	}
	m, ok := r.Find("local", "m")
	if !ok {
		t.Fatal("custom model missing")
	}
	if c := provider.CalculateCost(m, &provider.Usage{Input: 2000, Output: 1000}); c.Input != 0.02 || c.Output != 0.02 {
		t.Errorf("tiered cost above 1000 input tokens = %+v, want the tier's prices", c)
	}
	if c := provider.CalculateCost(m, &provider.Usage{Input: 500, Output: 1000}); c.Input != 0.0005 || c.Output != 0.002 {
		t.Errorf("cost below the tier = %+v, want the base prices", c)
	}
	sonnet, _ := r.Find("anthropic", "claude-sonnet-4-5")
	want := provider.Cost{Input: 3, Output: 99, CacheRead: 0.3, CacheWrite: 3.75,
		Tiers: []provider.CostTier{{InputTokensAbove: 500, Input: 7, Output: 8, CacheRead: 0.5, CacheWrite: 1}}}
	if js(sonnet.Cost) != js(want) {
		t.Errorf("overridden cost %s, want %s", js(sonnet.Cost), js(want))
	}

	dir = writeAgentDir(t, map[string]string{"models.json": `{"providers": {
		"local": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "apiKey": "k", "models": [{"id": "m",
			"cost": {"input": 1, "output": 2, "cacheRead": 0, "cacheWrite": 0, "tiers": [{"inputTokensAbove": "1k", "input": 10, "output": 20, "cacheRead": 0}, 3]}}]},
		"anthropic": {"modelOverrides": {"claude-sonnet-4-5": {"cost": {"tiers": {"inputTokensAbove": 1}}}}}
	}}`})
	var got []string
	for _, p := range provider.NewRegistry(provider.RegistryOptions{AgentDir: dir}).Problems() {
		var ce *provider.ConfigError
		if errors.As(p, &ce) {
			got = append(got, ce.Path+": "+ce.Message)
		}
	}
	wantProblems := []string{
		"providers.anthropic.modelOverrides.claude-sonnet-4-5.cost.tiers: Expected array",
		"providers.local.models.0.cost.tiers.0.inputTokensAbove: Expected number",
		"providers.local.models.0.cost.tiers.0.cacheWrite: Expected required property",
		"providers.local.models.0.cost.tiers.1: Expected object",
	}
	if strings.Join(got, "\n") != strings.Join(wantProblems, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantProblems, "\n"))
	}
}

// TestModelsJSONSessionCompat: models.json's sessionAffinityFormat,
// promptCacheKeyMode and the pi 1.6 compat booleans reach the model (a
// provider's compat under each model's) and bad values are reported at
// their path. pi 1.6 accepts keys it does not know.
func TestModelsJSONSessionCompat(t *testing.T) {
	t.Parallel()
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {"p": {"baseUrl": "http://127.0.0.1:1/v1",
		"api": "openai-responses", "apiKey": "k", "compat": {"sessionAffinityFormat": "openai-nosession", "unknownKey": 1},
		"models": [{"id": "m", "compat": {"promptCacheKeyMode": "disabled", "supportsMaxOutputTokens": false}}]}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	if p := r.Problems(); len(p) > 0 {
		t.Fatal(p)
	}
	m, ok := r.Find("p", "m")
	if !ok || m.Compat == nil {
		t.Fatal("model p/m or its compat missing")
	}
	if c := m.Compat; c.SessionAffinityFormat != "openai-nosession" || c.PromptCacheKeyMode != "disabled" ||
		c.SupportsMaxOutputTokens == nil || *c.SupportsMaxOutputTokens {
		t.Errorf("compat %+v", *c)
	}

	bad := writeAgentDir(t, map[string]string{"models.json": `{"providers": {"anthropic": {"compat": {
		"sessionAffinityFormat": "bogus", "promptCacheKeyMode": 3, "supportsMaxOutputTokens": "no"}}}}`})
	var got []string
	for _, p := range provider.NewRegistry(provider.RegistryOptions{AgentDir: bad}).Problems() {
		var ce *provider.ConfigError
		if errors.As(p, &ce) {
			got = append(got, ce.Path+": "+ce.Message)
		}
	}
	want := []string{
		"providers.anthropic.compat.supportsMaxOutputTokens: Expected boolean",
		"providers.anthropic.compat.sessionAffinityFormat: Expected one of openai, openai-nosession, openrouter",
		"providers.anthropic.compat.promptCacheKeyMode: Expected one of auto, enabled, disabled",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestModelsJSONAllowedFallbackModels: compat.allowedFallbackModels is
// checked as pi-ai 1.6's schema has it (at most 3; provider, model and a
// full cost each), and a valid list reaches the model, where a model
// override replaces the provider's.
func TestModelsJSONAllowedFallbackModels(t *testing.T) {
	t.Parallel()
	problems := func(modelsJSON string) []string {
		dir := writeAgentDir(t, map[string]string{"models.json": modelsJSON})
		var got []string
		for _, p := range provider.NewRegistry(provider.RegistryOptions{AgentDir: dir}).Problems() {
			var ce *provider.ConfigError
			if errors.As(p, &ce) {
				got = append(got, ce.Path+": "+ce.Message)
			}
		}
		return got
	}
	cost := `"cost": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75}`
	bad := `{"providers": {"p": {"baseUrl": "http://x", "apiKey": "k", "api": "anthropic-messages", "models": [
		{"id": "a", "compat": {"allowedFallbackModels": [{"provider": "", "model": "m", ` + cost + `},
			{"provider": "p", "model": "m2", "cost": {"input": 1}}, {"provider": "p", "model": "m3", ` + cost + `}, {"provider": "p", "model": "m4"}]}},
		{"id": "b", "compat": {"allowedFallbackModels": "x"}},
		{"id": "c", "compat": {"allowedFallbackModels": [3]}}]}}}`
	want := []string{
		"providers.p.models.0.compat.allowedFallbackModels: Expected array length <= 3",
		"providers.p.models.0.compat.allowedFallbackModels.0.provider: Expected string length >= 1",
		"providers.p.models.0.compat.allowedFallbackModels.1.cost.output: Expected required property",
		"providers.p.models.0.compat.allowedFallbackModels.1.cost.cacheRead: Expected required property",
		"providers.p.models.0.compat.allowedFallbackModels.1.cost.cacheWrite: Expected required property",
		"providers.p.models.0.compat.allowedFallbackModels.3.cost: Expected required property",
		"providers.p.models.1.compat.allowedFallbackModels: Expected array",
		"providers.p.models.2.compat.allowedFallbackModels.0: Expected object",
	}
	if got := problems(bad); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	good := `{"providers": {"p": {"baseUrl": "http://x", "apiKey": "k", "api": "anthropic-messages",
		"compat": {"allowedFallbackModels": [{"provider": "p", "model": "fb", ` + cost + `}]},
		"models": [{"id": "a"}, {"id": "b", "compat": {"allowedFallbackModels": []}}]}}}`
	dir := writeAgentDir(t, map[string]string{"models.json": good})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	if p := r.Problems(); len(p) != 0 {
		t.Fatalf("problems: %v", p)
	}
	a, _ := r.Find("p", "a")
	if a == nil || a.Compat == nil || len(a.Compat.AllowedFallbackModels) != 1 ||
		!reflect.DeepEqual(a.Compat.AllowedFallbackModels[0], provider.FallbackModel{Provider: "p", Model: "fb", Cost: provider.Cost{Input: 3, Output: 15, CacheRead: 0.3, CacheWrite: 3.75}}) {
		t.Errorf("model a's compat: %+v", a.Compat)
	}
	if b, _ := r.Find("p", "b"); b == nil || b.Compat == nil || len(b.Compat.AllowedFallbackModels) != 0 {
		t.Errorf("model b's compat: %+v", b.Compat)
	}
}

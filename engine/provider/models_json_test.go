package provider_test

import (
	"encoding/json"
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
	// pi 1.6's TypeBox errors, in file and schema order, at most 8.
	want := []string{
		"providers.broken.models.0.id: must have required properties id",
		"providers.broken.models.1.input.0: must be equal to one of the allowed values",
		"providers.broken.models.1.cost.output: must have required properties output, cacheRead, cacheWrite",
		"providers.typo.baseUrl: must be string",
		"providers.anthropic.compat.maxTokensField: must be equal to constant",
		"providers.anthropic.compat.maxTokensField: must be equal to constant",
		"providers.anthropic.compat.maxTokensField: must match a schema in anyOf",
		"providers.anthropic.compat.supportsTemperature: must be boolean",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// As in pi, a broken models.json leaves the catalog untouched.
	if _, ok := r.Find("anthropic", "claude-sonnet-4-5"); !ok {
		t.Error("catalog lost")
	}

	// A provider pi 1.6 cannot compose is left out with its first error;
	// the others are used (c's second model takes its api from the
	// first, as pi's findModelDefaults does). No apiKey is required.
	dir = writeAgentDir(t, map[string]string{"models.json": `{"providers": {"a": {"models": [{"id": "m"}]}, "b": {},
		"c": {"baseUrl": "http://127.0.0.1:1/v1", "models": [{"id": "n", "api": "openai-responses"}, {"id": "o"}]},
		"d": {"baseUrl": "http://127.0.0.1:1/v1", "apiKey": "k", "models": [{"id": "x"}]}}}`})
	r = provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	var msgs []string
	for _, p := range r.Problems() {
		ce := p.(*provider.ConfigError)
		msgs = append(msgs, ce.Provider+": "+ce.Message)
	}
	want = []string{
		`a: Provider a, model m: no "api" specified. Set at provider or model level.`,
		`b: Provider b: must specify "baseUrl", "headers", "compat", "modelOverrides", or "models".`,
		`d: Provider d, model x: no "api" specified. Set at provider or model level.`,
	}
	if strings.Join(msgs, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(msgs, "\n"), strings.Join(want, "\n"))
	}
	if o, ok := r.Find("c", "o"); !ok || o.API != "openai-responses" {
		t.Errorf("c/o = %+v, %v; want it kept with the api of c/n", o, ok)
	}
	if _, ok := r.Find("a", "m"); ok {
		t.Error("a/m kept though its provider failed")
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
		"thinkingTokenBudgetField": "budget", "vllmPriority": "1",
		"chatTemplateKwargs": {"k": {"$var": "thinking.level"}, "l": [1]}}}}}`})
	var got []string
	for _, p := range provider.NewRegistry(provider.RegistryOptions{AgentDir: bad}).Problems() {
		var ce *provider.ConfigError
		if errors.As(p, &ce) {
			got = append(got, ce.Path+": "+ce.Message)
		}
	}
	// pi 1.6 lists every failed anyOf alternative, up to TypeBox's 8.
	want := []string{
		"providers.anthropic.compat.chatTemplateKwargs.k: must be string",
		"providers.anthropic.compat.chatTemplateKwargs.k: must be number",
		"providers.anthropic.compat.chatTemplateKwargs.k: must be boolean",
		"providers.anthropic.compat.chatTemplateKwargs.k: must be null",
		"providers.anthropic.compat.chatTemplateKwargs.k.$var: must be equal to constant",
		"providers.anthropic.compat.chatTemplateKwargs.k.$var: must be equal to constant",
		"providers.anthropic.compat.chatTemplateKwargs.k.$var: must be equal to constant",
		"providers.anthropic.compat.chatTemplateKwargs.k.$var: must match a schema in anyOf",
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
		"providers.local.models.0.cost.tiers.0.cacheWrite: must have required properties cacheWrite",
		"providers.local.models.0.cost.tiers.0.inputTokensAbove: must be number",
		"providers.local.models.0.cost.tiers.1: must be object",
		"providers.anthropic.modelOverrides.claude-sonnet-4-5.cost.tiers: must be array",
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
		"sessionAffinityFormat": "bogus", "supportsMaxOutputTokens": "no"}}}}`})
	var got []string
	for _, p := range provider.NewRegistry(provider.RegistryOptions{AgentDir: bad}).Problems() {
		var ce *provider.ConfigError
		if errors.As(p, &ce) {
			got = append(got, ce.Path+": "+ce.Message)
		}
	}
	want := []string{
		"providers.anthropic.compat.sessionAffinityFormat: must be equal to constant",
		"providers.anthropic.compat.sessionAffinityFormat: must be equal to constant",
		"providers.anthropic.compat.sessionAffinityFormat: must be equal to constant",
		"providers.anthropic.compat.sessionAffinityFormat: must match a schema in anyOf",
		"providers.anthropic.compat.supportsMaxOutputTokens: must be boolean",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestModelsJSONNumberForms: numbers written as 1e6 or 16384.0 are the
// integers pi reads them as.
func TestModelsJSONNumberForms(t *testing.T) {
	t.Parallel()
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {"p": {"baseUrl": "http://127.0.0.1:1/v1",
		"api": "openai-completions", "apiKey": "k", "models": [{"id": "m", "contextWindow": 1e6, "maxTokens": 16384.0}]}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	if p := r.Problems(); len(p) > 0 {
		t.Fatal(p)
	}
	if m, ok := r.Find("p", "m"); !ok || m.ContextWindow != 1000000 || m.MaxTokens != 16384 {
		t.Errorf("p/m = %+v, %v", m, ok)
	}
}

// TestModelsJSONFractionalTokenCounts: pi's schema takes any number for
// contextWindow and maxTokens; pigo counts whole tokens, rounding a
// fraction up, in a custom model, a model override and a provider an
// extension registers (the same ProviderConfig decoding).
func TestModelsJSONFractionalTokenCounts(t *testing.T) {
	t.Parallel()
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {
		"p": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "apiKey": "k",
			"models": [{"id": "m", "contextWindow": 128000.5, "maxTokens": 0.25}]},
		"anthropic": {"modelOverrides": {"claude-sonnet-4-5": {"contextWindow": 99999.9}}}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	if m, ok := r.Find("p", "m"); !ok || m.ContextWindow != 128001 || m.MaxTokens != 1 {
		t.Errorf("p/m = %+v, %v", m, ok)
	}
	if m, ok := r.Find("anthropic", "claude-sonnet-4-5"); !ok || m.ContextWindow != 100000 {
		t.Errorf("overridden claude-sonnet-4-5: %+v, %v", m, ok)
	}
	if p := r.Problems(); len(p) > 0 {
		t.Fatal(p)
	}
	var cfg provider.ProviderConfig
	if err := json.Unmarshal([]byte(`{"models": [{"id": "x", "contextWindow": 4096.5}]}`), &cfg); err != nil || *cfg.Models[0].ContextWindow != 4097 {
		t.Errorf("registered provider config: %v, %+v", err, cfg)
	}
}

// TestModelsJSONAllowedFallbackModels: a valid compat.allowedFallbackModels
// reaches the model, where a model override replaces the provider's (the
// schema's checks are compared with pi 1.6 in the fallback_models case of
// testdata/models_json_cases.txtar).
func TestModelsJSONAllowedFallbackModels(t *testing.T) {
	t.Parallel()
	cost := `"cost": {"input": 3, "output": 15, "cacheRead": 0.3, "cacheWrite": 3.75}`
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

// TestModelsJSONInputLimits: catalog models carry pi-ai 1.6's
// inputLimits; models.json sets them on custom models and merges an
// override into a catalog model's field by field (pi's mergeInputLimits),
// leaving the catalog's shared value alone; bad limits are schema errors.
func TestModelsJSONInputLimits(t *testing.T) {
	limitsJSON := func(m *provider.Model) string {
		b, _ := json.Marshal(m.InputLimits)
		return string(b)
	}
	builtin := provider.NewRegistry(provider.RegistryOptions{AgentDir: t.TempDir()})
	haiku, _ := builtin.Find("anthropic", "claude-haiku-4-5")
	const catalog = `{"maxRequestBytes":33554432,"images":{"maxPerRequest":100,"resize":{"maxWidth":2000,"maxHeight":2000,"maxBytes":4718592,"jpegQuality":80}}}`
	if got := limitsJSON(haiku); got != catalog {
		t.Fatalf("catalog inputLimits %s", got)
	}
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {
		"anthropic": {"modelOverrides": {"claude-haiku-4-5": {"inputLimits": {"images": {"maxPerMessage": 5, "resize": {"maxWidth": 1000}}}}}},
		"proxy": {"baseUrl": "http://x", "apiKey": "k", "api": "openai-completions", "models": [
			{"id": "m", "inputLimits": {"images": {"resize": {"maxHeight": 768}}}}, {"id": "plain"}]}
	}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	if p := r.Problems(); len(p) != 0 {
		t.Fatalf("problems: %v", p)
	}
	haiku, _ = r.Find("anthropic", "claude-haiku-4-5")
	if got, want := limitsJSON(haiku), `{"maxRequestBytes":33554432,"images":{"maxPerMessage":5,"maxPerRequest":100,"resize":{"maxWidth":1000,"maxHeight":2000,"maxBytes":4718592,"jpegQuality":80}}}`; got != want {
		t.Errorf("overridden inputLimits\n got %s\nwant %s", got, want)
	}
	if other, _ := r.Find("anthropic", "claude-opus-4-5"); limitsJSON(other) != catalog {
		t.Errorf("the override changed another model's limits: %s", limitsJSON(other))
	}
	custom, _ := r.Find("proxy", "m")
	plain, _ := r.Find("proxy", "plain")
	if limitsJSON(custom) != `{"images":{"resize":{"maxHeight":768}}}` || plain.InputLimits != nil {
		t.Errorf("custom models: %s, %s", limitsJSON(custom), limitsJSON(plain))
	}

	dir = writeAgentDir(t, map[string]string{"models.json": `{"providers": {
		"anthropic": {"modelOverrides": {"claude-haiku-4-5": {"inputLimits": {"images": {"resize": {"maxWidth": 0}}}}}}}}`})
	problems := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir}).Problems()
	if len(problems) != 1 || !strings.Contains(problems[0].Error(), "providers.anthropic.modelOverrides.claude-haiku-4-5.inputLimits.images.resize.maxWidth") {
		t.Errorf("problems %v", problems)
	}
}

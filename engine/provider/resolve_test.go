package provider_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestResolveModel(t *testing.T) {
	t.Parallel()
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {
		"anthropic": {"models": [{"id": "claude-sonnet-4-5-20250929", "name": "Claude Sonnet 4.5"}]},
		"router": {"baseUrl": "http://r", "api": "openai-completions", "apiKey": "k", "models": [{"id": "openai/gpt-4o:extended"}, {"id": "anthropic/claude-x"}]}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	for _, tc := range []struct {
		provider, ref, want, thinking, warning, err string
	}{
		{"", "anthropic/claude-haiku-4-5", "anthropic/claude-haiku-4-5", "", "", ""},
		// anthropic, cloudflare-ai-gateway, opencode and radius offer it,
		// and none has a key (TestResolveModelMatchesPi16 has the rest).
		{"", "claude-haiku-4-5", "", "", "", `Model "claude-haiku-4-5" is ambiguous across providers: anthropic/claude-haiku-4-5, ` +
			`cloudflare-ai-gateway/claude-haiku-4-5, opencode/claude-haiku-4-5, radius/claude-haiku-4-5. No matching provider is authenticated.`},
		{"anthropic", "sonnet-4-5", "anthropic/claude-sonnet-4-5", "", "", ""},    // alias preferred over the dated id
		{"anthropic", "haiku:high", "anthropic/claude-haiku-5-5", "high", "", ""}, // pi 1.6's pick
		// Without credentials every provider's matches compete: Bedrock's
		// "-v1:0" ids count as aliases and sort last.
		{"", "sonnet-4-5", "amazon-bedrock/us.anthropic.claude-sonnet-4-5-20250929-v1:0", "", "", ""},
		{"anthropic", "opus-4-7:xhigh", "anthropic/claude-opus-4-7", "xhigh", "", ""},
		{"anthropic", "opus-4-6:max", "anthropic/claude-opus-4-6", "max", "", ""}, // pi 1.6's level
		{"Anthropic", "anthropic/claude-haiku-4-5", "anthropic/claude-haiku-4-5", "", "", ""},
		{"", "openai/gpt-4o:extended", "router/openai/gpt-4o:extended", "", "", ""},
		{"", "anthropic/claude-x", "router/anthropic/claude-x", "", "", ""}, // a full id beats the provider prefix
		{"", "anthropic/new-model", "anthropic/new-model", "", `Model "new-model" not found for provider "anthropic". Using custom model id.`, ""},
		{"nope", "x", "", "", "", `Unknown provider "nope". Use --list-models to see available providers/models.`},
		{"", "does-not-exist", "", "", "", `Model "does-not-exist" not found. Use --list-models to see available models.`},
		{"", "haiku:bogus", "", "", "", `Model "haiku:bogus" not found.`},
	} {
		res, err := r.ResolveModel(tc.provider, tc.ref, provider.ResolveOptions{})
		if tc.err != "" {
			if err == nil || !errors.Is(err, provider.ErrNoModel) || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s %s: err = %v, want %q", tc.provider, tc.ref, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %s: %v", tc.provider, tc.ref, err)
			continue
		}
		if got := res.Model.Provider + "/" + res.Model.ID; got != tc.want || string(res.Thinking) != tc.thinking || res.Warning != tc.warning {
			t.Errorf("%s %s = %s %q %q, want %s %q %q", tc.provider, tc.ref, got, res.Thinking, res.Warning, tc.want, tc.thinking, tc.warning)
		}
	}
	// The custom-id fallback copies the provider's default model.
	res, _ := r.ResolveModel("", "anthropic/new-model", provider.ResolveOptions{})
	if res.Model.API != provider.APIAnthropicMessages || res.Model.ContextWindow != 1000000 {
		t.Errorf("fallback = %+v", res.Model)
	}
}

func TestResolveScope(t *testing.T) {
	t.Parallel()
	r := provider.NewRegistry(provider.RegistryOptions{Env: map[string]string{"ANTHROPIC_API_KEY": "k", "OPENAI_API_KEY": "k"}})
	scope, warnings := r.ResolveScope([]string{"anthropic/*sonnet*:low", "gpt-4.1", "*haiku*", "nothing-*", "gpt-4.1"})
	var got []string
	for _, s := range scope {
		got = append(got, s.Model.Provider+"/"+s.Model.ID+":"+string(s.Thinking))
	}
	// pi 1.6's scope over its catalog, in catalog order.
	want := "anthropic/claude-sonnet-4-5:low anthropic/claude-sonnet-4-5-20250929:low anthropic/claude-sonnet-4-6:low anthropic/claude-sonnet-5:low " +
		"anthropic/claude-sonnet-5-5:low openai/gpt-4.1: anthropic/claude-haiku-4-5: anthropic/claude-haiku-4-5-20251001: anthropic/claude-haiku-5-5:"
	if strings.Join(got, " ") != want {
		t.Errorf("scope = %s\nwant    %s", strings.Join(got, " "), want)
	}
	if len(warnings) != 1 || warnings[0] != `No models match pattern "nothing-*"` {
		t.Errorf("warnings = %v", warnings)
	}
}

// BenchmarkResolveModel: a --model reference at start-up.
func BenchmarkResolveModel(b *testing.B) {
	r := provider.NewRegistry(provider.RegistryOptions{Env: map[string]string{"ANTHROPIC_API_KEY": "k"}})
	for range b.N {
		if res, err := r.ResolveModel("", "claude-haiku-4-5", provider.ResolveOptions{}); err != nil || res.Model == nil {
			b.Fatal(err)
		}
	}
}

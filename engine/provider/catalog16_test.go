package provider_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestCatalogVertexAndMistral: pi 1.6's google-vertex and mistral models
// are built in, available with their providers' environment keys, and the
// default model of each is pi's.
func TestCatalogVertexAndMistral(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		env, provider, api, def string
		count                   int
	}{
		{"GOOGLE_CLOUD_API_KEY", "google-vertex", provider.APIGoogleVertex, "gemini-4-argon", 17},
		{"MISTRAL_API_KEY", "mistral", provider.APIMistralConversations, "devstral-medium-latest", 34},
	} {
		r := provider.NewRegistry(provider.RegistryOptions{Env: map[string]string{c.env: "k"}})
		avail := r.Available()
		if len(avail) != c.count {
			t.Errorf("%s: %d models available, want %d", c.provider, len(avail), c.count)
		}
		for _, m := range avail {
			if m.Provider != c.provider || m.API != c.api {
				t.Errorf("%s: available %s/%s (%s)", c.env, m.Provider, m.ID, m.API)
			}
		}
		if d := r.DefaultModel(); d == nil || d.ID != c.def || d.Provider != c.provider {
			t.Errorf("%s: default model %+v, want %s", c.provider, d, c.def)
		}
	}
	r := provider.NewRegistry(provider.RegistryOptions{})
	m, ok := r.Find("mistral", "deepseek-v4-1-flash-1017")
	if !ok || m.BaseURL != "https://api.mistral.ai" || m.Cost.CacheRead != 0.007 || m.ContextWindow != 1048576 || m.MaxTokens != 128000 ||
		!m.Reasoning || *m.ThinkingLevelMap[provider.ThinkingOff] != "none" || m.ThinkingLevelMap[provider.ThinkingMedium] != nil {
		t.Errorf("mistral deepseek-v4-1-flash-1017 = %+v", m)
	}
}

// TestCatalogBedrock: pi 1.6's amazon-bedrock models are built in,
// available with AWS credentials in the environment, the default model is
// pi's, and the EU profiles go to Frankfurt.
func TestCatalogBedrock(t *testing.T) {
	t.Parallel()
	r := provider.NewRegistry(provider.RegistryOptions{Env: map[string]string{"AWS_PROFILE": "dev"}})
	avail := r.Available()
	if len(avail) != 208 {
		t.Errorf("%d models available, want 208", len(avail))
	}
	for _, m := range avail {
		if m.Provider != "amazon-bedrock" || m.API != provider.APIBedrockConverseStream {
			t.Errorf("available %s/%s (%s)", m.Provider, m.ID, m.API)
		}
	}
	if d := r.DefaultModel(); d == nil || d.Provider != "amazon-bedrock" || d.ID != "us.anthropic.claude-opus-5-5" {
		t.Errorf("default model %+v", d)
	}
	m, ok := r.Find("amazon-bedrock", "eu.anthropic.claude-haiku-5-5")
	if !ok || m.BaseURL != "https://bedrock-runtime.eu-central-1.amazonaws.com" || len(m.Cost.Tiers) != 1 ||
		m.Cost.Tiers[0].InputTokensAbove != 100000 || *m.ThinkingLevelMap[provider.ThinkingMax] != "max" ||
		m.Compat == nil || !*m.Compat.SupportsStrictMode {
		t.Errorf("eu.anthropic.claude-haiku-5-5 = %+v", m)
	}
}

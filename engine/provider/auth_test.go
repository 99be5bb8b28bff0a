package provider_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestRegistryAuthJSON(t *testing.T) {
	t.Parallel()
	dir := writeAgentDir(t, map[string]string{
		"auth.json": `{
			"anthropic": {"type": "api_key", "key": "sk-from-auth"},
			"openai": {"type": "api_key", "key": "OPENAI_FROM_VAR"},
			"deepseek": {"type": "api_key", "key": "!printf cmd-key"},
			"mock": {"type": "oauth", "refresh": "r", "access": "a", "expires": 1}
		}`,
		"models.json": `{"providers": {"mock": {"baseUrl": "http://127.0.0.1:9", "api": "openai-completions", "apiKey": "unused", "models": [{"id": "m"}]},
			"mock2": {"baseUrl": "http://127.0.0.1:9", "api": "openai-completions", "apiKey": "models-json-key", "models": [{"id": "m"}]},
			"mistral": {"baseUrl": "https://api.mistral.ai", "apiKey": "models-json-mistral"}}}`,
	})
	env := map[string]string{"OPENAI_FROM_VAR": "sk-openai", "ANTHROPIC_API_KEY": "sk-env-loses", "MISTRAL_API_KEY": "sk-env-mistral-loses"}
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir, Env: env})
	ctx := context.Background()
	for _, tc := range []struct{ provider, id, want string }{
		{"anthropic", "claude-haiku-4-5", "sk-from-auth"}, // auth.json beats the environment
		{"openai", "gpt-4.1", "sk-openai"},
		{"deepseek", "deepseek-v4-pro", "cmd-key"},
		{"mock2", "m", "models-json-key"},
		{"mistral", "mistral-large-latest", "models-json-mistral"}, // models.json's key beats the environment (pi 1.6)
		{"mock", "m", "unused"},                                    // no OAuth provider "mock": models.json apiKey still applies
	} {
		m, _ := r.Find(tc.provider, tc.id)
		if key, _, err := r.Auth(ctx, m); err != nil || key != tc.want {
			t.Errorf("%s: key %q err %v, want %q", tc.provider, key, err, tc.want)
		}
	}
	if len(r.Problems()) != 0 {
		t.Errorf("problems: %v", r.Problems()) // pi reads OAuth entries without complaint
	}
	// The runtime key (--api-key) beats everything.
	r.SetRuntimeAPIKey("anthropic", "sk-runtime")
	m, _ := r.Find("anthropic", "claude-haiku-4-5")
	if key, _, _ := r.Auth(ctx, m); key != "sk-runtime" {
		t.Errorf("runtime key = %q", key)
	}
}

func TestRegistryOAuthOnly(t *testing.T) {
	t.Parallel()
	// A valid (unexpired) login is used as is: no refresh, no network.
	dir := writeAgentDir(t, map[string]string{"auth.json": `{"anthropic": {"type": "oauth", "access": "sk-ant-oat01-x", "refresh": "y", "expires": 4102444800000},
		"google-gemini-cli": {"type": "oauth", "access": "x", "refresh": "y", "expires": 4102444800000}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir, Env: map[string]string{"GEMINI_API_KEY": "env-loses"}})
	if !r.HasAuth("anthropic") || len(r.Available()) == 0 || !r.IsUsingOAuth("anthropic") {
		t.Error("OAuth login not counted as auth")
	}
	m, _ := r.Find("anthropic", "claude-haiku-4-5")
	if key, _, err := r.Auth(context.Background(), m); err != nil || key != "sk-ant-oat01-x" {
		t.Errorf("key %q err %v", key, err)
	}
	// A login pigo has no OAuth support for fails clearly, naming the
	// provider; as in pi, the environment does not replace it.
	m, _ = r.Find("google", "gemini-2.5-pro")
	m.Provider = "google-gemini-cli"
	_, err := r.Stream(context.Background(), m, &provider.Context{}, nil)
	if !errors.Is(err, provider.ErrOAuthUnsupported) || !strings.Contains(err.Error(), `"google-gemini-cli"`) {
		t.Errorf("err = %v", err)
	}
}

func TestRegistryUnresolvableValues(t *testing.T) {
	t.Parallel()
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {"p": {"baseUrl": "http://127.0.0.1:9", "api": "openai-completions",
		"apiKey": "!exit 3", "models": [{"id": "m"}]}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	m, _ := r.Find("p", "m")
	_, err := r.Stream(context.Background(), m, &provider.Context{}, nil)
	if err == nil || err.Error() != `Failed to resolve API key for provider "p" from shell command: exit 3` {
		t.Errorf("err = %v", err)
	}
}

// IsUsingSubscription is pi 1.6's: an OAuth login to a provider whose
// pi-ai OAuth is a subscription (not OpenRouter's), never an API key.
func TestRegistryIsUsingSubscription(t *testing.T) {
	t.Parallel()
	dir := writeAgentDir(t, map[string]string{"auth.json": `{"anthropic": {"type": "oauth", "access": "a", "refresh": "y", "expires": 4102444800000},
		"openrouter": {"type": "oauth", "access": "o", "refresh": "y", "expires": 4102444800000},
		"openai": {"type": "api_key", "key": "sk-x"}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	for p, want := range map[string]bool{"anthropic": true, "openrouter": false, "openai": false, "xai": false} {
		if got := r.IsUsingSubscription(p); got != want {
			t.Errorf("%s: %v, want %v", p, got, want)
		}
	}
}

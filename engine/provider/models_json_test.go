package provider_test

import (
	"errors"
	"path/filepath"
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

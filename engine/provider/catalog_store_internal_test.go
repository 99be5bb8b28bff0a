package provider

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestStoredCatalogs: models-store.json's catalogs over the built-in one
// (TestDifferentialListModelsStore16 compares the listing with pi 1.6);
// a store that is not JSON, or an entry of the wrong shape, changes
// nothing.
func TestStoredCatalogs(t *testing.T) {
	t.Parallel()
	catalog := builtinCatalog()
	count := func(models []*Model, provider string) (n int) {
		for _, m := range models {
			if m.Provider == provider {
				n++
			}
		}
		return n
	}
	for _, bad := range []string{`{not json`, `[]`, `{"groq": 5, "openrouter": {"models": "x"}}`} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "models-store.json"), []byte(bad), 0o600); err != nil {
			t.Fatal(err)
		}
		got := withStoredCatalogs(dir, catalog)
		if len(got) != len(catalog) || count(got, "groq") != 7 || count(got, "openrouter") != 417 {
			t.Errorf("%s: %d models (groq %d, openrouter %d)", bad, len(got), count(got, "groq"), count(got, "openrouter"))
		}
	}
	dir := t.TempDir()
	store := `{"groq": {"models": [{"id": "llama-3.3-70b-versatile", "name": "Stored", "provider": "groq", "api": "openai-completions",
	  "baseUrl": "b", "contextWindow": 5, "type": "chat"}, {"id": "img", "provider": "groq", "type": "image"},
	  {"id": "other-provider", "provider": "xai"}], "lastModified": 1900000000000}}`
	if err := os.WriteFile(filepath.Join(dir, "models-store.json"), []byte(store), 0o600); err != nil {
		t.Fatal(err)
	}
	got := withStoredCatalogs(dir, catalog)
	if count(got, "groq") != 7 || len(got) != len(catalog) {
		t.Errorf("groq %d, all %d: an image model or another provider's was added", count(got, "groq"), len(got))
	}
	for _, m := range got {
		if m.Provider == "groq" && m.ID == "llama-3.3-70b-versatile" && (m.Name != "Stored" || m.ContextWindow != 5) {
			t.Errorf("stored model not applied: %+v", m)
		}
	}
	if catalogModels[0].Provider != "amazon-bedrock" || builtinCatalog()[0] != &catalogModels[0] {
		t.Error("the built-in catalog changed")
	}
}

// TestRegistryLeavesCatalogAlone: a registry shares the built-in models
// it does not change, so every change (models.json's baseUrl, compat and
// modelOverrides, a registered provider's baseUrl, a Copilot login's
// host, a runtime registration) must land on a copy.
func TestRegistryLeavesCatalogAlone(t *testing.T) {
	before := BuiltinModels()
	dir := t.TempDir()
	files := map[string]string{
		"models.json": `{"providers": {"anthropic": {"baseUrl": "http://a", "compat": {"supportsStore": true},
		  "modelOverrides": {"claude-haiku-4-5": {"name": "H", "contextWindow": 5, "thinkingLevelMap": {"high": "x"}}}},
		  "groq": {"modelOverrides": {"openai/gpt-oss-120b": {"maxTokens": 7, "headers": {"X": "1"}}}}}}`,
		"auth.json": `{"github-copilot": {"type": "oauth", "refresh": "g", "access": "tid=1;proxy-ep=proxy.business.githubcopilot.com", "expires": 1}}`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	r := NewRegistry(RegistryOptions{AgentDir: dir, Env: map[string]string{"GROQ_API_KEY": "k"}})
	if err := r.RegisterProvider("openrouter", ProviderConfig{BaseURL: "http://or"}); err != nil {
		t.Fatal(err)
	}
	for _, m := range r.All() {
		m.Name, m.ThinkingLevelMap = "changed by a reader", nil
	}
	if m, _ := r.Find("anthropic", "claude-haiku-4-5"); m.BaseURL != "http://a" || m.Name != "H" || m.ContextWindow != 5 {
		t.Errorf("the registry did not apply models.json: %+v", m)
	}
	if !reflect.DeepEqual(before, BuiltinModels()) {
		t.Error("building a registry changed the built-in catalog")
	}
}

package provider

import (
	"os"
	"path/filepath"
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

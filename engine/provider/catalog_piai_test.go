package provider_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// piAI16DataDir is pi-ai 1.6's per-provider model data; the test is
// skipped when node_modules is not installed.
func piAI16DataDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "node_modules", "@earendil-works", "pi-ai", "dist", "providers", "data")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("pi-ai 1.6 not installed (make deps)")
	}
	return dir
}

// TestCatalogMatchesPiAI16: the built-in catalog is pi-ai 1.6's chat
// models of pigo's providers, field for field and in pi-ai's order.
func TestCatalogMatchesPiAI16(t *testing.T) {
	t.Parallel()
	want, err := provider.ReadPiAICatalog(piAI16DataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	got := provider.BuiltinModels()
	if len(got) != len(want) {
		t.Errorf("catalog has %d models, pi-ai 1.6 %d: run go generate ./engine/provider", len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if !reflect.DeepEqual(got[i], want[i]) {
			g, _ := json.Marshal(got[i])
			w, _ := json.Marshal(want[i])
			t.Errorf("model %d differs (run go generate ./engine/provider):\npigo:  %s\npi-ai: %s", i, g, w)
		}
	}
	perProvider := map[string]int{}
	for _, m := range got {
		perProvider[m.Provider]++
	}
	for p, n := range map[string]int{"amazon-bedrock": 208, "anthropic": 18, "azure": 48, "deepseek": 2, "github-copilot": 35, "google": 26,
		"google-vertex": 17, "groq": 7, "mistral": 34, "openai": 47, "openai-codex": 10, "openrouter": 417, "radius": 39, "typesafe": 0,
		"vercel-ai-gateway": 305, "xai": 4} {
		if perProvider[p] != n {
			t.Errorf("%s: %d models, want pi-ai 1.6's %d", p, perProvider[p], n)
		}
	}
}

// TestCatalogFieldsPigoDrops: the pi-ai 1.6 model fields pigo's Model
// does not carry are exactly the known ones, so a field a newer pi-ai
// adds is noticed (and implemented, or added here) when the catalog is
// regenerated.
func TestCatalogFieldsPigoDrops(t *testing.T) {
	t.Parallel()
	dir := piAI16DataDir(t)
	modelKeys, compatKeys := jsonKeys(reflect.TypeFor[provider.Model]()), jsonKeys(reflect.TypeFor[provider.Compat]())
	dropped := map[string]bool{}
	entries, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	for _, file := range entries {
		p := filepath.Base(file[:len(file)-len(".json")])
		if p == "typesafe" || strings.HasPrefix(p, ".") { // not in pigo's catalog
			continue
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		models, err := provider.PiAICatalogEntries(b)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		for _, raw := range models {
			var m map[string]any
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Fatal(err)
			}
			for k, v := range m {
				if k == "compat" {
					for ck := range v.(map[string]any) {
						if !compatKeys[ck] {
							dropped["compat."+ck] = true
						}
					}
				} else if !modelKeys[k] {
					dropped[k] = true
				}
			}
		}
	}
	var got []string
	for k := range dropped {
		got = append(got, k)
	}
	sort.Strings(got)
	// type: pigo's catalog holds chat models only.
	// enabled, free, lab and providers are radius's gateway metadata
	// (pigo lists radius's models but does not serve its API).
	want := []string{"enabled", "free", "lab", "providers", "type"}
	if !slices.Equal(got, want) {
		t.Errorf("pi-ai 1.6 fields pigo drops: %q, want %q", got, want)
	}
}

// jsonKeys are the JSON names of a struct type's fields.
func jsonKeys(t reflect.Type) map[string]bool {
	keys := map[string]bool{}
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		keys[name] = true
	}
	return keys
}

// TestPiAIModelDataMatchesPiAI16: the catalog extensions read through
// pi-ai's getProviders and getModels (piai_catalog_generated.go) is
// pi-ai 1.6's, every provider in its order and every model as its data
// holds it; jsapi/compat's TestPiAICatalogMatchesPiAI16 compares what
// extensions see with pi-ai itself.
func TestPiAIModelDataMatchesPiAI16(t *testing.T) {
	t.Parallel()
	want, err := provider.ReadPiAIModelData(filepath.Join(piAI16DataDir(t), "..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var providers []string
	chat := 0
	for _, p := range want {
		providers = append(providers, p.Provider)
		chat += len(p.Chat)
		for modelType, models := range map[string][]string{"chat": p.Chat, "image": p.Image} {
			got, ok := provider.PiAIModelsJSON(p.Provider, modelType)
			if w := "[" + strings.Join(models, ",") + "]"; !ok || got != w {
				t.Errorf("%s %s models differ from pi-ai 1.6's: run go generate ./engine/provider", p.Provider, modelType)
			}
		}
	}
	if got := provider.PiAIProviders(); !slices.Equal(got, providers) {
		t.Errorf("providers %q, pi-ai 1.6 %q: run go generate ./engine/provider", got, providers)
	}
	if len(providers) != 43 || chat != 1698 {
		t.Errorf("pi-ai 1.6 has %d providers and %d chat models, want 43 and 1698", len(providers), chat)
	}
	if _, ok := provider.PiAIModelsJSON("nope", "chat"); ok {
		t.Error("an unknown provider has models")
	}
}

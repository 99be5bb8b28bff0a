package agent

import (
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pi.registerProvider's models may declare their cache lifetimes
// (custom-provider.md's promptCache).
func TestRegisteredProviderPromptCache(t *testing.T) {
	cfg, err := providerConfig(map[string]any{"baseUrl": "http://x", "apiKey": "k", "api": "anthropic-messages",
		"models": []any{map[string]any{"id": "m", "promptCache": map[string]any{"short": 300.0}}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Models) != 1 || cfg.Models[0].PromptCache == nil {
		t.Fatalf("models %+v", cfg.Models)
	}
	m := &provider.Model{PromptCache: cfg.Models[0].PromptCache}
	if ttl, ok := provider.PromptCacheTTL(m, "", ""); !ok || ttl != 5*time.Minute {
		t.Fatalf("lifetime %v %v", ttl, ok)
	}
}

package provider_test

import (
	"fmt"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestThinkingLevels(t *testing.T) {
	t.Parallel()
	r := provider.NewRegistry(provider.RegistryOptions{})
	gpt, _ := r.Find("openai", "gpt-5.4")
	// pi-ai 1.6's gpt-5.4 maps off to "none" and has no minimal.
	if got := fmt.Sprint(provider.SupportedThinkingLevels(gpt)); got != "[off low medium high xhigh]" {
		t.Errorf("gpt-5.4 levels = %v", got)
	}
	if got := provider.ClampThinkingLevel(gpt, provider.ThinkingMinimal); got != provider.ThinkingLow {
		t.Errorf("clamp minimal = %s", got)
	}
	ds, _ := r.Find("deepseek", "deepseek-v4-pro")
	if got := provider.ClampThinkingLevel(ds, provider.ThinkingLow); got != provider.ThinkingHigh {
		t.Errorf("deepseek clamp low = %s", got)
	}
	sonnet, _ := r.Find("anthropic", "claude-sonnet-4-5")
	if got := provider.ClampThinkingLevel(sonnet, provider.ThinkingXHigh); got != provider.ThinkingHigh {
		t.Errorf("sonnet clamp xhigh = %s", got)
	}
	mini, _ := r.Find("openai", "gpt-4o-mini")
	if got := provider.ClampThinkingLevel(mini, provider.ThinkingHigh); got != provider.ThinkingOff {
		t.Errorf("non-reasoning clamp = %s", got)
	}
}

// TestThinkingLevelMax: pi 1.6's "max" level is offered only where the
// model's map names it (as xhigh), and a request for it falls back to the
// strongest level the model has.
func TestThinkingLevelMax(t *testing.T) {
	t.Parallel()
	models := map[string]*provider.Model{}
	for _, m := range provider.BuiltinModels() {
		if m.Provider == "github-copilot" {
			models[m.ID] = m
		}
	}
	for id, want := range map[string]string{
		"claude-opus-5.5":   "[low medium high xhigh max]",
		"claude-sonnet-4.6": "[off minimal low medium high max]",
		"gpt-6-sol":         "[off low medium high xhigh max]",
		"grok-4.6":          "[low medium high xhigh]",
	} {
		if got := fmt.Sprint(provider.SupportedThinkingLevels(models[id])); got != want {
			t.Errorf("%s levels = %s, want %s", id, got, want)
		}
	}
	if got := provider.ClampThinkingLevel(models["grok-4.6"], provider.ThinkingMax); got != provider.ThinkingXHigh {
		t.Errorf("grok-4.6 clamp max = %s", got)
	}
	if !provider.ThinkingMax.Valid() {
		t.Error("max is not a valid level")
	}
}

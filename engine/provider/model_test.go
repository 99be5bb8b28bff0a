package provider_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestThinkingLevels(t *testing.T) {
	t.Parallel()
	r := provider.NewRegistry(provider.RegistryOptions{})
	gpt, _ := r.Find("openai", "gpt-5.4")
	if got := provider.SupportedThinkingLevels(gpt); len(got) != 5 || got[0] != provider.ThinkingMinimal {
		t.Errorf("gpt-5.4 levels = %v", got)
	}
	if got := provider.ClampThinkingLevel(gpt, provider.ThinkingOff); got != provider.ThinkingMinimal {
		t.Errorf("clamp off = %s", got)
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

package agentsession

import (
	"context"
	"testing"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// TestLevelForModelSwitch: pi 1.6 keeps the current level when the model
// changes (0.73.1 raised it to medium for a reasoning model) unless a
// level is given, the model has its own, or a default level is set.
func TestLevelForModelSwitch(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	piapi.Of(h).SetCurrentThinkingLevel("off")
	rt := &agentRuntime{host: h, settings: &piSettings{global: map[string]any{}, project: map[string]any{}}}
	reasoning := &provider.Model{Provider: "p", ID: "r", Reasoning: true}
	for _, c := range []struct {
		global   map[string]any
		explicit string
		want     string
	}{
		{map[string]any{}, "", "off"},
		{map[string]any{}, "low", "low"},
		{map[string]any{"defaultThinkingLevel": "high"}, "", "high"},
		{map[string]any{"defaultThinkingLevel": "high", "modelThinkingLevels": map[string]any{"p/r": "minimal"}}, "", "minimal"},
		{map[string]any{"modelThinkingLevels": map[string]any{"p/other": "minimal"}}, "", "off"},
	} {
		rt.settings.global = c.global
		if got := rt.levelForModelSwitch(reasoning, c.explicit); got != c.want {
			t.Errorf("settings %v, explicit %q: level %q, want %q", c.global, c.explicit, got, c.want)
		}
	}
}

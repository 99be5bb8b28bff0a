package provider_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pi16ComposedPayloadDriver composes each case's provider as pi 1.6 does
// for a models.json entry (provider-composer's composeModelProvider over
// pi-ai's built-in provider) and prints the payload pi-ai's streamSimple
// (compat.js, which takes the systemPrompt and tools context pigo's tests
// use) hands onPayload for the case's model, one line per case.
const pi16ComposedPayloadDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { composeModelProvider } = await import(spec.composer);
const { builtinProviders } = await import(spec.providers);
const { streamSimple } = await import(spec.piAi);
for (const c of spec.cases) {
  const base = builtinProviders().find((p) => p.id === c.provider);
  const composed = composeModelProvider(c.provider, base, { getProvider: (id) => (id === c.provider ? c.config : undefined) });
  const model = composed.getModels().find((m) => m.id === c.model);
  let line = "no model " + c.model;
  if (model) {
    const s = streamSimple(model, c.context, { ...c.options, signal: new AbortController().signal, onPayload: (p) => {
      line = JSON.stringify(p);
      throw new Error("stop");
    } });
    for await (const ev of s) {}
  }
  process.stdout.write(line + "\n");
}
`

// TestCustomAnthropicModelPayloadMatchesPi16: a Claude defined or
// overridden in models.json thinks as pi 1.6 composes it. A custom model
// takes only api and baseUrl from the built-in model of its id, so a
// custom "claude-opus-4-6" gets budget thinking unless its compat sets
// forceAdaptiveThinking (pi-ai 1.6 no longer infers adaptive thinking from
// the id); a modelOverrides entry keeps the built-in's compat and may turn
// adaptive thinking off. The request body pigo builds for the model its
// registry composes from the same models.json is pi's, byte for byte.
func TestCustomAnthropicModelPayloadMatchesPi16(t *testing.T) {
	piAI := piAI16Path(t)
	dist := filepath.Dir(piAI)
	composer := filepath.Join(dist, "..", "..", "pi-coding-agent", "dist", "core", "provider-composer.js")
	if _, err := os.Stat(composer); err != nil {
		t.Skip("pi-coding-agent 1.6 not installed (make deps)")
	}
	const base = `"baseUrl": "http://127.0.0.1:1", "apiKey": "k"`
	cases := []struct {
		name, config, model string
		thinking            provider.ThinkingLevel
	}{
		{"custom opus 4.6 id thinks on a budget", `{` + base + `, "models": [{"id": "claude-opus-4-6", "reasoning": true}]}`, "claude-opus-4-6", provider.ThinkingHigh},
		{"custom sonnet 4.6 id thinking off", `{` + base + `, "models": [{"id": "claude-sonnet-4-6", "reasoning": true}]}`, "claude-sonnet-4-6", ""},
		{"custom not reasoning", `{` + base + `, "models": [{"id": "claude-opus-4-7"}]}`, "claude-opus-4-7", provider.ThinkingHigh},
		{"custom forced adaptive with level map", `{` + base + `, "models": [{"id": "my-claude", "reasoning": true,
			"thinkingLevelMap": {"high": "max", "low": "medium"}, "compat": {"forceAdaptiveThinking": true}}]}`, "my-claude", provider.ThinkingHigh},
		{"custom forced adaptive default effort", `{` + base + `, "models": [{"id": "my-claude", "reasoning": true,
			"compat": {"forceAdaptiveThinking": true}}]}`, "my-claude", provider.ThinkingMinimal},
		{"provider compat forces adaptive", `{` + base + `, "compat": {"forceAdaptiveThinking": true}, "models": [{"id": "my-claude", "reasoning": true}]}`,
			"my-claude", provider.ThinkingMedium},
		{"override turns adaptive off", `{"apiKey": "k", "baseUrl": "http://127.0.0.1:1", "modelOverrides": {"claude-opus-4-6": {"compat": {"forceAdaptiveThinking": false}}}}`,
			"claude-opus-4-6", provider.ThinkingHigh},
		{"built-in through models.json keeps adaptive", `{"apiKey": "k", "baseUrl": "http://127.0.0.1:1"}`, "claude-opus-4-6", provider.ThinkingLow},
	}
	conv := testConversation()
	var specs []any
	for _, c := range cases {
		opts := map[string]any{"apiKey": "k", "maxRetries": 0}
		if c.thinking != "" {
			opts["reasoning"] = c.thinking
		}
		var config any
		if err := json.Unmarshal([]byte(c.config), &config); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		specs = append(specs, map[string]any{"provider": "anthropic", "config": config, "model": c.model, "options": opts,
			"context": map[string]any{"systemPrompt": conv.SystemPrompt, "messages": conv.Messages, "tools": conv.Tools}})
	}
	want := strings.Split(runPi16Driver(t, piAI, pi16ComposedPayloadDriver, map[string]any{
		"piAi": "file://" + piAI, "composer": "file://" + composer, "providers": "file://" + filepath.Join(dist, "providers", "all.js"), "cases": specs}), "\n")
	if len(want) != len(cases) {
		t.Fatalf("pi gave %d payloads for %d cases", len(want), len(cases))
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.HasPrefix(want[i], `{"model":`) {
				t.Fatalf("pi gave no payload: %q", want[i])
			}
			agentDir := t.TempDir()
			models := `{"providers": {"anthropic": ` + c.config + `}}`
			if err := os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(models), 0o600); err != nil {
				t.Fatal(err)
			}
			reg := provider.NewRegistry(provider.RegistryOptions{AgentDir: agentDir, Env: map[string]string{}})
			if p := reg.Problems(); len(p) > 0 {
				t.Fatalf("models.json: %v", p)
			}
			model, ok := reg.Find("anthropic", c.model)
			if !ok {
				t.Fatalf("pigo has no anthropic/%s", c.model)
			}
			conv := testConversation()
			got := pigoPayload(t, model, conv, &provider.Options{APIKey: "k", Thinking: c.thinking})
			// The payload carries the betas sent as the anthropic-beta
			// header, as pi-ai 1.6's does.
			if want := want[i]; got != want {
				t.Errorf("payload\npigo:  %s\npi:    %s", got, want)
			}
		})
	}
}

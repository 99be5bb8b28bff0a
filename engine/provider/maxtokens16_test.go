package provider_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
)

// outputCaps are the output limits a payload carries (each API names
// them its way), with the anthropic thinking budget.
func outputCaps(v any) map[string]any {
	out := map[string]any{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				switch k {
				case "max_tokens", "max_completion_tokens", "max_output_tokens", "maxOutputTokens", "maxTokens", "budget_tokens", "thinking_token_budget":
					f, _ := jsjson.Float64(e)
					out[k] = f
				default:
					walk(e)
				}
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// TestOutputCapMatchesPiAI16: with no cap asked for, pi-ai 1.6 sends the
// model's maxTokens fitted into the room its estimate of the input leaves
// in the context window (a fixed margin, or 15% of the input while that
// leaves 32768 tokens), and fits an asked-for cap the same way; the
// estimate starts from the last assistant usage when there is one. pigo
// sends the same caps for every API.
func TestOutputCapMatchesPiAI16(t *testing.T) {
	piAI := piAI16Path(t)
	model := func(api, prov, id string, window, maxTokens int) *provider.Model {
		return &provider.Model{ID: id, Name: id, API: api, Provider: prov, BaseURL: "http://127.0.0.1:1", Reasoning: true,
			Input: []string{"text", "image"}, ContextWindow: window, MaxTokens: maxTokens}
	}
	usage := func(total int) map[string]any {
		return map[string]any{"input": total, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": total,
			"cost": map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}}
	}
	long := strings.Repeat("word ", 14000) // 70000 characters: 20000 estimated tokens
	conversations := map[string]provider.Context{
		"short": testConversation(),
		"long": {SystemPrompt: "sys", Messages: []map[string]any{
			{"role": "user", "content": []any{testText(long), testImage()}, "timestamp": 1}}},
		"usage": {SystemPrompt: "sys", Messages: []map[string]any{
			{"role": "user", "content": "hi", "timestamp": 1},
			{"role": "assistant", "content": []any{testText("ok"), map[string]any{"type": "toolCall", "id": "c1", "name": "ls", "arguments": map[string]any{"path": "."}}},
				"api": "openai-completions", "provider": "openai", "model": "m", "usage": usage(30000), "stopReason": "toolUse", "timestamp": 2},
			{"role": "toolResult", "toolCallId": "c1", "toolName": "ls", "content": []any{testText(strings.Repeat("x", 3500))}, "isError": false, "timestamp": 3}}},
	}
	// A prompt section replaced mid-way: pi-ai 1.6 estimates the input on
	// the messages in place (both texts) for models that get the prompt
	// replayed (the current text only).
	section := strings.Repeat("rule ", 12000)
	conversations["sections"] = provider.Context{SystemPrompt: "sys", Messages: []map[string]any{
		{"role": "user", "content": "hi", "timestamp": 1},
		{"role": "system", "content": "", "sections": map[string]any{"rules": section + "a"}, "timestamp": 2},
		{"role": "user", "content": "again", "timestamp": 3},
		{"role": "system", "content": "Be terse.", "sections": map[string]any{"rules": section + "b"}, "timestamp": 4},
		{"role": "user", "content": "more", "timestamp": 5}}}
	type cfg struct {
		name     string
		model    *provider.Model
		thinking provider.ThinkingLevel
		cap      int
	}
	var cases []cfg
	for _, api := range []struct{ api, prov, id string }{
		{provider.APIOpenAICompletions, "openai", "gpt-4o"},
		{provider.APIOpenAIResponses, "openai", "gpt-4o"},
		{provider.APIAnthropicMessages, "anthropic", "claude-3-7-sonnet-latest"},
		{provider.APIGoogleGenerativeAI, "google", "gemini-2.5-flash"},
		{provider.APIMistralConversations, "mistral", "mistral-small-latest"},
	} {
		for _, w := range []struct{ window, max int }{{40000, 32000}, {400000, 128000}, {200000, 64000}, {1000, 4096}, {0, 4096}} {
			for _, th := range []provider.ThinkingLevel{"", provider.ThinkingMedium} {
				for _, capAsked := range []int{0, 8000} {
					cases = append(cases, cfg{fmt.Sprintf("%s/%d-%d/%s/cap%d", api.api, w.window, w.max, th, capAsked),
						model(api.api, api.prov, api.id, w.window, w.max), th, capAsked})
				}
			}
		}
	}
	type run struct {
		name string
		cfg
		conv provider.Context
	}
	var runs []run
	var specs []any
	for _, c := range cases {
		for _, convName := range []string{"short", "long", "usage", "sections"} {
			conv := conversations[convName]
			opts := map[string]any{"apiKey": "k", "maxRetries": 0}
			if c.thinking != "" {
				opts["reasoning"] = c.thinking
			}
			if c.cap > 0 {
				opts["maxTokens"] = c.cap
			}
			runs = append(runs, run{c.name + "/" + convName, c, conv})
			piContext := map[string]any{"systemPrompt": conv.SystemPrompt, "messages": conv.Messages}
			if len(conv.Tools) > 0 {
				piContext["tools"] = conv.Tools
			}
			specs = append(specs, map[string]any{"model": c.model, "options": opts, "context": piContext})
		}
	}
	want := strings.Split(runPi16Driver(t, piAI, pi16PayloadsDriver, map[string]any{"piAi": "file://" + piAI, "specs": specs}), "\n")
	if len(want) != len(runs) {
		t.Fatalf("pi-ai gave %d payloads for %d requests", len(want), len(runs))
	}
	for i, r := range runs {
		t.Run(r.name, func(t *testing.T) {
			piPayload, err := jsjson.Unmarshal([]byte(want[i]))
			if err != nil || !strings.HasPrefix(want[i], "{") {
				t.Fatalf("pi-ai gave no payload: %q", want[i])
			}
			var got map[string]any
			stop := errors.New("stop")
			conv := r.conv
			s, err := provider.Stream(context.Background(), r.model, &conv, &provider.Options{APIKey: "k", Thinking: r.thinking, MaxTokens: r.cap,
				OnPayload: func(_ context.Context, p map[string]any, _ *provider.Model) (map[string]any, error) {
					got = p
					return nil, stop
				}})
			if err != nil {
				t.Fatal(err)
			}
			s.Result()
			if g, w := js(outputCaps(got)), js(outputCaps(piPayload)); g != w {
				t.Errorf("output caps: pigo %s, pi-ai %s", g, w)
			}
		})
	}
}

// pi16PayloadsDriver is pi16PayloadDriver for a list of requests: one
// payload (or the error) a line.
const pi16PayloadsDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.piAi);
for (const one of spec.specs) {
  let line = "";
  try {
    const s = streamSimple(one.model, one.context, { ...one.options, signal: new AbortController().signal, onPayload: (p) => {
      line = JSON.stringify(p);
      throw new Error("stop");
    } });
    for await (const ev of s) { if (!line && ev.type === "error") line = "error: " + ev.error.errorMessage; }
  } catch (e) { line = line || "error: " + e.message; }
  process.stdout.write(line.replace(/\n/g, " ") + "\n");
}
`

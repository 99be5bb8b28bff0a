package provider_test

import (
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestOpenAICompletionsDetectCompatMatchesPiAI16: the openai-completions
// payload pigo builds for a conversation with tool history but no tools, a
// system prompt and thinking, per provider (pi-ai 1.6's detectCompat: the
// developer role for OpenAI only, max_tokens, store, reasoning formats) and
// per compat switch, is byte for byte pi-ai 1.6's.
func TestOpenAICompletionsDetectCompatMatchesPiAI16(t *testing.T) {
	piAI := piAI16Path(t)
	conv := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{
		userMsg("list"),
		{"role": "assistant", "api": provider.APIOpenAICompletions, "provider": "mock", "model": "mock-1", "stopReason": "toolUse", "timestamp": 2,
			"usage":   map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0, "cost": map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}},
			"content": []any{map[string]any{"type": "toolCall", "id": "call_1", "name": "ls", "arguments": map[string]any{"path": "."}}}},
		{"role": "toolResult", "toolCallId": "call_1", "toolName": "ls", "content": []any{map[string]any{"type": "text", "text": "a.txt"}}, "isError": false, "timestamp": 3},
		userMsg("thanks"),
	}}
	cases := []struct {
		name, provider, baseURL string
		compat                  *provider.Compat
	}{
		{"custom", "mock", "http://127.0.0.1:1/v1", nil},
		{"openai", "openai", "http://127.0.0.1:1/v1", nil},
		{"openai by url", "mock", "https://api.openai.com/v1", nil},
		{"together", "together", "http://127.0.0.1:1/v1", nil},
		{"nvidia", "mock", "https://integrate.api.nvidia.com/v1", nil},
		{"ant-ling", "ant-ling", "http://127.0.0.1:1/v1", nil},
		{"zai coding cn", "zai-coding-cn", "http://127.0.0.1:1/v1", nil},
		{"deepseek upper-case url", "mock", "https://API.DeepSeek.com/v1", nil},
		{"openrouter", "openrouter", "http://127.0.0.1:1/v1", nil},
		{"non-null content and tools with history", "mock", "http://127.0.0.1:1/v1",
			&provider.Compat{RequiresNonNullAssistantContent: ptrTo(true), RequiresToolsWithToolHistory: ptrTo(true)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := mockModel(provider.APIOpenAICompletions, c.baseURL)
			m.Provider, m.Reasoning, m.Compat = c.provider, true, c.compat
			opts := map[string]any{"apiKey": "k", "maxRetries": 0, "reasoning": "high"}
			spec := map[string]any{"piAi": "file://" + piAI, "model": m, "options": opts,
				"context": map[string]any{"systemPrompt": conv.SystemPrompt, "messages": conv.Messages}}
			want := runPi16Payload(t, piAI, spec)

			got := pigoPayload(t, m, conv, &provider.Options{APIKey: "k", Thinking: provider.ThinkingHigh})
			if !strings.HasPrefix(want, `{"model":`) {
				t.Fatalf("pi-ai gave no payload: %q", want)
			}
			if got != want {
				t.Errorf("payload\npigo:  %s\npi-ai: %s", got, want)
			}
		})
	}
}

// TestAnthropicToolCacheControlMatchesPiAI16: compat
// supportsCacheControlOnTools false leaves the cache_control marker off the
// last tool, as pi-ai 1.6 does; the payloads match byte for byte.
func TestAnthropicToolCacheControlMatchesPiAI16(t *testing.T) {
	piAI := piAI16Path(t)
	conv := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("list")},
		Tools: []provider.Tool{{Name: "ls", Description: "List", ParameterKeys: []string{"properties", "type"},
			Parameters: map[string]any{"type": "object", "properties": map[string]any{}}}}}
	for _, supports := range []*bool{nil, ptrTo(false)} {
		m := mockModel(provider.APIAnthropicMessages, "http://127.0.0.1:1")
		if supports != nil {
			m.Compat = &provider.Compat{SupportsCacheControlOnTools: supports}
		}
		spec := map[string]any{"piAi": "file://" + piAI, "model": m, "options": map[string]any{"apiKey": "k", "maxRetries": 0},
			"context": map[string]any{"systemPrompt": conv.SystemPrompt, "messages": conv.Messages, "tools": conv.Tools}}
		want := runPi16Payload(t, piAI, spec)
		got := pigoPayload(t, m, conv, &provider.Options{APIKey: "k"})
		if got != want || strings.Contains(got, `"required":[]},"cache_control"`) == (supports != nil) {
			t.Errorf("supportsCacheControlOnTools %v: payload\npigo:  %s\npi-ai: %s", supports, got, want)
		}
	}
}

// TestAnthropicThinkingReplayMatchesPiAI16: replayed thinking without a
// signature goes as text, or as thinking with signature "" under compat
// allowEmptySignature; empty thinking with a signature is still replayed;
// the payloads match pi-ai 1.6's byte for byte.
func TestAnthropicThinkingReplayMatchesPiAI16(t *testing.T) {
	piAI := piAI16Path(t)
	usage := map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 0,
		"cost": map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}}
	conv := provider.Context{Messages: []map[string]any{
		userMsg("think"),
		{"role": "assistant", "api": provider.APIAnthropicMessages, "provider": "mock", "model": "mock-1", "stopReason": "stop", "timestamp": 2, "usage": usage,
			"content": []any{
				map[string]any{"type": "thinking", "thinking": "unsigned thought", "thinkingSignature": ""},
				map[string]any{"type": "thinking", "thinking": " ", "thinkingSignature": "c2ln"},
				map[string]any{"type": "thinking", "thinking": " ", "thinkingSignature": ""},
				map[string]any{"type": "text", "text": "done"}}},
		userMsg("again"),
	}}
	for _, allow := range []*bool{nil, ptrTo(true)} {
		m := mockModel(provider.APIAnthropicMessages, "http://127.0.0.1:1")
		if allow != nil {
			m.Compat = &provider.Compat{AllowEmptySignature: allow}
		}
		spec := map[string]any{"piAi": "file://" + piAI, "model": m, "options": map[string]any{"apiKey": "k", "maxRetries": 0},
			"context": map[string]any{"messages": conv.Messages}}
		want := runPi16Payload(t, piAI, spec)
		got := pigoPayload(t, m, conv, &provider.Options{APIKey: "k"})
		if !strings.HasPrefix(want, `{"model":`) || got != want {
			t.Errorf("allowEmptySignature %v: payload\npigo:  %s\npi-ai: %s", allow != nil, got, want)
		}
	}
}

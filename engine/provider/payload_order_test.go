package provider_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
)

// TestHandlerPayload: an openai-completions body reaches handlers with
// pi-ai's key order at every depth, keys pi-ai does not set last
// (sorted), a declared schema as it is; other APIs' bodies unchanged.
func TestHandlerPayload(t *testing.T) {
	schema := &jsjson.Object{{Key: "type", Value: "object"}, {Key: "required", Value: []any{}}, {Key: "properties", Value: map[string]any{}}}
	body := map[string]any{
		"zz_extra": 1, "tools": []any{map[string]any{"function": map[string]any{"parameters": schema, "name": "t", "description": "d"}, "type": "function"}},
		"stream_options": map[string]any{"include_usage": true}, "stream": true, "store": false,
		"messages": []any{map[string]any{"tool_call_id": "c", "content": "x", "role": "tool"},
			map[string]any{"tool_calls": []any{map[string]any{"function": map[string]any{"arguments": "{}", "name": "t"}, "type": "function", "id": "c"}},
				"content": nil, "role": "assistant"}},
		"model": "m", "max_completion_tokens": 5,
	}
	got := jsjson.Stringify(provider.HandlerPayload(provider.APIOpenAICompletions, body))
	want := `{"model":"m","messages":[{"role":"tool","content":"x","tool_call_id":"c"},` +
		`{"role":"assistant","content":null,"tool_calls":[{"id":"c","type":"function","function":{"name":"t","arguments":"{}"}}]}],` +
		`"stream":true,"stream_options":{"include_usage":true},"store":false,"max_completion_tokens":5,` +
		`"tools":[{"type":"function","function":{"name":"t","description":"d","parameters":{"type":"object","required":[],"properties":{}}}}],"zz_extra":1}`
	if got != want {
		t.Errorf("payload\n got %s\nwant %s", got, want)
	}
	if _, ok := provider.HandlerPayload("some-api", body).(map[string]any); !ok {
		t.Error("an API without a known order: payload changed")
	}
}

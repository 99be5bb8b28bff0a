package provider_test

import (
	"net/http/httptest"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestFinishReasonMatchesPiAI16: an openai-completions stream without a
// finish_reason fails with pi-ai 1.6's "Stream ended without
// finish_reason" even after [DONE], unless compat.supportsFinishReason is
// false: then it stops (toolUse when a tool was called).
func TestFinishReasonMatchesPiAI16(t *testing.T) {
	text := "data: " + oaChunk(map[string]any{"role": "assistant", "content": "Hi"}, nil) + "\n\n"
	call := "data: " + oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 0, "id": "call_1", "type": "function",
		"function": map[string]any{"name": "ls", "arguments": "{}"}}}}, nil) + "\n\n"
	cases := []struct {
		name, raw   string
		compat      *provider.Compat
		stop, error string
	}{
		{"done without finish_reason", text + "data: [DONE]\n\n", nil, "error", "Stream ended without finish_reason"},
		{"eof without finish_reason", text, nil, "error", "Stream ended without finish_reason"},
		{"no finish_reason supported", text + "data: [DONE]\n\n", &provider.Compat{SupportsFinishReason: ptrTo(false)}, "stop", ""},
		{"no finish_reason supported, tool call", call, &provider.Compat{SupportsFinishReason: ptrTo(false)}, "toolUse", ""},
	}
	piAI := piAI16UnlessShort()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(rawClose(c.raw))
			t.Cleanup(srv.Close)
			m := mockModel(provider.APIOpenAICompletions, srv.URL+"/v1")
			m.Compat = c.compat
			expectOutcome(t, piAI, m, c.stop, c.error)
		})
	}
}

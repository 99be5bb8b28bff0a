package provider_test

import (
	"net/http"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func vertexModel(id string, tl provider.ThinkingLevelMap) func(base string) *provider.Model {
	return func(base string) *provider.Model {
		m := mockModel(provider.APIGoogleVertex, base)
		m.ID, m.Provider = id, "google-vertex"
		m.Reasoning, m.ThinkingLevelMap = true, tl
		m.Input = []string{"text", "image"}
		m.ContextWindow, m.MaxTokens = 1048576, 8192
		return m
	}
}

func TestDifferentialGoogleVertex(t *testing.T) {
	piAI := piAI16Path(t)
	flash := vertexModel("gemini-2.5-flash", nil)
	gemini3 := provider.ThinkingLevelMap{provider.ThinkingOff: nil, provider.ThinkingMinimal: ptrTo("minimal"), provider.ThinkingLow: ptrTo("low"),
		provider.ThinkingMedium: ptrTo("medium"), provider.ThinkingHigh: ptrTo("high"), provider.ThinkingXHigh: nil}
	pro31 := provider.ThinkingLevelMap{provider.ThinkingOff: nil, provider.ThinkingMinimal: nil, provider.ThinkingLow: ptrTo("low"),
		provider.ThinkingMedium: ptrTo("medium"), provider.ThinkingHigh: ptrTo("high"), provider.ThinkingXHigh: nil}
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	tools := []provider.Tool{{Name: "read", Description: "Read a file", Parameters: map[string]any{
		"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"},
			"mode": map[string]any{"const": "fast"}, "n": map[string]any{"anyOf": []any{map[string]any{"const": 1}, map[string]any{"const": true}}}},
		"required": []any{"path"}}}}
	p := func(parts ...any) []any { return parts }
	stop := func(base string) []http.HandlerFunc {
		return []http.HandlerFunc{sse(gmChunk(p(gmText("ok")), "STOP", nil))}
	}
	withBase := func(suffix string) func(base string) *provider.Model {
		return func(base string) *provider.Model { return flash(base + suffix) }
	}
	cases := []diffCase{
		{name: "text", model: flash, context: hello, handlers: []http.HandlerFunc{sse(
			gmChunk(p(gmText("Hel")), "", nil),
			gmChunk(p(gmText("lo <b> & é")), "", nil),
			gmChunk(p(gmText("")), "STOP", gmUsage(100, 20, 5, 30)))}},
		{name: "base url with version", model: withBase("/v1beta1"), context: hello, handlers: stop("")},
		{name: "thinking budget", model: flash, context: hello, thinking: provider.ThinkingMedium, handlers: []http.HandlerFunc{sse(
			gmChunk(p(gmThought("Let me ", "c2lnMQ=="), gmThought("think.", "")), "", nil),
			gmChunk(p(gmText("Answer", "thoughtSignature", "dGV4dA==")), "", nil),
			gmChunk(p(gmText("", "thoughtSignature", "ZW5k")), "STOP", gmUsage(10, 3, 7, 0)))}},
		{name: "thinking budget flash lite", model: vertexModel("gemini-2.5-flash-lite", nil), context: hello, thinking: provider.ThinkingMinimal, handlers: stop("")},
		{name: "thinking dynamic", model: vertexModel("gemini-2.0-pro", nil), context: hello, thinking: provider.ThinkingHigh, handlers: stop("")},
		{name: "thinking level gemini 3", model: vertexModel("gemini-3-flash-preview", gemini3), context: hello, thinking: provider.ThinkingLow, handlers: stop("")},
		{name: "thinking level clamped", model: vertexModel("gemini-3.1-pro-preview", pro31), context: hello, thinking: provider.ThinkingMinimal, handlers: stop("")},
		{name: "thinking level gemini 4", model: vertexModel("gemini-4-argon", nil), context: hello, thinking: provider.ThinkingMedium, handlers: stop("")},
		{name: "thinking off gemini 3", model: vertexModel("gemini-3-flash-preview", gemini3), context: hello, handlers: stop("")},
		{name: "thinking off gemini 3.1 pro", model: vertexModel("gemini-3.1-pro-preview", pro31), context: hello, handlers: stop("")},
		{name: "thinking off gemini 2.5", model: flash, context: hello, handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("ok")), "MAX_TOKENS", nil))}},
		{name: "unsupported level mapping", model: vertexModel("gemini-3-flash-preview", provider.ThinkingLevelMap{provider.ThinkingHigh: ptrTo("ultra")}),
			context: hello, thinking: provider.ThinkingHigh, handlers: stop("")},
		{name: "tools", model: flash, context: provider.Context{Messages: []map[string]any{userMsg("read")}, Tools: tools},
			handlers: []http.HandlerFunc{sse(
				gmChunk(p(gmText("Reading.")), "", nil),
				gmChunk(p(gmCall("", "read", map[string]any{"path": "a.txt", "z": 1, "a": []any{true, nil, 1.5}}, "c2lnMQ=="),
					gmCall("call_x", "read", map[string]any{"path": "<b>"}, "")), "", nil),
				gmChunk(p(gmCall("call_x", "read", nil, "")), "STOP", gmUsage(20, 9, 0, 0)))}},
		{name: "continuation", model: flash, context: hello, handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("part")), "CONTINUATION", nil))}},
		{name: "safety", model: flash, context: hello, handlers: []http.HandlerFunc{sse(
			gmChunk(p(gmText("part")), "", nil), gmChunk(nil, "SAFETY", gmUsage(5, 1, 0, 0)))}},
		{name: "too many tool calls", model: flash, context: hello, handlers: []http.HandlerFunc{sse(gmChunk(nil, "TOO_MANY_TOOL_CALLS", nil))}},
		{name: "unknown finish reason", model: flash, context: hello, handlers: []http.HandlerFunc{sse(
			gmChunk(p(gmText("part")), "NEW_REASON", nil))}},
		{name: "no finish reason", model: flash, context: hello, handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("part")), "", nil))}},
		{name: "incomplete segment", model: flash, context: hello, handlers: []http.HandlerFunc{rawClose(
			"data: " + gmChunk(p(gmText("a")), "", nil) + "\n\ndata: {\"candidates\":[{\"cont")}},
		{name: "http 400 json", model: flash, context: hello, handlers: []http.HandlerFunc{status(400,
			map[string]string{"Content-Type": "application/json; charset=UTF-8"},
			`{"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT"}}`)}},
		{name: "http 500 text", model: flash, context: hello, handlers: []http.HandlerFunc{status(500, map[string]string{"Content-Type": "text/plain"}, "internal <oops>")}},
		{name: "429 then ok", model: flash, context: hello, maxRetries: 2, handlers: []http.HandlerFunc{
			status(429, map[string]string{"Content-Type": "application/json", "Retry-After": "0"}, `{"error":{"code":429,"message":"Resource exhausted","status":"RESOURCE_EXHAUSTED"}}`),
			sse(gmChunk(p(gmText("ok")), "STOP", nil))}},
		{name: "abort", model: flash, context: hello, abortAfter: 3, handlers: []http.HandlerFunc{rawThenHang(
			"data: " + gmChunk(p(gmText("one")), "", nil) + "\n\n")}},
		{name: "conversation", model: flash, context: vertexConversation(), handlers: stop("")},
		{name: "conversation gemini 3", model: vertexModel("gemini-3-flash-preview", gemini3), context: vertexConversation(), handlers: stop("")},
		{name: "conversation claude ids", model: vertexModel("claude-sonnet-4-5", nil), context: vertexConversation(), handlers: stop("")},
	}
	compareCasesWithPi(t, piAI, cases)
}

// vertexConversation is googleConversation's history made on Vertex, its
// first turn with a blank text and a blank thinking that carry signatures
// (pi-ai 1.6 replays them).
func vertexConversation() provider.Context {
	c := googleConversation()
	first := true
	for _, m := range c.Messages {
		if m["api"] == "google-generative-ai" {
			m["api"], m["provider"] = "google-vertex", "google-vertex"
			if first {
				m["content"] = append(m["content"].([]any), map[string]any{"type": "text", "text": " ", "textSignature": "ZW1wdHk="},
					map[string]any{"type": "thinking", "thinking": "", "thinkingSignature": "dGhpbms="})
				first = false
			}
		}
	}
	return c
}

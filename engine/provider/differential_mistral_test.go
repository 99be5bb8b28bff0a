package provider_test

import (
	"net/http"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// msChunk is one Mistral CompletionChunk with the first choice's delta and
// finish_reason (null when "").
func msChunk(delta map[string]any, finish string) string {
	choice := map[string]any{"index": 0, "delta": delta, "finish_reason": nil}
	if finish != "" {
		choice["finish_reason"] = finish
	}
	return js(map[string]any{"id": "cmpl-m1", "object": "chat.completion.chunk", "created": 1, "model": "mistral-mock", "choices": []any{choice}})
}

func msUsage(prompt, completion, cached int) string {
	u := map[string]any{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}
	if cached > 0 {
		u["prompt_tokens_details"] = map[string]any{"cached_tokens": cached}
	}
	return js(map[string]any{"id": "cmpl-m1", "object": "chat.completion.chunk", "created": 1, "model": "mistral-mock",
		"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": ""}, "finish_reason": "stop"}}, "usage": u})
}

func msCall(index any, id, name, args string) map[string]any {
	c := map[string]any{"id": id, "type": "function", "function": map[string]any{"name": name, "arguments": args}}
	if index != nil {
		c["index"] = index
	}
	return map[string]any{"tool_calls": []any{c}}
}

func mistralModel(id string, reasoning bool, tl provider.ThinkingLevelMap) func(base string) *provider.Model {
	return func(base string) *provider.Model {
		m := mockModel(provider.APIMistralConversations, base)
		m.ID, m.Provider = id, "mistral"
		m.Reasoning, m.ThinkingLevelMap = reasoning, tl
		m.Input = []string{"text", "image"}
		m.ContextWindow, m.MaxTokens = 256000, 8192
		return m
	}
}

func TestDifferentialMistral(t *testing.T) {
	piAI := piAI16Path(t)
	small := mistralModel("mistral-small-latest", false, nil)
	magistral := mistralModel("magistral-medium-latest", true, nil)
	effort := mistralModel("mistral-small-2603", true, provider.ThinkingLevelMap{
		provider.ThinkingOff: ptrTo("none"), provider.ThinkingMinimal: nil, provider.ThinkingLow: nil,
		provider.ThinkingMedium: nil, provider.ThinkingHigh: ptrTo("high"), provider.ThinkingXHigh: nil})
	textOnly := func(base string) *provider.Model {
		m := small(base)
		m.Input = []string{"text"}
		return m
	}
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	tools := []provider.Tool{{Name: "read", Description: "Read a file", Parameters: map[string]any{
		"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"}}}}
	withTools := provider.Context{Messages: []map[string]any{userMsg("read two")}, Tools: tools}
	thinking := func(text string) map[string]any {
		return map[string]any{"content": []any{map[string]any{"type": "thinking", "thinking": []any{map[string]any{"type": "text", "text": text}}}}}
	}
	cases := []diffCase{
		{name: "text", model: small, context: hello, handlers: []http.HandlerFunc{sse(
			msChunk(map[string]any{"role": "assistant", "content": "Hel"}, ""),
			msChunk(map[string]any{"content": "lo <b> & é"}, ""),
			msUsage(100, 20, 30), "[DONE]")}},
		{name: "text chunks and empty deltas", model: small, context: hello, handlers: []http.HandlerFunc{sse(
			msChunk(map[string]any{"content": ""}, ""),
			msChunk(map[string]any{"content": []any{"a", map[string]any{"type": "text", "text": "b"}}}, ""),
			msChunk(map[string]any{"content": nil}, "length"), "[DONE]")}},
		{name: "prompt mode reasoning", model: magistral, context: hello, thinking: provider.ThinkingMedium, handlers: []http.HandlerFunc{sse(
			msChunk(thinking("Let me "), ""), msChunk(thinking("think."), ""),
			msChunk(map[string]any{"content": ""}, ""),
			msChunk(map[string]any{"content": "Answer"}, ""),
			msChunk(thinking("again"), "stop"), "[DONE]")}},
		{name: "reasoning effort", model: effort, context: hello, thinking: provider.ThinkingLow,
			handlers: []http.HandlerFunc{sse(msChunk(map[string]any{"content": "ok"}, "stop"), "[DONE]")}},
		{name: "reasoning effort off", model: effort, context: hello,
			handlers: []http.HandlerFunc{sse(msChunk(map[string]any{"content": "ok"}, "stop"), "[DONE]")}},
		{name: "tools", model: small, context: withTools, handlers: []http.HandlerFunc{sse(
			msChunk(map[string]any{"content": "Reading."}, ""),
			msChunk(msCall(0, "abcDEF123", "read", `{"pa`), ""),
			msChunk(msCall(0, "abcDEF123", "read", `th": "a.txt"}`), ""),
			msChunk(msCall(1, "null", "read", `{"path": "b"}`), ""),
			msChunk(msCall(nil, "", "read", `{"z": 1, "a": [true, null]}`), ""),
			msChunk(map[string]any{}, "tool_calls"), msUsage(20, 9, 0), "[DONE]")}},
		{name: "malformed tool arguments", model: small, context: withTools, handlers: []http.HandlerFunc{sse(
			msChunk(msCall(0, "abcDEF123", "read", `{"path": "a\q", "n": 1.`), ""),
			msChunk(map[string]any{}, "tool_calls"), "[DONE]")}},
		{name: "finish error", model: small, context: hello, handlers: []http.HandlerFunc{sse(
			msChunk(map[string]any{"content": "part"}, "error"), "[DONE]")}},
		{name: "finish unknown", model: small, context: hello, handlers: []http.HandlerFunc{sse(
			msChunk(map[string]any{"content": "part"}, "model_refused"), "[DONE]")}},
		{name: "no finish reason", model: small, context: hello, handlers: []http.HandlerFunc{sse(
			msChunk(map[string]any{"content": "part"}, ""), "[DONE]")}},
		{name: "no done marker", model: small, context: hello, handlers: []http.HandlerFunc{rawClose(
			"data: " + msChunk(map[string]any{"content": "a"}, "") + "\r\n\r\ndata: " + msChunk(map[string]any{"content": "b"}, "stop"))}},
		{name: "invalid json", model: small, context: hello, handlers: []http.HandlerFunc{sse(
			msChunk(map[string]any{"content": "a"}, ""), `{"choices": [`)}},
		{name: "no choices", model: small, context: hello, handlers: []http.HandlerFunc{sse(`{"id": "x", "object": "error"}`)}},
		{name: "http 401", model: small, context: hello, handlers: []http.HandlerFunc{status(401, map[string]string{"Content-Type": "application/json"},
			`{"message":"Unauthorized","request_id":"r1"}`)}},
		{name: "http 503 empty", model: small, context: hello, handlers: []http.HandlerFunc{status(503, nil, "")}},
		{name: "429 not retried", model: small, context: hello, maxRetries: 2, handlers: []http.HandlerFunc{
			status(429, map[string]string{"Retry-After": "0"}, `{"message":"slow down"}`),
			sse(msChunk(map[string]any{"content": "ok"}, "stop"), "[DONE]")}},
		{name: "abort", model: small, context: hello, abortAfter: 3, handlers: []http.HandlerFunc{rawThenHang(
			"data: " + msChunk(map[string]any{"content": "one"}, "") + "\n\n")}},
		{name: "session affinity", model: small, context: hello, sessionID: "sess-1",
			handlers: []http.HandlerFunc{sse(msChunk(map[string]any{"content": "k"}, "stop"), "[DONE]")}},
		{name: "conversation", model: magistral, context: mistralConversation(), handlers: []http.HandlerFunc{sse(msChunk(map[string]any{"content": "k"}, "stop"))}},
		{name: "conversation text only model", model: textOnly, context: mistralConversation(),
			handlers: []http.HandlerFunc{sse(msChunk(map[string]any{"content": "k"}, "stop"))}},
	}
	compareCasesWithPi(t, piAI, cases)
}

// mistralConversation is a history with Mistral's own turn (thinking,
// text, a nine-character call id), tool results with images, empty output
// and an error, another provider's calls with ids Mistral rejects (two
// that normalize alike), an errored turn and an orphaned call.
func mistralConversation() provider.Context {
	img, asst, result, text := testImage(), testAssistant, testToolResult, testText
	const api = "mistral-conversations"
	return testConversation(
		asst(api, "mistral", "magistral-medium-latest", "toolUse",
			map[string]any{"type": "thinking", "thinking": "I should list"},
			map[string]any{"type": "thinking", "thinking": "  "},
			text("Listing."), text(" "),
			map[string]any{"type": "toolCall", "id": "abcDEF123", "name": "ls", "arguments": map[string]any{"path": ".", "deep": true}}),
		result("abcDEF123", false, text("a.txt"), img),
		asst("anthropic-messages", "anthropic", "claude-x", "toolUse",
			map[string]any{"type": "thinking", "thinking": "foreign thoughts", "thinkingSignature": "sig"},
			text("Foreign."),
			map[string]any{"type": "toolCall", "id": "toolu_01/x", "name": "ls", "arguments": map[string]any{}},
			map[string]any{"type": "toolCall", "id": "toolu_01x", "name": "ls", "arguments": map[string]any{"path": "b"}},
			map[string]any{"type": "toolCall", "id": "call-123456789", "name": "ls", "arguments": map[string]any{"path": "c"}}),
		result("toolu_01/x", false, img),
		result("toolu_01x", true, text("boom")),
		map[string]any{"role": "toolResult", "toolCallId": "call-123456789", "toolName": "ls", "content": []any{}, "isError": false, "timestamp": 3},
		asst(api, "mistral", "magistral-medium-latest", "error", text("broken turn")),
		asst(api, "mistral", "magistral-medium-latest", "toolUse", map[string]any{"type": "toolCall", "id": "orphan", "name": "ls", "arguments": map[string]any{}}),
		map[string]any{"role": "user", "content": "continue", "timestamp": 5},
	)
}

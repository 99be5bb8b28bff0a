package provider_test

import (
	"io"
	"net/http"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// gmChunk is one streamGenerateContent chunk with the first candidate's
// parts, finishReason and usageMetadata (omitted when empty).
func gmChunk(parts []any, finish string, usage map[string]any) string {
	cand := map[string]any{"content": map[string]any{"role": "model", "parts": parts}, "index": 0}
	if finish != "" {
		cand["finishReason"] = finish
	}
	c := map[string]any{"candidates": []any{cand}, "modelVersion": "gemini-mock-001", "responseId": "resp-g1"}
	if usage != nil {
		c["usageMetadata"] = usage
	}
	return js(c)
}

func gmText(text string, kv ...any) map[string]any {
	p := map[string]any{"text": text}
	for i := 0; i+1 < len(kv); i += 2 {
		p[kv[i].(string)] = kv[i+1]
	}
	return p
}

func gmThought(text, sig string) map[string]any {
	p := map[string]any{"text": text, "thought": true}
	if sig != "" {
		p["thoughtSignature"] = sig
	}
	return p
}

func gmCall(id, name string, args map[string]any, sig string) map[string]any {
	fc := map[string]any{"name": name, "args": args}
	if id != "" {
		fc["id"] = id
	}
	p := map[string]any{"functionCall": fc}
	if sig != "" {
		p["thoughtSignature"] = sig
	}
	return p
}

func gmUsage(prompt, candidates, thoughts, cached int) map[string]any {
	u := map[string]any{"promptTokenCount": prompt, "candidatesTokenCount": candidates, "totalTokenCount": prompt + candidates + thoughts}
	if thoughts > 0 {
		u["thoughtsTokenCount"] = thoughts
	}
	if cached > 0 {
		u["cachedContentTokenCount"] = cached
	}
	return u
}

// rawClose writes raw and ends the response cleanly.
func rawClose(raw string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		io.WriteString(w, raw)
	}
}

func googleModel(id string) func(base string) *provider.Model {
	return func(base string) *provider.Model {
		m := mockModel(provider.APIGoogleGenerativeAI, base)
		m.ID, m.Provider = id, "google"
		m.Reasoning = true
		m.Input = []string{"text", "image"}
		return m
	}
}

// TestDifferentialGoogle compares google-generative-ai with pi-ai 1.6's
// (its thinking levels, stop reasons, errors, const as enum in tool
// schemas, tool call ids, other models' thinking dropped).
func TestDifferentialGoogle(t *testing.T) {
	piAI := piAI16Path(t)
	flash := googleModel("gemini-2.5-flash")
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	tools := []provider.Tool{{Name: "read", Description: "Read a file", Parameters: map[string]any{
		"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"},
			"mode": map[string]any{"const": "fast"}, "n": map[string]any{"anyOf": []any{map[string]any{"const": 1}, map[string]any{"const": true}}}},
		"required": []any{"path"}}}}
	p := func(parts ...any) []any { return parts }
	xhighModel := func(base string) *provider.Model {
		m := googleModel("gemini-3-pro-preview")(base)
		m.ThinkingLevelMap = provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("HIGH")}
		return m
	}
	cases := []diffCase{
		{name: "text", model: flash, context: hello, handlers: []http.HandlerFunc{sse(
			gmChunk(p(gmText("Hel")), "", nil),
			gmChunk(p(gmText("lo <b> & é")), "", nil),
			gmChunk(p(gmText("")), "STOP", gmUsage(100, 20, 5, 30)))}},
		{name: "thinking budget", model: flash, context: hello, thinking: provider.ThinkingMedium, handlers: []http.HandlerFunc{sse(
			gmChunk(p(gmThought("Let me ", "c2lnMQ=="), gmThought("think.", "")), "", nil),
			gmChunk(p(gmText("Answer", "thoughtSignature", "dGV4dA==")), "", nil),
			gmChunk(p(gmText("", "thoughtSignature", "ZW5k")), "STOP", gmUsage(10, 3, 7, 0)))}},
		{name: "thinking level gemini 3 pro", model: googleModel("gemini-3-pro-preview"), context: hello, thinking: provider.ThinkingLow,
			handlers: []http.HandlerFunc{sse(gmChunk(p(gmThought("hm", ""), gmText("ok")), "STOP", nil))}},
		{name: "thinking xhigh", model: xhighModel, context: hello, thinking: provider.ThinkingXHigh,
			handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("ok")), "STOP", nil))}},
		{name: "thinking gemma 4", model: googleModel("gemma-4-31b-it"), context: hello, thinking: provider.ThinkingMedium,
			handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("ok")), "STOP", nil))}},
		{name: "thinking dynamic", model: googleModel("gemini-flash-latest"), context: hello, thinking: provider.ThinkingHigh,
			handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("ok")), "STOP", nil))}},
		{name: "thinking off gemini 3 flash", model: googleModel("gemini-3-flash-preview"), context: hello,
			handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("ok")), "STOP", nil))}},
		{name: "thinking off gemini 2.5", model: flash, context: hello,
			handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("ok")), "MAX_TOKENS", nil))}},
		{name: "tools", model: flash, context: provider.Context{Messages: []map[string]any{userMsg("read")}, Tools: tools},
			handlers: []http.HandlerFunc{sse(
				gmChunk(p(gmText("Reading.")), "", nil),
				gmChunk(p(gmCall("", "read", map[string]any{"path": "a.txt", "z": 1, "a": []any{true, nil, 1.5}}, "c2lnMQ=="),
					gmCall("call_x", "read", map[string]any{"path": "<b>"}, "")), "", nil),
				gmChunk(p(gmCall("call_x", "read", nil, "")), "STOP", gmUsage(20, 9, 0, 0)))}},
		{name: "safety", model: flash, context: hello, handlers: []http.HandlerFunc{sse(
			gmChunk(p(gmText("part")), "", nil), gmChunk(nil, "SAFETY", gmUsage(5, 1, 0, 0)))}},
		{name: "unknown finish reason", model: flash, context: hello, handlers: []http.HandlerFunc{sse(
			gmChunk(p(gmText("part")), "NEW_REASON", nil))}},
		{name: "continuation", model: flash, context: hello, handlers: []http.HandlerFunc{sse(
			gmChunk(p(gmText("part")), "CONTINUATION", nil))}},
		{name: "too many tool calls", model: flash, context: hello, handlers: []http.HandlerFunc{sse(
			gmChunk(p(gmText("part")), "TOO_MANY_TOOL_CALLS", nil))}},
		{name: "no finish reason", model: flash, context: hello, handlers: []http.HandlerFunc{rawClose(
			"data: " + gmChunk(p(gmText("a")), "", nil) + "\n\n")}},
		{name: "thinking unmapped level", model: func(base string) *provider.Model {
			m := googleModel("gemini-3-pro-preview")(base)
			m.ThinkingLevelMap = provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("max")}
			return m
		}, context: hello, thinking: provider.ThinkingXHigh, handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("ok")), "STOP", nil))}},
		{name: "crlf framing", model: flash, context: hello, handlers: []http.HandlerFunc{rawClose(
			"data: " + gmChunk(p(gmText("a")), "", nil) + "\r\n\r\ndata: " + gmChunk(p(gmText("b")), "STOP", nil) + "\r\n\r\n")}},
		{name: "incomplete segment", model: flash, context: hello, handlers: []http.HandlerFunc{rawClose(
			"data: " + gmChunk(p(gmText("a")), "", nil) + "\n\ndata: {\"candidates\":[{\"cont")}},
		{name: "http 400 json", model: flash, context: hello, handlers: []http.HandlerFunc{status(400,
			map[string]string{"Content-Type": "application/json; charset=UTF-8"},
			`{"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID"}]}}`)}},
		{name: "http 500 text", model: flash, context: hello, handlers: []http.HandlerFunc{status(500, map[string]string{"Content-Type": "text/plain"}, "internal <oops>")}},
		{name: "http 429 json", model: flash, context: hello, handlers: []http.HandlerFunc{status(429, map[string]string{"Content-Type": "application/json"},
			`{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}`)}},
		{name: "dropped connection", model: flash, context: hello, handlers: []http.HandlerFunc{truncated(
			"data: " + gmChunk(p(gmText("a")), "", nil) + "\r\n\r\ndata: {\"cand")}},
		// The stream hangs after the events the consumer waits for, so the
		// abort point is deterministic.
		{name: "abort", model: flash, context: hello, abortAfter: 3, handlers: []http.HandlerFunc{rawThenHang(
			"data: " + gmChunk(p(gmText("one")), "", nil) + "\n\n")}},
		{name: "abort during thinking", model: flash, context: hello, thinking: provider.ThinkingLow, abortAfter: 3,
			handlers: []http.HandlerFunc{rawThenHang("data: " + gmChunk(p(gmThought("hm", "c2ln")), "", nil) + "\n\n")}},
		{name: "conversation", model: flash, context: googleConversation(), handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("k")), "STOP", nil))}},
		{name: "conversation gemini 3", model: googleModel("gemini-3-flash-preview"), context: googleConversation(),
			handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("k")), "STOP", nil))}},
		{name: "conversation claude ids", model: googleModel("claude-sonnet-4-5"), context: googleConversation(),
			handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("k")), "STOP", nil))}},
		{name: "conversation text only model", model: func(base string) *provider.Model {
			m := flash(base)
			m.Input = []string{"text"}
			return m
		}, context: googleConversation(), handlers: []http.HandlerFunc{sse(gmChunk(p(gmText("k")), "STOP", nil))}},
	}
	compareCasesWithPi(t, piAI, cases)
}

// googleConversation is a history for Gemini: same-model thinking, text and
// tool-call signatures (one not base64), tool results with images and an
// error, another provider's thinking, an errored turn, an orphaned call.
func googleConversation() provider.Context {
	img, asst, result, text := testImage(), testAssistant, testToolResult, testText
	const g = "google-generative-ai"
	return testConversation(
		asst(g, "google", "gemini-2.5-flash", "toolUse",
			map[string]any{"type": "thinking", "thinking": "I should list", "thinkingSignature": "c2lnMQ=="},
			map[string]any{"type": "thinking", "thinking": "  "},
			map[string]any{"type": "text", "text": "Listing.", "textSignature": "dGV4dA=="},
			map[string]any{"type": "text", "text": " "},
			map[string]any{"type": "toolCall", "id": "ls_1700000000000_1", "name": "ls", "arguments": map[string]any{"path": "."}, "thoughtSignature": "Y2FsbA=="},
			map[string]any{"type": "toolCall", "id": "call|2", "name": "ls", "arguments": map[string]any{"path": "src"}, "thoughtSignature": "not base64!"}),
		result("ls_1700000000000_1", false, text("a.txt"), img),
		result("call|2", true, text("boom")),
		asst("anthropic-messages", "anthropic", "claude-x", "toolUse",
			map[string]any{"type": "thinking", "thinking": "foreign thoughts", "thinkingSignature": "sig"},
			text("Foreign."),
			map[string]any{"type": "toolCall", "id": "toolu_01/x", "name": "ls", "arguments": map[string]any{}}),
		result("toolu_01/x", false, img),
		asst(g, "google", "gemini-2.5-flash", "error", text("broken turn")),
		asst(g, "google", "gemini-2.5-flash", "toolUse", map[string]any{"type": "toolCall", "id": "orphan", "name": "ls", "arguments": map[string]any{}}),
		map[string]any{"role": "user", "content": "continue", "timestamp": 5},
	)
}

package provider_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

func oaModel(srv *fakeServer) *provider.Model {
	return mockModel(provider.APIOpenAICompletions, srv.URL+"/v1")
}

func TestOpenAITextStream(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(
		oaChunk(map[string]any{"role": "assistant", "content": "Hel"}, nil),
		oaChunk(map[string]any{"content": "lo"}, nil),
		oaChunk(map[string]any{}, "stop"),
		oaUsage(1000, 200), "[DONE]"))
	evs, msg := mustStream(t, oaModel(srv), &provider.Context{SystemPrompt: "sys", Messages: []map[string]any{userMsg("hi")}}, baseOpts())

	if got, want := types(evs), "start text_start text_delta text_delta text_end done"; got != want {
		t.Fatalf("events = %s, want %s", got, want)
	}
	// Partials are snapshots: each shows the text so far.
	if got := evs[2].Partial.Content[0].Text; got != "Hel" {
		t.Errorf("partial after first delta = %q", got)
	}
	if got := evs[3].Partial.Content[0].Text; got != "Hello" {
		t.Errorf("partial after second delta = %q", got)
	}
	if evs[4].Content != "Hello" || evs[5].Reason != provider.StopReasonStop {
		t.Errorf("text_end/done = %+v / %+v", evs[4], evs[5])
	}
	want := map[string]any{
		"role": "assistant", "content": []any{map[string]any{"type": "text", "text": "Hello"}},
		"api": "openai-completions", "provider": "mock", "model": "mock-1", "responseId": "chatcmpl-1",
		"usage": map[string]any{"input": 1000, "output": 200, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 1200,
			"cost": map[string]any{"input": 0.003, "output": 0.003, "cacheRead": 0, "cacheWrite": 0, "total": 0.006}},
		"stopReason": "stop", "timestamp": 1700000000000,
	}
	equalJSON(t, "final message", msg, want)
	if evs[5].Message != msg {
		t.Error("done event message is not the result")
	}
	// Event JSON has pi-ai's shape.
	equalJSON(t, "text_delta event", evs[2], map[string]any{"type": "text_delta", "contentIndex": 0, "delta": "Hel",
		"partial": asData(t, evs[2].Partial)})
}

func TestOpenAIToolCalls(t *testing.T) {
	t.Parallel()
	call := func(index int, id, name, args string) string {
		tc := map[string]any{"index": index, "function": map[string]any{"arguments": args}}
		if id != "" {
			tc["id"], tc["type"] = id, "function"
			tc["function"].(map[string]any)["name"] = name
		}
		return oaChunk(map[string]any{"tool_calls": []any{tc}}, nil)
	}
	srv := newFakeServer(t, sse(
		call(0, "call_a", "read", ""),
		call(1, "call_b", "write", `{"pa`),
		call(0, "", "", `{"pa`), call(0, "", "", `th":"a`), call(0, "", "", `.txt"}`),
		call(1, "", "", `th":"b.txt",`), call(1, "", "", `"content":"x\ny"}`),
		oaChunk(map[string]any{}, "tool_calls"), oaUsage(10, 10), "[DONE]"))
	evs, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("go")}}, baseOpts())

	want := "start toolcall_start toolcall_delta toolcall_start toolcall_delta toolcall_delta toolcall_delta toolcall_delta " +
		"toolcall_delta toolcall_delta toolcall_end toolcall_end done"
	if got := types(evs); got != want {
		t.Fatalf("events =\n%s\nwant\n%s", got, want)
	}
	if msg.StopReason != provider.StopReasonToolUse {
		t.Errorf("stopReason = %s", msg.StopReason)
	}
	equalJSON(t, "content", msg.Content, []any{
		map[string]any{"type": "toolCall", "id": "call_a", "name": "read", "arguments": map[string]any{"path": "a.txt"}},
		map[string]any{"type": "toolCall", "id": "call_b", "name": "write", "arguments": map[string]any{"path": "b.txt", "content": "x\ny"}},
	})
	// Mid-stream partials carry pi-ai's scratch fields and the arguments parsed so far.
	mid := asData(t, evs[6].Partial).(map[string]any)["content"].([]any)[0].(map[string]any)
	equalJSON(t, "partial tool call", mid, map[string]any{"type": "toolCall", "id": "call_a", "name": "read",
		"arguments": map[string]any{"path": "a"}, "partialArgs": `{"path":"a`, "streamIndex": 0})
	if evs[10].ToolCall.ID != "call_a" || evs[11].ToolCall.Arguments["content"] != "x\ny" {
		t.Errorf("toolcall_end events: %+v %+v", evs[10].ToolCall, evs[11].ToolCall)
	}
}

func TestOpenAIThinking(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(
		oaChunk(map[string]any{"reasoning_content": "Let me"}, nil),
		oaChunk(map[string]any{"reasoning_content": " think", "reasoning": " think"}, nil),
		oaChunk(map[string]any{"content": "42"}, nil),
		oaChunk(map[string]any{}, "stop"), "[DONE]"))
	m := oaModel(srv)
	m.Reasoning = true
	m.Provider = "openai" // pi 1.6 sends the developer role to OpenAI only
	opts := baseOpts()
	opts.Thinking = provider.ThinkingHigh
	evs, msg := mustStream(t, m, &provider.Context{SystemPrompt: "sys", Messages: []map[string]any{userMsg("q")}}, opts)
	if got, want := types(evs), "start thinking_start thinking_delta thinking_delta text_start text_delta thinking_end text_end done"; got != want {
		t.Fatalf("events = %s, want %s", got, want)
	}
	equalJSON(t, "content", msg.Content, []any{
		map[string]any{"type": "thinking", "thinking": "Let me think", "thinkingSignature": "reasoning_content"},
		map[string]any{"type": "text", "text": "42"},
	})
	body := srv.Requests()[0].Body
	if body["reasoning_effort"] != "high" {
		t.Errorf("reasoning_effort = %v", body["reasoning_effort"])
	}
	if role := body["messages"].([]any)[0].(map[string]any)["role"]; role != "developer" {
		t.Errorf("system role for a reasoning model = %v, want developer", role)
	}
}

func TestOpenAIAbortMidStream(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rawThenHang("data: "+oaChunk(map[string]any{"content": "partial"}, nil)+"\n\n"))
	abortMidStream(t, oaModel(srv), "start text_start text_delta text_end error", "Request was aborted")
}

func TestOpenAIAbortBeforeResponse(t *testing.T) {
	t.Parallel()
	abortBeforeResponse(t, oaModel, "Request aborted")
}

func TestOpenAIRetryAfter(t *testing.T) {
	t.Parallel()
	var first time.Time
	var gap atomic.Int64
	srv := newFakeServer(t,
		func(w http.ResponseWriter, r *http.Request) {
			first = time.Now()
			status(429, map[string]string{"retry-after-ms": "150"}, `{"error":{"message":"Rate limited"}}`)(w, r)
		},
		func(w http.ResponseWriter, r *http.Request) {
			gap.Store(int64(time.Since(first)))
			sse(oaChunk(map[string]any{"content": "ok"}, "stop"), "[DONE]")(w, r)
		})
	evs, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if msg.StopReason != provider.StopReasonStop || msg.Text() != "ok" || len(srv.Requests()) != 2 {
		t.Fatalf("result %s %q after %d requests", msg.StopReason, msg.Text(), len(srv.Requests()))
	}
	if d := time.Duration(gap.Load()); d < 150*time.Millisecond {
		t.Errorf("retried after %v, want >= 150ms (retry-after-ms)", d)
	}
	if evs[0].Type != provider.EventStart {
		t.Error("no start event after the retry")
	}
}

func TestOpenAIRetryAfterTooLong(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, status(429, map[string]string{"Retry-After": "120"}, `{"error":{"message":"Rate limited"}}`))
	_, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if len(srv.Requests()) != 1 {
		t.Errorf("sent %d requests, want 1", len(srv.Requests()))
	}
	if want := `429: {"message":"Rate limited"} (server requested retry delay 2m0s, more than the 1m0s allowed)`; msg.ErrorMessage != want {
		t.Errorf("errorMessage = %q, want %q", msg.ErrorMessage, want)
	}
	if !provider.IsRetryableError(msg, 0) {
		t.Error("the agent loop should still consider it retryable")
	}
}

func TestOpenAIServerErrorsExhaustRetries(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, status(500, map[string]string{"Content-Type": "application/json"}, `{"error":{"message":"The server had an error"}}`))
	opts := baseOpts()
	opts.Retry.MaxRetries = 3
	evs, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if n := len(srv.Requests()); n != 4 {
		t.Errorf("sent %d requests, want 4 (1 + 3 retries)", n)
	}
	if types(evs) != "error" || msg.StopReason != provider.StopReasonError || msg.ErrorMessage != `500: {"message":"The server had an error"}` {
		t.Errorf("events %s, result %s %q", types(evs), msg.StopReason, msg.ErrorMessage)
	}
}

func TestOpenAIHTTPErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, body string
		code       int
		want       string
	}{
		// pi 1.6 shows the error object when the SDK's message lacks it.
		{"401", `{"error":{"message":"Incorrect API key provided: sk-xx.","type":"invalid_request_error","code":"invalid_api_key"}}`, 401,
			`401: {"message":"Incorrect API key provided: sk-xx.","type":"invalid_request_error","code":"invalid_api_key"}`},
		{"error without message", `{"error":{"code":"x","type":"y"}}`, 400, `400 {"code":"x","type":"y"}`},
		{"escapes as JSON.stringify", `{"error":{"message":"caf\u00e9 \u003c"}}`, 400, `400: {"message":"café <"}`},
		{"plain text", "Bad Gateway", 400, "400 Bad Gateway"},
		{"empty", "", 404, "404 status code (no body)"},
		{"openrouter raw", `{"error":{"message":"Provider returned error","metadata":{"raw":"upstream said no"}}}`, 400,
			`400: {"message":"Provider returned error","metadata":{"raw":"upstream said no"}}`},
		{"long body", `{"error":{"message":"` + strings.Repeat("x", 4000) + `"}}`, 400,
			`400: {"message":"` + strings.Repeat("x", 3988) + `... [truncated 14 chars]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newFakeServer(t, status(tc.code, nil, tc.body))
			_, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
			if msg.ErrorMessage != tc.want || msg.StopReason != provider.StopReasonError {
				t.Errorf("got %s %q, want %q", msg.StopReason, msg.ErrorMessage, tc.want)
			}
		})
	}
}

func TestOpenAITruncatedStream(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, truncated("data: "+oaChunk(map[string]any{"content": "par"}, nil)+"\n\ndata: {\"id\":\"chatcmpl-1\",\"cho"))
	evs, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if got := types(evs); got != "start text_start text_delta error" {
		t.Errorf("events = %s", got)
	}
	if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != "terminated: other side closed (UND_ERR_SOCKET)" || msg.Text() != "par" {
		t.Errorf("result = %s %q %q", msg.StopReason, msg.ErrorMessage, msg.Text())
	}
}

func TestOpenAICleanEOFWithoutFinish(t *testing.T) {
	t.Parallel()
	// The body ends cleanly but mid-answer: no finish_reason, no [DONE].
	srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "par"}, nil)))
	_, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != "Stream ended without finish_reason" {
		t.Errorf("result = %s %q", msg.StopReason, msg.ErrorMessage)
	}
}

func TestOpenAIIdleTimeout(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rawThenHang("data: "+oaChunk(map[string]any{"content": "par"}, nil)+"\n\n"))
	opts := baseOpts()
	// Long enough that the head and first chunk arrive in time on a
	// loaded machine (the idle timeout bounds the headers too).
	opts.Retry.IdleTimeout = 500 * time.Millisecond
	_, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != "terminated: Body Timeout Error (UND_ERR_BODY_TIMEOUT)" {
		t.Errorf("result = %s %q", msg.StopReason, msg.ErrorMessage)
	}
	if !provider.IsRetryableError(msg, 0) {
		t.Error("idle timeout should be retryable for the agent loop")
	}
}

func TestOpenAIHeaderTimeoutRetried(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	// Attempts are counted as the client makes them: on a loaded machine
	// a timed-out attempt may end before the server sees it.
	var n atomic.Int32
	opts := baseOpts()
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	opts.HTTPClient = &http.Client{Transport: countingTransport{&n, tr}}
	opts.Retry.Timeout = 50 * time.Millisecond
	opts.Retry.MaxRetries = 1
	_, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if msg.ErrorMessage != "Request timed out." || n.Load() != 2 {
		t.Errorf("result %q after %d attempts", msg.ErrorMessage, n.Load())
	}
}

// countingTransport counts the requests that go through it.
type countingTransport struct {
	n    *atomic.Int32
	next http.RoundTripper
}

func (c countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return c.next.RoundTrip(r)
}

func TestOpenAIConnectionRefused(t *testing.T) {
	t.Parallel()
	addr := refusingAddr(t)
	m := mockModel(provider.APIOpenAICompletions, "http://"+addr+"/v1")
	_, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != "Connection error.: connect ECONNREFUSED "+addr {
		t.Errorf("result = %s %q", msg.StopReason, msg.ErrorMessage)
	}
}

func TestOpenAIInvalidToolCallJSON(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(
		oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 0, "id": "c1", "function": map[string]any{"name": "bash", "arguments": `{"command": "ls`}}}}, nil),
		oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 1, "id": "c2", "function": map[string]any{"name": "bash", "arguments": `not json at all`}}}}, nil),
		oaChunk(map[string]any{}, "tool_calls"), "[DONE]"))
	_, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	// pi 1.6 keeps no partial arguments of a finished call: {} and an
	// argumentsError (V8's JSON.parse message and the text), which the
	// agent loop's validation reports to the model.
	equalJSON(t, "tool calls", msg.ToolCalls(), []any{
		map[string]any{"type": "toolCall", "id": "c1", "name": "bash", "arguments": map[string]any{},
			"argumentsError": "Unterminated string in JSON at position 15 (line 1 column 16)\n\nReceived arguments:\n{\"command\": \"ls"},
		map[string]any{"type": "toolCall", "id": "c2", "name": "bash", "arguments": map[string]any{},
			"argumentsError": "Unexpected token 'o', \"not json at all\" is not valid JSON\n\nReceived arguments:\nnot json at all"},
	})
	if msg.StopReason != provider.StopReasonToolUse {
		t.Errorf("stopReason = %s", msg.StopReason)
	}
}

func TestOpenAIProviderErrorFinishReason(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "x"}, "content_filter"), "[DONE]"))
	evs, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if types(evs) != "start text_start text_delta text_end error" || msg.ErrorMessage != "Provider finish_reason: content_filter" {
		t.Errorf("events %s, %q", types(evs), msg.ErrorMessage)
	}
}

func TestOpenAIRequestBody(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "k"}, "stop"), "[DONE]"))
	m := oaModel(srv)
	m.Input = []string{"text", "image"}
	m.Headers = map[string]string{"X-Model": "1"}
	tools := []provider.Tool{{Name: "ls", Description: "List files", Parameters: map[string]any{"type": "object",
		"properties": map[string]any{"path": map[string]any{"type": "string"}}}}}
	temp := 0.5
	opts := baseOpts()
	opts.Temperature = &temp
	opts.Headers = map[string]string{"X-Extra": "yes"}
	var payloadSeen, responseSeen bool
	opts.OnPayload = func(_ context.Context, p map[string]any, _ *provider.Model) (map[string]any, error) {
		payloadSeen = true
		p["user"] = "hooked"
		return p, nil
	}
	opts.OnResponse = func(_ context.Context, status int, h map[string]string, _ *provider.Model) {
		responseSeen = status == 200 && h["content-type"] == "text/event-stream"
	}
	c := &provider.Context{SystemPrompt: "You are pigo.", Tools: tools, Messages: []map[string]any{
		{"role": "user", "content": "hello", "timestamp": 1},
		{"role": "custom", "customType": "note", "content": "injected", "display": true, "timestamp": 1},
		{"role": "assistant", "api": "openai-completions", "provider": "mock", "model": "mock-1", "stopReason": "toolUse", "timestamp": 2,
			"content": []any{
				map[string]any{"type": "text", "text": "Listing"},
				map[string]any{"type": "toolCall", "id": "call_1", "name": "ls", "arguments": map[string]any{"path": "."}},
			}},
		{"role": "toolResult", "toolCallId": "call_1", "toolName": "ls", "isError": false, "timestamp": 3,
			"content": []any{map[string]any{"type": "text", "text": "a.go"}, map[string]any{"type": "image", "data": "AAA", "mimeType": "image/png"}}},
		{"role": "bashExecution", "command": "pwd", "output": "/w", "exitCode": 0, "cancelled": false, "truncated": false, "timestamp": 4},
	}}
	mustStream(t, m, c, opts)
	req := srv.Requests()[0]
	if req.Path != "/v1/chat/completions" || req.Header.Get("Authorization") != "Bearer test-key" ||
		req.Header.Get("X-Model") != "1" || req.Header.Get("X-Extra") != "yes" {
		t.Errorf("request %s headers %v", req.Path, req.Header)
	}
	if !payloadSeen || !responseSeen {
		t.Errorf("hooks: payload %v response %v", payloadSeen, responseSeen)
	}
	want := map[string]any{
		"model": "mock-1", "stream": true, "stream_options": map[string]any{"include_usage": true}, "store": false,
		"max_completion_tokens": 16384, "temperature": 0.5, "user": "hooked",
		"tools": []any{map[string]any{"type": "function", "function": map[string]any{"name": "ls", "description": "List files",
			"parameters": tools[0].Parameters}}},
		"messages": []any{
			map[string]any{"role": "system", "content": "You are pigo."},
			map[string]any{"role": "user", "content": "hello"},
			map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "injected"}}},
			map[string]any{"role": "assistant", "content": "Listing", "tool_calls": []any{map[string]any{"id": "call_1", "type": "function",
				"function": map[string]any{"name": "ls", "arguments": `{"path":"."}`}}}},
			map[string]any{"role": "tool", "content": "a.go", "tool_call_id": "call_1"},
			map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "Attached image(s) from tool result:"},
				map[string]any{"type": "image_url", "image_url": map[string]any{"url": "data:image/png;base64,AAA"}}}},
			map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "Ran `pwd`\n```\n/w\n```"}}},
		},
	}
	equalJSON(t, "request body", req.Body, want)
}

func TestOpenAICompatFlags(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "k"}, "stop"), "[DONE]"))
	m := oaModel(srv)
	m.Reasoning = true
	m.Compat = &provider.Compat{SupportsDeveloperRole: ptrTo(false), SupportsStore: ptrTo(false), MaxTokensField: "max_tokens",
		SupportsReasoningEffort: ptrTo(false), SupportsUsageInStreaming: ptrTo(false), SupportsStrictMode: ptrTo(false),
		RequiresToolResultName: ptrTo(true), RequiresAssistantAfterToolResult: ptrTo(true)}
	opts := baseOpts()
	opts.Thinking = provider.ThinkingLow
	opts.MaxTokens = 100
	c := &provider.Context{SystemPrompt: "sys", Tools: []provider.Tool{{Name: "t", Description: "d", Parameters: map[string]any{"type": "object"}}},
		Messages: []map[string]any{
			{"role": "assistant", "api": "openai-completions", "provider": "mock", "model": "mock-1", "stopReason": "toolUse",
				"content": []any{map[string]any{"type": "toolCall", "id": "c", "name": "t", "arguments": map[string]any{}}}},
			{"role": "toolResult", "toolCallId": "c", "toolName": "t", "content": []any{map[string]any{"type": "text", "text": "r"}}},
			{"role": "user", "content": "next"},
		}}
	mustStream(t, m, c, opts)
	body := srv.Requests()[0].Body
	for _, k := range []string{"store", "stream_options", "max_completion_tokens", "reasoning_effort"} {
		if _, ok := body[k]; ok {
			t.Errorf("%s sent despite compat", k)
		}
	}
	if body["max_tokens"] != 100.0 {
		t.Errorf("max_tokens = %v", body["max_tokens"])
	}
	msgs := body["messages"].([]any)
	equalJSON(t, "messages", msgs, []any{
		map[string]any{"role": "system", "content": "sys"},
		map[string]any{"role": "assistant", "content": "", "tool_calls": []any{map[string]any{"id": "c", "type": "function",
			"function": map[string]any{"name": "t", "arguments": "{}"}}}},
		map[string]any{"role": "tool", "content": "r", "tool_call_id": "c", "name": "t"},
		map[string]any{"role": "assistant", "content": "I have processed the tool results."},
		map[string]any{"role": "user", "content": "next"},
	})
	if fn := body["tools"].([]any)[0].(map[string]any)["function"].(map[string]any); fn["strict"] != nil {
		t.Error("strict sent despite supportsStrictMode false")
	}
}

func TestOpenAIThinkingFormats(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		format   string
		thinking provider.ThinkingLevel
		want     map[string]any
	}{
		{"deepseek", provider.ThinkingXHigh, map[string]any{"thinking": map[string]any{"type": "enabled"}, "reasoning_effort": "max"}},
		{"deepseek", "", map[string]any{"thinking": map[string]any{"type": "disabled"}}},
		{"openrouter", provider.ThinkingMedium, map[string]any{"reasoning": map[string]any{"effort": "medium"}}},
		{"openrouter", "", map[string]any{"reasoning": map[string]any{"effort": "none"}}},
		{"zai", provider.ThinkingLow, map[string]any{"thinking": map[string]any{"type": "enabled", "clear_thinking": false}, "enable_thinking": nil}},
		{"qwen-chat-template", "", map[string]any{"chat_template_kwargs": map[string]any{"enable_thinking": false, "preserve_thinking": true}}},
	} {
		t.Run(tc.format+"/"+string(tc.thinking), func(t *testing.T) {
			t.Parallel()
			srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "k"}, "stop"), "[DONE]"))
			m := oaModel(srv)
			m.Reasoning = true
			hi, max := "high", "max"
			m.ThinkingLevelMap = provider.ThinkingLevelMap{provider.ThinkingHigh: &hi, provider.ThinkingXHigh: &max}
			m.Compat = &provider.Compat{ThinkingFormat: tc.format}
			opts := baseOpts()
			opts.Thinking = tc.thinking
			mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
			body := srv.Requests()[0].Body
			for k, v := range tc.want {
				equalJSON(t, k, body[k], v)
			}
		})
	}
}

func TestOpenAINoAPIKey(t *testing.T) {
	t.Parallel()
	m := mockModel(provider.APIOpenAICompletions, "http://127.0.0.1:1")
	_, err := provider.Stream(context.Background(), m, &provider.Context{}, &provider.Options{})
	if !errors.Is(err, provider.ErrNoAPIKey) || !strings.Contains(err.Error(), "No API key for provider: mock") {
		t.Errorf("err = %v", err)
	}
	// The environment map is consulted with pi's variable names.
	m.Provider = "openai"
	srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "k"}, "stop"), "[DONE]"))
	m.BaseURL = srv.URL
	msg, err := provider.Complete(context.Background(), m, &provider.Context{}, &provider.Options{Env: map[string]string{"OPENAI_API_KEY": "env-key"}})
	if err != nil || msg.StopReason != provider.StopReasonStop {
		t.Fatalf("Complete: %v %+v", err, msg)
	}
	if got := srv.Requests()[0].Header.Get("Authorization"); got != "Bearer env-key" {
		t.Errorf("Authorization = %q", got)
	}
}

func TestOpenAIDoneWithConnectionHeldOpen(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rawThenHang("data: "+oaChunk(map[string]any{"content": "ok"}, "stop")+"\n\ndata: [DONE]\n\n"))
	opts := baseOpts()
	opts.Retry.IdleTimeout = time.Minute
	start := time.Now()
	_, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if msg.StopReason != provider.StopReasonStop || time.Since(start) > 5*time.Second {
		t.Errorf("result %s %q after %v", msg.StopReason, msg.ErrorMessage, time.Since(start))
	}
}

// pi 1.6 sends "strict" only to an endpoint whose model.compat says it
// supports strict tools.
func TestOpenAIStrictModeOnlyWhenDeclared(t *testing.T) {
	t.Parallel()
	for _, declared := range []*bool{nil, ptrTo(true)} {
		srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "k"}, "stop"), "[DONE]"))
		m := oaModel(srv)
		if declared != nil {
			m.Compat = &provider.Compat{SupportsStrictMode: declared}
		}
		c := &provider.Context{Tools: []provider.Tool{{Name: "t", Description: "d", Parameters: map[string]any{"type": "object"}}},
			Messages: []map[string]any{userMsg("hi")}}
		mustStream(t, m, c, baseOpts())
		fn := srv.Requests()[0].Body["tools"].([]any)[0].(map[string]any)["function"].(map[string]any)
		if strict, sent := fn["strict"]; (declared != nil) != sent || (sent && strict != false) {
			t.Errorf("compat supportsStrictMode %v: function %v", declared != nil, fn)
		}
	}
}

// TestDropHeaders: DropHeaders removes headers whoever set them (the
// provider's own, the model's, the options'), matching names
// case-insensitively.
func TestDropHeaders(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(oaChunk(map[string]any{"content": "ok"}, "stop"), "[DONE]"))
	m := oaModel(srv)
	m.Headers = map[string]string{"X-Model": "m", "X-Kept": "k"}
	opts := baseOpts()
	opts.Headers = map[string]string{"x-opt": "o"}
	opts.DropHeaders = []string{"accept", "x-model", "X-Opt"}
	mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("hi")}}, opts)
	h := srv.Requests()[0].Header
	if h.Get("Accept") != "" || h.Get("X-Model") != "" || h.Get("X-Opt") != "" || h.Get("X-Kept") != "k" || h.Get("Authorization") == "" {
		t.Errorf("headers %v", h)
	}
}

// TestOpenAIIdleTimeoutBoundsHeaders: pi 1.6's httpIdleTimeoutMs is also
// undici's headersTimeout (and retry.provider.timeoutMs defaults to it): a
// server that never answers fails the attempt after the idle timeout.
func TestOpenAIIdleTimeoutBoundsHeaders(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	opts := baseOpts()
	opts.Retry.IdleTimeout = 50 * time.Millisecond
	opts.Retry.Timeout = time.Hour
	opts.Retry.MaxRetries = -1
	_, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if msg.ErrorMessage != "Request timed out." {
		t.Errorf("result %q", msg.ErrorMessage)
	}
}

// TestOpenAIIdleTimeoutDisabled: httpIdleTimeoutMs 0 ("disabled") lets a
// stream stall longer than any idle timeout set.
func TestOpenAIIdleTimeoutDisabled(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		time.Sleep(150 * time.Millisecond)
		sse(oaChunk(map[string]any{"content": "late"}, nil), oaChunk(map[string]any{}, "stop"), "[DONE]")(w, r)
	})
	opts := baseOpts()
	opts.Retry.IdleTimeout = -1
	_, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if msg.Text() != "late" || msg.ErrorMessage != "" {
		t.Errorf("result %q %q", msg.Text(), msg.ErrorMessage)
	}
}

package provider_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func gmTestModel(srv *fakeServer, id string) *provider.Model { return googleModel(id)(srv.URL) }

func gmParts(parts ...any) []any { return parts }

func TestGoogleTextStream(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(
		gmChunk(gmParts(gmText("Hel")), "", nil),
		gmChunk(gmParts(gmText("lo")), "", nil),
		gmChunk(gmParts(gmText("")), "STOP", gmUsage(1000, 200, 50, 400))))
	m := gmTestModel(srv, "gemini-2.5-flash")
	evs, msg := mustStream(t, m, &provider.Context{SystemPrompt: "sys", Messages: []map[string]any{userMsg("hi")}}, baseOpts())
	if got, want := types(evs), "start text_start text_delta text_delta text_delta text_end done"; got != want {
		t.Fatalf("events = %s, want %s", got, want)
	}
	equalJSON(t, "final message", msg, map[string]any{
		"role": "assistant", "api": "google-generative-ai", "provider": "google", "model": "gemini-2.5-flash", "responseId": "resp-g1",
		"content": []any{map[string]any{"type": "text", "text": "Hello"}},
		// promptTokenCount includes the cached tokens; thoughts count as output.
		"usage": map[string]any{"input": 600, "output": 250, "cacheRead": 400, "cacheWrite": 0, "totalTokens": 1250,
			"cost": map[string]any{"input": perM(3, 600), "output": perM(15, 250), "cacheRead": perM(0.3, 400), "cacheWrite": 0,
				"total": perM(3, 600) + perM(15, 250) + perM(0.3, 400)}},
		"stopReason": "stop", "timestamp": 1700000000000,
	})
	req := srv.Requests()[0]
	if req.Path != "/models/gemini-2.5-flash:streamGenerateContent" || req.Query != "alt=sse" ||
		req.Header.Get("X-Goog-Api-Key") != "test-key" || req.Header.Get("Authorization") != "" {
		t.Errorf("request %s?%s %v", req.Path, req.Query, req.Header)
	}
	equalJSON(t, "request body", req.Body, map[string]any{
		"contents":          []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": "hi"}}}},
		"systemInstruction": map[string]any{"role": "user", "parts": []any{map[string]any{"text": "sys"}}},
		"generationConfig":  map[string]any{"maxOutputTokens": 16384, "thinkingConfig": map[string]any{"thinkingBudget": 0}},
	})
}

// Thought signatures are kept per block (the last non-empty one) and replayed
// to the same model only.
func TestGoogleThinkingSignatures(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(
		gmChunk(gmParts(gmThought("Let me ", "c2lnMQ==")), "", nil),
		gmChunk(gmParts(gmThought("think.", "")), "", nil),
		gmChunk(gmParts(gmText("Answer", "thoughtSignature", "dGV4dA==")), "", nil),
		gmChunk(gmParts(gmText("", "thoughtSignature", "ZW5k")), "STOP", nil)),
		sse(gmChunk(gmParts(gmText("ok")), "STOP", nil)))
	m := gmTestModel(srv, "gemini-2.5-flash")
	opts := baseOpts()
	opts.Thinking = provider.ThinkingLow
	evs, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("q")}}, opts)
	want := "start thinking_start thinking_delta thinking_delta thinking_end text_start text_delta text_delta text_end done"
	if got := types(evs); got != want {
		t.Fatalf("events =\n%s\nwant\n%s", got, want)
	}
	equalJSON(t, "content", msg.Content, []any{
		map[string]any{"type": "thinking", "thinking": "Let me think.", "thinkingSignature": "c2lnMQ=="},
		map[string]any{"type": "text", "text": "Answer", "textSignature": "ZW5k"},
	})
	equalJSON(t, "thinkingConfig", srv.Requests()[0].Body["generationConfig"].(map[string]any)["thinkingConfig"],
		map[string]any{"includeThoughts": true, "thinkingBudget": 2048})

	history := []map[string]any{userMsg("q"), msg.Map(), userMsg("again")}
	mustStream(t, m, &provider.Context{Messages: history}, opts)
	equalJSON(t, "replayed", srv.Requests()[1].Body["contents"].([]any)[1], map[string]any{"role": "model", "parts": []any{
		map[string]any{"thought": true, "text": "Let me think.", "thoughtSignature": "c2lnMQ=="},
		map[string]any{"text": "Answer", "thoughtSignature": "ZW5k"},
	}})

	// Another model: pi-ai 1.6 drops the other model's thinking, and the
	// signatures.
	other := gmTestModel(srv, "gemini-2.5-pro")
	mustStream(t, other, &provider.Context{Messages: history}, opts)
	equalJSON(t, "replayed to another model", srv.Requests()[2].Body["contents"].([]any)[1], map[string]any{"role": "model", "parts": []any{
		map[string]any{"text": "Answer"},
	}})
}

func TestGoogleToolCalls(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t,
		// Raw bytes so the delta can show the server's key order.
		rawClose("data: {\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"Reading.\"},"+
			"{\"functionCall\":{\"name\":\"read\",\"args\":{\"path\":\"a.txt\",\"limit\":10}},\"thoughtSignature\":\"c2lnMQ==\"},"+
			"{\"functionCall\":{\"id\":\"call_b\",\"name\":\"read\",\"args\":{\"path\":\"<b>\"}}}]}}]}\n\n"+
			"data: "+gmChunk(gmParts(gmCall("call_b", "read", nil, "")), "STOP", gmUsage(20, 9, 0, 0))+"\n\n"),
		sse(gmChunk(gmParts(gmText("done")), "STOP", nil)))
	m := gmTestModel(srv, "gemini-2.5-flash")
	evs, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("read")}}, baseOpts())
	want := "start text_start text_delta text_end toolcall_start toolcall_delta toolcall_end toolcall_start toolcall_delta toolcall_end " +
		"toolcall_start toolcall_delta toolcall_end done"
	if got := types(evs); got != want {
		t.Fatalf("events =\n%s\nwant\n%s", got, want)
	}
	if evs[5].Delta != `{"path":"a.txt","limit":10}` || evs[11].Delta != "{}" {
		t.Errorf("deltas %q %q", evs[5].Delta, evs[11].Delta)
	}
	if msg.StopReason != provider.StopReasonToolUse {
		t.Errorf("stopReason = %s", msg.StopReason)
	}
	// Missing and repeated ids are generated: <name>_<unix ms>_<n>.
	equalJSON(t, "tool calls", msg.ToolCalls(), []any{
		map[string]any{"type": "toolCall", "id": "read_1700000000000_1", "name": "read", "arguments": map[string]any{"path": "a.txt", "limit": 10},
			"thoughtSignature": "c2lnMQ=="},
		map[string]any{"type": "toolCall", "id": "call_b", "name": "read", "arguments": map[string]any{"path": "<b>"}},
		map[string]any{"type": "toolCall", "id": "read_1700000000000_2", "name": "read", "arguments": map[string]any{}},
	})

	history := []map[string]any{userMsg("read"), msg.Map()}
	for i, id := range []string{"read_1700000000000_1", "call_b", "read_1700000000000_2"} {
		history = append(history, map[string]any{"role": "toolResult", "toolCallId": id, "toolName": "read", "isError": i == 2, "timestamp": 3,
			"content": []any{map[string]any{"type": "text", "text": "r" + string(rune('0'+i))}}})
	}
	mustStream(t, m, &provider.Context{Messages: history}, baseOpts())
	contents := srv.Requests()[1].Body["contents"].([]any)
	equalJSON(t, "replayed calls and results", contents[1:], []any{
		map[string]any{"role": "model", "parts": []any{
			map[string]any{"text": "Reading."},
			map[string]any{"functionCall": map[string]any{"name": "read", "args": map[string]any{"path": "a.txt", "limit": 10}}, "thoughtSignature": "c2lnMQ=="},
			map[string]any{"functionCall": map[string]any{"name": "read", "args": map[string]any{"path": "<b>"}}},
			map[string]any{"functionCall": map[string]any{"name": "read", "args": map[string]any{}}},
		}},
		// All results of a turn share one user content.
		map[string]any{"role": "user", "parts": []any{
			map[string]any{"functionResponse": map[string]any{"name": "read", "response": map[string]any{"output": "r0"}}},
			map[string]any{"functionResponse": map[string]any{"name": "read", "response": map[string]any{"output": "r1"}}},
			map[string]any{"functionResponse": map[string]any{"name": "read", "response": map[string]any{"error": "r2"}}},
		}},
	})
}

func TestGoogleToolResultImages(t *testing.T) {
	t.Parallel()
	img := map[string]any{"type": "image", "data": "aGVsbG8=", "mimeType": "image/png"}
	history := []map[string]any{userMsg("look"),
		{"role": "assistant", "api": "google-generative-ai", "provider": "google", "model": "gemini-3-flash-preview", "stopReason": "toolUse",
			"timestamp": 2, "content": []any{map[string]any{"type": "toolCall", "id": "c1", "name": "shot", "arguments": map[string]any{}}}},
		{"role": "toolResult", "toolCallId": "c1", "toolName": "shot", "isError": false, "timestamp": 3, "content": []any{img}}}
	for _, tc := range []struct {
		model string
		want  []any
	}{
		// Gemini 3 takes images inside the function response (and, in
		// pi-ai 1.6, function call ids).
		{"gemini-3-flash-preview", []any{map[string]any{"role": "user", "parts": []any{map[string]any{"functionResponse": map[string]any{
			"id": "c1", "name": "shot", "response": map[string]any{"output": "(see attached image)"},
			"parts": []any{map[string]any{"inlineData": map[string]any{"mimeType": "image/png", "data": "aGVsbG8="}}}}}}}}},
		// Older models get them as a separate user turn.
		{"gemini-2.5-flash", []any{
			map[string]any{"role": "user", "parts": []any{map[string]any{"functionResponse": map[string]any{
				"name": "shot", "response": map[string]any{"output": "(see attached image)"}}}}},
			map[string]any{"role": "user", "parts": []any{map[string]any{"text": "Tool result image:"},
				map[string]any{"inlineData": map[string]any{"mimeType": "image/png", "data": "aGVsbG8="}}}}}},
	} {
		srv := newFakeServer(t, sse(gmChunk(gmParts(gmText("ok")), "STOP", nil)))
		mustStream(t, gmTestModel(srv, tc.model), &provider.Context{Messages: history}, baseOpts())
		equalJSON(t, tc.model, srv.Requests()[0].Body["contents"].([]any)[2:], tc.want)
	}
}

func TestGoogleErrors(t *testing.T) {
	t.Parallel()
	text := "data: " + gmChunk(gmParts(gmText("par")), "", nil) + "\n\n"
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		events  string
		want    string
	}{
		{"http 400 json", status(400, map[string]string{"Content-Type": "application/json; charset=UTF-8"},
			`{"error": {"code": 400, "message": "API key not valid.", "status": "INVALID_ARGUMENT"}}`), "error",
			`{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT"}}`},
		{"http 404 text", status(404, map[string]string{"Content-Type": "text/html"}, "<h1>Not Found</h1>"), "error",
			`{"error":{"message":"<h1>Not Found</h1>","code":404,"status":"Not Found"}}`},
		{"malformed chunk", rawClose(text + "data: {\"candidates\":[}\n\n"), "start text_start text_delta error",
			"Could not parse stream chunk as JSON: invalid character '}' looking for beginning of value; data={\"candidates\":[}"},
		{"truncated", truncated(text + "data: {\"cand"), "start text_start text_delta error", "terminated: other side closed (UND_ERR_SOCKET)"},
		{"incomplete segment", rawClose(text + "data: {\"cand"), "start text_start text_delta error", "Incomplete JSON segment at the end"},
		// pi-ai 1.6: blocks end first, then the stream's outcome.
		{"clean EOF without finishReason", rawClose(text), "start text_start text_delta text_end error", "Google stream ended without a finish reason"},
		{"safety", sse(gmChunk(gmParts(gmText("par")), "SAFETY", nil)), "start text_start text_delta text_end error", "Provider stopped with: SAFETY"},
		{"unknown finish reason", sse(gmChunk(gmParts(gmText("par")), "NEW_REASON", nil)), "start text_start text_delta error",
			"Unhandled stop reason: NEW_REASON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newFakeServer(t, tc.handler)
			evs, msg := mustStream(t, gmTestModel(srv, "gemini-2.5-flash"), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
			if types(evs) != tc.events || msg.StopReason != provider.StopReasonError || msg.ErrorMessage != tc.want {
				t.Errorf("events %s, result %s %q\nwant events %s, %q", types(evs), msg.StopReason, msg.ErrorMessage, tc.events, tc.want)
			}
		})
	}
}

func TestGoogleConnectionRefused(t *testing.T) {
	t.Parallel()
	addr := refusingAddr(t)
	opts := baseOpts()
	opts.Retry.MaxRetries = -1
	_, msg := mustStream(t, googleModel("gemini-2.5-flash")("http://"+addr), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != "fetch failed: connect ECONNREFUSED "+addr {
		t.Errorf("result = %s %q", msg.StopReason, msg.ErrorMessage)
	}
}

// pigo retries 429 and 5xx for Gemini too (the @google/genai client pi-ai
// builds has no retries; pi's agent-level retry covers it there).
func TestGoogleRetries(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t,
		status(429, map[string]string{"Content-Type": "application/json", "Retry-After": "0"}, `{"error":{"code":429,"message":"exhausted"}}`),
		status(503, map[string]string{"Content-Type": "application/json"}, `{"error":{"code":503,"message":"overloaded"}}`),
		sse(gmChunk(gmParts(gmText("ok")), "STOP", nil)))
	_, msg := mustStream(t, gmTestModel(srv, "gemini-2.5-flash"), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if msg.StopReason != provider.StopReasonStop || msg.Text() != "ok" || len(srv.Requests()) != 3 {
		t.Errorf("result %s %q after %d requests", msg.StopReason, msg.Text(), len(srv.Requests()))
	}
	srv = newFakeServer(t, status(500, map[string]string{"Content-Type": "application/json"}, `{"error":{"code":500,"message":"internal"}}`))
	opts := baseOpts()
	opts.Retry.MaxRetries = 1
	_, msg = mustStream(t, gmTestModel(srv, "gemini-2.5-flash"), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if len(srv.Requests()) != 2 || msg.ErrorMessage != `{"error":{"code":500,"message":"internal"}}` || !provider.IsRetryableError(msg, 0) {
		t.Errorf("%d requests, %q", len(srv.Requests()), msg.ErrorMessage)
	}
}

func TestGoogleAbort(t *testing.T) {
	t.Parallel()
	flash := func(srv *fakeServer) *provider.Model { return gmTestModel(srv, "gemini-2.5-flash") }
	srv := newFakeServer(t, rawThenHang("data: "+gmChunk(gmParts(gmText("partial")), "", nil)+"\n\n"))
	abortMidStream(t, flash(srv), "start text_start text_delta error", "This operation was aborted")
	abortBeforeResponse(t, flash, "This operation was aborted")
}

func TestGoogleThinkingConfig(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		model    string
		level    provider.ThinkingLevel
		budgets  provider.ThinkingBudgets
		tlm      provider.ThinkingLevelMap
		reasoner bool
		want     any
	}{
		{"gemini-2.5-pro", provider.ThinkingMinimal, provider.ThinkingBudgets{}, nil, true, map[string]any{"includeThoughts": true, "thinkingBudget": 128}},
		{"gemini-2.5-pro", provider.ThinkingHigh, provider.ThinkingBudgets{}, nil, true, map[string]any{"includeThoughts": true, "thinkingBudget": 32768}},
		{"gemini-2.5-flash-lite", provider.ThinkingMinimal, provider.ThinkingBudgets{}, nil, true, map[string]any{"includeThoughts": true, "thinkingBudget": 512}},
		{"gemini-2.5-flash", provider.ThinkingMedium, provider.ThinkingBudgets{Medium: 3000}, nil, true, map[string]any{"includeThoughts": true, "thinkingBudget": 3000}},
		// pi-ai 1.6: these take the level itself (or the model's mapping).
		{"gemini-flash-latest", provider.ThinkingLow, provider.ThinkingBudgets{}, nil, true, map[string]any{"includeThoughts": true, "thinkingLevel": "LOW"}},
		{"gemini-3.1-pro-preview", provider.ThinkingMedium, provider.ThinkingBudgets{}, nil, true, map[string]any{"includeThoughts": true, "thinkingLevel": "MEDIUM"}},
		{"gemini-3-flash-preview", provider.ThinkingMedium, provider.ThinkingBudgets{}, nil, true, map[string]any{"includeThoughts": true, "thinkingLevel": "MEDIUM"}},
		{"gemma-4-31b-it", provider.ThinkingLow, provider.ThinkingBudgets{}, nil, true, map[string]any{"includeThoughts": true, "thinkingLevel": "LOW"}},
		{"gemini-3-pro-preview", provider.ThinkingXHigh, provider.ThinkingBudgets{}, provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("high")}, true,
			map[string]any{"includeThoughts": true, "thinkingLevel": "HIGH"}},
		// Thinking off: the lowest level the model supports when it cannot
		// turn thinking off, else a zero budget.
		{"gemini-3.1-pro-preview", "", provider.ThinkingBudgets{}, provider.ThinkingLevelMap{provider.ThinkingOff: nil, provider.ThinkingMinimal: nil},
			true, map[string]any{"thinkingLevel": "LOW"}},
		{"gemma-4-31b-it", provider.ThinkingOff, provider.ThinkingBudgets{}, provider.ThinkingLevelMap{provider.ThinkingOff: nil}, true,
			map[string]any{"thinkingLevel": "MINIMAL"}},
		{"gemini-3.1-pro-preview", "", provider.ThinkingBudgets{}, nil, true, map[string]any{"thinkingBudget": 0}},
		{"gemini-2.5-flash", "", provider.ThinkingBudgets{}, nil, true, map[string]any{"thinkingBudget": 0}},
		{"gemini-2.0-flash", provider.ThinkingHigh, provider.ThinkingBudgets{}, nil, false, nil},
	} {
		srv := newFakeServer(t, sse(gmChunk(gmParts(gmText("ok")), "STOP", nil)))
		m := gmTestModel(srv, tc.model)
		m.Reasoning, m.ThinkingLevelMap = tc.reasoner, tc.tlm
		opts := baseOpts()
		opts.Thinking, opts.ThinkingBudgets = tc.level, tc.budgets
		mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
		gen := srv.Requests()[0].Body["generationConfig"].(map[string]any)
		equalJSON(t, tc.model+"/"+string(tc.level), gen["thinkingConfig"], tc.want)
	}
	// A level the model maps to no Google level fails before any request.
	srv := newFakeServer(t, sse(gmChunk(gmParts(gmText("ok")), "STOP", nil)))
	m := gmTestModel(srv, "gemini-3-pro-preview")
	m.Reasoning, m.ThinkingLevelMap = true, provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("x")}
	opts := baseOpts()
	opts.Thinking = provider.ThinkingXHigh
	_, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if !strings.HasPrefix(msg.ErrorMessage, "Unsupported Google thinking level mapping for ") || len(srv.Requests()) != 0 {
		t.Errorf("unmapped level: %q after %d requests", msg.ErrorMessage, len(srv.Requests()))
	}
}

// OnPayload sees pi-ai's generateContentStream parameters; what it changes
// reaches the wire the way @google/genai sends it.
func TestGoogleOnPayload(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(gmChunk(gmParts(gmText("ok")), "STOP", nil)))
	m := gmTestModel(srv, "gemini-2.5-flash")
	m.Headers = map[string]string{"X-Model": "1"}
	temp := 0.3
	opts := baseOpts()
	opts.Temperature = &temp
	opts.ToolChoice = "any"
	opts.Headers = map[string]string{"X-Extra": "yes"}
	var seen map[string]any
	opts.OnPayload = func(_ context.Context, p map[string]any, _ *provider.Model) (map[string]any, error) {
		seen = asData(t, p).(map[string]any)
		p["model"] = "gemini-2.5-pro"
		cfg := p["config"].(map[string]any)
		cfg["topK"] = 5
		cfg["safetySettings"] = []any{map[string]any{"category": "HARM_CATEGORY_HATE_SPEECH", "threshold": "BLOCK_NONE"}}
		cfg["abortSignal"] = "dropped by the SDK"
		cfg["cachedContent"] = "abc123"
		return p, nil
	}
	responseHook := false
	opts.OnResponse = func(context.Context, int, map[string]string, *provider.Model) { responseHook = true }
	tools := []provider.Tool{{Name: "ls", Description: "List", Parameters: map[string]any{"type": "object", "properties": map[string]any{
		"mode": map[string]any{"anyOf": []any{map[string]any{"const": "a"}, map[string]any{"const": "b"}}}}}}}
	mustStream(t, m, &provider.Context{SystemPrompt: "sys", Messages: []map[string]any{{"role": "user", "content": "hi", "timestamp": 1}}, Tools: tools}, opts)
	// pi-ai 1.6 sends const as enum.
	decls := []any{map[string]any{"functionDeclarations": []any{map[string]any{"name": "ls", "description": "List",
		"parametersJsonSchema": map[string]any{"type": "object", "properties": map[string]any{
			"mode": map[string]any{"anyOf": []any{map[string]any{"enum": []any{"a"}}, map[string]any{"enum": []any{"b"}}}}}}}}}}
	equalJSON(t, "payload seen by the hook", seen, map[string]any{
		"model":    "gemini-2.5-flash",
		"contents": []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": "hi"}}}},
		"config": map[string]any{"temperature": 0.3, "maxOutputTokens": 16384, "systemInstruction": "sys", "tools": decls,
			"toolConfig": map[string]any{"functionCallingConfig": map[string]any{"mode": "ANY"}}, "automaticContinuation": false,
			"thinkingConfig": map[string]any{"thinkingBudget": 0}, "abortSignal": map[string]any{}},
	})
	req := srv.Requests()[0]
	if req.Path != "/models/gemini-2.5-pro:streamGenerateContent" || req.Header.Get("X-Model") != "1" || req.Header.Get("X-Extra") != "yes" {
		t.Errorf("request %s %v", req.Path, req.Header)
	}
	if responseHook {
		t.Error("OnResponse called; pi-ai's google provider has no onResponse")
	}
	equalJSON(t, "wire body", req.Body, map[string]any{
		"contents":          []any{map[string]any{"role": "user", "parts": []any{map[string]any{"text": "hi"}}}},
		"systemInstruction": map[string]any{"role": "user", "parts": []any{map[string]any{"text": "sys"}}},
		"tools":             decls,
		"toolConfig":        map[string]any{"functionCallingConfig": map[string]any{"mode": "ANY"}},
		"safetySettings":    []any{map[string]any{"category": "HARM_CATEGORY_HATE_SPEECH", "threshold": "BLOCK_NONE"}},
		"cachedContent":     "cachedContents/abc123",
		"generationConfig": map[string]any{"temperature": 0.3, "maxOutputTokens": 16384, "topK": 5,
			"thinkingConfig": map[string]any{"thinkingBudget": 0}},
	})
}

func TestGoogleEmptyContents(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(gmChunk(gmParts(gmText("ok")), "STOP", nil)))
	evs, msg := mustStream(t, gmTestModel(srv, "gemini-2.5-flash"), &provider.Context{Messages: []map[string]any{
		{"role": "user", "content": []any{}, "timestamp": 1}}}, baseOpts())
	if types(evs) != "error" || msg.ErrorMessage != "contents are required" || len(srv.Requests()) != 0 {
		t.Errorf("events %s, %q, %d requests", types(evs), msg.ErrorMessage, len(srv.Requests()))
	}
}

func TestGoogleThroughRegistry(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(gmChunk(gmParts(gmText("hi")), "STOP", nil)))
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {
		"google": {"baseUrl": "` + srv.URL + `/v1beta"},
		"gem": {"baseUrl": "` + srv.URL + `/custom", "api": "google-generative-ai", "apiKey": "GEM_KEY", "models": [{"id": "my-gemini", "reasoning": true}]}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir, Env: map[string]string{"GEMINI_API_KEY": "g-env", "GEM_KEY": "g-custom"}})
	if p := r.Problems(); len(p) != 0 {
		t.Fatalf("problems: %v", p)
	}
	m, ok := r.Find("google", "gemini-3.1-pro-preview")
	if !ok || m.API != provider.APIGoogleGenerativeAI {
		t.Fatalf("catalog model = %+v", m)
	}
	msg, err := r.Complete(context.Background(), m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, &provider.Options{Thinking: provider.ThinkingMinimal})
	if err != nil || msg.Text() != "hi" {
		t.Fatalf("Complete: %v %+v", err, msg)
	}
	req := srv.Requests()[0]
	if req.Path != "/v1beta/models/gemini-3.1-pro-preview:streamGenerateContent" || req.Header.Get("X-Goog-Api-Key") != "g-env" {
		t.Errorf("request %s key %q", req.Path, req.Header.Get("X-Goog-Api-Key"))
	}
	// minimal is not supported by gemini-3.1-pro-preview: clamped to low.
	equalJSON(t, "thinkingConfig", req.Body["generationConfig"].(map[string]any)["thinkingConfig"],
		map[string]any{"includeThoughts": true, "thinkingLevel": "LOW"})

	custom, _ := r.Find("gem", "my-gemini")
	if _, err := r.Complete(context.Background(), custom, &provider.Context{Messages: []map[string]any{userMsg("x")}}, nil); err != nil {
		t.Fatal(err)
	}
	req = srv.Requests()[1]
	if req.Path != "/custom/models/my-gemini:streamGenerateContent" || req.Header.Get("X-Goog-Api-Key") != "g-custom" {
		t.Errorf("custom request %s key %q", req.Path, req.Header.Get("X-Goog-Api-Key"))
	}

	_, err = provider.Stream(context.Background(), m, &provider.Context{}, &provider.Options{})
	if !errors.Is(err, provider.ErrNoAPIKey) {
		t.Errorf("without a key: %v", err)
	}
}

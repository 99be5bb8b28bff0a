package provider_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func rsTestModel(srv *fakeServer) *provider.Model { return responsesModel(srv.URL) }

// perM is the cost of n tokens at price USD per million, computed as
// CalculateCost does (at run time, in float64).
func perM(price float64, n int) float64 { return price / 1e6 * float64(n) }

func TestResponsesTextStream(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rsSSE(concatEvents([]map[string]any{rsCreated()}, rsMessage("msg_1", "", "Hel", "lo"),
		[]map[string]any{rsCompleted("completed", rsUsage(100, 40, 20))})...))
	m := rsTestModel(srv)
	m.Reasoning = false
	evs, msg := mustStream(t, m, &provider.Context{SystemPrompt: "sys", Messages: []map[string]any{userMsg("hi")}}, baseOpts())
	if got, want := types(evs), "start text_start text_delta text_delta text_end done"; got != want {
		t.Fatalf("events = %s, want %s", got, want)
	}
	if got := evs[3].Partial.Content[0].Text; got != "Hello" {
		t.Errorf("partial after second delta = %q", got)
	}
	equalJSON(t, "final message", msg, map[string]any{
		"role": "assistant", "api": "openai-responses", "provider": "openai", "model": "gpt-mock", "responseId": "resp_1",
		"content": []any{map[string]any{"type": "text", "text": "Hello", "textSignature": `{"v":1,"id":"msg_1"}`}},
		// input_tokens includes the 40 cached ones.
		"usage": map[string]any{"input": 60, "output": 20, "cacheRead": 40, "cacheWrite": 0, "totalTokens": 120,
			"cost": map[string]any{"input": perM(3, 60), "output": perM(15, 20), "cacheRead": perM(0.3, 40), "cacheWrite": 0,
				"total": perM(3, 60) + perM(15, 20) + perM(0.3, 40)}},
		"stopReason": "stop", "timestamp": 1700000000000,
	})
	req := srv.Requests()[0]
	if req.Path != "/v1/responses" || req.Header.Get("Authorization") != "Bearer test-key" {
		t.Errorf("request %s %v", req.Path, req.Header)
	}
	equalJSON(t, "request body", req.Body, map[string]any{
		"model": "gpt-mock", "stream": true, "store": false, "max_output_tokens": 16384,
		"input": []any{
			map[string]any{"role": "system", "content": "sys"},
			map[string]any{"role": "user", "content": []any{map[string]any{"type": "input_text", "text": "hi"}}},
		},
	})
}

// A reasoning item and a text item come back as signatures; sent back as
// history, they replay the exact items (reasoning with encrypted content,
// message id and phase).
func TestResponsesReasoningRoundTrip(t *testing.T) {
	t.Parallel()
	// Hand-written so the item's key order and escapes are the server's.
	item := `{"id":"rs_1","type":"reasoning","summary":[{"type":"summary_text","text":"Plan"},{"type":"summary_text","text":"Check"}],` +
		`"encrypted_content":"gA\u003c\u003e\u0026\u00e9\u2028==","n":1.0}`
	raw := rsRaw(rsCreated(), rsItemAdded(map[string]any{"type": "reasoning", "id": "rs_1", "summary": []any{}}),
		rsEv("response.reasoning_summary_part.added", "part", map[string]any{"type": "summary_text", "text": ""}),
		rsEv("response.reasoning_summary_text.delta", "delta", "Pl"),
		rsEv("response.reasoning_summary_text.delta", "delta", "an"),
		rsEv("response.reasoning_summary_part.done"),
		rsEv("response.reasoning_summary_part.added", "part", map[string]any{"type": "summary_text", "text": ""}),
		rsEv("response.reasoning_summary_text.delta", "delta", "Check"),
		rsEv("response.reasoning_summary_part.done")) +
		"event: response.output_item.done\ndata: {\"type\":\"response.output_item.done\",\"item\":" + item + "}\n\n" +
		rsRaw(concatEvents(rsMessage("msg_7", "commentary", "Answer"), []map[string]any{rsCompleted("completed", nil)})...)
	srv := newFakeServer(t, rawClose(raw), rsSSE(concatEvents(rsMessage("msg_8", "", "ok"), []map[string]any{rsCompleted("completed", nil)})...))
	m := rsTestModel(srv)
	opts := baseOpts()
	opts.Thinking = provider.ThinkingMedium
	evs, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("q")}}, opts)
	want := "start thinking_start thinking_delta thinking_delta thinking_delta thinking_delta thinking_delta thinking_end " +
		"text_start text_delta text_end done"
	if got := types(evs); got != want {
		t.Fatalf("events =\n%s\nwant\n%s", got, want)
	}
	if evs[4].Delta != "\n\n" || evs[7].Content != "Plan\n\nCheck" {
		t.Errorf("part separator %q, thinking_end %q", evs[4].Delta, evs[7].Content)
	}
	wantSig := "{\"id\":\"rs_1\",\"type\":\"reasoning\",\"summary\":[{\"type\":\"summary_text\",\"text\":\"Plan\"},{\"type\":\"summary_text\",\"text\":\"Check\"}]," +
		"\"encrypted_content\":\"gA<>&é\u2028==\",\"n\":1}"
	if got := msg.Content[0].ThinkingSignature; got != wantSig {
		t.Errorf("thinkingSignature =\n%s\nwant (JSON.stringify of the item)\n%s", got, wantSig)
	}
	if got := msg.Content[1].TextSignature; got != `{"v":1,"id":"msg_7","phase":"commentary"}` {
		t.Errorf("textSignature = %s", got)
	}
	body := srv.Requests()[0].Body
	equalJSON(t, "reasoning params", []any{body["reasoning"], body["include"]},
		[]any{map[string]any{"effort": "medium", "summary": "auto"}, []any{"reasoning.encrypted_content"}})

	// Next turn: the stored message (as the agent keeps it) is replayed.
	history := []map[string]any{userMsg("q"), msg.Map(), userMsg("again")}
	mustStream(t, m, &provider.Context{Messages: history}, opts)
	input := srv.Requests()[1].Body["input"].([]any)
	equalJSON(t, "replayed items", input[1:3], []any{
		map[string]any{"id": "rs_1", "type": "reasoning", "n": 1, "encrypted_content": "gA<>&é\u2028==",
			"summary": []any{map[string]any{"type": "summary_text", "text": "Plan"}, map[string]any{"type": "summary_text", "text": "Check"}}},
		map[string]any{"type": "message", "role": "assistant", "id": "msg_7", "phase": "commentary", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": "Answer", "annotations": []any{}}}},
	})
}

func TestResponsesToolCalls(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rsSSE(concatEvents(
		rsCall("fc_1", "call_1", "read", `{"path":"a.txt"}`, `{"pa`, `th":"a`, `.txt"}`),
		// The .done arguments may carry more than the deltas did.
		rsCall("fc_2", "call_2", "write", `{"path":"b.txt","content":"x\ny"}`, `{"path":"b.txt",`),
		[]map[string]any{rsCompleted("completed", rsUsage(10, 0, 10))})...))
	evs, msg := mustStream(t, rsTestModel(srv), &provider.Context{Messages: []map[string]any{userMsg("go")}}, baseOpts())
	want := "start toolcall_start toolcall_delta toolcall_delta toolcall_delta toolcall_end " +
		"toolcall_start toolcall_delta toolcall_delta toolcall_end done"
	if got := types(evs); got != want {
		t.Fatalf("events =\n%s\nwant\n%s", got, want)
	}
	if evs[8].Delta != `"content":"x\ny"}` {
		t.Errorf("completing delta = %q", evs[8].Delta)
	}
	if msg.StopReason != provider.StopReasonToolUse {
		t.Errorf("stopReason = %s", msg.StopReason)
	}
	equalJSON(t, "content", msg.Content, []any{
		map[string]any{"type": "toolCall", "id": "call_1|fc_1", "name": "read", "arguments": map[string]any{"path": "a.txt"}},
		map[string]any{"type": "toolCall", "id": "call_2|fc_2", "name": "write", "arguments": map[string]any{"path": "b.txt", "content": "x\ny"}},
	})
	// Mid-stream partials carry pi-ai's partialJson scratch field.
	mid := asData(t, evs[3].Partial).(map[string]any)["content"].([]any)[0].(map[string]any)
	equalJSON(t, "partial tool call", mid, map[string]any{"type": "toolCall", "id": "call_1|fc_1", "name": "read",
		"arguments": map[string]any{"path": "a"}, "partialJson": `{"path":"a`})
	if evs[5].ToolCall.ID != "call_1|fc_1" || evs[9].ToolCall.Arguments["content"] != "x\ny" {
		t.Errorf("toolcall_end events: %+v %+v", evs[5].ToolCall, evs[9].ToolCall)
	}

	// Replayed: call ids split again, arguments as JSON.stringify writes them
	// (in the order the model wrote them).
	history := []map[string]any{userMsg("go"), msg.Map(),
		{"role": "toolResult", "toolCallId": "call_1|fc_1", "toolName": "read", "isError": false, "timestamp": 3,
			"content": []any{map[string]any{"type": "text", "text": "<html>"}}},
		{"role": "toolResult", "toolCallId": "call_2|fc_2", "toolName": "write", "isError": true, "timestamp": 3, "content": []any{}}}
	mustStream(t, rsTestModel(srv), &provider.Context{Messages: history}, baseOpts())
	input := srv.Requests()[1].Body["input"].([]any)
	equalJSON(t, "replayed calls", input[1:], []any{
		map[string]any{"type": "function_call", "id": "fc_1", "call_id": "call_1", "name": "read", "arguments": `{"path":"a.txt"}`},
		map[string]any{"type": "function_call", "id": "fc_2", "call_id": "call_2", "name": "write", "arguments": `{"path":"b.txt","content":"x\ny"}`},
		map[string]any{"type": "function_call_output", "call_id": "call_1", "output": "<html>"},
		// pi-ai 1.6: a result without text or images (0.73.1 said "(see attached image)").
		map[string]any{"type": "function_call_output", "call_id": "call_2", "output": "(no tool output)"},
	})
}

func TestResponsesErrors(t *testing.T) {
	t.Parallel()
	msgEvents := rsMessage("msg_1", "", "par")
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		events  string
		want    string
	}{
		{"http 400", status(400, map[string]string{"Content-Type": "application/json"},
			`{"error":{"message":"Invalid 'input'","type":"invalid_request_error"}}`), "error",
			`OpenAI API error (400): {"message":"Invalid 'input'","type":"invalid_request_error"}`},
		{"http 401 text", status(401, nil, "nope"), "error", "OpenAI API error (401): 401 nope"},
		{"response.failed", rsSSE(concatEvents(msgEvents, []map[string]any{rsEv("response.failed", "response",
			map[string]any{"status": "failed", "error": map[string]any{"code": "server_error", "message": "boom"}})})...),
			"start text_start text_delta text_end error", "server_error: boom"},
		{"response.failed without details", rsSSE(rsEv("response.failed", "response", map[string]any{"status": "failed"})),
			"start error", "Unknown error (no error details in response)"},
		{"error event", rsSSE(rsEv("error", "code", "rate_limit_exceeded", "message", "Slow down")), "start error",
			"Error Code rate_limit_exceeded: Slow down"},
		{"malformed event", rawClose("event: response.created\ndata: {\"type\":\"response.cre\n\n"), "start error",
			"Could not parse stream event as JSON: unexpected end of JSON input; data={\"type\":\"response.cre"},
		{"truncated", truncated(rsRaw(msgEvents[:3]...) + "event: response.output_text.delta\ndata: {\"ty"),
			"start text_start text_delta error", "terminated: other side closed (UND_ERR_SOCKET)"},
		{"clean EOF without completed", rsSSE(msgEvents[:3]...), "start text_start text_delta error",
			"Provider stream ended without a response.completed event"},
		{"failed status", rsSSE(rsCompleted("failed", nil)), "start error", "An unknown error occurred"},
		{"unknown status", rsSSE(rsCompleted("weird", nil)), "start error", "Unhandled stop reason: weird"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newFakeServer(t, tc.handler)
			m := rsTestModel(srv)
			evs, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
			if types(evs) != tc.events || msg.StopReason != provider.StopReasonError || msg.ErrorMessage != tc.want {
				t.Errorf("events %s, result %s %q\nwant events %s, %q", types(evs), msg.StopReason, msg.ErrorMessage, tc.events, tc.want)
			}
			for _, b := range msg.Content {
				if b.Type == provider.BlockToolCall {
					if _, ok := b.Map()["partialJson"]; ok {
						t.Error("partialJson left in an errored message")
					}
				}
			}
		})
	}
}

func TestResponsesRetries(t *testing.T) {
	t.Parallel()
	ok := rsSSE(concatEvents(rsMessage("msg_1", "", "ok"), []map[string]any{rsCompleted("completed", nil)})...)
	srv := newFakeServer(t, status(429, map[string]string{"Retry-After": "0"}, `{"error":{"message":"slow down"}}`),
		status(503, nil, `{"error":{"message":"overloaded"}}`), ok)
	_, msg := mustStream(t, rsTestModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if msg.StopReason != provider.StopReasonStop || msg.Text() != "ok" || len(srv.Requests()) != 3 {
		t.Errorf("result %s %q after %d requests", msg.StopReason, msg.Text(), len(srv.Requests()))
	}

	srv = newFakeServer(t, status(500, nil, `{"error":{"message":"The server had an error"}}`))
	opts := baseOpts()
	opts.Retry.MaxRetries = 1
	_, msg = mustStream(t, rsTestModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if len(srv.Requests()) != 2 || msg.ErrorMessage != `OpenAI API error (500): {"message":"The server had an error"}` {
		t.Errorf("%d requests, %q", len(srv.Requests()), msg.ErrorMessage)
	}
}

func TestResponsesAbortMidStream(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rawThenHang(rsRaw(concatEvents([]map[string]any{rsCreated()}, rsMessage("msg_1", "", "partial")[:3])...)))
	// Unlike openai-completions, blocks end only with their output item.
	abortMidStream(t, rsTestModel(srv), "start text_start text_delta error", "Request was aborted")
}

// pigo treats response.incomplete like response.completed (pi-ai ignores it
// and would report stop with no usage).
func TestResponsesIncompleteEvent(t *testing.T) {
	t.Parallel()
	inc := rsCompleted("incomplete", rsUsage(10, 0, 5))
	inc["type"] = "response.incomplete"
	srv := newFakeServer(t, rsSSE(concatEvents(rsMessage("msg_1", "", "cut"), []map[string]any{inc})...))
	m := rsTestModel(srv)
	m.Reasoning = false
	_, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if msg.StopReason != provider.StopReasonLength || msg.Usage.Output != 5 || msg.Text() != "cut" {
		t.Errorf("result %s usage %+v text %q", msg.StopReason, msg.Usage, msg.Text())
	}
}

func TestResponsesServiceTierPricing(t *testing.T) {
	t.Parallel()
	done := rsCompleted("completed", rsUsage(1000000, 0, 0))
	done["response"].(map[string]any)["service_tier"] = "priority"
	srv := newFakeServer(t, rsSSE(done))
	_, msg := mustStream(t, rsTestModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if msg.Usage.Cost.Input != 6 || msg.Usage.Cost.Total != 6 {
		t.Errorf("priority cost = %+v, want input 2×3", msg.Usage.Cost)
	}
}

func TestResponsesOptions(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rsSSE(rsCompleted("completed", nil)))
	m := rsTestModel(srv)
	m.Headers = map[string]string{"X-Model": "1"}
	m.Compat = &provider.Compat{SupportsLongCacheRetention: ptrTo(false)}
	temp := 0.2
	opts := baseOpts()
	opts.Temperature = &temp
	opts.MaxTokens = 500
	opts.SessionID = "sess-9"
	opts.CacheRetention = "long"
	opts.ToolChoice = "required"
	opts.Headers = map[string]string{"X-Extra": "yes"}
	var payloadSeen, responseSeen bool
	opts.OnPayload = func(_ context.Context, p map[string]any, _ *provider.Model) (map[string]any, error) {
		payloadSeen = p["prompt_cache_key"] == "sess-9"
		p["metadata"] = map[string]any{"hooked": "yes"}
		return p, nil
	}
	opts.OnResponse = func(_ context.Context, status int, h map[string]string, _ *provider.Model) {
		responseSeen = status == 200
	}
	tools := []provider.Tool{{Name: "ls", Description: "List", Parameters: map[string]any{"type": "object"}}}
	mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}, Tools: tools}, opts)
	req := srv.Requests()[0]
	if !payloadSeen || !responseSeen {
		t.Errorf("hooks: payload %v response %v", payloadSeen, responseSeen)
	}
	for h, want := range map[string]string{"X-Model": "1", "X-Extra": "yes", "Session-Id": "sess-9", "X-Client-Request-Id": "sess-9"} {
		if got := req.Header.Get(h); got != want {
			t.Errorf("header %s = %q, want %q", h, got, want)
		}
	}
	b := req.Body
	equalJSON(t, "options", map[string]any{"temperature": b["temperature"], "max_output_tokens": b["max_output_tokens"],
		"prompt_cache_key": b["prompt_cache_key"], "prompt_cache_retention": b["prompt_cache_retention"], "tool_choice": b["tool_choice"],
		"metadata": b["metadata"], "tools": b["tools"], "reasoning": b["reasoning"]},
		map[string]any{"temperature": 0.2, "max_output_tokens": 500, "prompt_cache_key": "sess-9", "prompt_cache_retention": nil,
			"tool_choice": "required", "metadata": map[string]any{"hooked": "yes"}, "reasoning": map[string]any{"effort": "none"},
			"tools": []any{map[string]any{"type": "function", "name": "ls", "description": "List", "parameters": map[string]any{"type": "object"}}}})

	// Retention "none" drops the cache key and the session headers.
	opts.CacheRetention = "none"
	mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	req = srv.Requests()[1]
	if _, ok := req.Body["prompt_cache_key"]; ok || req.Header.Get("Session-Id") != "" {
		t.Errorf("retention none: body %v, session header %q", req.Body["prompt_cache_key"], req.Header.Get("Session-Id"))
	}

	// An OnPayload error fails the turn before anything is sent.
	opts.OnPayload = func(context.Context, map[string]any, *provider.Model) (map[string]any, error) {
		return nil, errors.New("blocked by hook")
	}
	evs, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if types(evs) != "error" || msg.ErrorMessage != "blocked by hook" || len(srv.Requests()) != 2 {
		t.Errorf("hook error: %s %q, %d requests", types(evs), msg.ErrorMessage, len(srv.Requests()))
	}
}

func TestAzureResponses(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rsSSE(concatEvents(rsMessage("msg_1", "", "ok"), []map[string]any{rsCompleted("completed", nil)})...))
	m := mockModel(provider.APIAzureOpenAIResponses, srv.URL+"/openai/v1")
	m.ID, m.Provider = "gpt-5", "azure-openai-responses"
	opts := baseOpts()
	opts.SessionID = "sess-1"
	opts.Env = map[string]string{"AZURE_OPENAI_API_VERSION": "2025-04-01-preview", "AZURE_OPENAI_DEPLOYMENT_NAME_MAP": "gpt-5=my-gpt5"}
	_, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if msg.StopReason != provider.StopReasonStop || msg.API != provider.APIAzureOpenAIResponses {
		t.Fatalf("result %s %q api %s", msg.StopReason, msg.ErrorMessage, msg.API)
	}
	req := srv.Requests()[0]
	if req.Path != "/openai/v1/responses" || req.Query != "api-version=2025-04-01-preview" {
		t.Errorf("url %s?%s", req.Path, req.Query)
	}
	if req.Header.Get("Api-Key") != "test-key" || req.Header.Get("Authorization") != "" || req.Header.Get("Session-Id") != "" {
		t.Errorf("headers %v", req.Header)
	}
	equalJSON(t, "body", req.Body, map[string]any{"model": "my-gpt5", "stream": true, "prompt_cache_key": "sess-1", "max_output_tokens": 16384, "store": false,
		"input": []any{map[string]any{"role": "user", "content": []any{map[string]any{"type": "input_text", "text": "x"}}}}})

	// The key comes from AZURE_OPENAI_API_KEY; a missing base URL is an
	// error message, not a panic.
	m.BaseURL = ""
	opts = &provider.Options{Env: map[string]string{"AZURE_OPENAI_API_KEY": "k"}, Now: fixedClock}
	evs, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if types(evs) != "error" || !strings.HasPrefix(msg.ErrorMessage, "Azure OpenAI base URL is required.") {
		t.Errorf("no base URL: %s %q", types(evs), msg.ErrorMessage)
	}
}

func TestResponsesNoAPIKey(t *testing.T) {
	t.Parallel()
	m := responsesModel("http://127.0.0.1:1")
	_, err := provider.Stream(context.Background(), m, &provider.Context{}, &provider.Options{})
	if !errors.Is(err, provider.ErrNoAPIKey) || err.Error() != "No API key for provider: openai" {
		t.Errorf("err = %v", err)
	}
}

// A catalog model runs through a Registry with the key from the environment.
func TestResponsesThroughRegistry(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rsSSE(concatEvents(rsMessage("msg_1", "", "hi"), []map[string]any{rsCompleted("completed", nil)})...))
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {"openai": {"baseUrl": "` + srv.URL + `/v1"}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir, Env: map[string]string{"OPENAI_API_KEY": "sk-env"}})
	m, ok := r.Find("openai", "gpt-5.4")
	if !ok || m.API != provider.APIOpenAIResponses {
		t.Fatalf("gpt-5.4 = %+v", m)
	}
	msg, err := r.Complete(context.Background(), m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, &provider.Options{Thinking: provider.ThinkingXHigh})
	if err != nil || msg.Text() != "hi" {
		t.Fatalf("Complete: %v %+v", err, msg)
	}
	req := srv.Requests()[0]
	if req.Header.Get("Authorization") != "Bearer sk-env" || req.Body["reasoning"].(map[string]any)["effort"] != "xhigh" {
		t.Errorf("auth %q reasoning %v", req.Header.Get("Authorization"), req.Body["reasoning"])
	}
}

package provider_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

func anModel(srv *fakeServer) *provider.Model {
	m := mockModel(provider.APIAnthropicMessages, srv.URL)
	m.ID, m.Provider, m.Reasoning, m.MaxTokens = "claude-sonnet-4-5", "anthropic", true, 64000
	m.Input = []string{"text", "image"}
	return m
}

const anStart = `{"type":"message_start","message":{"id":"msg_01","type":"message","role":"assistant","content":[],"model":"claude-sonnet-4-5","stop_reason":null,"usage":{"input_tokens":25,"output_tokens":1,"cache_read_input_tokens":1000,"cache_creation_input_tokens":50}}}`

func anDelta(reason string, out int) string {
	return js(map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": reason, "stop_sequence": nil},
		"usage": map[string]any{"output_tokens": out}})
}

func TestAnthropicTextStream(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, namedSSE(
		"message_start", anStart,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		"ping", `{"type":"ping"}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hello"}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":" world"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"message_delta", anDelta("end_turn", 12),
		"message_stop", `{"type":"message_stop"}`))
	evs, msg := mustStream(t, anModel(srv), &provider.Context{SystemPrompt: "sys", Messages: []map[string]any{userMsg("hi")}}, baseOpts())
	if got, want := types(evs), "start text_start text_delta text_delta text_end done"; got != want {
		t.Fatalf("events = %s, want %s", got, want)
	}
	// Partials carry the API's block index until the block stops.
	equalJSON(t, "partial block", evs[2].Partial.Content[0], map[string]any{"type": "text", "text": "Hello", "index": 0})
	equalJSON(t, "end block", evs[4].Partial.Content[0], map[string]any{"type": "text", "text": "Hello world"})
	equalJSON(t, "final", msg, map[string]any{
		"role": "assistant", "content": []any{map[string]any{"type": "text", "text": "Hello world"}},
		"api": "anthropic-messages", "provider": "anthropic", "model": "claude-sonnet-4-5", "responseId": "msg_01",
		"usage": map[string]any{"input": 25, "output": 12, "cacheRead": 1000, "cacheWrite": 50, "totalTokens": 1087,
			"cost": map[string]any{"input": 0.00007500000000000001, "output": 0.00018, "cacheRead": 0.0003, "cacheWrite": 0.0001875,
				"total": 0.0007424999999999999}}, // same float64 arithmetic as pi-ai's calculateCost (checked with node)
		"stopReason": "stop", "timestamp": 1700000000000,
	})
	req := srv.Requests()[0]
	// pi-ai 1.6: the beta client's ?beta=true, and no interleaved-thinking
	// beta with thinking off.
	if req.Path != "/v1/messages" || req.Query != "beta=true" || req.Header.Get("X-Api-Key") != "test-key" || req.Header.Get("Anthropic-Version") != "2023-06-01" ||
		req.Header.Get("Anthropic-Beta") != "" {
		t.Errorf("request %s?%s %v", req.Path, req.Query, req.Header)
	}
}

func TestAnthropicThinkingAndParallelTools(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, namedSSE(
		"message_start", anStart,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Two files."}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQB"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"redacted_thinking","data":"opaque"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":1}`,
		"content_block_start", `{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_a","name":"read","input":{}}}`,
		"content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":""}}`,
		"content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"path\": \"a"}}`,
		"content_block_start", `{"type":"content_block_start","index":3,"content_block":{"type":"tool_use","id":"toolu_b","name":"read","input":{}}}`,
		"content_block_delta", `{"type":"content_block_delta","index":3,"delta":{"type":"input_json_delta","partial_json":"{\"path\": \"b.txt\"}"}}`,
		"content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":".txt\"}"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":3}`,
		"content_block_stop", `{"type":"content_block_stop","index":2}`,
		"message_delta", anDelta("tool_use", 80),
		"message_stop", `{"type":"message_stop"}`))
	opts := baseOpts()
	opts.Thinking = provider.ThinkingMedium
	temp := 0.2
	opts.Temperature = &temp
	// Root keywords besides properties and required: pi-ai 1.6 keeps
	// additionalProperties, $defs and definitions, drops the others.
	tools := []provider.Tool{{Name: "read", Description: "Read", Parameters: map[string]any{"type": "object",
		"properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"},
		"additionalProperties": false, "$defs": map[string]any{"p": map[string]any{"type": "string"}}, "title": "dropped"}}}
	evs, msg := mustStream(t, anModel(srv), &provider.Context{SystemPrompt: "sys", Tools: tools, Messages: []map[string]any{userMsg("read")}}, opts)
	want := "start thinking_start thinking_delta thinking_end thinking_start thinking_end toolcall_start toolcall_delta toolcall_delta " +
		"toolcall_start toolcall_delta toolcall_delta toolcall_end toolcall_end done"
	if got := types(evs); got != want {
		t.Fatalf("events =\n%s\nwant\n%s", got, want)
	}
	equalJSON(t, "mid tool partial", evs[8].Partial.Content[2], map[string]any{"type": "toolCall", "id": "toolu_a", "name": "read",
		"arguments": map[string]any{"path": "a"}, "partialJson": `{"path": "a`, "index": 2})
	equalJSON(t, "content", msg.Content, []any{
		map[string]any{"type": "thinking", "thinking": "Two files.", "thinkingSignature": "EqQB"},
		map[string]any{"type": "thinking", "thinking": "[Reasoning redacted]", "thinkingSignature": "opaque", "redacted": true},
		map[string]any{"type": "toolCall", "id": "toolu_a", "name": "read", "arguments": map[string]any{"path": "a.txt"}},
		map[string]any{"type": "toolCall", "id": "toolu_b", "name": "read", "arguments": map[string]any{"path": "b.txt"}},
	})
	if msg.StopReason != provider.StopReasonToolUse {
		t.Errorf("stopReason = %s", msg.StopReason)
	}
	body := srv.Requests()[0].Body
	// medium = 8192 budget inside the model's 64000 output tokens (pi-ai
	// 1.6: the model's cap, the window having room); no temperature while thinking.
	equalJSON(t, "thinking", body["thinking"], map[string]any{"type": "enabled", "budget_tokens": 8192, "display": "summarized"})
	if body["max_tokens"] != 64000.0 || body["temperature"] != nil {
		t.Errorf("max_tokens %v temperature %v", body["max_tokens"], body["temperature"])
	}
	equalJSON(t, "system", body["system"], []any{map[string]any{"type": "text", "text": "sys", "cache_control": map[string]any{"type": "ephemeral"}}})
	equalJSON(t, "tools", body["tools"], []any{map[string]any{"name": "read", "description": "Read", "eager_input_streaming": true,
		"input_schema": map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"},
			"additionalProperties": false, "$defs": map[string]any{"p": map[string]any{"type": "string"}}},
		"cache_control": map[string]any{"type": "ephemeral"}}})
}

func TestAnthropicMessageConversion(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, namedSSE("message_start", anStart, "message_delta", anDelta("end_turn", 1), "message_stop", `{"type":"message_stop"}`))
	m := anModel(srv)
	c := &provider.Context{Messages: []map[string]any{
		{"role": "user", "content": "  "}, // whitespace-only string content is dropped
		{"role": "user", "content": []any{map[string]any{"type": "text", "text": "see"}, map[string]any{"type": "image", "data": "AAA", "mimeType": "image/png"}}},
		{"role": "assistant", "api": "anthropic-messages", "provider": "anthropic", "model": "claude-sonnet-4-5", "stopReason": "toolUse",
			"content": []any{
				map[string]any{"type": "thinking", "thinking": "hmm", "thinkingSignature": "sig"},
				map[string]any{"type": "thinking", "thinking": "unsigned"},
				map[string]any{"type": "text", "text": "ok"},
				map[string]any{"type": "toolCall", "id": "t1", "name": "ls", "arguments": map[string]any{"p": "."}},
				map[string]any{"type": "toolCall", "id": "t2", "name": "ls", "arguments": map[string]any{}},
			}},
		{"role": "toolResult", "toolCallId": "t1", "toolName": "ls", "isError": false, "content": []any{map[string]any{"type": "text", "text": "a"}, map[string]any{"type": "text", "text": "b"}}},
		{"role": "toolResult", "toolCallId": "t2", "toolName": "ls", "isError": true, "content": []any{map[string]any{"type": "image", "data": "BBB", "mimeType": "image/jpeg"}}},
		{"role": "compactionSummary", "summary": "earlier", "tokensBefore": 10},
	}}
	mustStream(t, m, c, baseOpts())
	eph := map[string]any{"type": "ephemeral"}
	equalJSON(t, "messages", srv.Requests()[0].Body["messages"], []any{
		map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "see"},
			map[string]any{"type": "image", "source": map[string]any{"type": "base64", "media_type": "image/png", "data": "AAA"}}}},
		map[string]any{"role": "assistant", "content": []any{
			map[string]any{"type": "thinking", "thinking": "hmm", "signature": "sig"},
			map[string]any{"type": "text", "text": "unsigned"},
			map[string]any{"type": "text", "text": "ok"},
			map[string]any{"type": "tool_use", "id": "t1", "name": "ls", "input": map[string]any{"p": "."}},
			map[string]any{"type": "tool_use", "id": "t2", "name": "ls", "input": map[string]any{}},
		}},
		map[string]any{"role": "user", "content": []any{
			map[string]any{"type": "tool_result", "tool_use_id": "t1", "content": "a\nb", "is_error": false},
			map[string]any{"type": "tool_result", "tool_use_id": "t2", "is_error": true, "content": []any{
				map[string]any{"type": "text", "text": "(see attached image)"},
				map[string]any{"type": "image", "source": map[string]any{"type": "base64", "media_type": "image/jpeg", "data": "BBB"}}}},
		}},
		map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "cache_control": eph,
			"text": "The conversation history before this point was compacted into the following summary:\n\n<summary>\nearlier\n</summary>"}}},
	})
	body := srv.Requests()[0].Body
	equalJSON(t, "thinking off", body["thinking"], map[string]any{"type": "disabled"})
}

// TestAnthropicAdaptiveThinking: as in pi-ai 1.6, compat.forceAdaptiveThinking
// alone makes a Claude think adaptively (effort from its thinkingLevelMap);
// the id no longer counts, so "claude-opus-4-6" without it thinks on a
// budget with the interleaved-thinking beta, as pi-ai 0.73.1 did for older
// Claudes only.
func TestAnthropicAdaptiveThinking(t *testing.T) {
	t.Parallel()
	reply := namedSSE("message_start", anStart, "message_delta", anDelta("max_tokens", 0), "message_stop", `{"type":"message_stop"}`)
	srv := newFakeServer(t, reply, reply)
	m := anModel(srv)
	m.ID = "claude-opus-4-6"
	mx := "max"
	m.ThinkingLevelMap = provider.ThinkingLevelMap{provider.ThinkingXHigh: &mx}
	opts := baseOpts()
	opts.Thinking = provider.ThinkingXHigh
	mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	m.Compat = &provider.Compat{ForceAdaptiveThinking: ptrTo(true)}
	_, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	budget, adaptive := srv.Requests()[0], srv.Requests()[1]
	if th, _ := budget.Body["thinking"].(map[string]any); th["type"] != "enabled" {
		t.Errorf("without forceAdaptiveThinking: thinking = %v, want budget thinking", budget.Body["thinking"])
	}
	if h := budget.Header.Get("Anthropic-Beta"); h != "interleaved-thinking-2025-05-14" {
		t.Errorf("budget thinking beta header = %q", h)
	}
	equalJSON(t, "thinking", adaptive.Body["thinking"], map[string]any{"type": "adaptive", "display": "summarized"})
	equalJSON(t, "output_config", adaptive.Body["output_config"], map[string]any{"effort": "max"})
	if h := adaptive.Header.Get("Anthropic-Beta"); h != "" {
		t.Errorf("adaptive models need no beta header, got %q", h)
	}
	if msg.StopReason != provider.StopReasonLength {
		t.Errorf("stopReason = %s", msg.StopReason)
	}
}

// TestAnthropicCompatAdaptiveThinking: a model whose compat forces
// adaptive thinking (as pi-ai 1.6's catalog marks Copilot's Claudes,
// whatever their id) thinks adaptively at pi 1.6's "max" level; with
// thinking off, a temperature is left out when compat says the model
// rejects one.
func TestAnthropicCompatAdaptiveThinking(t *testing.T) {
	t.Parallel()
	reply := namedSSE("message_start", anStart, "message_delta", anDelta("end_turn", 1), "message_stop", `{"type":"message_stop"}`)
	srv := newFakeServer(t, reply, reply)
	m := anModel(srv)
	m.ID = "claude-fable-5"
	m.ThinkingLevelMap = provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("xhigh"), provider.ThinkingMax: ptrTo("max")}
	m.Compat = &provider.Compat{ForceAdaptiveThinking: ptrTo(true), SupportsTemperature: ptrTo(false)}
	opts := baseOpts()
	opts.Thinking = provider.ThinkingMax
	mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	opts.Thinking, opts.Temperature = provider.ThinkingOff, ptrTo(0.2)
	mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	reqs := srv.Requests()
	equalJSON(t, "thinking", reqs[0].Body["thinking"], map[string]any{"type": "adaptive", "display": "summarized"})
	equalJSON(t, "output_config", reqs[0].Body["output_config"], map[string]any{"effort": "max"})
	if h := reqs[0].Header.Get("Anthropic-Beta"); h != "" {
		t.Errorf("adaptive models need no beta header, got %q", h)
	}
	if tmp, ok := reqs[1].Body["temperature"]; ok {
		t.Errorf("temperature %v sent to a model that rejects it", tmp)
	}
}

func TestAnthropicErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		events  string
		want    string
	}{
		{"401", status(401, nil, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`), "error",
			`401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`},
		{"sse error", namedSSE("message_start", anStart, "error", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`),
			"start error", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`},
		{"missing stop", namedSSE("message_start", anStart,
			"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`),
			"start text_start error", "Anthropic stream ended before message_stop"},
		{"truncated", truncated("event: message_start\ndata: " + anStart + "\n\nevent: content_block_start\ndata: {\"type\":"), "start error", "terminated: other side closed (UND_ERR_SOCKET)"},
		{"refusal", namedSSE("message_start", anStart, "message_delta", anDelta("refusal", 0), "message_stop", `{"type":"message_stop"}`),
			"start error", "An unknown error occurred"},
		{"unknown stop reason", namedSSE("message_start", anStart, "message_delta", anDelta("weird", 0)), "start error", "Unhandled stop reason: weird"},
		{"bad json", namedSSE("message_start", "{nope"), "start error",
			"Could not parse Anthropic SSE event message_start: invalid character 'n' looking for beginning of object key string; data={nope; raw=event: message_start\\ndata: {nope"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newFakeServer(t, tc.handler)
			evs, msg := mustStream(t, anModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
			if types(evs) != tc.events || msg.StopReason != provider.StopReasonError || msg.ErrorMessage != tc.want {
				t.Errorf("events %q, result %s %q\nwant %q %q", types(evs), msg.StopReason, msg.ErrorMessage, tc.events, tc.want)
			}
			for _, b := range msg.Content {
				if strings.Contains(js(b), `"index"`) {
					t.Errorf("scratch field left in final message: %s", js(b))
				}
			}
		})
	}
}

func TestAnthropicRetry529ThenOK(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t,
		status(529, map[string]string{"retry-after": "0"}, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`),
		namedSSE("message_start", anStart, "message_delta", anDelta("end_turn", 3), "message_stop", `{"type":"message_stop"}`))
	_, msg := mustStream(t, anModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if msg.StopReason != provider.StopReasonStop || len(srv.Requests()) != 2 {
		t.Errorf("result %s %q after %d requests", msg.StopReason, msg.ErrorMessage, len(srv.Requests()))
	}
}

func TestAnthropicAbort(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rawThenHang("event: message_start\ndata: "+anStart+"\n\n"+
		"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := provider.Stream(ctx, anModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if err != nil {
		t.Fatal(err)
	}
	var at time.Time
	for ev := range s.Events() {
		if ev.Type == provider.EventTextStart {
			at = time.Now()
			cancel()
		}
	}
	msg := s.Result()
	if time.Since(at) > 2*time.Second || msg.StopReason != provider.StopReasonAborted || msg.ErrorMessage != "This operation was aborted" {
		t.Errorf("after %v: %s %q", time.Since(at), msg.StopReason, msg.ErrorMessage)
	}
	if strings.Contains(js(msg), `"index"`) {
		t.Errorf("scratch field in aborted message: %s", js(msg))
	}
}

func TestAnthropicStopWithConnectionHeldOpen(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rawThenHang("event: message_start\ndata: "+anStart+"\n\nevent: message_delta\ndata: "+anDelta("end_turn", 1)+
		"\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n"))
	start := time.Now()
	_, msg := mustStream(t, anModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if msg.StopReason != provider.StopReasonStop || time.Since(start) > 5*time.Second {
		t.Errorf("result %s %q after %v", msg.StopReason, msg.ErrorMessage, time.Since(start))
	}
}

// TestAnthropicOneHourCacheWrites: the lifetime breakdown of cache writes
// (message_start's, then a delta's, as Vercel's AI Gateway sends it) is
// the usage's cacheWrite1h, and those writes cost twice the input price
// (pi-ai 1.6). Without a breakdown the usage says 0.
func TestAnthropicOneHourCacheWrites(t *testing.T) {
	t.Parallel()
	start := strings.Replace(anStart, `"cache_creation_input_tokens":50}`,
		`"cache_creation_input_tokens":50,"cache_creation":{"ephemeral_5m_input_tokens":20,"ephemeral_1h_input_tokens":30}}`, 1)
	delta := js(map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": "end_turn"},
		"usage": map[string]any{"output_tokens": 12, "cache_creation_input_tokens": 60, "cache_creation": map[string]any{"ephemeral_1h_input_tokens": 40}}})
	for _, c := range []struct {
		name, start, delta string
		long               int64
		cacheWrite         float64
	}{
		{"start", start, anDelta("end_turn", 12), 30, (3.75*20 + 3*2*30) / 1e6},
		{"delta", start, delta, 40, (3.75*20 + 3*2*40) / 1e6},
		{"none", anStart, anDelta("end_turn", 12), 0, 3.75 * 50 / 1e6},
	} {
		srv := newFakeServer(t, namedSSE("message_start", c.start, "message_delta", c.delta, "message_stop", `{"type":"message_stop"}`))
		m := anModel(srv)
		m.Cost = provider.Cost{Input: 3, Output: 15, CacheRead: 0.3, CacheWrite: 3.75}
		_, msg := mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("hi")}}, baseOpts())
		u := msg.Usage.Map()
		if u["cacheWrite1h"] != c.long || msg.Usage.Cost.CacheWrite != c.cacheWrite {
			t.Errorf("%s: usage %v", c.name, u)
		}
	}
}

package provider_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
)

// TestStreamEventHook: every parsed provider event reaches the hook
// (pi 1.6's provider_stream_event), JSON decoded with the server's key
// order, in order.
func TestStreamEventHook(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, namedSSE(
		"message_start", anStart,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"message_delta", anDelta("end_turn", 1),
		"message_stop", `{"type":"message_stop"}`))
	var got []string
	var keys []string
	ctx := provider.WithStreamEventHook(context.Background(), func(data any) {
		o, _ := data.(*jsjson.Object)
		typ, _ := o.Get("type")
		got = append(got, fmt.Sprint(typ))
		if typ == "content_block_start" {
			keys = jsjson.ObjectKeys(*o)
		}
	})
	mustStreamCtx(t, ctx, anModel(srv), &provider.Context{Messages: []map[string]any{userMsg("hi")}}, baseOpts())
	want := "message_start content_block_start content_block_delta content_block_stop message_delta message_stop"
	if strings.Join(got, " ") != want {
		t.Errorf("hook saw %q, want %q", strings.Join(got, " "), want)
	}
	if strings.Join(keys, ",") != "type,index,content_block" {
		t.Errorf("content_block_start's keys %v, want the server's order", keys)
	}
}

// TestStreamEventHookChatChunks: an openai-completions chunk reaches the
// hook as the openai SDK yields it to pi-ai, each choice with a
// finish_reason (null when the server sent none) after the server's keys;
// the closing [DONE] does not reach it.
func TestStreamEventHookChatChunks(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(
		`{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"}}]}`,
		`{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
		"[DONE]"))
	var got []string
	ctx := provider.WithStreamEventHook(context.Background(), func(data any) { got = append(got, jsjson.Stringify(data)) })
	mustStreamCtx(t, ctx, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("hi")}}, baseOpts())
	want := []string{
		`{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]}`,
		`{"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("hook saw\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestMapPi16: Map renders pi 1.6's assistant message: the API's raw stop
// reason, usage.reasoning and cost.totalFromProvider once usage came, the
// response's duration; partials "pending" and without scratch fields.
func TestMapPi16(t *testing.T) {
	t.Parallel()
	call := oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 0, "id": "c1", "type": "function",
		"function": map[string]any{"name": "read", "arguments": `{"pa`}}}}, nil)
	usage := js(map[string]any{"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "mock-1", "choices": []any{},
		"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": 7, "completion_tokens_details": map[string]any{"reasoning_tokens": 4}}})
	srv := newFakeServer(t, sse(call, oaChunk(map[string]any{}, "tool_calls"), usage, "[DONE]"))
	opts := baseOpts()
	opts.Now = time.Now // the duration counts only for a message made after the stream
	evs, msg := mustStream(t, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("go")}}, opts)
	final := msg.Map()
	if final["rawStopReason"] != "tool_calls" {
		t.Errorf("rawStopReason = %v", final["rawStopReason"])
	}
	if d, ok := final["durationMs"].(int64); !ok || d < 0 {
		t.Errorf("durationMs = %#v", final["durationMs"])
	}
	u := final["usage"].(map[string]any)
	if u["reasoning"] != int64(4) || u["cost"].(map[string]any)["totalFromProvider"] != false {
		t.Errorf("usage = %v", u)
	}
	if _, ok := asData(t, msg).(map[string]any)["rawStopReason"]; ok {
		t.Error("JSON (pi-ai 0.73.1's shape) carries rawStopReason")
	}
	start, delta := evs[0].Map(), evs[2].Map()
	if start["partial"].(map[string]any)["stopReason"] != "pending" {
		t.Errorf("start partial = %v", start["partial"])
	}
	block := delta["partial"].(map[string]any)["content"].([]any)[0].(map[string]any)
	if _, ok := block["partialArgs"]; ok {
		t.Errorf("partial block carries scratch fields: %v", block)
	}
	if _, ok := block["streamIndex"]; ok {
		t.Errorf("partial block carries scratch fields: %v", block)
	}
}

// TestMapPi16Aborted: a response aborted before any usage keeps pi-ai's
// initial usage (no reasoning, no totalFromProvider) but is timed.
func TestMapPi16Aborted(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	defer close(release)
	srv := newFakeServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := baseOpts()
	opts.Now = time.Now
	s, err := provider.Stream(ctx, oaModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(50*time.Millisecond, cancel)
	_, msg := collect(t, s)
	m := msg.Map()
	u := m["usage"].(map[string]any)
	if _, ok := u["reasoning"]; ok {
		t.Errorf("usage = %v", u)
	}
	if _, ok := u["cost"].(map[string]any)["totalFromProvider"]; ok {
		t.Errorf("usage = %v", u)
	}
	if d, _ := m["durationMs"].(int64); d < 40 {
		t.Errorf("durationMs = %v, want the ~50 ms before the abort", m["durationMs"])
	}
	if m["errorMessage"] != "Request aborted" {
		t.Errorf("errorMessage = %v", m["errorMessage"])
	}
}

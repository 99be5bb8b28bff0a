package provider_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/klauspost/compress/zstd"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// fakeServer is an httptest server (127.0.0.1) that answers the n-th
// request with the n-th handler (the last one repeats) and records requests.
type fakeServer struct {
	*httptest.Server
	mu       sync.Mutex
	handlers []http.HandlerFunc
	requests []recorded
}

type recorded struct {
	Path   string
	Query  string
	Header http.Header
	Body   map[string]any
}

func newFakeServer(t *testing.T, handlers ...http.HandlerFunc) *fakeServer {
	t.Helper()
	f := &fakeServer{handlers: handlers}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw := readBody(r)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		f.mu.Lock()
		n := len(f.requests)
		f.requests = append(f.requests, recorded{Path: r.URL.Path, Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: body})
		h := f.handlers[min(n, len(f.handlers)-1)]
		f.mu.Unlock()
		h(w, r)
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeServer) Requests() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]recorded(nil), f.requests...)
}

// sse writes each payload as one "data:" event, flushing after each.
func sse(payloads ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		for _, p := range payloads {
			fmt.Fprintf(w, "data: %s\n\n", p)
			w.(http.Flusher).Flush()
		}
	}
}

// namedSSE writes "event:"/"data:" pairs (Anthropic style).
func namedSSE(pairs ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		for i := 0; i+1 < len(pairs); i += 2 {
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", pairs[i], pairs[i+1])
			w.(http.Flusher).Flush()
		}
	}
}

// rawSSE writes raw text then, if hang, waits until the client goes away.
func rawThenHang(raw string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		io.WriteString(w, raw)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}
}

// truncated writes raw text and then drops the connection without ending
// the chunked body.
func truncated(raw string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		io.WriteString(w, raw)
		w.(http.Flusher).Flush()
		conn, buf, err := w.(http.Hijacker).Hijack()
		if err != nil {
			panic(err)
		}
		buf.Flush()
		conn.Close()
	}
}

func status(code int, headers map[string]string, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for k, v := range headers {
			w.Header().Set(k, v)
		}
		w.WriteHeader(code)
		io.WriteString(w, body)
	}
}

// jsonl encodes values as compact JSON strings.
func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func oaChunk(delta map[string]any, finish any) string {
	c := map[string]any{"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "mock-1",
		"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
	return js(c)
}

func oaUsage(prompt, completion int) string {
	return js(map[string]any{"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "mock-1",
		"choices": []any{}, "usage": map[string]any{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}})
}

func mockModel(api, baseURL string) *provider.Model {
	m := &provider.Model{
		ID: "mock-1", Name: "Mock One", API: api, Provider: "mock", BaseURL: baseURL,
		Input: []string{"text"}, Cost: provider.Cost{Input: 3, Output: 15, CacheRead: 0.3, CacheWrite: 3.75},
		ContextWindow: 128000, MaxTokens: 16384,
	}
	return m
}

func fixedClock() time.Time { return time.UnixMilli(1700000000000) }

// baseOpts retries a request twice, as retry.provider.maxRetries: 2 does
// (pi-ai 1.6's default is no request-level retries), with tiny delays.
func baseOpts() *provider.Options {
	return &provider.Options{APIKey: "test-key", Now: fixedClock,
		Retry: provider.RetryPolicy{MaxRetries: 2, BaseDelay: time.Millisecond, MaxBackoff: 5 * time.Millisecond}}
}

// collect drains a stream, failing the test if it does not end in time.
func collect(t *testing.T, s *provider.EventStream) ([]provider.Event, *provider.AssistantMessage) {
	t.Helper()
	var evs []provider.Event
	done := make(chan struct{})
	go func() {
		defer close(done)
		for e := range s.Events() {
			evs = append(evs, e)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("stream did not end")
	}
	return evs, s.Result()
}

func mustStream(t *testing.T, model *provider.Model, c *provider.Context, opts *provider.Options) ([]provider.Event, *provider.AssistantMessage) {
	t.Helper()
	return mustStreamCtx(t, context.Background(), model, c, opts)
}

func mustStreamCtx(t *testing.T, ctx context.Context, model *provider.Model, c *provider.Context, opts *provider.Options) ([]provider.Event, *provider.AssistantMessage) {
	t.Helper()
	s, err := provider.Stream(ctx, model, c, opts)
	if err != nil {
		t.Fatalf("Stream: %v", err)
	}
	return collect(t, s)
}

// abortMidStream streams from model, whose server sends the text
// "partial" and then holds the connection open, and cancels at the first
// text_delta: the stream must end within 2 s with the event types
// wantEvents and an aborted result that keeps the text and has the error
// message wantErr.
func abortMidStream(t *testing.T, model *provider.Model, wantEvents, wantErr string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := provider.Stream(ctx, model, &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	var start time.Time
	for ev := range s.Events() {
		got = append(got, string(ev.Type))
		if ev.Type == provider.EventTextDelta {
			start = time.Now()
			cancel()
		}
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("abort took %v", d)
	}
	if strings.Join(got, " ") != wantEvents {
		t.Errorf("events = %v, want %s", got, wantEvents)
	}
	msg := s.Result()
	if msg.StopReason != provider.StopReasonAborted || msg.ErrorMessage != wantErr || msg.Text() != "partial" {
		t.Errorf("result = %s %q %q", msg.StopReason, msg.ErrorMessage, msg.Text())
	}
}

// abortBeforeResponse streams from the model of a server that never
// answers and cancels after 50 ms: the stream must end with an error
// event alone and an aborted result with the error message wantErr.
func abortBeforeResponse(t *testing.T, model func(*fakeServer) *provider.Model, wantErr string) {
	t.Helper()
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
	s, err := provider.Stream(ctx, model(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
	if err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(50*time.Millisecond, cancel)
	evs, msg := collect(t, s)
	if types(evs) != "error" || msg.StopReason != provider.StopReasonAborted || msg.ErrorMessage != wantErr {
		t.Errorf("events %s, result %s %q", types(evs), msg.StopReason, msg.ErrorMessage)
	}
}

// refusingAddr is a 127.0.0.1 address nothing listens on: connections to
// it are refused.
func refusingAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func types(evs []provider.Event) string {
	var out []string
	for _, e := range evs {
		out = append(out, string(e.Type))
	}
	return strings.Join(out, " ")
}

// asData round-trips v through JSON into generic data.
func asData(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func equalJSON(t *testing.T, what string, got, want any) {
	t.Helper()
	g, w := asData(t, got), asData(t, want)
	if !reflect.DeepEqual(g, w) {
		gb, _ := json.MarshalIndent(g, "", "  ")
		wb, _ := json.MarshalIndent(w, "", "  ")
		t.Errorf("%s mismatch\ngot:  %s\nwant: %s", what, gb, wb)
	}
}

func userMsg(text string) map[string]any {
	return map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": text}}, "timestamp": int64(1)}
}

// readBody reads a request's body, undoing the zstd pi-ai 1.6 and pigo
// compress Codex's SSE requests with.
func readBody(r *http.Request) []byte {
	raw, _ := io.ReadAll(r.Body)
	if r.Header.Get("Content-Encoding") != "zstd" {
		return raw
	}
	d, err := zstd.NewReader(nil)
	if err != nil {
		return raw
	}
	defer d.Close()
	out, err := d.DecodeAll(raw, nil)
	if err != nil {
		return raw
	}
	return out
}

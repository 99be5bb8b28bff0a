package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// mockLLM is an OpenAI chat-completions server that answers every request
// with the same prepared SSE stream, as fast as the connection takes it
// (one flush per frame, as a real server sends each delta), and records
// when each request arrived and when the last byte of its answer went out.
type mockLLM struct {
	srv *http.Server
	url string

	mu     sync.Mutex
	frames [][]byte // the stream, each element one "data: ...\n\n" frame
	log    []*request
	done   *sync.Cond // signalled when a request's answer is complete
}

// request is what the server saw of one request.
type request struct {
	received  time.Time // the body was read completely
	bodyBytes int
	firstByte time.Time // first frame of the answer written
	lastByte  time.Time // last frame ([DONE]) flushed
}

func newMockLLM() (*mockLLM, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	m := &mockLLM{url: "http://" + l.Addr().String() + "/v1"}
	m.done = sync.NewCond(&m.mu)
	m.srv = &http.Server{Handler: http.HandlerFunc(m.serve)}
	go func() { _ = m.srv.Serve(l) }()
	return m, nil
}

func (m *mockLLM) close() { _ = m.srv.Close() }

// reply sets the answer to later requests: the text, split into deltas.
func (m *mockLLM) reply(deltas []string) {
	frames := make([][]byte, 0, len(deltas)+4)
	frame := func(delta map[string]any, finish any) {
		c := map[string]any{"index": 0, "delta": delta, "finish_reason": finish}
		b, _ := json.Marshal(map[string]any{"id": "chatcmpl-bench", "object": "chat.completion.chunk", "created": 1,
			"model": "mock-1", "choices": []any{c}})
		frames = append(frames, fmt.Appendf(nil, "data: %s\n\n", b))
	}
	for i, d := range deltas {
		delta := map[string]any{"content": d}
		if i == 0 {
			delta["role"] = "assistant"
		}
		frame(delta, nil)
	}
	frame(map[string]any{}, "stop")
	usage, _ := json.Marshal(map[string]any{"id": "chatcmpl-bench", "object": "chat.completion.chunk", "created": 1,
		"model": "mock-1", "choices": []any{},
		"usage": map[string]any{"prompt_tokens": 10, "completion_tokens": len(deltas), "total_tokens": 10 + len(deltas)}})
	frames = append(frames, fmt.Appendf(nil, "data: %s\n\n", usage), []byte("data: [DONE]\n\n"))
	m.mu.Lock()
	m.frames, m.log = frames, nil
	m.mu.Unlock()
}

// take returns the requests recorded since the last take, once every one
// of them is answered completely.
func (m *mockLLM) take() []request {
	m.mu.Lock()
	defer m.mu.Unlock()
	for !m.answered() {
		m.done.Wait()
	}
	var out []request
	for _, r := range m.log {
		out = append(out, *r)
	}
	m.log = nil
	return out
}

// answered reports whether every logged request has its last byte out;
// m.mu must be held.
func (m *mockLLM) answered() bool {
	for _, r := range m.log {
		if r.lastByte.IsZero() {
			return false
		}
	}
	return true
}

func (m *mockLLM) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	req := &request{received: time.Now(), bodyBytes: len(body)}
	m.mu.Lock()
	frames := m.frames
	m.log = append(m.log, req)
	m.mu.Unlock()
	defer func() {
		m.mu.Lock()
		if req.lastByte.IsZero() {
			req.lastByte = time.Now()
		}
		m.done.Broadcast()
		m.mu.Unlock()
	}()
	if !strings.HasSuffix(r.URL.Path, "/chat/completions") || frames == nil {
		http.Error(w, `{"error":{"message":"mock: unexpected request"}}`, http.StatusBadRequest)
		return
	}
	w.Header().Set("content-type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	fl := w.(http.Flusher)
	var first time.Time
	for i, f := range frames {
		if _, err := w.Write(f); err != nil {
			return
		}
		fl.Flush()
		if i == 0 {
			first = time.Now()
		}
	}
	last := time.Now()
	m.mu.Lock()
	req.firstByte, req.lastByte = first, last
	m.mu.Unlock()
}

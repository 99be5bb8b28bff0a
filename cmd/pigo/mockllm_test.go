package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// A scripted OpenAI-compatible chat-completions server for the agent-mode
// tests: each request takes the next step of its script and answers it as
// an SSE stream the way OpenAI (and the reference harness's
// mock-openai.mjs) does. Scripts are JSON:
//
//	{"responses": [
//	  {"text": "Hello world", "chunks": ["Hello", " world"]},
//	  {"toolCalls": [{"id": "call_1", "name": "greet", "arguments": {"name": "Ada"}}]},
//	  {"status": 400, "error": "bad request: boom"},
//	  {"chunks": ["Hel", "lo"], "hang": true}
//	]}
//
// "chunks" splits "text" (default: one chunk), "delayMs" spaces them out
// (default 2ms); "hang" sends the
// chunks, then holds the stream open until the client goes away (for
// abort tests); "truncate" ends the stream after the chunks without a
// finish_reason or [DONE]; "badJSON" sends a data line that is not JSON;
// "status" answers with that HTTP status and an OpenAI error body. Past the
// end of the script a request gets a 500.

type mockStep struct {
	Text      string         `json:"text"`
	Chunks    []string       `json:"chunks"`
	ToolCalls []mockToolCall `json:"toolCalls"`
	Status    int            `json:"status"`
	Error     string         `json:"error"`
	Hang      bool           `json:"hang"`
	DelayMs   int            `json:"delayMs"`  // before each chunk after the first (default 2)
	Truncate  bool           `json:"truncate"` // end the stream after the chunks, without finish_reason or [DONE]
	BadJSON   bool           `json:"badJSON"`  // send a chunk that is not JSON after the chunks
	Model     string         `json:"model"`    // the model the chunks name (default mock-1)
	// PromptTokens and CachedTokens replace the usage's 10 prompt tokens,
	// CachedTokens of them read from the cache (prompt_tokens_details).
	PromptTokens int `json:"promptTokens"`
	CachedTokens int `json:"cachedTokens"`
	// UsageExtra are more fields of the usage object (OpenRouter's cost
	// accounting).
	UsageExtra map[string]any `json:"usageExtra"`
}

type mockToolCall struct {
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Arguments map[string]any `json:"arguments"`
	Raw       string         `json:"raw"` // sent instead of Arguments (invalid JSON tests)
	// Custom sends a custom (grammar) tool call whose raw input is
	// Arguments' one value, in two pieces.
	Custom bool `json:"custom"`
}

type mockLLM struct {
	srv   *httptest.Server
	mu    sync.Mutex
	steps []mockStep
	calls int
	reqs  []map[string]any
	hdrs  []http.Header
	paths []string
	log   func(body []byte) // optional: each request body
}

// newMockLLM starts a server on 127.0.0.1 with steps.
func newMockLLM(steps []mockStep) *mockLLM {
	m := &mockLLM{steps: steps}
	m.srv = httptest.NewUnstartedServer(http.HandlerFunc(m.serve))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	m.srv.Listener = l
	m.srv.Start()
	return m
}

func (m *mockLLM) URL() string { return m.srv.URL + "/v1" }

func (m *mockLLM) Close() { m.srv.CloseClientConnections(); m.srv.Close() }

// Requests returns the decoded request bodies so far.
func (m *mockLLM) Requests() []map[string]any {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]map[string]any(nil), m.reqs...)
}

// Headers returns the headers of the requests so far.
func (m *mockLLM) Headers() []http.Header {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]http.Header(nil), m.hdrs...)
}

func (m *mockLLM) serve(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	m.mu.Lock()
	if m.log != nil {
		m.log(raw)
	}
	m.reqs = append(m.reqs, body)
	m.hdrs = append(m.hdrs, r.Header.Clone())
	m.paths = append(m.paths, r.URL.Path)
	m.calls++
	n := m.calls
	var step *mockStep
	if n <= len(m.steps) {
		step = &m.steps[n-1]
	}
	m.mu.Unlock()
	if step == nil {
		step = &mockStep{Status: 500, Error: "mock: no more scripted responses"}
	}
	if step.Status != 0 {
		w.Header().Set("content-type", "application/json")
		w.WriteHeader(step.Status)
		_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": step.Error, "type": "invalid_request_error"}})
		return
	}
	w.Header().Set("content-type", "text/event-stream")
	w.WriteHeader(200)
	fl, _ := w.(http.Flusher)
	// Chunks keep OpenAI's key order (handlers of provider_stream_event
	// see it), not encoding/json's sorted one.
	base := func(choices []any) *jsjson.Object {
		return &jsjson.Object{{Key: "id", Value: fmt.Sprintf("chatcmpl-%d", n)}, {Key: "object", Value: "chat.completion.chunk"},
			{Key: "created", Value: 1}, {Key: "model", Value: cmp.Or(step.Model, "mock-1")}, {Key: "choices", Value: choices}}
	}
	send := func(obj any) {
		b, _ := json.Marshal(obj)
		fmt.Fprintf(w, "data: %s\n\n", b)
		if fl != nil {
			fl.Flush()
		}
	}
	delta := func(d jsjson.Object, finish any) {
		c := jsjson.Object{{Key: "index", Value: 0}, {Key: "delta", Value: &d}}
		if finish != nil {
			c.Set("finish_reason", finish)
		}
		send(base([]any{&c}))
	}
	chunks := step.Chunks
	if chunks == nil && step.Text != "" {
		chunks = []string{step.Text}
	}
	first := true
	role := func(d jsjson.Object) jsjson.Object {
		if first {
			d = append(jsjson.Object{{Key: "role", Value: "assistant"}}, d...)
			first = false
		}
		return d
	}
	pause := 2 * time.Millisecond
	if step.DelayMs > 0 {
		pause = time.Duration(step.DelayMs) * time.Millisecond
	}
	for i, c := range chunks {
		if i > 0 {
			select {
			case <-time.After(pause):
			case <-r.Context().Done():
				return
			}
		}
		delta(role(jsjson.Object{{Key: "content", Value: c}}), nil)
	}
	for i, tc := range step.ToolCalls {
		if tc.Custom {
			var input string
			for _, v := range tc.Arguments {
				input, _ = v.(string)
			}
			half := len(input) / 2
			delta(role(jsjson.Object{{Key: "tool_calls", Value: []any{&jsjson.Object{{Key: "index", Value: i}, {Key: "id", Value: tc.ID},
				{Key: "type", Value: "custom"}, {Key: "custom", Value: &jsjson.Object{{Key: "name", Value: tc.Name}, {Key: "input", Value: input[:half]}}}}}}}), nil)
			delta(jsjson.Object{{Key: "tool_calls", Value: []any{&jsjson.Object{{Key: "index", Value: i},
				{Key: "custom", Value: &jsjson.Object{{Key: "input", Value: input[half:]}}}}}}}, nil)
			continue
		}
		args, _ := json.Marshal(tc.Arguments)
		if tc.Raw != "" {
			args = []byte(tc.Raw)
		}
		delta(role(jsjson.Object{{Key: "tool_calls", Value: []any{&jsjson.Object{{Key: "index", Value: i}, {Key: "id", Value: tc.ID},
			{Key: "type", Value: "function"}, {Key: "function", Value: &jsjson.Object{{Key: "name", Value: tc.Name}, {Key: "arguments", Value: ""}}}}}}}), nil)
		delta(jsjson.Object{{Key: "tool_calls", Value: []any{&jsjson.Object{{Key: "index", Value: i},
			{Key: "function", Value: &jsjson.Object{{Key: "arguments", Value: string(args)}}}}}}}, nil)
	}
	if step.Hang {
		<-r.Context().Done()
		return
	}
	if step.BadJSON {
		fmt.Fprintf(w, "data: {not json\n\n")
	}
	if step.Truncate {
		return
	}
	finish := "stop"
	if len(step.ToolCalls) > 0 {
		finish = "tool_calls"
	}
	delta(jsjson.Object{}, finish)
	usage := base([]any{})
	prompt := cmp.Or(step.PromptTokens, 10)
	u := &jsjson.Object{{Key: "prompt_tokens", Value: prompt}, {Key: "completion_tokens", Value: 5}, {Key: "total_tokens", Value: prompt + 5}}
	if step.PromptTokens > 0 {
		u.Set("prompt_tokens_details", &jsjson.Object{{Key: "cached_tokens", Value: step.CachedTokens}})
	}
	for _, k := range slices.Sorted(maps.Keys(step.UsageExtra)) {
		u.Set(k, step.UsageExtra[k])
	}
	usage.Set("usage", u)
	send(usage)
	fmt.Fprintf(w, "data: [DONE]\n\n")
}

// mockModelsJSON is a models.json for provider "mock", model "mock-1".
func mockModelsJSON(baseURL string) string {
	return fmt.Sprintf(`{ "providers": { "mock": { "baseUrl": %q, "api": "openai-completions", "apiKey": "mock-key",
  "compat": {"supportsDeveloperRole": false, "supportsReasoningEffort": false},
  "models": [ { "id": "mock-1", "name": "Mock One" } ] } } }
`, baseURL)
}

// cmdMockLLM is the testscript command `mockllm SCRIPT AGENTDIR`: it starts
// a mock server answering with SCRIPT's steps (stopped when the script
// ends), writes AGENTDIR/models.json pointing provider "mock" at it, and
// appends every request body as one line to AGENTDIR/requests.jsonl.
func cmdMockLLM(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: mockllm SCRIPT.json AGENTDIR")
	}
	data, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	var script struct {
		Responses []mockStep `json:"responses"`
	}
	ts.Check(json.Unmarshal(data, &script))
	dir := ts.MkAbs(args[1])
	ts.Check(os.MkdirAll(dir, 0o755))
	m := newMockLLM(script.Responses)
	ts.Defer(m.Close)
	logPath := filepath.Join(dir, "requests.jsonl")
	m.log = func(body []byte) {
		var compact bytes.Buffer
		if json.Compact(&compact, body) != nil {
			compact.Write(body)
		}
		f, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err == nil {
			_, _ = f.Write(append(compact.Bytes(), '\n'))
			_ = f.Close()
		}
	}
	ts.Check(os.WriteFile(filepath.Join(dir, "models.json"), []byte(mockModelsJSON(m.URL())), 0o644))
}

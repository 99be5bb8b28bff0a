package provider_test

// The requests OAuth logins produce, through a Registry: the Claude Code
// form of Anthropic OAuth requests, Copilot's host and headers for its three
// APIs, and the Codex backend.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

var oauthTools = []provider.Tool{
	{Name: "read", Description: "Read a file", Parameters: map[string]any{"type": "object",
		"properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"}}},
	{Name: "bash", Description: "Run a command", Parameters: map[string]any{"type": "object",
		"properties": map[string]any{"command": map[string]any{"type": "string"}}}},
	{Name: "find", Description: "Find files", Parameters: map[string]any{"type": "object", "properties": map[string]any{}}},
}

// toolTurn is a history whose last message is a tool result (with an
// image), after an assistant tool call of "bash".
func toolTurn() []map[string]any {
	usage := map[string]any{"input": 1, "output": 1, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 2,
		"cost": map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}}
	return []map[string]any{
		userMsg("list files"),
		{"role": "assistant", "content": []any{map[string]any{"type": "toolCall", "id": "toolu_1", "name": "bash",
			"arguments": map[string]any{"command": "ls"}}}, "api": "anthropic-messages", "provider": "anthropic",
			"model": "claude-sonnet-4-5", "usage": usage, "stopReason": "toolUse", "timestamp": 2},
		{"role": "toolResult", "toolCallId": "toolu_1", "toolName": "bash", "content": []any{
			map[string]any{"type": "text", "text": "a.txt"},
			map[string]any{"type": "image", "data": "aGVsbG8=", "mimeType": "image/png"}}, "isError": false, "timestamp": 3},
	}
}

func TestAnthropicOAuthRequest(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, namedSSE(
		"message_start", anStart,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_2","name":"Read","input":{}}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"path\":\"a.txt\"}"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"message_delta", anDelta("tool_use", 3), "message_stop", `{"type":"message_stop"}`))
	dir := writeAgentDir(t, map[string]string{
		"auth.json":   `{"anthropic": {"type":"oauth","refresh":"r","access":"sk-ant-oat01-token","expires":` + fmt.Sprint(oauthValid) + `}}`,
		"models.json": `{"providers": {"anthropic": {"baseUrl": "` + srv.URL + `"}}}`})
	r := oauthRegistry(t, dir, nil, nil)
	m, _ := r.Find("anthropic", "claude-sonnet-4-5")
	s, err := r.Stream(context.Background(), m, &provider.Context{SystemPrompt: "Be brief.", Messages: toolTurn(), Tools: oauthTools},
		&provider.Options{Now: fixedClock})
	if err != nil {
		t.Fatal(err)
	}
	_, msg := collect(t, s)
	if tc := msg.ToolCalls(); len(tc) != 1 || tc[0].Name != "read" {
		t.Errorf("tool calls %+v (%s)", tc, msg.ErrorMessage) // "Read" maps back to the caller's "read"
	}
	req := srv.Requests()[0]
	h := req.Header
	for k, want := range map[string]string{
		"Authorization": "Bearer sk-ant-oat01-token",
		"X-Api-Key":     "",
		// pi-ai 1.6: interleaved thinking only when thinking is on.
		"Anthropic-Beta": "claude-code-20250219,oauth-2025-04-20",
		"User-Agent":     "claude-cli/2.1.75",
		"X-App":          "cli",
	} {
		if got := h.Get(k); got != want {
			t.Errorf("header %s = %q, want %q", k, got, want)
		}
	}
	cc := map[string]any{"type": "ephemeral"}
	equalJSON(t, "system", req.Body["system"], []any{
		map[string]any{"type": "text", "text": "You are Claude Code, Anthropic's official CLI for Claude.", "cache_control": cc},
		map[string]any{"type": "text", "text": "Be brief.", "cache_control": cc}})
	var names []string
	for _, tool := range req.Body["tools"].([]any) {
		names = append(names, tool.(map[string]any)["name"].(string))
	}
	if strings.Join(names, ",") != "Read,Bash,find" {
		t.Errorf("tool names %v", names)
	}
	asst := req.Body["messages"].([]any)[1].(map[string]any)["content"].([]any)[0].(map[string]any)
	if asst["name"] != "Bash" {
		t.Errorf("replayed tool call %v", asst)
	}
}

// tlsFakeServer is newFakeServer over TLS: Copilot tokens name an https
// host (proxy-ep), which is how the tests point Copilot models at it.
func tlsFakeServer(t *testing.T, handler http.HandlerFunc) (*httptest.Server, func() []recorded) {
	t.Helper()
	var mu sync.Mutex
	var reqs []recorded
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw := readBody(r)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		mu.Lock()
		reqs = append(reqs, recorded{Path: r.URL.Path, Query: r.URL.RawQuery, Header: r.Header.Clone(), Body: body})
		mu.Unlock()
		handler(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []recorded {
		mu.Lock()
		defer mu.Unlock()
		return append([]recorded(nil), reqs...)
	}
}

func TestCopilotRequestsThroughLogin(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		model, path string
		reply       http.HandlerFunc
		msgs        []map[string]any
		initiator   string
		vision      bool
	}{
		{"gemini-4-carbon", "/chat/completions", sse(oaChunk(map[string]any{"content": "ok"}, "stop"), "[DONE]"),
			[]map[string]any{userMsg("hi")}, "user", false},
		{"gpt-6.1-sol", "/responses", sse(`{"type":"response.completed","response":{"id":"r","status":"completed"}}`),
			toolTurn(), "agent", true},
		{"claude-haiku-4.5", "/v1/messages", namedSSE("message_start", anStart, "message_delta", anDelta("end_turn", 1),
			"message_stop", `{"type":"message_stop"}`), toolTurn(), "agent", true},
	} {
		t.Run(tc.model, func(t *testing.T) {
			t.Parallel()
			srv, requests := tlsFakeServer(t, tc.reply)
			u, _ := url.Parse(srv.URL)
			token := "tid=abc;exp=1700001800;proxy-ep=" + u.Host + ";sku=free"
			dir := writeAgentDir(t, map[string]string{"auth.json": `{"github-copilot": {"type":"oauth","refresh":"gho_x","access":"` + token +
				`","expires":` + fmt.Sprint(oauthValid) + `}}`})
			r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir, Now: oauthNow, HTTPClient: srv.Client()})
			m, ok := r.Find("github-copilot", tc.model)
			if !ok || m.BaseURL != "https://"+u.Host {
				t.Fatalf("model %+v", m)
			}
			s, err := r.Stream(context.Background(), m, &provider.Context{Messages: tc.msgs, Tools: oauthTools[:1]}, &provider.Options{Now: fixedClock})
			if err != nil {
				t.Fatal(err)
			}
			if _, msg := collect(t, s); msg.StopReason == provider.StopReasonError {
				t.Fatalf("error: %s", msg.ErrorMessage)
			}
			req := requests()[0]
			h := req.Header
			want := map[string]string{
				"Authorization":          "Bearer " + token,
				"X-Api-Key":              "",
				"X-Initiator":            tc.initiator,
				"Openai-Intent":          "conversation-edits",
				"User-Agent":             "GitHubCopilotChat/0.35.0",
				"Editor-Version":         "vscode/1.107.0",
				"Editor-Plugin-Version":  "copilot-chat/0.35.0",
				"Copilot-Integration-Id": "vscode-chat",
				"Copilot-Vision-Request": "",
			}
			if tc.vision {
				want["Copilot-Vision-Request"] = "true"
			}
			if req.Path != tc.path {
				t.Errorf("path %s", req.Path)
			}
			for k, v := range want {
				if got := h.Get(k); got != v {
					t.Errorf("header %s = %q, want %q", k, got, v)
				}
			}
			if tc.path == "/v1/messages" {
				// Copilot's Claude: bearer token, not the Claude Code identity.
				sys, _ := json.Marshal(req.Body["system"])
				// Thinking is off: pi-ai 1.6 sends no interleaved-thinking beta.
				if strings.Contains(string(sys), "Claude Code") || h.Get("Anthropic-Beta") != "fine-grained-tool-streaming-2025-05-14" || req.Query != "beta=true" {
					t.Errorf("anthropic request: system %s beta %q", sys, h.Get("Anthropic-Beta"))
				}
			}
		})
	}
}

func codexRegistry(t *testing.T, base string, access string) (*provider.Registry, *provider.Model) {
	t.Helper()
	dir := writeAgentDir(t, map[string]string{
		"auth.json":   `{"openai-codex": {"type":"oauth","refresh":"r","access":"` + access + `","expires":` + fmt.Sprint(oauthValid) + `,"accountId":"acct_9"}}`,
		"models.json": `{"providers": {"openai-codex": {"baseUrl": "` + base + `"}}}`})
	r := oauthRegistry(t, dir, nil, nil)
	m, ok := r.Find("openai-codex", "gpt-5.6-luna")
	if !ok {
		t.Fatal("no codex model")
	}
	return r, m
}

func TestCodexRequest(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(
		`{"type":"response.created","response":{"id":"resp_1"}}`,
		`{"type":"response.output_item.added","item":{"type":"message","id":"msg_1","role":"assistant","content":[]}}`,
		`{"type":"response.content_part.added","part":{"type":"output_text","text":""}}`,
		`{"type":"response.output_text.delta","delta":"Hi"}`,
		`{"type":"response.output_item.done","item":{"type":"message","id":"msg_1","role":"assistant","content":[{"type":"output_text","text":"Hi"}]}}`,
		`{"type":"response.done","response":{"id":"resp_1","status":"weird","usage":{"input_tokens":10,"output_tokens":2,"total_tokens":12,"input_tokens_details":{"cached_tokens":4}}}}`,
		`{"type":"response.output_text.delta","delta":"never read"}`))
	access := codexJWT("acct_9", "x")
	r, m := codexRegistry(t, srv.URL+"/backend-api/", access)
	s, err := r.Stream(context.Background(), m, &provider.Context{SystemPrompt: "Be brief.", Messages: []map[string]any{userMsg("hi")}, Tools: oauthTools[:1]},
		&provider.Options{Now: fixedClock, SessionID: "sess-1", Thinking: provider.ThinkingMinimal})
	if err != nil {
		t.Fatal(err)
	}
	_, msg := collect(t, s)
	if msg.StopReason != provider.StopReasonStop || msg.API != provider.APIOpenAICodexResponses || msg.Usage.Input != 6 || msg.Usage.CacheRead != 4 {
		t.Errorf("message %+v", msg)
	}
	req := srv.Requests()[0]
	if req.Path != "/backend-api/codex/responses" {
		t.Errorf("path %s", req.Path)
	}
	for k, want := range map[string]string{
		"Authorization":       "Bearer " + access,
		"Chatgpt-Account-Id":  "acct_9",
		"Originator":          "pi",
		"Openai-Beta":         "responses=experimental",
		"Accept":              "text/event-stream",
		"Content-Type":        "application/json",
		"Session-Id":          "sess-1",
		"X-Client-Request-Id": "sess-1",
	} {
		if got := req.Header.Get(k); got != want {
			t.Errorf("header %s = %q, want %q", k, got, want)
		}
	}
	if ua := req.Header.Get("User-Agent"); !strings.HasPrefix(ua, "pi (") {
		t.Errorf("user agent %q", ua)
	}
	equalJSON(t, "body", req.Body, map[string]any{
		// pi-ai 1.6: the system prompt leads the input, no instructions.
		"model": "gpt-5.6-luna", "store": false, "stream": true,
		// The model takes tools in the conversation (compat
		// .supportsAdditionalTools): they lead the input, none at the top.
		"input": []any{map[string]any{"type": "additional_tools", "role": "developer", "tools": []any{map[string]any{
			"type": "function", "name": "read", "description": "Read a file", "strict": nil, "parameters": oauthTools[0].Parameters}}},
			map[string]any{"role": "developer", "content": "Be brief."},
			map[string]any{"role": "user", "content": []any{map[string]any{"type": "input_text", "text": "hi"}}}},
		"text":        map[string]any{"verbosity": "low"},
		"include":     []any{"reasoning.encrypted_content"},
		"tool_choice": "auto", "parallel_tool_calls": true, "prompt_cache_key": "sess-1",
		"max_output_tokens": 128000,                                             // pi-ai 1.6: the model's maxTokens, with room in the window
		"reasoning":         map[string]any{"effort": "low", "summary": "auto"}, // minimal → "low" (thinkingLevelMap)
	})
}

func TestCodexErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		access  string
		want    string
	}{
		{"error event", sse(`{"type":"error","code":"rate_limit_exceeded","message":"Slow down"}`), "", "Codex error: Slow down"},
		{"error event without message", sse(`{"type":"error","code":"server_error"}`), "", "Codex error: server_error"},
		{"response.failed", sse(`{"type":"response.failed","response":{"error":{"code":"x","message":"Model crashed"}}}`), "", "Model crashed"},
		{"response.failed bare", sse(`{"type":"response.failed","response":{}}`), "", "Codex response failed"},
		{"bad json", sse(`{"type":`), "", "Invalid Codex SSE JSON"},
		{"usage limit", status(429, nil, `{"error":{"code":"usage_limit_reached","plan_type":"PLUS","resets_at":1700000600,"message":"limit"}}`), "",
			"You have hit your ChatGPT usage limit (plus plan). Try again in ~10 min."},
		{"plain error", status(400, nil, `{"error":{"message":"Unsupported model"}}`), "", "Unsupported model"},
		{"no account id", sse(), "not-a-jwt", "Failed to extract accountId from token"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newFakeServer(t, tc.handler)
			access := tc.access
			if access == "" {
				access = codexJWT("acct_9", "x")
			}
			r, m := codexRegistry(t, srv.URL, access)
			s, err := r.Stream(context.Background(), m, &provider.Context{Messages: []map[string]any{userMsg("hi")}},
				&provider.Options{Now: fixedClock, Retry: provider.RetryPolicy{MaxRetries: -1}})
			if err != nil {
				t.Fatal(err)
			}
			_, msg := collect(t, s)
			if msg.StopReason != provider.StopReasonError || !strings.Contains(msg.ErrorMessage, tc.want) {
				t.Errorf("%s %q, want %q", msg.StopReason, msg.ErrorMessage, tc.want)
			}
		})
	}
}

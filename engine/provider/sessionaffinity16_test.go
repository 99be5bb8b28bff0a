package provider_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// affinityRequest is what a request said about its session: the
// session-affinity headers it carried and whether its body had a
// prompt_cache_key and a max_output_tokens.
type affinityRequest struct {
	Headers         map[string]string
	PromptCacheKey  bool
	MaxOutputTokens bool
	// zstd: the body came zstd-compressed (Codex's SSE requests, in
	// pi-ai 1.6 and pigo); the server decodes it.
	zstd bool
}

// affinityHeaderNames are every session header pi-ai 1.6 or 0.73.1 sends.
var affinityHeaderNames = []string{"session_id", "session-id", "x-client-request-id", "x-session-affinity", "x-session-id"}

// affinityRecorder answers every request with a 400 and keeps what it said.
func affinityRecorder(t *testing.T) (*httptest.Server, func() []affinityRequest) {
	var mu sync.Mutex
	var got []affinityRequest
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw := readBody(r)
		var body map[string]any
		_ = json.Unmarshal(raw, &body)
		req := affinityRequest{Headers: map[string]string{}, zstd: r.Header.Get("Content-Encoding") == "zstd"}
		for _, h := range affinityHeaderNames {
			if v := r.Header.Get(h); v != "" {
				req.Headers[h] = v
			}
		}
		_, req.PromptCacheKey = body["prompt_cache_key"]
		_, req.MaxOutputTokens = body["max_output_tokens"]
		mu.Lock()
		got = append(got, req)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"error":{"message":"stop","type":"invalid_request_error"}}`)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []affinityRequest {
		mu.Lock()
		defer mu.Unlock()
		return append([]affinityRequest(nil), got...)
	}
}

// TestSessionAffinityMatchesPiAI16: per API and compat setting, the
// session-affinity headers, prompt_cache_key and max_output_tokens pigo
// sends are pi-ai 1.6's (written out here, and compared with real pi-ai
// 1.6 when node_modules has it).
func TestSessionAffinityMatchesPiAI16(t *testing.T) {
	const sid = "sess-1"
	all3 := map[string]string{"session_id": sid, "x-client-request-id": sid, "x-session-affinity": sid}
	responses := map[string]string{"session-id": sid, "x-client-request-id": sid}
	orHeader := map[string]string{"x-session-id": sid}
	none := map[string]string{}
	cases := []struct {
		name, api, provider, retention string
		compat                         *provider.Compat
		headers                        map[string]string
		key, maxOut                    bool
	}{
		{name: "completions default", api: provider.APIOpenAICompletions, headers: none},
		{name: "completions openrouter", api: provider.APIOpenAICompletions, provider: "openrouter", headers: orHeader},
		{name: "completions affinity on", api: provider.APIOpenAICompletions, compat: &provider.Compat{SendSessionAffinityHeaders: ptrTo(true)}, headers: all3},
		{name: "completions nosession", api: provider.APIOpenAICompletions,
			compat:  &provider.Compat{SendSessionAffinityHeaders: ptrTo(true), SessionAffinityFormat: "openai-nosession"},
			headers: map[string]string{"x-client-request-id": sid, "x-session-affinity": sid}},
		{name: "completions openrouter format", api: provider.APIOpenAICompletions,
			compat: &provider.Compat{SendSessionAffinityHeaders: ptrTo(true), SessionAffinityFormat: "openrouter"}, headers: orHeader},
		{name: "completions openrouter affinity off", api: provider.APIOpenAICompletions, provider: "openrouter",
			compat: &provider.Compat{SendSessionAffinityHeaders: ptrTo(false)}, headers: none},
		{name: "completions retention none", api: provider.APIOpenAICompletions, retention: "none",
			compat: &provider.Compat{SendSessionAffinityHeaders: ptrTo(true), PromptCacheKeyMode: "enabled"}, headers: none},
		{name: "completions key enabled", api: provider.APIOpenAICompletions, compat: &provider.Compat{PromptCacheKeyMode: "enabled"}, headers: none, key: true},
		{name: "completions key long", api: provider.APIOpenAICompletions, retention: "long", headers: none, key: true},
		{name: "completions key long auto", api: provider.APIOpenAICompletions, retention: "long", compat: &provider.Compat{PromptCacheKeyMode: "auto"}, headers: none, key: true},
		{name: "completions key long disabled", api: provider.APIOpenAICompletions, retention: "long", compat: &provider.Compat{PromptCacheKeyMode: "disabled"}, headers: none},
		{name: "completions key long no retention support", api: provider.APIOpenAICompletions, retention: "long",
			compat: &provider.Compat{SupportsLongCacheRetention: ptrTo(false)}, headers: none},

		{name: "responses default", api: provider.APIOpenAIResponses, headers: responses, key: true, maxOut: true},
		{name: "responses openrouter", api: provider.APIOpenAIResponses, provider: "openrouter", headers: orHeader, key: true, maxOut: true},
		{name: "responses nosession", api: provider.APIOpenAIResponses, compat: &provider.Compat{SessionAffinityFormat: "openai-nosession"},
			headers: map[string]string{"x-client-request-id": sid}, key: true, maxOut: true},
		{name: "responses openrouter format", api: provider.APIOpenAIResponses, compat: &provider.Compat{SessionAffinityFormat: "openrouter"},
			headers: orHeader, key: true, maxOut: true},
		{name: "responses key disabled", api: provider.APIOpenAIResponses, compat: &provider.Compat{PromptCacheKeyMode: "disabled"}, headers: responses, maxOut: true},
		{name: "responses key enabled", api: provider.APIOpenAIResponses, compat: &provider.Compat{PromptCacheKeyMode: "enabled"}, headers: responses, key: true, maxOut: true},
		{name: "responses retention none", api: provider.APIOpenAIResponses, retention: "none", headers: none, maxOut: true},
		{name: "responses no max_output_tokens", api: provider.APIOpenAIResponses, compat: &provider.Compat{SupportsMaxOutputTokens: ptrTo(false)},
			headers: responses, key: true},

		{name: "anthropic default", api: provider.APIAnthropicMessages, headers: none},
		{name: "anthropic openrouter", api: provider.APIAnthropicMessages, provider: "openrouter", headers: orHeader},
		{name: "anthropic affinity on", api: provider.APIAnthropicMessages, compat: &provider.Compat{SendSessionAffinityHeaders: ptrTo(true)},
			headers: map[string]string{"x-session-affinity": sid}},
		{name: "anthropic openrouter format", api: provider.APIAnthropicMessages,
			compat: &provider.Compat{SendSessionAffinityHeaders: ptrTo(true), SessionAffinityFormat: "openrouter"}, headers: orHeader},
		{name: "anthropic retention none", api: provider.APIAnthropicMessages, retention: "none",
			compat: &provider.Compat{SendSessionAffinityHeaders: ptrTo(true)}, headers: none},

		{name: "codex default", api: provider.APIOpenAICodexResponses, headers: responses, key: true, maxOut: true},
		{name: "codex retention none", api: provider.APIOpenAICodexResponses, retention: "none", headers: none, maxOut: true},
		{name: "codex no max_output_tokens", api: provider.APIOpenAICodexResponses, compat: &provider.Compat{SupportsMaxOutputTokens: ptrTo(false)},
			headers: responses, key: true},
	}
	piAI := piAI16UnlessShort()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv, requests := affinityRecorder(t)
			m := mockModel(c.api, srv.URL)
			if c.api == provider.APIOpenAICompletions || c.api == provider.APIOpenAIResponses {
				m.BaseURL += "/v1"
			}
			if c.provider != "" {
				m.Provider = c.provider
			}
			m.Compat = c.compat
			key := "k"
			if c.api == provider.APIOpenAICodexResponses {
				key = codexJWT("acct_1", "s")
			}
			opts := &provider.Options{APIKey: key, SessionID: sid, CacheRetention: c.retention, Transport: "sse",
				Retry: provider.RetryPolicy{MaxRetries: -1}}
			s, err := provider.Stream(context.Background(), m, &provider.Context{Messages: []map[string]any{userMsg("hi")}}, opts)
			if err != nil {
				t.Fatal(err)
			}
			collect(t, s)
			want := affinityRequest{Headers: c.headers, PromptCacheKey: c.key, MaxOutputTokens: c.maxOut, zstd: m.API == provider.APIOpenAICodexResponses}
			got := requests()
			if len(got) != 1 || !reflect.DeepEqual(got[0], want) {
				t.Errorf("pigo sent %+v, want one request %+v", got, want)
			}
			if piAI == "" {
				return
			}
			piSrv, piRequests := affinityRecorder(t)
			pm := *m
			pm.BaseURL = strings.Replace(m.BaseURL, srv.URL, piSrv.URL, 1)
			piOpts := map[string]any{"apiKey": key, "sessionId": sid, "transport": "sse", "maxRetries": 0}
			if c.retention != "" {
				piOpts["cacheRetention"] = c.retention
			}
			runPi16Driver(t, piAI, pi16OutcomeDriver, map[string]any{"piAi": "file://" + piAI, "model": &pm, "options": piOpts})
			pg := piRequests()
			if len(pg) != 1 || !reflect.DeepEqual(pg[0], want) {
				t.Errorf("pi-ai 1.6 sent %+v, this test wants %+v", pg, want)
			}
		})
	}
}

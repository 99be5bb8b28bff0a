package provider_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pi-ai 1.6 clamps a prompt_cache_key to 64 characters, and a Codex
// request with cacheRetention "none" (a summary's routing id) sends no
// session id at all.
func TestSessionIDPromptCacheKey(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", 70) // characters, not bytes, are counted
	srv := newFakeServer(t, rsSSE(rsCompleted("completed", nil)))
	opts := baseOpts()
	opts.SessionID = long
	mustStream(t, rsTestModel(srv), &provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if got := srv.Requests()[0].Body["prompt_cache_key"]; got != strings.Repeat("é", 64) {
		t.Errorf("responses prompt_cache_key = %v, want 64 characters", got)
	}

	codex := newFakeServer(t, sse(`{"type":"response.done","response":{"id":"r","status":"completed"}}`))
	r, m := codexRegistry(t, codex.URL+"/backend-api/", codexJWT("acct_9", "x"))
	for _, retention := range []string{"", "none"} {
		s, err := r.Stream(context.Background(), m, &provider.Context{Messages: []map[string]any{userMsg("hi")}},
			&provider.Options{Now: fixedClock, SessionID: long, CacheRetention: retention})
		if err != nil {
			t.Fatal(err)
		}
		collect(t, s)
	}
	reqs := codex.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d codex requests", len(reqs))
	}
	if got := reqs[0].Body["prompt_cache_key"]; got != strings.Repeat("é", 64) || reqs[0].Header.Get("X-Client-Request-Id") != strings.Repeat("é", 64) {
		t.Errorf("codex: prompt_cache_key %v, x-client-request-id %q, want the clamped id", got, reqs[0].Header.Get("X-Client-Request-Id"))
	}
	if _, ok := reqs[1].Body["prompt_cache_key"]; ok || reqs[1].Header.Get("X-Client-Request-Id") != "" || reqs[1].Header.Get("Session-Id") != "" {
		t.Errorf("codex with retention none sent the session id: %v %v", reqs[1].Body["prompt_cache_key"], reqs[1].Header)
	}
}

package provider_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestHTTPClientThroughProxy: a model request made with NewHTTPClient and
// HTTP_PROXY reaches the model's host through the proxy.
func TestHTTPClientThroughProxy(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var hosts []string
	answer := sse(oaChunk(map[string]any{"content": "via proxy"}, nil), oaChunk(map[string]any{}, "stop"), "[DONE]")
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hosts = append(hosts, r.Method+" "+r.URL.String())
		mu.Unlock()
		answer(w, r)
	}))
	t.Cleanup(proxy.Close)
	opts := baseOpts()
	opts.HTTPClient = provider.NewHTTPClient(map[string]string{"HTTP_PROXY": proxy.URL})
	_, msg := mustStream(t, mockModel(provider.APIOpenAICompletions, "http://model.invalid/v1"),
		&provider.Context{Messages: []map[string]any{userMsg("x")}}, opts)
	if msg.Text() != "via proxy" {
		t.Fatalf("reply %q (%s)", msg.Text(), msg.ErrorMessage)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(hosts) != 1 || hosts[0] != "POST http://model.invalid/v1/chat/completions" {
		t.Errorf("proxy saw %q", hosts)
	}
}

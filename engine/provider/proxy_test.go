package provider_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestProxyFunc: the proxy undici's EnvHttpProxyAgent picks in pi 1.6, with
// the httpProxy setting standing in for unset HTTP_PROXY and HTTPS_PROXY.
func TestProxyFunc(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		env     map[string]string
		setting string
		url     string
		want    string
	}{
		{"setting for http", nil, " http://set:1 ", "http://a.example/x", "http://set:1"},
		{"setting for https", nil, "http://set:1", "https://a.example/x", "http://set:1"},
		{"loopback is proxied too", nil, "http://set:1", "http://127.0.0.1:8080/x", "http://set:1"},
		{"none", nil, "", "https://a.example/x", ""},
		{"env wins", map[string]string{"HTTP_PROXY": "http://env:2"}, "http://set:1", "http://a.example/x", "http://env:2"},
		{"lower case first", map[string]string{"http_proxy": "http://low:3", "HTTP_PROXY": "http://env:2"}, "", "http://a.example/x", "http://low:3"},
		{"empty env blocks setting", map[string]string{"HTTP_PROXY": ""}, "http://set:1", "http://a.example/x", ""},
		{"https falls back to http proxy", map[string]string{"HTTP_PROXY": "http://env:2", "HTTPS_PROXY": ""}, "", "https://a.example/x", "http://env:2"},
		{"https proxy", map[string]string{"HTTPS_PROXY": "http://sec:4"}, "http://set:1", "https://a.example/x", "http://sec:4"},
		{"no_proxy host", map[string]string{"NO_PROXY": "a.example"}, "http://set:1", "https://a.example/x", ""},
		{"no_proxy subdomain", map[string]string{"NO_PROXY": "*.example"}, "http://set:1", "https://b.a.example/x", ""},
		{"no_proxy other host", map[string]string{"NO_PROXY": "a.example"}, "http://set:1", "https://ba.example/x", "http://set:1"},
		{"no_proxy port match", map[string]string{"NO_PROXY": "a.example:443"}, "http://set:1", "https://a.example/x", ""},
		{"no_proxy port mismatch", map[string]string{"NO_PROXY": "a.example:8443"}, "http://set:1", "https://a.example/x", "http://set:1"},
		{"no_proxy lower case first", map[string]string{"no_proxy": "", "NO_PROXY": "a.example"}, "http://set:1", "https://a.example/x", "http://set:1"},
		{"no_proxy star", map[string]string{"NO_PROXY": "*"}, "http://set:1", "https://a.example/x", ""},
	}
	for _, c := range cases {
		u, _ := url.Parse(c.url)
		got, err := provider.ProxyFunc(c.env, c.setting)(&http.Request{URL: u})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		gotS := ""
		if got != nil {
			gotS = got.String()
		}
		if gotS != c.want {
			t.Errorf("%s: proxy %q, want %q", c.name, gotS, c.want)
		}
	}
	u, _ := url.Parse("http://a.example/")
	if _, err := provider.ProxyFunc(nil, "::bad")(&http.Request{URL: u}); err == nil || err.Error() != `invalid proxy URL "::bad"` {
		t.Errorf("bad proxy URL: %v", err)
	}
}

// TestHTTPClientThroughProxy: a model request made with NewHTTPClient and
// the httpProxy setting reaches the model's host through the proxy.
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
	opts.HTTPClient = provider.NewHTTPClient(map[string]string{}, proxy.URL)
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

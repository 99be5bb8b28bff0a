package envproxy_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/pigo-dev/pigo/engine/envproxy"
)

// TestFunc: the proxy undici's EnvHttpProxyAgent picks in pi 1.6.
func TestFunc(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		env  map[string]string
		url  string
		want string
	}{
		{"http", map[string]string{"HTTP_PROXY": "http://env:2"}, "http://a.example/x", "http://env:2"},
		{"loopback is proxied too", map[string]string{"HTTP_PROXY": "http://env:2"}, "http://127.0.0.1:8080/x", "http://env:2"},
		{"none", nil, "https://a.example/x", ""},
		{"lower case first", map[string]string{"http_proxy": "http://low:3", "HTTP_PROXY": "http://env:2"}, "http://a.example/x", "http://low:3"},
		{"empty lower case hides upper case", map[string]string{"http_proxy": "", "HTTP_PROXY": "http://env:2"}, "http://a.example/x", ""},
		{"https falls back to http proxy", map[string]string{"HTTP_PROXY": "http://env:2", "HTTPS_PROXY": ""}, "https://a.example/x", "http://env:2"},
		{"https proxy", map[string]string{"HTTPS_PROXY": "http://sec:4", "HTTP_PROXY": "http://env:2"}, "https://a.example/x", "http://sec:4"},
		{"http ignores https proxy", map[string]string{"HTTPS_PROXY": "http://sec:4"}, "http://a.example/x", ""},
		{"no_proxy host", map[string]string{"NO_PROXY": "a.example", "HTTPS_PROXY": "http://sec:4"}, "https://a.example/x", ""},
		{"no_proxy subdomain", map[string]string{"NO_PROXY": "*.example", "HTTPS_PROXY": "http://sec:4"}, "https://b.a.example/x", ""},
		{"no_proxy other host", map[string]string{"NO_PROXY": "a.example", "HTTPS_PROXY": "http://sec:4"}, "https://ba.example/x", "http://sec:4"},
		{"no_proxy port match", map[string]string{"NO_PROXY": "a.example:443", "HTTPS_PROXY": "http://sec:4"}, "https://a.example/x", ""},
		{"no_proxy port mismatch", map[string]string{"NO_PROXY": "a.example:8443", "HTTPS_PROXY": "http://sec:4"}, "https://a.example/x", "http://sec:4"},
		{"no_proxy lower case first", map[string]string{"no_proxy": "", "NO_PROXY": "a.example", "HTTPS_PROXY": "http://sec:4"}, "https://a.example/x", "http://sec:4"},
		{"no_proxy star", map[string]string{"NO_PROXY": "*", "HTTPS_PROXY": "http://sec:4"}, "https://a.example/x", ""},
	}
	for _, c := range cases {
		u, _ := url.Parse(c.url)
		got, err := envproxy.Func(c.env)(&http.Request{URL: u})
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
	if _, err := envproxy.Func(map[string]string{"HTTP_PROXY": "::bad"})(&http.Request{URL: u}); err == nil || err.Error() != `invalid proxy URL "::bad"` {
		t.Errorf("bad proxy URL: %v", err)
	}
}

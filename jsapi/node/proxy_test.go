package node_test

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
)

// TestClientsUseEnvironmentProxy: fetch and http.get go through the proxy
// the runtime's environment names (pi's httpProxy setting arrives as
// HTTP_PROXY), not the process's; NO_PROXY hosts go direct.
func TestClientsUseEnvironmentProxy(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var seen []string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.URL.String())
		mu.Unlock()
		fmt.Fprint(w, "via proxy")
	}))
	t.Cleanup(proxy.Close)
	direct := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "direct") }))
	t.Cleanup(direct.Close)
	rt := libRuntimeEnv(t, map[string]string{"HTTP_PROXY": proxy.URL, "NO_PROXY": "localhost"})
	libEval(t, rt, fmt.Sprintf(`(async () => {
  eq(await (await fetch('http://proxied.invalid/fetch')).text(), 'via proxy', 'fetch');
  const body = await new Promise((resolve, reject) => {
    require('http').get('http://proxied.invalid/http', (res) => {
      let s = '';
      res.on('data', (d) => (s += d));
      res.on('end', () => resolve(s));
    }).on('error', reject);
  });
  eq(body, 'via proxy', 'http.get');
  eq(await (await fetch(%q)).text(), 'direct', 'NO_PROXY host');
})()`, fmt.Sprintf("http://localhost:%d/", direct.Listener.Addr().(*net.TCPAddr).Port)))
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"GET http://proxied.invalid/fetch", "GET http://proxied.invalid/http"}; !slices.Equal(seen, want) {
		t.Errorf("proxy saw %q, want %q", seen, want)
	}
}

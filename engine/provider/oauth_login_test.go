package provider

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestAnthropicCopyCodeLogin runs pi's copy-code login against a local
// fake of Anthropic's token endpoint (the real browser sign-in cannot run
// in a test): the authorize URL carries the PKCE challenge, the pasted
// code#state is exchanged with the verifier, and auth.json gets pi's
// entry.
func TestAnthropicCopyCodeLogin(t *testing.T) {
	var got map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(body, &got)
		if got["code"] == "bad" {
			http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
			return
		}
		_, _ = io.WriteString(w, `{"access_token":"acc-1","refresh_token":"ref-1","expires_in":3600}`)
	}))
	defer srv.Close()
	l, err := NewAnthropicLogin()
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(l.URL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if u.Host != "claude.ai" || q.Get("code_challenge_method") != "S256" || q.Get("state") != l.verifier ||
		q.Get("redirect_uri") != "https://platform.claude.com/oauth/code/callback" || !strings.Contains(l.URL, "scope=org%3Acreate_api_key+user%3Aprofile") {
		t.Errorf("authorize URL %s", l.URL)
	}
	dir := t.TempDir()
	now := func() time.Time { return time.UnixMilli(1_000_000) }
	ep := OAuthEndpoints{AnthropicTokenURL: srv.URL}
	ctx := context.Background()
	if err := l.Finish(ctx, dir, "abc#wrong-state", ep, nil, now); err == nil || err.Error() != "OAuth state mismatch" {
		t.Errorf("state mismatch: %v", err)
	}
	if err := l.Finish(ctx, dir, "  ", ep, nil, now); err == nil || err.Error() != "Missing authorization code" {
		t.Errorf("no code: %v", err)
	}
	if err := l.Finish(ctx, dir, "bad#"+l.verifier, ep, nil, now); err == nil || !strings.Contains(err.Error(), "status=400") {
		t.Errorf("refused code: %v", err)
	}
	if err := l.Finish(ctx, dir, "the-code#"+l.verifier, ep, nil, now); err != nil {
		t.Fatal(err)
	}
	if got["grant_type"] != "authorization_code" || got["code"] != "the-code" || got["code_verifier"] != l.verifier || got["state"] != l.verifier {
		t.Errorf("token request %v", got)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "auth.json"))
	want := "{\n  \"anthropic\": {\n    \"type\": \"oauth\",\n    \"refresh\": \"ref-1\",\n    \"access\": \"acc-1\",\n    \"expires\": 4300000\n  }\n}"
	if string(data) != want {
		t.Errorf("auth.json:\n%s\nwant:\n%s", data, want)
	}
	for in, want := range map[string][2]string{
		"https://platform.claude.com/oauth/code/callback?code=c1&state=s1": {"c1", "s1"},
		"c2#s2":            {"c2", "s2"},
		"code=c3&state=s3": {"c3", "s3"},
		"bare":             {"bare", ""},
	} {
		if c, s := parseAuthorizationInput(in); c != want[0] || s != want[1] {
			t.Errorf("parse %q = %q %q", in, c, s)
		}
	}
}

// TestAnthropicBrowserLoginCallback drives the browser login's callback
// server as a browser would: pi's answers for a wrong route, a wrong
// state, the code, and a second redirect; the code is exchanged with the
// callback's redirect URI. A refusal by Anthropic and a cancel end it with
// pi's errors.
func TestAnthropicBrowserLoginCallback(t *testing.T) {
	var got map[string]any
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(body, &got)
		_, _ = io.WriteString(w, `{"access_token":"acc-b","refresh_token":"ref-b","expires_in":3600}`)
	}))
	defer srv.Close()
	opts := LoginOptions{Endpoints: OAuthEndpoints{AnthropicTokenURL: srv.URL, AnthropicCallbackAddr: "127.0.0.1:0"},
		Now: func() time.Time { return time.UnixMilli(1_000_000) }}
	start := func() (*AnthropicLogin, string) {
		l, err := StartAnthropicBrowserLogin(opts)
		if err != nil {
			t.Fatal(err)
		}
		if !l.Browser() || l.cb.port() == 0 {
			t.Fatal("no callback server")
		}
		return l, "http://" + l.cb.ln.Addr().String()
	}
	get := func(u string) (int, string) {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}

	l, base := start()
	if want := "http://localhost:" + strings.TrimPrefix(base, "http://127.0.0.1:") + "/callback"; l.Redirect() != want {
		t.Errorf("redirect %q, want %q", l.Redirect(), want)
	}
	if code, _ := get(base + "/elsewhere?code=x&state=" + l.verifier); code != http.StatusNotFound {
		t.Errorf("wrong route: %d", code)
	}
	if code, body := get(base + "/callback?code=x&state=other"); code != http.StatusBadRequest || !strings.Contains(body, "State mismatch.") {
		t.Errorf("wrong state: %d %s", code, body)
	}
	if code, body := get(base + "/callback?code=the-code&state=" + url.QueryEscape(l.verifier)); code != http.StatusOK ||
		!strings.Contains(body, "Signed in to Anthropic. You may now close this page.") {
		t.Errorf("callback: %d %s", code, body)
	}
	dir := t.TempDir()
	if err := l.Wait(context.Background(), dir, nil); err != nil {
		t.Fatal(err)
	}
	if got["code"] != "the-code" || got["redirect_uri"] != l.Redirect() || got["state"] != l.verifier {
		t.Errorf("token request %v", got)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "auth.json")); !strings.Contains(string(data), `"access": "acc-b"`) {
		t.Errorf("auth.json: %s", data)
	}

	l, base = start()
	if code, _ := get(base + "/callback?error=access_denied&error_description=denied&state=" + url.QueryEscape(l.verifier)); code != http.StatusBadRequest {
		t.Errorf("refusal: %d", code)
	}
	if err := l.Wait(context.Background(), t.TempDir(), nil); err == nil || err.Error() != "Anthropic authorization failed: denied" {
		t.Errorf("refusal: %v", err)
	}

	l, _ = start()
	pasted := make(chan string, 1)
	pasted <- "http://localhost:53692/callback?code=c&state=forged"
	if err := l.Wait(context.Background(), t.TempDir(), pasted); err == nil || err.Error() != "OAuth state mismatch" {
		t.Errorf("pasted with another state: %v", err)
	}

	l, _ = start()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := l.Wait(ctx, t.TempDir(), nil); err == nil || err.Error() != loginCancelled {
		t.Errorf("cancelled: %v", err)
	}
}

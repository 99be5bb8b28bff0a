package provider_test

// OAuth logins from auth.json: which credential wins, refresh against local
// token endpoints, what is written back, the auth.json lock, and the request
// differences of each OAuth provider. No test reaches the network: token
// endpoints come from RegistryOptions.OAuthEndpoints, APIs from the model's
// base URL (or, for Copilot, the proxy-ep of the token).

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// oauthNow is the fixed clock of these tests (Unix ms 1700000000000).
func oauthNow() time.Time { return time.UnixMilli(1700000000000) }

const (
	oauthExpired = 1699999999000 // before oauthNow
	oauthValid   = 1700003600000 // an hour after oauthNow
)

// tokenServer is a token endpoint that records requests and answers the
// n-th with handlers[min(n, last)].
type tokenServer struct {
	*httptest.Server
	mu       sync.Mutex
	reqs     []tokenRequest
	handlers []http.HandlerFunc
}

type tokenRequest struct {
	Method, Path string
	Header       http.Header
	Body         string
}

func newTokenServer(t *testing.T, handlers ...http.HandlerFunc) *tokenServer {
	t.Helper()
	ts := &tokenServer{handlers: handlers}
	ts.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ts.mu.Lock()
		n := len(ts.reqs)
		ts.reqs = append(ts.reqs, tokenRequest{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: string(body)})
		h := ts.handlers[min(n, len(ts.handlers)-1)]
		ts.mu.Unlock()
		h(w, r)
	}))
	t.Cleanup(ts.Close)
	return ts
}

func (ts *tokenServer) requests() []tokenRequest {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]tokenRequest(nil), ts.reqs...)
}

func (ts *tokenServer) endpoints() provider.OAuthEndpoints {
	return provider.OAuthEndpoints{AnthropicTokenURL: ts.URL + "/anthropic/token",
		OpenAICodexTokenURL: ts.URL + "/codex/token", CopilotTokenURL: ts.URL + "/copilot/token", CopilotAPIURL: ts.URL}
}

func jsonReply(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, body)
	}
}

// codexJWT is an unsigned ChatGPT-style access token carrying account.
func codexJWT(account, salt string) string {
	enc := base64.RawStdEncoding.EncodeToString
	claims := fmt.Sprintf(`{"https://api.openai.com/auth":{"chatgpt_account_id":%q},"salt":%q}`, account, salt)
	return enc([]byte(`{"alg":"none"}`)) + "." + enc([]byte(claims)) + ".sig"
}

func oauthRegistry(t *testing.T, dir string, ts *tokenServer, env map[string]string) *provider.Registry {
	t.Helper()
	opts := provider.RegistryOptions{AgentDir: dir, Env: env, Now: oauthNow}
	if ts != nil {
		opts.OAuthEndpoints = ts.endpoints()
	}
	r := provider.NewRegistry(opts)
	if len(r.Problems()) != 0 {
		t.Fatalf("problems: %v", r.Problems())
	}
	return r
}

func authKey(t *testing.T, r *provider.Registry, prov, id string) (string, error) {
	t.Helper()
	m, ok := r.Find(prov, id)
	if !ok {
		t.Fatalf("model %s/%s not found", prov, id)
	}
	key, _, err := r.Auth(context.Background(), m)
	return key, err
}

func readAuth(t *testing.T, dir string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "auth.json"))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("auth.json: %v\n%s", err, raw)
	}
	return v
}

func TestOAuthPrecedence(t *testing.T) {
	t.Parallel()
	dir := writeAgentDir(t, map[string]string{"auth.json": `{
		"anthropic": {"type": "oauth", "access": "sk-ant-oat01-stored", "refresh": "r", "expires": ` + fmt.Sprint(oauthValid) + `}}`,
		"models.json": `{"providers": {"anthropic": {"baseUrl": "https://api.anthropic.com", "apiKey": "models-json-key"}}}`})
	r := oauthRegistry(t, dir, nil, map[string]string{"ANTHROPIC_API_KEY": "sk-env", "ANTHROPIC_OAUTH_TOKEN": "sk-ant-oat-env"})
	// auth.json's OAuth login beats the environment and models.json ...
	if key, err := authKey(t, r, "anthropic", "claude-sonnet-4-5"); err != nil || key != "sk-ant-oat01-stored" {
		t.Errorf("key %q err %v", key, err)
	}
	// ... and the runtime key beats it.
	r.SetRuntimeAPIKey("anthropic", "sk-runtime")
	if key, _ := authKey(t, r, "anthropic", "claude-sonnet-4-5"); key != "sk-runtime" {
		t.Errorf("runtime key = %q", key)
	}
	// An auth.json API key beats an OAuth token in the environment.
	dir = writeAgentDir(t, map[string]string{"auth.json": `{"anthropic": {"type": "api_key", "key": "sk-file"}}`})
	r = oauthRegistry(t, dir, nil, map[string]string{"ANTHROPIC_OAUTH_TOKEN": "sk-ant-oat-env"})
	if key, _ := authKey(t, r, "anthropic", "claude-sonnet-4-5"); key != "sk-file" {
		t.Errorf("api key = %q", key)
	}
	// Without auth.json, ANTHROPIC_OAUTH_TOKEN beats ANTHROPIC_API_KEY.
	r = oauthRegistry(t, t.TempDir(), nil, map[string]string{"ANTHROPIC_OAUTH_TOKEN": "sk-ant-oat-env", "ANTHROPIC_API_KEY": "sk-env"})
	if key, _ := authKey(t, r, "anthropic", "claude-sonnet-4-5"); key != "sk-ant-oat-env" {
		t.Errorf("env key = %q", key)
	}
}

func TestOAuthValidTokenNoRefresh(t *testing.T) {
	t.Parallel()
	ts := newTokenServer(t, status(500, nil, "must not be called"))
	dir := writeAgentDir(t, map[string]string{"auth.json": `{"openai-codex": {"type": "oauth", "access": "` + codexJWT("acct", "1") +
		`", "refresh": "r", "expires": ` + fmt.Sprint(oauthValid) + `, "accountId": "acct"}}`})
	r := oauthRegistry(t, dir, ts, nil)
	if key, err := authKey(t, r, "openai-codex", "gpt-6.2-sol"); err != nil || key != codexJWT("acct", "1") {
		t.Errorf("key %q err %v", key, err)
	}
	if n := len(ts.requests()); n != 0 {
		t.Errorf("%d token requests", n)
	}
	if _, err := os.Stat(filepath.Join(dir, "auth.json.lock")); !os.IsNotExist(err) {
		t.Errorf("lock left behind: %v", err)
	}
}

func TestOAuthRefreshPersisted(t *testing.T) {
	t.Parallel()
	copilotToken := "tid=abc;exp=1700001800;sku=x;proxy-ep=proxy.enterprise.example;8kp=1"
	cases := []struct {
		name, provider, model, entry string
		reply                        http.HandlerFunc
		wantKey                      string
		wantEntry                    map[string]any
		check                        func(t *testing.T, req tokenRequest)
		// then checks the requests after the token's (Copilot reads the
		// account's models with the new token).
		then func(t *testing.T, reqs []tokenRequest)
	}{
		{name: "anthropic", provider: "anthropic", model: "claude-sonnet-4-5",
			entry:   `{"type": "oauth", "refresh": "old-refresh", "access": "sk-ant-oat01-old", "expires": 1, "note": "kept"}`,
			reply:   jsonReply(`{"token_type":"Bearer","access_token":"sk-ant-oat01-new","refresh_token":"new-refresh","expires_in":28800}`),
			wantKey: "sk-ant-oat01-new",
			// expires = now + 8h − 5 min
			wantEntry: map[string]any{"type": "oauth", "refresh": "new-refresh", "access": "sk-ant-oat01-new",
				"expires": float64(1700000000000 + 28800000 - 300000), "note": "kept"},
			check: func(t *testing.T, req tokenRequest) {
				if req.Method != "POST" || req.Path != "/anthropic/token" || req.Header.Get("Content-Type") != "application/json" ||
					req.Header.Get("Accept") != "application/json" {
					t.Errorf("request %+v", req)
				}
				want := `{"grant_type":"refresh_token","client_id":"9d1c250a-e61b-44d9-88ed-5944d1962f5e","refresh_token":"old-refresh"}`
				if req.Body != want {
					t.Errorf("body %s", req.Body)
				}
			}},
		{name: "copilot", provider: "github-copilot", model: "gemini-4-carbon",
			entry: `{"type": "oauth", "refresh": "gho_github", "access": "tid=old;proxy-ep=proxy.old.example", "expires": 1, "enterpriseUrl": "ghe.example.com",
				"availableModelIds": ["gemini-4-carbon", "dropped-since-login"]}`,
			reply: func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/models" { // the enterprise account lists no picker fallback
					jsonReply(`{"data":[{"id":"gemini-4-carbon","model_picker_enabled":true,"policy":{"state":"enabled"}},`+
						`{"id":"no-tools","model_picker_enabled":true,"capabilities":{"supports":{"tool_calls":false}}},`+
						`{"id":"claude-sonnet-5.5","model_picker_enabled":true,"policy":{"state":"unconfigured"}},`+
						`{"id":"hidden","model_picker_enabled":false,"policy":{"state":"enabled"}}]}`)(w, r)
					return
				}
				jsonReply(`{"token":"`+copilotToken+`","expires_at":1700001800,"refresh_in":1500}`)(w, r)
			},
			wantKey: copilotToken,
			wantEntry: map[string]any{"type": "oauth", "refresh": "gho_github", "access": copilotToken,
				"expires": float64(1700001800000 - 300000), "enterpriseUrl": "ghe.example.com",
				"availableModelIds": []any{"gemini-4-carbon", "claude-sonnet-5.5"}},
			then: func(t *testing.T, reqs []tokenRequest) {
				if len(reqs) != 1 || reqs[0].Method != "GET" || reqs[0].Path != "/models" ||
					reqs[0].Header.Get("Authorization") != "Bearer "+copilotToken || reqs[0].Header.Get("X-GitHub-Api-Version") == "" {
					t.Errorf("models requests %+v", reqs)
				}
			},
			check: func(t *testing.T, req tokenRequest) {
				h := req.Header
				if req.Method != "GET" || req.Path != "/copilot/token" || h.Get("Authorization") != "Bearer gho_github" ||
					h.Get("Accept") != "application/json" || h.Get("User-Agent") != "GitHubCopilotChat/0.35.0" ||
					h.Get("Editor-Version") != "vscode/1.107.0" || h.Get("Editor-Plugin-Version") != "copilot-chat/0.35.0" ||
					h.Get("Copilot-Integration-Id") != "vscode-chat" {
					t.Errorf("request %+v", req)
				}
			}},
		{name: "codex", provider: "openai-codex", model: "gpt-5.6-luna",
			entry:   `{"type": "oauth", "access": "` + codexJWT("acct_1", "old") + `", "refresh": "rt_old", "expires": 1, "accountId": "acct_1"}`,
			reply:   jsonReply(`{"access_token":"` + codexJWT("acct_2", "new") + `","refresh_token":"rt_new","expires_in":864000,"id_token":"x"}`),
			wantKey: codexJWT("acct_2", "new"),
			// no safety margin for Codex
			wantEntry: map[string]any{"type": "oauth", "access": codexJWT("acct_2", "new"), "refresh": "rt_new",
				"expires": float64(1700000000000 + 864000000), "accountId": "acct_2"},
			check: func(t *testing.T, req tokenRequest) {
				if req.Method != "POST" || req.Path != "/codex/token" || req.Header.Get("Content-Type") != "application/x-www-form-urlencoded" ||
					req.Body != "grant_type=refresh_token&refresh_token=rt_old&client_id=app_EMoamEEZ73f0CkXaXp7hrann" {
					t.Errorf("request %+v", req)
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ts := newTokenServer(t, tc.reply)
			other := `{"type": "oauth", "access": "a", "refresh": "r", "expires": 1, "custom": {"nested": [1, 2.5, "<é>"]}}`
			dir := writeAgentDir(t, map[string]string{"auth.json": `{"openai": {"type": "api_key", "key": "sk-openai"}, "` +
				tc.provider + `": ` + tc.entry + `, "some-ext": ` + other + `}`})
			r := oauthRegistry(t, dir, ts, nil)
			for i := 0; i < 2; i++ { // the second call uses the refreshed token
				if key, err := authKey(t, r, tc.provider, tc.model); err != nil || key != tc.wantKey {
					t.Fatalf("call %d: key %q err %v", i, key, err)
				}
			}
			reqs := ts.requests()
			if len(reqs) == 0 || tc.then == nil && len(reqs) != 1 {
				t.Fatalf("%d token requests", len(reqs))
			}
			tc.check(t, reqs[0])
			if tc.then != nil {
				tc.then(t, reqs[1:])
			}
			got := readAuth(t, dir)
			equalJSON(t, "refreshed entry", got[tc.provider], tc.wantEntry)
			equalJSON(t, "other entries", map[string]any{"openai": got["openai"], "some-ext": got["some-ext"]},
				map[string]any{"openai": map[string]any{"type": "api_key", "key": "sk-openai"},
					"some-ext": map[string]any{"type": "oauth", "access": "a", "refresh": "r", "expires": 1,
						"custom": map[string]any{"nested": []any{1, 2.5, "<é>"}}}})
			raw, _ := os.ReadFile(filepath.Join(dir, "auth.json"))
			if !strings.HasPrefix(string(raw), "{\n  \"openai\": {\n    \"type\": \"api_key\",") || !strings.Contains(string(raw), `"<é>"`) {
				t.Errorf("auth.json not written as JSON.stringify(data, null, 2):\n%s", raw)
			}
			if fi, _ := os.Stat(filepath.Join(dir, "auth.json")); fi.Mode().Perm() != 0o600 {
				t.Errorf("mode %v", fi.Mode())
			}
			if _, err := os.Stat(filepath.Join(dir, "auth.json.lock")); !os.IsNotExist(err) {
				t.Errorf("lock left behind: %v", err)
			}
			// Another process starting now reads the new login.
			r2 := oauthRegistry(t, dir, newTokenServer(t, status(500, nil, "")), nil)
			if key, err := authKey(t, r2, tc.provider, tc.model); err != nil || key != tc.wantKey {
				t.Errorf("new registry: key %q err %v", key, err)
			}
		})
	}
}

func TestOAuthRefreshFailure(t *testing.T) {
	t.Parallel()
	ts := newTokenServer(t, status(400, map[string]string{"Content-Type": "application/json"}, `{"error":"invalid_grant","error_description":"Refresh token revoked"}`))
	content := `{"anthropic": {"type": "oauth", "refresh": "r", "access": "sk-ant-oat01-old", "expires": 1}}`
	dir := writeAgentDir(t, map[string]string{"auth.json": content})
	r := oauthRegistry(t, dir, ts, map[string]string{"ANTHROPIC_API_KEY": "sk-env-not-used"})
	m, _ := r.Find("anthropic", "claude-haiku-4-5")
	_, err := r.Stream(context.Background(), m, &provider.Context{Messages: []map[string]any{userMsg("hi")}}, nil)
	if !errors.Is(err, provider.ErrOAuthRefresh) {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{`Authentication failed for "anthropic"`, "Failed to refresh OAuth token for anthropic",
		"status=400", "Refresh token revoked", "/login anthropic"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if raw, _ := os.ReadFile(filepath.Join(dir, "auth.json")); string(raw) != content {
		t.Errorf("auth.json changed:\n%s", raw)
	}
	if _, err := os.Stat(filepath.Join(dir, "auth.json.lock")); !os.IsNotExist(err) {
		t.Errorf("lock left behind: %v", err)
	}
	// A models.json key still rescues the request, as in pi.
	os.WriteFile(filepath.Join(dir, "models.json"), []byte(`{"providers": {"anthropic": {"baseUrl": "https://api.anthropic.com", "apiKey": "sk-models-json"}}}`), 0o600)
	r.Reload()
	if key, err := authKey(t, r, "anthropic", "claude-haiku-4-5"); err != nil || key != "sk-models-json" {
		t.Errorf("fallback key %q err %v", key, err)
	}
}

func TestOAuthRefreshFailureMessages(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		provider, model, entry string
		reply                  http.HandlerFunc
		want                   string
	}{
		{"github-copilot", "gemini-4-carbon", `{"type":"oauth","refresh":"gho","access":"x","expires":1}`,
			status(401, nil, `{"message":"Bad credentials"}`), `401 Unauthorized: {"message":"Bad credentials"}`},
		{"github-copilot", "gemini-4-carbon", `{"type":"oauth","refresh":"gho","access":"x","expires":1}`,
			jsonReply(`{"token":"t"}`), "Invalid Copilot token response fields"},
		// pi 1.6 reads the account's models on refresh: their failure fails it.
		{"github-copilot", "gemini-4-carbon", `{"type":"oauth","refresh":"gho","access":"x","expires":1}`,
			func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/models" {
					status(429, nil, "slow down")(w, r) // not retried on refresh
					return
				}
				jsonReply(`{"token":"t","expires_at":1700001800}`)(w, r)
			}, "429 Too Many Requests: slow down"},
		{"github-copilot", "gemini-4-carbon", `{"type":"oauth","refresh":"gho","access":"x","expires":1}`,
			func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/models" {
					jsonReply(`{"models":[]}`)(w, r)
					return
				}
				jsonReply(`{"token":"t","expires_at":1700001800}`)(w, r)
			}, "Invalid Copilot models response"},
		{"openai-codex", "gpt-6.2-sol", `{"type":"oauth","refresh":"rt","access":"x","expires":1}`,
			status(401, nil, ""), "OpenAI Codex token refresh failed (401): Unauthorized"},
		{"openai-codex", "gpt-6.2-sol", `{"type":"oauth","refresh":"rt","access":"x","expires":1}`,
			jsonReply(`{"access_token":"a","expires_in":1}`), `OpenAI Codex token refresh response missing fields: {"access_token":"a","expires_in":1}`},
		{"openai-codex", "gpt-6.2-sol", `{"type":"oauth","refresh":"rt","access":"x","expires":1}`,
			jsonReply(`{"access_token":"not-a-jwt","refresh_token":"r","expires_in":1}`), "Failed to extract accountId from token"},
		{"anthropic", "claude-haiku-4-5", `{"type":"oauth","refresh":"r","access":"x","expires":1}`,
			jsonReply(`not json`), "Anthropic token refresh returned invalid JSON"},
	} {
		ts := newTokenServer(t, tc.reply)
		dir := writeAgentDir(t, map[string]string{"auth.json": `{"` + tc.provider + `": ` + tc.entry + `}`})
		r := oauthRegistry(t, dir, ts, nil)
		_, err := authKey(t, r, tc.provider, tc.model)
		if !errors.Is(err, provider.ErrOAuthRefresh) || !strings.Contains(err.Error(), tc.want) ||
			!strings.Contains(err.Error(), "Failed to refresh OAuth token for "+tc.provider) {
			t.Errorf("%s: err = %v, want %q", tc.provider, err, tc.want)
		}
	}
}

// TestOAuthConcurrentRefresh: several registries (as separate processes
// would be) and several requests each find the same expired login; the
// auth.json lock makes exactly one of them refresh, and all use its token.
func TestOAuthConcurrentRefresh(t *testing.T) {
	t.Parallel()
	var calls sync.WaitGroup
	ts := newTokenServer(t, func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		defer calls.Done()
		time.Sleep(300 * time.Millisecond) // hold the lock while others queue
		jsonReply(`{"access_token":"sk-ant-oat01-fresh","refresh_token":"r2","expires_in":3600}`)(w, r)
	}, status(400, nil, "refresh token already used"))
	dir := writeAgentDir(t, map[string]string{"auth.json": `{"anthropic": {"type":"oauth","refresh":"r1","access":"sk-ant-oat01-old","expires":1},
		"openai": {"type":"api_key","key":"k"}}`})
	regs := []*provider.Registry{oauthRegistry(t, dir, ts, nil), oauthRegistry(t, dir, ts, nil), oauthRegistry(t, dir, ts, nil)}
	var wg sync.WaitGroup
	keys := make(chan string, 12)
	for i := 0; i < 12; i++ {
		wg.Add(1)
		go func(r *provider.Registry) {
			defer wg.Done()
			key, err := authKey(t, r, "anthropic", "claude-haiku-4-5")
			if err != nil {
				t.Error(err)
			}
			keys <- key
		}(regs[i%len(regs)])
	}
	wg.Wait()
	close(keys)
	for k := range keys {
		if k != "sk-ant-oat01-fresh" {
			t.Errorf("key %q", k)
		}
	}
	if n := len(ts.requests()); n != 1 {
		t.Errorf("%d token requests, want 1", n)
	}
	got := readAuth(t, dir)
	if a := got["anthropic"].(map[string]any); a["refresh"] != "r2" || got["openai"] == nil {
		t.Errorf("auth.json = %v", got)
	}
}

// TestOAuthLockHeldByOther: while another process holds auth.json's lock
// (pi's proper-lockfile directory), pigo waits; when that process has
// refreshed the login meanwhile, pigo uses its token without a refresh.
func TestOAuthLockHeldByOther(t *testing.T) {
	t.Parallel()
	ts := newTokenServer(t, status(500, nil, "must not be called"))
	dir := writeAgentDir(t, map[string]string{"auth.json": `{"anthropic": {"type":"oauth","refresh":"r1","access":"sk-ant-oat01-old","expires":1}}`})
	lock := filepath.Join(dir, "auth.json.lock")
	if err := os.Mkdir(lock, 0o700); err != nil {
		t.Fatal(err)
	}
	r := oauthRegistry(t, dir, ts, nil)
	go func() {
		time.Sleep(400 * time.Millisecond)
		os.WriteFile(filepath.Join(dir, "auth.json"), []byte(`{"anthropic": {"type":"oauth","refresh":"r2","access":"sk-ant-oat01-other","expires":`+
			fmt.Sprint(oauthValid)+`}}`), 0o600)
		os.Remove(lock)
	}()
	start := time.Now()
	key, err := authKey(t, r, "anthropic", "claude-haiku-4-5")
	if err != nil || key != "sk-ant-oat01-other" {
		t.Errorf("key %q err %v", key, err)
	}
	if d := time.Since(start); d < 350*time.Millisecond {
		t.Errorf("did not wait for the lock (%v)", d)
	}
	if n := len(ts.requests()); n != 0 {
		t.Errorf("%d token requests", n)
	}
}

// TestOAuthStaleLock: a lock whose holder died (mtime older than 30 s) is
// taken over, as proper-lockfile does.
func TestOAuthStaleLock(t *testing.T) {
	t.Parallel()
	ts := newTokenServer(t, jsonReply(`{"access_token":"sk-ant-oat01-new","refresh_token":"r2","expires_in":3600}`))
	dir := writeAgentDir(t, map[string]string{"auth.json": `{"anthropic": {"type":"oauth","refresh":"r1","access":"sk-ant-oat01-old","expires":1}}`})
	lock := filepath.Join(dir, "auth.json.lock")
	if err := os.Mkdir(lock, 0o700); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Minute)
	os.Chtimes(lock, old, old)
	r := oauthRegistry(t, dir, ts, nil)
	if key, err := authKey(t, r, "anthropic", "claude-haiku-4-5"); err != nil || key != "sk-ant-oat01-new" {
		t.Errorf("key %q err %v", key, err)
	}
	if _, err := os.Stat(lock); !os.IsNotExist(err) {
		t.Errorf("lock left behind: %v", err)
	}
}

// TestOAuthLockTimeout: a lock that stays fresh makes the refresh fail
// (after pi's retries) with an error naming the lock; ctx ends the wait.
func TestOAuthLockWaitCancelled(t *testing.T) {
	t.Parallel()
	ts := newTokenServer(t, status(500, nil, "must not be called"))
	dir := writeAgentDir(t, map[string]string{"auth.json": `{"anthropic": {"type":"oauth","refresh":"r1","access":"sk-ant-oat01-old","expires":1}}`})
	if err := os.Mkdir(filepath.Join(dir, "auth.json.lock"), 0o700); err != nil {
		t.Fatal(err)
	}
	r := oauthRegistry(t, dir, ts, nil)
	m, _ := r.Find("anthropic", "claude-haiku-4-5")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, _, err := r.Auth(ctx, m)
	if !errors.Is(err, provider.ErrOAuthRefresh) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v", err)
	}
}

func TestOAuthUnknownEntryFallsBackToEnv(t *testing.T) {
	t.Parallel()
	// pi: an auth.json entry that is no longer an OAuth login when the
	// refresh re-reads the file falls back to the environment.
	dir := writeAgentDir(t, map[string]string{"auth.json": `{"anthropic": {"type":"oauth","refresh":"r1","access":"sk-ant-oat01-old","expires":1}}`})
	ts := newTokenServer(t, status(500, nil, "must not be called"))
	r := oauthRegistry(t, dir, ts, map[string]string{"ANTHROPIC_API_KEY": "sk-env"})
	os.WriteFile(filepath.Join(dir, "auth.json"), []byte(`{}`), 0o600) // logged out by another process
	if key, err := authKey(t, r, "anthropic", "claude-haiku-4-5"); err != nil || key != "sk-env" {
		t.Errorf("key %q err %v", key, err)
	}
}

func TestOAuthSubscriptionModels(t *testing.T) {
	t.Parallel()
	// As in pi 1.6, the Copilot and Codex models are listed without a
	// credential (so a reference sees every provider that offers a
	// model), but not available.
	r := oauthRegistry(t, t.TempDir(), nil, nil)
	if !slices.Contains(r.Providers(), "github-copilot") || !slices.Contains(r.Providers(), "openai-codex") {
		t.Errorf("providers %v lack the subscription ones", r.Providers())
	}
	// GH_TOKEN and GITHUB_TOKEN do not make Copilot available (pi-ai
	// 1.6); COPILOT_GITHUB_TOKEN does, at its default host.
	r = oauthRegistry(t, t.TempDir(), nil, map[string]string{"GH_TOKEN": "gho_x", "GITHUB_TOKEN": "gho_x"})
	for _, m := range r.Available() {
		if m.Provider == "github-copilot" {
			t.Fatal("GH_TOKEN made Copilot available")
		}
	}
	r = oauthRegistry(t, t.TempDir(), nil, map[string]string{"COPILOT_GITHUB_TOKEN": "gho_x"})
	if m, ok := r.Find("github-copilot", "claude-sonnet-5.5"); !ok || m.BaseURL != "https://api.individual.githubcopilot.com" ||
		m.Headers["Editor-Version"] != "vscode/1.107.0" || m.API != provider.APIAnthropicMessages {
		t.Errorf("copilot model = %+v", m)
	}
	// A Copilot login moves the models to the host of its token; an
	// enterprise login without proxy-ep to copilot-api.<domain>.
	for _, tc := range []struct{ entry, want string }{
		{`{"type":"oauth","refresh":"g","access":"tid=1;exp=2;proxy-ep=proxy.business.githubcopilot.com;x=y","expires":1}`, "https://api.business.githubcopilot.com"},
		{`{"type":"oauth","refresh":"g","access":"tid=1","expires":1,"enterpriseUrl":"https://GHE.Example.com/path"}`, "https://copilot-api.ghe.example.com"},
		{`{"type":"oauth","refresh":"g","access":"tid=1","expires":1}`, "https://api.individual.githubcopilot.com"},
	} {
		dir := writeAgentDir(t, map[string]string{"auth.json": `{"github-copilot": ` + tc.entry + `}`,
			"models.json": `{"providers": {"github-copilot": {"baseUrl": "http://overridden-by-login"}}}`})
		r = oauthRegistry(t, dir, nil, nil)
		for _, m := range r.All() {
			if m.Provider == "github-copilot" && m.BaseURL != tc.want {
				t.Errorf("%s: base %s, want %s", m.ID, m.BaseURL, tc.want)
			}
		}
		if !r.HasAuth("github-copilot") || !r.IsUsingOAuth("github-copilot") {
			t.Error("copilot login not counted")
		}
	}
	// A Codex login lists the Codex models; the default model order is pi's.
	dir := writeAgentDir(t, map[string]string{"auth.json": `{"openai-codex": {"type":"oauth","refresh":"r","access":"a","expires":1}}`})
	r = oauthRegistry(t, dir, nil, nil)
	if d := r.DefaultModel(); d == nil || d.Provider != "openai-codex" || d.ID != "gpt-6.2-sol" || d.API != provider.APIOpenAICodexResponses {
		t.Errorf("default model = %+v", d)
	}
	// --api-key for a subscription provider lists its models too.
	r = oauthRegistry(t, t.TempDir(), nil, nil)
	r.SetRuntimeAPIKey("openai-codex", "k")
	if _, ok := r.Find("openai-codex", "gpt-5.6-luna"); !ok {
		t.Error("codex models missing with a runtime key")
	}
}

// TestOAuthRefreshKeepsSymlink: a symlinked auth.json (dotfiles) stays a
// symlink; its target gets the new content.
func TestOAuthRefreshKeepsSymlink(t *testing.T) {
	t.Parallel()
	ts := newTokenServer(t, jsonReply(`{"access_token":"sk-ant-oat01-new","refresh_token":"r2","expires_in":3600}`))
	target := writeAgentDir(t, map[string]string{"real-auth.json": `{"anthropic": {"type":"oauth","refresh":"r1","access":"sk-ant-oat01-old","expires":1}}`})
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(target, "real-auth.json"), filepath.Join(dir, "auth.json")); err != nil {
		t.Fatal(err)
	}
	r := oauthRegistry(t, dir, ts, nil)
	if key, err := authKey(t, r, "anthropic", "claude-haiku-4-5"); err != nil || key != "sk-ant-oat01-new" {
		t.Fatalf("key %q err %v", key, err)
	}
	if fi, err := os.Lstat(filepath.Join(dir, "auth.json")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("auth.json is no longer a symlink: %v %v", fi.Mode(), err)
	}
	if got := readAuth(t, dir)["anthropic"].(map[string]any)["refresh"]; got != "r2" {
		t.Errorf("refresh = %v", got)
	}
	if _, err := os.Stat(filepath.Join(target, "real-auth.json.lock")); !os.IsNotExist(err) {
		t.Errorf("lock left behind: %v", err)
	}
}

// TestCopilotAvailableModelIds: a Copilot login that lists its account's
// models (availableModelIds) offers only those (pi 1.6's filterModels);
// without the list, or with anything but strings in it, every Copilot
// model is offered.
func TestCopilotAvailableModelIds(t *testing.T) {
	t.Parallel()
	all := 0
	for _, m := range provider.BuiltinModels() {
		if m.Provider == "github-copilot" {
			all++
		}
	}
	for _, tc := range []struct {
		ids  string
		want []string
	}{
		{`, "availableModelIds": ["claude-sonnet-5.5", "gemini-4-carbon", "not-in-catalog"]`, []string{"claude-sonnet-5.5", "gemini-4-carbon"}},
		{`, "availableModelIds": []`, nil},
		{`, "availableModelIds": ["gemini-4-carbon", 7]`, make([]string, all)},
		{``, make([]string, all)},
	} {
		dir := writeAgentDir(t, map[string]string{"auth.json": `{"github-copilot": {"type": "oauth", "refresh": "g", "access": "tid=1", "expires": 1` + tc.ids + `}}`})
		var got []string
		for _, m := range oauthRegistry(t, dir, nil, nil).Available() {
			if m.Provider == "github-copilot" {
				got = append(got, m.ID)
			}
		}
		if len(got) != len(tc.want) || tc.want != nil && tc.want[0] != "" && strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: offered %v, want %v", tc.ids, got, tc.want)
		}
	}
}

package provider

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock that only moves when the login sleeps, so device
// polling runs instantly and its waits can be checked.
type fakeClock struct {
	mu     sync.Mutex
	t      time.Time
	sleeps []time.Duration
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sleeps = append(c.sleeps, d)
	c.t = c.t.Add(d)
	return nil
}

// fakeGitHub is GitHub's device flow and the Copilot API: polls answers
// the access-token polls in turn (the last repeats).
type fakeGitHub struct {
	mu       sync.Mutex
	polls    []string
	device   string
	models   string
	policy   map[string]int // status per model id
	requests []string
}

func (g *fakeGitHub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	g.mu.Lock()
	defer g.mu.Unlock()
	g.requests = append(g.requests, r.Method+" "+r.URL.Path+" "+string(body))
	switch {
	case r.URL.Path == "/login/device/code":
		_, _ = io.WriteString(w, orString(g.device, `{"device_code":"dev-1","user_code":"ABCD-1234","verification_uri":"https://github.com/login/device","interval":5,"expires_in":900}`))
	case r.URL.Path == "/login/oauth/access_token":
		p := g.polls[0]
		if len(g.polls) > 1 {
			g.polls = g.polls[1:]
		}
		_, _ = io.WriteString(w, p)
	case r.URL.Path == "/copilot_internal/v2/token":
		if r.Header.Get("Authorization") != "Bearer gho-1" {
			http.Error(w, "bad token", http.StatusUnauthorized)
			return
		}
		_, _ = io.WriteString(w, `{"token":"tid=1;proxy-ep=proxy.individual.githubcopilot.com;","expires_at":2000}`)
	case r.URL.Path == "/models":
		_, _ = io.WriteString(w, orString(g.models, `{"data":[
			{"id":"gemini-4-argon","model_picker_enabled":true,"policy":{"state":"enabled"}},
			{"id":"claude-sonnet-5","model_picker_enabled":true,"policy":{"state":"unconfigured"}},
			{"id":"claude-opus-5","model_picker_enabled":true,"policy":{"state":"unconfigured"}},
			{"id":"embed","model_picker_enabled":true,"capabilities":{"supports":{"tool_calls":false}}},
			{"id":"off","model_picker_enabled":true,"policy":{"state":"disabled"}}]}`))
	case strings.HasSuffix(r.URL.Path, "/policy"):
		id := strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/models/"), "/policy")
		if s := g.policy[id]; s != 0 {
			w.WriteHeader(s)
		}
	default:
		http.NotFound(w, r)
	}
}

func copilotTestLogin(t *testing.T, g *fakeGitHub, enterprise string) (*CopilotLogin, *fakeClock, string, []string, error) {
	t.Helper()
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	clock := &fakeClock{t: time.UnixMilli(1_000_000)}
	var progress []string
	opts := LoginOptions{Endpoints: OAuthEndpoints{GitHubURL: srv.URL, CopilotTokenURL: srv.URL + "/copilot_internal/v2/token", CopilotAPIURL: srv.URL},
		Now: clock.now, Sleep: clock.sleep, Progress: func(m string) { progress = append(progress, m) }}
	dir := t.TempDir()
	l, err := StartCopilotLogin(context.Background(), enterprise, opts)
	if err != nil {
		return nil, clock, dir, progress, err
	}
	err = l.Wait(context.Background(), dir)
	return l, clock, dir, progress, err
}

func TestCopilotDeviceLogin(t *testing.T) {
	g := &fakeGitHub{polls: []string{`{"error":"authorization_pending"}`, `{"error":"slow_down"}`, `{"error":"slow_down","interval":20}`,
		`{"access_token":"gho-1","token_type":"bearer"}`}, policy: map[string]int{"claude-opus-5": 500}}
	l, clock, dir, progress, err := copilotTestLogin(t, g, "")
	if err != nil {
		t.Fatal(err)
	}
	if l.Device.UserCode != "ABCD-1234" || l.Device.VerificationURI != "https://github.com/login/device" || *l.Device.IntervalSeconds != 5 {
		t.Errorf("device %+v", l.Device)
	}
	// wait before the first poll, after pending, then slow_down adds 5s, then GitHub's interval
	want := []time.Duration{5 * time.Second, 5 * time.Second, 10 * time.Second, 20 * time.Second}
	if fmt.Sprint(clock.sleeps) != fmt.Sprint(want) {
		t.Errorf("waits %v, want %v", clock.sleeps, want)
	}
	if g.requests[0] != "POST /login/device/code client_id=Iv1.b507a08c87ecfe98&scope=read%3Auser" ||
		g.requests[1] != "POST /login/oauth/access_token client_id=Iv1.b507a08c87ecfe98&device_code=dev-1&grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code" {
		t.Errorf("requests %q", g.requests[:2])
	}
	if fmt.Sprint(progress) != "[Enabling models...]" {
		t.Errorf("progress %v", progress)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "auth.json"))
	want2 := `{
  "github-copilot": {
    "type": "oauth",
    "refresh": "gho-1",
    "access": "tid=1;proxy-ep=proxy.individual.githubcopilot.com;",
    "expires": 1700000,
    "availableModelIds": [
      "gemini-4-argon",
      "claude-sonnet-5",
      "claude-opus-5"
    ]
  }
}`
	if string(data) != want2 {
		t.Errorf("auth.json:\n%s", data)
	}
}

func TestCopilotDeviceLoginFailures(t *testing.T) {
	for name, tc := range map[string]struct {
		g          *fakeGitHub
		enterprise string
		want       string
	}{
		"expired":          {&fakeGitHub{polls: []string{`{"error":"authorization_pending"}`}}, "", "Device flow timed out"},
		"slow_down expiry": {&fakeGitHub{polls: []string{`{"error":"slow_down"}`}}, "", "Device flow timed out after one or more slow_down responses."},
		"denied": {&fakeGitHub{polls: []string{`{"error":"access_denied","error_description":"The user has denied your application access."}`}}, "",
			"Device flow failed: access_denied: The user has denied your application access."},
		"odd answer":     {&fakeGitHub{polls: []string{`{"x":1}`}}, "", "Invalid device token response"},
		"bad enterprise": {&fakeGitHub{}, "https://", "Invalid GitHub Enterprise URL/domain"},
		"untrusted uri": {&fakeGitHub{device: `{"device_code":"d","user_code":"u","verification_uri":"file:///etc/passwd","expires_in":9}`}, "",
			"Untrusted verification_uri in device code response"},
		"missing fields": {&fakeGitHub{device: `{"device_code":"d","user_code":"u","interval":"5","verification_uri":"https://x","expires_in":9}`}, "",
			"Invalid device code response fields"},
		"models refused": {&fakeGitHub{polls: []string{`{"access_token":"gho-1"}`}, models: `{"nope":1}`}, "", "Invalid Copilot models response"},
	} {
		t.Run(name, func(t *testing.T) {
			_, _, _, _, err := copilotTestLogin(t, tc.g, tc.enterprise)
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Fatalf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestCopilotDeviceLoginCancel(t *testing.T) {
	g := &fakeGitHub{polls: []string{`{"error":"authorization_pending"}`}}
	srv := httptest.NewServer(g)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	polls := 0
	opts := LoginOptions{Endpoints: OAuthEndpoints{GitHubURL: srv.URL}, Sleep: func(ctx context.Context, d time.Duration) error {
		if polls++; polls == 3 {
			cancel() // the user pressed escape while waiting
		}
		return ctx.Err()
	}}
	l, err := StartCopilotLogin(ctx, "Company.GHE.com/", opts)
	if err != nil {
		t.Fatal(err)
	}
	if l.domain != "company.ghe.com" || l.enterprise != "company.ghe.com" {
		t.Errorf("domain %q", l.domain)
	}
	if err := l.Wait(ctx, t.TempDir()); err == nil || err.Error() != "Login cancelled" {
		t.Fatalf("cancel: %v", err)
	}
}

// codexJWT is an access token carrying the ChatGPT account id.
func codexJWT(account string) string {
	claims := `{"https://api.openai.com/auth":{"chatgpt_account_id":"` + account + `"}}`
	return "h." + base64.RawURLEncoding.EncodeToString([]byte(claims)) + ".s"
}

type fakeCodexToken struct {
	mu    sync.Mutex
	forms []url.Values
	fail  bool
}

func (f *fakeCodexToken) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	f.mu.Lock()
	f.forms = append(f.forms, r.PostForm)
	f.mu.Unlock()
	if f.fail {
		http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
		return
	}
	fmt.Fprintf(w, `{"access_token":%q,"refresh_token":"ref-c","expires_in":3600}`, codexJWT("acct-9"))
}

func startCodexTest(t *testing.T, tok *fakeCodexToken) (*CodexLogin, string) {
	t.Helper()
	srv := httptest.NewServer(tok)
	t.Cleanup(srv.Close)
	l, err := StartCodexLogin(LoginOptions{Endpoints: OAuthEndpoints{OpenAICodexTokenURL: srv.URL, CodexCallbackAddr: "127.0.0.1:0"},
		Now: func() time.Time { return time.UnixMilli(1_000_000) }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(l.Close)
	return l, t.TempDir()
}

func TestCodexLoginCallback(t *testing.T) {
	tok := &fakeCodexToken{}
	l, dir := startCodexTest(t, tok)
	u, _ := url.Parse(l.URL)
	q := u.Query()
	if u.Host != "auth.openai.com" || q.Get("redirect_uri") != "http://localhost:1455/auth/callback" || q.Get("state") != l.state ||
		q.Get("originator") != "pi" || !strings.Contains(l.URL, "scope=openid+profile+email+offline_access") || len(l.state) != 32 {
		t.Errorf("authorize URL %s", l.URL)
	}
	base := "http://" + l.CallbackAddr()
	get := func(path string) int {
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if s := get("/other"); s != 404 {
		t.Errorf("wrong path: %d", s)
	}
	if s := get("/auth/callback?code=c&state=wrong"); s != 400 {
		t.Errorf("state mismatch: %d", s)
	}
	if s := get("/auth/callback?state=" + l.state); s != 400 {
		t.Errorf("no code: %d", s)
	}
	if s := get("/auth/callback?code=the-code&state=" + l.state); s != 200 {
		t.Errorf("callback: %d", s)
	}
	if s := get("/auth/callback?code=again&state=" + l.state); s != 409 {
		t.Errorf("second callback: %d", s)
	}
	if err := l.Wait(context.Background(), dir, nil); err != nil {
		t.Fatal(err)
	}
	f := tok.forms[0]
	if f.Get("grant_type") != "authorization_code" || f.Get("code") != "the-code" || f.Get("code_verifier") != l.verifier ||
		f.Get("redirect_uri") != "http://localhost:1455/auth/callback" || f.Get("client_id") != "app_EMoamEEZ73f0CkXaXp7hrann" {
		t.Errorf("token request %v", f)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "auth.json"))
	want := "{\n  \"openai-codex\": {\n    \"type\": \"oauth\",\n    \"access\": \"" + codexJWT("acct-9") +
		"\",\n    \"refresh\": \"ref-c\",\n    \"expires\": 4600000,\n    \"accountId\": \"acct-9\"\n  }\n}"
	if string(data) != want {
		t.Errorf("auth.json:\n%s\nwant:\n%s", data, want)
	}
}

func TestCodexLoginPastedAndFailures(t *testing.T) {
	paste := func(s string) chan string { c := make(chan string, 1); c <- s; return c }
	l, dir := startCodexTest(t, &fakeCodexToken{})
	if err := l.Wait(context.Background(), dir, paste("http://localhost:1455/auth/callback?code=c&state=nope")); err == nil || err.Error() != "State mismatch" {
		t.Errorf("pasted state mismatch: %v", err)
	}
	l, dir = startCodexTest(t, &fakeCodexToken{})
	if err := l.Wait(context.Background(), dir, paste("  ")); err == nil || err.Error() != "Missing authorization code" {
		t.Errorf("empty paste: %v", err)
	}
	tok := &fakeCodexToken{}
	l, dir = startCodexTest(t, tok)
	if err := l.Wait(context.Background(), dir, paste("http://localhost:1455/auth/callback?code=pc&state="+l.state)); err != nil {
		t.Fatal(err)
	}
	if tok.forms[0].Get("code") != "pc" {
		t.Errorf("pasted code %v", tok.forms[0])
	}
	l, dir = startCodexTest(t, &fakeCodexToken{fail: true})
	if err := l.Wait(context.Background(), dir, paste("bare-code")); err == nil ||
		err.Error() != `OpenAI Codex token exchange failed (400): {"error":"invalid_grant"}`+"\n" {
		t.Errorf("token endpoint error: %q", err)
	}
	l, dir = startCodexTest(t, &fakeCodexToken{})
	resp, err := http.Get("http://" + l.CallbackAddr() + "/auth/callback?error=access_denied&error_description=no&state=" + l.state)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if err := l.Wait(context.Background(), dir, nil); err == nil || err.Error() != "OpenAI authorization failed: no" {
		t.Errorf("provider error: %v", err)
	}
	l, dir = startCodexTest(t, &fakeCodexToken{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := l.Wait(ctx, dir, nil); err == nil || err.Error() != "Login cancelled" {
		t.Errorf("cancel: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "auth.json")); err == nil {
		t.Error("a cancelled login wrote auth.json")
	}
	// the callback port taken: the login still runs, by pasting only
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	busy, err := StartCodexLogin(LoginOptions{Endpoints: OAuthEndpoints{CodexCallbackAddr: taken.Addr().String()}})
	if err != nil || busy.CallbackAddr() != "" {
		t.Errorf("taken port: %v %q", err, busy.CallbackAddr())
	}
}

func TestCodexDeviceLoginFailures(t *testing.T) {
	run := func(start, poll string) error {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			p := poll
			if r.URL.Path == "/api/accounts/deviceauth/usercode" {
				p = start
			}
			status, body, _ := strings.Cut(p, " ")
			var code int
			fmt.Sscan(status, &code)
			w.WriteHeader(code)
			_, _ = io.WriteString(w, body)
		}))
		defer srv.Close()
		clock := &fakeClock{t: time.UnixMilli(0)}
		opts := LoginOptions{Endpoints: OAuthEndpoints{OpenAICodexAuthURL: srv.URL}, Now: clock.now, Sleep: clock.sleep}
		l, err := StartCodexDeviceLogin(context.Background(), opts)
		if err != nil {
			return err
		}
		return l.Wait(context.Background(), t.TempDir())
	}
	ok := `200 {"device_auth_id":"d","user_code":"u","interval":5}`
	for _, tc := range [][3]string{
		{"404 ", "", "OpenAI Codex device code login is not enabled for this server. Use browser login or verify the server URL."},
		{"500 boom", "", "OpenAI Codex device code request failed with status 500: boom"},
		{`200 {"device_auth_id":"d","user_code":"u","interval":"soon"}`, "", `Invalid OpenAI Codex device code response: {"device_auth_id":"d","user_code":"u","interval":"soon"}`},
		{ok, `400 {"error":{"code":"expired_token"}}`, `OpenAI Codex device auth failed with status 400: {"error":{"code":"expired_token"}}`},
		{ok, `200 {"authorization_code":"a"}`, `Invalid OpenAI Codex device auth token response: {"authorization_code":"a"}`},
		{ok, "403 ", "Device flow timed out"},
		{ok, `400 {"error":"slow_down"}`, "Device flow timed out after one or more slow_down responses."},
	} {
		if err := run(tc[0], tc[1]); err == nil || !strings.HasPrefix(err.Error(), tc[2]) {
			t.Errorf("%s / %s: %v, want %q", tc[0], tc[1], err, tc[2])
		}
	}
}

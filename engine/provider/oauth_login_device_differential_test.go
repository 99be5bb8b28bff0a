package provider_test

// Differential tests of the xAI, Kimi Code, Meta and OpenRouter logins and
// refreshes against pi-ai 1.6's own functions (xai.js, kimi-coding.js,
// meta.js, openrouter.js) run in node by piLoginDriver: each case scripts
// the servers' answers; pi and pigo each run against their own copy, and
// the requests, the waits, what the user is shown, the error text, the
// auth.json written and the request auth the login gives must match.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// scriptServer answers each path with its script, one "STATUS BODY" per
// request (the last repeats), and records the requests.
type scriptServer struct {
	mu       sync.Mutex
	script   map[string][]string
	requests []string
}

func (s *scriptServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rec := recordLoginRequest(r)
	s.mu.Lock()
	s.requests = append(s.requests, rec)
	answers := s.script[r.URL.Path]
	var a string
	if len(answers) > 0 {
		a = answers[0]
		if len(answers) > 1 {
			s.script[r.URL.Path] = answers[1:]
		}
	}
	s.mu.Unlock()
	if a == "" {
		http.NotFound(w, r)
		return
	}
	status, body, _ := strings.Cut(a, " ")
	code, _ := strconv.Atoi(status)
	w.WriteHeader(code)
	_, _ = io.WriteString(w, body)
}

func (s *scriptServer) recorded() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.requests...)
}

func newScriptServer(t *testing.T, script map[string][]string) (*scriptServer, string) {
	s := &scriptServer{script: map[string][]string{}}
	for k, v := range script {
		s.script[k] = append([]string(nil), v...)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return s, srv.URL
}

// oauthModule is a pi-ai OAuth module: its file and export.
var oauthModule = map[string][2]string{
	"xai":         {"xai.js", "xaiOAuth"},
	"kimi-coding": {"kimi-coding.js", "kimiCodingOAuth"},
	"meta":        {"meta.js", "metaOAuth"},
	"openrouter":  {"openrouter.js", "openRouterOAuth"},
	"openai":      {"openai-chatgpt.js", "openaiChatGPTOAuth"},
}

// loginCase is one scripted login (or, with refresh, one refresh of the
// stored credential refresh).
type loginCase struct {
	name, provider string
	script         map[string][]string
	// kimiEnv sets KIMI_CODE_OAUTH_HOST to the server (with a trailing
	// slash pi strips) instead of redirecting auth.kimi.com.
	kimiEnv bool
	abort   bool           // the user cancels at the first wait
	refresh map[string]any // refresh this credential instead of logging in
	manual  string         // OpenRouter: what the user pastes ({placeholder}: the redirect URI)
	wantErr string         // pi's error ("" for none), checked against pi too
}

// endpointsFor points pigo's logins at base.
func endpointsFor(base string) provider.OAuthEndpoints {
	return provider.OAuthEndpoints{XAIAuthURL: base, KimiAuthURL: base, MetaAuthURL: base, MetaAPIURL: base, OpenRouterURL: base,
		ChatGPTTokenURL: base + "/api/accounts/oauth/token"}
}

func runLoginCase(t *testing.T, c loginCase) {
	dir, node := piLoginModules(t)
	mod := oauthModule[c.provider]
	piSrv, piBase := newScriptServer(t, c.script)
	spec := map[string]any{"base": piBase, "module": filepath.Join(dir, mod[0]), "login": mod[1], "provider": c.provider, "abort": c.abort}
	if c.kimiEnv {
		spec["env"] = map[string]string{"KIMI_CODE_OAUTH_HOST": piBase + "/"}
	}
	if c.refresh != nil {
		spec["refresh"] = c.refresh
	}
	if c.manual != "" {
		spec["manual"] = c.manual
	}
	pi := runPiLogin(t, node, spec)
	if pi.Error != c.wantErr {
		t.Fatalf("pi's error %q, the test expects %q", pi.Error, c.wantErr)
	}

	goSrv, goBase := newScriptServer(t, c.script)
	endpoints := endpointsFor(goBase)
	if c.kimiEnv {
		endpoints.KimiAuthURL = ""
		t.Setenv("KIMI_CODE_OAUTH_HOST", goBase+"/")
	}
	agentDir := t.TempDir()
	var goErr error
	var goEvents []map[string]any
	var sleeps []float64
	if c.refresh != nil {
		goErr = refreshThroughRegistry(t, agentDir, c.provider, c.refresh, endpoints)
	} else {
		goEvents, sleeps, goErr = loginWithPigo(t, c, endpoints, agentDir)
	}
	if got := errText(goErr); got != c.wantErr {
		t.Errorf("pigo's error %q, pi's %q", got, c.wantErr)
	}
	if c.refresh == nil {
		if c.provider == "openrouter" {
			pi.Events, goEvents = maskCallback(pi.Events), maskCallback(goEvents)
		}
		if len(pi.Events)+len(goEvents) > 0 && !reflect.DeepEqual(normalizeJSON(pi.Events), normalizeJSON(goEvents)) {
			t.Errorf("events:\npi   %v\npigo %v", pi.Events, goEvents)
		}
		if fmt.Sprint(pi.Sleeps) != fmt.Sprint(sleeps) {
			t.Errorf("waits between polls: pi %v, pigo %v", pi.Sleeps, sleeps)
		}
	}
	piReqs, goReqs := piSrv.recorded(), goSrv.recorded()
	if c.provider == "openrouter" {
		piReqs, goReqs = maskVerifier(piReqs), maskVerifier(goReqs)
	}
	if !reflect.DeepEqual(piReqs, goReqs) {
		t.Errorf("requests:\npi:\n%s\npigo:\n%s", strings.Join(piReqs, "\n"), strings.Join(goReqs, "\n"))
	}
	data, _ := os.ReadFile(filepath.Join(agentDir, "auth.json"))
	if c.wantErr != "" {
		if len(data) > 0 && c.refresh == nil {
			t.Errorf("a failed login saved %s", data)
		}
		return
	}
	if string(data) != pi.Auth {
		t.Errorf("auth.json:\npi:\n%s\npigo:\n%s", pi.Auth, data)
	}
	checkToAuth(t, agentDir, c.provider, pi.ToAuth)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// loginWithPigo runs pigo's login of c against endpoints with the
// driver's clock, as the RPC and TUI do: start (the code or URL shown),
// then wait.
func loginWithPigo(t *testing.T, c loginCase, endpoints provider.OAuthEndpoints, agentDir string) ([]map[string]any, []float64, error) {
	clock := time.UnixMilli(1_000_000)
	var sleeps []float64
	var events []map[string]any
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opts := provider.LoginOptions{Endpoints: endpoints, Now: func() time.Time { return clock },
		Sleep: func(_ context.Context, d time.Duration) error {
			sleeps = append(sleeps, float64(d.Milliseconds()))
			clock = clock.Add(d)
			if c.abort {
				cancel()
				return context.Canceled
			}
			return nil
		},
		Progress: func(m string) { events = append(events, map[string]any{"type": "progress", "message": m}) }}
	if c.provider == "openrouter" {
		l, err := provider.StartOpenRouterLogin(opts)
		if err != nil {
			return events, sleeps, err
		}
		events = append(events, map[string]any{"type": "auth_url", "url": l.URL, "instructions": provider.OpenRouterInstructions})
		pasted := make(chan string, 1)
		pasted <- strings.ReplaceAll(c.manual, "{placeholder}", l.Redirect())
		return events, sleeps, l.Wait(ctx, agentDir, pasted)
	}
	l, err := provider.StartDeviceLogin(ctx, c.provider, opts)
	if err != nil {
		return events, sleeps, err
	}
	ev := map[string]any{"type": "device_code", "userCode": l.Device.UserCode, "verificationUri": l.Device.VerificationURI}
	if l.Device.IntervalSeconds != nil {
		ev["intervalSeconds"] = *l.Device.IntervalSeconds
	}
	if !math.IsInf(l.Device.ExpiresSeconds, 1) {
		ev["expiresInSeconds"] = l.Device.ExpiresSeconds
	}
	events = append(events, ev)
	err = l.Wait(ctx, agentDir)
	return events, sleeps, err
}

// refreshThroughRegistry stores cred as an expired login and asks the
// registry for the provider's auth, which refreshes it and saves the new
// one.
func refreshThroughRegistry(t *testing.T, agentDir, prov string, cred map[string]any, endpoints provider.OAuthEndpoints) error {
	entry, _ := jsonMarshalOrdered(cred)
	if err := os.WriteFile(filepath.Join(agentDir, "auth.json"), []byte(`{"`+prov+`": `+entry+`}`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: agentDir, OAuthEndpoints: endpoints,
		Now: func() time.Time { return time.UnixMilli(1_000_000) }})
	_, _, err := r.Auth(context.Background(), firstModel(t, r, prov))
	var pe *provider.Error
	if errors.As(err, &pe) && pe.Err != nil {
		err = errors.Unwrap(pe.Err) // pi's error is the refresh's own (pigo wraps it as pi's AuthStorage does)
	}
	return err
}

// jsonMarshalOrdered writes the credential in pi's field order (type,
// then as the map's keys name them in the order listed).
func jsonMarshalOrdered(cred map[string]any) (string, error) {
	var parts []string
	for _, k := range []string{"type", "access", "refresh", "expires", "clientId", "scopes"} {
		if v, ok := cred[k]; ok {
			parts = append(parts, fmt.Sprintf("%q: %v", k, jsonValue(v)))
		}
	}
	return "{" + strings.Join(parts, ", ") + "}", nil
}

func jsonValue(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func firstModel(t *testing.T, r *provider.Registry, prov string) *provider.Model {
	t.Helper()
	for _, m := range r.All() {
		if m.Provider == prov {
			return m
		}
	}
	t.Fatalf("no %s model", prov)
	return nil
}

// checkToAuth: the saved login gives a request pi's toAuth's auth (an
// API key, or Kimi Code's Authorization header and no key).
func checkToAuth(t *testing.T, agentDir, prov string, piAuth map[string]any) {
	t.Helper()
	// The logins ran at 1,000,000 ms; the clock here is well before their
	// tokens' five-minute refresh window, so toAuth alone is compared.
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: agentDir, Now: func() time.Time { return time.UnixMilli(0) }})
	key, headers, err := r.Auth(context.Background(), firstModel(t, r, prov))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]any{}
	if key != "" {
		got["apiKey"] = key
	}
	if h := headers["Authorization"]; h != "" {
		got["headers"] = map[string]any{"Authorization": h}
	}
	if !reflect.DeepEqual(normalizeJSON(piAuth), normalizeJSON(got)) {
		t.Errorf("request auth: pi %v, pigo %v", piAuth, got)
	}
}

var callbackURL = regexp.MustCompile(`http(://|%3A%2F%2F)127\.0\.0\.1(:|%3A)\d+(/|%2F)oauth(/|%2F)callback(/|%2F)[0-9a-f-]{36}`)

// maskCallback hides the callback's port and random path, and the PKCE
// challenge.
func maskCallback(events []map[string]any) []map[string]any {
	out := make([]map[string]any, len(events))
	for i, e := range events {
		m := map[string]any{}
		for k, v := range e {
			if s, ok := v.(string); ok {
				v = regexp.MustCompile(`code_challenge=[A-Za-z0-9_-]{43}`).ReplaceAllString(callbackURL.ReplaceAllString(s, "CALLBACK"), "code_challenge=C")
			}
			m[k] = v
		}
		out[i] = m
	}
	return out
}

func maskVerifier(reqs []string) []string {
	out := make([]string, len(reqs))
	for i, r := range reqs {
		out[i] = regexp.MustCompile(`"code_verifier":"[A-Za-z0-9_-]{43}"`).ReplaceAllString(r, `"code_verifier":"V"`)
	}
	return out
}

const (
	xaiDevice  = `200 {"device_code":"xd-1","user_code":"XAI-CODE","verification_uri":"https://accounts.x.ai/device","verification_uri_complete":"https://accounts.x.ai/device?user_code=XAI-CODE","interval":2,"expires_in":600}`
	kimiDevice = `200 {"device_code":"kd-1","user_code":"KIMI-1","verification_uri":"https://www.kimi.com/device","verification_uri_complete":"https://www.kimi.com/device?code=KIMI-1","interval":3,"expires_in":900}`
	metaDevice = `200 {"device_code":"md-1","user_code":"META-1","verification_uri":"https://meta.ai/device","verification_uri_complete":"https://meta.ai/device?code=META-1"}`
)

func TestDifferentialDeviceLogins(t *testing.T) {
	pending := `400 {"error":"authorization_pending"}`
	cases := []loginCase{
		// xAI
		{name: "xai", provider: "xai", script: map[string][]string{"/oauth2/device/code": {xaiDevice},
			"/oauth2/token": {pending, `400 {"error":"slow_down","interval":4}`, `400 {"error":"slow_down"}`, `200 {"access_token":"xa-1","refresh_token":"xr-1","expires_in":7200}`}}},
		{name: "xai no interval, default lifetime", provider: "xai", script: map[string][]string{
			"/oauth2/device/code": {`200 {"device_code":"d","user_code":"U","verification_uri":"https://accounts.x.ai/device","interval":0,"expires_in":30}`},
			"/oauth2/token":       {`200 {"access_token":"xa-2","refresh_token":"xr-2"}`}}},
		{name: "xai html token response", provider: "xai", wantErr: "xAI OAuth returned invalid JSON (HTTP 502)",
			script: map[string][]string{"/oauth2/device/code": {xaiDevice}, "/oauth2/token": {"502 <html>Bad Gateway</html>"}}},
		{name: "xai denied", provider: "xai", wantErr: "xAI device authorization was denied",
			script: map[string][]string{"/oauth2/device/code": {xaiDevice}, "/oauth2/token": {pending, `400 {"error":"access_denied"}`}}},
		{name: "xai expired", provider: "xai", wantErr: "xAI device code expired",
			script: map[string][]string{"/oauth2/device/code": {xaiDevice}, "/oauth2/token": {`400 {"error":"expired_token"}`}}},
		{name: "xai other poll error", provider: "xai", wantErr: "xAI OAuth device token polling failed (HTTP 400): invalid_grant: nope",
			script: map[string][]string{"/oauth2/device/code": {xaiDevice}, "/oauth2/token": {`400 {"error":"invalid_grant","error_description":"nope"}`}}},
		{name: "xai missing refresh token", provider: "xai", wantErr: "Invalid xAI OAuth response field: refresh_token",
			script: map[string][]string{"/oauth2/device/code": {xaiDevice}, "/oauth2/token": {`200 {"access_token":"a"}`}}},
		{name: "xai untrusted uri", provider: "xai", wantErr: "Untrusted verification URI in xAI OAuth response",
			script: map[string][]string{"/oauth2/device/code": {`200 {"device_code":"d","user_code":"U","verification_uri":"http://accounts.x.ai/device","expires_in":30}`}}},
		{name: "xai device authorization refused", provider: "xai", wantErr: "xAI OAuth device authorization failed (HTTP 401): invalid_client",
			script: map[string][]string{"/oauth2/device/code": {`401 {"error":"invalid_client"}`}}},
		{name: "xai timed out", provider: "xai", wantErr: "Device flow timed out after one or more slow_down responses. This is often caused by clock drift in WSL or VM environments. Please sync or restart the VM clock and try again.",
			script: map[string][]string{"/oauth2/device/code": {`200 {"device_code":"d","user_code":"U","verification_uri":"https://x.ai/d","interval":2,"expires_in":9}`},
				"/oauth2/token": {`400 {"error":"slow_down"}`}}},
		{name: "xai cancelled", provider: "xai", abort: true, wantErr: "Login cancelled",
			script: map[string][]string{"/oauth2/device/code": {xaiDevice}}},
		// Kimi Code
		{name: "kimi via KIMI_CODE_OAUTH_HOST", provider: "kimi-coding", kimiEnv: true, script: map[string][]string{"/api/oauth/device_authorization": {kimiDevice},
			"/api/oauth/token": {pending, `400 {"error":"slow_down"}`, `200 {"access_token":"ka-1","refresh_token":"kr-1","expires_in":3600,"token_type":"Bearer"}`}}},
		{name: "kimi defaults", provider: "kimi-coding", script: map[string][]string{
			"/api/oauth/device_authorization": {`200 {"device_code":"d","user_code":"U","verification_uri":"https://www.kimi.com/device","verification_uri_complete":"https://www.kimi.com/device?c=U","interval":-1}`},
			"/api/oauth/token":                {`200 {"access_token":"ka-2","refresh_token":"kr-2","expires_in":60}`}}},
		{name: "kimi device authorization 500", provider: "kimi-coding", wantErr: "Kimi Code device authorization failed with status 500: oops",
			script: map[string][]string{"/api/oauth/device_authorization": {"500 oops"}}},
		{name: "kimi untrusted uri", provider: "kimi-coding",
			wantErr: `Invalid Kimi Code device authorization response: {"device_code":"d","user_code":"U","verification_uri":"file:///etc/passwd","verification_uri_complete":"https://k/x"}`,
			script:  map[string][]string{"/api/oauth/device_authorization": {`200 {"device_code":"d","user_code":"U","verification_uri":"file:///etc/passwd","verification_uri_complete":"https://k/x"}`}}},
		{name: "kimi html device response", provider: "kimi-coding", wantErr: "Invalid Kimi Code device authorization response: null",
			script: map[string][]string{"/api/oauth/device_authorization": {"200 <html>hi</html>"}}},
		{name: "kimi denied", provider: "kimi-coding", wantErr: "Kimi Code login was denied.",
			script: map[string][]string{"/api/oauth/device_authorization": {kimiDevice}, "/api/oauth/token": {`400 {"error":"access_denied"}`}}},
		{name: "kimi expired", provider: "kimi-coding", wantErr: "Kimi Code device authorization expired. Please restart login.",
			script: map[string][]string{"/api/oauth/device_authorization": {kimiDevice}, "/api/oauth/token": {`400 {"error":"expired_token"}`}}},
		{name: "kimi poll 503", provider: "kimi-coding", wantErr: "Kimi Code device token request failed with status 503: busy",
			script: map[string][]string{"/api/oauth/device_authorization": {kimiDevice}, "/api/oauth/token": {"503 busy"}}},
		{name: "kimi poll missing fields", provider: "kimi-coding", wantErr: `Kimi Code token poll response missing fields: {"access_token":"a","expires_in":0}`,
			script: map[string][]string{"/api/oauth/device_authorization": {kimiDevice}, "/api/oauth/token": {`200 {"access_token":"a","expires_in":0}`}}},
		{name: "kimi poll other error", provider: "kimi-coding", wantErr: "Kimi Code device token request failed (status 400): invalid_request: bad",
			script: map[string][]string{"/api/oauth/device_authorization": {kimiDevice}, "/api/oauth/token": {`400 {"error":"invalid_request","error_description":"bad"}`}}},
		{name: "kimi poll html", provider: "kimi-coding", wantErr: "Kimi Code device token request failed (status 404)",
			script: map[string][]string{"/api/oauth/device_authorization": {kimiDevice}, "/api/oauth/token": {"404 <html></html>"}}},
		{name: "kimi cancelled", provider: "kimi-coding", abort: true, wantErr: "Login cancelled",
			script: map[string][]string{"/api/oauth/device_authorization": {kimiDevice}}},
		// Meta
		{name: "meta", provider: "meta", script: map[string][]string{"/oidc/device/authorization/": {metaDevice},
			"/oidc/device/token/": {pending, `400 {"error":"slow_down","interval":7}`, `200 {"access_token":"id-1","token_type":"Bearer"}`},
			"/muse-code/key":      {`200 {"api_key":"mk-1"}`}}},
		{name: "meta interval and expiry", provider: "meta", script: map[string][]string{
			"/oidc/device/authorization/": {`200 {"device_code":"d","user_code":"U","verification_uri":"https://meta.ai/device","verification_uri_complete":"javascript:alert(1)","interval":3,"expires_in":100}`},
			"/oidc/device/token/":         {`200 {"access_token":"id-2"}`}, "/muse-code/key": {`200 {"api_key":"mk-2"}`}}},
		{name: "meta session expired", provider: "meta", wantErr: "Meta session expired (status 403). Run `/login meta` to sign in again.: no access",
			script: map[string][]string{"/oidc/device/authorization/": {metaDevice}, "/oidc/device/token/": {`200 {"access_token":"id"}`},
				"/muse-code/key": {`403 {"detail":"  no access  "}`}}},
		{name: "meta no key", provider: "meta", wantErr: "Meta did not issue an API key. Complete setup at https://meta.ai/setup",
			script: map[string][]string{"/oidc/device/authorization/": {metaDevice}, "/oidc/device/token/": {`200 {"access_token":"id"}`},
				"/muse-code/key": {`200 {"action_url":"https://meta.ai/setup"}`}}},
		{name: "meta mint html", provider: "meta", wantErr: "Meta API key mint failed with status 502",
			script: map[string][]string{"/oidc/device/authorization/": {metaDevice}, "/oidc/device/token/": {`200 {"access_token":"id"}`},
				"/muse-code/key": {"502 <html>bad gateway</html>"}}},
		{name: "meta device authorization refused", provider: "meta", wantErr: "Meta device authorization failed with status 400: bad client",
			script: map[string][]string{"/oidc/device/authorization/": {`400 {"error":"invalid_client","message":"bad client"}`}}},
		{name: "meta untrusted uri", provider: "meta", wantErr: `Invalid Meta device authorization response: {"device_code":"d","user_code":"U","verification_uri":"ftp://meta.ai/device"}`,
			script: map[string][]string{"/oidc/device/authorization/": {`200 {"device_code":"d","user_code":"U","verification_uri":"ftp://meta.ai/device"}`}}},
		{name: "meta denied", provider: "meta", wantErr: "Meta login was denied.",
			script: map[string][]string{"/oidc/device/authorization/": {metaDevice}, "/oidc/device/token/": {`400 {"error":"access_denied"}`}}},
		{name: "meta expired", provider: "meta", wantErr: "Meta device authorization expired. Please restart login.",
			script: map[string][]string{"/oidc/device/authorization/": {metaDevice}, "/oidc/device/token/": {`400 {"error":"expired_token"}`}}},
		{name: "meta poll html", provider: "meta", wantErr: "Meta device token request failed with status 500",
			script: map[string][]string{"/oidc/device/authorization/": {metaDevice}, "/oidc/device/token/": {"500 <html>"}}},
		{name: "meta cancelled", provider: "meta", abort: true, wantErr: "Login cancelled",
			script: map[string][]string{"/oidc/device/authorization/": {metaDevice}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runLoginCase(t, c) })
	}
}

func TestDifferentialOAuthRefreshes(t *testing.T) {
	expired := func(access, refresh string) map[string]any {
		return map[string]any{"type": "oauth", "access": access, "refresh": refresh, "expires": 1}
	}
	cases := []loginCase{
		{name: "xai rotates", provider: "xai", refresh: expired("old", "xr-old"),
			script: map[string][]string{"/oauth2/token": {`200 {"access_token":"xa-new","refresh_token":"xr-new","expires_in":3600}`}}},
		{name: "xai keeps refresh token", provider: "xai", refresh: expired("old", "xr-old"),
			script: map[string][]string{"/oauth2/token": {`200 {"access_token":"xa-new"}`}}},
		{name: "xai refused", provider: "xai", refresh: expired("old", "xr-old"), wantErr: "xAI OAuth token refresh failed (HTTP 400): invalid_grant: revoked",
			script: map[string][]string{"/oauth2/token": {`400 {"error":"invalid_grant","error_description":"revoked"}`}}},
		{name: "kimi", provider: "kimi-coding", refresh: expired("old", "kr-old"),
			script: map[string][]string{"/api/oauth/token": {`200 {"access_token":"ka-new","refresh_token":"kr-new","expires_in":900}`}}},
		{name: "kimi retries then unauthorized", provider: "kimi-coding", refresh: expired("old", "kr-old"),
			wantErr: "Kimi Code token refresh unauthorized (status 401): expired",
			script:  map[string][]string{"/api/oauth/token": {"503 busy", `429 {"error":"rate"}`, `401 {"error":"invalid_token","error_description":"expired"}`}}},
		{name: "kimi invalid_grant", provider: "kimi-coding", refresh: expired("old", "kr-old"), wantErr: "Kimi Code token refresh unauthorized (status 400)",
			script: map[string][]string{"/api/oauth/token": {`400 {"error":"invalid_grant"}`}}},
		{name: "kimi other failure", provider: "kimi-coding", refresh: expired("old", "kr-old"), wantErr: `Kimi Code token refresh failed with status 418: {"error":"teapot"}`,
			script: map[string][]string{"/api/oauth/token": {`418 {"error":"teapot"}`}}},
		{name: "meta re-mints", provider: "meta", refresh: map[string]any{"type": "oauth", "refresh": "id-1", "access": "mk-old", "expires": 1},
			script: map[string][]string{"/muse-code/key": {`200 {"api_key":"mk-new"}`}}},
		{name: "meta session dead", provider: "meta", refresh: map[string]any{"type": "oauth", "refresh": "id-1", "access": "mk-old", "expires": 1},
			wantErr: "Meta session expired (status 401). Run `/login meta` to sign in again.",
			script:  map[string][]string{"/muse-code/key": {`401 {}`}}},
		{name: "chatgpt", provider: "openai", refresh: chatGPTCred("issued-1"), script: map[string][]string{chatGPTToken: {
			`200 {"access_token":"at-2","refresh_token":"rt-2","expires_in":7200,"scope":"openid chatgpt.tokens.use.direct"}`}}},
		{name: "chatgpt without client id", provider: "openai", refresh: chatGPTCred(""),
			wantErr: "Stored OpenAI OAuth credential does not contain an issued client ID; reconnect ChatGPT"},
		{name: "chatgpt blank client id", provider: "openai", refresh: chatGPTCred(" "),
			wantErr: "Stored OpenAI OAuth credential does not contain an issued client ID; reconnect ChatGPT"},
		{name: "chatgpt refused", provider: "openai", refresh: chatGPTCred("issued-1"),
			wantErr: `OpenAI OAuth token request failed (401): {"error":"invalid_grant"}`,
			script:  map[string][]string{chatGPTToken: {`401 {"error":"invalid_grant"}`}}},
		{name: "chatgpt grant narrowed", provider: "openai", refresh: chatGPTCred("issued-1"),
			wantErr: "OpenAI OAuth grant did not include chatgpt.tokens.use.direct",
			script:  map[string][]string{chatGPTToken: {`200 {"access_token":"at-2","refresh_token":"rt-2","expires_in":7200,"scope":"openid"}`}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runLoginCase(t, c) })
	}
}

const chatGPTToken = "/api/accounts/oauth/token"

// chatGPTCred is an expired Sign in with ChatGPT login issued clientID
// ("": a login stored without one).
func chatGPTCred(clientID string) map[string]any {
	c := map[string]any{"type": "oauth", "access": "at-1", "refresh": "rt-1", "expires": 1, "scopes": []string{"openid", "chatgpt.tokens.use.direct"}}
	if clientID != "" {
		c["clientId"] = clientID
	}
	return c
}

func TestDifferentialOpenRouterLogin(t *testing.T) {
	keys := "/api/v1/auth/keys"
	cases := []loginCase{
		{name: "pasted redirect URL", provider: "openrouter", manual: "{placeholder}?code=or-code",
			script: map[string][]string{keys: {`200 {"key":"sk-or-v1-abc","user_id":"u"}`}}},
		{name: "pasted code", provider: "openrouter", manual: "  or-code  ", script: map[string][]string{keys: {`200 {"key":"sk-or-v1-abc"}`}}},
		{name: "pasted query", provider: "openrouter", manual: "code=or-code&x=1", script: map[string][]string{keys: {`200 {"key":"sk-or-v1-abc"}`}}},
		{name: "no code", provider: "openrouter", manual: "{placeholder}?state=x", wantErr: "Missing authorization code"},
		{name: "refused", provider: "openrouter", manual: "or-code", wantErr: "OpenRouter OAuth key exchange failed (HTTP 400): Invalid code",
			script: map[string][]string{keys: {`400 {"error":{"code":400,"message":"Invalid code"}}`}}},
		{name: "refused html", provider: "openrouter", manual: "or-code", wantErr: "OpenRouter OAuth key exchange failed (HTTP 502)",
			script: map[string][]string{keys: {"502 <html>bad</html>"}}},
		{name: "html", provider: "openrouter", manual: "or-code", wantErr: "OpenRouter OAuth returned invalid JSON",
			script: map[string][]string{keys: {"200 <html>ok</html>"}}},
		{name: "no key", provider: "openrouter", manual: "or-code", wantErr: `OpenRouter OAuth response carries no "key"`,
			script: map[string][]string{keys: {`200 {"user_id":"u"}`}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runLoginCase(t, c) })
	}
}

// TestOpenRouterBrowserCallback: the browser's redirect to the callback
// server finishes the login there (the key exchange runs in the handler,
// whose page says how it went), as pi's complete hook does; a refusal or
// a cancel ends the login with pi's error.
func TestOpenRouterBrowserCallback(t *testing.T) {
	srv, base := newScriptServer(t, map[string][]string{"/api/v1/auth/keys": {`200 {"key":"sk-or-cb"}`}})
	start := func() *provider.OpenRouterLogin {
		l, err := provider.StartOpenRouterLogin(provider.LoginOptions{Endpoints: endpointsFor(base)})
		if err != nil {
			t.Fatal(err)
		}
		return l
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

	l := start()
	if u, _ := url.Parse(l.URL); u.Query().Get("callback_url") != l.Redirect() || !callbackURL.MatchString(l.Redirect()) {
		t.Errorf("authorize URL %s, redirect %s", l.URL, l.Redirect())
	}
	agentDir := t.TempDir()
	done := make(chan error, 1)
	go func() { done <- l.Wait(context.Background(), agentDir, nil) }()
	if code, _ := get(strings.Replace(l.Redirect(), "/oauth/callback/", "/oauth/callback/x", 1) + "?code=c"); code != 404 {
		t.Errorf("another path: %d", code)
	}
	if code, page := get(l.Redirect() + "?code=cb-code"); code != 200 || !strings.Contains(page, "Signed in to OpenRouter. You may now close this page.") {
		t.Errorf("callback: %d %s", code, page)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if reqs := srv.recorded(); len(reqs) != 1 || !strings.Contains(reqs[0], `{"code":"cb-code","code_verifier":"`) {
		t.Errorf("exchange %q", reqs)
	}
	if a := readAuth(t, agentDir)["openrouter"].(map[string]any); a["access"] != "sk-or-cb" || a["refresh"] != "" || a["expires"] != float64(1<<53-1) {
		t.Errorf("saved %v", a)
	}

	l = start()
	go func() { done <- l.Wait(context.Background(), t.TempDir(), nil) }()
	if code, page := get(l.Redirect() + "?error=access_denied"); code != 400 || !strings.Contains(page, "OpenRouter authorization failed.") {
		t.Errorf("refusal: %d %s", code, page)
	}
	if err := <-done; errText(err) != "OpenRouter authorization failed: access_denied" {
		t.Errorf("refusal: %v", err)
	}

	l = start()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { done <- l.Wait(ctx, t.TempDir(), nil) }()
	cancel()
	if err := <-done; errText(err) != "Login cancelled" {
		t.Errorf("cancel: %v", err)
	}
	if _, err := http.Get(l.Redirect() + "?code=late"); err == nil {
		t.Error("the callback server outlived the login")
	}
}

// TestKimiCodingLoginAuthorizesWithHeader: a Kimi Code login's request
// carries its access token as pi-ai's toAuth says, an Authorization
// header with no API key (openai-completions' placeholder key "unused"
// is overridden by it), and neither KIMI_API_KEY nor a models.json key
// replaces it; without the login the request has no key.
func TestKimiCodingLoginAuthorizesWithHeader(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, sse(oaChunk(map[string]any{"role": "assistant", "content": "hi"}, nil), oaChunk(map[string]any{}, "stop"), "[DONE]"))
	dir := writeAgentDir(t, map[string]string{
		"auth.json":   `{"kimi-coding": {"type": "oauth", "access": "ka-1", "refresh": "kr-1", "expires": 4000000000000}}`,
		"models.json": `{"providers": {"kimi-coding": {"baseUrl": "` + srv.URL + `/coding/v1"}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir, Env: map[string]string{"KIMI_API_KEY": "sk-env"}})
	m := firstModel(t, r, "kimi-coding")
	if m.API != provider.APIOpenAICompletions {
		t.Fatalf("kimi-coding's API is %s", m.API)
	}
	key, headers, err := r.Auth(context.Background(), m)
	if err != nil || key != "" || headers["Authorization"] != "Bearer ka-1" {
		t.Fatalf("auth: key %q headers %v err %v", key, headers, err)
	}
	r = provider.NewRegistry(provider.RegistryOptions{AgentDir: dir}) // no key anywhere: the header alone
	msg, err := r.Complete(context.Background(), firstModel(t, r, "kimi-coding"), &provider.Context{Messages: []map[string]any{userMsg("x")}}, nil)
	if err != nil || msg.Text() != "hi" {
		t.Fatalf("Complete: %v %+v", err, msg)
	}
	if got := srv.Requests()[0].Header.Values("Authorization"); len(got) != 1 || got[0] != "Bearer ka-1" {
		t.Errorf("Authorization %q", got)
	}

	r = provider.NewRegistry(provider.RegistryOptions{AgentDir: writeAgentDir(t, map[string]string{
		"models.json": `{"providers": {"kimi-coding": {"baseUrl": "` + srv.URL + `/coding/v1"}}}`})})
	if _, err := r.Complete(context.Background(), firstModel(t, r, "kimi-coding"), &provider.Context{Messages: []map[string]any{userMsg("x")}}, nil); err == nil ||
		err.Error() != "No API key for provider: kimi-coding" {
		t.Errorf("no login: %v", err)
	}
}

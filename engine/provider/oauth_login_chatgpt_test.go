package provider_test

// Differential tests of Sign in with ChatGPT (provider openai) against
// pi-ai 1.6's openai-chatgpt.js run in node by piLoginDriver: pi's callback
// server holds its fixed 127.0.0.1:1455 while pigo's listens on any port;
// each case sends both the same browser redirects or pasted URL and
// scripts the same token endpoint. The pages, what the user is shown and
// asked, the requests, the error, auth.json and the request auth must
// match.

import (
	"context"
	"errors"
	"html"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

const chatGPTDevice = "0F8FAD5B-D9CB-469F-A165-70867728950E"

type chatGPTCase struct {
	name      string
	deviceID  string   // "": none
	callbacks []string // the browser's redirects ("path?query"; {state}: the login's)
	manual    string   // the pasted input ({state}: the login's)
	cancel    bool     // the user cancels while the login waits
	script    map[string][]string
	wantErr   string
}

var chatGPTRandom = regexp.MustCompile(`(state|nonce|code_challenge|code_verifier)=[A-Za-z0-9_-]{43}`)

func maskChatGPT(s string) string { return chatGPTRandom.ReplaceAllString(s, "$1=R") }

// pageText is what a callback page says: its status, message and details.
func pageText(status int, page string) string {
	var texts []string
	for _, m := range regexp.MustCompile(`<p>(.*?)</p>|<div class="details">(.*?)</div>`).FindAllStringSubmatch(page, -1) {
		texts = append(texts, html.UnescapeString(m[1]+m[2]))
	}
	return strings.Join(append([]string{http.StatusText(status)}, texts...), " | ")
}

func runChatGPTCase(t *testing.T, c chatGPTCase) {
	dir, node := piLoginModules(t)
	piSrv, piBase := newScriptServer(t, c.script)
	spec := map[string]any{"base": piBase, "module": filepath.Join(dir, "openai-chatgpt.js"), "login": "openaiChatGPTOAuth", "provider": "openai"}
	if c.deviceID != "" {
		spec["deviceId"] = c.deviceID
	}
	if c.callbacks != nil {
		spec["callbacks"] = c.callbacks
	}
	if c.manual != "" {
		spec["manual"] = c.manual
	}
	if c.cancel {
		spec["cancel"] = true
	}
	pi := runPiLogin(t, node, spec)
	if strings.HasPrefix(pi.Error, "Port 1455 is in use") {
		t.Skip("port 1455 is busy (another login or test holds it)")
	}
	if pi.Error != c.wantErr {
		t.Fatalf("pi's error %q, the test expects %q", pi.Error, c.wantErr)
	}

	goSrv, goBase := newScriptServer(t, c.script)
	endpoints := endpointsFor(goBase)
	endpoints.ChatGPTCallbackAddr = "127.0.0.1:0"
	var events []map[string]any
	var pages []string
	opts := provider.LoginOptions{Endpoints: endpoints, Now: func() time.Time { return time.UnixMilli(1_000_000) },
		Progress: func(m string) { events = append(events, map[string]any{"type": "progress", "message": m}) }}
	agentDir := t.TempDir()
	l, goErr := provider.StartChatGPTLogin(opts, c.deviceID)
	var authURL string
	if goErr == nil {
		authURL = l.URL
		events = append(events, map[string]any{"type": "auth_url", "url": l.URL, "instructions": provider.ChatGPTInstructions})
		u, _ := url.Parse(l.URL)
		state := u.Query().Get("state")
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		if c.cancel {
			cancel()
		}
		for _, q := range c.callbacks {
			resp, err := http.Get("http://" + l.CallbackAddr() + strings.ReplaceAll(q, "{state}", state))
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			pages = append(pages, pageText(resp.StatusCode, string(b)))
		}
		pasted := make(chan string, 1)
		if c.manual != "" {
			pasted <- strings.ReplaceAll(c.manual, "{state}", state)
		}
		goErr = l.Wait(ctx, agentDir, pasted)
	}
	if got := errText(goErr); got != c.wantErr {
		t.Errorf("pigo's error %q, pi's %q", got, c.wantErr)
	}
	var piPages []string
	for _, p := range pi.Pages {
		piPages = append(piPages, pageText(p.Status, p.HTML))
	}
	if !reflect.DeepEqual(piPages, pages) {
		t.Errorf("callback pages:\npi   %q\npigo %q", piPages, pages)
	}
	mask := func(evs []map[string]any) any {
		for _, e := range evs {
			if u, ok := e["url"].(string); ok {
				e["url"] = maskChatGPT(u)
			}
		}
		return normalizeJSON(evs)
	}
	if len(pi.Events)+len(events) > 0 && !reflect.DeepEqual(mask(pi.Events), mask(events)) {
		t.Errorf("events:\npi   %v\npigo %v", pi.Events, events)
	}
	if c.deviceID != "" && len(pi.Prompts) > 0 {
		want := []map[string]any{{"type": "manual_code", "message": provider.ChatGPTPrompt, "placeholder": provider.ChatGPTRedirectURI}}
		if !reflect.DeepEqual(normalizeJSON(pi.Prompts), normalizeJSON(want)) {
			t.Errorf("pi's prompts changed: %v", pi.Prompts)
		}
	}
	piReqs, goReqs := piSrv.recorded(), goSrv.recorded()
	if c.wantErr == "" {
		regexpVerifier(t, goReqs, authURL) // the verifier is the URL's challenge's
	}
	for i := range piReqs {
		piReqs[i] = maskChatGPT(piReqs[i])
	}
	for i := range goReqs {
		goReqs[i] = maskChatGPT(goReqs[i])
	}
	if !reflect.DeepEqual(piReqs, goReqs) {
		t.Errorf("requests:\npi:\n%s\npigo:\n%s", strings.Join(piReqs, "\n"), strings.Join(goReqs, "\n"))
	}
	data, _ := os.ReadFile(filepath.Join(agentDir, "auth.json"))
	if c.wantErr != "" {
		if len(data) > 0 {
			t.Errorf("a failed login saved %s", data)
		}
		return
	}
	if string(data) != pi.Auth {
		t.Errorf("auth.json:\npi:\n%s\npigo:\n%s", pi.Auth, data)
	}
	checkToAuth(t, agentDir, "openai", pi.ToAuth)
}

// TestDifferentialChatGPTLogin: Sign in with ChatGPT, finished by the
// browser's redirect or a pasted URL, and the ways it fails.
func TestDifferentialChatGPTLogin(t *testing.T) {
	const token = "/api/accounts/oauth/token"
	granted := `200 {"access_token":"at-1","refresh_token":"rt-1","id_token":"id-1","expires_in":3600,"token_type":"Bearer","scope":" openid  profile offline_access\tchatgpt.tokens.use.direct "}`
	ok := map[string][]string{token: {granted}}
	cb := "/auth/callback?code=the-code&state={state}&client_id=%20issued-1%20"
	pasted := "  http://127.0.0.1:1455" + cb + "  "
	cases := []chatGPTCase{
		{name: "callback", deviceID: chatGPTDevice, callbacks: []string{cb}, script: ok},
		{name: "callback after bad ones", deviceID: chatGPTDevice, script: ok, callbacks: []string{
			"/elsewhere?code=c&state={state}&client_id=x", "/auth/callback?state={state}&client_id=x", "/auth/callback?code=c&client_id=x",
			"/auth/callback?code=c&state=wrong&client_id=x", "/auth/callback?code=c&state={state}&client_id=%20", cb}},
		{name: "callback refused", deviceID: chatGPTDevice, callbacks: []string{"/auth/callback?error=access_denied&state=other"},
			wantErr: "ChatGPT authorization failed: access_denied"},
		{name: "pasted", deviceID: chatGPTDevice, manual: pasted, script: ok},
		{name: "pasted state mismatch", deviceID: chatGPTDevice, manual: "http://127.0.0.1:1455/auth/callback?code=c&state=wrong&client_id=x",
			wantErr: "OAuth state mismatch"},
		{name: "pasted without client id", deviceID: chatGPTDevice, manual: "http://127.0.0.1:1455/auth/callback?code=c&state={state}",
			wantErr: "OpenAI OAuth registration callback did not contain an issued client ID"},
		{name: "pasted without code", deviceID: chatGPTDevice, manual: "http://127.0.0.1:1455/auth/callback?state={state}&client_id=x",
			wantErr: "Missing authorization code"},
		{name: "pasted refusal", deviceID: chatGPTDevice, manual: "http://127.0.0.1:1455/auth/callback?error=denied",
			wantErr: "ChatGPT authorization failed: denied"},
		{name: "pasted other origin", deviceID: chatGPTDevice, manual: "http://localhost:1455" + cb,
			wantErr: "The pasted callback URL must start with http://127.0.0.1:1455/auth/callback"},
		{name: "pasted other path", deviceID: chatGPTDevice, manual: "http://127.0.0.1:1455/callback?code=c",
			wantErr: "The pasted callback URL must start with http://127.0.0.1:1455/auth/callback"},
		{name: "pasted code", deviceID: chatGPTDevice, manual: "the-code", wantErr: "Paste the full callback URL from the browser"},
		{name: "pasted garbage", deviceID: chatGPTDevice, manual: "http://", wantErr: "Paste the full callback URL from the browser"},
		{name: "token refused", deviceID: chatGPTDevice, manual: pasted, script: map[string][]string{token: {`400 {"error":"invalid_grant"}`}},
			wantErr: `OpenAI OAuth token request failed (400): {"error":"invalid_grant"}`},
		{name: "token refused empty", deviceID: chatGPTDevice, manual: pasted, script: map[string][]string{token: {"503 "}},
			wantErr: "OpenAI OAuth token request failed (503): Service Unavailable"},
		{name: "token html", deviceID: chatGPTDevice, manual: pasted, script: map[string][]string{token: {"200 <html>ok</html>"}},
			wantErr: `Unexpected token '<', "<html>ok</html>" is not valid JSON`},
		{name: "token array", deviceID: chatGPTDevice, manual: pasted, script: map[string][]string{token: {`200 [{"access_token":"a"}]`}},
			wantErr: "OpenAI OAuth token response must be an object"},
		{name: "token null", deviceID: chatGPTDevice, manual: pasted, script: map[string][]string{token: {`200 null`}},
			wantErr: "OpenAI OAuth token response must be an object"},
		{name: "no id token", deviceID: chatGPTDevice, manual: pasted, wantErr: "OpenAI OAuth token response did not contain an ID token",
			script: map[string][]string{token: {`200 {"access_token":"a","refresh_token":"r","id_token":" ","expires_in":3600,"scope":"chatgpt.tokens.use.direct"}`}}},
		{name: "blank access token", deviceID: chatGPTDevice, manual: pasted, wantErr: "OpenAI OAuth token response has invalid access_token",
			script: map[string][]string{token: {`200 {"access_token":"\n","refresh_token":"r","id_token":"i","expires_in":3600,"scope":"chatgpt.tokens.use.direct"}`}}},
		{name: "no refresh token", deviceID: chatGPTDevice, manual: pasted, wantErr: "OpenAI OAuth token response has invalid refresh_token",
			script: map[string][]string{token: {`200 {"access_token":"a","id_token":"i","expires_in":3600,"scope":"chatgpt.tokens.use.direct"}`}}},
		{name: "no scope", deviceID: chatGPTDevice, manual: pasted, wantErr: "OpenAI OAuth token response has invalid scope",
			script: map[string][]string{token: {`200 {"access_token":"a","refresh_token":"r","id_token":"i","expires_in":3600}`}}},
		{name: "scope without direct use", deviceID: chatGPTDevice, manual: pasted, wantErr: "OpenAI OAuth grant did not include chatgpt.tokens.use.direct",
			script: map[string][]string{token: {`200 {"access_token":"a","refresh_token":"r","id_token":"i","expires_in":3600,"scope":"openid chatgpt.tokens.use"}`}}},
		{name: "expires_in string", deviceID: chatGPTDevice, manual: pasted, wantErr: "OpenAI OAuth token response has invalid expires_in",
			script: map[string][]string{token: {`200 {"access_token":"a","refresh_token":"r","id_token":"i","expires_in":"3600","scope":"chatgpt.tokens.use.direct"}`}}},
		{name: "expires_in zero", deviceID: chatGPTDevice, manual: pasted, wantErr: "OpenAI OAuth token response has invalid expires_in",
			script: map[string][]string{token: {`200 {"access_token":"a","refresh_token":"r","id_token":"i","expires_in":0,"scope":"chatgpt.tokens.use.direct"}`}}},
		{name: "cancelled", deviceID: chatGPTDevice, cancel: true, wantErr: "Login cancelled"},
		{name: "no device id", wantErr: "Sign in with ChatGPT requires a device ID (UUID) for this installation"},
		{name: "bad device id", deviceID: "0f8fad5b-d9cb-469f-a165-70867728950", wantErr: "Sign in with ChatGPT requires a device ID (UUID) for this installation"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runChatGPTCase(t, c) })
	}
}

// TestChatGPTLoginPortInUse: a taken callback port fails the login with
// pi's explanation rather than leaving the browser's redirect to whoever
// holds the port.
func TestChatGPTLoginPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, err = provider.StartChatGPTLogin(provider.LoginOptions{Endpoints: provider.OAuthEndpoints{ChatGPTCallbackAddr: ln.Addr().String()}}, chatGPTDevice)
	if errText(err) != "Port 1455 is in use, probably by an unfinished login in another pi session or by the Codex CLI. Cancel that login and try again." {
		t.Errorf("port in use: %v", err)
	}
	_, err = provider.StartChatGPTLogin(provider.LoginOptions{Endpoints: provider.OAuthEndpoints{ChatGPTCallbackAddr: "256.0.0.1:1"}}, chatGPTDevice)
	if err == nil || errors.Is(err, syscall.EADDRINUSE) {
		t.Errorf("unusable address: %v", err)
	}
}

// TestChatGPTLoginAuthorizesWithBearer: an openai request with a Sign in
// with ChatGPT login sends its access token as the API key (Authorization:
// Bearer, ahead of OPENAI_API_KEY, as pi's toAuth and precedence say); an
// expired one is first refreshed for the client it was issued.
func TestChatGPTLoginAuthorizesWithBearer(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, rsSSE(concatEvents(rsMessage("msg_1", "", "hi"), []map[string]any{rsCompleted("completed", nil)})...))
	tokens, tokenBase := newScriptServer(t, map[string][]string{chatGPTToken: {
		`200 {"access_token":"at-2","refresh_token":"rt-2","expires_in":3600,"scope":"chatgpt.tokens.use.direct"}`}})
	for i, c := range []struct{ expires, want string }{{"4000000000000", "Bearer at-1"}, {"1", "Bearer at-2"}} {
		dir := writeAgentDir(t, map[string]string{
			"auth.json": `{"openai": {"type": "oauth", "access": "at-1", "refresh": "rt-1", "expires": ` + c.expires +
				`, "clientId": "issued-1", "scopes": ["chatgpt.tokens.use.direct"]}}`,
			"models.json": `{"providers": {"openai": {"baseUrl": "` + srv.URL + `/v1"}}}`})
		r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir, Env: map[string]string{"OPENAI_API_KEY": "sk-env"},
			OAuthEndpoints: provider.OAuthEndpoints{ChatGPTTokenURL: tokenBase + chatGPTToken}})
		if !r.IsUsingSubscription("openai") {
			t.Error("a ChatGPT login is a subscription")
		}
		msg, err := r.Complete(context.Background(), firstModel(t, r, "openai"), &provider.Context{Messages: []map[string]any{userMsg("x")}}, nil)
		if err != nil || msg.Text() != "hi" {
			t.Fatalf("Complete: %v %+v", err, msg)
		}
		if got := srv.Requests()[i].Header.Values("Authorization"); len(got) != 1 || got[0] != c.want {
			t.Errorf("expires %s: Authorization %q", c.expires, got)
		}
	}
	if reqs := tokens.recorded(); len(reqs) != 1 || !strings.Contains(reqs[0], "grant_type=refresh_token&client_id=issued-1&refresh_token=rt-1&resource=") {
		t.Errorf("refresh requests %q", reqs)
	}
}

// TestChatGPTCallbackHost: PI_OAUTH_CALLBACK_HOST moves the callback
// server (containers, SSH forwarding), not the redirect URI OpenAI is
// given.
func TestChatGPTCallbackHost(t *testing.T) {
	l, err := provider.StartChatGPTLogin(provider.LoginOptions{Env: map[string]string{"PI_OAUTH_CALLBACK_HOST": "127.0.0.2"}}, chatGPTDevice)
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2:1455: %v", err)
	}
	defer l.Close()
	u, _ := url.Parse(l.URL)
	if l.CallbackAddr() != "127.0.0.2:1455" || u.Query().Get("redirect_uri") != "http://127.0.0.1:1455/auth/callback" {
		t.Errorf("listening on %s, redirect %s", l.CallbackAddr(), u.Query().Get("redirect_uri"))
	}
}

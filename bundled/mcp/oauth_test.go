package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/bundled/mcp/mcptest"
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
)

// oauthSetup is an agent directory whose mcp.json names srv, the test
// OAuth server's MCP endpoint.
func oauthSetup(t *testing.T, as *mcptest.OAuth, extra map[string]any) (agentDir string) {
	t.Helper()
	agentDir = t.TempDir()
	entry := map[string]any{"url": as.MCPURL()}
	for k, v := range extra {
		entry[k] = v
	}
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"srv": entry}})
	if err := os.WriteFile(filepath.Join(agentDir, "mcp.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return agentDir
}

// browse is the browser: it opens the authorization URL and follows the
// redirect to the callback.
func browse(t *testing.T) (open func(string), pages chan string) {
	pages = make(chan string, 4)
	return func(u string) {
		go func() {
			resp, err := http.Get(u)
			if err != nil {
				pages <- err.Error()
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			pages <- resp.Status + " " + string(b)
		}()
	}, pages
}

func runLogin(t *testing.T, agentDir string, open func(string), args ...string) (status int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	o := SignInOptions{AgentDir: agentDir, App: "pigo", ProjectTrusted: true, World: World{Cwd: t.TempDir()}, OpenURL: open}
	status = Login(context.Background(), append([]string{"srv"}, args...), o, &out, &errOut)
	return status, out.String(), errOut.String()
}

func listText(t *testing.T, agentDir string) string {
	var out bytes.Buffer
	List(context.Background(), ListOptions{AgentDir: agentDir, World: World{Cwd: t.TempDir()}}, &out)
	return out.String()
}

var maskPort = regexp.MustCompile(`127\.0\.0\.1:\d+`)

func TestOAuthLoginStoresPiStateAndLogoutDeletesIt(t *testing.T) {
	as := mcptest.NewOAuth()
	defer as.Close()
	as.Scopes = []string{"mcp.read", "mcp.write"}
	as.ExpiresIn = 3600
	agentDir := oauthSetup(t, as, nil)
	if got := listText(t, agentDir); !strings.Contains(got, "srv: needs sign-in (codemode, global)\n  "+as.MCPURL()+"\n  sign in with: pigo mcp login srv\n") {
		t.Fatalf("list before sign-in:\n%s", got)
	}
	open, pages := browse(t)
	status, stdout, stderr := runLogin(t, agentDir, open)
	if status != 0 || stderr != "" {
		t.Fatalf("login: %d %s", status, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 3 || lines[0] != `Sign in to MCP server "srv" in your browser:` || lines[2] != `Signed in to MCP server "srv" (12 tools).` {
		t.Fatalf("stdout:\n%s", stdout)
	}
	if page := <-pages; !strings.HasPrefix(page, "200 OK") || !strings.Contains(page, "Signed in to the MCP server") {
		t.Errorf("callback page: %s", page)
	}
	// The authorization request: pi's parameters in pi's order.
	authURL, _ := url.Parse(lines[1])
	var names []string
	for _, kv := range strings.Split(authURL.RawQuery, "&") {
		names = append(names, strings.SplitN(kv, "=", 2)[0])
	}
	if got := strings.Join(names, ","); got != "response_type,client_id,code_challenge,code_challenge_method,redirect_uri,state,scope,resource" {
		t.Errorf("authorize parameters: %s", got)
	}
	q := authURL.Query()
	if q.Get("client_id") != "client-1" || q.Get("scope") != "mcp.read mcp.write" || q.Get("resource") != as.MCPURL() ||
		!regexp.MustCompile(`^http://127\.0\.0\.1:\d+/callback$`).MatchString(q.Get("redirect_uri")) || len(q.Get("state")) != 64 {
		t.Errorf("authorize query: %v", q)
	}
	// The registration: pi's body, byte for byte.
	var reg mcptest.Request
	for _, r := range as.Requests() {
		if r.Path == "/register" {
			reg = r
		}
	}
	want := `{"client_name":"pi","redirect_uris":["http://127.0.0.1:PORT/callback"],"grant_types":["authorization_code","refresh_token"],"response_types":["code"],"token_endpoint_auth_method":"none","application_type":"native","scope":"mcp.read mcp.write"}`
	if got := maskPort.ReplaceAllString(reg.Body, "127.0.0.1:PORT"); got != want {
		t.Errorf("registration body:\n%s\nwant\n%s", got, want)
	}
	// mcp-auth.json: pi's keys, order and mode.
	file := filepath.Join(agentDir, "mcp-auth.json")
	info, err := os.Stat(file)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("mcp-auth.json: %v %v", info, err)
	}
	raw, _ := os.ReadFile(file)
	v, _ := jsjson.Parse(raw)
	states := v.(*jsjson.Object)
	key := "mcp__srv|" + as.MCPURL()
	if len(*states) != 1 || (*states)[0].Key != key {
		t.Fatalf("keys: %s", raw)
	}
	state := objObj(states, key)
	var keys []string
	for _, m := range *state {
		keys = append(keys, m.Key)
	}
	if got := strings.Join(keys, ","); got != "serverUrl,discovery,clientInformation,oauthState,codeVerifier,tokens,tokensExpireAt" {
		t.Errorf("state keys: %s\n%s", got, raw)
	}
	if tokens := jsjson.Stringify(objGet(state, "tokens")); tokens != `{"access_token":"access-3","token_type":"Bearer","expires_in":3600,"refresh_token":"refresh-3","scope":"mcp.read mcp.write"}` {
		t.Errorf("tokens: %s", tokens)
	}
	if !strings.HasSuffix(string(raw), "}\n") || !strings.Contains(string(raw), "\n  \""+key+"\": {\n    \"serverUrl\"") {
		t.Errorf("not JSON.stringify(states, null, 2):\n%s", raw)
	}
	if got := listText(t, agentDir); !strings.Contains(got, "srv: connected, 12 tools") {
		t.Errorf("list after sign-in:\n%s", got)
	}
	if status, stdout, _ := runLogin(t, agentDir, open); status != 0 || stdout != "Already signed in to MCP server \"srv\" (12 tools).\n" {
		t.Errorf("second login: %d %q", status, stdout)
	}

	var out, errOut bytes.Buffer
	o := SignInOptions{AgentDir: agentDir, App: "pigo", ProjectTrusted: true}
	if Logout([]string{"srv"}, o, &out, &errOut) != 0 || out.String() != "Signed out of MCP server \"srv\".\n" {
		t.Fatalf("logout: %q %q", out.String(), errOut.String())
	}
	if raw, _ := os.ReadFile(file); string(raw) != "{}\n" {
		t.Errorf("after logout: %q", raw)
	}
	out.Reset()
	if Logout([]string{"srv"}, o, &out, &errOut) != 0 || out.String() != "No stored credentials for MCP server \"srv\".\n" {
		t.Errorf("second logout: %q", out.String())
	}
	if got := listText(t, agentDir); !strings.Contains(got, "srv: needs sign-in") {
		t.Errorf("list after sign-out:\n%s", got)
	}
}

func TestOAuthLoginUsage(t *testing.T) {
	agentDir := t.TempDir()
	b, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"stdio": map[string]any{"command": "x"},
		"keyed": map[string]any{"url": "http://127.0.0.1:1/mcp", "headers": map[string]any{"authorization": "Bearer x"}},
	}})
	_ = os.WriteFile(filepath.Join(agentDir, "mcp.json"), b, 0o644)
	o := SignInOptions{AgentDir: agentDir, App: "pigo", ProjectTrusted: true, World: World{Cwd: t.TempDir()}}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "Usage: pigo mcp login <server> [-l]\nUse \"pigo mcp --help\" for usage.\n"},
		{[]string{"stdi"}, "No MCP server named \"stdi\". Did you mean \"stdio\"? Configured: keyed, stdio.\n"},
		{[]string{"stdio"}, "MCP server \"stdio\" does not use OAuth. Only HTTP servers without an Authorization header do.\n"},
		{[]string{"keyed"}, "MCP server \"keyed\" does not use OAuth. Only HTTP servers without an Authorization header do.\n"},
		{[]string{"stdio", "-l"}, "MCP server \"stdio\" is defined in " + filepath.Join(agentDir, "mcp.json") + ", not in the project; omit --local.\n"},
		{[]string{"--timeout", "0", "stdio"}, "MCP server \"stdio\" does not use OAuth. Only HTTP servers without an Authorization header do.\n"},
	} {
		var out, errOut bytes.Buffer
		if Login(context.Background(), c.args, o, &out, &errOut) != 1 || errOut.String() != c.want {
			t.Errorf("%v: %q, want %q", c.args, errOut.String(), c.want)
		}
	}
}

// TestOAuthSignInFailures: pi's messages for each way a sign-in fails,
// and nothing stored for a failed one.
func TestOAuthSignInFailures(t *testing.T) {
	for _, c := range []struct {
		name string
		set  func(*mcptest.OAuth)
		args []string
		want string
	}{
		{"unreachable authorization server", func(as *mcptest.OAuth) { as.AuthorizationServer = "http://127.0.0.1:1" },
			nil, `Sign-in to MCP server "srv" failed: fetch failed`},
		{"issuer mismatch", func(as *mcptest.OAuth) { as.Issuer = "https://other.example" },
			nil, `Sign-in to MCP server "srv" failed: OAuth issuer mismatch: expected "URL", received "https://other.example"`},
		{"registration refused", func(as *mcptest.OAuth) { as.RegisterError = "invalid_client" },
			nil, `Sign-in to MCP server "srv" failed: OAuth dynamic client registration failed with status 400: {"error":"invalid_client","error_description":"client rejected"}`},
		{"token endpoint error", func(as *mcptest.OAuth) { as.TokenError = "invalid_request" },
			nil, `Sign-in to MCP server "srv" failed: invalid_request from the test server`},
		{"state mismatch", func(as *mcptest.OAuth) { as.WrongState = true },
			[]string{"--timeout", "1"}, `Sign-in to MCP server "srv" was cancelled or not completed within 1 seconds.`},
	} {
		t.Run(c.name, func(t *testing.T) {
			as := mcptest.NewOAuth()
			defer as.Close()
			c.set(as)
			agentDir := oauthSetup(t, as, nil)
			open, pages := browse(t)
			status, stdout, stderr := runLogin(t, agentDir, open, c.args...)
			want := strings.ReplaceAll(c.want, "URL", as.URL)
			if status != 1 || strings.TrimSpace(stderr) != want {
				t.Errorf("status %d, stderr %q, want %q\nstdout %s", status, stderr, want, stdout)
			}
			if c.name == "state mismatch" {
				if page := <-pages; !strings.HasPrefix(page, "400") || !strings.Contains(page, "Invalid or expired OAuth state") {
					t.Errorf("callback page: %s", page)
				}
			}
			raw, _ := os.ReadFile(filepath.Join(agentDir, "mcp-auth.json"))
			if strings.Contains(string(raw), `"tokens"`) {
				t.Errorf("tokens stored after a failed sign-in:\n%s", raw)
			}
		})
	}
}

// TestOAuthPastedRedirectURL: the redirect URL pasted on a terminal
// finishes the sign-in; one of another sign-in is refused.
func TestOAuthPastedRedirectURL(t *testing.T) {
	for _, wrong := range []bool{false, true} {
		as := mcptest.NewOAuth()
		as.WrongState = wrong
		agentDir := oauthSetup(t, as, nil)
		pr, pw := io.Pipe()
		noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		open := func(u string) {
			go func() {
				resp, err := noRedirect.Get(u)
				if err != nil {
					t.Error(err)
					return
				}
				resp.Body.Close()
				_, _ = io.WriteString(pw, resp.Header.Get("Location")+"\n")
			}()
		}
		var out, errOut bytes.Buffer
		o := SignInOptions{AgentDir: agentDir, App: "pigo", ProjectTrusted: true, World: World{Cwd: t.TempDir()}, OpenURL: open, Stdin: pr, Interactive: true}
		status := Login(context.Background(), []string{"srv"}, o, &out, &errOut)
		prompt := "If the browser cannot reach this machine, paste the URL it was redirected to: "
		if !wrong && (status != 0 || errOut.String() != prompt || !strings.HasSuffix(out.String(), "Signed in to MCP server \"srv\" (12 tools).\n")) {
			t.Errorf("pasted: %d %q %q", status, out.String(), errOut.String())
		}
		if wrong && (status != 1 || errOut.String() != prompt+"Sign-in to MCP server \"srv\" failed: The redirect URL belongs to a different sign-in\n") {
			t.Errorf("pasted with another state: %d %q", status, errOut.String())
		}
		as.Close()
	}
}

// TestOAuthRefresh: an expired access token is refreshed before it is
// sent; a refresh the server refuses leaves the server needing a sign-in
// and the tokens deleted.
func TestOAuthRefresh(t *testing.T) {
	as := mcptest.NewOAuth()
	defer as.Close()
	as.ExpiresIn = 1 // expired at once: within the 30 s skew
	agentDir := oauthSetup(t, as, nil)
	open, _ := browse(t)
	if status, _, stderr := runLogin(t, agentDir, open); status != 0 {
		t.Fatal(stderr)
	}
	refreshes := func() int {
		n := 0
		for _, r := range as.Requests() {
			if r.Path == "/token" && r.Form.Get("grant_type") == "refresh_token" {
				n++
			}
		}
		return n
	}
	before := refreshes()
	if got := listText(t, agentDir); !strings.Contains(got, "srv: connected") || refreshes() <= before {
		t.Fatalf("expired token not refreshed (%d → %d):\n%s", before, refreshes(), got)
	}
	raw, _ := os.ReadFile(filepath.Join(agentDir, "mcp-auth.json"))
	if !strings.Contains(string(raw), `"tokens": {
      "refresh_token": "refresh-`) {
		t.Errorf("refreshed tokens not in pi's order:\n%s", raw)
	}
	// A rejected token (the server forgot it) is refreshed too.
	as.Update(func(as *mcptest.OAuth) { as.ExpiresIn = 0 })
	as.Revoke()
	if got := listText(t, agentDir); !strings.Contains(got, "srv: connected") {
		t.Fatalf("rejected token not refreshed:\n%s", got)
	}
	as.Revoke()
	as.Update(func(as *mcptest.OAuth) { as.RefreshError = "invalid_grant" })
	if got := listText(t, agentDir); !strings.Contains(got, "srv: needs sign-in") {
		t.Fatalf("failed refresh:\n%s", got)
	}
	raw, _ = os.ReadFile(filepath.Join(agentDir, "mcp-auth.json"))
	if strings.Contains(string(raw), `"tokens"`) {
		t.Errorf("refused grant kept:\n%s", raw)
	}
}

// TestOAuthCorruptStore: a mcp-auth.json that does not parse is an error
// naming the file, and is left as it is.
func TestOAuthCorruptStore(t *testing.T) {
	as := mcptest.NewOAuth()
	defer as.Close()
	agentDir := oauthSetup(t, as, nil)
	file := filepath.Join(agentDir, "mcp-auth.json")
	_ = os.WriteFile(file, []byte("{bad"), 0o600)
	open, _ := browse(t)
	status, _, stderr := runLogin(t, agentDir, open)
	if status != 1 || !strings.Contains(stderr, file+": ") || !strings.Contains(stderr, "JSON") {
		t.Errorf("login: %d %q", status, stderr)
	}
	var out, errOut bytes.Buffer
	if Logout([]string{"srv"}, SignInOptions{AgentDir: agentDir, App: "pigo", ProjectTrusted: true}, &out, &errOut) != 1 || !strings.Contains(errOut.String(), file+": ") {
		t.Errorf("logout: %q", errOut.String())
	}
	if raw, _ := os.ReadFile(file); string(raw) != "{bad" {
		t.Errorf("clobbered: %q", raw)
	}
}

func TestOAuthStoreKeys(t *testing.T) {
	key, legacy := storeKeys("my-srv", "HTTPS://Example.COM:443")
	if key != "mcp__my_srv|https://example.com/" || legacy != "https://example.com/" {
		t.Errorf("%s %s", key, legacy)
	}
	if id := callbackID("https://mcp.example.com/mcp"); len(id) != 12 {
		t.Errorf("callback id %q", id)
	}
}

// TestOAuthStepUp: a server asking for more scope (403
// insufficient_scope) needs a sign-in, which asks for the granted scope
// plus the new one instead of refreshing.
func TestOAuthStepUp(t *testing.T) {
	as := mcptest.NewOAuth()
	defer as.Close()
	as.Scopes = []string{"read"}
	agentDir := oauthSetup(t, as, nil)
	open, _ := browse(t)
	if status, _, stderr := runLogin(t, agentDir, open); status != 0 {
		t.Fatal(stderr)
	}
	as.Update(func(as *mcptest.OAuth) { as.RequireScope = "write" })
	if got := listText(t, agentDir); !strings.Contains(got, "srv: needs sign-in") {
		t.Fatalf("list:\n%s", got)
	}
	status, stdout, stderr := runLogin(t, agentDir, open)
	if status != 0 || !strings.Contains(stdout, "&scope=read+write&") || !strings.HasSuffix(stdout, "Signed in to MCP server \"srv\" (12 tools).\n") {
		t.Errorf("step-up: %d %s %s", status, stdout, stderr)
	}
	for _, r := range as.Requests() {
		if r.Form.Get("grant_type") == "refresh_token" {
			t.Errorf("a step-up refreshed: %v", r.Form)
		}
	}
}

// TestOAuthInSession: a session reports the server that needs a sign-in,
// picks up a sign-in done by `mcp login` on its next turn, reports a
// refused refresh as needing a sign-in, and signs out with /mcp logout.
func TestOAuthInSession(t *testing.T) {
	as := mcptest.NewOAuth()
	defer as.Close()
	agentDir := oauthSetup(t, as, map[string]any{"exposure": "direct"})
	h := engine.New(engine.Options{Cwd: t.TempDir()})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = h.Close(ctx)
	})
	for _, r := range h.Boot(context.Background(), []engine.PluginSpec{Spec(Options{AgentDir: agentDir, World: World{Env: environ()}})}) {
		if !r.OK {
			t.Fatal(r.Err)
		}
	}
	h.Emit(context.Background(), "session_start", obj{"type": "session_start", "reason": "startup"})
	command := func(line string) string {
		t.Helper()
		before := notifications(h)
		if err := h.RunCommand(context.Background(), line); err != nil {
			t.Fatal(err)
		}
		return strings.TrimPrefix(strings.TrimPrefix(notifications(h), before), "\n---\n")
	}
	waitFor(t, "the startup report", func() bool {
		return strings.Contains(notifications(h), "MCP servers need attention:\n  srv: needs sign-in\nRun /mcp to fix.")
	})
	if got := command("/mcp"); got != "srv: needs sign-in, run /mcp login srv (direct)" {
		t.Errorf("/mcp: %q", got)
	}
	if got := command("/mcp login"); got != `Signing in to MCP server "srv" requires interactive mode.` {
		t.Errorf("/mcp login without UI: %q", got)
	}
	if got := command("/mcp login nope"); got != `No MCP server named "nope".` {
		t.Errorf("/mcp login nope: %q", got)
	}
	open, _ := browse(t)
	if status, _, stderr := runLogin(t, agentDir, open); status != 0 {
		t.Fatal(stderr)
	}
	if hasTool(h, "mcp__srv__echo") {
		t.Fatal("connected before the next turn")
	}
	h.Emit(context.Background(), "turn_start", obj{"type": "turn_start"})
	waitFor(t, "mcp__srv__echo", func() bool { return hasTool(h, "mcp__srv__echo") })
	if res, err := run(t, h, "mcp__srv__echo", obj{"text": "hi"}); err != nil || res.Text() != "echo: hi" {
		t.Fatalf("echo: %+v %v", res, err)
	}
	as.Revoke()
	as.Update(func(as *mcptest.OAuth) { as.RefreshError = "invalid_grant" })
	res, err := run(t, h, "mcp__srv__echo", obj{"text": "again"})
	if msg := fmt.Sprint(err) + res.Text(); !strings.Contains(msg, `MCP server "srv" requires sign-in. Run /mcp to sign in.`) {
		t.Errorf("refused refresh: %+v %v", res, err)
	}
	if got := command("/mcp"); got != "srv: needs sign-in, run /mcp login srv (direct)" {
		t.Errorf("/mcp after a refused refresh: %q", got)
	}
	if got := command("/mcp logout"); got != `Signed out of MCP server "srv".` {
		t.Errorf("/mcp logout: %q", got)
	}
	if got := command("/mcp logout srv"); got != `No stored credentials for MCP server "srv".` {
		t.Errorf("second /mcp logout: %q", got)
	}
}

func TestOAuthCommandsWithoutOAuthServers(t *testing.T) {
	h := boot(t, obj{"web": obj{"url": httpServer(t), "headers": obj{"Authorization": "Bearer x"}}})
	for _, line := range []string{"/mcp login", "/mcp logout", "/mcp login web"} {
		before := notifications(h)
		if err := h.RunCommand(context.Background(), line); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimPrefix(strings.TrimPrefix(notifications(h), before), "\n---\n"); got != "No enabled MCP server uses OAuth. Only HTTP servers without an Authorization header do." {
			t.Errorf("%s: %q", line, got)
		}
	}
}

func TestParseWWWAuthenticate(t *testing.T) {
	for header, want := range map[string]challenge{
		`Bearer resource_metadata="https://x/.well-known/oauth-protected-resource", scope="a b"`: {resourceMetadataURL: "https://x/.well-known/oauth-protected-resource", scope: "a b"},
		`Bearer error="insufficient_scope", scope=write`:                                         {scope: "write", err: "insufficient_scope"},
		`DPoP error=invalid_token, error_description="expired"`:                                  {err: "invalid_token", desc: "expired"},
		`Basic realm="x", scope="a"`:                                                             {},
		`Bearer scope="", resource_metadata="not a url"`:                                         {},
		``: {},
	} {
		if got := parseWWWAuthenticate(header); got != want {
			t.Errorf("%s: %+v, want %+v", header, got, want)
		}
	}
}

// A server's state under the legacy key (its URL alone, written by older
// pi versions) is taken over by the first server that loads it.
func TestOAuthLegacyKeyTakenOver(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mcp-auth.json")
	legacy := `{
  "https://mcp.example.com/mcp": {
    "serverUrl": "https://mcp.example.com/mcp",
    "tokens": {
      "access_token": "a",
      "token_type": "Bearer"
    }
  },
  "other": 1
}
`
	_ = os.WriteFile(file, []byte(legacy), 0o600)
	c := newCredentialStore(dir)
	if got := c.tokens("srv", "https://mcp.example.com/mcp"); got != `{"access_token":"a","token_type":"Bearer"}` {
		t.Errorf("tokens by the legacy key: %s", got)
	}
	state, err := c.forServer("srv", "https://mcp.example.com/mcp").load()
	if err != nil || objStr(objObj(state, "tokens"), "access_token") != "a" {
		t.Fatalf("load: %v %v", state, err)
	}
	raw, _ := os.ReadFile(file)
	want := strings.Replace(legacy, `"https://mcp.example.com/mcp": {`, `"other": 1,
  "mcp__srv|https://mcp.example.com/mcp": {`, 1)
	want = strings.Replace(want, "  },\n  \"other\": 1\n}", "  }\n}", 1)
	if string(raw) != want {
		t.Errorf("after the takeover:\n%s\nwant\n%s", raw, want)
	}
	if removed, _ := c.remove("srv2", "https://mcp.example.com/mcp"); removed {
		t.Error("another name removed the taken-over state")
	}
}

// With several OAuth servers and none singled out, /mcp logout asks
// which one (here nobody answers: no UI).
func TestOAuthCommandAsksForTheServer(t *testing.T) {
	h := boot(t, obj{"a": obj{"url": httpServer(t)}, "b": obj{"url": httpServer(t)}})
	before := notifications(h)
	if err := h.RunCommand(context.Background(), "/mcp logout"); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimPrefix(notifications(h), before); got != "" {
		t.Errorf("notified %q", got)
	}
	if err := h.RunCommand(context.Background(), "/mcp logout b"); err != nil {
		t.Fatal(err)
	}
	if got := notifications(h); !strings.HasSuffix(got, `No stored credentials for MCP server "b".`) {
		t.Errorf("/mcp logout b: %q", got)
	}
}

// BenchmarkCredentialStoreLoad is what every request to an OAuth server
// pays for its token: mcp-auth.json read under its lock.
func BenchmarkCredentialStoreLoad(b *testing.B) {
	dir := b.TempDir()
	s := newCredentialStore(dir).forServer("srv", "https://mcp.example.com/mcp")
	state := &jsjson.Object{}
	state.Set("serverUrl", "https://mcp.example.com/mcp")
	tokens := &jsjson.Object{}
	tokens.Set("access_token", "a")
	tokens.Set("token_type", "Bearer")
	state.Set("tokens", tokens)
	if err := s.save(state); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := s.load(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLogin is `mcp login` against the test server, the browser
// answering at once: discovery, registration, authorization, token, and
// the connection before and after.
func BenchmarkLogin(b *testing.B) {
	as := mcptest.NewOAuth()
	defer as.Close()
	for range b.N {
		b.StopTimer()
		agentDir := b.TempDir()
		cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"srv": map[string]any{"url": as.MCPURL()}}})
		_ = os.WriteFile(filepath.Join(agentDir, "mcp.json"), cfg, 0o644)
		b.StartTimer()
		open := func(u string) {
			go func() {
				if resp, err := http.Get(u); err == nil {
					resp.Body.Close()
				}
			}()
		}
		var out, errOut bytes.Buffer
		o := SignInOptions{AgentDir: agentDir, App: "pigo", ProjectTrusted: true, World: World{Cwd: agentDir}, OpenURL: open}
		if Login(context.Background(), []string{"srv"}, o, &out, &errOut) != 0 {
			b.Fatal(errOut.String())
		}
	}
}

// Tokens got with pi's Client ID Metadata Document (no stored client) are
// refreshed with the document's client ID.
func TestOAuthRefreshWithClientDocument(t *testing.T) {
	as := mcptest.NewOAuth()
	defer as.Close()
	as.CIMD, as.ISS, as.ExpiresIn = true, true, 1
	agentDir := oauthSetup(t, as, nil)
	open, _ := browse(t)
	if status, _, stderr := runLogin(t, agentDir, open); status != 0 {
		t.Fatal(stderr)
	}
	raw, _ := os.ReadFile(filepath.Join(agentDir, "mcp-auth.json"))
	if strings.Contains(string(raw), "clientInformation") {
		t.Errorf("the document's client was stored:\n%s", raw)
	}
	if got := listText(t, agentDir); !strings.Contains(got, "srv: connected") {
		t.Fatalf("list:\n%s", got)
	}
	var ids []string
	for _, r := range as.Requests() {
		if r.Form.Get("grant_type") == "refresh_token" {
			ids = append(ids, r.Form.Get("client_id"))
		}
	}
	if len(ids) == 0 || ids[0] != "https://pi.dev/oauth/client.json" {
		t.Errorf("refreshed as %v", ids)
	}
}

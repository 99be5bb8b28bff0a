package agentsession_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/protocol"
)

// TestServeCredentials: set_api_key makes a provider's models available
// at once (the registry re-reads auth.json); logout takes them away.
func TestServeCredentials(t *testing.T) {
	io, _ := world(t)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--no-session", "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	deepseek := func(id string) bool {
		d, _ := ask(map[string]any{"type": "get_available_models", "id": id})["data"].(map[string]any)
		return strings.Contains(fmt.Sprint(d["models"]), "provider:deepseek")
	}
	if deepseek("m1") {
		t.Fatal("deepseek models without a key")
	}
	if r := ask(map[string]any{"type": "set_api_key", "id": "k1", "provider": "deepseek", "key": "sk-1"}); r["success"] != true {
		t.Fatalf("set_api_key: %v", r)
	}
	if !deepseek("m2") {
		t.Error("no deepseek models after saving a key")
	}
	d, _ := ask(map[string]any{"type": "get_credentials", "id": "c1"})["data"].(map[string]any)
	if fmt.Sprint(d["credentials"]) != "[map[name:DeepSeek provider:deepseek subscription:false type:api_key]]" || !strings.HasSuffix(d["authPath"].(string), "auth.json") {
		t.Errorf("get_credentials: %v", d)
	}
	// The providers /login offers, as pi names and orders them, with their
	// logins and where their auth comes from.
	var names []string
	for _, p := range d["providers"].([]any) {
		o := p.(map[string]any)
		names = append(names, fmt.Sprint(o["name"]))
		switch o["provider"] {
		case "deepseek":
			if fmt.Sprint(o) != "map[configured:true logins:[map[name:DeepSeek API key type:api_key]] name:DeepSeek oauth:false provider:deepseek source:stored]" {
				t.Errorf("deepseek: %v", o)
			}
		case "anthropic":
			if fmt.Sprint(o["logins"]) != "[map[label: name:Anthropic (Claude Pro/Max) subscription:true type:oauth] map[name:Anthropic API key type:api_key]]" {
				t.Errorf("anthropic: %v", o)
			}
		}
	}
	if got := strings.Join(names, ", "); !strings.HasPrefix(got, "Radius, OpenRouter, Amazon Bedrock, Ant Ling, Anthropic, Azure, Baseten, Cerebras, Cloudflare AI Gateway, "+
		"Cloudflare Workers AI, DeepSeek, Fireworks, GitHub Copilot, Google, Google Vertex AI, Groq, Hugging Face") {
		t.Errorf("providers: %s", got)
	}
	if r := ask(map[string]any{"type": "logout", "id": "l1", "provider": "deepseek"}); r["success"] != true {
		t.Fatalf("logout: %v", r)
	}
	if deepseek("m3") {
		t.Error("deepseek models after logout")
	}
	if r := ask(map[string]any{"type": "set_api_key", "id": "k2", "provider": "deepseek", "key": ""}); r["success"] != false {
		t.Errorf("an empty key: %v", r)
	}

	// A Bedrock login that stores an AWS profile: the provider's models
	// become available without a key.
	bedrock := func(id string) bool {
		d, _ := ask(map[string]any{"type": "get_available_models", "id": id})["data"].(map[string]any)
		return strings.Contains(fmt.Sprint(d["models"]), "provider:amazon-bedrock")
	}
	if bedrock("b1") {
		t.Fatal("bedrock models without AWS credentials")
	}
	if r := ask(map[string]any{"type": "set_api_key", "id": "k3", "provider": "amazon-bedrock", "env": map[string]any{"AWS_PROFILE": "work"}}); r["success"] != true {
		t.Fatalf("set_api_key with env: %v", r)
	}
	if !bedrock("b2") {
		t.Error("no bedrock models after saving a profile")
	}
	if r := ask(map[string]any{"type": "set_api_key", "id": "k4", "provider": "amazon-bedrock", "env": map[string]any{"AWS_PROFILE": 1}}); r["success"] != false ||
		r["error"] != "env must be an object of strings" {
		t.Errorf("a non-string env value: %v", r)
	}
}

// TestServeOAuthLoginStart: login_oauth_start gives Anthropic's authorize
// URL; a pasted code for another login is refused before any request
// (the token exchange itself is tested against a fake endpoint in
// engine/provider); only Anthropic's login runs.
func TestServeOAuthLoginStart(t *testing.T) {
	io, _ := world(t)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--no-session", "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	r := ask(map[string]any{"type": "login_oauth_start", "id": "o0", "provider": "anthropic"}) // pi's default: the browser login
	d, _ := r["data"].(map[string]any)
	if p, _ := d["placeholder"].(string); !strings.HasPrefix(p, "http://localhost:") || !strings.HasSuffix(p, "/callback") ||
		d["prompt"] != "Complete login in your browser, or paste the authorization code / redirect URL here:" {
		t.Fatalf("browser login_oauth_start: %v", r)
	}
	if r := ask(map[string]any{"type": "login_oauth_input", "id": "o0i", "input": "http://localhost:53692/callback?code=c&state=forged"}); r["success"] != true {
		t.Fatalf("login_oauth_input: %v", r)
	}
	if r := ask(map[string]any{"type": "login_oauth_finish", "id": "o0f", "provider": "anthropic"}); r["error"] != "OAuth state mismatch" {
		t.Errorf("a pasted redirect for another login: %v", r)
	}
	if r := ask(map[string]any{"type": "login_oauth_start", "id": "o0m", "provider": "anthropic", "method": "sms"}); r["error"] != "Unknown Anthropic login method: sms" {
		t.Errorf("anthropic with an unknown method: %v", r)
	}
	r = ask(map[string]any{"type": "login_oauth_start", "id": "o1", "provider": "anthropic", "method": "copy_code"})
	d, _ = r["data"].(map[string]any)
	if u, _ := d["url"].(string); !strings.HasPrefix(u, "https://claude.ai/oauth/authorize?code=true&client_id=") {
		t.Fatalf("login_oauth_start: %v", r)
	}
	if r := ask(map[string]any{"type": "login_oauth_finish", "id": "o2", "provider": "anthropic", "input": "code#not-the-state"}); r["error"] != "OAuth state mismatch" {
		t.Errorf("a code for another login: %v", r)
	}
	if r := ask(map[string]any{"type": "login_oauth_finish", "id": "o3", "provider": "anthropic", "input": "code"}); r["success"] != false ||
		!strings.Contains(r["error"].(string), "no login in progress") {
		t.Errorf("finish twice: %v", r)
	}
	if r := ask(map[string]any{"type": "login_oauth_start", "id": "o4", "provider": "github-copilot", "enterprise": "https://"}); r["error"] != "Invalid GitHub Enterprise URL/domain" {
		t.Errorf("copilot with a bad enterprise domain: %v", r)
	}
	if r := ask(map[string]any{"type": "login_oauth_start", "id": "o6", "provider": "openai-codex", "method": "sms"}); r["error"] != "Unknown OpenAI Codex login method: sms" {
		t.Errorf("codex with an unknown method: %v", r)
	}
	if r := ask(map[string]any{"type": "login_oauth_start", "id": "o5", "provider": "groq"}); r["success"] != false {
		t.Errorf("groq: %v", r)
	}
}

// TestServeCodexLogin: login_oauth_start gives the Codex authorize URL and
// pi's prompt; input pasted with login_oauth_input reaches the waiting
// finish (here a redirect URL from another login: refused before any
// request); login_oauth_cancel ends the finish (waiting or still to come) with pi's
// "Login cancelled".
func TestServeCodexLogin(t *testing.T) {
	io, _ := world(t)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--no-session", "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	host, client := protocol.Pipe()
	go s.Serve(context.Background(), host, agentsession.ServeOptions{})
	defer client.Close()
	enc := protocol.NewEncoder(nil)
	send := func(v map[string]any) {
		if err := enc.Send(client, v); err != nil {
			t.Fatal(err)
		}
	}
	wait := func(id string) map[string]any {
		for {
			m, err := client.Recv()
			if err != nil {
				t.Fatal(err)
			}
			if o, _ := m.Object(); o["type"] == "response" && o["id"] == id {
				return o
			}
		}
	}
	send(map[string]any{"type": "login_oauth_start", "id": "s1", "provider": "openai-codex"})
	d, _ := wait("s1")["data"].(map[string]any)
	if u, _ := d["url"].(string); !strings.HasPrefix(u, "https://auth.openai.com/oauth/authorize?response_type=code&client_id=app_EMoamEEZ73f0CkXaXp7hrann") ||
		d["prompt"] != "Complete login in your browser, or paste the authorization code / redirect URL here:" {
		t.Fatalf("login_oauth_start: %v", d)
	}
	send(map[string]any{"type": "login_oauth_input", "id": "i1", "input": "http://localhost:1455/auth/callback?code=c&state=other"})
	if r := wait("i1"); r["success"] != true {
		t.Fatalf("login_oauth_input: %v", r)
	}
	send(map[string]any{"type": "login_oauth_finish", "id": "f1", "provider": "openai-codex"})
	if r := wait("f1"); r["error"] != "State mismatch" {
		t.Errorf("pasted URL of another login: %v", r)
	}
	send(map[string]any{"type": "login_oauth_start", "id": "s2", "provider": "openai-codex"})
	wait("s2")
	send(map[string]any{"type": "login_oauth_finish", "id": "f2", "provider": "openai-codex"})
	send(map[string]any{"type": "login_oauth_cancel", "id": "c1"})
	if r := wait("f2"); r["error"] != "Login cancelled" {
		t.Errorf("cancelled: %v", r)
	}
	send(map[string]any{"type": "login_oauth_input", "id": "i2", "input": "x"})
	if r := wait("i2"); r["success"] != false {
		t.Errorf("input with no login: %v", r)
	}
}

// rpcClient sends commands to a session and waits for their responses, keeping
// the events that arrive meanwhile.
type rpcClient struct {
	t      *testing.T
	client protocol.Conn
	enc    *protocol.Encoder
	events []map[string]any
}

// newRPCClient starts a bare session in sio and serves it.
func newRPCClient(t *testing.T, sio *agentsession.IO) *rpcClient {
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: sio, Open: pigo.SessionOpener(sio),
		Args: []string{"--no-session", "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	host, client := protocol.Pipe()
	go s.Serve(context.Background(), host, agentsession.ServeOptions{})
	t.Cleanup(func() { _ = client.Close() })
	return &rpcClient{t: t, client: client, enc: protocol.NewEncoder(nil)}
}

func (c *rpcClient) send(v map[string]any) {
	if err := c.enc.Send(c.client, v); err != nil {
		c.t.Fatal(err)
	}
}

func (c *rpcClient) wait(id string) map[string]any {
	for {
		m, err := c.client.Recv()
		if err != nil {
			c.t.Fatal(err)
		}
		o, _ := m.Object()
		if o["type"] == "response" && o["id"] == id {
			return o
		}
		c.events = append(c.events, o)
	}
}

func (c *rpcClient) ask(v map[string]any) map[string]any {
	c.send(v)
	return c.wait(v["id"].(string))
}

// TestServeDeviceLogins: login_oauth_start runs pi's Kimi Code device
// login against KIMI_CODE_OAUTH_HOST (from the session's environment) and
// gives its code; login_oauth_finish polls and saves the login, after
// which get_credentials lists it as a subscription and Kimi's models are
// available. xAI's and Meta's logins ask pi's endpoints (seen here by
// the proxy the session's environment names, which refuses them).
func TestServeDeviceLogins(t *testing.T) {
	kimi := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/oauth/device_authorization":
			_, _ = io.WriteString(w, `{"device_code":"d","user_code":"KIMI-1","verification_uri":"https://www.kimi.com/device","verification_uri_complete":"https://www.kimi.com/device?c=KIMI-1","interval":1,"expires_in":60}`)
		case "/api/oauth/token":
			_, _ = io.WriteString(w, `{"access_token":"ka","refresh_token":"kr","expires_in":3600}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer kimi.Close()
	var mu sync.Mutex
	var connects []string
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		connects = append(connects, r.Method+" "+r.Host)
		mu.Unlock()
		w.WriteHeader(http.StatusForbidden)
	}))
	defer proxy.Close()
	sio, _ := world(t)
	sio.SetEnv("KIMI_CODE_OAUTH_HOST", kimi.URL+"/")
	sio.SetEnv("HTTPS_PROXY", proxy.URL)
	c := newRPCClient(t, sio)
	r := c.ask(map[string]any{"type": "login_oauth_start", "id": "k1", "provider": "kimi-coding"})
	if d, _ := r["data"].(map[string]any); fmt.Sprint(d) != "map[expiresInSeconds:60 intervalSeconds:1 userCode:KIMI-1 verificationUri:https://www.kimi.com/device?c=KIMI-1]" {
		t.Fatalf("kimi login_oauth_start: %v", r)
	}
	if r := c.ask(map[string]any{"type": "login_oauth_finish", "id": "k2", "provider": "kimi-coding"}); r["success"] != true {
		t.Fatalf("kimi login_oauth_finish: %v", r)
	}
	d, _ := c.ask(map[string]any{"type": "get_credentials", "id": "k3"})["data"].(map[string]any)
	if got := fmt.Sprint(d["credentials"]); got != "[map[name:Kimi For Coding provider:kimi-coding subscription:true type:oauth]]" {
		t.Errorf("credentials %s", got)
	}
	for _, p := range d["providers"].([]any) {
		if o := p.(map[string]any); o["provider"] == "kimi-coding" && fmt.Sprint(o["logins"]) !=
			"[map[label:Sign in with Kimi Code name:Kimi Code (subscription) subscription:true type:oauth] map[name:Kimi API key type:api_key]]" {
			t.Errorf("kimi-coding's logins: %v", o["logins"])
		}
	}
	if m, _ := c.ask(map[string]any{"type": "get_available_models", "id": "k4"})["data"].(map[string]any); !strings.Contains(fmt.Sprint(m["models"]), "provider:kimi-coding") {
		t.Error("no Kimi models after the login")
	}

	for _, p := range []string{"xai", "meta"} {
		if r := c.ask(map[string]any{"type": "login_oauth_start", "id": p, "provider": p}); r["success"] != false {
			t.Errorf("%s through a refusing proxy: %v", p, r)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if got := strings.Join(connects, ", "); got != "CONNECT auth.x.ai:443, CONNECT auth.meta.com:443" {
		t.Errorf("requests: %s", got)
	}
}

// TestServeOpenRouterLogin: login_oauth_start starts pi's OpenRouter login
// (its callback server, the URL, pi's prompt and the "Listening" progress);
// a pasted input without a code fails the finish as pi does, a refusal in
// the browser ends it with pi's error, and login_oauth_cancel with "Login
// cancelled".
func TestServeOpenRouterLogin(t *testing.T) {
	sio, _ := world(t)
	c := newRPCClient(t, sio)
	start := func(id string) (redirect string) {
		r := c.ask(map[string]any{"type": "login_oauth_start", "id": id, "provider": "openrouter"})
		d, _ := r["data"].(map[string]any)
		redirect, _ = d["placeholder"].(string)
		if u, _ := d["url"].(string); u != "https://openrouter.ai/auth?callback_url="+url.QueryEscape(redirect)+"&code_challenge="+u[strings.LastIndex(u, "code_challenge=")+15:strings.LastIndex(u, "&")]+"&code_challenge_method=S256" ||
			!strings.HasPrefix(redirect, "http://127.0.0.1:") || d["prompt"] != "Complete sign-in in your browser, or paste the authorization code / redirect URL here:" ||
			d["instructions"] != "Complete sign-in in your browser. If the browser is on another machine, paste the final redirect URL here." {
			t.Fatalf("login_oauth_start: %v", r)
		}
		return redirect
	}
	redirect := start("o1")
	if e := c.events[len(c.events)-1]; fmt.Sprint(e) != "map[message:Listening for OpenRouter OAuth callback on "+redirect+" provider:openrouter type:login_progress]" {
		t.Errorf("progress %v", e)
	}
	c.ask(map[string]any{"type": "login_oauth_input", "id": "o2", "input": "http://127.0.0.1/?state=x"})
	if r := c.ask(map[string]any{"type": "login_oauth_finish", "id": "o3", "provider": "openrouter"}); r["error"] != "Missing authorization code" {
		t.Errorf("pasted input without a code: %v", r)
	}

	refuseThenCancel(t, c, "openrouter", func() string { return start("o4") + "?error=access_denied&error_description=User+declined" },
		func() { start("o6") }, "OpenRouter authorization failed: User declined")
}

// refuseThenCancel finishes a browser login that refused returns the
// callback URL of: it fails with refused; then one that start starts is
// cancelled: "Login cancelled".
func refuseThenCancel(t *testing.T, c *rpcClient, provider string, refuse func() string, start func(), refused string) {
	t.Helper()
	callback := refuse()
	c.send(map[string]any{"type": "login_oauth_finish", "id": "refused", "provider": provider})
	resp, err := http.Get(callback)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if r := c.wait("refused"); resp.StatusCode != 400 || r["error"] != refused {
		t.Errorf("refused in the browser: %d %v", resp.StatusCode, r)
	}
	start()
	c.send(map[string]any{"type": "login_oauth_finish", "id": "cancelled", "provider": provider})
	c.send(map[string]any{"type": "login_oauth_cancel", "id": "cancel"})
	if r := c.wait("cancelled"); r["error"] != "Login cancelled" {
		t.Errorf("cancelled: %v", r)
	}
}

// TestServeChatGPTLogin: login_oauth_start starts Sign in with ChatGPT
// (provider openai) for the installation's device id, which the first
// login saves as deviceId in the global settings.json (the file's other
// members kept, in order) and later ones reuse; a pasted redirect of
// another login fails the finish, a refusal in the browser ends it with
// pi's error, and login_oauth_cancel with "Login cancelled".
// get_credentials offers the login next to the API key.
func TestServeChatGPTLogin(t *testing.T) {
	sio, _ := world(t)
	settings := filepath.Join(sio.Getenv("PI_CODING_AGENT_DIR"), "settings.json")
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte(`{"quietStartup": true, "zeta": {"b": 1, "a": 2}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newRPCClient(t, sio)
	d, _ := c.ask(map[string]any{"type": "get_credentials", "id": "g1"})["data"].(map[string]any)
	for _, p := range d["providers"].([]any) {
		if o := p.(map[string]any); o["provider"] == "openai" && fmt.Sprint(o["logins"]) !=
			"[map[label:Sign in with ChatGPT name:OpenAI (ChatGPT subscription) subscription:true type:oauth] map[name:OpenAI API key type:api_key]]" {
			t.Errorf("openai's logins: %v", o["logins"])
		}
	}
	var device string
	start := func(id string) {
		r := c.ask(map[string]any{"type": "login_oauth_start", "id": id, "provider": "openai"})
		if e, _ := r["error"].(string); strings.HasPrefix(e, "Port 1455 is in use") && id == "s1" {
			t.Skip("port 1455 is busy (another login or test holds it)")
		}
		data, _ := os.ReadFile(settings)
		m := regexp.MustCompile(`^\{\n  "quietStartup": true,\n  "zeta": \{\n    "b": 1,\n    "a": 2\n  \},\n  "deviceId": "([0-9a-f-]{36})"\n\}$`).FindSubmatch(data)
		if m == nil || device != "" && string(m[1]) != device {
			t.Fatalf("settings.json after the login started:\n%s", data)
		}
		device = string(m[1])
		d, _ := r["data"].(map[string]any)
		if u, _ := d["url"].(string); !strings.HasPrefix(u, "https://auth.openai.com/api/accounts/authorize?client_id=dynamic_agent_client&agent_name_hint=Pi&ext_agent_host_id=urn%3Auuid%3A"+device+"&") ||
			d["prompt"] != "Complete login in your browser, or paste the final redirect URL here:" || d["placeholder"] != "http://127.0.0.1:1455/auth/callback" ||
			d["instructions"] != "Complete sign-in in your browser. If the callback does not complete, paste the final redirect URL here." {
			t.Fatalf("login_oauth_start: %v", r)
		}
	}
	start("s1")
	c.ask(map[string]any{"type": "login_oauth_input", "id": "i1", "input": "http://127.0.0.1:1455/auth/callback?code=c&state=other&client_id=x"})
	if r := c.ask(map[string]any{"type": "login_oauth_finish", "id": "f1", "provider": "openai"}); r["error"] != "OAuth state mismatch" {
		t.Errorf("pasted URL of another login: %v", r)
	}

	refuseThenCancel(t, c, "openai", func() string { start("s2"); return "http://127.0.0.1:1455/auth/callback?error=access_denied" },
		func() { start("s3") }, "ChatGPT authorization failed: access_denied")

	// a pending Codex login, on the same port, gives way
	c.ask(map[string]any{"type": "login_oauth_start", "id": "s4", "provider": "openai-codex"})
	start("s5")
	// and the other way round: Codex's callback server gets the port
	c.ask(map[string]any{"type": "login_oauth_start", "id": "s6", "provider": "openai-codex"})
	resp, err := http.Get("http://127.0.0.1:1455/auth/callback?code=c&state=forged")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "<p>State mismatch.</p>") {
		t.Errorf("port 1455 after Codex's login started: %s", page)
	}
	c.ask(map[string]any{"type": "login_oauth_cancel", "id": "c6"})
}

// TestDeviceID: pi's getOrCreateDeviceId for logins without a session: a
// UUID saved as the global deviceId on first use and reused; the
// project's settings cannot set it; a global file that does not parse is
// left alone (the id then lasts the process).
func TestDeviceID(t *testing.T) {
	sio, _ := world(t)
	global := filepath.Join(sio.Getenv("PI_CODING_AGENT_DIR"), "settings.json")
	for file, body := range map[string]string{global: `{"theme": "dark"}`, filepath.Join(sio.Cwd, ".pi", "settings.json"): `{"deviceId": "0f8fad5b-d9cb-469f-a165-70867728950e"}`} {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	id := agentsession.DeviceID(sio)
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(id) {
		t.Fatalf("device id %q", id)
	}
	if data, _ := os.ReadFile(global); string(data) != "{\n  \"theme\": \"dark\",\n  \"deviceId\": \""+id+"\"\n}" {
		t.Errorf("settings.json:\n%s", data)
	}
	if again := agentsession.DeviceID(sio); again != id {
		t.Errorf("a second id %q after %q", again, id)
	}
	if err := os.WriteFile(global, []byte(`{"deviceId": "not-a-uuid"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := agentsession.DeviceID(sio); got != "not-a-uuid" { // kept: the login then refuses it, as pi's
		t.Errorf("set id replaced by %q", got)
	}
	if err := os.WriteFile(global, []byte(`{"deviceId": `), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := agentsession.DeviceID(sio); got == "" {
		t.Error("no id with a broken settings.json")
	}
	if data, _ := os.ReadFile(global); string(data) != `{"deviceId": ` {
		t.Errorf("a broken settings.json was rewritten: %s", data)
	}
}

package agentsession_test

import (
	"context"
	"fmt"
	"strings"
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

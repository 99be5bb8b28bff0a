package agentsession_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
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
	if fmt.Sprint(d["credentials"]) != "[map[provider:deepseek type:api_key]]" || !strings.HasSuffix(d["authPath"].(string), "auth.json") {
		t.Errorf("get_credentials: %v", d)
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
	r := ask(map[string]any{"type": "login_oauth_start", "id": "o1", "provider": "anthropic"})
	d, _ := r["data"].(map[string]any)
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
	if r := ask(map[string]any{"type": "login_oauth_start", "id": "o4", "provider": "github-copilot"}); r["success"] != false {
		t.Errorf("copilot: %v", r)
	}
}

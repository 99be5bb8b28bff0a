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

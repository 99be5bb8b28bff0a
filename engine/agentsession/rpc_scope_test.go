package agentsession_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
)

// The /scoped-models commands: get_model_scope lists the available
// models and the session's scope (from enabledModels); set_model_scope
// changes the scope cycle_model goes through, in its order; everything
// enabled clears it; save_model_scope writes enabledModels to the global
// settings, or removes it for all.
func TestServeModelScope(t *testing.T) {
	io, _ := world(t)
	agentDir := filepath.Join(io.Cwd, "agent")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(agentDir, 0o755))
	must(os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(`{"providers": {"p": {"baseUrl": "http://127.0.0.1:1", "api": "openai-completions",
  "apiKey": "k", "models": [{"id": "a"}, {"id": "b"}, {"id": "c"}]}}}`), 0o644))
	settings := filepath.Join(agentDir, "settings.json")
	must(os.WriteFile(settings, []byte(`{"theme": "dark", "enabledModels": ["p/b", "p/a"]}`), 0o644))
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--no-session", "--no-builtin-tools", "--no-mcp", "--model", "p/a"}})
	must(err)
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	d, _ := ask(map[string]any{"type": "get_model_scope", "id": "g"})["data"].(map[string]any)
	if models, _ := d["models"].([]any); len(models) != 3 {
		t.Fatalf("models: %v", d["models"])
	}
	if ids, _ := d["enabledIds"].([]any); len(ids) != 2 || ids[0] != "p/b" || ids[1] != "p/a" || d["scoped"] != true {
		t.Fatalf("enabledIds: %v", d["enabledIds"])
	}
	if sc, _ := d["scope"].([]any); len(sc) != 2 || sc[0].(map[string]any)["id"] != "b" {
		t.Fatalf("scope: %v", d["scope"])
	}
	cycle := func(dir ...string) string {
		t.Helper()
		c := map[string]any{"type": "cycle_model", "id": "c"}
		if len(dir) > 0 {
			c["direction"] = dir[0]
		}
		r := ask(c)
		d, _ := r["data"].(map[string]any)
		m, _ := d["model"].(map[string]any)
		id, _ := m["id"].(string)
		return id
	}
	if got := cycle(); got != "b" { // a is second in the scope: next wraps to b
		t.Fatalf("cycle in [b a] from a: %q", got)
	}
	if r := ask(map[string]any{"type": "set_model_scope", "id": "s", "enabledIds": []any{"p/c", "p/b"}}); r["success"] != true {
		t.Fatalf("set_model_scope: %v", r)
	}
	if got := cycle(); got != "c" {
		t.Fatalf("cycle in [c b] from b: %q", got)
	}
	if got := cycle("backward"); got != "b" {
		t.Fatalf("cycle backward in [c b] from c: %q", got)
	}
	ask(map[string]any{"type": "set_model", "id": "m0", "provider": "p", "modelId": "a"})
	if got := cycle(); got != "c" { // from outside the scope: its first
		t.Fatalf("cycle in [c b] from a: %q", got)
	}
	ask(map[string]any{"type": "set_model_scope", "id": "s2", "enabledIds": []any{"p/a", "p/b", "p/c"}})
	d, _ = ask(map[string]any{"type": "get_model_scope", "id": "g2"})["data"].(map[string]any)
	if ids, _ := d["enabledIds"].([]any); len(ids) != 2 || d["scoped"] != false { // no session scope: the settings' patterns
		t.Fatalf("enabledIds with every model enabled: %v", d["enabledIds"])
	}
	if r := ask(map[string]any{"type": "set_model_scope", "id": "bad", "enabledIds": "p/a"}); r["success"] != false ||
		!strings.Contains(r["error"].(string), "enabledIds must be an array") {
		t.Fatalf("bad enabledIds: %v", r)
	}
	ask(map[string]any{"type": "save_model_scope", "id": "w", "enabledIds": []any{"p/c", "p/a"}})
	data, _ := os.ReadFile(settings)
	if string(data) != "{\n  \"theme\": \"dark\",\n  \"enabledModels\": [\n    \"p/c\",\n    \"p/a\"\n  ]\n}" {
		t.Fatalf("settings.json after save:\n%s", data)
	}
	ask(map[string]any{"type": "save_model_scope", "id": "w2", "enabledIds": nil})
	data, _ = os.ReadFile(settings)
	if string(data) != "{\n  \"theme\": \"dark\"\n}" {
		t.Fatalf("settings.json after saving all:\n%s", data)
	}
	// set_model with persist (the /model selector's set as default):
	// the default model in settings, and a scope gains the model.
	ask(map[string]any{"type": "set_model_scope", "id": "s3", "enabledIds": []any{"p/a"}})
	ask(map[string]any{"type": "save_model_scope", "id": "w3", "enabledIds": []any{"p/a"}})
	if r := ask(map[string]any{"type": "set_model", "id": "m", "provider": "p", "modelId": "b", "persist": true}); r["success"] != true {
		t.Fatalf("set_model persist: %v", r)
	}
	data, _ = os.ReadFile(settings)
	want := "{\n  \"theme\": \"dark\",\n  \"enabledModels\": [\n    \"p/a\",\n    \"p/b\"\n  ],\n  \"defaultProvider\": \"p\",\n  \"defaultModel\": \"b\"\n}"
	if string(data) != want {
		t.Fatalf("settings.json after set as default:\n%s", data)
	}
	d, _ = ask(map[string]any{"type": "get_model_scope", "id": "g3"})["data"].(map[string]any)
	if sc, _ := d["scope"].([]any); len(sc) != 2 {
		t.Fatalf("scope after set as default: %v", d["scope"])
	}
	if def, _ := d["defaultModel"].(map[string]any); def["provider"] != "p" || def["id"] != "b" {
		t.Fatalf("defaultModel: %v", d["defaultModel"])
	}
}

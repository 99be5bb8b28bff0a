package provider

import (
	"os"
	"path/filepath"
	"testing"
)

// AuthStatus says where a provider's auth comes from as pi 1.6's
// getProviderAuthStatus, in its order: runtime key, auth.json,
// models.json's apiKey, the environment.
func TestAuthStatus(t *testing.T) {
	dir := t.TempDir()
	models := `{"providers": {
  "cmd": {"baseUrl": "http://x", "api": "openai-completions", "apiKey": "!echo k", "models": [{"id": "a"}]},
  "tpl": {"baseUrl": "http://x", "api": "openai-completions", "apiKey": "${TPL_KEY}-$OTHER_KEY", "models": [{"id": "a"}]},
  "lit": {"baseUrl": "http://x", "api": "openai-completions", "apiKey": "sk-literal", "models": [{"id": "a"}]}}}`
	if err := os.WriteFile(filepath.Join(dir, "models.json"), []byte(models), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "auth.json"), []byte(`{"openai": {"type": "api_key", "key": "k"}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	status := func(env map[string]string, p string) string {
		r := NewRegistry(RegistryOptions{AgentDir: dir, Env: env})
		if p == "mistral" {
			r.SetRuntimeAPIKey(p, "rk")
		}
		ok, src := r.AuthStatus(p)
		if !ok {
			return "-"
		}
		return src
	}
	env := map[string]string{"GROQ_API_KEY": "g", "OPENAI_API_KEY": "o", "TPL_KEY": "t", "AWS_ACCESS_KEY_ID": "a", "AWS_SECRET_ACCESS_KEY": "s"}
	for p, want := range map[string]string{"mistral": "runtime", "openai": "stored", "cmd": "models_json_command", "lit": "models_json_key",
		"tpl": "-", "groq": "GROQ_API_KEY", "amazon-bedrock": "AWS access keys", "deepseek": "-"} {
		if got := status(env, p); got != want {
			t.Errorf("%s: %q, want %q", p, got, want)
		}
	}
	env["OTHER_KEY"] = "o"
	if got := status(env, "tpl"); got != "TPL_KEY, OTHER_KEY" {
		t.Errorf("a template with its variables set: %q", got)
	}
}

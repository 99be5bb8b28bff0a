package provider

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pi 1.6's api_key credentials may carry only settings (the llama.cpp
// server without a key, a Bedrock profile, a Vertex project) or nothing at
// all (an ambient credential chain chosen at /login); a key or env of the
// wrong type is a problem, reported by path.
func TestAuthJSONKeylessCredentials(t *testing.T) {
	creds, errs := ParseAuthJSON([]byte(`{
		"llama.cpp": {"type": "api_key", "env": {"LLAMA_BASE_URL": "http://x"}},
		"amazon-bedrock": {"type": "api_key"},
		"n": {"type": "api_key", "key": 7},
		"e1": {"type": "api_key", "env": ["x"]},
		"e2": {"type": "api_key", "env": {"A": 1}},
		"e3": {"type": "api_key", "env": null}}`), "auth.json")
	if c := creds["llama.cpp"]; c.Key != "" || c.Env["LLAMA_BASE_URL"] != "http://x" {
		t.Errorf("llama.cpp = %+v", c)
	}
	if c, ok := creds["amazon-bedrock"]; !ok || c.Key != "" || c.Env != nil {
		t.Errorf("amazon-bedrock = %+v, %v", c, ok)
	}
	var got []string
	for _, e := range errs {
		got = append(got, e.Error())
	}
	joined := strings.Join(got, "\n")
	for _, want := range []string{"n.key", "e1.env", "e2.env", "e3.env"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no problem reported at %s in:\n%s", want, joined)
		}
	}
	if len(errs) != 4 {
		t.Errorf("%d problems, want 4:\n%s", len(errs), joined)
	}
}

// A stored credential's env overlays the environment its provider's
// requests see (pi-ai 1.6's overlayEnvAuthContext): a Bedrock profile
// chosen at /login reaches the request, and the provider counts as
// configured only when the overlaid environment gives it credentials.
func TestStoredCredentialEnvReachesRequests(t *testing.T) {
	dir := t.TempDir()
	write := func(auth string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, "auth.json"), []byte(auth), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var seen map[string]string
	capture := APIFunc(func(_ context.Context, _ *Model, _ *Context, o *Options) (*EventStream, error) {
		seen = o.Env
		return nil, context.Canceled
	})
	model := &Model{Provider: "amazon-bedrock", ID: "m", API: "capture"}
	newReg := func() *Registry {
		return NewRegistry(RegistryOptions{AgentDir: dir, Env: map[string]string{"HOME": "/h", "AWS_REGION": "eu-west-1"},
			Catalog: []*Model{model}, APIs: map[string]API{"capture": capture}})
	}

	write(`{"amazon-bedrock": {"type": "api_key"}}`)
	if newReg().HasAuth("amazon-bedrock") {
		t.Error("a bare credential without ambient AWS credentials counts as configured")
	}

	write(`{"amazon-bedrock": {"type": "api_key", "env": {"AWS_PROFILE": "work", "AWS_REGION": ""}}}`)
	r := newReg()
	if !r.HasAuth("amazon-bedrock") {
		t.Error("a stored AWS profile does not count as configured")
	}
	_, _ = r.Stream(context.Background(), model, &Context{}, nil)
	if seen["AWS_PROFILE"] != "work" || seen["HOME"] != "/h" || seen["AWS_REGION"] != "eu-west-1" {
		t.Errorf("request env = %v, want the profile over the process env (empty stored values fall through)", seen)
	}
	if !r.HasAuth("amazon-bedrock") || r.HasAuth("openai") {
		t.Error("HasAuth mixed providers")
	}

	// A key stored beside env resolves in the overlaid environment.
	write(`{"openai": {"type": "api_key", "key": "$MY_KEY", "env": {"MY_KEY": "sk-x"}}}`)
	r = newReg()
	key, _, err := r.Auth(context.Background(), &Model{Provider: "openai", ID: "o", API: "capture"})
	if err != nil || key != "sk-x" {
		t.Errorf("key = %q, %v; want the env-overlaid value", key, err)
	}
}

// What a Bedrock or Vertex /login stores: pi's shapes and env order.
func TestSaveAPICredential(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	if err := SaveAPICredential(ctx, dir, "google-vertex", "", map[string]string{
		"GOOGLE_APPLICATION_CREDENTIALS": "/k.json", "GOOGLE_CLOUD_LOCATION": "us-central1", "GOOGLE_CLOUD_PROJECT": "p"}); err != nil {
		t.Fatal(err)
	}
	if err := SaveAPICredential(ctx, dir, "amazon-bedrock", "", nil); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "auth.json"))
	want := `{
  "google-vertex": {
    "type": "api_key",
    "env": {
      "GOOGLE_CLOUD_PROJECT": "p",
      "GOOGLE_CLOUD_LOCATION": "us-central1",
      "GOOGLE_APPLICATION_CREDENTIALS": "/k.json"
    }
  },
  "amazon-bedrock": {
    "type": "api_key"
  }
}`
	if string(data) != want {
		t.Errorf("auth.json:\n%s\nwant:\n%s", data, want)
	}
}

// A Vertex login that stored a project, a location and a service
// account's file makes the provider available, and its request reads the
// file; without the location (or the file) it is not configured, as pi's
// resolve.
func TestStoredVertexLoginCountsAsAuth(t *testing.T) {
	dir := t.TempDir()
	key := filepath.Join(dir, "sa.json")
	if err := os.WriteFile(key, []byte(`{"type": "service_account"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	reg := func(auth string) *Registry {
		if err := os.WriteFile(filepath.Join(dir, "auth.json"), []byte(auth), 0o600); err != nil {
			t.Fatal(err)
		}
		return NewRegistry(RegistryOptions{AgentDir: dir, Env: map[string]string{"HOME": dir}})
	}
	full := `{"google-vertex": {"type": "api_key", "env": {"GOOGLE_CLOUD_PROJECT": "p", "GOOGLE_CLOUD_LOCATION": "us-central1", "GOOGLE_APPLICATION_CREDENTIALS": "` + key + `"}}}`
	if !reg(full).HasAuth("google-vertex") {
		t.Error("a stored Vertex login is not configured auth")
	}
	if reg(strings.Replace(full, `"GOOGLE_CLOUD_LOCATION": "us-central1", `, "", 1)).HasAuth("google-vertex") {
		t.Error("a stored Vertex login without a location counts as auth")
	}
	if reg(strings.Replace(full, key, filepath.Join(dir, "missing.json"), 1)).HasAuth("google-vertex") {
		t.Error("a stored Vertex login whose credentials file is missing counts as auth")
	}
}

package tui

import (
	"fmt"
	"testing"
)

// Bedrock's, Vertex's and Cloudflare's /login ask pi-ai 1.6's questions
// and store what its logins return: a key, or settings in env, or (an AWS
// credential chain configured outside pigo) nothing but the choice.
func TestLoginBedrockAndVertex(t *testing.T) {
	h := newHarness(t, Options{})
	creds := map[string]any{"authPath": "/a/auth.json", "credentials": []any{},
		"providers": []any{loginProvider("amazon-bedrock", "Amazon Bedrock", "", "", "api_key"), loginProvider("google-vertex", "Google Vertex AI", "", "", "api_key"),
			loginProvider("cloudflare-ai-gateway", "Cloudflare AI Gateway", "", "", "api_key")}}
	login := func(provider string) {
		t.Helper()
		h.answer("get_credentials", creds)
		h.typ("/login " + provider)
		h.press("enter")
	}
	saved := func(provider, key string, env map[string]any) {
		name := map[string]string{"amazon-bedrock": "Amazon Bedrock", "google-vertex": "Google Vertex AI", "cloudflare-ai-gateway": "Cloudflare AI Gateway"}[provider]
		t.Helper()
		c := h.cmd("set_api_key")
		got, _ := c["env"].(map[string]any)
		if c["provider"] != provider || c["key"] != key || fmt.Sprint(got) != fmt.Sprint(env) || (env == nil) != (c["env"] == nil) {
			t.Fatalf("set_api_key %v, want provider %s key %q env %v", c, provider, key, env)
		}
		h.respond(c, true, nil)
		h.contains("Saved API key for " + name + ". Credentials saved to /a/auth.json")
	}

	login("amazon-bedrock")
	h.contains("You can also use an AWS profile, IAM keys, or role-based credentials.", "Select Amazon Bedrock authentication method:",
		"→ Bearer token", "AWS profile", "Existing AWS credential chain")
	h.press("enter")
	h.contains("Enter Amazon Bedrock bearer token")
	h.typ("tok-1")
	h.press("enter")
	saved("amazon-bedrock", "tok-1", nil)

	login("amazon-bedrock")
	h.press("down", "enter")
	h.contains("AWS credential provider chain:", "https://docs.aws.amazon.com/sdkref/latest/guide/standardized-credentials.html", "Enter AWS profile name")
	h.typ("work")
	h.press("enter")
	saved("amazon-bedrock", "", map[string]any{"AWS_PROFILE": "work"})

	login("amazon-bedrock")
	h.press("down", "down", "enter")
	h.contains("Configure AWS credentials, then press Enter to continue")
	h.press("enter")
	saved("amazon-bedrock", "", map[string]any{})

	login("google-vertex")
	h.contains("Select Google Vertex AI authentication method:", "→ Google Cloud API key", "Application Default Credentials", "Service account credentials file")
	h.press("down", "down", "enter")
	h.contains("Provide a service account credentials file, project, and location.", "Enter Google Cloud project ID")
	h.typ("proj")
	h.press("enter")
	h.contains("Enter Google Cloud location")
	h.typ("us-central1")
	h.press("enter")
	h.contains("Enter service account credentials file path")
	h.typ("/k.json")
	h.press("enter")
	saved("google-vertex", "", map[string]any{"GOOGLE_APPLICATION_CREDENTIALS": "/k.json", "GOOGLE_CLOUD_LOCATION": "us-central1", "GOOGLE_CLOUD_PROJECT": "proj"})

	login("cloudflare-ai-gateway")
	h.contains("Enter Cloudflare API key")
	h.typ("cf-1")
	h.press("enter")
	h.contains("Enter Cloudflare account ID")
	h.typ("acct")
	h.press("enter")
	h.contains("Enter Cloudflare AI Gateway ID")
	h.typ("gw")
	h.press("enter")
	saved("cloudflare-ai-gateway", "cf-1", map[string]any{"CLOUDFLARE_ACCOUNT_ID": "acct", "CLOUDFLARE_GATEWAY_ID": "gw"})

	login("google-vertex") // escape at any question cancels the whole login
	h.press("down", "enter")
	h.contains("Run `gcloud auth application-default login`, then provide the project", "Enter Google Cloud project ID")
	h.typ("proj")
	h.press("enter")
	h.press("esc")
	h.noCmd("set_api_key")
}

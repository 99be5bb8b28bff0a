package provider

import (
	"context"
	"fmt"
)

// pi-ai 1.6's API key logins (ApiKeyAuth.login): most providers ask for
// the key alone; Amazon Bedrock, Google Vertex AI and Cloudflare ask how
// to authenticate or what else their requests need, and store that as
// the credential's env. Their questions are pi-ai's, word for word.

// LoginAsker asks a login's questions: pi's LoginInteraction prompts.
type LoginAsker interface {
	// Select returns the index of the option picked.
	Select(ctx context.Context, message string, options []string) (int, error)
	// Secret reads a value without showing it; Text shows it.
	Secret(ctx context.Context, message string) (string, error)
	Text(ctx context.Context, message string) (string, error)
	// Info tells the user something, with links to read.
	Info(message string, links []LoginLink)
}

// LoginLink is a link an Info shows.
type LoginLink struct{ Label, URL string }

// APIKeyCredential is what an API key login stores in auth.json:
// {"type": "api_key", "key"?: Key, "env"?: Env}.
type APIKeyCredential struct {
	Key    string
	HasKey bool // Key is stored, even empty, as pi stores what was typed
	Env    map[string]string
}

// APIKeyLogin runs p's API key login (p.APIKey names its key).
func APIKeyLogin(ctx context.Context, p ProviderInfo, a LoginAsker) (APIKeyCredential, error) {
	key := func(message string) (APIKeyCredential, error) {
		k, err := a.Secret(ctx, message)
		return APIKeyCredential{Key: k, HasKey: true}, err
	}
	switch p.ID {
	case "amazon-bedrock":
		method, err := a.Select(ctx, "Select Amazon Bedrock authentication method:", []string{"Bearer token", "AWS profile", "Existing AWS credential chain"})
		if err != nil || method == 0 {
			if err != nil {
				return APIKeyCredential{}, err
			}
			return key("Enter Amazon Bedrock bearer token")
		}
		a.Info("Amazon Bedrock supports AWS profiles, IAM credentials, and role-based credentials.",
			[]LoginLink{{"AWS credential provider chain", "https://docs.aws.amazon.com/sdkref/latest/guide/standardized-credentials.html"}})
		if method == 1 {
			profile, err := a.Text(ctx, "Enter AWS profile name")
			return APIKeyCredential{Env: map[string]string{"AWS_PROFILE": profile}}, err
		}
		_, err = a.Text(ctx, "Configure AWS credentials, then press Enter to continue")
		return APIKeyCredential{}, err
	case "google-vertex":
		method, err := a.Select(ctx, "Select Google Vertex AI authentication method:", []string{"Google Cloud API key", "Application Default Credentials", "Service account credentials file"})
		if err != nil || method == 0 {
			if err != nil {
				return APIKeyCredential{}, err
			}
			return key("Enter Google Cloud API key")
		}
		info := "Provide a service account credentials file, project, and location."
		if method == 1 {
			info = "Run `gcloud auth application-default login`, then provide the project and location."
		}
		a.Info(info, []LoginLink{{"Application Default Credentials", "https://cloud.google.com/docs/authentication/provide-credentials-adc"}})
		env := map[string]string{}
		for _, q := range []struct{ name, message string }{
			{"GOOGLE_CLOUD_PROJECT", "Enter Google Cloud project ID"},
			{"GOOGLE_CLOUD_LOCATION", "Enter Google Cloud location"},
			{"GOOGLE_APPLICATION_CREDENTIALS", "Enter service account credentials file path"},
		} {
			if q.name == "GOOGLE_APPLICATION_CREDENTIALS" && method == 1 {
				break
			}
			v, err := a.Text(ctx, q.message)
			if err != nil {
				return APIKeyCredential{}, err
			}
			if v != "" || q.name != "GOOGLE_APPLICATION_CREDENTIALS" { // pi leaves an empty path out
				env[q.name] = v
			}
		}
		return APIKeyCredential{Env: env}, nil
	case "cloudflare-workers-ai", "cloudflare-ai-gateway":
		c, err := key("Enter Cloudflare API key")
		if err != nil {
			return c, err
		}
		c.Env = map[string]string{}
		questions := [][2]string{{"CLOUDFLARE_ACCOUNT_ID", "Enter Cloudflare account ID"}}
		if p.ID == "cloudflare-ai-gateway" {
			questions = append(questions, [2]string{"CLOUDFLARE_GATEWAY_ID", "Enter Cloudflare AI Gateway ID"})
		}
		for _, q := range questions {
			if c.Env[q[0]], err = a.Text(ctx, q[1]); err != nil {
				return c, err
			}
		}
		return c, nil
	}
	return key(fmt.Sprintf("Enter %s", p.APIKey))
}

package provider

import "context"

// pi-ai 1.6's API key logins (ApiKeyAuth.login): most providers ask for
// the key alone; Amazon Bedrock, Google Vertex AI and Cloudflare ask how
// to authenticate or what else their requests need, and store that as
// the credential's env. Their questions are pi-ai's, word for word. A
// login is a choice of method (KeyLoginMethods), then steps in order
// (KeyLoginSteps), so a terminal asks them in turn (APIKeyLogin) and the
// interactive client from its dialogs' callbacks.

// KeyLoginStep is one step of an API key login.
type KeyLoginStep struct {
	// Info is a notice, with Links, rather than a question.
	Info  string
	Links []LoginLink
	// Message is a question's; Secret hides what is typed.
	Message string
	Secret  bool
	// Into is what the answer sets: "key", an env variable, or "" (none).
	Into string
	// OmitEmpty leaves an empty answer out of the credential.
	OmitEmpty bool
}

// LoginLink is a link a notice shows.
type LoginLink struct{ Label, URL string }

// KeyLoginMethods is the choice p's API key login starts with; none (nil
// options) for a login that asks for the key alone.
func KeyLoginMethods(p ProviderInfo) (message string, options []string) {
	switch p.ID {
	case "amazon-bedrock":
		return "Select Amazon Bedrock authentication method:", []string{"Bearer token", "AWS profile", "Existing AWS credential chain"}
	case "google-vertex":
		return "Select Google Vertex AI authentication method:", []string{"Google Cloud API key", "Application Default Credentials", "Service account credentials file"}
	}
	return "", nil
}

// KeyLoginSteps are the steps of p's API key login once method (an index
// of KeyLoginMethods' options; 0 without a choice) is picked.
func KeyLoginSteps(p ProviderInfo, method int) []KeyLoginStep {
	key := func(message string) KeyLoginStep { return KeyLoginStep{Message: message, Secret: true, Into: "key"} }
	text := func(message, into string) KeyLoginStep { return KeyLoginStep{Message: message, Into: into} }
	switch p.ID {
	case "amazon-bedrock":
		if method == 0 {
			return []KeyLoginStep{key("Enter Amazon Bedrock bearer token")}
		}
		info := KeyLoginStep{Info: "Amazon Bedrock supports AWS profiles, IAM credentials, and role-based credentials.",
			Links: []LoginLink{{"AWS credential provider chain", "https://docs.aws.amazon.com/sdkref/latest/guide/standardized-credentials.html"}}}
		if method == 1 {
			return []KeyLoginStep{info, text("Enter AWS profile name", "AWS_PROFILE")}
		}
		return []KeyLoginStep{info, text("Configure AWS credentials, then press Enter to continue", "")}
	case "google-vertex":
		if method == 0 {
			return []KeyLoginStep{key("Enter Google Cloud API key")}
		}
		info := KeyLoginStep{Info: "Provide a service account credentials file, project, and location.",
			Links: []LoginLink{{"Application Default Credentials", "https://cloud.google.com/docs/authentication/provide-credentials-adc"}}}
		if method == 1 {
			info.Info = "Run `gcloud auth application-default login`, then provide the project and location."
		}
		steps := []KeyLoginStep{info, text("Enter Google Cloud project ID", "GOOGLE_CLOUD_PROJECT"), text("Enter Google Cloud location", "GOOGLE_CLOUD_LOCATION")}
		if method == 2 {
			file := text("Enter service account credentials file path", "GOOGLE_APPLICATION_CREDENTIALS")
			file.OmitEmpty = true
			steps = append(steps, file)
		}
		return steps
	case "cloudflare-workers-ai":
		return []KeyLoginStep{key("Enter Cloudflare API key"), text("Enter Cloudflare account ID", "CLOUDFLARE_ACCOUNT_ID")}
	case "cloudflare-ai-gateway":
		return []KeyLoginStep{key("Enter Cloudflare API key"), text("Enter Cloudflare account ID", "CLOUDFLARE_ACCOUNT_ID"),
			text("Enter Cloudflare AI Gateway ID", "CLOUDFLARE_GATEWAY_ID")}
	}
	return []KeyLoginStep{key("Enter " + p.APIKey)}
}

// APIKeyCredential is what an API key login stores in auth.json:
// {"type": "api_key", "key"?: Key, "env"?: Env}.
type APIKeyCredential struct {
	Key    string
	HasKey bool // Key is stored, even empty, as pi stores what was typed
	Env    map[string]string
}

// Set records the answer to step.
func (c *APIKeyCredential) Set(step KeyLoginStep, answer string) {
	switch {
	case step.Into == "" || step.OmitEmpty && answer == "":
	case step.Into == "key":
		c.Key, c.HasKey = answer, true
	default:
		if c.Env == nil {
			c.Env = map[string]string{}
		}
		c.Env[step.Into] = answer
	}
}

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

// APIKeyLogin runs p's API key login on a, question after question.
func APIKeyLogin(ctx context.Context, p ProviderInfo, a LoginAsker) (APIKeyCredential, error) {
	var c APIKeyCredential
	method := 0
	if message, options := KeyLoginMethods(p); options != nil {
		var err error
		if method, err = a.Select(ctx, message, options); err != nil {
			return c, err
		}
	}
	for _, step := range KeyLoginSteps(p, method) {
		if step.Message == "" {
			a.Info(step.Info, step.Links)
			continue
		}
		ask := a.Text
		if step.Secret {
			ask = a.Secret
		}
		answer, err := ask(ctx, step.Message)
		if err != nil {
			return c, err
		}
		c.Set(step, answer)
	}
	return c, nil
}

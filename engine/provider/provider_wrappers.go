package provider

import (
	"context"
	"maps"
	"strings"
)

// providerRequest applies what pi-ai 1.6's built-in provider definitions
// wrap around their APIs before a request is dispatched, for every model
// of the provider (catalog, models.json and registered ones alike):
//
//   - cloudflare-workers-ai and cloudflare-ai-gateway fill the
//     {CLOUDFLARE_ACCOUNT_ID} and {CLOUDFLARE_GATEWAY_ID} placeholders of
//     the baseUrl from the provider's environment (cloudflareStreams);
//   - opencode and opencode-go send the session id as x-opencode-session
//     (withOpenCodeSessionHeader);
//   - azure's chat-completions models take the Azure endpoint and send the
//     deployment name as the request's model (azureStreams).
//
// o is changed in place; the model returned is model or a changed copy.
func providerRequest(model *Model, o *Options) (*Model, error) {
	switch model.Provider {
	case "cloudflare-workers-ai", "cloudflare-ai-gateway":
		return resolveCloudflareModel(model, o.Env), nil
	case "opencode", "opencode-go":
		if _, set := headerFold(o.Headers, "x-opencode-session"); o.SessionID != "" && !set {
			h := maps.Clone(o.Headers)
			if h == nil {
				h = map[string]string{}
			}
			h["x-opencode-session"] = o.SessionID
			o.Headers = h
		}
	case "azure":
		if model.API != APIOpenAICompletions {
			return model, nil // azure-openai-responses resolves its endpoint itself
		}
		base, _, err := azureConfig(model, o.Env)
		if err != nil {
			return nil, err
		}
		c := *model
		c.BaseURL = base
		if dep := azureDeployment(model, o.Env); dep != model.ID {
			next := o.OnPayload
			o.OnPayload = func(ctx context.Context, payload map[string]any, m *Model) (map[string]any, error) {
				params := maps.Clone(payload)
				params["model"] = dep
				if next == nil {
					return params, nil
				}
				out, err := next(ctx, params, m)
				if out == nil && err == nil {
					out = params
				}
				return out, err
			}
		}
		return &c, nil
	}
	return model, nil
}

// resolveCloudflareModel is pi-ai's: the account and gateway placeholders
// filled from env, each left as it is when env lacks its value.
func resolveCloudflareModel(model *Model, env map[string]string) *Model {
	base := model.BaseURL
	for _, name := range []string{"CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_GATEWAY_ID"} {
		if v, ok := env[name]; ok {
			base = strings.ReplaceAll(base, "{"+name+"}", v)
		}
	}
	if base == model.BaseURL {
		return model
	}
	c := *model
	c.BaseURL = base
	return &c
}

// cloudflareConfigured reports whether env names what a Cloudflare
// provider needs besides its key (pi-ai's resolveCloudflareEnv): the
// account id, and for the AI Gateway the gateway id. Other providers
// need nothing.
func cloudflareConfigured(provider string, env map[string]string) bool {
	switch provider {
	case "cloudflare-workers-ai":
		return env["CLOUDFLARE_ACCOUNT_ID"] != ""
	case "cloudflare-ai-gateway":
		return env["CLOUDFLARE_ACCOUNT_ID"] != "" && env["CLOUDFLARE_GATEWAY_ID"] != ""
	}
	return true
}

// headerFold is the value of header name in headers, in any case.
func headerFold(headers map[string]string, name string) (string, bool) {
	for k, v := range headers {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return "", false
}

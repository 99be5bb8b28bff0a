package provider

// EnvKeyNames returns the environment variables pi-ai reads an API key from
// for provider, in precedence order (pi-ai's getApiKeyEnvVars); nil when the
// provider has none.
func EnvKeyNames(provider string) []string {
	switch provider {
	case "github-copilot":
		// pi-ai 1.6 no longer reads GH_TOKEN or GITHUB_TOKEN.
		return []string{"COPILOT_GITHUB_TOKEN"}
	case "anthropic":
		// ANTHROPIC_OAUTH_TOKEN takes precedence over ANTHROPIC_API_KEY.
		return []string{"ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"}
	}
	if v := envKeyName(provider); v != "" {
		return []string{v}
	}
	return nil
}

// envKeyName is pi-ai's single-variable table.
func envKeyName(provider string) string {
	switch provider {
	case "openai":
		return "OPENAI_API_KEY"
	case "azure-openai-responses":
		return "AZURE_OPENAI_API_KEY"
	case "deepseek":
		return "DEEPSEEK_API_KEY"
	case "google":
		return "GEMINI_API_KEY"
	case "google-vertex":
		return "GOOGLE_CLOUD_API_KEY"
	case "groq":
		return "GROQ_API_KEY"
	case "cerebras":
		return "CEREBRAS_API_KEY"
	case "xai":
		return "XAI_API_KEY"
	case "typesafe":
		return "TYPESAFE_API_KEY"
	case "openrouter":
		return "OPENROUTER_API_KEY"
	case "vercel-ai-gateway":
		return "AI_GATEWAY_API_KEY"
	case "zai":
		return "ZAI_API_KEY"
	case "mistral":
		return "MISTRAL_API_KEY"
	case "minimax":
		return "MINIMAX_API_KEY"
	case "minimax-cn":
		return "MINIMAX_CN_API_KEY"
	case "moonshotai":
		return "MOONSHOT_API_KEY"
	case "moonshotai-cn":
		return "MOONSHOT_API_KEY"
	case "huggingface":
		return "HF_TOKEN"
	case "fireworks":
		return "FIREWORKS_API_KEY"
	case "opencode":
		return "OPENCODE_API_KEY"
	case "opencode-go":
		return "OPENCODE_API_KEY"
	case "kimi-coding":
		return "KIMI_API_KEY"
	case "cloudflare-workers-ai":
		return "CLOUDFLARE_API_KEY"
	case "cloudflare-ai-gateway":
		return "CLOUDFLARE_API_KEY"
	case "xiaomi":
		return "XIAOMI_API_KEY"
	case "xiaomi-token-plan-cn":
		return "XIAOMI_TOKEN_PLAN_CN_API_KEY"
	case "xiaomi-token-plan-ams":
		return "XIAOMI_TOKEN_PLAN_AMS_API_KEY"
	case "xiaomi-token-plan-sgp":
		return "XIAOMI_TOKEN_PLAN_SGP_API_KEY"
	}
	return ""
}

// envAuthenticatedKey is what EnvAPIKey reports for ambient credentials
// the provider's SDK reads itself (pi-ai's getEnvApiKey): a marker, not a
// key.
const envAuthenticatedKey = "<authenticated>"

// EnvAPIKey returns the first non-empty key for provider in env (pi-ai's
// getEnvApiKey), or "". env is an explicit map; this package never reads the
// process environment. For amazon-bedrock, AWS credentials or a Bedrock
// bearer token in env give "<authenticated>", as in pi-ai: the AWS SDK
// reads them itself. So does, for google-vertex, an Application Default
// Credentials file with GOOGLE_CLOUD_PROJECT (or GCLOUD_PROJECT) and
// GOOGLE_CLOUD_LOCATION set; the metadata server alone does not count.
func EnvAPIKey(provider string, env map[string]string) string {
	for _, name := range EnvKeyNames(provider) {
		if v := env[name]; v != "" {
			return v
		}
	}
	if provider == "google-vertex" && hasGoogleADCFile(env) &&
		(env["GOOGLE_CLOUD_PROJECT"] != "" || env["GCLOUD_PROJECT"] != "") && env["GOOGLE_CLOUD_LOCATION"] != "" {
		return envAuthenticatedKey
	}
	if provider == "amazon-bedrock" && hasBedrockEnvCredentials(env) {
		return envAuthenticatedKey
	}
	return ""
}

// hasBedrockEnvCredentials is pi-ai's amazon-bedrock check in
// getEnvApiKey.
func hasBedrockEnvCredentials(env map[string]string) bool {
	return env["AWS_PROFILE"] != "" || (env["AWS_ACCESS_KEY_ID"] != "" && env["AWS_SECRET_ACCESS_KEY"] != "") ||
		env["AWS_BEARER_TOKEN_BEDROCK"] != "" || env["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"] != "" ||
		env["AWS_CONTAINER_CREDENTIALS_FULL_URI"] != "" || env["AWS_WEB_IDENTITY_TOKEN_FILE"] != ""
}

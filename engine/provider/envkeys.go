package provider

import "slices"

// EnvKeyNames returns the environment variables pi-ai reads an API key from
// for provider, in precedence order (pi-ai 1.6's getApiKeyEnvVars); nil when
// the provider has none.
func EnvKeyNames(provider string) []string {
	switch provider {
	case "github-copilot":
		// pi-ai 1.6 no longer reads GH_TOKEN or GITHUB_TOKEN.
		return []string{"COPILOT_GITHUB_TOKEN"}
	case "anthropic":
		// ANTHROPIC_OAUTH_TOKEN takes precedence over ANTHROPIC_API_KEY.
		// (pi-ai also lists ANTHROPIC_AUTH_TOKEN, for status only: its
		// getEnvApiKey skips it.)
		return []string{"ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"}
	}
	return slices.Clone(envKeyNames[provider])
}

// envKeyNames is pi-ai 1.6's table of the other providers; Qwen Token
// Plan reads the per-plan variable first, then the one the plans shared.
var envKeyNames = map[string][]string{
	"ant-ling":                      {"ANT_LING_API_KEY"},
	"qwen-token-plan":               {"QWEN_TOKEN_PLAN_TEAM_API_KEY", "QWEN_TOKEN_PLAN_API_KEY"},
	"qwen-token-plan-cn":            {"QWEN_TOKEN_PLAN_TEAM_CN_API_KEY", "QWEN_TOKEN_PLAN_CN_API_KEY"},
	"qwen-token-plan-individual":    {"QWEN_TOKEN_PLAN_INDIVIDUAL_API_KEY", "QWEN_TOKEN_PLAN_API_KEY"},
	"qwen-token-plan-individual-cn": {"QWEN_TOKEN_PLAN_INDIVIDUAL_CN_API_KEY", "QWEN_TOKEN_PLAN_CN_API_KEY"},
	"openai":                        {"OPENAI_API_KEY"},
	"azure":                         {"AZURE_OPENAI_API_KEY"},
	"azure-openai-responses":        {"AZURE_OPENAI_API_KEY"}, // pi-ai 0.73's provider id
	"nvidia":                        {"NVIDIA_API_KEY"},
	"deepseek":                      {"DEEPSEEK_API_KEY"},
	"google":                        {"GEMINI_API_KEY"},
	"google-vertex":                 {"GOOGLE_CLOUD_API_KEY"},
	"groq":                          {"GROQ_API_KEY"},
	"cerebras":                      {"CEREBRAS_API_KEY"},
	"xai":                           {"XAI_API_KEY"},
	"typesafe":                      {"TYPESAFE_API_KEY"},
	"radius":                        {"RADIUS_API_KEY"},
	"openrouter":                    {"OPENROUTER_API_KEY"},
	"vercel-ai-gateway":             {"AI_GATEWAY_API_KEY"},
	"zai":                           {"ZAI_API_KEY"},
	"zai-coding-cn":                 {"ZAI_CODING_CN_API_KEY"},
	"mistral":                       {"MISTRAL_API_KEY"},
	"minimax":                       {"MINIMAX_API_KEY"},
	"minimax-cn":                    {"MINIMAX_CN_API_KEY"},
	"moonshotai":                    {"MOONSHOT_API_KEY"},
	"moonshotai-cn":                 {"MOONSHOT_API_KEY"},
	"huggingface":                   {"HF_TOKEN"},
	"fireworks":                     {"FIREWORKS_API_KEY"},
	"together":                      {"TOGETHER_API_KEY"},
	"baseten":                       {"BASETEN_API_KEY"},
	"opencode":                      {"OPENCODE_API_KEY"},
	"opencode-go":                   {"OPENCODE_API_KEY"},
	"kimi-coding":                   {"KIMI_API_KEY"},
	"meta":                          {"META_API_KEY"},
	"cloudflare-workers-ai":         {"CLOUDFLARE_API_KEY"},
	"cloudflare-ai-gateway":         {"CLOUDFLARE_API_KEY"},
	"xiaomi":                        {"XIAOMI_API_KEY"},
	"xiaomi-token-plan-cn":          {"XIAOMI_TOKEN_PLAN_CN_API_KEY"},
	"xiaomi-token-plan-ams":         {"XIAOMI_TOKEN_PLAN_AMS_API_KEY"},
	"xiaomi-token-plan-sgp":         {"XIAOMI_TOKEN_PLAN_SGP_API_KEY"},
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

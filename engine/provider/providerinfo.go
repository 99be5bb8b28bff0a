package provider

import "slices"

// ProviderInfo is how pi-ai 1.6 presents one of its built-in providers in
// pi's /login and /logout: its display name and its logins' names.
type ProviderInfo struct {
	ID, Name string
	// APIKey names the provider's API key login ("" when it has none).
	APIKey string
	// OAuth names its account login ("" when it has none); Subscription
	// marks an account login to a subscription, LoginLabel replaces
	// "Sign in with an account" when set.
	OAuth        string
	Subscription bool
	LoginLabel   string
}

// piAIProviderInfo is pi-ai 1.6's builtinProviders(), in its order.
var piAIProviderInfo = []ProviderInfo{
	{ID: "amazon-bedrock", Name: "Amazon Bedrock", APIKey: "AWS credentials or bearer token"},
	{ID: "ant-ling", Name: "Ant Ling", APIKey: "Ant Ling API key"},
	{ID: "anthropic", Name: "Anthropic", APIKey: "Anthropic API key", OAuth: "Anthropic (Claude Pro/Max)", Subscription: true},
	{ID: "azure", Name: "Azure", APIKey: "Azure OpenAI API key"},
	{ID: "baseten", Name: "Baseten", APIKey: "Baseten API key"},
	{ID: "cerebras", Name: "Cerebras", APIKey: "Cerebras API key"},
	{ID: "cloudflare-ai-gateway", Name: "Cloudflare AI Gateway", APIKey: "Cloudflare API key"},
	{ID: "cloudflare-workers-ai", Name: "Cloudflare Workers AI", APIKey: "Cloudflare API key"},
	{ID: "deepseek", Name: "DeepSeek", APIKey: "DeepSeek API key"},
	{ID: "fireworks", Name: "Fireworks", APIKey: "Fireworks API key"},
	{ID: "github-copilot", Name: "GitHub Copilot", APIKey: "GitHub Copilot token", OAuth: "GitHub Copilot", Subscription: true},
	{ID: "google", Name: "Google", APIKey: "Gemini API key"},
	{ID: "google-vertex", Name: "Google Vertex AI", APIKey: "Google Cloud credentials"},
	{ID: "groq", Name: "Groq", APIKey: "Groq API key"},
	{ID: "huggingface", Name: "Hugging Face", APIKey: "Hugging Face token"},
	{ID: "kimi-coding", Name: "Kimi For Coding", APIKey: "Kimi API key", OAuth: "Kimi Code (subscription)", Subscription: true, LoginLabel: "Sign in with Kimi Code"},
	{ID: "meta", Name: "Meta", APIKey: "Meta Model API key", OAuth: "Meta (Muse subscription)", Subscription: true, LoginLabel: "Sign in with Meta"},
	{ID: "minimax", Name: "MiniMax", APIKey: "MiniMax API key"},
	{ID: "minimax-cn", Name: "MiniMax CN", APIKey: "MiniMax CN API key"},
	{ID: "mistral", Name: "Mistral", APIKey: "Mistral API key"},
	{ID: "moonshotai", Name: "Moonshot AI", APIKey: "Moonshot AI API key"},
	{ID: "moonshotai-cn", Name: "Moonshot AI CN", APIKey: "Moonshot AI API key"},
	{ID: "nvidia", Name: "NVIDIA", APIKey: "NVIDIA API key"},
	{ID: "openai", Name: "OpenAI", APIKey: "OpenAI API key", OAuth: "OpenAI (ChatGPT subscription)", Subscription: true, LoginLabel: "Sign in with ChatGPT"},
	{ID: "openai-codex", Name: "OpenAI Codex", OAuth: "OpenAI (ChatGPT Plus/Pro)", Subscription: true},
	{ID: "opencode", Name: "OpenCode Zen", APIKey: "OpenCode API key"},
	{ID: "opencode-go", Name: "OpenCode Go", APIKey: "OpenCode API key"},
	{ID: "openrouter", Name: "OpenRouter", APIKey: "OpenRouter API key", OAuth: "OpenRouter OAuth", LoginLabel: "Sign in with OpenRouter"},
	{ID: "qwen-token-plan", Name: "Qwen Token Plan Team", APIKey: "Qwen Token Plan Team API key"},
	{ID: "qwen-token-plan-cn", Name: "Qwen Token Plan Team CN", APIKey: "Qwen Token Plan Team CN API key"},
	{ID: "qwen-token-plan-individual", Name: "Qwen Token Plan Individual", APIKey: "Qwen Token Plan Individual API key"},
	{ID: "qwen-token-plan-individual-cn", Name: "Qwen Token Plan Individual CN", APIKey: "Qwen Token Plan Individual CN API key"},
	{ID: "radius", Name: "Radius", APIKey: "Radius API key", OAuth: "Radius"},
	{ID: "together", Name: "Together", APIKey: "Together API key"},
	{ID: "typesafe", Name: "TypeSafe", APIKey: "TypeSafe API key"},
	{ID: "vercel-ai-gateway", Name: "Vercel AI Gateway", APIKey: "Vercel AI Gateway API key"},
	{ID: "xai", Name: "xAI", APIKey: "xAI API key", OAuth: "xAI (Grok/X subscription)", Subscription: true, LoginLabel: "Sign in with SuperGrok or X Premium"},
	{ID: "xiaomi", Name: "Xiaomi", APIKey: "Xiaomi API key"},
	{ID: "xiaomi-token-plan-ams", Name: "Xiaomi Token Plan AMS", APIKey: "Xiaomi Token Plan AMS API key"},
	{ID: "xiaomi-token-plan-cn", Name: "Xiaomi Token Plan CN", APIKey: "Xiaomi Token Plan CN API key"},
	{ID: "xiaomi-token-plan-sgp", Name: "Xiaomi Token Plan SGP", APIKey: "Xiaomi Token Plan SGP API key"},
	{ID: "zai", Name: "Z.AI", APIKey: "Z.AI API key"},
	{ID: "zai-coding-cn", Name: "Z.AI Coding CN", APIKey: "Z.AI Coding CN API key"},
}

// LookupProviderInfo returns pi-ai 1.6's presentation of a built-in
// provider; a provider pi-ai does not know (models.json's own, an
// extension's) is named by its id and has pi's plain API key login only.
func LookupProviderInfo(id string) (ProviderInfo, bool) {
	for _, p := range piAIProviderInfo {
		if p.ID == id {
			return p, true
		}
	}
	return ProviderInfo{ID: id, Name: id, APIKey: "API key"}, false
}

// PreferredProviders are pi 1.6's preferred partner providers, most
// preferred first: provider lists show them first, marked.
var PreferredProviders = []string{"radius", "openrouter"}

// BuiltinProviderInfo is pi-ai 1.6's built-in providers, in its order.
func BuiltinProviderInfo() []ProviderInfo { return slices.Clone(piAIProviderInfo) }

// AuthTypeLabel is how pi 1.6 names a login type in its /login selector
// and argument completion (formatAuthSelectorProviderType): "API key", or
// an account login as "subscription" or "account".
func AuthTypeLabel(authType string, subscription bool) string {
	switch {
	case authType == "api_key":
		return "API key"
	case !subscription:
		return "account"
	}
	return "subscription"
}

package provider

// BuiltinModels returns pigo's built-in catalog, a fresh copy per call:
// pi-ai 1.6's chat models (catalog_generated.go, written by
// internal/catalogen from pi-ai's providers/data) of the providers pigo
// implements: amazon-bedrock, anthropic, deepseek, github-copilot (with
// the Copilot editor headers), google, google-vertex (its baseUrl keeps
// pi-ai's "{location}" placeholder), mistral, openai and openai-codex.
//
// The github-copilot and openai-codex models need an OAuth login made with
// pi (or, for Copilot, a GitHub token in the environment); a [Registry]
// lists them only when their provider has such a credential, so that fuzzy
// patterns like "haiku" keep meaning the anthropic models. models.json can
// override and extend these exactly as in pi.
func BuiltinModels() []*Model { return generatedModels() }

// defaultModelFor is pi's defaultModelPerProvider for the catalog's providers.
func defaultModelFor(provider string) string {
	switch provider {
	case "amazon-bedrock":
		return "us.anthropic.claude-opus-5-5"
	case "anthropic":
		return "claude-opus-5-5"
	case "openai":
		return "gpt-6.2-sol"
	case "deepseek":
		return "deepseek-v4-pro"
	case "google":
		return "gemini-4-argon"
	case "openai-codex":
		return "gpt-6.2-sol"
	case "github-copilot":
		return "gpt-6.1-sol"
	case "google-vertex":
		return "gemini-4-argon"
	case "mistral":
		return "devstral-medium-latest"
	}
	return ""
}

// defaultProviderOrder is the key order of pi's defaultModelPerProvider,
// restricted to the catalog, used to pick an initial model.
func defaultProviderOrder() []string {
	return []string{"amazon-bedrock", "anthropic", "openai", "openai-codex", "deepseek", "google", "google-vertex", "github-copilot", "mistral"}
}

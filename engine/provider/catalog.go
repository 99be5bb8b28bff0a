package provider

// BuiltinModels returns pigo's built-in catalog, a fresh copy per call:
// pi-ai 1.6's chat models (catalog_generated.go, written by
// internal/catalogen from pi-ai's providers/data) of every provider but
// typesafe (classifiers only), 1,698 models of 42 providers; radius's
// (pi's own pi-messages service) are listed but cannot be used. Some baseUrls keep pi-ai's placeholders, filled per
// request: google-vertex's "{location}", Cloudflare's account and gateway
// ids; azure's come from the environment.
//
// A [Registry] lists them all and makes available those whose provider
// has credentials; when several providers offer a referenced model, the
// credentials decide (pi 1.6's resolveModelReference). models.json can
// override and extend these exactly as in pi.
func BuiltinModels() []*Model {
	out := builtinCatalog()
	for i, m := range out {
		out[i] = m.Clone()
	}
	return out
}

// builtinCatalog is the built-in catalog itself, shared: for readers
// that clone what they keep (a [Registry] build), it saves a copy.
func builtinCatalog() []*Model {
	out := make([]*Model, len(catalogModels))
	for i := range catalogModels {
		out[i] = &catalogModels[i]
	}
	return out
}

// defaultModels is pi 1.6's defaultModelPerProvider, in its key order:
// the initial model when none is configured is the first of these whose
// provider has auth, and a custom model id copies its provider's default.
var defaultModels = []struct{ provider, id string }{
	{"amazon-bedrock", "us.anthropic.claude-opus-5-5"},
	{"ant-ling", "Ring-2.6-1T"},
	{"anthropic", "claude-opus-5-5"},
	{"openai", "gpt-6.2-sol"},
	{"azure", "gpt-6.2-sol"},
	{"openai-codex", "gpt-6.2-sol"},
	{"radius", "balanced"},
	{"nvidia", "nvidia/nemotron-3.5-super-vl-120b-a12b"},
	{"deepseek", "deepseek-v4-pro"},
	{"google", "gemini-4-argon"},
	{"google-vertex", "gemini-4-argon"},
	{"github-copilot", "gpt-6.1-sol"},
	{"openrouter", "moonshotai/kimi-k2.7-code"},
	{"vercel-ai-gateway", "zai/glm-5.3"},
	{"xai", "grok-4.7"},
	{"groq", "openai/gpt-oss-120b"},
	{"cerebras", "gpt-oss-120b"},
	{"zai", "glm-5.3"},
	{"zai-coding-cn", "glm-5.3"},
	{"mistral", "devstral-medium-latest"},
	{"minimax", "MiniMax-M3"},
	{"minimax-cn", "MiniMax-M3"},
	{"moonshotai", "kimi-k2.7-code"},
	{"moonshotai-cn", "kimi-k2.7-code"},
	{"huggingface", "moonshotai/Kimi-K2.7-Code"},
	{"fireworks", "accounts/fireworks/models/kimi-k3"},
	{"together", "moonshotai/Kimi-K3"},
	{"baseten", "zai-org/GLM-5.3"},
	{"opencode", "kimi-k2.7-code"},
	{"opencode-go", "kimi-k3.1-pro"},
	{"kimi-coding", "kimi-for-coding"},
	{"meta", "muse-spark-1.3"},
	{"cloudflare-workers-ai", "@cf/moonshotai/kimi-k2.7-code"},
	{"cloudflare-ai-gateway", "workers-ai/@cf/moonshotai/kimi-k2.7-code"},
	{"qwen-token-plan", "qwen3.8-max"},
	{"qwen-token-plan-cn", "qwen3.8-max"},
	{"qwen-token-plan-individual", "qwen3.8-max"},
	{"qwen-token-plan-individual-cn", "qwen3.8-max"},
	{"xiaomi", "mimo-v2.6-pro"},
	{"xiaomi-token-plan-cn", "mimo-v2.6-pro"},
	{"xiaomi-token-plan-ams", "mimo-v2.6-pro"},
	{"xiaomi-token-plan-sgp", "mimo-v2.6-pro"},
}

// defaultModelFor is provider's default model id, "" when pi has none.
func defaultModelFor(provider string) string {
	for _, d := range defaultModels {
		if d.provider == provider {
			return d.id
		}
	}
	return ""
}

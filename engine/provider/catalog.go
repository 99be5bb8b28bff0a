package provider

// BuiltinModels returns pigo's built-in catalog, a fresh copy per call. The
// entries are copied from pi-ai 0.73.1's models.generated.js (prices per
// million tokens, context windows, output limits, thinking-level maps):
//
//   - anthropic (anthropic-messages, https://api.anthropic.com):
//     claude-opus-4-7, claude-opus-4-6, claude-sonnet-4-6,
//     claude-sonnet-4-5, claude-haiku-4-5;
//   - openai (openai-responses, https://api.openai.com/v1): gpt-5.4,
//     gpt-5.4-mini, gpt-4.1, gpt-4o-mini;
//   - deepseek (openai-completions, https://api.deepseek.com):
//     deepseek-v4-pro, deepseek-v4-flash;
//   - google (google-generative-ai,
//     https://generativelanguage.googleapis.com/v1beta):
//     gemini-3.1-pro-preview, gemini-3-flash-preview, gemini-2.5-pro,
//     gemini-2.5-flash, gemini-2.5-flash-lite;
//   - github-copilot (anthropic-messages, openai-completions and
//     openai-responses at https://api.individual.githubcopilot.com, or the
//     host a Copilot OAuth login names): pi-ai's 26 Copilot models, with
//     the Copilot editor headers;
//   - openai-codex (openai-codex-responses, https://chatgpt.com/backend-api):
//     pi-ai's 10 ChatGPT subscription models;
//   - google-vertex (google-vertex) and mistral (mistral-conversations,
//     https://api.mistral.ai): pi-ai 1.6's 17 and 34 models (catalog16.go).
//
// The github-copilot and openai-codex models need an OAuth login made with
// pi (or, for Copilot, a GitHub token in the environment); a [Registry]
// lists them only when their provider has such a credential, so that fuzzy
// patterns like "haiku" keep meaning the anthropic models. models.json can
// override and extend these exactly as in pi.
func BuiltinModels() []*Model {
	anthropic := func(id, name string, cost Cost, ctxWin, maxTok int, tl ThinkingLevelMap) *Model {
		m := &Model{ID: id, Name: name, API: APIAnthropicMessages, Provider: "anthropic", BaseURL: "https://api.anthropic.com",
			Reasoning: true, ThinkingLevelMap: tl, Input: []string{"text", "image"}, Cost: cost, ContextWindow: ctxWin, MaxTokens: maxTok,
			// pi-ai 1.6's Anthropic cache lifetimes (5 minutes, 1 hour).
			PromptCache: &PromptCache{Short: ptrF(300), Long: ptrF(3600)}}
		if supportsAdaptiveThinking(id) {
			m.Compat = &Compat{ForceAdaptiveThinking: ptrB(true)}
		}
		return m
	}
	openai := func(id, name string, reasoning bool, cost Cost, ctxWin, maxTok int, tl ThinkingLevelMap) *Model {
		return &Model{ID: id, Name: name, API: APIOpenAIResponses, Provider: "openai", BaseURL: "https://api.openai.com/v1",
			Reasoning: reasoning, ThinkingLevelMap: tl, Input: []string{"text", "image"}, Cost: cost, ContextWindow: ctxWin, MaxTokens: maxTok}
	}
	deepseek := func(id, name string, cost Cost) *Model {
		return &Model{ID: id, Name: name, API: APIOpenAICompletions, Provider: "deepseek", BaseURL: "https://api.deepseek.com",
			Compat:    &Compat{RequiresReasoningContentOnAssistantMessages: ptr(true), ThinkingFormat: "deepseek"},
			Reasoning: true, Input: []string{"text"}, Cost: cost, ContextWindow: 1000000, MaxTokens: 384000,
			ThinkingLevelMap: ThinkingLevelMap{ThinkingMinimal: nil, ThinkingLow: nil, ThinkingMedium: nil,
				ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("max")}}
	}
	google := func(id, name string, cost Cost, tl ThinkingLevelMap) *Model {
		return &Model{ID: id, Name: name, API: APIGoogleGenerativeAI, Provider: "google",
			BaseURL: "https://generativelanguage.googleapis.com/v1beta", Reasoning: true, ThinkingLevelMap: tl,
			Input: []string{"text", "image"}, Cost: cost, ContextWindow: 1048576, MaxTokens: 65536}
	}
	gpt5 := func() ThinkingLevelMap { return ThinkingLevelMap{ThinkingOff: nil, ThinkingXHigh: ptr("xhigh")} }
	input := func(image bool) []string {
		if image {
			return []string{"text", "image"}
		}
		return []string{"text"}
	}
	copilot := func(id, name, api string, reasoning, image bool, ctxWin, maxTok int, tl ThinkingLevelMap, compat *Compat) *Model {
		return &Model{ID: id, Name: name, API: api, Provider: "github-copilot", BaseURL: "https://api.individual.githubcopilot.com",
			Headers: copilotStaticHeaders(), Compat: compat, Reasoning: reasoning, ThinkingLevelMap: tl, Input: input(image),
			ContextWindow: ctxWin, MaxTokens: maxTok}
	}
	oaCompat := func() *Compat {
		return &Compat{SupportsStore: ptr(false), SupportsDeveloperRole: ptr(false), SupportsReasoningEffort: ptr(false)}
	}
	codex := func(id, name string, image bool, cost Cost, ctxWin int, tl ThinkingLevelMap) *Model {
		return &Model{ID: id, Name: name, API: APIOpenAICodexResponses, Provider: "openai-codex", BaseURL: codexDefaultBaseURL,
			Reasoning: true, ThinkingLevelMap: tl, Input: input(image), Cost: cost, ContextWindow: ctxWin, MaxTokens: 128000}
	}
	models := []*Model{
		anthropic("claude-opus-4-7", "Claude Opus 4.7", Cost{5, 25, 0.5, 6.25}, 1000000, 128000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh")}),
		anthropic("claude-opus-4-6", "Claude Opus 4.6", Cost{5, 25, 0.5, 6.25}, 1000000, 128000, ThinkingLevelMap{ThinkingXHigh: ptr("max")}),
		anthropic("claude-sonnet-4-6", "Claude Sonnet 4.6", Cost{3, 15, 0.3, 3.75}, 1000000, 64000, nil),
		anthropic("claude-sonnet-4-5", "Claude Sonnet 4.5 (latest)", Cost{3, 15, 0.3, 3.75}, 200000, 64000, nil),
		anthropic("claude-haiku-4-5", "Claude Haiku 4.5 (latest)", Cost{1, 5, 0.1, 1.25}, 200000, 64000, nil),
		openai("gpt-5.4", "GPT-5.4", true, Cost{2.5, 15, 0.25, 0}, 272000, 128000, gpt5()),
		openai("gpt-5.4-mini", "GPT-5.4 mini", true, Cost{0.75, 4.5, 0.075, 0}, 400000, 128000, gpt5()),
		openai("gpt-4.1", "GPT-4.1", false, Cost{2, 8, 0.5, 0}, 1047576, 32768, nil),
		openai("gpt-4o-mini", "GPT-4o mini", false, Cost{0.15, 0.6, 0.08, 0}, 128000, 16384, nil),
		deepseek("deepseek-v4-pro", "DeepSeek V4 Pro", Cost{0.435, 0.87, 0.003625, 0}),
		deepseek("deepseek-v4-flash", "DeepSeek V4 Flash", Cost{0.14, 0.28, 0.0028, 0}),
		google("gemini-3.1-pro-preview", "Gemini 3.1 Pro Preview", Cost{2, 12, 0.2, 0},
			ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("LOW"), ThinkingMedium: nil, ThinkingHigh: ptr("HIGH")}),
		google("gemini-3-flash-preview", "Gemini 3 Flash Preview", Cost{0.5, 3, 0.05, 0}, ThinkingLevelMap{ThinkingOff: nil}),
		google("gemini-2.5-pro", "Gemini 2.5 Pro", Cost{1.25, 10, 0.125, 0}, nil),
		google("gemini-2.5-flash", "Gemini 2.5 Flash", Cost{0.3, 2.5, 0.03, 0}, nil),
		google("gemini-2.5-flash-lite", "Gemini 2.5 Flash Lite", Cost{0.1, 0.4, 0.025, 0}, nil),
		copilot("claude-haiku-4.5", "Claude Haiku 4.5", APIAnthropicMessages, true, true, 144000, 32000, nil, &Compat{SupportsEagerToolInputStreaming: ptr(false)}),
		copilot("claude-opus-4.5", "Claude Opus 4.5", APIAnthropicMessages, true, true, 160000, 32000, nil, nil),
		copilot("claude-opus-4.6", "Claude Opus 4.6", APIAnthropicMessages, true, true, 1000000, 64000, ThinkingLevelMap{ThinkingXHigh: ptr("max")}, nil),
		copilot("claude-opus-4.7", "Claude Opus 4.7", APIAnthropicMessages, true, true, 144000, 64000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh")}, nil),
		copilot("claude-sonnet-4", "Claude Sonnet 4", APIAnthropicMessages, true, true, 216000, 16000, nil, &Compat{SupportsEagerToolInputStreaming: ptr(false)}),
		copilot("claude-sonnet-4.5", "Claude Sonnet 4.5", APIAnthropicMessages, true, true, 144000, 32000, nil, &Compat{SupportsEagerToolInputStreaming: ptr(false)}),
		copilot("claude-sonnet-4.6", "Claude Sonnet 4.6", APIAnthropicMessages, true, true, 1000000, 32000, nil, nil),
		copilot("gemini-2.5-pro", "Gemini 2.5 Pro", APIOpenAICompletions, false, true, 128000, 64000, nil, oaCompat()),
		copilot("gemini-3-flash-preview", "Gemini 3 Flash", APIOpenAICompletions, true, true, 128000, 64000, nil, oaCompat()),
		copilot("gemini-3-pro-preview", "Gemini 3 Pro Preview", APIOpenAICompletions, true, true, 128000, 64000, nil, oaCompat()),
		copilot("gemini-3.1-pro-preview", "Gemini 3.1 Pro Preview", APIOpenAICompletions, true, true, 128000, 64000, nil, oaCompat()),
		copilot("gpt-4.1", "GPT-4.1", APIOpenAICompletions, false, true, 128000, 16384, nil, oaCompat()),
		copilot("gpt-4o", "GPT-4o", APIOpenAICompletions, false, true, 128000, 4096, nil, oaCompat()),
		copilot("gpt-5", "GPT-5", APIOpenAIResponses, true, true, 128000, 128000, ThinkingLevelMap{ThinkingOff: nil}, nil),
		copilot("gpt-5-mini", "GPT-5-mini", APIOpenAIResponses, true, true, 264000, 64000, ThinkingLevelMap{ThinkingOff: nil}, nil),
		copilot("gpt-5.1", "GPT-5.1", APIOpenAIResponses, true, true, 264000, 64000, ThinkingLevelMap{ThinkingOff: nil}, nil),
		copilot("gpt-5.1-codex", "GPT-5.1-Codex", APIOpenAIResponses, true, true, 400000, 128000, ThinkingLevelMap{ThinkingOff: nil}, nil),
		copilot("gpt-5.1-codex-max", "GPT-5.1-Codex-max", APIOpenAIResponses, true, true, 400000, 128000, ThinkingLevelMap{ThinkingOff: nil}, nil),
		copilot("gpt-5.1-codex-mini", "GPT-5.1-Codex-mini", APIOpenAIResponses, true, true, 400000, 128000, ThinkingLevelMap{ThinkingOff: nil}, nil),
		copilot("gpt-5.2", "GPT-5.2", APIOpenAIResponses, true, true, 264000, 64000, ThinkingLevelMap{ThinkingOff: nil, ThinkingXHigh: ptr("xhigh")}, nil),
		copilot("gpt-5.2-codex", "GPT-5.2-Codex", APIOpenAIResponses, true, true, 400000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingXHigh: ptr("xhigh")}, nil),
		copilot("gpt-5.3-codex", "GPT-5.3-Codex", APIOpenAIResponses, true, true, 400000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingXHigh: ptr("xhigh")}, nil),
		copilot("gpt-5.4", "GPT-5.4", APIOpenAIResponses, true, true, 400000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingXHigh: ptr("xhigh")}, nil),
		copilot("gpt-5.4-mini", "GPT-5.4 Mini", APIOpenAIResponses, true, true, 400000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingXHigh: ptr("xhigh")}, nil),
		copilot("gpt-5.5", "GPT-5.5", APIOpenAIResponses, true, true, 400000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingXHigh: ptr("xhigh")}, nil),
		copilot("grok-code-fast-1", "Grok Code Fast 1", APIOpenAICompletions, true, false, 128000, 64000, nil, oaCompat()),
		codex("gpt-5.1", "GPT-5.1", true, Cost{1.25, 10, 0.125, 0}, 272000, nil),
		codex("gpt-5.1-codex-max", "GPT-5.1 Codex Max", true, Cost{1.25, 10, 0.125, 0}, 272000, nil),
		codex("gpt-5.1-codex-mini", "GPT-5.1 Codex Mini", true, Cost{0.25, 2, 0.025, 0}, 272000, ThinkingLevelMap{ThinkingMinimal: ptr("medium"), ThinkingLow: ptr("medium"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high")}),
		codex("gpt-5.2", "GPT-5.2", true, Cost{1.75, 14, 0.175, 0}, 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.2-codex", "GPT-5.2 Codex", true, Cost{1.75, 14, 0.175, 0}, 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.3-codex", "GPT-5.3 Codex", true, Cost{1.75, 14, 0.175, 0}, 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.3-codex-spark", "GPT-5.3 Codex Spark", false, Cost{0, 0, 0, 0}, 128000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.4", "GPT-5.4", true, Cost{2.5, 15, 0.25, 0}, 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.4-mini", "GPT-5.4 Mini", true, Cost{0.75, 4.5, 0.075, 0}, 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.5", "GPT-5.5", true, Cost{5, 30, 0.5, 0}, 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
	}
	models = append(models, googleVertexModels()...)
	return append(models, mistralModels()...)
}

// defaultModelFor is pi's defaultModelPerProvider for the catalog's providers.
func defaultModelFor(provider string) string {
	switch provider {
	case "anthropic":
		return "claude-opus-4-7"
	case "openai":
		return "gpt-5.4"
	case "deepseek":
		return "deepseek-v4-pro"
	case "google":
		return "gemini-3.1-pro-preview"
	case "openai-codex":
		return "gpt-5.5"
	case "github-copilot":
		return "gpt-5.4"
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
	return []string{"anthropic", "openai", "openai-codex", "deepseek", "google", "google-vertex", "github-copilot", "mistral"}
}

func ptrF(v float64) *float64 { return &v }
func ptrB(v bool) *bool       { return &v }

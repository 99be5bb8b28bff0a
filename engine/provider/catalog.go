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
//     host a Copilot OAuth login names): pi-ai 1.6's 34 Copilot chat models
//     (providers/data/github-copilot.json: prices with their tiers,
//     thinking-level maps, compat flags), with the Copilot editor headers;
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
			PromptCache: &PromptCache{Short: ptrF(300), Long: ptrF(3600)},
			// pi-ai 1.6 sends these Claudes strict tools.
			Compat: &Compat{SupportsStrictTools: ptrB(true)}}
		if supportsAdaptiveThinking(id) {
			m.Compat.ForceAdaptiveThinking = ptrB(true)
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
	// pi-ai 1.6's Copilot models all reason and read images.
	copilot := func(id, name, api string, cost Cost, ctxWin, maxTok int, tl ThinkingLevelMap, compat *Compat) *Model {
		return &Model{ID: id, Name: name, API: api, Provider: "github-copilot", BaseURL: "https://api.individual.githubcopilot.com",
			Headers: copilotStaticHeaders(), Compat: compat, Reasoning: true, ThinkingLevelMap: tl, Input: input(true), Cost: cost,
			ContextWindow: ctxWin, MaxTokens: maxTok}
	}
	codex := func(id, name string, image bool, cost Cost, ctxWin int, tl ThinkingLevelMap) *Model {
		return &Model{ID: id, Name: name, API: APIOpenAICodexResponses, Provider: "openai-codex", BaseURL: codexDefaultBaseURL,
			Reasoning: true, ThinkingLevelMap: tl, Input: input(image), Cost: cost, ContextWindow: ctxWin, MaxTokens: 128000}
	}
	models := []*Model{
		anthropic("claude-opus-4-7", "Claude Opus 4.7", price(5, 25, 0.5, 6.25), 1000000, 128000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh")}),
		anthropic("claude-opus-4-6", "Claude Opus 4.6", price(5, 25, 0.5, 6.25), 1000000, 128000, ThinkingLevelMap{ThinkingXHigh: ptr("max")}),
		anthropic("claude-sonnet-4-6", "Claude Sonnet 4.6", price(3, 15, 0.3, 3.75), 1000000, 64000, nil),
		anthropic("claude-sonnet-4-5", "Claude Sonnet 4.5 (latest)", price(3, 15, 0.3, 3.75), 200000, 64000, nil),
		anthropic("claude-haiku-4-5", "Claude Haiku 4.5 (latest)", price(1, 5, 0.1, 1.25), 200000, 64000, nil),
		openai("gpt-5.4", "GPT-5.4", true, price(2.5, 15, 0.25, 0), 272000, 128000, gpt5()),
		openai("gpt-5.4-mini", "GPT-5.4 mini", true, price(0.75, 4.5, 0.075, 0), 400000, 128000, gpt5()),
		openai("gpt-4.1", "GPT-4.1", false, price(2, 8, 0.5, 0), 1047576, 32768, nil),
		openai("gpt-4o-mini", "GPT-4o mini", false, price(0.15, 0.6, 0.08, 0), 128000, 16384, nil),
		deepseek("deepseek-v4-pro", "DeepSeek V4 Pro", price(0.435, 0.87, 0.003625, 0)),
		deepseek("deepseek-v4-flash", "DeepSeek V4 Flash", price(0.14, 0.28, 0.0028, 0)),
		google("gemini-3.1-pro-preview", "Gemini 3.1 Pro Preview", price(2, 12, 0.2, 0),
			ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("LOW"), ThinkingMedium: nil, ThinkingHigh: ptr("HIGH")}),
		google("gemini-3-flash-preview", "Gemini 3 Flash Preview", price(0.5, 3, 0.05, 0), ThinkingLevelMap{ThinkingOff: nil}),
		google("gemini-2.5-pro", "Gemini 2.5 Pro", price(1.25, 10, 0.125, 0), nil),
		google("gemini-2.5-flash", "Gemini 2.5 Flash", price(0.3, 2.5, 0.03, 0), nil),
		google("gemini-2.5-flash-lite", "Gemini 2.5 Flash Lite", price(0.1, 0.4, 0.025, 0), nil),
		copilot("claude-fable-5", "Claude Fable 5", APIAnthropicMessages, price(10, 50, 1, 12.5), 1000000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictTools: ptr(true), ForceAdaptiveThinking: ptr(true), SupportsMidConvoSystemMessages: ptr(true)}),
		copilot("claude-fable-5.1", "Claude Fable 5.1", APIAnthropicMessages, price(10, 50, 0.25, 12.5), 1000000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictTools: ptr(true), ForceAdaptiveThinking: ptr(true), SupportsMidConvoSystemMessages: ptr(true)}),
		copilot("claude-fable-5.2", "Claude Fable 5.2", APIAnthropicMessages, price(8, 40, 0.2, 10), 1000000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictTools: ptr(true), ForceAdaptiveThinking: ptr(true), SupportsMidConvoSystemMessages: ptr(true)}),
		copilot("claude-haiku-4.5", "Claude Haiku 4.5 (latest)", APIAnthropicMessages, price(1, 5, 0.1, 1.25), 200000, 64000, nil, &Compat{SupportsStrictTools: ptr(true), SupportsEagerToolInputStreaming: ptr(false)}),
		copilot("claude-haiku-5.5", "Claude Haiku 5.5", APIAnthropicMessages, tiered(price(0.1, 0.5, 0.01, 0.125), CostTier{100000, 0.5, 2.5, 0.05, 0.625}), 1000000, 128000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictTools: ptr(true), ForceAdaptiveThinking: ptr(true), SupportsTemperature: ptr(false), SupportsMidConvoSystemMessages: ptr(true)}),
		copilot("claude-opus-4.8", "Claude Opus 4.8", APIAnthropicMessages, price(5, 25, 0.5, 6.25), 1000000, 64000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max"), ThinkingMinimal: ptr("low")}, &Compat{SupportsStrictTools: ptr(true), ForceAdaptiveThinking: ptr(true), SupportsTemperature: ptr(false), SupportsMidConvoSystemMessages: ptr(true)}),
		copilot("claude-opus-5", "Claude Opus 5", APIAnthropicMessages, price(5, 25, 0.5, 6.25), 1000000, 64000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max"), ThinkingMinimal: ptr("low")}, &Compat{SupportsStrictTools: ptr(true), ForceAdaptiveThinking: ptr(true), SupportsTemperature: ptr(false), SupportsMidConvoSystemMessages: ptr(true)}),
		copilot("claude-opus-5.5", "Claude Opus 5.5", APIAnthropicMessages, price(4, 20, 0.2, 5), 1000000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictTools: ptr(true), ForceAdaptiveThinking: ptr(true), SupportsTemperature: ptr(false), SupportsMidConvoSystemMessages: ptr(true)}),
		copilot("claude-sonnet-4.6", "Claude Sonnet 4.6", APIAnthropicMessages, price(3, 15, 0.3, 3.75), 1000000, 32000, ThinkingLevelMap{ThinkingMax: ptr("max"), ThinkingMinimal: ptr("low")}, &Compat{SupportsStrictTools: ptr(true), ForceAdaptiveThinking: ptr(true)}),
		copilot("claude-sonnet-5", "Claude Sonnet 5", APIAnthropicMessages, price(2, 10, 0.2, 2.5), 1000000, 128000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictTools: ptr(true), ForceAdaptiveThinking: ptr(true), SupportsTemperature: ptr(false)}),
		copilot("claude-sonnet-5.5", "Claude Sonnet 5.5", APIAnthropicMessages, price(2, 10, 0.1, 2.5), 1000000, 128000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictTools: ptr(true), ForceAdaptiveThinking: ptr(true), SupportsTemperature: ptr(false), SupportsMidConvoSystemMessages: ptr(true)}),
		copilot("gemini-3.8-flash", "Gemini 3.8 Flash", APIOpenAICompletions, price(0.75, 3.75, 0.075, 0), 1000000, 64000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil, ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true), SupportsStore: ptr(false), SupportsReasoningEffort: ptr(true)}),
		copilot("gemini-4-argon", "Gemini 4 Argon", APIOpenAICompletions, price(2, 10, 0.1, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil, ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true), SupportsStore: ptr(false), SupportsReasoningEffort: ptr(true)}),
		copilot("gemini-4-carbon", "Gemini 4 Carbon", APIOpenAICompletions, price(2, 10, 0.1, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil, ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true), SupportsStore: ptr(false), SupportsReasoningEffort: ptr(true)}),
		copilot("gemini-4-hydrogen", "Gemini 4 Hydrogen", APIOpenAICompletions, price(1.5, 7.5, 0.075, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true), SupportsStore: ptr(false), SupportsReasoningEffort: ptr(true)}),
		copilot("gemini-4-neon", "Gemini 4 Neon", APIOpenAICompletions, price(3, 15, 0.15, 0), 1048576, 65536, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true), SupportsStore: ptr(false), SupportsReasoningEffort: ptr(true)}),
		copilot("kimi-k3", "Kimi K3", APIOpenAICompletions, price(3, 15, 0.3, 0), 1048576, 1048576, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: nil, ThinkingHigh: ptr("high"), ThinkingXHigh: nil, ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsStore: ptr(false), SupportsReasoningEffort: ptr(true), SupportsMidConvoSystemMessages: ptr(true)}),
		copilot("gpt-5.3-codex", "GPT-5.3 Codex", APIOpenAIResponses, price(1.75, 14, 0.175, 0), 1000000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("low"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-5.4-nano", "GPT-5.4 nano", APIOpenAIResponses, price(0.2, 1.25, 0.02, 0), 400000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("low"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-5.6-luna", "GPT-5.6 Luna", APIOpenAIResponses, tiered(price(0.2, 1.2, 0.02, 0.25), CostTier{200000, 0.4, 1.8, 0.04, 0.5}), 1050000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("low"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsMidConvoSystemMessages: ptr(true), SupportsAdditionalTools: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-5.6-sol", "GPT-5.6 Sol", APIOpenAIResponses, tiered(price(4, 20, 0.4, 5), CostTier{272000, 8, 30, 0.8, 10}), 1050000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("low"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsMidConvoSystemMessages: ptr(true), SupportsAdditionalTools: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-5.6-terra", "GPT-5.6 Terra", APIOpenAIResponses, tiered(price(2, 12, 0.2, 2.5), CostTier{272000, 4, 18, 0.4, 5}), 1050000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: ptr("low"), ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsMidConvoSystemMessages: ptr(true), SupportsAdditionalTools: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-6-astra", "GPT-6 Astra", APIOpenAIResponses, tiered(price(10, 50, 1, 12.5), CostTier{272000, 20, 75, 2, 25}), 1000000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsMidConvoSystemMessages: ptr(true), SupportsAdditionalTools: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-6-luna", "GPT-6 Luna", APIOpenAIResponses, tiered(price(0.1, 0.5, 0.01, 0.125), CostTier{272000, 0.2, 0.75, 0.02, 0.25}), 1000000, 128000, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsMidConvoSystemMessages: ptr(true), SupportsAdditionalTools: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-6-sol", "GPT-6 Sol", APIOpenAIResponses, tiered(price(2, 10, 0.2, 2.5), CostTier{272000, 4, 15, 0.4, 5}), 1000000, 128000, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsMidConvoSystemMessages: ptr(true), SupportsAdditionalTools: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-6.1-sol", "GPT-6.1 Sol", APIOpenAIResponses, tiered(price(2, 10, 0.1, 2.5), CostTier{272000, 4, 15, 0.2, 5}), 1050000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsMidConvoSystemMessages: ptr(true), SupportsAdditionalTools: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-6.1-terra", "GPT-6.1 Terra", APIOpenAIResponses, tiered(price(1, 5, 0.05, 1.25), CostTier{272000, 2, 7.5, 0.1, 2.5}), 1050000, 128000, ThinkingLevelMap{ThinkingOff: ptr("none"), ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsMidConvoSystemMessages: ptr(true), SupportsAdditionalTools: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-6.2-astra", "GPT-6.2 Astra", APIOpenAIResponses, tiered(price(8, 40, 0.4, 10), CostTier{272000, 16, 60, 0.8, 20}), 1050000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsMidConvoSystemMessages: ptr(true), SupportsAdditionalTools: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("gpt-6.2-sol", "GPT-6.2 Sol", APIOpenAIResponses, tiered(price(2, 10, 0.1, 2.5), CostTier{272000, 4, 15, 0.2, 5}), 1050000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true), SupportsMidConvoSystemMessages: ptr(true), SupportsAdditionalTools: ptr(true), SupportsOpenAIGrammarTools: ptr(true)}),
		copilot("grok-4.5", "Grok 4.5", APIOpenAIResponses, tiered(price(2, 6, 0.5, 0), CostTier{200000, 4, 12, 1, 0}), 500000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil, ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true)}),
		copilot("grok-4.6", "Grok 4.6", APIOpenAIResponses, tiered(price(2, 6, 0.5, 0), CostTier{200000, 4, 12, 1, 0}), 500000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true)}),
		copilot("grok-4.7", "Grok 4.7", APIOpenAIResponses, tiered(price(2, 6, 0.5, 0), CostTier{200000, 4, 12, 1, 0}), 500000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true)}),
		copilot("mai-code-1.1-flash", "MAI-Code-1.1-Flash", APIOpenAIResponses, price(0.2, 1.2, 0.02, 0), 256000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: nil, ThinkingMax: nil}, &Compat{SupportsStrictMode: ptr(true)}),
		copilot("mai-code-2", "MAI Code 2", APIOpenAIResponses, price(0.5, 2.5, 0.025, 0), 1050000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true)}),
		copilot("mai-code-2-flash", "MAI Code 2 Flash", APIOpenAIResponses, price(0.05, 0.25, 0.005, 0), 1050000, 128000, ThinkingLevelMap{ThinkingOff: nil, ThinkingMinimal: nil, ThinkingLow: ptr("low"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high"), ThinkingXHigh: ptr("xhigh"), ThinkingMax: ptr("max")}, &Compat{SupportsStrictMode: ptr(true)}),
		codex("gpt-5.1", "GPT-5.1", true, price(1.25, 10, 0.125, 0), 272000, nil),
		codex("gpt-5.1-codex-max", "GPT-5.1 Codex Max", true, price(1.25, 10, 0.125, 0), 272000, nil),
		codex("gpt-5.1-codex-mini", "GPT-5.1 Codex Mini", true, price(0.25, 2, 0.025, 0), 272000, ThinkingLevelMap{ThinkingMinimal: ptr("medium"), ThinkingLow: ptr("medium"), ThinkingMedium: ptr("medium"), ThinkingHigh: ptr("high")}),
		codex("gpt-5.2", "GPT-5.2", true, price(1.75, 14, 0.175, 0), 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.2-codex", "GPT-5.2 Codex", true, price(1.75, 14, 0.175, 0), 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.3-codex", "GPT-5.3 Codex", true, price(1.75, 14, 0.175, 0), 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.3-codex-spark", "GPT-5.3 Codex Spark", false, price(0, 0, 0, 0), 128000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.4", "GPT-5.4", true, price(2.5, 15, 0.25, 0), 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.4-mini", "GPT-5.4 Mini", true, price(0.75, 4.5, 0.075, 0), 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
		codex("gpt-5.5", "GPT-5.5", true, price(5, 30, 0.5, 0), 272000, ThinkingLevelMap{ThinkingXHigh: ptr("xhigh"), ThinkingMinimal: ptr("low")}),
	}
	models = append(models, googleVertexModels()...)
	models = append(models, mistralModels()...)
	return append(models, amazonBedrockModels()...)
}

// defaultModelFor is pi's defaultModelPerProvider for the catalog's providers.
func defaultModelFor(provider string) string {
	switch provider {
	case "amazon-bedrock":
		return "us.anthropic.claude-opus-5-5"
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

func ptrF(v float64) *float64 { return &v }
func ptrB(v bool) *bool       { return &v }

// price is a Cost without tiers.
func price(input, output, cacheRead, cacheWrite float64) Cost {
	return Cost{Input: input, Output: output, CacheRead: cacheRead, CacheWrite: cacheWrite}
}

// tiered is c with the prices of larger requests.
func tiered(c Cost, tiers ...CostTier) Cost {
	c.Tiers = tiers
	return c
}

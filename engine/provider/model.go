package provider

import "slices"

// Known API names. A Model's API selects the implementation that streams it;
// custom names are allowed and are served by whatever [API] a [Registry] has
// registered under that name.
const (
	APIOpenAICompletions     = "openai-completions"
	APIOpenAIResponses       = "openai-responses"
	APIAzureOpenAIResponses  = "azure-openai-responses"
	APIAnthropicMessages     = "anthropic-messages"
	APIGoogleGenerativeAI    = "google-generative-ai"
	APIGoogleVertex          = "google-vertex"
	APIMistralConversations  = "mistral-conversations"
	APIBedrockConverseStream = "bedrock-converse-stream"
	APIScripted              = "pigo-scripted"
)

// ThinkingLevel is pi's reasoning setting: off, minimal, low, medium, high,
// xhigh or max. The empty level means off.
type ThinkingLevel string

// Thinking levels, weakest first.
const (
	ThinkingOff     ThinkingLevel = "off"
	ThinkingMinimal ThinkingLevel = "minimal"
	ThinkingLow     ThinkingLevel = "low"
	ThinkingMedium  ThinkingLevel = "medium"
	ThinkingHigh    ThinkingLevel = "high"
	ThinkingXHigh   ThinkingLevel = "xhigh"
	ThinkingMax     ThinkingLevel = "max"
)

// ThinkingLevels lists every level, weakest first (pi's EXTENDED_THINKING_LEVELS).
func ThinkingLevels() []ThinkingLevel {
	return []ThinkingLevel{ThinkingOff, ThinkingMinimal, ThinkingLow, ThinkingMedium, ThinkingHigh, ThinkingXHigh, ThinkingMax}
}

// Valid reports whether l is one of the seven levels.
func (l ThinkingLevel) Valid() bool { return slices.Contains(ThinkingLevels(), l) }

// ThinkingLevelMap maps pi levels to a provider-specific value. A key mapped to
// nil (JSON null) marks the level unsupported; a missing key means "use the
// provider default".
type ThinkingLevelMap map[ThinkingLevel]*string

// Cost is the price in USD per million tokens.
type Cost struct {
	Input      float64 `json:"input"`
	Output     float64 `json:"output"`
	CacheRead  float64 `json:"cacheRead"`
	CacheWrite float64 `json:"cacheWrite"`
	// Tiers are the prices of requests whose input (prompt, cache reads
	// and cache writes) exceeds a threshold (pi-ai 1.6's cost.tiers).
	Tiers []CostTier `json:"tiers,omitempty"`
}

// CostTier is the price, per million tokens, of a request with more than
// InputTokensAbove input tokens.
type CostTier struct {
	InputTokensAbove int     `json:"inputTokensAbove"`
	Input            float64 `json:"input"`
	Output           float64 `json:"output"`
	CacheRead        float64 `json:"cacheRead"`
	CacheWrite       float64 `json:"cacheWrite"`
}

// Model describes one model of one provider, with pi's field names.
type Model struct {
	ID               string            `json:"id"`
	Name             string            `json:"name"`
	API              string            `json:"api"`
	Provider         string            `json:"provider"`
	BaseURL          string            `json:"baseUrl"`
	Reasoning        bool              `json:"reasoning"`
	ThinkingLevelMap ThinkingLevelMap  `json:"thinkingLevelMap,omitempty"`
	Input            []string          `json:"input"` // "text", "image"
	Cost             Cost              `json:"cost"`
	ContextWindow    int               `json:"contextWindow"` // in tokens
	MaxTokens        int               `json:"maxTokens"`     // output tokens
	Headers          map[string]string `json:"headers,omitempty"`
	Compat           *Compat           `json:"compat,omitempty"`
	// PromptCache is how long the provider keeps a prompt cache entry, per
	// retention tier (pi 1.6's promptCache); nil when unknown.
	PromptCache *PromptCache `json:"promptCache,omitempty"`
	// InputLimits are what the model accepts besides tokens (pi-ai 1.6's
	// inputLimits); nil when unknown. Shared by catalog models: Clone
	// before changing it.
	InputLimits *InputLimits `json:"inputLimits,omitempty"`
}

// InputLimits is pi-ai 1.6's ModelInputLimits. pi resizes images to
// Images.Resize before they enter the conversation; the other limits are
// there for what reads the model (extensions, clients).
type InputLimits struct {
	MaxRequestBytes *int              `json:"maxRequestBytes,omitempty"`
	Images          *ImageInputLimits `json:"images,omitempty"`
}

// ImageInputLimits is pi-ai's ModelImageInputLimits.
type ImageInputLimits struct {
	MaxPerMessage *int         `json:"maxPerMessage,omitempty"`
	MaxPerRequest *int         `json:"maxPerRequest,omitempty"`
	Resize        *ImageResize `json:"resize,omitempty"`
}

// ImageResize is pi's ImageResizeOptions: the box and base64 size an
// image is fitted to, and the JPEG quality of a re-encoding.
type ImageResize struct {
	MaxWidth    *int `json:"maxWidth,omitempty"`
	MaxHeight   *int `json:"maxHeight,omitempty"`
	MaxBytes    *int `json:"maxBytes,omitempty"`
	JPEGQuality *int `json:"jpegQuality,omitempty"`
}

// Clone returns a deep copy of l.
func (l *InputLimits) Clone() *InputLimits {
	if l == nil {
		return nil
	}
	c := *l
	if l.Images != nil {
		images := *l.Images
		if l.Images.Resize != nil {
			resize := *l.Images.Resize
			images.Resize = &resize
		}
		c.Images = &images
	}
	return &c
}

// mergeInputLimits is pi's mergeInputLimits: override's fields over
// base's, images and their resize merged field by field.
func mergeInputLimits(base, override *InputLimits) *InputLimits {
	if override == nil {
		return base
	}
	out := base.Clone()
	if out == nil {
		out = &InputLimits{}
	}
	if override.MaxRequestBytes != nil {
		out.MaxRequestBytes = override.MaxRequestBytes
	}
	if o := override.Images; o != nil {
		if out.Images == nil {
			out.Images = &ImageInputLimits{}
		}
		mergeInts(&out.Images.MaxPerMessage, o.MaxPerMessage)
		mergeInts(&out.Images.MaxPerRequest, o.MaxPerRequest)
		if o.Resize != nil {
			if out.Images.Resize == nil {
				out.Images.Resize = &ImageResize{}
			}
			r := out.Images.Resize
			mergeInts(&r.MaxWidth, o.Resize.MaxWidth)
			mergeInts(&r.MaxHeight, o.Resize.MaxHeight)
			mergeInts(&r.MaxBytes, o.Resize.MaxBytes)
			mergeInts(&r.JPEGQuality, o.Resize.JPEGQuality)
		}
	}
	return out
}

// mergeInts sets *dst to v when v is set.
func mergeInts(dst **int, v *int) {
	if v != nil {
		*dst = v
	}
}

// PromptCache holds a model's prompt cache lifetimes in seconds; a nil tier
// has no known lifetime.
type PromptCache struct {
	Short *float64 `json:"short,omitempty"`
	Long  *float64 `json:"long,omitempty"`
}

// Clone returns a deep copy of m.
func (m *Model) Clone() *Model {
	if m == nil {
		return nil
	}
	c := *m
	c.Input = slices.Clone(m.Input)
	c.Cost.Tiers = slices.Clone(m.Cost.Tiers)
	if m.ThinkingLevelMap != nil {
		c.ThinkingLevelMap = make(ThinkingLevelMap, len(m.ThinkingLevelMap))
		for k, v := range m.ThinkingLevelMap {
			c.ThinkingLevelMap[k] = v
		}
	}
	c.Headers = cloneStrings(m.Headers)
	c.Compat = m.Compat.Clone()
	if m.PromptCache != nil {
		pc := *m.PromptCache
		c.PromptCache = &pc
	}
	c.InputLimits = m.InputLimits.Clone()
	return &c
}

// SupportsImages reports whether the model accepts image input.
func (m *Model) SupportsImages() bool { return slices.Contains(m.Input, "image") }

// Compat holds the compatibility switches models.json accepts, for every API
// (pi's OpenAICompletionsCompat, OpenAIResponsesCompat and
// AnthropicMessagesCompat together). A nil field means "auto-detect"
// (openai-completions detects from the provider name and baseUrl).
type Compat struct {
	// openai-completions
	SupportsStore            *bool `json:"supportsStore,omitempty"`
	SupportsDeveloperRole    *bool `json:"supportsDeveloperRole,omitempty"`
	SupportsReasoningEffort  *bool `json:"supportsReasoningEffort,omitempty"`
	SupportsUsageInStreaming *bool `json:"supportsUsageInStreaming,omitempty"`
	// SupportsFinishReason false: the stream carries no finish_reason, so
	// its end means stop (toolUse after a tool call).
	SupportsFinishReason                        *bool  `json:"supportsFinishReason,omitempty"`
	MaxTokensField                              string `json:"maxTokensField,omitempty"` // "max_completion_tokens" | "max_tokens"
	RequiresToolResultName                      *bool  `json:"requiresToolResultName,omitempty"`
	RequiresAssistantAfterToolResult            *bool  `json:"requiresAssistantAfterToolResult,omitempty"`
	RequiresThinkingAsText                      *bool  `json:"requiresThinkingAsText,omitempty"`
	RequiresReasoningContentOnAssistantMessages *bool  `json:"requiresReasoningContentOnAssistantMessages,omitempty"`
	// RequiresNonNullAssistantContent: replayed assistant messages without
	// text send "" instead of null content.
	RequiresNonNullAssistantContent *bool `json:"requiresNonNullAssistantContent,omitempty"`
	// RequiresToolsWithToolHistory: a request without tools sends
	// "tools": [] when the conversation has tool calls or results.
	RequiresToolsWithToolHistory *bool  `json:"requiresToolsWithToolHistory,omitempty"`
	ThinkingFormat               string `json:"thinkingFormat,omitempty"` // openai|openrouter|deepseek|together|baseten|zai|qwen|chat-template|qwen-chat-template|string-thinking|ant-ling
	// ChatTemplateKwargs (thinkingFormat "chat-template") and
	// ChatTemplateArgs ("baseten") are sent as chat_template_kwargs and
	// chat_template_args; a value {"$var": "thinking.enabled" |
	// "thinking.effort" | "thinking.budget", "omitWhenOff": bool} is
	// filled in per request.
	ChatTemplateKwargs map[string]any `json:"chatTemplateKwargs,omitempty"`
	ChatTemplateArgs   map[string]any `json:"chatTemplateArgs,omitempty"`
	// ThinkingTokenBudgetField names the top-level field that caps
	// reasoning tokens (thinking_token_budget, thinking_budget,
	// thinking_budget_tokens); SupportsThinkingTokenBudget is its older
	// alias for thinking_token_budget.
	ThinkingTokenBudgetField    string         `json:"thinkingTokenBudgetField,omitempty"`
	SupportsThinkingTokenBudget *bool          `json:"supportsThinkingTokenBudget,omitempty"`
	VLLMPriority                *float64       `json:"vllmPriority,omitempty"` // sent as the top-level priority
	OpenRouterRouting           map[string]any `json:"openRouterRouting,omitempty"`
	VercelGatewayRouting        map[string]any `json:"vercelGatewayRouting,omitempty"`
	ZaiToolStream               *bool          `json:"zaiToolStream,omitempty"`
	SupportsStrictMode          *bool          `json:"supportsStrictMode,omitempty"`
	CacheControlFormat          string         `json:"cacheControlFormat,omitempty"` // "anthropic"
	SendSessionAffinityHeaders  *bool          `json:"sendSessionAffinityHeaders,omitempty"`
	// SessionAffinityFormat picks the session-affinity headers:
	// "openai", "openai-nosession" or "openrouter" (openai-completions,
	// openai-responses; anthropic-messages knows only "openrouter").
	SessionAffinityFormat string `json:"sessionAffinityFormat,omitempty"`
	// PromptCacheKeyMode ("auto" | "enabled" | "disabled") controls the
	// prompt_cache_key request field of openai-completions and
	// openai-responses.
	PromptCacheKeyMode string `json:"promptCacheKeyMode,omitempty"`
	// openai-completions, openai-responses, anthropic-messages
	SupportsLongCacheRetention *bool `json:"supportsLongCacheRetention,omitempty"`
	// openai-responses, openai-codex-responses
	// SupportsMaxOutputTokens false: the endpoint rejects
	// max_output_tokens (some Codex-protocol gateways).
	SupportsMaxOutputTokens *bool `json:"supportsMaxOutputTokens,omitempty"`
	// openai-completions, openai-responses, openai-codex-responses,
	// anthropic-messages: system messages within the conversation.
	SupportsMidConvoSystemMessages *bool `json:"supportsMidConvoSystemMessages,omitempty"`
	// openai-completions, openai-responses, openai-codex-responses:
	// grammar-constrained tool inputs.
	SupportsOpenAIGrammarTools *bool `json:"supportsOpenAIGrammarTools,omitempty"`
	// openai-responses, openai-codex-responses: tools added by system
	// messages within the conversation.
	SupportsAdditionalTools *bool `json:"supportsAdditionalTools,omitempty"`
	// openai-responses, openai-codex-responses: without additional_tools
	// items, tools added by system messages go as the results of a
	// client-side tool search.
	SupportsToolSearch *bool `json:"supportsToolSearch,omitempty"`
	// anthropic-messages, openai-responses, openai-codex-responses: the
	// reasoning effort may change within the conversation (effort markers
	// before replies, configuration_update items).
	SupportsMidConvoEffort *bool `json:"supportsMidConvoEffort,omitempty"`
	// openai-completions: tools added within the conversation are sent in
	// place, as system messages carrying tools (Kimi's form).
	SupportsMidConvoToolAdditions *bool `json:"supportsMidConvoToolAdditions,omitempty"`
	// anthropic-messages: tool changes within the conversation are sent
	// in place (tool_addition / tool_removal blocks) and the request's
	// tool list stays as the conversation began, so the cached prefix
	// survives them.
	SupportsMidConvoToolChanges *bool `json:"supportsMidConvoToolChanges,omitempty"`
	// anthropic-messages
	SupportsEagerToolInputStreaming *bool `json:"supportsEagerToolInputStreaming,omitempty"`
	// SupportsCacheControlOnTools false: no cache_control marker on the
	// last tool (Fireworks and other Anthropic-compatible hosts).
	SupportsCacheControlOnTools *bool `json:"supportsCacheControlOnTools,omitempty"`
	// AllowEmptySignature: replay thinking without a signature as thinking
	// with signature "" instead of as text.
	AllowEmptySignature *bool `json:"allowEmptySignature,omitempty"`
	// SupportsTemperature false: the model rejects a temperature.
	SupportsTemperature *bool `json:"supportsTemperature,omitempty"`
	// SupportsStrictTools: tools may be sent with strict: true.
	SupportsStrictTools *bool `json:"supportsStrictTools,omitempty"`
	// ForceAdaptiveThinking marks a Claude model that thinks adaptively
	// (no budget derived from max_tokens).
	ForceAdaptiveThinking *bool `json:"forceAdaptiveThinking,omitempty"`
	// SupportsMessageThreads: the endpoint takes Anthropic message
	// threads (default: a baseUrl on api.anthropic.com).
	SupportsMessageThreads *bool `json:"supportsMessageThreads,omitempty"`
	// SupportsExplicitPromptCacheMode: the model takes
	// prompt_cache_options (openai-responses), which then replaces
	// prompt_cache_retention.
	SupportsExplicitPromptCacheMode *bool `json:"supportsExplicitPromptCacheMode,omitempty"`
	// AllowedFallbackModels are the models Anthropic may answer with
	// when this one refuses (server-side refusal fallback, at most 3),
	// with their prices for such replies (anthropic-messages).
	AllowedFallbackModels []FallbackModel `json:"allowedFallbackModels,omitempty"`
}

// FallbackModel is one of compat.allowedFallbackModels: a model of the
// same provider and its price.
type FallbackModel struct {
	Provider string `json:"provider"`
	Model    string `json:"model"`
	Cost     Cost   `json:"cost"`
}

// Clone returns a deep copy of c (nil stays nil).
func (c *Compat) Clone() *Compat {
	if c == nil {
		return nil
	}
	d := *c
	d.OpenRouterRouting = cloneMap(c.OpenRouterRouting)
	d.VercelGatewayRouting = cloneMap(c.VercelGatewayRouting)
	d.ChatTemplateKwargs = cloneMap(c.ChatTemplateKwargs)
	d.ChatTemplateArgs = cloneMap(c.ChatTemplateArgs)
	d.AllowedFallbackModels = slices.Clone(c.AllowedFallbackModels)
	return &d
}

// mergeCompat overlays override on base field by field, merging the routing
// objects one level deep (pi's mergeCompat).
func mergeCompat(base, override *Compat) *Compat {
	if override == nil {
		return base.Clone()
	}
	if base == nil {
		return override.Clone()
	}
	m := base.Clone()
	o := override
	setB := func(dst **bool, src *bool) {
		if src != nil {
			v := *src
			*dst = &v
		}
	}
	setS := func(dst *string, src string) {
		if src != "" {
			*dst = src
		}
	}
	setB(&m.SupportsStore, o.SupportsStore)
	setB(&m.SupportsDeveloperRole, o.SupportsDeveloperRole)
	setB(&m.SupportsReasoningEffort, o.SupportsReasoningEffort)
	setB(&m.SupportsUsageInStreaming, o.SupportsUsageInStreaming)
	setB(&m.SupportsFinishReason, o.SupportsFinishReason)
	setS(&m.MaxTokensField, o.MaxTokensField)
	setB(&m.RequiresToolResultName, o.RequiresToolResultName)
	setB(&m.RequiresAssistantAfterToolResult, o.RequiresAssistantAfterToolResult)
	setB(&m.RequiresThinkingAsText, o.RequiresThinkingAsText)
	setB(&m.RequiresReasoningContentOnAssistantMessages, o.RequiresReasoningContentOnAssistantMessages)
	setB(&m.RequiresNonNullAssistantContent, o.RequiresNonNullAssistantContent)
	setB(&m.RequiresToolsWithToolHistory, o.RequiresToolsWithToolHistory)
	setS(&m.ThinkingFormat, o.ThinkingFormat)
	setS(&m.ThinkingTokenBudgetField, o.ThinkingTokenBudgetField)
	setB(&m.SupportsThinkingTokenBudget, o.SupportsThinkingTokenBudget)
	if o.VLLMPriority != nil {
		v := *o.VLLMPriority
		m.VLLMPriority = &v
	}
	setB(&m.ZaiToolStream, o.ZaiToolStream)
	setB(&m.SupportsStrictMode, o.SupportsStrictMode)
	setS(&m.CacheControlFormat, o.CacheControlFormat)
	setB(&m.SendSessionAffinityHeaders, o.SendSessionAffinityHeaders)
	setS(&m.SessionAffinityFormat, o.SessionAffinityFormat)
	setS(&m.PromptCacheKeyMode, o.PromptCacheKeyMode)
	setB(&m.SupportsMaxOutputTokens, o.SupportsMaxOutputTokens)
	setB(&m.SupportsLongCacheRetention, o.SupportsLongCacheRetention)
	setB(&m.SupportsMidConvoSystemMessages, o.SupportsMidConvoSystemMessages)
	setB(&m.SupportsOpenAIGrammarTools, o.SupportsOpenAIGrammarTools)
	setB(&m.SupportsAdditionalTools, o.SupportsAdditionalTools)
	setB(&m.SupportsToolSearch, o.SupportsToolSearch)
	setB(&m.SupportsMidConvoEffort, o.SupportsMidConvoEffort)
	setB(&m.SupportsMidConvoToolChanges, o.SupportsMidConvoToolChanges)
	setB(&m.SupportsMidConvoToolAdditions, o.SupportsMidConvoToolAdditions)
	setB(&m.SupportsEagerToolInputStreaming, o.SupportsEagerToolInputStreaming)
	setB(&m.SupportsTemperature, o.SupportsTemperature)
	setB(&m.SupportsCacheControlOnTools, o.SupportsCacheControlOnTools)
	setB(&m.AllowEmptySignature, o.AllowEmptySignature)
	setB(&m.SupportsStrictTools, o.SupportsStrictTools)
	setB(&m.ForceAdaptiveThinking, o.ForceAdaptiveThinking)
	setB(&m.SupportsExplicitPromptCacheMode, o.SupportsExplicitPromptCacheMode)
	setB(&m.SupportsMessageThreads, o.SupportsMessageThreads)
	if o.AllowedFallbackModels != nil {
		m.AllowedFallbackModels = slices.Clone(o.AllowedFallbackModels)
	}
	if base.OpenRouterRouting != nil || o.OpenRouterRouting != nil {
		m.OpenRouterRouting = mergeShallow(base.OpenRouterRouting, o.OpenRouterRouting)
	}
	if base.VercelGatewayRouting != nil || o.VercelGatewayRouting != nil {
		m.VercelGatewayRouting = mergeShallow(base.VercelGatewayRouting, o.VercelGatewayRouting)
	}
	if base.ChatTemplateKwargs != nil || o.ChatTemplateKwargs != nil {
		m.ChatTemplateKwargs = mergeShallow(base.ChatTemplateKwargs, o.ChatTemplateKwargs)
	}
	if base.ChatTemplateArgs != nil || o.ChatTemplateArgs != nil {
		m.ChatTemplateArgs = mergeShallow(base.ChatTemplateArgs, o.ChatTemplateArgs)
	}
	return m
}

// SupportedThinkingLevels lists the levels a model accepts (pi-ai's
// getSupportedThinkingLevels): only "off" for non-reasoning models; levels
// mapped to null are dropped; xhigh and max only when the map names them.
func SupportedThinkingLevels(m *Model) []ThinkingLevel {
	if !m.Reasoning {
		return []ThinkingLevel{ThinkingOff}
	}
	var out []ThinkingLevel
	for _, l := range ThinkingLevels() {
		v, ok := m.ThinkingLevelMap[l]
		if ok && v == nil {
			continue
		}
		if (l == ThinkingXHigh || l == ThinkingMax) && !ok {
			continue
		}
		out = append(out, l)
	}
	return out
}

// ClampThinkingLevel returns the supported level nearest to l, preferring
// stronger levels (pi-ai's clampThinkingLevel).
func ClampThinkingLevel(m *Model, l ThinkingLevel) ThinkingLevel {
	avail := SupportedThinkingLevels(m)
	first := ThinkingOff
	if len(avail) > 0 {
		first = avail[0]
	}
	if slices.Contains(avail, l) {
		return l
	}
	all := ThinkingLevels()
	idx := slices.Index(all, l)
	if idx < 0 {
		return first
	}
	for i := idx; i < len(all); i++ {
		if slices.Contains(avail, all[i]) {
			return all[i]
		}
	}
	for i := idx - 1; i >= 0; i-- {
		if slices.Contains(avail, all[i]) {
			return all[i]
		}
	}
	return first
}

// mappedLevel returns the thinking-level map value for l when it is a string.
func (m *Model) mappedLevel(l ThinkingLevel) (string, bool) {
	v, ok := m.ThinkingLevelMap[l]
	if !ok || v == nil {
		return "", false
	}
	return *v, true
}

func cloneStrings(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func cloneMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	return cloneValue(m).(map[string]any)
}

// cloneValue deep-copies a JSON-like value (maps and slices are copied).
func cloneValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if x == nil {
			return x
		}
		c := make(map[string]any, len(x))
		for k, e := range x {
			c[k] = cloneValue(e)
		}
		return c
	case []any:
		if x == nil {
			return x
		}
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = cloneValue(e)
		}
		return c
	default:
		return v
	}
}

func mergeShallow(a, b map[string]any) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = cloneValue(v)
	}
	for k, v := range b {
		out[k] = cloneValue(v)
	}
	return out
}

func ptr[T any](v T) *T { return &v }

package provider

import (
	"cmp"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// payloadRanks is, per API, the order in which pi-ai 1.6 sets the keys of
// the request objects it builds (one ranking serves every object of the
// request: no two of its objects order shared keys differently).
// openAIResponsesRank is buildParams, convertResponsesMessages and
// convertResponsesTools of openai-responses (an assistant message is
// type, role, content, status, id; an image detail before image_url; a
// custom tool call's input after its name, the request's after model);
// azure-openai-responses sets the same keys in the same order.
var openAIResponsesRank = rankOf("model", "type", "role", "content", "status", "id", "phase", "call_id", "name", "input",
	"description", "parameters", "format", "syntax", "definition", "defer_loading", "strict", "arguments", "query", "limit", "output", "text", "annotations", "detail", "image_url",
	"instructions", "stream",
	"prompt_cache_key", "prompt_cache_retention", "prompt_cache_options", "store", "max_output_tokens",
	"temperature", "service_tier", "tools", "tool_choice", "parallel_tool_calls", "reasoning", "effort",
	"summary", "encrypted_content", "include", "verbosity")

var payloadRanks = map[string]map[string]int{
	// buildParams, convertMessages and convertTools of openai-completions.
	APIOpenAICompletions: rankOf("model", "messages", "role", "content", "tool_calls", "reasoning_details", "tool_call_id",
		"id", "type", "function", "custom", "name", "description", "parameters", "strict", "arguments", "input", "format",
		"grammar", "syntax", "definition", "text", "image_url", "url", "cache_control", "stream", "prompt_cache_key", "prompt_cache_retention",
		"stream_options", "include_usage", "store", "max_tokens", "max_completion_tokens", "temperature", "tools",
		"tool_stream", "tool_choice", "priority", "enable_thinking", "chat_template_kwargs", "preserve_thinking",
		"chat_template_args", "thinking", "clear_thinking", "reasoning", "effort", "enabled", "reasoning_effort",
		"thinking_token_budget", "thinking_budget", "thinking_budget_tokens", "provider", "providerOptions", "gateway"),
	// buildParams, convertMessages and convertTools of anthropic-messages
	// (input_schema's keys as pi-ai writes them, not as declared).
	APIAnthropicMessages: rankOf("model", "messages", "role", "type", "id", "tool_use_id", "name", "description",
		"eager_input_streaming", "strict", "input_schema", "properties", "required", "additionalProperties", "$defs",
		"definitions", "input", "content", "is_error", "text", "source", "media_type", "data", "url", "max_tokens",
		"stream", "betas", "system", "temperature", "tools", "thinking", "signature", "budget_tokens", "display",
		"output_config", "effort", "metadata", "user_id", "tool_choice", "fallbacks", "tool", "definition", "cache_control",
		"ttl"),
	APIOpenAIResponses:      openAIResponsesRank,
	APIAzureOpenAIResponses: openAIResponsesRank,
	// buildChatPayload and toChatMessages of mistral-conversations, with
	// the Mistral SDK's camelCase names handlers see.
	APIMistralConversations: rankOf("model", "stream", "messages", "role", "prefix", "toolCallId", "id", "type", "function",
		"name", "description", "parameters", "strict", "arguments", "index", "content", "text", "imageUrl", "thinking",
		"toolCalls", "tools", "temperature", "maxTokens", "toolChoice", "promptMode", "reasoningEffort", "promptCacheKey"),
	// buildParams and convertMessages of google-vertex: the
	// generateContentStream parameters.
	APIGoogleVertex: rankOf("model", "contents", "role", "thought", "text", "functionCall", "functionResponse", "name",
		"description", "parametersJsonSchema", "args", "response", "output", "error", "parts", "id", "inlineData",
		"mimeType", "data", "thoughtSignature", "config", "temperature", "maxOutputTokens", "systemInstruction", "tools",
		"functionDeclarations", "toolConfig", "functionCallingConfig", "mode", "automaticContinuation", "thinkingConfig",
		"includeThoughts", "thinkingLevel", "thinkingBudget"),
	// the command input of bedrock-converse-stream (convertMessages,
	// buildSystemPrompt, convertToolConfig and
	// buildAdditionalModelRequestFields).
	APIBedrockConverseStream: rankOf("modelId", "messages", "role", "toolUseId", "content", "name", "input", "text",
		"image", "source", "bytes", "format", "toolResult", "status", "toolUse", "reasoningContent", "reasoningText",
		"signature", "redactedContent", "cachePoint", "type", "ttl", "system", "inferenceConfig", "maxTokens",
		"temperature", "toolConfig", "tools", "toolSpec", "description", "inputSchema", "json", "strict", "toolChoice",
		"auto", "any", "tool", "additionalModelRequestFields", "thinking", "budget_tokens", "display", "block_binding",
		"prefix_mismatch_behavior", "output_config", "effort", "anthropic_beta", "reasoning_effort", "reasoning",
		"requestMetadata"),
	// buildRequestBody of openai-codex-responses, with the input items of
	// the shared convertResponsesMessages (an assistant message is type,
	// role, content, status, id; an image detail before image_url) and
	// convertResponsesTools.
	APIOpenAICodexResponses: rankOf("model", "store", "stream", "type", "role", "content", "status", "id",
		"phase", "call_id", "name", "input", "description", "parameters", "format", "syntax", "definition", "defer_loading",
		"strict", "arguments", "query", "limit", "output", "text", "annotations",
		"detail", "image_url", "verbosity", "include", "prompt_cache_key", "tool_choice", "parallel_tool_calls",
		"max_output_tokens", "temperature", "service_tier", "tools", "reasoning", "effort", "summary", "encrypted_content"),
	// buildParams, convertMessages and convertTools of google-generative-ai:
	// {model, contents, config}; a thinking part is thought, text,
	// thoughtSignature; a function response name, response, parts, id.
	APIGoogleGenerativeAI: rankOf("model", "contents", "role", "thought", "text", "functionCall", "functionResponse",
		"inlineData", "mimeType", "data", "name", "description", "parameters", "parametersJsonSchema", "args", "response",
		"error", "output", "parts", "id", "thoughtSignature", "config", "temperature", "maxOutputTokens",
		"systemInstruction", "tools", "functionDeclarations", "toolConfig", "functionCallingConfig", "mode",
		"automaticContinuation", "thinkingConfig", "includeThoughts", "thinkingLevel", "thinkingBudget", "abortSignal"),
}

// itemRanks order the Responses input items whose keys the API's ranking
// cannot (by their type): a tool search's call and output put status after
// call_id, where messages put it before id and function calls id before
// call_id.
var itemRanks = map[string]map[string]int{
	"tool_search_call":   rankOf("type", "call_id", "execution", "status", "arguments"),
	"tool_search_output": rankOf("type", "call_id", "execution", "status", "tools"),
}

func rankOf(keys ...string) map[string]int {
	m := make(map[string]int, len(keys))
	for i, k := range keys {
		m[k] = i
	}
	return m
}

// HandlerPayload is a request body params for api as pi-ai builds it,
// for before_provider_request's handlers, which enumerate its keys: each
// object's keys in the order pi-ai sets them (keys it does not set last,
// sorted), as *jsjson.Object; objects already ordered (a tool's schema as
// declared) are kept. For an API whose order is not known, params itself.
func HandlerPayload(api string, params any) any {
	rank, ok := payloadRanks[api]
	if !ok {
		return params
	}
	return orderByRank(params, rank)
}

func orderByRank(v any, rank map[string]int) any {
	switch x := v.(type) {
	case map[string]any:
		o := make(jsjson.Object, 0, len(x))
		for k, e := range x {
			o = append(o, jsjson.Member{Key: k, Value: orderByRank(e, rank)})
		}
		rank := rank
		if t, ok := x["type"].(string); ok && itemRanks[t] != nil {
			rank = itemRanks[t]
		}
		slices.SortFunc(o, func(a, b jsjson.Member) int {
			ra, oka := rank[a.Key]
			rb, okb := rank[b.Key]
			switch {
			case oka && okb:
				return cmp.Compare(ra, rb)
			case oka:
				return -1
			case okb:
				return 1
			}
			return strings.Compare(a.Key, b.Key)
		})
		return &o
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = orderByRank(e, rank)
		}
		return out
	}
	return v
}

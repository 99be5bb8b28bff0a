package provider

import "regexp"

// overflowRe joins pi-ai's OVERFLOW_PATTERNS (Anthropic, Bedrock, OpenAI,
// Gemini, xAI, Groq, OpenRouter, Copilot, llama.cpp, LM Studio, MiniMax,
// Kimi, Mistral, z.ai, Ollama, generic fallbacks, Cerebras' bodiless 400/413).
var overflowRe = regexp.MustCompile(`(?i)prompt is too long|request_too_large|input is too long for requested model|` +
	`exceeds the context window|input token count.*exceeds the maximum|maximum prompt length is \d+|` +
	`reduce the length of the messages|maximum context length is \d+ tokens|exceeds the limit of \d+|` +
	`exceeds the available context size|greater than the context length|context window exceeds limit|` +
	`exceeded model token limit|too large for model with \d+ maximum context length|model_context_window_exceeded|` +
	`prompt too long; exceeded (?:max )?context length|context[_ ]length[_ ]exceeded|too many tokens|` +
	`token limit exceeded|^4(?:00|13)\s*(?:status code)?\s*\(no body\)`)

// nonOverflowRe is pi-ai's NON_OVERFLOW_PATTERNS (throttling, rate limits).
var nonOverflowRe = regexp.MustCompile(`(?i)^(?:Throttling error|Service unavailable):|rate limit|too many requests`)

// IsContextOverflow reports whether m says the input exceeded the context
// window (pi-ai's isContextOverflow): a known overflow error text, or a
// successful reply whose input exceeds contextWindow (0 = unknown), or a
// zero-output length stop that filled the window.
func IsContextOverflow(m *AssistantMessage, contextWindow int) bool {
	if m.StopReason == StopReasonError && m.ErrorMessage != "" &&
		!nonOverflowRe.MatchString(m.ErrorMessage) && overflowRe.MatchString(m.ErrorMessage) {
		return true
	}
	in := m.Usage.Input + m.Usage.CacheRead
	if contextWindow > 0 && m.StopReason == StopReasonStop && in > contextWindow {
		return true
	}
	return contextWindow > 0 && m.StopReason == StopReasonLength && m.Usage.Output == 0 &&
		float64(in) >= float64(contextWindow)*0.99
}

package provider

import (
	"math"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// pi-ai 1.6's input estimate (utils/estimate.js) and the output cap it
// leaves room for (api/simple-options.js clampMaxTokensToContext); the
// constants are pi-ai's.
const (
	estimateCharsPerToken    = 3.5
	estimatedImageChars      = 4800
	contextSafetyTokens      = 4096
	contextSafetyRatio       = 0.15 // OpenRouter counts input up to 12% above the provider
	minOutputWithRatioMargin = 32768
)

// clampMaxTokensToContext fits maxTokens into the model's context window,
// leaving room for the input being counted higher than estimated.
func clampMaxTokensToContext(m *Model, c *Context, maxTokens int) int {
	if m.ContextWindow <= 0 {
		return max(1, maxTokens)
	}
	input := estimateContextTokens(c)
	margin := max(contextSafetyTokens, int(math.Ceil(float64(input)*contextSafetyRatio)))
	room := m.ContextWindow - input - margin
	if room < minOutputWithRatioMargin {
		room = min(minOutputWithRatioMargin, m.ContextWindow-input-contextSafetyTokens)
	}
	return min(maxTokens, max(1, room))
}

// estimateContextTokens is pi-ai's estimateContextTokens(context).tokens:
// the last usable assistant usage plus an estimate of what follows it, or
// an estimate of everything. pi 1.6 holds the system prompt and the tool
// loadout as system messages ahead of the conversation, estimated as
// their text and the tools' JSON; pigo's Context has them apart.
func estimateContextTokens(c *Context) int {
	if c == nil {
		return 0
	}
	msgs := session.ConvertToLlmTranscript(c.Messages) // later system messages count where they are sent
	hasSystem := c.SystemPrompt != "" || len(c.Tools) > 0
	if usage, at := lastAssistantUsage(msgs, hasSystem); at >= 0 {
		for _, m := range msgs[at+1:] {
			usage += estimateMessageTokens(m)
		}
		return usage
	}
	tokens := estimateTextTokens(c.SystemPrompt)
	if len(c.Tools) > 0 {
		tools := make([]any, len(c.Tools))
		for i, t := range c.Tools {
			// The declarations as pi's system message holds them.
			decl := jsjson.Object{{Key: "name", Value: t.Name}, {Key: "description", Value: t.Description},
				{Key: "parameters", Value: t.declaredParameters()}}
			if t.ConstrainedSampling != nil {
				decl = append(decl, jsjson.Member{Key: "constrainedSampling", Value: t.ConstrainedSampling})
			}
			tools[i] = &decl
		}
		tokens += estimateTextTokens(jsjson.Stringify(tools))
	}
	for _, m := range msgs {
		tokens += estimateMessageTokens(m)
	}
	return tokens
}

// lastAssistantUsage is pi-ai's getLastAssistantUsageInfo: the context
// tokens of the last assistant message that completed with usage and is
// not older than a message before it (a compaction summary inserted
// after it), and its index (-1 when none). pi-ai's leading system message
// (hasSystem) has timestamp 0; a message without a timestamp compares as
// JavaScript's undefined does (NaN).
func lastAssistantUsage(msgs []map[string]any, hasSystem bool) (tokens, index int) {
	index = -1
	latest := math.Inf(-1)
	if hasSystem {
		latest = 0
	}
	for i, m := range msgs {
		ts, ok := jsjson.Float64(m["timestamp"])
		if !ok {
			ts = math.NaN()
		}
		if m["role"] == "assistant" {
			stop := m["stopReason"]
			u, _ := m["usage"].(map[string]any)
			if t := usageContextTokens(u); ts >= latest && stop != "aborted" && stop != "error" && t > 0 {
				tokens, index = t, i
			}
		}
		latest = max(latest, ts)
	}
	return tokens, index
}

// usageContextTokens is pi-ai's calculateContextTokens.
func usageContextTokens(u map[string]any) int {
	if t := num(u, "totalTokens"); t != 0 {
		return int(t)
	}
	return int(num(u, "input") + num(u, "output") + num(u, "cacheRead") + num(u, "cacheWrite"))
}

func estimateTextTokens(s string) int {
	return int(math.Ceil(float64(jsjson.Len(s)) / estimateCharsPerToken))
}

// estimateMessageTokens is pi-ai's estimateMessageTokens.
func estimateMessageTokens(m map[string]any) int {
	chars := 0
	switch m["role"] {
	case "system":
		tokens := estimateTextTokens(session.SystemMessageText(m))
		for _, k := range []string{"toolsAdded", "toolsRemoved"} {
			if len(session.ToolList(m[k])) > 0 {
				tokens += estimateTextTokens(jsjson.Stringify(m[k]))
			}
		}
		return tokens
	case "user", "toolResult":
		if s, ok := m["content"].(string); ok {
			chars = jsjson.Len(s)
			break
		}
		for _, b := range list(m, "content") {
			bm, _ := b.(map[string]any)
			if bm["type"] == "text" {
				chars += jsjson.Len(str(bm, "text"))
			} else {
				chars += estimatedImageChars
			}
		}
	case "assistant":
		for _, b := range list(m, "content") {
			bm, _ := b.(map[string]any)
			switch bm["type"] {
			case "text":
				chars += jsjson.Len(str(bm, "text"))
			case "thinking":
				chars += jsjson.Len(str(bm, "thinking"))
			default:
				chars += jsjson.Len(str(bm, "name")) + jsjson.Len(jsjson.Stringify(bm["arguments"]))
			}
		}
	}
	return int(math.Ceil(float64(chars) / estimateCharsPerToken))
}

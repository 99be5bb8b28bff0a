package piapi

import (
	"cmp"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/session"
)

// EventOrder ranks object keys the way pi 1.6 builds its event objects
// (JavaScript keeps insertion order): "type" first, then a message's role,
// ids and content, usage last; usage and cost objects in pi-ai's order; a
// system message's sections in the order pi's prompt builder makes them.
// Unknown keys follow, sorted. It is the one order of pi's events, both as
// the RPC mode writes them and as extension handlers get them.
var EventOrder = NewEventOrder(nil)

// HandlerEventOrder is the key order of the event objects pi 1.6 hands
// its extension handlers: the event's own keys as pi's extension runner
// builds each event (not always the agent's event order: message_update
// has its message first), the messages, entries and content blocks in
// them in the session file's order (session.MessageKeys, EntryKeys,
// BlockKeys), pi's compaction preparation and boundary context in pi's
// order, anything else as EventOrder.
var HandlerEventOrder jsjson.KeyOrder = newHandlerEventOrder()

func newHandlerEventOrder() handlerEvent {
	ko := &EventKeyOrder{general: EventOrder.general, responsesAssistant: EventOrder.responsesAssistant, usage: EventOrder.usage,
		shapes: true, named: map[string]*named{}}
	for k, t := range namedKeys {
		ko.named[k] = &named{table: t, nested: ko}
	}
	return handlerEvent{nested: ko}
}

// handlerEventKeys is the key order of each event object pi's extension
// runner builds.
var handlerEventKeys = map[string][]string{
	"resources_discover":      {"type", "cwd", "reason"},
	"session_start":           {"type", "reason", "previousSessionFile"},
	"session_before_switch":   {"type", "reason", "targetSessionFile"},
	"session_shutdown":        {"type", "reason", "targetSessionFile"},
	"session_before_compact":  {"type", "preparation", "branchEntries", "customInstructions", "reason", "willRetry", "signal"},
	"session_compact":         {"type", "compactionEntry", "fromExtension", "reason", "willRetry"},
	"input":                   {"type", "text", "images", "source"},
	"before_agent_start":      {"messageType", "prompt", "images", "type", "systemPromptOptions", "systemPrompt"},
	"agent_end":               {"type", "messages"},
	"agent_before_settle":     {"type", "outcome", "entries", "continue", "context"},
	"agent_settled":           {"type", "aborted"},
	"turn_start":              {"type", "turnIndex", "timestamp"},
	"turn_end":                {"type", "turnIndex", "message", "toolResults", "messageEntryId", "toolResultEntryIds", "outcome", "entries", "continue", "context"},
	"message_start":           {"type", "message"},
	"message_update":          {"type", "message", "assistantMessageEvent"},
	"message_end":             {"type", "message"},
	"context":                 {"type", "messages"},
	"context_with_system":     {"type", "messages"},
	"before_provider_request": {"type", "payload"},
	"after_provider_response": {"type", "status", "headers"},
	"provider_stream_event":   {"data", "type", "provider", "api", "model"},
	"tool_call":               {"type", "toolName", "toolCallId", "input"},
	"tool_result":             {"type", "toolName", "toolCallId", "input", "content", "details", "isError"},
	"tool_execution_start":    {"type", "toolCallId", "toolName", "args"},
	"tool_execution_update":   {"type", "toolCallId", "toolName", "args", "partialResult"},
	"tool_execution_end":      {"type", "toolCallId", "toolName", "result", "isError", "durationMs"},
}

// namedKeys is the key order of the objects pi builds under an event
// key: a compaction's preparation and its parts, a boundary's context.
var namedKeys = map[string][]string{
	"preparation":    {"firstKeptEntryId", "messagesToSummarize", "turnPrefixMessages", "isSplitTurn", "tokensBefore", "previousSummary", "fileOps", "settings"},
	"fileOps":        {"read", "written", "edited"},
	"settings":       {"enabled", "reserveTokens", "keepRecentTokens"},
	"context":        {"contextEntries", "contextMessages", "llmMessages", "pendingMessages", "canContinue"},
	"contextEntries": {"sourceEntry", "messages"},                                                // each element's
	"systemMessage":  {"role", "content", "sections", "toolsAdded", "toolsRemoved", "timestamp"}, // a compaction's
}

// handlerEvent orders an event object pi's extension runner builds.
type handlerEvent struct{ nested *EventKeyOrder }

func (o handlerEvent) Keys(keys []string, m map[string]any) []string {
	typ, _ := m["type"].(string)
	return o.nested.keysWith(keys, m, handlerEventKeys[typ])
}

func (o handlerEvent) Member(m map[string]any, key string) jsjson.KeyOrder {
	return o.nested.Member(m, key)
}

func (o handlerEvent) Element() jsjson.KeyOrder { return o.nested }

// named orders the object under a key namedKeys lists.
type named struct {
	table  []string
	nested *EventKeyOrder
}

func (o *named) Keys(keys []string, m map[string]any) []string {
	return o.nested.keysWith(keys, m, o.table)
}

func (o *named) Member(m map[string]any, key string) jsjson.KeyOrder { return o.nested.Member(m, key) }

func (o *named) Element() jsjson.KeyOrder { return o }

// EventKeyOrder is pi's event key order (a jsjson.KeyOrder). Read-only
// once built.
type EventKeyOrder struct {
	general, usage map[string]int
	// responsesAssistant ranks an assistant message of the Responses APIs.
	responsesAssistant map[string]int
	skip               func(v any) bool
	// shapes puts messages, entries and blocks in the session file's
	// order and the objects namedKeys lists in theirs (named).
	shapes bool
	named  map[string]*named
}

// NewEventOrder returns pi's event key order leaving out the members
// whose value skip reports (nil: none).
func NewEventOrder(skip func(v any) bool) *EventKeyOrder {
	return &EventKeyOrder{
		general:            rankOf(generalKeys...),
		responsesAssistant: rankOf(responsesAssistantKeys()...),
		usage:              rankOf("input", "output", "cacheRead", "cacheWrite", "reasoning", "totalTokens", "cost", "cacheWrite1h", "total", "totalFromProvider"),
		skip:               skip,
	}
}

// generalKeys rank the keys of the objects pi's events carry.
var generalKeys = []string{"type", "role", "id", "name", "customType", "command", "toolCallId", "toolName",
	"assistantMessageEvent", "message", "messages", "toolResults", "steering", "followUp",
	"contentIndex", "delta", "content", "toolCall", "partial", "args", "partialResult", "reason", "result",
	"success", "attempt", "maxAttempts", "delayMs", "finalError", "aborted", "willRetry", "error", "output", "exitCode", "cancelled", "truncated", "fullOutputPath",
	"text", "textSignature", "thinking", "thinkingSignature", "redacted", "arguments", "data", "mimeType",
	"summary", "fromId", "firstKeptEntryId", "tokensBefore", "readFiles", "modifiedFiles",
	"display", "details", "isError", "terminate",
	"api", "provider", "baseUrl", "model", "responseModel", "reasoning", "thinkingLevelMap", "input", "cost",
	"contextWindow", "maxTokens", "headers", "compat",
	"sections", "usage", "stopReason", "timestamp", "toolsAdded", "toolsRemoved", "providerThinkingLevel", "responseId", "rawStopReason", "errorMessage", "diagnostics", "durationMs", "thinkingLevel",
	"excludeFromContext"}

// responsesAssistantKeys is generalKeys for an assistant message of the
// Responses APIs, which create their output with the reply's effort
// (providerThinkingLevel) right after model.
func responsesAssistantKeys() []string {
	keys := slices.DeleteFunc(slices.Clone(generalKeys), func(k string) bool { return k == "providerThinkingLevel" })
	at := slices.Index(keys, "model") + 1
	return slices.Insert(keys, at, "providerThinkingLevel")
}

// Rank is key's place among the keys of m, and whether the order knows
// it (unknown keys come after the known ones, sorted).
func (ko *EventKeyOrder) Rank(m map[string]any, key string) (int, bool) {
	r, ok := ko.ranks(m)[key]
	return r, ok
}

func (ko *EventKeyOrder) ranks(m map[string]any) map[string]int {
	if _, ok := m["cacheRead"]; ok {
		return ko.usage
	}
	if m["role"] == "assistant" && (m["api"] == "openai-responses" || m["api"] == "openai-codex-responses") {
		return ko.responsesAssistant
	}
	return ko.general
}

// Keys implements jsjson.KeyOrder: m's keys in pi's order, skipped
// members left out.
func (ko *EventKeyOrder) Keys(keys []string, m map[string]any) []string {
	var table []string
	if ko.shapes {
		table = shapeKeys(m)
	}
	return ko.keysWith(keys, m, table)
}

// shapeKeys is the session file's order for m when m is a message, an
// entry or a content block.
func shapeKeys(m map[string]any) []string {
	if role, ok := m["role"].(string); ok {
		api, _ := m["api"].(string)
		return session.MessageKeys(role, api)
	}
	typ, ok := m["type"].(string)
	if !ok {
		return nil
	}
	if _, entry := m["parentId"]; entry {
		return session.EntryKeys(typ)
	}
	return session.BlockKeys(typ)
}

// keysWith appends m's keys: those in table first, in its order, then the
// others in rank order.
func (ko *EventKeyOrder) keysWith(keys []string, m map[string]any, table []string) []string {
	start := len(keys)
	for _, k := range table {
		if v, ok := m[k]; ok && (ko.skip == nil || !ko.skip(v)) {
			keys = append(keys, k)
		}
	}
	listed := keys[start:]
	rank := ko.ranks(m)
	var scratch [16]rankedKey // most objects have fewer keys: no allocation
	ranked := scratch[:0]
	for k, v := range m {
		if ko.skip != nil && ko.skip(v) || len(listed) > 0 && slices.Contains(listed, k) {
			continue
		}
		r, ok := rank[k]
		if !ok {
			r = len(rank) // unknown keys last
		}
		ranked = append(ranked, rankedKey{k, r})
	}
	slices.SortFunc(ranked, func(a, b rankedKey) int {
		if a.rank != b.rank {
			return cmp.Compare(a.rank, b.rank)
		}
		return strings.Compare(a.key, b.key)
	})
	for _, rk := range ranked {
		keys = append(keys, rk.key)
	}
	return keys
}

// Member implements jsjson.KeyOrder: pi's order at every depth; a system
// message's sections in the order pi's prompt builder makes them.
func (ko *EventKeyOrder) Member(m map[string]any, key string) jsjson.KeyOrder {
	if key == "sections" && m["role"] == "system" {
		return sectionKeys{ko}
	}
	if ko.shapes {
		if n, ok := ko.named[key]; ok {
			return n
		}
	}
	return ko
}

// Element implements jsjson.KeyOrder.
func (ko *EventKeyOrder) Element() jsjson.KeyOrder { return ko }

// sectionKeys orders a system message's sections held in a Go map
// (session.SectionNames); ordered sections write in their own order.
type sectionKeys struct{ *EventKeyOrder }

func (sectionKeys) Keys(keys []string, m map[string]any) []string {
	return append(keys, session.SectionNames(m)...)
}

type rankedKey struct {
	key  string
	rank int
}

func rankOf(keys ...string) map[string]int {
	m := make(map[string]int, len(keys))
	for i, k := range keys {
		m[k] = i
	}
	return m
}

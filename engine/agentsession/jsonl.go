package agentsession

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/protocol"
	"github.com/pigo-dev/pigo/engine/session"
)

// records encodes what the session writes: JSON.stringify's text with
// keys in pi's order (see keyOrder), strings and numbers as encoding/json
// writes them (pi's stdout is compared byte for byte with what pigo wrote
// before), omitted members left out, nil maps and slices as {} and [].
var records = protocol.NewEncoder(newKeyOrder())

// recordWriter sends records to a client. Safe for concurrent use; after
// Stop nothing more is sent.
type recordWriter struct {
	mu      sync.Mutex
	conn    protocol.Conn
	stopped bool
}

func newRecordWriter(conn protocol.Conn) *recordWriter { return &recordWriter{conn: conn} }

// Write sends v as one record. Values that cannot be encoded are dropped.
func (o *recordWriter) Write(v any) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.stopped {
		_ = records.Send(o.conn, v)
	}
}

// Stop ends output.
func (o *recordWriter) Stop() { o.mu.Lock(); o.stopped = true; o.mu.Unlock() }

// ordered is a JSON object whose keys keep their order (pi's responses and
// UI requests are written with JS's insertion order); members with an
// omitted value are left out, as JSON.stringify leaves out undefined.
type ordered []member

type member struct {
	key   string
	value any
}

// omitted marks a member JSON.stringify would leave out (undefined).
type omittedValue struct{}

var omitted = omittedValue{}

// Members implements jsjson.Ordered: the members not omitted.
func (o ordered) Members(yield func(string, any) bool) {
	for _, m := range o {
		if _, skip := m.value.(omittedValue); skip {
			continue
		}
		if !yield(m.key, m.value) {
			return
		}
	}
}

// MarshalJSON implements json.Marshaler.
func (o ordered) MarshalJSON() ([]byte, error) { return jsjson.Marshal(o) }

// orOmitted returns omitted for "" and nil, else v.
func orOmitted(v any) any {
	switch x := v.(type) {
	case nil:
		return omitted
	case string:
		if x == "" {
			return omitted
		}
	}
	return v
}

// keyOrder ranks object keys the way pi's objects are built (JS keeps
// insertion order), so pigo's events read like pi's: "type" first, then a
// message's role, ids and content, usage last; usage and cost objects in
// pi-ai's order. Unknown keys follow in alphabetical order. Read-only once
// built.
type keyOrder struct{ general, usage map[string]int }

func newKeyOrder() *keyOrder {
	return &keyOrder{
		general: rankOf("type", "role", "id", "name", "customType", "command", "toolCallId", "toolName",
			"assistantMessageEvent", "message", "messages", "toolResults", "steering", "followUp",
			"contentIndex", "delta", "content", "toolCall", "partial", "args", "partialResult", "reason", "result",
			"success", "attempt", "maxAttempts", "delayMs", "finalError", "aborted", "willRetry", "error", "output", "exitCode", "cancelled", "truncated", "fullOutputPath",
			"text", "textSignature", "thinking", "thinkingSignature", "redacted", "arguments", "data", "mimeType",
			"summary", "fromId", "firstKeptEntryId", "tokensBefore", "readFiles", "modifiedFiles",
			"display", "details", "isError", "terminate",
			"api", "provider", "baseUrl", "model", "responseModel", "reasoning", "thinkingLevelMap", "input", "cost",
			"contextWindow", "maxTokens", "headers", "compat",
			"sections", "usage", "stopReason", "timestamp", "toolsAdded", "toolsRemoved", "responseId", "rawStopReason", "errorMessage", "diagnostics", "durationMs", "thinkingLevel",
			"excludeFromContext"),
		usage: rankOf("input", "output", "cacheRead", "cacheWrite", "reasoning", "totalTokens", "cost", "total", "totalFromProvider"),
	}
}

// Keys implements jsjson.KeyOrder: m's keys in pi's order, omitted
// members left out.
func (ko *keyOrder) Keys(keys []string, m map[string]any) []string {
	rank := ko.general
	if _, ok := m["cacheRead"]; ok {
		rank = ko.usage
	}
	var scratch [16]rankedKey // most objects have fewer keys: no allocation
	ranked := scratch[:0]
	for k, v := range m {
		if _, skip := v.(omittedValue); skip {
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
func (ko *keyOrder) Member(m map[string]any, key string) jsjson.KeyOrder {
	if key == "sections" && m["role"] == "system" {
		return sectionKeys{ko}
	}
	return ko
}

// sectionKeys orders a system message's sections (session.SectionNames).
type sectionKeys struct{ *keyOrder }

func (sectionKeys) Keys(keys []string, m map[string]any) []string {
	return append(keys, session.SectionNames(m)...)
}

// Element implements jsjson.KeyOrder.
func (ko *keyOrder) Element() jsjson.KeyOrder { return ko }

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

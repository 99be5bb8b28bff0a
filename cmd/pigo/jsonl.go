package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"sort"
	"sync"
)

// Strict JSONL as pi writes and reads it (modes/rpc/jsonl.js): one
// JSON.stringify(obj)+"\n" per record; input is split on "\n" only (never
// on U+2028/U+2029, which JSON strings may contain) and a trailing "\r" is
// stripped.

// jsonlWriter writes one JSON record per line. Safe for concurrent use;
// after Stop nothing more is written.
type jsonlWriter struct {
	mu      sync.Mutex
	w       io.Writer
	order   *keyOrder
	stopped bool
}

func newJSONLWriter(w io.Writer) *jsonlWriter { return &jsonlWriter{w: w, order: newKeyOrder()} }

// Write encodes v (HTML characters unescaped, like JSON.stringify, keys in
// pi's order) as one line. Values that cannot be encoded are dropped.
func (o *jsonlWriter) Write(v any) {
	b, err := marshalJS(o.order.apply(v))
	if err != nil {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if !o.stopped {
		_, _ = o.w.Write(append(b, '\n'))
	}
}

// Stop ends output.
func (o *jsonlWriter) Stop() { o.mu.Lock(); o.stopped = true; o.mu.Unlock() }

// marshalJS is json.Marshal without HTML escaping.
func marshalJS(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

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

// MarshalJSON implements json.Marshaler.
func (o ordered) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	for _, m := range o {
		if _, skip := m.value.(omittedValue); skip {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		k, _ := marshalJS(m.key)
		b.Write(k)
		b.WriteByte(':')
		v, err := marshalJS(m.value)
		if err != nil {
			return nil, err
		}
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

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

// readJSONL calls line for every line of r (split on "\n" only, a trailing
// "\r" removed, the last line delivered even without "\n"), with no limit
// on line length. It returns nil at EOF.
func readJSONL(r io.Reader, line func(string)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		b, err := br.ReadBytes('\n')
		if len(b) > 0 {
			b = bytes.TrimSuffix(b, []byte("\n"))
			b = bytes.TrimSuffix(b, []byte("\r"))
			if len(b) > 0 || err == nil {
				line(string(b))
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
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
			"usage", "stopReason", "timestamp", "responseId", "errorMessage", "diagnostics", "excludeFromContext"),
		usage: rankOf("input", "output", "cacheRead", "cacheWrite", "totalTokens", "cost", "total"),
	}
}

// apply returns v with every object's keys in pi's order; ordered values
// keep their order and have their members ordered in turn.
func (ko *keyOrder) apply(v any) any {
	switch x := v.(type) {
	case map[string]any:
		rank := ko.general
		if _, ok := x["cacheRead"]; ok {
			rank = ko.usage
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			ri, iok := rank[keys[i]]
			rj, jok := rank[keys[j]]
			switch {
			case iok && jok:
				return ri < rj
			case iok != jok:
				return iok
			}
			return keys[i] < keys[j]
		})
		out := make(ordered, len(keys))
		for i, k := range keys {
			out[i] = member{k, ko.apply(x[k])}
		}
		return out
	case ordered:
		out := make(ordered, len(x))
		for i, m := range x {
			out[i] = member{m.key, ko.apply(m.value)}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = ko.apply(e)
		}
		return out
	case []map[string]any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = ko.apply(e)
		}
		return out
	}
	return v
}

func rankOf(keys ...string) map[string]int {
	m := make(map[string]int, len(keys))
	for i, k := range keys {
		m[k] = i
	}
	return m
}

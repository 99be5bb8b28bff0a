package agentsession

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/pigo-dev/pigo/engine/jsjson"
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
	enc     jsjson.Encoder
	stopped bool
	bufs    sync.Pool // *[]byte: encode buffers, reused across records
}

func newJSONLWriter(w io.Writer) *jsonlWriter {
	// Records: encoding/json's strings and numbers (pi's stdout is compared
	// byte for byte with what pigo wrote before), objects as pi's: keys in
	// pi's order, omitted members left out, nil maps and slices as {} and [].
	return &jsonlWriter{w: w, enc: jsjson.Encoder{EncodingJSON: true, Order: newKeyOrder()}}
}

// maxPooledBuf bounds the encode buffers kept for reuse (in bytes): a
// one-off huge record (get_messages on a long session) is not kept alive.
const maxPooledBuf = 1 << 20

// Write encodes v (HTML characters unescaped, like JSON.stringify, keys in
// pi's order) as one line. Values that cannot be encoded are dropped.
func (o *jsonlWriter) Write(v any) {
	bp, _ := o.bufs.Get().(*[]byte)
	if bp == nil {
		bp = new([]byte)
	}
	b, err := o.enc.Append((*bp)[:0], v)
	if err != nil {
		o.bufs.Put(bp)
		return
	}
	b = append(b, '\n')
	o.mu.Lock()
	if !o.stopped {
		_, _ = o.w.Write(b)
	}
	o.mu.Unlock()
	if cap(b) <= maxPooledBuf {
		*bp = b[:0]
		o.bufs.Put(bp)
	}
}

// Stop ends output.
func (o *jsonlWriter) Stop() { o.mu.Lock(); o.stopped = true; o.mu.Unlock() }

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
			"usage", "stopReason", "timestamp", "responseId", "rawStopReason", "errorMessage", "diagnostics", "durationMs", "thinkingLevel",
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

// Member implements jsjson.KeyOrder: pi's order at every depth.
func (ko *keyOrder) Member(map[string]any, string) jsjson.KeyOrder { return ko }

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

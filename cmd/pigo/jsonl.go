package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
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
	bufs    sync.Pool // *[]byte: encode buffers, reused across records
}

func newJSONLWriter(w io.Writer) *jsonlWriter { return &jsonlWriter{w: w, order: newKeyOrder()} }

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
	b, err := appendJS((*bp)[:0], v, o.order)
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

// marshalJS is json.Marshal without HTML escaping.
func marshalJS(v any) ([]byte, error) { return appendJS(nil, v, nil) }

// appendJS appends the JSON encoding of v to b in one pass: it writes
// exactly what encoding/json (HTML escaping off) writes for the data
// types below and hands anything else to encoding/json. Encoding nested
// json.Marshalers through encoding/json instead would re-scan (validate
// and compact) every Marshaler's output at every level, so a
// message_update's partial message would be scanned once per nesting
// level.
//
// With ko set (records), maps come out as pi's objects: keys in pi's
// order, omitted members left out, nil maps and slices as {} and []. That
// reaches every map[string]any, []any, []map[string]any and ordered
// member, but not into values encoding/json encodes. With ko nil it is
// encoding/json: map keys sorted, nil maps and slices null.
func appendJS(b []byte, v any, ko *keyOrder) ([]byte, error) {
	var err error
	switch x := v.(type) {
	case nil:
		return append(b, "null"...), nil
	case string:
		return appendJSString(b, x), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			break // encoding/json's error drops the record
		}
		return appendJSFloat(b, x), nil
	case int:
		return strconv.AppendInt(b, int64(x), 10), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case ordered:
		b = append(b, '{')
		first := true
		for _, m := range x {
			if _, skip := m.value.(omittedValue); skip {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendJSString(b, m.key)
			b = append(b, ':')
			if b, err = appendJS(b, m.value, ko); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case map[string]any:
		if x == nil && ko == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '{')
		first := true
		var scratch [16]rankedKey // most objects have fewer keys: no allocation
		for _, rk := range ko.sortedKeys(x, scratch[:0]) {
			k, v := rk.key, x[rk.key]
			if _, skip := v.(omittedValue); skip && ko != nil {
				continue
			}
			if !first {
				b = append(b, ',')
			}
			first = false
			b = appendJSString(b, k)
			b = append(b, ':')
			if b, err = appendJS(b, v, ko); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case []any:
		if x == nil && ko == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendJS(b, e, ko); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case []map[string]any:
		if x == nil && ko == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			if b, err = appendJS(b, e, ko); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return append(b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...), nil
}

// appendJSFloat is encoding/json's float64 encoding (which is ES6's
// number formatting, except that -0 stays "-0"). x is finite.
func appendJSFloat(b []byte, x float64) []byte {
	format := byte('f')
	if a := math.Abs(x); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, x, format, -1, 64)
	if format == 'e' {
		// e-09 → e-9, as encoding/json does
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendJSString is encoding/json's string encoding with HTML escaping
// off: control characters escaped, invalid UTF-8 as \ufffd, and U+2028
// and U+2029 escaped (encoding/json always escapes them).
func appendJSString(b []byte, s string) []byte {
	if n := len(s) + 2; cap(b)-len(b) < n {
		// Double: append grows large slices by 1.25x, which copies a
		// 10 MB record (get_messages) many times over.
		nb := make([]byte, len(b), 2*cap(b)+n)
		copy(nb, b)
		b = nb
	}
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		for i < len(s) && plainASCII[s[i]] {
			i++
		}
		if i == len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// plainASCII marks the bytes appendJSString copies as they are: ASCII from
// 0x20 up, except '"' and '\\'. Read-only.
var plainASCII = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

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
func (o ordered) MarshalJSON() ([]byte, error) { return appendJS(nil, o, nil) }

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

// sortedKeys appends m's keys to keys in pi's order; a nil ko sorts them
// as encoding/json does.
func (ko *keyOrder) sortedKeys(m map[string]any, keys []rankedKey) []rankedKey {
	var rank map[string]int
	if ko != nil {
		rank = ko.general
		if _, ok := m["cacheRead"]; ok {
			rank = ko.usage
		}
	}
	for k := range m {
		r, ok := rank[k]
		if !ok {
			r = len(rank) // unknown keys last
		}
		keys = append(keys, rankedKey{k, r})
	}
	slices.SortFunc(keys, func(a, b rankedKey) int {
		if a.rank != b.rank {
			return cmp.Compare(a.rank, b.rank)
		}
		return strings.Compare(a.key, b.key)
	})
	return keys
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

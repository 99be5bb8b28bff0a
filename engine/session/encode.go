package session

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"unicode/utf8"
)

// pi writes every line with JSON.stringify, so the bytes depend on the
// order in which its code created the object's properties. Go maps have no
// order, so encodeEntry puts the keys of the objects pi builds itself in
// pi's order (the tables below, read from session-manager.js, pi-ai's
// providers and pi-agent-core's loop) and every other key after them in
// sorted order. Strings are escaped as JSON.stringify escapes them (no
// HTML escaping, U+2028/U+2029 kept raw). Values that JSON cannot hold are
// dropped as JSON.stringify drops functions: omitted from objects, null in
// arrays; NaN and ±Inf become null.
//
// Lines read from a file are never re-encoded unless a migration changed
// them: their original bytes are kept and written back verbatim.

// keyKind says which key-order table applies to an object.
type keyKind int

const (
	kindAny     keyKind = iota // sorted keys
	kindEntry                  // a session entry (by "type")
	kindMessage                // an AgentMessage (by "role")
	kindContent                // an array of content blocks
	kindBlock                  // a content block (by "type")
	kindUsage                  // assistant usage
	kindCost                   // usage.cost
	kindValue                  // data of a pigo.value / pigo.list entry
)

// entryKeyOrder is the property order of each entry type as pi creates it.
func entryKeyOrder(typ string) []string {
	switch typ {
	case "session":
		return []string{"type", "version", "id", "timestamp", "cwd", "parentSession"}
	case "message":
		return []string{"type", "id", "parentId", "timestamp", "message"}
	case "thinking_level_change":
		return []string{"type", "id", "parentId", "timestamp", "thinkingLevel"}
	case "model_change":
		return []string{"type", "id", "parentId", "timestamp", "provider", "modelId"}
	case "compaction":
		return []string{"type", "id", "parentId", "timestamp", "summary", "firstKeptEntryId", "tokensBefore", "details", "fromHook"}
	case "branch_summary":
		return []string{"type", "id", "parentId", "timestamp", "fromId", "summary", "details", "fromHook"}
	case "custom":
		return []string{"type", "customType", "data", "id", "parentId", "timestamp"}
	case "custom_message":
		return []string{"type", "customType", "content", "display", "details", "id", "parentId", "timestamp"}
	case "label":
		return []string{"type", "id", "parentId", "timestamp", "targetId", "label"}
	case "session_info":
		return []string{"type", "id", "parentId", "timestamp", "name"}
	}
	return []string{"type", "id", "parentId", "timestamp"}
}

// messageKeyOrder is the property order of each message role as pi-ai,
// pi-agent-core and the coding agent create it.
func messageKeyOrder(role string) []string {
	switch role {
	case "user":
		return []string{"role", "content", "timestamp"}
	case "assistant":
		return []string{"role", "content", "api", "provider", "model", "usage", "stopReason", "timestamp",
			"responseId", "responseModel", "errorMessage", "diagnostics"}
	case "toolResult":
		return []string{"role", "toolCallId", "toolName", "content", "details", "isError", "timestamp"}
	case "bashExecution":
		return []string{"role", "command", "output", "exitCode", "cancelled", "truncated", "fullOutputPath", "timestamp", "excludeFromContext"}
	case "custom":
		return []string{"role", "customType", "content", "display", "details", "timestamp"}
	case "branchSummary":
		return []string{"role", "summary", "fromId", "timestamp"}
	case "compactionSummary":
		return []string{"role", "summary", "tokensBefore", "timestamp"}
	}
	return []string{"role"}
}

func blockKeyOrder(typ string) []string {
	switch typ {
	case "text":
		return []string{"type", "text", "textSignature"}
	case "thinking":
		return []string{"type", "thinking", "thinkingSignature", "redacted"}
	case "image":
		return []string{"type", "data", "mimeType"}
	case "toolCall":
		return []string{"type", "id", "name", "arguments", "thoughtSignature"}
	}
	return []string{"type"}
}

// childKind is the table for the value under key in an object of kind k.
func childKind(k keyKind, key string) keyKind {
	switch {
	case k == kindEntry && key == "message":
		return kindMessage
	case (k == kindEntry || k == kindMessage) && key == "content":
		return kindContent
	case k == kindMessage && key == "usage":
		return kindUsage
	case k == kindUsage && key == "cost":
		return kindCost
	}
	return kindAny
}

// encodeEntry returns e as pi would write it, without the newline.
func encodeEntry(e map[string]any) []byte {
	var w jsWriter
	if !w.value(e, kindEntry) {
		w.buf.WriteString("null")
	}
	return w.buf.Bytes()
}

// jsWriter writes JSON the way JSON.stringify does.
type jsWriter struct{ buf bytes.Buffer }

// value writes v; it reports false (and writes nothing) when v has no JSON
// form (JSON.stringify's undefined).
func (w *jsWriter) value(v any, k keyKind) bool {
	switch x := v.(type) {
	case nil:
		w.buf.WriteString("null")
	case bool:
		w.buf.WriteString(strconv.FormatBool(x))
	case string:
		w.str(x)
	case float64:
		w.float(x)
	case int:
		w.buf.WriteString(strconv.FormatInt(int64(x), 10))
	case int64:
		w.buf.WriteString(strconv.FormatInt(x, 10))
	case int32:
		w.buf.WriteString(strconv.FormatInt(int64(x), 10))
	case uint64:
		w.buf.WriteString(strconv.FormatUint(x, 10))
	case json.Number:
		w.buf.WriteString(x.String())
	case map[string]any:
		if x == nil {
			w.buf.WriteString("null")
			return true
		}
		w.object(x, k)
	case []any:
		if x == nil {
			w.buf.WriteString("null")
			return true
		}
		elem := kindAny
		if k == kindContent {
			elem = kindBlock
		}
		w.buf.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				w.buf.WriteByte(',')
			}
			if !w.value(e, elem) {
				w.buf.WriteString("null")
			}
		}
		w.buf.WriteByte(']')
	default:
		return w.fallback(v)
	}
	return true
}

// fallback encodes other Go values (structs keep their field order) with
// encoding/json.
func (w *jsWriter) fallback(v any) bool {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Func, reflect.Chan, reflect.UnsafePointer, reflect.Complex64, reflect.Complex128:
		return false
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return false
	}
	w.buf.Write(bytes.TrimRight(b.Bytes(), "\n"))
	return true
}

func (w *jsWriter) object(m map[string]any, k keyKind) {
	var order []string
	switch k {
	case kindEntry:
		typ, _ := m["type"].(string)
		order = entryKeyOrder(typ)
	case kindMessage:
		role, _ := m["role"].(string)
		order = messageKeyOrder(role)
	case kindBlock:
		typ, _ := m["type"].(string)
		order = blockKeyOrder(typ)
	case kindUsage:
		order = []string{"input", "output", "cacheRead", "cacheWrite", "totalTokens", "cost"}
	case kindCost:
		order = []string{"input", "output", "cacheRead", "cacheWrite", "total"}
	case kindValue:
		order = []string{"namespace", "key", "value"}
	}
	keys := make([]string, 0, len(m))
	for _, key := range order {
		if _, ok := m[key]; ok {
			keys = append(keys, key)
		}
	}
	rest := make([]string, 0, len(m)-len(keys))
	for key := range m {
		if !slices.Contains(order, key) {
			rest = append(rest, key)
		}
	}
	slices.Sort(rest)
	keys = append(keys, rest...)

	w.buf.WriteByte('{')
	first := true
	for _, key := range keys {
		mark := w.buf.Len()
		if !first {
			w.buf.WriteByte(',')
		}
		w.str(key)
		w.buf.WriteByte(':')
		ck := childKind(k, key)
		if k == kindEntry && key == "data" && isReservedCustomType(m["customType"]) {
			ck = kindValue
		}
		if !w.value(m[key], ck) {
			w.buf.Truncate(mark) // undefined: the property is omitted
			continue
		}
		first = false
	}
	w.buf.WriteByte('}')
}

// float writes a number as JavaScript's Number.prototype.toString does
// (encoding/json's float format was designed to match it).
func (w *jsWriter) float(f float64) {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		w.buf.WriteString("null")
		return
	case f == 0: // -0 too
		w.buf.WriteByte('0')
		return
	}
	b, err := json.Marshal(f)
	if err != nil {
		w.buf.WriteString("null")
		return
	}
	w.buf.Write(b)
}

// str writes s quoted as JSON.stringify quotes it. Invalid UTF-8 becomes
// U+FFFD (a Go string cannot hold the lone surrogates JS would escape).
func (w *jsWriter) str(s string) {
	const hex = "0123456789abcdef"
	w.buf.WriteByte('"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			w.buf.WriteString(s[start:i])
			switch c {
			case '"', '\\':
				w.buf.WriteByte('\\')
				w.buf.WriteByte(c)
			case '\b':
				w.buf.WriteString(`\b`)
			case '\f':
				w.buf.WriteString(`\f`)
			case '\n':
				w.buf.WriteString(`\n`)
			case '\r':
				w.buf.WriteString(`\r`)
			case '\t':
				w.buf.WriteString(`\t`)
			default:
				w.buf.WriteString(`\u00`)
				w.buf.WriteByte(hex[c>>4])
				w.buf.WriteByte(hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			w.buf.WriteString(s[start:i])
			w.buf.WriteString(`\ufffd`)
			i += size
			start = i
			continue
		}
		i += size
	}
	w.buf.WriteString(s[start:])
	w.buf.WriteByte('"')
}

// quote returns s as a JSON string literal.
func quote(s string) json.RawMessage {
	var w jsWriter
	w.str(s)
	return w.buf.Bytes()
}

// member is one property of an object whose key order is kept.
type member struct {
	key string
	val json.RawMessage
}

// object is a JSON object with its key order kept, as a JavaScript object
// keeps it; migrations edit lines through it so that rewritten lines keep
// pi's order (new keys go last, changed keys stay in place).
type object []member

// parseObject reads one JSON object, keeping key order (a repeated key
// keeps its first position and its last value, as JSON.parse does).
func parseObject(b []byte) (object, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errNotObject
	}
	var o object
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		o.set(key, raw)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return o, nil
}

func (o object) get(key string) (json.RawMessage, bool) {
	for _, m := range o {
		if m.key == key {
			return m.val, true
		}
	}
	return nil, false
}

// set replaces key's value in place, or appends key.
func (o *object) set(key string, val json.RawMessage) {
	for i := range *o {
		if (*o)[i].key == key {
			(*o)[i].val = val
			return
		}
	}
	*o = append(*o, member{key, val})
}

func (o *object) del(key string) {
	*o = slices.DeleteFunc(*o, func(m member) bool { return m.key == key })
}

func (o object) bytes() []byte {
	var w jsWriter
	w.buf.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			w.buf.WriteByte(',')
		}
		w.str(m.key)
		w.buf.WriteByte(':')
		w.buf.Write(m.val)
	}
	w.buf.WriteByte('}')
	return w.buf.Bytes()
}

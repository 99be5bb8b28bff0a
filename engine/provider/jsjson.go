package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Some strings pi-ai builds with JSON.stringify end up on the wire or in
// stored messages (tool-call arguments sent to the Responses API, the
// reasoning item kept as a thinkingSignature, Gemini's tool-call deltas, the
// Gemini SDK's error text). encoding/json writes them differently: it escapes
// <, >, & and U+2028/U+2029 and sorts map keys. The helpers below write JSON
// as JSON.stringify does, and restringifyJSON keeps the key order of JSON
// received from a server, which is what JSON.stringify(JSON.parse(raw))
// does.

// jsObject is a JSON object with its keys in JavaScript property order.
type jsObject struct {
	keys []string
	vals map[string]any
}

// set adds or replaces a property; a replaced property keeps its position,
// as in JavaScript.
func (o *jsObject) set(k string, v any) {
	if o.vals == nil {
		o.vals = map[string]any{}
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// orderedKeys returns the keys in JavaScript's own-property order: array
// indices ascending, then the other keys in insertion order.
func (o *jsObject) orderedKeys() []string {
	var idx, rest []string
	for _, k := range o.keys {
		if isArrayIndex(k) {
			idx = append(idx, k)
		} else {
			rest = append(rest, k)
		}
	}
	if len(idx) == 0 {
		return rest
	}
	slices.SortFunc(idx, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	return append(idx, rest...)
}

// isArrayIndex reports whether k is a canonical array index (0 ≤ n < 2³²−1).
func isArrayIndex(k string) bool {
	if k == "" || len(k) > 10 || (len(k) > 1 && k[0] == '0') {
		return false
	}
	for i := 0; i < len(k); i++ {
		if k[i] < '0' || k[i] > '9' {
			return false
		}
	}
	n, err := strconv.ParseUint(k, 10, 64)
	return err == nil && n < math.MaxUint32
}

// jsonStringify writes v (nil, bool, string, numbers, map[string]any, []any,
// *jsObject) as JSON.stringify does. Go maps have no order; their keys are
// written sorted (array indices first).
func jsonStringify(v any) string {
	var b bytes.Buffer
	writeJS(&b, v)
	return b.String()
}

func writeJS(b *bytes.Buffer, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case string:
		writeJSString(b, x)
	case float64:
		b.WriteString(jsNumber(x, "null"))
	case int:
		b.WriteString(strconv.Itoa(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case json.Number:
		f, _ := strconv.ParseFloat(x.String(), 64)
		b.WriteString(jsNumber(f, "null"))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJS(b, e)
		}
		b.WriteByte(']')
	case map[string]any:
		o := &jsObject{vals: x}
		for k := range x {
			o.keys = append(o.keys, k)
		}
		slices.Sort(o.keys)
		writeJS(b, o)
	case *jsObject:
		b.WriteByte('{')
		for i, k := range x.orderedKeys() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSString(b, k)
			b.WriteByte(':')
			writeJS(b, x.vals[k])
		}
		b.WriteByte('}')
	default:
		// Not produced by this package's data; encoding/json is close enough.
		raw, err := json.Marshal(x)
		if err != nil {
			b.WriteString("null")
			return
		}
		b.Write(raw)
	}
}

// jsNumber formats f as JavaScript's Number#toString; nonFinite is used for
// NaN and ±Infinity ("null" in JSON).
func jsNumber(f float64, nonFinite string) string {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return nonFinite
	case f == 0: // -0 too
		return "0"
	}
	// encoding/json's float format was designed to match JavaScript's.
	raw, _ := json.Marshal(f)
	return string(raw)
}

// writeJSString quotes s as JSON.stringify does: only ", \ and control
// characters are escaped. Invalid UTF-8 becomes U+FFFD (a Go string cannot
// hold the lone surrogates JavaScript would escape).
func writeJSString(b *bytes.Buffer, s string) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b.WriteString(s[start:i])
			switch c {
			case '"', '\\':
				b.WriteByte('\\')
				b.WriteByte(c)
			case '\b':
				b.WriteString(`\b`)
			case '\f':
				b.WriteString(`\f`)
			case '\n':
				b.WriteString(`\n`)
			case '\r':
				b.WriteString(`\r`)
			case '\t':
				b.WriteString(`\t`)
			default:
				b.WriteString(`\u00`)
				b.WriteByte(hex[c>>4])
				b.WriteByte(hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteString(s[start:i])
			b.WriteString("\ufffd")
			i += size
			start = i
			continue
		}
		i += size
	}
	b.WriteString(s[start:])
	b.WriteByte('"')
}

// parseOrderedJSON decodes raw JSON keeping object key order: objects become
// *jsObject, numbers float64.
func parseOrderedJSON(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected data after top-level value")
	}
	return v, nil
}

func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			o := &jsObject{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				o.set(kt.(string), v)
			}
			_, err := dec.Token() // '}'
			return o, err
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			_, err := dec.Token() // ']'
			return arr, err
		}
		return nil, errors.New("unexpected delimiter")
	case json.Number:
		f, err := strconv.ParseFloat(t.String(), 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil, err
		}
		return f, nil
	default: // string, bool, nil
		return t, nil
	}
}

// restringifyJSON is JSON.stringify(JSON.parse(raw)).
func restringifyJSON(raw []byte) (string, error) {
	v, err := parseOrderedJSON(raw)
	if err != nil {
		return "", err
	}
	return jsonStringify(v), nil
}

// jsTemplate is how a JavaScript template literal shows a JSON value
// (`${v}`); present is false for a missing property (undefined).
func jsTemplate(v any, present bool) string {
	if !present {
		return "undefined"
	}
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		if math.IsNaN(x) {
			return "NaN"
		}
		if math.IsInf(x, 0) {
			if x > 0 {
				return "Infinity"
			}
			return "-Infinity"
		}
		return jsNumber(x, "")
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil {
				parts[i] = jsTemplate(e, true)
			}
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}

// jsField returns m[k] as a template literal shows it.
func jsField(m map[string]any, k string) string {
	v, ok := m[k]
	return jsTemplate(v, ok)
}

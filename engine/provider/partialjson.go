package provider

import (
	"encoding/json"
	"errors"
	"math"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// parseStreamingJSON is pi-ai's parseStreamingJson: tool-call arguments that
// may be incomplete or slightly malformed are parsed as far as possible and
// never fail. Strict JSON first, then JSON with repaired string escapes, then
// the partial-json algorithm (on the raw and on the repaired text), else {}.
// Results that are not objects become {} (pi-ai would keep them).
func parseStreamingJSON(s string) map[string]any {
	if strings.TrimSpace(s) == "" {
		return map[string]any{}
	}
	if v, err := parseJSONWithRepair(s); err == nil {
		return asObject(v)
	}
	if v, err := partialParse(s); err == nil {
		return asObject(v)
	}
	if v, err := partialParse(repairJSON(s)); err == nil {
		return asObject(v)
	}
	return map[string]any{}
}

// parseToolCallArguments is pi-ai 1.6's parseToolCallArguments: the
// finished argument text of a tool call, parsed strictly (after
// parseJsonWithRepair's escape repair). Text that is not a JSON object gives
// {} and the error pi-ai reports to the model: V8's JSON.parse message (or
// "Tool arguments must be a JSON object"), then the text received.
func parseToolCallArguments(text string) (map[string]any, string) {
	if jsjson.Trim(text) == "" { // JavaScript's trim: U+FEFF too
		return map[string]any{}, ""
	}
	v, err := parseJSONWithRepair(text)
	msg := ""
	if err != nil {
		parsed := text
		if r := repairJSON(text); r != text {
			parsed = r // pi-ai throws JSON.parse's error on the repaired text
		}
		if msg = jsjson.ParseError(parsed); msg == "" {
			msg = err.Error() // Go rejects what V8 accepts: not expected for JSON
		}
	} else if m, ok := v.(map[string]any); ok {
		return m, ""
	} else {
		msg = "Tool arguments must be a JSON object"
	}
	return map[string]any{}, msg + "\n\nReceived arguments:\n" + text
}

func asObject(v any) map[string]any {
	if m, ok := v.(map[string]any); ok {
		return m
	}
	return map[string]any{}
}

func jsonParse(s string) (any, error) {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return nil, err
	}
	return v, nil
}

// parseJSONWithRepair is pi-ai's parseJsonWithRepair.
func parseJSONWithRepair(s string) (any, error) {
	v, err := jsonParse(s)
	if err == nil {
		return v, nil
	}
	if r := repairJSON(s); r != s {
		return jsonParse(r)
	}
	return nil, err
}

// repairJSON is pi-ai's repairJson: inside string literals, raw control
// characters are escaped and backslashes before invalid escape characters
// are doubled.
func repairJSON(s string) string {
	var b strings.Builder
	inString := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !inString {
			b.WriteByte(c)
			if c == '"' {
				inString = true
			}
			continue
		}
		switch {
		case c == '"':
			b.WriteByte(c)
			inString = false
		case c == '\\':
			if i+1 >= len(s) {
				b.WriteString(`\\`)
				continue
			}
			next := s[i+1]
			if next == 'u' && i+6 <= len(s) && isHex4(s[i+2:i+6]) {
				b.WriteString(s[i : i+6])
				i += 5
				continue
			}
			if strings.IndexByte(`"\/bfnrt`, next) >= 0 { // a \u without four hex digits is doubled too (pi-ai 1.6)
				b.WriteByte('\\')
				b.WriteByte(next)
				i++
				continue
			}
			b.WriteString(`\\`)
		case c < 0x20:
			b.WriteString(escapeControl(c))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHex4(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return len(s) == 4
}

func escapeControl(c byte) string {
	switch c {
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	}
	const hex = "0123456789abcdef"
	return `\u00` + string(hex[c>>4]) + string(hex[c&15])
}

// errPartial and errMalformed mirror partial-json's PartialJSON and
// MalformedJSON exceptions.
var (
	errPartial   = errors.New("partial JSON")
	errMalformed = errors.New("malformed JSON")
)

// partialParse ports partial-json 0.1.7's parse with Allow.ALL (the version
// pi-ai 0.73.1 ships), including its JavaScript substring quirks. Loops that
// would not advance stop instead of spinning.
func partialParse(input string) (any, error) {
	s := strings.TrimSpace(input)
	if s == "" {
		return nil, errors.New("empty")
	}
	p := &partialParser{s: s}
	return p.any()
}

type partialParser struct {
	s string
	i int
}

func (p *partialParser) at(i int) byte {
	if i < 0 || i >= len(p.s) {
		return 0
	}
	return p.s[i]
}

// substr is JavaScript's String.prototype.substring (clamped, swapped).
func (p *partialParser) substr(a, b int) string {
	a = max(0, min(a, len(p.s)))
	b = max(0, min(b, len(p.s)))
	if a > b {
		a, b = b, a
	}
	return p.s[a:b]
}

func (p *partialParser) skipBlank() {
	for p.i < len(p.s) && strings.IndexByte(" \n\r\t", p.s[p.i]) >= 0 {
		p.i++
	}
}

// literal matches a keyword, or a prefix of it that reaches the end.
func (p *partialParser) literal(word string) bool {
	rest := p.s[p.i:]
	if strings.HasPrefix(rest, word) || (len(rest) < len(word) && strings.HasPrefix(word, rest)) {
		p.i += len(word)
		return true
	}
	return false
}

func (p *partialParser) any() (any, error) {
	p.skipBlank()
	if p.i >= len(p.s) {
		return nil, errPartial
	}
	switch p.s[p.i] {
	case '"':
		return p.str()
	case '{':
		return p.obj()
	case '[':
		return p.arr()
	}
	switch {
	case p.literal("null"):
		return nil, nil
	case p.literal("true"):
		return true, nil
	case p.literal("false"):
		return false, nil
	case p.literal("Infinity"), p.literal("NaN"):
		return nil, nil // JSON.stringify writes them as null
	case len(p.s)-p.i > 1 && p.literal("-Infinity"):
		return nil, nil
	}
	return p.num()
}

func (p *partialParser) str() (any, error) {
	start := p.i
	escape := false
	p.i++
	for p.i < len(p.s) && (p.s[p.i] != '"' || (escape && p.s[p.i-1] == '\\')) {
		if p.s[p.i] == '\\' {
			escape = !escape
		} else {
			escape = false
		}
		p.i++
	}
	esc := 0
	if escape {
		esc = 1
	}
	if p.at(p.i) == '"' {
		p.i++
		v, err := jsonParse(p.substr(start, p.i-esc))
		if err != nil {
			return nil, errMalformed
		}
		return v, nil
	}
	if v, err := jsonParse(p.substr(start, p.i-esc) + `"`); err == nil {
		return v, nil
	}
	return jsonParse(p.substr(start, strings.LastIndexByte(p.s, '\\')) + `"`)
}

func (p *partialParser) obj() (any, error) {
	p.i++
	p.skipBlank()
	obj := map[string]any{}
	for p.at(p.i) != '}' {
		before := p.i
		p.skipBlank()
		if p.i >= len(p.s) {
			return obj, nil
		}
		k, err := p.str()
		if err != nil {
			return obj, nil
		}
		key, ok := k.(string)
		if !ok {
			return obj, nil
		}
		p.skipBlank()
		p.i++ // colon
		v, err := p.any()
		if err != nil {
			return obj, nil
		}
		obj[key] = v
		p.skipBlank()
		if p.at(p.i) == ',' {
			p.i++
		}
		if p.i <= before {
			return obj, nil
		}
	}
	p.i++
	return obj, nil
}

func (p *partialParser) arr() (any, error) {
	p.i++
	arr := []any{}
	for p.at(p.i) != ']' {
		before := p.i
		v, err := p.any()
		if err != nil {
			return arr, nil
		}
		arr = append(arr, v)
		p.skipBlank()
		if p.at(p.i) == ',' {
			p.i++
		}
		if p.i <= before {
			return arr, nil
		}
	}
	p.i++
	return arr, nil
}

func (p *partialParser) num() (any, error) {
	if p.i == 0 {
		if p.s == "-" {
			return nil, errMalformed
		}
		if v, err := jsonParse(p.s); err == nil {
			return finite(v), nil
		}
		if v, err := jsonParse(p.substr(0, strings.LastIndexByte(p.s, 'e'))); err == nil {
			return finite(v), nil
		}
		return nil, errMalformed
	}
	start := p.i
	if p.at(p.i) == '-' {
		p.i++
	}
	for p.i < len(p.s) && strings.IndexByte(",]}", p.s[p.i]) < 0 {
		p.i++
	}
	if v, err := jsonParse(p.substr(start, p.i)); err == nil {
		return finite(v), nil
	}
	if p.substr(start, p.i) == "-" {
		return nil, errPartial
	}
	if v, err := jsonParse(p.substr(start, strings.LastIndexByte(p.s, 'e'))); err == nil {
		return finite(v), nil
	}
	return nil, errMalformed
}

func finite(v any) any {
	if f, ok := v.(float64); ok && (math.IsInf(f, 0) || math.IsNaN(f)) {
		return nil
	}
	return v
}

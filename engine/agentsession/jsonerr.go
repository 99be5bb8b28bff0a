package agentsession

import (
	"fmt"
	"unicode/utf16"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// jsonParseError returns the message V8's JSON.parse (Node 20, which pi
// 0.73.1 runs on) gives for src, or "" when src is valid JSON. pi's RPC mode
// answers an unparsable line with "Failed to parse command: <message>", so
// pigo reproduces V8's wording: positions count UTF-16 code units, and an
// unexpected character is quoted with up to 10 characters of context on
// each side.
func jsonParseError(src string) string {
	p := &v8JSON{src: []rune(src)}
	if err := p.value(); err != "" {
		return err
	}
	p.ws()
	if p.i < len(p.src) {
		return fmt.Sprintf("Unexpected non-whitespace character after JSON at position %d%s", p.pos(p.i), p.lineCol(p.i))
	}
	return ""
}

// v8JSON is a JSON validator that reports the first error as V8 does.
type v8JSON struct {
	src []rune
	i   int // index into src (runes)
}

const eosMessage = "Unexpected end of JSON input"

func (p *v8JSON) eos() bool { return p.i >= len(p.src) }

func (p *v8JSON) ws() {
	for !p.eos() {
		switch p.src[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// pos is the UTF-16 offset of index i.
func (p *v8JSON) pos(i int) int {
	return jsjson.Len(string(p.src[:min(i, len(p.src))]))
}

func (p *v8JSON) at(msg string) string {
	return fmt.Sprintf("%s in JSON at position %d%s", msg, p.pos(p.i), p.lineCol(p.i))
}

// lineCol is what Node 22's V8 adds to a position: " (line L column C)",
// lines split at "\n", columns in UTF-16 units from 1.
func (p *v8JSON) lineCol(i int) string {
	i = min(i, len(p.src))
	line, start := 1, 0
	for j, r := range p.src[:i] {
		if r == '\n' {
			line, start = line+1, j+1
		}
	}
	return fmt.Sprintf(" (line %d column %d)", line, p.pos(i)-p.pos(start)+1)
}

// unexpectedToken is V8's ReportUnexpectedToken for an ordinary character.
func (p *v8JSON) unexpectedToken() string {
	if p.eos() {
		return eosMessage
	}
	const maxContext = 10
	units := utf16.Encode(p.src)
	length := len(units)
	pos := p.pos(p.i)
	tok := string(p.src[p.i])
	if length < 2*maxContext+1 {
		return fmt.Sprintf("Unexpected token '%s', \"%s\" is not valid JSON", tok, string(p.src))
	}
	sub := func(a, b int) string { return string(utf16.Decode(units[a:min(b, length)])) }
	switch {
	case pos < maxContext:
		return fmt.Sprintf("Unexpected token '%s', \"%s\"... is not valid JSON", tok, sub(0, pos+maxContext))
	case pos < length-maxContext:
		return fmt.Sprintf("Unexpected token '%s', ...\"%s\"... is not valid JSON", tok, sub(pos-maxContext, pos+maxContext))
	default:
		return fmt.Sprintf("Unexpected token '%s', ...\"%s\" is not valid JSON", tok, sub(pos-maxContext, length))
	}
}

func (p *v8JSON) value() string {
	p.ws()
	if p.eos() {
		return eosMessage
	}
	switch c := p.src[p.i]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		return p.str()
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true")
	case c == 'f':
		return p.literal("false")
	case c == 'n':
		return p.literal("null")
	}
	return p.unexpectedToken()
}

func (p *v8JSON) literal(word string) string {
	for _, w := range word {
		if p.eos() {
			return eosMessage
		}
		if p.src[p.i] != w {
			return p.unexpectedToken()
		}
		p.i++
	}
	return ""
}

func (p *v8JSON) object() string {
	p.i++ // {
	p.ws()
	if !p.eos() && p.src[p.i] == '}' {
		p.i++
		return ""
	}
	first := true
	for {
		p.ws()
		if p.eos() || p.src[p.i] != '"' {
			if first {
				return p.at("Expected property name or '}'")
			}
			return p.at("Expected double-quoted property name")
		}
		first = false
		if err := p.str(); err != "" {
			return err
		}
		p.ws()
		if p.eos() || p.src[p.i] != ':' {
			return p.at("Expected ':' after property name")
		}
		p.i++
		if err := p.value(); err != "" {
			return err
		}
		p.ws()
		if p.eos() {
			return p.at("Expected ',' or '}' after property value")
		}
		switch p.src[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return ""
		default:
			return p.at("Expected ',' or '}' after property value")
		}
	}
}

func (p *v8JSON) array() string {
	p.i++ // [
	p.ws()
	if !p.eos() && p.src[p.i] == ']' {
		p.i++
		return ""
	}
	for {
		if err := p.value(); err != "" {
			return err
		}
		p.ws()
		if p.eos() {
			return p.at("Expected ',' or ']' after array element")
		}
		switch p.src[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return ""
		default:
			return p.at("Expected ',' or ']' after array element")
		}
	}
}

func (p *v8JSON) str() string {
	p.i++ // opening quote
	for {
		if p.eos() {
			return p.at("Unterminated string")
		}
		c := p.src[p.i]
		switch {
		case c == '"':
			p.i++
			return ""
		case c < 0x20:
			return p.at("Bad control character in string literal")
		case c == '\\':
			p.i++
			if p.eos() {
				return eosMessage
			}
			switch p.src[p.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.i++
			case 'u':
				p.i++
				for k := 0; k < 4; k++ {
					if p.eos() || !isHex(p.src[p.i]) {
						return p.at("Bad Unicode escape")
					}
					p.i++
				}
			default:
				return p.at("Bad escaped character")
			}
		default:
			p.i++
		}
	}
}

func isHex(r rune) bool {
	return (r >= '0' && r <= '9') || (r >= 'a' && r <= 'f') || (r >= 'A' && r <= 'F')
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func (p *v8JSON) number() string {
	if p.src[p.i] == '-' {
		p.i++
		if p.eos() || !isDigit(p.src[p.i]) {
			return p.at("No number after minus sign")
		}
	}
	if p.src[p.i] == '0' {
		p.i++
		if !p.eos() && isDigit(p.src[p.i]) {
			return p.at("Unexpected number")
		}
	} else {
		for !p.eos() && isDigit(p.src[p.i]) {
			p.i++
		}
	}
	if !p.eos() && p.src[p.i] == '.' {
		p.i++
		if p.eos() || !isDigit(p.src[p.i]) {
			return p.at("Unterminated fractional number")
		}
		for !p.eos() && isDigit(p.src[p.i]) {
			p.i++
		}
	}
	if !p.eos() && (p.src[p.i] == 'e' || p.src[p.i] == 'E') {
		p.i++
		if !p.eos() && (p.src[p.i] == '+' || p.src[p.i] == '-') {
			p.i++
		}
		if p.eos() || !isDigit(p.src[p.i]) {
			return p.at("Exponent part is missing a number")
		}
		for !p.eos() && isDigit(p.src[p.i]) {
			p.i++
		}
	}
	return ""
}

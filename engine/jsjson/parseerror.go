package jsjson

import (
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// ParseError returns the message V8's JSON.parse (Node 22, which pi 1.6
// runs on) gives for src, or "" when src is valid JSON. pi quotes it to
// users and models (an unparsable RPC line, trust.json, a tool call's
// malformed arguments), so pigo reproduces V8's wording: positions count UTF-16 code units, and an
// unexpected character is quoted with up to 10 characters of context on
// each side. It reads src in place (a 50 MB garbage line costs no copy).
func ParseError(src string) string {
	p := &v8JSON{src: src}
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
// JSON's syntax is ASCII, so it steps bytes; only string contents and the
// quoted context decode UTF-8.
type v8JSON struct {
	src string
	i   int // byte index into src
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

// pos is the UTF-16 offset of byte index i.
func (p *v8JSON) pos(i int) int {
	return Len(p.src[:min(i, len(p.src))])
}

func (p *v8JSON) at(msg string) string {
	return fmt.Sprintf("%s in JSON at position %d%s", msg, p.pos(p.i), p.lineCol(p.i))
}

// lineCol is what Node 22's V8 adds to a position: " (line L column C)",
// lines split at "\n", columns in UTF-16 units from 1.
func (p *v8JSON) lineCol(i int) string {
	i = min(i, len(p.src))
	line := 1 + strings.Count(p.src[:i], "\n")
	start := strings.LastIndexByte(p.src[:i], '\n') + 1
	return fmt.Sprintf(" (line %d column %d)", line, p.pos(i)-p.pos(start)+1)
}

// unexpectedToken is V8's ReportUnexpectedToken for an ordinary character.
func (p *v8JSON) unexpectedToken() string {
	if p.eos() {
		return eosMessage
	}
	// V8 names four whole inputs instead of their first character: what
	// String() gives for undefined, NaN, Infinity and a plain object.
	switch p.src {
	case "undefined", "NaN", "Infinity", "[object Object]":
		return fmt.Sprintf("\"%s\" is not valid JSON", p.src)
	}
	const maxContext = 10
	length := Len(p.src)
	pos := p.pos(p.i)
	r, _ := utf8.DecodeRuneInString(p.src[p.i:])
	tok := string(r)
	if length < 2*maxContext+1 {
		return fmt.Sprintf("Unexpected token '%s', \"%s\" is not valid JSON", tok, p.src)
	}
	sub := func(a, b int) string { return utf16Slice(p.src, a, min(b, length)) }
	switch {
	case pos < maxContext:
		return fmt.Sprintf("Unexpected token '%s', \"%s\"... is not valid JSON", tok, sub(0, pos+maxContext))
	case pos < length-maxContext:
		return fmt.Sprintf("Unexpected token '%s', ...\"%s\"... is not valid JSON", tok, sub(pos-maxContext, pos+maxContext))
	default:
		return fmt.Sprintf("Unexpected token '%s', ...\"%s\" is not valid JSON", tok, sub(pos-maxContext, length))
	}
}

// utf16Slice is s's UTF-16 code units [a, b) as a string (a surrogate
// pair cut in half becomes U+FFFD, as decoding the units would give).
func utf16Slice(s string, a, b int) string {
	var out strings.Builder
	at := 0
	for _, r := range s {
		if at >= b {
			break
		}
		units := utf16.RuneLen(r)
		switch {
		case at >= a && at+units <= b:
			out.WriteRune(r)
		case at+units > a: // half a pair inside the window
			out.WriteRune(utf8.RuneError)
		}
		at += units
	}
	return out.String()
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
	for k := 0; k < len(word); k++ {
		if p.eos() {
			return eosMessage
		}
		if p.src[p.i] != word[k] {
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
			_, size := utf8.DecodeRuneInString(p.src[p.i:])
			p.i += size
		}
	}
}

func isHex(r byte) bool {
	return (r >= '0' && r <= '9') || (r >= 'a' && r <= 'f') || (r >= 'A' && r <= 'F')
}

func isDigit(r byte) bool { return r >= '0' && r <= '9' }

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

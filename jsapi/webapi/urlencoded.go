package webapi

import (
	"strings"
	"unicode/utf8"
)

// application/x-www-form-urlencoded (https://url.spec.whatwg.org/#urlencoded-parsing),
// which URLSearchParams and form bodies use; the URL parser itself is
// github.com/nlnwa/whatwg-url (url_record.go).

// percentSet is a percent-encode set over ASCII; every code point above
// U+007E is in every set.
type percentSet [128]bool

func newPercentSet(from *percentSet, extra string) percentSet {
	var s percentSet
	if from != nil {
		s = *from
	} else {
		for c := 0; c < 0x20; c++ {
			s[c] = true
		}
		s[0x7F] = true
	}
	for i := 0; i < len(extra); i++ {
		s[extra[i]] = true
	}
	return s
}

// The WHATWG percent-encode sets, each a superset of the one before it.
var (
	c0ControlSet = newPercentSet(nil, "")
	querySet     = newPercentSet(&c0ControlSet, " \"#<>")
	pathSet      = newPercentSet(&querySet, "?`{}")
	userinfoSet  = newPercentSet(&pathSet, "/:;=@[\\]^|")
	componentSet = newPercentSet(&userinfoSet, "$%&+,")
	formSet      = newPercentSet(&componentSet, "!'()~")
)

const upperHex = "0123456789ABCDEF"

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// percentDecode decodes the %XX escapes of s into bytes; a "%" without two
// hex digits stays as it is. plus turns "+" into a space, as form data wants.
func percentDecode(s string, plus bool) []byte {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) {
			hi, ok1 := unhex(s[i+1])
			lo, ok2 := unhex(s[i+2])
			if ok1 && ok2 {
				b = append(b, hi<<4|lo)
				i += 2
				continue
			}
		}
		if c == '+' && plus {
			c = ' '
		}
		b = append(b, c)
	}
	return b
}

// utf8DecodeWithoutBOM is the WHATWG "UTF-8 decode without BOM": one
// U+FFFD per maximal invalid subpart.
func utf8DecodeWithoutBOM(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	d := &utf8Decoder{ignoreBOM: true}
	d.reset()
	s, _ := d.decode(b, false)
	return s
}

// formParse is the application/x-www-form-urlencoded parser, flattened:
// name, value, name, value...
func formParse(s string) []string {
	var out []string
	for seq := range strings.SplitSeq(s, "&") {
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		out = append(out, utf8DecodeWithoutBOM(percentDecode(name, true)), utf8DecodeWithoutBOM(percentDecode(value, true)))
	}
	return out
}

// formEncode is the application/x-www-form-urlencoded byte serializer of
// one name or value.
func formEncode(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			b = append(b, '+')
		case c < 0x80 && !formSet[c]:
			b = append(b, c)
		default:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return string(b)
}

package webapi

import (
	"encoding/base64"
	"strings"

	"github.com/dop251/goja"
)

// defineBase64 defines atob and btoa. They work on "binary strings", one
// byte per UTF-16 code unit, and throw InvalidCharacterError like browsers.
func (h *host) defineBase64() {
	h.defineGlobal("btoa", h.function("btoa", 1, h.btoa))
	h.defineGlobal("atob", h.function("atob", 1, h.atob))
}

func (h *host) btoa(call goja.FunctionCall) goja.Value {
	if len(call.Arguments) == 0 {
		panic(h.rt.NewTypeError(`The "data" argument must be specified`))
	}
	// Runes above U+00FF (including U+FFFD for a lone surrogate) cannot
	// be one byte.
	s := call.Argument(0).String()
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xFF {
			panic(h.domException("Invalid character", "InvalidCharacterError"))
		}
		b = append(b, byte(r))
	}
	return h.rt.ToValue(base64.StdEncoding.EncodeToString(b))
}

func (h *host) atob(call goja.FunctionCall) goja.Value {
	if len(call.Arguments) == 0 {
		panic(h.rt.NewTypeError(`The "data" argument must be specified`))
	}
	b, ok := forgivingBase64Decode(call.Argument(0).String())
	if !ok {
		panic(h.domException("The string to be decoded is not correctly encoded.", "InvalidCharacterError"))
	}
	runes := make([]rune, len(b))
	for i, c := range b {
		runes[i] = rune(c)
	}
	return h.rt.ToValue(string(runes))
}

// forgivingBase64Decode is WHATWG's forgiving-base64 decode: ASCII
// whitespace is ignored, padding is optional but must be right when
// present, and leftover bits need not be zero.
func forgivingBase64Decode(s string) ([]byte, bool) {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '\t', '\n', '\f', '\r', ' ':
			return -1
		}
		return r
	}, s)
	if len(s)%4 == 0 {
		s = strings.TrimSuffix(s, "=")
		s = strings.TrimSuffix(s, "=")
	}
	if len(s)%4 == 1 {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/') {
			return nil, false
		}
	}
	b, err := base64.RawStdEncoding.DecodeString(s)
	return b, err == nil
}

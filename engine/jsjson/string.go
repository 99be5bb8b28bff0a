package jsjson

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
)

// Number is JavaScript's String(f) (Number#toString): NaN, Infinity and
// -Infinity by name, -0 as 0, exponents from 1e21 and below 1e-6.
func Number(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	return string(appendFloat(nil, f))
}

// String is how a template literal (`${v}`) or String(v) shows a JSON
// value: null as "null", numbers as Number, arrays joined with ",", and
// any object as "[object Object]".
func String(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case float64:
		return Number(x)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case []string:
		return strings.Join(x, ",")
	case []any:
		return Join(x, ",")
	}
	return "[object Object]"
}

// Join is Array#join: the elements as String shows them, null and
// undefined as "".
func Join(a []any, sep string) string {
	parts := make([]string, len(a))
	for i, e := range a {
		if e != nil {
			parts[i] = String(e)
		}
	}
	return strings.Join(parts, sep)
}

// Truthy is JavaScript's Boolean(v) for a JSON value: null, false, 0,
// NaN and "" are false, everything else (objects and arrays too) true.
func Truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case float64:
		return x != 0 && !math.IsNaN(x)
	case int:
		return x != 0
	case int64:
		return x != 0
	case string:
		return x != ""
	}
	return true
}

// Len is a string's JavaScript length: UTF-16 code units (pi's character
// budgets and token estimates are measured that way).
func Len(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// Trim is JavaScript's String.prototype.trim: it drops white space and
// line terminators as JavaScript defines them (U+FEFF and U+00A0 among
// them, but not U+0085, which strings.TrimSpace drops).
func Trim(s string) string { return strings.TrimFunc(s, IsSpace) }

// IsSpace reports whether r is JavaScript white space or a line terminator
// (what \s matches and trim drops).
func IsSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff':
		return true
	}
	return r >= '\u2000' && r <= '\u200a'
}

// Float64 is v as a float64 when it is a Go number: JSON data holds
// float64, Go callers build messages with ints, and a decoder using
// UseNumber gives json.Number.
func Float64(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case float32:
		return float64(x), true
	case int:
		return float64(x), true
	case int64:
		return float64(x), true
	case int32:
		return float64(x), true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

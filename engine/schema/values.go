package schema

import (
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// join is Array.prototype.join for the lists params hold.
func join(v any, sep string) string {
	switch x := v.(type) {
	case []string:
		return strings.Join(x, sep)
	case []any:
		return jsjson.Join(x, sep)
	}
	return ""
}

// matchesOption is the const/enum test: === for primitives, TypeBox's
// IsDeepEqual(value, option) otherwise.
func matchesOption(v, option any) bool {
	switch option.(type) {
	case map[string]any, []any:
		return deepEqual(v, option)
	}
	return v == option // nil, bool, float64, string: comparable
}

// deepEqual is TypeBox's IsDeepEqual: an object equals anything object-like
// with the same own keys (an array's are its indices and "length").
func deepEqual(l, r any) bool {
	switch x := l.(type) {
	case []any:
		y, ok := r.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !deepEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		switch y := r.(type) {
		case map[string]any:
			if len(x) != len(y) {
				return false
			}
			for k, e := range x {
				f, ok := y[k]
				if !ok || !deepEqual(e, f) {
					return false
				}
			}
			return true
		case []any:
			if len(x) != len(y)+1 {
				return false
			}
			for k, e := range x {
				var f any
				if k == "length" {
					f = float64(len(y))
				} else if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < len(y) && strconv.Itoa(i) == k {
					f = y[i]
				} else {
					return false
				}
				if !deepEqual(e, f) {
					return false
				}
			}
			return true
		}
		return false
	}
	switch r.(type) {
	case map[string]any, []any:
		return false
	}
	return l == r
}

// hashKey is the byte stream TypeBox's Hashing.Hash (FNV-1a 64) digests
// for v: uniqueItems calls two items equal when their streams are.
func hashKey(v any) string {
	var b []byte
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case []any:
			b = append(b, 0x0)
			for _, e := range x {
				walk(e)
			}
		case bool:
			b = append(b, 0x2, 0)
			if x {
				b[len(b)-1] = 1
			}
		case nil:
			b = append(b, 0x6)
		case float64:
			b = append(b, 0x7)
			b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
		case string:
			b = append(b, 0xA)
			b = append(b, x...)
		case map[string]any:
			b = append(b, 0x8)
			keys := make([]string, 0, len(x))
			for k := range x {
				if k != "constructor" {
					keys = append(keys, k)
				}
			}
			slices.SortFunc(keys, compareUTF16)
			for _, k := range keys {
				walk(k)
				walk(x[k])
			}
		}
	}
	walk(v)
	return string(b)
}

// compareUTF16 orders strings as JavaScript's default sort does.
func compareUTF16(a, b string) int {
	return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
}

// isMultipleOf is TypeBox's Guard.IsMultipleOf for numbers.
func isMultipleOf(dividend, divisor float64) bool {
	if dividend == math.Trunc(dividend) && math.Mod(1/divisor, 1) == 0 {
		return true
	}
	mod := math.Mod(dividend, divisor)
	return math.Min(math.Abs(mod), math.Min(math.Abs(mod-divisor), math.Abs(mod+divisor))) < 1e-10
}

// toInt32 is ECMAScript's ToInt32.
func toInt32(f float64) int32 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	m := math.Mod(math.Trunc(f), 1<<32)
	if m < 0 {
		m += 1 << 32
	}
	return int32(uint32(m))
}

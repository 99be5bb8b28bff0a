package schema

import (
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
)

// Keys returns m's keys in the order JavaScript enumerates an object decoded
// from Go's JSON encoding of m: array-index keys in numeric order, then the
// others sorted (Go maps keep no insertion order).
func Keys(m map[string]any) []string {
	var idx, rest []string
	for k := range m {
		if isArrayIndex(k) {
			idx = append(idx, k)
		} else {
			rest = append(rest, k)
		}
	}
	slices.Sort(rest)
	slices.SortFunc(idx, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	return append(idx, rest...)
}

// isArrayIndex reports whether k is a canonical array index (0 ≤ n < 2³²−1),
// a key JavaScript enumerates first.
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

// JSNumber formats f as JavaScript's String(number) does.
func JSNumber(f float64) string {
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
	if a := math.Abs(f); a >= 1e-6 && a < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	s := strconv.FormatFloat(f, 'e', -1, 64) // 1e+21, 1.5e-07
	mant, exp, _ := strings.Cut(s, "e")
	sign := exp[:1]
	exp = strings.TrimLeft(exp[1:], "0")
	return mant + "e" + sign + exp
}

// message is TypeBox's en_US locale.
func message(keyword string, p map[string]any) string {
	switch keyword {
	case "additionalProperties":
		return "must not have additional properties"
	case "anyOf":
		return "must match a schema in anyOf"
	case "boolean":
		return "schema is false"
	case "const":
		return "must be equal to constant"
	case "contains":
		return "must contain at least 1 valid item"
	case "dependencies", "dependentRequired":
		return "must have properties " + join(p["dependencies"], ", ") + " when property " + jsString(p["property"]) + " is present"
	case "enum":
		return "must be equal to one of the allowed values"
	case "exclusiveMaximum", "exclusiveMinimum", "maximum", "minimum":
		return "must be " + jsString(p["comparison"]) + " " + jsString(p["limit"])
	case "format":
		return `must match format "` + jsString(p["format"]) + `"`
	case "if":
		return `must match "` + jsString(p["failingKeyword"]) + `" schema`
	case "maxItems":
		return "must not have more than " + jsString(p["limit"]) + " items"
	case "maxLength":
		return "must not have more than " + jsString(p["limit"]) + " characters"
	case "maxProperties":
		return "must not have more than " + jsString(p["limit"]) + " properties"
	case "minItems":
		return "must not have fewer than " + jsString(p["limit"]) + " items"
	case "minLength":
		return "must not have fewer than " + jsString(p["limit"]) + " characters"
	case "minProperties":
		return "must not have fewer than " + jsString(p["limit"]) + " properties"
	case "multipleOf":
		return "must be multiple of " + jsString(p["multipleOf"])
	case "not":
		return "must not be valid"
	case "oneOf":
		return "must match exactly one schema in oneOf"
	case "pattern":
		return `must match pattern "` + jsString(p["pattern"]) + `"`
	case "propertyNames":
		return "property names " + join(p["propertyNames"], ", ") + " are invalid"
	case "required":
		return "must have required properties " + join(p["requiredProperties"], ", ")
	case "type":
		if s, ok := p["type"].(string); ok {
			return "must be " + s
		}
		return "must be either " + join(p["type"], " or ")
	case "uniqueItems":
		return "must not have duplicate items"
	}
	return "an unknown validation error occurred"
}

// jsString is a template literal's ${v} for the params messages use.
func jsString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case float64:
		return JSNumber(x)
	case int:
		return strconv.Itoa(x)
	case []string:
		return strings.Join(x, ",")
	case []any:
		return join(x, ",")
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(x)
	}
	return "[object Object]"
}

// join is Array.prototype.join.
func join(v any, sep string) string {
	switch x := v.(type) {
	case []string:
		return strings.Join(x, sep)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil { // null and undefined join as ""
				parts[i] = jsString(e)
			}
		}
		return strings.Join(parts, sep)
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

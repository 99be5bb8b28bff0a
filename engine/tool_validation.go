package engine

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/schema"
)

// A call whose arguments fail the tool's schema gets pi-ai's text
// (validateToolArguments): one line per TypeBox error, then the arguments as
// received, as JSON.stringify(args, null, 2) writes them. The validity check
// itself is jsonschema's; engine/schema enumerates what TypeBox would
// report.

// validationError is the error of a call to tool name whose arguments
// (received: after prepareArguments, before coercion) failed validation
// with lines.
func validationError(name string, received any, lines string) error {
	return errors.New("Validation failed for tool \"" + name + "\":\n" + lines + "\n\nReceived arguments:\n" + jsonStringifyIndent(received))
}

// validationLines words a failed validation of args against params as pi
// does: TypeBox's errors, "  - path: message" each. When the enumerator
// cannot speak for the schema (a keyword or format it does not implement)
// or finds nothing, the validator's own errors are listed instead.
func validationLines(params map[string]any, args any, verr error) string {
	if params != nil {
		if errs, err := schema.Errors(params, args); err == nil && len(errs) > 0 {
			lines := make([]string, len(errs))
			for i, e := range errs {
				lines[i] = "  - " + schema.FormatPath(e) + ": " + e.Message
			}
			return strings.Join(lines, "\n")
		}
	}
	return formatValidation(verr)
}

// jsonStringifyIndent writes v as JSON.stringify(v, null, 2) does. Object
// keys come in the order JavaScript gives an object built from Go's JSON
// (array indices, then sorted): a Go map has no insertion order, so where
// pi keeps the model's key order pigo sorts.
func jsonStringifyIndent(v any) string {
	var b strings.Builder
	if !writeStringified(&b, v, "") {
		return "undefined"
	}
	return b.String()
}

// writeStringified writes one value; it returns false for a value
// JSON.stringify skips (functions).
func writeStringified(b *strings.Builder, v any, indent string) bool {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case string:
		writeJSONString(b, x)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			b.WriteString("null")
		} else {
			b.WriteString(schema.JSNumber(x))
		}
	case int:
		b.WriteString(strconv.Itoa(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case json.Number:
		f, _ := x.Float64()
		return writeStringified(b, f, indent)
	case Callable, func():
		return false
	case []any:
		if len(x) == 0 {
			b.WriteString("[]")
			return true
		}
		inner := indent + "  "
		b.WriteString("[\n")
		for i, e := range x {
			if i > 0 {
				b.WriteString(",\n")
			}
			b.WriteString(inner)
			if !writeStringified(b, e, inner) {
				b.WriteString("null")
			}
		}
		b.WriteString("\n" + indent + "]")
	case map[string]any:
		inner := indent + "  "
		n := 0
		for _, k := range schema.Keys(x) {
			var m strings.Builder
			if !writeStringified(&m, x[k], inner) {
				continue
			}
			if n == 0 {
				b.WriteString("{\n")
			} else {
				b.WriteString(",\n")
			}
			b.WriteString(inner)
			writeJSONString(b, k)
			b.WriteString(": ")
			b.WriteString(m.String())
			n++
		}
		if n == 0 {
			b.WriteString("{}")
		} else {
			b.WriteString("\n" + indent + "}")
		}
	default:
		// Other Go values: as their JSON data.
		raw, err := json.Marshal(x)
		if err != nil {
			return false
		}
		var d any
		if json.Unmarshal(raw, &d) != nil {
			return false
		}
		return writeStringified(b, d, indent)
	}
	return true
}

// writeJSONString quotes s as JSON.stringify does: only ", \ and control
// characters are escaped.
func writeJSONString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
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
			if r < 0x20 {
				b.WriteString(`\u00`)
				b.WriteString(strconv.FormatInt(int64(r)>>4, 16))
				b.WriteString(strconv.FormatInt(int64(r)&15, 16))
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}

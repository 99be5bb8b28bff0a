package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Tool arguments from a model are coerced to the tool's JSON Schema before
// validation, as pi-ai's validateToolArguments does (Value.Convert and
// coerceWithJsonSchema): "42" for a number becomes 42, "true" for a boolean
// becomes true, 7 for a string becomes "7", recursively through object
// properties, additionalProperties and array items. Unions (anyOf/oneOf)
// are left as they are. The input is not modified.

// CoerceArgs returns args coerced to schema. Arguments in the model's key
// order (*jsjson.Object) come back in that order.
func CoerceArgs(schema map[string]any, args any) any {
	if o, ok := args.(*jsjson.Object); ok {
		return jsjson.OrderLike(coerceValue(jsjson.Plain(o), schema), o)
	}
	return coerceValue(Clone(args), schema)
}

func coerceValue(v any, schema map[string]any) any {
	if schema == nil {
		return v
	}
	if all, ok := schema["allOf"].([]any); ok {
		for _, s := range all {
			if sm, ok := s.(map[string]any); ok {
				v = coerceValue(v, sm)
			}
		}
	}
	types := schemaTypes(schema)
	matches := false
	for _, t := range types {
		matches = matches || jsonTypeMatches(v, t)
	}
	if len(types) > 0 && !(len(types) > 1 && matches) {
		for _, t := range types {
			if c, changed := coercePrimitive(v, t); changed {
				v = c
				break
			}
		}
	}
	if m, ok := v.(map[string]any); ok && contains(types, "object") {
		props, _ := schema["properties"].(map[string]any)
		for k, ps := range props {
			if psm, ok := ps.(map[string]any); ok {
				if x, ok := m[k]; ok {
					m[k] = coerceValue(x, psm)
				}
			}
		}
		if extra, ok := schema["additionalProperties"].(map[string]any); ok {
			for k, x := range m {
				if _, defined := props[k]; !defined {
					m[k] = coerceValue(x, extra)
				}
			}
		}
	}
	if arr, ok := v.([]any); ok && contains(types, "array") {
		switch items := schema["items"].(type) {
		case []any:
			for i := range arr {
				if i < len(items) {
					if ism, ok := items[i].(map[string]any); ok {
						arr[i] = coerceValue(arr[i], ism)
					}
				}
			}
		case map[string]any:
			for i := range arr {
				arr[i] = coerceValue(arr[i], items)
			}
		}
	}
	return v
}

func schemaTypes(schema map[string]any) []string {
	switch t := schema["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

func jsonTypeMatches(v any, t string) bool {
	switch x := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case float64:
		return t == "number" || (t == "integer" && x == math.Trunc(x))
	case map[string]any:
		return t == "object"
	case []any:
		return t == "array"
	}
	return false
}

// coercePrimitive is pi-ai's coercePrimitiveByType.
func coercePrimitive(v any, t string) (any, bool) {
	switch t {
	case "number", "integer":
		switch x := v.(type) {
		case nil:
			return 0.0, true
		case string:
			if strings.TrimSpace(x) != "" {
				if f, err := strconv.ParseFloat(strings.TrimSpace(x), 64); err == nil && !math.IsInf(f, 0) && !math.IsNaN(f) {
					if t == "number" || f == math.Trunc(f) {
						return f, true
					}
				}
			}
		case bool:
			if x {
				return 1.0, true
			}
			return 0.0, true
		}
	case "boolean":
		switch x := v.(type) {
		case nil:
			return false, true
		case string:
			if x == "true" {
				return true, true
			}
			if x == "false" {
				return false, true
			}
		case float64:
			if x == 1 {
				return true, true
			}
			if x == 0 {
				return false, true
			}
		}
	case "string":
		switch x := v.(type) {
		case nil:
			return "", true
		case float64:
			return strconv.FormatFloat(x, 'f', -1, 64), true
		case bool:
			return fmt.Sprint(x), true
		}
	case "null":
		switch x := v.(type) {
		case string:
			if x == "" {
				return nil, true
			}
		case float64:
			if x == 0 {
				return nil, true
			}
		case bool:
			if !x {
				return nil, true
			}
		}
	}
	return v, false
}

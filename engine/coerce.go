package engine

import (
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/schema"
)

// CoerceArgs returns args coerced to params, the tool's JSON Schema, as pi
// 1.6 coerces a model's tool-call arguments before validating them
// (schema.Coerce: "42" for a number becomes 42, a single value for an
// array becomes a one-item array, a null in an optional property is
// dropped, ...). Arguments in the model's key order (*jsjson.Object) come
// back in that order; the input is not modified. Arguments Coerce cannot
// speak for (a schema with $id or anchors) stay as they are, and the
// validator judges them.
func CoerceArgs(params map[string]any, args any) any {
	if params == nil {
		return args
	}
	plain := args
	ordered, isOrdered := args.(*jsjson.Object)
	if isOrdered {
		plain = jsjson.Plain(ordered)
	}
	out, err := schema.Coerce(params, plain)
	if err != nil {
		return args
	}
	if isOrdered {
		return jsjson.OrderLike(out, ordered)
	}
	return out
}

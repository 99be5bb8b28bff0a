package engine

import (
	"errors"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/schema"
)

// A call whose arguments fail the tool's schema gets pi-ai 1.6's text
// (validateToolArguments): one line per pi-schema error, then the arguments
// as received, as JSON.stringify(args, null, 2) writes them. The validity
// check itself is jsonschema's; engine/schema words the errors as pi-schema
// does.

// ArgumentsValidator checks tool-call arguments against one tool schema
// as pi-ai 1.6's validateToolArguments does, for extension code that calls
// that function itself (a tool the host runs is checked by PrepareTool).
type ArgumentsValidator struct{ tool Tool }

// NewArgumentsValidator compiles params, a tool's parameter schema (its
// nested objects may be *jsjson.Object: errors then come in its order).
func NewArgumentsValidator(params map[string]any) (*ArgumentsValidator, error) {
	plain, _ := jsjson.Plain(params).(map[string]any)
	sch, err := compileSchema(plain)
	if err != nil {
		return nil, err
	}
	return &ArgumentsValidator{Tool{Parameters: params, schema: sch, plainSchema: plain}}, nil
}

// Validate coerces args (the model's, as decoded) and checks them: the
// arguments the tool gets, or pi's error for tool name naming every
// failing value and the arguments as received.
func (v *ArgumentsValidator) Validate(name string, args any) (any, error) {
	return validateArgs(v.tool, name, args)
}

// validateArgs is pi-ai 1.6's validateToolArguments after the argument
// text parsed: coerce args to t's schema, then check them.
func validateArgs(t Tool, name string, args any) (any, error) {
	coerced := CoerceArgs(t.checkSchema(), args)
	if err := t.ValidateParams(coerced); err != nil {
		return nil, validationError(name, args, err.Error())
	}
	return coerced, nil
}

// validationError is the error of a call to tool name whose arguments
// (received: after prepareArguments, before coercion) failed validation
// with lines.
func validationError(name string, received any, lines string) error {
	return errors.New("Validation failed for tool \"" + name + "\":\n" + lines + "\n\nReceived arguments:\n" + receivedJSON.Stringify(received))
}

// argumentsError is the error of a call to tool name whose argument text
// did not parse (pi-ai 1.6 checks it before the schema, after
// prepareArguments).
func argumentsError(name, why string) error {
	return errors.New("Invalid arguments for tool \"" + name + "\": " + why)
}

// validationLines words a failed validation of args against params as pi
// 1.6 does: pi-schema's errors, "  - path: message" each. When the
// explainer cannot speak for the schema (a keyword or format it does not
// implement), the validator's own errors are listed instead.
func validationLines(params map[string]any, args any, verr error) string {
	if params != nil {
		if issues, err := schema.Explain(params, args); err == nil {
			lines := make([]string, len(issues))
			for i, e := range issues {
				lines[i] = "  - " + schema.IssuePath(e.Path) + ": " + e.Message
			}
			return strings.Join(lines, "\n")
		}
	}
	return formatValidation(verr)
}

// receivedJSON writes arguments as JSON.stringify(args, null, 2) does.
// Object keys come in the order JavaScript gives an object built from Go's
// JSON (array indices, then sorted): a Go map has no insertion order, so
// where pi keeps the model's key order pigo sorts. Callables are left out,
// as JSON.stringify leaves out functions.
var receivedJSON = jsjson.Encoder{Indent: "  ", Undefined: func(v any) bool {
	_, ok := v.(Callable)
	return ok
}}

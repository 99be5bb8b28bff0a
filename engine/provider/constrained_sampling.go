package provider

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// A tool's constrainedSampling (pi 1.6's built-in read, bash, edit and
// write declare {type: "json_schema", strict: "prefer"}) asks providers
// whose models take strict tools (compat.supportsStrictMode) to send the
// tool strict, its schema rewritten the way strict mode requires
// (pi-ai's api/constrained-sampling.js). "prefer" falls back to a
// non-strict tool where the schema cannot be strict; "require" fails.

// unsupportedStrictSchemaError is pi-ai's UnsupportedStrictJsonSchemaError.
type unsupportedStrictSchemaError struct{ reason string }

func (e *unsupportedStrictSchemaError) Error() string { return e.reason }

// strictSchemaUnsupportedKeys are the keywords strict mode rejects.
var strictSchemaUnsupportedKeys = []string{"$ref", "$defs", "definitions", "allOf", "oneOf", "patternProperties",
	"dependentSchemas", "dependencies", "unevaluatedProperties", "propertyNames", "contains", "prefixItems", "not",
	"if", "then", "else"}

// orderedSchema is v with every object an *jsjson.Object, in its declared
// order (a plain map's keys sorted, as it marshals), so that the strict
// rewrite keeps the key positions pi-ai's in-place rewrite keeps.
func orderedSchema(v any) any {
	switch x := v.(type) {
	case *jsjson.Object:
		out := make(jsjson.Object, len(*x))
		for i, m := range *x {
			out[i] = jsjson.Member{Key: m.Key, Value: orderedSchema(m.Value)}
		}
		return &out
	case jsjson.Object:
		return orderedSchema(&x)
	case map[string]any:
		out := make(jsjson.Object, 0, len(x))
		for _, k := range jsjson.Keys(x) {
			out = append(out, jsjson.Member{Key: k, Value: orderedSchema(x[k])})
		}
		return &out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = orderedSchema(e)
		}
		return out
	}
	return v
}

// strictKeywordFilter says whether a provider's strict mode rejects a
// schema keyword with this value (pi-ai's isUnsupportedKeyword); nil
// accepts every keyword strict mode itself does.
type strictKeywordFilter func(key string, value any) bool

// strictJSONSchema is pi-ai's makeStrictJsonSchema: a copy of schema
// where every object lists all its properties as required, the optional
// ones made nullable, and admits no others. unsupported, when not nil,
// rejects the provider's extra keywords.
func strictJSONSchema(schema any, unsupported strictKeywordFilter) (*jsjson.Object, error) {
	root, ok := orderedSchema(schema).(*jsjson.Object)
	if !ok {
		return nil, &unsupportedStrictSchemaError{"root schema must have type object"}
	}
	if err := strictSchemaNode(root, unsupported); err != nil {
		return nil, err
	}
	if t, _ := root.Get("type"); t != "object" {
		return nil, &unsupportedStrictSchemaError{"root schema must have type object"}
	}
	return root, nil
}

func strictSchemaNode(v any, unsupported strictKeywordFilter) error {
	s, ok := v.(*jsjson.Object)
	if !ok {
		return &unsupportedStrictSchemaError{"boolean schemas are unsupported"}
	}
	for _, k := range strictSchemaUnsupportedKeys {
		if _, has := s.Get(k); has {
			return &unsupportedStrictSchemaError{k + " schemas are unsupported"}
		}
	}
	if unsupported != nil {
		for _, m := range *s {
			if unsupported(m.Key, m.Value) {
				return &unsupportedStrictSchemaError{m.Key + ": " + jsjson.Stringify(m.Value) + " is unsupported"}
			}
		}
	}
	typ, hasType := s.Get("type")
	anyOf, hasAnyOf := s.Get("anyOf")
	if _, hasEnum := s.Get("enum"); !hasType && !hasAnyOf && !hasEnum {
		return &unsupportedStrictSchemaError{"schemas without a type are unsupported"}
	}
	if hasAnyOf {
		variants, _ := anyOf.([]any)
		if len(variants) == 0 {
			return &unsupportedStrictSchemaError{"anyOf must contain at least one schema"}
		}
		for _, variant := range variants {
			if isStructuredSchema(variant) {
				return &unsupportedStrictSchemaError{"object and array unions are unsupported"}
			}
			if err := strictSchemaNode(variant, unsupported); err != nil {
				return err
			}
		}
	}
	if items, ok := s.Get("items"); ok {
		if _, tuple := items.([]any); tuple {
			return &unsupportedStrictSchemaError{"tuple schemas are unsupported"}
		}
		if err := strictSchemaNode(items, unsupported); err != nil {
			return err
		}
	}
	props, hasProps := s.Get("properties")
	if hasProps && typ != "object" {
		return &unsupportedStrictSchemaError{"properties require type object"}
	}
	if typ != "object" {
		return nil
	}
	if ap, ok := s.Get("additionalProperties"); ok && ap != false {
		return &unsupportedStrictSchemaError{"schema-valued or true additionalProperties is unsupported"}
	}
	properties := &jsjson.Object{}
	if hasProps {
		if properties, ok = props.(*jsjson.Object); !ok {
			return &unsupportedStrictSchemaError{"object properties must be a schema map"}
		}
	}
	required := map[string]bool{}
	if req, ok := s.Get("required"); ok {
		list, isList := req.([]any)
		if !isList {
			return &unsupportedStrictSchemaError{"object required must be a string array"}
		}
		for _, k := range list {
			name, isString := k.(string)
			if !isString {
				return &unsupportedStrictSchemaError{"object required must be a string array"}
			}
			required[name] = true
		}
		for name := range required {
			if _, known := properties.Get(name); !known {
				return &unsupportedStrictSchemaError{"required contains an unknown property"}
			}
		}
	}
	names := make([]any, 0, len(*properties))
	for i, m := range *properties {
		if err := strictSchemaNode(m.Value, unsupported); err != nil {
			return err
		}
		if !required[m.Key] && !schemaAllowsNull(m.Value) {
			(*properties)[i].Value = &jsjson.Object{{Key: "anyOf", Value: []any{m.Value, &jsjson.Object{{Key: "type", Value: "null"}}}}}
		}
		names = append(names, m.Key)
	}
	s.Set("required", names)
	s.Set("additionalProperties", false)
	return nil
}

// isStructuredSchema: an object or array schema.
func isStructuredSchema(v any) bool {
	s, ok := v.(*jsjson.Object)
	if !ok {
		return false
	}
	types := schemaTypes(s)
	_, hasProps := s.Get("properties")
	_, hasItems := s.Get("items")
	return slices.Contains(types, "object") || slices.Contains(types, "array") || hasProps || hasItems
}

func schemaTypes(s *jsjson.Object) []string {
	switch t, _ := s.Get("type"); x := t.(type) {
	case string:
		return []string{x}
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			if str, ok := e.(string); ok {
				out = append(out, str)
			}
		}
		return out
	}
	return nil
}

// schemaAllowsNull: the schema already admits null.
func schemaAllowsNull(v any) bool {
	s, ok := v.(*jsjson.Object)
	if !ok {
		return false
	}
	if slices.Contains(schemaTypes(s), "null") {
		return true
	}
	if c, ok := s.Get("const"); ok && c == nil {
		return true
	}
	if e, ok := s.Get("enum"); ok {
		if list, ok := e.([]any); ok && slices.Contains(list, nil) {
			return true
		}
	}
	if a, ok := s.Get("anyOf"); ok {
		list, _ := a.([]any)
		return slices.ContainsFunc(list, schemaAllowsNull)
	}
	return false
}

// prefersStrictSampling is pi-ai's prefersJsonSchemaStrictSampling.
func (t Tool) prefersStrictSampling() bool {
	return t.ConstrainedSampling["type"] == "json_schema" && t.ConstrainedSampling["strict"] == "prefer"
}

// strictSampling is pi-ai's resolveJsonSchemaStrictSampling: whether the
// tool goes strict to a model that does (supported) or does not take
// strict tools, its schema free of the keywords unsupported rejects; an
// error when it requires strict and cannot be.
func (t Tool) strictSampling(supported bool, unsupported strictKeywordFilter) (bool, error) {
	cs := t.ConstrainedSampling
	if cs["type"] != "json_schema" {
		return false, nil
	}
	if supported {
		_, err := strictJSONSchema(t.declaredParameters(), unsupported)
		if err == nil {
			return true, nil
		}
		if cs["strict"] != "require" {
			return false, nil
		}
		return false, fmt.Errorf("Tool %q requires JSON-schema constrained sampling, but %s.", t.Name, err)
	}
	if cs["strict"] == "require" {
		return false, fmt.Errorf("Tool %q requires JSON-schema constrained sampling, but strict tools are unsupported.", t.Name)
	}
	return false, nil
}

// requestParameters is pi-ai's getJsonSchemaToolParameters: t's
// schema as declared, or its strict form for a strict tool (nil when t
// declares none).
func (t Tool) requestParameters(strict bool) (any, error) {
	if t.Parameters == nil {
		return nil, nil
	}
	if !strict {
		return t.declaredParameters(), nil
	}
	return strictJSONSchema(t.declaredParameters(), nil)
}

// toolGrammar is how a grammar tool goes to a model that takes grammar
// tools: the grammar's syntax ("lark" or "regex") and definition, and the
// one required string property its raw input fills in the call's
// arguments.
type toolGrammar struct {
	syntax, definition, inputProperty string
}

// grammarSampling is pi-ai's resolveGrammarConstrainedSampling: a tool
// whose constrainedSampling is {type: "grammar", variants: {openai_lark,
// openai_regex}} goes to a model that takes grammar tools (compat
// supportsOpenAIGrammarTools) as a custom tool with its lark grammar, else
// its regex; ok is false for any other tool or model. Pi 1.6's codemode
// tool declares one, so such models write its script as raw text. A
// grammar tool without a usable variant, or whose parameters are not one
// required string property, is an error (pi-ai's wording).
func (t Tool) grammarSampling(supported bool) (g toolGrammar, ok bool, err error) {
	cs := t.ConstrainedSampling
	if cs["type"] != "grammar" || !supported {
		return toolGrammar{}, false, nil
	}
	variants, _ := cs["variants"].(map[string]any)
	lark, _ := variants["openai_lark"].(string)
	regex, _ := variants["openai_regex"].(string)
	switch {
	case jsjson.Trim(lark) != "":
		g = toolGrammar{syntax: "lark", definition: lark}
	case jsjson.Trim(regex) != "":
		g = toolGrammar{syntax: "regex", definition: regex}
	default:
		return toolGrammar{}, false, fmt.Errorf("Tool %q cannot use grammar constrained sampling: no supported grammar variant was provided.", t.Name)
	}
	if g.inputProperty, err = grammarInputProperty(t.Parameters); err != nil {
		return toolGrammar{}, false, fmt.Errorf("Tool %q cannot use grammar constrained sampling: %s.", t.Name, err)
	}
	return g, true, nil
}

// grammarInputProperty is pi-ai's inferGrammarInputProperty: the one
// required property of an object schema, which must be a string.
func grammarInputProperty(schema map[string]any) (string, error) {
	if schema["type"] != "object" {
		return "", errors.New("grammar constrained sampling requires an object parameter schema")
	}
	required, _ := schema["required"].([]any)
	if len(required) != 1 {
		return "", errors.New("grammar constrained sampling requires exactly one required string property")
	}
	name, ok := required[0].(string)
	if !ok {
		return "", errors.New("grammar constrained sampling requires exactly one required string property")
	}
	props, _ := jsjson.AsMap(schema["properties"])
	prop, _ := jsjson.AsMap(props[name])
	if prop == nil {
		return "", fmt.Errorf("grammar constrained sampling requires a properties entry for %s", name)
	}
	if prop["type"] != "string" {
		return "", fmt.Errorf("grammar constrained sampling property %s must have type string", name)
	}
	return name, nil
}

// grammarInputs is pi-ai's createGrammarToolInputProperties: for each of
// tools that goes as a grammar tool, the property its raw input fills.
// Replayed calls of these tools are custom tool calls, their results
// custom tool call outputs.
func grammarInputs(tools []Tool, supported bool) (map[string]string, error) {
	var out map[string]string
	for _, t := range tools {
		g, ok, err := t.grammarSampling(supported)
		if err != nil {
			return nil, err
		}
		if ok {
			if out == nil {
				out = map[string]string{}
			}
			out[t.Name] = g.inputProperty
		}
	}
	return out, nil
}

// grammarToolInput is pi-ai's getGrammarToolInput: the raw input a
// replayed grammar tool call carries in its arguments.
func grammarToolInput(name string, args map[string]any, property string) (string, error) {
	s, ok := args[property].(string)
	if !ok {
		return "", fmt.Errorf("Grammar tool call %q requires argument %q to be a string.", name, property)
	}
	return s, nil
}

// grammarInputJSON is pi-ai's streaming grammar tool input
// (appendGrammarToolInputJsonDelta, closeGrammarToolInputJson): the raw
// input a model streams for a grammar tool, told as the JSON text of its
// {property: input} arguments, piece by piece.
type grammarInputJSON struct {
	property        string
	input           string
	started, closed bool
}

// newGrammarInput starts the streaming input of a custom call of tool:
// it fills the property grammar names for it, "input" for a tool the
// request did not declare as a grammar tool (pi-ai's fallback).
func newGrammarInput(grammar map[string]string, tool string) *grammarInputJSON {
	property, ok := grammar[tool]
	if !ok {
		property = "input"
	}
	return &grammarInputJSON{property: property}
}

// arguments are the call's arguments so far: the input in its property.
func (g *grammarInputJSON) arguments() map[string]any { return map[string]any{g.property: g.input} }

// opening is the JSON text before the input, once.
func (g *grammarInputJSON) opening() string {
	if g.started {
		return ""
	}
	g.started = true
	return "{" + jsjson.Stringify(g.property) + `:"`
}

// appendInput adds d to the input and returns the matching JSON text
// ("" for an empty d).
func (g *grammarInputJSON) appendInput(d string) (string, error) {
	if g.closed {
		return "", fmt.Errorf("grammar tool input for property %q changed after it was closed", g.property)
	}
	if d == "" {
		return "", nil
	}
	g.input += d
	return g.opening() + jsonStringBody(d), nil
}

// close ends the input with the provider's complete input, when it sent
// one (final nil otherwise), and returns the rest of the JSON text.
func (g *grammarInputJSON) close(final *string) (string, error) {
	if g.closed {
		if final == nil || *final == g.input {
			return "", nil
		}
		return "", fmt.Errorf("grammar tool input for property %q changed after it was closed", g.property)
	}
	rest := ""
	if final != nil {
		if !strings.HasPrefix(*final, g.input) {
			return "", fmt.Errorf("grammar tool input for property %q changed non-monotonically", g.property)
		}
		rest = (*final)[len(g.input):]
		g.input = *final
	}
	g.closed = true
	return g.opening() + jsonStringBody(rest) + `"}`, nil
}

// jsonStringBody is s as JSON.stringify writes it, without the quotes.
func jsonStringBody(s string) string {
	q := jsjson.Stringify(s)
	return q[1 : len(q)-1]
}

// strictToolLimitMessages are the errors Claude (on the Anthropic API and
// on Bedrock) rejects a request with when its strict tools exceed its
// limits (pi-ai's strict-tool-limits.js).
var strictToolLimitMessages = []string{"The compiled grammar is too large", "Too many strict tools (",
	"Schemas contains too many parameters with union types ("}

func isStrictToolLimitError(message string) bool {
	return slices.ContainsFunc(strictToolLimitMessages, func(m string) bool { return strings.Contains(message, m) })
}

// sessionsOverStrictToolLimits are the sessions whose strict tools were
// rejected: their later requests send "prefer" tools non-strict at once
// (the tools rarely change; trying again would repeat the rejection and
// rewriting them would miss the prompt cache). Bounded as pi-ai's, the
// oldest dropped first; CleanupSessionResources forgets a session.
var sessionsOverStrictToolLimits = struct {
	sync.Mutex
	order []string
	set   map[string]bool
}{set: map[string]bool{}}

const maxSessionsOverStrictToolLimits = 10_000

func markStrictToolLimitsExceeded(sessionID string) {
	if sessionID == "" {
		return
	}
	s := &sessionsOverStrictToolLimits
	s.Lock()
	defer s.Unlock()
	if s.set[sessionID] {
		return
	}
	s.set[sessionID] = true
	s.order = append(s.order, sessionID)
	if len(s.order) > maxSessionsOverStrictToolLimits {
		delete(s.set, s.order[0])
		s.order = s.order[1:]
	}
}

func hasExceededStrictToolLimits(sessionID string) bool {
	s := &sessionsOverStrictToolLimits
	s.Lock()
	defer s.Unlock()
	return sessionID != "" && s.set[sessionID]
}

func forgetStrictToolLimits(sessionID string) {
	s := &sessionsOverStrictToolLimits
	s.Lock()
	defer s.Unlock()
	if s.set[sessionID] {
		delete(s.set, sessionID)
		s.order = slices.DeleteFunc(s.order, func(id string) bool { return id == sessionID })
	}
}

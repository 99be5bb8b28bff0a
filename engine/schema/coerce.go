package schema

import (
	"fmt"
	"math"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"unsafe"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Coerce returns value turned towards schema the way pi 1.6 turns a
// model's tool-call arguments before checking them (pi-ai's
// validateToolArguments compiles tool schemas with pi-schema's
// `{coerce: true}` and calls parse): "42" becomes 42 for a number, "3.5"
// becomes 3 for an integer, a single value becomes a one-item array, a null
// in an optional property is dropped, a union takes the first branch whose
// conversion passes. The arguments a tool receives must be the ones pi
// gives it, so this is pi-schema's Coercer (dist/coerce.js) ported pass by
// pass and rule by rule; whether a subschema passes is this package's
// checker. value is JSON data (maps, slices, float64, string, bool, nil) and
// is never modified: changed objects and arrays are copies, the rest is
// shared. A schema with $id or anchors is refused with [ErrUnsupported].
func Coerce(schema, value any) (any, error) {
	s, err := normalize(schema)
	if err != nil {
		return nil, fmt.Errorf("%w: schema: %v", ErrUnsupported, err)
	}
	if hasIdentifiers(s) {
		return nil, fmt.Errorf("%w: schema with $id or anchors", ErrUnsupported)
	}
	v, err := normalize(value)
	if err != nil {
		return nil, fmt.Errorf("%w: value: %v", ErrUnsupported, err)
	}
	c := &coercer{root: s}
	return c.coerceTypes(c.convertOnly(c.dropOptionalNulls(v, s)), s), nil
}

type coercer struct {
	root any
	// entered holds the (node, value) pairs pass 2 is converting through
	// a re-entry point ($ref, or wrapping a single value into an array):
	// meeting one again leaves the value as it is, so a recursive schema
	// cannot convert without end.
	entered []enteredPair
	cuts    int // re-entries cut short during this conversion
	// memo holds $ref targets' results by node and value, so recursive
	// unions do not convert the same children once per branch.
	memo map[any]map[any]any
}

type enteredPair struct{ node, value any }

// passes reports whether value is valid against node, and whether that
// could be decided at all (pi-schema's undefined when a node does not
// compile).
func (c *coercer) passes(node, value any) (valid, known bool) {
	w := &walker{root: c.root, piSchema: true}
	valid = w.check(node, value, 0)
	return valid, w.unsupported == ""
}

func (c *coercer) passesTrue(node, value any) bool {
	valid, known := c.passes(node, value)
	return known && valid
}

// ---------------------------------------------------------------------------
// Pass 1: optional nulls
// ---------------------------------------------------------------------------

func (c *coercer) dropOptionalNulls(value, schema any) any {
	s, ok := schema.(map[string]any)
	if !ok {
		return value
	}
	if arr, ok := value.([]any); ok {
		return mapItems(arr, func(item any, i int) any {
			if is, ok := itemSchemaAt(s, i); ok {
				return c.dropOptionalNulls(item, is)
			}
			return item
		})
	}
	obj, ok := value.(map[string]any)
	if !ok {
		return value
	}
	properties, hasProps := s["properties"].(map[string]any)
	patterns := patternSchemas(s)
	additional, hasAdditional := s["additionalProperties"].(map[string]any)
	if len(patterns) == 0 && !hasAdditional && !hasProps {
		return value
	}
	required := map[string]bool{}
	if list, ok := s["required"].([]any); ok {
		for _, r := range list {
			if k, ok := r.(string); ok {
				required[k] = true
			}
		}
	}
	cow := newCOW(obj)
	for _, key := range jsjson.Keys(properties) {
		property := properties[key]
		v, present := obj[key]
		if !present {
			continue
		}
		pm, isObj := property.(map[string]any)
		_, isRef := pm["$ref"].(string)
		isRef = isObj && isRef
		if v == nil && !required[key] && !isRef {
			if valid, known := c.passes(property, nil); known && !valid {
				cow.remove(key)
				continue
			}
		}
		cow.set(key, c.dropOptionalNulls(v, property))
	}
	if len(patterns) > 0 || hasAdditional {
		for _, key := range jsjson.Keys(obj) {
			_, matched := properties[key]
			for _, p := range patterns {
				if !p.re.MatchString(key) {
					continue
				}
				matched = true
				// A property dropped above stays dropped.
				if cur, ok := cow.get(key); ok {
					cow.set(key, c.dropOptionalNulls(cur, p.schema))
				}
			}
			if !matched && hasAdditional {
				cow.set(key, c.dropOptionalNulls(obj[key], additional))
			}
		}
	}
	return cow.result()
}

// ---------------------------------------------------------------------------
// Pass 2: TypeBox's conversion rules (Value.Convert)
// ---------------------------------------------------------------------------

func (c *coercer) convertOnly(value any) any {
	defer func() { c.memo, c.cuts = nil, 0 }()
	return c.convert(c.root, value)
}

func (c *coercer) reenter(node map[string]any, value any, memoize bool) any {
	nk, vk := identity(node), identity(value)
	for _, e := range c.entered {
		if identity(e.node) == nk && identity(e.value) == vk {
			c.cuts++
			return value
		}
	}
	if memoize {
		if r, ok := c.memo[nk][vk]; ok {
			return r
		}
	}
	cuts := c.cuts
	c.entered = append(c.entered, enteredPair{node, value})
	result := c.convert(node, value)
	c.entered = c.entered[:len(c.entered)-1]
	if memoize && c.cuts == cuts {
		if c.memo == nil {
			c.memo = map[any]map[any]any{}
		}
		if c.memo[nk] == nil {
			c.memo[nk] = map[any]any{}
		}
		c.memo[nk][vk] = result
	}
	return result
}

func (c *coercer) convert(node, value any) any {
	n, ok := node.(map[string]any)
	if !ok {
		return value
	}
	if ref, ok := n["$ref"].(string); ok {
		target, found := c.resolve(ref)
		if t, ok := target.(map[string]any); found && ok {
			return c.reenter(t, value, true)
		}
		return value
	}
	return c.convertNode(n, value)
}

// resolve finds a "#..." reference in the root schema (Coerce refuses
// schemas with $id or anchors, so fragment pointers are all there is).
func (c *coercer) resolve(ref string) (any, bool) {
	if !strings.HasPrefix(ref, "#") {
		return nil, false
	}
	frag, err := decodeURIComponent(ref[1:])
	if err != nil {
		return nil, false
	}
	if frag == "" {
		return c.root, true
	}
	if !strings.HasPrefix(frag, "/") {
		return nil, false
	}
	return (&walker{root: c.root}).pointerGet(c.root, frag)
}

func (c *coercer) convertNode(n map[string]any, value any) any {
	if lit, ok := n["const"]; ok {
		return convertLiteral(lit, value)
	}
	if values, ok := n["enum"].([]any); ok {
		return c.convertEnum(n, values, value)
	}
	if branches, ok := n["anyOf"].([]any); ok {
		return c.convertUnion(n, branches, value)
	}
	if branches, ok := n["oneOf"].([]any); ok {
		return c.convertUnion(n, branches, value)
	}
	if members, ok := n["allOf"].([]any); ok {
		next := value
		for _, m := range members {
			next = c.convert(m, next)
		}
		return c.convertMembers(n, next)
	}
	t, hasType := n["type"]
	if !hasType {
		if _, ok := n["properties"]; ok {
			return c.convertObject(n, value)
		}
		if _, ok := n["patternProperties"]; ok {
			return c.convertObject(n, value)
		}
		_, items := n["items"]
		_, prefix := n["prefixItems"]
		if items || prefix {
			return c.convertArray(n, value)
		}
		return value
	}
	switch t {
	case "string":
		return orValue(tryString(value), value)
	case "number":
		return orValue(tryNumber(value), value)
	case "integer":
		if r := tryNumber(value); r != nil {
			return math.Trunc(r.(converted).v.(float64)) + 0 // + 0: no -0, as JSON.stringify writes 0
		}
		return value
	case "boolean":
		return orValue(tryBoolean(value), value)
	case "null":
		return orValue(tryNull(value), value)
	case "array":
		return c.convertArray(n, value)
	case "object":
		return c.convertObject(n, value)
	}
	// "bigint" and "undefined" convert to values JSON cannot carry; a tool's
	// arguments are JSON, so those are left as they are.
	return value
}

func (c *coercer) convertEnum(n map[string]any, values []any, value any) any {
	for _, m := range values {
		if strictEqual(m, value) {
			return value
		}
	}
	for _, m := range values {
		candidate := convertLiteral(m, value)
		if !same(candidate, value) && c.passesTrue(n, candidate) {
			return candidate
		}
	}
	return value
}

func (c *coercer) convertUnion(n map[string]any, branches []any, value any) any {
	for _, b := range branches {
		if c.passesTrue(b, value) {
			return c.convertMembers(n, value)
		}
	}
	for _, b := range branches {
		candidate := c.convertMembers(n, c.convert(b, value))
		if c.passesTrue(n, candidate) {
			return candidate
		}
	}
	return c.convertMembers(n, value)
}

func (c *coercer) convertMembers(n map[string]any, value any) any {
	_, p := n["properties"]
	_, pp := n["patternProperties"]
	_, ap := n["additionalProperties"]
	if p || pp || ap {
		return c.convertObject(n, value)
	}
	return value
}

func (c *coercer) convertArray(n map[string]any, value any) any {
	prefix, isTuple := n["items"].([]any)
	if !isTuple {
		prefix, isTuple = n["prefixItems"].([]any)
	}
	if isTuple {
		arr, ok := value.([]any)
		if !ok {
			return value // a tuple never wraps a single value
		}
		rest, hasRest := any(nil), false
		if _, itemsIsList := n["items"].([]any); !itemsIsList {
			rest, hasRest = n["items"]
		}
		return mapItems(arr, func(item any, i int) any {
			if i < len(prefix) {
				return c.convert(prefix[i], item)
			}
			if hasRest {
				return c.convert(rest, item)
			}
			return item
		})
	}
	items, hasItems := n["items"]
	if arr, ok := value.([]any); ok {
		if !hasItems {
			return value
		}
		return mapItems(arr, func(item any, _ int) any { return c.convert(items, item) })
	}
	// The single value wrapped is converted by the item schema with the
	// same value: a re-entry point.
	if im, ok := items.(map[string]any); ok {
		return []any{c.reenter(im, value, false)}
	}
	return []any{value}
}

func (c *coercer) convertObject(n map[string]any, value any) any {
	obj, ok := value.(map[string]any)
	if !ok {
		return value
	}
	properties, _ := n["properties"].(map[string]any)
	patterns := patternSchemas(n)
	additional, hasAdditional := n["additionalProperties"].(map[string]any)
	cow := newCOW(obj)
	for _, key := range jsjson.Keys(obj) {
		next := obj[key]
		property, matched := properties[key]
		if matched {
			next = c.convert(property, next)
		}
		for _, p := range patterns {
			if p.re.MatchString(key) {
				matched = true
				next = c.convert(p.schema, next)
			}
		}
		if !matched && hasAdditional {
			next = c.convert(additional, next)
		}
		cow.set(key, next)
	}
	return cow.result()
}

// ---------------------------------------------------------------------------
// Pass 3: primitive coercion by type (Ajv's coerceTypes)
// ---------------------------------------------------------------------------

func (c *coercer) coerceTypes(value, schema any) any {
	s, ok := schema.(map[string]any)
	if !ok {
		return value
	}
	next := value
	if members, ok := s["allOf"].([]any); ok {
		for _, m := range members {
			next = c.coerceTypes(next, m)
		}
	}
	if branches, ok := s["anyOf"].([]any); ok {
		next = c.coerceUnion(next, branches)
	}
	if branches, ok := s["oneOf"].([]any); ok {
		next = c.coerceUnion(next, branches)
	}
	types := schemaTypes(s)
	matchesMember := false
	if len(types) > 1 {
		for _, t := range types {
			matchesMember = matchesMember || matchesType(next, t)
		}
	}
	if len(types) > 0 && !matchesMember {
		for _, t := range types {
			if candidate := coercePrimitive(next, t); !same(candidate, next) {
				next = candidate
				break
			}
		}
	}
	if contains(types, "object") {
		if obj, ok := next.(map[string]any); ok {
			next = c.coerceProperties(obj, s)
		}
	}
	if contains(types, "array") {
		if arr, ok := next.([]any); ok {
			next = mapItems(arr, func(item any, i int) any {
				if is, ok := itemSchemaAt(s, i); ok {
					if _, isObj := is.(map[string]any); isObj {
						return c.coerceTypes(item, is)
					}
				}
				return item
			})
		}
	}
	return next
}

func (c *coercer) coerceUnion(value any, branches []any) any {
	for _, b := range branches {
		if c.passesTrue(b, value) {
			return value
		}
	}
	for _, b := range branches {
		coerced := c.coerceTypes(value, b)
		if c.passesTrue(b, coerced) {
			return coerced
		}
	}
	return value
}

func (c *coercer) coerceProperties(obj map[string]any, s map[string]any) any {
	properties, _ := s["properties"].(map[string]any)
	patterns := patternSchemas(s)
	additional, hasAdditional := s["additionalProperties"].(map[string]any)
	cow := newCOW(obj)
	for _, key := range jsjson.Keys(properties) {
		if v, ok := obj[key]; ok {
			cow.set(key, c.coerceTypes(v, properties[key]))
		}
	}
	for _, key := range jsjson.Keys(obj) {
		_, matched := properties[key]
		for _, p := range patterns {
			if p.re.MatchString(key) {
				matched = true
				cur, _ := cow.get(key)
				cow.set(key, c.coerceTypes(cur, p.schema))
			}
		}
		if !matched && hasAdditional {
			cow.set(key, c.coerceTypes(obj[key], additional))
		}
	}
	return cow.result()
}

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

type patternSchema struct {
	re     *jsRegexp
	schema any
}

// patternSchemas are s's patternProperties with their compiled patterns; a
// pattern this package cannot compile matches nothing.
func patternSchemas(s map[string]any) []patternSchema {
	pp, ok := s["patternProperties"].(map[string]any)
	if !ok {
		return nil
	}
	var out []patternSchema
	for _, p := range jsjson.Keys(pp) {
		if re, ok := compileJS(p); ok {
			out = append(out, patternSchema{re, pp[p]})
		}
	}
	return out
}

// itemSchemaAt is the schema of an array's item at index: a tuple's for its
// prefix, items after prefixItems, or items for every item.
func itemSchemaAt(s map[string]any, i int) (any, bool) {
	if list, ok := s["items"].([]any); ok {
		if i < len(list) {
			return list[i], true
		}
		return nil, false
	}
	if list, ok := s["prefixItems"].([]any); ok && i < len(list) {
		return list[i], true
	}
	v, ok := s["items"]
	return v, ok
}

// mapItems maps items, copying the slice only when an item changes.
func mapItems(items []any, f func(any, int) any) any {
	var out []any
	for i, item := range items {
		next := f(item, i)
		if same(next, item) {
			continue
		}
		if out == nil {
			out = append([]any(nil), items...)
		}
		out[i] = next
	}
	if out == nil {
		return items
	}
	return out
}

// cow is a copy-on-write object: the original until a member changes.
type cow struct {
	orig map[string]any
	out  map[string]any
}

func newCOW(m map[string]any) *cow { return &cow{orig: m} }

func (w *cow) cur() map[string]any {
	if w.out != nil {
		return w.out
	}
	return w.orig
}

func (w *cow) get(k string) (any, bool) { v, ok := w.cur()[k]; return v, ok }

func (w *cow) copy() {
	if w.out == nil {
		w.out = make(map[string]any, len(w.orig))
		for k, v := range w.orig {
			w.out[k] = v
		}
	}
}

func (w *cow) set(k string, v any) {
	if old, ok := w.cur()[k]; ok && same(old, v) {
		return
	}
	w.copy()
	w.out[k] = v
}

func (w *cow) remove(k string) {
	w.copy()
	delete(w.out, k)
}

func (w *cow) result() any {
	if w.out != nil {
		return w.out
	}
	return w.orig
}

// identity is a comparable key standing for v as JavaScript's Object.is
// sees it: objects and arrays by reference, the rest by value.
func identity(v any) any {
	switch x := v.(type) {
	case map[string]any:
		return refKey{reflect.ValueOf(x).UnsafePointer(), -1}
	case []any:
		return refKey{reflect.ValueOf(x).UnsafePointer(), len(x)}
	}
	return v
}

type refKey struct {
	p unsafe.Pointer
	n int
}

// same is JavaScript's === for JSON data: objects and arrays by reference.
func same(a, b any) bool { return identity(a) == identity(b) }

// strictEqual is === between an enum member and a value.
func strictEqual(a, b any) bool { return same(a, b) }

// orValue is a conversion's result, or value when there is none.
func orValue(r, value any) any {
	if r == nil {
		return value
	}
	return r.(converted).v
}

// converted wraps a conversion result so that a converted null differs
// from no result.
type converted struct{ v any }

func convertLiteral(literal, value any) any {
	if same(literal, value) {
		return value
	}
	var r any
	switch literal.(type) {
	case string:
		r = tryString(value)
	case float64:
		r = tryNumber(value)
	case bool:
		r = tryBoolean(value)
	}
	if r != nil && same(r.(converted).v, literal) {
		return literal
	}
	return value
}

func tryString(value any) any {
	switch x := value.(type) {
	case bool:
		return converted{strconv.FormatBool(x)}
	case float64:
		if !math.IsInf(x, 0) && !math.IsNaN(x) {
			return converted{jsjson.Number(x)}
		}
	case nil:
		return converted{"null"}
	case string:
		return converted{x}
	}
	return nil
}

const maxSafeInteger = 1<<53 - 1

var bigIntLiteral = regexp.MustCompile(`^-?(0|[1-9]\d*)n$`)

func tryNumber(value any) any {
	switch x := value.(type) {
	case bool:
		if x {
			return converted{1.0}
		}
		return converted{0.0}
	case float64:
		if !math.IsInf(x, 0) && !math.IsNaN(x) {
			return converted{x}
		}
		return nil
	case nil:
		return converted{0.0}
	case string:
		if f := jsToNumber(x); !math.IsInf(f, 0) && !math.IsNaN(f) {
			return converted{f}
		}
		switch strings.ToLower(x) {
		case "false":
			return converted{0.0}
		case "true":
			return converted{1.0}
		}
		if bigIntLiteral.MatchString(x) {
			if f, err := strconv.ParseFloat(x[:len(x)-1], 64); err == nil && math.Abs(f) <= maxSafeInteger {
				return converted{f + 0}
			}
		}
	}
	return nil
}

func tryBoolean(value any) any {
	switch x := value.(type) {
	case bool:
		return converted{x}
	case float64:
		switch x {
		case 0:
			return converted{false}
		case 1:
			return converted{true}
		}
		return nil
	case nil:
		return converted{false}
	case string:
		l := strings.ToLower(x)
		if l == "false" || x == "0" {
			return converted{false}
		}
		if l == "true" || x == "1" {
			return converted{true}
		}
	}
	return nil
}

func tryNull(value any) any {
	switch x := value.(type) {
	case bool:
		if !x {
			return converted{nil}
		}
	case float64:
		if x == 0 {
			return converted{nil}
		}
	case nil:
		return converted{nil}
	case string:
		l := strings.ToLower(x)
		if l == "undefined" || l == "null" || x == "" || x == "0" {
			return converted{nil}
		}
	}
	return nil
}

func schemaTypes(s map[string]any) []string {
	switch t := s["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, x := range t {
			if str, ok := x.(string); ok {
				out = append(out, str)
			}
		}
		return out
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func matchesType(value any, t string) bool {
	switch x := value.(type) {
	case float64:
		finite := !math.IsInf(x, 0) && !math.IsNaN(x)
		return (t == "number" && finite) || (t == "integer" && finite && x == math.Trunc(x))
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case nil:
		return t == "null"
	case []any:
		return t == "array"
	case map[string]any:
		return t == "object"
	}
	return false
}

// coercePrimitive is pass 3's conversion of value to type t.
func coercePrimitive(value any, t string) any {
	switch t {
	case "number", "integer":
		switch x := value.(type) {
		case nil:
			return 0.0
		case string:
			if strings.TrimFunc(x, IsJSSpace) != "" {
				f := jsToNumber(x)
				finite := !math.IsInf(f, 0) && !math.IsNaN(f)
				if (t == "number" && finite) || (t == "integer" && finite && f == math.Trunc(f)) {
					return f
				}
			}
		case bool:
			if x {
				return 1.0
			}
			return 0.0
		}
	case "boolean":
		switch x := value.(type) {
		case nil:
			return false
		case string:
			if x == "true" {
				return true
			}
			if x == "false" {
				return false
			}
		case float64:
			if x == 1 {
				return true
			}
			if x == 0 {
				return false
			}
		}
	case "string":
		switch x := value.(type) {
		case nil:
			return ""
		case float64:
			return jsjson.Number(x)
		case bool:
			return strconv.FormatBool(x)
		}
	case "null":
		switch x := value.(type) {
		case string:
			if x == "" {
				return nil
			}
		case float64:
			if x == 0 {
				return nil
			}
		case bool:
			if !x {
				return nil
			}
		}
	}
	return value
}

// IsJSSpace is JavaScript's WhiteSpace or LineTerminator (what
// String.prototype.trim and Number() strip).
func IsJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', ' ', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// jsToNumber is JavaScript's Number(string): surrounding white space
// ignored, "" is 0, 0x/0o/0b integers, Infinity with a sign, decimal
// literals; anything else is NaN.
func jsToNumber(s string) float64 {
	s = strings.TrimFunc(s, IsJSSpace)
	if s == "" {
		return 0
	}
	if len(s) > 2 && s[0] == '0' {
		base := 0
		switch s[1] {
		case 'x', 'X':
			base = 16
		case 'o', 'O':
			base = 8
		case 'b', 'B':
			base = 2
		}
		if base != 0 {
			f := 0.0
			for _, r := range s[2:] {
				d, err := strconv.ParseUint(string(r), base, 8)
				if err != nil {
					return math.NaN()
				}
				f = f*float64(base) + float64(d)
			}
			return f
		}
	}
	body := strings.TrimLeft(s, "+-")
	if len(s)-len(body) > 1 {
		return math.NaN()
	}
	if body == "Infinity" {
		if s[0] == '-' {
			return math.Inf(-1)
		}
		return math.Inf(1)
	}
	if !decimalLiteral.MatchString(body) {
		return math.NaN()
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !strings.Contains(err.Error(), "range") {
		return math.NaN()
	}
	return f
}

var decimalLiteral = regexp.MustCompile(`^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$`)

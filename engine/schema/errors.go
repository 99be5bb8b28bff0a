// Package schema lists a value's JSON Schema errors the way TypeBox does.
//
// pi-ai validates tool-call arguments with TypeBox (typebox 1.4.x,
// Compile(schema).Errors(value)) and shows the model one line per error.
// pigo keeps santhosh-tekuri/jsonschema as its validator; when it rejects a
// call, [Errors] enumerates what TypeBox would report, so the lines the model
// reads are pi's: the same errors in the same order, with TypeBox's keyword,
// schema and instance paths, params and en_US message.
//
// [Errors] is an interpreter that follows TypeBox's schema engine
// (build/schema/engine) keyword by keyword: the keyword order of ErrorSchema,
// every keyword evaluated (no short-circuit) except where TypeBox stops
// early, the fresh error contexts of allOf/anyOf/oneOf/$ref/if, and the cap
// of 8 errors per context. It returns an error wrapping [ErrUnsupported]
// when the outcome depends on something it does not implement ($dynamicRef,
// $recursiveRef, unevaluated*, $ref next to $id or anchors, a format that
// needs a WHATWG URL or IDNA parser, a regular expression RE2 cannot
// express, inherited Object.prototype keys); callers then fall back to their
// own wording.
//
// TypeBox visits an object's keys in insertion order. Objects given as
// *jsjson.Object keep theirs; Go maps have none, so their keys are visited
// as JavaScript visits an object decoded from Go's JSON (array-index keys
// ascending, then the others sorted), and where several errors come from
// different keys of one such object their order can differ from TypeBox's.
package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Error is one TypeBox validation error.
type Error struct {
	Keyword      string         `json:"keyword"`
	SchemaPath   string         `json:"schemaPath"`   // "#", "#/properties/a", ...: the failing schema
	InstancePath string         `json:"instancePath"` // JSON Pointer into the value, "" for the root
	Params       map[string]any `json:"params"`
	Message      string         `json:"message"` // TypeBox's en_US text
}

// ErrUnsupported reports that [Errors] cannot say what TypeBox would.
var ErrUnsupported = errors.New("not supported by the TypeBox error enumerator")

// maxErrors is TypeBox's Settings.maxErrors default: the capacity of one
// error context.
const maxErrors = 8

// maxDepth bounds schema recursion (a $ref cycle that does not descend into
// the value); TypeBox would overflow its stack there.
const maxDepth = 512

// Errors returns TypeBox's errors for value against schema, both JSON-shaped
// data. Objects given as *jsjson.Object keep their key order, as TypeBox
// visits them; other maps are visited in jsjson.Keys order. An empty list
// means TypeBox finds nothing wrong.
func Errors(schema, value any) ([]Error, error) {
	return ErrorsWith(schema, value, Options{})
}

// Options adapt [ErrorsWith] to an older TypeBox release.
type Options struct {
	// RawPaths joins keys into schema and instance paths as they are:
	// TypeBox before 1.4 did not escape "~" and "/" (1.3.27 is what
	// pi-coding-agent 1.6 checks models.json with; pi-ai 1.6's 1.4.3
	// escapes them as JSON Pointer does).
	RawPaths bool
}

// ErrorsWith is [Errors] with options.
func ErrorsWith(schema, value any, o Options) ([]Error, error) {
	s, err := normalize(schema)
	if err != nil {
		return nil, fmt.Errorf("%w: schema: %v", ErrUnsupported, err)
	}
	v, err := normalize(value)
	if err != nil {
		return nil, fmt.Errorf("%w: value: %v", ErrUnsupported, err)
	}
	w := &walker{root: s, order: keyOrders{}, rawPaths: o.RawPaths}
	w.order.record(s, schema)
	w.order.record(v, value)
	c := &errContext{}
	w.schema(c, "#", "", s, v, 0)
	if w.unsupported != "" {
		return nil, fmt.Errorf("%w: %s", ErrUnsupported, w.unsupported)
	}
	return c.errs, nil
}

// FormatPath is pi-ai's formatValidationPath: the instance path with dots,
// the first missing property appended for "required", "root" when empty.
func FormatPath(e Error) string {
	base := strings.ReplaceAll(strings.TrimPrefix(e.InstancePath, "/"), "/", ".")
	if e.Keyword == "required" {
		if props, _ := e.Params["requiredProperties"].([]string); len(props) > 0 && props[0] != "" {
			if base != "" {
				return base + "." + props[0]
			}
			return props[0]
		}
	}
	if base == "" {
		return "root"
	}
	return base
}

// normalize copies v as the data the walker reads: objects as
// map[string]any, arrays as []any, numbers as float64. jsjson values
// convert directly, so JSON.parse's non-finite numbers (1e400 is Infinity)
// survive; other leaves go through encoding/json.
func normalize(v any) (any, error) {
	switch x := v.(type) {
	case nil, bool, string, float64:
		return x, nil
	case *jsjson.Object:
		return normalize(*x)
	case jsjson.Object:
		m := make(map[string]any, len(x))
		for _, e := range x {
			n, err := normalize(e.Value)
			if err != nil {
				return nil, err
			}
			m[e.Key] = n
		}
		return m, nil
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			n, err := normalize(e)
			if err != nil {
				return nil, err
			}
			m[k] = n
		}
		return m, nil
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			n, err := normalize(e)
			if err != nil {
				return nil, err
			}
			a[i] = n
		}
		return a, nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	err = json.Unmarshal(b, &out)
	return out, err
}

// errContext is TypeBox's ErrorContext: errors beyond the capacity are
// dropped.
type errContext struct{ errs []Error }

func (c *errContext) full() bool { return len(c.errs) >= maxErrors }

// add records an error and returns false, as AddError does.
func (c *errContext) add(keyword, schemaPath, instancePath string, params map[string]any) bool {
	if !c.full() {
		c.errs = append(c.errs, Error{Keyword: keyword, SchemaPath: schemaPath, InstancePath: instancePath,
			Params: params, Message: message(keyword, params)})
	}
	return false
}

func (c *errContext) addAll(errs []Error) {
	for _, e := range errs {
		if !c.full() {
			c.errs = append(c.errs, e)
		}
	}
}

type walker struct {
	root        any
	unsupported string // the first reason the result cannot be trusted
	ids         *bool  // whether the schema has $id/$anchor/...; computed on the first $ref
	// piSchema makes the checks pi-schema's where TypeBox's differ: string
	// lengths are plain code-point counts, an array never equals an object.
	piSchema bool
	order    keyOrders // objects' keys in the order the caller gave them
	rawPaths bool      // Options.RawPaths
}

// key is a path segment for an object key.
func (w *walker) key(k string) string {
	if w.rawPaths {
		return k
	}
	return encodeFragment(k)
}

func (w *walker) fail(reason string) {
	if w.unsupported == "" {
		w.unsupported = reason
	}
}

// check is CheckSchema: whether value is valid, without errors.
func (w *walker) check(schema, value any, depth int) bool {
	return w.schema(&errContext{}, "#", "", schema, value, depth)
}

// schema is ErrorSchema.
func (w *walker) schema(c *errContext, sp, ip string, schema, value any, depth int) bool {
	if c.full() {
		return false
	}
	if depth > maxDepth {
		w.fail("schema recursion too deep")
		return false
	}
	switch s := schema.(type) {
	case bool:
		return s || c.add("boolean", sp, ip, map[string]any{})
	case map[string]any:
		return w.object(c, sp, ip, s, value, depth+1)
	}
	w.fail(fmt.Sprintf("schema of JSON type %s", jsonType(schema)))
	return false
}

// unsupportedKeywords are evaluated by TypeBox but not here.
var unsupportedKeywords = []string{"$dynamicRef", "$recursiveRef", "unevaluatedProperties", "unevaluatedItems"}

// object evaluates a schema object's keywords in ErrorSchema's order.
func (w *walker) object(c *errContext, sp, ip string, s map[string]any, v any, d int) bool {
	for _, k := range unsupportedKeywords {
		if _, ok := s[k]; ok {
			w.fail("keyword " + k)
		}
	}
	ok := true
	and := func(b bool) {
		if !b {
			ok = false
		}
	}
	if t, has := s["type"]; has && isTypeKeyword(t) {
		and(w.typ(c, sp, ip, t, v))
	}
	switch x := v.(type) {
	case map[string]any:
		if req, has := stringList(s["required"]); has {
			and(w.required(c, sp, ip, req, x))
		}
		if ap, has := s["additionalProperties"]; has && isSchema(ap) {
			and(w.additionalProperties(c, sp, ip, s, ap, x, d))
		}
		if deps, has := s["dependencies"].(map[string]any); has && everyValue(deps, isSchemaOrStrings) {
			and(w.dependencies(c, sp, ip, deps, x, d))
		}
		if deps, has := s["dependentRequired"].(map[string]any); has && everyValue(deps, isStrings) {
			and(w.dependentRequired(c, sp, ip, deps, x))
		}
		if deps, has := s["dependentSchemas"].(map[string]any); has && everyValue(deps, isSchema) {
			and(w.dependentSchemas(c, sp, ip, deps, x, d))
		}
		if pp, has := s["patternProperties"].(map[string]any); has && everyValue(pp, isSchema) {
			and(w.patternProperties(c, sp, ip, pp, x, d))
		}
		if props, has := s["properties"].(map[string]any); has && everyValue(props, isSchema) {
			and(w.properties(c, sp, ip, props, x, d))
		}
		if pn, has := s["propertyNames"]; has && isSchema(pn) {
			and(w.propertyNames(c, sp, ip, pn, x, d))
		}
		if n, has := number(s, "minProperties"); has {
			and(float64(len(x)) >= n || c.add("minProperties", sp, ip, map[string]any{"limit": n}))
		}
		if n, has := number(s, "maxProperties"); has {
			and(float64(len(x)) <= n || c.add("maxProperties", sp, ip, map[string]any{"limit": n}))
		}
	case []any:
		and(w.array(c, sp, ip, s, x, d))
	case string:
		and(w.str(c, sp, ip, s, x))
	case float64:
		if isFinite(x) { // TypeBox's IsNumber: JSON.parse reads 1e400 as Infinity
			and(w.num(c, sp, ip, s, x))
		}
	}
	if ref, has := s["$ref"].(string); has {
		and(w.ref(c, sp, ip, ref, v, d))
	}
	if cv, has := s["const"]; has {
		and(w.matches(v, cv) || c.add("const", sp, ip, map[string]any{"allowedValue": cv}))
	}
	if opts, has := s["enum"].([]any); has {
		found := false
		for _, o := range opts {
			if w.matches(v, o) {
				found = true
				break
			}
		}
		and(found || c.add("enum", sp, ip, map[string]any{"allowedValues": opts}))
	}
	if cond, has := s["if"]; has && isSchema(cond) {
		and(w.ifThenElse(c, sp, ip, s, cond, v, d))
	}
	if not, has := s["not"]; has && isSchema(not) {
		and(!w.check(not, v, d) || c.add("not", sp, ip, map[string]any{}))
	}
	if list, has := schemaList(s["allOf"]); has {
		and(w.allOf(c, sp, ip, list, v, d))
	}
	if list, has := schemaList(s["anyOf"]); has {
		and(w.anyOf(c, sp, ip, list, v, d))
	}
	if list, has := schemaList(s["oneOf"]); has {
		and(w.oneOf(c, sp, ip, list, v, d))
	}
	return ok
}

// typ is the type keyword; TypeBox's own type names (bigint, symbol, ...)
// never match JSON data, unknown names always do.
func (w *walker) typ(c *errContext, sp, ip string, t, v any) bool {
	var names []string
	if s, ok := t.(string); ok {
		names = []string{s}
	} else {
		names, _ = stringList(t)
	}
	for _, n := range names {
		if typeMatches(n, v) {
			return true
		}
	}
	return c.add("type", sp, ip, map[string]any{"type": t})
}

func typeMatches(name string, v any) bool {
	switch name {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "integer":
		f, ok := v.(float64)
		return ok && isFinite(f) && f == math.Trunc(f)
	case "number":
		f, ok := v.(float64)
		return ok && isFinite(f)
	case "null":
		return v == nil
	case "string":
		_, ok := v.(string)
		return ok
	case "bigint", "constructor", "function", "symbol", "undefined", "void":
		return false
	}
	return true
}

func (w *walker) required(c *errContext, sp, ip string, req []string, x map[string]any) bool {
	missing := []string{}
	for _, k := range req {
		if !w.has(x, k) {
			missing = append(missing, k)
		}
	}
	return len(missing) == 0 || c.add("required", sp, ip, map[string]any{"requiredProperties": missing})
}

// objectPrototypeKeys are inherited by every JavaScript object: TypeBox's
// `key in value` finds them.
var objectPrototypeKeys = map[string]bool{
	"__defineGetter__": true, "__defineSetter__": true, "__lookupGetter__": true, "__lookupSetter__": true,
	"hasOwnProperty": true, "isPrototypeOf": true, "propertyIsEnumerable": true,
	"toLocaleString": true, "toString": true, "valueOf": true,
}

// has is TypeBox's HasPropertyKey.
func (w *walker) has(x map[string]any, k string) bool {
	if _, ok := x[k]; ok {
		return true
	}
	if objectPrototypeKeys[k] {
		w.fail("inherited property " + strconv.Quote(k))
		return true
	}
	return false
}

func (w *walker) additionalProperties(c *errContext, sp, ip string, s map[string]any, ap any, x map[string]any, d int) bool {
	var patterns []*jsRegexp
	if pp, ok := s["patternProperties"].(map[string]any); ok && everyValue(pp, isSchema) {
		for _, p := range w.order.keys(pp) {
			re, ok := compileJS(p)
			if !ok {
				w.fail("pattern " + strconv.Quote(p))
				return false
			}
			patterns = append(patterns, re)
		}
	}
	props, _ := s["properties"].(map[string]any)
	if !everyValue(props, isSchema) {
		props = nil
	}
	failing := []string{}
	for _, k := range w.order.keys(x) {
		_, known := props[k]
		for _, re := range patterns {
			known = known || re.MatchString(k)
		}
		if !known && !w.schema(c, sp+"/additionalProperties", ip+"/"+w.key(k), ap, x[k], d) {
			failing = append(failing, k)
		}
	}
	return len(failing) == 0 || c.add("additionalProperties", sp, ip, map[string]any{"additionalProperties": failing})
}

func (w *walker) dependencies(c *errContext, sp, ip string, deps, x map[string]any, d int) bool {
	isEvery := true
	for _, k := range w.order.keys(deps) {
		if !w.has(x, k) {
			continue
		}
		if names, ok := stringList(deps[k]); ok {
			for _, dep := range names {
				if !w.has(x, dep) {
					isEvery = c.add("dependencies", sp, ip, map[string]any{"property": k, "dependencies": names})
					break
				}
			}
		} else if !w.schema(c, sp+"/dependencies/"+w.key(k), ip, deps[k], x, d) {
			isEvery = false
		}
	}
	return len(x) == 0 || isEvery
}

func (w *walker) dependentRequired(c *errContext, sp, ip string, deps, x map[string]any) bool {
	isEvery := true
	for _, k := range w.order.keys(deps) {
		if !w.has(x, k) {
			continue
		}
		names, _ := stringList(deps[k])
		for _, dep := range names {
			if !w.has(x, dep) {
				isEvery = c.add("dependentRequired", sp, ip, map[string]any{"property": k, "dependencies": names})
			}
		}
	}
	return len(x) == 0 || isEvery
}

func (w *walker) dependentSchemas(c *errContext, sp, ip string, deps, x map[string]any, d int) bool {
	isEvery := true
	for _, k := range w.order.keys(deps) {
		if w.has(x, k) && !w.schema(c, sp+"/dependentSchemas/"+w.key(k), ip, deps[k], x, d) {
			isEvery = false
		}
	}
	return len(x) == 0 || isEvery
}

func (w *walker) patternProperties(c *errContext, sp, ip string, pp, x map[string]any, d int) bool {
	ok := true
	for _, p := range w.order.keys(pp) {
		re, compiled := compileJS(p)
		if !compiled {
			w.fail("pattern " + strconv.Quote(p))
			return false
		}
		for _, k := range w.order.keys(x) {
			if re.MatchString(k) && !w.schema(c, sp+"/patternProperties/"+w.key(p), ip+"/"+w.key(k), pp[p], x[k], d) {
				ok = false
			}
		}
	}
	return ok
}

// properties visits the schema's properties present in the value (a present
// JSON value is never undefined, so TypeBox's inexact-optional rule does not
// apply).
func (w *walker) properties(c *errContext, sp, ip string, props, x map[string]any, d int) bool {
	ok := true
	for _, k := range w.order.keys(props) {
		if !w.has(x, k) {
			continue
		}
		if !w.schema(c, sp+"/properties/"+w.key(k), ip+"/"+w.key(k), props[k], x[k], d) {
			ok = false
		}
	}
	return ok
}

func (w *walker) propertyNames(c *errContext, sp, ip string, pn any, x map[string]any, d int) bool {
	failing := []string{}
	for _, k := range w.order.keys(x) {
		if !w.schema(c, sp+"/propertyNames", ip+"/"+w.key(k), pn, k, d) {
			failing = append(failing, k)
		}
	}
	return len(failing) == 0 || c.add("propertyNames", sp, ip, map[string]any{"propertyNames": failing})
}

// array evaluates the array keywords in ErrorSchema's order.
func (w *walker) array(c *errContext, sp, ip string, s map[string]any, x []any, d int) bool {
	ok := true
	and := func(b bool) {
		if !b {
			ok = false
		}
	}
	tuple, sized := schemaList(s["items"])
	item, unsized := s["items"], false
	if !sized {
		unsized = isSchema(item)
	}
	contains, hasContains := s["contains"]
	hasContains = hasContains && isSchema(contains)
	minContains, hasMinContains := number(s, "minContains")
	countContains := func() int {
		n := 0
		for _, e := range x {
			if w.check(contains, e, d) {
				n++
			}
		}
		return n
	}
	if ai, has := s["additionalItems"]; has && isSchema(ai) && sized {
		for i, e := range x {
			if i >= len(tuple) && !w.schema(c, sp+"/additionalItems", ip+"/"+strconv.Itoa(i), ai, e, d) {
				ok = false
				break
			}
		}
	}
	if hasContains {
		valid := hasMinContains && minContains == 0
		if !valid && len(x) > 0 {
			valid = countContains() > 0
		}
		and(valid || c.add("contains", sp, ip, map[string]any{"minContains": 1}))
	}
	prefix, hasPrefix := schemaList(s["prefixItems"])
	if sized {
		for i, e := range tuple {
			if i < len(x) && !w.schema(c, sp+"/items/"+strconv.Itoa(i), ip+"/"+strconv.Itoa(i), e, x[i], d) {
				ok = false
			}
		}
	} else if unsized {
		offset := 0
		if hasPrefix {
			offset = len(prefix)
		}
		for i := offset; i < len(x); i++ {
			if !w.schema(c, sp+"/items", ip+"/"+strconv.Itoa(i), item, x[i], d) {
				ok = false
			}
		}
	}
	if hasMinContains && hasContains {
		and(float64(countContains()) >= minContains || c.add("contains", sp, ip, map[string]any{"minContains": minContains}))
	}
	if n, has := number(s, "maxContains"); has && hasContains {
		least := 1.0
		if hasMinContains {
			least = minContains
		}
		and(float64(countContains()) <= n || c.add("contains", sp, ip, map[string]any{"minContains": least, "maxContains": n}))
	}
	if n, has := number(s, "minItems"); has {
		and(float64(len(x)) >= n || c.add("minItems", sp, ip, map[string]any{"limit": n}))
	}
	if n, has := number(s, "maxItems"); has {
		and(float64(len(x)) <= n || c.add("maxItems", sp, ip, map[string]any{"limit": n}))
	}
	if hasPrefix && len(x) > 0 {
		for i, e := range prefix {
			if i < len(x) && !w.schema(c, sp+"/prefixItems/"+strconv.Itoa(i), ip+"/"+strconv.Itoa(i), e, x[i], d) {
				ok = false
			}
		}
	}
	if u, has := s["uniqueItems"].(bool); has && u {
		seen := map[string]bool{}
		dups := []int{}
		for i, e := range x {
			h := hashKey(e)
			if seen[h] {
				dups = append(dups, i)
			}
			seen[h] = true
		}
		and(len(dups) == 0 || c.add("uniqueItems", sp, ip, map[string]any{"duplicateItems": dups}))
	}
	return ok
}

// str evaluates the string keywords; lengths count code points, with
// TypeBox's int32 shortcut.
func (w *walker) str(c *errContext, sp, ip string, s map[string]any, x string) bool {
	ok := true
	units, points := 0, utf8.RuneCountInString(x)
	for _, r := range x {
		units += utf16.RuneLen(r)
	}
	if n, has := number(s, "minLength"); has {
		valid := float64(units) >= float64(toInt32(n)<<1) || (float64(units) >= n && float64(points) >= n)
		if w.piSchema {
			valid = float64(points) >= n
		}
		ok = (valid || c.add("minLength", sp, ip, map[string]any{"limit": n})) && ok
	}
	if n, has := number(s, "maxLength"); has {
		valid := float64(units) <= n || (float64(units) <= float64(toInt32(n)<<1) && float64(points) <= n)
		if w.piSchema {
			valid = float64(points) <= n
		}
		ok = (valid || c.add("maxLength", sp, ip, map[string]any{"limit": n})) && ok
	}
	if f, has := s["format"].(string); has {
		valid, known := testFormat(f, x)
		if !known {
			w.fail("format " + strconv.Quote(f))
		}
		ok = (valid || c.add("format", sp, ip, map[string]any{"format": f})) && ok
	}
	if p, has := s["pattern"].(string); has {
		re, compiled := compileJS(p)
		if !compiled {
			w.fail("pattern " + strconv.Quote(p))
			return false
		}
		ok = (re.MatchString(x) || c.add("pattern", sp, ip, map[string]any{"pattern": p})) && ok
	}
	return ok
}

// num evaluates the number keywords.
func (w *walker) num(c *errContext, sp, ip string, s map[string]any, x float64) bool {
	ok := true
	bound := func(keyword, comparison string, valid func(x, n float64) bool) {
		if n, has := number(s, keyword); has && !valid(x, n) {
			ok = c.add(keyword, sp, ip, map[string]any{"comparison": comparison, "limit": n})
		}
	}
	bound("exclusiveMinimum", ">", func(x, n float64) bool { return x > n })
	bound("exclusiveMaximum", "<", func(x, n float64) bool { return x < n })
	bound("minimum", ">=", func(x, n float64) bool { return x >= n })
	bound("maximum", "<=", func(x, n float64) bool { return x <= n })
	if n, has := number(s, "multipleOf"); has && !isMultipleOf(x, n) {
		ok = c.add("multipleOf", sp, ip, map[string]any{"multipleOf": n})
	}
	return ok
}

// ifThenElse is ErrorIf: errors of "then" are not reported (they go to a
// throwaway context), errors of "else" are.
func (w *walker) ifThenElse(c *errContext, sp, ip string, s map[string]any, cond, v any, d int) bool {
	then, els := s["then"], s["else"]
	if !isSchema(then) {
		then = true
	}
	if !isSchema(els) {
		els = true
	}
	trueContext := &errContext{}
	if w.schema(trueContext, sp+"/if", ip, cond, v, d) {
		return w.schema(trueContext, sp+"/then", ip, then, v, d) || c.add("if", sp, ip, map[string]any{"failingKeyword": "then"})
	}
	return w.schema(c, sp+"/else", ip, els, v, d) || c.add("if", sp, ip, map[string]any{"failingKeyword": "else"})
}

// branches evaluates each subschema in a fresh context.
func (w *walker) branches(sp, ip, keyword string, list []any, v any, d int) (passing []int, failed []*errContext) {
	passing = []int{}
	for i, s := range list {
		sub := &errContext{}
		if w.schema(sub, sp+"/"+keyword+"/"+strconv.Itoa(i), ip, s, v, d) {
			passing = append(passing, i)
		} else {
			failed = append(failed, sub)
		}
	}
	return passing, failed
}

func (w *walker) allOf(c *errContext, sp, ip string, list []any, v any, d int) bool {
	passing, failed := w.branches(sp, ip, "allOf", list, v, d)
	if len(passing) == len(list) {
		return true
	}
	for _, f := range failed {
		c.addAll(f.errs)
	}
	return false
}

func (w *walker) anyOf(c *errContext, sp, ip string, list []any, v any, d int) bool {
	passing, failed := w.branches(sp, ip, "anyOf", list, v, d)
	if len(passing) > 0 {
		return true
	}
	for _, f := range failed {
		c.addAll(f.errs)
	}
	return c.add("anyOf", sp, ip, map[string]any{})
}

func (w *walker) oneOf(c *errContext, sp, ip string, list []any, v any, d int) bool {
	passing, failed := w.branches(sp, ip, "oneOf", list, v, d)
	if len(passing) == 1 {
		return true
	}
	if len(passing) == 0 {
		for _, f := range failed {
			c.addAll(f.errs)
		}
	}
	return c.add("oneOf", sp, ip, map[string]any{"passingSchemas": passing})
}

// Schema guards (TypeBox's schema/types).

func isSchema(v any) bool {
	switch v.(type) {
	case bool, map[string]any:
		return true
	}
	return false
}

func isTypeKeyword(v any) bool {
	if _, ok := v.(string); ok {
		return true
	}
	_, ok := stringList(v)
	return ok
}

func isStrings(v any) bool {
	_, ok := stringList(v)
	return ok
}

func isSchemaOrStrings(v any) bool { return isSchema(v) || isStrings(v) }

func stringList(v any) ([]string, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, len(a))
	for i, e := range a {
		if out[i], ok = e.(string); !ok {
			return nil, false
		}
	}
	return out, true
}

func schemaList(v any) ([]any, bool) {
	a, ok := v.([]any)
	if !ok {
		return nil, false
	}
	for _, e := range a {
		if !isSchema(e) {
			return nil, false
		}
	}
	return a, true
}

func everyValue(m map[string]any, f func(any) bool) bool {
	for _, v := range m {
		if !f(v) {
			return false
		}
	}
	return true
}

// number returns a numeric keyword (TypeBox ignores other types).
func number(s map[string]any, key string) (float64, bool) {
	f, ok := s[key].(float64)
	return f, ok
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return fmt.Sprintf("%T", v)
}

func isFinite(f float64) bool { return f-f == 0 }

func encodeFragment(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// matches is const/enum equality: TypeBox's, or pi-schema's where an array
// and an object are never equal.
func (w *walker) matches(v, option any) bool {
	if w.piSchema && !sameJSONKind(v, option) {
		return false
	}
	return matchesOption(v, option)
}

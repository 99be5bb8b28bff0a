package schema

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Issue is one error of pi 1.6's validator (pi-schema's Explainer): the
// JSON Pointer of the failing value, the keyword and pi-schema's message.
type Issue struct {
	Path    string `json:"path"`
	Keyword string `json:"keyword"`
	Message string `json:"message"`
}

// Explain returns pi-schema's errors for value, which failed schema: the
// walk of pi-schema's Explainer (dist/explain.js), written here keyword by
// keyword because the model reads these lines and they must match pi 1.6
// byte for byte. Whether a subschema passes is decided by the TypeBox
// interpreter of this package ([Errors]' checker), which agrees with
// pi-schema on the JSON Schema keywords; like [Errors], Explain returns an
// error wrapping [ErrUnsupported] where it cannot speak for pi-schema.
func Explain(schema, value any) ([]Issue, error) {
	s, err := normalize(schema)
	if err != nil {
		return nil, fmt.Errorf("%w: schema: %v", ErrUnsupported, err)
	}
	v, err := normalize(value)
	if err != nil {
		return nil, fmt.Errorf("%w: value: %v", ErrUnsupported, err)
	}
	if hasIdentifiers(s) {
		return nil, fmt.Errorf("%w: schema with $id or anchors", ErrUnsupported)
	}
	x := &explainer{walker: &walker{root: s, piSchema: true, order: keyOrders{}}}
	x.order.record(s, schema)
	x.order.record(v, value)
	var out []Issue
	x.walk(s, v, "", &out, 0)
	if x.unsupported != "" {
		return nil, fmt.Errorf("%w: %s", ErrUnsupported, x.unsupported)
	}
	if len(out) == 0 {
		out = append(out, Issue{Path: "", Keyword: "schema", Message: "invalid"})
	}
	return out, nil
}

// IssuePath is pi-ai 1.6's formatValidationPath: the pointer's segments,
// unescaped, joined with dots; "root" for the value itself.
func IssuePath(pointer string) string {
	if pointer == "" {
		return "root"
	}
	parts := strings.Split(pointer[1:], "/")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
	}
	return strings.Join(parts, ".")
}

type explainer struct{ *walker }

// keyOrders holds, for the objects of a normalized schema or value (by
// the identity of their maps), their keys in JavaScript's order, where the
// caller gave them ordered (*jsjson.Object): TypeBox and pi-schema report
// the errors of an object's properties in the order the schema declares
// them and the value holds them. Other maps enumerate as jsjson.Keys.
type keyOrders map[unsafe.Pointer][]string

// record walks plain, the normalized copy of ordered, alongside it.
func (o keyOrders) record(plain, ordered any) {
	switch p := plain.(type) {
	case map[string]any:
		switch x := ordered.(type) {
		case *jsjson.Object:
			o[reflect.ValueOf(p).UnsafePointer()] = jsjson.ObjectKeys(*x)
			for _, m := range *x {
				o.record(p[m.Key], m.Value)
			}
		case map[string]any:
			for k, e := range x {
				o.record(p[k], e)
			}
		}
	case []any:
		if a, ok := ordered.([]any); ok && len(a) == len(p) {
			for i := range p {
				o.record(p[i], a[i])
			}
		}
	}
}

func (o keyOrders) keys(m map[string]any) []string {
	if ks, ok := o[reflect.ValueOf(m).UnsafePointer()]; ok && len(ks) == len(m) {
		return ks
	}
	return jsjson.Keys(m)
}

// piSchemaTypes are the type names pi-schema knows; any other never matches.
var piSchemaTypes = map[string]bool{"string": true, "number": true, "integer": true, "boolean": true,
	"null": true, "array": true, "object": true, "bytes": true, "bigint": true, "undefined": true}

func (x *explainer) ok(node, v any, d int) bool { return x.check(node, v, d) }

func (x *explainer) walk(node, v any, path string, out *[]Issue, d int) {
	if d > maxDepth {
		x.fail("schema recursion too deep")
		return
	}
	if node == true {
		return
	}
	if node == false {
		*out = append(*out, Issue{path, "false", "no value is allowed here"})
		return
	}
	n, isObj := node.(map[string]any)
	if !isObj {
		return
	}
	x.checkTypeNames(n["type"])
	if x.ok(n, v, d) {
		return
	}
	push := func(keyword, message string) { *out = append(*out, Issue{path, keyword, message}) }
	if t, has := n["type"]; has {
		types, isList := t.([]any)
		if !isList {
			types = []any{t}
		}
		names := make([]string, len(types))
		matched := false
		for i, e := range types {
			names[i] = jsjson.String(e)
			if s, isStr := e.(string); isStr && piSchemaTypes[s] && typeMatches(s, v) {
				matched = true
			}
		}
		if !matched {
			push("type", "expected "+strings.Join(names, " or ")+", got "+typeName(v))
			return
		}
	}
	if opts, has := n["enum"].([]any); has && !x.containsValue(opts, v) {
		push("enum", "expected one of "+listValues(opts))
	}
	if c, has := n["const"]; has && !x.matches(v, c) {
		push("const", "expected "+jsjson.Stringify(c))
	}
	switch val := v.(type) {
	case string:
		if n["type"] != "bytes" {
			x.walkString(n, val, push)
		}
	case float64:
		x.walkNumber(n, val, push)
	case map[string]any:
		x.walkObject(n, val, path, out, push, d)
	case []any:
		x.walkArray(n, val, path, out, push, d)
	}
	if list, has := n["allOf"].([]any); has {
		for _, s := range list {
			x.walk(s, v, path, out, d+1)
		}
	}
	if list, has := n["anyOf"].([]any); has {
		x.walkUnion(list, v, path, out, false, d)
	}
	if list, has := n["oneOf"].([]any); has {
		x.walkUnion(list, v, path, out, true, d)
	}
	if not, has := n["not"]; has && x.ok(not, v, d) {
		push("not", "must not match the schema in not")
	}
	if cond, has := n["if"]; has {
		branch, hasBranch := n["else"]
		if x.ok(cond, v, d) {
			branch, hasBranch = n["then"]
		}
		if hasBranch {
			x.walk(branch, v, path, out, d+1)
		}
	}
	if ref, has := n["$ref"].(string); has {
		x.walkRef(ref, v, path, out, d)
	}
	for _, k := range []string{"unevaluatedProperties", "unevaluatedItems", "$dynamicRef"} {
		if _, has := n[k]; has {
			x.fail("keyword " + k)
		}
	}
}

// checkTypeNames refuses type names pi-schema rejects but TypeBox (the
// checker) accepts.
func (x *explainer) checkTypeNames(t any) {
	types, isList := t.([]any)
	if !isList {
		if t == nil {
			return
		}
		types = []any{t}
	}
	for _, e := range types {
		if s, _ := e.(string); !piSchemaTypes[s] {
			x.fail("type " + jsjson.String(e))
		}
	}
}

// walkRef resolves "#" and "#/pointer" as pi-schema does in a schema
// without identifiers; a reference that names nothing rejects the value
// (pi-ai compiles with unresolvedRefs: "reject").
func (x *explainer) walkRef(ref string, v any, path string, out *[]Issue, d int) {
	if !strings.HasPrefix(ref, "#") {
		x.fail("$ref " + strconv.Quote(ref))
		return
	}
	target, found := any(x.root), true
	if ref != "#" {
		frag, err := decodeURIComponent(ref[1:])
		if err != nil || !strings.HasPrefix(frag, "/") {
			x.fail("$ref " + strconv.Quote(ref))
			return
		}
		target, found = x.pointerGet(x.root, frag)
	}
	if !found {
		*out = append(*out, Issue{path, "$ref", "unresolved reference " + ref})
		return
	}
	x.walk(target, v, path, out, d+1)
}

func (x *explainer) walkString(n map[string]any, v string, push func(string, string)) {
	count := float64(utf8.RuneCountInString(v))
	if l, has := number(n, "minLength"); has && count < l {
		push("minLength", "expected at least "+jsNumber(l)+" characters")
	}
	if l, has := number(n, "maxLength"); has && count > l {
		push("maxLength", "expected at most "+jsNumber(l)+" characters")
	}
	if p, has := n["pattern"].(string); has {
		re, compiled := compileJS(p)
		if !compiled {
			x.fail("pattern " + strconv.Quote(p))
		} else if !re.MatchString(v) {
			push("pattern", "expected to match "+p)
		}
	}
	if f, has := n["format"].(string); has {
		valid, known := testFormat(f, v)
		if !known {
			x.fail("format " + strconv.Quote(f))
		} else if !valid {
			push("format", "expected format "+f)
		}
	}
}

func (x *explainer) walkNumber(n map[string]any, v float64, push func(string, string)) {
	bound := func(keyword, op string, fails func(limit float64) bool) {
		if l, has := number(n, keyword); has && fails(l) {
			push(keyword, "expected "+op+" "+jsNumber(l))
		}
	}
	bound("minimum", ">=", func(l float64) bool { return v < l })
	bound("maximum", "<=", func(l float64) bool { return v > l })
	bound("exclusiveMinimum", ">", func(l float64) bool { return v <= l })
	bound("exclusiveMaximum", "<", func(l float64) bool { return v >= l })
	if m, has := number(n, "multipleOf"); has && !isMultipleOf(v, m) {
		push("multipleOf", "expected a multiple of "+jsNumber(m))
	}
}

func (x *explainer) walkObject(n, v map[string]any, path string, out *[]Issue, push func(string, string), d int) {
	at := func(keyword, message, p string) { *out = append(*out, Issue{p, keyword, message}) }
	props, _ := n["properties"].(map[string]any)
	if req, has := n["required"].([]any); has {
		for _, k := range req {
			if s, isStr := k.(string); isStr {
				if _, present := v[s]; !present {
					at("required", "missing", pointer(path, s))
				}
			}
		}
	}
	for _, k := range x.order.keys(props) {
		if e, present := v[k]; present {
			x.walk(props[k], e, pointer(path, k), out, d+1)
		}
	}
	patterns, _ := n["patternProperties"].(map[string]any)
	patternKeys := x.order.keys(patterns)
	ap, hasAP := n["additionalProperties"]
	pn, hasPN := n["propertyNames"]
	for _, k := range x.order.keys(v) {
		_, matched := props[k]
		for _, p := range patternKeys {
			re, compiled := compileJS(p)
			if !compiled {
				x.fail("pattern " + strconv.Quote(p))
				return
			}
			if re.MatchString(k) {
				matched = true
				x.walk(patterns[p], v[k], pointer(path, k), out, d+1)
			}
		}
		if !matched && hasAP {
			if ap == false {
				at("additionalProperties", "unknown field", pointer(path, k))
			} else {
				x.walk(ap, v[k], pointer(path, k), out, d+1)
			}
		}
		if hasPN && !x.ok(pn, k, d) {
			at("propertyNames", "invalid property name", pointer(path, k))
		}
	}
	count := float64(len(v))
	if l, has := number(n, "minProperties"); has && count < l {
		push("minProperties", "expected at least "+jsNumber(l)+" properties")
	}
	if l, has := number(n, "maxProperties"); has && count > l {
		push("maxProperties", "expected at most "+jsNumber(l)+" properties")
	}
	// {...dependentRequired, ...dependencies}: the first's keys first,
	// a key of both takes the second's value.
	depReq, _ := n["dependentRequired"].(map[string]any)
	deps, _ := n["dependencies"].(map[string]any)
	keys := jsjson.Keys(depReq)
	for _, k := range jsjson.Keys(deps) {
		if _, dup := depReq[k]; !dup {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		if _, present := v[k]; !present {
			continue
		}
		dep, inDeps := deps[k]
		if !inDeps {
			dep = depReq[k]
		}
		list, isList := dep.([]any)
		if !isList {
			x.walk(dep, v, path, out, d+1)
			continue
		}
		for _, r := range list {
			if s, isStr := r.(string); !isStr {
				x.fail("dependency name " + jsjson.String(r))
			} else if _, present := v[s]; !present {
				at("dependentRequired", "required when "+k+" is present", pointer(path, s))
			}
		}
	}
	if ds, has := n["dependentSchemas"].(map[string]any); has {
		for _, k := range jsjson.Keys(ds) {
			if _, present := v[k]; present {
				x.walk(ds[k], v, path, out, d+1)
			}
		}
	}
}

func (x *explainer) walkArray(n map[string]any, v []any, path string, out *[]Issue, push func(string, string), d int) {
	var prefix []any
	var rest any
	if items, isList := n["items"].([]any); isList {
		prefix, rest = items, n["additionalItems"]
	} else {
		prefix, _ = n["prefixItems"].([]any)
		rest = n["items"]
	}
	for i, e := range v {
		s := rest
		if i < len(prefix) {
			s = prefix[i]
		}
		if s != nil {
			x.walk(s, e, path+"/"+strconv.Itoa(i), out, d+1)
		}
	}
	count := float64(len(v))
	if l, has := number(n, "minItems"); has && count < l {
		push("minItems", "expected at least "+jsNumber(l)+" items")
	}
	if l, has := number(n, "maxItems"); has && count > l {
		push("maxItems", "expected at most "+jsNumber(l)+" items")
	}
	if n["uniqueItems"] == true && !unique(v) {
		push("uniqueItems", "expected unique items")
	}
	if contains, has := n["contains"]; has {
		least, most := 1.0, math.Inf(1)
		if l, has := number(n, "minContains"); has {
			least = l
		}
		if l, has := number(n, "maxContains"); has {
			most = l
		}
		matches := 0.0
		for _, e := range v {
			if x.ok(contains, e, d) {
				matches++
			}
		}
		if matches < least || matches > most {
			push("contains", containsMessage(least, most))
		}
	}
}

// walkUnion blames a failed anyOf/oneOf: the branch a tag selects, else the
// branch that declares most of an object's keys, then the one whose first
// error is deepest.
func (x *explainer) walkUnion(branches []any, v any, path string, out *[]Issue, exactlyOne bool, d int) {
	matches := 0
	for _, s := range branches {
		if x.ok(s, v, d) {
			matches++
		}
	}
	if matches == 1 || (!exactlyOne && matches > 0) {
		return
	}
	keyword := "anyOf"
	if exactlyOne {
		keyword = "oneOf"
	}
	if matches > 1 {
		*out = append(*out, Issue{path, keyword, "matches more than one alternative"})
		return
	}
	obj, isObj := v.(map[string]any)
	if key, values, tagged := x.tagOf(branches); tagged && isObj {
		for i, t := range values {
			if e, present := obj[key]; present && e == t {
				x.walk(branches[i], v, path, out, d+1)
				return
			}
		}
		*out = append(*out, Issue{pointer(path, key), keyword, "expected one of " + listValues(values)})
		return
	}
	var best []Issue
	bestDeclared := -1
	for _, s := range branches {
		var errs []Issue
		x.walk(s, v, path, &errs, d+1)
		if len(errs) == 0 {
			continue
		}
		declared := 0
		if isObj {
			props, _ := x.resolved(s)["properties"].(map[string]any)
			for k := range obj {
				if _, has := props[k]; has {
					declared++
				}
			}
		}
		if best == nil || declared > bestDeclared || (declared == bestDeclared && len(errs[0].Path) > len(best[0].Path)) {
			best, bestDeclared = errs, declared
		}
	}
	if best == nil {
		best = []Issue{{path, keyword, "matches no alternative"}}
	}
	*out = append(*out, best...)
}

// resolved is a branch, through its $ref when it has one.
func (x *explainer) resolved(s any) map[string]any {
	n, _ := s.(map[string]any)
	if ref, has := n["$ref"].(string); has {
		if ref == "#" {
			n, _ = x.root.(map[string]any)
		} else if frag, err := decodeURIComponent(strings.TrimPrefix(ref, "#")); err == nil && strings.HasPrefix(frag, "/") {
			t, _ := x.pointerGet(x.root, frag)
			n, _ = t.(map[string]any)
		} else {
			n = nil
		}
	}
	return n
}

// tagOf finds the first property of the first branch whose const is a
// distinct primitive in every branch.
func (x *explainer) tagOf(branches []any) (string, []any, bool) {
	resolved := make([]map[string]any, len(branches))
	for i, s := range branches {
		resolved[i] = x.resolved(s)
	}
	first, _ := resolved[0]["properties"].(map[string]any)
	if first == nil {
		return "", nil, false
	}
	for _, key := range x.order.keys(first) {
		values := make([]any, len(resolved))
		distinct := map[any]bool{}
		primitive := true
		for i, r := range resolved {
			props, _ := r["properties"].(map[string]any)
			tag, _ := props[key].(map[string]any)
			c, has := tag["const"]
			switch c.(type) {
			case map[string]any, []any:
				has = false
			}
			if !has {
				primitive = false
				break
			}
			values[i] = c
			distinct[c] = true
		}
		if primitive && len(distinct) == len(values) {
			return key, values, true
		}
	}
	return "", nil, false
}

// listValues is JSON of values, cut after 20 with how many more there are.
func listValues(values []any) string {
	const listed = 20
	if len(values) <= listed {
		return jsjson.Stringify(values)
	}
	s := jsjson.Stringify(values[:listed])
	return s[:len(s)-1] + ", ... and " + strconv.Itoa(len(values)-listed) + " more]"
}

func containsMessage(least, most float64) string {
	plural := func(n float64) string {
		if n == 1 {
			return "item"
		}
		return "items"
	}
	switch {
	case math.IsInf(most, 1):
		return "expected at least " + jsNumber(least) + " matching " + plural(least)
	case least == 0:
		return "expected at most " + jsNumber(most) + " matching " + plural(most)
	}
	return "expected between " + jsNumber(least) + " and " + jsNumber(most) + " matching items"
}

func (x *explainer) containsValue(options []any, v any) bool {
	for _, o := range options {
		if x.matches(v, o) {
			return true
		}
	}
	return false
}

func unique(v []any) bool {
	seen := map[string]bool{}
	for _, e := range v {
		h := hashKey(e)
		if seen[h] {
			return false
		}
		seen[h] = true
	}
	return true
}

// typeName is pi-schema's name of a JSON value's type.
func typeName(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case string:
		return "string"
	case bool:
		return "boolean"
	case float64:
		if x == math.Trunc(x) {
			return "integer"
		}
	}
	return "number"
}

// jsNumber is String(n).
func jsNumber(n float64) string { return jsjson.String(n) }

func pointer(path, key string) string { return path + "/" + encodeFragment(key) }

// sameJSONKind reports whether a and b are both arrays, both objects, or
// neither.
func sameJSONKind(a, b any) bool {
	_, aArr := a.([]any)
	_, bArr := b.([]any)
	_, aObj := a.(map[string]any)
	_, bObj := b.(map[string]any)
	return aArr == bArr && aObj == bObj
}

package schema

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
)

type (
	M = map[string]any
	A = []any
)

var negZero = math.Copysign(0, -1)

// tbCase is one (schema, value) pair of the TypeBox corpus. unsupported
// marks the pairs Errors must refuse (TypeBox's answer depends on what the
// enumerator does not implement).
type tbCase struct {
	Name        string `json:"name"`
	Schema      any    `json:"schema"`
	Value       any    `json:"value"`
	unsupported bool
}

func str(extra M) M { return with(M{"type": "string"}, extra) }
func num(extra M) M { return with(M{"type": "number"}, extra) }
func obj(props M, required ...string) M {
	o := M{"type": "object", "properties": props}
	if len(required) > 0 {
		r := A{}
		for _, k := range required {
			r = append(r, k)
		}
		o["required"] = r
	}
	return o
}

func with(m, extra M) M {
	for k, v := range extra {
		m[k] = v
	}
	return m
}

// tbCases covers every keyword TypeBox's error engine has (bar the
// unsupported ones), nested objects and arrays, several errors at once,
// the error cap and unicode strings.
func tbCases() []tbCase {
	editTool := obj(M{
		"path": str(M{"description": "file"}),
		"edits": M{"type": "array", "minItems": 1, "items": obj(M{
			"oldText": str(nil), "newText": str(nil)}, "oldText", "newText")},
	}, "path", "edits")
	many := M{}
	manyValue := M{}
	for _, k := range strings.Split("a b c d e f g h i j", " ") {
		many[k] = num(nil)
		manyValue[k] = "x"
	}
	tree := M{"type": "object", "properties": M{"n": num(nil), "child": M{"$ref": "#"}}, "additionalProperties": false}
	cases := []tbCase{
		// type
		{Name: "type string", Schema: str(nil), Value: 5},
		{Name: "type integer fraction", Schema: M{"type": "integer"}, Value: 1.5},
		{Name: "type integer ok", Schema: M{"type": "integer"}, Value: 2.0},
		{Name: "type integer string", Schema: M{"type": "integer"}, Value: "x"},
		{Name: "type number", Schema: num(nil), Value: "3"},
		{Name: "type union", Schema: M{"type": A{"string", "null"}}, Value: 3},
		{Name: "type union three", Schema: M{"type": A{"string", "number", "boolean"}}, Value: A{}},
		{Name: "type null", Schema: M{"type": "null"}, Value: 0},
		{Name: "type boolean", Schema: M{"type": "boolean"}, Value: "true"},
		{Name: "type array", Schema: M{"type": "array"}, Value: M{}},
		{Name: "type object array", Schema: M{"type": "object"}, Value: A{}},
		{Name: "type object null", Schema: M{"type": "object"}, Value: nil},
		{Name: "type empty list", Schema: M{"type": A{}}, Value: 1},
		{Name: "type unknown name", Schema: M{"type": "whatever"}, Value: 1},
		{Name: "type bigint", Schema: M{"type": "bigint"}, Value: 1},
		// required and properties
		{Name: "required several", Schema: obj(M{"a": num(nil)}, "a", "b", "c"), Value: M{"b": 1}},
		{Name: "required nested", Schema: obj(M{"a": obj(M{"x": str(nil)}, "x", "y")}), Value: M{"a": M{}}},
		{Name: "required dotted key", Schema: obj(M{}, "a.b"), Value: M{}},
		{Name: "properties several", Schema: obj(M{"a": str(nil), "b": num(nil), "c": M{"type": "boolean"}}),
			Value: M{"a": 1, "b": "x", "c": nil}},
		{Name: "properties index keys", Schema: obj(M{"10": str(nil), "9": str(nil), "a": str(nil), "B": str(nil)}),
			Value: M{"10": 1, "9": 1, "a": 1, "B": 1}},
		{Name: "properties escaped keys", Schema: obj(M{"a/b": num(nil), "c~d": num(nil)}), Value: M{"a/b": "x", "c~d": "y"}},
		{Name: "properties unicode key", Schema: obj(M{"ключ": num(nil), "键": str(nil)}, "名"), Value: M{"ключ": "x", "键": 1}},
		{Name: "properties optional absent", Schema: obj(M{"a": str(nil), "b": num(nil)}, "a"), Value: M{"a": 1}},
		{Name: "properties not object", Schema: obj(M{"a": str(nil)}, "a"), Value: "x"},
		// additionalProperties
		{Name: "additional false", Schema: with(obj(M{"a": str(nil), "b": num(nil)}, "a", "b"), M{"additionalProperties": false}),
			Value: M{"x": 1, "y": 2, "b": "s"}},
		{Name: "additional schema", Schema: with(obj(M{"a": str(nil)}), M{"additionalProperties": num(M{"minimum": 0})}),
			Value: M{"a": "ok", "x": -1, "y": "s", "z": 3}},
		{Name: "additional with patterns", Schema: M{"type": "object", "patternProperties": M{"^x_": str(nil)},
			"properties": M{"id": num(nil)}, "additionalProperties": false}, Value: M{"x_a": 1, "y": 2, "x_b": "ok", "id": 1}},
		{Name: "additional true", Schema: with(obj(M{"a": str(nil)}), M{"additionalProperties": true}), Value: M{"a": 1, "z": 2}},
		{Name: "additional empty schema", Schema: with(obj(M{}), M{"additionalProperties": M{}}), Value: M{"z": 2}},
		{Name: "additional regexp key", Schema: with(obj(M{"a.b": num(nil)}), M{"additionalProperties": false}), Value: M{"a.b": 1, "axb": 2}},
		// patternProperties and propertyNames
		{Name: "pattern properties", Schema: M{"patternProperties": M{"^n": num(nil), "s$": str(nil)}},
			Value: M{"n1": "a", "ns": 1, "zz": 1}},
		{Name: "pattern properties unicode", Schema: M{"patternProperties": M{"^ü": num(nil), "\\p{Lu}": str(nil)}},
			Value: M{"über": "x", "Ärger": 1, "x": 1}},
		{Name: "property names pattern", Schema: M{"propertyNames": M{"pattern": "^[a-z]+$"}}, Value: M{"Abc": 1, "ok": 2, "1x": 3}},
		{Name: "property names length", Schema: M{"propertyNames": M{"maxLength": 2}}, Value: M{"abc": 1, "ok": 2}},
		{Name: "property names false", Schema: M{"propertyNames": false}, Value: M{"a": 1}},
		{Name: "min properties", Schema: M{"minProperties": 2}, Value: M{"a": 1}},
		{Name: "max properties", Schema: M{"maxProperties": 1}, Value: M{"a": 1, "b": 2}},
		// dependencies
		{Name: "dependencies list", Schema: M{"dependencies": M{"a": A{"b", "c"}}}, Value: M{"a": 1}},
		{Name: "dependencies schema", Schema: M{"dependencies": M{"a": M{"required": A{"z"}}}}, Value: M{"a": 1}},
		{Name: "dependencies absent", Schema: M{"dependencies": M{"a": A{"b"}}, "minProperties": 3}, Value: M{"c": 1}},
		{Name: "dependent required", Schema: M{"dependentRequired": M{"a": A{"b", "c"}, "d": A{"e"}}}, Value: M{"a": 1, "d": 1}},
		{Name: "dependent schemas", Schema: M{"dependentSchemas": M{"a": obj(M{"b": str(nil)})}}, Value: M{"a": 1, "b": 2}},
		// arrays
		{Name: "items schema", Schema: M{"type": "array", "items": num(nil)}, Value: A{1, "a", 2, "b"}},
		{Name: "items tuple", Schema: M{"type": "array", "items": A{str(nil), num(nil)}}, Value: A{"a", "b", 3}},
		{Name: "items tuple short", Schema: M{"type": "array", "items": A{str(nil), num(nil)}}, Value: A{1}},
		{Name: "additional items false", Schema: M{"items": A{str(nil)}, "additionalItems": false}, Value: A{"a", 1, 2, 3}},
		{Name: "additional items schema", Schema: M{"items": A{str(nil)}, "additionalItems": str(nil)}, Value: A{"a", "b", 1, 2}},
		{Name: "prefix items", Schema: M{"prefixItems": A{str(nil), num(nil)}, "items": M{"type": "boolean"}}, Value: A{1, "x", true, "no"}},
		{Name: "prefix items empty", Schema: M{"prefixItems": A{str(nil)}, "minItems": 1}, Value: A{}},
		{Name: "min items", Schema: M{"minItems": 3}, Value: A{1}},
		{Name: "max items", Schema: M{"maxItems": 1}, Value: A{1, 2}},
		{Name: "unique items", Schema: M{"uniqueItems": true}, Value: A{1, 2, 1, 2, 1}},
		{Name: "unique items objects", Schema: M{"uniqueItems": true}, Value: A{M{"a": 1, "b": 2}, M{"b": 2, "a": 1}, M{"a": 1}}},
		{Name: "unique items zero", Schema: M{"uniqueItems": true}, Value: A{0.0, negZero, -1.0, "0", A{0.0}, A{0.0}, nil, nil, false, 0.0}},
		{Name: "unique items false", Schema: M{"uniqueItems": false, "maxItems": 1}, Value: A{1, 1}},
		{Name: "contains", Schema: M{"contains": str(nil)}, Value: A{1, 2}},
		{Name: "contains empty", Schema: M{"contains": str(nil)}, Value: A{}},
		{Name: "min contains", Schema: M{"contains": str(nil), "minContains": 2}, Value: A{1, "a"}},
		{Name: "max contains", Schema: M{"contains": str(nil), "maxContains": 1, "minContains": 1}, Value: A{"a", "b"}},
		{Name: "max contains default min", Schema: M{"contains": str(nil), "maxContains": 1}, Value: A{"a", "b"}},
		{Name: "min contains zero", Schema: M{"contains": str(nil), "minContains": 0, "maxItems": 0}, Value: A{1}},
		// strings
		{Name: "min length", Schema: str(M{"minLength": 3}), Value: "ab"},
		{Name: "max length", Schema: str(M{"maxLength": 2}), Value: "abc"},
		{Name: "min length astral", Schema: str(M{"minLength": 3}), Value: "😀😀"},
		{Name: "max length astral", Schema: str(M{"maxLength": 2, "minLength": 3}), Value: "😀😀"},
		{Name: "min length fraction", Schema: str(M{"minLength": 2.5}), Value: "😀😀"},
		{Name: "max length combining", Schema: str(M{"maxLength": 1}), Value: "é"},
		{Name: "pattern", Schema: str(M{"pattern": "^a"}), Value: "ba"},
		{Name: "pattern unicode class", Schema: str(M{"pattern": "^\\p{L}+$"}), Value: "abc1"},
		{Name: "pattern nbsp space", Schema: str(M{"pattern": "^a\\sb$"}), Value: "a\u00a0b"},
		{Name: "pattern not space", Schema: str(M{"pattern": "^\\S+$"}), Value: "a\u2003b"},
		{Name: "pattern dot separator", Schema: str(M{"pattern": "^.$"}), Value: "\u2028"},
		{Name: "pattern dot astral", Schema: str(M{"pattern": "^.$"}), Value: "😀"},
		{Name: "pattern escapes", Schema: str(M{"pattern": "^\\u{1F600}\\u0041\\x42[\\d\\-]\\/$"}), Value: "😀AB-/x"},
		{Name: "pattern class bracket", Schema: str(M{"pattern": "^[[:a]+$"}), Value: "a:[b"},
		{Name: "pattern any class", Schema: str(M{"pattern": "^[^]$"}), Value: "\n\n"},
		{Name: "pattern lookahead", Schema: str(M{"pattern": "^(?=a)"}), Value: "b", unsupported: true},
		{Name: "pattern backreference", Schema: str(M{"pattern": "^(a)\\1$"}), Value: "ab", unsupported: true},
		// formats
		{Name: "format date", Schema: A{}, Value: nil}, // replaced below
		{Name: "format date-time", Schema: M{"type": "array", "items": str(M{"format": "date-time"})},
			Value: A{"2020-12-12T20:20:40Z", "2020-12-12 20:20:40Z", "2020-12-12t20:20:40.5+01:00", "2020-12-12T20:20:40", "2020-12-12T24:00:00Z"}},
		{Name: "format time", Schema: M{"type": "array", "items": str(M{"format": "time"})},
			Value: A{"23:59:60Z", "12:00:00", "22:59:60-01:00", "12:00:60Z", "10:00:00+24:00", "1:00:00Z"}},
		{Name: "format email", Schema: M{"type": "array", "items": str(M{"format": "email"})},
			Value: A{"a@b.co", "A@B", "bad", "x@[IPv6:::1]", "\"q\"@x.y", "a@-b.c"}},
		{Name: "format ip", Schema: M{"type": "array", "items": A{str(M{"format": "ipv4"}), str(M{"format": "ipv4"}), str(M{"format": "ipv6"}), str(M{"format": "ipv6"})}},
			Value: A{"256.1.1.1", "10.0.0.1", "::1", "FE80::1::2"}},
		{Name: "format uuid uri", Schema: M{"type": "array", "items": A{str(M{"format": "uuid"}), str(M{"format": "uuid"}), str(M{"format": "uri"}), str(M{"format": "uri"}), str(M{"format": "uri-reference"}), str(M{"format": "uri-reference"})}},
			Value: A{"A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11", "a0eebc99", "HTTP://x.y/z?q#f", "not a uri", "../a/b", "\\\\x"}},
		{Name: "format misc", Schema: M{"type": "array", "items": A{str(M{"format": "duration"}), str(M{"format": "duration"}), str(M{"format": "json-pointer"}), str(M{"format": "json-pointer"}), str(M{"format": "relative-json-pointer"}), str(M{"format": "json-pointer-uri-fragment"}), str(M{"format": "uri-template"}), str(M{"format": "uri-template"})}},
			Value: A{"P1D", "P1", "/a~1b", "/a~2", "0#", "#/a%2x", "http://x/{id}", "http://x/{id"}},
		{Name: "format unknown", Schema: str(M{"format": "color", "minLength": 9}), Value: "red"},
		{Name: "format hostname", Schema: str(M{"format": "hostname"}), Value: "example.com", unsupported: true},
		// numbers
		{Name: "minimum", Schema: num(M{"minimum": 3}), Value: 2},
		{Name: "maximum", Schema: num(M{"maximum": 3}), Value: 4.5},
		{Name: "exclusive minimum", Schema: num(M{"exclusiveMinimum": 3}), Value: 3},
		{Name: "exclusive maximum", Schema: num(M{"exclusiveMaximum": 3}), Value: 3},
		{Name: "all bounds", Schema: M{"type": "integer", "minimum": 10, "exclusiveMinimum": 10, "maximum": 0, "exclusiveMaximum": 0, "multipleOf": 4}, Value: 5.5},
		{Name: "multiple of fraction ok", Schema: num(M{"multipleOf": 0.1, "maximum": 0}), Value: 0.3},
		{Name: "multiple of fraction", Schema: num(M{"multipleOf": 0.01}), Value: 0.015},
		{Name: "multiple of int", Schema: num(M{"multipleOf": 3}), Value: 7},
		{Name: "number formatting", Schema: num(M{"minimum": 1e21, "maximum": 1e-7}), Value: 1},
		{Name: "number formatting 2", Schema: num(M{"minimum": 123456.789, "multipleOf": 0.000001, "maximum": -1.5e-9}), Value: 0.5},
		{Name: "boolean exclusive ignored", Schema: num(M{"exclusiveMinimum": true, "minimum": 1}), Value: 0},
		// const and enum
		{Name: "const", Schema: M{"const": "x"}, Value: "y"},
		{Name: "const object", Schema: M{"const": M{"a": 1}}, Value: M{"a": 2}},
		{Name: "const null", Schema: M{"const": nil}, Value: false},
		{Name: "const array object", Schema: M{"const": A{1, 2}}, Value: M{"0": 1, "1": 2, "length": 2}},
		{Name: "enum", Schema: M{"enum": A{"a", "b", 1, nil}}, Value: "c"},
		{Name: "enum deep", Schema: M{"enum": A{A{1, 2}, M{"k": A{true}}}}, Value: M{"k": A{false}}},
		{Name: "enum deep ok", Schema: M{"enum": A{A{1, 2}, M{"k": A{true}}}, "type": "string"}, Value: M{"k": A{true}}},
		// combinators
		{Name: "anyOf", Schema: M{"anyOf": A{str(nil), num(nil)}}, Value: true},
		{Name: "anyOf in property", Schema: obj(M{"v": M{"anyOf": A{str(M{"minLength": 2}), M{"type": "null"}}}}), Value: M{"v": "a"}},
		{Name: "oneOf two pass", Schema: M{"oneOf": A{num(nil), M{"minimum": 0}}}, Value: 5},
		{Name: "oneOf none", Schema: M{"oneOf": A{str(nil), M{"type": "boolean"}}}, Value: 5},
		{Name: "allOf", Schema: M{"allOf": A{M{"minimum": 3}, M{"multipleOf": 2}, num(nil)}}, Value: 1},
		{Name: "not", Schema: M{"not": str(nil)}, Value: "x"},
		{Name: "if then", Schema: M{"if": obj(M{"a": M{"const": 1}}), "then": M{"required": A{"b"}}, "else": M{"required": A{"c"}}}, Value: M{"a": 1}},
		{Name: "if else", Schema: M{"if": obj(M{"a": M{"const": 1}}), "then": M{"required": A{"b"}}, "else": M{"required": A{"c"}}}, Value: M{"a": 2}},
		{Name: "if without branches", Schema: M{"if": M{"const": 1}}, Value: 2},
		// boolean schemas
		{Name: "false root", Schema: false, Value: 1},
		{Name: "true root", Schema: true, Value: 1},
		{Name: "false property", Schema: obj(M{"a": false, "b": true}), Value: M{"a": 1, "b": 2}},
		// references
		{Name: "ref defs", Schema: M{"type": "object", "properties": M{"a": M{"$ref": "#/$defs/pos"}}, "$defs": M{"pos": M{"type": "integer", "minimum": 3}}}, Value: M{"a": 1.5}},
		{Name: "ref definitions", Schema: M{"type": "object", "properties": M{"a": M{"$ref": "#/definitions/s"}}, "definitions": M{"s": str(nil)}}, Value: M{"a": 1}},
		{Name: "ref recursive", Schema: tree, Value: M{"n": 1, "child": M{"n": "x", "child": M{"child": M{"extra": 1}}}}},
		{Name: "ref missing", Schema: obj(M{"a": M{"$ref": "#/$defs/nope"}}), Value: M{"a": 1}},
		{Name: "ref siblings", Schema: M{"$defs": M{"n": num(nil)}, "properties": M{"a": M{"$ref": "#/$defs/n", "minimum": 5, "type": "integer"}}}, Value: M{"a": "x"}},
		{Name: "ref escaped pointer", Schema: M{"$defs": M{"a/b c": str(nil)}, "$ref": "#/$defs/a~1b%20c"}, Value: 1},
		{Name: "ref root anchor name", Schema: M{"properties": M{"a": M{"$ref": "#foo"}}}, Value: M{"a": 1}},
		{Name: "ref with id", Schema: M{"$id": "http://x/s", "properties": M{"a": M{"$ref": "#/$defs/n"}}, "$defs": M{"n": num(nil)}}, Value: M{"a": "x"}, unsupported: true},
		// caps and mixtures
		{Name: "error cap", Schema: obj(many), Value: manyValue},
		{Name: "error cap in anyOf", Schema: M{"anyOf": A{obj(many), obj(many)}}, Value: manyValue},
		{Name: "edit tool", Schema: editTool, Value: M{"path": 3, "edits": A{M{"oldText": "a"}, M{"oldText": 1, "newText": "b", "more": true}, "x"}}},
		{Name: "edit tool empty edits", Schema: editTool, Value: M{"edits": A{}}},
		{Name: "nested arrays", Schema: M{"type": "array", "items": M{"type": "array", "items": obj(M{"k": M{"enum": A{"x", "y"}}}, "k")}},
			Value: A{A{M{"k": "z"}}, A{M{}, M{"k": "x"}}, "no"}},
		{Name: "unicode values", Schema: obj(M{"name": str(M{"maxLength": 3, "pattern": "^[\\p{Script=Greek}]+$"}), "tag": str(M{"enum": A{"α", "β"}})}),
			Value: M{"name": "αβγδ", "tag": "γ"}},
		{Name: "unicode categories", Schema: M{"type": "array", "items": A{str(M{"pattern": "^\\p{Lu}\\p{Letter}*$"}), str(M{"pattern": "^\\P{sc=Latin}+$"}), str(M{"pattern": "^\\p{Decimal_Number}$"})}},
			Value: A{"Ωmega", "abc", "٣"}},
		{Name: "pattern end newline", Schema: str(M{"pattern": "^a$"}), Value: "a\n"},
		{Name: "min length empty", Schema: str(M{"minLength": 1}), Value: ""},
		{Name: "items false", Schema: M{"items": false}, Value: A{1, 2}},
		{Name: "contains false", Schema: M{"contains": false, "minContains": 2}, Value: A{1}},
		{Name: "not true", Schema: M{"not": true}, Value: nil},
		{Name: "enum negative zero", Schema: M{"enum": A{0}}, Value: negZero},
		{Name: "dependencies empty object", Schema: M{"dependencies": M{"a": A{"b"}}, "dependentRequired": M{"a": A{"b"}}, "required": A{"x"}}, Value: M{}},
		{Name: "integer huge", Schema: M{"type": "integer", "maximum": 1e300}, Value: 1e301},
		{Name: "oneOf nested capped", Schema: M{"oneOf": A{obj(many), M{"type": "array"}}}, Value: manyValue},
		{Name: "allOf refs", Schema: M{"$defs": M{"s": str(nil), "m": M{"minLength": 2}}, "allOf": A{M{"$ref": "#/$defs/s"}, M{"$ref": "#/$defs/m"}}}, Value: 5},
		{Name: "ref into properties", Schema: M{"properties": M{"a": str(nil), "b": M{"$ref": "#/properties/a"}}}, Value: M{"a": "x", "b": 1}},
		{Name: "ref into array", Schema: M{"anyOf": A{num(nil), str(nil)}, "properties": M{"b": M{"$ref": "#/anyOf/1"}}}, Value: M{"b": 1}},
		// unsupported keywords and inherited keys
		{Name: "unevaluated properties", Schema: M{"unevaluatedProperties": false}, Value: M{"a": 1}, unsupported: true},
		{Name: "inherited key", Schema: obj(M{}, "toString"), Value: M{}, unsupported: true},
	}
	for i := range cases {
		if cases[i].Name == "format date" {
			cases[i].Schema = M{"type": "array", "items": str(M{"format": "date"})}
			cases[i].Value = A{"2021-02-29", "2020-02-29", "2000-02-29", "1900-02-29", "2020-13-01", "2020-1-01", "２０２０-01-01"}
		}
	}
	return cases
}

// randomCases adds n seeded random pairs built from the same keywords:
// combinations the hand-written cases do not think of.
func randomCases(seed int64, n int) []tbCase {
	r := rand.New(rand.NewSource(seed))
	var out []tbCase
	for i := 0; i < n; i++ {
		out = append(out, tbCase{Name: fmt.Sprintf("random %d", i), Schema: randSchema(r, 0), Value: randValue(r, 0)})
	}
	return out
}

func randSchema(r *rand.Rand, depth int) any {
	if depth > 3 || r.Intn(10) == 0 {
		return r.Intn(2) == 0
	}
	s := M{}
	types := []string{"string", "number", "integer", "object", "array", "boolean", "null"}
	if r.Intn(3) > 0 {
		if r.Intn(4) == 0 {
			s["type"] = A{types[r.Intn(7)], types[r.Intn(7)]}
		} else {
			s["type"] = types[r.Intn(7)]
		}
	}
	keys := []string{"a", "b", "c", "1", "é"}
	for i := 0; i < r.Intn(5); i++ {
		switch r.Intn(26) {
		case 0:
			p := M{}
			for j := 0; j < 1+r.Intn(3); j++ {
				p[keys[r.Intn(5)]] = randSchema(r, depth+1)
			}
			s["properties"] = p
		case 1:
			s["required"] = A{keys[r.Intn(5)], keys[r.Intn(5)]}
		case 2:
			if r.Intn(2) == 0 {
				s["additionalProperties"] = false
			} else {
				s["additionalProperties"] = randSchema(r, depth+1)
			}
		case 3:
			s["items"] = randSchema(r, depth+1)
		case 4:
			s["items"] = A{randSchema(r, depth+1), randSchema(r, depth+1)}
		case 5:
			s["minItems"] = float64(r.Intn(3))
		case 6:
			s["maxItems"] = float64(r.Intn(3))
		case 7:
			s["uniqueItems"] = true
		case 8:
			s["minLength"] = float64(r.Intn(4))
		case 9:
			s["maxLength"] = float64(r.Intn(4))
		case 10:
			s["pattern"] = []string{"^a", "b$", "\\d", "^.{2}$", "\\s"}[r.Intn(5)]
		case 11:
			s["minimum"] = float64(r.Intn(5)) - 2
		case 12:
			s["exclusiveMaximum"] = float64(r.Intn(5)) - 2
		case 13:
			s["multipleOf"] = []float64{2, 0.5, 0.1, 3}[r.Intn(4)]
		case 14:
			s["enum"] = A{"a", 1.0, nil, A{1.0}}[:1+r.Intn(4)]
		case 15:
			s["const"] = A{"a", 1.0, nil, M{"a": 1.0}}[r.Intn(4)]
		case 16:
			s["anyOf"] = A{randSchema(r, depth+1), randSchema(r, depth+1)}
		case 17:
			s["oneOf"] = A{randSchema(r, depth+1), randSchema(r, depth+1)}
		case 18:
			s["allOf"] = A{randSchema(r, depth+1), randSchema(r, depth+1)}
		case 19:
			s["not"] = randSchema(r, depth+1)
		case 20:
			s["if"] = randSchema(r, depth+1)
			s["then"] = randSchema(r, depth+1)
			if r.Intn(2) == 0 {
				s["else"] = randSchema(r, depth+1)
			}
		case 21:
			s["contains"] = randSchema(r, depth+1)
			if r.Intn(2) == 0 {
				s["minContains"] = float64(r.Intn(3))
			}
			if r.Intn(2) == 0 {
				s["maxContains"] = float64(r.Intn(3))
			}
		case 22:
			s["patternProperties"] = M{"^[ab]": randSchema(r, depth+1)}
		case 23:
			s["dependentRequired"] = M{keys[r.Intn(5)]: A{keys[r.Intn(5)], keys[r.Intn(5)]}}
		case 24:
			s["propertyNames"] = randSchema(r, depth+1)
		case 25:
			s["prefixItems"] = A{randSchema(r, depth+1)}
			s["minProperties"] = float64(r.Intn(3))
		}
	}
	return s
}

func randValue(r *rand.Rand, depth int) any {
	k := r.Intn(9)
	if depth > 2 && k >= 6 {
		k = r.Intn(6)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.Intn(2) == 0
	case 2:
		return float64(r.Intn(7)) - 3
	case 3:
		return []float64{0.5, 1.5, 0.3, negZero, 1e21}[r.Intn(5)]
	case 4, 5:
		return []string{"", "a", "ab", "b a", "😀😀", "abc1", "a\u00a0b"}[r.Intn(7)]
	case 6, 7:
		m := M{}
		for i := 0; i < r.Intn(4); i++ {
			m[[]string{"a", "b", "c", "1", "é", "z"}[r.Intn(6)]] = randValue(r, depth+1)
		}
		return m
	}
	a := A{}
	for i := 0; i < r.Intn(4); i++ {
		a = append(a, randValue(r, depth+1))
	}
	return a
}

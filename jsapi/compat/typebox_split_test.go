package compat_test

import (
	"os"
	"strings"
	"testing"
)

// TestTypeBoxNamespace: typebox's Type is a module namespace of 117 names
// over pigo:typebox-basic and pigo:typebox-ext; builders of either half
// work, the 0.34 extras are there but not enumerable, and the root module
// hands out the same values under every name.
func TestTypeBoxNamespace(t *testing.T) {
	t.Parallel()
	got := mustEvalTS(t, `import TypeDefault, { Type, Kind, Object as Obj } from "typebox";
import * as TB from "@sinclair/typebox";`, `
const rec = Type.Record(Type.String(), Type.Number());
const obj = Type.Object({ a: Type.String(), b: Type.Optional(Type.Integer()) });
try { (Type as any).Object = 1; } catch { /* strict code throws */ }
return [
  Object.keys(Type).length, Object.keys(Type)[0], Object.keys(Type).at(-1),
  "Recursive" in Type, Object.keys(Type).includes("Recursive"), typeof Type.Strict,
  TypeDefault === Type, TB.Type === Type, Obj === Type.Object, TB.Record === Type.Record,
  (obj as any)[Kind], obj, (rec as any)[Kind], rec, Type.Pick(obj, ["a"]), typeof Type.Object,
];`)
	want := `[117,"Any","With",true,false,"function",true,true,true,true,"Object",` +
		`{"type":"object","required":["a"],"properties":{"a":{"type":"string"},"b":{"type":"integer"}}},` +
		`"Record",{"type":"object","patternProperties":{"^.*$":{"type":"number"}}},` +
		`{"type":"object","required":["a"],"properties":{"a":{"type":"string"}}},"function"]`
	if got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

// TestTypeBoxBasicStandsAlone: the builders tool schemas use must not need
// pigo:typebox-ext, or every extension that imports Type pays for all of
// typebox again.
func TestTypeBoxBasicStandsAlone(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("modules/_typebox-basic.ts")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`from "pigo:typebox-ext"`, `from "pigo:typebox-core"`, `from "typebox"`, `require("pigo:typebox`} {
		if strings.Contains(string(src), bad) {
			t.Errorf("_typebox-basic.ts refers to %s", bad)
		}
	}
}

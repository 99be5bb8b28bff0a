package jsapi_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
)

// A tool definition converts into label, description, parameters (in the
// extension's property order), execute and the other fields (Extra);
// parameters that are not a schema object, and definitions that cannot
// cross as data, are errors naming the tool.
func TestToolDefinitionConversion(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("defs.js", `class Def { constructor() { this.description = "from a class"; this.parameters = { type: "object", properties: { q: { type: "string" } } }; } }
export default function (pi) {
  const exec = async () => ({ content: [] });
  pi.tools.add((d) => d.set("plain", { label: "Plain", description: "d", execute: exec, promptSnippet: "s", nested: { b: 1, a: [2] },
    parameters: { type: "object", properties: { z: { type: "string" }, a: { type: "object", properties: { y: {}, b: {} } } }, required: ["z"] } }));
  pi.tools.add((d) => d.set("noparams", { description: "none", execute: exec, parameters: null }));
  pi.tools.add((d) => d.set("instance", Object.assign(new Def(), { execute: exec })));
  pi.tools.add((d) => d.set("array", { description: "d", execute: exec, parameters: [1] }));
  pi.tools.add((d) => d.set("map", new Map()));
  const cyc = { description: "d", execute: exec, parameters: { type: "object", properties: {} } };
  cyc.parameters.properties.self = cyc;
  pi.tools.add((d) => d.set("cycle", cyc));
}
`)
	f.mustBoot("defs.js")
	tools := f.host.Tools().Current()
	plain, ok := tools.Get("plain")
	if !ok {
		t.Fatal("tool plain missing")
	}
	p := plain.Value
	if p.Label != "Plain" || p.Description != "d" || p.Execute == nil || p.ExecuteID == "" {
		t.Errorf("plain: label %q description %q execute %v", p.Label, p.Description, p.Execute != nil)
	}
	if !slices.Equal(p.ParameterKeys, []string{"type", "properties", "required"}) {
		t.Errorf("plain parameter keys %q", p.ParameterKeys)
	}
	const wantParams = `{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"object","properties":{"y":{},"b":{}}}},"required":["z"]}`
	if got := jsjson.Stringify(p.DeclaredParameters()); got != wantParams {
		t.Errorf("plain parameters %s, want the extension's order %s", got, wantParams)
	}
	if p.Extra["promptSnippet"] != "s" || jsjson.Stringify(p.Extra["nested"]) != `{"a":[2],"b":1}` || len(p.Extra) != 2 {
		t.Errorf("plain extra %v", p.Extra)
	}
	// No parameters: the engine's empty object schema.
	if np, ok := tools.Get("noparams"); !ok || jsjson.Stringify(np.Value.DeclaredParameters()) != `{"properties":{},"type":"object"}` {
		t.Errorf("noparams: %v %+v", ok, np.Value)
	}
	if in, ok := tools.Get("instance"); !ok || in.Value.Description != "from a class" || !slices.Equal(in.Value.ParameterKeys, []string{"type", "properties"}) {
		t.Errorf("instance: %v %+v", ok, in.Value)
	}
	for _, id := range []string{"array", "map", "cycle"} {
		if _, ok := tools.Get(id); ok {
			t.Errorf("tool %s was registered", id)
		}
	}
	var problems []string
	for _, d := range f.host.Tools().Problems() {
		problems = append(problems, d.Text)
	}
	all := strings.Join(problems, "\n")
	for _, want := range []string{
		`tool "array": parameters must be a JSON Schema object`,
		`tool "map": no execute function`,
		`tool "cycle": parameters: properties: self: value cannot cross between plugins as data: it contains a cycle`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("problems lack %q:\n%s", want, all)
		}
	}
}

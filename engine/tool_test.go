package engine_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
)

// TestDeclaredParameters: a tool's parameters come out in the order the
// extension wrote their keys (keys the order lacks after them, sorted),
// as a copy; without an order, as a copy of the map.
func TestDeclaredParameters(t *testing.T) {
	props := &jsjson.Object{{Key: "z", Value: map[string]any{"type": "number"}}, {Key: "a", Value: map[string]any{"type": "string"}}}
	params := map[string]any{"type": "object", "properties": props, "required": []any{"z"}, "additionalProperties": false, "$id": "x"}
	tool := engine.Tool{Parameters: params, ParameterKeys: []string{"type", "properties", "required", "additionalProperties"}}
	got := jsjson.Stringify(tool.DeclaredParameters())
	want := `{"type":"object","properties":{"z":{"type":"number"},"a":{"type":"string"}},"required":["z"],"additionalProperties":false,"$id":"x"}`
	if got != want {
		t.Errorf("declared %s\nwant     %s", got, want)
	}
	o := tool.DeclaredParameters().(*jsjson.Object)
	(*o)[0].Value = "changed"
	if params["type"] != "object" {
		t.Error("DeclaredParameters shares the tool's parameters")
	}
	plain := engine.Tool{Parameters: map[string]any{"type": "object"}}
	if m, ok := plain.DeclaredParameters().(map[string]any); !ok || m["type"] != "object" {
		t.Errorf("without an order: %#v", plain.DeclaredParameters())
	}
}

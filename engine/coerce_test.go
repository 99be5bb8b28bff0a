package engine_test

import (
	"encoding/json"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
)

// TestCoerceArgsLikePi16: the rules themselves are compared with pi-schema
// in engine/schema; this checks the engine's use of them.
func TestCoerceArgsLikePi16(t *testing.T) {
	t.Parallel()
	schema := map[string]any{"type": "object", "properties": map[string]any{
		"n": map[string]any{"type": "number"}, "i": map[string]any{"type": "integer"}, "b": map[string]any{"type": "boolean"},
		"s": map[string]any{"type": "string"}, "list": map[string]any{"type": "array", "items": map[string]any{"type": "number"}},
		"either": map[string]any{"type": []any{"string", "number"}},
	}}
	in := map[string]any{"n": "3.5", "i": "7", "b": "true", "s": 42.0, "list": []any{"1", 2.0}, "either": 5.0, "other": "x"}
	got, _ := json.Marshal(engine.CoerceArgs(schema, in))
	want := `{"b":true,"either":5,"i":7,"list":[1,2],"n":3.5,"other":"x","s":"42"}`
	if string(got) != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
	if in["n"] != "3.5" {
		t.Fatal("input modified")
	}
	// pi 1.6 truncates "7.5" for an integer, wraps a single value into an
	// array and drops a null optional property; "abc" cannot become a number
	// and stays for the validator to reject.
	loose, _ := json.Marshal(engine.CoerceArgs(schema, map[string]any{"i": "7.5", "n": "abc", "list": "4", "s": nil, "b": nil}))
	if string(loose) != `{"i":7,"list":[4],"n":"abc"}` {
		t.Fatalf("got %s", loose)
	}
	ordered := &jsjson.Object{}
	ordered.Set("z", "1")
	ordered.Set("n", "2")
	if got := jsjson.Stringify(engine.CoerceArgs(schema, ordered)); got != `{"z":"1","n":2}` {
		t.Fatalf("model key order: %s", got)
	}
}

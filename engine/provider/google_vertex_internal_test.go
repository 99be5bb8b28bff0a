package provider

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// TestRewriteConstAsEnum: string and number consts of schemas (not of
// property names, not beside an enum, not booleans) become one-value enums,
// placed last in an ordered object as pi-ai 1.6's copy places them.
func TestRewriteConstAsEnum(t *testing.T) {
	schema := &jsjson.Object{{Key: "type", Value: "string"}, {Key: "const", Value: "a"}, {Key: "description", Value: "d"},
		{Key: "properties", Value: map[string]any{
			"const": map[string]any{"const": float64(2)},
			"flag":  map[string]any{"const": true},
			"both":  map[string]any{"const": "x", "enum": []any{"x", "y"}},
			"list":  map[string]any{"items": []any{map[string]any{"const": "i"}}},
		}}}
	got := jsjson.Stringify(rewriteConstAsEnum(schema, false))
	want := `{"type":"string","description":"d","properties":{"both":{"const":"x","enum":["x","y"]},"const":{"enum":[2]},` +
		`"flag":{"const":true},"list":{"items":[{"enum":["i"]}]}},"enum":["a"]}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

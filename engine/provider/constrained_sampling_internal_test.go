package provider

import (
	"encoding/json"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// TestStrictJSONSchemaKeepsKeyOrder: the strict rewrite keeps each key
// where the declared schema has it, as pi-ai's in-place rewrite does:
// an optional property becomes its anyOf in place, "required" and
// "additionalProperties" are replaced where they are or added last.
func TestStrictJSONSchemaKeepsKeyOrder(t *testing.T) {
	raw := `{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"number"}},"required":["z"],"description":"d"}`
	schema, err := jsjson.Parse([]byte(raw))
	if err != nil {
		t.Fatal(err)
	}
	got, err := strictJSONSchema(schema, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(got)
	const want = `{"type":"object","properties":{"z":{"type":"string"},"a":{"anyOf":[{"type":"number"},{"type":"null"}]}},"required":["z","a"],"description":"d","additionalProperties":false}`
	if string(b) != want {
		t.Errorf("strict schema\n got %s\nwant %s", b, want)
	}
	// The declared schema is left as it was.
	if b, _ := json.Marshal(schema); string(b) != raw {
		t.Errorf("the declared schema changed: %s", b)
	}
}

// TestEstimateCountsConstrainedSampling: the context estimate counts a
// tool's declaration as pi's system message holds it, constrainedSampling
// included.
func TestEstimateCountsConstrainedSampling(t *testing.T) {
	tool := Tool{Name: "read", Description: "Read a file", Parameters: map[string]any{"type": "object"}}
	plain := estimateContextTokens(&Context{Tools: []Tool{tool}})
	tool.ConstrainedSampling = map[string]any{"type": "json_schema", "strict": "prefer"}
	with := estimateContextTokens(&Context{Tools: []Tool{tool}})
	decl := `[{"name":"read","description":"Read a file","parameters":{"type":"object"},"constrainedSampling":{"strict":"prefer","type":"json_schema"}}]`
	if want := estimateTextTokens(decl); with != want || with <= plain {
		t.Errorf("estimate %d (without constrainedSampling %d), want %d", with, plain, want)
	}
}

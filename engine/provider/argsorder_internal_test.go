package provider

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// A tool call's arguments are written out (clients, session files,
// replayed requests) in the order the model wrote them, as pi keeps
// JSON.parse's order; once the map is replaced, the map is written.
func TestToolCallArgumentsKeepModelOrder(t *testing.T) {
	t.Parallel()
	var b ContentBlock
	b.Type, b.ID, b.Name = BlockToolCall, "c1", "probe"
	b.setFinalArguments(`{"z":1,"a":{"y":1,"b":2}}`)
	const want = `{"z":1,"a":{"y":1,"b":2}}`
	if got := jsjson.Stringify(b.ArgumentsValue()); got != want {
		t.Errorf("ArgumentsValue %s", got)
	}
	if b.Arguments["z"] != 1.0 {
		t.Errorf("Arguments %v", b.Arguments)
	}
	// Map and a clone keep the order; a block read back from a map does too.
	m := (&AssistantMessage{Content: []ContentBlock{b}}).Clone()
	block := m.Content[0].Map()
	if got := jsjson.Stringify(block["arguments"]); got != want {
		t.Errorf("clone's Map %s", got)
	}
	back, err := blockFromMap(block)
	if err != nil {
		t.Fatal(err)
	}
	if got := jsjson.Stringify(back.ArgumentsValue()); got != want {
		t.Errorf("blockFromMap %s", got)
	}
	// A replaced map has no recorded order.
	b.Arguments = map[string]any{"z": 2.0, "a": 1.0}
	if got := jsjson.Stringify(b.ArgumentsValue()); got != `{"a":1,"z":2}` {
		t.Errorf("replaced %s", got)
	}
	// Repaired (not strictly valid) JSON has no order to keep.
	var r ContentBlock
	r.Type = BlockToolCall
	r.setFinalArguments(`{"z": "a` + "\t" + `b", "a": 1}`)
	if r.argsOrdered != nil || r.Arguments["a"] != 1.0 {
		t.Errorf("repaired: %v %v", r.argsOrdered, r.Arguments)
	}
}

// A finished tool call's arguments text parses whole or gives pi 1.6's
// argumentsError (V8's message for the text JSON.parse last saw).
func TestParseToolCallArguments(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ text, args, err string }{
		{" \n\ufeff", `{}`, ""},
		{`{"a":1}`, `{"a":1}`, ""},
		{"{\"p\":\"a\\q\"}", `{"p":"a\\q"}`, ""}, // an invalid escape is repaired
		{`[1]`, `{}`, "Tool arguments must be a JSON object\n\nReceived arguments:\n[1]"},
		{`{"a":`, `{}`, "Unexpected end of JSON input\n\nReceived arguments:\n{\"a\":"},
		{"{\"p\":\"a\\q\", \"n\": 1.", `{}`, "Unterminated fractional number in JSON at position 20 (line 1 column 21)\n\nReceived arguments:\n{\"p\":\"a\\q\", \"n\": 1."},
	} {
		args, err := parseToolCallArguments(c.text)
		if got := jsjson.Stringify(args); got != c.args || err != c.err {
			t.Errorf("%q: %s %q, want %s %q", c.text, got, err, c.args, c.err)
		}
	}
}

package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

type (
	obj = map[string]any
	arr = []any
)

// validationCase is a tool schema and the arguments a model sends.
type validationCase struct {
	Name   string `json:"name"` // also the tool name
	Schema obj    `json:"schema"`
	Args   obj    `json:"args"`
	// ArgumentsError is the tool call's argumentsError: the model's
	// argument text did not parse.
	ArgumentsError string `json:"argumentsError,omitempty"`
}

func validationCases() []validationCase {
	greet := obj{"type": "object", "properties": obj{
		"name":  obj{"type": "string", "minLength": 2, "description": "who"},
		"count": obj{"type": "integer", "minimum": 1},
		"mode":  obj{"type": "string", "enum": arr{"loud", "quiet"}},
		"tags":  obj{"type": "array", "items": obj{"type": "string"}, "maxItems": 2},
	}, "required": arr{"name"}}
	edit := obj{"type": "object", "additionalProperties": false, "required": arr{"path", "edits"}, "properties": obj{
		"path": obj{"type": "string"},
		"edits": obj{"type": "array", "minItems": 1, "items": obj{"type": "object", "required": arr{"oldText", "newText"},
			"properties": obj{"oldText": obj{"type": "string"}, "newText": obj{"type": "string"}}}},
	}}
	return []validationCase{
		{"missing", greet, obj{}, ""},
		{"wrong_types", greet, obj{"name": true, "count": "abc", "mode": "LOUD", "tags": "x"}, ""},
		{"coerced_then_bounds", greet, obj{"name": "a", "count": "0", "tags": arr{1, "b", "c"}}, ""},
		{"null_args", greet, obj{"name": nil, "count": nil}, ""},
		{"strings", greet, obj{"name": "x\n\t\"q\" <a&b> \u2028 é 😀 \u0001", "count": 1.5}, ""},
		{"numbers", greet, obj{"name": 12345678901234567890.0, "count": 1e21, "mode": 1.5, "extra": arr{0.1, math.Copysign(0, -1), 1e-7, 2.0, 1e300}}, ""},
		{"valid_after_coercion", greet, obj{"name": 12.0, "count": "3"}, ""},
		{"nested", edit, obj{"path": "a.txt", "edits": arr{obj{"oldText": "a"}, obj{"oldText": 1, "newText": "b"}}, "dryRun": true}, ""},
		{"empty_edits", edit, obj{"edits": arr{}, "z": obj{}, "10": 1, "9": arr{}}, ""},
		{"union", obj{"type": "object", "properties": obj{"v": obj{"anyOf": arr{obj{"type": "string", "minLength": 3}, obj{"type": "null"}}}}}, obj{"v": 12.0}, ""},
		{"pattern_format", obj{"type": "object", "properties": obj{"id": obj{"type": "string", "pattern": "^[a-z]+-\\d+$"},
			"at": obj{"type": "string", "format": "date"}}}, obj{"id": "ABC", "at": "2021-02-30"}, ""},
		{"const_unique", obj{"type": "object", "properties": obj{"kind": obj{"const": "file"},
			"ids": obj{"type": "array", "uniqueItems": true}}}, obj{"kind": "dir", "ids": arr{1, 2, 1}}, ""},
		// Arguments that did not parse fail before the schema is looked at.
		{"unparsed", greet, obj{}, "Unexpected end of JSON input\n\nReceived arguments:\n{\"name\": \"Ada"},
		{"not_object", greet, obj{}, "Tool arguments must be a JSON object\n\nReceived arguments:\n[1]"},
	}
}

// TestValidationTextMatchesPiAI runs pi-ai 1.6's validateToolArguments
// (node, the pinned package) and pigo's preflight on the same tools and
// arguments: the whole error text, coercion and "Received arguments"
// included. Skipped without node.
func TestValidationTextMatchesPiAI(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	_, file, _, _ := runtime.Caller(0)
	lib := filepath.Join(filepath.Dir(file), "..", "node_modules", "@earendil-works", "pi-ai", "dist", "utils", "validation.js")
	if _, err := os.Stat(lib); err != nil {
		t.Skip("pi-ai node modules absent")
	}
	cases := validationCases()
	raw, _ := json.Marshal(cases)
	script := `import fs from "node:fs";
const { validateToolArguments } = await import("file://` + filepath.ToSlash(lib) + `");
const out = {};
for (const c of JSON.parse(fs.readFileSync(process.argv[2], "utf8"))) {
  try {
    out[c.name] = { ok: validateToolArguments({ name: c.name, parameters: c.schema }, { name: c.name, arguments: c.args, argumentsError: c.argumentsError }) };
  } catch (e) {
    out[c.name] = { error: e.message };
  }
}
process.stdout.write(JSON.stringify(out));`
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cases.json"), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "v.mjs"), []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", filepath.Join(dir, "v.mjs"), filepath.Join(dir, "cases.json"))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want map[string]map[string]any
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	h := validationHost(t, cases)
	for _, c := range cases {
		var args obj
		_ = json.Unmarshal(mustJSON(t, c.Args), &args) // as a provider decodes them
		p, res, err := h.PrepareTool(context.Background(), c.Name, engine.ToolCall{ID: "1", Params: args, ArgumentsError: c.ArgumentsError})
		w, ok := want[c.Name]["error"].(string)
		if !ok {
			if err != nil {
				t.Errorf("%s: pi-ai accepts the arguments (%v); pigo: %v", c.Name, want[c.Name]["ok"], err)
				continue
			}
			// The tool gets the arguments pi's tool gets.
			var got any
			_ = json.Unmarshal(mustJSON(t, p.Call().Params), &got)
			if !reflect.DeepEqual(got, want[c.Name]["ok"]) {
				t.Errorf("%s: tool gets %s, in pi %s", c.Name, mustJSON(t, got), mustJSON(t, want[c.Name]["ok"]))
			}
			continue
		}
		if err == nil || !res.IsError {
			t.Errorf("%s: pigo accepts the arguments, pi-ai says:\n%s", c.Name, w)
			continue
		}
		if got := res.Text(); got != w {
			t.Errorf("%s:\n pigo  %q\n pi-ai %q", c.Name, got, w)
		}
	}
}

// TestValidationText pins pi's wording for a common failure without node.
func TestValidationText(t *testing.T) {
	t.Parallel()
	cases := validationCases()
	h := validationHost(t, cases[:2])
	_, res, err := h.PrepareTool(context.Background(), "wrong_types", engine.ToolCall{ID: "1",
		Params: obj{"name": arr{}, "count": "abc", "mode": "LOUD", "z": arr{}, "e": obj{}}})
	want := `Validation failed for tool "wrong_types":
  - count: expected integer, got string
  - mode: expected one of ["loud","quiet"]
  - name: expected string, got array

Received arguments:
{
  "count": "abc",
  "e": {},
  "mode": "LOUD",
  "name": [],
  "z": []
}`
	if err == nil || res.Text() != want {
		t.Fatalf("got %q\nwant %q", res.Text(), want)
	}
	_, res, _ = h.PrepareTool(context.Background(), "missing", engine.ToolCall{ID: "1", Params: obj{"name": "<&>\u2028", "count": 0.0}})
	if want := "Received arguments:\n{\n  \"count\": 0,\n  \"name\": \"<&>\u2028\"\n}"; !res.IsError || !strings.HasSuffix(res.Text(), want) {
		t.Fatalf("got %q, want suffix %q", res.Text(), want)
	}
}

func validationHost(t *testing.T, cases []validationCase) *engine.Host {
	h := newHost(t, engine.Options{})
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d toolDraft) error {
			for _, c := range cases {
				tool := echoTool("ran")
				tool.Parameters = c.Schema
				d.Set(c.Name, tool)
			}
			return nil
		})
		return err
	}))
	return h
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestArgumentsErrorOrder: arguments that did not parse fail after the
// tool's prepareArguments (which gets {}, and whose throw wins) and before
// the tool_call hook, as pi 1.6's agent loop orders them.
func TestArgumentsErrorOrder(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var seen []string
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
		if _, err := h.Tools().Add(g, func(_ context.Context, d toolDraft) error {
			for _, name := range []string{"prepared", "throws"} {
				tool := echoTool("ran")
				tool.Extra = map[string]any{"prepareArguments": engine.Func(func(_ context.Context, args ...any) (any, error) {
					seen = append(seen, name+" prepareArguments "+string(mustJSON(t, args[0])))
					if name == "throws" {
						return nil, errors.New("prepare failed")
					}
					return obj{"name": "Ada"}, nil
				})}
				d.Set(name, tool)
			}
			return nil
		}); err != nil {
			return err
		}
		return g.Hook("tool_call", func(context.Context, any) (any, error) {
			seen = append(seen, "tool_call hook")
			return nil, nil
		}, "")
	}))
	why := "Unexpected end of JSON input\n\nReceived arguments:\n{"
	_, res, err := h.PrepareTool(context.Background(), "prepared", engine.ToolCall{ID: "1", Params: obj{}, ArgumentsError: why})
	if want := `Invalid arguments for tool "prepared": ` + why; err == nil || !res.IsError || res.Text() != want {
		t.Errorf("got %v %q, want %q", err, res.Text(), want)
	}
	_, res, _ = h.PrepareTool(context.Background(), "throws", engine.ToolCall{ID: "2", Params: obj{}, ArgumentsError: why})
	if !res.IsError || !strings.Contains(res.Text(), "prepare failed") {
		t.Errorf("a throwing prepareArguments: got %q", res.Text())
	}
	if want := []string{"prepared prepareArguments {}", "throws prepareArguments {}"}; !slices.Equal(seen, want) {
		t.Errorf("calls %q, want %q", seen, want)
	}
	if _, _, err := h.PrepareTool(context.Background(), "prepared", engine.ToolCall{ID: "3", Params: obj{}}); err != nil {
		t.Errorf("without an argumentsError: %v", err)
	}
}

package engine_test

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
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
		{"missing", greet, obj{}},
		{"wrong_types", greet, obj{"name": true, "count": "abc", "mode": "LOUD", "tags": "x"}},
		{"coerced_then_bounds", greet, obj{"name": "a", "count": "0", "tags": arr{1, "b", "c"}}},
		{"null_args", greet, obj{"name": nil, "count": nil}},
		{"strings", greet, obj{"name": "x\n\t\"q\" <a&b> \u2028 é 😀 \u0001", "count": 1.5}},
		{"numbers", greet, obj{"name": 12345678901234567890.0, "count": 1e21, "mode": 1.5, "extra": arr{0.1, math.Copysign(0, -1), 1e-7, 2.0, 1e300}}},
		{"valid_after_coercion", greet, obj{"name": 12.0, "count": "3"}},
		{"nested", edit, obj{"path": "a.txt", "edits": arr{obj{"oldText": "a"}, obj{"oldText": 1, "newText": "b"}}, "dryRun": true}},
		{"empty_edits", edit, obj{"edits": arr{}, "z": obj{}, "10": 1, "9": arr{}}},
		{"union", obj{"type": "object", "properties": obj{"v": obj{"anyOf": arr{obj{"type": "string", "minLength": 3}, obj{"type": "null"}}}}}, obj{"v": 12.0}},
		{"pattern_format", obj{"type": "object", "properties": obj{"id": obj{"type": "string", "pattern": "^[a-z]+-\\d+$"},
			"at": obj{"type": "string", "format": "date"}}}, obj{"id": "ABC", "at": "2021-02-30"}},
		{"const_unique", obj{"type": "object", "properties": obj{"kind": obj{"const": "file"},
			"ids": obj{"type": "array", "uniqueItems": true}}}, obj{"kind": "dir", "ids": arr{1, 2, 1}}},
	}
}

// TestValidationTextMatchesPiAI runs pi-ai's validateToolArguments (node,
// the pinned package) and pigo's preflight on the same tools and
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
	lib := filepath.Join(filepath.Dir(file), "..", "node_modules", "@mariozechner", "pi-ai", "dist", "utils", "validation.js")
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
    out[c.name] = { ok: validateToolArguments({ name: c.name, parameters: c.schema }, { name: c.name, arguments: c.args }) };
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
		_, res, err := h.PrepareTool(context.Background(), c.Name, engine.ToolCall{ID: "1", Params: args})
		w, ok := want[c.Name]["error"].(string)
		if !ok {
			if err != nil {
				t.Errorf("%s: pi-ai accepts the arguments (%v); pigo: %v", c.Name, want[c.Name]["ok"], err)
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
		Params: obj{"name": arr{}, "count": "abc", "mode": "LOUD", "tags": "x", "z": arr{}, "e": obj{}}})
	want := `Validation failed for tool "wrong_types":
  - count: must be integer
  - mode: must be equal to one of the allowed values
  - name: must be string
  - tags: must be array

Received arguments:
{
  "count": "abc",
  "e": {},
  "mode": "LOUD",
  "name": [],
  "tags": "x",
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

// A call whose arguments text did not parse (pi 1.6's argumentsError)
// fails validation with that error, whatever its schema accepts.
func TestArgumentsErrorFailsValidation(t *testing.T) {
	t.Parallel()
	cases := validationCases()
	h := validationHost(t, cases[:2])
	_, res, err := h.PrepareTool(context.Background(), "missing", engine.ToolCall{ID: "1", Params: obj{},
		ArgumentsError: "Unexpected end of JSON input\n\nReceived arguments:\n{"})
	want := "Invalid arguments for tool \"missing\": Unexpected end of JSON input\n\nReceived arguments:\n{"
	if err == nil || !res.IsError || res.Text() != want {
		t.Fatalf("got %v %q\nwant %q", err, res.Text(), want)
	}
}

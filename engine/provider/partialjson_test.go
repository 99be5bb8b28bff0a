package provider

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
)

// partialInputs are tool-call argument texts as models stream them: every
// prefix of some documents, plus malformed ones pi-ai repairs.
func partialInputs() []string {
	docs := []string{
		`{"path": "src/main.go", "limit": 20, "flags": [true, false, null], "nested": {"a": -1.5e3, "b": "x\"y\\z"}}`,
		`{"command":"echo \"hi\" && ls -la\n","timeout":30}`,
		`{"edits":[{"old":"a\tb","new":"ü € 😀"},{"old":"\u0041","new":""}]}`,
	}
	var out []string
	for _, d := range docs {
		for i := 0; i <= len(d); i++ {
			out = append(out, d[:i])
		}
	}
	return append(out,
		`{"path": "C:\Users\me"}`, `{"a": "x\q"}`, "{\"a\": \"line\nbreak\"}", `{"a": 1.}`, `{"a": 1e}`, `{"a": -}`,
		`{"a": tr`, `{"a": nul`, `{"a": [1, 2`, `{"a": {"b": nu`, `{"a": "\u12`, `{"a": "x\`, `[1, 2]`, `"str"`, `42`,
		`not json`, `{a: 1}`, `{"a" 1}`, `{"a": 1} trailing`, `{"a": Infinity}`, `{"a": -Inf`, `{"a": NaN`, `  `, ``,
		`{"a": "b",}`, `{"a": [1,]}`, `{"x": "\ud83d"}`, `{"k": "v", "k": "w"}`,
	)
}

func TestParseStreamingJSONCases(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]map[string]any{
		`{"path": "a.txt"}`:        {"path": "a.txt"},
		`{"path": "a.t`:            {"path": "a.t"},
		`{"path": "a.txt", "n": 1`: {"path": "a.txt", "n": 1.0},
		`{"path": "C:\Users"}`:     {"path": `C:\Users`},
		"{\"a\": \"x\ny\"}":        {"a": "x\ny"},
		`{"a": tr`:                 {"a": true},
		`{"a": [1, 2`:              {"a": []any{1.0, 2.0}},
		`{"pa`:                     {},
		`[1,2]`:                    {},
		`garbage`:                  {},
		``:                         {},
	} {
		if got := parseStreamingJSON(in); !reflect.DeepEqual(got, want) {
			t.Errorf("parseStreamingJSON(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestParseStreamingJSONMatchesPiAI compares with pi-ai's parseStreamingJson
// (partial-json 0.1.7) on every input; skipped without node.
func TestParseStreamingJSONMatchesPiAI(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	_, file, _, _ := runtime.Caller(0)
	lib := filepath.Join(filepath.Dir(file), "..", "..", "node_modules", "@mariozechner", "pi-ai", "dist", "utils", "json-parse.js")
	if _, err := os.Stat(lib); err != nil {
		t.Skip("pi-ai node modules absent")
	}
	inputs := partialInputs()
	dir := t.TempDir()
	in, _ := json.Marshal(inputs)
	script := `import fs from "node:fs";
const { parseStreamingJson } = await import("file://` + lib + `");
const inputs = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(inputs.map((s) => { const v = parseStreamingJson(s);
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : {}; })));`
	if err := os.WriteFile(filepath.Join(dir, "in.json"), in, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.mjs"), []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("node", filepath.Join(dir, "p.mjs"), filepath.Join(dir, "in.json")).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want []map[string]any
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	for i, s := range inputs {
		got := parseStreamingJSON(s)
		gb, _ := json.Marshal(got)
		var g map[string]any
		_ = json.Unmarshal(gb, &g)
		if !reflect.DeepEqual(g, want[i]) {
			wb, _ := json.Marshal(want[i])
			t.Errorf("input %q:\n pigo  %s\n pi-ai %s", s, gb, wb)
		}
	}
}

func TestRepairJSON(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`{"a": "C:\Users"}`:      `{"a": "C:\\Users"}`,
		"{\"a\": \"x\ny\ttab\"}": `{"a": "x\ny\ttab"}`,
		`{"a": "\u00e9 \q"}`:     `{"a": "\u00e9 \\q"}`,
		"{\"a\": \"\x01\"}":      `{"a": "\u0001"}`,
		`{"a": "end\`:            `{"a": "end\\`,
	} {
		if got := repairJSON(in); got != want {
			t.Errorf("repairJSON(%q) = %q, want %q", in, got, want)
		}
	}
}

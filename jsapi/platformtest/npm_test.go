package platformtest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// The npm corpus: popular packages pi extensions depend on, pinned in
// npm/package.json (installed by make deps into npm/node_modules), each
// exercised by a probe npm/<name>.js that runs in Node 22 and in pigo like
// the platform probes, gaps declared the same way.

// corpusDeps reads npm/package.json's dependencies (name to exact version).
func corpusDeps(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("npm", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(b, &pkg); err != nil {
		t.Fatal(err)
	}
	return pkg.Dependencies
}

// corpusInstalled reports why npm/node_modules does not hold every pinned
// dependency at its pinned version, or nil when it does.
func corpusInstalled(deps map[string]string) error {
	var missing []string
	for name, want := range deps {
		b, err := os.ReadFile(filepath.Join("npm", "node_modules", name, "package.json"))
		if err != nil {
			missing = append(missing, name+"@"+want)
			continue
		}
		var pkg struct{ Version string }
		if json.Unmarshal(b, &pkg) != nil || pkg.Version != want {
			missing = append(missing, fmt.Sprintf("%s@%s (have %q)", name, want, pkg.Version))
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if len(missing) == len(deps) {
		return fmt.Errorf("npm corpus not installed: none of its %d packages is in jsapi/platformtest/npm/node_modules (run make deps)", len(deps))
	}
	sort.Strings(missing)
	return fmt.Errorf("npm corpus not installed: %s missing from jsapi/platformtest/npm/node_modules (run make deps)", strings.Join(missing, ", "))
}

func TestCorpusInstallCheck(t *testing.T) {
	if err := corpusInstalled(map[string]string{"no-such-package-pigo": "1.0.0", "also-missing-pigo": "2.0.0"}); err == nil || !strings.Contains(err.Error(), "none of its 2 packages") {
		t.Fatalf("a missing corpus is not reported: %v", err)
	}
	// One package short of an installed corpus is named with its version.
	deps := corpusDeps(t)
	if corpusInstalled(deps) != nil {
		t.Skip("the corpus is not installed")
	}
	deps["no-such-package-pigo"] = "1.0.0"
	if err := corpusInstalled(deps); err == nil || !strings.Contains(err.Error(), "no-such-package-pigo@1.0.0 missing") {
		t.Fatalf("a missing package is not reported: %v", err)
	}
}

// Every pinned package has a probe that imports it, so the corpus is what
// package.json claims.
func TestCorpusEveryPackageProbed(t *testing.T) {
	var src strings.Builder
	for _, f := range probeFiles(t, ".", []string{"npm"}) {
		b, err := os.ReadFile(f.path)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
	}
	for name := range corpusDeps(t) {
		if !strings.Contains(src.String(), `from "`+name+`"`) && !strings.Contains(src.String(), `from "`+name+`/`) {
			t.Errorf("%s is pinned in npm/package.json but no npm/*.js probe imports it", name)
		}
	}
}

func TestNpmCorpusMatchesNode(t *testing.T) {
	deps := corpusDeps(t)
	if err := corpusInstalled(deps); err != nil {
		if testing.Short() {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	s := compareWithNode(t, probeFiles(t, ".", []string{"npm"}))
	t.Logf("npm corpus: %d packages in %d probe files, %d probes, %d match Node 22, %d known gaps", len(deps), s.files, s.probes, s.matching, s.gaps)
	if len(s.nodeMs) > 0 {
		ids := make([]string, 0, len(s.pigoMs))
		for id := range s.pigoMs {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		var b strings.Builder
		for _, id := range ids {
			fmt.Fprintf(&b, "\n\t%-24s node %7.1f ms   pigo %7.1f ms", id, s.nodeMs[id], s.pigoMs[id])
		}
		// pigo's time includes bundling and runs in parallel with the other
		// probes (and under -race when asked), so it is an upper bound.
		t.Logf("load+run per probe:%s", b.String())
	}
}

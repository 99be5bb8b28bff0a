package discover

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/pigo-dev/pigo/engine/pathrules"
	"github.com/pigo-dev/pigo/engine/resources"
)

// collectAutoExtensionEntries is pi's collectAutoExtensionEntries, its
// problems reported.
func (d *discoverer) collectAutoExtensionEntries(dir string) []string {
	return resources.ExtensionEntries(dir, d.problem)
}

// moduleEntry resolves a directory the way pi's module loader (jiti 2.x)
// does when a directory itself is the extension: index files by jiti's
// extension order, then package.json "main". Like Node, it resolves
// symlinks first, so the entry is under the real directory.
func moduleEntry(dir string) (string, bool) {
	dir = pathrules.Canonical(dir)
	for _, ext := range []string{".js", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".mtsx", ".ctsx"} {
		p := filepath.Join(dir, "index"+ext)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, true
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return "", false
	}
	var pkg struct {
		Main string `json:"main"`
	}
	if json.Unmarshal(data, &pkg) != nil || pkg.Main == "" {
		return "", false
	}
	p := filepath.Join(dir, pkg.Main)
	if st, err := os.Stat(p); err == nil && !st.IsDir() {
		return p, true
	}
	return "", false
}

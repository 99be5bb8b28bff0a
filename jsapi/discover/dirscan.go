package discover

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/engine/pathrules"
)

// collectAutoExtensionEntries scans an extensions directory the way pi's
// collectAutoExtensionEntries does: the directory's own manifest or index
// if it has one, else its direct children. Entries come in byte order of
// their names (Node's readdirSync and os.ReadDir both sort).
func (d *discoverer) collectAutoExtensionEntries(dir string) []string {
	if !exists(dir) {
		return nil
	}
	if own, ok := d.resolveExtensionEntries(dir); ok {
		return own
	}
	var ig pathrules.Ignore
	ig.AddDir(dir, dir) // pi: addIgnoreRules(ig, dir, dir)
	children, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, c := range children {
		name := c.Name()
		if strings.HasPrefix(name, ".") || name == "node_modules" {
			continue
		}
		full := filepath.Join(dir, name)
		st, err := os.Stat(full) // follows symlinks; broken ones are skipped
		if err != nil {
			continue
		}
		if ig.Ignores(name, st.IsDir()) {
			continue
		}
		switch {
		case st.Mode().IsRegular() && (strings.HasSuffix(name, ".ts") || strings.HasSuffix(name, ".js")):
			out = append(out, full)
		case st.IsDir():
			if sub, ok := d.resolveExtensionEntries(full); ok {
				out = append(out, sub...)
			}
		}
	}
	return out
}

// resolveExtensionEntries is pi's resolveExtensionEntries: the existing
// literal paths of package.json pi.extensions, else index.ts, else
// index.js. Declared paths are not glob-expanded here; a declared path that
// is a directory is returned as is and resolved by the module loader.
func (d *discoverer) resolveExtensionEntries(dir string) ([]string, bool) {
	if m := d.readManifest(dir); len(m.exts) > 0 {
		var out []string
		for _, e := range m.exts {
			p := e
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			p = filepath.Clean(p)
			if exists(p) {
				out = append(out, p)
			} else {
				d.problem(m.file, p, "Extension entry does not exist: "+p+" (declared in "+m.file+")")
			}
		}
		if len(out) > 0 {
			return out, true
		}
	}
	for _, idx := range []string{"index.ts", "index.js"} {
		if p := filepath.Join(dir, idx); exists(p) {
			return []string{p}, true
		}
	}
	return nil, false
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

package resources

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/pathrules"
)

// ProblemFunc hears what a scan skips: the file that declared it (source),
// the path concerned and a message. nil ignores problems, as pi does.
type ProblemFunc func(source, path, msg string)

// ExtensionEntries scans an extensions directory the way pi's
// collectAutoExtensionEntries does: the directory's own manifest or index
// if it has one, else its direct children (files ending in .ts or .js,
// and subdirectories with a manifest or an index). Entries come in byte
// order of their names (Node's readdirSync and os.ReadDir both sort).
func ExtensionEntries(dir string, problem ProblemFunc) []string {
	if !exists(dir) {
		return nil
	}
	if own, ok := extensionDirEntries(dir, problem); ok {
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
			if sub, ok := extensionDirEntries(full, problem); ok {
				out = append(out, sub...)
			}
		}
	}
	return out
}

// extensionDirEntries is pi's resolveExtensionEntries: the existing
// literal paths of package.json pi.extensions, else index.ts, else
// index.js. Declared paths are not glob-expanded here; a declared path that
// is a directory is returned as is and resolved by the module loader.
func extensionDirEntries(dir string, problem ProblemFunc) ([]string, bool) {
	file := filepath.Join(dir, "package.json")
	if exts, _ := DeclaredExtensions(dir, problem); len(exts) > 0 {
		var out []string
		for _, e := range exts {
			p := e
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			p = filepath.Clean(p)
			if exists(p) {
				out = append(out, p)
			} else if problem != nil {
				problem(file, p, "Extension entry does not exist: "+p+" (declared in "+file+")")
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

// DeclaredExtensions reads root/package.json's pi.extensions: the string
// entries, and whether the value is truthy in JavaScript terms. A missing
// or malformed package.json declares nothing (pi ignores both); a value
// that is not an array, or items that are not strings, are reported.
func DeclaredExtensions(root string, problem ProblemFunc) (exts []string, truthy bool) {
	file := filepath.Join(root, "package.json")
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	var pkg struct {
		Pi any `json:"pi"`
	}
	if json.Unmarshal(data, &pkg) != nil {
		return nil, false
	}
	obj, _ := pkg.Pi.(map[string]any)
	ev := obj["extensions"]
	if !jsjson.Truthy(ev) {
		return nil, false
	}
	report := func(msg string) {
		if problem != nil {
			problem(file, file, msg)
		}
	}
	list, ok := ev.([]any)
	if !ok {
		report(fmt.Sprintf("package manifest %s: pi.extensions is not an array; ignored", file))
		return nil, true
	}
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			report(fmt.Sprintf("package manifest %s: pi.extensions item %v is not a string; ignored", file, e))
			continue
		}
		exts = append(exts, s)
	}
	return exts, true
}

package discover

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/resources"
)

// settingsFile holds the extension-related keys of one settings.json.
type settingsFile struct {
	path       string
	packages   []pkgItem
	extensions []string // paths and patterns, as written
}

// pkgItem is one `packages` item: a source string, or {source, extensions?}.
type pkgItem struct {
	source string
	filter pkgFilter
}

// pkgFilter is the object form's filter; the zero value is "no object".
type pkgFilter struct {
	object  bool     // the item was an object
	delta   bool     // its `autoload` is false: it adjusts the user's item
	hasExts bool     // its `extensions` key was present (and not null)
	exts    []string // the patterns; empty with hasExts means "none"
}

// loadSettings reads one settings file like SettingsManager: a missing or
// empty file is {}, an unreadable or malformed one is {} plus a Problem.
// scope is "project" or "global".
func (d *discoverer) loadSettings(path, scope string) settingsFile {
	s := settingsFile{path: path}
	source := "settings:" + scope
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s
	}
	if err != nil {
		d.problem(source, path, fmt.Sprintf("read %s settings: %v", scope, err))
		return s
	}
	if len(data) == 0 {
		return s
	}
	var top any
	if err := json.Unmarshal(data, &top); err != nil {
		d.problem(source, path, fmt.Sprintf("parse %s settings %s: %v", scope, path, err))
		return s
	}
	obj, ok := top.(map[string]any)
	if !ok {
		if _, isArray := top.([]any); !isArray {
			d.problem(source, path, fmt.Sprintf("parse %s settings %s: not a JSON object", scope, path))
		}
		return s
	}
	bad := func(what string) {
		d.problem(source, path, fmt.Sprintf("%s settings %s: %s; ignored", scope, path, what))
	}
	if v, ok := obj["extensions"]; ok && v != nil {
		list, ok := v.([]any)
		if !ok {
			bad(`"extensions" is not an array`)
		}
		for _, e := range list {
			str, ok := e.(string)
			if !ok {
				bad(fmt.Sprintf(`"extensions" item %v is not a string`, e))
				continue
			}
			s.extensions = append(s.extensions, str)
		}
	}
	if v, ok := obj["packages"]; ok && v != nil {
		list, ok := v.([]any)
		if !ok {
			bad(`"packages" is not an array`)
		}
		for _, e := range list {
			it, err := parsePkgItem(e)
			if err != nil {
				bad(err.Error())
				continue
			}
			s.packages = append(s.packages, it)
		}
	}
	return s
}

func parsePkgItem(v any) (pkgItem, error) {
	switch v := v.(type) {
	case string:
		return pkgItem{source: v}, nil
	case map[string]any:
		src, ok := v["source"].(string)
		if !ok {
			return pkgItem{}, fmt.Errorf(`"packages" item without a string "source"`)
		}
		it := pkgItem{source: src, filter: pkgFilter{object: true, delta: v["autoload"] == false}}
		if ev, ok := v["extensions"]; ok && ev != nil {
			list, ok := ev.([]any)
			if !ok {
				return pkgItem{}, fmt.Errorf(`"packages" item %q: "extensions" is not an array`, src)
			}
			it.filter.hasExts = true
			for _, e := range list {
				str, ok := e.(string)
				if !ok {
					return pkgItem{}, fmt.Errorf(`"packages" item %q: "extensions" item %v is not a string`, src, e)
				}
				it.filter.exts = append(it.filter.exts, str)
			}
		}
		return it, nil
	default:
		return pkgItem{}, fmt.Errorf(`"packages" item %v is neither a string nor an object`, v)
	}
}

// manifest is what pi reads from a package.json.
type manifest struct {
	file       string   // the package.json path
	name       string   // "name", if a string
	piTruthy   bool     // the `pi` value is truthy in JS terms
	hasFields  bool     // pi 1.6's hasManifestResourceFields: `pi` names a resource type
	extsTruthy bool     // pi is an object whose `extensions` value is truthy
	exts       []string // pi.extensions, when it is an array of strings
}

// readManifest reads root/package.json; a missing or malformed file is an
// empty manifest (pi ignores both).
func (d *discoverer) readManifest(root string) manifest {
	m := manifest{file: filepath.Join(root, "package.json")}
	data, err := os.ReadFile(m.file)
	if err != nil {
		return m
	}
	var pkg map[string]any
	if json.Unmarshal(data, &pkg) != nil {
		return m
	}
	m.name, _ = pkg["name"].(string)
	m.piTruthy = jsjson.Truthy(pkg["pi"])
	if obj, ok := pkg["pi"].(map[string]any); ok {
		for _, k := range []string{"extensions", "skills", "prompts", "themes"} {
			if _, present := obj[k]; present {
				m.hasFields = true
			}
		}
	}
	m.exts, m.extsTruthy = resources.DeclaredExtensions(root, d.problem)
	return m
}

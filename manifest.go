package pigo

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo/bundled"
	"github.com/pigo-dev/pigo/jsapi"
)

// Manifest is an app: its plugins in precedence order. The file format
// (`--app FILE`) is
//
//	{"id": "my-agent", "plugins": ["@pi/tool-read", "./my-ext.ts", {"id": "./other", "config": {...}}]}
//
// An entry is a bundled plugin ("@pi/NAME" or "builtin:NAME") or a path
// (a .ts/.js file or an extension directory) relative to the manifest's
// directory; the object form also gives the plugin its config (pi.config).
type Manifest struct {
	ID      string
	Plugins []ManifestEntry
	// Path is the file the manifest was read from; "" for an embedded one.
	Path string
}

// ManifestEntry is one plugin of a manifest, as written.
type ManifestEntry struct {
	Ref    string         // "@pi/tool-read", "builtin:mcp", "./my-ext.ts"
	Config map[string]any // nil: none
}

// ManifestError is a manifest that cannot be used: not JSON, or an entry
// that names a missing file, an unknown bundled plugin or a plugin listed
// twice. No plugin of such a manifest is started.
type ManifestError struct {
	Path  string // the manifest file ("" for an embedded one)
	Index int    // the offending plugins[] entry; -1 for the whole file
	Ref   string // that entry as written
	Err   error
}

func (e *ManifestError) Error() string {
	where := e.Path
	if where == "" {
		where = "app manifest"
	}
	if e.Index < 0 {
		return fmt.Sprintf("%s: %v", where, e.Err)
	}
	return fmt.Sprintf("%s: plugins[%d] %q: %v", where, e.Index, e.Ref, e.Err)
}

func (e *ManifestError) Unwrap() error { return e.Err }

// DefaultManifest is the coding agent: pi's built-in tools (then whatever
// pi discovers).
func DefaultManifest() *Manifest {
	m, err := ParseManifest(bundled.DefaultApp(), "")
	if err != nil {
		panic("bundled default app: " + err.Error()) // a test keeps it valid
	}
	return m
}

// ReadManifest reads and parses a manifest file.
func ReadManifest(path string) (*Manifest, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, &ManifestError{Path: path, Index: -1, Err: err}
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, &ManifestError{Path: path, Index: -1, Err: errors.Unwrap(err)}
	}
	return ParseManifest(data, abs)
}

// ParseManifest parses a manifest; path ("" for none) is where relative
// plugin paths resolve from and what errors name.
func ParseManifest(data []byte, path string) (*Manifest, error) {
	fail := func(i int, ref string, err error) error {
		return &ManifestError{Path: path, Index: i, Ref: ref, Err: err}
	}
	var raw struct {
		ID      string            `json:"id"`
		Plugins []json.RawMessage `json:"plugins"`
	}
	// Unmarshal first: its syntax errors carry an offset (the decoder's
	// truncated-input error does not).
	var syntax any
	if err := json.Unmarshal(data, &syntax); err != nil {
		return nil, fail(-1, "", fmt.Errorf("not a valid app manifest: %w", jsonErrorAt(data, err)))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, fail(-1, "", fmt.Errorf("not a valid app manifest: %w", err))
	}
	m := &Manifest{ID: raw.ID, Path: path}
	for i, r := range raw.Plugins {
		var e ManifestEntry
		var obj struct {
			ID     *string        `json:"id"`
			Config map[string]any `json:"config"`
		}
		switch {
		case json.Unmarshal(r, &e.Ref) == nil:
		case json.Unmarshal(r, &obj) == nil && obj.ID != nil:
			e.Ref, e.Config = *obj.ID, obj.Config
		default:
			return nil, fail(i, string(r), errors.New(`want a string or {"id": "...", "config": {...}}`))
		}
		if e.Ref == "" {
			return nil, fail(i, e.Ref, errors.New("empty plugin id"))
		}
		m.Plugins = append(m.Plugins, e)
	}
	return m, nil
}

// jsonErrorAt adds line:col to a JSON syntax error.
func jsonErrorAt(data []byte, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	line, col := 1, 1
	for _, b := range data[:max(0, min(int(se.Offset)-1, len(data)))] { // Offset counts the offending byte
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Errorf("line %d:%d: %w", line, col, err)
}

// manifestPlugin is a resolved manifest entry.
type manifestPlugin struct {
	id      string // plugin id in the host
	bundled bool   // id is a bundled plugin id
	path    string // the entry file (path entries)
	config  map[string]any
}

// resolve checks every entry before anything starts: bundled ids exist,
// paths exist and resolve to an entry file, no plugin is listed twice.
func (m *Manifest) resolve() ([]manifestPlugin, error) {
	base := ""
	if m.Path != "" {
		base = filepath.Dir(m.Path)
	}
	var out []manifestPlugin
	seen := map[string]int{} // canonical id or entry file → index
	for i, e := range m.Plugins {
		fail := func(err error) error { return &ManifestError{Path: m.Path, Index: i, Ref: e.Ref, Err: err} }
		var p manifestPlugin
		if bundled.IsID(e.Ref) {
			id, ok := bundled.Lookup(e.Ref)
			if !ok {
				return nil, fail(fmt.Errorf("unknown bundled plugin (have: %s)", strings.Join(bundled.IDs(), ", ")))
			}
			p = manifestPlugin{id: id, bundled: true, config: e.Config}
		} else {
			path := e.Ref
			if !filepath.IsAbs(path) {
				if base == "" {
					return nil, fail(errors.New("a relative path needs a manifest file to resolve against"))
				}
				path = filepath.Join(base, path)
			}
			if _, err := os.Stat(path); err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return nil, fail(fmt.Errorf("no such file or directory: %s", path))
				}
				return nil, fail(err)
			}
			entry, err := jsapi.ResolveEntry(path)
			if err != nil {
				return nil, fail(err)
			}
			p = manifestPlugin{id: jsapi.PluginID(entry), path: entry, config: e.Config}
		}
		key := p.id
		if !p.bundled {
			key = p.path
		}
		if j, dup := seen[key]; dup {
			return nil, fail(fmt.Errorf("listed twice (also plugins[%d])", j))
		}
		seen[key] = i
		out = append(out, p)
	}
	return out, nil
}

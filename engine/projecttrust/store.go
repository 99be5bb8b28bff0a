// Package projecttrust is pi 1.6's project trust: whether a project's own
// files (.pi/settings.json, .pi/extensions, skills, prompts, themes,
// SYSTEM.md, APPEND_SYSTEM.md, mcp.json, .agents/skills) may be used. The
// decision comes, in order, from the command line (--approve,
// --no-approve), from there being nothing to protect, from the
// extensions' project_trust event, from the saved decision in
// <agentDir>/trust.json, and from the defaultProjectTrust setting.
package projecttrust

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/lockfile"
)

// protected are the entries of <cwd>/.pi that need trust.
var protected = []string{"settings.json", "mcp.json", "extensions", "skills", "prompts", "themes", "SYSTEM.md", "APPEND_SYSTEM.md"}

// HasProtectedResources is pi's hasTrustRequiringProjectResources: cwd/.pi
// has one of the protected entries, or cwd or an ancestor has
// .agents/skills (other than the user's own home/.agents/skills).
func HasProtectedResources(cwd, home string) bool {
	dir := canonical(cwd)
	for _, e := range protected {
		if exists(filepath.Join(dir, ".pi", e)) {
			return true
		}
	}
	user := "" // without a home there is no user's directory to tell apart
	if home != "" {
		user = filepath.Join(canonical(home), ".agents", "skills")
	}
	for {
		skills := filepath.Join(dir, ".agents", "skills")
		if skills != user && exists(skills) {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// canonical is pi's canonicalizePath(resolvePath(p)): absolute, symlinks
// resolved when it exists.
func canonical(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

// lock is pi's: proper-lockfile on trust.json.lock, stale after 10 s, 10
// attempts 20 ms apart.
func lockOptions(path string) lockfile.Options {
	return lockfile.Options{Name: "trust.json", Stale: 10 * time.Second, Retries: 9,
		MinWait: 20 * time.Millisecond, LockPath: path + ".lock"}
}

// Store is pi's ProjectTrustStore: <agentDir>/trust.json, an object from
// canonical directory paths to true (trusted), false (not) or null (no
// decision). A decision covers the directory and everything below it; the
// nearest one wins.
type Store struct{ Path string }

// NewStore is the store in agentDir.
func NewStore(agentDir string) *Store {
	return &Store{Path: filepath.Join(agentDir, "trust.json")}
}

// Get returns the nearest saved decision for cwd; ok is false when there
// is none. A trust.json that is not what pi writes is an error with pi's
// words.
func (s *Store) Get(ctx context.Context, cwd string) (trusted, ok bool, err error) {
	d, ok, err := s.Entry(ctx, cwd)
	return d.Trusted, ok, err
}

// Decision is a saved decision and the directory it was saved for.
type Decision struct {
	Path    string
	Trusted bool
}

// Entry is pi's getEntry: the nearest saved decision for cwd, with its
// directory (cwd's own or an ancestor's).
func (s *Store) Entry(ctx context.Context, cwd string) (d Decision, ok bool, err error) {
	err = s.locked(ctx, func() error {
		data, err := s.read()
		if err != nil {
			return err
		}
		for dir := canonical(cwd); ; {
			if v, found := data[dir]; found && v != nil {
				d, ok = Decision{dir, *v}, true
				return nil
			}
			parent := filepath.Dir(dir)
			if parent == dir {
				return nil
			}
			dir = parent
		}
	})
	return d, ok, err
}

// Set saves a decision for cwd (nil removes it), keeping the others, and
// writes the file as pi does: keys sorted, two-space indent.
func (s *Store) Set(ctx context.Context, cwd string, trusted *bool) error {
	return s.SetMany(ctx, []Update{{Path: cwd, Trusted: trusted}})
}

// Update is one change SetMany makes: a decision for Path, or its
// removal (Trusted nil).
type Update struct {
	Path    string
	Trusted *bool
}

// SetMany is pi's setMany: the updates in order, under one lock, one
// write.
func (s *Store) SetMany(ctx context.Context, updates []Update) error {
	return s.locked(ctx, func() error {
		data, err := s.read()
		if err != nil {
			return err
		}
		for _, u := range updates {
			key := canonical(u.Path)
			delete(data, key)
			if u.Trusted != nil {
				data[key] = u.Trusted
			}
		}
		return s.write(data)
	})
}

// Choice is one answer of pi's trust prompt and /trust selector: its
// label, the decision for this process, what it saves, and the directory
// whose saved decision it is ("" for a session-only answer).
type Choice struct {
	Label     string
	Trusted   bool
	Updates   []Update
	SavedPath string
}

// Choices is pi's getProjectTrustOptions: trust, trust the parent folder
// (also dropping cwd's own decision), do not trust; with sessionOnly, the
// answers that save nothing too (the startup prompt's).
func Choices(cwd string, sessionOnly bool) []Choice {
	yes, no := true, false
	dir := canonical(cwd)
	opts := []Choice{{Label: "Trust", Trusted: true, Updates: []Update{{dir, &yes}}, SavedPath: dir}}
	if parent := filepath.Dir(dir); parent != dir {
		opts = append(opts, Choice{Label: "Trust parent folder (" + parent + ")", Trusted: true,
			Updates: []Update{{parent, &yes}, {dir, nil}}, SavedPath: parent})
	}
	if sessionOnly {
		opts = append(opts, Choice{Label: "Trust (this session only)", Trusted: true})
	}
	opts = append(opts, Choice{Label: "Do not trust", Updates: []Update{{dir, &no}}, SavedPath: dir})
	if sessionOnly {
		opts = append(opts, Choice{Label: "Do not trust (this session only)"})
	}
	return opts
}

// PromptTitle is pi's formatProjectTrustPrompt for app (pi's APP_NAME).
func PromptTitle(cwd, app string) string {
	return "Trust project folder?\n" + cwd + "\n\nThis allows " + app +
		" to load .pi settings and resources, install missing project packages, and execute project extensions."
}

func (s *Store) locked(ctx context.Context, fn func() error) error {
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o755); err != nil {
		return err
	}
	l, err := lockfile.Acquire(ctx, s.Path, lockOptions(s.Path))
	if err != nil {
		return err
	}
	defer l.Release()
	return fn()
}

// read is pi's readTrustFile.
func (s *Store) read() (map[string]*bool, error) {
	raw, err := os.ReadFile(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]*bool{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("Failed to read trust store %s: %v", s.Path, err)
	}
	raw = bytes.TrimPrefix(raw, []byte("\uFEFF"))
	if msg := jsjson.ParseError(string(raw)); msg != "" {
		return nil, fmt.Errorf("Failed to read trust store %s: %s", s.Path, msg)
	}
	var top any
	if err := json.Unmarshal(raw, &top); err != nil {
		return nil, fmt.Errorf("Failed to read trust store %s: %v", s.Path, err)
	}
	obj, ok := top.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("Invalid trust store %s: expected an object", s.Path)
	}
	out := map[string]*bool{}
	for k, v := range obj {
		switch v := v.(type) {
		case nil:
			out[k] = nil
		case bool:
			out[k] = &v
		default:
			return nil, fmt.Errorf("Invalid trust store %s: value for %s must be true, false, or null", s.Path, jsString(k))
		}
	}
	return out, nil
}

// write is pi's writeTrustFile: JSON.stringify(sorted, null, 2) + "\n".
func (s *Store) write(data map[string]*bool) error {
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b bytes.Buffer
	b.WriteString("{")
	for i, k := range keys {
		if i > 0 {
			b.WriteString(",")
		}
		key := jsString(k)
		val := "null"
		if v := data[k]; v != nil {
			val = fmt.Sprint(*v)
		}
		fmt.Fprintf(&b, "\n  %s: %s", key, val)
	}
	if len(keys) > 0 {
		b.WriteString("\n")
	}
	b.WriteString("}\n")
	return os.WriteFile(s.Path, b.Bytes(), 0o644)
}

// jsString is JSON.stringify of a string (no HTML escaping, unlike
// encoding/json's default).
func jsString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

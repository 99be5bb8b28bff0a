package pkgmgr

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/Masterminds/semver/v3"
)

// Manager runs pi's package commands for one project and agent dir.
type Manager struct {
	Dirs
	// Getenv reads npm's and pi's environment (npm_config_*, PI_OFFLINE);
	// nil means os.Getenv.
	Getenv func(string) string
	// HTTP fetches from the registry; nil means a client with a timeout.
	HTTP *http.Client
	// Git is the git binary; "" means "git" on PATH. It runs with
	// Environ (nil means os.Environ()).
	Git     string
	Environ []string
	// Progress gets pi's progress lines ("Installing npm:x..."); may be nil.
	Progress func(string)
	// Warn gets what an install could not do as npm would (install
	// scripts it did not run); may be nil.
	Warn func(string)
	// ProjectUntrusted keeps the project's packages out (pi's untrusted
	// project): List and Update skip them, Install and Remove refuse them.
	ProjectUntrusted bool
}

// errUntrusted is pi's refusal of an untrusted project's packages.
var errUntrusted = errors.New("Project is not trusted; refusing to access project package storage")

// scopes are the scopes whose packages the manager reads, in pi's order.
func (m *Manager) scopes() []Scope {
	if m.ProjectUntrusted {
		return []Scope{User}
	}
	return []Scope{User, Project}
}

func (m *Manager) warn(text string) {
	if m.Warn != nil && text != "" {
		m.Warn(text)
	}
}

func (m *Manager) getenv(k string) string {
	if m.Getenv == nil {
		return os.Getenv(k)
	}
	return m.Getenv(k)
}

func (m *Manager) progress(format string, args ...any) {
	if m.Progress != nil {
		m.Progress(fmt.Sprintf(format, args...))
	}
}

func (m *Manager) registry(root string) *registry {
	c := m.HTTP
	if c == nil {
		c = &http.Client{Timeout: 5 * time.Minute}
	}
	return &registry{cfg: loadNPMConfig(root, m.Home, m.getenv), client: c}
}

// Offline is pi's isOfflineModeEnabled (PI_OFFLINE=1|true|yes).
func (m *Manager) Offline() bool {
	v := strings.ToLower(m.getenv("PI_OFFLINE"))
	return v == "1" || v == "true" || v == "yes"
}

// Install is pi's installAndPersist: install src into scope, then add it
// to scope's settings `packages` (replacing an entry of the same package).
func (m *Manager) Install(ctx context.Context, raw string, scope Scope) error {
	src, err := Parse(raw)
	if err != nil {
		return err
	}
	if scope == Project && m.ProjectUntrusted {
		return errUntrusted
	}
	s, list, err := m.configured(scope)
	if err != nil {
		return err
	}
	m.progress("Installing %s...", raw)
	switch src.Kind {
	case NPM:
		_, err = m.installNPM(ctx, scope, []Source{src}, nil)
	case Git:
		err = m.installGit(ctx, src, scope)
	default:
		p := ResolvePath(src.LocalPath, m.Cwd, m.Home)
		if _, serr := os.Stat(p); serr != nil {
			err = fmt.Errorf("Path does not exist: %s", p)
		}
	}
	if err != nil {
		return err
	}
	return m.addToSettings(s, list, src, scope)
}

// addToSettings is pi's addSourceToSettings.
func (m *Manager) addToSettings(s *SettingsFile, list []any, src Source, scope Scope) error {
	norm := src.Raw
	if src.Kind == Local {
		rel, err := filepath.Rel(m.Base(scope), ResolvePath(src.LocalPath, m.Cwd, m.Home))
		if err != nil {
			rel = ResolvePath(src.LocalPath, m.Cwd, m.Home)
		}
		norm = filepath.ToSlash(rel)
	}
	key := src.Identity(m.Cwd, m.Home)
	for i, item := range list {
		if m.settingsKey(itemSource(item), scope) != key {
			continue
		}
		if itemSource(item) == norm {
			return nil
		}
		list[i] = withSource(item, norm)
		s.setPackages(list)
		return s.Save()
	}
	s.setPackages(append(list, norm))
	return s.Save()
}

// settingsKey is the identity of a source as written in scope's settings.
func (m *Manager) settingsKey(raw string, scope Scope) string {
	src, err := Parse(raw)
	if err != nil {
		return "invalid:" + raw
	}
	return src.Identity(m.Base(scope), m.Home)
}

// Remove is pi's removeAndPersist: drop the package from scope's settings
// and its files from scope's install root. A source that scope's settings
// do not list is an error, and nothing changes.
func (m *Manager) Remove(ctx context.Context, raw string, scope Scope) error {
	src, err := Parse(raw)
	if err != nil {
		return err
	}
	if scope == Project && m.ProjectUntrusted {
		return errUntrusted
	}
	s, list, err := m.configured(scope)
	if err != nil {
		return err
	}
	key := src.Identity(m.Cwd, m.Home)
	var kept []any
	for _, item := range list {
		if m.settingsKey(itemSource(item), scope) != key {
			kept = append(kept, item)
		}
	}
	if len(kept) == len(list) {
		return m.noMatch(raw, list)
	}
	m.progress("Removing %s...", raw)
	switch src.Kind {
	case NPM:
		err = m.removeNPM(scope, src.Name)
	case Git:
		err = m.removeGit(src, scope)
	}
	if err != nil {
		return err
	}
	if kept == nil {
		kept = []any{}
	}
	s.setPackages(kept)
	return s.Save()
}

// ErrNoMatch is what Remove and Update return (wrapped) for a source that
// no settings entry names.
var ErrNoMatch = errors.New("no matching package")

type noMatchError struct{ msg string }

func (e noMatchError) Error() string        { return e.msg }
func (e noMatchError) Is(target error) bool { return target == ErrNoMatch }

// noMatch is pi's buildNoMatchingPackageMessage, with its suggestion of a
// configured source that names the same package.
func (m *Manager) noMatch(raw string, list []any) error {
	t := strings.TrimSpace(raw)
	for _, item := range list {
		src, err := Parse(itemSource(item))
		if err != nil {
			continue
		}
		spec := src.Name
		if src.Version != "" {
			spec += "@" + src.Version
		}
		short := src.Host + "/" + src.Path
		if src.Kind == NPM && (t == src.Name || t == spec) || src.Kind == Git && (t == short || src.Ref != "" && t == short+"@"+src.Ref) {
			return noMatchError{fmt.Sprintf("No matching package found for %s. Did you mean %s?", raw, src.Raw)}
		}
	}
	return noMatchError{"No matching package found for " + raw}
}

// Package is one configured package, as `pi list` shows it.
type Package struct {
	Source    string
	Scope     Scope
	Filtered  bool   // the settings item is an object (resource filters)
	Installed string // where it is, "" if not installed
}

// configured reads scope's settings and their packages list.
func (m *Manager) configured(scope Scope) (*SettingsFile, []any, error) {
	s, err := ReadSettings(m.SettingsFile(scope))
	if err != nil {
		return nil, nil, err
	}
	list, err := s.packages()
	if err != nil {
		return nil, nil, err
	}
	return s, list, nil
}

// List is pi's listConfiguredPackages: global, then project.
func (m *Manager) List() ([]Package, error) {
	var out []Package
	for _, scope := range m.scopes() {
		_, list, err := m.configured(scope)
		if err != nil {
			return nil, err
		}
		for _, item := range list {
			src := itemSource(item)
			dir, _ := m.Installed(src, scope)
			_, obj := item.(string)
			out = append(out, Package{Source: src, Scope: scope, Filtered: !obj, Installed: dir})
		}
	}
	return out, nil
}

// Update is pi's update: every configured package (or the ones whose
// identity is raw's), npm ones not pinned to a version re-resolved and
// reinstalled when the registry has a newer matching version, git ones
// reset to their ref or upstream. It returns one line per changed
// package: "npm:foo 1.0.0 -> 1.1.0".
func (m *Manager) Update(ctx context.Context, raw string) ([]string, error) {
	all, err := m.List()
	if err != nil {
		return nil, err
	}
	var id string
	if raw != "" {
		src, err := Parse(raw)
		if err != nil {
			return nil, err
		}
		id = src.Identity(m.Cwd, m.Home)
	}
	var todo []Package
	var listed []any
	for _, p := range all {
		listed = append(listed, p.Source)
		if id == "" || m.settingsKey(p.Source, p.Scope) == id {
			todo = append(todo, p)
		}
	}
	if raw != "" && len(todo) == 0 {
		return nil, m.noMatch(raw, listed)
	}
	if m.Offline() {
		return nil, nil
	}
	var changed []string
	for _, p := range todo {
		src, err := Parse(p.Source)
		if err != nil {
			return changed, err
		}
		suffix := ""
		if p.Scope == Project {
			suffix = " (project)"
		}
		switch src.Kind {
		case NPM:
			if src.Pinned() {
				continue
			}
			line, err := m.updateNPM(ctx, src, p.Scope)
			if err != nil {
				return changed, err
			}
			if line != "" {
				changed = append(changed, p.Source+suffix+" "+line)
			}
		case Git:
			dir, _ := m.Dir(src, p.Scope)
			m.progress("Updating %s...", p.Source)
			var heads [2]string
			if _, serr := os.Stat(dir); serr != nil {
				err = m.installGit(ctx, src, p.Scope)
				heads[1], _ = m.git(ctx, dir, "rev-parse", "HEAD")
			} else {
				heads, err = m.updateGit(ctx, src, dir)
			}
			if err != nil {
				return changed, err
			}
			if heads[0] != heads[1] {
				changed = append(changed, fmt.Sprintf("%s%s %s -> %s", p.Source, suffix, short(heads[0]), short(heads[1])))
			}
		}
	}
	return changed, nil
}

func short(h string) string {
	if h == "" {
		return "(none)"
	}
	return h[:min(7, len(h))]
}

// updateNPM reinstalls src when the registry's choice for its spec is
// newer than what is installed; it returns "old -> new" or "".
func (m *Manager) updateNPM(ctx context.Context, src Source, scope Scope) (string, error) {
	dir, err := m.Dir(src, scope)
	if err != nil {
		return "", err
	}
	have := installedVersion(dir)
	reg := m.registry(m.NPMRoot(scope))
	if have != "" {
		p, err := reg.packument(ctx, src.Name)
		if err != nil {
			return "", err
		}
		want, err := p.pick(src.Version)
		if err != nil {
			return "", err
		}
		hv, herr := semver.NewVersion(have)
		wv, werr := semver.NewVersion(want.Version)
		if herr == nil && werr == nil && !wv.GreaterThan(hv) {
			return "", nil
		}
	}
	m.progress("Updating %s...", src.Raw)
	got, err := m.installNPM(ctx, scope, []Source{src}, reg)
	if err != nil {
		return "", err
	}
	if have == "" {
		have = "(none)"
	}
	return have + " -> " + got[src.Name], nil
}

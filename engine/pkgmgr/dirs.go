package pkgmgr

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Scope is where a package is declared: "user" (global settings) or
// "project" (-l).
type Scope string

const (
	User    Scope = "user"
	Project Scope = "project"
	// Temporary is the scope of -e npm:/git: sources: installed for one
	// run into pi's cache (the agent dir's tmp folder, then extensions), never written
	// to settings.
	Temporary Scope = "temporary"
)

// Dirs are the places a scope uses; Cwd and AgentDir are absolute.
type Dirs struct {
	Cwd, AgentDir, Home string
	// NPMGlobalRoot looks up npm's global node_modules, where a pre-1.x
	// pi installed user packages (legacy.go); nil means
	// NPMGlobalRoot(nil), npm with this process's environment.
	NPMGlobalRoot func() string
}

// Base is the directory a scope's settings file lives in, against which
// its relative sources resolve.
func (d Dirs) Base(scope Scope) string {
	switch scope {
	case Project:
		return filepath.Join(d.Cwd, ".pi")
	case Temporary:
		return d.Cwd // -e values resolve against the working directory
	}
	return d.AgentDir
}

// SettingsFile is the scope's settings.json.
func (d Dirs) SettingsFile(scope Scope) string { return filepath.Join(d.Base(scope), "settings.json") }

// NPMRoot is the npm project pi installs a scope's npm packages into
// (for Temporary, pi's getTemporaryDir("npm")).
func (d Dirs) NPMRoot(scope Scope) string {
	if scope == Temporary {
		return d.temporaryDir("npm", "", "")
	}
	return filepath.Join(d.Base(scope), "npm")
}

// temporaryDir is pi's getTemporaryDir: the agent dir's tmp folder, then
// extensions/<prefix>/<8 hex digits of sha256("<prefix>-<suffix>[@ref]")>/<suffix>, so each
// git ref gets its own checkout.
func (d Dirs) temporaryDir(prefix, suffix, ref string) string {
	key := prefix + "-" + suffix
	if ref != "" {
		key += "@" + ref
	}
	sum := sha256.Sum256([]byte(key))
	return filepath.Join(d.AgentDir, "tmp", "extensions", prefix, hex.EncodeToString(sum[:])[:8], suffix)
}

// GitRoot holds a scope's git clones, as <host>/<path>.
func (d Dirs) GitRoot(scope Scope) string { return filepath.Join(d.Base(scope), "git") }

// Dir is where src lives for scope: the npm package or git clone
// directory, or the resolved local path. It refuses a path outside its
// install root, as pi's resolveManagedPath does.
func (d Dirs) Dir(src Source, scope Scope) (string, error) {
	switch src.Kind {
	case NPM:
		return inside(filepath.Join(d.NPMRoot(scope), "node_modules"), src.Name)
	case Git:
		if scope == Temporary {
			root := filepath.Join(d.AgentDir, "tmp", "extensions", "git-"+src.Host)
			return inside(root, strings.TrimPrefix(d.temporaryDir("git-"+src.Host, src.Path, src.Ref), root+string(filepath.Separator)))
		}
		return inside(d.GitRoot(scope), src.Host, src.Path)
	}
	return ResolvePath(src.LocalPath, d.Base(scope), d.Home), nil
}

func inside(root string, parts ...string) (string, error) {
	p := filepath.Join(append([]string{root}, parts...)...)
	if p != root && !strings.HasPrefix(p, root+string(filepath.Separator)) {
		return "", fmt.Errorf("refusing to use path outside package install root: %s", p)
	}
	return p, nil
}

// Installed is pi's getInstalledPath: where the package declared as raw in
// scope is, if it is there. Discovery uses it to load installed packages.
// A user npm package missing from its install root is looked for in npm's
// global root too, as pi's getNpmInstallPath does (legacy.go).
func (d Dirs) Installed(raw string, scope Scope) (string, bool) {
	src, err := Parse(raw)
	if err != nil {
		return "", false
	}
	dir, err := d.Dir(src, scope)
	if err != nil {
		return "", false
	}
	if _, err := os.Stat(dir); err != nil {
		if src.Kind == NPM && scope == User {
			return d.legacyNPMDir(src.Name)
		}
		return "", false
	}
	return dir, true
}

// Loadable is where discovery loads raw from: Installed, and for npm only
// when its package.json has a version in the configured range (pi
// reinstalls the package otherwise, and loads nothing from it when that
// fails).
func (d Dirs) Loadable(raw string, scope Scope) (string, bool) {
	dir, ok := d.Installed(raw, scope)
	if !ok {
		return "", false
	}
	src, _ := Parse(raw)
	if src.Kind != NPM {
		return dir, true
	}
	v := installedVersion(dir)
	if v == "" {
		return "", false
	}
	if _, err := parseRange(src.Version); err != nil {
		return dir, true // a dist-tag: any installed version will do
	}
	return dir, satisfies(v, src.Version)
}

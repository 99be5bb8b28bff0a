package pkgmgr

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
)

// A pi before 1.x installed user npm packages with `npm install -g`; pi
// 1.6 still loads a user package from npm's global root when its own
// <agentDir>/npm/node_modules copy is missing (getNpmInstallPath,
// getLegacyGlobalNpmInstallPath), and so does pigo. The global root is
// what `npm root -g` prints (pi's getGlobalNpmRoot), asked only when a
// managed copy is missing and then remembered, as pi remembers it.

// globalRoots caches NPMGlobalRoot's lookups by environment.
var globalRoots sync.Map

// NPMGlobalRoot is a lookup of npm's global node_modules for the
// environment environ (nil means os.Environ()): `npm root -g`, run the
// first time the lookup is called and then cached for the process; ""
// when npm is missing or fails, and pi then ignores the legacy location.
func NPMGlobalRoot(environ []string) func() string {
	if environ == nil {
		environ = os.Environ()
	}
	key := strings.Join(environ, "\x00")
	if f, ok := globalRoots.Load(key); ok {
		return f.(func() string)
	}
	f, _ := globalRoots.LoadOrStore(key, sync.OnceValue(func() string {
		npm := lookPathIn("npm", environ)
		if npm == "" {
			return ""
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, npm, "root", "-g")
		cmd.Env = environ
		out, err := cmd.Output()
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(out))
	}))
	return f.(func() string)
}

// lookPathIn finds name on the PATH of environ, as Node's spawn does with
// that environment; "" if it is not there.
func lookPathIn(name string, environ []string) string {
	path := ""
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.EqualFold(k, "PATH") {
			path = v
		}
	}
	exts := []string{""}
	if runtime.GOOS == "windows" {
		exts = []string{".cmd", ".exe", ".bat", ""}
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		for _, ext := range exts {
			p := filepath.Join(dir, name+ext)
			if st, err := os.Stat(p); err == nil && !st.IsDir() && (runtime.GOOS == "windows" || st.Mode()&0o111 != 0) {
				return p
			}
		}
	}
	return ""
}

// legacyNPMDir is where a pre-1.x pi's `npm install -g` put the npm
// package name, if it is there.
func (d Dirs) legacyNPMDir(name string) (string, bool) {
	lookup := d.NPMGlobalRoot
	if lookup == nil {
		lookup = NPMGlobalRoot(nil)
	}
	root := lookup()
	if root == "" {
		return "", false
	}
	dir := filepath.Join(root, name)
	if _, err := os.Stat(dir); err != nil {
		return "", false
	}
	return dir, true
}

// Installed is Dirs.Installed with the manager's environment for npm.
func (m *Manager) Installed(raw string, scope Scope) (string, bool) {
	return m.dirs().Installed(raw, scope)
}

// Loadable is Dirs.Loadable with the manager's environment for npm.
func (m *Manager) Loadable(raw string, scope Scope) (string, bool) {
	return m.dirs().Loadable(raw, scope)
}

func (m *Manager) dirs() Dirs {
	d := m.Dirs
	if d.NPMGlobalRoot == nil && m.Environ != nil {
		d.NPMGlobalRoot = NPMGlobalRoot(m.Environ)
	}
	return d
}

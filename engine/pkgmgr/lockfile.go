package pkgmgr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// A git package's clone is installed the way `npm install --omit=dev`
// (what pi runs there) installs it: with a npm-shrinkwrap.json or
// package-lock.json in the clone, the versions and places it records are
// used (lockfileVersion 2 and 3, the "packages" section), each checked
// against the registry's integrity for it; dev entries and optional ones
// for another platform are left out. Dependencies the lockfile does not
// cover, or whose recorded version no longer satisfies package.json, are
// resolved as usual.

// lockEntry is one "packages" entry of a lockfile.
type lockEntry struct {
	Name      string   `json:"name"` // the real package of an alias
	Version   string   `json:"version"`
	Integrity string   `json:"integrity"`
	Dev       bool     `json:"dev"`
	Optional  bool     `json:"optional"`
	Link      bool     `json:"link"`
	OS        []string `json:"os"`
	CPU       []string `json:"cpu"`
}

// readLockfile reads dir's npm-shrinkwrap.json, else its package-lock.json
// (npm's precedence); "" file when there is neither.
func readLockfile(dir string) (file string, packages map[string]lockEntry, err error) {
	for _, name := range []string{"npm-shrinkwrap.json", "package-lock.json"} {
		p := filepath.Join(dir, name)
		data, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", nil, err
		}
		var lock struct {
			LockfileVersion int                  `json:"lockfileVersion"`
			Packages        map[string]lockEntry `json:"packages"`
		}
		if err := json.Unmarshal(data, &lock); err != nil {
			return name, nil, fmt.Errorf("%s: malformed lockfile: %v", name, err)
		}
		if lock.LockfileVersion < 2 || lock.Packages == nil {
			// npm 6's format has no layout to follow; resolve as without one.
			return name, nil, nil
		}
		return name, lock.Packages, nil
	}
	return "", nil, nil
}

// planLocked plans what a lockfile records: a clone's, or a published
// package's npm-shrinkwrap.json with its keys under that package. Dev
// entries are planned only withDev.
func (t *tree) planLocked(ctx context.Context, file string, packages map[string]lockEntry, withDev bool) error {
	keys := make([]string, 0, len(packages))
	for k := range packages {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, rel := range keys {
		e := packages[rel]
		if rel == "" || !strings.HasPrefix(rel, "node_modules/") || e.Dev && !withDev || e.Link || e.Version == "" {
			continue
		}
		if !platformMatches(e.OS, t.platform[0]) || !platformMatches(e.CPU, t.platform[1]) {
			if e.Optional {
				continue
			}
			return fmt.Errorf("%s: %s@%s: unsupported platform", file, rel, e.Version)
		}
		name := rel[strings.LastIndex(rel, "node_modules/")+len("node_modules/"):]
		pkg := name
		if e.Name != "" {
			pkg = e.Name
		}
		if err := validNPMName(name); err != nil {
			return fmt.Errorf("%s: %s: %w", file, rel, err)
		}
		p, err := t.reg.packument(ctx, pkg)
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		m, ok := p.Versions[e.Version]
		if !ok {
			return fmt.Errorf("%s: %s@%s is not in the registry", file, pkg, e.Version)
		}
		if e.Integrity != "" && m.Dist.Integrity != "" && e.Integrity != m.Dist.Integrity {
			return fmt.Errorf("%s: %s@%s: integrity %s differs from the registry's %s", file, pkg, e.Version, e.Integrity, m.Dist.Integrity)
		}
		m.Name = pkg
		t.plan[rel] = &planned{rel: rel, meta: m}
	}
	return nil
}

// dropStale forgets a locked top-level package (and what is nested in it)
// whose version no longer satisfies the clone's package.json, which npm
// resolves again.
func (t *tree) dropStale(deps map[string]string) {
	for name, spec := range deps {
		rel := joinRel("", name)
		p, ok := t.plan[rel]
		if !ok {
			continue
		}
		if _, rng, err := depSpec(name, spec); err == nil && satisfies(p.meta.Version, rng) {
			continue
		}
		for k := range t.plan {
			if k == rel || strings.HasPrefix(k, rel+"/") {
				delete(t.plan, k)
			}
		}
	}
}

package pkgmgr

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// npmProject is an install root's package.json, its keys kept in order.
type npmProject struct {
	path string
	obj  *jsjson.Object
}

// readNPMProject reads root/package.json; a missing one is pi's
// {"name":"pi-extensions","private":true}.
func readNPMProject(root string) (*npmProject, error) {
	p := &npmProject{path: filepath.Join(root, "package.json")}
	data, err := os.ReadFile(p.path)
	if errors.Is(err, fs.ErrNotExist) {
		p.obj = &jsjson.Object{{Key: "name", Value: "pi-extensions"}, {Key: "private", Value: true}}
		return p, nil
	}
	if err != nil {
		return nil, err
	}
	v, err := jsjson.Parse([]byte(strings.TrimPrefix(string(data), "\uFEFF")))
	if err != nil {
		return nil, fmt.Errorf("malformed %s: %v", p.path, err)
	}
	obj, ok := v.(*jsjson.Object)
	if !ok {
		return nil, fmt.Errorf("malformed %s: not a JSON object", p.path)
	}
	p.obj = obj
	return p, nil
}

// deps is the project's dependencies (name → spec).
func (p *npmProject) deps() map[string]string {
	out := map[string]string{}
	v, _ := p.obj.Get("dependencies")
	if o, ok := v.(*jsjson.Object); ok {
		for _, m := range *o {
			if s, ok := m.Value.(string); ok {
				out[m.Key] = s
			}
		}
	}
	return out
}

// setDeps writes deps sorted by name, as npm saves them.
func (p *npmProject) setDeps(deps map[string]string) {
	var names []string
	for n := range deps {
		names = append(names, n)
	}
	slices.Sort(names)
	o := jsjson.Object{}
	for _, n := range names {
		o = append(o, jsjson.Member{Key: n, Value: deps[n]})
	}
	p.obj.Set("dependencies", &o)
}

func (p *npmProject) save() error {
	out, err := (&jsjson.Encoder{Indent: "  "}).Append(nil, p.obj)
	if err != nil {
		return err
	}
	return writeAtomic(p.path, append(out, '\n'))
}

// saveSpec is what npm records in package.json for an install of src
// that got version (arborist's reify, saving an added registry spec):
// "^version" (its save-prefix) for no spec, a tag or a version, and for a
// range that "^version" is a subset of; any other range as written.
// p is src's packument, whose versions help decide subsets.
func saveSpec(src Source, version string, p *packument) string {
	caret := "^" + version
	spec := strings.TrimSpace(src.Version)
	if spec == "" || spec == "*" {
		return caret
	}
	if _, err := semver.StrictNewVersion(strings.TrimLeft(spec, "=v")); err == nil {
		return caret
	}
	if _, err := parseRange(spec); err != nil {
		return caret // a dist-tag
	}
	if caretSubset(version, spec, p) {
		return caret
	}
	return src.Version
}

// caretSubset approximates semver.subset("^version", spec): the bottom
// and the top of the caret range, and every published version in it,
// satisfy spec.
func caretSubset(version, spec string, p *packument) bool {
	v, err := semver.StrictNewVersion(version)
	if err != nil || v.Prerelease() != "" {
		return false
	}
	const huge = 999999999
	top := fmt.Sprintf("%d.%d.%d", v.Major(), huge, huge)
	switch {
	case v.Major() == 0 && v.Minor() == 0:
		top = version
	case v.Major() == 0:
		top = fmt.Sprintf("0.%d.%d", v.Minor(), huge)
	}
	if !satisfies(version, spec) || !satisfies(top, spec) {
		return false
	}
	if p != nil {
		for k := range p.Versions {
			if satisfies(k, "^"+version) && !satisfies(k, spec) {
				return false
			}
		}
	}
	return true
}

// installNPM installs srcs (each re-resolved from the registry) into
// scope's npm root with their dependencies, records them in its
// package.json and prunes what nothing needs any more. It returns the
// versions installed. On error nothing under the root has changed. reg
// may be nil, or one that already fetched some metadata.
func (m *Manager) installNPM(ctx context.Context, scope Scope, srcs []Source, reg *registry) (map[string]string, error) {
	root := m.NPMRoot(scope)
	proj, err := readNPMProject(root)
	if err != nil {
		return nil, err
	}
	if reg == nil {
		reg = m.registry(root)
	}
	t := newTree(root, reg)
	t.rootDeps = proj.deps()
	for _, s := range srcs {
		t.rootDeps[s.Name] = s.Version
		if s.Version == "" {
			t.rootDeps[s.Name] = "*" // re-resolved, saved as ^ what it gets
		}
	}
	prev := readRootLock(root)
	if err := t.planRootLock(ctx, prev, srcs, proj.deps()); err != nil {
		return nil, err
	}
	for _, s := range srcs {
		if err := t.want(ctx, "", s.Name, s.Version, true); err != nil {
			return nil, err
		}
	}
	if err := t.keepDependents(ctx); err != nil {
		return nil, err
	}
	versions := map[string]string{}
	deps := proj.deps()
	for _, s := range srcs {
		v, _ := t.versionAt(joinRel("", s.Name))
		versions[s.Name] = v
		p, _ := reg.packument(ctx, s.Name)
		deps[s.Name] = saveSpec(s, v, p)
	}
	err = m.stageInto(root, func(stage string) error {
		if err := t.fetch(ctx, stage); err != nil {
			return err
		}
		if err := ensureNPMProject(root); err != nil {
			return err
		}
		return t.commit(filepath.Join(stage, "trash"))
	})
	if err != nil {
		return nil, err
	}
	m.warn(t.scriptsWarning())
	fetched := map[string]versionMeta{}
	for rel, p := range t.plan {
		fetched[rel] = p.meta
	}
	return versions, m.settle(root, proj, deps, lockSources{fetched, t.skipped, prev}, reg.cfg.omitResolved)
}

// settle records deps in the root's package.json, prunes the rest, links
// the commands of what stays and writes the root's package-lock.json as
// npm would (rootlock.go) from src.
func (m *Manager) settle(root string, proj *npmProject, deps map[string]string, src lockSources, omitResolved bool) error {
	proj.setDeps(deps)
	if err := proj.save(); err != nil {
		return err
	}
	if err := removeHiddenLock(root); err != nil {
		return err
	}
	if err := prune(root, deps); err != nil {
		return err
	}
	if err := linkBins(root); err != nil {
		return err
	}
	return writeRootLock(root, src, omitResolved)
}

// stageInto runs fn with a staging directory inside dir (so what it
// unpacks can be renamed into place), creating dir if needed and removing
// what it created again if fn fails.
func (m *Manager) stageInto(dir string, fn func(stage string) error) error {
	// The outermost directory this creates, to remove on failure.
	created := ""
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		created = d
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	stage, err := os.MkdirTemp(dir, ".pigo-stage-")
	if err != nil {
		return err
	}
	err = fn(stage)
	os.RemoveAll(stage)
	if err != nil && created != "" {
		os.RemoveAll(created)
	}
	return err
}

// ensureNPMProject is pi's: a package.json and a .gitignore that keeps the
// installs out of the user's repository.
func ensureNPMProject(root string) error {
	if err := ensureGitIgnore(root); err != nil {
		return err
	}
	pj := filepath.Join(root, "package.json")
	if _, err := os.Stat(pj); errors.Is(err, fs.ErrNotExist) {
		return os.WriteFile(pj, []byte("{\n  \"name\": \"pi-extensions\",\n  \"private\": true\n}"), 0o644)
	}
	return nil
}

func ensureGitIgnore(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	p := filepath.Join(dir, ".gitignore")
	if _, err := os.Stat(p); errors.Is(err, fs.ErrNotExist) {
		return os.WriteFile(p, []byte("*\n!.gitignore\n"), 0o644)
	}
	return nil
}

// removeNPM drops name from scope's npm root and prunes.
func (m *Manager) removeNPM(scope Scope, name string) error {
	root := m.NPMRoot(scope)
	if _, err := os.Stat(root); err != nil {
		return nil
	}
	proj, err := readNPMProject(root)
	if err != nil {
		return err
	}
	deps := proj.deps()
	delete(deps, name)
	return m.settle(root, proj, deps, lockSources{prev: readRootLock(root)}, m.registry(root).cfg.omitResolved)
}

// installedVersion is the version in dir/package.json, "" if none.
func installedVersion(dir string) string {
	p, err := readPackageJSON(dir)
	if err != nil {
		return ""
	}
	return p.Version
}

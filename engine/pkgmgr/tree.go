package pkgmgr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
)

// planned is one package to write at rel (a slash path below the root,
// "node_modules/a" or "node_modules/a/node_modules/b").
type planned struct {
	rel   string
	meta  versionMeta
	stage string // where its tarball was unpacked
	// shrinkwrap: its dependencies are planned from the npm-shrinkwrap.json
	// in its tarball once fetched (see expandShrinkwrap).
	shrinkwrap bool
}

// tree lays packages out under root as npm's node_modules algorithm does,
// simplified: a dependency goes to the root's node_modules unless the
// requiring package already sees another version of it on its way up, in
// which case placeOver replaces that copy or nests the new one.
type tree struct {
	root string
	reg  *registry
	plan map[string]*planned
	// platform is what os and cpu fields are matched against (Node's
	// process.platform and process.arch).
	platform [2]string

	// skipped are the optional packages left out for another platform,
	// by the place they would have had.
	skipped map[string]versionMeta
	// rootDeps are the root package.json's dependencies, which a copy in
	// the root's node_modules must keep satisfying.
	rootDeps map[string]string

	mu      sync.Mutex
	scripts []string // "name@version (postinstall)": install scripts pigo does not run
}

func newTree(root string, reg *registry) *tree {
	return &tree{root: root, reg: reg, plan: map[string]*planned{}, platform: nodePlatform()}
}

// parentRel is the package directory whose node_modules holds rel ("" for
// the root).
func parentRel(rel string) string {
	i := strings.LastIndex(rel, "node_modules/")
	return strings.TrimSuffix(rel[:i], "/")
}

func joinRel(from, name string) string {
	if from == "" {
		return "node_modules/" + name
	}
	return from + "/node_modules/" + name
}

// versionAt is the version of the package at rel once the plan is
// applied: the planned one, else the one on disk unless a planned package
// replaces a directory above it.
func (t *tree) versionAt(rel string) (string, bool) {
	if p, ok := t.plan[rel]; ok {
		return p.meta.Version, true
	}
	for a := parentRel(rel); a != ""; a = parentRel(a) {
		if _, ok := t.plan[a]; ok {
			return "", false
		}
	}
	m, err := readPackageJSON(filepath.Join(t.root, filepath.FromSlash(rel)))
	if err != nil || m.Version == "" {
		return "", false
	}
	return m.Version, true
}

// want makes name@spec resolvable from the package at from. With force
// the root-level copy is re-resolved even if one on disk satisfies spec.
func (t *tree) want(ctx context.Context, from, name, spec string, force bool) error {
	pkg, rng, err := depSpec(name, spec)
	if err != nil {
		return err
	}
	if !force {
		for dir := from; ; dir = parentRel(dir) {
			rel := joinRel(dir, name)
			if v, ok := t.versionAt(rel); ok {
				if satisfies(v, rng) {
					return nil
				}
				return t.placeOver(ctx, from, dir, name, pkg, rng)
			}
			if dir == "" {
				break
			}
		}
	}
	return t.place(ctx, joinRel("", name), name, pkg, rng)
}

// placeOver places name@spec for the package at from, which sees another
// version of it in dir's node_modules, as npm's placeDep decides
// (can-place-dep.js): that copy is replaced when everything that uses it
// takes the new version (REPLACE), else the new one goes to the
// shallowest level between from and dir under which nothing that uses
// the old copy would refuse it, from itself at worst.
func (t *tree) placeOver(ctx context.Context, from, dir, name, pkg, spec string) error {
	at := joinRel(dir, name)
	m, err := t.pick(ctx, pkg, spec)
	if err != nil {
		return err
	}
	users := t.usersOf(at, name)
	accepts := func(within string) bool {
		for rel, dep := range users {
			if within != "" && rel != within && !strings.HasPrefix(rel, within+"/") {
				continue
			}
			if upkg, urng, err := depSpec(name, dep); err != nil || upkg != pkg || !satisfies(m.Version, urng) {
				return false
			}
		}
		return true
	}
	if dir != from && accepts("") {
		for k := range t.plan {
			if k == at || strings.HasPrefix(k, at+"/") {
				delete(t.plan, k)
			}
		}
		return t.place(ctx, at, name, pkg, spec)
	}
	var levels []string // from up to, not including, dir
	for l := from; l != dir && l != ""; l = parentRel(l) {
		levels = append(levels, l)
	}
	target := from
	for i := len(levels) - 1; i >= 0; i-- {
		if accepts(levels[i]) {
			target = levels[i]
			break
		}
	}
	return t.place(ctx, joinRel(target, name), name, pkg, spec)
}

// usersOf maps every package that resolves name to the copy at at (the
// root as "", packages on disk that the plan keeps and planned ones,
// none inside at itself) to the spec it asks for.
func (t *tree) usersOf(at, name string) map[string]string {
	needs := map[string]map[string]string{"": t.rootDeps}
	for rel, p := range t.plan {
		needs[rel] = pkgJSON{Dependencies: p.meta.Dependencies, OptionalDependencies: p.meta.OptionalDependencies}.needs()
	}
	var walk func(from string)
	walk = func(from string) {
		for _, n := range children(t.root, from) {
			rel := joinRel(from, n)
			if _, planned := t.plan[rel]; !planned {
				if _, ok := t.versionAt(rel); !ok {
					continue
				}
				m, _ := readPackageJSON(filepath.Join(t.root, filepath.FromSlash(rel)))
				needs[rel] = m.needs()
			}
			walk(rel)
		}
	}
	walk("")
	users := map[string]string{}
	for rel, deps := range needs {
		spec, ok := deps[name]
		if !ok || rel == at || strings.HasPrefix(rel, at+"/") {
			continue
		}
		for dir := rel; ; dir = parentRel(dir) {
			if _, ok := t.versionAt(joinRel(dir, name)); ok {
				if joinRel(dir, name) == at {
					users[rel] = spec
				}
				break
			}
			if dir == "" {
				break
			}
		}
	}
	return users
}

// depSpec is the registry package and range a dependency spec names: an
// npm alias ("npm:real@range") fetches another package under this name.
// Git, URL, file and workspace specs are refused with a clear error.
func depSpec(name, spec string) (pkg, rng string, err error) {
	if rest, ok := strings.CutPrefix(spec, "npm:"); ok {
		m := npmSpec.FindStringSubmatch(rest)
		if m == nil {
			return "", "", fmt.Errorf("%s@%s: bad npm alias", name, spec)
		}
		return m[1], m[2], nil
	}
	unsupported := strings.Contains(spec, "/") && !strings.ContainsAny(spec, " <>=|") // user/repo
	for _, p := range []string{"git+", "git:", "github:", "gitlab:", "bitbucket:", "http:", "https:", "file:", "link:", "workspace:"} {
		unsupported = unsupported || strings.HasPrefix(spec, p)
	}
	if unsupported {
		return "", "", fmt.Errorf("%s@%s: only registry dependencies can be installed, not git, URL, file or workspace ones", name, spec)
	}
	return name, spec, nil
}

// maxDepth stops a dependency cycle whose versions keep conflicting.
const maxDepth = 32

// place plans pkg@spec at rel (under the directory name name, which an
// alias makes differ from pkg) and what it depends on.
func (t *tree) place(ctx context.Context, rel, name, pkg, spec string) error {
	for _, n := range []string{name, pkg} {
		if err := validNPMName(n); err != nil {
			return err
		}
	}
	if strings.Count(rel, "node_modules/") > maxDepth {
		return fmt.Errorf("%s: dependencies nest deeper than %d levels", name, maxDepth)
	}
	m, err := t.pick(ctx, pkg, spec)
	if err != nil {
		return err
	}
	if old, ok := t.plan[rel]; ok {
		if old.meta.Version == m.Version || satisfies(old.meta.Version, spec) {
			return nil
		}
		return fmt.Errorf("%s: needed as %s and as %s at the same place", name, old.meta.Version, m.Version)
	}
	if !platformMatches(m.OS, t.platform[0]) || !platformMatches(m.CPU, t.platform[1]) {
		m.Name = pkg
		return &badPlatformError{fmt.Sprintf("%s@%s: unsupported platform: wants os %v and cpu %v, this is %s %s",
			pkg, m.Version, m.OS, m.CPU, t.platform[0], t.platform[1]), rel, m}
	}
	m.Name = pkg
	t.plan[rel] = &planned{rel: rel, meta: m, shrinkwrap: m.HasShrinkwrap}
	if m.HasShrinkwrap {
		return nil // npm's buildIdealTree leaves its dependencies to the file
	}
	bundled := m.bundled() // in the tarball: npm's problemEdges skips them
	for _, d := range sortedKeys(m.Dependencies) {
		if _, optional := m.OptionalDependencies[d]; optional || bundled[d] {
			continue // npm: the optional entry wins
		}
		if err := t.want(ctx, rel, d, m.Dependencies[d], false); err != nil {
			return fmt.Errorf("%s@%s: dependency %w", pkg, m.Version, err)
		}
	}
	for _, d := range sortedKeys(m.OptionalDependencies) {
		if !bundled[d] {
			t.wantOptional(ctx, rel, d, m.OptionalDependencies[d])
		}
	}
	return nil
}

// wantOptional is want for an optional dependency: as npm does, one that
// cannot be installed (another platform, no matching version, a registry
// error) is left out with everything it would have brought.
func (t *tree) wantOptional(ctx context.Context, from, name, spec string) {
	before := maps.Clone(t.plan)
	if err := t.want(ctx, from, name, spec, false); err != nil {
		t.plan = before
		// npm's lockfile still lists one for another platform, where it
		// would have gone (rootlock.go).
		var bp *badPlatformError
		if errors.As(err, &bp) && strings.HasSuffix(bp.rel, "node_modules/"+name) {
			if t.skipped == nil {
				t.skipped = map[string]versionMeta{}
			}
			t.skipped[bp.rel] = bp.meta
		}
	}
}

// badPlatformError: a package's os or cpu excludes this machine; it
// would have gone to rel.
type badPlatformError struct {
	msg  string
	rel  string
	meta versionMeta
}

func (e *badPlatformError) Error() string { return e.msg }

// nodePlatform is Node's process.platform and process.arch here.
func nodePlatform() [2]string {
	goos := map[string]string{"windows": "win32"}[runtime.GOOS]
	if goos == "" {
		goos = runtime.GOOS
	}
	arch := map[string]string{"amd64": "x64", "386": "ia32", "arm64": "arm64", "arm": "arm", "ppc64le": "ppc64", "s390x": "s390x"}[runtime.GOARCH]
	if arch == "" {
		arch = runtime.GOARCH
	}
	return [2]string{goos, arch}
}

// platformMatches is npm's check of an os or cpu list: "!x" excludes x;
// when any entry is not a negation, value must be listed.
func platformMatches(list []string, value string) bool {
	allowed, positive := false, false
	for _, e := range list {
		if neg, ok := strings.CutPrefix(e, "!"); ok {
			if neg == value {
				return false
			}
			continue
		}
		positive = true
		if e == value {
			allowed = true
		}
	}
	return allowed || !positive
}

// fetch downloads, verifies and unpacks every planned package into
// stageDir, four at a time, and then what the npm-shrinkwrap.json files
// of those packages add to the plan, until nothing is left.
func (t *tree) fetch(ctx context.Context, stageDir string) error {
	for n := 0; ; {
		var list []*planned
		for _, p := range t.ordered() {
			if p.stage == "" {
				list = append(list, p)
			}
		}
		if len(list) == 0 {
			return nil
		}
		errs := make([]error, len(list))
		sem := make(chan struct{}, 4)
		var wg sync.WaitGroup
		for i, p := range list {
			p.stage = filepath.Join(stageDir, fmt.Sprint(n))
			n++
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				errs[i] = t.fetchOne(ctx, p)
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		for _, p := range list {
			if p.shrinkwrap {
				if err := t.expandShrinkwrap(ctx, p); err != nil {
					return err
				}
			}
		}
	}
}

// expandShrinkwrap plans the dependencies of p, whose registry metadata
// says it ships an npm-shrinkwrap.json, as npm's reify does
// (loadShrinkwrapsAndUpdateTrees: the file's "packages" are loaded with
// p as their root): every entry nested in p's own node_modules at the
// version the file records, none hoisted, dev ones too (npm installs
// them, marked extraneous, and keeps them; prune keeps them as well). A
// tarball without
// a usable file (none, or npm 6's format) gets its dependencies resolved
// as usual.
func (t *tree) expandShrinkwrap(ctx context.Context, p *planned) error {
	id := p.meta.Name + "@" + p.meta.Version
	file, packages, err := readLockfile(p.stage)
	if err != nil {
		return fmt.Errorf("%s: %w", id, err)
	}
	if file == "npm-shrinkwrap.json" && packages != nil {
		nested := map[string]lockEntry{}
		for k, e := range packages {
			if strings.HasPrefix(k, "node_modules/") {
				nested[p.rel+"/"+k] = e
			}
		}
		if err := t.planLocked(ctx, file, nested, true); err != nil {
			return fmt.Errorf("%s: %w", id, err)
		}
		return nil
	}
	m := p.meta
	for _, d := range sortedKeys(m.Dependencies) {
		if _, optional := m.OptionalDependencies[d]; optional {
			continue
		}
		if err := t.want(ctx, p.rel, d, m.Dependencies[d], false); err != nil {
			return fmt.Errorf("%s: dependency %w", id, err)
		}
	}
	for _, d := range sortedKeys(m.OptionalDependencies) {
		t.wantOptional(ctx, p.rel, d, m.OptionalDependencies[d])
	}
	return nil
}

func (t *tree) fetchOne(ctx context.Context, p *planned) error {
	data, err := t.reg.download(ctx, p.meta)
	if err != nil {
		return err
	}
	id := p.meta.Name + "@" + p.meta.Version
	if err := extract(data, p.stage); err != nil {
		return fmt.Errorf("%s: %w", id, err)
	}
	if _, err := readPackageJSON(p.stage); err != nil {
		return fmt.Errorf("%s: %w", id, err)
	}
	if s := installScripts(p.stage); s != "" {
		t.mu.Lock()
		t.scripts = append(t.scripts, id+" ("+s+")")
		t.mu.Unlock()
	}
	return nil
}

// installScripts names the scripts npm would run when installing the
// package in dir: preinstall, install and postinstall, and `node-gyp
// rebuild` for a binding.gyp without an install or preinstall script.
func installScripts(dir string) string {
	var pj struct {
		Scripts map[string]any `json:"scripts"`
	}
	if data, err := os.ReadFile(filepath.Join(dir, "package.json")); err == nil {
		_ = json.Unmarshal(data, &pj)
	}
	var names []string
	for _, n := range []string{"preinstall", "install", "postinstall"} {
		if v, ok := pj.Scripts[n].(string); ok && v != "" {
			names = append(names, n)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "binding.gyp")); err == nil && pj.Scripts["install"] == nil && pj.Scripts["preinstall"] == nil {
		names = append(names, "node-gyp rebuild")
	}
	return strings.Join(names, ", ")
}

// scriptsWarning is the warning for the install scripts t did not run,
// "" when there were none. pigo never runs package code at install: pi's
// npm would run these, so a package that needs them may not work.
func (t *tree) scriptsWarning() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.scripts) == 0 {
		return ""
	}
	list := slices.Clone(t.scripts)
	slices.Sort(list)
	return "pigo does not run install scripts (npm, which pi uses, would): " + strings.Join(list, ", ") +
		"; a package that needs them may not work"
}

// ordered is the plan, parents before what is nested in them.
func (t *tree) ordered() []*planned {
	var list []*planned
	for _, p := range t.plan {
		list = append(list, p)
	}
	slices.SortFunc(list, func(a, b *planned) int {
		if d := strings.Count(a.rel, "node_modules/") - strings.Count(b.rel, "node_modules/"); d != 0 {
			return d
		}
		return strings.Compare(a.rel, b.rel)
	})
	return list
}

// commit moves the unpacked packages into place. What they replace goes
// to trashDir first, and comes back if a later move fails.
func (t *tree) commit(trashDir string) error {
	type moved struct{ from, to string }
	var done []moved
	undo := func() {
		for i := len(done) - 1; i >= 0; i-- {
			os.Rename(done[i].to, done[i].from)
		}
	}
	if err := os.MkdirAll(trashDir, 0o755); err != nil {
		return err
	}
	for i, p := range t.ordered() {
		dest := filepath.Join(t.root, filepath.FromSlash(p.rel))
		if _, err := os.Lstat(dest); err == nil {
			trash := filepath.Join(trashDir, fmt.Sprint(i))
			if err := os.Rename(dest, trash); err != nil {
				undo()
				return err
			}
			done = append(done, moved{dest, trash})
		}
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			undo()
			return err
		}
		if err := os.Rename(p.stage, dest); err != nil {
			undo()
			return err
		}
		done = append(done, moved{p.stage, dest})
	}
	return nil
}

// pkgJSON is what pkgmgr reads from a package.json.
type pkgJSON struct {
	Name                 string            `json:"name"`
	Version              string            `json:"version"`
	Dependencies         map[string]string `json:"dependencies"`
	OptionalDependencies map[string]string `json:"optionalDependencies"`
}

// needs is what the package requires at run time: its dependencies and
// the optional ones (installed when they could be).
func (p pkgJSON) needs() map[string]string {
	out := maps.Clone(p.Dependencies)
	if out == nil {
		out = map[string]string{}
	}
	maps.Copy(out, p.OptionalDependencies)
	return out
}

// readPackageJSON reads dir/package.json; a missing file is an error, as
// is one that is not a JSON object with string name/version and a
// dependencies object of strings.
func readPackageJSON(dir string) (pkgJSON, error) {
	var m pkgJSON
	file := filepath.Join(dir, "package.json")
	data, err := os.ReadFile(file)
	if err != nil {
		return m, err
	}
	data = []byte(strings.TrimPrefix(string(data), "\uFEFF"))
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("malformed package.json: %v", err)
	}
	return m, nil
}

// reachable marks the package directories that the root's dependencies
// need, resolving each name as Node's require does (nearest node_modules
// on the way up).
func reachable(root string, deps map[string]string) map[string]bool {
	seen := map[string]bool{}
	var visit func(from string, deps map[string]string)
	var mark func(rel string)
	mark = func(rel string) {
		if seen[rel] {
			return
		}
		abs := filepath.Join(root, filepath.FromSlash(rel))
		seen[rel] = true
		m, _ := readPackageJSON(abs)
		visit(rel, m.needs())
		// What a published npm-shrinkwrap.json put in the package's
		// node_modules stays, needed or not, as npm keeps it.
		if file, packages, _ := readLockfile(abs); file == "npm-shrinkwrap.json" {
			for k := range packages {
				if !strings.HasPrefix(k, "node_modules/") {
					continue
				}
				if _, err := os.Stat(filepath.Join(abs, filepath.FromSlash(k))); err == nil {
					mark(rel + "/" + k)
				}
			}
		}
	}
	visit = func(from string, deps map[string]string) {
		for name := range deps {
			for dir := from; ; dir = parentRel(dir) {
				rel := joinRel(dir, name)
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel))); err == nil {
					mark(rel)
					break
				}
				if dir == "" {
					break
				}
			}
		}
	}
	visit("", deps)
	return seen
}

// children lists the package names in the node_modules of the package at
// from ("" for the root): "name" and "@scope/name", hidden entries left out.
func children(root, from string) []string {
	nm := filepath.Join(root, filepath.FromSlash(from), "node_modules")
	entries, err := os.ReadDir(nm)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		switch {
		case strings.HasPrefix(n, "."):
		case strings.HasPrefix(n, "@"):
			sub, _ := os.ReadDir(filepath.Join(nm, n))
			for _, s := range sub {
				names = append(names, n+"/"+s.Name())
			}
		default:
			names = append(names, n)
		}
	}
	return names
}

// prune removes the packages under root that nothing reachable from deps
// needs, as `npm uninstall` and `npm install` do.
func prune(root string, deps map[string]string) error {
	keep := reachable(root, deps)
	var walk func(from string) error
	walk = func(from string) error {
		for _, n := range children(root, from) {
			rel := joinRel(from, n)
			if !keep[rel] {
				if err := os.RemoveAll(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
					return err
				}
				if scope, _, ok := strings.Cut(n, "/"); ok {
					// Only if empty.
					os.Remove(filepath.Join(root, filepath.FromSlash(from), "node_modules", scope))
				}
				continue
			}
			if err := walk(rel); err != nil {
				return err
			}
		}
		return nil
	}
	return walk("")
}

// keepDependents gives every package already on disk that the plan leaves
// in place, but whose dependency the plan replaces with a version out of
// its range, a copy of its own in range (npm moves the old copy down).
func (t *tree) keepDependents(ctx context.Context) error {
	var walk func(from string) error
	walk = func(from string) error {
		for _, n := range children(t.root, from) {
			rel := joinRel(from, n)
			if _, planned := t.plan[rel]; planned {
				continue
			}
			m, err := readPackageJSON(filepath.Join(t.root, filepath.FromSlash(rel)))
			if err != nil {
				continue
			}
			for _, dep := range sortedKeys(m.Dependencies) {
				spec := m.Dependencies[dep]
				for dir := rel; ; dir = parentRel(dir) {
					at := joinRel(dir, dep)
					v, ok := t.versionAt(at)
					if !ok {
						if dir == "" {
							break
						}
						continue
					}
					pkg, rng, err := depSpec(dep, spec)
					if err != nil {
						break // not ours to fix: it was installed some other way
					}
					if _, planned := t.plan[at]; planned && !satisfies(v, rng) {
						if err := t.place(ctx, joinRel(rel, dep), dep, pkg, rng); err != nil {
							return fmt.Errorf("%s, needed by %s: %w", dep, rel, err)
						}
					}
					break
				}
			}
			if err := walk(rel); err != nil {
				return err
			}
		}
		return nil
	}
	return walk("")
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// pick is the version of pkg that spec picks from its packument.
func (t *tree) pick(ctx context.Context, pkg, spec string) (versionMeta, error) {
	p, err := t.reg.packument(ctx, pkg)
	if err != nil {
		return versionMeta{}, err
	}
	return p.pick(spec)
}

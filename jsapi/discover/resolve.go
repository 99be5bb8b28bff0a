package discover

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/pathrules"
	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// Precedence ranks of pi's resourcePrecedenceRank; lower loads first.
const (
	rankProjectEntry = 0
	rankProjectAuto  = 1
	rankUserEntry    = 2
	rankUserAuto     = 3
	rankPackage      = 4 // also every CLI value
)

// candidate is one resolved path with the metadata pi keeps for it.
type candidate struct {
	path    string // absolute; a file, or a directory the module loader resolves
	enabled bool
	rank    int
	origin  string
	source  string
	pkgName string // name of the package the entry came from, "" if none
}

// accumulator is pi's Map<path, {metadata, enabled}>: the first add of a
// path wins, later adds of the same string are ignored.
type accumulator struct {
	list []*candidate
	seen map[string]bool
}

func (a *accumulator) add(meta candidate, path string, enabled bool) {
	if path == "" || a.seen[path] {
		return
	}
	if a.seen == nil {
		a.seen = map[string]bool{}
	}
	a.seen[path] = true
	c := meta
	c.path = path
	c.enabled = enabled
	a.list = append(a.list, &c)
}

// resolved is pi's toResolvedPaths followed by the enabled filter: a stable
// sort by rank, then dedupe by real path (first wins, enabled or not).
func (a *accumulator) resolved() []*candidate {
	list := slices.Clone(a.list)
	slices.SortStableFunc(list, func(x, y *candidate) int { return x.rank - y.rank })
	seen := map[string]bool{}
	var out []*candidate
	for _, c := range list {
		key := pathrules.Canonical(c.path)
		if seen[key] {
			continue
		}
		seen[key] = true
		if c.enabled {
			out = append(out, c)
		}
	}
	return out
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// cliCandidates resolves the CLI values like resolveExtensionSources with
// scope "temporary": each is a local package source relative to Cwd.
func (d *discoverer) cliCandidates() []*candidate {
	var acc accumulator
	dirs := pkgmgr.Dirs{Cwd: d.cwd, AgentDir: d.agentDir, Home: d.home}
	for _, v := range d.cliVals {
		if !pathrules.IsLocalSource(v) {
			// npm and git values load from pi's cache of temporary
			// packages, where the start-up installs them (pkgmgr.Ensure).
			if _, err := pkgmgr.Parse(v); err != nil {
				d.problem(v, "", err.Error())
				continue
			}
			dir, ok := dirs.Loadable(v, pkgmgr.Temporary)
			if !ok {
				d.problem(v, "", TemporaryNotInstalled(v))
				continue
			}
			d.localSource(&acc, dir, pkgFilter{}, candidate{rank: rankPackage, origin: "cli", source: v})
			continue
		}
		abs := v
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(d.cwd, abs)
		}
		abs = filepath.Clean(abs)
		if !exists(abs) {
			d.problem(v, abs, "Extension path does not exist: "+abs)
			continue
		}
		d.localSource(&acc, abs, pkgFilter{}, candidate{rank: rankPackage, origin: "cli", source: v})
	}
	return acc.resolved()
}

// settingsCandidates is DefaultPackageManager.resolve for extensions:
// packages, then settings entries, then auto-discovery, ranked.
func (d *discoverer) settingsCandidates() []*candidate {
	projBase := filepath.Join(d.cwd, ".pi")
	var proj settingsFile
	if !d.opts.UntrustedProject {
		d.project = true
		proj = d.loadSettings(filepath.Join(projBase, "settings.json"), "project")
		d.project = false
	}
	var global settingsFile
	if d.agentDir != "" {
		global = d.loadSettings(filepath.Join(d.agentDir, "settings.json"), "global")
	}
	var acc accumulator

	// Packages, project first; one per identity, a later project item
	// replacing an earlier one, a project item replacing the user's
	// unless it says `autoload: false` (pi 1.6's dedupePackages).
	type scoped struct {
		item  pkgItem
		scope string
		base  string
		id    string
	}
	dirs := pkgmgr.Dirs{Cwd: d.cwd, AgentDir: d.agentDir, Home: d.home}
	identity := func(source, base string) string {
		if pathrules.IsLocalSource(source) {
			return "local:" + d.resolveFromBase(source, base)
		}
		if src, err := pkgmgr.Parse(source); err == nil {
			return src.Identity(base, d.home)
		}
		return strings.TrimSpace(source)
	}
	var pkgs []scoped
	index := map[string]int{}
	add := func(it pkgItem, scope, base string) {
		p := scoped{it, scope, base, identity(it.source, base)}
		i, ok := index[p.id]
		switch {
		case !ok:
			index[p.id] = len(pkgs)
			pkgs = append(pkgs, p)
		case pkgs[i].scope == "project" && scope == "global":
			if pkgs[i].item.filter.delta {
				pkgs = append(pkgs, p)
			}
		case scope == "project":
			pkgs[i] = p
		}
	}
	for _, it := range proj.packages {
		add(it, "project", projBase)
	}
	for _, it := range global.packages {
		add(it, "global", d.agentDir)
	}
	for _, p := range pkgs {
		// An `autoload: false` project item takes its files from the
		// user's item of the same package (findAutoloadDeltaBase).
		from := p
		if p.scope == "project" && p.item.filter.delta {
			for _, u := range pkgs {
				if u.scope == "global" && u.id == p.id {
					from = u
					break
				}
			}
		}
		d.project = from.scope == "project"
		local := pathrules.IsLocalSource(from.item.source)
		root := d.resolveFromBase(from.item.source, from.base)
		if !local {
			// npm and git packages load from where `pigo install` (or pi)
			// put them; pi would install a missing one at start-up.
			scope := pkgmgr.User
			if from.scope == "project" {
				scope = pkgmgr.Project
			}
			dir, ok := dirs.Loadable(from.item.source, scope)
			if !ok {
				d.problem(from.item.source, "", fmt.Sprintf("package not installed: run `pigo install%s %s`", map[bool]string{true: " -l"}[scope == pkgmgr.Project], from.item.source))
				continue
			}
			root = dir
		}
		if !exists(root) {
			d.problem(from.item.source, root, "Package path does not exist: "+root)
			continue
		}
		meta := candidate{rank: rankPackage, origin: "package:" + p.scope, source: p.item.source}
		d.localSource(&acc, root, p.item.filter, meta)
	}
	d.project = false

	// Top-level settings entries.
	d.project = true
	d.localEntries(&acc, proj, projBase, candidate{rank: rankProjectEntry, origin: "settings:project"})
	d.project = false
	if d.agentDir != "" {
		d.localEntries(&acc, global, d.agentDir, candidate{rank: rankUserEntry, origin: "settings:global"})
	}

	// Auto-discovery, filtered by the scope's override patterns.
	auto := func(dir string, s settingsFile, base string, meta candidate) {
		meta.source = dir
		for _, f := range d.collectAutoExtensionEntries(dir) {
			acc.add(meta, f, pathrules.EnabledByOverrides(f, s.extensions, base))
		}
	}
	if !d.opts.UntrustedProject {
		d.project = true
		auto(filepath.Join(projBase, "extensions"), proj, projBase, candidate{rank: rankProjectAuto, origin: "auto:project"})
		d.project = false
	}
	if d.agentDir != "" {
		auto(filepath.Join(d.agentDir, "extensions"), global, d.agentDir, candidate{rank: rankUserAuto, origin: "auto:global"})
	}
	return acc.resolved()
}

// localSource is resolveLocalExtensionSource: a file is the entry; a
// directory is a package, or the entry itself when it has no resources.
func (d *discoverer) localSource(acc *accumulator, path string, filter pkgFilter, meta candidate) {
	st, err := os.Stat(path)
	if err != nil {
		return
	}
	if !st.IsDir() {
		acc.add(meta, path, true)
		return
	}
	if !d.collectPackageResources(acc, path, filter, meta) {
		acc.add(meta, path, true)
	}
}

// collectPackageResources adds a package's extensions and reports whether
// the directory counts as a package.
func (d *discoverer) collectPackageResources(acc *accumulator, root string, filter pkgFilter, meta candidate) bool {
	m := d.readManifest(root)
	meta.pkgName = m.name
	if meta.pkgName == "" {
		meta.pkgName = filepath.Base(root)
	}
	if filter.object {
		if filter.delta {
			if len(filter.exts) > 0 {
				all := d.manifestFiles(root, m)
				on := pathrules.AutoloadDisabled(all, filter.exts, root)
				for _, f := range all {
					if enabled, ok := on[f]; ok {
						acc.add(meta, f, enabled)
					}
				}
			}
			return true
		}
		if filter.hasExts {
			d.applyPackageFilter(acc, root, m, filter.exts, meta)
		} else {
			d.collectDefaultResources(acc, root, m, meta)
		}
		return true
	}
	// A `pi` object lists resources only when it names a resource type;
	// one holding metadata alone leaves the convention directories in
	// charge (pi 1.6).
	if m.hasFields {
		if m.extsTruthy {
			d.addManifestEntries(acc, root, m, meta)
		}
		return true
	}
	// Any of pi's convention directories makes a directory a package.
	isPackage := false
	for _, t := range []string{"extensions", "skills", "prompts", "themes"} {
		dir := filepath.Join(root, t)
		if !exists(dir) {
			continue
		}
		isPackage = true
		if t == "extensions" {
			for _, f := range d.collectAutoExtensionEntries(dir) {
				acc.add(meta, f, true)
			}
		}
	}
	return isPackage
}

// collectDefaultResources: the manifest's entries if it has an extensions
// key, else the convention directory.
func (d *discoverer) collectDefaultResources(acc *accumulator, root string, m manifest, meta candidate) {
	if m.extsTruthy {
		d.addManifestEntries(acc, root, m, meta)
		return
	}
	for _, f := range d.collectAutoExtensionEntries(filepath.Join(root, "extensions")) {
		acc.add(meta, f, true)
	}
}

// addManifestEntries adds the files a manifest declares, minus the ones
// its own "!", "+", "-" patterns drop.
func (d *discoverer) addManifestEntries(acc *accumulator, root string, m manifest, meta candidate) {
	all := d.filesFromManifestEntries(root, m)
	enabled := pathrules.Apply(all, pathrules.Overrides(m.exts), root)
	on := map[string]bool{}
	for _, f := range enabled {
		on[f] = true
	}
	for _, f := range all {
		if on[f] {
			acc.add(meta, f, true)
		}
	}
}

// applyPackageFilter applies a settings package item's `extensions`
// patterns: [] disables everything, otherwise patterns select.
func (d *discoverer) applyPackageFilter(acc *accumulator, root string, m manifest, patterns []string, meta candidate) {
	all := d.manifestFiles(root, m)
	if len(patterns) == 0 {
		for _, f := range all {
			acc.add(meta, f, false)
		}
		return
	}
	on := map[string]bool{}
	for _, f := range pathrules.Apply(all, patterns, root) {
		on[f] = true
	}
	for _, f := range all {
		acc.add(meta, f, on[f])
	}
}

// manifestFiles is collectManifestFiles: the package's extensions its
// manifest's own patterns leave, or the convention directory's.
func (d *discoverer) manifestFiles(root string, m manifest) []string {
	if len(m.exts) > 0 {
		all := d.filesFromManifestEntries(root, m)
		if mp := pathrules.Overrides(m.exts); len(mp) > 0 {
			all = pathrules.Apply(all, mp, root)
		}
		return all
	}
	return d.collectAutoExtensionEntries(filepath.Join(root, "extensions"))
}

// filesFromManifestEntries expands a manifest's non-override entries:
// globs (containing * or ?) against the package root, other entries as
// paths; files are entries, directories are scanned.
func (d *discoverer) filesFromManifestEntries(root string, m manifest) []string {
	var paths []string
	for _, e := range m.exts {
		if pathrules.IsOverride(e) {
			continue
		}
		if !pathrules.HasGlob(e) {
			p := e
			if !filepath.IsAbs(p) {
				p = filepath.Join(root, p)
			}
			p = filepath.Clean(p)
			if !exists(p) {
				d.problem(m.file, p, fmt.Sprintf("Extension entry does not exist: %s (declared in %s)", p, m.file))
			}
			paths = append(paths, p)
			continue
		}
		paths = append(paths, pathrules.PackageGlob(root, e)...)
	}
	return d.filesFromPaths(paths)
}

// filesFromPaths is collectFilesFromPaths: missing paths are skipped,
// files kept, directories scanned.
func (d *discoverer) filesFromPaths(paths []string) []string {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		if st.IsDir() {
			files = append(files, d.collectAutoExtensionEntries(p)...)
		} else {
			files = append(files, p)
		}
	}
	return files
}

// localEntries is resolveLocalEntries for one settings `extensions` array.
func (d *discoverer) localEntries(acc *accumulator, s settingsFile, base string, meta candidate) {
	var patterns []string
	type found struct{ file, entry string }
	var all []found
	for _, e := range s.extensions {
		if pathrules.IsPattern(e) {
			patterns = append(patterns, e)
			continue
		}
		p := d.resolveFromBase(e, base)
		if !exists(p) {
			d.problem(s.path, p, fmt.Sprintf("Extension path does not exist: %s (from %q)", p, e))
			continue
		}
		for _, f := range d.filesFromPaths([]string{p}) {
			all = append(all, found{f, e})
		}
	}
	files := make([]string, len(all))
	for i, f := range all {
		files[i] = f.file
	}
	on := map[string]bool{}
	for _, f := range pathrules.Apply(files, patterns, base) {
		on[f] = true
	}
	for _, f := range all {
		m := meta
		m.source = f.entry
		acc.add(m, f.file, on[f.file])
	}
}

// finish is mergePaths(cli, settings) plus module resolution: dedupe by real
// path, turn directories into their entry files, dedupe again.
func (d *discoverer) finish(cands []*candidate) ([]Extension, []string) {
	seen := map[string]bool{}
	var exts []Extension
	var pkgNames []string
	for _, c := range cands {
		key := pathrules.Canonical(c.path)
		if seen[key] {
			continue
		}
		seen[key] = true
		path := c.path
		if st, err := os.Stat(path); err == nil && st.IsDir() {
			entry, ok := moduleEntry(path)
			if !ok {
				d.problem(c.source, path, fmt.Sprintf("Failed to load extension: Cannot find module '%s'", path))
				continue
			}
			path = entry
			key = pathrules.Canonical(path)
			if seen[key] {
				continue
			}
			seen[key] = true
		}
		exts = append(exts, Extension{Path: path, Origin: c.origin, Source: c.source})
		pkgNames = append(pkgNames, c.pkgName)
	}
	return exts, pkgNames
}

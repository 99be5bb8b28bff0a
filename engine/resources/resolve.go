package resources

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/pathrules"
	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// This file is pi's DefaultPackageManager.resolve and
// resolveExtensionSources: which files settings entries, packages and the
// auto-discovered directories provide, each with the metadata pi reports
// as its sourceInfo and whether settings leave it enabled, in pi's
// precedence order. Load resolves skills and prompts with it; Resolve
// (pigo config) all four resource types.

// kind is a resource type the package manager resolves, in pi's order.
type kind int

const (
	kindExtensions kind = iota
	kindSkills
	kindPrompts
	kindThemes
	numKinds
)

var kindKeys = [numKinds]string{"extensions", "skills", "prompts", "themes"}

func (k kind) key() string { return kindKeys[k] }

func allKinds() []kind { return []kind{kindExtensions, kindSkills, kindPrompts, kindThemes} }

// resolved is one path the package manager found, with its metadata
// (a SourceInfo without Path) and whether settings leave it enabled.
type resolved struct {
	path    string
	meta    SourceInfo
	enabled bool
}

// accumulator is pi's Map<path, {metadata, enabled}> per kind: the first
// add of a path wins.
type accumulator struct {
	lists [numKinds][]resolved
	seen  [numKinds]map[string]bool
}

func (a *accumulator) add(k kind, path string, meta SourceInfo, enabled bool) {
	if path == "" || a.seen[k][path] {
		return
	}
	if a.seen[k] == nil {
		a.seen[k] = map[string]bool{}
	}
	a.seen[k][path] = true
	a.lists[k] = append(a.lists[k], resolved{path, meta, enabled})
}

// rank is pi's resourcePrecedenceRank: project entries, project
// auto-discovery, user entries, user auto-discovery, then packages.
func rank(m SourceInfo) int {
	if m.Origin == "package" {
		return 4
	}
	r := 2
	if m.Scope == "project" {
		r = 0
	}
	if m.Source != "local" {
		r++
	}
	return r
}

// result is pi's toResolvedPaths: a stable sort by rank, then one entry
// per real path (the first, enabled or not).
func (a *accumulator) result(k kind) []resolved {
	list := slices.Clone(a.lists[k])
	slices.SortStableFunc(list, func(x, y resolved) int { return rank(x.meta) - rank(y.meta) })
	seen := map[string]bool{}
	var out []resolved
	for _, r := range list {
		c := pathrules.Canonical(r.path)
		if seen[c] {
			continue
		}
		seen[c] = true
		out = append(out, r)
	}
	return out
}

// resolver holds the directories resolution depends on.
type resolver struct {
	cwd, agentDir, home string
	untrusted           bool // Options.UntrustedProject
	// want is the resource types to resolve (the others are not scanned);
	// nil means skills and prompts.
	want []kind
}

func (r *resolver) kinds() []kind {
	if r.want == nil {
		return []kind{kindSkills, kindPrompts}
	}
	return r.want
}

// expandHome expands "~", "~/x" and "~x" (pi's resolvePath rules) and
// reports whether it did.
func (r *resolver) expandHome(p string) (string, bool) {
	switch {
	case p == "~":
		return r.home, true
	case strings.HasPrefix(p, "~/"):
		return filepath.Join(r.home, p[2:]), true
	case strings.HasPrefix(p, "~"):
		return filepath.Join(r.home, p[1:]), true
	}
	return p, false
}

// fromBase is pi's resolvePathFromBase: trimmed, "~" expanded, else
// resolved against base.
func (r *resolver) fromBase(p, base string) string {
	p = strings.TrimSpace(p)
	if h, ok := r.expandHome(p); ok {
		return h
	}
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// settingsList is a settings array of strings (other items ignored). The
// old {customDirectories} form of "skills" is migrated as pi does.
func settingsList(s map[string]any, key string) []string {
	v := s[key]
	if m, ok := v.(map[string]any); ok && key == "skills" {
		v = m["customDirectories"]
	}
	list, _ := v.([]any)
	var out []string
	for _, e := range list {
		if str, ok := e.(string); ok {
			out = append(out, str)
		}
	}
	return out
}

// pkgItem is one settings `packages` item.
type pkgItem struct {
	source string
	// filter is set for the object form: per kind, the patterns and
	// whether the key was given.
	filter *[numKinds]kindFilter
	// delta is the object form's `autoload: false`: the item only adjusts
	// what the same package's other scope loads.
	delta bool
}

type kindFilter struct {
	has      bool
	patterns []string
}

func parsePackages(s map[string]any) []pkgItem {
	list, _ := s["packages"].([]any)
	var out []pkgItem
	for _, v := range list {
		switch x := v.(type) {
		case string:
			out = append(out, pkgItem{source: x})
		case map[string]any:
			src, ok := x["source"].(string)
			if !ok {
				continue
			}
			it := pkgItem{source: src, filter: &[numKinds]kindFilter{}, delta: x["autoload"] == false}
			for _, k := range allKinds() {
				if arr, ok := x[k.key()].([]any); ok {
					it.filter[k].has = true
					for _, e := range arr {
						if str, ok := e.(string); ok {
							it.filter[k].patterns = append(it.filter[k].patterns, str)
						}
					}
				}
			}
			out = append(out, it)
		}
	}
	return out
}

// scopedPkg is a settings package item with its scope and the directory
// its relative source resolves against.
type scopedPkg struct {
	item  pkgItem
	scope string
	base  string
}

// resolve is DefaultPackageManager.resolve: packages (project first; one
// per identity, the project's winning, except that a project item with
// `autoload: false` keeps the user's item and adjusts it), then settings
// entries (project, then global), then auto-discovery.
func (r *resolver) resolve(global, project map[string]any) *accumulator {
	acc := &accumulator{}
	projBase := filepath.Join(r.cwd, ".pi")
	var pkgs []scopedPkg
	index := map[string]int{}
	addPkg := func(it pkgItem, scope, base string) {
		id := r.packageIdentity(it.source, base)
		i, ok := index[id]
		switch {
		case !ok:
			index[id] = len(pkgs)
			pkgs = append(pkgs, scopedPkg{it, scope, base})
		case pkgs[i].scope == "project" && scope == "user":
			if pkgs[i].item.delta {
				pkgs = append(pkgs, scopedPkg{it, scope, base})
			}
		case scope == "project":
			pkgs[i] = scopedPkg{it, scope, base}
		}
	}
	for _, it := range parsePackages(project) {
		addPkg(it, "project", projBase)
	}
	for _, it := range parsePackages(global) {
		addPkg(it, "user", r.agentDir)
	}
	for _, p := range pkgs {
		r.packageSource(acc, p, r.deltaBase(p, pkgs))
	}
	for _, k := range r.kinds() {
		r.localEntries(acc, k, settingsList(project, k.key()), SourceInfo{Source: "local", Scope: "project", Origin: "top-level"}, projBase)
		r.localEntries(acc, k, settingsList(global, k.key()), SourceInfo{Source: "local", Scope: "user", Origin: "top-level"}, r.agentDir)
	}
	r.autoDiscovered(acc, global, project, projBase)
	return acc
}

// packageIdentity is getPackageIdentity: a local source's resolved path,
// an npm package's name, a git repository's URL without the ref.
func (r *resolver) packageIdentity(source, base string) string {
	if pathrules.IsLocalSource(source) {
		return "local:" + r.fromBase(source, base)
	}
	if src, err := pkgmgr.Parse(source); err == nil {
		return src.Identity(base, r.home)
	}
	return "source:" + strings.TrimSpace(source)
}

// deltaBase is findAutoloadDeltaBase: the user item a project item with
// `autoload: false` adjusts (its source locates the files), or p itself.
func (r *resolver) deltaBase(p scopedPkg, all []scopedPkg) scopedPkg {
	if p.scope != "project" || !p.item.delta {
		return p
	}
	id := r.packageIdentity(p.item.source, p.base)
	for _, u := range all {
		if u.scope == "user" && r.packageIdentity(u.item.source, u.base) == id {
			return u
		}
	}
	return p
}

// extensionSources is resolveExtensionSources for the CLI -e values
// (scope "temporary"): local package directories contribute their
// resources.
func (r *resolver) extensionSources(sources []string) *accumulator {
	acc := &accumulator{}
	for _, s := range sources {
		p := scopedPkg{pkgItem{source: s}, "temporary", r.cwd}
		r.packageSource(acc, p, p)
	}
	return acc
}

// packageSource is resolvePackageSources for one item: a local source
// (a file is an extension; a directory a package, or an extension when
// it provides no resources), or an installed npm or git package of a
// settings scope (-e npm:/git: values, which pi installs to a temporary
// place, are skipped). from is where the files come from: the item
// itself, or for an `autoload: false` item the user item it adjusts.
func (r *resolver) packageSource(acc *accumulator, p, from scopedPkg) {
	meta := SourceInfo{Source: p.item.source, Scope: p.scope, Origin: "package"}
	if pathrules.IsLocalSource(from.item.source) {
		root := r.fromBase(from.item.source, from.base)
		st, err := os.Stat(root)
		switch {
		case err != nil:
		case !st.IsDir():
			if r.wants(kindExtensions) {
				meta.BaseDir = filepath.Dir(root)
				acc.add(kindExtensions, root, meta, true)
			}
		default:
			meta.BaseDir = root
			if !r.packageResources(acc, root, p.item, meta) && r.wants(kindExtensions) {
				acc.add(kindExtensions, root, meta, true)
			}
		}
		return
	}
	dirs := pkgmgr.Dirs{Cwd: r.cwd, AgentDir: r.agentDir, Home: r.home}
	dir, ok := "", false
	switch from.scope {
	case "user":
		dir, ok = dirs.Loadable(from.item.source, pkgmgr.User)
	case "project":
		dir, ok = dirs.Loadable(from.item.source, pkgmgr.Project)
	}
	if !ok {
		return
	}
	meta.BaseDir = dir
	r.packageResources(acc, dir, p.item, meta)
}

func (r *resolver) wants(k kind) bool { return slices.Contains(r.kinds(), k) }

// packageResources is collectPackageResources; it reports whether root
// counts as a package (a settings filter, a manifest listing resources, or
// one of the convention directories).
func (r *resolver) packageResources(acc *accumulator, root string, it pkgItem, meta SourceInfo) bool {
	m := readManifest(root)
	if it.filter != nil {
		for _, k := range r.kinds() {
			f := it.filter[k]
			switch {
			case it.delta:
				if len(f.patterns) > 0 {
					all := r.manifestFiles(k, root, m)
					on := pathrules.AutoloadDisabled(all, f.patterns, root)
					for _, file := range all {
						if enabled, ok := on[file]; ok {
							acc.add(k, file, meta, enabled)
						}
					}
				}
			case f.has:
				r.packageFilter(acc, k, root, m, f.patterns, meta)
			default:
				r.defaultResources(acc, k, root, m, meta)
			}
		}
		return true
	}
	if m.hasFields {
		for _, k := range r.kinds() {
			if m.has[k] {
				r.manifestEntries(acc, k, root, m.entries[k], meta)
			}
		}
		return true
	}
	isPackage := false
	for _, k := range allKinds() {
		dir := filepath.Join(root, k.key())
		if !exists(dir) {
			continue
		}
		isPackage = true
		if r.wants(k) {
			for _, f := range r.resourceFiles(dir, k) {
				acc.add(k, f, meta, true)
			}
		}
	}
	return isPackage
}

// manifest is what pi reads from package.json: the `pi` key's resource
// lists.
type manifest struct {
	// hasFields is pi's hasManifestResourceFields: the `pi` object lists
	// resources (an object holding only metadata, such as changelogPath,
	// leaves the convention directories in charge).
	hasFields bool
	has       [numKinds]bool
	entries   [numKinds][]string
}

func readManifest(root string) manifest {
	var m manifest
	data, err := os.ReadFile(filepath.Join(root, "package.json"))
	if err != nil {
		return m
	}
	var pkg map[string]any
	if json.Unmarshal(data, &pkg) != nil {
		return m
	}
	pi, _ := pkg["pi"].(map[string]any)
	for _, k := range allKinds() {
		v, present := pi[k.key()]
		if !present {
			continue
		}
		m.hasFields = true
		list, ok := v.([]any)
		if !ok {
			continue
		}
		m.has[k] = true
		for _, e := range list {
			if s, ok := e.(string); ok {
				m.entries[k] = append(m.entries[k], s)
			}
		}
	}
	return m
}

// defaultResources: the manifest's entries for k if it has them, else the
// convention directory.
func (r *resolver) defaultResources(acc *accumulator, k kind, root string, m manifest, meta SourceInfo) {
	if m.has[k] {
		r.manifestEntries(acc, k, root, m.entries[k], meta)
		return
	}
	if dir := filepath.Join(root, k.key()); exists(dir) {
		for _, f := range r.resourceFiles(dir, k) {
			acc.add(k, f, meta, true)
		}
	}
}

// manifestEntries adds the files the entries name, minus those the
// entries' own "!", "+", "-" patterns drop.
func (r *resolver) manifestEntries(acc *accumulator, k kind, root string, entries []string, meta SourceInfo) {
	all := r.filesFromManifestEntries(entries, root, k)
	on := set(pathrules.Apply(all, pathrules.Overrides(entries), root))
	for _, f := range all {
		if on[f] {
			acc.add(k, f, meta, true)
		}
	}
}

// manifestFiles is collectManifestFiles: the package's files of kind k
// that its manifest's own patterns leave, or the convention directory's.
func (r *resolver) manifestFiles(k kind, root string, m manifest) []string {
	if m.has[k] && len(m.entries[k]) > 0 {
		all := r.filesFromManifestEntries(m.entries[k], root, k)
		if mp := pathrules.Overrides(m.entries[k]); len(mp) > 0 {
			all = pathrules.Apply(all, mp, root)
		}
		return all
	}
	if dir := filepath.Join(root, k.key()); exists(dir) {
		return r.resourceFiles(dir, k)
	}
	return nil
}

// packageFilter applies a settings package item's patterns for k: []
// disables everything; otherwise the patterns select.
func (r *resolver) packageFilter(acc *accumulator, k kind, root string, m manifest, patterns []string, meta SourceInfo) {
	all := r.manifestFiles(k, root, m)
	if len(patterns) == 0 {
		for _, f := range all {
			acc.add(k, f, meta, false)
		}
		return
	}
	on := set(pathrules.Apply(all, patterns, root))
	for _, f := range all {
		acc.add(k, f, meta, on[f])
	}
}

// filesFromManifestEntries expands the non-override entries: globs
// (containing * or ?) against root, other entries as paths.
func (r *resolver) filesFromManifestEntries(entries []string, root string, k kind) []string {
	var paths []string
	for _, e := range entries {
		switch {
		case pathrules.IsOverride(e):
		case pathrules.HasGlob(e):
			paths = append(paths, pathrules.PackageGlob(root, e)...)
		case filepath.IsAbs(e):
			paths = append(paths, filepath.Clean(e))
		default:
			paths = append(paths, filepath.Join(root, e))
		}
	}
	return r.filesFromPaths(paths, k)
}

// filesFromPaths is collectFilesFromPaths: missing paths are skipped,
// files kept, directories scanned.
func (r *resolver) filesFromPaths(paths []string, k kind) []string {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		switch {
		case err != nil:
		case st.Mode().IsRegular():
			out = append(out, p)
		case st.IsDir():
			out = append(out, r.resourceFiles(p, k)...)
		}
	}
	return out
}

// resourceFiles is collectResourceFiles: SKILL.md directories and root
// .md files for skills, extension entries for extensions, every .md
// (prompts) or .json (themes) file below dir.
func (r *resolver) resourceFiles(dir string, k kind) []string {
	switch k {
	case kindSkills:
		return collectSkillEntries(dir, true)
	case kindExtensions:
		return ExtensionEntries(dir, nil)
	case kindThemes:
		return (&dirScan{root: dir}).files(dir, ".json", true)
	}
	return collectFiles(dir, true)
}

// localEntries is resolveLocalEntries for one settings array.
func (r *resolver) localEntries(acc *accumulator, k kind, entries []string, meta SourceInfo, base string) {
	if len(entries) == 0 {
		return
	}
	var plain, patterns []string
	for _, e := range entries {
		if pathrules.IsPattern(e) {
			patterns = append(patterns, e)
		} else {
			plain = append(plain, r.fromBase(e, base))
		}
	}
	all := r.filesFromPaths(plain, k)
	on := set(pathrules.Apply(all, patterns, base))
	for _, f := range all {
		acc.add(k, f, meta, on[f])
	}
}

// autoDiscovered is addAutoDiscoveredResources: the project's
// .pi/extensions, .pi/skills, the .agents/skills directories of cwd and
// its ancestors (up to the git root; each its own baseDir), .pi/prompts
// and .pi/themes, then the same under the agent dir and ~/.agents/skills;
// each filtered by its scope's override patterns. An untrusted project's
// directories are skipped.
func (r *resolver) autoDiscovered(acc *accumulator, global, project map[string]any, projBase string) {
	userMeta := SourceInfo{Source: "auto", Scope: "user", Origin: "top-level", BaseDir: r.agentDir}
	projMeta := SourceInfo{Source: "auto", Scope: "project", Origin: "top-level", BaseDir: projBase}
	userAgents := filepath.Join(r.home, ".agents", "skills")
	add := func(k kind, paths []string, meta SourceInfo, settings map[string]any, base string) {
		if !r.wants(k) {
			return
		}
		overrides := settingsList(settings, k.key())
		for _, p := range paths {
			acc.add(k, p, meta, pathrules.EnabledByOverrides(p, overrides, base))
		}
	}
	scan := func(k kind, dir string) []string {
		if !r.wants(k) {
			return nil
		}
		switch k {
		case kindExtensions:
			return ExtensionEntries(dir, nil)
		case kindSkills:
			return collectSkillEntries(dir, true)
		case kindThemes:
			return (&dirScan{root: dir}).files(dir, ".json", false)
		}
		return collectFiles(dir, false)
	}
	if !r.untrusted {
		add(kindExtensions, scan(kindExtensions, filepath.Join(projBase, "extensions")), projMeta, project, projBase)
		add(kindSkills, scan(kindSkills, filepath.Join(projBase, "skills")), projMeta, project, projBase)
		for _, dir := range ancestorAgentsSkillDirs(r.cwd) {
			if dir != userAgents && r.wants(kindSkills) {
				meta := projMeta
				meta.BaseDir = filepath.Dir(dir) // each .agents directory is its own base
				add(kindSkills, collectSkillEntries(dir, false), meta, project, meta.BaseDir)
			}
		}
		add(kindPrompts, scan(kindPrompts, filepath.Join(projBase, "prompts")), projMeta, project, projBase)
		add(kindThemes, scan(kindThemes, filepath.Join(projBase, "themes")), projMeta, project, projBase)
	}
	add(kindExtensions, scan(kindExtensions, filepath.Join(r.agentDir, "extensions")), userMeta, global, r.agentDir)
	add(kindSkills, scan(kindSkills, filepath.Join(r.agentDir, "skills")), userMeta, global, r.agentDir)
	if r.home != "" && r.wants(kindSkills) {
		meta := userMeta
		meta.BaseDir = filepath.Dir(userAgents)
		add(kindSkills, collectSkillEntries(userAgents, false), meta, global, meta.BaseDir)
	}
	add(kindPrompts, scan(kindPrompts, filepath.Join(r.agentDir, "prompts")), userMeta, global, r.agentDir)
	add(kindThemes, scan(kindThemes, filepath.Join(r.agentDir, "themes")), userMeta, global, r.agentDir)
}

// ancestorAgentsSkillDirs is collectAncestorAgentsSkillDirs: .agents/skills
// in cwd and each parent, up to the git repository root (a directory
// holding .git) or the file-system root.
func ancestorAgentsSkillDirs(cwd string) []string {
	gitRoot := ""
	for dir := cwd; ; {
		if exists(filepath.Join(dir, ".git")) {
			gitRoot = dir
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	var out []string
	for dir := cwd; ; {
		out = append(out, filepath.Join(dir, ".agents", "skills"))
		if gitRoot != "" && dir == gitRoot {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return out
}

func set(list []string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, s := range list {
		m[s] = true
	}
	return m
}

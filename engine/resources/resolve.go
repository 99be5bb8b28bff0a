package resources

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/pathrules"
	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// This file is the skills and prompts part of pi's
// DefaultPackageManager.resolve and resolveExtensionSources: which files
// settings entries, packages and the auto-discovered directories provide,
// each with the metadata pi reports as its sourceInfo, in pi's precedence
// order.

// kind is a resource type the package manager resolves.
type kind int

const (
	kindSkills kind = iota
	kindPrompts
)

func (k kind) key() string {
	if k == kindSkills {
		return "skills"
	}
	return "prompts"
}

func kinds() []kind { return []kind{kindSkills, kindPrompts} }

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
	lists [2][]resolved
	seen  [2]map[string]bool
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
	filter *[2]struct {
		has      bool
		patterns []string
	}
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
			it := pkgItem{source: src, filter: &[2]struct {
				has      bool
				patterns []string
			}{}}
			for _, k := range kinds() {
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

// resolve is DefaultPackageManager.resolve for skills and prompts:
// packages (project first; one per identity, the project's winning), then
// settings entries (project, then global), then auto-discovery.
func (r *resolver) resolve(global, project map[string]any) *accumulator {
	acc := &accumulator{}
	projBase := filepath.Join(r.cwd, ".pi")
	type scoped struct {
		item  pkgItem
		scope string
		base  string
	}
	var pkgs []scoped
	index := map[string]int{}
	addPkg := func(it pkgItem, scope, base string) {
		id := "source:" + strings.TrimSpace(it.source)
		if pathrules.IsLocalSource(it.source) {
			id = "local:" + r.fromBase(it.source, base)
		} else if src, err := pkgmgr.Parse(it.source); err == nil {
			id = src.Identity(base, r.home)
		}
		if i, ok := index[id]; ok {
			if scope == "project" && pkgs[i].scope == "user" {
				pkgs[i] = scoped{it, scope, base}
			}
			return
		}
		index[id] = len(pkgs)
		pkgs = append(pkgs, scoped{it, scope, base})
	}
	for _, it := range parsePackages(project) {
		addPkg(it, "project", projBase)
	}
	for _, it := range parsePackages(global) {
		addPkg(it, "user", r.agentDir)
	}
	for _, p := range pkgs {
		r.packageSource(acc, p.item, p.scope, p.base)
	}
	for _, k := range kinds() {
		r.localEntries(acc, k, settingsList(project, k.key()), SourceInfo{Source: "local", Scope: "project", Origin: "top-level"}, projBase)
		r.localEntries(acc, k, settingsList(global, k.key()), SourceInfo{Source: "local", Scope: "user", Origin: "top-level"}, r.agentDir)
	}
	r.autoDiscovered(acc, global, project, projBase)
	return acc
}

// extensionSources is resolveExtensionSources for the CLI -e values
// (scope "temporary"): local package directories contribute their skills
// and prompts.
func (r *resolver) extensionSources(sources []string) *accumulator {
	acc := &accumulator{}
	for _, s := range sources {
		r.packageSource(acc, pkgItem{source: s}, "temporary", r.cwd)
	}
	return acc
}

// packageSource is resolvePackageSources for one source: a local one, or
// an installed npm or git package of a settings scope (-e npm:/git:
// values, which pi installs to a temporary place, are skipped).
func (r *resolver) packageSource(acc *accumulator, it pkgItem, scope, base string) {
	root := r.fromBase(it.source, base)
	if !pathrules.IsLocalSource(it.source) {
		dirs := pkgmgr.Dirs{Cwd: r.cwd, AgentDir: r.agentDir, Home: r.home}
		dir, ok := "", false
		switch scope {
		case "user":
			dir, ok = dirs.Loadable(it.source, pkgmgr.User)
		case "project":
			dir, ok = dirs.Loadable(it.source, pkgmgr.Project)
		}
		if !ok {
			return
		}
		root = dir
	}
	st, err := os.Stat(root)
	if err != nil || !st.IsDir() {
		return // a file is an extension
	}
	meta := SourceInfo{Source: it.source, Scope: scope, Origin: "package", BaseDir: root}
	r.packageResources(acc, root, it, meta)
}

// packageResources is collectPackageResources.
func (r *resolver) packageResources(acc *accumulator, root string, it pkgItem, meta SourceInfo) {
	m := readManifest(root)
	if it.filter != nil {
		for _, k := range kinds() {
			if f := it.filter[k]; f.has {
				r.packageFilter(acc, k, root, m, f.patterns, meta)
			} else {
				r.defaultResources(acc, k, root, m, meta)
			}
		}
		return
	}
	if m.truthy {
		for _, k := range kinds() {
			if m.has[k] {
				r.manifestEntries(acc, k, root, m.entries[k], meta)
			}
		}
		return
	}
	for _, k := range kinds() {
		if dir := filepath.Join(root, k.key()); exists(dir) {
			for _, f := range r.resourceFiles(dir, k) {
				acc.add(k, f, meta, true)
			}
		}
	}
}

// manifest is what pi reads from package.json: the `pi` key.
type manifest struct {
	truthy  bool // pi's `pi` value is truthy
	has     [2]bool
	entries [2][]string
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
	m.truthy = jsjson.Truthy(pkg["pi"])
	pi, _ := pkg["pi"].(map[string]any)
	for _, k := range kinds() {
		list, ok := pi[k.key()].([]any)
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

// packageFilter applies a settings package item's patterns for k: []
// disables everything; otherwise the patterns select.
func (r *resolver) packageFilter(acc *accumulator, k kind, root string, m manifest, patterns []string, meta SourceInfo) {
	var all []string
	if m.has[k] && len(m.entries[k]) > 0 {
		all = r.filesFromManifestEntries(m.entries[k], root, k)
		if mp := pathrules.Overrides(m.entries[k]); len(mp) > 0 {
			all = pathrules.Apply(all, mp, root)
		}
	} else if dir := filepath.Join(root, k.key()); exists(dir) {
		all = r.resourceFiles(dir, k)
	}
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
			paths = append(paths, pathrules.Glob(root, e)...)
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
// .md files for skills, every .md file below dir for prompts.
func (r *resolver) resourceFiles(dir string, k kind) []string {
	if k == kindSkills {
		return collectSkillEntries(dir, true)
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

// autoDiscovered is addAutoDiscoveredResources: <cwd>/.pi/skills and the
// .agents/skills directories of cwd and its ancestors (up to the git
// root), <cwd>/.pi/prompts, then <agentDir>/skills, ~/.agents/skills and
// <agentDir>/prompts; each filtered by its scope's override patterns. An
// untrusted project's directories are skipped.
func (r *resolver) autoDiscovered(acc *accumulator, global, project map[string]any, projBase string) {
	userMeta := SourceInfo{Source: "auto", Scope: "user", Origin: "top-level", BaseDir: r.agentDir}
	projMeta := SourceInfo{Source: "auto", Scope: "project", Origin: "top-level", BaseDir: projBase}
	userAgents := filepath.Join(r.home, ".agents", "skills")
	add := func(k kind, paths []string, meta SourceInfo, settings map[string]any, base string) {
		overrides := settingsList(settings, k.key())
		for _, p := range paths {
			acc.add(k, p, meta, pathrules.EnabledByOverrides(p, overrides, base))
		}
	}
	if !r.untrusted {
		projSkills := collectSkillEntries(filepath.Join(projBase, "skills"), true)
		for _, dir := range ancestorAgentsSkillDirs(r.cwd) {
			if dir != userAgents {
				projSkills = append(projSkills, collectSkillEntries(dir, false)...)
			}
		}
		add(kindSkills, projSkills, projMeta, project, projBase)
		add(kindPrompts, collectFiles(filepath.Join(projBase, "prompts"), false), projMeta, project, projBase)
	}
	userSkills := collectSkillEntries(filepath.Join(r.agentDir, "skills"), true)
	if r.home != "" {
		userSkills = append(userSkills, collectSkillEntries(userAgents, false)...)
	}
	add(kindSkills, userSkills, userMeta, global, r.agentDir)
	add(kindPrompts, collectFiles(filepath.Join(r.agentDir, "prompts"), false), userMeta, global, r.agentDir)
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

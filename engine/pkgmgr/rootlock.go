package pkgmgr

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/locale"
)

// The install root's package-lock.json is the one npm 11 leaves there
// after pi's `npm install --prefix <root> --legacy-peer-deps` (arborist's
// Shrinkwrap: lockfileVersion 3, metaFromNode's entries, written by
// json-stringify-nice), so that npm, run there later, reads the tree pigo
// made and writes the file back unchanged, and pigo reinstalls what npm's
// file pins. Entries come from the registry metadata of what an
// operation fetched, else from the file being replaced (same place and
// version), else from the package.json on disk.

// rootLockFile is the install root's lockfile.
const rootLockFile = "package-lock.json"

// pkgMetaKeys are the manifest fields npm copies into a lockfile entry
// (shrinkwrap.js), a leading "_" dropped.
var pkgMetaKeys = []string{"version", "dependencies", "peerDependencies", "peerDependenciesMeta",
	"optionalDependencies", "bundleDependencies", "acceptDependencies", "funding", "engines", "os",
	"cpu", "libc", "_integrity", "license", "_hasShrinkwrap", "hasInstallScript", "bin", "deprecated", "workspaces"}

// lockFlags are the entry fields npm derives from the tree (calcDepFlags).
var lockFlags = []string{"dev", "optional", "devOptional", "peer", "extraneous"}

// swKeyOrder is shrinkwrap.js's: these keys first, at every depth.
var swKeyOrder = []string{"name", "version", "lockfileVersion", "resolved", "integrity", "requires", "packages", "dependencies"}

// lockOrder is json-stringify-nice's order with swKeyOrder: at every
// depth, values that are not objects first, then objects; in each group
// swKeyOrder's keys in its order, then the rest by localeCompare.
type lockOrder struct{}

func (lockOrder) Keys(keys []string, m map[string]any) []string {
	start := len(keys)
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys[start:], func(a, b string) int {
		if ao, bo := isJSObject(m[a]), isJSObject(m[b]); ao != bo {
			if ao {
				return 1
			}
			return -1
		}
		ai, bi := slices.Index(swKeyOrder, a), slices.Index(swKeyOrder, b)
		switch {
		case ai >= 0 && bi >= 0:
			return ai - bi
		case ai >= 0:
			return -1
		case bi >= 0:
			return 1
		}
		return locale.Compare(a, b)
	})
	return keys
}

func (o lockOrder) Member(map[string]any, string) jsjson.KeyOrder { return o }
func (o lockOrder) Element() jsjson.KeyOrder                      { return o }

func isJSObject(v any) bool {
	_, ok := v.(map[string]any)
	return ok
}

// truthy is JavaScript's truthiness of a JSON value, with metaFieldFromPkg's
// rule that an empty object or array counts as absent.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case float64:
		return x != 0
	case map[string]any:
		return len(x) > 0
	case []any:
		return len(x) > 0
	}
	return true
}

// normalizeManifest applies the steps of @npmcli/package-json's
// syncNormalize that change the fields of a lockfile entry.
func normalizeManifest(pkg map[string]any) {
	if _, ok := pkg["bundleDependencies"]; !ok {
		if v, ok := pkg["bundledDependencies"]; ok {
			pkg["bundleDependencies"] = v
		}
	}
	delete(pkg, "bundledDependencies")
	switch bd := pkg["bundleDependencies"].(type) {
	case bool:
		if bd {
			deps, _ := pkg["dependencies"].(map[string]any)
			pkg["bundleDependencies"] = anyKeys(deps)
		} else {
			pkg["bundleDependencies"] = []any{}
		}
	case []any:
	case map[string]any:
		pkg["bundleDependencies"] = anyKeys(bd)
	default:
		delete(pkg, "bundleDependencies")
	}
	deps, dok := pkg["dependencies"].(map[string]any)
	if opt, ok := pkg["optionalDependencies"].(map[string]any); ok && dok {
		for n := range opt {
			delete(deps, n)
		}
		if len(deps) == 0 {
			delete(pkg, "dependencies")
		}
	}
	if f, ok := pkg["funding"].(string); ok && f != "" {
		pkg["funding"] = map[string]any{"url": f}
	}
	normalizeBin(pkg)
}

func anyKeys(m map[string]any) []any {
	var out []any
	for _, k := range sortedAnyKeys(m) {
		out = append(out, k)
	}
	return out
}

func sortedAnyKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// normalizeBin is package-json's normalizePackageBin.
func normalizeBin(pkg map[string]any) {
	if !truthy(pkg["bin"]) {
		return
	}
	switch b := pkg["bin"].(type) {
	case string:
		name, _ := pkg["name"].(string)
		if name == "" {
			return
		}
		pkg["bin"] = map[string]any{name: b}
	case []any:
		m := map[string]any{}
		for _, k := range b {
			if s, ok := k.(string); ok {
				m[path.Base(s)] = s
			}
		}
		pkg["bin"] = m
	}
	m, ok := pkg["bin"].(map[string]any)
	if !ok {
		return
	}
	out := map[string]any{}
	for _, k := range sortedAnyKeys(m) {
		target, ok := m[k].(string)
		if !ok {
			continue
		}
		base := path.Base(secureUnixPath(k))
		if secureUnixPath(k) == "" || base == "" {
			continue
		}
		if t := secureUnixPath(target); t != "" {
			out[base] = t
		}
	}
	if len(out) == 0 {
		delete(pkg, "bin")
		return
	}
	pkg["bin"] = out
}

// lockPackage is npm's lockfile entry (without the tree's flags) for a
// package with manifest pkg installed in a folder named name.
func lockPackage(pkg map[string]any, name string) map[string]any {
	normalizeManifest(pkg)
	e := map[string]any{}
	for _, k := range pkgMetaKeys {
		v := pkg[k]
		if o, ok := v.(map[string]any); ok && k == "license" && truthy(o["type"]) {
			v = o["type"]
		}
		if truthy(v) {
			e[strings.TrimPrefix(k, "_")] = v
		}
	}
	if pn, _ := pkg["name"].(string); pn != "" && pn != name {
		e["name"] = pn // an alias
	}
	scripts, _ := pkg["scripts"].(map[string]any)
	if truthy(pkg["hasInstallScript"]) || truthy(scripts["install"]) || truthy(scripts["preinstall"]) || truthy(scripts["postinstall"]) {
		e["hasInstallScript"] = true
	}
	return e
}

// registryLockPackage is the entry of a version fetched from the
// registry: its manifest, with pacote's integrity (dist.integrity, else
// the sha1 shasum) and the tarball as "resolved" unless npm's
// omit-lockfile-registry-resolved is set.
func registryLockPackage(m versionMeta, name string, omitResolved bool) map[string]any {
	pkg := map[string]any{}
	if json.Unmarshal(m.raw, &pkg) != nil {
		pkg = map[string]any{"name": m.Name, "version": m.Version}
	}
	pkg["name"] = m.Name
	e := lockPackage(pkg, name)
	if m.Dist.Integrity != "" {
		e["integrity"] = m.Dist.Integrity
	} else if sum, err := hex.DecodeString(m.Dist.Shasum); err == nil && len(sum) > 0 {
		e["integrity"] = "sha1-" + base64.StdEncoding.EncodeToString(sum)
	}
	if m.Dist.Tarball != "" && !omitResolved {
		e["resolved"] = m.Dist.Tarball
	}
	return e
}

// readRootLock is the "packages" of root's package-lock.json as npm
// wrote them; nil when there is none or it is not lockfileVersion 2 or 3.
func readRootLock(root string) map[string]map[string]any {
	data, err := os.ReadFile(filepath.Join(root, rootLockFile))
	if err != nil {
		return nil
	}
	var lock struct {
		LockfileVersion int                       `json:"lockfileVersion"`
		Packages        map[string]map[string]any `json:"packages"`
	}
	if json.Unmarshal(data, &lock) != nil || lock.LockfileVersion < 2 {
		return nil
	}
	return lock.Packages
}

// lockFlagsOf is npm's calcDepFlags for the tree on disk under root:
// "optional" for a package only optional dependencies lead to,
// "extraneous" for one nothing leads to (what a published shrinkwrap's
// dev entries leave).
func lockFlagsOf(root string, rels []string, rootPkg map[string]any) map[string]string {
	state := map[string]int{} // 1: reached through optional edges only, 2: required
	var visit func(rel string, optional bool)
	edges := func(from string, pkg map[string]any, optional bool) {
		deps, _ := pkg["dependencies"].(map[string]any)
		opt, _ := pkg["optionalDependencies"].(map[string]any)
		for _, n := range sortedAnyKeys(deps) {
			if _, o := opt[n]; !o {
				if rel, ok := resolveDep(root, from, n); ok {
					visit(rel, optional)
				}
			}
		}
		for _, n := range sortedAnyKeys(opt) {
			if rel, ok := resolveDep(root, from, n); ok {
				visit(rel, true)
			}
		}
	}
	visit = func(rel string, optional bool) {
		want := 2
		if optional {
			want = 1
		}
		if state[rel] >= want {
			return
		}
		state[rel] = want
		pkg, _ := readManifest(filepath.Join(root, filepath.FromSlash(rel)))
		edges(rel, pkg, optional)
	}
	edges("", rootPkg, false)
	flags := map[string]string{}
	for _, rel := range rels {
		switch state[rel] {
		case 0:
			flags[rel] = "extraneous"
		case 1:
			flags[rel] = "optional"
		}
	}
	return flags
}

// resolveDep is where the package at from finds name, as Node's require
// does.
func resolveDep(root, from, name string) (string, bool) {
	for dir := from; ; dir = parentRel(dir) {
		rel := joinRel(dir, name)
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel), "package.json")); err == nil {
			return rel, true
		}
		if dir == "" {
			return "", false
		}
	}
}

// readManifest reads dir/package.json as a generic object.
func readManifest(dir string) (map[string]any, error) {
	data, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return nil, err
	}
	pkg := map[string]any{}
	if err := json.Unmarshal([]byte(strings.TrimPrefix(string(data), "\uFEFF")), &pkg); err != nil {
		return nil, err
	}
	return pkg, nil
}

// lockSources are what a lockfile's entries are made of, by place.
type lockSources struct {
	fetched map[string]versionMeta // registry versions the operation installed
	// skipped are optional packages left out for another platform, which
	// npm lists (with "optional") where they would have gone.
	skipped map[string]versionMeta
	prev    map[string]map[string]any // the file being replaced (readRootLock)
}

// writeRootLock writes root's package-lock.json for the tree on disk.
func writeRootLock(root string, src lockSources, omitResolved bool) error {
	rootPkg, err := readManifest(root)
	if err != nil {
		return err
	}
	var rels []string
	var walk func(from string)
	walk = func(from string) {
		for _, n := range children(root, from) {
			rel := joinRel(from, n)
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel), "package.json")); err == nil {
				rels = append(rels, rel)
			}
			walk(rel)
		}
	}
	walk("")
	packages := map[string]any{}
	rootEntry := lockPackage(maps.Clone(rootPkg), "") // with its name, as npm's root entry
	if dd, ok := rootPkg["devDependencies"].(map[string]any); ok && len(dd) > 0 {
		rootEntry["devDependencies"] = dd
	}
	if len(rootEntry) > 0 {
		packages[""] = rootEntry
	}
	flags := lockFlagsOf(root, rels, rootPkg)
	inBundle := bundledRels(root, rels)
	for _, rel := range rels {
		name := rel[strings.LastIndex(rel, "node_modules/")+len("node_modules/"):]
		dir := filepath.Join(root, filepath.FromSlash(rel))
		var e map[string]any
		if m, ok := src.fetched[rel]; ok && !inBundle[rel] {
			e = registryLockPackage(m, name, omitResolved)
		} else if p, ok := src.prev[rel]; ok && p["version"] == installedVersion(dir) {
			e = maps.Clone(p)
			for _, f := range lockFlags {
				delete(e, f)
			}
		} else {
			pkg, err := readManifest(dir)
			if err != nil {
				continue
			}
			e = lockPackage(pkg, name)
		}
		if f := flags[rel]; f != "" {
			e[f] = true
		}
		if inBundle[rel] {
			e["inBundle"] = true
		}
		packages[rel] = e
	}
	for rel, e := range otherPlatforms(root, rels, src, omitResolved) {
		if _, ok := packages[rel]; !ok {
			packages[rel] = e
		}
	}
	name, _ := rootPkg["name"].(string)
	if name == "" {
		name = filepath.Base(root)
	}
	lock := map[string]any{"name": name, "lockfileVersion": 3, "requires": true, "packages": packages}
	if v, ok := rootPkg["version"].(string); ok && v != "" {
		lock["version"] = v
	}
	out, err := (&jsjson.Encoder{Indent: "  ", Order: lockOrder{}}).Append(nil, lock)
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(root, rootLockFile), append(out, '\n'))
}

// removeHiddenLock drops npm's node_modules/.package-lock.json, which
// npm trusts only while it is newer than every package folder: npm then
// reads the folders themselves.
func removeHiddenLock(root string) error {
	err := os.Remove(filepath.Join(root, "node_modules", ".package-lock.json"))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// planRootLock plans what root's package-lock.json (prev) records and the
// disk lacks (or holds at another version), as npm install restores it,
// except what srcs name, which is resolved again as npm resolves the
// packages an install names; entries package.json no longer allows are
// resolved again too.
func (t *tree) planRootLock(ctx context.Context, prev map[string]map[string]any, srcs []Source, deps map[string]string) error {
	want := map[string]lockEntry{}
	for rel, e := range prev {
		if !strings.HasPrefix(rel, "node_modules/") {
			continue
		}
		named := false
		for _, s := range srcs {
			top := joinRel("", s.Name)
			named = named || rel == top || strings.HasPrefix(rel, top+"/")
		}
		var le lockEntry
		if b, err := json.Marshal(e); err != nil || json.Unmarshal(b, &le) != nil || named || e["inBundle"] == true {
			continue // a bundled package comes inside its parent's tarball
		}
		if installedVersion(filepath.Join(t.root, filepath.FromSlash(rel))) != le.Version {
			want[rel] = le
		}
	}
	if len(want) == 0 {
		return nil
	}
	if err := t.planLocked(ctx, rootLockFile, want, true); err != nil {
		return err
	}
	t.dropStale(deps)
	return nil
}

// otherPlatforms are the entries of optional packages for another
// platform that a package on disk (one of rels) still asks for where
// nothing on disk answers: the ones this operation skipped, and those
// the replaced file listed.
func otherPlatforms(root string, rels []string, src lockSources, omitResolved bool) map[string]map[string]any {
	platform := nodePlatform()
	cands := map[string]map[string]any{}
	for rel, e := range src.prev {
		if e["optional"] != true || !strings.HasPrefix(rel, "node_modules/") {
			continue
		}
		osList, _ := e["os"].([]any)
		cpuList, _ := e["cpu"].([]any)
		if platformMatches(anyStrings(osList), platform[0]) && platformMatches(anyStrings(cpuList), platform[1]) {
			continue
		}
		cands[rel] = maps.Clone(e)
	}
	for rel, m := range src.skipped {
		e := registryLockPackage(m, rel[strings.LastIndex(rel, "node_modules/")+len("node_modules/"):], omitResolved)
		e["optional"] = true
		cands[rel] = e
	}
	out := map[string]map[string]any{}
	for _, from := range append([]string{""}, rels...) {
		pkg, err := readManifest(filepath.Join(root, filepath.FromSlash(from)))
		if err != nil {
			continue
		}
		opt, _ := pkg["optionalDependencies"].(map[string]any)
		for n := range opt {
			for dir := from; ; dir = parentRel(dir) {
				rel := joinRel(dir, n)
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel))); err == nil {
					break
				}
				if e, ok := cands[rel]; ok {
					out[rel] = e
					break
				}
				if dir == "" {
					break
				}
			}
		}
	}
	return out
}

func anyStrings(list []any) []string {
	var out []string
	for _, v := range list {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// bundledRels are the packages that came inside another's tarball (npm's
// inBundle): what a package's bundleDependencies resolve to in its own
// node_modules, and what those need from there.
func bundledRels(root string, rels []string) map[string]bool {
	out := map[string]bool{}
	for _, p := range rels {
		pkg, err := readManifest(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			continue
		}
		normalizeManifest(pkg)
		list, _ := pkg["bundleDependencies"].([]any)
		inside := p + "/node_modules/"
		var mark func(from, name string)
		mark = func(from, name string) {
			rel, ok := resolveDep(root, from, name)
			if !ok || !strings.HasPrefix(rel, inside) || out[rel] {
				return
			}
			out[rel] = true
			m, _ := readPackageJSON(filepath.Join(root, filepath.FromSlash(rel)))
			for n := range m.needs() {
				mark(rel, n)
			}
		}
		for _, n := range list {
			if s, ok := n.(string); ok {
				mark(p, s)
			}
		}
	}
	return out
}

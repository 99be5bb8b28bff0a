package piconfig

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/pathrules"
	"github.com/pigo-dev/pigo/engine/pkgmgr"
	"github.com/pigo-dev/pigo/engine/resources"
)

// Override states of a resource in project mode.
const (
	Inherit = "inherit"
	Load    = "load"
	Unload  = "unload"
)

// Editor applies toggles to the settings files as pi's config selector
// does; every toggle reads the file and writes it back at once. WriteScope
// is "global" (the agent dir's settings.json) or "project"
// (<cwd>/.pi/settings.json).
type Editor struct {
	Paths
	WriteScope string
	// inherited is what the global listing says of each resource
	// (type:path key -> enabled), for project overrides.
	inherited map[string]bool
}

// NewEditor starts an editor whose project overrides apply to global,
// the groups resolved without project settings.
func NewEditor(p Paths, global []*Group, writeScope string) *Editor {
	e := &Editor{Paths: p, WriteScope: writeScope, inherited: map[string]bool{}}
	for _, g := range global {
		for _, s := range g.Subgroups {
			for _, it := range s.Items {
				e.inherited[itemKey(it)] = it.Enabled
			}
		}
	}
	return e
}

func itemKey(it *Item) string {
	if strings.HasPrefix(it.Path, resources.BuiltinPrefix) || strings.HasPrefix(it.Path, "<") {
		return it.Type + ":" + it.Path
	}
	return it.Type + ":" + pathrules.Canonical(it.Path)
}

func itemScope(it *Item) string {
	if it.Meta.Scope == "project" {
		return "project"
	}
	return "user"
}

func (e *Editor) baseDir(scope string) string {
	if scope == "project" {
		return e.ProjectBase()
	}
	return e.AgentDir
}

func (e *Editor) settingsFile(scope string) string {
	return filepath.Join(e.baseDir(scope), "settings.json")
}

// Editable reports whether space toggles it: in global mode only user
// resources are, in project mode all.
func (e *Editor) Editable(it *Item) bool {
	return e.WriteScope == "project" || itemScope(it) == "user"
}

// Toggle is pi's toggleResource: it writes the settings and returns the
// item's new enabled state (ok false when nothing changed).
func (e *Editor) Toggle(it *Item) (enabled, ok bool, err error) {
	if e.WriteScope == "project" {
		state := e.nextOverrideState(it)
		if ok, err := e.setProjectOverride(it, state); !ok || err != nil {
			return it.Enabled, false, err
		}
		if state == Inherit {
			return e.inheritedEnabled(it), true, nil
		}
		return state == Load, true, nil
	}
	enabled = !it.Enabled
	if it.Meta.Origin == "top-level" {
		err = e.toggleTopLevel(it, enabled)
	} else {
		err = e.togglePackage(it, enabled)
	}
	return enabled, err == nil, err
}

// toggleTopLevel replaces the item's entries in its scope's array by one
// "+pattern" or "-pattern".
func (e *Editor) toggleTopLevel(it *Item, enabled bool) error {
	s, err := pkgmgr.ReadSettings(e.settingsFile(itemScope(it)))
	if err != nil {
		return err
	}
	pattern := e.resourcePattern(it)
	updated := slices.DeleteFunc(stringList(s, it.Type), func(p string) bool { return entryTarget(p) == pattern })
	updated = append(updated, sign(enabled)+pattern)
	s.Set(it.Type, anyList(updated))
	return s.Save()
}

// togglePackage edits the package item's filter for the item's type; a
// filter left empty turns the item back into its source string.
func (e *Editor) togglePackage(it *Item, enabled bool) error {
	s, err := pkgmgr.ReadSettings(e.settingsFile(itemScope(it)))
	if err != nil {
		return err
	}
	pkgs := packageList(s)
	i := slices.IndexFunc(pkgs, func(p any) bool { return packageSource(p) == it.Meta.Source })
	if i < 0 {
		return nil
	}
	pkg := asObject(pkgs[i])
	pkgs[i] = pkg
	pattern := e.packagePattern(it)
	updated := slices.DeleteFunc(objectStrings(pkg, it.Type), func(p string) bool { return entryTarget(p) == pattern })
	updated = append(updated, sign(enabled)+pattern)
	setFilter(pkg, it.Type, updated)
	if !hasFilters(pkg) {
		pkgs[i] = packageSource(pkg)
	}
	s.Set("packages", pkgs)
	return s.Save()
}

// OverrideState is the project's override of the item (Inherit outside
// project mode).
func (e *Editor) OverrideState(it *Item) string {
	if e.WriteScope != "project" {
		return Inherit
	}
	s, err := pkgmgr.ReadSettings(e.settingsFile("project"))
	if err != nil {
		return Inherit
	}
	if it.Meta.Origin == "top-level" {
		return overrideFromEntries(stringList(s, it.Type), e.topLevelPatterns(it), false)
	}
	pkg, ok := e.matchingPackage(s, it).(*jsjson.Object)
	if !ok {
		return Inherit
	}
	v, present := pkg.Get(it.Type)
	if !present || v == nil {
		return Inherit
	}
	autoload, _ := pkg.Get("autoload")
	return overrideFromEntries(objectStrings(pkg, it.Type), map[string]bool{e.packagePattern(it): true}, autoload != false)
}

func overrideFromEntries(entries []string, patterns map[string]bool, emptyIsUnload bool) string {
	if len(entries) == 0 && emptyIsUnload {
		return Unload
	}
	state := Inherit
	for _, e := range entries {
		if !patterns[entryTarget(e)] {
			continue
		}
		if strings.HasPrefix(e, "!") || strings.HasPrefix(e, "-") {
			state = Unload
		} else {
			state = Load
		}
	}
	return state
}

// nextOverrideState cycles inherit -> the opposite of what is inherited
// -> the other -> inherit.
func (e *Editor) nextOverrideState(it *Item) string {
	on := e.inheritedEnabled(it)
	switch e.OverrideState(it) {
	case Inherit:
		if on {
			return Unload
		}
		return Load
	case Unload:
		if on {
			return Load
		}
		return Inherit
	}
	if on {
		return Inherit
	}
	return Unload
}

func (e *Editor) inheritedEnabled(it *Item) bool {
	if on, ok := e.inherited[itemKey(it)]; ok {
		return on
	}
	return itemScope(it) != "user" || it.Enabled
}

// InheritedGlobal reports a resource the global settings provide.
func (e *Editor) InheritedGlobal(it *Item) bool {
	_, ok := e.inherited[itemKey(it)]
	return itemScope(it) == "user" || ok
}

// Dimmed reports an inherited global resource the project leaves alone.
func (e *Editor) Dimmed(it *Item) bool {
	return e.WriteScope == "project" && e.InheritedGlobal(it) && e.OverrideState(it) == Inherit
}

func (e *Editor) setProjectOverride(it *Item, state string) (bool, error) {
	if it.Meta.Origin == "top-level" {
		return true, e.setProjectTopLevel(it, state)
	}
	return e.setProjectPackage(it, state)
}

func (e *Editor) setProjectTopLevel(it *Item, state string) error {
	s, err := pkgmgr.ReadSettings(e.settingsFile("project"))
	if err != nil {
		return err
	}
	inherited := e.InheritedGlobal(it)
	pattern := e.patternForScope(it, "project")
	if inherited {
		pattern = it.Path
	}
	patterns := e.topLevelPatterns(it)
	updated := slices.DeleteFunc(stringList(s, it.Type), func(entry string) bool {
		target := entryTarget(entry)
		if pathrules.IsOverride(entry) && patterns[target] {
			return true
		}
		return state == Inherit && inherited && target == pattern
	})
	if state != Inherit {
		// Project entries name inherited files to override them;
		// built-in paths need no entry.
		if inherited && it.Meta.Source != "builtin" && !slices.Contains(updated, pattern) {
			updated = append(updated, pattern)
		}
		updated = append(updated, sign(state == Load)+pattern)
	}
	s.Set(it.Type, anyList(updated))
	return s.Save()
}

func (e *Editor) setProjectPackage(it *Item, state string) (bool, error) {
	s, err := pkgmgr.ReadSettings(e.settingsFile("project"))
	if err != nil {
		return false, err
	}
	pkgs := packageList(s)
	i := slices.IndexFunc(pkgs, func(p any) bool {
		return e.sourcesMatch(it.Meta.Source, itemScope(it), packageSource(p), "project")
	})
	if i < 0 {
		if state == Inherit {
			return false, nil
		}
		pkgs = append(pkgs, e.packageOverrideSource(it))
		i = len(pkgs) - 1
	}
	pkg := asObject(pkgs[i])
	pkgs[i] = pkg
	pattern := e.packagePattern(it)
	updated := slices.DeleteFunc(objectStrings(pkg, it.Type), func(entry string) bool { return entryTarget(entry) == pattern })
	if state != Inherit {
		updated = append(updated, sign(state == Load)+pattern)
	}
	setFilter(pkg, it.Type, updated)
	if !hasFilters(pkg) {
		if autoload, _ := pkg.Get("autoload"); autoload == false {
			pkgs = slices.Delete(pkgs, i, i+1)
		} else {
			pkgs[i] = packageSource(pkg)
		}
	}
	s.Set("packages", pkgs)
	return true, s.Save()
}

// packageOverrideSource is a new project item that adjusts a user
// package: {source, autoload: false}, a local source made relative to the
// project's .pi.
func (e *Editor) packageOverrideSource(it *Item) *jsjson.Object {
	src := it.Meta.Source
	if pathrules.IsLocalSource(src) {
		abs := e.resolve(src, e.baseDir(itemScope(it)))
		src = relative(e.ProjectBase(), abs)
		if src == "" {
			src = "."
		}
	}
	return &jsjson.Object{{Key: "source", Value: src}, {Key: "autoload", Value: false}}
}

func (e *Editor) sourcesMatch(left, leftScope, right, rightScope string) bool {
	if left == right {
		return true
	}
	if !pathrules.IsLocalSource(left) || !pathrules.IsLocalSource(right) {
		return false
	}
	return e.resolve(left, e.baseDir(leftScope)) == e.resolve(right, e.baseDir(rightScope))
}

func (e *Editor) matchingPackage(s *pkgmgr.SettingsFile, it *Item) any {
	for _, p := range packageList(s) {
		if e.sourcesMatch(it.Meta.Source, itemScope(it), packageSource(p), "project") {
			return p
		}
	}
	return nil
}

// topLevelPatterns are the entries that name the item in the project's
// array: its scope pattern, its path, and paths relative to the project's
// .pi and the item's base directory.
func (e *Editor) topLevelPatterns(it *Item) map[string]bool {
	p := map[string]bool{
		e.patternForScope(it, "project"):   true,
		it.Path:                            true,
		relative(e.ProjectBase(), it.Path): true,
	}
	if it.Meta.BaseDir != "" {
		p[relative(it.Meta.BaseDir, it.Path)] = true
	}
	return p
}

func (e *Editor) patternForScope(it *Item, scope string) string {
	src := itemScope(it)
	if scope != src || it.Meta.Source == "builtin" {
		return it.Path
	}
	base := it.Meta.BaseDir
	if base == "" {
		base = e.baseDir(src)
	}
	return relative(base, it.Path)
}

// resourcePattern is getResourcePattern: a built-in's name, else the path
// relative to the item's base directory.
func (e *Editor) resourcePattern(it *Item) string {
	if it.Meta.Source == "builtin" {
		return it.Path
	}
	base := it.Meta.BaseDir
	if base == "" {
		base = e.baseDir(itemScope(it))
	}
	return relative(base, it.Path)
}

// packagePattern is the item's path relative to its package root.
func (e *Editor) packagePattern(it *Item) string {
	base := it.Meta.BaseDir
	if base == "" {
		base = filepath.Dir(it.Path)
	}
	return relative(base, it.Path)
}

// resolve is pi's resolvePath(source, base, {trim: true}).
func (e *Editor) resolve(p, base string) string {
	p = strings.TrimSpace(p)
	switch {
	case p == "~":
		return e.Home
	case strings.HasPrefix(p, "~/"):
		return filepath.Join(e.Home, p[2:])
	case filepath.IsAbs(p):
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// relative is Node's path.relative: "" for the same path.
func relative(from, to string) string {
	r, err := filepath.Rel(from, to)
	if err != nil {
		return to
	}
	if r == "." {
		return ""
	}
	return r
}

func entryTarget(e string) string {
	if pathrules.IsOverride(e) {
		return e[1:]
	}
	return e
}

func sign(on bool) string {
	if on {
		return "+"
	}
	return "-"
}

func stringList(s *pkgmgr.SettingsFile, key string) []string {
	v, _ := s.Get(key)
	return engine.Strings(v)
}

func objectStrings(o *jsjson.Object, key string) []string {
	v, _ := o.Get(key)
	return engine.Strings(v)
}

func anyList(list []string) []any {
	out := make([]any, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}

func packageList(s *pkgmgr.SettingsFile) []any {
	v, _ := s.Get("packages")
	list, _ := v.([]any)
	return slices.Clone(list)
}

func packageSource(p any) string {
	switch x := p.(type) {
	case string:
		return x
	case *jsjson.Object:
		v, _ := x.Get("source")
		s, _ := v.(string)
		return s
	}
	return ""
}

// asObject is a package item in object form (a copy; the string form
// becomes {source}).
func asObject(p any) *jsjson.Object {
	if o, ok := p.(*jsjson.Object); ok {
		c := slices.Clone(*o)
		return &c
	}
	return &jsjson.Object{{Key: "source", Value: packageSource(p)}}
}

// setFilter sets a filter list; an empty one is removed (pi assigns
// undefined, which JSON.stringify drops).
func setFilter(o *jsjson.Object, key string, list []string) {
	if len(list) == 0 {
		o.Delete(key)
		return
	}
	o.Set(key, anyList(list))
}

func hasFilters(o *jsjson.Object) bool {
	for _, t := range Types {
		if _, ok := o.Get(t); ok {
			return true
		}
	}
	return false
}

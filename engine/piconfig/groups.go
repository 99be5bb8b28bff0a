// Package piconfig is `pigo config`: which package resources load. It
// lists what pi's package manager resolves, grouped as pi 1.6's config
// selector shows it, and toggles a resource by writing the settings
// entries pi writes (global: "+path"/"-path" entries and package filters;
// project: overrides that cycle inherit, load, unload). The terminal UI
// lives in engine/tui; this package has no UI.
package piconfig

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/locale"
	"github.com/pigo-dev/pigo/engine/resources"
)

// Types are the resource types in pi's order, with their labels.
var Types = []string{"extensions", "skills", "prompts", "themes"}

var typeLabels = map[string]string{"extensions": "Extensions", "skills": "Skills", "prompts": "Prompts", "themes": "Themes"}

// Item is one resource the selector lists.
type Item struct {
	Path        string
	Enabled     bool
	Meta        resources.SourceInfo
	Type        string // one of Types
	DisplayName string
}

// Subgroup is one resource type within a Group.
type Subgroup struct {
	Type, Label string
	Items       []*Item
}

// Group is the resources of one origin, scope, source and base directory.
type Group struct {
	Key, Label            string
	Scope, Origin, Source string
	Subgroups             []*Subgroup
}

// collator orders names as JavaScript's localeCompare does for the
// strings resources are named with.

// Paths are the directories labels and patterns depend on.
type Paths struct {
	Cwd, AgentDir, Home string
}

// ProjectBase is the project's settings directory.
func (p Paths) ProjectBase() string { return filepath.Join(p.Cwd, ".pi") }

// shortenHome is pi's shortenHomePath.
func (p Paths) shortenHome(path string) string {
	if p.Home == "" || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(p.Home, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	if rel == "." {
		return "~"
	}
	return "~" + string(filepath.Separator) + rel
}

func (p Paths) formatBaseDir(dir string) string {
	s := filepath.ToSlash(p.shortenHome(dir))
	if !strings.HasSuffix(s, "/") {
		s += "/"
	}
	return s
}

// groupLabel is pi's getGroupLabel.
func (p Paths) groupLabel(m resources.SourceInfo) string {
	switch {
	case m.Origin == "package":
		return m.Source + " (" + m.Scope + ")"
	case m.Source == "builtin":
		if m.Scope == "user" {
			return "Built-in"
		}
		return "Built-in (project override)"
	case m.Source == "auto":
		if m.BaseDir != "" {
			if m.Scope == "user" {
				return "User (" + p.formatBaseDir(m.BaseDir) + ")"
			}
			return "Project (" + p.formatBaseDir(m.BaseDir) + ")"
		}
		if m.Scope == "user" {
			return "User (" + p.formatBaseDir(p.AgentDir) + ")"
		}
		return "Project (.pi/)"
	case m.Scope == "user":
		return "User settings"
	}
	return "Project settings"
}

// BuildGroups is pi's buildGroups: resources grouped by origin, scope,
// source and base directory; packages first, user before project; types
// in pi's order and items by name.
func BuildGroups(res resources.Resolved, p Paths) []*Group {
	var groups []*Group
	byKey := map[string]*Group{}
	add := func(list []resources.Resource, typ string) {
		for _, r := range list {
			m := r.Meta
			key := "top-level"
			if m.Origin == "package" {
				key = "package"
			}
			key += ":" + m.Scope + ":" + m.Source + ":" + m.BaseDir
			g := byKey[key]
			if g == nil {
				g = &Group{Key: key, Label: p.groupLabel(m), Scope: m.Scope, Origin: m.Origin, Source: m.Source}
				byKey[key] = g
				groups = append(groups, g)
			}
			i := slices.IndexFunc(g.Subgroups, func(s *Subgroup) bool { return s.Type == typ })
			if i < 0 {
				g.Subgroups = append(g.Subgroups, &Subgroup{Type: typ, Label: typeLabels[typ]})
				i = len(g.Subgroups) - 1
			}
			g.Subgroups[i].Items = append(g.Subgroups[i].Items, &Item{Path: m.Path, Enabled: r.Enabled, Meta: m, Type: typ, DisplayName: displayName(m, typ)})
		}
	}
	add(res.Extensions, "extensions")
	add(res.Skills, "skills")
	add(res.Prompts, "prompts")
	add(res.Themes, "themes")
	slices.SortStableFunc(groups, func(a, b *Group) int {
		if a.Origin != b.Origin {
			if a.Origin == "package" {
				return -1
			}
			return 1
		}
		if a.Scope != b.Scope {
			if a.Scope == "user" {
				return -1
			}
			return 1
		}
		return locale.Compare(a.Source, b.Source)
	})
	for _, g := range groups {
		slices.SortStableFunc(g.Subgroups, func(a, b *Subgroup) int { return slices.Index(Types, a.Type) - slices.Index(Types, b.Type) })
		for _, s := range g.Subgroups {
			slices.SortStableFunc(s.Items, func(a, b *Item) int { return locale.Compare(a.DisplayName, b.DisplayName) })
		}
	}
	return groups
}

// displayName is how pi names an item: a built-in by its name, an
// extension outside an "extensions" directory with its folder, a SKILL.md
// skill by its folder, anything else by its file name.
func displayName(m resources.SourceInfo, typ string) string {
	file, parent := filepath.Base(m.Path), filepath.Base(filepath.Dir(m.Path))
	switch {
	case m.Source == "builtin":
		return strings.TrimPrefix(m.Path, resources.BuiltinPrefix)
	case typ == "extensions" && parent != "extensions":
		return parent + "/" + file
	case typ == "skills" && file == "SKILL.md":
		return parent
	}
	return file
}

// Listings are the groups `pigo config` shows: resolved with the global
// settings only (what project mode inherits), and with the project's too
// (Project is Global for an untrusted project, whose files are skipped).
func Listings(p Paths, global, project map[string]any, projectTrusted bool, builtins []string) (globalGroups, projectGroups []*Group) {
	opts := resources.ResolveOptions{Cwd: p.Cwd, AgentDir: p.AgentDir, Home: p.Home, GlobalSettings: global,
		UntrustedProject: true, Builtins: builtins}
	globalGroups = BuildGroups(resources.Resolve(opts), p)
	if !projectTrusted {
		return globalGroups, globalGroups
	}
	opts.ProjectSettings, opts.UntrustedProject = project, false
	return globalGroups, BuildGroups(resources.Resolve(opts), p)
}

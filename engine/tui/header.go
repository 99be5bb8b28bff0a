package tui

import (
	"image/color"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/locale"
	"github.com/pigo-dev/pigo/engine/pkgmgr"
)

// pi 1.6's startup header (its BuiltInHeader) and loaded-resource
// listing (showLoadedResources): compact at first, the full key help and
// the resources' paths by scope once app.tools.expand expands the tools.
// The text, order and spacing are pi's byte for byte.

// loadedResources is the host's get_loaded_resources answer.
type loadedResources struct {
	contextFiles            []string
	skills, prompts         []namedResource
	skillDiags, promptDiags []resourceDiag
	// themes are the loaded themes (for their sourceInfo in the
	// diagnostics), themeDiags what pi lists under [Theme conflicts].
	themes     []namedResource
	themeDiags []resourceDiag
}

// namedResource is a skill or prompt template, or an extension (no name).
type namedResource struct {
	name, path string
	info       map[string]any // pi's sourceInfo; nil when unknown
}

// resourceDiag is pi's ResourceDiagnostic.
type resourceDiag struct {
	typ, message, path string
	collision          *resourceCollision
}

type resourceCollision struct{ name, winnerPath, loserPath string }

func (m *model) onLoadedResources(r response) {
	m.resourcesKnown = true
	if !r.ok {
		return // a host without get_loaded_resources lists extensions only
	}
	named := func(v any) []namedResource {
		list, _ := v.([]any)
		var out []namedResource
		for _, x := range list {
			o, _ := x.(map[string]any)
			n := namedResource{}
			n.name, _ = o["name"].(string)
			n.path, _ = o["path"].(string)
			n.info, _ = o["sourceInfo"].(map[string]any)
			out = append(out, n)
		}
		return out
	}
	diags := func(v any) []resourceDiag {
		list, _ := v.([]any)
		var out []resourceDiag
		for _, x := range list {
			o, _ := x.(map[string]any)
			d := resourceDiag{}
			d.typ, _ = o["type"].(string)
			d.message, _ = o["message"].(string)
			d.path, _ = o["path"].(string)
			if c, ok := o["collision"].(map[string]any); ok {
				rc := &resourceCollision{}
				rc.name, _ = c["name"].(string)
				rc.winnerPath, _ = c["winnerPath"].(string)
				rc.loserPath, _ = c["loserPath"].(string)
				d.collision = rc
			}
			out = append(out, d)
		}
		return out
	}
	m.resources = loadedResources{contextFiles: engine.Strings(r.data["contextFiles"]), skills: named(r.data["skills"]),
		prompts: named(r.data["prompts"]), skillDiags: diags(r.data["skillDiagnostics"]), promptDiags: diags(r.data["promptDiagnostics"]),
		themes: named(r.data["themes"]), themeDiags: diags(r.data["themeDiagnostics"])}
}

// startupExpanded is pi's getStartupExpansionState.
func (m *model) startupExpanded() bool { return m.opts.Verbose || m.vc.toolsExpanded }

// showStartupHeader is pi's shouldShowStartupHeader: quietStartup true
// hides the header (--verbose shows it anyway).
func (m *model) showStartupHeader() bool { return m.opts.Verbose || m.opts.QuietStartup != "true" }

// showStartupDetails is pi's shouldShowStartupDetails: the model scope
// and the resource listing, hidden by quietStartup true or "header".
func (m *model) showStartupDetails() bool {
	return m.opts.Verbose || (m.opts.QuietStartup != "true" && m.opts.QuietStartup != "header")
}

// builtInHeader is pi's BuiltInHeader text (without its padding): the
// logo with the version, and the compact key hints with the onboarding
// lines or, expanded, one key hint a line.
func (m *model) builtInHeader() string {
	th := m.th
	hint := func(action, desc string) string { return th.Fg("dim", m.keys.label(action)) + th.Fg("muted", " "+desc) }
	raw := func(keys, desc string) string { return th.Fg("dim", keys) + th.Fg("muted", " "+desc) }
	key := m.keys.label
	onboarding := th.Fg("dim", "Pi can explain its own features and look up its docs. Ask it how to use or extend Pi.")
	logo := func(hints string) string {
		top, bottom := piLogo()
		return top + " " + th.Fg("dim", "v"+Version) + "\n" + bottom + " " + hints
	}
	if m.startupExpanded() {
		return logo(strings.Join([]string{
			hint("app.interrupt", "to interrupt"),
			hint("app.clear", "to clear"),
			raw(key("app.clear")+" twice", "to exit"),
			hint("app.exit", "to exit (empty)"),
			hint("app.suspend", "to suspend"),
			hint("tui.editor.deleteToLineEnd", "to delete to end"),
			hint("app.thinking.cycle", "to cycle thinking level"),
			raw(key("app.model.cycleForward")+"/"+key("app.model.cycleBackward"), "to cycle models"),
			hint("app.model.select", "to select model"),
			hint("app.tools.expand", "to expand tools"),
			hint("app.thinking.toggle", "to expand thinking"),
			hint("app.editor.external", "for external editor"),
			raw("/", "for commands"),
			raw("!", "to run bash"),
			raw("!!", "to run bash (no context)"),
			hint("app.message.followUp", "to queue follow-up"),
			hint("app.message.dequeue", "to edit all queued messages"),
			hint("app.clipboard.pasteImage", "to paste files on macOS, images, or text"),
			raw("drop files", "to attach"),
		}, "\n")) + "\n\n" + onboarding
	}
	compact := strings.Join([]string{
		hint("app.interrupt", "interrupt"),
		raw(key("app.clear")+"/"+key("app.exit"), "clear/exit"),
		raw("/", "commands"),
		raw("!", "bash"),
		hint("app.tools.expand", "more"),
	}, th.Fg("muted", " · "))
	more := "Press " + key("app.tools.expand") + " to show full startup help"
	if m.showStartupDetails() {
		more += " and loaded resources"
	}
	return logo(compact) + "\n" + th.Fg("dim", more+".") + "\n\n" + onboarding
}

// pi's logo colours, the same in every theme.
var (
	logoCoral  = color.RGBA{228, 138, 122, 255}
	logoBlue   = color.RGBA{79, 142, 179, 255}
	logoYellow = color.RGBA{234, 182, 93, 255}
)

// piLogo is pi's piLogoLines: the logo's two lines, 4 cells wide (the
// top one padded), in pi's brand colours.
func piLogo() (top, bottom string) {
	const reset = "\x1b[0m"
	top = sgr(logoCoral, 38) + sgr(logoBlue, 48) + "▀" + reset + sgr(logoCoral, 38) + "▀█" + reset + " "
	bottom = sgr(logoBlue, 38) + "█▀" + reset + " " + sgr(logoYellow, 38) + "█" + reset
	return top, bottom
}

// resourceListing is pi's loaded-resources container: a section per kind
// of resource (compact, or by scope when expanded), then the loaders'
// warnings, each followed by a blank row. With the details hidden
// (quietStartup) only the warnings remain.
func (m *model) resourceListing() []string {
	th := m.th
	var out []string
	section := func(name, color, body string) {
		out = append(out, th.Fg(color, "["+name+"]"))
		out = append(out, strings.Split(body, "\n")...)
		out = append(out, "")
	}
	compactList := func(labels []string, sorted bool) string {
		var ls []string
		for _, l := range labels {
			if l = strings.TrimSpace(l); l != "" {
				ls = append(ls, l)
			}
		}
		if sorted {
			slices.SortStableFunc(ls, locale.Compare)
		}
		return th.Fg("dim", "  "+strings.Join(ls, ", "))
	}
	exts := m.extensionResources()
	r := m.resources
	expanded := m.startupExpanded()
	if m.showStartupDetails() {
		if len(r.contextFiles) > 0 {
			out = append(out, "")
			var body []string
			for _, f := range r.contextFiles {
				if expanded {
					body = append(body, th.Fg("dim", "  "+m.displayPath(f)))
				} else {
					body = append(body, m.contextPath(f))
				}
			}
			if expanded {
				section("Context", "mdHeading", strings.Join(body, "\n"))
			} else {
				section("Context", "mdHeading", compactList(body, false))
			}
		}
		if len(r.skills) > 0 {
			if expanded {
				section("Skills", "mdHeading", m.scopeGroups(r.skills, func(n namedResource) string { return m.displayPath(n.path) },
					func(n namedResource) string { return m.shortPath(n.path, n.info) }))
			} else {
				var names []string
				for _, s := range r.skills {
					names = append(names, s.name)
				}
				section("Skills", "mdHeading", compactList(names, true))
			}
		}
		if len(r.prompts) > 0 {
			if expanded {
				name := func(n namedResource) string { return "/" + n.name }
				section("Prompts", "mdHeading", m.scopeGroups(r.prompts, name, name))
			} else {
				var names []string
				for _, p := range r.prompts {
					names = append(names, "/"+p.name)
				}
				section("Prompts", "mdHeading", compactList(names, true))
			}
		}
		if len(exts) > 0 {
			if expanded {
				section("Extensions", "mdHeading", m.scopeGroups(exts, func(n namedResource) string { return extensionDisplayPath(m.displayPath(n.path)) },
					func(n namedResource) string { return extensionDisplayPath(m.shortPath(n.path, n.info)) }))
			} else {
				section("Extensions", "mdHeading", compactList(m.compactExtensionLabels(exts), true))
			}
		}
	}
	infos := map[string]map[string]any{}
	for _, list := range [][]namedResource{exts, r.skills, r.prompts, r.themes} {
		for _, n := range list {
			if n.info != nil {
				infos[n.path] = n.info
			}
		}
	}
	for _, d := range m.loadErrors {
		delete(infos, d.path) // pi knows no source of an extension it could not load
	}
	if len(r.skillDiags) > 0 {
		section("Skill warnings", "warning", m.formatDiagnostics(r.skillDiags, infos))
	}
	if len(r.promptDiags) > 0 {
		section("Prompt conflicts", "warning", m.formatDiagnostics(r.promptDiags, infos))
	}
	if d := m.extensionIssues(); len(d) > 0 {
		section("Extension issues", "warning", m.formatDiagnostics(d, infos))
	}
	if len(r.themeDiags) > 0 {
		section("Theme conflicts", "warning", m.formatDiagnostics(r.themeDiags, infos))
	}
	return out
}

// extensionIssues are pi's extension diagnostics the UI knows of: the
// extensions that failed to load, extension commands named as a built-in command (pi leaves them out of
// autocomplete; one registered by several extensions is invoked as
// /name:1, /name:2, ...), then the shortcut conflicts. The texts are pi
// 1.6's getBuiltInCommandConflictDiagnostics byte for byte.
func (m *model) extensionIssues() []resourceDiag {
	out := slices.Clone(m.loadErrors)
	numbered := map[string]int{} // a built-in name: how many extension commands are invoked as name:N
	for _, c := range m.commands {
		if base, ok := numberedInvocation(c.name); ok && c.source == "extension" && isBuiltinCommand(base) {
			numbered[base]++
		}
	}
	for _, c := range m.commands {
		if c.source != "extension" {
			continue
		}
		conflict := func(name, then string) {
			out = append(out, resourceDiag{typ: "warning", path: c.path,
				message: "Extension command '/" + name + "' conflicts with built-in interactive command. " + then})
		}
		if base, ok := numberedInvocation(c.name); ok && numbered[base] > 1 {
			conflict(base, "Available as '/"+c.name+"'.")
		} else if isBuiltinCommand(c.name) {
			conflict(c.name, "Skipping in autocomplete.")
		}
	}
	return append(out, m.shortcutDiags...)
}

// numberedInvocation splits the invocation name of a command that
// several extensions register, name:N, into name.
func numberedInvocation(invocation string) (name string, ok bool) {
	i := strings.LastIndexByte(invocation, ':')
	if i <= 0 || i == len(invocation)-1 {
		return "", false
	}
	for _, r := range invocation[i+1:] {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	return invocation[:i], true
}

// extensionResources are the loaded extension files, in load order, with
// their sourceInfo.
func (m *model) extensionResources() []namedResource {
	out := make([]namedResource, 0, len(m.extensions))
	for _, p := range m.extensions {
		out = append(out, namedResource{path: p, info: m.extInfo[p]})
	}
	return out
}

// displayPath is pi's formatDisplayPath (shortenHomePath): a path under
// the home directory as ~/….
func (m *model) displayPath(p string) string {
	if m.opts.Home == "" {
		return shortenHome(p)
	}
	return shortenHomeIn(m.opts.Home, p)
}

// contextPath is pi's formatContextPath: relative to the working
// directory when inside it, else the display path.
func (m *model) contextPath(p string) string {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(m.opts.Cwd, abs)
	}
	if rel, err := filepath.Rel(m.opts.Cwd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, "../") && !filepath.IsAbs(rel) {
		return rel
	}
	return m.displayPath(abs)
}

// extensionDisplayPath is pi's formatExtensionDisplayPath: a directory
// extension is named by its directory.
func extensionDisplayPath(p string) string {
	p = strings.TrimSuffix(p, "/index.ts")
	return strings.TrimSuffix(p, "/index.js")
}

func infoStr(info map[string]any, key string) string { s, _ := info[key].(string); return s }

// isPackageSource is pi's isPackageSource: an npm or git package.
func isPackageSource(info map[string]any) bool {
	s := infoStr(info, "source")
	return strings.HasPrefix(s, "npm:") || strings.HasPrefix(s, "git:")
}

// shortPath is pi's getShortPath: a package resource's path inside its
// package, anything else the display path.
func (m *model) shortPath(full string, info map[string]any) string {
	full = filepath.ToSlash(full)
	if base := filepath.ToSlash(infoStr(info, "baseDir")); base != "" && isPackageSource(info) {
		// a package in node_modules: a path under the same node_modules
		// keeps its place relative to the package (../other-pkg/...)
		if i := strings.LastIndex(base, "/node_modules/"); i >= 0 && packageDir(base[i+len("/node_modules/"):]) &&
			strings.HasPrefix(full, base[:i+len("/node_modules/")]) {
			if rel, err := filepath.Rel(base, full); err == nil {
				return filepath.ToSlash(rel)
			}
		}
		if rel, err := filepath.Rel(base, full); err == nil && rel != "." && !strings.HasPrefix(rel, "..") && !filepath.IsAbs(rel) {
			return filepath.ToSlash(rel)
		}
	}
	source := infoStr(info, "source")
	if i := strings.Index(full, "node_modules/"); i >= 0 && strings.HasPrefix(source, "npm:") {
		rest := full[i+len("node_modules/"):]
		skip := 1
		if strings.HasPrefix(rest, "@") {
			skip = 2
		}
		if parts := strings.SplitN(rest, "/", skip+1); len(parts) == skip+1 {
			return parts[skip]
		}
	}
	if i := strings.Index(full, "git/"); i >= 0 && strings.HasPrefix(source, "git:") {
		if parts := strings.SplitN(full[i+len("git/"):], "/", 3); len(parts) == 3 {
			return parts[2]
		}
	}
	return m.displayPath(full)
}

// packageDir says whether name is what pi's pattern takes for a package
// directory under node_modules: one or two path segments.
func packageDir(name string) bool {
	segs := strings.Split(name, "/")
	return len(segs) <= 2 && !slices.Contains(segs, "")
}

// compactExtensionLabels is pi's getCompactExtensionLabels: a package's
// extension as its package (and entry), a file by the fewest trailing
// path segments no other file shares.
func (m *model) compactExtensionLabels(exts []namedResource) []string {
	var local []namedResource
	for _, e := range exts {
		if !isPackageSource(e.info) {
			local = append(local, e)
		}
	}
	var paths []string
	for _, e := range local {
		paths = append(paths, m.displayPath(e.path))
	}
	labels := map[string]string{}
	for i, l := range compactLabelsOf(paths) {
		labels[local[i].path] = l
	}
	out := make([]string, 0, len(exts))
	for _, e := range exts {
		if l, ok := labels[e.path]; ok {
			out = append(out, l)
		} else {
			out = append(out, m.compactPackageLabel(e))
		}
	}
	return out
}

// compactPackageLabel is pi's getCompactExtensionLabel for a package's
// extension: the package, then ":" and the entry unless it is an index.
func (m *model) compactPackageLabel(e namedResource) string {
	source := infoStr(e.info, "source")
	label := source
	if rest, ok := strings.CutPrefix(source, "npm:"); ok {
		if rest != "" {
			label = rest
		}
	} else if g, err := pkgmgr.Parse(source); err == nil && g.Kind == pkgmgr.Git && g.Path != "" {
		label = g.Path
	}
	if label == "" {
		segs := strings.FieldsFunc(m.shortPath(e.path, e.info), func(r rune) bool { return r == '/' })
		if len(segs) > 0 && segs[len(segs)-1] != "~" {
			return segs[len(segs)-1]
		}
		return m.shortPath(e.path, e.info)
	}
	p := strings.TrimPrefix(m.shortPath(e.path, e.info), "extensions/")
	dir, file := path.Split(p)
	if strings.TrimSuffix(file, path.Ext(file)) == "index" {
		if dir = strings.TrimSuffix(dir, "/"); dir == "" || dir == "." {
			return label
		}
		return label + ":" + dir
	}
	return label + ":" + p
}

// scopeGroups is pi's formatScopeGroups(buildScopeGroups(items)): the
// project's, the user's, then the CLI's and temporary resources, each
// with its files sorted and then its packages, sorted, with their files.
func (m *model) scopeGroups(items []namedResource, formatPath, formatPackagePath func(namedResource) string) string {
	type group struct {
		scope    string
		paths    []namedResource
		packages map[string][]namedResource
	}
	groups := map[string]*group{}
	for _, s := range []string{"project", "user", "path"} {
		groups[s] = &group{scope: s, packages: map[string][]namedResource{}}
	}
	for _, it := range items {
		g := groups[scopeGroup(it.info)]
		if isPackageSource(it.info) {
			src := infoStr(it.info, "source")
			g.packages[src] = append(g.packages[src], it)
		} else {
			g.paths = append(g.paths, it)
		}
	}
	byPath := func(a, b namedResource) int { return locale.Compare(a.path, b.path) }
	var lines []string
	for _, s := range []string{"project", "user", "path"} {
		g := groups[s]
		if len(g.paths) == 0 && len(g.packages) == 0 {
			continue
		}
		lines = append(lines, "  "+m.th.Fg("accent", g.scope))
		slices.SortStableFunc(g.paths, byPath)
		for _, it := range g.paths {
			lines = append(lines, m.th.Fg("dim", "    "+formatPath(it)))
		}
		var sources []string
		for src := range g.packages {
			sources = append(sources, src)
		}
		slices.SortFunc(sources, locale.Compare)
		for _, src := range sources {
			lines = append(lines, "    "+m.th.Fg("mdLink", src))
			list := g.packages[src]
			slices.SortStableFunc(list, byPath)
			for _, it := range list {
				lines = append(lines, m.th.Fg("dim", "      "+formatPackagePath(it)))
			}
		}
	}
	return strings.Join(lines, "\n")
}

// scopeGroup is pi's getScopeGroup.
func scopeGroup(info map[string]any) string {
	source, scope := infoStr(info, "source"), infoStr(info, "scope")
	if source == "" {
		source = "local"
	}
	if scope == "" {
		scope = "project"
	}
	switch {
	case source == "cli" || scope == "temporary":
		return "path"
	case scope == "user", scope == "project":
		return scope
	}
	return "path"
}

// formatDiagnostics is pi's formatDiagnostics: collisions grouped by
// name (the winner, then each skipped loser), then the other problems.
func (m *model) formatDiagnostics(diags []resourceDiag, infos map[string]map[string]any) string {
	th := m.th
	var lines []string
	var names []string
	collisions := map[string][]resourceDiag{}
	var others []resourceDiag
	for _, d := range diags {
		if d.typ == "collision" && d.collision != nil {
			if _, ok := collisions[d.collision.name]; !ok {
				names = append(names, d.collision.name)
			}
			collisions[d.collision.name] = append(collisions[d.collision.name], d)
		} else {
			others = append(others, d)
		}
	}
	for _, name := range names {
		list := collisions[name]
		first := list[0].collision
		lines = append(lines, th.Fg("warning", `  "`+name+`" collision:`))
		lines = append(lines, th.Fg("dim", "    "+th.Fg("success", "✓")+" "+m.pathWithSource(first.winnerPath, infos)))
		for _, d := range list {
			lines = append(lines, th.Fg("dim", "    "+th.Fg("warning", "✗")+" "+m.pathWithSource(d.collision.loserPath, infos)+" (skipped)"))
		}
	}
	for _, d := range others {
		color := "warning"
		if d.typ == "error" {
			color = "error"
		}
		if d.path != "" {
			lines = append(lines, th.Fg(color, "  "+m.pathWithSource(d.path, infos)), th.Fg(color, "    "+d.message))
		} else {
			lines = append(lines, th.Fg(color, "  "+d.message))
		}
	}
	return strings.Join(lines, "\n")
}

// pathWithSource is pi's formatPathWithSource with findSourceInfoForPath:
// the sourceInfo of the path or of its nearest listed parent labels it
// ("user", "project", "path", a package's source, with its scope).
func (m *model) pathWithSource(p string, infos map[string]map[string]any) string {
	info, ok := infos[p]
	for cur := p; !ok && strings.Contains(cur, "/"); {
		cur = cur[:strings.LastIndex(cur, "/")]
		info, ok = infos[cur]
	}
	if !ok {
		return m.displayPath(p)
	}
	label, scopeLabel := displaySource(info)
	if scopeLabel != "" {
		label += " (" + scopeLabel + ")"
	}
	return label + " " + m.shortPath(p, info)
}

// displaySource is pi's getDisplaySourceInfo: a label and a scope label.
func displaySource(info map[string]any) (label, scopeLabel string) {
	source, scope := infoStr(info, "source"), infoStr(info, "scope")
	if source == "" {
		source = "local"
	}
	if scope == "" {
		scope = "project"
	}
	switch source {
	case "local":
		switch scope {
		case "user", "project":
			return scope, ""
		case "temporary":
			return "path", "temp"
		}
		return "path", ""
	case "cli":
		if scope == "temporary" {
			return "path", "temp"
		}
		return "path", ""
	}
	switch scope {
	case "user", "project":
		scopeLabel = scope
	case "temporary":
		scopeLabel = "temp"
	}
	return source, scopeLabel
}

// wrapPadded is pi-tui's Text: styled text wrapped to the width less
// pad columns on each side, each line indented by pad.
func wrapPadded(text string, width, pad int) []string {
	lines := wrapText(text, max(1, width-2*pad))
	for i, l := range lines {
		lines[i] = strings.Repeat(" ", pad) + l
	}
	return lines
}

// compactLabelsOf is pi's getCompactNonPackageExtensionLabel for display
// paths, in their order: the fewest trailing segments (a last index.ts or
// index.js dropped, "~" not counted) that no other path ends with.
func compactLabelsOf(paths []string) []string {
	segs := make([][]string, len(paths))
	for i, p := range paths {
		for _, s := range strings.Split(filepath.ToSlash(p), "/") {
			if s != "" && s != "~" {
				segs[i] = append(segs[i], s)
			}
		}
		if n := len(segs[i]); n > 1 && (segs[i][n-1] == "index.ts" || segs[i][n-1] == "index.js") {
			segs[i] = segs[i][:n-1]
		}
	}
	labels := make([]string, len(paths))
	for i, s := range segs {
		labels[i] = strings.Join(s, "/")
		for n := 1; n <= len(s); n++ {
			cand := strings.Join(s[len(s)-n:], "/")
			unique := true
			for j, o := range segs {
				if j != i && strings.Join(o[max(0, len(o)-n):], "/") == cand {
					unique = false
				}
			}
			if unique {
				labels[i] = cand
				break
			}
		}
	}
	return labels
}

package resources

import (
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/pigo-dev/pigo/engine/pathrules"
)

// SourceInfo is pi's sourceInfo of a resource: where it came from.
type SourceInfo struct {
	Path string
	// Source is "local", "auto" (auto-discovered), "cli", a package's
	// source string, or "extension:<name>" (resources_discover).
	Source string
	Scope  string // "user", "project" or "temporary"
	Origin string // "top-level" or "package"
	// BaseDir is the directory the resource belongs to; "" where pi leaves
	// it undefined.
	BaseDir string
}

// Map is the sourceInfo object pi sends (baseDir omitted when unset).
func (s SourceInfo) Map() map[string]any {
	m := map[string]any{"path": s.Path, "source": s.Source, "scope": s.Scope, "origin": s.Origin}
	if s.BaseDir != "" {
		m["baseDir"] = s.BaseDir
	}
	return m
}

// Diagnostic is a problem met while loading, as pi records it.
type Diagnostic struct {
	Type      string // "warning", "error" or "collision"
	Message   string
	Path      string     // the file or path concerned
	Collision *Collision // for Type "collision"
}

func (d Diagnostic) String() string { return d.Type + ": " + d.Path + ": " + d.Message }

// Collision says which of two same-named resources won (the first found).
type Collision struct {
	ResourceType string // "skill", "prompt" or "theme"
	Name         string
	WinnerPath   string
	LoserPath    string
}

// Options say where to look. Cwd and AgentDir are required and absolute.
type Options struct {
	Cwd      string
	AgentDir string
	// Home expands "~" in settings and CLI paths and locates
	// ~/.agents/skills.
	Home string
	// GlobalSettings and ProjectSettings are the decoded
	// <agentDir>/settings.json and <cwd>/.pi/settings.json (nil when
	// absent); their `skills`, `prompts` and `packages` keys are read.
	GlobalSettings, ProjectSettings map[string]any
	// ExtensionSources are the CLI -e values: local package directories
	// among them contribute their skills and prompts.
	ExtensionSources []string
	// SkillPaths and PromptPaths are the --skill and --prompt-template
	// values (files or directories, relative to Cwd).
	SkillPaths, PromptPaths []string
	// NoSkills and NoPromptTemplates are --no-skills and
	// --no-prompt-templates: nothing is discovered, but SkillPaths and
	// PromptPaths (and -e packages) still load.
	NoSkills, NoPromptTemplates bool
	// UntrustedProject skips the project's own directories (.pi/skills,
	// .pi/prompts, .agents/skills in cwd and its ancestors), as pi 1.6
	// does for a project it does not trust; pass no ProjectSettings then.
	UntrustedProject bool
}

// Set is the prompt templates and skills of one load, extended by what
// extensions add later (Extend). Safe for concurrent use.
type Set struct {
	opts Options
	res  resolver

	mu                            sync.Mutex
	skills                        []Skill
	skillDiags                    []Diagnostic
	prompts                       []PromptTemplate
	promptDiags                   []Diagnostic
	lastSkillPaths, lastPrompts   []string
	extSkillInfos, extPromptInfos []SourceInfo // resources_discover paths, in order
	meta                          *metaIndex   // the resolved paths' metadata, set by Load
}

// Load finds and loads the prompt templates and skills pi 1.6 would,
// in pi's order: -e package resources, then settings-resolved ones
// (project entries, project auto-discovery, user entries, user
// auto-discovery, settings packages), then --skill / --prompt-template
// paths. The first of a name wins.
func Load(opts Options) *Set {
	s := &Set{opts: opts, res: resolver{cwd: opts.Cwd, agentDir: opts.AgentDir, home: opts.Home, untrusted: opts.UntrustedProject}}
	acc := s.res.resolve(opts.GlobalSettings, opts.ProjectSettings)
	meta := &metaIndex{}
	s.meta = meta // pi 1.6 keeps it for extendResources
	enabled := func(list []resolved) []string {
		var out []string
		for _, r := range list {
			meta.setIfAbsent(r.path, r.meta)
			if r.enabled {
				out = append(out, r.path)
			}
		}
		return out
	}
	settingsSkills := enabled(acc.result(kindSkills))
	settingsPrompts := enabled(acc.result(kindPrompts))
	cli := s.res.extensionSources(cliPaths(opts.Cwd, opts.ExtensionSources))
	cliSkillList := cli.result(kindSkills)
	for _, r := range cliSkillList {
		meta.setIfAbsent(r.path, SourceInfo{Source: "cli", Scope: "temporary", Origin: "top-level"})
	}
	cliSkills := enabled(cliSkillList)
	cliPrompts := enabled(cli.result(kindPrompts))

	addSkills := cliPaths(opts.Cwd, opts.SkillPaths)
	if !opts.NoSkills {
		cliSkills = append(cliSkills, settingsSkills...)
	}
	addPrompts := cliPaths(opts.Cwd, opts.PromptPaths)
	if !opts.NoPromptTemplates {
		cliPrompts = append(cliPrompts, settingsPrompts...)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lastSkillPaths = s.mergePaths(cliSkills, addSkills)
	s.updateSkillsLocked(meta)
	for _, p := range addSkills {
		if pathrules.IsLocalSource(p) && !exists(p) && !slices.ContainsFunc(s.skillDiags, func(d Diagnostic) bool { return d.Path == p }) {
			s.skillDiags = append(s.skillDiags, Diagnostic{Type: "error", Message: "Skill path does not exist", Path: p})
		}
	}
	s.lastPrompts = s.mergePaths(cliPrompts, addPrompts)
	s.updatePromptsLocked(meta)
	for _, p := range addPrompts {
		if pathrules.IsLocalSource(p) && !exists(p) && !slices.ContainsFunc(s.promptDiags, func(d Diagnostic) bool { return d.Path == p }) {
			s.promptDiags = append(s.promptDiags, Diagnostic{Type: "error", Message: "Prompt template path does not exist", Path: p})
		}
	}
	return s
}

// cliPaths is pi's resolveCliPaths: local values resolved against cwd
// (no "~" expansion; the shell does that).
func cliPaths(cwd string, vals []string) []string {
	out := make([]string, 0, len(vals))
	for _, v := range vals {
		if pathrules.IsLocalSource(v) {
			if !filepath.IsAbs(v) {
				v = filepath.Join(cwd, v)
			}
			v = filepath.Clean(v)
		}
		out = append(out, v)
	}
	return out
}

// ExtensionPath is one path an extension's resources_discover handler
// returned.
type ExtensionPath struct {
	Path string `json:"path"`
	// Extension is the path of the extension that returned it (or a
	// "<name>" placeholder for an inline one).
	Extension string `json:"extension"`
}

// Extend adds the skill and prompt paths extensions returned from
// resources_discover, as pi's extendResources does: they are labelled
// "extension:<name>" (temporary, top-level, based in the extension's
// directory), merged after the paths loaded so far, and each kind that
// got new paths is reloaded. It reports whether anything was added.
func (s *Set) Extend(skillPaths, promptPaths []ExtensionPath) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	norm := func(list []ExtensionPath, infos *[]SourceInfo) []string {
		var paths []string
		for _, e := range list {
			p := s.resourcePath(e.Path)
			info := SourceInfo{Path: p, Source: extensionLabel(e.Extension), Scope: "temporary", Origin: "top-level"}
			if !strings.HasPrefix(e.Extension, "<") {
				info.BaseDir = filepath.Dir(e.Extension)
			}
			if i := slices.IndexFunc(*infos, func(x SourceInfo) bool { return x.Path == p }); i >= 0 {
				(*infos)[i] = info
			} else {
				*infos = append(*infos, info)
			}
			paths = append(paths, p)
		}
		return paths
	}
	sp := norm(skillPaths, &s.extSkillInfos)
	pp := norm(promptPaths, &s.extPromptInfos)
	if len(sp) > 0 {
		s.lastSkillPaths = s.mergePaths(s.lastSkillPaths, sp)
		s.updateSkillsLocked(s.meta)
	}
	if len(pp) > 0 {
		s.lastPrompts = s.mergePaths(s.lastPrompts, pp)
		s.updatePromptsLocked(s.meta)
	}
	return len(sp) > 0 || len(pp) > 0
}

// extensionLabel is pi's getExtensionSourceLabel.
func extensionLabel(ext string) string {
	if strings.HasPrefix(ext, "<") {
		return "extension:" + strings.NewReplacer("<", "", ">", "").Replace(ext)
	}
	base := filepath.Base(ext)
	if strings.HasSuffix(base, ".ts") || strings.HasSuffix(base, ".js") {
		base = base[:len(base)-3]
	}
	return "extension:" + base
}

// Skills returns the loaded skills, first-found first.
func (s *Set) Skills() []Skill {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.skills)
}

// PromptTemplates returns the loaded prompt templates.
func (s *Set) PromptTemplates() []PromptTemplate {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.prompts)
}

// SkillDiagnostics returns the problems met loading skills: warnings
// (invalid frontmatter, names breaking the specification, missing paths),
// then name collisions, then missing --skill paths.
func (s *Set) SkillDiagnostics() []Diagnostic {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.skillDiags)
}

// PromptDiagnostics returns template name collisions and missing
// --prompt-template paths (pi skips unreadable templates silently).
func (s *Set) PromptDiagnostics() []Diagnostic {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.promptDiags)
}

// Expand is what pi does to a prompt before sending it: "/skill:name args"
// becomes the skill's block, then "/template args" the template's
// content. A skill file that cannot be read leaves the text as it was and
// is returned as the error.
func (s *Set) Expand(text string) (string, *SkillError) {
	if !strings.HasPrefix(text, "/") {
		return text, nil
	}
	s.mu.Lock()
	skills, prompts := s.skills, s.prompts
	s.mu.Unlock()
	out, err := ExpandSkillCommand(text, skills)
	return ExpandPromptTemplate(out, prompts), err
}

// Command is a slash command pi lists next to the extension commands.
type Command struct {
	Name        string // template name, or "skill:<name>"
	Description string
	Source      string // "prompt" or "skill"
	SourceInfo  SourceInfo
}

// Commands lists the templates, then the skills as "skill:<name>", as
// pi's get_commands and pi.getCommands() do after the extension commands.
func (s *Set) Commands() []Command {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Command, 0, len(s.prompts)+len(s.skills))
	for _, t := range s.prompts {
		out = append(out, Command{Name: t.Name, Description: t.Description, Source: "prompt", SourceInfo: t.SourceInfo})
	}
	for _, sk := range s.skills {
		out = append(out, Command{Name: "skill:" + sk.Name, Description: sk.Description, Source: "skill", SourceInfo: sk.SourceInfo})
	}
	return out
}

// updateSkillsLocked is updateSkillsFromPaths: load lastSkillPaths and
// give each skill the source info of the resources_discover path or the
// resolved path it came from. Caller holds s.mu.
func (s *Set) updateSkillsLocked(meta *metaIndex) {
	s.skills, s.skillDiags = nil, nil
	if s.opts.NoSkills && len(s.lastSkillPaths) == 0 {
		return
	}
	s.skills, s.skillDiags = loadSkills(s.opts.Cwd, s.opts.AgentDir, s.lastSkillPaths, false)
	for i := range s.skills {
		if info, ok := findSourceInfo(s.skills[i].FilePath, s.extSkillInfos, meta); ok {
			s.skills[i].SourceInfo = info
		}
	}
}

// updatePromptsLocked is updatePromptsFromPaths. Caller holds s.mu.
func (s *Set) updatePromptsLocked(meta *metaIndex) {
	s.prompts, s.promptDiags = nil, nil
	if s.opts.NoPromptTemplates && len(s.lastPrompts) == 0 {
		return
	}
	s.prompts, s.promptDiags = dedupePrompts(loadPromptTemplates(s.opts.Cwd, s.opts.AgentDir, s.lastPrompts))
	for i := range s.prompts {
		if info, ok := findSourceInfo(s.prompts[i].FilePath, s.extPromptInfos, meta); ok {
			s.prompts[i].SourceInfo = info
		}
	}
}

// findSourceInfo is pi's findSourceInfoForPath: a resources_discover path
// equal to or containing p, else the resolved path equal to p, else one
// containing it.
func findSourceInfo(p string, ext []SourceInfo, meta *metaIndex) (SourceInfo, bool) {
	norm := filepath.Clean(p)
	within := func(root string) bool {
		root = filepath.Clean(root)
		return norm == root || strings.HasPrefix(norm, root+string(filepath.Separator))
	}
	for _, info := range ext {
		if within(info.Path) {
			info.Path = p
			return info, true
		}
	}
	if meta == nil {
		return SourceInfo{}, false
	}
	for _, e := range meta.list {
		if e.path == norm || e.path == p {
			e.meta.Path = p
			return e.meta, true
		}
	}
	for _, e := range meta.list {
		if within(e.path) {
			e.meta.Path = p
			return e.meta, true
		}
	}
	return SourceInfo{}, false
}

// metaIndex is pi's metadataByPath: the metadata of every resolved path,
// the first recorded winning.
type metaIndex struct {
	list []struct {
		path string
		meta SourceInfo
	}
}

func (m *metaIndex) setIfAbsent(p string, meta SourceInfo) {
	for _, e := range m.list {
		if e.path == p {
			return
		}
	}
	m.list = append(m.list, struct {
		path string
		meta SourceInfo
	}{p, meta})
}

// mergePaths is pi's mergePaths: every path resolved against Cwd ("~"
// expanded), one per real path.
func (s *Set) mergePaths(primary, additional []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range append(slices.Clone(primary), additional...) {
		r := s.resourcePath(p)
		c := pathrules.Canonical(r)
		if seen[c] {
			continue
		}
		seen[c] = true
		out = append(out, r)
	}
	return out
}

// resourcePath is pi's resolveResourcePath.
func (s *Set) resourcePath(p string) string {
	p = strings.TrimSpace(p)
	if h, ok := s.res.expandHome(p); ok {
		p = h
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.opts.Cwd, p)
	}
	return filepath.Clean(p)
}

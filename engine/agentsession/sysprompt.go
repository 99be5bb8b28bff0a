package agentsession

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/resources"
	pisession "github.com/pigo-dev/pigo/engine/session"
)

// systemPromptInput is what pi's buildSystemPromptSections takes, less
// the active tools (given per build): read from files when the
// resources load, not on every turn.
type systemPromptInput struct {
	custom       string // --system-prompt text or file contents, or .pi/SYSTEM.md
	append       []string
	cwd          string
	contextFiles []contextFile // AGENTS.md / CLAUDE.md
	skills       []resources.Skill
	// customPath and appendPaths are the files custom and append were
	// read from (pi's getSystemPromptSource and
	// getAppendSystemPromptSources), listed under [Context].
	customPath  string
	appendPaths []string
}

// resolvePromptInput is pi's resolvePromptInput: a path that exists is
// read, anything else is the text itself. file is the path read ("" for
// text).
func resolvePromptInput(fsys FS, cwd, input string) (text, file string) {
	p := input
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	if st, err := fsys.Stat(p); err == nil && !st.IsDir() {
		if data, err := fsys.ReadFile(p); err == nil {
			return string(data), p
		}
	}
	return input, ""
}

// discoverPromptFile is pi's discoverSystemPromptFile /
// discoverAppendSystemPromptFile: <cwd>/.pi/<name> in a trusted project,
// else <agentDir>/<name>.
func discoverPromptFile(fsys FS, cwd, agentDir, name string, projectTrusted bool) string {
	paths := []string{filepath.Join(agentDir, name)}
	if projectTrusted {
		paths = append([]string{filepath.Join(cwd, ".pi", name)}, paths...)
	}
	for _, p := range paths {
		if _, err := fsys.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

type contextFile struct{ path, content string }

// loadContextFiles is pi's loadProjectContextFiles: the agent dir's
// AGENTS.md/CLAUDE.md, then the ones of cwd's ancestors, outermost first.
func loadContextFiles(fsys FS, cwd, agentDir string) []contextFile {
	fromDir := func(dir string) *contextFile {
		for _, n := range []string{"AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"} {
			p := filepath.Join(dir, n)
			if data, err := fsys.ReadFile(p); err == nil {
				return &contextFile{p, string(data)}
			}
		}
		return nil
	}
	var out []contextFile
	seen := map[string]bool{}
	if c := fromDir(agentDir); c != nil {
		out = append(out, *c)
		seen[c.path] = true
	}
	var anc []contextFile
	for dir := cwd; ; {
		if c := fromDir(dir); c != nil && !seen[c.path] {
			anc = append([]contextFile{*c}, anc...)
			seen[c.path] = true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return append(out, anc...)
}

// promptPreamble is pi 1.6's preamble, naming pigo. pi's prompt also has
// a "docs" section pointing at pi's installed documentation; pigo does
// not ship pi's docs, so it has none.
const promptPreamble = "You are a coding assistant running inside pigo, a coding agent harness compatible with pi. " +
	"Help users inspect files, run commands, and modify code."

// promptOptions is pi 1.6's BuildSystemPromptOptions for the active
// tools, given the tools' prompt snippets and guidelines
// (toolPromptTexts), in the shape extensions see and may change
// (normalizeBuildSystemPromptOptions): ctx.getSystemPromptOptions() and
// before_agent_start's event.systemPromptOptions.
func promptOptions(in systemPromptInput, selected []string, snippets map[string]string, toolGuidelines map[string][]string) map[string]any {
	tools := make([]any, len(selected))
	for i, n := range selected {
		tools[i] = n
	}
	snips := make(map[string]any, len(snippets))
	for n, s := range snippets {
		snips[n] = s
	}
	guides := make(map[string]any, len(toolGuidelines))
	for n, gs := range toolGuidelines {
		list := make([]any, len(gs))
		for i, g := range gs {
			list[i] = g
		}
		guides[n] = list
	}
	files := make([]any, len(in.contextFiles))
	for i, f := range in.contextFiles {
		files[i] = map[string]any{"path": f.path, "content": f.content}
	}
	skills := make([]any, len(in.skills))
	for i, sk := range in.skills {
		skills[i] = map[string]any{"name": sk.Name, "description": sk.Description, "filePath": sk.FilePath, "baseDir": sk.BaseDir,
			"disableModelInvocation": sk.DisableModelInvocation}
	}
	o := map[string]any{"selectedTools": tools, "hiddenTools": []any{}, "toolSnippets": snips, "toolGuidelines": guides,
		"promptGuidelines": []any{}, "appendSystemPrompt": strings.Join(in.append, "\n\n"), "sections": &jsjson.Object{},
		"cwd": in.cwd, "contextFiles": files, "skills": skills}
	if in.custom != "" {
		o["customPrompt"] = in.custom
	}
	return o
}

// buildSystemPromptSections is pi 1.6's buildSystemPromptSections for
// the active tools (promptOptions, then sectionsFromOptions).
func buildSystemPromptSections(in systemPromptInput, selected []string, snippets map[string]string, toolGuidelines map[string][]string) *jsjson.Object {
	sections, _ := sectionsFromOptions(promptOptions(in, selected, snippets, toolGuidelines)) // no custom sections: no error
	return sections
}

// systemPromptSectionName is what pi accepts as a custom section's name.
var systemPromptSectionName = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

// sectionsFromOptions is pi 1.6's buildSystemPromptSections of options as
// promptOptions makes them or an extension left them (a missing or
// mistyped field counts as empty): the named sections of the prompt, each
// but the preamble wrapped in <name>...</name>; pi's text, byte for byte,
// but pigo's preamble and no "docs" section (pigo does not ship pi's
// docs). A custom section with an invalid name is pi's error.
func sectionsFromOptions(o map[string]any) (*jsjson.Object, error) {
	custom := pisession.Sections(o["sections"])
	for _, sec := range custom {
		if !systemPromptSectionName.MatchString(sec.Key) || sec.Key == "preamble" {
			return nil, fmt.Errorf("Invalid system prompt section name: %s", sec.Key) // pi's wording
		}
	}
	selected, hidden := engine.Strings(o["selectedTools"]), engine.Strings(o["hiddenTools"])
	declared := slices.DeleteFunc(slices.Clone(selected), func(n string) bool { return slices.Contains(hidden, n) })
	var raw jsjson.Object // pi's order: a custom section named as a built one takes its place
	if c, _ := o["customPrompt"].(string); c != "" {
		raw.Set("preamble", c)
	} else {
		raw.Set("preamble", promptPreamble)
		snippets, _ := o["toolSnippets"].(map[string]any)
		var lines []string
		for _, n := range declared {
			if s, _ := snippets[n].(string); s != "" {
				lines = append(lines, "- "+n+": "+s)
			}
		}
		tools := "(none)"
		if len(lines) > 0 {
			tools = strings.Join(lines, "\n")
		}
		raw.Set("tools", tools+"\n\nAdditional tools may be available.")
		guides := map[string][]string{}
		if g, ok := o["toolGuidelines"].(map[string]any); ok {
			for n, list := range g {
				guides[n] = engine.Strings(list)
			}
		}
		raw.Set("rules", promptRules(declared, guides, engine.Strings(o["promptGuidelines"])))
	}
	if a, _ := o["appendSystemPrompt"].(string); a != "" {
		raw.Set("addendum", a)
	}
	if files, _ := o["contextFiles"].([]any); len(files) > 0 {
		parts := []string{"Project-specific instructions and guidelines:"}
		for _, f := range files {
			m, _ := f.(map[string]any)
			path, _ := m["path"].(string)
			content, _ := m["content"].(string)
			parts = append(parts, "<project_instructions path=\""+path+"\">\n"+content+"\n</project_instructions>")
		}
		raw.Set("project_context", strings.Join(parts, "\n\n"))
	}
	// A hidden reader is still reachable through another tool, so skills
	// stay but the hint names no tool.
	reader := ""
	for _, r := range []string{"read", "bash"} {
		if slices.Contains(declared, r) {
			reader = r
			break
		}
	}
	if reader == "" && (slices.Contains(selected, "read") || slices.Contains(selected, "bash")) {
		reader = "indirect"
	}
	if skills := optSkills(o["skills"]); reader != "" && len(skills) > 0 {
		if s := strings.TrimSpace(resources.FormatSkillsForPrompt(skills, reader)); s != "" {
			raw.Set("skills", s)
		}
	}
	cwd, _ := o["cwd"].(string)
	raw.Set("cwd", strings.ReplaceAll(cwd, `\`, "/"))
	for _, sec := range custom {
		if t, _ := sec.Value.(string); t != "" {
			raw.Set(sec.Key, t)
		}
	}
	for i, sec := range raw {
		if sec.Key != "preamble" {
			raw[i].Value = "<" + sec.Key + ">\n" + sec.Value.(string) + "\n</" + sec.Key + ">"
		}
	}
	return &raw, nil
}

// optSkills reads the skills of prompt options back.
func optSkills(v any) []resources.Skill {
	list, _ := v.([]any)
	out := make([]resources.Skill, 0, len(list))
	for _, x := range list {
		m, _ := x.(map[string]any)
		if m == nil {
			continue
		}
		sk := resources.Skill{}
		sk.Name, _ = m["name"].(string)
		sk.Description, _ = m["description"].(string)
		sk.FilePath, _ = m["filePath"].(string)
		sk.BaseDir, _ = m["baseDir"].(string)
		sk.DisableModelInvocation, _ = m["disableModelInvocation"].(bool)
		out = append(out, sk)
	}
	return out
}

// toolPromptTexts are the registered tools' prompt snippets (on one
// line) and guidelines.
func toolPromptTexts(h *engine.Host) (snippets map[string]string, guidelines map[string][]string) {
	snippets, guidelines = map[string]string{}, map[string][]string{}
	if h == nil {
		return
	}
	for _, e := range h.Tools().Current().Entries() {
		if s, ok := e.Value.Extra["promptSnippet"].(string); ok {
			if s = strings.Join(strings.Fields(s), " "); s != "" {
				snippets[e.ID] = s
			}
		}
		if gs, ok := e.Value.Extra["promptGuidelines"].([]any); ok {
			for _, g := range gs {
				if s, ok := g.(string); ok {
					guidelines[e.ID] = append(guidelines[e.ID], s)
				}
			}
		}
	}
	return
}

// promptRules is pi 1.6's buildRules.
func promptRules(selected []string, toolGuidelines map[string][]string, promptGuidelines []string) string {
	var rules []string
	add := func(r string) {
		if r = strings.TrimSpace(r); r != "" && !slices.Contains(rules, r) {
			rules = append(rules, r)
		}
	}
	has := func(n string) bool { return slices.Contains(selected, n) }
	if (has("bash") || has("powershell")) && !has("grep") && !has("find") && !has("ls") {
		switch {
		case has("bash") && has("powershell"):
			add("Use bash or PowerShell for file operations like listing, searching, and finding files")
		case has("powershell"):
			add("Use PowerShell for file operations like listing, searching, and finding files")
		default:
			add("Use bash for file operations like ls, rg, find")
		}
	}
	for _, n := range selected {
		for _, g := range toolGuidelines[n] {
			add(g)
		}
	}
	for _, g := range promptGuidelines {
		add(g)
	}
	add("Be concise in your responses")
	add("Show file paths clearly when working with files")
	out := make([]string, len(rules))
	for i, r := range rules {
		out[i] = "- " + r
	}
	return strings.Join(out, "\n")
}

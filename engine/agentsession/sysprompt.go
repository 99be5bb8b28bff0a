package agentsession

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/resources"
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

// buildSystemPromptSections is pi 1.6's buildSystemPromptSections for
// the active tools, given the tools' prompt snippets and guidelines
// (toolPromptTexts): the named sections of the prompt, each but the
// preamble wrapped in <name>...</name>; pi's text, byte for byte.
func buildSystemPromptSections(in systemPromptInput, selected []string, snippets map[string]string, toolGuidelines map[string][]string) map[string]any {
	raw := map[string]string{}
	if in.custom != "" {
		raw["preamble"] = in.custom
	} else {
		raw["preamble"] = promptPreamble
		var lines []string
		for _, n := range selected {
			if s := snippets[n]; s != "" {
				lines = append(lines, "- "+n+": "+s)
			}
		}
		tools := "(none)"
		if len(lines) > 0 {
			tools = strings.Join(lines, "\n")
		}
		raw["tools"] = tools + "\n\nAdditional tools may be available."
		raw["rules"] = promptRules(selected, toolGuidelines)
	}
	if len(in.append) > 0 {
		raw["addendum"] = strings.Join(in.append, "\n\n")
	}
	if len(in.contextFiles) > 0 {
		parts := []string{"Project-specific instructions and guidelines:"}
		for _, f := range in.contextFiles {
			parts = append(parts, "<project_instructions path=\""+f.path+"\">\n"+f.content+"\n</project_instructions>")
		}
		raw["project_context"] = strings.Join(parts, "\n\n")
	}
	reader := ""
	for _, r := range []string{"read", "bash"} {
		if slices.Contains(selected, r) {
			reader = r
			break
		}
	}
	if reader != "" && len(in.skills) > 0 {
		if s := strings.TrimSpace(resources.FormatSkillsForPrompt(in.skills, reader)); s != "" {
			raw["skills"] = s
		}
	}
	raw["cwd"] = strings.ReplaceAll(in.cwd, `\`, "/")
	sections := make(map[string]any, len(raw))
	for n, text := range raw {
		if n == "preamble" {
			sections[n] = text
		} else {
			sections[n] = "<" + n + ">\n" + text + "\n</" + n + ">"
		}
	}
	return sections
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
func promptRules(selected []string, toolGuidelines map[string][]string) string {
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
	add("Be concise in your responses")
	add("Show file paths clearly when working with files")
	out := make([]string, len(rules))
	for i, r := range rules {
		out[i] = "- " + r
	}
	return strings.Join(out, "\n")
}

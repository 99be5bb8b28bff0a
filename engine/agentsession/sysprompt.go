package agentsession

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/resources"
)

// systemPromptInput is what pi's buildSystemPrompt takes.
type systemPromptInput struct {
	fs           FS
	custom       string // --system-prompt text or file contents, or .pi/SYSTEM.md
	append       []string
	cwd          string
	agentDir     string
	selected     []string // active tool names
	host         *engine.Host
	contextFiles bool // load AGENTS.md / CLAUDE.md (pi's default)
	now          time.Time
	skills       []resources.Skill // listed when the read tool is active
}

// resolvePromptInput is pi's resolvePromptInput: a path that exists is
// read, anything else is the text itself.
func resolvePromptInput(fsys FS, cwd, input string) string {
	p := input
	if !filepath.IsAbs(p) {
		p = filepath.Join(cwd, p)
	}
	if st, err := fsys.Stat(p); err == nil && !st.IsDir() {
		if data, err := fsys.ReadFile(p); err == nil {
			return string(data)
		}
	}
	return input
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

// buildSystemPrompt is pi's buildSystemPrompt.
func buildSystemPrompt(in systemPromptInput) string {
	date := in.now.Format("2006-01-02")
	promptCwd := strings.ReplaceAll(in.cwd, `\`, "/")
	appendSection := ""
	if len(in.append) > 0 {
		appendSection = "\n\n" + strings.Join(in.append, "\n\n")
	}
	var files []contextFile
	if in.contextFiles {
		files = loadContextFiles(in.fs, in.cwd, in.agentDir)
	}
	tail := func(prompt string) string {
		prompt += appendSection
		if len(files) > 0 {
			prompt += "\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n"
			for _, f := range files {
				prompt += fmt.Sprintf("## %s\n\n%s\n\n", f.path, f.content)
			}
		}
		if slices.Contains(in.selected, "read") && len(in.skills) > 0 {
			prompt += resources.FormatSkillsForPrompt(in.skills)
		}
		return prompt + "\nCurrent date: " + date + "\nCurrent working directory: " + promptCwd
	}
	if in.custom != "" {
		return tail(in.custom)
	}
	snippets := map[string]string{}
	var guidelines []string
	addGuideline := func(g string) {
		if g = strings.TrimSpace(g); g != "" && !slices.Contains(guidelines, g) {
			guidelines = append(guidelines, g)
		}
	}
	var extraGuidelines []string
	if in.host != nil {
		for _, e := range in.host.Tools().Current().Entries() {
			if !slices.Contains(in.selected, e.ID) {
				continue
			}
			if s, ok := e.Value.Extra["promptSnippet"].(string); ok {
				if s = strings.Join(strings.Fields(s), " "); s != "" {
					snippets[e.ID] = s
				}
			}
			if gs, ok := e.Value.Extra["promptGuidelines"].([]any); ok {
				for _, g := range gs {
					if s, ok := g.(string); ok {
						extraGuidelines = append(extraGuidelines, s)
					}
				}
			}
		}
	}
	var toolLines []string
	for _, n := range in.selected {
		if s := snippets[n]; s != "" {
			toolLines = append(toolLines, "- "+n+": "+s)
		}
	}
	toolsList := "(none)"
	if len(toolLines) > 0 {
		toolsList = strings.Join(toolLines, "\n")
	}
	has := func(n string) bool { return slices.Contains(in.selected, n) }
	switch {
	case has("bash") && !has("grep") && !has("find") && !has("ls"):
		addGuideline("Use bash for file operations like ls, rg, find")
	case has("bash"):
		addGuideline("Prefer grep/find/ls tools over bash for file exploration (faster, respects .gitignore)")
	}
	for _, g := range extraGuidelines {
		addGuideline(g)
	}
	addGuideline("Be concise in your responses")
	addGuideline("Show file paths clearly when working with files")
	var gl []string
	for _, g := range guidelines {
		gl = append(gl, "- "+g)
	}
	prompt := "You are an expert coding assistant operating inside pigo, a coding agent harness compatible with pi. " +
		"You help users by reading files, executing commands, editing code, and writing new files.\n\n" +
		"Available tools:\n" + toolsList + "\n\n" +
		"In addition to the tools above, you may have access to other custom tools depending on the project.\n\n" +
		"Guidelines:\n" + strings.Join(gl, "\n")
	return tail(prompt)
}

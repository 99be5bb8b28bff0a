package resources

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// PromptTemplate is one prompt template: a Markdown file invoked as
// "/<name> args".
type PromptTemplate struct {
	Name         string // the file name without ".md"
	Description  string // frontmatter description, else the body's first non-empty line (60 characters, then "...")
	ArgumentHint string // frontmatter argument-hint; "" when absent
	Content      string // the body (after the frontmatter)
	FilePath     string
	SourceInfo   SourceInfo
}

// loadTemplateFromFile is pi 1.6's loadTemplateFromFile; a file that
// cannot be read or whose frontmatter does not parse is a warning.
func loadTemplateFromFile(file string, info SourceInfo) (PromptTemplate, []Diagnostic) {
	warn := func(msg string) []Diagnostic { return []Diagnostic{{Type: "warning", Message: msg, Path: file}} }
	data, err := os.ReadFile(file)
	if err != nil {
		return PromptTemplate{}, warn(nodeError(err, "open", file))
	}
	fm, body, err := ParseFrontmatter(string(data))
	if err != nil {
		return PromptTemplate{}, warn(err.Error())
	}
	t := PromptTemplate{Name: strings.TrimSuffix(filepath.Base(file), ".md"), Content: body, FilePath: file, SourceInfo: info}
	t.Description, _ = fm["description"].(string)
	if t.Description == "" {
		for _, line := range strings.Split(body, "\n") {
			if jsTrim(line) == "" {
				continue
			}
			t.Description = jsSlice(line, 60)
			if jsjson.Len(line) > 60 {
				t.Description += "..."
			}
			break
		}
	}
	t.ArgumentHint, _ = fm["argument-hint"].(string)
	return t, nil
}

// loadTemplatesFromDir loads the *.md files directly in dir (symlinks
// followed, broken ones skipped), in name order.
func loadTemplatesFromDir(dir string, info func(string) SourceInfo) ([]PromptTemplate, []Diagnostic) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil
	}
	var out []PromptTemplate
	var diags []Diagnostic
	for _, e := range entries {
		full := filepath.Join(dir, e.Name())
		if isFile, _, ok := entryKind(e, full); ok && isFile && strings.HasSuffix(e.Name(), ".md") {
			t, d := loadTemplateFromFile(full, info(full))
			if d == nil {
				out = append(out, t)
			}
			diags = append(diags, d...)
		}
	}
	return out, diags
}

// loadPromptTemplates is pi's loadPromptTemplates without defaults: each
// path (absolute) is a directory of templates or one .md file; missing
// paths are skipped. Source infos follow pi: files under
// <agentDir>/prompts are the user's, under <cwd>/.pi/prompts the
// project's, others temporary with their directory as base.
func loadPromptTemplates(cwd, agentDir string, paths []string) ([]PromptTemplate, []Diagnostic) {
	globalDir := filepath.Join(agentDir, "prompts")
	projectDir := filepath.Join(cwd, ".pi", "prompts")
	info := func(p string) SourceInfo {
		switch {
		case isUnder(p, globalDir):
			return SourceInfo{Path: p, Source: "local", Scope: "user", Origin: "top-level", BaseDir: globalDir}
		case isUnder(p, projectDir):
			return SourceInfo{Path: p, Source: "local", Scope: "project", Origin: "top-level", BaseDir: projectDir}
		}
		base := filepath.Dir(p)
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			base = p
		}
		return SourceInfo{Path: p, Source: "local", Scope: "temporary", Origin: "top-level", BaseDir: base}
	}
	var out []PromptTemplate
	var diags []Diagnostic
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			continue
		}
		switch {
		case st.IsDir():
			t, d := loadTemplatesFromDir(p, info)
			out, diags = append(out, t...), append(diags, d...)
		case st.Mode().IsRegular() && strings.HasSuffix(p, ".md"):
			t, d := loadTemplateFromFile(p, info(p))
			if d == nil {
				out = append(out, t)
			}
			diags = append(diags, d...)
		}
	}
	return out, diags
}

// dedupePrompts keeps the first template of each name and reports the
// others as collisions, after the loading problems (diags).
func dedupePrompts(all []PromptTemplate, diags []Diagnostic) ([]PromptTemplate, []Diagnostic) {
	seen := map[string]PromptTemplate{}
	var out []PromptTemplate
	for _, t := range all {
		if w, ok := seen[t.Name]; ok {
			diags = append(diags, Diagnostic{Type: "collision", Message: `name "/` + t.Name + `" collision`, Path: t.FilePath,
				Collision: &Collision{ResourceType: "prompt", Name: t.Name, WinnerPath: w.FilePath, LoserPath: t.FilePath}})
			continue
		}
		seen[t.Name] = t
		out = append(out, t)
	}
	return out, diags
}

// ParseCommandArgs is pi's parseCommandArgs: arguments separated by spaces
// or tabs, with '...' and "..." quoting (quotes removed, no escapes).
func ParseCommandArgs(s string) []string {
	var args []string
	var cur strings.Builder
	has := false
	var quote rune
	for _, c := range s {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteRune(c)
				has = true
			}
		case c == '"' || c == '\'':
			quote = c
		case c == ' ' || c == '\t':
			if has {
				args = append(args, cur.String())
				cur.Reset()
				has = false
			}
		default:
			cur.WriteRune(c)
			has = true
		}
	}
	if has {
		args = append(args, cur.String())
	}
	return args
}

var (
	positionalRE = regexp.MustCompile(`\$(\d+)`)
	sliceRE      = regexp.MustCompile(`\$\{@:(\d+)(?::(\d+))?\}`)
)

// SubstituteArgs is pi's substituteArgs: $1, $2, ... are positional
// arguments ("" when missing), then ${@:N} and ${@:N:L} slices (1-based;
// 0 counts as 1), then $ARGUMENTS and $@ all arguments joined by spaces.
// Replacement values are not substituted again.
func SubstituteArgs(content string, args []string) string {
	result := positionalRE.ReplaceAllStringFunc(content, func(m string) string {
		n, err := strconv.Atoi(m[1:])
		if err != nil || n < 1 || n > len(args) {
			return ""
		}
		return args[n-1]
	})
	result = sliceRE.ReplaceAllStringFunc(result, func(m string) string {
		sm := sliceRE.FindStringSubmatch(m)
		start := atoiSat(sm[1]) - 1
		if start < 0 {
			start = 0
		}
		from, end := min(start, len(args)), len(args)
		if sm[2] != "" {
			if n := atoiSat(sm[2]); n < end-from {
				end = from + n
			}
		}
		return strings.Join(args[from:end], " ")
	})
	all := strings.Join(args, " ")
	result = jsReplaceAll(result, "$ARGUMENTS", all)
	return jsReplaceAll(result, "$@", all)
}

// jsReplaceAll is s.replace(/<literal old>/g, repl) with a replacement
// string: "$$", "$&", "$`" and "$'" in repl are expanded as JavaScript
// does (pi passes the joined arguments as such a string).
func jsReplaceAll(s, old, repl string) string {
	if !strings.Contains(repl, "$") {
		return strings.ReplaceAll(s, old, repl)
	}
	var b strings.Builder
	rest := 0
	for {
		i := strings.Index(s[rest:], old)
		if i < 0 {
			break
		}
		at := rest + i
		b.WriteString(s[rest:at])
		for j := 0; j < len(repl); j++ {
			if repl[j] != '$' || j+1 >= len(repl) {
				b.WriteByte(repl[j])
				continue
			}
			switch repl[j+1] {
			case '$':
				b.WriteByte('$')
			case '&':
				b.WriteString(old)
			case '`':
				b.WriteString(s[:at])
			case '\'':
				b.WriteString(s[at+len(old):])
			default:
				b.WriteByte('$')
				continue
			}
			j++
		}
		rest = at + len(old)
	}
	b.WriteString(s[rest:])
	return b.String()
}

// atoiSat parses a run of digits, saturating instead of failing.
func atoiSat(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return int(^uint(0) >> 1)
	}
	return n
}

// ExpandPromptTemplate is pi's expandPromptTemplate: "/name args" of a
// known template becomes its content with the arguments substituted;
// anything else is returned unchanged.
func ExpandPromptTemplate(text string, templates []PromptTemplate) string {
	if !strings.HasPrefix(text, "/") {
		return text
	}
	name, args, _ := strings.Cut(text[1:], " ")
	for _, t := range templates {
		if t.Name == name {
			return SubstituteArgs(t.Content, ParseCommandArgs(args))
		}
	}
	return text
}

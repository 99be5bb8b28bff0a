package resources

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/pathrules"
)

// Skill is one skill: a Markdown file with name and description
// frontmatter, listed in the system prompt and invoked as
// "/skill:<name> args".
type Skill struct {
	Name        string
	Description string
	FilePath    string
	BaseDir     string // the file's directory
	SourceInfo  SourceInfo
	// DisableModelInvocation (frontmatter disable-model-invocation: true)
	// keeps the skill out of the system prompt; /skill:name still works.
	DisableModelInvocation bool
}

// Limits of the Agent Skills specification.
const (
	maxNameLength        = 64
	maxDescriptionLength = 1024
)

var skillNameRE = regexp.MustCompile(`^[a-z0-9-]+$`)

// skillSource is how pi's loadSkills labels where a skill was found.
type skillSource string

const (
	sourceUser    skillSource = "user"
	sourceProject skillSource = "project"
	sourcePath    skillSource = "path"
)

func skillSourceInfo(file, baseDir string, source skillSource) SourceInfo {
	info := SourceInfo{Path: file, Source: "local", Scope: "temporary", Origin: "top-level", BaseDir: baseDir}
	switch source {
	case sourceUser:
		info.Scope = "user"
	case sourceProject:
		info.Scope = "project"
	case sourcePath:
	default: // loadSkillsFromDir's caller named it
		info.Source = string(source)
	}
	return info
}

// loadSkillFromFile is pi 1.6's loadSkillFromFile: the skill (nil when it
// cannot be used) and the warnings about the file. A SKILL.md file is a
// declared skill: its problems are reported; another .md file without a
// description is simply not a skill. A skill whose name breaks the
// specification still loads; one without a description does not.
func loadSkillFromFile(file string, source skillSource) (*Skill, []Diagnostic) {
	var diags []Diagnostic
	warn := func(msg string) { diags = append(diags, Diagnostic{Type: "warning", Message: msg, Path: file}) }
	declared := filepath.Base(file) == "SKILL.md"
	data, err := os.ReadFile(file)
	if err != nil {
		warn(nodeError(err, "open", file))
		return nil, diags
	}
	fm, _, err := ParseFrontmatter(string(data))
	if err != nil {
		if declared {
			warn(err.Error())
		}
		return nil, diags
	}
	dir := filepath.Dir(file)
	descStr, descIsStr := fm["description"].(string)
	hasDesc := descIsStr && jsTrim(descStr) != ""
	if !declared && !hasDesc {
		return nil, nil
	}
	switch {
	case !hasDesc:
		warn("description is required")
	case jsjson.Len(descStr) > maxDescriptionLength:
		warn(fmt.Sprintf("description exceeds %d characters (%d)", maxDescriptionLength, jsjson.Len(descStr)))
	}
	name, _ := fm["name"].(string)
	if name == "" {
		name = filepath.Base(dir)
	}
	for _, msg := range validateSkillName(name) {
		warn(msg)
	}
	if !hasDesc {
		return nil, diags
	}
	return &Skill{Name: name, Description: descStr, FilePath: file, BaseDir: dir,
		SourceInfo:             skillSourceInfo(file, dir, source),
		DisableModelInvocation: fm["disable-model-invocation"] == true}, diags
}

// validateSkillName is pi's validateName (Agent Skills rules).
func validateSkillName(name string) []string {
	var errs []string
	if n := jsjson.Len(name); n > maxNameLength {
		errs = append(errs, fmt.Sprintf("name exceeds %d characters (%d)", maxNameLength, n))
	}
	if !skillNameRE.MatchString(name) {
		errs = append(errs, "name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)")
	}
	if strings.HasPrefix(name, "-") || strings.HasSuffix(name, "-") {
		errs = append(errs, "name must not start or end with a hyphen")
	}
	if strings.Contains(name, "--") {
		errs = append(errs, "name must not contain consecutive hyphens")
	}
	return errs
}

// loadSkillsFromDir is pi's loadSkillsFromDirInternal: it walks dir as
// pi's package manager's collectSkillEntries does (includeRootFiles is its
// "pi" mode) and loads each skill file found, in that order.
func loadSkillsFromDir(dir string, source skillSource, includeRootFiles bool) ([]Skill, []Diagnostic) {
	var skills []Skill
	var diags []Diagnostic
	for _, f := range collectSkillEntries(dir, includeRootFiles) {
		s, d := loadSkillFromFile(f, source)
		if s != nil {
			skills = append(skills, *s)
		}
		diags = append(diags, d...)
	}
	return skills, diags
}

// LoadSkillsFromDir is pi's exported loadSkillsFromDir({dir, source}):
// dir's skills (SKILL.md directories, .md files directly in dir) with the
// diagnostics of each file.
func LoadSkillsFromDir(dir, source string) ([]Skill, []Diagnostic) {
	return loadSkillsFromDir(dir, skillSource(source), true)
}

// LoadSkills is pi's exported loadSkills({cwd, agentDir, skillPaths,
// includeDefaults}) with the paths resolved (absolute).
func LoadSkills(cwd, agentDir string, paths []string, includeDefaults bool) ([]Skill, []Diagnostic) {
	return loadSkills(cwd, agentDir, paths, includeDefaults)
}

// loadSkills is pi's loadSkills: each path (absolute) is a directory to
// scan or one .md file; with includeDefaults, agentDir/skills and
// cwd/.pi/skills are scanned first. The first skill of a name wins;
// later ones are collisions; the same file reached twice (symlinks) is
// skipped silently. Warnings come first, then collisions.
func loadSkills(cwd, agentDir string, paths []string, includeDefaults bool) ([]Skill, []Diagnostic) {
	var skills []Skill
	byName := map[string]int{}
	realSeen := map[string]bool{}
	var diags, collisions []Diagnostic
	addSkills := func(list []Skill, d []Diagnostic) {
		diags = append(diags, d...)
		for _, s := range list {
			real := pathrules.Canonical(s.FilePath)
			if realSeen[real] {
				continue
			}
			if i, ok := byName[s.Name]; ok {
				collisions = append(collisions, Diagnostic{Type: "collision", Message: `name "` + s.Name + `" collision`,
					Path: s.FilePath, Collision: &Collision{ResourceType: "skill", Name: s.Name, WinnerPath: skills[i].FilePath, LoserPath: s.FilePath}})
				continue
			}
			byName[s.Name] = len(skills)
			skills = append(skills, s)
			realSeen[real] = true
		}
	}
	userDir := filepath.Join(agentDir, "skills")
	projectDir := filepath.Join(cwd, ".pi", "skills")
	if includeDefaults {
		addSkills(loadSkillsFromDir(userDir, sourceUser, true))
		addSkills(loadSkillsFromDir(projectDir, sourceProject, true))
	}
	sourceOf := func(p string) skillSource {
		switch {
		case includeDefaults: // pi labels only what the defaults found
		case isUnder(p, userDir):
			return sourceUser
		case isUnder(p, projectDir):
			return sourceProject
		}
		return sourcePath
	}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			diags = append(diags, Diagnostic{Type: "warning", Message: "skill path does not exist", Path: p})
			continue
		}
		source := sourceOf(p)
		switch {
		case st.IsDir():
			addSkills(loadSkillsFromDir(p, source, true))
		case st.Mode().IsRegular() && strings.HasSuffix(p, ".md"):
			s, d := loadSkillFromFile(p, source)
			if s != nil {
				addSkills([]Skill{*s}, d)
			} else {
				diags = append(diags, d...)
			}
		default:
			diags = append(diags, Diagnostic{Type: "warning", Message: "skill path is not a markdown file", Path: p})
		}
	}
	return skills, append(diags, collisions...)
}

// FormatSkillsForPrompt is pi's formatSkillsForPrompt: the system prompt's
// <available_skills> section (leading blank line included), or "" when no
// skill may be invoked by the model.
//
// fileReadTool is the tool the model loads a skill file with: "read",
// "bash", or another word for a tool it reaches indirectly (pi 1.6).
func FormatSkillsForPrompt(skills []Skill, fileReadTool string) string {
	how := "Load a skill's file when the task matches its description."
	switch fileReadTool {
	case "read":
		how = "Use the read tool to load a skill's file when the task matches its description."
	case "bash":
		how = "Use bash to load a skill's file when the task matches its description."
	}
	lines := []string{
		"\n\nThe following skills provide specialized instructions for specific tasks.",
		how,
		"Resolve relative paths against the skill's directory (parent of SKILL.md). Use absolute paths in tool calls.",
		"",
		"<available_skills>",
	}
	visible := 0
	for _, s := range skills {
		if s.DisableModelInvocation {
			continue
		}
		visible++
		lines = append(lines, "  <skill>",
			"    <name>"+escapeXML(s.Name)+"</name>",
			"    <description>"+escapeXML(s.Description)+"</description>",
			"    <location>"+escapeXML(s.FilePath)+"</location>",
			"  </skill>")
	}
	if visible == 0 {
		return ""
	}
	return strings.Join(append(lines, "</available_skills>"), "\n")
}

func escapeXML(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}

// SkillError is a /skill:name expansion that failed (pi reports it as an
// extension error of event "skill_expansion" with the skill's file as the
// extension path, and sends the text unexpanded).
type SkillError struct {
	Path    string // the skill file
	Message string // as pi words it
}

func (e *SkillError) Error() string { return e.Path + ": " + e.Message }

// ExpandSkillCommand is pi's _expandSkillCommand: "/skill:name args" of a
// known skill becomes
//
//	<skill name="NAME" location="FILE">
//	References are relative to DIR.
//
//	BODY
//	</skill>
//
// followed by "\n\n" and the trimmed arguments when there are any. BODY is
// the file read now, without its frontmatter, trimmed. Anything else is
// returned unchanged; so is the text when the file cannot be read, with
// the error.
func ExpandSkillCommand(text string, skills []Skill) (string, *SkillError) {
	rest, ok := strings.CutPrefix(text, "/skill:")
	if !ok {
		return text, nil
	}
	name, args, _ := strings.Cut(rest, " ")
	args = jsTrim(args)
	for _, s := range skills {
		if s.Name != name {
			continue
		}
		data, err := os.ReadFile(s.FilePath)
		if err != nil {
			return text, &SkillError{Path: s.FilePath, Message: nodeError(err, "open", s.FilePath)}
		}
		body, err := StripFrontmatter(string(data))
		if err != nil {
			return text, &SkillError{Path: s.FilePath, Message: err.Error()}
		}
		block := fmt.Sprintf("<skill name=\"%s\" location=\"%s\">\nReferences are relative to %s.\n\n%s\n</skill>",
			s.Name, s.FilePath, s.BaseDir, jsTrim(body))
		if args != "" {
			return block + "\n\n" + args, nil
		}
		return block, nil
	}
	return text, nil
}

package resources_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/resources"
)

func TestSubstituteArgs(t *testing.T) {
	t.Parallel()
	args := resources.ParseCommandArgs(`Button "click handler" 'disabled support'  x`)
	if want := []string{"Button", "click handler", "disabled support", "x"}; !reflect.DeepEqual(args, want) {
		t.Fatalf("ParseCommandArgs = %q, want %q", args, want)
	}
	for _, c := range []struct{ tmpl, want string }{
		{"$1 and $2; missing $9", "Button and click handler; missing "},
		{"all: $@ | $ARGUMENTS", "all: Button click handler disabled support x | Button click handler disabled support x"},
		{"${@:2} / ${@:2:2} / ${@:0:1} / ${@:9}", "click handler disabled support x / click handler disabled support / Button / "},
		{"$10$1", "Button"},
	} {
		if got := resources.SubstituteArgs(c.tmpl, args); got != c.want {
			t.Errorf("SubstituteArgs(%q) = %q, want %q", c.tmpl, got, c.want)
		}
	}
	// Argument values are not substituted again; "$$" and "$&" in the
	// joined arguments are read the way String.replace reads them.
	if got := resources.SubstituteArgs("[$@] [$1]", []string{"$1", "$@"}); got != "[$1 $@] [$1]" {
		t.Errorf("recursive substitution: %q", got)
	}
	if got := resources.SubstituteArgs("<$ARGUMENTS>", []string{"$$5", "$&"}); got != "<$5 $ARGUMENTS>" {
		t.Errorf("replacement patterns: %q", got)
	}
	if got := resources.ParseCommandArgs(`a""b '' "c d`); !reflect.DeepEqual(got, []string{"ab", "c d"}) {
		t.Errorf("quotes: %q", got)
	}
}

func TestExpandPromptTemplate(t *testing.T) {
	t.Parallel()
	tmpls := []resources.PromptTemplate{{Name: "review", Content: "Review $1 carefully: $@"}, {Name: "plain", Content: "no args"}}
	for in, want := range map[string]string{
		"/review main.go 'the parser'": "Review main.go carefully: main.go the parser",
		"/plain":                       "no args",
		"/plain ignored":               "no args",
		"/reviewx a":                   "/reviewx a",
		"review a":                     "review a",
		" /review a":                   " /review a",
	} {
		if got := resources.ExpandPromptTemplate(in, tmpls); got != want {
			t.Errorf("%q -> %q, want %q", in, got, want)
		}
	}
}

func TestExpandSkillCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "x", "SKILL.md")
	writeTree(t, dir, map[string]string{"x/SKILL.md": "---\nname: x\ndescription: X\n---\n\n  Steps here.\n\n"})
	skills := []resources.Skill{{Name: "x", Description: "X", FilePath: file, BaseDir: filepath.Dir(file)},
		{Name: "gone", FilePath: filepath.Join(dir, "gone", "SKILL.md"), BaseDir: filepath.Join(dir, "gone")}}
	block := `<skill name="x" location="` + file + `">` + "\nReferences are relative to " + filepath.Dir(file) + ".\n\nSteps here.\n</skill>"
	for in, want := range map[string]string{
		"/skill:x":              block,
		"/skill:x   do it now ": block + "\n\ndo it now",
		"/skill:y do it":        "/skill:y do it",
		"/x":                    "/x",
	} {
		got, err := resources.ExpandSkillCommand(in, skills)
		if got != want || err != nil {
			t.Errorf("%q -> %q, %v; want %q", in, got, err, want)
		}
	}
	got, err := resources.ExpandSkillCommand("/skill:gone now", skills)
	if got != "/skill:gone now" || err == nil || err.Path != skills[1].FilePath ||
		err.Message != "ENOENT: no such file or directory, open '"+skills[1].FilePath+"'" {
		t.Errorf("unreadable skill: %q, %+v", got, err)
	}
}

func TestFormatSkillsForPrompt(t *testing.T) {
	t.Parallel()
	if got := resources.FormatSkillsForPrompt([]resources.Skill{{Name: "hidden", DisableModelInvocation: true}}, "read"); got != "" {
		t.Errorf("no visible skill: %q", got)
	}
	got := resources.FormatSkillsForPrompt([]resources.Skill{
		{Name: "pdf", Description: `Read <PDF> & "docs"`, FilePath: "/s/pdf/SKILL.md"},
		{Name: "hidden", Description: "h", FilePath: "/s/h/SKILL.md", DisableModelInvocation: true},
		{Name: "it's", Description: "d", FilePath: "/s/top.md"},
	}, "read")
	want := "\n\nThe following skills provide specialized instructions for specific tasks.\n" +
		"Use the read tool to load a skill's file when the task matches its description.\n" +
		"Resolve relative paths against the skill's directory (parent of SKILL.md). Use absolute paths in tool calls.\n" +
		"\n<available_skills>\n" +
		"  <skill>\n    <name>pdf</name>\n    <description>Read &lt;PDF&gt; &amp; &quot;docs&quot;</description>\n    <location>/s/pdf/SKILL.md</location>\n  </skill>\n" +
		"  <skill>\n    <name>it&apos;s</name>\n    <description>d</description>\n    <location>/s/top.md</location>\n  </skill>\n" +
		"</available_skills>"
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// pi 1.6 names the tool the model reads skill files with.
	for tool, line := range map[string]string{"bash": "Use bash to load a skill's file", "indirect": "Load a skill's file when"} {
		if got := resources.FormatSkillsForPrompt([]resources.Skill{{Name: "a", Description: "d", FilePath: "/a"}}, tool); !strings.Contains(got, "\n"+line) {
			t.Errorf("%s: %q", tool, got)
		}
	}
}

// TestLoad covers precedence, collisions and warnings without pi (the
// oracle test compares the same and more with pi itself).
func TestLoad(t *testing.T) {
	t.Parallel()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cwd, agent, home := filepath.Join(root, "work"), filepath.Join(root, "agent"), filepath.Join(root, "home")
	writeTree(t, root, map[string]string{
		"agent/skills/shared/SKILL.md":       skill("shared", "user copy"),
		"agent/prompts/hello.md":             "user hello",
		"agent/prompts/only-user.md":         "---\ndescription: U\n---\nuser only",
		"work/.pi/skills/shared/SKILL.md":    skill("shared", "project copy"),
		"work/.pi/skills/broken/SKILL.md":    "---\nname: broken\ndescription: Use when: x\n---\n",
		"work/.pi/skills/Caps/SKILL.md":      skill("", "caps"),
		"work/.pi/prompts/hello.md":          "project hello $1",
		"work/.pi/settings.json":             "{}",
		"work/cli/SKILL.md":                  skill("cli", "from --skill"),
		"work/cli.md":                        "cli template",
		"home/.agents/skills/agent/SKILL.md": skill("agent", "from ~/.agents"),
	})
	for _, d := range []string{cwd, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	s := resources.Load(resources.Options{Cwd: cwd, AgentDir: agent, Home: home,
		SkillPaths: []string{"cli", "nope"}, PromptPaths: []string{"cli.md"}})
	var names []string
	for _, sk := range s.Skills() {
		names = append(names, sk.Name+"="+sk.Description)
	}
	if want := "Caps=caps shared=project copy agent=from ~/.agents cli=from --skill"; strings.Join(names, " ") != want {
		t.Errorf("skills %q, want %s", names, want)
	}
	diags := s.SkillDiagnostics()
	var text []string
	for _, d := range diags {
		text = append(text, d.Type+" "+strings.TrimPrefix(d.Path, root)+" "+d.Message)
	}
	want := []string{
		"warning /work/.pi/skills/Caps/SKILL.md name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)",
		"warning /work/.pi/skills/broken/SKILL.md Nested mappings are not allowed in compact mappings at line 2, column 14",
		"warning /work/nope skill path does not exist",
		"collision /agent/skills/shared/SKILL.md name \"shared\" collision",
	}
	if !reflect.DeepEqual(text, want) {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(text, "\n"), strings.Join(want, "\n"))
	}
	if c := diags[3].Collision; c == nil || c.WinnerPath != filepath.Join(cwd, ".pi/skills/shared/SKILL.md") || c.ResourceType != "skill" {
		t.Errorf("collision %+v", c)
	}
	var tn []string
	for _, p := range s.PromptTemplates() {
		tn = append(tn, p.Name+":"+p.SourceInfo.Source+"/"+p.SourceInfo.Scope)
	}
	if want := "hello:auto/project only-user:auto/user cli:local/temporary"; strings.Join(tn, " ") != want {
		t.Errorf("templates %q, want %s", tn, want)
	}
	if got, _ := s.Expand("/hello world"); got != "project hello world" {
		t.Errorf("expand: %q", got)
	}
	cmds := s.Commands()
	if len(cmds) != 7 || cmds[0].Name != "hello" || cmds[0].Source != "prompt" || cmds[3].Name != "skill:Caps" || cmds[3].Source != "skill" {
		t.Errorf("commands %+v", cmds)
	}

	// --no-skills / --no-prompt-templates keep only the CLI paths.
	s = resources.Load(resources.Options{Cwd: cwd, AgentDir: agent, Home: home, NoSkills: true, NoPromptTemplates: true,
		SkillPaths: []string{"cli"}})
	if sk := s.Skills(); len(sk) != 1 || sk[0].Name != "cli" || len(s.PromptTemplates()) != 0 {
		t.Errorf("no discovery: %+v %+v", sk, s.PromptTemplates())
	}
	if sk := s.Skills(); sk[0].SourceInfo.Map()["scope"] != "temporary" || sk[0].SourceInfo.BaseDir != filepath.Join(cwd, "cli") {
		t.Errorf("CLI skill source info %+v", sk[0].SourceInfo)
	}

	// resources_discover paths are added after the others.
	writeTree(t, root, map[string]string{"work/dyn/d/SKILL.md": skill("d", "dynamic")})
	if !s.Extend([]resources.ExtensionPath{{Path: "dyn", Extension: filepath.Join(cwd, "ext", "dyn.ts")}}, nil) {
		t.Fatal("Extend added nothing")
	}
	sk := s.Skills()
	if len(sk) != 2 || sk[1].Name != "d" || sk[1].SourceInfo.Source != "extension:dyn" || sk[1].SourceInfo.BaseDir != filepath.Join(cwd, "ext") {
		t.Errorf("extended: %+v", sk)
	}
}

// Installed npm and git packages contribute their skills and prompts from
// where pi and `pigo install` put them; a package not installed, or
// installed outside its configured range, contributes nothing.
func TestInstalledPackageResources(t *testing.T) {
	t.Parallel()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	cwd, agent, home := filepath.Join(root, "work"), filepath.Join(root, "agent"), filepath.Join(root, "home")
	writeTree(t, root, map[string]string{
		"agent/npm/node_modules/@a/tools/package.json":              `{"name":"@a/tools","version":"1.2.0"}`,
		"agent/npm/node_modules/@a/tools/skills/npmskill/SKILL.md":  skill("npmskill", "from npm"),
		"agent/npm/node_modules/@a/tools/prompts/npmprompt.md":      "npm prompt",
		"agent/npm/node_modules/old/package.json":                   `{"name":"old","version":"1.0.0"}`,
		"agent/npm/node_modules/old/prompts/oldprompt.md":           "old",
		"work/.pi/git/example.com/u/r/skills/gitskill/SKILL.md":     skill("gitskill", "from git"),
		"work/.pi/npm/node_modules/proj/package.json":               `{"name":"proj","version":"3.0.0"}`,
		"work/.pi/npm/node_modules/proj/prompts/projprompt.md":      "project prompt",
		"work/.pi/npm/node_modules/@a/tools/skills/shadow/SKILL.md": skill("shadow", "not configured here"),
	})
	os.MkdirAll(home, 0o755)
	s := resources.Load(resources.Options{Cwd: cwd, AgentDir: agent, Home: home,
		GlobalSettings:  map[string]any{"packages": []any{"npm:@a/tools@^1", "npm:old@^2", "npm:missing"}},
		ProjectSettings: map[string]any{"packages": []any{"git:example.com/u/r", "npm:proj"}},
	})
	var names []string
	for _, sk := range s.Skills() {
		names = append(names, sk.Name+"/"+sk.SourceInfo.Scope)
	}
	if want := "gitskill/project npmskill/user"; strings.Join(names, " ") != want {
		t.Errorf("skills %q, want %s", names, want)
	}
	var prompts []string
	for _, p := range s.PromptTemplates() {
		prompts = append(prompts, p.Name+"/"+p.SourceInfo.Source)
	}
	if want := "projprompt/npm:proj npmprompt/npm:@a/tools@^1"; strings.Join(prompts, " ") != want {
		t.Errorf("prompts %q, want %s", prompts, want)
	}
}

// TestLoadUntrustedProject: an untrusted project's skills and prompts
// (.pi/skills, .pi/prompts, .agents/skills in cwd and above) stay out;
// the user's, ~/.agents/skills included, and the command line's load.
func TestLoadUntrustedProject(t *testing.T) {
	t.Parallel()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, root, map[string]string{
		"agent/skills/user/SKILL.md":        skill("user", "user"),
		"agent/prompts/user-p.md":           "user prompt",
		"home/.agents/skills/mine/SKILL.md": skill("mine", "~/.agents"),
		"work/.pi/skills/proj/SKILL.md":     skill("proj", "project"),
		"work/.pi/prompts/proj-p.md":        "project prompt",
		"work/.agents/skills/here/SKILL.md": skill("here", "cwd .agents"),
		".agents/skills/above/SKILL.md":     skill("above", "ancestor .agents"),
		"work/cli/SKILL.md":                 skill("cli", "from --skill"),
	})
	load := func(untrusted bool) string {
		s := resources.Load(resources.Options{Cwd: filepath.Join(root, "work"), AgentDir: filepath.Join(root, "agent"),
			Home: filepath.Join(root, "home"), SkillPaths: []string{"cli"}, UntrustedProject: untrusted})
		var names []string
		for _, sk := range s.Skills() {
			names = append(names, sk.Name)
		}
		for _, p := range s.PromptTemplates() {
			names = append(names, p.Name)
		}
		return strings.Join(names, " ")
	}
	if got, want := load(false), "proj here above user mine cli proj-p user-p"; got != want {
		t.Errorf("trusted: %s, want %s", got, want)
	}
	if got, want := load(true), "user mine cli user-p"; got != want {
		t.Errorf("untrusted: %s, want %s", got, want)
	}
}

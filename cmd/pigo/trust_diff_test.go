package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDifferentialProjectTrust16 runs real pi 1.6 and pigo in RPC mode on
// a project with its own extension and prompt template, with a user
// extension that answers project_trust as TRUST_ANSWER says, and compares
// what loads (get_commands, in load order), what the user extension saw
// (ctx.mode, ctx.hasUI and what dialogs answer during project_trust,
// ctx.isProjectTrusted() after), its notifications and warnings on stderr,
// and trust.json, run by run: no decision, --approve, an answer saved with
// remember, the saved decision, --no-approve over it, no answer (pi
// reports a TypeError), and an answer that is neither yes nor no (it
// declines, and is saved). The first run's handler throws: a warning, and
// the decision falls through.
func TestDifferentialProjectTrust16(t *testing.T) {
	sides := pi16Sides(t)
	files := map[string]string{
		"agent/settings.json": `{"defaultProjectTrust": "ask"}`,
		"agent/extensions/user.ts": extSource(`
  pi.on("project_trust", async (_e: any, ctx: any) => {
    const dialogs = [await ctx.ui.select("Trust?", ["a", "b"]), await ctx.ui.confirm("Sure?", "x"), await ctx.ui.input("Why?")];
    (globalThis as any).seen = ctx.mode + " hasUI=" + ctx.hasUI + " dialogs=" + JSON.stringify(dialogs);
    ctx.ui.notify("deciding trust", "info");
    const a = process.env.TRUST_ANSWER || "";
    if (a === "throw") throw new Error("no opinion");
    if (a === "silent") return undefined;
    return a ? { trusted: a, remember: true } : { trusted: "undecided" };
  });
  pi.registerCommand("user-cmd", { description: "user", handler: async (_a: string, ctx: any) => {
    ctx.ui.notify("event: " + ((globalThis as any).seen ?? "not sent") + "; trusted=" + ctx.isProjectTrusted(), "info");
  } });`),
		"work/.pi/extensions/proj.ts": extSource(`pi.registerCommand("proj-cmd", { description: "project", handler: async () => {} });`),
		"work/.pi/prompts/tmpl.md":    "---\ndescription: project template\n---\nbody\n",
	}
	runs := []struct{ answer, flag string }{{"throw", ""}, {"", "--approve"}, {"yes", ""}, {"", ""}, {"", "-na"}, {"silent", ""}, {"maybe", ""}}
	run := func(argv []string) []string {
		dir := sideTree(t, files)
		llm := newMockLLM(nil)
		defer llm.Close()
		must(t, os.WriteFile(filepath.Join(dir, "agent", "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
		var out []string
		for i, r := range runs {
			args := []string{"--mode", "rpc", "--no-session", "--no-builtin-tools", "--provider", "mock", "--model", "mock-1"}
			if r.flag != "" {
				args = append(args, r.flag)
			}
			cmd := sideCommand(argv, dir, args...)
			cmd.Env = append(cmd.Env, "TRUST_ANSWER="+r.answer)
			d := startDriver(t, cmd)
			d.call(`{"id":"c","type":"get_commands"}`)
			d.call(`{"id":"u","type":"prompt","message":"/user-cmd"}`)
			out = append(out, "## run "+itoa(i+1)+" answer="+r.answer+" flag="+r.flag)
			out = append(out, d.finish()...)
			out = append(out, "## stderr "+d.stderr.String())
			trust, err := os.ReadFile(filepath.Join(dir, "agent", "trust.json"))
			if err != nil {
				trust = []byte("(none)")
			}
			out = append(out, "## trust.json "+string(trust))
		}
		for i, l := range out {
			out[i] = strings.ReplaceAll(l, dir, "<dir>")
		}
		return out
	}
	pi, pg := runSides(sides, run)
	// Trust is compared here, not built-in extensions: their commands go
	// on both sides (pigo has mcp, not llama.cpp).
	pi, pg = withoutBuiltinCommands(pi), withoutBuiltinCommands(pg)
	compareTranscriptsWith(t, "trust16", pi, pg, false)
	joined := strings.Join(pg, "\n")
	for _, want := range []string{`"name":"proj-cmd"`, `event: rpc hasUI=false dialogs=[null,false,null]; trusted=false`, `trusted=true`, `"<dir>/work": true`, `"<dir>/work": false`, "## stderr deciding trust\n", "project_trust error: Cannot read properties of undefined (reading 'trusted')\n"} {
		if !strings.Contains(joined, want) {
			t.Errorf("pigo's transcript lacks %s", want)
		}
	}
}

// withoutBuiltinCommands drops the built-in extensions' commands (pi 1.6's
// llama.cpp and mcp, pigo's mcp) from get_commands responses.
func withoutBuiltinCommands(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		var m map[string]any
		if body, ok := strings.CutPrefix(l, "<< "); ok && json.Unmarshal([]byte(body), &m) == nil && m["command"] == "get_commands" {
			data, _ := m["data"].(map[string]any)
			cmds, _ := data["commands"].([]any)
			kept := []any{}
			for _, c := range cmds {
				info, _ := c.(map[string]any)["sourceInfo"].(map[string]any)
				if info["source"] != "builtin" {
					kept = append(kept, c)
				}
			}
			data["commands"] = kept
			b, _ := json.Marshal(m)
			l = "<< " + string(b)
		}
		out = append(out, l)
	}
	return out
}

// TestDifferentialPackageCommandTrust16: pi 1.6's package commands ask
// the user's extensions about a project with protected files, as its
// sessions do (createCommandSettingsManager): `list` and `install -l` go
// by the project_trust answer (notify on stderr, a throwing handler a
// warning and then the saved decision or defaultProjectTrust), an answer
// with remember is saved, --approve asks no one, and `update` goes by the
// saved decision only. Run after run in one directory, pigo's output and
// trust.json are pi's.
func TestDifferentialPackageCommandTrust16(t *testing.T) {
	sides := pi16Sides(t)
	files := map[string]string{
		"agent/extensions/user.ts": extSource(`
  pi.on("project_trust", async (e: any, ctx: any) => {
    ctx.ui.notify("asked about " + e.cwd.split("/").pop() + " in " + ctx.mode + " hasUI=" + ctx.hasUI, "info");
    const a = process.env.TRUST_ANSWER || "";
    if (a === "throw") throw new Error("no opinion");
    return a ? { trusted: a, remember: process.env.TRUST_REMEMBER === "1" } : undefined;
  });`),
		"work/.pi/settings.json":     `{"packages": ["../proj-pkg"]}`,
		"proj-pkg/package.json":      `{"name": "proj-pkg", "version": "1.0.0"}`,
		"other-pkg/package.json":     `{"name": "other-pkg", "version": "1.0.0"}`,
		"agent/settings.json":        `{"packages": ["../user-pkg"]}`,
		"agent/../user-pkg/index.ts": "export default function () {}\n",
	}
	runs := []struct {
		answer string
		args   []string
	}{
		{"throw", []string{"list"}},
		{"yes", []string{"list"}},
		{"no", []string{"install", "../other-pkg", "-l"}},
		{"yes", []string{"install", "../other-pkg", "-l"}},
		{"no remember", []string{"list"}},
		{"yes", []string{"update", "--extensions"}},
		{"throw", []string{"list", "--approve"}},
	}
	run := func(argv []string) []string {
		dir := sideTree(t, files)
		var out []string
		for _, r := range runs {
			answer, remember, _ := strings.Cut(r.answer, " ")
			env := []string{"TRUST_ANSWER=" + answer}
			if remember != "" {
				env = append(env, "TRUST_REMEMBER=1")
			}
			got := runCLIEnv(argv, dir, env, r.args...)
			trust, err := os.ReadFile(filepath.Join(dir, "agent", "trust.json"))
			if err != nil {
				trust = []byte("(none)")
			}
			settings, _ := os.ReadFile(filepath.Join(dir, "work", ".pi", "settings.json"))
			out = append(out, "## "+r.answer+" "+strings.Join(r.args, " "), got,
				"## trust.json "+string(trust), "## .pi/settings.json "+string(settings))
		}
		for i, l := range out {
			out[i] = strings.ReplaceAll(piNamed(l), dir, "<dir>")
		}
		return out
	}
	pi, pg := runSides(sides, run)
	compareTranscriptsWith(t, "package_trust16", pi, pg, false)
	joined := strings.Join(pg, "\n")
	for _, want := range []string{"asked about work in print hasUI=false", "project_trust error: no opinion", "proj-pkg", `"<dir>/work": false`} {
		if !strings.Contains(joined, want) {
			t.Errorf("pigo's transcript lacks %q:\n%s", want, joined)
		}
	}
}

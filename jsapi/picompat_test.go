package jsapi_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
)

// pi-style extensions (pi's ExtensionAPI) through the compat adapter: the
// timing, result-combination and context rules of pi's extension API.

func hookResult(t *testing.T, h *engine.Host, name string, payload map[string]any) engine.HookOutcome {
	t.Helper()
	return h.RunHook(context.Background(), name, payload)
}

func TestPiRegisterToolAndCtx(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("tool.ts", `export default function (pi) {
  pi.registerTool({
    name: "where", label: "Where", description: "cwd",
    parameters: { type: "object", properties: {} },
    async execute(id, params, signal, onUpdate, ctx) {
      onUpdate?.({ content: [{ type: "text", text: "working" }] });
      return { content: [{ type: "text", text: ctx.cwd + "|" + ctx.hasUI }], details: {} };
    },
  });
  pi.registerTool({ name: "boom", description: "", parameters: { type: "object" },
    async execute() { throw new Error("it broke"); } });
}
`)
	f.mustBoot("tool.ts")
	var updates []engine.ToolResult
	r, err := f.host.RunTool(context.Background(), "where", engine.ToolCall{ID: "1", Params: map[string]any{},
		OnUpdate: func(p engine.ToolResult) { updates = append(updates, p) }})
	if err != nil || r.Text() != f.dir+"|false" {
		t.Fatalf("%q %v", r.Text(), err)
	}
	if len(updates) != 1 || updates[0].Text() != "working" {
		t.Fatalf("updates = %+v", updates)
	}
	r, err = f.runTool("boom", map[string]any{})
	if err == nil || !r.IsError || r.Text() != "it broke" {
		t.Fatalf("throw should be an error result with the message: %+v %v", r, err)
	}
}

func TestPiToolCallSemantics(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("a.ts", `export default function (pi) {
  pi.registerTool({ name: "echo", description: "", parameters: { type: "object" },
    async execute(id, p) { return { content: [{ type: "text", text: JSON.stringify(p) }] }; } });
  pi.on("tool_call", (e) => { e.input.added = "by-a"; });
}
`)
	f.write("b.ts", `export default function (pi) {
  pi.on("tool_call", (e) => { if (e.input.cmd === "rm") return { block: true, reason: "no rm" }; });
  pi.on("tool_call", (e) => { if (e.input.cmd === "boom") throw new Error("handler exploded"); });
}
`)
	f.mustBoot("a.ts", "b.ts")
	r, err := f.runTool("echo", map[string]any{"cmd": "ls"})
	if err != nil || !strings.Contains(r.Text(), `"added":"by-a"`) {
		t.Fatalf("in-place mutation should reach execute: %q %v", r.Text(), err)
	}
	r, _ = f.runTool("echo", map[string]any{"cmd": "rm"})
	if !r.IsError || r.Text() != "no rm" {
		t.Fatalf("block: %+v", r)
	}
	r, _ = f.runTool("echo", map[string]any{"cmd": "boom"})
	if !r.IsError || !strings.Contains(r.Text(), "handler exploded") {
		t.Fatalf("a throwing tool_call handler blocks: %+v", r)
	}
}

func TestPiInputAndBeforeAgentStart(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("a.ts", `export default function (pi) {
  pi.on("input", (e) => e.text.startsWith("?") ? { action: "transform", text: "Briefly: " + e.text.slice(1) } : undefined);
  pi.on("before_agent_start", (e) => ({ systemPrompt: e.systemPrompt + " +A", message: { customType: "a", content: "from a", display: false } }));
}
`)
	f.write("b.ts", `export default function (pi) {
  pi.on("input", (e) => e.text === "ping" ? { action: "handled" } : { action: "continue" });
  pi.on("input", (e) => ({ action: "transform", text: e.text + "!" }));
  pi.on("before_agent_start", (e, ctx) => ({ systemPrompt: e.systemPrompt + " +B" }));
}
`)
	f.mustBoot("a.ts", "b.ts")
	out := hookResult(t, f.host, "input", map[string]any{"type": "input", "text": "?why", "source": "interactive"})
	if res := out.Result.(map[string]any); res["action"] != "transform" || res["text"] != "Briefly: why!" {
		t.Fatalf("transforms chain: %v", out.Result)
	}
	out = hookResult(t, f.host, "input", map[string]any{"type": "input", "text": "ping", "source": "interactive"})
	if res := out.Result.(map[string]any); res["action"] != "handled" || out.StoppedBy != "b" {
		t.Fatalf("handled stops: %v by %s", out.Result, out.StoppedBy)
	}
	out = hookResult(t, f.host, "before_agent_start", map[string]any{"type": "before_agent_start", "prompt": "hi", "systemPrompt": "S"})
	res := out.Result.(map[string]any)
	if res["systemPrompt"] != "S +A +B" || len(res["messages"].([]any)) != 1 {
		t.Fatalf("before_agent_start: %v", res)
	}
}

func TestPiSessionBeforeFirstCancelWins(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("a.ts", `export default function (pi) { pi.on("session_before_switch", () => ({ cancel: true })); }`)
	f.write("b.ts", `export default function (pi) { pi.on("session_before_switch", () => { throw new Error("never runs"); }); }`)
	f.mustBoot("a.ts", "b.ts")
	out := hookResult(t, f.host, "session_before_switch", map[string]any{"type": "session_before_switch", "reason": "new"})
	if res := out.Result.(map[string]any); res["cancel"] != true || out.StoppedBy != "a" || len(out.Errors) != 0 {
		t.Fatalf("%+v", out)
	}
}

func TestPiTimingRules(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("t.ts", `export default function (pi) {
  let err = "";
  try { pi.appendEntry("x", {}); } catch (e) { err = e.message; }
  pi.registerCommand("err", { handler: async (args, ctx) => ctx.ui.notify(err + "|" + pi.getFlag("verbose") + "|[" + args + "]") });
  pi.registerFlag("verbose", { type: "boolean", default: false });
  pi.on("session_start", () => {
    pi.registerTool({ name: "late", description: "", parameters: { type: "object" },
      async execute() { return { content: [{ type: "text", text: "late ok" }] }; } });
  });
  pi.on("some_future_event", () => {});
}
`)
	piapi.Of(f.host).SetFlagValues(map[string]any{"verbose": true})
	f.mustBoot("t.ts")
	if err := f.host.RunCommand(context.Background(), "/err  a b "); err != nil {
		t.Fatal(err)
	}
	ui := piapi.Of(f.host).UI().State()
	n := ui["notifications"].([]any)[0].(map[string]any)["message"].(string)
	if n != "Extension runtime not initialized. Action methods cannot be called during extension loading.|true|[ a b ]" {
		t.Fatalf("notify = %q", n)
	}
	f.host.Emit(context.Background(), "session_start", map[string]any{"type": "session_start", "reason": "startup"})
	waitFor(t, "late tool", func() bool { return f.host.Tools().Current().Has("late") })
	if r, err := f.runTool("late", map[string]any{}); err != nil || r.Text() != "late ok" {
		t.Fatalf("%q %v", r.Text(), err)
	}
}

func TestPiStaleCtxAfterReload(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("s.ts", `let saved;
export default function (pi) {
  pi.registerCommand("save", { handler: async (args, ctx) => { saved = ctx; } });
  pi.registerCommand("use", { handler: async (args, ctx) => { saved.cwd; } });
}
`)
	f.mustBoot("s.ts")
	if err := f.host.RunCommand(context.Background(), "/save"); err != nil {
		t.Fatal(err)
	}
	old, _ := f.host.Commands().Current().Get("use")
	if res := f.host.Reload(context.Background(), "s", nil); !res.OK {
		t.Fatal(res.Err)
	}
	err := old.Value.Handler(context.Background(), "")
	if err == nil || !strings.Contains(err.Error(), "stale") {
		t.Fatalf("old handler after reload: %v", err)
	}
}

// TestPiCommandHandlerOutlivesItsReload: a command handler whose
// generation retires while it waits (ctx.newSession reloads the caller,
// as pi does) goes on running, timers included, as pi's old closure does
// in Node; its ctx is stale, and the runtime ends when it returns.
func TestPiCommandHandlerOutlivesItsReload(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	started, flag, out := filepath.Join(f.dir, "started"), filepath.Join(f.dir, "flag"), filepath.Join(f.dir, "out")
	f.write("w.ts", fmt.Sprintf(`import * as fs from "node:fs";
export default function (pi) {
  pi.registerCommand("wait", { handler: async (args, ctx) => {
    fs.writeFileSync(%q, "");
    while (!fs.existsSync(%q)) await new Promise((r) => setTimeout(r, 2));
    let cwd;
    try { cwd = ctx.cwd; } catch (e) { cwd = e.message.slice(0, 27); }
    fs.writeFileSync(%q, "after: " + cwd);
  } });
}
`, started, flag, out))
	f.mustBoot("w.ts")
	old, _ := f.host.Commands().Current().Get("wait")
	done := make(chan error, 1)
	go func() { done <- f.host.RunCommand(context.Background(), "/wait") }()
	waitFor(t, "the handler to start", func() bool { _, err := os.Stat(started); return err == nil })
	if res := f.host.Reload(context.Background(), "w", nil); !res.OK {
		t.Fatal(res.Err)
	}
	if err := os.WriteFile(flag, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("the handler of the retired generation: %v", err)
	}
	if b, _ := os.ReadFile(out); string(b) != "after: This extension ctx is stale" {
		t.Fatalf("the handler wrote %q", b)
	}
	// Once it returned, the retired runtime is gone.
	waitFor(t, "the retired runtime to end", func() bool {
		err := old.Value.Handler(context.Background(), "")
		return err != nil && strings.Contains(err.Error(), "stale")
	})
}

func TestPiDuplicateNames(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	for _, n := range []string{"one", "two"} {
		f.write(n+".ts", fmt.Sprintf(`export default function (pi) {
  pi.registerCommand("dup", { description: %[1]q, handler: async (args, ctx) => ctx.ui.notify(%[1]q) });
  pi.registerTool({ name: "same", description: %[1]q, parameters: { type: "object" },
    async execute() { return { content: [{ type: "text", text: %[1]q }] }; } });
}
`, n))
	}
	f.mustBoot("one.ts", "two.ts")
	ids := f.host.Commands().Current().IDs()
	if strings.Join(ids, ",") != "dup:1,dup:2" {
		t.Fatalf("commands = %v", ids)
	}
	if r, _ := f.runTool("same", map[string]any{}); r.Text() != "one" {
		t.Fatalf("first registration should win, got %q", r.Text())
	}
	found := false
	for _, p := range f.host.Plugins() {
		for _, d := range p.Log {
			if p.ID == "two" && strings.Contains(d.Text, "first registration wins") {
				found = true
			}
		}
	}
	if !found {
		t.Fatal("no diagnostic for the duplicate tool")
	}
}

func TestPiSessionEntriesLabelsAndBus(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("a.ts", `export default function (pi) {
  pi.registerCommand("mark", { handler: async (args, ctx) => {
    pi.appendEntry("note", { text: args });
    const leaf = ctx.sessionManager.getLeafEntry();
    pi.setLabel(leaf.id, "L-" + args);
    pi.setSessionName("S");
    pi.events.emit("my:channel", { from: "a", label: ctx.sessionManager.getLabel(leaf.id), n: ctx.sessionManager.getEntries().length });
  } });
}
`)
	f.write("b.ts", `export default function (pi) {
  pi.on("session_start", (e, ctx) => {
    pi.events.on("my:channel", (data) => ctx.ui.notify("got " + JSON.stringify(data) + " " + pi.getSessionName()));
  });
}
`)
	f.mustBoot("a.ts", "b.ts")
	f.host.Emit(context.Background(), "session_start", map[string]any{"type": "session_start", "reason": "startup"})
	if err := f.host.RunCommand(context.Background(), "/mark x"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "bus delivery", func() bool {
		ns, _ := piapi.Of(f.host).UI().State()["notifications"].([]any)
		return len(ns) == 1 && ns[0].(map[string]any)["message"] == `got {"from":"a","label":"L-x","n":3} S`
	})
}

func TestPiDialogs(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("d.ts", `export default function (pi) {
  pi.registerCommand("ask", { handler: async (args, ctx) => {
    const s = await ctx.ui.select("Pick", ["a", "b"]);
    const c = await ctx.ui.confirm("Sure?", "really");
    const i = await ctx.ui.input("Name", "type");
    const t = await ctx.ui.confirm("Timed", "x", { timeout: 20 });
    ctx.ui.notify(JSON.stringify({ hasUI: ctx.hasUI, s, c, i, t }));
  } });
}
`)
	f.mustBoot("d.ts")
	last := func() string {
		ns, _ := piapi.Of(f.host).UI().State()["notifications"].([]any)
		return ns[len(ns)-1].(map[string]any)["message"].(string)
	}
	// No UI attached: pi's no-UI defaults.
	if err := f.host.RunCommand(context.Background(), "/ask"); err != nil {
		t.Fatal(err)
	}
	if got := last(); got != `{"hasUI":false,"c":false,"t":false}` {
		t.Fatalf("no-UI defaults: %s", got)
	}
	// A scripted client answers (the timed confirm is left to time out).
	c := piapi.NewScriptedClient(f.host.Views(), "tui", func(method string, st map[string]any) any {
		switch method {
		case "select":
			return map[string]any{"value": "b"}
		case "confirm":
			if st["title"] == "Timed" {
				return nil
			}
			return map[string]any{"confirmed": true}
		case "input":
			return map[string]any{"value": "Ada"}
		}
		return map[string]any{"cancelled": true}
	})
	if err := f.host.Views().Attach(c); err != nil {
		t.Fatal(err)
	}
	if err := f.host.RunCommand(engine.WithOriginator(context.Background(), "tui"), "/ask"); err != nil {
		t.Fatal(err)
	}
	if got := last(); got != `{"hasUI":true,"s":"b","c":true,"i":"Ada","t":false}` {
		t.Fatalf("scripted answers: %s", got)
	}
	if n := len(c.Asked()); n != 4 {
		t.Fatalf("asked %d dialogs", n)
	}
}

func TestPiExec(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("x.ts", `export default function (pi) {
  pi.registerCommand("x", { handler: async (args, ctx) => {
    const ok = await pi.exec("sh", ["-c", "echo out; echo err >&2; exit 3"]);
    const missing = await pi.exec("definitely-not-a-binary-xyz", []);
    const slow = await pi.exec("sleep", ["5"], { timeout: 50 });
    ctx.ui.notify(JSON.stringify([ok, missing.code, slow.killed]));
  } });
}
`)
	f.mustBoot("x.ts")
	if err := f.host.RunCommand(context.Background(), "/x"); err != nil {
		t.Fatal(err)
	}
	ns, _ := piapi.Of(f.host).UI().State()["notifications"].([]any)
	got := ns[0].(map[string]any)["message"]
	if got != `[{"stdout":"out\n","stderr":"err\n","code":3,"killed":false},1,true]` {
		t.Fatalf("exec: %v", got)
	}
}

func TestSessionValuesAndLists(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("s.ts", `export default function (pi) {
  const count = pi.session.value("counter-ext", "count");
  const log = pi.session.list("counter-ext", "log");
  pi.registerCommand("inc", { handler: async (args, ctx) => {
    count.set((count.get() ?? 0) + 1);
    log.append({ at: count.get() });
    let reserved = "";
    try { pi.session.value("pi.internal", "x").set(1); } catch (e) { reserved = e.message; }
    ctx.ui.notify(JSON.stringify({ n: count.get(), log: log.items(), reserved: reserved !== "" }));
  } });
}
`)
	f.mustBoot("s.ts")
	for range 2 {
		if err := f.host.RunCommand(context.Background(), "/inc"); err != nil {
			t.Fatal(err)
		}
	}
	ns, _ := piapi.Of(f.host).UI().State()["notifications"].([]any)
	if got := ns[1].(map[string]any)["message"]; got != `{"n":2,"log":[{"at":1},{"at":2}],"reserved":true}` {
		t.Fatalf("got %v", got)
	}
}

func TestUnknownPiExportIsNamed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("bad.ts", `import { defineTool, notARealExport } from "@mariozechner/pi-coding-agent";
export default function (pi) { notARealExport(defineTool); }
`)
	res := f.boot("bad.ts")
	wantFailure(t, res["bad"], `has no export "notARealExport"`, "bad.ts", 1)
}

func TestMalformedToolResultAndWrongHandlerShape(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("m.ts", `export default function (pi) {
  pi.registerTool({ name: "bad", description: "", parameters: { type: "object" },
    async execute() { return "just a string"; } });
  pi.on("tool_call", () => "not an object");
}
`)
	f.mustBoot("m.ts")
	r, err := f.runTool("bad", map[string]any{})
	if err == nil || !r.IsError || !strings.Contains(r.Text(), "tool result must be an object") {
		t.Fatalf("malformed result: %+v %v", r, err)
	}
	found := false
	for _, p := range f.host.Plugins() {
		for _, d := range p.Log {
			if d.Plugin == "m" && strings.Contains(d.Text, "expected an object or undefined") {
				found = true
			}
		}
	}
	if !found {
		t.Fatal("wrong handler shape not reported")
	}
}

func TestPiReadYourWrites(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("r.ts", `export default function (pi) {
  pi.registerCommand("add", { handler: async (args, ctx) => {
    pi.registerTool({ name: "fresh", description: "new", parameters: { type: "object" },
      async execute() { return { content: [], details: {} }; } });
    ctx.ui.notify(String(pi.getAllTools().some((t) => t.name === "fresh")));
  } });
}
`)
	f.mustBoot("r.ts")
	if err := f.host.RunCommand(context.Background(), "/add"); err != nil {
		t.Fatal(err)
	}
	ns, _ := piapi.Of(f.host).UI().State()["notifications"].([]any)
	if got := ns[0].(map[string]any)["message"]; got != "true" {
		t.Fatalf("registerTool then getAllTools: %v", got)
	}
}

// ctx.ui, ctx.sessionManager and ctx.modelRegistry are made on a plugin's
// first read and are then the same objects in every ctx, as pi's are; the
// ctx classes are made with the plugin's first ctx and shared by the next.
func TestPiCtxMembersMadeOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("ctx.ts", `export default function (pi) {
  let prev;
  pi.registerTool({
    name: "members", label: "Members", description: "ctx members",
    parameters: { type: "object", properties: {} },
    async execute(id, params, signal, onUpdate, ctx) {
      const same = prev ? prev.sm === ctx.sessionManager && prev.mr === ctx.modelRegistry && prev.ui === ctx.ui && prev.proto === Object.getPrototypeOf(ctx) : null;
      prev = { sm: ctx.sessionManager, mr: ctx.modelRegistry, ui: ctx.ui, proto: Object.getPrototypeOf(ctx) };
      const out = [same, ctx.sessionManager.getCwd() === ctx.cwd, typeof ctx.modelRegistry.find, ctx.sessionManager === ctx.sessionManager,
        ctx.ui === ctx.ui, Object.keys(ctx.ui).length > 20 && typeof ctx.ui.notify];
      return { content: [{ type: "text", text: JSON.stringify(out) }], details: {} };
    },
  });
}
`)
	f.mustBoot("ctx.ts")
	for _, want := range []string{`[null,true,"function",true,true,"function"]`, `[true,true,"function",true,true,"function"]`} {
		r, err := f.runTool("members", map[string]any{})
		if err != nil || r.Text() != want {
			t.Fatalf("got %q %v, want %s", r.Text(), err, want)
		}
	}
}

// pi 1.6's cache_warming_decision from JS extensions: each handler sees
// pi's decision; the last one returning an action decides; a throw is
// reported and skipped.
func TestPiCacheWarmingDecision(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("a.ts", `export default function (pi) {
  pi.on("cache_warming_decision", (e) => ({ action: e.warmCost < e.missCost ? "stop" : "warm" }));
  pi.on("cache_warming_decision", () => { throw new Error("nope"); });
}
`)
	f.write("b.ts", `export default function (pi) {
  pi.on("cache_warming_decision", (e) => { if (e.action !== "warm" || e.continuationProbability !== 0.15) return { action: "bad-event" }; });
}
`)
	f.mustBoot("a.ts", "b.ts")
	out := hookResult(t, f.host, "cache_warming_decision", map[string]any{"type": "cache_warming_decision",
		"warmCost": 0.01, "missCost": 0.5, "continuationProbability": 0.15, "action": "warm"})
	r, _ := out.Result.(map[string]any)
	if r["action"] != "stop" || len(out.Errors) != 1 || !strings.Contains(out.Errors[0].Text, "nope") {
		t.Fatalf("result %v, errors %v", out.Result, out.Errors)
	}
}

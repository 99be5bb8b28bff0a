package compat_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/session"
	"github.com/pigo-dev/pigo/jsapi"
)

// Helpers for the behaviour checks of the examples
// (conformance_checks_test.go). The harness (conformance_test.go) loads an
// example alone in a fresh host; these add what some checks need on top:
// a controlled environment (HOME, PI_CODING_AGENT_DIR), stand-ins for pi's
// built-in tools, CLI flag values, a scripted agent (isIdle, context usage,
// system prompt), pi-shaped session entries, polling for asynchronous
// effects, and a probe that plays pi's TUI host for renderers.

// loadSpec says how to load one example.
type loadSpec struct {
	cwd string // "" = a fresh temp dir
	// environ, when set, is the process environment the example sees (a
	// dedicated jsapi.Env is built for it); PATH is added. Without it the
	// shared environment of the harness is used (HOME=os.TempDir()).
	environ map[string]string
	// builtins loads stand-ins for pi's built-in tools (read, bash, edit,
	// write, grep, find, ls) first, as pi always has them.
	builtins bool
	// probe wraps the example in the conformance probe (see probeSource).
	probe bool
	// probeSetup is TypeScript the probe runs on pi before the example's
	// factory (e.g. a stubbed pi.exec); it implies probe.
	probeSetup string
	// flags are CLI flag values (pi --name value), set before session_start.
	flags map[string]any
}

// piBuiltinTools are the names of pi's built-in tools (default active:
// read, bash, edit, write).
var piBuiltinTools = []string{"read", "bash", "edit", "write", "grep", "find", "ls"}

// builtinToolsSpec is a Go plugin standing in for pi's built-in tools: it
// registers each under its name, owned by "@pi/..." (so extensions may
// override them), with a schema-less execute that says which it is.
func builtinToolsSpec(h *engine.Host) engine.PluginSpec {
	return engine.PluginSpec{ID: "@pi/builtin-tools", Source: "go:@pi/builtin-tools", Loader: engine.GoPlugin(
		func(_ context.Context, g *engine.Generation) error {
			_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
				for _, name := range piBuiltinTools {
					name := name
					d.Set(name, engine.Tool{Label: name, Description: "pi built-in " + name + " (conformance stand-in)",
						Parameters: map[string]any{"type": "object"},
						Execute: func(context.Context, engine.ToolCall) (engine.ToolResult, error) {
							return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "built-in " + name}}}, nil
						}})
				}
				return nil
			})
			return err
		})}
}

// loadWith loads one example as spec says and fails the test if it does
// not load.
func loadWith(t *testing.T, name string, spec loadSpec) *piHost {
	t.Helper()
	ex := findExample(t, name)
	cwd := spec.cwd
	if cwd == "" {
		cwd = t.TempDir()
	}
	env := sharedEnv()
	if spec.environ != nil {
		environ := map[string]string{"PATH": os.Getenv("PATH")}
		for k, v := range spec.environ {
			environ[k] = v
		}
		env = jsapi.New(jsapi.Options{Environ: environ})
	}
	entry := ex.path
	if spec.probe || spec.probeSetup != "" {
		entry = writeProbe(t, ex, spec.probeSetup)
	}
	h := engine.New(engine.Options{Cwd: cwd})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	var manifest []engine.PluginSpec
	if spec.builtins {
		manifest = append(manifest, builtinToolsSpec(h))
	}
	manifest = append(manifest, env.Plugin(ex.name, entry, nil))
	for _, r := range h.Boot(context.Background(), manifest) {
		if !r.OK {
			t.Fatalf("%s failed to load: %v", r.Plugin, r.Err)
		}
	}
	if spec.flags != nil {
		piapi.Of(h).SetFlagValues(spec.flags)
	}
	return &piHost{t: t, host: h, cwd: cwd}
}

// isolatedEnv is an environment whose HOME and pi agent dir
// (PI_CODING_AGENT_DIR) are fresh temp dirs, so nothing from the machine's
// ~/.pi leaks in. It returns the environ and the agent dir.
func isolatedEnv(t *testing.T) (map[string]string, string) {
	home := t.TempDir()
	agentDir := filepath.Join(home, ".pi", "agent")
	if err := os.MkdirAll(agentDir, 0o755); err != nil {
		t.Fatal(err)
	}
	return map[string]string{"HOME": home, "PI_CODING_AGENT_DIR": agentDir}, agentDir
}

// ---------------------------------------------------------------------------
// Driving and observing

// startSession emits pi's session_start for a fresh start.
func (p *piHost) startSession() {
	p.t.Helper()
	p.emit("session_start", map[string]any{"reason": "startup"})
}

// toolUpdates runs a tool and collects its onUpdate partial results.
func (p *piHost) toolUpdates(name string, params map[string]any) (engine.ToolResult, []engine.ToolResult, error) {
	var mu sync.Mutex
	var updates []engine.ToolResult
	r, err := p.host.RunTool(context.Background(), name, engine.ToolCall{ID: "call_1", Params: params,
		OnUpdate: func(u engine.ToolResult) { mu.Lock(); updates = append(updates, u); mu.Unlock() }})
	mu.Lock()
	defer mu.Unlock()
	return r, append([]engine.ToolResult(nil), updates...), err
}

// mustTool runs a tool that must succeed.
func (p *piHost) mustTool(name string, params map[string]any) engine.ToolResult {
	p.t.Helper()
	r, err := p.tool(name, params)
	if err != nil {
		p.t.Fatalf("tool %s %v: %v (result %+v)", name, params, err, r)
	}
	return r
}

// mustCommand runs a command that must succeed.
func (p *piHost) mustCommand(line string) {
	p.t.Helper()
	if err := p.command(line); err != nil {
		p.t.Fatalf("%s: %v", line, err)
	}
}

// eventually polls cond for up to 10s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// waitCalls waits until at least n calls named op were recorded (some pi
// actions, e.g. sendMessage, reach the host asynchronously) and returns
// them.
func (p *piHost) waitCalls(op string, n int) []piapi.Call {
	p.t.Helper()
	eventually(p.t, fmt.Sprintf("%d %s call(s) (have %v)", n, op, p.calls(op)), func() bool { return len(p.calls(op)) >= n })
	return p.calls(op)
}

// waitNotification waits until a notification "type: message" was shown.
func (p *piHost) waitNotification(want string) {
	p.t.Helper()
	eventually(p.t, fmt.Sprintf("notification %q (have %q)", want, p.notifications()), func() bool {
		return contains(p.notifications(), want)
	})
}

// uiArgs returns the arguments of every recorded "ui."+op call ([key or
// "", value] for the fire-and-forget setters).
func (p *piHost) uiArgs(op string) [][]any {
	var out [][]any
	for _, c := range p.calls("ui." + op) {
		out = append(out, c.Args)
	}
	return out
}

// status returns the current ctx.ui.setStatus text of key ("" + false when unset).
func (p *piHost) status(key string) (string, bool) {
	st, _ := p.ui()["status"].(map[string]any)
	v, ok := st[key].(string)
	return v, ok
}

// logs returns the texts of the plugin's log diagnostics (console and
// process.stdout output).
func (p *piHost) logs() []string {
	var out []string
	for _, st := range p.host.Plugins() {
		for _, d := range st.Log {
			if d.Where == "log" {
				out = append(out, d.Text)
			}
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// pi-shaped data

// piUsage is pi-ai's Usage with every count zero but the given ones.
func piUsage(input, output float64, cost float64) map[string]any {
	return map[string]any{"input": input, "output": output, "cacheRead": 0.0, "cacheWrite": 0.0, "totalTokens": input + output,
		"cost": map[string]any{"input": 0.0, "output": 0.0, "cacheRead": 0.0, "cacheWrite": 0.0, "total": cost}}
}

func nowMs() float64 { return float64(time.Now().UnixMilli()) }

// userMessage is pi's UserMessage (pi always writes an array).
func userMessage(text string) map[string]any {
	return map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": text}}, "timestamp": nowMs()}
}

// assistantMessage is pi's AssistantMessage with one text block.
func assistantMessage(text string) map[string]any {
	return map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": text}},
		"api": "anthropic-messages", "provider": "anthropic", "model": "claude-sonnet-4-5",
		"usage": piUsage(0, 0, 0), "stopReason": "stop", "timestamp": nowMs()}
}

// toolResultMessage is pi's ToolResultMessage.
func toolResultMessage(toolName, text string, details any) map[string]any {
	return map[string]any{"role": "toolResult", "toolCallId": "call_0", "toolName": toolName,
		"content": []any{map[string]any{"type": "text", "text": text}}, "details": details, "isError": false, "timestamp": nowMs()}
}

// appendMessage appends a "message" session entry and returns it (with its id).
func (p *piHost) appendMessage(msg map[string]any) session.Entry {
	return piapi.Of(p.host).Session().Append(session.Entry{"type": "message", "message": msg})
}

// appendCustom appends a "custom" entry as pi.appendEntry writes it.
func (p *piHost) appendCustom(customType string, data any) session.Entry {
	return piapi.Of(p.host).Session().Append(session.Entry{"type": "custom", "customType": customType, "data": data})
}

// scriptedAgent is a PiAgent whose state a check sets: busy (isIdle),
// system prompt and context usage.
type scriptedAgent struct {
	piapi.RecordingAgent
	mu     sync.Mutex
	busy   bool
	prompt string
	usage  map[string]any
}

func (a *scriptedAgent) IsIdle() bool { a.mu.Lock(); defer a.mu.Unlock(); return !a.busy }
func (a *scriptedAgent) SystemPrompt() string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.prompt
}
func (a *scriptedAgent) ContextUsage() map[string]any {
	a.mu.Lock()
	defer a.mu.Unlock()
	return engine.Clone(a.usage).(map[string]any)
}
func (a *scriptedAgent) setBusy(b bool) { a.mu.Lock(); a.busy = b; a.mu.Unlock() }

// setTokens sets pi's ContextUsage for a 200k window.
func (a *scriptedAgent) setTokens(tokens float64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.usage = map[string]any{"tokens": tokens, "contextWindow": 200000.0, "percent": tokens / 2000}
}

func (p *piHost) agent() *scriptedAgent {
	a := &scriptedAgent{}
	piapi.Of(p.host).SetAgent(a)
	return a
}

// ---------------------------------------------------------------------------
// Fixtures

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// needTool skips a check when a program it needs is not installed.
func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s is not installed on this machine; this check needs it", name)
	}
}

// git runs git in dir and returns its trimmed output.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// gitRepo creates a repository with one committed file (a.txt = "one\n")
// and a local identity, so commits work under any HOME.
func gitRepo(t *testing.T) string {
	t.Helper()
	needTool(t, "git")
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "config", "user.name", "pigo test")
	git(t, dir, "config", "user.email", "test@pigo.invalid")
	git(t, dir, "config", "commit.gpgsign", "false")
	writeFile(t, filepath.Join(dir, "a.txt"), "one\n")
	git(t, dir, "add", "a.txt")
	git(t, dir, "commit", "-q", "-m", "initial")
	return dir
}

// ---------------------------------------------------------------------------
// Assertions

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// asJSON renders v as canonical JSON (sorted keys) for comparisons.
func asJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	var x any
	_ = json.Unmarshal(b, &x)
	b, _ = json.Marshal(x)
	return string(b)
}

// sameJSON compares two values as JSON data.
func sameJSON(a, b any) bool {
	var x, y any
	_ = json.Unmarshal([]byte(asJSON(a)), &x)
	_ = json.Unmarshal([]byte(asJSON(b)), &y)
	return reflect.DeepEqual(x, y)
}

func wantJSON(t *testing.T, what string, got, want any) {
	t.Helper()
	if !sameJSON(got, want) {
		t.Errorf("%s:\n got: %s\nwant: %s", what, asJSON(got), asJSON(want))
	}
}

func wantText(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n got: %q\nwant: %q", what, got, want)
	}
}

// resultMap returns a hook's combined result as an object (nil if none).
func resultMap(o engine.HookOutcome) map[string]any {
	m, _ := o.Result.(map[string]any)
	return m
}

// dialogAnswers answers dialogs from a script: method → answer.
func dialogAnswers(answers map[string]any) func(method string, state map[string]any) any {
	return func(method string, _ map[string]any) any { return answers[method] }
}

// ---------------------------------------------------------------------------
// The probe: pi's TUI host for renderers

// writeProbe writes an extension that loads the example's factory on the
// same pi object and observes what pi's interactive host would call:
// registered tool definitions (renderCall/renderResult), message
// and entry renderers, virtual models, and the factories handed to ctx.ui (setFooter, setHeader,
// setEditorComponent, setWidget(fn), custom, addAutocompleteProvider). It
// adds one tool, __probe {code}, that runs code as the body of an async
// function of (s, ctx, theme, tui) — s is what was observed, theme
// ctx.ui.theme, tui a headless TUI — and returns JSON.stringify(result).
// The example's own code is unchanged; only pi's host side is emulated.
func writeProbe(t *testing.T, ex example, setup string) string {
	t.Helper()
	dir := t.TempDir()
	src := strings.ReplaceAll(probeSource, "EXAMPLE_ENTRY", jsString(ex.path))
	src = strings.Replace(src, "  factory(pi);", setup+"\n  factory(pi);", 1)
	p := filepath.Join(dir, "probe.ts")
	writeFile(t, p, src)
	return p
}

func jsString(s string) string { b, _ := json.Marshal(s); return string(b) }

const probeSource = `import factory from EXAMPLE_ENTRY;

export default function (pi: any) {
  const s: any = { tools: {}, renderers: {}, footer: undefined, header: undefined, editor: undefined,
    widgets: {}, custom: [], autocomplete: [], renders: 0 };
  const registerTool = pi.registerTool;
  pi.registerTool = (tool: any) => { s.tools[tool.name] = tool; return registerTool.call(pi, tool); };
  // pi 1.6: entry renderers and virtual models (s.entryRenderers, s.virtualModels).
  s.entryRenderers = {};
  s.virtualModels = {};
  const registerEntryRenderer = pi.registerEntryRenderer;
  pi.registerEntryRenderer = (customType: string, renderer: any) => {
    if (!(customType in s.entryRenderers)) s.entryRenderers[customType] = renderer;
    return registerEntryRenderer.call(pi, customType, renderer);
  };
  const registerVirtualModel = pi.registerVirtualModel;
  pi.registerVirtualModel = (model: any) => {
    s.virtualModels[model.provider + "/" + model.id] = model;
    return registerVirtualModel.call(pi, model);
  };
  const registerMessageRenderer = pi.registerMessageRenderer;
  pi.registerMessageRenderer = (customType: string, renderer: any) => {
    if (!(customType in s.renderers)) s.renderers[customType] = renderer;
    return registerMessageRenderer.call(pi, customType, renderer);
  };
  let patched = false;
  const observe = (ctx: any) => {
    if (patched || !ctx) return;
    patched = true;
    const ui = ctx.ui;
    const wrap = (name: string, f: (orig: any) => any) => { const orig = ui[name]; ui[name] = f(orig); };
    wrap("setFooter", (o) => (f: any) => { s.footer = f; return o(f); });
    wrap("setHeader", (o) => (f: any) => { s.header = f; return o(f); });
    wrap("setEditorComponent", (o) => (f: any) => { s.editor = f; return o(f); });
    wrap("setWidget", (o) => (k: string, c: any, opts: any) => { s.widgets[k] = c; return o(k, c, opts); });
    wrap("custom", (o) => (f: any, opts: any) => { s.custom.push({ factory: f, options: opts }); return o(f, opts); });
    wrap("addAutocompleteProvider", (o) => (f: any) => { s.autocomplete.push(f); return o(f); });
  };
  const on = pi.on;
  pi.on = (event: string, handler: any) => on.call(pi, event, (e: any, ctx: any) => { observe(ctx); return handler(e, ctx); });
  const registerCommand = pi.registerCommand;
  pi.registerCommand = (name: string, options: any) => registerCommand.call(pi, name, { ...options,
    handler: (args: string, ctx: any) => { observe(ctx); return options.handler.call(options, args, ctx); } });

  factory(pi);

  const tui = {
    requestRender() { s.renders++; }, start() {}, stop() {},
    terminal: { rows: 24, columns: 80 },
    showOverlay() { return { hide() {}, setHidden() {}, isHidden: () => false, focus() {}, unfocus() {}, isFocused: () => false }; },
  };
  registerTool.call(pi, {
    name: "__probe", label: "probe", description: "conformance probe",
    parameters: { type: "object", properties: { code: { type: "string" } }, required: ["code"] },
    async execute(_id: string, params: any, _signal: any, _onUpdate: any, ctx: any) {
      observe(ctx);
      const run = new Function("s", "ctx", "theme", "tui", "return (async () => {\n" + params.code + "\n})();");
      const r = await run(s, ctx, ctx.ui.theme, tui);
      return { content: [{ type: "text", text: JSON.stringify(r) ?? "undefined" }], details: {} };
    },
  });
}
`

// probe runs code in the probe (see writeProbe) and returns its JSON result
// decoded.
func (p *piHost) probe(code string) any {
	p.t.Helper()
	r, err := p.tool("__probe", map[string]any{"code": code})
	if err != nil {
		p.t.Fatalf("probe %s: %v (%s)", code, err, r.Text())
	}
	var v any
	if r.Text() == "undefined" {
		return nil
	}
	if err := json.Unmarshal([]byte(r.Text()), &v); err != nil {
		p.t.Fatalf("probe result %q: %v", r.Text(), err)
	}
	return v
}

// renderContext is pi's ToolRenderContext for a finished call (the probe
// builds it in JS: invalidate is a function).
const renderContextJS = `{ args: {}, toolCallId: "call_1", invalidate() {}, lastComponent: undefined, state: {}, cwd: ctx.cwd,
  executionStarted: true, argsComplete: true, isPartial: false, expanded: false, showImages: false, isError: false }`

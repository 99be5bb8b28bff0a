package jsapi_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
	"github.com/pigo-dev/pigo/jsapi/modules"
)

// echoDeclaration is a snapshot of the tool declaredPlugin's factory
// registers.
const echoDeclaration = `// a snapshot
module.exports = {"data": {"name": "echo", "label": "Echo", "description": "Echoes its text",
  "parameters": {"type": "object", "properties": {"text": {"type": "string"}, "times": {"type": "number"}}},
  "defaultActive": false}, "functions": ["execute"]};
`

// declaredPlugin is a built-in plugin's source: its factory uses
// pigo:started (which counts the runtimes that evaluate it), registers
// what echoDeclaration declares, then runs more.
func declaredPlugin(more string) string {
	return `import started from "pigo:started";
export default function (pi: any) {
  started.count = true;
  pi.registerTool({ name: "echo", label: "Echo", description: "Echoes its text",
    parameters: { type: "object", properties: { text: { type: "string" }, times: { type: "number" } } },
    defaultActive: false,
    async execute(_id: string, p: any) { return { content: [{ type: "text", text: p.text }], details: {} }; } });
  ` + more + `
}
`
}

// bootDeclared boots @pi/echo declared by echoDeclaration; started counts
// its runtimes' starts.
func bootDeclared(t *testing.T, more string) (h *engine.Host, started *atomic.Int32) {
	t.Helper()
	started = new(atomic.Int32)
	env := jsapi.New(jsapi.Options{
		Builtins: map[string]string{"@pi/echo": declaredPlugin(more), "pigo:echo-tool": echoDeclaration},
		Declared: map[string][]string{"@pi/echo": {"pigo:echo-tool"}},
		Modules: map[string]modules.Module{"pigo:started": func(modules.Runtime, *goja.Object) error {
			started.Add(1)
			return nil
		}},
	})
	h = engine.New(engine.Options{Cwd: t.TempDir()})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	for _, r := range h.Boot(context.Background(), []engine.PluginSpec{env.BuiltinPlugin("@pi/echo")}) {
		if !r.OK {
			t.Fatal(r.Err)
		}
	}
	return h, started
}

// A declared plugin's tool is registered at load without a runtime; the
// first call starts one runtime, which every later call uses.
func TestDeclaredPluginStartsOnFirstCall(t *testing.T) {
	t.Parallel()
	h, started := bootDeclared(t, "")
	e, ok := h.Tools().Current().Get("echo")
	if !ok || e.Owner != "@pi/echo" || e.Value.Label != "Echo" || e.Value.Extra["defaultActive"] != false {
		t.Fatalf("echo: %+v %v", e, ok)
	}
	if started.Load() != 0 {
		t.Fatal("the runtime started at load")
	}
	var wg sync.WaitGroup
	for i := range 4 { // concurrent first calls share one start
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := h.RunTool(context.Background(), "echo", engine.ToolCall{ID: "c", Params: map[string]any{"text": "hi"}})
			if err != nil || r.Text() != "hi" {
				t.Errorf("call %d: %q %v", i, r.Text(), err)
			}
		}()
	}
	wg.Wait()
	if started.Load() != 1 {
		t.Fatalf("%d runtimes started, want 1", started.Load())
	}
}

// At its start a declared plugin may only register its declared tools:
// anything else fails the call, naming the plugin, and is reported.
func TestDeclaredPluginRegistersOnlyItsTools(t *testing.T) {
	t.Parallel()
	for name, c := range map[string]struct{ more, want string }{
		"command":  {`pi.registerCommand("x", { handler: async () => {} });`, "@pi/echo declares its tools, so it cannot add to commands when it starts"},
		"listener": {`pi.on("session_start", () => {});`, "@pi/echo declares its tools, so it cannot call pi."},
		"bus":      {`pi.events.on("ch", () => {});`, "@pi/echo declares its tools, so it cannot call pi.events.on(\"ch\")"},
	} {
		t.Run(name, func(t *testing.T) {
			h, _ := bootDeclared(t, c.more)
			_, err := h.RunTool(context.Background(), "echo", engine.ToolCall{ID: "c", Params: map[string]any{"text": "hi"}})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
			// the failure stays: a second call gets it without a new start
			_, err2 := h.RunTool(context.Background(), "echo", engine.ToolCall{ID: "d", Params: map[string]any{"text": "hi"}})
			if err2 == nil || err2.Error() != err.Error() {
				t.Fatalf("second call: %v", err2)
			}
		})
	}
}

// A declaration that does not parse fails the plugin's load with the
// module named.
func TestDeclaredPluginBadDeclaration(t *testing.T) {
	t.Parallel()
	env := jsapi.New(jsapi.Options{
		Builtins: map[string]string{"@pi/echo": declaredPlugin(""), "pigo:echo-tool": "module.exports = {\"data\": {}};"},
		Declared: map[string][]string{"@pi/echo": {"pigo:echo-tool", "pigo:missing"}},
	})
	h := engine.New(engine.Options{})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	r := h.Boot(context.Background(), []engine.PluginSpec{env.BuiltinPlugin("@pi/echo")})[0]
	if r.OK || !strings.Contains(r.Err.Error(), "declaration: pigo:echo-tool: want {data: {...}, functions: [...]}") {
		t.Fatalf("load: %+v", r)
	}
}

// Unloaded before its first call, a declared plugin never starts.
func TestDeclaredPluginUnloadedBeforeStart(t *testing.T) {
	t.Parallel()
	h, started := bootDeclared(t, "")
	exec := h.Tools().Current().Entries()[0].Value.Execute
	if err := h.Unload(context.Background(), "@pi/echo"); err != nil {
		t.Fatal(err)
	}
	_, err := exec(context.Background(), engine.ToolCall{ID: "c", Params: map[string]any{"text": "hi"}})
	if !errors.Is(err, engine.ErrStale) || started.Load() != 0 {
		t.Fatalf("call after unload: %v (started %d)", err, started.Load())
	}
}

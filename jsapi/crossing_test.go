package jsapi_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
	"github.com/pigo-dev/pigo/jsapi/modules"
)

func TestFunctionHandlesCrossPlugins(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("a.ts", `export default function (pi) {
  let count = 0;
  pi.providers.add((d) => d.set("greeter", { kind: "demo", greet: (name) => { count++; return "hi " + name + " #" + count; } }));
}
`)
	f.write("b.ts", `export default function (pi) {
  pi.tools.add((d) => d.set("use", { description: "", parameters: { type: "object" },
    async execute() {
      const g = pi.providers.current().greeter;
      const r = g.greet("bo");           // a handle: returns a Promise from a's loop
      const isPromise = typeof r.then === "function";
      return { content: [{ type: "text", text: (await r) + " " + isPromise }] };
    } }));
}
`)
	f.mustBoot("a.ts", "b.ts")
	for i, want := range []string{"hi bo #1 true", "hi bo #2 true"} {
		r, err := f.runTool("use", map[string]any{})
		if err != nil || r.Text() != want {
			t.Fatalf("call %d: %q %v", i, r.Text(), err)
		}
	}
	// After a reloads, the old handle is stale; current() gives the new one.
	if res := f.host.Reload(context.Background(), "a", nil); !res.OK {
		t.Fatal(res.Err)
	}
	if r, err := f.runTool("use", map[string]any{}); err != nil || r.Text() != "hi bo #1 true" {
		t.Fatalf("after reload: %q %v", r.Text(), err)
	}
}

func TestGoBindingPanicBecomesError(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := engine.New(engine.Options{Cwd: dir})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	env := jsapi.New(jsapi.Options{Modules: map[string]modules.Module{
		"pigo:explode": func(rt modules.Runtime, m *goja.Object) error {
			exports := m.Get("exports").(*goja.Object)
			return exports.Set("now", func(goja.FunctionCall) goja.Value { panic(errors.New("binding bug")) })
		},
	}})
	f := &fixture{t: t, dir: dir, host: h, env: env}
	f.write("p.ts", `export default function (pi) {
  pi.tools.add((d) => d.set("boom", { description: "", parameters: { type: "object" },
    execute() { require("pigo:explode").now(); return { content: [] }; } }));
  pi.tools.add((d) => d.set("ok", { description: "", parameters: { type: "object" },
    execute() { return { content: [{ type: "text", text: "fine" }] }; } }));
}
`)
	f.mustBoot("p.ts")
	r, err := f.runTool("boom", map[string]any{})
	if err == nil || !r.IsError || !strings.Contains(r.Text(), "binding bug") {
		t.Fatalf("panic should become an error result: %+v %v", r, err)
	}
	if r, err := f.runTool("ok", map[string]any{}); err != nil || r.Text() != "fine" {
		t.Fatalf("plugin should keep serving: %q %v", r.Text(), err)
	}
}

func TestRunawayToolInterrupted(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{Budgets: engine.Budgets{Tool: 300 * time.Millisecond}})
	f.write("spin.ts", `export default function (pi) {
  pi.tools.add((d) => d.set("spin", { description: "", parameters: { type: "object" },
    execute() {
      while (true) {}
    } }));
  pi.tools.add((d) => d.set("ok", { description: "", parameters: { type: "object" },
    execute() { return { content: [{ type: "text", text: "alive" }] }; } }));
}
`)
	f.mustBoot("spin.ts")
	r, err := f.runTool("spin", map[string]any{})
	if !errors.Is(err, engine.ErrBudget) || !r.IsError {
		t.Fatalf("runaway: %+v %v", r, err)
	}
	var se *engine.ScriptError
	if !errors.As(err, &se) || se.Location == nil || (se.Location.Line != 3 && se.Location.Line != 4) { // the loop or its function
		t.Fatalf("runaway location: %v", err)
	}
	if r, err := f.runTool("ok", map[string]any{}); err != nil || r.Text() != "alive" {
		t.Fatalf("%q %v", r.Text(), err)
	}
}

func TestDefineExtensionAndConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	h := engine.New(engine.Options{Cwd: dir})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	f := &fixture{t: t, dir: dir, host: h, env: jsapi.New(jsapi.Options{})}
	p := f.write("c.ts", `import { defineExtension } from "@pigo/api";
export default defineExtension(async (pi) => {
  await new Promise((r) => setTimeout(r, 5));
  pi.tools.add((d) => d.set("cfg", { description: "", parameters: { type: "object" },
    execute: () => ({ content: [{ type: "text", text: pi.id + ":" + pi.generation + ":" + JSON.stringify(pi.config) }] }) }));
});
`)
	res := h.Boot(context.Background(), []engine.PluginSpec{f.env.Plugin("cfgd", p, map[string]any{"mode": "ask"})})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	if r, err := f.runTool("cfg", map[string]any{}); err != nil || r.Text() != `cfgd:1:{"mode":"ask"}` {
		t.Fatalf("%q %v", r.Text(), err)
	}
}

package jsapi_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

// Every bad input gets a clear error naming the plugin and file:line, and
// the other plugins keep working (the hello plugin loads next to each).

func TestBadInputFailsLoudlyAndAlone(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, file, src, frag string
		line                  int
	}{
		{"syntax", "syntax.ts", "export default function (pi) {\n  const x: number = ;\n}\n", "Unexpected", 2},
		{"nodefault", "nodefault.ts", "export const x = 1;\n", "no default export", 1},
		{"throws", "throws.ts", "export default function (pi) {\n  const a = 1;\n  throw new Error(\"factory broke\");\n}\n", "factory broke", 3},
		{"rejects", "rejects.ts", "export default async function (pi) {\n  await null;\n  throw new Error(\"async broke\");\n}\n", "async broke", 3},
		{"unknownmod", "unknownmod.ts", "import x from \"left-pad-not-here\";\nexport default function (pi) { x(); }\n", "left-pad-not-here", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, engine.Options{})
			f.write("hello.ts", helloTool)
			f.write(c.file, c.src)
			res := f.boot("hello.ts", c.file)
			wantFailure(t, res[strings.TrimSuffix(c.file, ".ts")], c.frag, c.file, c.line)
			if !res["hello"].OK {
				t.Fatalf("hello failed too: %v", res["hello"].Err)
			}
			if r, err := f.runTool("greet", map[string]any{"name": "x"}); err != nil || r.IsError {
				t.Fatalf("hello tool broken: %v", err)
			}
		})
	}
}

func TestFactoryNeverResolvesOrLoopsIsBounded(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{Budgets: engine.Budgets{Factory: 2 * time.Second}})
	f.write("hello.ts", helloTool)
	f.write("hangs.ts", "export default function (pi) {\n  return new Promise(() => {});\n}\n")
	f.write("spins.ts", "export default function (pi) {\n  let i = 0;\n  while (true) { i++; }\n}\n")
	res := f.boot("hello.ts", "hangs.ts", "spins.ts")
	if r := res["hangs"]; r.OK || !errors.Is(r.Err, engine.ErrBudget) {
		t.Fatalf("hangs: %v", r.Err)
	}
	wantFailure(t, res["spins"], "budget", "spins.ts", 3)
	if !res["hello"].OK {
		t.Fatal(res["hello"].Err)
	}
}

func TestBadContributions(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{Budgets: engine.Budgets{Contribution: 500 * time.Millisecond}})
	f.write("hello.ts", helloTool)
	f.write("bad.ts", `export default function (pi) {
  pi.tools.add((d) => { throw new Error("contribution broke"); });
  pi.tools.add(async (d) => { d.set("late", {}); });
  pi.tools.add((d) => { for (;;) {} });
  pi.tools.add((d) => d.set("dup", { description: "a", parameters: { type: "object" }, execute: () => ({ content: [] }) }));
  pi.tools.add((d) => d.set("dup", { description: "b", parameters: { type: "object" }, execute: () => ({ content: [{ type: "text", text: "b" }] }) }));
  pi.tools.add((d) => d.set("badschema", { description: "x", parameters: { type: "object", properties: { a: { type: 12 } } }, execute: () => ({ content: [] }) }));
}
`)
	res := f.boot("hello.ts", "bad.ts")
	if !res["bad"].OK {
		t.Fatal(res["bad"].Err)
	}
	tools := f.host.Tools().Current()
	if !tools.Has("greet") || !tools.Has("dup") || tools.Has("late") || tools.Has("badschema") {
		t.Fatalf("tools = %v", tools.IDs())
	}
	r, _ := f.runTool("dup", map[string]any{})
	if r.Text() != "b" {
		t.Fatalf("dup: last set should win, got %q", r.Text())
	}
	probs := f.host.Tools().Problems()
	for _, frag := range []string{"contribution broke", "Promise", "budget", "set twice", "invalid parameters schema"} {
		found := false
		for _, p := range probs {
			if p.Plugin == "bad" && strings.Contains(p.Text, frag) {
				found = true
				if frag == "contribution broke" && (p.Location == nil || p.Location.Line != 2) {
					t.Errorf("throw location = %v, want bad.ts:2", p.Location)
				}
			}
		}
		if !found {
			t.Errorf("no problem mentioning %q in %v", frag, probs)
		}
	}
}

func TestBadHooks(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{Budgets: engine.Budgets{Hook: 2 * time.Second}})
	f.write("hello.ts", helloTool)
	f.write("hooks.ts", `export default function (pi) {
  pi.hook("tool_result", () => { throw new Error("hook broke"); });
  pi.hook("tool_result", () => { while (true) {} });
  pi.hook("tool_result", (r) => ({ ...r, content: [{ type: "text", text: "patched" }] }));
}
`)
	f.mustBoot("hello.ts", "hooks.ts")
	r, err := f.runTool("greet", map[string]any{"name": "x"})
	if err != nil {
		t.Fatal(err)
	}
	if r.Text() != "patched" {
		t.Fatalf("later handler should still run, got %q", r.Text())
	}
	var broke, spun bool
	for _, p := range f.host.Plugins() {
		for _, d := range p.Log {
			if d.Plugin == "hooks" && strings.Contains(d.Text, "hook broke") && d.Location != nil && d.Location.Line == 2 {
				broke = true
			}
			if d.Plugin == "hooks" && strings.Contains(d.Text, "budget") && d.Location != nil && d.Location.Line == 3 {
				spun = true
			}
		}
	}
	if !broke || !spun {
		t.Fatalf("hook failures not recorded with locations: %+v", f.host.Plugins())
	}
	// The plugin and host keep serving.
	if _, err := f.host.RunTool(context.Background(), "greet", engine.ToolCall{Params: map[string]any{"name": "y"}}); err != nil {
		t.Fatal(err)
	}
}

// Unbounded recursion fails fast with a clear error naming the plugin and
// file:line (it used to grow the process until it was killed), and the
// host keeps serving.
func TestUnboundedRecursionIsBounded(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("hello.ts", helloTool)
	f.write("recurse.ts", `function down(n: number): number {
  return down(n + 1) + 1;
}
export default function (pi) {
  pi.registerTool({ name: "recurse", label: "r", description: "r", parameters: { type: "object" },
    execute: async () => ({ content: [{ type: "text", text: String(down(0)) }] }) });
}
`)
	f.write("deep.ts", "function f(n: number): number { return n === 0 ? 0 : f(n - 1) + 1; }\nexport default function (pi) { if (f(5000) !== 5000) throw new Error(\"depth\"); }\n")
	f.write("loops.ts", "function g(): number {\n  return g();\n}\nexport default function (pi) { g(); }\n")
	res := f.boot("hello.ts", "recurse.ts", "deep.ts", "loops.ts")
	if !res["deep"].OK {
		t.Fatalf("5,000 frames of legitimate recursion refused: %v", res["deep"].Err)
	}
	wantFailure(t, res["loops"], "Maximum call stack size exceeded", "loops.ts", 2)
	r, err := f.runTool("recurse", map[string]any{})
	if err == nil && !r.IsError {
		t.Fatalf("recurse returned %q", r.Text())
	}
	msg := r.Text()
	if err != nil {
		msg = err.Error()
	}
	if !strings.Contains(msg, "Maximum call stack size exceeded") || !strings.Contains(msg, "recurse.ts:2") {
		t.Errorf("recursion error = %q, want the RangeError with recurse.ts:2", msg)
	}
	if r, err := f.runTool("greet", map[string]any{"name": "x"}); err != nil || r.IsError {
		t.Fatalf("hello tool broken after the overflow: %v", err)
	}
	if r, _ := f.runTool("recurse", map[string]any{}); !r.IsError && r.Text() != "" {
		t.Fatalf("second call: %q", r.Text())
	}
}

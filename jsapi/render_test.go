package jsapi_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
)

var ansi = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// visible strips ANSI styling (the renderers keep it).
func visible(s string) string { return ansi.ReplaceAllString(s, "") }

func TestRenderMessageEntryAndTool(t *testing.T) {
	t.Parallel()
	// The first render loads pi-tui: the budget leaves room for it.
	f := newFixture(t, engine.Options{Budgets: engine.Budgets{Hook: 2 * time.Second}})
	f.write("r.ts", `import { Box, Text } from "@earendil-works/pi-tui";
export default function (pi) {
  pi.registerMessageRenderer("status", (message, { expanded, outputPad }, theme) => {
    const box = new Box(outputPad, 0, (t) => theme.bg("customMessageBg", t));
    box.addChild(new Text("\x1b[1m[" + message.details.level + "]\x1b[22m " + message.content + (expanded ? " (more)" : ""), 0, 0));
    return box;
  });
  pi.registerMessageRenderer("nothing", () => undefined);
  pi.registerMessageRenderer("broken", (message) => { throw new Error("renderer broke"); });
  pi.registerMessageRenderer("spin", (message) => ({ render() { while (true) {} } }));
  pi.registerEntryRenderer("card", (entry, { expanded }) => new Text("card " + entry.data.n, 0, 0));
  pi.registerTool({
    name: "greet", label: "Greet", description: "", parameters: { type: "object" },
    async execute() { return { content: [{ type: "text", text: "hi" }], details: {} }; },
    renderCall(args, theme, context) { context.state.seen = args.name; return new Text("greet " + args.name, 0, 0); },
    renderResult(result, { expanded, isPartial }, theme, context) {
      return new Text(result.content[0].text + " to " + context.state.seen + (isPartial ? "…" : ""), 0, 0);
    },
  });
  pi.registerToolRenderer((toolName, next) => toolName === "bash" ? { renderCall: (args) => new Text("$ " + args.command, 0, 0) } : next());
}
`)
	f.mustBoot("r.ts")
	ctx := context.Background()
	got, err := piapi.Of(f.host).RenderMessage(ctx, "status", map[string]any{"role": "custom", "customType": "status", "content": "deployed",
		"details": map[string]any{"level": "info"}}, true, 30)
	if err != nil || len(got) != 1 || visible(got[0]) != " [info] deployed (more)       " || !strings.Contains(got[0], "\x1b[") {
		t.Fatalf("message renderer: %q %v", got, err)
	}
	if _, err := piapi.Of(f.host).RenderMessage(ctx, "nothing", map[string]any{}, false, 30); !errors.Is(err, piapi.ErrNoRenderer) {
		t.Fatalf("a renderer returning nothing: %v", err)
	}
	if _, err := piapi.Of(f.host).RenderMessage(ctx, "unknown", map[string]any{}, false, 30); !errors.Is(err, piapi.ErrNoRenderer) {
		t.Fatalf("no renderer: %v", err)
	}
	if _, err := piapi.Of(f.host).RenderMessage(ctx, "broken", map[string]any{}, false, 30); err == nil ||
		!strings.Contains(err.Error(), "r:") || !strings.Contains(err.Error(), "r.ts:9:") || !strings.Contains(err.Error(), "renderer broke") {
		t.Fatalf("a throwing renderer names plugin and file:line: %v", err)
	}
	start := time.Now()
	if _, err := piapi.Of(f.host).RenderMessage(ctx, "spin", map[string]any{}, false, 30); !errors.Is(err, engine.ErrBudget) || time.Since(start) > 8*time.Second {
		t.Fatalf("a runaway render is interrupted within the budget: %v", err)
	}
	got, err = piapi.Of(f.host).RenderEntry(ctx, "card", map[string]any{"type": "custom", "customType": "card", "data": map[string]any{"n": 7}}, false, 12)
	if err != nil || len(got) != 1 || got[0] != "card 7      " {
		t.Fatalf("entry renderer: %q %v", got, err)
	}
	call := piapi.ToolRender{Phase: "call", ToolCallID: "c1", Args: map[string]any{"name": "Ada"}, Width: 16}
	got, err = piapi.Of(f.host).RenderTool(ctx, "greet", call)
	if err != nil || len(got) != 1 || got[0] != "greet Ada       " {
		t.Fatalf("renderCall: %q %v", got, err)
	}
	res := piapi.ToolRender{Phase: "result", ToolCallID: "c1", Args: map[string]any{"name": "Ada"}, IsPartial: true, Width: 16,
		Result: map[string]any{"content": []any{map[string]any{"type": "text", "text": "hi"}}}}
	got, err = piapi.Of(f.host).RenderTool(ctx, "greet", res)
	if err != nil || len(got) != 1 || got[0] != "hi to Ada…      " {
		t.Fatalf("renderResult shares context.state with renderCall: %q %v", got, err)
	}
	got, err = piapi.Of(f.host).RenderTool(ctx, "bash", piapi.ToolRender{Phase: "call", Args: map[string]any{"command": "ls"}, Width: 8})
	if err != nil || len(got) != 1 || got[0] != "$ ls    " {
		t.Fatalf("tool renderer resolver: %q %v", got, err)
	}
	if _, err := piapi.Of(f.host).RenderTool(ctx, "bash", piapi.ToolRender{Phase: "result", Width: 8}); !errors.Is(err, piapi.ErrNoRenderer) {
		t.Fatalf("nobody renders bash results: %v", err)
	}
	// The ping still works: the runtime survived the runaway.
	if _, err := f.runTool("greet", map[string]any{"name": "x"}); err != nil {
		t.Fatal(err)
	}
}

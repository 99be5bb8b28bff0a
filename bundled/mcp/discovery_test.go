package mcp

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
)

// reachingTools stands in for builtin:codemode and builtin:tool-search:
// inactive tools named codemode and tool_search that declare
// reachesTools. tool_search's execute reports whether the deferred
// server's tools were registered when it ran.
func reachingTools(t *testing.T, seen *[]string) engine.PluginSpec {
	reach := engine.Func(func(context.Context, ...any) (any, error) { return "all", nil })
	return engine.PluginSpec{ID: "reach", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := g.Host().Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			for _, name := range []string{"codemode", "tool_search"} {
				d.Set(name, engine.Tool{Parameters: obj{"type": "object"}, Extra: map[string]any{"reachesTools": reach, "defaultActive": false, "exposure": "model-only"},
					Execute: func(context.Context, engine.ToolCall) (engine.ToolResult, error) {
						*seen = append(*seen, name+" saw mcp__deep__echo="+map[bool]string{true: "yes", false: "no"}[hasTool(g.Host(), "mcp__deep__echo")])
						return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "ok"}}}, nil
					}})
			}
			return nil
		})
		return err
	})}
}

// pi activates codemode for servers with codemode exposure and
// tool_search for deferred ones, from the config (before they connect);
// a direct server's tools are still activated once it connects. A
// tool_search call waits for every server, so the deferred server's tools
// are registered when it runs.
func TestDiscoveryToolsActivated(t *testing.T) {
	var seen []string
	h := boot(t, obj{
		"docs": obj{"url": httpServer(t)},
		"deep": obj{"url": httpServer(t), "exposure": "deferred"},
		"web":  obj{"url": httpServer(t), "exposure": "direct"},
	}, reachingTools(t, &seen))
	active := piapi.Of(h).ActiveTools()
	if !slices.Contains(active, "codemode") || !slices.Contains(active, "tool_search") {
		t.Fatalf("not activated: %v", active)
	}
	res, err := run(t, h, "tool_search", obj{"query": "echo"})
	if err != nil || res.Text() != "ok" || strings.Join(seen, "|") != "tool_search saw mcp__deep__echo=yes" {
		t.Fatalf("tool_search: %+v %v %v", res, err, seen)
	}
	waitFor(t, "mcp__web__echo", func() bool { return slices.Contains(piapi.Of(h).ActiveTools(), "mcp__web__echo") })
	if slices.Contains(piapi.Of(h).ActiveTools(), "mcp__deep__echo") || slices.Contains(piapi.Of(h).ActiveTools(), "mcp__docs__echo") {
		t.Errorf("indirect tools are declared: %v", piapi.Of(h).ActiveTools())
	}
	if n := notifications(h); strings.Contains(n, "neither is active") {
		t.Errorf("warned: %q", n)
	}
}

// autoEnableCodemode: false leaves codemode inactive, and pi's warning
// says why.
func TestAutoEnableCodemodeOff(t *testing.T) {
	var seen []string
	h := bootConfig(t, 5*time.Second, obj{"autoEnableCodemode": false, "mcpServers": obj{"docs": obj{"url": httpServer(t)}}}, reachingTools(t, &seen))
	if slices.Contains(piapi.Of(h).ActiveTools(), "codemode") {
		t.Fatal("codemode activated")
	}
	want := "MCP tools are only reachable from the codemode or tool_search tool, but neither is active (autoEnableCodemode is false); they cannot be called."
	if n := notifications(h); !strings.Contains(n, want) {
		t.Errorf("warning: %q", n)
	}
}

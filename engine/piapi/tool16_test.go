package piapi_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// TestStructuredContentThroughToolResult: a tool's structured content
// reaches tool_result handlers and survives them, unless one replaces the
// content without giving new structured content (pi 1.6).
func TestStructuredContentThroughToolResult(t *testing.T) {
	h := newHost(t, engine.Options{})
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			for _, name := range []string{"keep", "drop", "swap"} {
				d.Set(name, engine.Tool{Parameters: obj{"type": "object"}, Execute: func(context.Context, engine.ToolCall) (engine.ToolResult, error) {
					return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "t"}}, StructuredContent: obj{"exit_code": 0.0}}, nil
				}})
			}
			return nil
		})
		if err != nil {
			return err
		}
		return g.Hook("tool_result", func(_ context.Context, p any) (any, error) {
			ev := p.(map[string]any)
			if _, ok := ev["structuredContent"]; !ok {
				t.Errorf("%s: tool_result without the structured content: %v", ev["toolName"], ev)
			}
			switch ev["toolName"] {
			case "keep":
				return obj{"details": "d"}, nil
			case "drop":
				return obj{"content": arr{obj{"type": "text", "text": "new"}}}, nil
			}
			return obj{"content": arr{obj{"type": "text", "text": "new"}}, "structuredContent": obj{"x": 1.0}}, nil
		}, "")
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	for name, want := range map[string]any{"keep": obj{"exit_code": 0.0}, "drop": nil, "swap": obj{"x": 1.0}} {
		r, err := h.RunTool(context.Background(), name, engine.ToolCall{ID: "c", Params: obj{}})
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Data()["structuredContent"]; !sameJSON(got, want) {
			t.Errorf("%s: structuredContent = %v, want %v", name, got, want)
		}
	}
}

func sameJSON(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

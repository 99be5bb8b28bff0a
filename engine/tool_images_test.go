package engine_test

import (
	"context"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// SetToolResultImages sees a tool result's content after the tool_result
// hook (images a handler put there included), and what it returns is the
// result.
func TestToolResultImagesAfterHook(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	obj := map[string]any{"type": "object"}
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			d.Set("shot", engine.Tool{Parameters: obj, Execute: func(context.Context, engine.ToolCall) (engine.ToolResult, error) {
				return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "from the tool"}}}, nil
			}})
			return nil
		})
		if err != nil {
			return err
		}
		return g.Hook("tool_result", func(context.Context, any) (any, error) {
			return map[string]any{"content": []any{map[string]any{"type": "image", "data": "Qk0=", "mimeType": "image/bmp"}}}, nil
		}, "")
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	var seen []engine.Content
	h.SetToolResultImages(func(cs []engine.Content) []engine.Content {
		seen = cs
		return []engine.Content{{Type: "image", Data: "converted", MimeType: "image/png"}, {Type: "text", Text: "note"}}
	})
	out, err := h.RunTool(context.Background(), "shot", engine.ToolCall{ID: "c1", Params: map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 1 || seen[0].MimeType != "image/bmp" {
		t.Fatalf("the filter saw %+v, not the hook's content", seen)
	}
	if len(out.Content) != 2 || out.Content[0].Data != "converted" || out.Content[1].Text != "note" {
		t.Fatalf("result %+v", out.Content)
	}
	h.SetToolResultImages(nil)
	if out, _ := h.RunTool(context.Background(), "shot", engine.ToolCall{ID: "c2", Params: map[string]any{}}); out.Content[0].MimeType != "image/bmp" {
		t.Fatalf("without a filter: %+v", out.Content)
	}
}

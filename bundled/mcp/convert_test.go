package mcp

import (
	"strings"
	"testing"
)

// Names as pi-mcp's createMcpToolName gives them (values from pi 1.6).
func TestToolName(t *testing.T) {
	if got := ToolName("my-srv", "read.file", nil); got != "mcp__my_srv__read_file" {
		t.Error(got)
	}
	long := strings.Repeat("t", 70)
	if got := ToolName("s", long, nil); got != "mcp__s__"+strings.Repeat("t", 47)+"_532643eb" {
		t.Error(got)
	}
	if got := ToolName("s", "a.b", func(string) bool { return true }); got != "mcp__s__a_b_407e8e5c" {
		t.Error(got)
	}
}

func TestConvertResult(t *testing.T) {
	r := ConvertResult("s", "t", map[string]any{"content": []any{
		map[string]any{"type": "audio", "mimeType": "audio/wav", "data": "AA=="},
		map[string]any{"type": "resource_link", "uri": "file:///a.txt", "name": "a", "mimeType": "text/plain", "size": 2048.0},
		map[string]any{"type": "resource", "resource": map[string]any{"uri": "x://r", "text": "inline"}},
		map[string]any{"type": "resource", "resource": map[string]any{"uri": "x://j.json", "blob": "e30=", "mimeType": "application/json"}},
		map[string]any{"type": "mystery"},
	}, "_meta": map[string]any{"k": 1}, "resultType": "complete"}, false)
	want := []string{"[audio audio/wav omitted]", `[Resource file:///a.txt "a" (text/plain, 2.0KB)]`, "inline", "{}", "[unsupported MCP content mystery]"}
	if len(r.Content) != len(want) {
		t.Fatalf("%+v", r.Content)
	}
	for i, c := range r.Content {
		if c.Text != want[i] {
			t.Errorf("%d: %q, want %q", i, c.Text, want[i])
		}
	}
	if sc := r.StructuredContent.(map[string]any); sc["_meta"] != nil || sc["resultType"] != nil {
		t.Errorf("_meta or resultType reached scripts: %v", sc)
	}
	e := ConvertResult("s", "t", map[string]any{"content": []any{}, "isError": true}, false)
	if !e.IsError || e.Text() != "MCP tool s/t returned an error" {
		t.Errorf("%+v", e)
	}
}

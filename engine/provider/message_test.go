package provider_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestAssistantMessageMap(t *testing.T) {
	t.Parallel()
	m := &provider.AssistantMessage{Role: "assistant", API: "a", Provider: "p", Model: "m", StopReason: provider.StopReasonToolUse, Timestamp: 5,
		Content: []provider.ContentBlock{provider.TextBlock("t"), provider.ToolCallBlock("i", "n", map[string]any{"k": []any{1.0}})},
		Usage:   provider.Usage{Input: 1, Output: 2, TotalTokens: 3}}
	v := m.Map()
	if v["stopReason"] != "toolUse" || v["timestamp"] != int64(5) || v["usage"].(map[string]any)["input"] != int64(1) {
		t.Errorf("map = %v", v)
	}
	back, err := provider.AssistantMessageFromMap(v)
	if err != nil {
		t.Fatal(err)
	}
	equalJSON(t, "round trip", back, m)
	// Map copies arguments: editing the map leaves the message alone.
	v["content"].([]any)[1].(map[string]any)["arguments"].(map[string]any)["k"] = "changed"
	if _, ok := m.Content[1].Arguments["k"].([]any); !ok {
		t.Error("Map shares argument maps")
	}
	if _, err := provider.AssistantMessageFromMap(map[string]any{"role": "assistant", "content": []any{map[string]any{"type": "video"}}}); err == nil {
		t.Error("unknown block type accepted")
	}
}

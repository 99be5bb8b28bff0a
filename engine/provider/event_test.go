package provider_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestEventJSONShapes(t *testing.T) {
	t.Parallel()
	msg := &provider.AssistantMessage{Role: "assistant", StopReason: provider.StopReasonError, ErrorMessage: "boom"}
	b, _ := json.Marshal(provider.Event{Type: provider.EventError, Reason: provider.StopReasonError, Message: msg})
	if !strings.HasPrefix(string(b), `{"type":"error","reason":"error","error":{"role":"assistant","content":[]`) {
		t.Errorf("error event JSON = %s", b)
	}
	tc := provider.ToolCallBlock("id", "n", map[string]any{"a": 1.0})
	b, _ = json.Marshal(provider.Event{Type: provider.EventToolCallEnd, ContentIndex: 2, ToolCall: &tc, Partial: msg})
	if !strings.HasPrefix(string(b), `{"type":"toolcall_end","contentIndex":2,"toolCall":{"type":"toolCall","id":"id","name":"n","arguments":{"a":1}},"partial":`) {
		t.Errorf("toolcall_end JSON = %s", b)
	}
}

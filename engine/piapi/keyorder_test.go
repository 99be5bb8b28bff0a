package piapi

import (
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// TestEventOrderReplyEffort: in events, a reply's providerThinkingLevel
// follows model for the Responses APIs (their output is created with it)
// and timestamp for Anthropic's (added once the request is built).
func TestEventOrderReplyEffort(t *testing.T) {
	t.Parallel()
	enc := jsjson.Encoder{Order: EventOrder}
	for api, want := range map[string]string{
		"openai-responses":   `{"type":"message_end","message":{"role":"assistant","api":"openai-responses","model":"m","providerThinkingLevel":"high","usage":{},"timestamp":5}}`,
		"anthropic-messages": `{"type":"message_end","message":{"role":"assistant","api":"anthropic-messages","model":"m","usage":{},"timestamp":5,"providerThinkingLevel":"high"}}`,
	} {
		ev := map[string]any{"type": "message_end", "message": map[string]any{"timestamp": 5, "providerThinkingLevel": "high", "usage": map[string]any{},
			"model": "m", "api": api, "role": "assistant"}}
		if got := enc.Stringify(ev); got != want {
			t.Errorf("%s:\n got %s\nwant %s", api, got, want)
		}
	}
}

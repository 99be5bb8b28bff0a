package session_test

import (
	"math"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

// TestEncodeLikeJSONStringify checks pigo's line encoding against the
// output of node's JSON.stringify for the same object (recorded here; the
// pi interop tests compare against live pi files too).
func TestEncodeLikeJSONStringify(t *testing.T) {
	t.Parallel()
	e := session.Entry{
		"timestamp": "2025-01-01T00:00:00.000Z", "parentId": nil, "id": "abcd1234", "customType": "t", "type": "custom",
		"data": map[string]any{
			"s": "a\u2028b\u2029<&>\"\\\b\f\n\r\t\x00\x1f\x7f é 😀",
			"n": []any{0, math.Copysign(0, -1), 1.5, 1e21, 1e-7, int64(123456789012), 0.1, math.NaN(), math.Inf(1), nil, true},
			"f": []any{func() {}},
			"u": func() {},
			"o": map[string]any{},
		},
	}
	want := "{\"type\":\"custom\",\"customType\":\"t\",\"data\":{\"f\":[null],\"n\":[0,0,1.5,1e+21,1e-7,123456789012,0.1,null,null,null,true]," +
		"\"o\":{},\"s\":\"a\u2028b\u2029<&>\\\"\\\\\\b\\f\\n\\r\\t\\u0000\\u001f\x7f é 😀\"},\"id\":\"abcd1234\",\"parentId\":null,\"timestamp\":\"2025-01-01T00:00:00.000Z\"}"
	if got := string(session.EncodeEntry(e)); got != want {
		t.Fatalf("encoded\n got %s\nwant %s", got, want)
	}
}

func TestEncodeMessageKeyOrder(t *testing.T) {
	t.Parallel()
	e := session.Entry{"type": "message", "id": "abcd1234", "parentId": "00000000", "timestamp": "T",
		"message": map[string]any{"timestamp": 5.0, "isError": false, "content": []any{map[string]any{"text": "x", "type": "text"}},
			"toolName": "bash", "toolCallId": "c1", "role": "toolResult", "zExtra": 1}}
	want := `{"type":"message","id":"abcd1234","parentId":"00000000","timestamp":"T","message":{"role":"toolResult","toolCallId":"c1",` +
		`"toolName":"bash","content":[{"type":"text","text":"x"}],"isError":false,"timestamp":5,"zExtra":1}}`
	if got := string(session.EncodeEntry(e)); got != want {
		t.Fatalf("encoded\n got %s\nwant %s", got, want)
	}
}

// A summary entry's details and usage are written in pi's key order.
func TestEncodeSummaryKeyOrder(t *testing.T) {
	t.Parallel()
	e := session.Entry{"type": "branch_summary", "id": "abcd1234", "parentId": nil, "timestamp": "T", "fromId": "root", "summary": "s",
		"details": map[string]any{"modifiedFiles": []any{"m"}, "readFiles": []any{"r"}}, "fromHook": false,
		"usage": map[string]any{"totalTokens": 3.0, "output": 1.0, "input": 2.0, "cacheRead": 0.0, "cacheWrite": 0.0,
			"cost": map[string]any{"total": 0.0, "output": 0.0, "input": 0.0, "cacheRead": 0.0, "cacheWrite": 0.0}}}
	want := `{"type":"branch_summary","id":"abcd1234","parentId":null,"timestamp":"T","fromId":"root","summary":"s",` +
		`"details":{"readFiles":["r"],"modifiedFiles":["m"]},"usage":{"input":2,"output":1,"cacheRead":0,"cacheWrite":0,"totalTokens":3,` +
		`"cost":{"input":0,"output":0,"cacheRead":0,"cacheWrite":0,"total":0}},"fromHook":false}`
	if got := string(session.EncodeEntry(e)); got != want {
		t.Fatalf("encoded\n got %s\nwant %s", got, want)
	}
}

// A usage entry (pi 1.6's appendUsage, e.g. a cache warm) is written in
// pi's key order, its usage as a reply's.
func TestEncodeUsageEntryKeyOrder(t *testing.T) {
	t.Parallel()
	e := session.Entry{"note": "extension override", "usage": map[string]any{"totalTokens": 50001.0, "cost": map[string]any{"total": 0.015, "cacheWrite": 0.0,
		"cacheRead": 0.015, "output": 0.0, "input": 0.0}, "cacheWrite": 0.0, "cacheRead": 50000.0, "output": 1.0, "input": 0.0},
		"model": "claude-sonnet-4-5", "provider": "anthropic", "kind": "cache_warm", "timestamp": "T", "parentId": "e5f6g7h8", "id": "f6g7h8i9", "type": "usage"}
	want := `{"type":"usage","id":"f6g7h8i9","parentId":"e5f6g7h8","timestamp":"T","kind":"cache_warm","provider":"anthropic",` +
		`"model":"claude-sonnet-4-5","usage":{"input":0,"output":1,"cacheRead":50000,"cacheWrite":0,"totalTokens":50001,` +
		`"cost":{"input":0,"output":0,"cacheRead":0.015,"cacheWrite":0,"total":0.015}},"note":"extension override"}`
	if got := string(session.EncodeEntry(e)); got != want {
		t.Fatalf("encoded\n got %s\nwant %s", got, want)
	}
}

// TestEncodeAssistantEffortKeyOrder: a reply's providerThinkingLevel sits
// where pi-ai puts it: after model for the Responses APIs, which create
// their output with it, after timestamp for Anthropic's, which adds it
// once the request is built.
func TestEncodeAssistantEffortKeyOrder(t *testing.T) {
	t.Parallel()
	msg := func(api string) map[string]any {
		return map[string]any{"timestamp": 5.0, "stopReason": "stop", "providerThinkingLevel": "high", "usage": map[string]any{},
			"model": "m", "provider": "p", "api": api, "content": []any{}, "role": "assistant", "responseId": "r"}
	}
	for api, want := range map[string]string{
		"openai-responses":       `{"role":"assistant","content":[],"api":"openai-responses","provider":"p","model":"m","providerThinkingLevel":"high","usage":{},"stopReason":"stop","timestamp":5,"responseId":"r"}`,
		"openai-codex-responses": `{"role":"assistant","content":[],"api":"openai-codex-responses","provider":"p","model":"m","providerThinkingLevel":"high","usage":{},"stopReason":"stop","timestamp":5,"responseId":"r"}`,
		"anthropic-messages":     `{"role":"assistant","content":[],"api":"anthropic-messages","provider":"p","model":"m","usage":{},"stopReason":"stop","timestamp":5,"providerThinkingLevel":"high","responseId":"r"}`,
	} {
		e := session.Entry{"type": "message", "id": "abcd1234", "parentId": nil, "timestamp": "T", "message": msg(api)}
		want = `{"type":"message","id":"abcd1234","parentId":null,"timestamp":"T","message":` + want + `}`
		if got := string(session.EncodeEntry(e)); got != want {
			t.Errorf("%s:\n got %s\nwant %s", api, got, want)
		}
	}
}

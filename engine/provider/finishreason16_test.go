package provider_test

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pi16OutcomeDriver prints the stopReason and errorMessage pi-ai 1.6's
// streamSimple ends with, as JSON.
const pi16OutcomeDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.piAi);
const s = streamSimple(spec.model, { messages: [{ role: "user", content: "hi", timestamp: 1 }] }, spec.options);
for await (const ev of s) {}
const r = await s.result();
process.stdout.write(JSON.stringify([r.stopReason, r.errorMessage ?? ""]) + "\n");
`

// TestFinishReasonMatchesPiAI16: an openai-completions stream without a
// finish_reason fails with pi-ai 1.6's "Stream ended without
// finish_reason" even after [DONE], unless compat.supportsFinishReason is
// false: then it stops (toolUse when a tool was called).
func TestFinishReasonMatchesPiAI16(t *testing.T) {
	text := "data: " + oaChunk(map[string]any{"role": "assistant", "content": "Hi"}, nil) + "\n\n"
	call := "data: " + oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 0, "id": "call_1", "type": "function",
		"function": map[string]any{"name": "ls", "arguments": "{}"}}}}, nil) + "\n\n"
	cases := []struct {
		name, raw   string
		compat      *provider.Compat
		stop, error string
	}{
		{"done without finish_reason", text + "data: [DONE]\n\n", nil, "error", "Stream ended without finish_reason"},
		{"eof without finish_reason", text, nil, "error", "Stream ended without finish_reason"},
		{"no finish_reason supported", text + "data: [DONE]\n\n", &provider.Compat{SupportsFinishReason: ptrTo(false)}, "stop", ""},
		{"no finish_reason supported, tool call", call, &provider.Compat{SupportsFinishReason: ptrTo(false)}, "toolUse", ""},
	}
	piAI := ""
	if !testing.Short() {
		piAI = installedPiAI16()
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(rawClose(c.raw))
			t.Cleanup(srv.Close)
			m := mockModel(provider.APIOpenAICompletions, srv.URL+"/v1")
			m.Compat = c.compat
			s, err := provider.Stream(context.Background(), m, &provider.Context{Messages: []map[string]any{userMsg("hi")}}, &provider.Options{APIKey: "k"})
			if err != nil {
				t.Fatal(err)
			}
			if _, msg := collect(t, s); string(msg.StopReason) != c.stop || msg.ErrorMessage != c.error {
				t.Errorf("pigo ended %s %q, want %s %q", msg.StopReason, msg.ErrorMessage, c.stop, c.error)
			}
			if piAI == "" {
				return
			}
			out := runPi16Driver(t, piAI, pi16OutcomeDriver, map[string]any{"piAi": "file://" + piAI, "model": m, "options": map[string]any{"apiKey": "k"}})
			var got []string
			if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 2 || got[0] != c.stop || got[1] != c.error {
				t.Errorf("pi-ai 1.6 ended with %s, this test wants %s %q", out, c.stop, c.error)
			}
		})
	}
}

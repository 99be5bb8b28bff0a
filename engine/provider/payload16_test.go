package provider_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// pi16PayloadDriver prints the payload pi-ai 1.6's streamSimple hands
// onPayload, as JSON.stringify writes it, and stops the request there.
const pi16PayloadDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.piAi);
const s = streamSimple(spec.model, spec.context, { ...spec.options, signal: new AbortController().signal, onPayload: (p) => {
  process.stdout.write(JSON.stringify(p) + "\n");
  throw new Error("stop");
} });
for await (const ev of s) {}
`

// TestHandlerPayloadMatchesPiAI16: what before_provider_request handlers
// get for mistral-conversations and google-vertex requests (HandlerPayload
// of the payload OnPayload sees) is, byte for byte, what pi-ai 1.6 hands
// onPayload (called with an abort signal, as pi's agent always calls it:
// the google config then carries it as abortSignal).
func TestHandlerPayloadMatchesPiAI16(t *testing.T) {
	piAI := piAI16Path(t)
	withRead := func(conv provider.Context) provider.Context {
		// The spec reaches pi-ai through encoding/json: keys sorted.
		conv.Tools[0].ParameterKeys = []string{"properties", "type"}
		conv.Tools = append(conv.Tools, provider.Tool{Name: "read", Description: "Read", ParameterKeys: []string{"properties", "required", "type"},
			Parameters: map[string]any{"type": "object", "required": []any{"path"}, "properties": map[string]any{"path": map[string]any{"type": "string"},
				"mode": map[string]any{"const": "fast", "description": "m"}}}})
		return conv
	}
	mistral, vertex := withRead(mistralConversation()), withRead(vertexConversation())
	gemini3 := provider.ThinkingLevelMap{provider.ThinkingOff: nil, provider.ThinkingMinimal: ptrTo("minimal"), provider.ThinkingLow: ptrTo("low"),
		provider.ThinkingMedium: ptrTo("medium"), provider.ThinkingHigh: ptrTo("high")}
	cases := []struct {
		name     string
		model    *provider.Model
		conv     provider.Context
		thinking provider.ThinkingLevel
		session  string
		choice   any
	}{
		{"mistral conversation", mistralModel("magistral-medium-latest", true, nil)("http://127.0.0.1:1"), mistral, provider.ThinkingHigh, "sess-1", "any"},
		{"mistral effort", mistralModel("mistral-small-2603", true, provider.ThinkingLevelMap{provider.ThinkingOff: ptrTo("none"), provider.ThinkingHigh: ptrTo("high")})("http://127.0.0.1:1"),
			mistral, "", "", map[string]any{"type": "function", "function": map[string]any{"name": "ls"}}},
		{"vertex conversation", vertexModel("gemini-2.5-flash", nil)("http://127.0.0.1:1"), vertex, provider.ThinkingMedium, "", "any"},
		{"vertex gemini 3", vertexModel("gemini-3-flash-preview", gemini3)("http://127.0.0.1:1"), vertex, provider.ThinkingLow, "", nil},
		{"vertex thinking off", vertexModel("gemini-3-flash-preview", gemini3)("http://127.0.0.1:1"), vertex, "", "", "auto"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			opts := map[string]any{"apiKey": "k", "maxRetries": 0}
			if c.thinking != "" {
				opts["reasoning"] = c.thinking
			}
			if c.session != "" {
				opts["sessionId"] = c.session
			}
			if c.choice != nil {
				opts["toolChoice"] = c.choice
			}
			spec := map[string]any{"piAi": "file://" + piAI, "model": c.model, "options": opts,
				"context": map[string]any{"systemPrompt": c.conv.SystemPrompt, "messages": c.conv.Messages, "tools": c.conv.Tools}}
			want := runPi16Payload(t, piAI, spec)

			got := pigoPayload(t, c.model, c.conv, &provider.Options{APIKey: "k", Thinking: c.thinking, SessionID: c.session, ToolChoice: c.choice})
			if !strings.HasPrefix(want, `{"model":`) {
				t.Fatalf("pi-ai gave no payload: %q", want)
			}
			if got != want {
				t.Errorf("payload\npigo:  %s\npi-ai: %s", got, want)
			}
		})
	}
}

func runPi16Payload(t *testing.T, piAI string, spec map[string]any) string {
	t.Helper()
	return runPi16Driver(t, piAI, pi16PayloadDriver, spec)
}

// runPi16Driver runs driver (an ES module) with pi-ai 1.6's Node, spec
// given as a JSON file, and returns its output without the last newline.
func runPi16Driver(t *testing.T, piAI, driver string, spec map[string]any) string {
	t.Helper()
	dir := t.TempDir()
	specPath, driverPath := filepath.Join(dir, "spec.json"), filepath.Join(dir, "driver.mjs")
	if err := os.WriteFile(specPath, []byte(js(spec)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(driverPath, []byte(driver), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, pi16Node(piAI), driverPath, specPath)
	cmd.Env = []string{"HOME=" + dir}
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	return strings.TrimSuffix(string(out), "\n")
}

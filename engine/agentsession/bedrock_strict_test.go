package agentsession_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws/protocol/eventstream"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
)

// fakeBedrock answers every ConverseStream with "ok" and keeps the
// request bodies.
type fakeBedrock struct {
	mu     sync.Mutex
	bodies []map[string]any
}

func (f *fakeBedrock) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	f.mu.Lock()
	f.bodies = append(f.bodies, body)
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/vnd.amazon.eventstream")
	enc := eventstream.NewEncoder()
	for _, ev := range []struct{ typ, payload string }{
		{"messageStart", `{"role":"assistant"}`},
		{"contentBlockDelta", `{"contentBlockIndex":0,"delta":{"text":"ok"}}`},
		{"contentBlockStop", `{"contentBlockIndex":0}`},
		{"messageStop", `{"stopReason":"end_turn"}`},
	} {
		var buf bytes.Buffer
		_ = enc.Encode(&buf, eventstream.Message{Headers: eventstream.Headers{
			{Name: ":message-type", Value: eventstream.StringValue("event")},
			{Name: ":event-type", Value: eventstream.StringValue(ev.typ)},
			{Name: ":content-type", Value: eventstream.StringValue("application/json")},
		}, Payload: []byte(ev.payload)})
		_, _ = w.Write(buf.Bytes())
	}
}

// TestBedrockBuiltinToolsGoStrict: pi 1.6's built-in tools prefer strict
// sampling, so on a Bedrock model that takes strict tools the request
// declares them strict (with the strict form of their schema), and a
// tool without the preference stays as declared.
func TestBedrockBuiltinToolsGoStrict(t *testing.T) {
	io, _ := world(t)
	fb := &fakeBedrock{}
	srv := httptest.NewServer(fb)
	defer srv.Close()
	agentDir := filepath.Join(io.Cwd, "agent") // world's PI_CODING_AGENT_DIR
	if err := os.MkdirAll(agentDir, 0o755); err != nil {
		t.Fatal(err)
	}
	models := fmt.Sprintf(`{"providers": {"brfake": {"baseUrl": %q, "api": "bedrock-converse-stream", "apiKey": "brk-key",
  "models": [{"id": "us.anthropic.claude-sonnet-4-5-20250929-v1:0", "name": "Claude Sonnet 4.5", "contextWindow": 200000, "maxTokens": 32000,
    "compat": {"supportsStrictMode": true}}]}}}`, srv.URL)
	if err := os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(models), 0o644); err != nil {
		t.Fatal(err)
	}
	ext := filepath.Join(io.Cwd, "plain.ts")
	if err := os.WriteFile(ext, []byte(`export default function (pi) {
  pi.registerTool({ name: "plain", label: "plain", description: "no preference", parameters: { type: "object", properties: { x: { type: "string" } } },
    async execute() { return { content: [{ type: "text", text: "" }], details: {} }; } });
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--model", "brfake/us.anthropic.claude-sonnet-4-5-20250929-v1:0", "-e", ext, "--no-session", "--no-mcp",
			"--tools", "read,bash,plain"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Prompt(context.Background(), "hi"); err != nil {
		t.Fatal(err)
	}
	fb.mu.Lock()
	defer fb.mu.Unlock()
	if len(fb.bodies) != 1 {
		t.Fatalf("%d requests", len(fb.bodies))
	}
	cfg, _ := fb.bodies[0]["toolConfig"].(map[string]any)
	tools, _ := cfg["tools"].([]any)
	seen := map[string]map[string]any{}
	for _, tl := range tools {
		spec := tl.(map[string]any)["toolSpec"].(map[string]any)
		seen[spec["name"].(string)] = spec
	}
	for _, name := range []string{"read", "bash"} {
		spec := seen[name]
		schema, _ := spec["inputSchema"].(map[string]any)["json"].(map[string]any)
		if spec["strict"] != true || schema["additionalProperties"] != false {
			t.Errorf("%s: %v", name, spec)
		}
	}
	if spec := seen["plain"]; spec == nil || spec["strict"] != nil {
		t.Errorf("plain: %v", spec)
	}
}

package compat_test

import (
	"context"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine/piapi"
)

// optionsAgent records the options of extension model calls.
type optionsAgent struct {
	piapi.RecordingAgent
	mu   sync.Mutex
	seen []map[string]any
}

func (a *optionsAgent) ModelStream(_ context.Context, model, _, options map[string]any, _ func(map[string]any)) (map[string]any, error) {
	a.mu.Lock()
	a.seen = append(a.seen, options)
	a.mu.Unlock()
	return map[string]any{"role": "assistant", "content": []any{}, "api": model["api"], "provider": model["provider"], "model": model["id"],
		"stopReason": "stop", "timestamp": 0.0}, nil
}

// TestBedrockStreamOptionsReachTheAgent: pi-ai's Bedrock stream passes
// its region and requestMetadata options on; streamSimple drops them, as
// pi-ai's buildBaseOptions does.
func TestBedrockStreamOptionsReachTheAgent(t *testing.T) {
	t.Parallel()
	p, res := loadSource(t, t.TempDir(), nil, map[string]string{"call": `import { stream, streamSimple } from "@earendil-works/pi-ai";
export default function (pi: any) {
  pi.registerTool({ name: "call", label: "call", description: "call", parameters: { type: "object", properties: {} },
    async execute() {
      const m = { id: "amazon.nova-pro-v1:0", provider: "amazon-bedrock", api: "bedrock-converse-stream" };
      const ctx = { messages: [{ role: "user", content: "hi", timestamp: 0 }] };
      const opts = { region: "eu-central-1", requestMetadata: { team: "core" } };
      await stream(m, ctx, opts).result();
      await streamSimple(m, ctx, opts).result();
      return { content: [{ type: "text", text: "ok" }], details: {} };
    } });
}
`}, "call")
	if !res["call"].OK {
		t.Fatal(res["call"].Err)
	}
	a := &optionsAgent{}
	piapi.Of(p.host).SetAgent(a)
	p.mustTool("call", map[string]any{})
	if len(a.seen) != 2 {
		t.Fatalf("%d model calls", len(a.seen))
	}
	if md, _ := a.seen[0]["requestMetadata"].(map[string]any); a.seen[0]["region"] != "eu-central-1" || md["team"] != "core" {
		t.Errorf("stream: options %v", a.seen[0])
	}
	if _, ok := a.seen[1]["region"]; ok {
		t.Errorf("streamSimple passed region: %v", a.seen[1])
	}
	if _, ok := a.seen[1]["requestMetadata"]; ok {
		t.Errorf("streamSimple passed requestMetadata: %v", a.seen[1])
	}
}

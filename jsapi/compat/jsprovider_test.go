package compat_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/provider"
	"github.com/pigo-dev/pigo/jsapi"
)

// A provider implemented in JS with pi.registerProvider({streamSimple})
// serves the agent loop.
func TestJSProviderStreamSimple(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := `import { createAssistantMessageEventStream } from "@mariozechner/pi-ai";
export default function (pi) {
  pi.registerProvider("jsprov", {
    api: "js-api", baseUrl: "http://unused", apiKey: "k",
    models: [{ id: "echo-1", name: "Echo" }],
    streamSimple(model, context, options) {
      const s = createAssistantMessageEventStream();
      const last = context.messages[context.messages.length - 1];
      const text = "echo: " + last.content[0].text;
      const msg = { role: "assistant", content: [], api: model.api, provider: model.provider, model: model.id,
        usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
        stopReason: "stop", timestamp: Date.now() };
      queueMicrotask(() => {
        s.push({ type: "start", partial: msg });
        msg.content.push({ type: "text", text });
        s.push({ type: "text_delta", contentIndex: 0, delta: text, partial: msg });
        s.push({ type: "done", reason: "stop", message: msg });
        s.end(msg);
      });
      return s;
    },
  });
}
`
	p := filepath.Join(dir, "prov.ts")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	h := engine.New(engine.Options{Cwd: dir})
	defer h.Close(context.Background())
	env := jsapi.New(jsapi.Options{})
	if r := h.Boot(context.Background(), []engine.PluginSpec{env.Plugin("prov", p, nil)}); !r[0].OK {
		t.Fatal(r[0].Err)
	}
	reg := provider.NewRegistry(provider.RegistryOptions{})
	agent.SyncProviders(h, reg)
	m, ok := reg.Find("jsprov", "echo-1")
	if !ok {
		t.Fatalf("provider not synced: %v", h.Report().Plugins[0].Diagnostics)
	}
	a := agent.New(agent.Options{Host: h, Provider: agent.RegistryProvider{Registry: reg}, Model: agent.ModelMap(m)})
	if err := a.Prompt(context.Background(), "ping", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	ms := a.Messages()
	last := ms[len(ms)-1]
	content := last["content"].([]any)
	if last["stopReason"] != "stop" || len(content) == 0 || content[0].(map[string]any)["text"] != "echo: ping" {
		t.Fatalf("reply = %v", last)
	}
}

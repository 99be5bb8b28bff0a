package compat_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
	"github.com/pigo-dev/pigo/engine/session"
	"github.com/pigo-dev/pigo/jsapi"
)

// Agent-loop benchmarks with pi-style extensions (numbers, not asserts).

func benchHost(b *testing.B, src string) *engine.Host {
	b.Helper()
	dir := b.TempDir()
	p := filepath.Join(dir, "ext.ts")
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		b.Fatal(err)
	}
	h := engine.New(engine.Options{Cwd: dir})
	b.Cleanup(func() { _ = h.Close(context.Background()) })
	if r := h.Boot(context.Background(), []engine.PluginSpec{jsapi.New(jsapi.Options{}).Plugin("ext", p, nil)}); !r[0].OK {
		b.Fatal(r[0].Err)
	}
	return h
}

// BenchmarkStreamingWithListener streams a 20 KB reply (about 5,000
// message_update events) through the agent loop with a pi.on("message_update")
// listener, and reports events per second.
func BenchmarkStreamingWithListener(b *testing.B) {
	h := benchHost(b, `export default function (pi) {
  let n = 0;
  pi.on("message_update", (e) => { n += e.assistantMessageEvent.delta ? e.assistantMessageEvent.delta.length : 0; });
}
`)
	reg := provider.NewRegistry(provider.RegistryOptions{})
	s := provider.NewScripted(provider.ScriptedOptions{})
	if err := s.Register(reg); err != nil {
		b.Fatal(err)
	}
	reply := strings.Repeat("stream me ", 2000)
	events := 0
	a := agent.New(agent.Options{Host: h, Provider: agent.RegistryProvider{Registry: reg}, Model: agent.ModelMap(s.Models()[0]),
		Sink: func(ev agent.Event) {
			if ev["type"] == "message_update" {
				events++
			}
		}})
	b.ResetTimer()
	for range b.N {
		s.Queue(provider.ReplyText(reply))
		if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

// BenchmarkContextHook1MB runs one turn whose context hook (a pi
// extension filtering messages) sees a 1 MB history.
func BenchmarkContextHook1MB(b *testing.B) {
	h := benchHost(b, `export default function (pi) {
  pi.on("context", (e) => ({ messages: e.messages.filter((m) => m.role !== "custom") }));
}
`)
	reg := provider.NewRegistry(provider.RegistryOptions{})
	s := provider.NewScripted(provider.ScriptedOptions{})
	if err := s.Register(reg); err != nil {
		b.Fatal(err)
	}
	a := agent.New(agent.Options{Host: h, Provider: agent.RegistryProvider{Registry: reg}, Model: agent.ModelMap(s.Models()[0])})
	var history []agent.Message
	chunk := strings.Repeat("x", 1000)
	for i := range 1000 {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		history = append(history, agent.Message{"role": role, "content": []any{map[string]any{"type": "text", "text": chunk}}, "timestamp": float64(i)})
	}
	b.ResetTimer()
	for range b.N {
		a.SetMessages(append([]agent.Message(nil), history...))
		s.Queue(provider.ReplyText("ok"))
		if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTurnEndBoundary1MB runs one turn whose turn_end handler (an
// actionable boundary: it gets the session's context as it would be with
// the proposed entries) reads a 1 MB history's roles; "none" is the same
// turn without the handler.
func BenchmarkTurnEndBoundary1MB(b *testing.B) {
	for _, bc := range []struct{ name, src string }{
		{"none", `export default function (pi) {}`},
		{"handler", `export default function (pi) {
  let n = 0;
  pi.on("turn_end", (e) => { n += e.context.llmMessages.filter((m) => m.role === "user").length; });
}
`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			h := benchHost(b, bc.src)
			reg := provider.NewRegistry(provider.RegistryOptions{})
			s := provider.NewScripted(provider.ScriptedOptions{})
			if err := s.Register(reg); err != nil {
				b.Fatal(err)
			}
			a := agent.New(agent.Options{Host: h, Provider: agent.RegistryProvider{Registry: reg}, Model: agent.ModelMap(s.Models()[0])})
			piapi.Of(h).SetAgent(a)
			tree := piapi.Of(h).Session()
			chunk := strings.Repeat("x", 1000)
			for i := range 1000 {
				role := "user"
				if i%2 == 1 {
					role = "assistant"
				}
				tree.Append(session.Entry{"type": "message", "message": map[string]any{"role": role,
					"content": []any{map[string]any{"type": "text", "text": chunk}}, "timestamp": float64(i)}})
			}
			base := tree.LeafID()
			a.SetMessages(tree.BuildContext(base).Messages)
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				if err := tree.SetLeaf(base); err != nil {
					b.Fatal(err)
				}
				a.SetMessages(tree.BuildContext(base).Messages)
				s.Queue(provider.ReplyText("ok"))
				b.StartTimer()
				if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

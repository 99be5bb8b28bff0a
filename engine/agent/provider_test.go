package agent_test

import (
	"context"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/provider"
)

func TestRegistryProviderWithScripted(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	reg := provider.NewRegistry(provider.RegistryOptions{})
	s := provider.NewScripted(provider.ScriptedOptions{})
	if err := s.Register(reg); err != nil {
		t.Fatal(err)
	}
	s.Queue(provider.ReplyText("hello there"))
	m := s.Models()[0]
	var texts []string
	a := agent.New(agent.Options{Host: h, Provider: agent.RegistryProvider{Registry: reg}, Model: agent.ModelMap(m),
		Sink: func(ev agent.Event) {
			if ev["type"] == "message_update" {
				ame := ev["assistantMessageEvent"].(map[string]any)
				if ame["type"] == "text_delta" {
					texts = append(texts, ame["delta"].(string))
				}
			}
		}})
	if err := a.Prompt(context.Background(), "hi", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	ms := a.Messages()
	last := ms[len(ms)-1]
	if last["role"] != "assistant" || last["stopReason"] != "stop" || len(texts) < 2 {
		t.Fatalf("last = %v deltas = %v", last, texts)
	}
}

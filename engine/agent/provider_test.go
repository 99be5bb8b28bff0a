package agent_test

import (
	"context"
	"errors"
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

// TestRegistryProviderPassesConstrainedSampling: a tool's
// constrainedSampling (pi 1.6's built-in tools prefer strict sampling)
// reaches the provider with the tool.
func TestRegistryProviderPassesConstrainedSampling(t *testing.T) {
	reg := provider.NewRegistry(provider.RegistryOptions{})
	var got []provider.Tool
	err := reg.RegisterProvider("rec", provider.ProviderConfig{BaseURL: "http://127.0.0.1:1", APIKey: "k", API: "rec-api",
		Models: []provider.ModelDefinition{{ID: "m"}},
		Stream: provider.APIFunc(func(_ context.Context, _ *provider.Model, c *provider.Context, _ *provider.Options) (*provider.EventStream, error) {
			got = c.Tools
			return nil, errors.New("recorded")
		})})
	if err != nil {
		t.Fatal(err)
	}
	_, _ = agent.RegistryProvider{Registry: reg}.Stream(context.Background(), agent.Request{
		Model: agent.Message{"provider": "rec", "id": "m"},
		Tools: []agent.Message{
			{"name": "read", "description": "Read", "parameters": map[string]any{"type": "object"},
				"constrainedSampling": map[string]any{"type": "json_schema", "strict": "prefer"}},
			{"name": "ls", "description": "List", "parameters": map[string]any{"type": "object"}}}})
	if len(got) != 2 || got[0].ConstrainedSampling["strict"] != "prefer" || got[0].ConstrainedSampling["type"] != "json_schema" ||
		got[1].ConstrainedSampling != nil {
		t.Errorf("tools %+v", got)
	}
}

// TestRegistryProviderEstimatesOnTheTranscript: a model that gets the
// prompt replayed still has its output cap estimated on the transcript,
// its system messages in place, as pi-ai 1.6 does.
func TestRegistryProviderEstimatesOnTheTranscript(t *testing.T) {
	reg := provider.NewRegistry(provider.RegistryOptions{})
	var gotContext *provider.Context
	var gotEstimate *provider.Context
	err := reg.RegisterProvider("rec", provider.ProviderConfig{BaseURL: "http://127.0.0.1:1", APIKey: "k", API: "rec-api",
		Models: []provider.ModelDefinition{{ID: "m"}},
		Stream: provider.APIFunc(func(_ context.Context, _ *provider.Model, c *provider.Context, o *provider.Options) (*provider.EventStream, error) {
			gotContext, gotEstimate = c, o.EstimateContext
			return nil, errors.New("recorded")
		})})
	if err != nil {
		t.Fatal(err)
	}
	transcript := []agent.Message{
		{"role": "system", "content": "sys", "timestamp": 0},
		{"role": "user", "content": "hi", "timestamp": 1},
		{"role": "system", "content": "", "sections": map[string]any{"rules": "be terse"}, "timestamp": 2},
		{"role": "user", "content": "again", "timestamp": 3}}
	_, _ = agent.RegistryProvider{Registry: reg}.Stream(context.Background(), agent.Request{
		Model: agent.Message{"provider": "rec", "id": "m"}, SystemPrompt: "sys\n\nbe terse",
		Messages: []agent.Message{transcript[1], transcript[3]}, Transcript: transcript})
	if gotContext == nil || gotContext.SystemPrompt != "sys\n\nbe terse" || len(gotContext.Messages) != 2 {
		t.Fatalf("request context %+v", gotContext)
	}
	if gotEstimate == nil || len(gotEstimate.Messages) != 4 || gotEstimate.Messages[2]["role"] != "system" {
		t.Errorf("estimate context %+v, want the transcript", gotEstimate)
	}
}

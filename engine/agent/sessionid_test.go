package agent_test

import (
	"context"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/provider"
)

// sessionRig runs an agent on the scripted provider through the registry
// and records the options each request reached the provider with.
type sessionRig struct {
	agent  *agent.Agent
	script *provider.Scripted
	mu     sync.Mutex
	id     string
	seen   []provider.Options
}

func newSessionRig(t *testing.T) *sessionRig {
	t.Helper()
	r := &sessionRig{}
	h := engine.New(engine.Options{})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	reg := provider.NewRegistry(provider.RegistryOptions{})
	r.script = provider.NewScripted(provider.ScriptedOptions{})
	if err := r.script.Register(reg); err != nil {
		t.Fatal(err)
	}
	s := smallKeep()
	s.CacheWarming = "off"
	r.agent = agent.New(agent.Options{Host: h, Provider: agent.RegistryProvider{Registry: reg}, Model: agent.ModelMap(r.script.Models()[0]),
		Settings: func() agent.Settings { return s },
		SessionID: func() string {
			r.mu.Lock()
			defer r.mu.Unlock()
			return r.id
		}})
	return r
}

// reply queues a text reply that records the request's options.
func (r *sessionRig) reply(text string) {
	r.script.Queue(provider.ScriptStep{Func: func(_ context.Context, _ *provider.Context, o *provider.Options, _ int, _ *provider.Model) (provider.ScriptStep, error) {
		r.mu.Lock()
		r.seen = append(r.seen, *o)
		r.mu.Unlock()
		return provider.ReplyText(text), nil
	}})
}

func (r *sessionRig) setID(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.id = id
}

// pi 1.6 passes the current session id to every request of the agent
// loop (read per request: it changes on /new, /fork, /resume); its
// summaries get a fresh routing id and no cache writes instead.
func TestRequestsCarryTheSessionID(t *testing.T) {
	r := newSessionRig(t)
	r.setID("session-1")
	r.reply("a1")
	if err := r.agent.Prompt(context.Background(), "q1", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	r.setID("session-2")
	r.reply("a2")
	if err := r.agent.Prompt(context.Background(), "q2", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	r.reply("the summary")
	if _, err := r.agent.CompactNow(context.Background(), "", false); err != nil {
		t.Fatal(err)
	}
	if len(r.seen) != 3 {
		t.Fatalf("%d requests, want 3", len(r.seen))
	}
	if got := r.seen[0].SessionID; got != "session-1" {
		t.Errorf("first turn's sessionId = %q, want session-1", got)
	}
	if got := r.seen[1].SessionID; got != "session-2" {
		t.Errorf("second turn's sessionId = %q, want session-2 (the id at request time)", got)
	}
	if r.seen[0].CacheRetention == "none" || r.seen[1].CacheRetention == "none" {
		t.Errorf("turns requested cacheRetention none: %q %q", r.seen[0].CacheRetention, r.seen[1].CacheRetention)
	}
	if s := r.seen[2]; s.SessionID == "" || s.SessionID == "session-2" || s.CacheRetention != "none" {
		t.Errorf("summary request: sessionId %q cacheRetention %q, want a fresh routing id and none", s.SessionID, s.CacheRetention)
	}
}

// Extension model calls (pi-ai's stream) carry a session id only when
// the extension passes one in its options.
func TestModelStreamSessionIDFromOptions(t *testing.T) {
	r := newSessionRig(t)
	r.setID("session-1")
	model := agent.ModelMap(r.script.Models()[0])
	llm := map[string]any{"messages": []any{map[string]any{"role": "user", "content": "hi", "timestamp": float64(1)}}}
	r.reply("one")
	if _, err := r.agent.ModelStream(context.Background(), model, llm, map[string]any{}, func(map[string]any) {}); err != nil {
		t.Fatal(err)
	}
	r.reply("two")
	if _, err := r.agent.ModelStream(context.Background(), model, llm, map[string]any{"sessionId": "ext-1", "cacheRetention": "long"}, func(map[string]any) {}); err != nil {
		t.Fatal(err)
	}
	if len(r.seen) != 2 {
		t.Fatalf("%d requests, want 2", len(r.seen))
	}
	if got := r.seen[0].SessionID; got != "" {
		t.Errorf("call without sessionId sent %q", got)
	}
	if got := r.seen[1]; got.SessionID != "ext-1" || got.CacheRetention != "long" {
		t.Errorf("call with sessionId: sessionId %q cacheRetention %q, want ext-1 and long", got.SessionID, got.CacheRetention)
	}
}

// Extension model calls pass pi-ai's Bedrock stream options region and
// requestMetadata on to the provider.
func TestModelStreamBedrockOptions(t *testing.T) {
	r := newSessionRig(t)
	model := agent.ModelMap(r.script.Models()[0])
	llm := map[string]any{"messages": []any{map[string]any{"role": "user", "content": "hi", "timestamp": float64(1)}}}
	r.reply("one")
	opts := map[string]any{"region": "eu-central-1", "requestMetadata": map[string]any{"team": "core"}}
	if _, err := r.agent.ModelStream(context.Background(), model, llm, opts, func(map[string]any) {}); err != nil {
		t.Fatal(err)
	}
	if len(r.seen) != 1 {
		t.Fatalf("%d requests, want 1", len(r.seen))
	}
	if got := r.seen[0]; got.Region != "eu-central-1" || got.RequestMetadata["team"] != "core" {
		t.Errorf("region %q requestMetadata %v", got.Region, got.RequestMetadata)
	}
}

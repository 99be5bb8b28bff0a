package agent_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// hangs is a provider that blocks until its request is cancelled.
type hangs struct{ started chan struct{} }

func (p *hangs) Stream(ctx context.Context, req agent.Request) (agent.Message, error) {
	close(p.started)
	<-ctx.Done()
	msg := agent.Message{"role": "assistant", "content": []any{}, "api": "test", "provider": "test", "model": "m", "stopReason": "aborted"}
	req.OnEvent(agent.Event{"type": "done", "reason": "aborted", "message": msg})
	return msg, nil
}

// TestAgentSettled: every run ends with agent_settled, to extensions first,
// then to the sink; aborted says whether Abort ended it; an extension that
// waits for idle from its agent_settled handler is not deadlocked; WaitIdle
// returns only after agent_settled went out.
func TestAgentSettled(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	var mu sync.Mutex
	var order []string
	var a *agent.Agent
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		return g.On("agent_settled", func(ctx context.Context, p any) error {
			mu.Lock()
			order = append(order, "ext")
			mu.Unlock()
			wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			defer cancel()
			return a.WaitIdle(wctx) // pi: the session is idle while agent_settled is delivered
		})
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	var settled []any
	prov := &scripted{responses: [][]any{{map[string]any{"type": "text", "text": "hi"}}}}
	a = agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"},
		Sink: func(ev agent.Event) {
			if ev["type"] == "agent_settled" {
				mu.Lock()
				order = append(order, "sink")
				settled = append(settled, ev["aborted"])
				mu.Unlock()
			}
		}})
	piapi.Of(h).SetAgent(a)
	if err := a.Prompt(context.Background(), "hello", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}

	// An aborted run.
	hp := &hangs{started: make(chan struct{})}
	a2 := agent.New(agent.Options{Host: h, Provider: hp, Model: agent.Message{"id": "m", "provider": "test", "api": "test"},
		Sink: func(ev agent.Event) {
			if ev["type"] == "agent_settled" {
				mu.Lock()
				settled = append(settled, ev["aborted"])
				mu.Unlock()
			}
		}})
	done := make(chan error, 1)
	go func() { done <- a2.Prompt(context.Background(), "wait", agent.PromptOptions{}) }()
	<-hp.started
	a2.Abort()
	if err := a2.WaitIdle(context.Background()); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	n := len(settled)
	mu.Unlock()
	if n != 2 {
		t.Fatalf("WaitIdle returned before agent_settled: %v", settled)
	}
	<-done
	mu.Lock()
	defer mu.Unlock()
	if len(order) < 2 || order[0] != "ext" || order[1] != "sink" || settled[0] != false || settled[1] != true {
		t.Errorf("order %v, settled %v", order, settled)
	}
}

// TestDisposition: Accepted reports what happened to a prompt.
func TestDisposition(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		if _, err := h.Commands().Add(g, func(_ context.Context, d *engine.Draft[engine.Command]) error {
			d.Set("cmd", engine.Command{Handler: func(context.Context, string) error { return nil }})
			return nil
		}); err != nil {
			return err
		}
		return g.Hook("input", func(_ context.Context, p any) (any, error) {
			if p.(map[string]any)["text"] == "eat" {
				return map[string]any{"action": "handled"}, nil
			}
			return nil, nil
		}, "")
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	prov := &scripted{responses: [][]any{{map[string]any{"type": "text", "text": "ok"}}}}
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"}})
	for text, want := range map[string]string{"/cmd x": "handled", "eat": "handled", "go": "started"} {
		got := ""
		if err := a.Prompt(context.Background(), text, agent.PromptOptions{Accepted: func(d string) { got = d }}); err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("%q: disposition %q, want %q", text, got, want)
		}
	}
	if d := a.QueueInput(context.Background(), "eat", "steer", agent.PromptOptions{}); d != "handled" {
		t.Errorf("steer eaten: %q", d)
	}
	if d := a.QueueInput(context.Background(), "later", "followUp", agent.PromptOptions{}); d != "queued" {
		t.Errorf("follow-up: %q", d)
	}
	if s, f := a.ClearQueue(); len(s) != 0 || len(f) != 1 || f[0] != "later" {
		t.Errorf("cleared %v %v", s, f)
	}
	if s, f := a.QueuedUserTexts(); len(s)+len(f) != 0 {
		t.Errorf("queue not empty: %v %v", s, f)
	}
}

// TestRefusedSendReportedBeforeSettling: a plain sendUserMessage from an
// agent_end handler is refused (the run is still active), and the run
// waits for the sender to report the refusal before it settles, as pi
// reports it before agent_settled. The sender reports slowly here; an
// agent that accepted the refused send itself would settle first.
func TestRefusedSendReportedBeforeSettling(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	var mu sync.Mutex
	var order []string
	note := func(s string) { mu.Lock(); order = append(order, s); mu.Unlock() }
	var a *agent.Agent
	sent := false
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		if err := g.On("agent_end", func(ctx context.Context, _ any) error {
			if sent {
				return nil
			}
			sent = true
			done := a.BeginSend()
			go func() {
				defer done()
				err := a.SendUserMessage(piapi.WithAccepted(context.Background(), done), "p", "plain", nil)
				time.Sleep(20 * time.Millisecond) // a slow report
				if err != nil {
					note("refused: " + err.Error())
				}
			}()
			return nil
		}); err != nil {
			return err
		}
		return g.On("agent_settled", func(context.Context, any) error { note("settled"); return nil })
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	prov := &scripted{responses: [][]any{text("one"), text("two")}}
	a = agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"}})
	piapi.Of(h).SetAgent(a)
	if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := a.WaitIdle(context.Background()); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	want := []string{"refused: " + agent.ErrBusy.Error(), "settled"}
	if len(order) != 2 || order[0] != want[0] || order[1] != want[1] || len(prov.requests) != 1 {
		t.Errorf("order %q (want %q), %d requests", order, want, len(prov.requests))
	}
}

package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// The Agent is what pi's action methods reach (piapi.Agent): it is
// attached with piapi.Of(host).SetAgent(agent).

// Hooks are the host-level actions an agent cannot do itself.
type Hooks struct {
	Shutdown func(plugin string)
	Reload   func(ctx context.Context) error
	Compact  func(plugin string, opts map[string]any)
	// FindModel resolves a model for setModel (nil: any model is accepted).
	FindModel func(provider, id string) (Message, bool)
	// Session replaces the session for SessionControl's "new", "fork" and
	// "switch", and starts a replacement left pending ("start").
	Session func(ctx context.Context, op string, args map[string]any) (map[string]any, error)
}

// SetHooks installs host-level actions.
func (a *Agent) SetHooks(h Hooks) { a.mu.Lock(); a.hooks = h; a.mu.Unlock() }

func (a *Agent) hooksCopy() Hooks { a.mu.Lock(); defer a.mu.Unlock(); return a.hooks }

// SendMessage implements pi.sendMessage's delivery modes.
func (a *Agent) SendMessage(ctx context.Context, plugin string, message, opts map[string]any) error {
	m := a.customMessage(message)
	deliverAs, _ := opts["deliverAs"].(string)
	trigger, _ := opts["triggerTurn"].(bool)
	defer piapi.Accepted(ctx)
	a.mu.Lock()
	streaming := a.busy()
	switch {
	case deliverAs == "nextTurn":
		a.nextTurn = append(a.nextTurn, m)
		a.mu.Unlock()
		return nil
	case streaming && deliverAs == "followUp":
		a.followUp = append(a.followUp, m)
		a.emitQueueLocked()
		a.mu.Unlock()
		return nil
	case streaming:
		a.steering = append(a.steering, m)
		a.emitQueueLocked()
		a.mu.Unlock()
		return nil
	}
	a.mu.Unlock()
	if trigger {
		piapi.Accepted(ctx)
		a.startRun()
		return a.run(context.WithoutCancel(ctx), []Message{m}, nil)
	}
	// Not streaming, no turn: store and announce it.
	l := &loop{a: a, ctx: ctx}
	l.messageStartEnd(m)
	return nil
}

// SendUserMessage implements pi.sendUserMessage: always a turn; while
// streaming, deliverAs picks the queue.
func (a *Agent) SendUserMessage(ctx context.Context, plugin string, content any, opts map[string]any) error {
	text, images := splitContent(content)
	deliverAs, _ := opts["deliverAs"].(string)
	err := a.Prompt(context.WithoutCancel(ctx), text, PromptOptions{Images: images, Source: "extension", StreamingBehavior: deliverAs,
		Accepted: func(string) { piapi.Accepted(ctx) }})
	if errors.Is(err, ErrBusy) {
		// pi's refusal settles after the event whose handler sent the
		// message has reached every listener (an RPC client sees
		// agent_end before the error).
		a.mu.Lock()
		l := a.current
		a.mu.Unlock()
		if l != nil {
			l.emitted()
		}
	}
	if err == nil {
		piapi.Accepted(ctx)
	}
	// A refusal is accepted by the caller once it has reported the error
	// (pi reports it before the run settles).
	return err
}

// BeginSend implements piapi.Sender.
func (a *Agent) BeginSend() (done func()) {
	a.sendsMu.Lock()
	a.sends++
	a.sendsMu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			a.sendsMu.Lock()
			a.sends--
			a.sendsCond().Broadcast()
			a.sendsMu.Unlock()
		})
	}
}

// sendsCond is the condition a run waits on for sends to land. Under
// a.sendsMu.
func (a *Agent) sendsCond() *sync.Cond {
	if a.sendsLanded == nil {
		a.sendsLanded = sync.NewCond(&a.sendsMu)
	}
	return a.sendsLanded
}

// waitSends waits until the messages extension code sent (BeginSend) were
// accepted: sent from an agent_end handler, they join the run.
func (a *Agent) waitSends() {
	a.sendsMu.Lock()
	defer a.sendsMu.Unlock()
	for a.sends > 0 {
		a.sendsCond().Wait()
	}
}

// busy reports whether a message is queued (or, without a delivery mode,
// a prompt refused with ErrBusy) rather than starting a run: while a run
// is in progress at all, also between its low-level runs, as in agent_end
// handlers (pi 1.6's isStreaming holds until the run settles). Under a.mu.
func (a *Agent) busy() bool {
	return a.streaming || a.running > 0
}

func splitContent(content any) (string, []any) {
	switch c := content.(type) {
	case string:
		return c, nil
	case []any:
		var texts []string
		var images []any
		for _, p := range c {
			pm, _ := p.(map[string]any)
			if pm["type"] == "text" {
				texts = append(texts, str(pm["text"]))
			} else if pm != nil {
				images = append(images, pm)
			}
		}
		return strings.Join(texts, "\n"), images
	}
	return fmt.Sprint(content), nil
}

// SetModel switches models when the model is known.
func (a *Agent) SetModel(ctx context.Context, model map[string]any) (bool, error) {
	h := a.hooksCopy()
	if h.FindModel != nil {
		m, ok := h.FindModel(str(model["provider"]), str(model["id"]))
		if !ok {
			return false, nil
		}
		model = m
	}
	prev := a.Model()
	a.SetModelValue(engine.Clone(model).(Message))
	a.h.Emit(ctx, "model_select", map[string]any{"type": "model_select", "model": model, "previousModel": prev, "source": "set"})
	return true, nil
}

// Shutdown asks the host to quit.
func (a *Agent) Shutdown(plugin string) {
	if h := a.hooksCopy(); h.Shutdown != nil {
		h.Shutdown(plugin)
	}
}

// Reload reloads every extension (pi's ctx.reload()): the host's reload
// hook when set, else Host.ReloadAll. It runs on its own goroutine, since
// the caller is a command of one of the plugins being reloaded.
func (a *Agent) Reload(ctx context.Context) error {
	if h := a.hooksCopy(); h.Reload != nil {
		return h.Reload(ctx)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.h.ReloadAll(context.WithoutCancel(ctx))
	}()
	<-done
	return nil
}

// Compact is pi's ctx.compact(options): the compaction runs in the
// background (CompactNow); options.onComplete gets the CompactionResult,
// options.onError the failure.
func (a *Agent) Compact(plugin string, opts map[string]any) {
	if h := a.hooksCopy(); h.Compact != nil {
		h.Compact(plugin, opts)
		return
	}
	custom, has := opts["customInstructions"].(string)
	go func() {
		ctx := context.Background()
		res, err := a.CompactNow(ctx, custom, has)
		if err != nil {
			if f, ok := opts["onError"].(engine.Callable); ok {
				_, _ = f.Call(ctx, map[string]any{"name": "Error", "message": err.Error()})
			}
			return
		}
		if f, ok := opts["onComplete"].(engine.Callable); ok {
			_, _ = f.Call(ctx, res)
		}
	}()
}

// SessionControl implements piapi.Agent: navigation and waiting are the
// agent's; replacing the session (and starting a replacement) is the
// host's (Hooks.Session).
func (a *Agent) SessionControl(ctx context.Context, op string, args map[string]any) (map[string]any, error) {
	switch op {
	case "waitForIdle":
		return nil, a.WaitIdle(ctx)
	case "navigate":
		target, _ := args["targetId"].(string)
		o := NavigateOptions{}
		o.Summarize, _ = args["summarize"].(bool)
		o.CustomInstructions, o.HasCustom = args["customInstructions"].(string)
		o.ReplaceInstructions, _ = args["replaceInstructions"].(bool)
		o.Label, _ = args["label"].(string)
		res, err := a.NavigateTree(ctx, target, o)
		if err != nil {
			return nil, err
		}
		out := map[string]any{"cancelled": res.Cancelled}
		if res.Aborted {
			out["aborted"] = true
		}
		return out, nil
	}
	if h := a.hooksCopy(); h.Session != nil {
		return h.Session(ctx, op, args)
	}
	return nil, fmt.Errorf("not supported yet: session operation %q without a session host", op)
}

// ModelStream implements piapi.Agent: a model call for extension code
// through the agent's providers (no extension hooks, as in pi-ai).
func (a *Agent) ModelStream(ctx context.Context, model, llm, options map[string]any, emit func(map[string]any)) (map[string]any, error) {
	msgs, _ := llm["messages"].([]any)
	tools, _ := llm["tools"].([]any)
	req := Request{Model: model, SystemPrompt: str(llm["systemPrompt"]), Messages: fromAny(msgs), Tools: fromAny(tools),
		Thinking: "off", OnEvent: emit, APIKey: str(options["apiKey"]),
		// pi-ai keys caching on the caller's sessionId only: extension
		// calls are not tied to the session unless they pass one.
		SessionID: str(options["sessionId"]), CacheRetention: str(options["cacheRetention"])}
	if r := str(options["reasoning"]); r != "" {
		req.Thinking = r
	}
	if n, ok := options["maxTokens"].(float64); ok {
		req.MaxTokens = int(n)
	}
	if t, ok := options["temperature"].(float64); ok {
		req.Temperature = &t
	}
	if md, ok := jsjson.Plain(options["requestMetadata"]).(map[string]any); ok {
		req.RequestMetadata = md
	}
	req.Region = str(options["region"])
	if hs, ok := options["headers"].(map[string]any); ok {
		req.Headers = map[string]string{}
		for k, v := range hs {
			if s, ok := v.(string); ok {
				req.Headers[k] = s
			}
		}
	}
	if IsVirtual(model) && a.opts.Router != nil {
		// pi 1.6 routes requests outside the agent loop as "direct", with
		// the output budget capped to the routed model.
		r, err := a.opts.Router(ctx, RouteRequest{Model: model, Thinking: req.Thinking, Reason: "direct", Messages: req.Messages,
			NoSignal: options["signal"] == nil})
		if err != nil {
			return nil, err
		}
		if r.Model["provider"] != model["provider"] {
			// Credentials the caller resolved for the virtual model's
			// provider are not sent to another one.
			req.APIKey, req.Headers = "", nil
		}
		req.Model, req.Thinking = r.Model, r.Thinking
		if limit, _ := r.Model["maxTokens"].(float64); limit > 0 && req.MaxTokens > int(limit) {
			req.MaxTokens = int(limit)
		}
	}
	return a.opts.Provider.Stream(ctx, req)
}

// HasPendingMessages reports queued steering/follow-up messages.
func (a *Agent) HasPendingMessages() bool { return a.PendingCount() > 0 }

// ContextUsage is pi's getContextUsage: the context's estimated size
// against the model's window, nil without a model or window. Right after a
// compaction the size is unknown (tokens and percent null) until a reply
// reports usage again.
func (a *Agent) ContextUsage() map[string]any {
	window := float64(a.contextWindow())
	if a.Model() == nil || window <= 0 {
		return nil
	}
	branch := piapi.Of(a.h).Session().Branch("")
	for i := len(branch) - 1; i >= 0; i-- {
		if branch[i]["type"] != "compaction" {
			continue
		}
		known := false
		for _, e := range branch[i+1:] {
			if m, _ := e["message"].(map[string]any); e["type"] == "message" && m["role"] == "assistant" &&
				m["stopReason"] != "aborted" && m["stopReason"] != "error" {
				u, _ := m["usage"].(map[string]any)
				known = compaction.ContextTokens(u) > 0
			}
		}
		if !known {
			return map[string]any{"tokens": nil, "contextWindow": window, "percent": nil}
		}
		break
	}
	tokens := float64(compaction.EstimateContext(a.Messages()).Tokens)
	return map[string]any{"tokens": tokens, "contextWindow": window, "percent": tokens / window * 100}
}

var _ piapi.Agent = (*Agent)(nil)

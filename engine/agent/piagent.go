package agent

import (
	"context"
	"fmt"
	"strings"

	"github.com/pigo-dev/pigo/engine"
)

// The Agent is what pi's action methods reach (engine.PiAgent): it is
// attached with host.Pi().SetAgent(agent).

// Hooks are the host-level actions an agent cannot do itself.
type Hooks struct {
	Shutdown func(plugin string)
	Reload   func(ctx context.Context) error
	Compact  func(plugin string, opts map[string]any)
	// FindModel resolves a model for setModel (nil: any model is accepted).
	FindModel func(provider, id string) (Message, bool)
}

// SetHooks installs host-level actions.
func (a *Agent) SetHooks(h Hooks) { a.mu.Lock(); a.hooks = h; a.mu.Unlock() }

func (a *Agent) hooksCopy() Hooks { a.mu.Lock(); defer a.mu.Unlock(); return a.hooks }

// SendMessage implements pi.sendMessage's delivery modes.
func (a *Agent) SendMessage(ctx context.Context, plugin string, message, opts map[string]any) error {
	m := a.customMessage(message)
	deliverAs, _ := opts["deliverAs"].(string)
	trigger, _ := opts["triggerTurn"].(bool)
	a.mu.Lock()
	streaming := a.streaming
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
		return a.run(context.WithoutCancel(ctx), []Message{m}, a.opts.SystemPrompt)
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
	return a.Prompt(context.WithoutCancel(ctx), text, PromptOptions{Images: images, Source: "extension", StreamingBehavior: deliverAs})
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

// Compact asks the host to compact the session.
func (a *Agent) Compact(plugin string, opts map[string]any) {
	if h := a.hooksCopy(); h.Compact != nil {
		h.Compact(plugin, opts)
	}
}

// HasPendingMessages reports queued steering/follow-up messages.
func (a *Agent) HasPendingMessages() bool { return a.PendingCount() > 0 }

// SystemPrompt returns the base system prompt.
func (a *Agent) SystemPrompt() string { return a.opts.SystemPrompt }

// ContextUsage estimates tokens used by the conversation (chars/4, as pi
// does without a usage report) against the model's context window.
func (a *Agent) ContextUsage() map[string]any {
	a.mu.Lock()
	defer a.mu.Unlock()
	window, _ := a.model["contextWindow"].(float64)
	tokens := 0.0
	for i := len(a.messages) - 1; i >= 0; i-- {
		if u, ok := a.messages[i]["usage"].(map[string]any); ok && a.messages[i]["role"] == "assistant" {
			if t, ok := u["totalTokens"].(float64); ok && t > 0 {
				tokens = t
				break
			}
		}
	}
	out := map[string]any{"tokens": tokens, "contextWindow": window}
	if window > 0 {
		out["percent"] = tokens / window * 100
	}
	return out
}

var _ engine.PiAgent = (*Agent)(nil)

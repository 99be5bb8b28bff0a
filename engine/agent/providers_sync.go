package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/provider"
)

// ProviderRegistrationError is a pi.registerProvider call the registry
// refused: Plugin made it for Provider.
type ProviderRegistrationError struct {
	Plugin, Provider string
	Err              error
}

func (e *ProviderRegistrationError) Error() string { return e.Err.Error() }

// SyncProviders keeps reg's extension providers equal to the host's
// providers registry (what pi.registerProvider contributed), now and after
// every rebuild. A provider implemented in JS (streamSimple) arrives as a
// "__pigoStream" function handle: the compat adapter wraps streamSimple so
// that it reports each pi-ai event through an emit callback and resolves
// with the final message. It returns the registrations refused now, in
// registration order, which pi 1.6 reports among its startup diagnostics;
// every refusal, now and later, is also recorded as the plugin's
// diagnostic.
func SyncProviders(h *engine.Host, reg *provider.Registry) []*ProviderRegistrationError {
	var mu sync.Mutex
	synced := map[string]bool{}
	apply := func() (refused []*ProviderRegistrationError) {
		mu.Lock()
		defer mu.Unlock()
		now := map[string]bool{}
		for _, e := range h.Providers().Current().Entries() {
			cfg, err := providerConfig(e.Value)
			if err == nil {
				if fn, ok := e.Value["__pigoStream"].(engine.Callable); ok {
					cfg.Stream = jsStream(fn)
				}
				err = reg.RegisterProvider(e.ID, cfg)
			}
			if err != nil {
				h.RecordDiagnostic(engine.Diagnostic{Plugin: e.Owner, Severity: engine.SeverityError, Where: "registerProvider",
					Text: fmt.Sprintf("provider %q: %v", e.ID, err)})
				refused = append(refused, &ProviderRegistrationError{Plugin: e.Owner, Provider: e.ID, Err: err})
				continue
			}
			now[e.ID] = true
		}
		for name := range synced {
			if !now[name] {
				reg.UnregisterProvider(name)
			}
		}
		synced = now
		return refused
	}
	refused := apply()
	h.Providers().OnCommit(func(engine.RebuiltInfo) { apply() })
	return refused
}

// providerConfig reads pi's ProviderConfig from registry data (functions
// are dropped by the JSON round trip).
func providerConfig(v map[string]any) (provider.ProviderConfig, error) {
	data := map[string]any{}
	for k, x := range v {
		if _, isFn := x.(engine.Callable); !isFn {
			data[k] = x
		}
	}
	var cfg provider.ProviderConfig
	b, err := json.Marshal(data)
	if err != nil {
		return cfg, err
	}
	err = json.Unmarshal(b, &cfg)
	return cfg, err
}

// jsStream adapts a JS provider to provider.API.
func jsStream(fn engine.Callable) provider.API {
	return provider.APIFunc(func(ctx context.Context, model *provider.Model, c *provider.Context, opts *provider.Options) (*provider.EventStream, error) {
		s := provider.NewEventStream()
		emit := engine.SyncFunc(func(args ...any) any {
			if len(args) > 0 {
				if ev, err := eventFromMap(args[0]); err == nil {
					s.Push(ev)
				}
			}
			return nil
		})
		var thinking any
		if opts != nil {
			thinking = string(opts.Thinking)
		}
		go func() {
			defer s.End()
			if _, err := fn.Call(ctx, ModelMap(model), contextData(c), map[string]any{"reasoning": thinking}, emit); err != nil {
				msg := provider.AssistantMessage{StopReason: provider.StopReasonError, ErrorMessage: err.Error()}
				s.Push(provider.Event{Type: provider.EventError, Reason: provider.StopReasonError, Message: &msg})
			}
		}()
		return s, nil
	})
}

// contextData is pi-ai's Context as JS sees it.
func contextData(c *provider.Context) map[string]any {
	tools := make([]any, 0, len(c.Tools))
	for _, t := range c.Tools {
		tools = append(tools, map[string]any{"name": t.Name, "description": t.Description, "parameters": engine.Clone(t.Parameters)})
	}
	msgs := make([]any, len(c.Messages))
	for i, m := range c.Messages {
		msgs[i] = engine.Clone(m)
	}
	out := map[string]any{"messages": msgs, "tools": tools}
	if c.SystemPrompt != "" {
		out["systemPrompt"] = c.SystemPrompt
	}
	return out
}

// eventFromMap reads a pi-ai AssistantMessageEvent.
func eventFromMap(v any) (provider.Event, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return provider.Event{}, errors.New("event is not an object")
	}
	ev := provider.Event{Type: provider.EventType(str(m["type"]))}
	if n, ok := m["contentIndex"].(float64); ok {
		ev.ContentIndex = int(n)
	}
	ev.Delta, ev.Content, ev.Reason = str(m["delta"]), str(m["content"]), provider.StopReason(str(m["reason"]))
	msg := func(key string) *provider.AssistantMessage {
		if mm, ok := m[key].(map[string]any); ok {
			if am, err := provider.AssistantMessageFromMap(mm); err == nil {
				return am
			}
		}
		return nil
	}
	ev.Partial = msg("partial")
	ev.Message = msg("message")
	if ev.Type == provider.EventError {
		ev.Message = msg("error")
	}
	if tc, ok := m["toolCall"].(map[string]any); ok {
		b, _ := json.Marshal(tc)
		var cb provider.ContentBlock
		if json.Unmarshal(b, &cb) == nil {
			ev.ToolCall = &cb
		}
	}
	return ev, nil
}

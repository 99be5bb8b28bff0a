package agent

import (
	"cmp"
	"context"
	"reflect"

	"github.com/pigo-dev/pigo/engine/cachewarm"
	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
	"github.com/pigo-dev/pigo/engine/session"
)

// Prompt cache warming (pi 1.6): each session request restarts the
// warmer on its own cache entry; agent_settled moves it to its idle phase.

// WarmModeler is a Provider that can tell which model (and cache
// retention) a request goes to, so its prompt cache can be kept warm.
// Providers without it are never warmed.
type WarmModeler interface {
	WarmModel(req Request) (m *provider.Model, retention, envRetention string, ok bool)
}

// WarmModel implements WarmModeler.
func (p RegistryProvider) WarmModel(req Request) (*provider.Model, string, string, bool) {
	m, ok := p.Registry.Find(str(req.Model["provider"]), str(req.Model["id"]))
	if !ok {
		return nil, "", "", false
	}
	return m, p.Options.CacheRetention, p.Options.Env["PI_CACHE_RETENTION"], true
}

// CacheWarmer returns the agent's prompt cache warmer (its Status is
// /session's cache warming line).
func (a *Agent) CacheWarmer() *cachewarm.Warmer {
	a.warmOnce.Do(func() {
		a.warmer = cachewarm.New(cachewarm.Config{
			Clock:        a.opts.CacheWarmClock,
			Mode:         func() string { return cmp.Or(a.settings().CacheWarming, cachewarm.ModeIdle) },
			PromptTokens: a.lastPromptTokens,
			Decide:       a.decideCacheWarming,
			Record:       a.recordCacheWarm,
		})
	})
	return a.warmer
}

// lastPromptTokens is the prompt size of the branch's latest assistant
// message, as its provider reported it.
func (a *Agent) lastPromptTokens() int {
	if a.h == nil {
		return 0
	}
	n := 0
	piapi.Of(a.h).Session().WalkBranch("", func(e session.Entry) bool {
		if e["type"] != "message" {
			return true
		}
		m, _ := e["message"].(map[string]any)
		if m["role"] != "assistant" {
			return true
		}
		u, _ := m["usage"].(map[string]any)
		for _, k := range []string{"input", "cacheRead", "cacheWrite"} {
			n += int(compaction.Number(u[k]))
		}
		return false
	})
	return n
}

// decideCacheWarming runs cache_warming_decision.
func (a *Agent) decideCacheWarming(ctx context.Context, ev map[string]any) (any, bool) {
	if a.h == nil || !a.h.HasHook("cache_warming_decision") {
		return nil, false
	}
	out := a.h.RunHook(ctx, "cache_warming_decision", ev)
	r, ok := out.Result.(map[string]any)
	if !ok {
		return nil, false
	}
	action, ok := r["action"]
	return action, ok
}

// recordCacheWarm appends a refresh's usage entry (pi's appendUsage).
func (a *Agent) recordCacheWarm(kind, prov, model string, usage any, note string) {
	if a.h == nil {
		return
	}
	e := session.Entry{"type": "usage", "kind": kind, "provider": prov, "model": model, "usage": usage}
	if note != "" {
		e["note"] = note
	}
	piapi.Of(a.h).Session().Append(e)
}

// startCacheWarming hands the session request req (sent in ctx) to the
// warmer: the conversation must still extend it when a refresh is due.
func (l *loop) startCacheWarming(ctx context.Context, req Request) {
	a := l.a
	wm, ok := a.opts.Provider.(WarmModeler)
	if !ok {
		return
	}
	m, retention, env, ok := wm.WarmModel(req)
	if !ok {
		return
	}
	a.mu.Lock()
	prefix := append([]Message(nil), a.messages...)
	prov, id := str(a.model["provider"]), str(a.model["id"])
	a.mu.Unlock()
	isCurrent := func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		if str(a.model["provider"]) != prov || str(a.model["id"]) != id || len(a.messages) < len(prefix) {
			return false
		}
		for i, msg := range prefix {
			if reflect.ValueOf(msg).UnsafePointer() != reflect.ValueOf(a.messages[i]).UnsafePointer() {
				return false
			}
		}
		return true
	}
	values := context.WithoutCancel(ctx)
	replay := func(wctx context.Context) (cachewarm.Reply, error) {
		rctx, cancel := context.WithCancel(values)
		defer context.AfterFunc(wctx, cancel)()
		defer cancel()
		r := req
		r.MaxTokens, r.NoRetries, r.DisableContinuation, r.OnEvent = 1, true, true, nil
		if req.OnPayload != nil {
			r.OnPayload = a.payloadHook(rctx, req.Model)
		}
		if req.OnHeaders != nil {
			r.OnHeaders = a.headersHook(rctx)
		}
		if req.OnResponse != nil {
			r.OnResponse = a.responseHook(rctx)
		}
		final, err := a.opts.Provider.Stream(a.withStreamEvents(rctx, req.Model), r)
		if err != nil {
			return cachewarm.Reply{}, err
		}
		return cachewarm.Reply{Provider: str(final["provider"]), Model: cmp.Or(str(final["responseModel"]), str(final["model"])),
			StopReason: str(final["stopReason"]), Usage: final["usage"]}, nil
	}
	a.CacheWarmer().Start(cachewarm.Request{Model: m, Retention: retention, EnvRetention: env,
		Reasoning: req.Thinking != "" && req.Thinking != "off", IsCurrent: isCurrent, Replay: replay})
}

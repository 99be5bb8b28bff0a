package agent

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// SyncVirtualModels keeps reg's virtual models equal to what
// pi.registerVirtualModel registered, now and after every rebuild (a
// reload re-registers them, as registerProvider's). A virtual model whose
// id is a physical model's of its provider is refused, as in pi.
func SyncVirtualModels(h *engine.Host, reg *provider.Registry) {
	var mu sync.Mutex
	apply := func() {
		mu.Lock()
		defer mu.Unlock()
		var ms []*provider.Model
		for _, e := range piapi.Of(h).VirtualModels().Current().Entries() {
			m, err := virtualModel(e.Value)
			if err == nil {
				// Find answers with the virtual model once it is registered.
				if p, ok := reg.Find(m.Provider, m.ID); ok && !p.IsVirtual() {
					err = fmt.Errorf("Virtual model %s/%s conflicts with a physical model.", m.Provider, m.ID)
				}
			}
			if err != nil {
				h.RecordDiagnostic(engine.Diagnostic{Plugin: e.Owner, Severity: engine.SeverityError, Where: "registerVirtualModel",
					Text: fmt.Sprintf("virtual model %q: %v", e.ID, err)})
				continue
			}
			ms = append(ms, m)
		}
		reg.SetVirtualModels(ms)
	}
	apply()
	piapi.Of(h).VirtualModels().OnCommit(func(engine.RebuiltInfo) { apply() })
}

// virtualModel reads a registerVirtualModel definition.
func virtualModel(v map[string]any) (*provider.Model, error) {
	prov, id := str(v["provider"]), str(v["id"])
	if prov == "" || id == "" {
		return nil, errors.New("Virtual model provider and id must not be empty.")
	}
	d := provider.VirtualDefinition{Provider: prov, ID: id, Name: str(v["name"])}
	if ls, ok := v["thinkingLevels"].([]any); ok {
		d.ThinkingLevels = []provider.ThinkingLevel{}
		for _, l := range ls {
			d.ThinkingLevels = append(d.ThinkingLevels, provider.ThinkingLevel(str(l)))
		}
	}
	if n, ok := v["contextWindow"].(float64); ok {
		d.ContextWindow = int(n)
	}
	if n, ok := v["maxTokens"].(float64); ok {
		d.MaxTokens = int(n)
	}
	if in, ok := v["input"].([]any); ok {
		d.Input = []string{}
		for _, x := range in {
			d.Input = append(d.Input, str(x))
		}
	}
	return provider.NewVirtualModel(d), nil
}

// VirtualRouter routes through the route() of the virtual models
// extensions registered (pi 1.6's ModelRuntime.resolveModel): the router
// gets the previous and failed physical models, the state, the messages
// and an abort signal; it must name a physical model with credentials,
// whose thinking level is then clamped to it.
func VirtualRouter(h *engine.Host, reg *provider.Registry) Router {
	physical := func(prov, id string) (*provider.Model, bool) {
		m, ok := reg.Find(prov, id)
		return m, ok && !m.IsVirtual()
	}
	return func(ctx context.Context, req RouteRequest) (Route, error) {
		prov, id := str(req.Model["provider"]), str(req.Model["id"])
		name := fmt.Sprintf("Virtual model %s/%s", prov, id)
		e, ok := piapi.Of(h).VirtualModels().Current().Get(prov + "/" + id)
		route, _ := e.Value["__pigoRoute"].(engine.Callable)
		if !ok || route == nil {
			return Route{}, fmt.Errorf("%s is not registered.", name)
		}
		request := map[string]any{"model": engine.Clone(req.Model), "thinkingLevel": req.Thinking, "reason": req.Reason,
			"messages": toAny(req.Messages)}
		if !req.NoSignal {
			request["signal"] = engine.AbortSignal{}
		}
		if latest := latestResponse(req.Messages); latest != nil {
			if m, ok := physical(str(latest["provider"]), str(latest["model"])); ok {
				request["previous"] = modelAndLevel(m, latest)
			}
		}
		// A failed routing names the virtual model: no physical request to report.
		if f := req.Failed; f != nil {
			if m, ok := physical(str(f["provider"]), str(f["model"])); ok {
				failed := modelAndLevel(m, f)
				failed["message"] = f
				request["failed"] = failed
			}
		}
		if req.HasState {
			request["state"] = req.State
		}
		out, err := route.Call(ctx, request)
		if err != nil {
			var se *engine.ScriptError
			if errors.As(err, &se) && se.Message != "" {
				return Route{}, errors.New(se.Message) // pi's errorMessage is the Error's message
			}
			return Route{}, err
		}
		res, _ := out.(map[string]any)
		to, _ := res["model"].(map[string]any)
		if to == nil {
			return Route{}, fmt.Errorf("%s: route() returned no model.", name)
		}
		routed := fmt.Sprintf("%s routed to %s/%s", name, str(to["provider"]), str(to["id"]))
		target, ok := physical(str(to["provider"]), str(to["id"]))
		if !ok {
			return Route{}, fmt.Errorf("%s, which is not a physical model.", routed)
		}
		if !reg.HasAuth(target.Provider) {
			return Route{}, fmt.Errorf("%s, which has no credentials.", routed)
		}
		r := Route{Model: ModelMap(target), Thinking: string(provider.ClampThinkingLevel(target, provider.ThinkingLevel(str(res["thinkingLevel"]))))}
		if keep, _ := res["keep"].(bool); !keep && req.Reason != "direct" {
			r.NewState, r.ChangeState = res["state"], true
		}
		return r, nil
	}
}

// modelAndLevel is {model, thinkingLevel} of a reply's physical model.
func modelAndLevel(m *provider.Model, reply Message) map[string]any {
	out := map[string]any{"model": ModelMap(m)}
	if l, ok := reply["thinkingLevel"]; ok {
		out["thinkingLevel"] = l
	}
	return out
}

// latestResponse is pi's findLatestResponse: the latest reply that
// neither failed nor was aborted.
func latestResponse(msgs []Message) Message {
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if m["role"] == "assistant" && m["stopReason"] != "error" && m["stopReason"] != "aborted" {
			return m
		}
	}
	return nil
}

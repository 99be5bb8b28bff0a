package agentsession

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/provider"
)

// pigo's commands for the interactive /scoped-models selector (pi 1.6's
// showModelsSelector runs in-process): the available models and the
// enabled ids, the session's scope from a new selection, and saving it
// to settings as enabledModels.

// getModelScope answers the available models and the enabled
// "provider/id" list: the session's scope when it has one, else the
// settings' enabledModels resolved (patterns that match nothing kept as
// written), or null for all enabled; scoped says whether the session has
// a scope, scope is that scope (provider, id, thinkingLevel) in order;
// defaultModel is the settings' default (provider, id) or null.
func (s *rpcServer) getModelScope(*rpcCommand) (any, bool, error) {
	rt := s.rt
	avail := rt.reg.Available()
	models := make([]any, 0, len(avail))
	for _, m := range avail {
		models = append(models, agent.ModelMap(m))
	}
	rt.mu.Lock()
	scoped := rt.scoped
	rt.mu.Unlock()
	var enabled []any
	scope := []any{}
	for _, sm := range scoped {
		e := ordered{{"provider", sm.Model.Provider}, {"id", sm.Model.ID}}
		if sm.Thinking != "" {
			e = append(e, member{"thinkingLevel", string(sm.Thinking)})
		}
		scope = append(scope, e)
	}
	if len(scoped) > 0 {
		for _, sm := range scoped {
			enabled = append(enabled, sm.Model.Provider+"/"+sm.Model.ID)
		}
	} else if patterns := rt.settings.strings("enabledModels"); len(patterns) > 0 {
		enabled = []any{}
		for _, p := range patterns {
			res, _ := rt.reg.ResolveScope([]string{p})
			if len(res) == 0 && !slices.Contains(enabled, any(p)) {
				enabled = append(enabled, p)
			}
			for _, sm := range res {
				if id := sm.Model.Provider + "/" + sm.Model.ID; !slices.Contains(enabled, any(id)) {
					enabled = append(enabled, id)
				}
			}
		}
	}
	var ids any // null: every model enabled
	if enabled != nil {
		ids = enabled
	}
	var def any // the settings' default model, for the model selector's badge
	if p, id := rt.settings.str("defaultProvider"), rt.settings.str("defaultModel"); p != "" && id != "" {
		def = ordered{{"provider", p}, {"id", id}}
	}
	return ordered{{"models", models}, {"enabledIds", ids}, {"scoped", len(scoped) > 0}, {"scope", scope}, {"defaultModel", def}}, true, nil
}

// enabledIDs reads a command's enabledIds: nil for null (all enabled).
func enabledIDs(c *rpcCommand) ([]string, error) {
	v, ok := c.raw["enabledIds"]
	if !ok || v == nil {
		return nil, nil
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("enabledIds must be an array of \"provider/id\" strings or null")
	}
	ids := make([]string, 0, len(list))
	for _, x := range list {
		id, ok := x.(string)
		if !ok {
			return nil, fmt.Errorf("enabledIds must be an array of \"provider/id\" strings or null")
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// setModelScope is pi's updateSessionModels: a selection with an
// available model that leaves some out becomes the session's scope (what
// cycle_model goes through, in this order); null, nothing available or
// everything clears the scope.
func (s *rpcServer) setModelScope(c *rpcCommand) (any, bool, error) {
	rt := s.rt
	ids, err := enabledIDs(c)
	if err != nil {
		return nil, false, err
	}
	availIDs := map[string]bool{}
	for _, m := range rt.reg.Available() {
		availIDs[m.Provider+"/"+m.ID] = true
	}
	some, all := false, ids != nil
	for _, id := range ids {
		some = some || availIDs[id]
	}
	for id := range availIDs {
		all = all && slices.Contains(ids, id)
	}
	var scoped []provider.ScopedModel
	if ids != nil && some && !all {
		scoped, _ = rt.reg.ResolveScope(ids)
	}
	rt.mu.Lock()
	rt.scoped = scoped
	rt.mu.Unlock()
	return ordered{{"scoped", len(scoped)}}, true, nil
}

// saveModelScope is pi's onPersist: enabledModels in the global settings
// becomes the selection, or is removed when every model is enabled.
func (s *rpcServer) saveModelScope(c *rpcCommand) (any, bool, error) {
	rt := s.rt
	ids, err := enabledIDs(c)
	if err != nil {
		return nil, false, err
	}
	avail := rt.reg.Available()
	all := ids != nil && len(ids) == len(avail)
	for _, m := range avail {
		all = all && slices.Contains(ids, m.Provider+"/"+m.ID)
	}
	if ids == nil || all {
		return nil, false, rt.settings.remove("enabledModels")
	}
	return nil, false, rt.settings.set("enabledModels", ids)
}

// persistDefaultModel is pi's setModel with persist: defaultProvider and
// defaultModel in the global settings; a non-empty scope gains the model
// (and enabledModels, when set, its "provider/id").
func (rt *agentRuntime) persistDefaultModel(m *provider.Model) error {
	if err := rt.settings.set("defaultProvider", m.Provider); err != nil {
		return err
	}
	if err := rt.settings.set("defaultModel", m.ID); err != nil {
		return err
	}
	rt.mu.Lock()
	in := len(rt.scoped) == 0 || slices.ContainsFunc(rt.scoped, func(sm provider.ScopedModel) bool {
		return sm.Model.Provider == m.Provider && sm.Model.ID == m.ID
	})
	if !in {
		rt.scoped = append(slices.Clone(rt.scoped), provider.ScopedModel{Model: m})
	}
	rt.mu.Unlock()
	if in {
		return nil
	}
	enabled := rt.settings.strings("enabledModels")
	ref := m.Provider + "/" + m.ID
	if len(enabled) == 0 || slices.ContainsFunc(enabled, func(p string) bool { return strings.EqualFold(p, ref) }) {
		return nil
	}
	return rt.settings.set("enabledModels", append(enabled, ref))
}

package agentsession

import (
	"errors"
	"fmt"

	"github.com/pigo-dev/pigo/engine/fuzzy"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// getArgumentCompletions completes a slash command's argument for an
// interactive client, as pi's editor does after "/name ": the items the
// command's getArgumentCompletions(prefix) returns ({value, label,
// description?}, label defaulting to value), or null items when the
// command has no completer or offers nothing. A completer that throws, or
// returns something else than a list of items, is an error naming the
// extension and file:line.
func (s *rpcServer) getArgumentCompletions(c *rpcCommand) (any, bool, error) {
	name, err := c.str("name", "toString")
	if err != nil {
		return nil, false, err
	}
	none := ordered{{"items", nil}}
	items, owner, err := piapi.ArgumentCompletions(s.renderCtx(), s.rt.host, name, c.strOr("prefix"))
	var shape *piapi.ArgumentShapeError
	switch {
	case errors.As(err, &shape) && shape.Item < 0:
		return nil, false, fmt.Errorf("getArgumentCompletions of /%s (%s) %s", name, s.scriptWhere(owner, nil), shape)
	case errors.As(err, &shape):
		return nil, false, fmt.Errorf("getArgumentCompletions of /%s (%s): %s", name, s.scriptWhere(owner, nil), shape)
	case err != nil:
		return nil, false, fmt.Errorf("getArgumentCompletions of /%s (%s): %s", name, s.scriptWhere(owner, err), commandErrorText(err))
	case len(items) == 0:
		return none, true, nil
	}
	out := make([]any, len(items)) // in pi's key order
	for i, x := range items {
		o := x.(map[string]any)
		item := ordered{{"value", o["value"]}, {"label", o["label"]}}
		if d, ok := o["description"]; ok {
			item = append(item, member{"description", d})
		}
		out[i] = item
	}
	return ordered{{"items", out}}, true, nil
}

// setToolsExpanded is an interactive client's ctrl+o: the tool output
// expansion it shows, which extensions read with ctx.ui.getToolsExpanded
// (pi's interactive mode answers with its own state). Other clients hear
// it as the setToolsExpanded UI call.
func (s *rpcServer) setToolsExpanded(c *rpcCommand) (any, bool, error) {
	expanded, ok := c.raw["expanded"].(bool)
	if !ok {
		return nil, false, errors.New("set_tools_expanded: expanded must be a boolean")
	}
	piapi.Of(s.rt.host).UI().Set("", "setToolsExpanded", "toolsExpanded", "", expanded)
	return nil, false, nil
}

// builtinArgumentCompletions are the argument completions pi's
// createBaseAutocompleteProvider gives its built-in commands: /model the
// scoped models, else every available one, as provider/id (fuzzy over
// pi's getModelSearchText), /thinking the model's thinking levels, /login
// the providers.
func (rt *agentRuntime) builtinArgumentCompletions(name, prefix string) ([]any, bool) {
	switch name {
	case "model":
		rt.mu.Lock()
		scoped := rt.scoped
		rt.mu.Unlock()
		var models []*provider.Model
		for _, sm := range scoped {
			models = append(models, sm.Model)
		}
		if len(models) == 0 && rt.reg != nil {
			models = rt.reg.Available()
		}
		var items []any
		for _, m := range fuzzy.Filter(models, prefix, modelSearchText) {
			items = append(items, map[string]any{"value": m.Provider + "/" + m.ID, "label": m.ID, "description": m.Provider})
		}
		return items, true
	case "thinking":
		var items []any
		for _, l := range fuzzy.Filter(rt.availableThinkingLevels(), prefix, func(l string) string { return l }) {
			items = append(items, map[string]any{"value": l, "label": l})
		}
		return items, true
	case "login":
		return rt.loginCompletions(prefix), true
	}
	return nil, false
}

// modelSearchText is pi's getModelSearchText.
func modelSearchText(m *provider.Model) string {
	name := ""
	if m.Name != "" {
		name = " " + m.Name
	}
	return m.ID + " " + m.Provider + " " + m.Provider + "/" + m.ID + " " + m.Provider + " " + m.ID + name
}

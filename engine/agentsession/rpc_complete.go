package agentsession

import (
	"errors"
	"fmt"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
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
	e, ok := s.rt.host.Commands().Current().Get(name)
	if !ok {
		return none, true, nil
	}
	complete, ok := e.Value.Extra["getArgumentCompletions"].(engine.Callable)
	if !ok {
		return none, true, nil
	}
	where := s.scriptWhere(e.Owner, nil)
	got, err := complete.Call(s.renderCtx(), c.strOr("prefix"))
	if err != nil {
		return nil, false, fmt.Errorf("getArgumentCompletions of /%s (%s): %s", name, s.scriptWhere(e.Owner, err), commandErrorText(err))
	}
	if got == nil {
		return none, true, nil
	}
	list, ok := got.([]any)
	if !ok {
		return nil, false, fmt.Errorf("getArgumentCompletions of /%s (%s) must return an array of {value, label}, got %T", name, where, got)
	}
	items := make([]any, 0, len(list))
	for i, x := range list {
		o, _ := x.(map[string]any)
		value, ok := o["value"].(string)
		if !ok {
			return nil, false, fmt.Errorf("getArgumentCompletions of /%s (%s): item %d has no string value", name, where, i)
		}
		label, _ := o["label"].(string)
		if label == "" {
			label = value
		}
		item := ordered{{"value", value}, {"label", label}}
		if d, _ := o["description"].(string); d != "" {
			item = append(item, member{"description", d})
		}
		items = append(items, item)
	}
	if len(items) == 0 {
		return none, true, nil
	}
	return ordered{{"items", items}}, true, nil
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

package agentsession

import (
	"errors"
	"fmt"

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

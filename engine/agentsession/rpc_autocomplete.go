package agentsession

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/pigo-dev/pigo/engine/piapi"
)

// completionBudget bounds one ask of the extensions' autocomplete
// providers; the editor does not wait for it (a late answer for text
// typed over is dropped).
var completionBudget = 5 * time.Second

// getAutocompleteProviders tells an interactive client how many
// ctx.ui.addAutocompleteProvider providers exist and their trigger
// characters ({count, triggers}; later changes come as the
// "addAutocompleteProvider" UI call).
func (s *rpcServer) getAutocompleteProviders(*rpcCommand) (any, bool, error) {
	return piapi.Of(s.rt.host).UI().AutocompleteInfo(), true, nil
}

// completionRequest reads the editor state of get_completions and
// apply_completion: {lines, cursorLine, cursorCol, force}, and the
// client's slash commands when it sent them (commands).
func completionRequest(c *rpcCommand) (piapi.CompletionRequest, error) {
	list, ok := c.raw["lines"].([]any)
	if !ok {
		return piapi.CompletionRequest{}, fmt.Errorf("%s: lines must be an array of strings", c.name)
	}
	r := piapi.CompletionRequest{CursorLine: c.intOr("cursorLine"), CursorCol: c.intOr("cursorCol"), Force: c.boolOr("force")}
	for _, l := range list {
		s, ok := l.(string)
		if !ok {
			return r, fmt.Errorf("%s: lines must be an array of strings", c.name)
		}
		r.Lines = append(r.Lines, s)
	}
	if cmds, ok := c.raw["commands"]; ok && cmds != nil {
		list, ok := cmds.([]any)
		if !ok {
			return r, fmt.Errorf("%s: commands must be an array of {name, description, argumentHint}", c.name)
		}
		for _, x := range list {
			if m, ok := x.(map[string]any); !ok || m["name"] == nil {
				return r, fmt.Errorf("%s: commands must be an array of {name, description, argumentHint}", c.name)
			}
		}
		r.Commands = list
	}
	return r, nil
}

// getCompletions asks the providers for completions at the cursor and
// answers {provider, prefix, items}; {items: null} when their answer is
// the built-in one's (the client completes as it would without them);
// {items: null, suppressed: true} when nothing completes (no items, or
// a forced request's shouldTriggerFileCompletion refused).
func (s *rpcServer) getCompletions(c *rpcCommand) (any, bool, error) {
	req, err := completionRequest(c)
	if err != nil {
		return nil, false, err
	}
	ctx, cancel := context.WithTimeout(s.renderCtx(), completionBudget)
	defer cancel()
	id, got, err := piapi.Of(s.rt.host).UI().Suggest(ctx, req)
	if err != nil {
		return nil, false, s.completionError("getSuggestions", err)
	}
	if got == piapi.NoCompletion {
		return ordered{{"items", nil}, {"suppressed", true}}, true, nil
	}
	m, _ := got.(map[string]any)
	if m == nil {
		return ordered{{"items", nil}}, true, nil
	}
	return ordered{{"provider", id}, {"prefix", m["prefix"]}, {"items", m["items"]}}, true, nil
}

// applyCompletion runs the applyCompletion of the provider whose item
// the user took ({provider, item, prefix} and the editor state) and
// answers its {lines, cursorLine, cursorCol}.
func (s *rpcServer) applyCompletion(c *rpcCommand) (any, bool, error) {
	req, err := completionRequest(c)
	if err != nil {
		return nil, false, err
	}
	item, ok := c.raw["item"].(map[string]any)
	if !ok {
		return nil, false, errors.New("apply_completion: item must be an object")
	}
	ctx, cancel := context.WithTimeout(s.renderCtx(), completionBudget)
	defer cancel()
	got, err := piapi.Of(s.rt.host).UI().ApplyCompletion(ctx, c.intOr("provider"), req, item, c.strOr("prefix"))
	if err != nil {
		return nil, false, s.completionError("applyCompletion", err)
	}
	m, _ := got.(map[string]any)
	if _, ok := m["lines"].([]any); !ok {
		return nil, false, fmt.Errorf("applyCompletion returned %v, not {lines, cursorLine, cursorCol}", got)
	}
	return ordered{{"lines", m["lines"]}, {"cursorLine", m["cursorLine"]}, {"cursorCol", m["cursorCol"]}}, true, nil
}

// completionError names the extension and file:line of a provider that
// failed.
func (s *rpcServer) completionError(what string, err error) error {
	var ce *piapi.CompletionError
	if errors.As(err, &ce) {
		return fmt.Errorf("autocomplete provider %s (%s): %s", what, s.scriptWhere(ce.Plugin, err), commandErrorText(err))
	}
	return err
}

package agentsession

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// inputListenerBudget bounds the terminal input listeners' run on one
// input: pi runs them synchronously on every key, so one that takes
// longer is a runaway.
var inputListenerBudget = 2 * time.Second

// getInputListeners tells an interactive client how many
// ctx.ui.onTerminalInput listeners exist (later changes come as the
// "onTerminalInput" UI call): while there are any, it sends each key
// through terminal_input before acting on it.
func (s *rpcServer) getInputListeners(*rpcCommand) (any, bool, error) {
	return ordered{{"count", piapi.Of(s.rt.host).UI().InputListeners()}}, true, nil
}

// terminalInput runs the terminal input listeners on one raw input
// sequence from an interactive client ({data}) and answers {consume,
// data}: the input is swallowed, or passes on as data (rewritten or not).
// A listener that throws, or runs past inputListenerBudget (and is
// interrupted), is an error naming the extension and file:line; the
// client then passes the input on unchanged.
func (s *rpcServer) terminalInput(c *rpcCommand) (any, bool, error) {
	data, ok := c.raw["data"].(string)
	if !ok {
		return nil, false, errors.New("terminal_input: data must be a string")
	}
	ctx, cancel := context.WithTimeout(s.renderCtx(), inputListenerBudget)
	defer cancel()
	consumed, out, err := piapi.Of(s.rt.host).UI().RunInputListeners(ctx, data)
	if err != nil {
		var le *piapi.InputListenerError
		if errors.As(err, &le) {
			return nil, false, fmt.Errorf("onTerminalInput listener (%s): %s", s.scriptWhere(le.Plugin, err), commandErrorText(err))
		}
		return nil, false, err
	}
	return ordered{{"consume", consumed}, {"data", out}}, true, nil
}

// scriptWhere names where an extension's code failed: the error's
// file:line when it has one, else the extension's path (or id).
func (s *rpcServer) scriptWhere(plugin string, err error) string {
	var se *engine.ScriptError
	if errors.As(err, &se) && se.Location != nil {
		return se.Location.String()
	}
	if p := s.rt.extPaths[plugin]; p != "" {
		return p
	}
	return plugin
}

package agentsession

import (
	"context"
	"errors"

	"github.com/pigo-dev/pigo/engine/piapi"
)

// pigo's rendering commands, for clients that draw pi's transcript (the
// interactive UI, a remote terminal): the lines an extension's renderer
// makes for a custom message, a custom entry, or a tool call or result, at
// a width. The renderer runs in its plugin's runtime, under the hook
// budget; the answer is {lines} with ANSI kept, or {lines: null} when no
// extension renders it (draw it the default way). A renderer that throws
// or runs too long is an error response naming the plugin and file:line.

func (s *rpcServer) renderMessage(c *rpcCommand) (any, bool, error) {
	msg, _ := c.raw["message"].(map[string]any)
	return renderData(piapi.Of(s.rt.host).RenderMessage(s.renderCtx(), c.strOr("customType"), msg, c.boolOr("expanded"), c.intOr("width")))
}

func (s *rpcServer) renderEntry(c *rpcCommand) (any, bool, error) {
	entry, _ := c.raw["entry"].(map[string]any)
	return renderData(piapi.Of(s.rt.host).RenderEntry(s.renderCtx(), c.strOr("customType"), entry, c.boolOr("expanded"), c.intOr("width")))
}

func (s *rpcServer) renderTool(c *rpcCommand) (any, bool, error) {
	return renderData(piapi.Of(s.rt.host).RenderTool(s.renderCtx(), c.strOr("toolName"), piapi.ToolRender{
		Phase: c.strOr("phase"), ToolCallID: c.strOr("toolCallId"), Args: c.raw["args"], Result: c.raw["result"],
		Expanded: c.boolOr("expanded"), IsPartial: c.boolOr("isPartial"), IsError: c.boolOr("isError"), Width: c.intOr("width"),
	}))
}

// renderCtx is a render's context: the session's values without its
// cancellation (a render answers even while the session shuts down); the
// host bounds the call by the hook budget.
func (s *rpcServer) renderCtx() context.Context { return context.WithoutCancel(s.rt.baseCtx) }

func renderData(lines []string, err error) (any, bool, error) {
	if errors.Is(err, piapi.ErrNoRenderer) {
		return ordered{{"lines", nil}}, true, nil
	}
	if err != nil {
		return nil, false, err
	}
	return ordered{{"lines", lines}}, true, nil
}

func (c *rpcCommand) strOr(name string) string { s, _ := c.raw[name].(string); return s }
func (c *rpcCommand) boolOr(name string) bool  { b, _ := c.raw[name].(bool); return b }
func (c *rpcCommand) intOr(name string) int    { return int(num(c.raw[name])) }

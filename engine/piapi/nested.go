package piapi

import (
	"context"

	"github.com/pigo-dev/pigo/engine"
)

// NestedToolRunner is an Agent that runs the tool calls a tool makes
// through ctx.executeTool itself (pi 1.6's nested calls): with their
// tool_execution_* events and a record on the calling tool's result.
// StartNestedTool is called on the calling tool's thread, in the order
// the calls were made; the function it returns runs the call.
type NestedToolRunner interface {
	StartNestedTool(name string, call engine.ToolCall) func(context.Context) (engine.ToolResult, error)
}

// StartTool starts a call a tool made through ctx.executeTool
// (call.ParentID names the calling tool call) and returns the function
// that runs it: through the agent when it runs nested calls, else
// straight through the host's tool pipeline.
func (p *State) StartTool(name string, call engine.ToolCall) func(context.Context) (engine.ToolResult, error) {
	if r, ok := p.Agent().(NestedToolRunner); ok {
		return r.StartNestedTool(name, call)
	}
	return func(ctx context.Context) (engine.ToolResult, error) { return p.h.RunTool(ctx, name, call) }
}

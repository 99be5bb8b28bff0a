package piapi

import (
	"context"
	"errors"
	"fmt"

	"github.com/pigo-dev/pigo/engine"
)

// Renderers callable from Go: a client that draws pi's transcript asks the
// host for the lines of a custom message, a custom entry or a tool call,
// and the extension's renderer runs in its own runtime, where its
// component is made and rendered at the given width. The pi adapter stores
// next to every renderer a "render" function (message and entry renderers)
// or a "renderLines" function (tool definitions and tool renderer
// resolvers) that does both and returns the lines, or null when the
// renderer drew nothing.

// ErrNoRenderer means no extension renders this: draw it the default way.
var ErrNoRenderer = errors.New("no extension renderer")

// ToolRender is one tool row to render: its call (Phase "call": Args) or
// its result (Phase "result": Result, an AgentToolResult).
type ToolRender struct {
	Phase      string // "call" or "result"
	ToolCallID string // shares the renderers' context.state between the call and result renders
	Args       any
	Result     any
	Expanded   bool
	IsPartial  bool
	IsError    bool
	Width      int
}

// RenderMessage renders a custom message (customType's
// registerMessageRenderer renderer) at width. ErrNoRenderer: none is
// registered or it returned nothing.
func (p *State) RenderMessage(ctx context.Context, customType string, message map[string]any, expanded bool, width int) ([]string, error) {
	e, ok := p.MessageRenderers().Current().Get(customType)
	if !ok {
		return nil, ErrNoRenderer
	}
	return p.renderLines(ctx, "message renderer "+customType, e.Owner, e.Value["render"], message, expanded, width)
}

// RenderEntry renders a custom session entry (registerEntryRenderer) at
// width. ErrNoRenderer: none is registered or it returned nothing.
func (p *State) RenderEntry(ctx context.Context, customType string, entry map[string]any, expanded bool, width int) ([]string, error) {
	e, ok := p.EntryRenderers().Current().Get(customType)
	if !ok {
		return nil, ErrNoRenderer
	}
	return p.renderLines(ctx, "entry renderer "+customType, e.Owner, e.Value["render"], entry, expanded, width)
}

// RenderTool renders a tool call or result as pi resolves it: the
// registerToolRenderer resolvers in registration order, then the tool
// definition's renderCall/renderResult. A resolver that returns nothing
// for this phase passes to the next (its next() is the rest of the chain
// only in spirit: the chain spans runtimes, so next() returns undefined
// and the host continues it). ErrNoRenderer: nobody renders this phase.
func (p *State) RenderTool(ctx context.Context, toolName string, r ToolRender) ([]string, error) {
	if r.Phase != "call" && r.Phase != "result" {
		return nil, fmt.Errorf("render tool %s: phase must be \"call\" or \"result\", not %q", toolName, r.Phase)
	}
	req := map[string]any{"phase": r.Phase, "toolCallId": r.ToolCallID, "args": engine.Clone(r.Args), "result": engine.Clone(r.Result),
		"expanded": r.Expanded, "isPartial": r.IsPartial, "isError": r.IsError}
	for _, e := range p.ToolRenderers().Current().Entries() {
		lines, err := p.renderLines(ctx, "tool renderer "+e.ID, e.Owner, e.Value["renderLines"], toolName, req, r.Width)
		if !errors.Is(err, ErrNoRenderer) {
			return lines, err
		}
	}
	if e, ok := p.h.Tools().Current().Get(toolName); ok {
		return p.renderLines(ctx, "tool "+toolName+" render"+r.Phase, e.Owner, e.Value.Extra["renderLines"], req, r.Width)
	}
	return nil, ErrNoRenderer
}

// renderLines calls fn (a renderer's line function) under the hook budget
// and converts its answer; errors name the plugin and what ran (a script
// error inside keeps its file:line).
func (p *State) renderLines(ctx context.Context, what, owner string, fn any, args ...any) ([]string, error) {
	c, ok := fn.(engine.Callable)
	if !ok {
		return nil, ErrNoRenderer
	}
	ctx, cancel := context.WithTimeout(ctx, p.h.Options().Budgets.Hook)
	defer cancel()
	v, err := c.Call(ctx, args...)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = engine.ErrBudget
		}
		return nil, fmt.Errorf("%s: %s: %w", owner, what, err)
	}
	if v == nil {
		return nil, ErrNoRenderer
	}
	list, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s: %s: render(width) must return an array of strings, got %T", owner, what, v)
	}
	out := make([]string, len(list))
	for i, l := range list {
		s, _ := l.(string)
		out[i] = s
	}
	return out, nil
}

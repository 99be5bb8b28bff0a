package engine

import (
	"context"
)

// pi 1.6's new extension registrations, each a data registry like the
// message renderers: what an extension registers is recorded here, keyed
// as pi keys it, so clients (a TUI, RPC front ends) can use it. The host
// draws the renderers on request (render.go); transformers are recorded.
type pi16Registries struct {
	entryRenderers       *Registry[*Draft[map[string]any], State[map[string]any]]
	toolRenderers        *Registry[*Draft[map[string]any], State[map[string]any]]
	markdownTransformers *Registry[*Draft[map[string]any], State[map[string]any]]
	virtualModels        *Registry[*Draft[map[string]any], State[map[string]any]]
	mcpServers           *Registry[*Draft[map[string]any], State[map[string]any]]
	emits                *Serial
}

func newPi16Registries(h *Host) pi16Registries {
	return pi16Registries{
		entryRenderers:       newDataRegistry(h, "entryRenderers"),
		toolRenderers:        newDataRegistry(h, "toolRenderers"),
		markdownTransformers: newDataRegistry(h, "markdownTransformers"),
		virtualModels:        newDataRegistry(h, "virtualModels"),
		mcpServers:           newDataRegistry(h, "mcpServers"),
		// Close waits for the emits still queued (goBackground).
		emits: &Serial{Start: func(run func()) { h.goBackground(func(context.Context) { run() }) }},
	}
}

// EntryRenderers returns pi.registerEntryRenderer's registry: custom entry
// type → {renderer} (the first registration wins, as for message renderers).
func (h *Host) EntryRenderers() *Registry[*Draft[map[string]any], State[map[string]any]] {
	return h.pi16.entryRenderers
}

// ToolRenderers returns pi.registerToolRenderer's registry: one resolver
// per key "<plugin>#<n>", consulted in registration order.
func (h *Host) ToolRenderers() *Registry[*Draft[map[string]any], State[map[string]any]] {
	return h.pi16.toolRenderers
}

// MarkdownTransformers returns pi.registerMarkdownTransformer's registry:
// "<plugin>#<n>" → {transformer, options}.
func (h *Host) MarkdownTransformers() *Registry[*Draft[map[string]any], State[map[string]any]] {
	return h.pi16.markdownTransformers
}

// VirtualModels returns pi.registerVirtualModel's registry:
// "<provider>/<id>" → the model definition (its functions stay callable).
func (h *Host) VirtualModels() *Registry[*Draft[map[string]any], State[map[string]any]] {
	return h.pi16.virtualModels
}

// McpServers returns pi.registerMcpServer's registry: server name →
// {name, config, extensionPath}.
func (h *Host) McpServers() *Registry[*Draft[map[string]any], State[map[string]any]] {
	return h.pi16.mcpServers
}

// pi16State is the pi 1.6 runtime state the extension context reads.
type pi16State struct {
	mode          string // "" = derived (see Mode)
	untrusted     bool   // the project is not trusted (SetProjectTrusted)
	promptOptions map[string]any
}

// SetMode sets ctx.mode: "tui", "rpc", "json" or "print" (pigo's agent
// modes set it; "" restores the default).
func (p *PiState) SetMode(mode string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.v16.mode = mode
}

// Mode is pi 1.6's ctx.mode. The agent modes set it (SetMode); a host
// without one says "tui" while a UI client that renders is attached and
// "print" otherwise.
func (p *PiState) Mode() string {
	p.mu.Lock()
	m := p.v16.mode
	p.mu.Unlock()
	if m != "" {
		return m
	}
	if p.ui.HasUI() {
		return "tui"
	}
	return "print"
}

// SetProjectTrusted records the project trust decision (ctx.isProjectTrusted).
func (p *PiState) SetProjectTrusted(trusted bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.v16.untrusted = !trusted
}

// ProjectTrusted is ctx.isProjectTrusted(): the agent modes decide it
// before the project's own extensions load (agentsession, pi 1.6's
// project trust); a host that never decides (pigo check, tool, dev, which
// load what they are given) reports true.
func (p *PiState) ProjectTrusted() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return !p.v16.untrusted
}

// SetSystemPromptOptions sets what ctx.getSystemPromptOptions() returns
// (pi's BuildSystemPromptOptions; the agent modes set it when they build
// the prompt).
func (p *PiState) SetSystemPromptOptions(o map[string]any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.v16.promptOptions, _ = Clone(o).(map[string]any)
}

// SystemPromptOptions is ctx.getSystemPromptOptions(): what the agent set,
// else pi's defaults for this host ({cwd, selectedTools}).
func (p *PiState) SystemPromptOptions() map[string]any {
	p.mu.Lock()
	o, _ := Clone(p.v16.promptOptions).(map[string]any)
	p.mu.Unlock()
	if o != nil {
		return o
	}
	tools := make([]any, 0)
	for _, t := range p.ActiveTools() {
		tools = append(tools, t)
	}
	return map[string]any{"cwd": p.h.opts.Cwd, "selectedTools": tools}
}

// activeByDefault reports whether registering t activates it (pi 1.6):
// only "direct" and "model-only" tools are, unless defaultActive is false.
func activeByDefault(t Tool) bool {
	if da, ok := t.Extra["defaultActive"].(bool); ok && !da {
		return false
	}
	switch e, _ := t.Extra["exposure"].(string); e {
	case "", "direct", "model-only":
		return true
	}
	return false
}

// asyncEmits is EmitAsync's queue: one goroutine at a time delivers the
// queued events in order (ui_prompt_start before ui_prompt_end).

// EmitAsync delivers an event to every extension without waiting, in the
// order of the calls, on a host goroutine that Close waits for: for events
// raised from inside a plugin's own call (its listeners run on the same
// loop).
func (h *Host) EmitAsync(typ string, payload map[string]any) {
	h.pi16.emits.Push(func() { h.Emit(h.ctx, typ, payload) })
}

// HasListeners reports whether any live extension listens to typ (so a
// costly event, such as every raw provider event, is only built for them).
func (h *Host) HasListeners(typ string) bool {
	return len(listenersOf(h.liveGenerations(), typ)) > 0
}

package piapi

import (
	"slices"

	"github.com/pigo-dev/pigo/engine"
)

// pi 1.6's new extension registrations, each a data registry like the
// message renderers: what an extension registers is recorded here, keyed
// as pi keys it, so clients (a TUI, RPC front ends) can use it. The host
// draws the renderers on request (render.go); transformers are recorded.
type pi16Registries struct {
	entryRenderers       *DataRegistry
	toolRenderers        *DataRegistry
	markdownTransformers *DataRegistry
	virtualModels        *DataRegistry
	mcpServers           *DataRegistry
}

func newPi16Registries(h *engine.Host) pi16Registries {
	return pi16Registries{
		entryRenderers:       engine.NewDataRegistry(h, "entryRenderers"),
		toolRenderers:        engine.NewDataRegistry(h, "toolRenderers"),
		markdownTransformers: engine.NewDataRegistry(h, "markdownTransformers"),
		virtualModels:        engine.NewDataRegistry(h, "virtualModels"),
		mcpServers:           engine.NewDataRegistry(h, "mcpServers"),
	}
}

// EntryRenderers returns pi.registerEntryRenderer's registry: custom entry
// type → {renderer} (the first registration wins, as for message renderers).
func (p *State) EntryRenderers() *DataRegistry {
	return p.pi16.entryRenderers
}

// ToolRenderers returns pi.registerToolRenderer's registry: one resolver
// per key "<plugin>#<n>", consulted in registration order.
func (p *State) ToolRenderers() *DataRegistry {
	return p.pi16.toolRenderers
}

// MarkdownTransformers returns pi.registerMarkdownTransformer's registry:
// "<plugin>#<n>" → {transformer, options}.
func (p *State) MarkdownTransformers() *DataRegistry {
	return p.pi16.markdownTransformers
}

// VirtualModels returns pi.registerVirtualModel's registry:
// "<provider>/<id>" → the model definition (its functions stay callable;
// the agent routes requests through its __pigoRoute, engine/agent).
func (p *State) VirtualModels() *DataRegistry {
	return p.pi16.virtualModels
}

// McpServers returns pi.registerMcpServer's registry: server name →
// {name, config, extensionPath}.
func (p *State) McpServers() *DataRegistry {
	return p.pi16.mcpServers
}

// pi16State is the pi 1.6 runtime state the extension context reads.
type pi16State struct {
	mode          string // "" = derived (see Mode)
	untrusted     bool   // the project is not trusted (SetProjectTrusted)
	promptOptions func(selectedTools []string) map[string]any
	// promptTools are the tools the prompt options name while a
	// before_agent_start edit of selectedTools changed the active ones
	// (SetRunTools); nil: the active tools.
	promptTools []string
	autoResize  func() bool // images.autoResize (SetImageAutoResize)
}

// SetImageAutoResize sets where the built-in read tool reads the
// images.autoResize setting (nil: on, pi's default).
func (p *State) SetImageAutoResize(f func() bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.v16.autoResize = f
}

// ImageAutoResize is the images.autoResize setting: whether images are
// scaled down before the model sees them.
func (p *State) ImageAutoResize() bool {
	p.mu.Lock()
	f := p.v16.autoResize
	p.mu.Unlock()
	return f == nil || f()
}

// SetMode sets ctx.mode: "tui", "rpc", "json" or "print" (pigo's agent
// modes set it; "" restores the default).
func (p *State) SetMode(mode string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.v16.mode = mode
}

// Mode is pi 1.6's ctx.mode. The agent modes set it (SetMode); a host
// without one says "tui" while a UI client that renders is attached and
// "print" otherwise.
func (p *State) Mode() string {
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
func (p *State) SetProjectTrusted(trusted bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.v16.untrusted = !trusted
}

// ProjectTrusted is ctx.isProjectTrusted(): the agent modes decide it
// before the project's own extensions load (agentsession, pi 1.6's
// project trust); a host that never decides (pigo check, tool, dev, which
// load what they are given) reports true.
func (p *State) ProjectTrusted() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return !p.v16.untrusted
}

// SetSystemPromptOptions sets how ctx.getSystemPromptOptions() and
// before_agent_start's event.systemPromptOptions are built (pi's
// BuildSystemPromptOptions for the given tools; the agent modes set it).
func (p *State) SetSystemPromptOptions(build func(selectedTools []string) map[string]any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.v16.promptOptions = build
}

// SystemPromptOptions is ctx.getSystemPromptOptions(): pi's base prompt
// options, else pi's defaults for this host ({cwd, selectedTools}).
func (p *State) SystemPromptOptions() map[string]any {
	tools := p.PromptTools()
	p.mu.Lock()
	build := p.v16.promptOptions
	p.mu.Unlock()
	if build != nil {
		if o := build(tools); o != nil {
			return o
		}
	}
	list := make([]any, 0, len(tools))
	for _, t := range tools {
		list = append(list, t)
	}
	return map[string]any{"cwd": p.h.Options().Cwd, "selectedTools": list}
}

// PromptTools are the tools the base prompt options select: the active
// tools, except after a before_agent_start handler edited selectedTools
// (SetRunTools), which pi applies to the tools but not to its base
// options, until the next setActiveTools.
func (p *State) PromptTools() []string {
	p.mu.Lock()
	tools := slices.Clone(p.v16.promptTools)
	p.mu.Unlock()
	if tools != nil {
		return tools
	}
	return p.ActiveTools()
}

// SetRunTools activates names for a before_agent_start handler's edit of
// selectedTools, leaving PromptTools as they were.
func (p *State) SetRunTools(names []string) {
	base := p.PromptTools()
	known := p.registeredTools()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.v16.promptTools = base
	p.activeTools, p.activeKnown = append([]string{}, names...), known
}

// activeByDefault reports whether registering t activates it (pi 1.6):
// only "direct" and "model-only" tools are, unless defaultActive is false.
func activeByDefault(t engine.Tool) bool {
	if da, ok := t.Extra["defaultActive"].(bool); ok && !da {
		return false
	}
	switch e, _ := t.Extra["exposure"].(string); e {
	case "", "direct", "model-only":
		return true
	}
	return false
}

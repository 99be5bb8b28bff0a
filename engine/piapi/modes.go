package piapi

import "github.com/pigo-dev/pigo/engine"

// State setters for hosts that run pi's agent modes (cmd/pigo -p, --mode
// json, --mode rpc): they own the model and thinking level and tell the pi
// runtime what is current, without the session entries and recorded calls
// that the extension-facing setters (SetModel, SetThinkingLevel) add.

// SetCurrentModel records the model the agent uses now (what ctx.model
// reads); nil clears it.
func (p *State) SetCurrentModel(model map[string]any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if model == nil {
		p.model = nil
		return
	}
	p.model = engine.Clone(model).(map[string]any)
}

// SetCurrentThinkingLevel records the thinking level the agent uses now
// (what pi.getThinkingLevel reads). The level is not validated.
func (p *State) SetCurrentThinkingLevel(level string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.thinking = level
}

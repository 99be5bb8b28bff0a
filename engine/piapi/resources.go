package piapi

// SetResourceCommands sets where pi.getCommands() finds the commands that
// are not extension commands: pi lists the prompt templates (source
// "prompt") and then the skills ("skill:<name>", source "skill") after
// the extension commands. f returns entries of the shape pi.getCommands()
// returns ({name, description, source, sourceInfo}); it is called on each
// use and must be safe for concurrent use.
func (p *State) SetResourceCommands(f func() []map[string]any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.resCommands = f
}

// ResourceCommands returns the prompt-template and skill commands (nil
// when none were set).
func (p *State) ResourceCommands() []map[string]any {
	p.mu.Lock()
	f := p.resCommands
	p.mu.Unlock()
	if f == nil {
		return nil
	}
	return f()
}

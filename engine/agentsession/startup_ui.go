package agentsession

import (
	"context"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
)

// startupUI is pi's project trust context in the interactive mode
// (createProjectTrustContext with hasUI): while the project_trust event
// runs, before the terminal UI exists, an extension's ctx.ui.select and
// ctx.ui.confirm are shown with the startup selector (confirm as Yes/No
// under "title\nmessage", as pi does); input has no startup field here
// and is cancelled. It is a view client attached to the host for that
// time only.
type startupUI struct {
	ctx      context.Context
	hub      *engine.ViewHub
	io       *IO
	agentDir string
	settings *piSettings
}

const startupUIClientID = "startup"

func (c *startupUI) ID() string  { return startupUIClientID }
func (c *startupUI) HasUI() bool { return true }
func (c *startupUI) Send(msg engine.SyncMessage) error {
	var dialogs []engine.ViewSnapshot
	switch msg.Type {
	case "view_state":
		if msg.Component == "pi.dialog" {
			dialogs = append(dialogs, engine.ViewSnapshot{ViewID: msg.ViewID, State: msg.State})
		}
	case "snapshot":
		for _, v := range msg.Views {
			if v.Component == "pi.dialog" {
				dialogs = append(dialogs, v)
			}
		}
	}
	for _, d := range dialogs {
		st, _ := d.State.(map[string]any)
		go func(viewID string) { _ = c.hub.Deliver(startupUIClientID, viewID, c.answer(st)) }(d.ViewID)
	}
	return nil
}

// answer shows one dialog and returns the client's answer.
func (c *startupUI) answer(st map[string]any) map[string]any {
	method, _ := st["method"].(string)
	title, _ := st["title"].(string)
	p := StartupPrompt{IO: c.io, AgentDir: c.agentDir, Setting: c.settings.get, Title: title}
	switch method {
	case "select":
		for _, o := range asList(st["options"]) {
			s, _ := o.(string)
			p.Options = append(p.Options, s)
		}
		if i, ok := c.io.StartupSelect(c.ctx, p); ok {
			return map[string]any{"value": p.Options[i]}
		}
	case "confirm":
		if msg, _ := st["message"].(string); msg != "" {
			p.Title += "\n" + msg
		}
		p.Options = []string{"Yes", "No"}
		i, ok := c.io.StartupSelect(c.ctx, p)
		return map[string]any{"confirmed": ok && i == 0}
	}
	return map[string]any{"cancelled": true}
}

func asList(v any) []any { l, _ := v.([]any); return l }

var _ piapi.UIClient = (*startupUI)(nil)

package piapi

import (
	"sync"

	"github.com/pigo-dev/pigo/engine"
)

// ScriptedClient is a UI client for tests and headless drivers: it receives
// sync messages like any client (through the JSON codec) and answers every
// "pi.dialog" view with Answer(method, state). A nil answer leaves the
// dialog open (to test timeouts and aborts).
type ScriptedClient struct {
	*engine.LocalClient
	mu     sync.Mutex
	answer func(method string, state map[string]any) any
	asked  []map[string]any
}

// NewScriptedClient attaches nothing; call hub.Attach(c).
func NewScriptedClient(hub *engine.ViewHub, id string, answer func(method string, state map[string]any) any) *ScriptedClient {
	return &ScriptedClient{LocalClient: engine.NewLocalClient(hub, id, 64), answer: answer}
}

// HasUI reports true: a scripted client answers dialogs.
func (c *ScriptedClient) HasUI() bool { return true }

// Asked returns the dialogs seen so far (their states, with "method").
func (c *ScriptedClient) Asked() []map[string]any {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]map[string]any(nil), c.asked...)
}

// Send records msg and answers dialogs.
func (c *ScriptedClient) Send(msg engine.SyncMessage) error {
	if err := c.LocalClient.Send(msg); err != nil {
		return err
	}
	var dialogs []engine.ViewSnapshot
	switch msg.Type {
	case "view_state":
		if msg.Component == "pi.dialog" {
			dialogs = append(dialogs, engine.ViewSnapshot{ViewID: msg.ViewID, Component: msg.Component, State: msg.State})
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
		method, _ := st["method"].(string)
		c.mu.Lock()
		c.asked = append(c.asked, st)
		c.mu.Unlock()
		if a := c.answer(method, st); a != nil {
			go func(id string) { _ = c.SendUp(id, a) }(d.ViewID)
		}
	}
	return nil
}

var _ UIClient = (*ScriptedClient)(nil)

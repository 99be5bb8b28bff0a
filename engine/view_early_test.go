package engine_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// A client may answer a view as soon as it sees it, before the owner's
// OpenView returned and its listener is registered (pi's RPC dialogs):
// the first listener still gets the message.
func TestViewMessageBeforeListener(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var v *engine.View
	bootOK(t, h, goPlugin("early", func(g *engine.Generation) error {
		var err error
		v, err = g.OpenView("pi.dialog", map[string]any{"method": "confirm"}, engine.ViewOptions{})
		return err
	}))
	c := engine.NewLocalClient(h.Views(), "c", 8)
	if err := h.Views().Attach(c); err != nil {
		t.Fatal(err)
	}
	if err := c.SendUp(v.ID(), map[string]any{"confirmed": true}); err != nil {
		t.Fatal(err)
	}
	var got []any
	v.On(func(msg any, from string) { got = append(got, msg) })
	if len(got) != 1 || got[0].(map[string]any)["confirmed"] != true {
		t.Fatalf("first listener got %v", got)
	}
}

// The host's own question (AskHost) reaches attached clients with its
// component and state, and their answer reaches its listener.
func TestAskHost(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	c := engine.NewLocalClient(h.Views(), "c", 8)
	if err := h.Views().Attach(c); err != nil {
		t.Fatal(err)
	}
	v := h.Views().AskHost("host:q/1", "pi.dialog", map[string]any{"method": "select"})
	var got engine.SyncMessage
	for _, m := range c.Messages() {
		if m.Type == "view_state" {
			got = m
		}
	}
	if got.ViewID != "host:q/1" || got.Component != "pi.dialog" || got.State.(map[string]any)["method"] != "select" {
		t.Fatalf("client saw %+v", got)
	}
	v.On(func(msg any, _ string) { v.Close(msg) })
	if err := c.SendUp("host:q/1", map[string]any{"value": "yes"}); err != nil {
		t.Fatal(err)
	}
	<-v.Done()
	if r, _ := v.Result(); r.(map[string]any)["value"] != "yes" {
		t.Fatalf("result %v", r)
	}
}

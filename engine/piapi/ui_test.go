package piapi_test

import (
	"context"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

type drawingClient struct{ *piapi.ScriptedClient }

func (drawingClient) RendersComponents() bool { return true }

// Components need a client that draws them; a dialog-only UI client
// (pi's RPC mode) is not one.
func TestRendersComponents(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	ui := piapi.Of(h).UI()
	if err := h.Views().Attach(piapi.NewScriptedClient(h.Views(), "rpc", nil)); err != nil {
		t.Fatal(err)
	}
	if !ui.HasUI() || ui.RendersComponents("") || ui.RendersComponents("rpc") {
		t.Fatalf("dialog-only client: hasUI %v, components %v", ui.HasUI(), ui.RendersComponents(""))
	}
	if err := h.Views().Attach(drawingClient{piapi.NewScriptedClient(h.Views(), "tui", nil)}); err != nil {
		t.Fatal(err)
	}
	if !ui.RendersComponents("") || !ui.RendersComponents("tui") || ui.RendersComponents("rpc") {
		t.Fatal("a client that draws components is attached; the dialog-only one still does not draw them")
	}
	h.Views().Detach("tui")
	if ui.RendersComponents("") {
		t.Fatal("it left")
	}
}

// Attaching a client that draws components tells the extensions (they
// show the slots they set before); claims say who set a slot last.
func TestComponentsAttachedAndSlotClaims(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	got := make(chan string, 4)
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
		return g.On(piapi.ComponentsAttached, func(_ context.Context, payload any) error {
			got <- payload.(map[string]any)["client"].(string)
			return nil
		})
	}))
	ui := piapi.Of(h).UI()
	a := ui.ClaimSlot("footer/")
	b := ui.ClaimSlot("footer/")
	if a == b || ui.SlotClaim("footer/") != b || ui.SlotClaim("header/") != 0 {
		t.Fatalf("claims %d %d, last %d", a, b, ui.SlotClaim("footer/"))
	}
	if err := h.Views().Attach(piapi.NewScriptedClient(h.Views(), "rpc", nil)); err != nil {
		t.Fatal(err)
	}
	if err := h.Views().Attach(drawingClient{piapi.NewScriptedClient(h.Views(), "tui", nil)}); err != nil {
		t.Fatal(err)
	}
	select {
	case id := <-got:
		if id != "tui" {
			t.Fatalf("event for %s", id)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
	}
	select {
	case id := <-got:
		t.Fatalf("a dialog-only client is not announced: %s", id)
	case <-time.After(50 * time.Millisecond):
	}
}

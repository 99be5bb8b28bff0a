package engine_test

import (
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// Find picks open views by component and state (slot replacement of
// extension components across plugins).
func TestViewFind(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	var a, b *engine.View
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
		var err error
		if a, err = g.OpenView("pi.component", map[string]any{"kind": "footer"}, engine.ViewOptions{}); err != nil {
			return err
		}
		if b, err = g.OpenView("pi.component", map[string]any{"kind": "header"}, engine.ViewOptions{}); err != nil {
			return err
		}
		_, err = g.OpenView("pi.dialog", map[string]any{"kind": "footer"}, engine.ViewOptions{})
		return err
	}))
	kind := func(k string) func(any) bool {
		return func(st any) bool { return st.(map[string]any)["kind"] == k }
	}
	if got := h.Views().Find("pi.component", kind("footer")); len(got) != 1 || got[0] != a {
		t.Fatalf("footer: %v", got)
	}
	b.Close(nil)
	if got := h.Views().Find("pi.component", kind("header")); len(got) != 0 {
		t.Fatalf("a closed view is not found: %v", got)
	}
}

package engine_test

import (
	"slices"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// A host value is made once per host, on first Get; Lookup never makes one.
func TestHostValue(t *testing.T) {
	t.Parallel()
	made := 0
	key := engine.NewHostValue("counter", func(h *engine.Host) *int { made++; n := made; return &n })
	a, b := newHost(t, engine.Options{}), newHost(t, engine.Options{})
	if _, ok := key.Lookup(a); ok || made != 0 {
		t.Fatal("Lookup attached a value")
	}
	va := key.Get(a)
	if key.Get(a) != va || made != 1 {
		t.Fatalf("second Get made another value (%d made)", made)
	}
	if got, ok := key.Lookup(a); !ok || got != va {
		t.Fatal("Lookup misses the attached value")
	}
	if vb := key.Get(b); vb == va || *vb != 2 {
		t.Fatal("hosts share a value")
	}
	other := engine.NewHostValue("counter", func(*engine.Host) string { return "x" })
	if _, ok := other.Lookup(a); ok {
		t.Fatal("keys with the same name share a value")
	}
}

// Members a plugin used that the host lacks are kept once each and reported.
func TestNoteUnsupported(t *testing.T) {
	t.Parallel()
	h := newHost(t, engine.Options{})
	bootOK(t, h, goPlugin("p", func(*engine.Generation) error { return nil }))
	h.NoteUnsupported("p", "node:cluster")
	h.NoteUnsupported("p", "node:cluster")
	h.NoteUnsupported("p", "ctx.ui.theme")
	if got := h.Unsupported("p"); !slices.Equal(got, []string{"node:cluster", "ctx.ui.theme"}) {
		t.Fatalf("unsupported %v", got)
	}
	for _, p := range h.Report().Plugins {
		if p.ID == "p" && !slices.Equal(p.Unsupported, []string{"node:cluster", "ctx.ui.theme"}) {
			t.Fatalf("report %v", p.Unsupported)
		}
	}
}

package piapi_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

func registryNames(h *engine.Host) []string {
	var out []string
	for _, r := range h.Report().Registries {
		out = append(out, r.Name)
	}
	return out
}

// A host that never reaches pi code has no pi state, registries or hook
// rules; the first Of attaches all of them, and a hook that ran under the
// default rule runs under pi's from then on.
func TestOfAttachesOnFirstUse(t *testing.T) {
	t.Parallel()
	h := engine.New(engine.Options{})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	bootOK(t, h, goPlugin("p", func(g *engine.Generation) error {
		for range 2 {
			if err := g.Hook("tool_call", func(context.Context, any) (any, error) {
				return obj{"block": true, "reason": "no"}, nil
			}, ""); err != nil {
				return err
			}
		}
		return nil
	}))
	if _, ok := piapi.Attached(h); ok {
		t.Fatal("pi state before anyone asked for it")
	}
	if slices.Contains(registryNames(h), "flags") {
		t.Fatalf("pi registries on a plain host: %v", registryNames(h))
	}
	plain := h.RunHook(context.Background(), "tool_call", obj{"input": obj{}})
	if plain.Result != nil || plain.StoppedBy != "" {
		t.Fatalf("default rule: %+v", plain)
	}

	pi := piapi.Of(h)
	if got, ok := piapi.Attached(h); !ok || got != pi || piapi.Of(h) != pi || pi.Host() != h {
		t.Fatal("Of attaches one state per host")
	}
	for _, name := range []string{"flags", "shortcuts", "messageRenderers", "entryRenderers", "toolRenderers",
		"markdownTransformers", "virtualModels", "mcpServers"} {
		if !slices.Contains(registryNames(h), name) {
			t.Errorf("no %s registry after Of: %v", name, registryNames(h))
		}
	}
	out := h.RunHook(context.Background(), "tool_call", obj{"input": obj{}})
	if r, _ := out.Result.(map[string]any); r["block"] != true {
		t.Fatalf("pi's rule: the first {block: true} is the result: %+v", out)
	}
}

// Concurrent first uses (plugins of one host load in parallel) attach one
// state and one set of registries.
func TestOfConcurrentFirstUse(t *testing.T) {
	t.Parallel()
	h := engine.New(engine.Options{})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	states := make([]*piapi.State, 8)
	var wg sync.WaitGroup
	for i := range states {
		wg.Add(1)
		go func() { defer wg.Done(); states[i] = piapi.Of(h) }()
	}
	wg.Wait()
	for _, s := range states {
		if s != states[0] {
			t.Fatal("two states for one host")
		}
	}
	n := 0
	for _, name := range registryNames(h) {
		if name == "flags" {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d flags registries", n)
	}
}

// What a host pays for pi's state: a plain host against one with pi
// attached (registries, hook contracts, a session tree).
func BenchmarkHostNew(b *testing.B) {
	for _, withPi := range []bool{false, true} {
		name := "plain"
		if withPi {
			name = "pi"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				h := engine.New(engine.Options{})
				if withPi {
					piapi.Of(h)
				}
				_ = h.Close(context.Background())
			}
		})
	}
}

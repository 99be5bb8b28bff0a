package watch_test

import (
	"runtime"
	"strconv"
	"testing"
	"weak"

	"github.com/pigo-dev/pigo/engine"
)

// TestRetiredGenerationsAreCollected: after reloads, every retired
// generation's goroutines are gone (event loop, effects, timers) and the
// generation itself is garbage: nothing (registries, host log, caches,
// watcher) keeps it reachable.
func TestRetiredGenerationsAreCollected(t *testing.T) {
	// Not parallel: it counts the process's goroutines.
	f := newFixture(t, fixtureOptions{})
	src := func(n int) string {
		return ext("v"+strconv.Itoa(n), []string{"one"},
			`pi.on("session_shutdown", () => {});`,
			`pi.hook("tool_call", () => undefined);`,
			`pi.effect((signal) => { setInterval(() => {}, 2); setTimeout(() => {}, 60000); });`,
			`pi.commands.add((d) => d.set("c", { description: "", handler: async () => {} }));`)
	}
	f.write("a.ts", src(0))
	f.mustBoot("a.ts")
	f.watch(0)
	f.wantText("one", "v0")
	base := runtime.NumGoroutine()

	var gens []weak.Pointer[engine.Generation]
	for i := 1; i <= 20; i++ {
		gens = append(gens, weak.Make(f.host.Generation("a")))
		f.write("a.ts", src(i))
		if r := f.nextOK("a"); r.Generation != i+1 {
			t.Fatalf("reload %d made generation %d", i, r.Generation)
		}
		f.wantText("one", "v"+strconv.Itoa(i))
	}
	waitUntil(t, "goroutines of retired generations to end", func() bool {
		return runtime.NumGoroutine() <= base
	})
	waitUntil(t, "retired generations to be collected", func() bool {
		runtime.GC()
		for _, g := range gens {
			if g.Value() != nil {
				return false
			}
		}
		return true
	})
	if g := f.host.Generation("a"); g == nil || g.Number() != 21 {
		t.Fatalf("live generation = %v", g)
	}
}

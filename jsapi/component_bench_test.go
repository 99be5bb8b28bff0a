package jsapi_test

import (
	"context"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

// BenchmarkSpaceInvadersRender is one frame of pi 1.6's space-invaders
// example: a render message at a new width (the component's cache
// misses) until its lines come back as view state.
func BenchmarkSpaceInvadersRender(b *testing.B) {
	f := newFixture(b, engine.Options{})
	piExample(b, f, "space-invaders.ts")
	f.mustBoot("space-invaders.ts")
	c := uiClient(b, f)
	go func() { _ = f.host.RunCommand(engine.WithOriginator(context.Background(), "tui"), "/invaders") }()
	v := waitView(b, f, "invaders", func(st map[string]any) bool { return st["kind"] == "custom" })
	view := func() *engine.View {
		for _, x := range f.host.Views().Find("pi.component", func(any) bool { return true }) {
			if x.ID() == v.ViewID {
				return x
			}
		}
		b.Fatal("the view is gone")
		return nil
	}()
	render := func(width int) {
		send(b, c, v.ViewID, map[string]any{"type": "render", "width": width, "rows": 40})
		deadline := time.Now().Add(10 * time.Second)
		for {
			st, _ := view.State().(map[string]any)
			if ls, _ := st["lines"].([]any); len(ls) > 5 && visibleWidth(ls[0]) == width {
				return
			}
			if time.Now().After(deadline) {
				b.Fatalf("no frame at width %d", width)
			}
			time.Sleep(20 * time.Microsecond)
		}
	}
	render(80)
	b.ResetTimer()
	for i := range b.N {
		render(81 + i%2)
	}
	b.StopTimer()
	send(b, c, v.ViewID, map[string]any{"type": "input", "data": "q"})
}

func visibleWidth(line any) int {
	s, _ := line.(string)
	return len([]rune(visible(s)))
}

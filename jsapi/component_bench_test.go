//go:build unix

package jsapi_test

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

// BenchmarkSpaceInvadersRender is one frame of pi 1.6's space-invaders
// example: a render message at a new width (the component's cache
// misses) until its lines come back as view state. cpu-µs/frame is the
// process's CPU time over every frame the component published (the
// game's own 50 ms interval renders too): the number to set against
// Node's (bench/tuiframe/invaders-frame.mjs) on a loaded machine, where
// wall time mostly measures the other processes.
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
	seq := func() int { st, _ := view.State().(map[string]any); n, _ := st["seq"].(int); return n }
	seq0, cpu0 := seq(), processCPU(b)
	b.ResetTimer()
	for i := range b.N {
		render(81 + i%2)
	}
	b.StopTimer()
	if frames := seq() - seq0; frames > 0 {
		b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/float64(frames), "cpu-µs/frame")
	}
	send(b, c, v.ViewID, map[string]any{"type": "input", "data": "q"})
}

// processCPU is the user and system CPU time the process has used.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func visibleWidth(line any) int {
	s, _ := line.(string)
	return len([]rune(visible(s)))
}

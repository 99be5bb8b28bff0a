//go:build unix

package jsapi_test

import (
	"context"
	"strconv"
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
	g := startInvaders(b)
	seq0, cpu0 := g.seq(), processCPU(b)
	b.ResetTimer()
	for i := range b.N {
		g.render(81 + i%2)
	}
	b.StopTimer()
	if frames := g.seq() - seq0; frames > 0 {
		b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/float64(frames), "cpu-µs/frame")
	}
	g.quit()
}

// BenchmarkSpaceInvadersGame is the game as it plays: its 50 ms interval
// ticks and asks for a frame, for b.N ticks' time. frames/s is how many
// frames it got (20 when nothing is late; pi 1.6 in Node keeps 20, see
// bench/tuiframe/invaders-frame.mjs): fewer when a render and the loop's
// other work take longer than the tick, which slows the game itself.
func BenchmarkSpaceInvadersGame(b *testing.B) {
	g := startInvaders(b)
	seq0, t0 := g.seq(), time.Now()
	time.Sleep(time.Duration(b.N) * 50 * time.Millisecond)
	frames, elapsed := g.seq()-seq0, time.Since(t0)
	b.ReportMetric(float64(frames)/elapsed.Seconds(), "frames/s")
	g.quit()
}

// invadersGame is pi 1.6's space-invaders example shown by its /invaders
// command to a scripted TUI client, first rendered at 80 columns.
type invadersGame struct {
	render func(width int) // a render message, until its frame is published
	seq    func() int      // frames published so far
	quit   func()
}

func startInvaders(b *testing.B) invadersGame {
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
	g := invadersGame{
		render: func(width int) {
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
		},
		seq:  func() int { st, _ := view.State().(map[string]any); n, _ := st["seq"].(int); return n },
		quit: func() { send(b, c, v.ViewID, map[string]any{"type": "input", "data": "q"}) },
	}
	g.render(80)
	return g
}

// BenchmarkSpaceInvadersFrame runs what bench/tuiframe/invaders-frame.mjs
// runs in Node, in a plugin's runtime: the example's component made by its
// /invaders command through a stand-in ctx.ui.custom (its interval
// stopped), then frames driven from a tool: "render" is a render at a new
// width (the component's cache misses), "tick+render" a game tick and the
// frame it asks for. No TUI, view or timer is involved: this is the
// extension's own JS, the part goja runs tens of times slower than V8.
func BenchmarkSpaceInvadersFrame(b *testing.B) { benchExampleFrames(b, "space-invaders.ts", 30) }

// BenchmarkSnakeFrame is BenchmarkSpaceInvadersFrame for pi 1.6's snake
// example (`invaders-frame.mjs snake` in Node).
func BenchmarkSnakeFrame(b *testing.B) { benchExampleFrames(b, "snake.ts", 21) }

// benchExampleFrames drives the game component of the pi example file,
// whose frames have rows lines.
func benchExampleFrames(b *testing.B, file string, rows int) {
	f := newFixture(b, engine.Options{})
	piExample(b, f, file)
	f.write("frames.ts", `import game from "./`+file+`";
export default function (pi) {
  let command, component, frame = 0;
  game({ registerCommand: (_name, c) => { command = c; }, appendEntry() {} });
  pi.registerTool({ name: "frames", label: "frames", description: "d",
    parameters: { type: "object", properties: { mode: { type: "string" }, n: { type: "number" } } },
    async execute(_id, { mode, n }) {
      if (!component) {
        await command.handler("", { mode: "tui", sessionManager: { getEntries: () => [] },
          ui: { custom: (factory) => { component = factory({ requestRender() {} }, {}, {}, () => {}); } } });
        component.dispose();
      }
      let lines = [];
      for (let i = 0; i < n; i++, frame++) {
        if (mode === "render") lines = component.render(81 + (frame % 2));
        else {
          if (component.state.gameOver || component.state.victory) component.handleInput("r");
          else { component.tick(); component.version++; }
          lines = component.render(80);
        }
      }
      return { content: [{ type: "text", text: String(lines.length) }] };
    } });
}
`)
	f.mustBoot("frames.ts")
	for _, mode := range []string{"render", "tick+render"} {
		b.Run(mode, func(b *testing.B) {
			frames := func(n int) {
				r, err := f.runTool("frames", map[string]any{"mode": mode, "n": n})
				if err != nil || r.Text() != strconv.Itoa(rows) {
					b.Fatalf("frames: %v %q", err, r.Text())
				}
			}
			frames(20)
			cpu0 := processCPU(b)
			b.ResetTimer()
			for range b.N {
				frames(1)
			}
			b.StopTimer()
			b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/float64(b.N), "cpu-µs/frame")
		})
	}
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

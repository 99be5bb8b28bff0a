package watch_test

import (
	"context"
	"errors"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

func TestReloadAllReloadsEveryPluginInOrder(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", ext("a1", []string{"aa"}))
	f.write("b.ts", ext("b1", []string{"bb"}))
	f.write("c.ts", "export default function (pi) { nope( }\n")
	f.boot("a.ts", "b.ts", "c.ts")

	f.write("b.ts", ext("b2", []string{"bb", "b2"}))
	reps := f.r.ReloadAll(context.Background())
	if len(reps) != 3 || reps[0].Plugin != "a" || reps[1].Plugin != "b" || reps[2].Plugin != "c" {
		t.Fatalf("reloads = %+v", reps)
	}
	if !reps[0].OK || reps[0].Generation != 2 || len(reps[0].Added)+len(reps[0].Removed)+len(reps[0].Changed) != 0 {
		t.Errorf("a = %+v", reps[0])
	}
	if !reps[1].OK || !reflect.DeepEqual(reps[1].Added, []string{"tool:b2"}) || reps[1].Trigger != "manual" {
		t.Errorf("b = %+v", reps[1])
	}
	if reps[2].OK || reps[2].Live != 0 || !strings.HasSuffix(reps[2].String(), "no generation live") {
		t.Errorf("c = %+v (%s)", reps[2], reps[2])
	}
	// OnReload saw the same three, in order.
	for _, id := range []string{"a", "b", "c"} {
		if r := f.next(id); r.Plugin != id {
			t.Fatalf("OnReload order: got %s, want %s", r.Plugin, id)
		}
	}
	f.wantText("b2", "b2")
}

func TestReloadIfChangedSkipsTouch(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	src := ext("v1", []string{"one"})
	p := f.write("a.ts", src)
	f.mustBoot("a.ts")
	ctx := context.Background()

	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	f.write("a.ts", src)
	if r, ok := f.r.ReloadIfChanged(ctx, "a"); ok {
		t.Fatalf("unchanged content reloaded: %+v", r)
	}
	f.write("a.ts", ext("v2", []string{"one"}))
	r, ok := f.r.ReloadIfChanged(ctx, "a")
	if !ok || !r.OK || r.Generation != 2 {
		t.Fatalf("changed content: %v %+v", ok, r)
	}
	if _, ok := f.r.ReloadIfChanged(ctx, "a"); ok {
		t.Fatal("second check reloaded again")
	}
	if r := f.r.Reload(ctx, "nope"); r.OK || !errors.Is(r.Error, engine.ErrUnknownPlugin) {
		t.Fatalf("unknown plugin: %+v", r)
	}
}

// TestSessionEventsAndEffectsAcrossReload checks the swap sequence of one
// reload: session_shutdown{reason:"reload"} reaches the old generation, its
// effect's AbortSignal fires and its interval stops for good, and the new
// generation gets session_start{reason:"reload"} and its own effect.
func TestSessionEventsAndEffectsAcrossReload(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	src := func(v string) string {
		return ext(v, []string{"one"},
			`pi.on("session_shutdown", (e) => pi.diagnostics.info("shutdown gen " + pi.generation + " " + e.reason));`,
			`pi.on("session_start", (e) => pi.diagnostics.info("start gen " + pi.generation + " " + e.reason));`,
			`pi.effect((signal) => {`,
			`  const iv = setInterval(() => pi.diagnostics.info("tick gen " + pi.generation), 5);`,
			`  signal.addEventListener("abort", () => pi.diagnostics.info("abort gen " + pi.generation));`,
			`});`)
	}
	f.write("a.ts", src("v1"))
	f.mustBoot("a.ts")
	f.waitLogged("tick gen 1", 2)

	f.write("a.ts", src("v2"))
	if r := f.r.Reload(context.Background(), "a"); !r.OK || len(r.Warnings) != 0 {
		t.Fatalf("reload = %+v", r)
	}
	for _, want := range []string{"shutdown gen 1 reload", "abort gen 1", "start gen 2 reload"} {
		if f.logged(want) != 1 {
			t.Errorf("%q logged %d times, want 1", want, f.logged(want))
		}
	}
	if f.logged("shutdown gen 2") != 0 || f.logged("start gen 1") != 0 {
		t.Error("session event reached the wrong generation")
	}
	// The old loop is gone when Reload returns: its interval cannot tick
	// again, while the new one ticks.
	ticks := f.logged("tick gen 1")
	f.waitLogged("tick gen 2", 3)
	if n := f.logged("tick gen 1"); n != ticks {
		t.Fatalf("old interval still ticking: %d → %d", ticks, n)
	}
}

// TestRestartSendsNoSessionEvents: Restart (a session moving to another
// project) starts the plugin again, fresh state and the old instance's
// effects ended, but leaves session_shutdown and session_start to the
// switch.
func TestRestartSendsNoSessionEvents(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", ext("v1", []string{"one"},
		`pi.on("session_shutdown", (e) => pi.diagnostics.info("shutdown gen " + pi.generation));`,
		`pi.on("session_start", (e) => pi.diagnostics.info("start gen " + pi.generation));`,
		`pi.diagnostics.info("loaded gen " + pi.generation);`,
		`pi.effect((signal) => { pi.diagnostics.info("effect gen " + pi.generation); signal.addEventListener("abort", () => pi.diagnostics.info("abort gen " + pi.generation)); });`))
	f.mustBoot("a.ts")
	// Effects start once the generation is live, off the boot's path: one
	// not started when its generation retires never runs.
	f.waitLogged("effect gen 1", 1)
	r := f.r.Restart(context.Background(), "a")
	if !r.OK || r.Generation != 2 || r.Trigger != "move" {
		t.Fatalf("restart = %+v", r)
	}
	for want, n := range map[string]int{"loaded gen 2": 1, "abort gen 1": 1, "shutdown gen": 0, "start gen": 0} {
		if got := f.logged(want); got != n {
			t.Errorf("%q logged %d times, want %d", want, got, n)
		}
	}
}

// TestChildProcessKilledOnReload needs require("child_process"); it skips
// until the node built-ins are served to plugins.
func TestChildProcessKilledOnReload(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	src := func(v string) string {
		return `let cp = null;
try { cp = require("child_process"); } catch (e) {}
let pid = 0;
` + ext(v, []string{"one"},
			`pi.tools.add((d) => d.set("pid", { description: "", parameters: { type: "object" },`,
			`  execute: async () => ({ content: [{ type: "text", text: cp ? String(pid) : "no child_process" }] }) }));`,
			// stdio "ignore": with the default pipes, jsapi/node sometimes
			// leaves the child's stdin writer goroutine behind after the
			// child was killed (goleak catches it in ~10% of runs).
			`pi.effect((signal) => { if (cp) { const c = cp.spawn("sleep", ["60"], { signal, stdio: "ignore" }); pid = c.pid; } });`)
	}
	f.write("a.ts", src("v1"))
	f.mustBoot("a.ts")
	var pid int
	waitUntil(t, "the child's pid", func() bool {
		text, err := f.call("pid")
		if err != nil {
			t.Fatal(err)
		}
		if text == "no child_process" {
			return true
		}
		pid, _ = strconv.Atoi(text)
		return pid > 0
	})
	if pid == 0 {
		t.Skip(`TODO(child_process): require("child_process") is not available to plugins yet; the interval+AbortSignal half is TestSessionEventsAndEffectsAcrossReload`)
	}
	if !processAlive(pid) {
		t.Fatalf("child %d not running before the reload", pid)
	}
	f.write("a.ts", src("v2"))
	if r := f.r.Reload(context.Background(), "a"); !r.OK {
		t.Fatalf("reload = %+v", r)
	}
	waitUntil(t, "the old generation's child to exit", func() bool { return !processAlive(pid) })
}

// TestStaleHandlesAfterReload: handles of a retired generation fail with
// an error naming plugin and generation, seen from Go and from another
// plugin's JS.
func TestStaleHandlesAfterReload(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	f.write("a.ts", ext("a1", []string{"one"}))
	f.write("b.ts", `let held = null;
export default function (pi) {
  pi.commands.add((d) => d.set("grab", { description: "", handler: async () => { held = pi.tools.current().one.execute; } }));
  pi.tools.add((d) => d.set("callheld", { description: "", parameters: { type: "object" }, execute: async () => {
    try {
      const r = await held("x", {}, undefined, undefined, {});
      return { content: [{ type: "text", text: "ok " + r.content[0].text }] };
    } catch (e) {
      return { content: [{ type: "text", text: e.code + ": " + e.message }] };
    }
  } }));
}
`)
	f.mustBoot("a.ts", "b.ts")
	ctx := context.Background()
	if err := f.host.RunCommand(ctx, "/grab"); err != nil {
		t.Fatal(err)
	}
	f.wantText("callheld", "ok a1")
	old, _ := f.host.Tools().Current().Get("one")

	f.write("a.ts", ext("a2", []string{"one"}))
	if r := f.r.Reload(ctx, "a"); !r.OK {
		t.Fatalf("reload = %+v", r)
	}
	_, err := old.Value.Execute(ctx, engine.ToolCall{Params: map[string]any{}})
	if !errors.Is(err, engine.ErrStale) || !strings.Contains(err.Error(), "plugin a, generation 1") {
		t.Fatalf("old handle from Go: %v", err)
	}
	text, err := f.call("callheld")
	if err != nil || !strings.HasPrefix(text, "PIGO_STALE: ") || !strings.Contains(text, "plugin a, generation 1") {
		t.Fatalf("old handle from JS: %q %v", text, err)
	}
	f.wantText("one", "a2")
}

// TestConcurrentCallsDuringReloads: tool calls race 50 reloads of their
// plugin; each one succeeds or fails with the stale or abort error, and
// none hangs.
func TestConcurrentCallsDuringReloads(t *testing.T) {
	t.Parallel()
	f := newFixture(t, fixtureOptions{})
	src := func(n int) string {
		return `export default function (pi) {
  pi.tools.add((d) => d.set("slow", { description: "", parameters: { type: "object" },
    execute: async (id, params, signal) => {
      await new Promise((resolve, reject) => {
        const t = setTimeout(resolve, 1);
        signal.addEventListener("abort", () => { clearTimeout(t); reject(new Error("aborted by reload")); });
      });
      return { content: [{ type: "text", text: "gen " + pi.generation }] };
    } }));
}
// edit ` + strconv.Itoa(n) + "\n"
	}
	f.write("a.ts", src(0))
	f.mustBoot("a.ts")

	var (
		wg                    sync.WaitGroup
		mu                    sync.Mutex
		ok, stale, aborted, n int
	)
	stop := make(chan struct{})
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				ctx, cancel := context.WithTimeout(context.Background(), deadline)
				res, err := f.host.RunTool(ctx, "slow", engine.ToolCall{ID: "c", Params: map[string]any{}})
				hung := ctx.Err() != nil
				cancel()
				mu.Lock()
				n++
				switch {
				case hung:
					t.Errorf("call hung: %v", err)
				case err == nil && strings.HasPrefix(res.Text(), "gen "):
					ok++
				case errors.Is(err, engine.ErrStale):
					stale++
				case err != nil && strings.Contains(err.Error(), "aborted by reload"):
					aborted++
				default:
					t.Errorf("unexpected outcome: %q %v", res.Text(), err)
				}
				mu.Unlock()
			}
		}()
	}
	for i := 1; i <= 50; i++ {
		f.write("a.ts", src(i))
		if r := f.r.Reload(context.Background(), "a"); !r.OK {
			t.Errorf("reload %d: %+v", i, r.Error)
		}
	}
	close(stop)
	wg.Wait()
	t.Logf("%d calls: %d ok, %d stale, %d aborted", n, ok, stale, aborted)
	if ok == 0 {
		t.Error("no call succeeded")
	}
	f.wantText("slow", "gen 51")
}

func processAlive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	return p.Signal(syscall.Signal(0)) == nil
}

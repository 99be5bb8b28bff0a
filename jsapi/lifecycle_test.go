package jsapi_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

func TestStaleHandlesAfterReload(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("keep.ts", `export default function (pi) {
  globalThis.__pi = pi;
  pi.tools.add((d) => d.set("gen", { description: "which generation", parameters: { type: "object" },
    execute: async () => ({ content: [{ type: "text", text: String(pi.generation) }] }) }));
  pi.commands.add((d) => d.set("late", { handler: async () => {
    await new Promise((r) => setTimeout(r, 50));
    pi.tools.current();
  } }));
}
`)
	f.mustBoot("keep.ts")
	old := f.host.Generation("keep")
	oldExec, _ := f.host.Tools().Current().Get("gen")
	res := f.host.Reload(context.Background(), "keep", nil)
	if !res.OK {
		t.Fatal(res.Err)
	}
	r, err := f.runTool("gen", map[string]any{})
	if err != nil || r.Text() != "2" {
		t.Fatalf("after reload: %q %v", r.Text(), err)
	}
	if !old.Retired() {
		t.Fatal("old generation should be retired")
	}
	_, err = oldExec.Value.Execute(context.Background(), engine.ToolCall{Params: map[string]any{}})
	if !errors.Is(err, engine.ErrStale) || !strings.Contains(err.Error(), "keep") || !strings.Contains(err.Error(), "generation 1") {
		t.Fatalf("old handle err = %v", err)
	}
}

func TestEffectsAbortTimersClearOnUnload(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("fx.ts", `export default function (pi) {
  let ticks = 0;
  pi.effect((signal) => {
    const iv = setInterval(() => { ticks++; }, 1);
    signal.addEventListener("abort", () => pi.diagnostics.info("aborted after " + (ticks > 0 ? "ticks" : "none")));
  });
  pi.tools.add((d) => d.set("ticks", { description: "", parameters: { type: "object" },
    execute: () => ({ content: [{ type: "text", text: String(ticks) }] }) }));
}
`)
	f.mustBoot("fx.ts")
	waitFor(t, "ticks", func() bool {
		r, _ := f.runTool("ticks", map[string]any{})
		return r.Text() != "0"
	})
	if err := f.host.Unload(context.Background(), "fx"); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range f.host.Plugins() {
		for _, d := range p.Log {
			if strings.Contains(d.Text, "aborted after ticks") {
				found = true
			}
		}
	}
	if !found {
		t.Fatalf("effect signal did not abort: %+v", f.host.Plugins())
	}
	if f.host.Tools().Current().Has("ticks") {
		t.Fatal("unloaded plugin's tool still registered")
	}
}

func TestRunawayTimerInterrupted(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{Budgets: engine.Budgets{Hook: 300 * time.Millisecond}})
	f.write("spin.ts", `export default function (pi) {
  setTimeout(() => { while (true) {} }, 1);
  pi.tools.add((d) => d.set("alive", { description: "", parameters: { type: "object" },
    execute: () => ({ content: [{ type: "text", text: "yes" }] }) }));
}
`)
	f.mustBoot("spin.ts")
	waitFor(t, "interrupt recorded", func() bool {
		for _, p := range f.host.Plugins() {
			for _, d := range p.Log {
				if strings.Contains(d.Text, "budget") && d.Where == "timer callback" {
					return true
				}
			}
		}
		return false
	})
	r, err := f.runTool("alive", map[string]any{})
	if err != nil || r.Text() != "yes" {
		t.Fatalf("plugin should keep serving: %q %v", r.Text(), err)
	}
}

func TestUnhandledRejectionReported(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("rej.ts", `export default function (pi) {
  Promise.reject(new Error("nobody catches me"));
}
`)
	f.mustBoot("rej.ts")
	waitFor(t, "rejection", func() bool {
		for _, p := range f.host.Plugins() {
			for _, d := range p.Log {
				if strings.Contains(d.Text, "nobody catches me") && d.Where == "unhandled promise rejection" {
					return true
				}
			}
		}
		return false
	})
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestReloadDiffSeesEditedExecuteBody(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	src := func(text string) string {
		return `export default function (pi) {
  pi.tools.add((d) => d.set("t", { description: "same", parameters: { type: "object" },
    execute: () => ({ content: [{ type: "text", text: "` + text + `" }] }) }));
}
`
	}
	f.write("e.ts", src("one"))
	f.mustBoot("e.ts")
	f.write("e.ts", src("two"))
	res := f.host.Reload(context.Background(), "e", nil)
	if !res.OK || strings.Join(res.Diffs["tools"].Changed, ",") != "t" {
		t.Fatalf("reload diff = %+v (err %v)", res.Diffs, res.Err)
	}
}

// pi-style registrations go through adapter wrappers; the diff still sees
// an edited execute or handler body (the README's quick start promises
// ~tool:greet).
func TestReloadDiffSeesEditedPiStyleBodies(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	src := func(text string) string {
		return `export default function (pi) {
  pi.registerTool({ name: "greet", label: "Greet", description: "same", parameters: { type: "object" },
    async execute() { return { content: [{ type: "text", text: "` + text + `" }], details: {} }; } });
  pi.registerCommand("hi", { description: "same", handler: async () => { console.log("` + text + `"); } });
  pi.registerCommand("still", { description: "same", handler: async () => {} });
}
`
	}
	f.write("e.ts", src("one"))
	f.mustBoot("e.ts")
	f.write("e.ts", src("two"))
	res := f.host.Reload(context.Background(), "e", nil)
	if !res.OK || strings.Join(res.Diffs["tools"].Changed, ",") != "greet" {
		t.Fatalf("tools diff = %+v (err %v)", res.Diffs["tools"], res.Err)
	}
	if got := res.Diffs["commands"].Changed; len(got) != 1 || !strings.HasPrefix(got[0], "hi") {
		t.Fatalf("commands diff = %+v", res.Diffs["commands"])
	}
}

// timeout.refresh() restarts a timer (undici's timers depend on it): a
// refreshed timer fires after a later timer of a shorter delay set after
// the refresh, a fired timer fires again once refreshed, and a tick queued
// before a clear never runs.
func TestTimerRefresh(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("refresh.ts", `export default function (pi) {
  pi.tools.add((d) => d.set("order", { description: "", parameters: { type: "object" },
    execute: async () => {
      const order = [];
      await new Promise((done) => {
        const a = setTimeout(() => order.push("a"), 200);
        setTimeout(() => {
          a.refresh(); // a now fires 200ms from here, after b
          setTimeout(() => order.push("b"), 50);
        }, 100);
        let fired = 0;
        const c = setTimeout(() => {
          order.push("c" + ++fired);
          if (fired === 1) c.refresh();
        }, 1);
        setTimeout(done, 500);
      });
      return { content: [{ type: "text", text: order.join(",") }] };
    } }));
}
`)
	f.mustBoot("refresh.ts")
	r, err := f.runTool("order", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Text(); got != "c1,c2,b,a" {
		t.Fatalf("order = %q, want c1,c2,b,a", got)
	}
}

// Timers run in Node's order: by due time, then in the order they were
// set, even when many come due at once or the loop was busy past several
// due times; a delay below 1 ms is 1 ms; immediates run in the order they
// were set, one set during a round in the next round.
func TestTimersRunInNodeOrder(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("order.ts", `export default function (pi) {
  pi.tools.add((d) => d.set("order", { description: "", parameters: { type: "object" },
    execute: async () => {
      const out = [];
      // 300 timers due together.
      const same = [];
      await new Promise((done) => {
        for (let i = 0; i < 300; i++) setTimeout(() => same.push(i), 3);
        setTimeout(done, 4);
      });
      out.push(same.every((v, i) => v === i) && same.length === 300 ? "same:ok" : "same:" + same.join(" "));
      // Due in the reverse of the order set, all overdue once the busy
      // loop below ends. 40 ms apart, so that a pause between two
      // setTimeout calls on a loaded machine cannot reorder their due
      // times (10 ms apart, a 20 ms pause once did).
      const rev = [];
      await new Promise((done) => {
        for (let i = 0; i < 6; i++) setTimeout(() => rev.push(i), 40 * (6 - i));
        const end = Date.now() + 280;
        while (Date.now() < end) {}
        setTimeout(done, 1);
      });
      out.push(rev.length === 6 && rev.every((v, i) => v === 5 - i) ? "rev:ok" : "rev:" + rev.join(" "));
      const seq = [];
      await new Promise((done) => {
        // Spaced so that setting them, slow under -race, cannot reorder
        // their due times.
        setTimeout(() => seq.push("a"), 20);
        setTimeout(() => seq.push("b"), 20);
        setTimeout(() => seq.push("c"), 10);
        setTimeout(() => seq.push("x"), 1);
        setTimeout(() => seq.push("y"), 0);
        setTimeout(() => { seq.push("d"); done(); }, 40);
      });
      out.push(seq.join(""));
      const imm = [];
      await new Promise((done) => {
        for (let i = 0; i < 50; i++) setImmediate(() => imm.push(i));
        setImmediate(() => setImmediate(() => { imm.push("next"); done(); }));
        const cleared = setImmediate(() => imm.push("cleared"));
        clearImmediate(cleared);
      });
      out.push(imm.length === 51 && imm.slice(0, 50).every((v, i) => v === i) && imm[50] === "next" ? "imm:ok" : "imm:" + imm.join(" "));
      return { content: [{ type: "text", text: out.join(",") }] };
    } }));
}
`)
	f.mustBoot("order.ts")
	r, err := f.runTool("order", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Text(), "same:ok,rev:ok,xycabd,imm:ok"; got != want {
		t.Fatalf("order = %q, want %q", got, want)
	}
}

// An interval counts its next run from when it fired, not from when the
// loop is next free: a job queued by its callback (here an immediate
// busy for 150 ms, as a render) does not push the next tick behind the
// jobs queued after it. Node runs tick2 before the immediate set once the
// busy one ends; pigo's driver once started its clock only after the busy
// job, so that immediate ran first (and space-invaders' 50 ms interval,
// re-armed behind each 30 ms render, ran every 80 ms).
func TestIntervalCountsFromWhenItFires(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("interval.ts", `export default function (pi) {
  pi.tools.add((d) => d.set("interval", { description: "", parameters: { type: "object" },
    execute: async () => {
      const out = [];
      let n = 0;
      await new Promise((done) => {
        const h = setInterval(() => {
          n++;
          out.push("tick" + n);
          if (n === 1) setImmediate(() => {
            const end = Date.now() + 150;
            while (Date.now() < end) {}
            out.push("busy");
            setImmediate(() => out.push("after"));
          });
          if (n === 2) { clearInterval(h); setTimeout(done, 5); }
        }, 10);
      });
      return { content: [{ type: "text", text: out.join(",") }] };
    } }));
}
`)
	f.mustBoot("interval.ts")
	r, err := f.runTool("interval", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.Text(), "tick1,busy,tick2,after"; got != want {
		t.Fatalf("order = %q, want %q (Node's)", got, want)
	}
}

// A plugin whose generation made an AbortSignal (a tool call) gets its
// next generation's AbortController built while that runtime is set up,
// before its code runs; a first generation builds it only on use.
func TestReloadWarmsAbortController(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("sig.ts", `const d = Object.getOwnPropertyDescriptor(globalThis, "AbortController");
const built = d !== undefined && "value" in d;
export default function (pi) {
  pi.tools.add((d) => d.set("built", { description: "", parameters: { type: "object" },
    execute: async (_id, _p, signal) => ({ content: [{ type: "text", text: String(built) + " " + (signal instanceof AbortSignal) }] }) }));
}
`)
	f.mustBoot("sig.ts")
	if r, err := f.runTool("built", map[string]any{}); err != nil || r.Text() != "false true" {
		t.Fatalf("first generation: %q %v", r.Text(), err)
	}
	if res := f.host.Reload(context.Background(), "sig", nil); !res.OK {
		t.Fatal(res.Err)
	}
	if r, err := f.runTool("built", map[string]any{}); err != nil || r.Text() != "true true" {
		t.Fatalf("reloaded generation: %q %v", r.Text(), err)
	}
}

package jsapi_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
)

// Extension components as "pi.component" views: a UI client asks for
// render(width), sends keys, and receives lines as view state.

// tuiClient is a UI client that draws components.
type tuiClient struct{ *piapi.ScriptedClient }

func (tuiClient) RendersComponents() bool { return true }

// uiClient attaches a client that draws components.
func uiClient(t testing.TB, f *fixture) tuiClient {
	t.Helper()
	c := tuiClient{piapi.NewScriptedClient(f.host.Views(), "tui", func(string, map[string]any) any { return nil })}
	if err := f.host.Views().Attach(c); err != nil {
		t.Fatal(err)
	}
	return c
}

// waitView waits for an open pi.component view whose state satisfies ok.
func waitView(t testing.TB, f *fixture, what string, ok func(st map[string]any) bool) engine.ViewSnapshot {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		for _, v := range f.host.Views().Open() {
			if st, _ := v.State.(map[string]any); v.Component == "pi.component" && ok(st) {
				return v
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no component view: %s; open: %+v", what, f.host.Views().Open())
	return engine.ViewSnapshot{}
}

// waitClosed waits until view id is no longer open.
func waitClosed(t *testing.T, f *fixture, id string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		open := false
		for _, v := range f.host.Views().Open() {
			open = open || v.ViewID == id
		}
		if !open {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("view %s still open", id)
}

func lines(st map[string]any) string {
	var out []string
	for _, l := range st["lines"].([]any) {
		out = append(out, l.(string))
	}
	return strings.Join(out, "\n")
}

func send(t testing.TB, c tuiClient, id string, msg map[string]any) {
	t.Helper()
	if err := c.SendUp(id, msg); err != nil {
		t.Fatal(err)
	}
}

func lastNotification(f *fixture) string {
	ns, _ := piapi.Of(f.host).UI().State()["notifications"].([]any)
	if len(ns) == 0 {
		return ""
	}
	return ns[len(ns)-1].(map[string]any)["message"].(string)
}

func TestComponentCustomRendersTakesKeysAndResolves(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("game.ts", `import { matchesKey } from "@earendil-works/pi-tui";
export default function (pi) {
  pi.registerCommand("game", { handler: async (_args, ctx) => {
    const r = await ctx.ui.custom((tui, theme, kb, done) => {
      let x = 0;
      return {
        handleInput(d) {
          if (matchesKey(d, "right")) x++;
          else if (matchesKey(d, "left")) x--;
          else if (d === "q") done({ x, cols: tui.terminal.columns, rows: tui.terminal.rows });
        },
        render(w) { return ["x=" + x, "-".repeat(w)]; },
        invalidate() {},
      };
    }, { overlay: true, overlayOptions: { anchor: "center", width: 30, visible: () => true } });
    ctx.ui.notify("result " + JSON.stringify(r));
  } });
}
`)
	f.mustBoot("game.ts")
	c := uiClient(t, f)
	errc := make(chan error, 1)
	go func() { errc <- f.host.RunCommand(engine.WithOriginator(context.Background(), "tui"), "/game") }()
	v := waitView(t, f, "custom", func(st map[string]any) bool { return st["kind"] == "custom" })
	if fmt.Sprint(v.To) != "[tui]" {
		t.Fatalf("a custom component goes to the originating client: %v", v.To)
	}
	st := v.State.(map[string]any)
	if st["overlay"] != true || fmt.Sprint(st["overlayOptions"]) != "map[anchor:center width:30]" || st["plugin"] == "" {
		t.Fatalf("state: %v", st)
	}
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 12, "rows": 30, "columns": 100})
	waitView(t, f, "first frame", func(st map[string]any) bool {
		return lines(st) == "x=0\n------------" && fmt.Sprint(st["width"]) == "12"
	})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[C"})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[C"})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[D"})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[C"})
	// A key release (kitty protocol) reaches only components that want it.
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[1;1:3C"})
	// One state per message: the render, five keys.
	got := waitView(t, f, "after keys", func(st map[string]any) bool { return st["seq"].(int) >= 6 })
	if l := lines(got.State.(map[string]any)); !strings.HasPrefix(l, "x=2\n") {
		t.Fatalf("arrow keys move, the release is filtered: %q", l)
	}
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "q"})
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	waitClosed(t, f, v.ViewID)
	if got := lastNotification(f); got != `result {"x":2,"cols":100,"rows":30}` {
		t.Fatalf("custom() resolves with done's result: %q", got)
	}
	var closed *engine.SyncMessage
	for _, m := range c.Messages() {
		if m.Type == "view_closed" && m.ViewID == v.ViewID {
			closed = &m
		}
	}
	if closed == nil || fmt.Sprint(closed.Result) != "map[cols:100 rows:30 x:2]" {
		t.Fatalf("view closes with the result: %+v", closed)
	}
}

func TestComponentWidgetsFooterHeader(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("ui.ts", `let disposed: string[] = [];
export default function (pi) {
  pi.registerCommand("ui", { handler: async (_args, ctx) => {
    ctx.ui.setStatus("s", "stat");
    ctx.ui.setWidget("above", (tui, theme) => ({ render: (w) => ["above " + w], invalidate() {}, dispose() { disposed.push("above"); } }));
    ctx.ui.setWidget("below", (tui, theme) => ({ render: (w) => ["below " + w] }), { placement: "belowEditor" });
    ctx.ui.setFooter((tui, theme, data) => ({
      render: (w) => ["footer " + typeof data.getGitBranch() + " " + data.getExtensionStatuses().get("s")],
      dispose() { disposed.push("footer"); },
    }));
    ctx.ui.setHeader((tui, theme) => ({ render: (w) => [theme.fg("accent", "header")] }));
  } });
  pi.registerCommand("replace", { handler: async (_args, ctx) => {
    ctx.ui.setWidget("above", ["plain"]);
    ctx.ui.setFooter(undefined);
  } });
  pi.registerCommand("check", { handler: async (_args, ctx) => { ctx.ui.notify("disposed " + disposed.join(",")); } });
}
`)
	f.mustBoot("ui.ts")
	c := uiClient(t, f)
	if err := f.host.RunCommand(context.Background(), "/ui"); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"widget/above": "above 30", "widget/below": "below 30", "footer/": "footer object stat", "header/": "header"}
	ids := map[string]string{}
	for name := range want {
		kind, key, _ := strings.Cut(name, "/")
		v := waitView(t, f, name, func(st map[string]any) bool { return st["kind"] == kind && st["key"] == key })
		if v.To != "all" {
			t.Fatalf("%s goes to every client: %v", name, v.To)
		}
		ids[name] = v.ViewID
		if p := v.State.(map[string]any)["placement"]; kind == "widget" && p != map[string]string{"above": "aboveEditor", "below": "belowEditor"}[key] {
			t.Fatalf("%s placement %v", name, p)
		}
		send(t, c, v.ViewID, map[string]any{"type": "render", "width": 30, "rows": 20})
	}
	for name, text := range want {
		kind, key, _ := strings.Cut(name, "/")
		waitView(t, f, name+" lines", func(st map[string]any) bool {
			return st["kind"] == kind && st["key"] == key && lines(st) == text
		})
	}
	if w := piapi.Of(f.host).UI().State()["widgets"].(map[string]any)["above"].(map[string]any); w["view"] != ids["widget/above"] {
		t.Fatalf("pi.ui's widget entry names its view: %v", w)
	}
	if err := f.host.RunCommand(context.Background(), "/replace"); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, f, ids["widget/above"])
	waitClosed(t, f, ids["footer/"])
	deadline := time.Now().Add(10 * time.Second)
	// Each owner disposes when it sees its view closed: in either order.
	for n := lastNotification(f); n != "disposed above,footer" && n != "disposed footer,above"; n = lastNotification(f) {
		if time.Now().After(deadline) {
			t.Fatalf("replaced components are disposed: %q", lastNotification(f))
		}
		if err := f.host.RunCommand(context.Background(), "/check"); err != nil {
			t.Fatal(err)
		}
	}
	for _, v := range f.host.Views().Open() {
		if v.ViewID == ids["widget/below"] || v.ViewID == ids["header/"] {
			continue
		}
		if v.Component == "pi.component" {
			t.Fatalf("left open: %+v", v)
		}
	}
}

func TestComponentFailuresKeepTheLastFrame(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var diags []engine.Diagnostic
	f := newFixture(t, engine.Options{Budgets: engine.Budgets{Hook: 300 * time.Millisecond},
		OnDiagnostic: func(d engine.Diagnostic) { mu.Lock(); diags = append(diags, d); mu.Unlock() }})
	f.write("w.ts", `export default function (pi) {
  pi.registerCommand("w", { handler: async (_args, ctx) => {
    let n = 0;
    ctx.ui.setWidget("flaky", () => ({
      render(w) {
        n++;
        if (n === 2) throw new Error("render broke");
        if (n === 3) while (true) {}
        if (n === 5) return "not lines";
        return ["frame " + n];
      },
      handleInput(d) { if (d === "x") throw new Error("input broke"); },
    }));
  } });
  pi.registerCommand("ping", { handler: async (_args, ctx) => { ctx.ui.notify("pong"); } });
}
`)
	f.mustBoot("w.ts")
	c := uiClient(t, f)
	if err := f.host.RunCommand(context.Background(), "/w"); err != nil {
		t.Fatal(err)
	}
	v := waitView(t, f, "widget", func(st map[string]any) bool { return st["key"] == "flaky" })
	render := func() { send(t, c, v.ViewID, map[string]any{"type": "render", "width": 40}) }
	render()
	waitView(t, f, "frame 1", func(st map[string]any) bool { return lines(st) == "frame 1" && st["error"] == "" })
	render()
	st := waitView(t, f, "throw", func(st map[string]any) bool { return st["error"] != "" }).State.(map[string]any)
	if lines(st) != "frame 1" || !strings.Contains(st["error"].(string), "Error: render broke (") ||
		!strings.Contains(st["error"].(string), "w.ts:7:") {
		t.Fatalf("a throwing render keeps the last frame and names file:line: %v", st)
	}
	render()
	st = waitView(t, f, "runaway", func(st map[string]any) bool { return strings.Contains(st["error"].(string), "budget") }).State.(map[string]any)
	if lines(st) != "frame 1" || !strings.Contains(st["error"].(string), "w.ts:8:") {
		t.Fatalf("a runaway render is interrupted, the last frame stays: %v", st)
	}
	if err := f.host.RunCommand(context.Background(), "/ping"); err != nil || lastNotification(f) != "pong" {
		t.Fatalf("the host keeps serving: %v %q", err, lastNotification(f))
	}
	render()
	waitView(t, f, "recovered", func(st map[string]any) bool { return lines(st) == "frame 4" && st["error"] == "" })
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "x"})
	st = waitView(t, f, "input throws", func(st map[string]any) bool { return st["error"] != "" }).State.(map[string]any)
	if !strings.Contains(st["error"].(string), "input broke") || !strings.Contains(st["error"].(string), "w.ts:12:") {
		t.Fatalf("a throwing handleInput is reported: %v", st)
	}
	render()
	waitView(t, f, "not lines", func(st map[string]any) bool {
		return strings.Contains(st["error"].(string), "must return an array of strings") && lines(st) == "frame 4"
	})
	send(t, c, v.ViewID, map[string]any{"type": "bogus"})
	waitView(t, f, "bad message", func(st map[string]any) bool {
		return strings.Contains(st["error"].(string), `unknown message type "bogus"`)
	})
	send(t, c, v.ViewID, map[string]any{"type": "render"})
	waitView(t, f, "no width", func(st map[string]any) bool {
		return strings.Contains(st["error"].(string), "width must be a positive number")
	})
	mu.Lock()
	defer mu.Unlock()
	var found bool
	for _, d := range diags {
		found = found || (d.Plugin == "w" && strings.Contains(d.Text, "render broke") && d.Location != nil)
	}
	if !found {
		t.Fatalf("failures are recorded against the plugin: %v", diags)
	}
}

func TestComponentRequestRenderFromTimer(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("clock.ts", `export default function (pi) {
  pi.registerCommand("clock", { handler: async (_args, ctx) => {
    ctx.ui.setWidget("clock", (tui) => {
      let t = 0;
      const h = setInterval(() => { t++; tui.requestRender(); tui.requestRender(); }, 20);
      return { render: (w) => ["tick " + t], dispose() { clearInterval(h); } };
    });
  } });
}
`)
	f.mustBoot("clock.ts")
	c := uiClient(t, f)
	if err := f.host.RunCommand(context.Background(), "/clock"); err != nil {
		t.Fatal(err)
	}
	v := waitView(t, f, "clock", func(st map[string]any) bool { return st["key"] == "clock" })
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 10})
	waitView(t, f, "ticks without render messages", func(st map[string]any) bool {
		var n int
		_, err := fmt.Sscanf(lines(st), "tick %d", &n)
		return err == nil && n >= 3 && fmt.Sprint(st["width"]) == "10"
	})
}

// TestComponentRendersOncePerTick: a game's interval that bumps its state
// and asks for a frame (twice, as a component may) gets one render per
// tick at an unchanged width, not one per request: each frame of a game
// whose render is slow in goja is paid once.
func TestComponentRendersOncePerTick(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("game.ts", `export default function (pi) {
  pi.registerCommand("game", { handler: async (_args, ctx) => {
    ctx.ui.setWidget("game", (tui) => {
      let tick = 0, lastWidth = 0, lastTick = -1, twice = 0;
      const h = setInterval(() => { tick++; tui.requestRender(); tui.requestRender(); }, 20);
      return {
        render: (w) => {
          if (w === lastWidth && tick === lastTick) twice++;
          lastWidth = w;
          lastTick = tick;
          return ["tick " + tick + " twice " + twice];
        },
        dispose() { clearInterval(h); },
      };
    });
  } });
}
`)
	f.mustBoot("game.ts")
	c := uiClient(t, f)
	if err := f.host.RunCommand(context.Background(), "/game"); err != nil {
		t.Fatal(err)
	}
	v := waitView(t, f, "game", func(st map[string]any) bool { return st["key"] == "game" })
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 12})
	var tick, twice int
	waitView(t, f, "ten ticks rendered", func(st map[string]any) bool {
		_, err := fmt.Sscanf(lines(st), "tick %d twice %d", &tick, &twice)
		return err == nil && tick >= 10
	})
	if twice != 0 {
		t.Errorf("%d ticks were rendered twice at the same width", twice)
	}
}

func TestComponentReloadClosesAndDisposes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	marker := f.dir + "/disposed"
	f.write("r.ts", `import * as fs from "node:fs";
export default function (pi) {
  pi.registerCommand("r", { handler: async (_args, ctx) => {
    ctx.ui.setHeader(() => ({ render: () => ["h"], dispose() { fs.writeFileSync(`+"`"+marker+"`"+`, "yes"); } }));
  } });
}
`)
	f.mustBoot("r.ts")
	uiClient(t, f)
	if err := f.host.RunCommand(context.Background(), "/r"); err != nil {
		t.Fatal(err)
	}
	v := waitView(t, f, "header", func(st map[string]any) bool { return st["kind"] == "header" })
	if res := f.host.Reload(context.Background(), "r", nil); !res.OK {
		t.Fatal(res.Err)
	}
	waitClosed(t, f, v.ViewID)
	if b, err := os.ReadFile(marker); err != nil || string(b) != "yes" {
		t.Fatalf("reload disposes the component: %q %v", b, err)
	}
}

func TestComponentNeedsAClientThatDrawsThem(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("d.ts", `export default function (pi) {
  pi.registerCommand("d", { handler: async (_args, ctx) => {
    ctx.ui.setWidget("w", () => ({ render: () => ["w"] }));
    const r = await ctx.ui.custom(() => ({ render: () => ["c"] }));
    ctx.ui.notify("custom " + r + " " + ctx.hasUI);
  } });
}
`)
	f.mustBoot("d.ts")
	// A dialog-only UI client (pi's RPC mode is one): hasUI, no components.
	c := piapi.NewScriptedClient(f.host.Views(), "rpc", func(string, map[string]any) any { return nil })
	if err := f.host.Views().Attach(c); err != nil {
		t.Fatal(err)
	}
	if err := f.host.RunCommand(context.Background(), "/d"); err != nil {
		t.Fatal(err)
	}
	if got := lastNotification(f); got != "custom undefined true" {
		t.Fatalf("custom() resolves undefined at once: %q", got)
	}
	if w := fmt.Sprint(piapi.Of(f.host).UI().State()["widgets"]); w != "map[w:map[component:true]]" {
		t.Fatalf("a widget factory is recorded, not shown: %s", w)
	}
	for _, v := range f.host.Views().Open() {
		if v.Component == "pi.component" {
			t.Fatalf("no component view without a client that draws them: %+v", v)
		}
	}
	// With a terminal client attached too, a command from the RPC client
	// gets no custom component (it would go to the RPC client); the widget
	// goes to every client.
	uiClient(t, f)
	if err := f.host.RunCommand(engine.WithOriginator(context.Background(), "rpc"), "/d"); err != nil {
		t.Fatal(err)
	}
	if got := lastNotification(f); got != "custom undefined true" {
		t.Fatalf("custom() for a dialog-only originator: %q", got)
	}
	waitView(t, f, "widget", func(st map[string]any) bool { return st["kind"] == "widget" })
}

// piExample copies one of pi 1.6's example extensions into the fixture.
func piExample(t testing.TB, f *fixture, name string) {
	t.Helper()
	src, err := os.ReadFile("../node_modules/@earendil-works/pi-coding-agent/examples/extensions/" + name)
	if err != nil {
		t.Skipf("pi 1.6's examples are not installed (npm ci): %v", err)
	}
	f.write(name, string(src))
}

func TestComponentPiSnakeExample(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	piExample(t, f, "snake.ts")
	f.mustBoot("snake.ts")
	c := uiClient(t, f)
	errc := make(chan error, 1)
	go func() { errc <- f.host.RunCommand(engine.WithOriginator(context.Background(), "tui"), "/snake") }()
	v := waitView(t, f, "snake", func(st map[string]any) bool { return st["kind"] == "custom" })
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 90, "rows": 40})
	first := waitView(t, f, "board", func(st map[string]any) bool { return strings.Contains(visible(lines(st)), "SNAKE") })
	// The game ticks on its own timer and asks for renders: the board moves
	// with no further render message.
	moved := waitView(t, f, "tick", func(st map[string]any) bool { return lines(st) != lines(first.State.(map[string]any)) })
	for _, l := range moved.State.(map[string]any)["lines"].([]any) {
		if w := len([]rune(visible(l.(string)))); w != 90 {
			t.Fatalf("lines are padded to the width: %d %q", w, l)
		}
	}
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[B"}) // down
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "q"})
	select {
	case err := <-errc:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("q should end the game and the command")
	}
	waitClosed(t, f, v.ViewID)
	var saved bool
	for _, call := range piapi.Of(f.host).Calls() {
		saved = saved || (call.Op == "appendEntry" && fmt.Sprint(call.Args) == "[snake-save <nil>]")
	}
	if !saved {
		t.Fatalf("q clears the saved game: %v", piapi.Of(f.host).Calls())
	}
}

func TestComponentPiOverlayTestExample(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	piExample(t, f, "overlay-test.ts")
	f.mustBoot("overlay-test.ts")
	c := uiClient(t, f)
	errc := make(chan error, 1)
	go func() { errc <- f.host.RunCommand(engine.WithOriginator(context.Background(), "tui"), "/overlay-test") }()
	v := waitView(t, f, "overlay", func(st map[string]any) bool { return st["kind"] == "custom" && st["overlay"] == true })
	if o := fmt.Sprint(v.State.(map[string]any)["overlayOptions"]); o != "map[width:70]" {
		t.Fatalf("without overlayOptions the component's width is used, as in pi: %s", o)
	}
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 70, "rows": 30})
	waitView(t, f, "menu", func(st map[string]any) bool { return strings.Contains(visible(lines(st)), "Search") })
	for _, k := range []string{"h", "i"} {
		send(t, c, v.ViewID, map[string]any{"type": "input", "data": k})
	}
	waitView(t, f, "typed", func(st map[string]any) bool { return strings.Contains(visible(lines(st)), "hi") })
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\r"})
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if got := lastNotification(f); got != `Search: "hi"` {
		t.Fatalf("the overlay's result reaches the command: %q", got)
	}
}

func TestComponentEditorAndSharedSlots(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	piExample(t, f, "modal-editor.ts")
	f.write("other.ts", `let disposed = 0;
export default function (pi) {
  pi.registerCommand("get", { handler: async (_args, ctx) => { ctx.ui.notify("text " + ctx.ui.getEditorText()); } });
  pi.registerCommand("set", { handler: async (args, ctx) => { ctx.ui.setEditorText(args); } });
  pi.registerCommand("wa", { handler: async (_args, ctx) => {
    ctx.ui.setWidget("shared", () => ({ render: () => ["mine"], dispose() { disposed++; } }));
  } });
  pi.registerCommand("disposed", { handler: async (_args, ctx) => { ctx.ui.notify("disposed " + disposed); } });
}
`)
	f.write("third.ts", `export default function (pi) {
  pi.registerCommand("wb", { handler: async (_args, ctx) => { ctx.ui.setWidget("shared", ["plain"]); } });
}
`)
	f.mustBoot("modal-editor.ts", "other.ts", "third.ts")
	c := uiClient(t, f)
	f.host.Emit(context.Background(), "session_start", map[string]any{"type": "session_start", "reason": "startup"})
	v := waitView(t, f, "editor", func(st map[string]any) bool { return st["kind"] == "editor" })
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 40, "rows": 20})
	for _, k := range []string{"h", "i"} {
		send(t, c, v.ViewID, map[string]any{"type": "input", "data": k})
	}
	waitView(t, f, "typed", func(st map[string]any) bool { return st["text"] == "hi" && strings.Contains(lines(st), "hi") })
	cmd := func(line string) {
		t.Helper()
		if err := f.host.RunCommand(context.Background(), line); err != nil {
			t.Fatal(err)
		}
	}
	cmd("/get")
	if got := lastNotification(f); got != "text hi" {
		t.Fatalf("getEditorText from another plugin reads the custom editor: %q", got)
	}
	cmd("/set abc")
	waitView(t, f, "set", func(st map[string]any) bool { return st["text"] == "abc" })
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b"})
	waitView(t, f, "normal mode", func(st map[string]any) bool { return strings.Contains(lines(st), " NORMAL ") })
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "i"})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\r"})
	st := waitView(t, f, "submitted", func(st map[string]any) bool { return st["submitted"] != nil }).State.(map[string]any)
	if fmt.Sprint(st["submitted"]) != "map[count:1 text:abc]" || st["text"] != "" {
		t.Fatalf("enter submits the text to the client: %v", st)
	}
	// Escape in normal mode is pi's interrupt, and ctrl+l the model
	// selector: app actions the editor reports to the client.
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b"})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b"})
	waitView(t, f, "interrupt", func(st map[string]any) bool { return fmt.Sprint(st["action"]) == "map[count:1 name:app.interrupt]" })
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x0c"})
	waitView(t, f, "model select", func(st map[string]any) bool { return fmt.Sprint(st["action"]) == "map[count:2 name:app.model.select]" })

	// One widget key is one slot across plugins.
	cmd("/wa")
	w := waitView(t, f, "widget", func(st map[string]any) bool { return st["key"] == "shared" })
	cmd("/wb")
	waitClosed(t, f, w.ViewID)
	deadline := time.Now().Add(10 * time.Second)
	for cmd("/disposed"); lastNotification(f) != "disposed 1"; cmd("/disposed") {
		if time.Now().After(deadline) {
			t.Fatalf("the replaced widget is disposed by its owner: %q", lastNotification(f))
		}
	}
}

// TestComponentEditorAutocomplete: an extension's editor gets pi's
// autocomplete provider once the client sends its slash commands: "/"
// lists them, Tab takes one, and Tab on an empty word lists the working
// directory (pi's forced file completion).
func TestComponentEditorAutocomplete(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	piExample(t, f, "modal-editor.ts")
	f.write("zeta-notes.md", "")
	f.mustBoot("modal-editor.ts")
	c := uiClient(t, f)
	f.host.Emit(context.Background(), "session_start", map[string]any{"type": "session_start", "reason": "startup"})
	v := waitView(t, f, "editor", func(st map[string]any) bool { return st["kind"] == "editor" })
	// (before the first render: a frame clears the error)
	send(t, c, v.ViewID, map[string]any{"type": "commands", "commands": "no"})
	waitView(t, f, "bad message", func(st map[string]any) bool { return st["error"] == `commands: the message needs a "commands" array` })
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 60, "rows": 30})
	send(t, c, v.ViewID, map[string]any{"type": "commands", "commands": []any{
		map[string]any{"name": "model", "description": "Select model"},
		map[string]any{"name": "deploy", "description": "Ship it"},
	}})
	for _, k := range []string{"/", "d", "e"} {
		send(t, c, v.ViewID, map[string]any{"type": "input", "data": k})
	}
	waitView(t, f, "command list", func(st map[string]any) bool {
		return strings.Contains(lines(st), "deploy") && strings.Contains(lines(st), "Ship it")
	})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\t"})
	waitView(t, f, "command taken", func(st map[string]any) bool { return st["text"] == "/deploy " })
	for _, k := range []string{"x", " ", "\t"} {
		send(t, c, v.ViewID, map[string]any{"type": "input", "data": k})
	}
	st := waitView(t, f, "folder list", func(st map[string]any) bool {
		return strings.Contains(lines(st), "zeta-notes.md") && strings.Contains(lines(st), "modal-editor.ts")
	}).State.(map[string]any)
	if st["text"] != "/deploy x " {
		t.Errorf("tab on an empty word changed the text: %q", st["text"])
	}
}

// TestComponentEditorArgumentsAndProviders: an extension's editor
// completes a command's arguments with the getArgumentCompletions of the
// plugin that registered it, and the autocomplete providers of all
// plugins answer in it, as pi stacks them on a custom editor.
func TestComponentEditorArgumentsAndProviders(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	piExample(t, f, "modal-editor.ts")
	f.write("ac.ts", `export default function (pi) {
  pi.registerCommand("deploy", { description: "Ship it", handler: async () => {},
    getArgumentCompletions: (p) => ["prod", "preview", "dev"].filter((n) => n.startsWith(p)).map((n) => ({ value: n, description: "target" })) });
  pi.on("session_start", (_e, ctx) => ctx.ui.addAutocompleteProvider((current) => ({
    getSuggestions: async (lines, line, col, o) => {
      const m = lines[line].slice(0, col).match(/#(\w*)$/);
      return m ? { prefix: m[0], items: [{ value: "#tag-" + m[1], label: "tag " + m[1] }] } : current.getSuggestions(lines, line, col, o);
    },
    applyCompletion: (...a) => current.applyCompletion(...a),
  })));
}
`)
	f.mustBoot("modal-editor.ts", "ac.ts")
	c := uiClient(t, f)
	f.host.Emit(context.Background(), "session_start", map[string]any{"type": "session_start", "reason": "startup"})
	v := waitView(t, f, "editor", func(st map[string]any) bool { return st["kind"] == "editor" })
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 60, "rows": 30})
	send(t, c, v.ViewID, map[string]any{"type": "commands", "commands": []any{map[string]any{"name": "deploy", "description": "Ship it"}}})
	for _, k := range []string{"/", "d", "e", "p", "l", "o", "y", " ", "p"} {
		send(t, c, v.ViewID, map[string]any{"type": "input", "data": k})
	}
	waitView(t, f, "argument list", func(st map[string]any) bool {
		l := lines(st)
		return strings.Contains(l, "prod") && strings.Contains(l, "preview") && strings.Contains(l, "target") && !strings.Contains(l, "dev")
	})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\t"})
	waitView(t, f, "argument taken", func(st map[string]any) bool { return st["text"] == "/deploy prod" })
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x15"}) // ctrl+u: clear the line
	for _, k := range []string{"x", " ", "#", "b"} {
		send(t, c, v.ViewID, map[string]any{"type": "input", "data": k})
	}
	waitView(t, f, "provider list", func(st map[string]any) bool { return strings.Contains(lines(st), "tag b") })
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\t"})
	waitView(t, f, "provider item taken", func(st map[string]any) bool { return st["text"] == "x #tag-b" })
}

func TestComponentOverlayHandleNestedOverlayAndFactoryErrors(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("o.ts", `export default function (pi) {
  pi.registerCommand("o", { handler: async (_a, ctx) => {
    let handle, inner;
    const r = await ctx.ui.custom((tui, theme, kb, done) => ({
      render: () => ["outer"],
      handleInput(d) {
        if (d === "h") handle.setHidden(true);
        if (d === "n") inner = tui.showOverlay({ render: () => ["inner"] }, { anchor: "top-left", nonCapturing: true, visible: () => true });
        if (d === "x") inner.hide();
        if (d === "q") done("bye");
      },
    }), { overlay: true, overlayOptions: () => ({ anchor: "bottom-right", width: "50%" }), onHandle: (h) => { handle = h; } });
    let err;
    try { await ctx.ui.custom(() => { throw new Error("factory broke"); }); } catch (e) { err = e.message; }
    const early = await ctx.ui.custom((tui, theme, kb, done) => { done(42); return { render: () => [] }; });
    ctx.ui.notify(r + " " + err + " " + early + " " + handle.isHidden());
  } });
}
`)
	f.mustBoot("o.ts")
	c := uiClient(t, f)
	errc := make(chan error, 1)
	go func() { errc <- f.host.RunCommand(engine.WithOriginator(context.Background(), "tui"), "/o") }()
	v := waitView(t, f, "outer", func(st map[string]any) bool { return st["kind"] == "custom" })
	if o := fmt.Sprint(v.State.(map[string]any)["overlayOptions"]); o != "map[anchor:bottom-right width:50%]" {
		t.Fatalf("overlayOptions given as a function: %s", o)
	}
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 20})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "h"})
	waitView(t, f, "hidden", func(st map[string]any) bool { return st["hidden"] == true && lines(st) == "outer" })
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "n"})
	in := waitView(t, f, "nested overlay", func(st map[string]any) bool { return st["kind"] == "custom" && lines(st) == "inner" })
	if o := fmt.Sprint(in.State.(map[string]any)["overlayOptions"]); o != "map[anchor:top-left nonCapturing:true]" {
		t.Fatalf("nested overlay options: %s", o)
	}
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "x"})
	waitClosed(t, f, in.ViewID)
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "q"})
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	if got := lastNotification(f); got != "bye factory broke 42 true" {
		t.Fatalf("results, a throwing factory rejects custom(), done() in the factory: %q", got)
	}
	for _, v := range f.host.Views().Open() {
		if v.Component == "pi.component" {
			t.Fatalf("left open: %+v", v)
		}
	}
}

func TestComponentPiQuestionnaireExample(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	piExample(t, f, "questionnaire.ts")
	f.mustBoot("questionnaire.ts")
	c := uiClient(t, f)
	args := map[string]any{"questions": []any{map[string]any{"id": "db", "prompt": "Which database?",
		"options": []any{map[string]any{"value": "pg", "label": "Postgres"}, map[string]any{"value": "sqlite", "label": "SQLite"}}}}}
	type out struct {
		r   engine.ToolResult
		err error
	}
	done := make(chan out, 1)
	go func() {
		r, err := f.host.RunTool(engine.WithOriginator(context.Background(), "tui"), "questionnaire",
			engine.ToolCall{ID: "q1", Params: args, Context: map[string]any{"cwd": f.dir}})
		done <- out{r, err}
	}()
	v := waitView(t, f, "questionnaire", func(st map[string]any) bool { return st["kind"] == "custom" })
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 60, "rows": 30})
	waitView(t, f, "options", func(st map[string]any) bool { return strings.Contains(visible(lines(st)), "SQLite") })
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[B"}) // down
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\r"})
	var o out
	select {
	case o = <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("the tool should finish; view: %v", f.host.Views().Open())
	}
	if o.err != nil || !strings.Contains(o.r.Text(), "SQLite") {
		t.Fatalf("the answer reaches the tool result: %q %v", o.r.Text(), o.err)
	}
	got, err := piapi.Of(f.host).RenderTool(context.Background(), "questionnaire", piapi.ToolRender{Phase: "result", ToolCallID: "q1",
		Args: args, Result: o.r.Data(), Width: 40})
	if err != nil || !strings.Contains(visible(strings.Join(got, "\n")), "SQLite") {
		t.Fatalf("its renderResult draws the answer: %q %v", got, err)
	}
}

func TestComponentPiSpaceInvadersWantsKeyRelease(t *testing.T) {
	t.Parallel()
	// The game's frames are heavy for goja: budgets a loaded machine
	// under -race keeps within (the default interrupted a render once).
	long := 30 * time.Second
	f := newFixture(t, engine.Options{Budgets: engine.Budgets{Contribution: long, Hook: long, Listener: long}})
	piExample(t, f, "space-invaders.ts")
	f.mustBoot("space-invaders.ts")
	c := uiClient(t, f)
	errc := make(chan error, 1)
	go func() { errc <- f.host.RunCommand(engine.WithOriginator(context.Background(), "tui"), "/invaders") }()
	v := waitView(t, f, "invaders", func(st map[string]any) bool { return st["kind"] == "custom" })
	if v.State.(map[string]any)["wantsKeyRelease"] != true {
		t.Fatalf("the component asks for key releases: %v", v.State)
	}
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 80, "rows": 40})
	waitView(t, f, "board", func(st map[string]any) bool { return len(st["lines"].([]any)) > 5 })
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[97;1:3u"}) // a release: delivered, ignored by the game
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "q"})
	select {
	case err := <-errc:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("q should end the game")
	}
}

func TestComponentPiFooterAndHeaderExamples(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	piExample(t, f, "custom-footer.ts")
	piExample(t, f, "custom-header.ts")
	f.mustBoot("custom-footer.ts", "custom-header.ts")
	c := uiClient(t, f)
	f.host.Emit(context.Background(), "session_start", map[string]any{"type": "session_start", "reason": "startup"})
	h := waitView(t, f, "header", func(st map[string]any) bool { return st["kind"] == "header" })
	send(t, c, h.ViewID, map[string]any{"type": "render", "width": 50})
	waitView(t, f, "mascot", func(st map[string]any) bool { return strings.Contains(visible(lines(st)), "shitty coding agent") })
	if err := f.host.RunCommand(context.Background(), "/footer"); err != nil {
		t.Fatal(err)
	}
	ft := waitView(t, f, "footer", func(st map[string]any) bool { return st["kind"] == "footer" })
	send(t, c, ft.ViewID, map[string]any{"type": "render", "width": 50})
	st := waitView(t, f, "footer line", func(st map[string]any) bool { return len(st["lines"].([]any)) == 1 }).State.(map[string]any)
	if l := visible(lines(st)); len([]rune(l)) != 50 || !strings.HasPrefix(l, "↑0 ↓0 $0.000") || !strings.Contains(l, "no-model") {
		t.Fatalf("custom-footer's line: %q", l)
	}
	if err := f.host.RunCommand(context.Background(), "/footer"); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, f, ft.ViewID)
	if err := f.host.RunCommand(context.Background(), "/builtin-header"); err != nil {
		t.Fatal(err)
	}
	waitClosed(t, f, h.ViewID)
}

func TestComponentSlotsSetBeforeAClientDrawsThem(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("a.ts", `export default function (pi) {
  pi.registerCommand("a", { handler: async (_args, ctx) => {
    ctx.ui.setFooter(() => ({ render: () => ["footer A"] }));
    ctx.ui.setHeader(() => ({ render: () => ["header A"] }));
    ctx.ui.setWidget("w", () => ({ render: () => ["widget A"] }), { placement: "belowEditor" });
  } });
}
`)
	f.write("b.ts", `export default function (pi) {
  pi.registerCommand("b", { handler: async (_args, ctx) => {
    ctx.ui.setFooter(() => ({ render: () => ["footer B"] }));
    ctx.ui.setHeader(undefined);
  } });
}
`)
	f.mustBoot("a.ts", "b.ts")
	for _, cmd := range []string{"/a", "/b"} {
		if err := f.host.RunCommand(context.Background(), cmd); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(f.host.Views().Find(piapi.ComponentView, func(any) bool { return true })); n != 0 {
		t.Fatalf("no client draws components yet: %d views", n)
	}
	c := uiClient(t, f)
	ft := waitView(t, f, "footer", func(st map[string]any) bool { return st["kind"] == "footer" })
	w := waitView(t, f, "widget", func(st map[string]any) bool { return st["kind"] == "widget" })
	if ft.State.(map[string]any)["plugin"] != "b" || w.State.(map[string]any)["placement"] != "belowEditor" {
		t.Fatalf("the last footer set wins; the widget keeps its placement: %v %v", ft.State, w.State)
	}
	send(t, c, ft.ViewID, map[string]any{"type": "render", "width": 20})
	waitView(t, f, "footer B", func(st map[string]any) bool { return lines(st) == "footer B" })
	time.Sleep(100 * time.Millisecond)
	for _, v := range f.host.Views().Open() {
		if st, _ := v.State.(map[string]any); v.Component == piapi.ComponentView && st["kind"] == "header" {
			t.Fatalf("the header was cleared after it was set: %v", st)
		}
	}
	if n := len(f.host.Views().Find(piapi.ComponentView, func(any) bool { return true })); n != 2 {
		t.Fatalf("footer and widget: %d views", n)
	}
}

func TestComponentRenderLoopIsFrameLimited(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("spin.ts", `export default function (pi) {
  pi.registerCommand("spin", { handler: async (_args, ctx) => {
    ctx.ui.setWidget("spin", (tui) => {
      let n = 0;
      return { render: (w) => { n++; tui.requestRender(); return ["render " + n]; } };
    });
  } });
}
`)
	f.mustBoot("spin.ts")
	c := uiClient(t, f)
	if err := f.host.RunCommand(context.Background(), "/spin"); err != nil {
		t.Fatal(err)
	}
	v := waitView(t, f, "spin", func(st map[string]any) bool { return st["key"] == "spin" })
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 10})
	count := func() int {
		var n int
		for _, o := range f.host.Views().Open() {
			if o.ViewID == v.ViewID {
				fmt.Sscanf(lines(o.State.(map[string]any)), "render %d", &n)
			}
		}
		return n
	}
	waitView(t, f, "rendering", func(st map[string]any) bool { return strings.HasPrefix(lines(st), "render ") })
	start, n0 := time.Now(), count()
	time.Sleep(400 * time.Millisecond)
	n, elapsed := count()-n0, time.Since(start)
	if n < 3 || n > int(elapsed/(16*time.Millisecond))+2 {
		t.Fatalf("a component asking for a render from render() redraws about every 16ms: %d renders in %v", n, elapsed)
	}
	if err := f.host.RunCommand(context.Background(), "/spin"); err != nil {
		t.Fatalf("the plugin keeps serving: %v", err)
	}
}

// TestComponentMouse: a component that handles the mouse (here a
// MouseRegion in a Container) says so in its state and gets the client's
// mouse events: a Container gives each to the child on its row, in the
// child's coordinates; a press taken with capture gets the gesture's
// drags and release, wherever they are. A component without mouse
// handling, or a Container of such, says it takes none.
func TestComponentMouse(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("mouse.ts", `import { Container, MouseRegion } from "@earendil-works/pi-tui";
export default function (pi) {
  pi.registerCommand("ui", { handler: async (_args, ctx) => {
    ctx.ui.setWidget("m", (tui) => {
      const log: string[] = [];
      const c = new Container();
      c.addChild({ render: () => ["title"] });
      c.addChild(new MouseRegion({ render: () => ["log " + log.join(" ")], invalidate() {} }, (e) => {
        log.push(e.type + "@" + e.x + "," + e.y + "/" + e.height + (e.wheelDelta ? ":" + e.wheelDelta : ""));
        return e.type === "press" ? { capture: true } : { handled: true };
      }));
      return c;
    });
    ctx.ui.setWidget("plain", () => ({ render: () => ["plain"] }));
    ctx.ui.setWidget("boxed", () => { const c = new Container(); c.addChild({ render: () => ["no mouse"] }); return c; });
  } });
}
`)
	f.mustBoot("mouse.ts")
	c := uiClient(t, f)
	if err := f.host.RunCommand(context.Background(), "/ui"); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, key := range []string{"m", "plain", "boxed"} {
		v := waitView(t, f, key, func(st map[string]any) bool { return st["kind"] == "widget" && st["key"] == key })
		ids[key] = v.ViewID
		send(t, c, v.ViewID, map[string]any{"type": "render", "width": 30, "rows": 20})
	}
	for key, want := range map[string]bool{"m": true, "plain": false, "boxed": false} {
		waitView(t, f, key+" rendered", func(st map[string]any) bool {
			return st["key"] == key && len(st["lines"].([]any)) > 0 && st["mouse"] == want
		})
	}
	ev := func(typ string, x, y int) map[string]any {
		e := map[string]any{"type": typ, "button": "left", "x": x, "y": y, "screenX": x + 2, "screenY": y + 10, "width": 30, "height": 2,
			"shift": false, "alt": false, "ctrl": false}
		if typ == "wheel" {
			e["button"], e["wheelDelta"] = "none", -2
		}
		return map[string]any{"type": "mouse", "event": e}
	}
	send(t, c, ids["m"], ev("wheel", 0, 0)) // the title takes no mouse
	send(t, c, ids["m"], ev("wheel", 3, 1))
	send(t, c, ids["m"], ev("press", 4, 1))
	send(t, c, ids["m"], ev("drag", 6, 5)) // off the region: the press captured it
	send(t, c, ids["m"], ev("release", 6, 5))
	want := "title\nlog wheel@3,0/1:-2 press@4,0/1 drag@6,4/1 release@6,4/1"
	waitView(t, f, "the events", func(st map[string]any) bool { return st["key"] == "m" && lines(st) == want })
	send(t, c, ids["m"], map[string]any{"type": "mouse"})
	waitView(t, f, "an error for a mouse message without its event", func(st map[string]any) bool {
		return st["key"] == "m" && strings.Contains(fmt.Sprint(st["error"]), `"event"`)
	})
}

// TestComponentImageFollowsTheClient: pi-tui's Image in a component
// draws with the inline image protocol the client's render message
// names (kitty's sequence on its first row, its rows reserved), and its
// text fallback when the client draws none.
func TestComponentImageFollowsTheClient(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	// a 2×1 PNG
	f.write("img.ts", `import { Image } from "@earendil-works/pi-tui";
const png = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGNgYGD4z8DAwMAAAAYAAf4wM3gAAAAASUVORK5CYII=";
export default function (pi) {
  pi.registerCommand("ui", { handler: async (_args, ctx) => {
    ctx.ui.setWidget("pic", () => new Image(png, "image/png", { fallbackColor: (s) => s }, { maxWidthCells: 8 }));
  } });
}
`)
	f.mustBoot("img.ts")
	c := uiClient(t, f)
	if err := f.host.RunCommand(context.Background(), "/ui"); err != nil {
		t.Fatal(err)
	}
	v := waitView(t, f, "pic", func(st map[string]any) bool { return st["key"] == "pic" })
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 30, "rows": 20, "images": ""})
	waitView(t, f, "the fallback", func(st map[string]any) bool {
		return st["key"] == "pic" && st["width"] == 30 && strings.Contains(lines(st), "[Image: [image/png] 2x1]")
	})
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 40, "rows": 20, "images": "kitty"})
	waitView(t, f, "kitty's sequence", func(st map[string]any) bool {
		return st["key"] == "pic" && st["width"] == 40 && strings.HasPrefix(lines(st), "\x1b_Ga=T,f=100")
	})
}

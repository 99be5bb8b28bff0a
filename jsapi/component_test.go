package jsapi_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

// Extension components as "pi.component" views: a UI client asks for
// render(width), sends keys, and receives lines as view state.

// uiClient attaches a client that shows UI.
func uiClient(t *testing.T, f *fixture) *engine.ScriptedClient {
	t.Helper()
	c := engine.NewScriptedClient(f.host.Views(), "tui", func(string, map[string]any) any { return nil })
	if err := f.host.Views().Attach(c); err != nil {
		t.Fatal(err)
	}
	return c
}

// waitView waits for an open pi.component view whose state satisfies ok.
func waitView(t *testing.T, f *fixture, what string, ok func(st map[string]any) bool) engine.ViewSnapshot {
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

func send(t *testing.T, c *engine.ScriptedClient, id string, msg map[string]any) {
	t.Helper()
	if err := c.SendUp(id, msg); err != nil {
		t.Fatal(err)
	}
}

func lastNotification(f *fixture) string {
	ns, _ := f.host.Pi().UI().State()["notifications"].([]any)
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
	send(t, c, v.ViewID, map[string]any{"type": "render", "width": 12, "rows": 30})
	waitView(t, f, "first frame", func(st map[string]any) bool {
		return lines(st) == "x=0\n------------" && fmt.Sprint(st["width"]) == "12"
	})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[C"})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[C"})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[D"})
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "\x1b[C"})
	got := waitView(t, f, "after keys", func(st map[string]any) bool { return strings.HasPrefix(lines(st), "x=2\n") })
	if seq := got.State.(map[string]any)["seq"].(int); seq < 5 {
		t.Fatalf("seq counts renders: %v", seq)
	}
	send(t, c, v.ViewID, map[string]any{"type": "input", "data": "q"})
	if err := <-errc; err != nil {
		t.Fatal(err)
	}
	waitClosed(t, f, v.ViewID)
	if got := lastNotification(f); got != `result {"x":2,"cols":12,"rows":30}` {
		t.Fatalf("custom() resolves with done's result: %q", got)
	}
	var closed *engine.SyncMessage
	for _, m := range c.Messages() {
		if m.Type == "view_closed" && m.ViewID == v.ViewID {
			closed = &m
		}
	}
	if closed == nil || fmt.Sprint(closed.Result) != "map[cols:12 rows:30 x:2]" {
		t.Fatalf("view closes with the result: %+v", closed)
	}
}

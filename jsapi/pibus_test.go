package jsapi_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/piapi"
)

// pi.events request/reply: a handler in the emitter's own runtime runs
// inside emit (pi's EventEmitter semantics), one in another extension gets
// the payload's functions and ctx as handles that call back into the
// emitter.
func TestPiEventsRequestReply(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("a.ts", `export default function (pi) {
  const order = [];
  pi.events.on("self", (d) => { order.push("h1"); d.reply(d.n + 1); });
  pi.events.on("self", async (d) => { order.push("h2"); await null; order.push("h2 after await"); });
  pi.events.on("self", () => { throw new Error("boom"); });
  const off = pi.events.on("self", () => order.push("unsubscribed handler ran"));
  off();
  pi.registerCommand("ask", { handler: async (args, ctx) => {
    let sync;
    const cyclic = { n: 1, reply: (x) => { sync = x; } };
    cyclic.self = cyclic; // cannot cross to b: only a's own handlers see it
    pi.events.emit("self", cyclic);
    order.push("emit returned");
    for (let i = 1; i <= 4; i++) pi.events.emit("seq", i);
    pi.events.emit("seq");
    const got = await new Promise((resolve) => pi.events.emit("req", { q: args, reply: resolve, ctx }));
    ctx.ui.notify("sync=" + sync + " order=" + order.join(",") + " reply=" + JSON.stringify(got));
  } });
}
`)
	f.write("b.ts", `export default function (pi) {
  const seq = [];
  pi.events.on("self", () => seq.push("self"));
  pi.events.on("seq", async (i) => {
    if (i === 1) await new Promise(() => {}); // a pending handler holds nothing back
    seq.push(i === undefined ? "undefined" : i);
    if (seq.length === 4) pi.sendMessage({ customType: "seq", content: seq.join(","), display: true });
  });
  pi.events.on("req", async (d) => {
    d.ctx.ui.notify("from b via a's ctx: cwd " + (typeof d.ctx.cwd) + " " + (typeof d.ctx.sessionManager.getEntries));
    const r = await d.reply({ a: d.q + "!" });
    d.ctx.ui.notify("reply returned " + r);
  });
}
`)
	f.mustBoot("a.ts", "b.ts")
	if err := f.host.RunCommand(context.Background(), "/ask hi"); err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		`from b via a's ctx: cwd string function`:                           false,
		`sync=2 order=h1,h2,emit returned,h2 after await reply={"a":"hi!"}`: false,
		`reply returned null`:                                               false,
	}
	waitFor(t, "ordered delivery to b", func() bool {
		for _, c := range piapi.Of(f.host).Calls() {
			if c.Plugin == "b" && c.Op == "sendMessage" {
				m, _ := c.Args[0].(map[string]any)
				if m["content"] != "2,3,4,undefined" {
					t.Fatalf("b got %v", m["content"])
				}
				return true
			}
		}
		return false
	})
	warned := false
	for _, p := range f.host.Plugins() {
		for _, d := range p.Log {
			warned = warned || p.ID == "a" && strings.Contains(d.Text, `pi.events.emit("self"): not delivered to other extensions`)
		}
	}
	if !warned {
		t.Error("no warning for the payload that could not cross")
	}
	waitFor(t, "bus replies", func() bool {
		ns, _ := piapi.Of(f.host).UI().State()["notifications"].([]any)
		for _, n := range ns {
			m := n.(map[string]any)
			if _, ok := want[m["message"].(string)]; ok && m["plugin"] == "a" {
				want[m["message"].(string)] = true
			}
		}
		for _, ok := range want {
			if !ok {
				return false
			}
		}
		return true
	})
}

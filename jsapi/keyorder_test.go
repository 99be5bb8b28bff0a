package jsapi_test

import (
	"context"
	"testing"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// Objects an extension writes out (appendEntry data, a tool result's
// details, read back by the extension) keep the key order JavaScript
// gave them, integer-like keys first as in JavaScript, where Go maps
// would sort them.
func TestDataKeepsJSKeyOrder(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("order.ts", `export default function (pi) {
  const data = () => ({ z: 1, a: 2, "2": "two", "1": "one", m: { y: 1, b: [{ q: 1, c: 2 }] }, fn: undefined });
  pi.registerCommand("save", { handler: async (_args, ctx) => {
    pi.appendEntry("order", data());
    const e = ctx.sessionManager.getEntries().find((e) => e.customType === "order");
    ctx.ui.notify(JSON.stringify(e.data));
  } });
  pi.registerTool({ name: "probe", label: "Probe", description: "d", parameters: { type: "object", properties: {} },
    async execute() { return { content: [{ type: "text", text: "ok" }], details: data() }; } });
}
`)
	f.mustBoot("order.ts")
	const want = `{"1":"one","2":"two","z":1,"a":2,"m":{"y":1,"b":[{"q":1,"c":2}]}}`
	if err := f.host.RunCommand(context.Background(), "/save"); err != nil {
		t.Fatal(err)
	}
	var stored any
	for _, e := range piapi.Of(f.host).Session().Entries() {
		if e["customType"] == "order" {
			stored = e["data"]
		}
	}
	if got := jsjson.Stringify(stored); got != want {
		t.Errorf("stored data %s, want %s", got, want)
	}
	waitFor(t, "the extension reads its entry back", func() bool {
		ns, _ := piapi.Of(f.host).UI().State()["notifications"].([]any)
		return len(ns) == 1 && ns[0].(map[string]any)["message"] == want
	})
	r, err := f.runTool("probe", map[string]any{})
	if err != nil {
		t.Fatal(err)
	}
	if got := jsjson.Stringify(r.Details); got != want {
		t.Errorf("tool details %s, want %s", got, want)
	}
}

// A handler that reads an ordered value of a lazy payload (the context
// event's messages) and so makes it a JS object hands it back in its
// order, edits included.
func TestLazyPayloadKeepsKeyOrder(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("ctx.ts", `export default function (pi) {
  pi.on("context", (e) => { e.messages[0].details.seen = e.messages[0].details.z; });
}
`)
	f.mustBoot("ctx.ts")
	details, err := jsjson.Parse([]byte(`{"z":1,"a":{"y":1,"b":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	msg := map[string]any{"role": "custom", "customType": "c", "content": "x", "details": details, "timestamp": 0.0}
	lazy := engine.WithLazyPayload(context.Background(), "context", "messages") // as the agent loop runs it
	out := f.host.RunHook(lazy, "context", map[string]any{"type": "context", "messages": []any{msg}})
	ev, _ := out.Value.(map[string]any)
	ms, _ := ev["messages"].([]any)
	if len(ms) != 1 {
		t.Fatalf("messages %v", ev)
	}
	if got := jsjson.Stringify(ms[0].(map[string]any)["details"]); got != `{"z":1,"a":{"y":1,"b":2},"seen":1}` {
		t.Errorf("details %s", got)
	}
}

// A handler given an ordered payload member (tool_call's input: the
// model's arguments) hands it back in its order, edits included.
func TestHookPayloadKeepsKeyOrder(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("gate.ts", `export default function (pi) {
  pi.on("tool_call", (e) => { e.input.added = e.input.z; });
}
`)
	f.mustBoot("gate.ts")
	input, err := jsjson.Parse([]byte(`{"z":1,"a":{"y":1,"b":2}}`))
	if err != nil {
		t.Fatal(err)
	}
	out := f.host.RunHook(context.Background(), "tool_call", map[string]any{"type": "tool_call", "toolName": "t", "toolCallId": "c", "input": input})
	ev, _ := out.Value.(map[string]any)
	if got := jsjson.Stringify(ev["input"]); got != `{"z":1,"a":{"y":1,"b":2},"added":1}` {
		t.Errorf("input %s", got)
	}
}

// Handlers get pi's event objects in pi's key order (JSON.stringify,
// Object.keys): the event's own keys as pi's extension runner builds
// them, the messages and blocks in them in the session file's order, both
// when the payload is converted and when it is handed over as views.
func TestHandlerEventKeyOrder(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("rec.ts", `export default function (pi) {
  for (const name of ["message_update", "tool_result", "turn_end"]) {
    pi.on(name, (e, ctx) => { ctx.ui.notify(JSON.stringify(e)); });
  }
}
`)
	f.mustBoot("rec.ts")
	msg := func() map[string]any {
		return map[string]any{"timestamp": 1.0, "toolName": "t", "role": "toolResult", "durationMs": 2.0, "isError": false,
			"content": []any{map[string]any{"text": "x", "type": "text"}}, "toolCallId": "c", "details": map[string]any{}}
	}
	f.host.Emit(context.Background(), "message_update", map[string]any{"type": "message_update",
		"assistantMessageEvent": map[string]any{"type": "text_delta", "delta": "x", "contentIndex": 0.0}, "message": msg()})
	f.host.RunHook(context.Background(), "tool_result", map[string]any{"type": "tool_result", "toolCallId": "c", "toolName": "t",
		"input": map[string]any{}, "content": []any{}, "isError": false, "details": nil})
	lazy := engine.WithLazyPayload(context.Background(), "turn_end", "message", "toolResults")
	f.host.RunHook(lazy, "turn_end", map[string]any{"type": "turn_end", "toolResults": []any{msg()}, "turnIndex": 0.0, "message": msg()})
	const m = `{"role":"toolResult","toolCallId":"c","toolName":"t","content":[{"type":"text","text":"x"}],"details":{},"isError":false,"durationMs":2,"timestamp":1}`
	want := []string{
		`{"type":"message_update","message":` + m + `,"assistantMessageEvent":{"type":"text_delta","contentIndex":0,"delta":"x"}}`,
		`{"type":"tool_result","toolName":"t","toolCallId":"c","input":{},"content":[],"details":null,"isError":false}`,
		`{"type":"turn_end","turnIndex":0,"message":` + m + `,"toolResults":[` + m + `]}`,
	}
	var ns []any
	waitFor(t, "three events", func() bool {
		ns, _ = piapi.Of(f.host).UI().State()["notifications"].([]any)
		return len(ns) == 3
	})
	for i := range want {
		if got := ns[i].(map[string]any)["message"]; got != want[i] {
			t.Errorf("event %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
}

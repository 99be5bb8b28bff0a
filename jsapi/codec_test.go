package jsapi_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
)

// Converting a JS value to Go reads every property once, however deep:
// the old codec exported each object's whole subtree just to check its
// type, which ran a deep getter once per enclosing object (and made a
// large event cost its size times its depth).
func TestToGoReadsEachPropertyOnce(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("deep.js", `export default function (pi) {
  let reads = 0;
  pi.hook("probe", (e) => {
    if (e.count) return { reads };
    let v = { leaf: "x".repeat(e.size) };
    Object.defineProperty(v, "counted", { enumerable: true, get() { reads++; return 1; } });
    for (let i = 0; i < e.depth; i++) v = { level: i, child: v, list: [i, { s: "é" }] };
    return { deep: v, bytes: new Uint8Array([104, 105]), buffer: new Uint8Array([111, 107]).buffer };
  });
}
`)
	f.mustBoot("deep.js")
	const depth, size = 60, 1 << 20 // a 1 MB string 60 levels down
	out := f.host.RunHook(context.Background(), "probe", map[string]any{"depth": float64(depth), "size": float64(size)})
	if len(out.Errors) > 0 {
		t.Fatal(out.Errors)
	}
	var want any = map[string]any{"leaf": strings.Repeat("x", size), "counted": 1.0}
	for i := range depth {
		want = map[string]any{"level": float64(i), "child": want, "list": []any{float64(i), map[string]any{"s": "é"}}}
	}
	got, _ := out.Value.(map[string]any) // no Fold: the result replaces the payload
	if !reflect.DeepEqual(got["deep"], want) {
		t.Fatalf("deep object converted wrongly: %.300v", got)
	}
	if got["bytes"] != "hi" || got["buffer"] != "ok" {
		t.Fatalf("byte containers: %q %q", got["bytes"], got["buffer"])
	}
	out = f.host.RunHook(context.Background(), "probe", map[string]any{"count": true})
	if r, _ := out.Value.(map[string]any); r["reads"] != 1.0 {
		t.Fatalf("the getter %v levels down ran %v times, want 1", depth, r["reads"])
	}
}

// A context handler that returns {messages} replaces the event, so the
// event is not converted back; one that returns nothing may have mutated
// it in place, so it is.
func TestContextHookConvertsEventOnlyWhenUsed(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("ctx.ts", `export default function (pi) {
  let reads = 0;
  pi.on("context", (e) => {
    Object.defineProperty(e, "probe", { enumerable: true, get() { reads++; return 1; } });
    if (e.messages[0].content === "replace") return { messages: [{ role: "user", content: "new", timestamp: 1 }] };
    e.messages.push({ role: "user", content: "pushed", timestamp: 2 });
  });
  pi.on("before_provider_request", (e) => { if (e.payload.count) return { reads }; });
}
`)
	f.mustBoot("ctx.ts")
	reads := func() any {
		out := hookResult(t, f.host, "before_provider_request", map[string]any{"type": "before_provider_request", "payload": map[string]any{"count": true}})
		return out.Result.(map[string]any)["reads"]
	}
	msg := func(content string) map[string]any {
		return map[string]any{"role": "user", "content": content, "timestamp": 0.0}
	}

	out := hookResult(t, f.host, "context", map[string]any{"type": "context", "messages": []any{msg("replace")}})
	ms, _ := out.Result.(map[string]any)["messages"].([]any)
	if len(ms) != 1 || ms[0].(map[string]any)["content"] != "new" {
		t.Fatalf("replaced messages: %v", out.Result)
	}
	if n := reads(); n != 0.0 {
		t.Fatalf("a replaced event was converted (%v reads)", n)
	}

	out = hookResult(t, f.host, "context", map[string]any{"type": "context", "messages": []any{msg("keep")}})
	if out.Result != nil {
		t.Fatalf("no result expected: %v", out.Result)
	}
	ev, _ := out.Value.(map[string]any)
	ms, _ = ev["messages"].([]any)
	if len(ms) != 2 || ms[1].(map[string]any)["content"] != "pushed" || ev["probe"] != 1.0 {
		t.Fatalf("in-place mutation lost: %v", ev)
	}
	if n := reads(); n != 1.0 {
		t.Fatalf("the mutated event was read %v times, want 1", n)
	}
}

// history1MB is a conversation of about 1 MB shaped like a coding session
// (user request, assistant text and tool call, tool result).
func history1MB() []any {
	var ms []any
	code := strings.Repeat("func f(x int) int { return x * 2 } // ünïcode\n", 50)
	for i := 0; len(ms) < 972; i++ {
		ms = append(ms,
			map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": strings.Repeat("please fix ", 20)}}, "timestamp": float64(i)},
			map[string]any{"role": "assistant", "content": []any{
				map[string]any{"type": "text", "text": "Reading the file."},
				map[string]any{"type": "toolCall", "id": "call_" + strings.Repeat("x", 8), "name": "read", "arguments": map[string]any{"path": "src/main.go"}},
			}, "api": "openai-completions", "provider": "mock", "model": "mock-1", "stopReason": "toolUse", "timestamp": float64(i),
				"usage": map[string]any{"input": 1.0, "output": 2.0, "cacheRead": 0.0, "cacheWrite": 0.0, "totalTokens": 3.0,
					"cost": map[string]any{"input": 0.0, "output": 0.0, "cacheRead": 0.0, "cacheWrite": 0.0, "total": 0.0}}},
			map[string]any{"role": "toolResult", "toolCallId": "call_x", "toolName": "read", "content": []any{map[string]any{"type": "text", "text": code}},
				"isError": false, "timestamp": float64(i)},
		)
	}
	return ms
}

// BenchmarkContextHook1MB is one context hook call over a 1 MB history:
// a listener that only reads, a filter that returns new messages, and a
// handler that changes one message in place. "eager" converts the whole
// event both ways; "lazy" hands it over as views (engine.WithLazyPayload),
// as the agent loop does.
func BenchmarkContextHook1MB(b *testing.B) {
	dir := b.TempDir()
	for _, c := range []struct{ name, src string }{
		{"noop", `export default function (pi) { pi.on("context", (e) => { e.messages.length; }); }`},
		{"filter", `export default function (pi) {
  pi.on("context", (e) => ({ messages: e.messages.filter((m, i) => m.role !== "toolResult" || i >= e.messages.length - 20) }));
}`},
		{"mutate", `export default function (pi) {
  pi.on("context", (e) => { e.messages[e.messages.length - 1].content[0].text += "!"; });
}`},
	} {
		p := filepath.Join(dir, c.name+".ts")
		if err := os.WriteFile(p, []byte(c.src), 0o644); err != nil {
			b.Fatal(err)
		}
		for _, lazy := range []bool{false, true} {
			mode := "eager"
			if lazy {
				mode = "lazy"
			}
			b.Run(c.name+"/"+mode, func(b *testing.B) {
				h := bootAll(b, jsapi.New(jsapi.Options{}), []string{p})
				defer h.Close(context.Background())
				msgs := history1MB()
				ctx := context.Background()
				if lazy {
					ctx = engine.WithLazyPayload(ctx, "context", "messages")
				}
				b.ResetTimer()
				for range b.N {
					out := h.RunHook(ctx, "context", map[string]any{"type": "context", "messages": msgs})
					if len(out.Errors) > 0 {
						b.Fatal(out.Errors)
					}
				}
			})
		}
	}
}

// BenchmarkClone1MB is a Go deep copy of the same history (engine.Clone),
// which the agent makes once per turn before the context hook: a view
// over it needs no copy of its own.
func BenchmarkClone1MB(b *testing.B) {
	msgs := history1MB()
	b.ReportAllocs()
	for range b.N {
		_ = engine.Clone(msgs)
	}
}

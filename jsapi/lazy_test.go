package jsapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// lazyData is a small conversation plus an object with awkward keys and
// one with many.
func lazyData() map[string]any {
	wide := map[string]any{}
	for i := range 40 {
		wide[fmt.Sprintf("k%02d", i)] = map[string]any{"i": float64(i)}
	}
	return map[string]any{
		"messages": []any{
			map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "hello ünïcode"}}, "timestamp": 1.0},
			map[string]any{"role": "assistant", "content": []any{
				map[string]any{"type": "text", "text": "reading"},
				map[string]any{"type": "toolCall", "id": "c1", "name": "read", "arguments": map[string]any{"path": "a.go"}},
			}, "usage": map[string]any{"input": 1.0, "output": 2.0}, "stopReason": "toolUse", "timestamp": 2.0},
			map[string]any{"role": "toolResult", "toolCallId": "c1", "content": []any{map[string]any{"type": "text", "text": "package a"}},
				"isError": false, "timestamp": 3.0},
		},
		"meta": map[string]any{"b": 1.0, "a": nil, "10": "ten", "2": "two", "z": []any{}, "e": map[string]any{}, "t": true},
		"wide": wide,
	}
}

// lazyScenarios are run on a view (e.lazy) and on a converted copy of the
// same data (e.eager); both must give the same results and end in the
// same state. Each is the body of a function of x.
var lazyScenarios = map[string]string{
	"types": `return [Array.isArray(x.messages), Array.isArray(x.meta), x.messages.length, typeof x.messages, typeof x.meta,
  x.messages instanceof Array, x.messages instanceof Object, x.meta instanceof Object, x.meta instanceof Array,
  Object.prototype.toString.call(x.messages), Object.prototype.toString.call(x.meta), String(x.meta), x.meta.constructor === Object,
  Object.getPrototypeOf(x.messages) === Array.prototype, typeof x.messages.map, x.meta.a === null, x.meta.nope === undefined];`,
	"index": `return [x.messages[0].role, x.messages[2].content[0].text, x.messages[5], x.messages[-1], x.messages["1"].stopReason,
  x.messages[1].content[1].arguments.path, x.meta[10], x.meta["2"], x.messages.at(-1).role];`,
	"identity": `return [x.messages[0] === x.messages[0], x.messages[1].content === x.messages[1].content,
  x.messages.indexOf(x.messages[2]), x.messages.includes(x.messages[1]), x.messages[0] === x.messages[1]];`,
	"iterate": `const r = [];
for (const m of x.messages) r.push(m.role);
for (const i in x.messages) r.push(i);
for (const k in x.meta) r.push(k);
x.messages.forEach((m, i) => r.push(i + ":" + m.timestamp));
for (const [i, m] of x.messages.entries()) r.push(i + m.role);
return r;`,
	"arrayMethods": `return [x.messages.map(m => m.role), x.messages.filter(m => m.role !== "user").length,
  x.messages.slice(1).map(m => m.timestamp), x.messages.find(m => m.role === "toolResult").toolCallId,
  x.messages.findIndex(m => m.role === "assistant"), x.messages.some(m => m.isError), x.messages.every(m => m.timestamp > 0),
  x.messages.reduce((n, m) => n + m.timestamp, 0), x.messages.concat([1]).length, Array.from(x.messages).length,
  [...x.messages].length, x.messages.flatMap(m => m.content).map(c => c.type), x.messages.map(m => m.role).join(","),
  x.messages.lastIndexOf(x.messages[0]), Array.prototype.slice.call(x.messages, -1)[0].role];`,
	"keys": `return [Object.keys(x.meta), Object.entries(x.meta).map(([k, v]) => k + "=" + JSON.stringify(v)),
  Object.values(x.messages[0]).length, Object.keys(x.messages), Object.getOwnPropertyNames(x.messages),
  Reflect.ownKeys(x.meta), Object.keys(x.messages[1]), Object.entries(x.messages).length,
  JSON.stringify(Object.getOwnPropertyDescriptor(x.meta, "b")), Object.keys(x.meta.e), Object.keys(x.meta.z)];`,
	"spread": `const m = { ...x.messages[1] };
const a = [...x.messages];
return [Object.keys(m), a.length, a[0] === x.messages[0], m.usage === x.messages[1].usage, JSON.stringify({ ...x.meta, extra: 1 }),
  Object.assign({}, x.messages[0]).role, JSON.stringify(Object.fromEntries(Object.entries(x.meta)))];`,
	"json": `return [JSON.stringify(x), JSON.stringify(x.messages, null, 2), JSON.stringify(x.meta, ["a", "b", "10"]),
  JSON.parse(JSON.stringify(x.messages))[1].usage.output, JSON.stringify({ wrapped: x.messages[1].content }),
  JSON.stringify(x, (k, v) => k === "content" ? undefined : v)];`,
	"structuredClone": `const c = structuredClone(x);
c.messages[0].role = "changed";
c.meta.added = 1;
return [JSON.stringify(c), Array.isArray(c.messages), x.messages[0].role, "added" in x.meta, JSON.stringify(structuredClone(x.meta)),
  structuredClone(x.messages[1]).content[1].arguments.path];`,
	"in": `return ["role" in x.messages[0], "nope" in x.messages[0], 0 in x.messages, 3 in x.messages, "length" in x.messages,
  "toString" in x.meta, x.messages[0].hasOwnProperty("role"), Object.hasOwn(x.meta, "10"), Object.hasOwn(x.meta, "nope"),
  x.meta.propertyIsEnumerable("b"), "a" in x.meta];`,
	"delete": `const r = [delete x.messages[0].timestamp, delete x.meta.b, delete x.meta.nope];
r.push(Object.keys(x.messages[0]), "timestamp" in x.messages[0], Object.keys(x.meta), x.meta.b);
return r;`,
	"assign": `x.messages[0].extra = { n: 1 };
x.meta["1"] = "one";
x.meta.c = 3;
x.meta.a = undefined;
x.meta.b = { nested: [1, 2] };
x.meta.b.nested.push(3);
Object.defineProperty(x.meta, "d", { value: 4, enumerable: true, writable: true, configurable: true });
return [Object.keys(x.meta), JSON.stringify(x.meta), x.messages[0].extra.n, Object.keys(x.messages[0])];`,
	"nested": `x.messages[0].content[0].text += "x";
x.messages[1].usage.output++;
x.messages[1].content[1].arguments.path = "b.go";
x.messages[2].content.push({ type: "text", text: "more" });
return JSON.stringify(x.messages);`,
	"push": `const n = x.messages.push({ role: "user", content: "more" });
x.messages.unshift(x.messages[2]);
return [n, x.messages.length, x.messages.map(m => m.role), x.messages[0] === x.messages[3]];`,
	"splice": `const removed = x.messages.splice(1, 1, { role: "custom" }, { role: "custom2" });
return [removed.length, removed[0].role, x.messages.map(m => m.role), removed[0].content[1].name];`,
	"sort": `x.messages.sort((a, b) => b.timestamp - a.timestamp);
const first = x.messages.map(m => m.role);
x.messages.reverse();
x.messages.sort((a, b) => a.role < b.role ? -1 : 1);
return [first, x.messages.map(m => m.role)];`,
	"length": `x.messages.length = 1;
const a = x.messages.length;
x.messages.length = 2;
return [a, x.messages.length, x.messages[1] === undefined, JSON.stringify(x.messages)];`,
	"popShift": `return [x.messages.pop().role, x.messages.shift().role, x.messages.length, x.messages[0].role];`,
	"replace": `x.messages = x.messages.filter(m => m.role !== "toolResult");
x.meta = { ...x.meta, z: [...x.meta.z, 1] };
return x.messages.length;`,
	"fill": `x.messages.fill(x.messages[2], 0, 1);
x.messages.copyWithin(1, 0, 1);
return x.messages.map(m => m.role);`,
	"wide": `const r = [Object.keys(x.wide).length, x.wide.k39.i, x.wide.k00 === x.wide.k00];
for (const k of Object.keys(x.wide)) r.push(x.wide[k].i);
for (let i = 0; i < 40; i += 3) delete x.wide["k" + String(i).padStart(2, "0")];
for (let i = 0; i < 30; i++) x.wide["n" + i] = x.wide.k01;
x.wide.k02.i = "changed";
r.push(Object.keys(x.wide), x.wide.n29 === x.wide.k01, JSON.stringify(x.wide).length);
return r;`,
	"keyOrder": `x.meta.y = 1;
x.meta["0"] = 0;
x.meta["11"] = 11;
delete x.meta["2"];
x.meta["2"] = 2;
x.meta.a = "again";
return [Object.keys(x.meta), JSON.stringify(x.meta)];`,
}

func lazyFixture(t *testing.T) *fixture {
	t.Helper()
	var src strings.Builder
	src.WriteString("export default function (pi) {\n  const scenarios = {\n")
	for name, body := range lazyScenarios {
		src.WriteString("    " + name + ": (x) => {\n" + body + "\n    },\n")
	}
	src.WriteString(`  };
  pi.hook("probe", (e) => {
    const run = scenarios[e.scenario];
    const out = {};
    for (const side of ["lazy", "eager"]) {
      try {
        out[side] = { result: run(e[side]), data: e[side] };
      } catch (err) {
        out[side] = { error: String(err) };
      }
    }
    return out;
  });
}
`)
	f := newFixture(t, engine.Options{})
	f.write("lazy.js", src.String())
	f.mustBoot("lazy.js")
	return f
}

// runLazy runs the probe hook with payload's "lazy" key marked lazy.
func runLazy(t *testing.T, h *engine.Host, payload map[string]any) engine.HookOutcome {
	t.Helper()
	ctx := engine.WithLazyPayload(context.Background(), "probe", "lazy")
	return h.RunHook(ctx, "probe", payload)
}

// A view behaves like the converted copy for every operation the
// scenarios try, ends in the same state, and leaves the Go data alone.
func TestLazyViewMatchesConvertedCopy(t *testing.T) {
	t.Parallel()
	f := lazyFixture(t)
	for name := range lazyScenarios {
		t.Run(name, func(t *testing.T) {
			data := lazyData()
			out := runLazy(t, f.host, map[string]any{"scenario": name, "lazy": data, "eager": data})
			if len(out.Errors) > 0 {
				t.Fatal(out.Errors)
			}
			r, _ := out.Value.(map[string]any)
			lazy, eager := r["lazy"].(map[string]any), r["eager"].(map[string]any)
			if e, ok := eager["error"]; ok {
				t.Fatalf("the scenario fails on the converted copy: %v", e)
			}
			if !reflect.DeepEqual(lazy, eager) {
				t.Errorf("view and copy differ:\nview: %s\ncopy: %s", jsonString(lazy), jsonString(eager))
			}
			if !reflect.DeepEqual(data, lazyData()) {
				t.Errorf("the Go data changed: %s", jsonString(data))
			}
		})
	}
}

// What a handler did not change converts back to the Go data itself: a
// filter of the original views is a list of the original maps, and a
// change deep down copies only the levels above it.
func TestLazyUnchangedIsTheGoData(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("same.js", `export default function (pi) {
  pi.hook("probe", (e) => {
    const x = e.lazy;
    x.messages[1].usage.input; // read only
    const filtered = x.messages.filter((m) => m.role !== "user");
    const sorted = x.messages.slice().sort((a, b) => b.timestamp - a.timestamp);
    if (e.change) x.messages[0].content[0].text += "!";
    return { same: x, messages: { messages: x.messages }, filtered, sorted, first: x.messages[0], meta: { ...x.meta } };
  });
}
`)
	f.mustBoot("same.js")
	same := func(a, b any) bool { return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer() }

	data := lazyData()
	msgs := data["messages"].([]any)
	out := runLazy(t, f.host, map[string]any{"lazy": data})
	if len(out.Errors) > 0 {
		t.Fatal(out.Errors)
	}
	r := out.Value.(map[string]any)
	if !same(r["same"], data) || !same(r["messages"].(map[string]any)["messages"], msgs) {
		t.Error("an unchanged view did not convert back to its Go data")
	}
	filtered := r["filtered"].([]any)
	if len(filtered) != 2 || !same(filtered[0], msgs[1]) || !same(filtered[1], msgs[2]) {
		t.Errorf("filtered views did not convert back to the Go maps: %v", filtered)
	}
	sorted := r["sorted"].([]any)
	if len(sorted) != 3 || !same(sorted[0], msgs[2]) || !same(sorted[2], msgs[0]) {
		t.Errorf("sorted views did not convert back to the Go maps: %v", sorted)
	}
	meta := r["meta"].(map[string]any)
	if !same(meta["e"], data["meta"].(map[string]any)["e"]) || same(meta, data["meta"]) {
		t.Error("a spread copies its own level and shares the views under it")
	}

	out = runLazy(t, f.host, map[string]any{"lazy": data, "change": true})
	r = out.Value.(map[string]any)
	got := r["same"].(map[string]any)
	gotMsgs := got["messages"].([]any)
	if same(got, data) || same(gotMsgs, msgs) || same(gotMsgs[0], msgs[0]) {
		t.Error("a changed level converted back to the Go data")
	}
	if !same(gotMsgs[1], msgs[1]) || !same(gotMsgs[2], msgs[2]) || !same(got["meta"], data["meta"]) {
		t.Error("unchanged siblings of a change were copied")
	}
	text := gotMsgs[0].(map[string]any)["content"].([]any)[0].(map[string]any)["text"]
	if text != "hello ünïcode!" || !reflect.DeepEqual(r["first"], gotMsgs[0]) {
		t.Errorf("changed message: %v", gotMsgs[0])
	}
	if !reflect.DeepEqual(data, lazyData()) {
		t.Errorf("the Go data changed: %s", jsonString(data))
	}
}

// A view kept past its call still reads the Go data, and writing to it
// later still leaves the Go data alone.
func TestLazyViewKeptAcrossCalls(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("keep.js", `export default function (pi) {
  let kept;
  pi.hook("probe", (e) => {
    if (!kept) { kept = e.lazy.messages; return { n: kept.length }; }
    kept[1].content[1].arguments.path = "later.go";
    kept.push("late");
    return { kept, role: kept[2].role };
  });
}
`)
	f.mustBoot("keep.js")
	data := lazyData()
	runLazy(t, f.host, map[string]any{"lazy": data})
	out := runLazy(t, f.host, map[string]any{"lazy": map[string]any{}})
	if len(out.Errors) > 0 {
		t.Fatal(out.Errors)
	}
	r := out.Value.(map[string]any)
	kept := r["kept"].([]any)
	if r["role"] != "toolResult" || len(kept) != 4 || kept[3] != "late" ||
		kept[1].(map[string]any)["content"].([]any)[1].(map[string]any)["arguments"].(map[string]any)["path"] != "later.go" {
		t.Fatalf("kept view: %s", jsonString(r))
	}
	if !reflect.DeepEqual(data, lazyData()) {
		t.Errorf("the Go data changed: %s", jsonString(data))
	}
}

// A cycle built through views is reported as for plain objects.
func TestLazyViewCycle(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("cycle.js", `export default function (pi) {
  pi.hook("probe", (e) => {
    if (e.array) { e.lazy.messages.push(e.lazy.messages); return { m: e.lazy.messages }; }
    e.lazy.messages[0].self = e.lazy;
    return { x: e.lazy };
  });
}
`)
	f.mustBoot("cycle.js")
	for _, array := range []bool{false, true} {
		out := runLazy(t, f.host, map[string]any{"lazy": lazyData(), "array": array})
		if len(out.Errors) != 1 || !strings.Contains(out.Errors[0].Text, "cycle") {
			t.Errorf("array=%v: errors %v", array, out.Errors)
		}
	}
}

// What views cannot do: these differ from a converted copy (documented in
// lazy.go). The test pins them so a change in goja shows up.
func TestLazyViewKnownDifferences(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("diff.js", `"use strict";
export default function (pi) {
  const attempt = (fn) => { try { fn(); return "ok"; } catch (err) { return err.constructor.name; } };
  pi.hook("probe", (e) => {
    const out = {};
    for (const side of ["lazy", "eager"]) {
      const x = e[side];
      out[side] = [
        attempt(() => Object.freeze(x.messages[0])),
        attempt(() => Object.defineProperty(x.meta, "g", { get() { return 1; } })),
        attempt(() => { x.messages.extra = 1; }),
        attempt(() => { x.meta[Symbol.iterator] = 1; }),
        (x.messages.length = 5, 4 in x.messages),
        (Object.defineProperty(x.meta, "h", { value: 1 }), Object.keys(x.meta).includes("h")),
      ];
    }
    return out;
  });
}
`)
	f.mustBoot("diff.js")
	data := lazyData()
	out := runLazy(t, f.host, map[string]any{"lazy": data, "eager": data})
	if len(out.Errors) > 0 {
		t.Fatal(out.Errors)
	}
	r := out.Value.(map[string]any)
	want := map[string]any{
		"lazy":  []any{"TypeError", "TypeError", "TypeError", "TypeError", true, true},
		"eager": []any{"ok", "ok", "ok", "ok", false, false},
	}
	if !reflect.DeepEqual(r, want) {
		t.Errorf("got %s, want %s", jsonString(r), jsonString(want))
	}
}

// Context handlers in two plugins over lazily delivered messages: an
// in-place change of the first is seen by the second and by the caller;
// returning e.messages unchanged hands back the caller's maps.
func TestLazyContextChain(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("a.ts", `export default function (pi) {
  pi.on("context", (e) => { e.messages[0].content[0].text += " (a)"; });
}
`)
	f.write("b.ts", `export default function (pi) {
  pi.on("context", (e) => {
    e.messages[1].content[0].text += " (b: " + e.messages[0].content[0].text + ")";
    return { messages: e.messages };
  });
}
`)
	f.mustBoot("a.ts", "b.ts")
	data := lazyData()
	msgs := data["messages"].([]any)
	ctx := engine.WithLazyPayload(context.Background(), "context", "messages")
	out := f.host.RunHook(ctx, "context", map[string]any{"type": "context", "messages": msgs})
	if len(out.Errors) > 0 {
		t.Fatal(out.Errors)
	}
	got := out.Result.(map[string]any)["messages"].([]any)
	text := func(m any) any { return m.(map[string]any)["content"].([]any)[0].(map[string]any)["text"] }
	if text(got[0]) != "hello ünïcode (a)" || text(got[1]) != "reading (b: hello ünïcode (a))" {
		t.Fatalf("messages: %s", jsonString(got))
	}
	if reflect.ValueOf(got[2]).UnsafePointer() != reflect.ValueOf(msgs[2]).UnsafePointer() {
		t.Error("an unchanged message was copied")
	}
	if !reflect.DeepEqual(data, lazyData()) {
		t.Errorf("the Go data changed: %s", jsonString(data))
	}
}

// A listener of an event marked lazy reads views too.
func TestLazyListener(t *testing.T) {
	t.Parallel()
	f := newFixture(t, engine.Options{})
	f.write("l.ts", `export default function (pi) {
  let seen = "";
  pi.on("agent_end", (e) => { e.messages[0].role = "x"; seen = JSON.stringify(e.messages.map((m) => m.role)); });
  pi.hook("probe", () => ({ seen }));
}
`)
	f.mustBoot("l.ts")
	data := lazyData()
	ctx := engine.WithLazyPayload(context.Background(), "agent_end", "messages")
	if errs := f.host.Emit(ctx, "agent_end", map[string]any{"type": "agent_end", "messages": data["messages"]}); len(errs) > 0 {
		t.Fatal(errs)
	}
	out := f.host.RunHook(context.Background(), "probe", map[string]any{})
	if r := out.Value.(map[string]any); r["seen"] != `["x","assistant","toolResult"]` {
		t.Fatalf("listener saw %v", r["seen"])
	}
	if !reflect.DeepEqual(data, lazyData()) {
		t.Errorf("the Go data changed: %s", jsonString(data))
	}
}

func jsonString(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	return string(b)
}

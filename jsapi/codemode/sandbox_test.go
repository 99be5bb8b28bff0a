package codemode_test

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/jsapi/codemode"
)

// echo answers tool "echo" with its arguments and fails tool "fail".
var echo = blocking(echoReply)

// blocking is a Call that starts nothing and answers with f when waited on.
func blocking(f func(context.Context, codemode.Call) codemode.Reply) func(context.Context, codemode.Call) func() codemode.Reply {
	return func(ctx context.Context, c codemode.Call) func() codemode.Reply {
		return func() codemode.Reply { return f(ctx, c) }
	}
}

func echoReply(_ context.Context, c codemode.Call) codemode.Reply {
	switch c.Name {
	case "fail":
		msg := "boom from the tool"
		return codemode.Reply{OK: false, Payload: &msg}
	case "slow":
		time.Sleep(20 * time.Millisecond)
	}
	if c.Args == nil {
		return codemode.Reply{OK: true}
	}
	return codemode.Reply{OK: true, Payload: c.Args}
}

const tools = `[{"name":"echo","jsName":"echo","description":""},{"name":"fail","jsName":"fail","description":""},{"name":"slow","jsName":"slow","description":""},{"name":"my-tool","jsName":"my_tool","description":""}]`

func run(t *testing.T, code string, mod ...func(*codemode.Options)) codemode.Result {
	t.Helper()
	o := codemode.Options{Code: code, ToolsJSON: tools, GlobalsJSON: `[{"name":"searchTools","spread":true}]`, Call: echo}
	for _, m := range mod {
		m(&o)
	}
	// No bound on its time here: a loaded machine under -race took 25 s
	// to allocate what TestRunUnboundedAllocationStopped allocates; a Run
	// that never ends fails by the test binary's timeout.
	return codemode.Run(context.Background(), o)
}

func texts(r codemode.Result) string {
	var b []string
	for _, it := range r.Output {
		if it.Console {
			b = append(b, "console:"+it.Text)
		} else {
			b = append(b, it.Type+":"+it.Text)
		}
	}
	return strings.Join(b, "|")
}

func TestRunReturnsValueAndOutput(t *testing.T) {
	r := run(t, `text("a"); console.log("x", 1, {b:2}); const v = await tools.echo({n: 1}); return {v, m: await tools.my_tool({})};`)
	if !r.OK || string(r.Value) != `{"v":{"n":1},"m":{}}` {
		t.Fatalf("result %+v", r)
	}
	if got := texts(r); got != `text:a|console:x 1 {"b":2}` {
		t.Fatalf("output %q", got)
	}
}

func TestRunToolsInParallel(t *testing.T) {
	start := time.Now()
	r := run(t, `const [a, b] = await Promise.all([tools.slow({a:1}), tools.slow({b:2})]); return [a, b];`)
	if !r.OK || string(r.Value) != `[{"a":1},{"b":2}]` {
		t.Fatalf("result %+v", r.Error)
	}
	if d := time.Since(start); d > 38*time.Millisecond {
		t.Logf("two 20 ms calls took %v (serial?)", d) // loaded machines: informative only
	}
}

func TestRunToolErrorRejects(t *testing.T) {
	r := run(t, `try { await tools.fail({}) } catch (e) { text(e instanceof Error ? e.message : "not an Error") } await tools.fail({});`)
	if r.OK || r.Error.Kind != "script" || r.Error.Message != "boom from the tool" || texts(r) != "text:boom from the tool" {
		t.Fatalf("result %+v %q", r.Error, texts(r))
	}
}

func TestRunUnknownToolNamesCloseMatches(t *testing.T) {
	r := run(t, `await tools.ecko({})`)
	if r.OK || !strings.Contains(r.Error.Message, "tools.ecko does not exist") || r.Error.Name != "TypeError" {
		t.Fatalf("result %+v", r.Error)
	}
}

func TestRunStore(t *testing.T) {
	r := run(t, `const n = load("n") ?? 0; store("n", n + 1); store("gone", undefined); return load("n");`, func(o *codemode.Options) {
		o.StoreJSON = `{"n":"41","gone":"true"}`
	})
	if !r.OK || string(r.Value) != "42" || string(r.Writes.Set["n"]) != "42" || len(r.Writes.Delete) != 1 || r.Writes.Delete[0] != "gone" {
		t.Fatalf("result %+v", r)
	}
	r = run(t, `store("big", "x".repeat(300000))`)
	if r.OK || r.Error.Name != "RangeError" || !strings.Contains(r.Error.Message, "more than the limit of 262144") {
		t.Fatalf("result %+v", r.Error)
	}
}

func TestRunExitEndsScript(t *testing.T) {
	// A script that catches exit()'s unwinding and loops on is stopped:
	// exit() finished it.
	r := run(t, `text("before"); try { exit() } catch {} for (;;) {}`)
	if !r.OK || texts(r) != "text:before" {
		t.Fatalf("result %+v", r)
	}
}

func TestRunNoHostAPIs(t *testing.T) {
	r := run(t, `return [typeof require, typeof setTimeout, typeof fetch, typeof process, typeof globalThis.Deno, typeof setInterval, typeof queueMicrotask];`)
	if !r.OK || string(r.Value) != `["undefined","undefined","undefined","undefined","undefined","undefined","undefined"]` {
		t.Fatalf("result %+v %s", r.Error, r.Value)
	}
}

func TestRunSyntaxError(t *testing.T) {
	r := run(t, `return (;`)
	if r.OK || r.Error.Kind != "script" || r.Error.Name != "SyntaxError" {
		t.Fatalf("result %+v", r.Error)
	}
}

func TestRunStalledPromise(t *testing.T) {
	r := run(t, `await new Promise(() => {});`)
	if r.OK || !strings.Contains(r.Error.Message, "can never settle") {
		t.Fatalf("result %+v", r.Error)
	}
}

func TestRunTimeoutInterruptsLoops(t *testing.T) {
	// A loop that is not interrupted never ends: the test binary's
	// timeout fails it (no bound on the time here: machines are loaded).
	for _, code := range []string{`for (;;) {}`, `for (;;) await null;`, `await tools.echo({}); while (true) {}`} {
		r := run(t, code, func(o *codemode.Options) { o.Timeout = 50 * time.Millisecond })
		if r.OK || r.Error.Kind != "timeout" || r.Error.Message != "Execution timed out after 50 ms" {
			t.Fatalf("%s: %+v", code, r.Error)
		}
	}
}

func TestRunAbort(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	// Aborted once the script has written its text and called a tool, so
	// a slow start on a loaded machine cannot beat the abort to it.
	abort := func(ctx context.Context, c codemode.Call) func() codemode.Reply {
		cancel(errors.New("Operation aborted"))
		return echo(ctx, c)
	}
	r := codemode.Run(ctx, codemode.Options{Code: `text("partial"); await tools.echo({}); for (;;) {}`, ToolsJSON: tools, GlobalsJSON: "[]", Call: abort})
	if r.OK || r.Error.Kind != "aborted" || r.Error.Message != "Operation aborted" || texts(r) != "text:partial" {
		t.Fatalf("result %+v %q", r.Error, texts(r))
	}
}

func TestRunRecursionLimit(t *testing.T) {
	r := run(t, `function f(n) { return f(n + 1) + 1 } f(0)`)
	if r.OK || r.Error.Name != "RangeError" || r.Error.Message != "Maximum call stack size exceeded" {
		t.Fatalf("result %+v", r.Error)
	}
	// Async recursion too.
	r = run(t, `async function g(n) { return await g(n + 1) } await g(0)`)
	if r.OK || r.Error.Name != "RangeError" {
		t.Fatalf("async: %+v", r.Error)
	}
}

func TestRunOutputLimits(t *testing.T) {
	r := run(t, `for (let i = 0; ; i++) text("")`)
	if r.OK || r.Error.Name != "RangeError" || !strings.Contains(r.Error.Message, "script output exceeded the limit of 16777216 characters or 100000") {
		t.Fatalf("items: %+v", r.Error)
	}
	if len(r.Output) != 100000 {
		t.Fatalf("kept %d items", len(r.Output))
	}
	r = run(t, `const s = "x".repeat(1 << 20); try { for (;;) text(s) } catch (e) { for (;;) {} }`)
	if r.OK || !strings.Contains(r.Error.Message, "script output exceeded") {
		t.Fatalf("chars: %+v", r.Error)
	}
}

func TestRunUnboundedAllocationStopped(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates about 64 MB")
	}
	r := run(t, `const keep = []; for (let i = 0; ; i++) keep.push("x".repeat(1 << 20) + i);`, func(o *codemode.Options) {
		o.MaxHeapGrowth = 64 << 20
	})
	if r.OK || r.Error.Name != "InternalError" || r.Error.Message != "out of memory" {
		t.Fatalf("result %+v", r.Error)
	}
	runtime.GC()
}

func TestRunImage(t *testing.T) {
	png := "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
	r := run(t, `image("data:image/png;base64,`+png+`"); image({type: "image", data: "`+png+`", mimeType: "image/png"})`)
	if !r.OK || len(r.Output) != 2 || r.Output[0].MimeType != "image/png" || r.Output[1].Data != png {
		t.Fatalf("result %+v", r)
	}
	r = run(t, `image("https://example.com/x.png")`)
	if r.OK || !strings.Contains(r.Error.Message, "remote image URLs are not supported") {
		t.Fatalf("remote: %+v", r.Error)
	}
}

func TestRunGlobalsSpreadArgs(t *testing.T) {
	r := run(t, `return await searchTools("q", {limit: 2})`, func(o *codemode.Options) {
		o.Call = blocking(func(_ context.Context, c codemode.Call) codemode.Reply {
			var args []any
			_ = json.Unmarshal([]byte(*c.Args), &args)
			s := `"` + c.Target + ":" + c.Name + `"`
			if len(args) != 2 {
				s = `"bad"`
			}
			return codemode.Reply{OK: true, Payload: &s}
		})
	})
	if !r.OK || string(r.Value) != `"global:searchTools"` {
		t.Fatalf("result %+v %s", r.Error, r.Value)
	}
}

func TestRunCancelsRunningCallsAtEnd(t *testing.T) {
	cancelled := make(chan struct{})
	r := run(t, `tools.echo({}); return 1`, func(o *codemode.Options) {
		o.Call = blocking(func(ctx context.Context, c codemode.Call) codemode.Reply {
			<-ctx.Done()
			close(cancelled)
			return codemode.Reply{OK: true}
		})
	})
	if !r.OK {
		t.Fatalf("result %+v", r.Error)
	}
	select {
	case <-cancelled:
	case <-time.After(2 * time.Second):
		t.Fatal("the running call was not cancelled")
	}
}

// What QuickJS has and goja lacks is shimmed, and frozen with the rest.
func TestRunShims(t *testing.T) {
	r := run(t, `return [
  Object.groupBy([1, 2, 3], (n) => (n % 2 ? "odd" : "even")),
  [...Map.groupBy([1, 2], (n) => n > 1).keys()],
  btoa("hi\u00ff"), atob(" aGn/ "), (() => { try { btoa("\u0100") } catch (e) { return e.name } })(),
  await (() => { const { promise, resolve } = Promise.withResolvers(); resolve(7); return promise })(),
  new WeakRef(globalThis).deref() === globalThis, Object.isFrozen(Object.groupBy),
]`)
	if !r.OK || string(r.Value) != `[{"odd":[1,3],"even":[2]},[false,true],"aGn/","hiÿ","InvalidCharacterError",7,true,true]` {
		t.Fatalf("result %+v %s", r.Error, r.Value)
	}
}

// Syntax goja lacks (async generators) is lowered, as QuickJS runs it.
func TestRunAsyncGenerators(t *testing.T) {
	r := run(t, `async function* g() { yield 1; yield await tools.echo(2) }
const out = [];
for await (const x of g()) out.push(x);
return out;`)
	if !r.OK || string(r.Value) != `[1,2]` {
		t.Fatalf("result %+v %s", r.Error, r.Value)
	}
}

// Calls start in the order the script makes them, also when they run at
// once: the extension numbers them in that order.
func TestRunStartsCallsInOrder(t *testing.T) {
	var started []string
	r := run(t, `await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => tools.echo({ n })));`, func(o *codemode.Options) {
		o.Call = func(ctx context.Context, c codemode.Call) func() codemode.Reply {
			started = append(started, *c.Args) // on the script's goroutine
			return func() codemode.Reply { return echoReply(ctx, c) }
		}
	})
	if !r.OK {
		t.Fatalf("result %+v", r.Error)
	}
	want := []string{`{"n":1}`, `{"n":2}`, `{"n":3}`, `{"n":4}`, `{"n":5}`, `{"n":6}`, `{"n":7}`, `{"n":8}`}
	if !slices.Equal(started, want) {
		t.Errorf("started %v, want %v", started, want)
	}
}

// A script's regexps with Unicode property escapes (in and out of a
// class, negated), as QuickJS runs them in pi: goja alone reads \p as the
// letter p, so such scripts are lowered to RegExp calls the sandbox's
// RegExp expands. The want is Node 22's output for the same expression.
func TestRunRegexpPropertyEscapes(t *testing.T) {
	r := run(t, `return [new RegExp("\\p{L}","u").test("é"), /\p{L}+/u.test("é"), /^\p{Lu}$/u.test("a"), "é1".match(/\p{L}/gu), /[\p{L}_]+/u.exec("ab_1")[0], /x/y.sticky, /\P{ASCII}/u.source]`)
	if !r.OK || string(r.Value) != `[true,true,false,["é"],"ab_",true,"\\P{ASCII}"]` {
		t.Fatalf("result %s (error %v)", r.Value, r.Error)
	}
}

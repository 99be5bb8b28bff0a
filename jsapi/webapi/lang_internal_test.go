package webapi

import (
	"runtime"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// WeakRef really is weak: once nothing else references the target and the
// job that created the WeakRef has ended, a GC clears it.
func TestWeakRefReleasesTarget(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.RunString(`var kept = {}; var strong = new WeakRef(kept); var weak = new WeakRef({ big: new Array(1000).fill(1) });`); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		runtime.GC()
	}
	v, err := rt.RunString(`[strong.deref() === kept, weak.deref() === undefined]`)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Export().([]any); got[0] != true || got[1] != true {
		t.Fatalf("[strong kept, weak cleared] = %v", got)
	}
}

// Atomics.wait blocks for its timeout on the only thread and refuses to
// block forever.
func TestAtomicsWaitTimeout(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`
		const ia = new Int32Array(new SharedArrayBuffer(8));
		const t0 = Date.now();
		const r = Atomics.wait(ia, 0, 0, 30);
		let inf;
		try { Atomics.wait(ia, 0, 0); } catch (e) { inf = e.message; }
		[r, Date.now() - t0 >= 25, inf]`)
	if err != nil {
		t.Fatal(err)
	}
	got := v.Export().([]any)
	if got[0] != "timed-out" || got[1] != true || got[2] != "not supported: Atomics.wait without a timeout (no other thread can notify)" {
		t.Fatalf("got %v", got)
	}
}

// The marker the bundler calls on lowered async generator functions gives
// them a real one's prototype chain, down to %AsyncIteratorPrototype%.
func TestAsyncGeneratorFunctionMarker(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`
const mark = globalThis[Symbol.for("pigo.asyncGeneratorFunction")];
const f = mark(function lowered() {});
const AGF = Object.getPrototypeOf(f);
const AIP = Object.getPrototypeOf(AGF.prototype);
let construct; try { new AGF.constructor("yield 1"); } catch (e) { construct = e.message; }
const g = mark(function other() {});
[mark(f) === f, Object.getPrototypeOf(g) === AGF && Object.getPrototypeOf(Object.getPrototypeOf(g.prototype)) === AIP, Object.prototype.toString.call(f), Object.getPrototypeOf(f.prototype) === AGF.prototype,
 AIP[Symbol.asyncIterator ?? Symbol.for("Symbol.asyncIterator")].call(AIP) === AIP, f instanceof AGF.constructor, construct].join("|");
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "true|true|[object AsyncGeneratorFunction]|true|true|true|not supported: AsyncGeneratorFunction cannot compile source at run time in this runtime (async generators are compiled ahead of time)"
	if v.String() != want {
		t.Errorf("got  %s\nwant %s", v, want)
	}
}

// The CallSites Error.prepareStackTrace receives (made on first use) are
// instances of one class per runtime, as V8's.
func TestCallSitesShareAClass(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{}); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`
const sites = () => {
  Error.prepareStackTrace = (_, s) => s;
  const o = {};
  Error.captureStackTrace(o);
  return o.stack;
};
const a = sites(), b = sites();
const C = a[0].constructor;
[a.length > 0, C === b[0].constructor, a[0] instanceof C, C.name, typeof C.prototype.getFileName, a[0].isEval()].join("|");
`)
	if err != nil {
		t.Fatal(err)
	}
	if want := "true|true|true|CallSite|function|false"; v.String() != want {
		t.Errorf("got  %s\nwant %s", v, want)
	}
}

// The AsyncGeneratorFunction constructor's source checks give V8's
// messages: parameters and body must each be whole.
func TestAsyncGeneratorSourceCheck(t *testing.T) {
	for _, c := range []struct{ params, body, want string }{
		{"a, b = 2", "yield a + b", ""},
		{"", "", ""},
		{"...xs", "for (const x of xs) yield await x", ""},
		{"", "yield +", "Unexpected token '}'"},
		{"a b", "yield 1", "Arg string terminates parameters early"},
		{"a) {}, async function* (b", "", "Arg string terminates parameters early"},
		{"/*", "*/){", "Unexpected end of arg string"},
		{"", "}) ; (function(){", "Single function literal required"},
		{"", "return 1; }, function* () {", "Single function literal required"},
	} {
		src := agfHead + c.params + "\n) {\n" + c.body + "\n})"
		if got := agfCheck(src, len(c.params)); got != c.want {
			t.Errorf("(%q, %q): got %q, want %q", c.params, c.body, got, c.want)
		}
	}
}

// With the bundler's lowering, AsyncGeneratorFunction makes a working async
// generator function in the global scope, with V8's name, length and
// source text, and a second construction of the same source reuses the
// compiled program.
func TestAsyncGeneratorFunctionConstruct(t *testing.T) {
	rt := goja.New()
	if err := Install(rt, Options{LowerFunctionBody: bundler.LowerFunctionBody}); err != nil {
		t.Fatal(err)
	}
	_, err := rt.RunString(`
globalThis.g = 5;
const AGF = Object.getPrototypeOf(globalThis[Symbol.for("pigo.asyncGeneratorFunction")](function () {})).constructor;
const f = (() => { const g = "local"; return new AGF("a", "b = 2", "yield a + b; yield g; yield await Promise.resolve(this)"); })();
const out = [f.name, f.length, String(f), Object.getPrototypeOf(f) === AGF.prototype, AGF("yield 1") !== AGF("yield 1")];
(async () => { const it = f.call("t", 1); for (let r = await it.next(); !r.done; r = await it.next()) out.push(r.value); })().then(() => (globalThis.result = out.join("|")), (e) => (globalThis.result = String(e)));
`)
	if err != nil {
		t.Fatal(err)
	}
	want := "anonymous|1|async function* anonymous(a,b = 2\n) {\nyield a + b; yield g; yield await Promise.resolve(this)\n}|true|true|3|5|t"
	if got := rt.Get("result"); got == nil || got.String() != want {
		t.Errorf("got  %v\nwant %s", got, want)
	}
	agfPrograms.Lock()
	_, cached := agfPrograms.m[agfHead+"\n) {\nyield 1\n})"]
	agfPrograms.Unlock()
	if !cached {
		t.Error("the program of a constructed source is not cached")
	}
}

package webapi

import (
	"runtime"
	"testing"

	"github.com/dop251/goja"
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
	want := "true|true|[object AsyncGeneratorFunction]|true|true|true|not supported: AsyncGeneratorFunction cannot compile source at run time (async generators are compiled ahead of time)"
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

package webapi_test

import (
	"embed"
	"fmt"
	"runtime"
	"slices"
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/webapi"
)

// The JS tests live in testdata/<concept>.js. Each file calls
// test(name, fn) for its cases; every case runs as a parallel subtest in a
// fresh runtime with the globals installed, testdata/assert.js loaded, and
// these fakes:
//
//	logs()        console lines so far, as [level, msg] pairs
//	reported()    values handed to Options.ReportError so far
//	timers        fake Timers: timers.pending() lists delays, timers.fire() runs them all
//
// A case fails when fn throws or returns a promise that rejects or never
// settles.

//go:embed testdata/*.js
var testdata embed.FS

// env is one test runtime and the fakes behind its Options.
type env struct {
	rt       *goja.Runtime
	logs     [][2]string
	reported []goja.Value
	timers   fakeTimers
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{rt: goja.New()}
	err := webapi.Install(e.rt, webapi.Options{
		Console:     func(level, msg string) { e.logs = append(e.logs, [2]string{level, msg}) },
		Timers:      &e.timers,
		ReportError: func(ex *goja.Exception) { e.reported = append(e.reported, ex.Value()) },
	})
	if err != nil {
		t.Fatalf("Install: %v", err)
	}
	must(t, e.rt.Set("logs", func() [][2]string { return slices.Clone(e.logs) }))
	must(t, e.rt.Set("reported", func() []goja.Value { return slices.Clone(e.reported) }))
	timers := e.rt.NewObject()
	must(t, timers.Set("pending", e.timers.pending))
	must(t, timers.Set("fire", func() int { return e.timers.fire() }))
	must(t, e.rt.Set("timers", timers))
	run(t, e.rt, "assert.js")
	return e
}

// fakeTimers records SetTimeout calls; fire runs them in order of delay.
type fakeTimers struct {
	jobs []fakeTimer
}

type fakeTimer struct {
	fn        func()
	ms        int64
	cancelled bool
}

func (f *fakeTimers) SetTimeout(fn func(), ms int64) func() {
	f.jobs = append(f.jobs, fakeTimer{fn: fn, ms: ms})
	i := len(f.jobs) - 1
	return func() { f.jobs[i].cancelled = true }
}

func (f *fakeTimers) pending() []int64 {
	var ms []int64
	for _, j := range f.jobs {
		if !j.cancelled && j.fn != nil {
			ms = append(ms, j.ms)
		}
	}
	return ms
}

func (f *fakeTimers) fire() int {
	jobs := slices.Clone(f.jobs)
	f.jobs = nil
	slices.SortStableFunc(jobs, func(a, b fakeTimer) int { return int(a.ms - b.ms) })
	n := 0
	for _, j := range jobs {
		if !j.cancelled {
			j.fn()
			n++
		}
	}
	return n
}

// run runs testdata/name in rt and fails the test on an exception.
func run(t *testing.T, rt *goja.Runtime, name string) goja.Value {
	t.Helper()
	src, err := testdata.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunScript(name, string(src))
	if err != nil {
		t.Fatalf("%s: %s", name, describe(err))
	}
	return v
}

func describe(err error) string {
	if ex, ok := err.(*goja.Exception); ok {
		return ex.String()
	}
	return err.Error()
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// runJS runs every test(name, fn) case of testdata/file as a subtest.
func runJS(t *testing.T, file string) {
	t.Helper()
	names := caseNames(t, file)
	if len(names) == 0 {
		t.Fatalf("%s declares no tests", file)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			var fn goja.Callable
			must(t, e.rt.Set("test", func(n string, f goja.Callable) {
				if n == name {
					fn = f
				}
			}))
			run(t, e.rt, file)
			v, err := fn(goja.Undefined())
			if err != nil {
				t.Fatal(describe(err))
			}
			if p, ok := v.Export().(*goja.Promise); ok {
				switch p.State() {
				case goja.PromiseStatePending:
					t.Fatal("the test's promise never settled")
				case goja.PromiseStateRejected:
					t.Fatal(webapi.Inspect(e.rt, p.Result()))
				}
			}
		})
	}
}

// caseNames lists the cases of a JS test file.
func caseNames(t *testing.T, file string) []string {
	t.Helper()
	e := newEnv(t)
	var names []string
	must(t, e.rt.Set("test", func(name string, _ goja.Value) {
		if slices.Contains(names, name) {
			panic(e.rt.NewTypeError(fmt.Sprintf("duplicate test %q", name)))
		}
		names = append(names, name)
	}))
	run(t, e.rt, file)
	return names
}

// BenchmarkInstall measures what every new plugin generation pays.
func BenchmarkInstall(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := webapi.Install(goja.New(), webapi.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkInstallMemory reports the heap one runtime keeps for Install,
// with the runtimes kept alive. The baseline is goja.New and the built-ins
// nearly every bundle touches anyway (typicalBundle), run in both cases, so
// the number is Install's own.
func BenchmarkInstallMemory(b *testing.B) {
	const n = 50
	const typicalBundle = `Object.defineProperty({}, "a", { value: 1 }); Object.keys({}); [1].map((x) => x).join(); "a b".split(" ").at(-1);
		Promise.resolve(1); new Map().set(1, 2); new Set([1]); new WeakMap(); new Error("x"); new TypeError("y");
		/a+/g.test("aa"); Symbol("s"); JSON.stringify({}); Reflect.ownKeys({}); Math.max(1, 2); Number("1");`
	prelude, err := goja.Compile("typical.js", typicalBundle, true)
	if err != nil {
		b.Fatal(err)
	}
	retained := func(install bool) float64 {
		rts := make([]*goja.Runtime, n)
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := range rts {
			rts[i] = goja.New()
			if install {
				if err := webapi.Install(rts[i], webapi.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			if _, err := rts[i].RunProgram(prelude); err != nil {
				b.Fatal(err)
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(rts)
		return float64(after.HeapAlloc-before.HeapAlloc) / n / 1024
	}
	retained(true) // compile the programs
	for b.Loop() {
		b.ReportMetric(retained(true)-retained(false), "KB/runtime")
	}
}

package webapi_test

import (
	"embed"
	"fmt"
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

package webapi_test

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/eventloop"

	"github.com/pigo-dev/pigo/jsapi/webapi"
)

func TestConsole(t *testing.T) { runJS(t, "console.js") }

// TestConsoleNotStdout replaces the stdout console a goja_nodejs event loop
// installs by default and checks that nothing reaches os.Stdout. It swaps
// os.Stdout, so it is not parallel.
func TestConsoleNotStdout(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	defer func() { os.Stdout = stdout }()

	var lines []string
	loop := eventloop.NewEventLoop() // with its own console, which prints
	loop.Run(func(rt *goja.Runtime) {
		err = webapi.Install(rt, webapi.Options{Console: func(level, msg string) {
			lines = append(lines, level+": "+msg)
		}})
		if err != nil {
			return
		}
		_, err = rt.RunString(`
			console.log('to the sink %d', 1);
			console.error(new Error('e').message);
			queueMicrotask(() => console.info('from a microtask'));`)
	})
	os.Stdout = stdout
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(r)
	if err != nil {
		t.Fatal(describe(err))
	}
	if len(out) != 0 {
		t.Errorf("stdout got %q, want nothing", out)
	}
	want := []string{"log: to the sink 1", "error: e", "info: from a microtask"}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("sink got %q, want %q", lines, want)
	}
}

func TestConsoleNilDiscards(t *testing.T) {
	t.Parallel()
	rt := goja.New()
	must(t, webapi.Install(rt, webapi.Options{}))
	if _, err := rt.RunString(`console.log('x'); console.table([1]); console.time(); console.timeEnd(); console.group(); queueMicrotask(() => { throw new Error('dropped') })`); err != nil {
		t.Fatal(describe(err))
	}
}

// Without ReportError, reported errors go to the console as "Uncaught".
func TestReportErrorDefault(t *testing.T) {
	t.Parallel()
	rt := goja.New()
	var lines []string
	must(t, webapi.Install(rt, webapi.Options{Console: func(level, msg string) { lines = append(lines, level+": "+msg) }}))
	if _, err := rt.RunString(`
		const ac = new AbortController();
		ac.signal.addEventListener('abort', () => { throw new TypeError('in listener'); });
		ac.abort();
		reportError('a string');`); err != nil {
		t.Fatal(describe(err))
	}
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "error: Uncaught TypeError: in listener\n    at ") || lines[1] != "error: Uncaught 'a string'" {
		t.Fatalf("console got %q", lines)
	}
}

// ReportError gets a *goja.Exception whose frames point at the throw.
func TestReportErrorException(t *testing.T) {
	t.Parallel()
	rt := goja.New()
	var got *goja.Exception
	must(t, webapi.Install(rt, webapi.Options{ReportError: func(ex *goja.Exception) { got = ex }}))
	prog := goja.MustCompile("plugin.js", "queueMicrotask(() => {\n  throw new Error('here');\n});", false)
	if _, err := rt.RunProgram(prog); err != nil {
		t.Fatal(describe(err))
	}
	if got == nil {
		t.Fatal("nothing reported")
	}
	if frames := got.Stack(); len(frames) == 0 || frames[0].Position().Filename != "plugin.js" || frames[0].Position().Line != 2 {
		t.Fatalf("reported stack %v, want plugin.js:2 first", frames)
	}
}

func TestInspect(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	v, err := e.rt.RunString(`({ a: [1, 'two'], m: new Map([[1, { deep: { deeper: {} } }]]) })`)
	if err != nil {
		t.Fatal(describe(err))
	}
	want := "{ a: [ 1, 'two' ], m: Map(1) { 1 => { deep: [Object] } } }"
	if got := webapi.Inspect(e.rt, v); got != want {
		t.Fatalf("Inspect = %q, want %q", got, want)
	}
}

func TestInstallTwice(t *testing.T) {
	t.Parallel()
	rt := goja.New()
	must(t, webapi.Install(rt, webapi.Options{}))
	if err := webapi.Install(rt, webapi.Options{}); !errors.Is(err, webapi.ErrInstalled) {
		t.Fatalf("second Install: %v, want ErrInstalled", err)
	}
}

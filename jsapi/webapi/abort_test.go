package webapi_test

import (
	"testing"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/jsapi/webapi"
)

func TestAbort(t *testing.T) { runJS(t, "abort.js") }

func TestNewAbortController(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	controller, signal, abort := webapi.NewAbortController(e.rt)
	must(t, e.rt.Set("controller", controller))
	must(t, e.rt.Set("signal", signal))
	v, err := e.rt.RunString(`
		globalThis.AbortController = undefined; // a plugin replacing the global must not matter
		let seen = [];
		signal.addEventListener('abort', () => seen.push(signal.reason));
		if (!(controller.signal === signal)) throw new Error('signal is not controller.signal');
		() => seen`)
	if err != nil {
		t.Fatal(describe(err))
	}
	abort(e.rt.ToValue("stop"))
	abort(e.rt.ToValue("again"))
	seen, _ := goja.AssertFunction(v)
	got, err := seen(goja.Undefined())
	if err != nil {
		t.Fatal(describe(err))
	}
	if s := got.Export(); len(s.([]any)) != 1 || s.([]any)[0] != "stop" {
		t.Fatalf("listener saw %v, want [stop]", s)
	}

	_, signal, abort = webapi.NewAbortController(e.rt)
	abort(nil)
	reason := signal.Get("reason").ToObject(e.rt)
	if name := reason.Get("name").String(); name != "AbortError" {
		t.Fatalf("default reason name = %q, want AbortError", name)
	}
}

func TestNewAbortControllerWithoutInstall(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Fatal("NewAbortController on a bare runtime did not panic")
		}
	}()
	webapi.NewAbortController(goja.New())
}

func TestAbortSignalTimeoutWithoutTimers(t *testing.T) {
	t.Parallel()
	rt := goja.New()
	must(t, webapi.Install(rt, webapi.Options{}))
	v, err := rt.RunString(`
		try { AbortSignal.timeout(1); 'no throw' } catch (e) { e instanceof DOMException ? e.name : String(e) }`)
	if err != nil {
		t.Fatal(describe(err))
	}
	if v.String() != "NotSupportedError" {
		t.Fatalf("AbortSignal.timeout without Timers: %v, want NotSupportedError", v)
	}
}

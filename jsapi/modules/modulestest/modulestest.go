// Package modulestest provides a modules.Runtime for testing host modules
// without the engine: a goja runtime on its own event loop with a require
// that serves the modules under test.
package modulestest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/eventloop"

	"github.com/pigo-dev/pigo/jsapi/modules"
)

// Runtime is a test modules.Runtime. Create it with New.
type Runtime struct {
	t       testing.TB
	loop    *eventloop.EventLoop
	vm      *goja.Runtime
	ctx     context.Context
	cancel  context.CancelFunc
	mods    map[string]modules.Module
	cache   map[string]*goja.Object
	env     map[string]string
	cwd     string
	mu      sync.Mutex
	logs    []string
	exit    []int
	cleanup []func()
	// interrupts are the OnInterrupt functions, called by Interrupt.
	interrupts []func()
}

// Options configure New.
type Options struct {
	Modules map[string]modules.Module // served by require (node: prefix stripped)
	Env     map[string]string         // what Getenv/Environ expose
	Cwd     string                    // default: t.TempDir()
}

// New starts a runtime; it is terminated by t.Cleanup.
func New(t testing.TB, opts Options) *Runtime {
	t.Helper()
	r := &Runtime{t: t, mods: opts.Modules, cache: map[string]*goja.Object{}, env: opts.Env, cwd: opts.Cwd}
	if r.cwd == "" {
		r.cwd = t.TempDir()
	}
	if r.env == nil {
		r.env = map[string]string{}
	}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	r.loop = eventloop.NewEventLoop(eventloop.EnableConsole(false))
	r.loop.Start()
	done := make(chan struct{})
	r.loop.RunOnLoop(func(vm *goja.Runtime) {
		r.vm = vm
		_ = vm.Set("require", func(c goja.FunctionCall) goja.Value {
			v, err := r.Require(c.Argument(0).String())
			if err != nil {
				r.Throw(err)
			}
			return v
		})
		close(done)
	})
	<-done
	t.Cleanup(func() {
		r.cancel()
		r.mu.Lock()
		fns := r.cleanup
		r.cleanup = nil
		r.mu.Unlock()
		for _, f := range fns {
			f()
		}
		r.loop.Terminate()
	})
	return r
}

// Run evaluates src on the loop and, when it yields a Promise, waits (up to
// 10s) for it to settle. A throw or rejection is returned as an error.
func (r *Runtime) Run(src string) (any, error) {
	type res struct {
		v   any
		err error
	}
	ch := make(chan res, 1)
	r.loop.RunOnLoop(func(vm *goja.Runtime) {
		v, err := vm.RunString(src)
		if err != nil {
			ch <- res{nil, err}
			return
		}
		obj, ok := v.(*goja.Object)
		p, isP := (*goja.Promise)(nil), false
		if ok {
			p, isP = obj.Export().(*goja.Promise)
		}
		if !isP {
			g, err := r.ToGo(v)
			ch <- res{g, err}
			return
		}
		then, _ := goja.AssertFunction(obj.Get("then"))
		_, _ = then(obj, vm.ToValue(func(c goja.FunctionCall) goja.Value {
			g, err := r.ToGo(c.Argument(0))
			ch <- res{g, err}
			return goja.Undefined()
		}), vm.ToValue(func(c goja.FunctionCall) goja.Value {
			msg := c.Argument(0).String()
			if o, ok := c.Argument(0).(*goja.Object); ok && o.Get("stack") != nil {
				msg = o.Get("stack").String()
			}
			ch <- res{nil, errors.New(msg)}
			return goja.Undefined()
		}))
		_ = p
	})
	select {
	case x := <-ch:
		return x.v, x.err
	case <-time.After(10 * time.Second):
		return nil, errors.New("modulestest: script did not settle within 10s")
	}
}

// MustRun is Run that fails the test on error.
func (r *Runtime) MustRun(src string) any {
	r.t.Helper()
	v, err := r.Run(src)
	if err != nil {
		r.t.Fatalf("script failed: %v", err)
	}
	return v
}

// Logs returns what modules logged, as "level: text".
func (r *Runtime) Logs() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.logs...)
}

// Exits returns the codes passed to RequestExit.
func (r *Runtime) Exits() []int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]int(nil), r.exit...)
}

// Cancel ends Context, as retiring a generation does.
func (r *Runtime) Cancel() { r.cancel() }

func (r *Runtime) VM() *goja.Runtime        { return r.vm }
func (r *Runtime) Context() context.Context { return r.ctx }
func (r *Runtime) Post(fn func()) bool {
	return r.loop.RunOnLoop(func(*goja.Runtime) { fn() })
}

func (r *Runtime) NewPromise() (*goja.Promise, func(any), func(error)) {
	p, res, rej := r.vm.NewPromise()
	var once sync.Once
	return p, func(v any) {
			once.Do(func() { r.Post(func() { _ = res(r.lazy(v)) }) })
		}, func(err error) {
			once.Do(func() { r.Post(func() { _ = rej(r.errorValue(err)) }) })
		}
}

func (r *Runtime) lazy(v any) goja.Value {
	if f, ok := v.(func() goja.Value); ok {
		return f()
	}
	return r.ToJS(v)
}

func (r *Runtime) errorValue(err error) goja.Value {
	obj, _ := r.vm.New(r.vm.Get("Error"), r.vm.ToValue(err.Error()))
	var ce modules.CodeError
	if errors.As(err, &ce) {
		_ = obj.Set("code", ce.Code())
	}
	return obj
}

func (r *Runtime) Throw(err error) { panic(r.errorValue(err)) }

func (r *Runtime) ToJS(v any) goja.Value {
	switch x := v.(type) {
	case nil:
		return goja.Null()
	case goja.Value:
		return x
	case map[string]any:
		o := r.vm.NewObject()
		for k, e := range x {
			_ = o.Set(k, r.ToJS(e))
		}
		return o
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = r.ToJS(e)
		}
		return r.vm.NewArray(a...)
	}
	return r.vm.ToValue(v)
}

func (r *Runtime) ToGo(v goja.Value) (any, error) {
	if v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return nil, nil
	}
	return v.Export(), nil
}

func (r *Runtime) Require(spec string) (goja.Value, error) {
	name := strings.TrimPrefix(spec, "node:")
	if m, ok := r.cache[name]; ok {
		return m.Get("exports"), nil
	}
	mod, ok := r.mods[name]
	if !ok {
		return nil, fmt.Errorf("Cannot find module '%s'", spec)
	}
	m := r.vm.NewObject()
	_ = m.Set("exports", r.vm.NewObject())
	r.cache[name] = m
	if err := mod(r, m); err != nil {
		delete(r.cache, name)
		return nil, err
	}
	return m.Get("exports"), nil
}

func (r *Runtime) PluginID() string { return "test-plugin" }
func (r *Runtime) Cwd() string      { return r.cwd }
func (r *Runtime) Getenv(k string) (string, bool) {
	v, ok := r.env[k]
	return v, ok
}
func (r *Runtime) Environ() map[string]string {
	out := make(map[string]string, len(r.env))
	for k, v := range r.env {
		out[k] = v
	}
	return out
}
func (r *Runtime) Log(level, text string) {
	r.mu.Lock()
	r.logs = append(r.logs, level+": "+text)
	r.mu.Unlock()
}
func (r *Runtime) RequestExit(code int) { r.mu.Lock(); r.exit = append(r.exit, code); r.mu.Unlock() }
func (r *Runtime) Track(cleanup func()) func() {
	r.mu.Lock()
	defer r.mu.Unlock()
	i := len(r.cleanup)
	r.cleanup = append(r.cleanup, cleanup)
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		if i < len(r.cleanup) {
			r.cleanup[i] = func() {}
		}
	}
}

// OnInterrupt implements modules.Runtime; Interrupt calls what it
// registered.
func (r *Runtime) OnInterrupt(fn func()) func() {
	r.mu.Lock()
	defer r.mu.Unlock()
	i := len(r.interrupts)
	r.interrupts = append(r.interrupts, fn)
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		r.interrupts[i] = func() {}
	}
}

// Interrupt does what the host's watchdog does to a plugin over budget:
// it interrupts the JS running on the loop with v and calls the functions
// modules registered with OnInterrupt. Safe from any goroutine.
func (r *Runtime) Interrupt(v any) {
	r.vm.Interrupt(v)
	r.mu.Lock()
	fns := append([]func(){}, r.interrupts...)
	r.mu.Unlock()
	for _, fn := range fns {
		fn()
	}
}

var _ modules.Runtime = (*Runtime)(nil)

package jsapi

import (
	"context"
	"errors"

	"github.com/dop251/goja"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi/modules"
)

// jsGen is the modules.Runtime of its generation: Go host modules (node
// shims, pi compatibility modules) reach the runtime only through it.

func (g *jsGen) VM() *goja.Runtime        { return g.rt }
func (g *jsGen) Context() context.Context { return g.eg.Context() }
func (g *jsGen) Post(fn func()) bool      { return g.post(fn) }
func (g *jsGen) NewPromise() (*goja.Promise, func(any), func(error)) {
	return g.newPromise()
}
func (g *jsGen) Throw(err error)                { g.throw(err) }
func (g *jsGen) ToJS(v any) goja.Value          { return g.toJS(v) }
func (g *jsGen) ToGo(v goja.Value) (any, error) { return g.toGo(v) }
func (g *jsGen) Require(spec string) (goja.Value, error) {
	return g.require(spec)
}
func (g *jsGen) PluginID() string { return g.eg.PluginID() }
func (g *jsGen) Cwd() string      { return g.eg.Host().Options().Cwd }
func (g *jsGen) Getenv(key string) (string, bool) {
	v, ok := g.env.opts.Environ[key]
	return v, ok
}
func (g *jsGen) Environ() map[string]string {
	out := make(map[string]string, len(g.env.opts.Environ))
	for k, v := range g.env.opts.Environ {
		out[k] = v
	}
	return out
}
func (g *jsGen) Log(level, text string) {
	sev := engine.SeverityInfo
	switch level {
	case "warn", "warning":
		sev = engine.SeverityWarning
	case "error":
		sev = engine.SeverityError
	}
	g.eg.Log(sev, text)
}
func (g *jsGen) RequestExit(code int) {
	if g.env.opts.OnExit != nil {
		g.env.opts.OnExit(g.eg.PluginID(), code)
	}
}

// Track registers cleanup to run when the generation retires; untrack
// forgets it (so a plugin spawning many children does not accumulate one
// closure per child until reload).
func (g *jsGen) Track(cleanup func()) (untrack func()) {
	g.trackMu.Lock()
	defer g.trackMu.Unlock()
	if g.tracked == nil {
		g.tracked = map[uint64]func(){}
		g.eg.OnRetire(func() {
			g.trackMu.Lock()
			fns := g.tracked
			g.tracked = map[uint64]func(){}
			g.trackMu.Unlock()
			for _, f := range fns {
				f()
			}
		})
	}
	g.trackSeq++
	key := g.trackSeq
	g.tracked[key] = cleanup
	return func() {
		g.trackMu.Lock()
		delete(g.tracked, key)
		g.trackMu.Unlock()
	}
}

// OnInterrupt implements modules.Runtime. Safe from any goroutine.
func (g *jsGen) OnInterrupt(fn func()) (remove func()) {
	g.interruptMu.Lock()
	defer g.interruptMu.Unlock()
	if g.interrupts == nil {
		g.interrupts = map[uint64]func(){}
	}
	g.interruptSeq++
	key := g.interruptSeq
	g.interrupts[key] = fn
	return func() {
		g.interruptMu.Lock()
		delete(g.interrupts, key)
		g.interruptMu.Unlock()
	}
}

// runInterrupts calls what modules registered with OnInterrupt. Safe from
// any goroutine.
func (g *jsGen) runInterrupts() {
	g.interruptMu.Lock()
	fns := make([]func(), 0, len(g.interrupts))
	for _, fn := range g.interrupts {
		fns = append(fns, fn)
	}
	g.interruptMu.Unlock()
	for _, fn := range fns {
		fn()
	}
}

// codeOf extracts a Node-style error code.
func codeOf(err error) string {
	var ce modules.CodeError
	if errors.As(err, &ce) {
		return ce.Code()
	}
	return ""
}

// Interface guards.
var _ modules.Runtime = (*jsGen)(nil)

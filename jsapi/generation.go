package jsapi

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/eventloop"
	"github.com/dop251/goja_nodejs/require"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi/bundler"
	"github.com/pigo-dev/pigo/jsapi/intl"
	"github.com/pigo-dev/pigo/jsapi/webapi"
)

// jsGen is one plugin generation's JS side: a goja runtime and the event
// loop goroutine that owns it. Everything that touches rt runs on the loop;
// Go code reaches it through post and call.
type jsGen struct {
	env *Env
	eg  *engine.Generation
	// adopt takes the registry contributions of a declared plugin started
	// on first use (declared.go) instead of the registries; nil otherwise.
	// Set before its factory runs.
	adopt func(registry string, contribution any) error
	loop  *eventloop.EventLoop
	rt    *goja.Runtime // loop only
	// keyStack holds the keys of the maps toJSIn is converting. Loop only.
	keyStack []string
	dead     chan struct{} // closed when the loop is terminated
	once     sync.Once

	// A command handler that replaces the session (ctx.newSession, fork,
	// switchSession) retires its own generation and goes on running, as
	// pi's old closure does in Node: the runtime drains, its loop kept
	// until the last such handler returns (see holdWhileDraining).
	drainMu      sync.Mutex
	inHandlers   int  // command handlers running
	terminateDue bool // retired while a handler ran: terminate when none does

	// activity counts what may run plugin code on the loop: every job,
	// counted when queued (post) or when it starts (timers), except
	// registry replays running only pure contributions (batch). The
	// engine reuses a pure contribution's recorded effect while it stays
	// unchanged (engine.Generation.SetActivity). Every way onto the loop
	// must count: use post or counted.
	activity atomic.Uint64

	// Budget enforcement: the job whose synchronous part is running, so a
	// watchdog interrupts only that job and never a later one.
	guardMu sync.Mutex
	running uint64
	jobSeq  atomic.Uint64
	wasm    webapi.Interrupter // stops running WebAssembly with the watchdog

	interruptMu  sync.Mutex
	interrupts   map[uint64]func() // what modules stop on interrupt (modules.Runtime.OnInterrupt)
	interruptSeq uint64

	trackMu  sync.Mutex
	tracked  map[uint64]func() // cleanups of resources plugins started (modules.Runtime.Track)
	trackSeq uint64

	curCtx     context.Context              // loop only: ctx of the Go→JS call being run
	rejections map[*goja.Promise]goja.Value // loop only: rejected, not yet handled
	modules    map[string]*goja.Object      // loop only: instantiated host modules
	timers     map[*timerHandle]struct{}    // loop only: live timers, cleared on retire
	timerQueue timerQueue                   // loop only: timers in Node's order (timers.go)
	piObj      *goja.Object                 // loop only
	loading    bool                         // loop only: the factory has not settled yet (pi's load phase)
	drafts     map[any]any                  // loop only: registry → *jsDraft[T]
	signals    map[uint64]func()            // loop only: abort functions of live AbortSignals
	signalSeq  uint64                       // loop only

	// Extension components (component.go). Loop only.
	components            map[*compView]struct{} // mounted, not yet closed
	termColumns, termRows int                    // the terminal size clients last reported
	termSeen              bool                   // a client reported one
	imageProto            string                 // the inline image protocol a client draws ("kitty" or "")
}

// newJSGen creates the runtime and starts its loop. Safe from any goroutine.
func newJSGen(env *Env, eg *engine.Generation) (*jsGen, error) {
	g := &jsGen{env: env, eg: eg, dead: make(chan struct{}), rejections: map[*goja.Promise]goja.Value{},
		modules: map[string]*goja.Object{}, timers: map[*timerHandle]struct{}{}, signals: map[uint64]func(){}, drafts: map[any]any{},
		components: map[*compView]struct{}{}, termColumns: defaultColumns, termRows: defaultRows}
	// An empty require registry whose loader refuses every file: plugins
	// only get modules through our own require (modules.go).
	reg := require.NewRegistry(require.WithLoader(func(path string) ([]byte, error) {
		return nil, require.ModuleFileDoesNotExistError
	}))
	g.loop = eventloop.NewEventLoop(eventloop.EnableConsole(false), eventloop.WithRegistry(reg))
	g.loop.Start()
	errc := make(chan error, 1)
	if !g.loop.RunOnLoop(func(rt *goja.Runtime) { errc <- g.setup(rt) }) {
		return nil, errors.New("event loop refused the setup job")
	}
	if err := <-errc; err != nil {
		g.terminate()
		return nil, fmt.Errorf("set up runtime: %w", err)
	}
	return g, nil
}

// maxCallDepth is a runtime's JS call depth limit.
const maxCallDepth = 10000

// setup installs globals. Loop only.
func (g *jsGen) setup(rt *goja.Runtime) error {
	g.rt = rt
	// Unbounded recursion must fail fast, not grow the process until it
	// is killed; V8's default stack allows about this many simple frames.
	rt.SetMaxCallStackSize(maxCallDepth)
	rt.SetFieldNameMapper(goja.TagFieldNameMapper("json", true))
	rt.SetPromiseRejectionTracker(func(p *goja.Promise, op goja.PromiseRejectionOperation) {
		switch op {
		case goja.PromiseRejectionReject:
			g.rejections[p] = p.Result()
		case goja.PromiseRejectionHandle:
			delete(g.rejections, p)
		}
	})
	if err := webapi.Install(rt, webapi.Options{
		Console: func(level, msg string) {
			sev := engine.SeverityInfo
			switch level {
			case "warn":
				sev = engine.SeverityWarning
			case "error":
				sev = engine.SeverityError
			}
			g.eg.Log(sev, "console."+level+": "+msg)
		},
		Timers:            g,
		Interrupter:       &g.wasm,
		LowerFunctionBody: bundler.LowerFunctionBody,
	}); err != nil {
		return err
	}
	if err := intl.Install(rt); err != nil {
		return err
	}
	g.installTimers()
	g.installNodeGlobals()
	if _, err := rt.RunProgram(wellKnownSymbols()); err != nil {
		return err
	}
	_ = rt.Set("require", g.requireFunc())
	g.warmSignals()
	return nil
}

// holdWhileDraining marks a command handler running until the returned
// release is called: a retirement meanwhile postpones terminate to the
// release, so the handler's code after a session replacement (and its
// withSession callback) still runs. Safe from any goroutine.
func (g *jsGen) holdWhileDraining() (release func()) {
	g.drainMu.Lock()
	g.inHandlers++
	g.drainMu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			g.drainMu.Lock()
			g.inHandlers--
			due := g.inHandlers == 0 && g.terminateDue
			g.drainMu.Unlock()
			if due {
				// The release may run on the loop (a handler called
				// inline); terminate must not.
				go g.terminateNow()
			}
		})
	}
}

// draining reports whether the generation is retired but kept for a
// running command handler. Safe from any goroutine.
func (g *jsGen) draining() bool {
	g.drainMu.Lock()
	defer g.drainMu.Unlock()
	return g.terminateDue
}

// terminate stops the loop, clears its timers and fails every pending call
// with the stale error, or, while a command handler runs, once it
// returned. Safe from any goroutine except the loop itself.
func (g *jsGen) terminate() {
	g.drainMu.Lock()
	if g.inHandlers > 0 {
		g.terminateDue = true
		g.drainMu.Unlock()
		return
	}
	g.drainMu.Unlock()
	g.terminateNow()
}

// terminateNow is terminate without waiting for running handlers.
func (g *jsGen) terminateNow() {
	g.once.Do(func() {
		// Abort signals and clear timers on the loop, then stop it.
		done := make(chan struct{})
		if g.loop.RunOnLoop(func(*goja.Runtime) {
			for _, abort := range g.signals {
				abort()
			}
			for t := range g.timers {
				t.stop()
			}
			g.disposeComponents()
			close(done)
		}) {
			select {
			case <-done:
			case <-time.After(g.env.opts.retireGrace()):
				// The loop is stuck in plugin code: interrupt it.
				g.rt.Interrupt(g.eg.StaleError())
				g.wasm.Interrupt()
				g.runInterrupts()
			}
		}
		g.loop.Terminate()
		close(g.dead)
	})
}

// post queues fn on the loop. Safe from any goroutine. Returns false when
// the loop is gone.
func (g *jsGen) post(fn func()) bool {
	g.activity.Add(1)
	return g.postUncounted(fn)
}

// postUncounted is post for jobs that leave the activity count to what
// they run (batch).
func (g *jsGen) postUncounted(fn func()) bool {
	select {
	case <-g.dead:
		return false
	default:
	}
	return g.loop.RunOnLoop(func(*goja.Runtime) { fn() })
}

// counted wraps a job the loop starts by itself (a timer) so it counts as
// activity when it starts.
func (g *jsGen) counted(fn func()) func(*goja.Runtime) {
	return func(*goja.Runtime) {
		g.activity.Add(1)
		fn()
	}
}

// afterFunc runs fn on the loop d from now; stop keeps it from running if
// it has not started. Safe from any goroutine.
//
// The event loop's own SetTimeout starts its clock only when the loop
// next takes its queued jobs, after the job that is running and every job
// queued before it: a 50 ms interval re-armed from a callback that asked
// for a 30 ms render then ran every 80 ms. Here the clock starts now, as
// Node's timers count from when they were set.
func (g *jsGen) afterFunc(d time.Duration, fn func()) (stop func()) {
	var stopped atomic.Bool
	t := time.AfterFunc(d, func() {
		// Counted as activity when it starts, as the loop's own timers
		// (counted): one stopped meanwhile ran no plugin code.
		g.postUncounted(func() {
			if !stopped.Load() {
				g.activity.Add(1)
				fn()
			}
		})
	})
	return func() {
		stopped.Store(true)
		t.Stop()
	}
}

// SetTimeout implements webapi's Timers with the loop's clock. Loop only.
func (g *jsGen) SetTimeout(fn func(), ms int64) (cancel func()) {
	return g.afterFunc(time.Duration(ms)*time.Millisecond, fn)
}

// beginSync marks job as running plugin code and arms a watchdog that
// interrupts it when ctx ends. Loop only.
func (g *jsGen) beginSync(ctx context.Context) (end func()) {
	job := g.jobSeq.Add(1)
	g.guardMu.Lock()
	g.running = job
	g.guardMu.Unlock()
	stop := context.AfterFunc(ctx, func() {
		g.guardMu.Lock()
		defer g.guardMu.Unlock()
		if g.running == job {
			cause := context.Cause(ctx)
			if errors.Is(cause, context.DeadlineExceeded) {
				cause = engine.ErrBudget
			}
			g.rt.Interrupt(cause)
			g.wasm.Interrupt()
			g.runInterrupts()
		}
	})
	return func() {
		stop()
		g.guardMu.Lock()
		g.running = 0
		g.rt.ClearInterrupt()
		g.guardMu.Unlock()
	}
}

// guard runs fn (plugin code) with the budget of ctx, converting panics and
// JS exceptions into errors. Loop only.
func (g *jsGen) guard(ctx context.Context, fn func() (goja.Value, error)) (v goja.Value, err error) {
	prev := g.curCtx
	g.curCtx = ctx
	end := g.beginSync(ctx)
	defer func() {
		if p := recover(); p != nil {
			err = g.panicError(p)
		}
		end()
		g.curCtx = prev
		g.reportRejections()
	}()
	return fn()
}

// callbackBudget bounds timer callbacks and other loop-initiated plugin code.
func (g *jsGen) callbackBudget() time.Duration { return g.eg.Host().Options().Budgets.Hook }

// runCallback runs loop-initiated plugin code (timers, view messages) under
// the callback budget and records failures. Loop only.
func (g *jsGen) runCallback(where string, fn func() (goja.Value, error)) {
	base := g.eg.Context()
	if g.draining() {
		// Retired, but kept for a command handler still running: the
		// timers and callbacks it waits on must run (its context was
		// cancelled with the retirement), within their budget.
		base = context.WithoutCancel(base)
	}
	ctx, cancel := context.WithTimeout(base, g.callbackBudget())
	defer cancel()
	if _, err := g.guard(ctx, fn); err != nil {
		g.eg.Host().RecordDiagnostic(engine.Diagnose(g.eg.PluginID(), where, engine.SeverityError, g.jsError(err)))
	}
}

// reportRejections records promise rejections nobody handled. Loop only.
func (g *jsGen) reportRejections() {
	for p, reason := range g.rejections {
		delete(g.rejections, p)
		err := g.jsError(&goja.Exception{})
		if obj, ok := reason.(*goja.Object); ok {
			err = g.valueError(obj)
		} else if reason != nil {
			err = errors.New(reason.String())
		}
		d := engine.Diagnose(g.eg.PluginID(), "unhandled promise rejection", engine.SeverityError, err)
		g.eg.Host().RecordDiagnostic(d)
	}
}

type callResult struct {
	v   any
	err error
}

// call runs fn on the loop under ctx and, when fn returns a Promise, waits
// for it to settle; conv turns the final value into Go data on the loop.
// Safe from any goroutine except the loop (it blocks). A synchronous runaway
// is interrupted when ctx ends; a pending Promise is abandoned.
func (g *jsGen) call(ctx context.Context, fn func() (goja.Value, error), conv func(goja.Value) (any, error)) (any, error) {
	return g.callSplit(ctx, ctx, fn, conv)
}

// callSplit is call with separate contexts for the synchronous part
// (syncCtx: its end interrupts running code) and for waiting on a returned
// Promise (ctx). Safe from any goroutine except the loop.
func (g *jsGen) callSplit(syncCtx, ctx context.Context, fn func() (goja.Value, error), conv func(goja.Value) (any, error)) (any, error) {
	if syncCtx.Value(onLoopKey{}) == g {
		return g.callInline(syncCtx, fn, conv)
	}
	ch := make(chan callResult, 1)
	send := func(v any, err error) {
		select {
		case ch <- callResult{v, err}:
		default:
		}
	}
	ok := g.post(func() {
		if err := syncCtx.Err(); err != nil {
			send(nil, err)
			return
		}
		v, err := g.guard(syncCtx, fn)
		if err != nil {
			send(nil, g.jsError(err))
			return
		}
		g.await(v, func(v goja.Value) {
			if conv == nil {
				send(nil, nil)
				return
			}
			r, err := conv(v)
			send(r, err)
		}, func(err error) { send(nil, err) })
	})
	if !ok {
		return nil, g.eg.StaleError()
	}
	select {
	case r := <-ch:
		return r.v, r.err
	case <-g.dead:
		return nil, g.eg.StaleError()
	case <-ctx.Done():
		// The watchdog interrupts a synchronous runaway; give the job a
		// moment to report the interruption with its location.
		select {
		case r := <-ch:
			if r.err != nil {
				return nil, r.err
			}
			return r.v, nil
		case <-time.After(50 * time.Millisecond):
		case <-g.dead:
		}
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return nil, engine.ErrBudget
		}
		return nil, context.Cause(ctx)
	}
}

// onLoopKey marks a context whose holder is already running on the loop of
// the jsGen it carries (inside a batch).
type onLoopKey struct{}

// batch implements engine.Batcher: run executes on the loop, and calls it
// makes with the context it gets run inline instead of posting.
func (g *jsGen) batch(ctx context.Context, run func(context.Context)) error {
	done := make(chan struct{})
	if !g.postUncounted(func() {
		defer close(done)
		run(context.WithValue(ctx, onLoopKey{}, g))
	}) {
		return g.eg.StaleError()
	}
	select {
	case <-done:
		return nil
	case <-g.dead:
		return g.eg.StaleError()
	}
}

// callInline is call for code already on the loop: it cannot wait, so a
// pending Promise is an error. Loop only.
func (g *jsGen) callInline(ctx context.Context, fn func() (goja.Value, error), conv func(goja.Value) (any, error)) (any, error) {
	v, err := g.guard(ctx, fn)
	if err != nil {
		return nil, g.jsError(err)
	}
	if p, ok := asPromise(v); ok {
		switch p.State() {
		case goja.PromiseStateFulfilled:
			v = p.Result()
		case goja.PromiseStateRejected:
			delete(g.rejections, p)
			return nil, g.jsError(g.rejectionError(p.Result()))
		default:
			return nil, errors.New("internal: cannot wait for a Promise on the plugin's own loop")
		}
	}
	if conv == nil {
		return nil, nil
	}
	return conv(v)
}

// await calls onValue with v, or with its settled value when v is a
// Promise (onError on rejection). Loop only.
func (g *jsGen) await(v goja.Value, onValue func(goja.Value), onError func(error)) {
	p, ok := asPromise(v)
	if !ok {
		onValue(v)
		return
	}
	switch p.State() {
	case goja.PromiseStateFulfilled:
		onValue(p.Result())
		return
	case goja.PromiseStateRejected:
		delete(g.rejections, p)
		onError(g.jsError(g.rejectionError(p.Result())))
		return
	}
	then, _ := goja.AssertFunction(v.(*goja.Object).Get("then"))
	_, err := then(v,
		g.rt.ToValue(func(c goja.FunctionCall) goja.Value { onValue(c.Argument(0)); return goja.Undefined() }),
		g.rt.ToValue(func(c goja.FunctionCall) goja.Value {
			onError(g.jsError(g.rejectionError(c.Argument(0))))
			return goja.Undefined()
		}))
	if err != nil {
		onError(g.jsError(err))
	}
}

// asPromise reports whether v is a native Promise.
func asPromise(v goja.Value) (*goja.Promise, bool) {
	if v == nil {
		return nil, false
	}
	obj, ok := v.(*goja.Object)
	if !ok {
		return nil, false
	}
	// Only a Promise is exported: exporting a plain object would copy it
	// whole (a hook's result can be megabytes).
	if obj.ExportType() != promiseType {
		return nil, false
	}
	p, ok := obj.Export().(*goja.Promise)
	return p, ok
}

// isThenable reports whether v is a Promise or has a then method.
func isThenable(v goja.Value) bool {
	if _, ok := asPromise(v); ok {
		return true
	}
	obj, ok := v.(*goja.Object)
	if !ok {
		return false
	}
	_, ok = goja.AssertFunction(obj.Get("then"))
	return ok
}

// wellKnownSymbols defines the well-known symbols goja lacks: esbuild's
// lowered async iteration and `using` helpers fall back to Symbol.for of
// the same names, so define them that way. Compiled once per process, not
// per runtime (a runtime keeps the program its functions came from).
var wellKnownSymbols = sync.OnceValue(func() *goja.Program {
	return goja.MustCompile("pigo:symbols", `Symbol.asyncIterator = Symbol.asyncIterator || Symbol.for("Symbol.asyncIterator");
Symbol.dispose = Symbol.dispose || Symbol.for("Symbol.dispose");
Symbol.asyncDispose = Symbol.asyncDispose || Symbol.for("Symbol.asyncDispose");`, false)
})

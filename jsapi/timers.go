package jsapi

import (
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja_nodejs/eventloop"
)

// Timers replace the event loop's own so that every callback runs under the
// callback budget (a `while(true)` in a setTimeout is interrupted, not a
// hung loop), failures are recorded against the plugin, and retiring a
// generation clears every timer it left.

type timerHandle struct {
	g        *jsGen
	timeout  *eventloop.Timer
	interval *eventloop.Interval
	obj      *goja.Object
	stopped  bool // loop only: a tick already queued when it was cleared must not run
	armings  int  // loop only: counts schedulings (refresh schedules again)
}

func (t *timerHandle) stop() {
	t.stopped = true
	if t.timeout != nil {
		t.g.loop.ClearTimeout(t.timeout)
	}
	if t.interval != nil {
		t.g.loop.ClearInterval(t.interval)
	}
	delete(t.g.timers, t)
}

// installTimers defines setTimeout/setInterval/setImmediate and their clear
// functions. Loop only.
func (g *jsGen) installTimers() {
	rt := g.rt
	schedule := func(call goja.FunctionCall, repeat bool, immediate bool) goja.Value {
		fn, ok := goja.AssertFunction(call.Argument(0))
		if !ok {
			panic(rt.NewTypeError("The \"callback\" argument must be of type function"))
		}
		var delay time.Duration
		if !immediate {
			delay = time.Duration(call.Argument(1).ToInteger()) * time.Millisecond
		}
		if delay < 0 {
			delay = 0
		}
		var args []goja.Value
		if n := 2; immediate {
			n = 1
			if len(call.Arguments) > n {
				args = append(args, call.Arguments[n:]...)
			}
		} else if len(call.Arguments) > n {
			args = append(args, call.Arguments[n:]...)
		}
		h := &timerHandle{g: g}
		// arm schedules the callback; a tick queued by an earlier arming
		// (before a refresh) does not run.
		arm := func() {
			h.stopped = false
			h.armings++
			arming := h.armings
			run := func(*goja.Runtime) {
				if h.stopped || h.armings != arming {
					return // cleared after this tick was queued: Node runs no callback
				}
				if !repeat {
					delete(g.timers, h)
				}
				g.runCallback("timer callback", func() (goja.Value, error) { return fn(goja.Undefined(), args...) })
			}
			if repeat {
				if delay < time.Millisecond {
					delay = time.Millisecond
				}
				h.interval = g.loop.SetInterval(run, delay)
			} else {
				h.timeout = g.loop.SetTimeout(run, delay)
			}
			g.timers[h] = struct{}{}
		}
		arm()
		obj := rt.NewObject()
		h.obj = obj
		_ = obj.Set("__pigoTimer", rt.ToValue(h))
		// Node's Timeout API; unref/ref are accepted and ignored (the loop
		// lives as long as the generation).
		self := func(goja.FunctionCall) goja.Value { return obj }
		_ = obj.Set("unref", self)
		_ = obj.Set("ref", self)
		_ = obj.Set("hasRef", func(goja.FunctionCall) goja.Value { return rt.ToValue(true) })
		// refresh restarts the timer with its delay, also one that already
		// fired (Node reactivates it); undici's timers rely on it.
		_ = obj.Set("refresh", func(goja.FunctionCall) goja.Value {
			if _, live := g.timers[h]; live || !repeat {
				h.stop()
				arm()
			}
			return obj
		})
		_ = obj.Set(string("close"), func(goja.FunctionCall) goja.Value { h.stop(); return obj })
		return obj
	}
	clear := func(call goja.FunctionCall) goja.Value {
		if obj, ok := call.Argument(0).(*goja.Object); ok {
			if h, ok := obj.Get("__pigoTimer").Export().(*timerHandle); ok && h.g == g {
				h.stop()
			}
		}
		return goja.Undefined()
	}
	_ = rt.Set("setTimeout", func(c goja.FunctionCall) goja.Value { return schedule(c, false, false) })
	_ = rt.Set("setInterval", func(c goja.FunctionCall) goja.Value { return schedule(c, true, false) })
	_ = rt.Set("setImmediate", func(c goja.FunctionCall) goja.Value { return schedule(c, false, true) })
	_ = rt.Set("clearTimeout", clear)
	_ = rt.Set("clearInterval", clear)
	_ = rt.Set("clearImmediate", clear)
}

package jsapi

import (
	"container/heap"
	"math"
	"time"

	"github.com/dop251/goja"
)

// Timers replace the event loop's own so that every callback runs under the
// callback budget (a `while(true)` in a setTimeout is interrupted, not a
// hung loop), failures are recorded against the plugin, and retiring a
// generation clears every timer it left.
//
// They also keep Node's order. goja_nodejs arms one Go timer per
// setTimeout, each posting to the loop from its own goroutine, so two
// timers due together (or a 4 ms one behind a 5 ms one, when the loop was
// busy) could run in either order. Here a generation's timers wait in one
// queue ordered by due time and then by when they were scheduled, and a
// single loop timer is armed for the earliest; immediates run in the order
// they were set, those set during a round in the next.

type timerHandle struct {
	g       *jsGen
	repeat  bool
	delay   time.Duration
	due     time.Time
	seq     uint64 // order among timers due at the same time
	index   int    // in g.timerQueue.heap; -1 when not queued
	run     func()
	obj     *goja.Object
	stopped bool // loop only: an immediate cleared before its round must not run
}

func (t *timerHandle) stop() {
	t.stopped = true
	if t.index >= 0 {
		t.g.timerQueue.remove(t)
	}
	delete(t.g.timers, t)
}

// timerQueue holds a generation's armed timeouts and intervals as a heap
// by (due, seq), with the loop timer armed for its head. Loop only.
type timerQueue struct {
	heap       timerHeap
	seq        uint64
	stopDriver func() // nil when the driver is not armed
	driverDue  time.Time
	// immediates wait for their round; immediateRound is whether one is
	// posted.
	immediates     []*timerHandle
	immediateRound bool
}

type timerHeap []*timerHandle

func (h timerHeap) Len() int { return len(h) }
func (h timerHeap) Less(i, j int) bool {
	if !h[i].due.Equal(h[j].due) {
		return h[i].due.Before(h[j].due)
	}
	return h[i].seq < h[j].seq
}
func (h timerHeap) Swap(i, j int) {
	h[i], h[j] = h[j], h[i]
	h[i].index, h[j].index = i, j
}
func (h *timerHeap) Push(x any) {
	t := x.(*timerHandle)
	t.index = len(*h)
	*h = append(*h, t)
}
func (h *timerHeap) Pop() any {
	old := *h
	t := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	t.index = -1
	return t
}

// timerEpoch starts the millisecond clock timers count from.
var timerEpoch = time.Now()

// timerNow is the time a timer set now counts from: the clock in whole
// milliseconds, as libuv's uv_now that Node reads for each setTimeout, so
// timers set within the same millisecond run in the order of their
// delays and then as set.
func timerNow() time.Time {
	return timerEpoch.Add(time.Since(timerEpoch).Truncate(time.Millisecond))
}

// add queues t due delay from now, after every timer already due then.
func (q *timerQueue) add(g *jsGen, t *timerHandle, now time.Time) {
	q.seq++
	t.seq = q.seq
	t.due = now.Add(t.delay)
	heap.Push(&q.heap, t)
	q.rearm(g, time.Now())
}

func (q *timerQueue) remove(t *timerHandle) {
	heap.Remove(&q.heap, t.index)
	// The driver may stay armed for a time nothing is due: it then finds
	// nothing to run and rearms.
}

// rearm points the loop timer at the queue's head, unless it already is.
func (q *timerQueue) rearm(g *jsGen, now time.Time) {
	if len(q.heap) == 0 {
		return
	}
	due := q.heap[0].due
	if q.stopDriver != nil && !due.Before(q.driverDue) {
		return
	}
	if q.stopDriver != nil {
		q.stopDriver()
	}
	q.driverDue = due
	q.stopDriver = g.afterFunc(max(0, due.Sub(now)), func() { q.fire(g) })
}

// fire runs every timer due by now, in order, as Node's processTimers
// does; an interval goes back into the queue from now.
func (q *timerQueue) fire(g *jsGen) {
	q.stopDriver = nil
	now := time.Now()
	for len(q.heap) > 0 && !q.heap[0].due.After(now) {
		t := heap.Pop(&q.heap).(*timerHandle)
		if t.repeat {
			q.seq++
			t.seq = q.seq
			t.due = timerNow().Add(t.delay)
			heap.Push(&q.heap, t)
		} else {
			delete(g.timers, t)
		}
		t.run()
	}
	q.rearm(g, time.Now())
}

// addImmediate queues t for the next round of immediates.
func (q *timerQueue) addImmediate(g *jsGen, t *timerHandle) {
	q.immediates = append(q.immediates, t)
	if q.immediateRound {
		return
	}
	q.immediateRound = true
	g.loop.RunOnLoop(g.counted(func() {
		round := q.immediates
		q.immediates = nil
		q.immediateRound = false
		for _, t := range round {
			if t.stopped {
				continue
			}
			delete(g.timers, t)
			t.stopped = true
			t.run()
		}
	}))
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
		// Node runs a delay below 1 ms, or above TIMEOUT_MAX, after 1 ms.
		delay := time.Millisecond
		if d := call.Argument(1).ToInteger(); !immediate && d >= 1 && d <= math.MaxInt32 {
			delay = time.Duration(d) * time.Millisecond
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
		h := &timerHandle{g: g, repeat: repeat, delay: delay, index: -1}
		h.run = func() {
			g.runCallback("timer callback", func() (goja.Value, error) { return fn(goja.Undefined(), args...) })
		}
		arm := func() {
			h.stopped = false
			g.timers[h] = struct{}{}
			if immediate {
				g.timerQueue.addImmediate(g, h)
			} else {
				g.timerQueue.add(g, h, timerNow())
			}
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
		if !immediate {
			// refresh restarts the timer with its delay, also one that
			// already fired (Node reactivates it); undici's timers rely on
			// it. Node's Immediate has none.
			_ = obj.Set("refresh", func(goja.FunctionCall) goja.Value {
				if _, live := g.timers[h]; live || !repeat {
					h.stop()
					arm()
				}
				return obj
			})
		}
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

// Package cachewarmtest has a fake clock for tests of cache warming: no
// test sleeps for a cache lifetime.
package cachewarmtest

import (
	"sync"
	"time"

	"github.com/pigo-dev/pigo/engine/cachewarm"
)

// NewClock returns a Clock whose time is start.
func NewClock(start time.Time) *Clock { return &Clock{now: start} }

// Clock is a cachewarm.Clock for tests: it fires due timers synchronously as Advance moves time on.
type Clock struct {
	mu     sync.Mutex
	now    time.Time // read with Now
	timers []*timer
}

type timer struct {
	due     time.Time
	f       func()
	stopped bool
}

func (t *timer) Stop() bool { was := !t.stopped; t.stopped = true; return was }

func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *Clock) AfterFunc(d time.Duration, f func()) cachewarm.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	t := &timer{due: c.now.Add(d), f: f}
	c.timers = append(c.timers, t)
	return t
}

func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	target := c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		var next *timer
		idx := -1
		for i, t := range c.timers {
			if !t.stopped && !t.due.After(target) && (next == nil || t.due.Before(next.due)) {
				next, idx = t, i
			}
		}
		if next == nil {
			c.now = target
			c.mu.Unlock()
			return
		}
		c.timers = append(c.timers[:idx], c.timers[idx+1:]...)
		c.now = next.due
		c.mu.Unlock()
		next.f()
	}
}

// Pending is the number of timers not yet fired or stopped.
func (c *Clock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, t := range c.timers {
		if !t.stopped {
			n++
		}
	}
	return n
}

package watch

import (
	"sort"
	"sync"
	"time"
)

// debouncer turns bursts of touches per key into one fire per key: a key
// fires once it was not touched for quiet, and at the latest max after its
// first touch. fire gets the paths collected since the first touch. Timers
// are never Reset (Reset races with a firing AfterFunc); a touch only moves
// the deadline and an early timer re-arms itself for the rest. Safe from any
// goroutine.
type debouncer struct {
	quiet, max time.Duration
	fire       func(key string, paths []string)

	mu      sync.Mutex
	pending map[string]*bounce
	stopped bool
}

type bounce struct {
	first    time.Time
	deadline time.Time
	paths    map[string]bool
	timer    *time.Timer
}

func newDebouncer(quiet, max time.Duration, fire func(string, []string)) *debouncer {
	return &debouncer{quiet: quiet, max: max, fire: fire, pending: map[string]*bounce{}}
}

// touch records an event for key (path may be "").
func (d *debouncer) touch(key, path string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.stopped {
		return
	}
	now := time.Now()
	b := d.pending[key]
	if b == nil {
		b = &bounce{first: now, paths: map[string]bool{}}
		d.pending[key] = b
		b.timer = time.AfterFunc(d.quiet, func() { d.expire(key, b) })
	}
	b.deadline = now.Add(d.quiet)
	if limit := b.first.Add(d.max); b.deadline.After(limit) {
		b.deadline = limit
	}
	if path != "" {
		b.paths[path] = true
	}
}

// expire fires key when its deadline passed, or re-arms for the rest.
func (d *debouncer) expire(key string, b *bounce) {
	d.mu.Lock()
	if d.stopped || d.pending[key] != b {
		d.mu.Unlock()
		return
	}
	if wait := time.Until(b.deadline); wait > 0 {
		b.timer = time.AfterFunc(wait, func() { d.expire(key, b) })
		d.mu.Unlock()
		return
	}
	delete(d.pending, key)
	paths := make([]string, 0, len(b.paths))
	for p := range b.paths {
		paths = append(paths, p)
	}
	d.mu.Unlock()
	sort.Strings(paths)
	d.fire(key, paths)
}

// stop cancels every pending fire; later touches are ignored.
func (d *debouncer) stop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.stopped = true
	for k, b := range d.pending {
		b.timer.Stop()
		delete(d.pending, k)
	}
}

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
//
// Where the platform says when a write is complete (see closeSignal), two
// more calls take part: writing marks a path open for writing, and the
// quiet period then does not fire its key (max still does); done marks it
// complete, and when no other path of the key is open the key fires after
// settle (a much shorter quiet period, for files saved together) instead
// of quiet.
type debouncer struct {
	quiet, settle, max time.Duration
	fire               func(key string, paths []string)

	mu      sync.Mutex
	pending map[string]*bounce
	stopped bool
}

type bounce struct {
	first    time.Time
	deadline time.Time
	paths    map[string]bool
	open     map[string]bool // paths written to and not closed yet
	complete bool            // a write completed and none is open: settle applies
	timer    *time.Timer
}

func newDebouncer(quiet, settle, max time.Duration, fire func(string, []string)) *debouncer {
	return &debouncer{quiet: quiet, settle: settle, max: max, fire: fire, pending: map[string]*bounce{}}
}

// touch records an event for key (path may be "").
func (d *debouncer) touch(key, path string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.touchLocked(key, path)
}

// writing records that path (of key) is being written: key does not fire
// on quiet until done(key, path), at the latest max after its first event.
func (d *debouncer) writing(key, path string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if b := d.touchLocked(key, path); b != nil {
		b.open[path] = true
		b.complete = false
	}
}

// done records that a write of path (of key) completed (the writer closed
// it, or a file was renamed into place): unless another of its paths is
// still being written, key fires after settle (at once when settle is 0)
// and later touches only move its deadline by settle.
func (d *debouncer) done(key, path string) {
	d.mu.Lock()
	b := d.touchLocked(key, path)
	if b == nil {
		d.mu.Unlock()
		return
	}
	delete(b.open, path)
	if len(b.open) > 0 {
		d.mu.Unlock()
		return
	}
	b.complete = true
	if d.settle > 0 {
		b.deadline = time.Now().Add(d.settle)
		if limit := b.first.Add(d.max); b.deadline.After(limit) {
			b.deadline = limit
		}
		// The armed timer may be due much later (quiet); an extra one for
		// the earlier deadline is harmless: whichever runs second finds the
		// key taken.
		b.timer = time.AfterFunc(d.settle, func() { d.expire(key, b) })
		d.mu.Unlock()
		return
	}
	b.timer.Stop() // a timer already firing finds the key taken (expire)
	paths := d.takeLocked(key, b)
	d.mu.Unlock()
	d.fire(key, paths)
}

// touchLocked records an event for key and returns its bounce, nil once
// stopped. d.mu is held.
func (d *debouncer) touchLocked(key, path string) *bounce {
	if d.stopped {
		return nil
	}
	now := time.Now()
	b := d.pending[key]
	if b == nil {
		b = &bounce{first: now, paths: map[string]bool{}, open: map[string]bool{}}
		d.pending[key] = b
		b.timer = time.AfterFunc(d.quiet, func() { d.expire(key, b) })
	}
	wait := d.quiet
	if b.complete {
		wait = d.settle
	}
	b.deadline = now.Add(wait)
	if limit := b.first.Add(d.max); b.deadline.After(limit) {
		b.deadline = limit
	}
	if path != "" {
		b.paths[path] = true
	}
	return b
}

// expire fires key when its deadline passed, or re-arms for the rest: the
// deadline, or max when a path is still open for writing.
func (d *debouncer) expire(key string, b *bounce) {
	d.mu.Lock()
	if d.stopped || d.pending[key] != b {
		d.mu.Unlock()
		return
	}
	wait := time.Until(b.deadline)
	if wait <= 0 && len(b.open) > 0 {
		wait = time.Until(b.first.Add(d.max))
	}
	if wait > 0 {
		b.timer = time.AfterFunc(wait, func() { d.expire(key, b) })
		d.mu.Unlock()
		return
	}
	paths := d.takeLocked(key, b)
	d.mu.Unlock()
	d.fire(key, paths)
}

// takeLocked removes key's bounce and returns its paths, sorted. d.mu is
// held.
func (d *debouncer) takeLocked(key string, b *bounce) []string {
	delete(d.pending, key)
	paths := make([]string, 0, len(b.paths))
	for p := range b.paths {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
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

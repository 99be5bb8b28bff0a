package engine

import "sync"

// Serial runs functions one at a time, in the order they were pushed, on
// a goroutine that exists only while there is work: for deliveries that
// must not wait (an emit from inside a plugin's own call) yet must keep
// their order. Safe for concurrent use.
type Serial struct {
	// Start starts the goroutine that drains the queue; nil is a plain
	// go statement.
	Start func(run func())

	mu      sync.Mutex
	queue   []func()
	running bool
}

// Push queues f.
func (q *Serial) Push(f func()) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.queue = append(q.queue, f)
	if q.running {
		return
	}
	q.running = true
	start := q.Start
	if start == nil {
		start = func(run func()) { go run() }
	}
	start(q.drain)
}

func (q *Serial) drain() {
	for {
		q.mu.Lock()
		if len(q.queue) == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		f := q.queue[0]
		q.queue[0] = nil
		q.queue = q.queue[1:]
		q.mu.Unlock()
		f()
	}
}

package core

import (
	"context"
	"path/filepath"
	"sync"
)

// FileLocks is pi's file mutation queue (withFileMutationQueue) for a
// whole process: one FIFO lock per file, so an edit and a write of the
// same file from different plugins (different runtimes, sharing no
// memory) run one after the other, as they do in pi's single process.
// Different files never wait on each other. Safe for concurrent use; the
// zero value is not usable, call NewFileLocks.
type FileLocks struct {
	mu    sync.Mutex
	files map[string]*fileQueue // key → holder and waiters; absent when free
}

type fileQueue struct {
	holder  *lockTicket
	waiting []*lockTicket // FIFO
}

type lockTicket struct {
	locks *FileLocks
	key   string
	grant func(release func())
	state ticketState // guarded by locks.mu
}

type ticketState uint8

const (
	ticketWaiting ticketState = iota
	ticketHeld
	ticketDone
)

// NewFileLocks returns an empty lock table.
func NewFileLocks() *FileLocks {
	return &FileLocks{files: map[string]*fileQueue{}}
}

// LockKey is the key pi's mutationQueueKey derives from a path: absolute,
// with symlinks resolved when the path exists.
func LockKey(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = filepath.Clean(path)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

// Acquire queues for the lock of key (see LockKey) and calls grant once
// the caller holds it: immediately, before Acquire returns, when the lock
// is free, else from the goroutine releasing it. Callers are served in
// the order they called Acquire. The release handed to grant and the
// returned cancel are the same idempotent function, safe from any
// goroutine: it releases the lock when held, or withdraws the request
// when still waiting (grant is then not called, except by a release
// racing with it; the lock is then already released again).
func (l *FileLocks) Acquire(key string, grant func(release func())) (cancel func()) {
	t := &lockTicket{locks: l, key: key, grant: grant}
	l.mu.Lock()
	q := l.files[key]
	if q == nil {
		q = &fileQueue{}
		l.files[key] = q
	}
	if q.holder != nil {
		q.waiting = append(q.waiting, t)
		l.mu.Unlock()
		return t.release
	}
	q.holder, t.state = t, ticketHeld
	l.mu.Unlock()
	grant(t.release)
	return t.release
}

// Lock waits for the lock of key; it returns ctx's error if ctx ends
// first.
func (l *FileLocks) Lock(ctx context.Context, key string) (release func(), err error) {
	got := make(chan struct{}, 1)
	cancel := l.Acquire(key, func(func()) { got <- struct{}{} })
	select {
	case <-got:
		return cancel, nil
	case <-ctx.Done():
		cancel()
		return nil, ctx.Err()
	}
}

// Len returns how many keys are locked or waited for (for tests and
// diagnostics).
func (l *FileLocks) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.files)
}

// release gives the lock to the next waiter, or withdraws a waiting
// ticket.
func (t *lockTicket) release() {
	l := t.locks
	l.mu.Lock()
	q := l.files[t.key]
	var next *lockTicket
	switch t.state {
	case ticketDone:
		l.mu.Unlock()
		return
	case ticketWaiting:
		for i, w := range q.waiting {
			if w == t {
				q.waiting = append(q.waiting[:i], q.waiting[i+1:]...)
				break
			}
		}
	case ticketHeld:
		q.holder = nil
		if len(q.waiting) > 0 {
			next = q.waiting[0]
			q.waiting[0] = nil
			q.waiting = q.waiting[1:]
			q.holder, next.state = next, ticketHeld
		}
	}
	t.state = ticketDone
	if q.holder == nil && len(q.waiting) == 0 {
		delete(l.files, t.key)
	}
	l.mu.Unlock()
	if next != nil {
		next.grant(next.release)
	}
}

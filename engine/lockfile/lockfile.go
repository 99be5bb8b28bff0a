// Package lockfile is proper-lockfile, the lock pi takes around the files
// it shares with other processes (auth.json, trust.json), so that pi and
// pigo exclude each other: the lock is a directory (created with mkdir,
// atomic) whose mtime the holder touches every Stale/2; a lock whose mtime
// is older than Stale belongs to a crashed holder and is taken over.
package lockfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// ErrLocked: the file stayed locked by another process.
var ErrLocked = errors.New("is locked")

// Options are proper-lockfile's options as pi passes them.
type Options struct {
	// Name names the file in errors ("auth.json").
	Name string
	// Stale is when a lock counts as abandoned (proper-lockfile: 10 s).
	Stale time.Duration
	// Retries after the first attempt; the wait before retry n is
	// MinWait<<n capped at MaxWait, times 1..2 when Randomize (pi's
	// async retries), or MinWait each time for MaxWait 0 (pi's
	// synchronous loop).
	Retries          int
	MinWait, MaxWait time.Duration
	Randomize        bool
	// Realpath locks next to the file's real path (symlinks resolved).
	Realpath bool
	// LockPath is the lock directory; "" is "<file>.lock".
	LockPath string
}

// Lock is a held lock.
type Lock struct {
	dir   string
	name  string
	stale time.Duration

	mu          sync.Mutex
	mtime       time.Time // the mtime we last gave the lock directory
	compromised error
	stop        chan struct{}
	done        chan struct{}
}

// Acquire takes the lock of file, waiting (per o's retry schedule) while
// another process holds it and taking over a stale lock.
func Acquire(ctx context.Context, file string, o Options) (*Lock, error) {
	if o.Stale <= 0 {
		o.Stale = 10 * time.Second
	}
	dir := o.LockPath
	if dir == "" {
		abs, err := filepath.Abs(file)
		if err != nil {
			return nil, err
		}
		if o.Realpath {
			if real, err := filepath.EvalSymlinks(abs); err == nil {
				abs = real
			}
		}
		dir = abs + ".lock"
	}
	for attempt := 0; ; attempt++ {
		l, err := try(dir, o)
		if err == nil {
			return l, nil
		}
		if !errors.Is(err, ErrLocked) {
			return nil, err
		}
		if attempt >= o.Retries {
			return nil, fmt.Errorf("%s %w by another process (lock directory %s); try again, or remove it if no pi or pigo is running", o.Name, ErrLocked, dir)
		}
		wait := o.MinWait
		if o.MaxWait > 0 {
			wait = min(o.MinWait<<attempt, o.MaxWait)
		}
		if o.Randomize {
			wait = min(time.Duration(float64(wait)*(1+rand.Float64())), o.MaxWait)
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// try is one proper-lockfile acquireLock: mkdir, else take over the lock
// if its mtime is older than the stale threshold.
func try(dir string, o Options) (*Lock, error) {
	for takeover := 0; takeover < 2; takeover++ {
		err := os.Mkdir(dir, 0o700)
		if err == nil {
			return start(dir, o)
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("lock %s: %w", o.Name, err)
		}
		fi, err := os.Stat(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue // released meanwhile
		}
		if err != nil {
			return nil, fmt.Errorf("lock %s: %w", o.Name, err)
		}
		if !fi.ModTime().Before(time.Now().Add(-o.Stale)) {
			return nil, ErrLocked
		}
		if err := os.Remove(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("lock %s: remove stale lock: %w", o.Name, err)
		}
	}
	return nil, ErrLocked
}

func start(dir string, o Options) (*Lock, error) {
	l := &Lock{dir: dir, name: o.Name, stale: o.Stale, stop: make(chan struct{}), done: make(chan struct{})}
	if err := l.touch(); err != nil {
		_ = os.Remove(dir)
		return nil, fmt.Errorf("lock %s: %w", o.Name, err)
	}
	go l.keepFresh()
	return l, nil
}

// touch sets the lock's mtime to now and remembers what the file system
// stored (its precision may be coarser).
func (l *Lock) touch() error {
	now := time.Now()
	if err := os.Chtimes(l.dir, now, now); err != nil {
		return err
	}
	fi, err := os.Stat(l.dir)
	if err != nil {
		return err
	}
	l.mtime = fi.ModTime()
	return nil
}

// keepFresh is proper-lockfile's updateLock: every stale/2 it checks that
// the lock is still ours (same mtime) and touches it.
func (l *Lock) keepFresh() {
	defer close(l.done)
	t := time.NewTicker(l.stale / 2)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
		}
		l.mu.Lock()
		fi, err := os.Stat(l.dir)
		switch {
		case err != nil:
			l.compromised = fmt.Errorf("%s lock was compromised: %w", l.name, err)
		case !fi.ModTime().Equal(l.mtime):
			l.compromised = fmt.Errorf("%s lock was compromised: Unable to update lock within the stale threshold", l.name)
		default:
			if err := l.touch(); err != nil {
				l.compromised = fmt.Errorf("%s lock was compromised: %w", l.name, err)
			}
		}
		bad := l.compromised != nil
		l.mu.Unlock()
		if bad {
			return
		}
	}
}

// Check returns an error when another process took the lock over.
func (l *Lock) Check() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.compromised != nil {
		return l.compromised
	}
	fi, err := os.Stat(l.dir)
	if err != nil {
		return fmt.Errorf("%s lock was compromised: %w", l.name, err)
	}
	if !fi.ModTime().Equal(l.mtime) {
		return fmt.Errorf("%s lock was compromised: another process took it over", l.name)
	}
	return nil
}

// Release removes the lock unless it was taken over.
func (l *Lock) Release() {
	close(l.stop)
	<-l.done
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.compromised == nil {
		_ = os.Remove(l.dir)
	}
}

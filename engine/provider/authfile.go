package provider

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// auth.json is shared with pi (and other pigo processes), which refresh the
// same OAuth logins. pi serialises its writes with proper-lockfile: the lock
// is a directory "<auth.json>.lock" created with mkdir (atomic), whose mtime
// the holder touches every stale/2 so that a crashed holder's lock can be
// recognised as stale and taken over. For refreshes pi locks the file's
// real path (symlinks resolved); so does pigo. pigo takes the same lock, with pi's
// settings for refreshes (stale after 30 s, 10 retries backing off from
// 100 ms to 10 s), so pi and pigo exclude each other. Inside the lock the
// file is re-read, and the write replaces it atomically (temporary file +
// rename, mode 0600; pi writes in place, under the same lock), keeping every
// other entry as it was and writing JSON.stringify(data, null, 2) as pi does.

const (
	authLockStale   = 30 * time.Second
	authLockUpdate  = authLockStale / 2
	authLockRetries = 10
	authLockMinWait = 100 * time.Millisecond
	authLockMaxWait = 10 * time.Second
)

// errAuthLocked: auth.json stayed locked by another process.
var errAuthLocked = errors.New("auth.json is locked")

// authLock is a held proper-lockfile lock.
type authLock struct {
	dir string

	mu          sync.Mutex
	mtime       time.Time // the mtime we last gave the lock directory
	compromised error
	stop        chan struct{}
	done        chan struct{}
}

// acquireAuthLock takes the lock of file, waiting (with pi's retry schedule)
// while another process holds it and taking over a stale lock.
func acquireAuthLock(ctx context.Context, file string) (*authLock, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	// pi's refresh lock (proper-lockfile's async lock, realpath: true) sits
	// next to the file's real path.
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	dir := abs + ".lock"
	for attempt := 0; ; attempt++ {
		l, err := tryAuthLock(dir)
		if err == nil {
			return l, nil
		}
		if !errors.Is(err, errAuthLocked) {
			return nil, err
		}
		if attempt >= authLockRetries {
			return nil, fmt.Errorf("%w by another process (lock directory %s); try again, or remove it if no pi or pigo is running", errAuthLocked, dir)
		}
		wait := min(authLockMinWait<<attempt, authLockMaxWait)
		wait = min(time.Duration(float64(wait)*(1+rand.Float64())), authLockMaxWait)
		if err := sleepCtx(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// tryAuthLock is one proper-lockfile acquireLock: mkdir, else take over the
// lock if its mtime is older than the stale threshold.
func tryAuthLock(dir string) (*authLock, error) {
	for takeover := 0; takeover < 2; takeover++ {
		err := os.Mkdir(dir, 0o700)
		if err == nil {
			return startAuthLock(dir)
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("lock auth.json: %w", err)
		}
		fi, err := os.Stat(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue // released meanwhile
		}
		if err != nil {
			return nil, fmt.Errorf("lock auth.json: %w", err)
		}
		if !fi.ModTime().Before(time.Now().Add(-authLockStale)) {
			return nil, errAuthLocked
		}
		if err := os.Remove(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("lock auth.json: remove stale lock: %w", err)
		}
	}
	return nil, errAuthLocked
}

func startAuthLock(dir string) (*authLock, error) {
	l := &authLock{dir: dir, stop: make(chan struct{}), done: make(chan struct{})}
	if err := l.touch(); err != nil {
		_ = os.Remove(dir)
		return nil, fmt.Errorf("lock auth.json: %w", err)
	}
	go l.keepFresh()
	return l, nil
}

// touch sets the lock's mtime to now and remembers what the file system
// stored (its precision may be coarser).
func (l *authLock) touch() error {
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
func (l *authLock) keepFresh() {
	defer close(l.done)
	t := time.NewTicker(authLockUpdate)
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
			l.compromised = fmt.Errorf("auth.json lock was compromised: %w", err)
		case !fi.ModTime().Equal(l.mtime):
			l.compromised = errors.New("auth.json lock was compromised: Unable to update lock within the stale threshold")
		default:
			if err := l.touch(); err != nil {
				l.compromised = fmt.Errorf("auth.json lock was compromised: %w", err)
			}
		}
		bad := l.compromised != nil
		l.mu.Unlock()
		if bad {
			return
		}
	}
}

// check returns an error when another process took the lock over.
func (l *authLock) check() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.compromised != nil {
		return l.compromised
	}
	fi, err := os.Stat(l.dir)
	if err != nil {
		return fmt.Errorf("auth.json lock was compromised: %w", err)
	}
	if !fi.ModTime().Equal(l.mtime) {
		return errors.New("auth.json lock was compromised: another process took it over")
	}
	return nil
}

// release removes the lock unless it was taken over.
func (l *authLock) release() {
	close(l.stop)
	<-l.done
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.compromised == nil {
		_ = os.Remove(l.dir)
	}
}

// withAuthFile runs fn on the current content of file (nil when missing)
// under the lock; when fn returns non-nil next, it replaces the file.
func withAuthFile(ctx context.Context, file string, fn func(current []byte) (next []byte, err error)) error {
	l, err := acquireAuthLock(ctx, file)
	if err != nil {
		return err
	}
	defer l.release()
	current, err := os.ReadFile(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	next, err := fn(current)
	if err != nil || next == nil {
		return err
	}
	if err := l.check(); err != nil {
		return err
	}
	return writeFileAtomic(file, next, 0o600)
}

// writeFileAtomic replaces file (following a symlink to its target) with
// data via a temporary file in the same directory and a rename.
func writeFileAtomic(file string, data []byte, perm os.FileMode) error {
	target := file
	if resolved, err := filepath.EvalSymlinks(file); err == nil {
		target = resolved
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", file, err)
	}
	name := tmp.Name()
	fail := func(err error) error {
		_ = tmp.Close()
		_ = os.Remove(name)
		return fmt.Errorf("write %s: %w", file, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(perm); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		_ = os.Remove(name)
		return fmt.Errorf("write %s: %w", file, err)
	}
	if err := os.Rename(name, target); err != nil {
		_ = os.Remove(name)
		return fmt.Errorf("write %s: %w", file, err)
	}
	return nil
}

// updateAuthEntry returns auth.json content with provider's entry replaced
// by entry (pi: {...current, [provider]: entry}): other entries and the key
// order are kept, and fields of the old entry that entry lacks are kept
// after entry's own (pi drops them).
func updateAuthEntry(current []byte, provider string, entry *jsjson.Object) ([]byte, error) {
	root := &jsjson.Object{}
	if len(bytes.TrimSpace(current)) > 0 {
		v, err := jsjson.Parse(current)
		if err != nil {
			return nil, fmt.Errorf("parse auth.json: %w", err)
		}
		o, ok := v.(*jsjson.Object)
		if !ok {
			return nil, errors.New("parse auth.json: not a JSON object")
		}
		root = o
	}
	prev, _ := root.Get(provider)
	if old, ok := prev.(*jsjson.Object); ok {
		for _, m := range *old {
			if _, ok := entry.Get(m.Key); !ok {
				entry.Set(m.Key, m.Value)
			}
		}
	}
	root.Set(provider, entry)
	enc := jsjson.Encoder{Indent: "  "}
	return []byte(enc.Stringify(root)), nil
}

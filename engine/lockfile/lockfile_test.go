package lockfile_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/lockfile"
)

var quick = lockfile.Options{Name: "trust.json", Stale: 10 * time.Second, Retries: 2, MinWait: 5 * time.Millisecond}

// TestHeldLockExcludes: while one holder has the lock, another gives up
// after its retries with an error naming the lock; after Release it gets it.
func TestHeldLockExcludes(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "trust.json")
	l, err := lockfile.Acquire(context.Background(), file, quick)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(file + ".lock"); err != nil || !fi.IsDir() {
		t.Fatalf("lock directory: %v", err)
	}
	_, err = lockfile.Acquire(context.Background(), file, quick)
	if !errors.Is(err, lockfile.ErrLocked) || !strings.Contains(err.Error(), "trust.json is locked by another process (lock directory "+file+".lock)") {
		t.Fatalf("second Acquire: %v", err)
	}
	if err := l.Check(); err != nil {
		t.Fatal(err)
	}
	l.Release()
	if _, err := os.Stat(file + ".lock"); !os.IsNotExist(err) {
		t.Fatalf("lock left behind: %v", err)
	}
	l, err = lockfile.Acquire(context.Background(), file, quick)
	if err != nil {
		t.Fatal(err)
	}
	l.Release()
}

// TestStaleLockTakenOver: a lock older than Stale belongs to a dead holder.
func TestStaleLockTakenOver(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lock := filepath.Join(dir, "elsewhere.lock")
	if err := os.Mkdir(lock, 0o700); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-11 * time.Second)
	if err := os.Chtimes(lock, old, old); err != nil {
		t.Fatal(err)
	}
	o := quick
	o.LockPath = lock
	l, err := lockfile.Acquire(context.Background(), filepath.Join(dir, "trust.json"), o)
	if err != nil {
		t.Fatalf("stale lock not taken over: %v", err)
	}
	// Another process taking it over is noticed before a write.
	later := time.Now().Add(time.Minute)
	if err := os.Chtimes(lock, later, later); err != nil {
		t.Fatal(err)
	}
	if err := l.Check(); err == nil || !strings.Contains(err.Error(), "trust.json lock was compromised") {
		t.Fatalf("Check after takeover: %v", err)
	}
	l.Release()
}

// TestWaitEndsWithContext: a cancelled wait returns the context's error.
func TestWaitEndsWithContext(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "auth.json")
	if err := os.Mkdir(file+".lock", 0o700); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	o := quick
	o.Retries = 10
	if _, err := lockfile.Acquire(ctx, file, o); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
}

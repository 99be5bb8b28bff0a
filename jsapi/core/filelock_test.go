package core_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/jsapi/core"
)

func TestFileLocksFIFO(t *testing.T) {
	t.Parallel()
	l := core.NewFileLocks()
	var order []int
	var releases []func()
	grant := func(i int) func(func()) {
		return func(release func()) {
			order = append(order, i)
			releases = append(releases, release)
		}
	}
	l.Acquire("/f", grant(0)) // free: granted at once
	if !reflect.DeepEqual(order, []int{0}) {
		t.Fatalf("first acquire not granted: %v", order)
	}
	l.Acquire("/f", grant(1))
	cancel2 := l.Acquire("/f", grant(2))
	l.Acquire("/f", grant(3))
	l.Acquire("/other", grant(9)) // other files never wait
	if !reflect.DeepEqual(order, []int{0, 9}) {
		t.Fatalf("waiters granted early: %v", order)
	}
	cancel2() // withdrawn: never granted
	releases[0]()
	releases[0]() // idempotent
	if !reflect.DeepEqual(order, []int{0, 9, 1}) {
		t.Fatalf("after release 0: %v", order)
	}
	releases[2]() // 1's release
	if !reflect.DeepEqual(order, []int{0, 9, 1, 3}) {
		t.Fatalf("after release 1: %v", order)
	}
	releases[3]()
	releases[1]()
	if n := l.Len(); n != 0 {
		t.Fatalf("%d keys left", n)
	}
}

func TestFileLocksLock(t *testing.T) {
	t.Parallel()
	l := core.NewFileLocks()
	release, err := l.Lock(context.Background(), "/f")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if _, err := l.Lock(ctx, "/f"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v", err)
	}
	release()
	r2, err := l.Lock(context.Background(), "/f")
	if err != nil {
		t.Fatal(err)
	}
	r2()
	if n := l.Len(); n != 0 {
		t.Fatalf("%d keys left", n)
	}
}

// TestFileLocksConcurrent: many goroutines on few keys; each key's
// critical sections never overlap.
func TestFileLocksConcurrent(t *testing.T) {
	t.Parallel()
	l := core.NewFileLocks()
	keys := []string{"/a", "/b", "/c"}
	inside := make([]int, len(keys))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for g := 0; g < 24; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				k := (g + i) % len(keys)
				release, err := l.Lock(context.Background(), keys[k])
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				inside[k]++
				if inside[k] != 1 {
					t.Errorf("key %s held twice", keys[k])
				}
				mu.Unlock()
				mu.Lock()
				inside[k]--
				mu.Unlock()
				release()
			}
		}()
	}
	wg.Wait()
	if n := l.Len(); n != 0 {
		t.Fatalf("%d keys left", n)
	}
}

func TestLockKey(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	real := filepath.Join(dir, "real.txt")
	if err := os.WriteFile(real, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	realDir, _ := filepath.EvalSymlinks(dir)
	for in, want := range map[string]string{
		filepath.Join(dir, "link.txt"):                 filepath.Join(realDir, "real.txt"),
		filepath.Join(dir, "sub", "..", "real.txt"):    filepath.Join(realDir, "real.txt"),
		filepath.Join(dir, "missing", "..", "new.txt"): filepath.Join(dir, "new.txt"),
		filepath.Join(dir, "missing", "x", "..", "y"):  filepath.Join(dir, "missing", "y"),
	} {
		if got := core.LockKey(in); got != want {
			t.Errorf("LockKey(%s) = %s, want %s", in, got, want)
		}
	}
}

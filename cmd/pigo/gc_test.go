package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// restoreGC puts Go's defaults back for the other tests.
func restoreGC(t *testing.T) {
	t.Cleanup(func() {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	})
}

func gcSettings() (percent int, limit int64) {
	percent = debug.SetGCPercent(-1)
	debug.SetGCPercent(percent)
	return percent, debug.SetMemoryLimit(-1) // -1 reads without changing
}

func TestHoldStartupGC(t *testing.T) {
	restoreGC(t)
	release := holdStartupGC(func(string) string { return "" })
	if p, l := gcSettings(); p != -1 || l != startupMemoryLimit {
		t.Fatalf("held: GOGC %d, limit %d", p, l)
	}
	release()
	release() // twice is fine
	if p, l := gcSettings(); p != 100 || l != math.MaxInt64 {
		t.Fatalf("released: GOGC %d, limit %d", p, l)
	}
}

// A collection during the hold (the memory limit reached) ends it: the
// rest of the start collects with Go's defaults, which a later release
// leaves.
func TestHoldStartupGCEndsAtFirstCollection(t *testing.T) {
	restoreGC(t)
	release := holdStartupGC(func(string) string { return "" })
	runtime.GC()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		if p, _ := gcSettings(); p == 100 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("still held after a collection")
		}
		runtime.GC()
	}
	if _, l := gcSettings(); l != math.MaxInt64 {
		t.Fatalf("limit %d after the hold", l)
	}
	release()
	if p, l := gcSettings(); p != 100 || l != math.MaxInt64 {
		t.Fatalf("released: GOGC %d, limit %d", p, l)
	}
}

// A collection after release leaves Go's defaults alone.
func TestHoldStartupGCReleasedBeforeCollection(t *testing.T) {
	restoreGC(t)
	holdStartupGC(func(string) string { return "" })()
	for range 3 {
		runtime.GC()
		time.Sleep(time.Millisecond) // cleanups run on their own goroutine
	}
	if p, l := gcSettings(); p != 100 || l != math.MaxInt64 {
		t.Fatalf("GOGC %d, limit %d after release and a collection", p, l)
	}
}

// The user's GOGC or GOMEMLIMIT is left alone.
func TestHoldStartupGCRespectsUserSettings(t *testing.T) {
	restoreGC(t)
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		holdStartupGC(func(k string) string {
			if k == env {
				return "50"
			}
			return ""
		})()
		if p, l := gcSettings(); p != 100 || l != math.MaxInt64 {
			t.Fatalf("%s set: GOGC %d, limit %d", env, p, l)
		}
	}
}

package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"sync"
)

// startupMemoryLimit ends holdStartupGC's hold early: a start whose Go
// memory reaches it (many extensions) collects from then on as usual.
const startupMemoryLimit = 32 << 20

// holdStartupGC turns the garbage collector off while an agent mode
// starts, until release (the session is ready) or the first collection
// startupMemoryLimit forces, whichever comes first; then GOGC=100 and no
// memory limit, Go's defaults. It does nothing when the user set GOGC or
// GOMEMLIMIT. Why: a start with no extensions allocates ~16 MB, mostly
// garbage, and its six collections were ~20 ms of CPU (~40% of the start)
// while keeping peak RSS only ~1.5 MB lower: few freed spans were reused
// before the session was ready.
func holdStartupGC(getenv func(string) string) (release func()) {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
		})
	}
	debug.SetMemoryLimit(startupMemoryLimit)
	debug.SetGCPercent(-1)
	// A collection frees the sentinel: the limit was reached.
	runtime.AddCleanup(&[32]byte{}, func(struct{}) { release() }, struct{}{})
	return release
}

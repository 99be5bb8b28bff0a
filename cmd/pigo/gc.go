package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"sync"
)

// startupMemoryLimit ends holdStartupGC's hold early: a start whose Go
// memory reaches it (many extensions) collects from then on with Go's
// defaults. A start with no extensions stays below it. At 32 MB, 20
// heavy-import extensions were ready at ~58.5 MB peak RSS, at 24 MB ~54
// (medians of 5; 20 and 16 MB gained under 0.5 MB more for more
// collections).
const startupMemoryLimit = 24 << 20

// holdStartupGC turns the garbage collector off while an agent mode
// starts, until release (the session is ready) or the first collection
// startupMemoryLimit forces, whichever comes first; then GOGC=100 and no
// memory limit, Go's defaults. It does nothing when the user set GOGC or
// GOMEMLIMIT. Why: a start with no extensions allocates ~16 MB, mostly
// garbage, and its six collections were ~20 ms of CPU (~40% of the start)
// while keeping peak RSS only ~1.5 MB lower: few freed spans were reused
// before the session was ready.
//
// After the hold, a lower GOGC for the rest of the start was tried and
// dropped: with 50, 20 of pi's examples peaked ~4 MB lower (79.4 against
// 83.4 MB) but took 21% more CPU (327 against 270 ms) and each further
// heavy-import extension 3.7 ms instead of 3.0 (medians of 12-20
// alternating starts); per extension, memory stays under 0.5 MB with 100.
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

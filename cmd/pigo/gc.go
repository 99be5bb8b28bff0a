package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"sync"
)

// startupMemoryLimit ends holdStartupGC's hold early: a start whose Go
// memory reaches it (many extensions) collects from then on, with
// startupGCPercent until the session is ready. A start with no extensions
// stays below it. At 32 MB, 20 heavy-import extensions were ready at ~58.5
// MB peak RSS, at 24 MB ~54 (medians of 5; 20 and 16 MB gained under 0.5
// MB more for more collections).
const startupMemoryLimit = 24 << 20

// startupGCPercent is GOGC for the rest of a start that outgrew the hold.
// Loading extensions leaves much garbage (parsed bundles, compiler state)
// next to what stays, and the process is at its largest when the session
// gets ready: with Go's 100 the heap grew to about twice what stayed
// before the next collection. With 50, 20 of pi's examples were ready at
// 74-76 MB peak RSS instead of 81-83 (medians of 5-6 starts), for two more
// collections of a heap of ~20 MB (no CPU difference measurable on a busy
// 2-core machine); 20 heavy-import extensions, whose peak is reached
// during the hold, were unchanged.
const startupGCPercent = 50

// holdStartupGC turns the garbage collector off while an agent mode
// starts, until release (the session is ready) or the first collection
// startupMemoryLimit forces, whichever comes first; after that collection
// GOGC is startupGCPercent until release, then GOGC=100 and no memory
// limit, Go's defaults. It does nothing when the user set GOGC or
// GOMEMLIMIT. Why: a start with no extensions allocates ~16 MB, mostly
// garbage, and its six collections were ~20 ms of CPU (~40% of the start)
// while keeping peak RSS only ~1.5 MB lower: few freed spans were reused
// before the session was ready.
func holdStartupGC(getenv func(string) string) (release func()) {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	var mu sync.Mutex
	released := false
	release = func() {
		mu.Lock()
		defer mu.Unlock()
		if !released {
			released = true
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
		}
	}
	debug.SetMemoryLimit(startupMemoryLimit)
	debug.SetGCPercent(-1)
	// A collection frees the sentinel: the limit was reached.
	runtime.AddCleanup(&[32]byte{}, func(struct{}) {
		mu.Lock()
		defer mu.Unlock()
		if !released {
			debug.SetGCPercent(startupGCPercent)
			debug.SetMemoryLimit(math.MaxInt64)
		}
	}, struct{}{})
	return release
}

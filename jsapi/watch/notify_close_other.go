//go:build !linux && !pigo_poll

package watch

import "sync"

// newCloseSignal: no close signal outside Linux; every write waits out the
// quiet period.
func newCloseSignal(func(notice) bool, *sync.WaitGroup) closeSignal { return nil }

// hasCloseSignal: this build reports no completed writes.
const hasCloseSignal = false

package engine_test

import (
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine"
)

// TestSerialKeepsOrderOneAtATime: pushes from many goroutines run one at
// a time, each pusher's in its order, and Push never waits for them.
func TestSerialKeepsOrderOneAtATime(t *testing.T) {
	var q engine.Serial
	var mu sync.Mutex
	running, maxRunning := 0, 0
	last := map[int]int{}
	var done sync.WaitGroup
	var pushers sync.WaitGroup
	for p := range 4 {
		pushers.Add(1)
		go func() {
			defer pushers.Done()
			for i := range 200 {
				done.Add(1)
				q.Push(func() {
					defer done.Done()
					mu.Lock()
					running++
					maxRunning = max(maxRunning, running)
					if i != last[p] {
						t.Errorf("pusher %d: %d ran after %d", p, i, last[p]-1)
					}
					last[p] = i + 1
					running--
					mu.Unlock()
				})
			}
		}()
	}
	pushers.Wait()
	done.Wait()
	if maxRunning != 1 {
		t.Errorf("%d ran at once", maxRunning)
	}
}

package watch

import (
	"reflect"
	"sync"
	"testing"
	"time"
)

// TestDebouncerCoalescesAndBoundsDelay: a burst fires once per key with
// every path, and a stream of touches closer than the quiet period still
// fires (MaxDelay) instead of starving.
func TestDebouncerCoalescesAndBoundsDelay(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	fired := map[string][][]string{}
	got := make(chan string, 100)
	d := newDebouncer(40*time.Millisecond, 150*time.Millisecond, func(key string, paths []string) {
		mu.Lock()
		fired[key] = append(fired[key], paths)
		mu.Unlock()
		got <- key
	})
	defer d.stop()

	d.touch("a", "/x/2")
	d.touch("a", "/x/1")
	d.touch("a", "/x/2")
	d.touch("b", "")
	seen := map[string]bool{}
	for len(seen) < 2 {
		select {
		case k := <-got:
			seen[k] = true
		case <-time.After(10 * time.Second):
			t.Fatal("debouncer did not fire")
		}
	}
	mu.Lock()
	if !reflect.DeepEqual(fired["a"], [][]string{{"/x/1", "/x/2"}}) || !reflect.DeepEqual(fired["b"], [][]string{{}}) {
		t.Fatalf("fired = %v", fired)
	}
	mu.Unlock()

	// Touch "s" every 5ms (always inside the quiet period) until it fired
	// twice: only MaxDelay can make that happen.
	end := time.Now().Add(10 * time.Second)
	n := 0
	for n < 2 {
		if time.Now().After(end) {
			t.Fatal("a steady stream of touches starved the debouncer")
		}
		d.touch("s", "")
		select {
		case k := <-got:
			if k == "s" {
				n++
			}
		case <-time.After(5 * time.Millisecond):
		}
	}
}

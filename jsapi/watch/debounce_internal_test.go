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
	d := newDebouncer(40*time.Millisecond, 0, 150*time.Millisecond, func(key string, paths []string) {
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

// TestDebouncerWaitsForOpenWrites: a path open for writing holds its key
// past the quiet period until done; done with no settle fires before it
// returns, with every path of the burst; a path still open keeps the key
// from firing on another's done.
func TestDebouncerWaitsForOpenWrites(t *testing.T) {
	t.Parallel()
	got := make(chan []string, 10)
	d := newDebouncer(time.Millisecond, 0, time.Hour, func(key string, paths []string) { got <- paths })
	defer d.stop()

	d.writing("k", "/a")
	d.writing("k", "/b")
	d.touch("k", "/c")
	time.Sleep(50 * time.Millisecond) // fifty quiet periods
	d.done("k", "/a")
	select {
	case p := <-got:
		t.Fatalf("fired %v while /b is open", p)
	default:
	}
	d.done("k", "/b")
	select {
	case p := <-got:
		if !reflect.DeepEqual(p, []string{"/a", "/b", "/c"}) {
			t.Fatalf("fired %v", p)
		}
	default:
		t.Fatal("done of the last open path did not fire")
	}
	// A rename into place: done alone fires.
	d.done("k", "/a")
	if p := <-got; !reflect.DeepEqual(p, []string{"/a"}) {
		t.Fatalf("fired %v", p)
	}
}

// TestDebouncerSettleCoalesces: with a settle period, completed writes of
// one key close together fire once, with both paths.
func TestDebouncerSettleCoalesces(t *testing.T) {
	t.Parallel()
	got := make(chan []string, 10)
	d := newDebouncer(time.Hour, time.Hour, time.Hour, func(key string, paths []string) { got <- paths })
	defer d.stop()
	d.done("k", "/a")
	d.done("k", "/b")
	d.touch("k", "/c") // a late plain event: waits settle, not quiet
	select {
	case p := <-got:
		t.Fatalf("fired %v before settle passed", p)
	default:
	}
	d2 := newDebouncer(time.Hour, time.Millisecond, time.Hour, func(key string, paths []string) { got <- paths })
	defer d2.stop()
	d2.done("k", "/a")
	d2.done("k", "/b")
	d2.touch("k", "/c")
	select {
	case p := <-got:
		if !reflect.DeepEqual(p, []string{"/a", "/b", "/c"}) {
			t.Fatalf("fired %v", p)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("settled key never fired (a plain event pushed it to the quiet period)")
	}
}

package intl

import (
	"sync"
	"testing"

	"github.com/dop251/goja"
)

// Runtimes on different goroutines share the compiled program and the
// per-locale tables; the first uses race to load them.
func TestConcurrentRuntimes(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rt := goja.New()
			if err := Install(rt); err != nil {
				errs <- err
				return
			}
			v, err := rt.RunString(`[(1234.5).toLocaleString("de"), new Date(0).toLocaleDateString("fr", {timeZone: "Asia/Tokyo", dateStyle: "long"}), ["b", "a"].sort(new Intl.Collator("ja").compare).join()].join("|")`)
			if err != nil {
				errs <- err
				return
			}
			if got, want := v.String(), "1.234,5|1 janvier 1970|a,b"; got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// Intl is a lazy accessor: reading it builds the object once, assigning it
// replaces it, and deleting it works like deleting any global.
func TestLazyGlobal(t *testing.T) {
	rt := newTestRuntime(t)
	v, err := rt.RunString(`
		const d = Object.getOwnPropertyDescriptor(globalThis, "Intl");
		const before = typeof d.get === "function" && !d.enumerable && d.configurable;
		const a = Intl, b = Intl;
		const after = Object.getOwnPropertyDescriptor(globalThis, "Intl");
		const same = a === b && after.value === a && after.writable && !after.enumerable;
		globalThis.Intl = 42;
		const replaced = Intl === 42;
		delete globalThis.Intl;
		[before, same, replaced, typeof globalThis.Intl].join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "true,true,true,undefined"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

// A runtime that never touches Intl never builds it.
func TestUntouchedRuntimeBuildsNothing(t *testing.T) {
	rt := goja.New()
	if err := Install(rt); err != nil {
		t.Fatal(err)
	}
	v, err := rt.RunString(`typeof Object.getOwnPropertyDescriptor(globalThis, "Intl").get`)
	if err != nil {
		t.Fatal(err)
	}
	if v.String() != "function" {
		t.Fatalf("Intl was built by Install: %s", v)
	}
}

// The prototype hooks build Intl on first call, without reading the global.
func TestHooksWithoutGlobal(t *testing.T) {
	rt := newTestRuntime(t)
	v, err := rt.RunString(`delete globalThis.Intl; [(1234567.891).toLocaleString("en-US"), "a".localeCompare("b"), typeof globalThis.Intl, Number.prototype.toLocaleString.name, String.prototype.localeCompare.length].join()`)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.String(), "1,234,567.891,-1,undefined,toLocaleString,1"; got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}

package watch_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/jsapi/watch"
)

// The ways editors and tools save a file. Each must give exactly one
// reload, of the complete file: the first part of every save below is not
// valid TypeScript on its own, so a reload of a half-written file fails and
// shows up as a failed report.
//
// With a close signal (Linux) the writers pause three quiet periods
// between their writes, which only a watcher that waits for the writer to
// close the file survives; elsewhere they write back to back inside a long
// quiet period.
func TestSavePatternsReloadOnceWithCompleteContent(t *testing.T) {
	t.Parallel()
	opts := watch.WatcherOptions{Debounce: 20 * time.Millisecond, MaxDelay: time.Hour}
	pause := 3 * opts.Debounce
	if !watch.HasCloseSignal {
		opts = watch.WatcherOptions{Debounce: 300 * time.Millisecond}
		pause = 0
	}
	// writeChunks opens p with flag, writes src in n pieces with pauses in
	// between, and closes it.
	writeChunks := func(t *testing.T, p string, flag int, src string, n int) {
		t.Helper()
		fh, err := os.OpenFile(p, flag, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if i > 0 {
				time.Sleep(pause)
			}
			if _, err := fh.WriteString(src[i*len(src)/n : (i+1)*len(src)/n]); err != nil {
				t.Fatal(err)
			}
		}
		if err := fh.Close(); err != nil {
			t.Fatal(err)
		}
	}
	const truncate = os.O_WRONLY | os.O_TRUNC | os.O_CREATE
	patterns := []struct {
		name string
		save func(t *testing.T, f *fixture, src string)
	}{
		{"atomic rename", func(t *testing.T, f *fixture, src string) {
			// VS Code, JetBrains: a sibling written in full, renamed over.
			tmp := f.path(".a.ts.tmp")
			writeChunks(t, tmp, truncate, src, 2)
			if err := os.Rename(tmp, f.path("a.ts")); err != nil {
				t.Fatal(err)
			}
		}},
		{"truncate and two writes", func(t *testing.T, f *fixture, src string) {
			// Shell redirection, formatters: in place, with a stall.
			writeChunks(t, f.path("a.ts"), truncate, src, 2)
		}},
		{"several writes", func(t *testing.T, f *fixture, src string) {
			writeChunks(t, f.path("a.ts"), truncate, src, 5)
		}},
		{"vim backup rename", func(t *testing.T, f *fixture, src string) {
			// vim with backupcopy=no: the original renamed to a backup, a
			// new file written, the backup deleted.
			p := f.path("a.ts")
			if err := os.Rename(p, p+"~"); err != nil {
				t.Fatal(err)
			}
			writeChunks(t, p, truncate|os.O_EXCL, src, 3)
			if err := os.Remove(p + "~"); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, pat := range patterns {
		t.Run(pat.name, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, fixtureOptions{})
			f.write("a.ts", ext("v1", []string{"one"}))
			f.mustBoot("a.ts")
			f.watchWith(opts)

			gen := 1
			for _, v := range []string{"v2", "v3"} {
				// Any prefix of src is a syntax error or has no factory.
				src := "// " + strings.Repeat("-", 200) + "\n" + ext(v, []string{"one"})
				pat.save(t, f, src)
				r := f.next("a")
				if !r.OK || r.Generation != gen+1 {
					t.Fatalf("save %s: reload = %+v, want generation %d OK (a half-written file was loaded)", v, r, gen+1)
				}
				gen = r.Generation
				f.wantText("one", v)
			}
			// A marker save: its reload must be the very next one.
			f.write("a.ts", ext("marker", []string{"one"}))
			if r := f.next("a"); !r.OK || r.Generation != gen+1 {
				t.Fatalf("marker reload = %+v after generation %d (a save reloaded twice)", r, gen)
			}
			f.wantText("one", "marker")
		})
	}
}

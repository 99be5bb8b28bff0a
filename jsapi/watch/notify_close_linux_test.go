//go:build linux && !pigo_poll

package watch

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestCloseSignalPhases: the Linux notifier reports a file written in place
// as writing until its writer closes it, then done; a file renamed into
// place as done; other files of the directory too, under their own names.
func TestCloseSignalPhases(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	n, err := newNotifier()
	if err != nil {
		t.Fatal(err)
	}
	defer n.Close()
	if err := n.Add(dir); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "a.ts")
	// next returns the next notice for path with a phase (fsnotify's plain
	// ones interleave).
	next := func(path string) phase {
		t.Helper()
		timeout := time.After(30 * time.Second)
		for {
			select {
			case x := <-n.Notices():
				if x.Err != nil {
					t.Fatal(x.Err)
				}
				if x.Path == path && x.Phase != phaseChange {
					return x.Phase
				}
			case <-timeout:
				t.Fatalf("no phase notice for %s", path)
			}
		}
	}

	fh, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := next(p); got != phaseWriting { // IN_CREATE
		t.Fatalf("create: phase %d", got)
	}
	if _, err := fh.WriteString("x"); err != nil {
		t.Fatal(err)
	}
	if got := next(p); got != phaseWriting {
		t.Fatalf("write: phase %d", got)
	}
	if err := fh.Close(); err != nil {
		t.Fatal(err)
	}
	if got := next(p); got != phaseDone {
		t.Fatalf("close: phase %d", got)
	}

	tmp := filepath.Join(dir, "a.ts.tmp")
	if err := os.WriteFile(tmp, []byte("y"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := next(tmp); got != phaseWriting {
		t.Fatalf("tmp: phase %d", got)
	}
	if err := os.Rename(tmp, p); err != nil {
		t.Fatal(err)
	}
	if got := next(p); got != phaseDone {
		t.Fatalf("rename into place: phase %d", got)
	}

	// Removed directories report nothing more; Close ends cleanly (goleak).
	if err := n.Remove(dir); err != nil {
		t.Fatal(err)
	}
}

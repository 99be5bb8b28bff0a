//go:build !linux

package node

import (
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Elsewhere fs.watch polls: every fsPollInterval it compares the watched
// file or tree (size, modification time, presence) with the previous
// scan. A new or vanished entry is "rename", a modified one "change".

const fsPollInterval = 250 * time.Millisecond

type fsPollEntry struct {
	size  int64
	mtime time.Time
}

// fsStartWatch watches path and calls emit from its goroutine for each
// change. stop ends the polling and waits for the goroutine to end.
func fsStartWatch(path string, isDir, recursive bool, emit func(fsEvent)) (stop func(), err error) {
	prev := fsPollScan(path, isDir, recursive)
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(fsPollInterval)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
			}
			cur := fsPollScan(path, isDir, recursive)
			for name, e := range cur {
				old, ok := prev[name]
				switch {
				case !ok:
					emit(fsEvent{typ: "rename", name: name})
				case old != e:
					emit(fsEvent{typ: "change", name: name})
				}
			}
			for name := range prev {
				if _, ok := cur[name]; !ok {
					emit(fsEvent{typ: "rename", name: name})
				}
			}
			prev = cur
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() { close(quit) })
		<-done
	}, nil
}

// fsPollScan records the watched entries by name.
func fsPollScan(path string, isDir, recursive bool) map[string]fsPollEntry {
	out := map[string]fsPollEntry{}
	if !isDir {
		if info, err := os.Stat(path); err == nil {
			out[filepath.Base(path)] = fsPollEntry{info.Size(), info.ModTime()}
		}
		return out
	}
	_ = filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == path {
			return nil
		}
		rel, _ := filepath.Rel(path, p)
		if info, err := d.Info(); err == nil {
			out[rel] = fsPollEntry{info.Size(), info.ModTime()}
		}
		if d.IsDir() && !recursive {
			return filepath.SkipDir
		}
		return nil
	})
	return out
}

package node

import (
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// The Linux watcher uses inotify directly, with the mask and event
// mapping of libuv (Node's fs.watch): IN_ATTRIB and IN_MODIFY are
// "change", everything else "rename". A recursive watch adds a watch per
// directory, including directories created later. The inotify descriptor
// is non-blocking and wrapped in an *os.File, so closing it wakes the
// reading goroutine.

const fsInotifyMask = syscall.IN_ATTRIB | syscall.IN_CREATE | syscall.IN_MODIFY | syscall.IN_DELETE |
	syscall.IN_DELETE_SELF | syscall.IN_MOVE_SELF | syscall.IN_MOVED_FROM | syscall.IN_MOVED_TO

// fsInotify is one watch. dirs is only touched before the reading
// goroutine starts and then by it.
type fsInotify struct {
	fd        int
	file      *os.File
	root      string
	isDir     bool
	recursive bool
	dirs      map[int32]string // watch descriptor → directory relative to root ("" for root)
}

// fsStartWatch watches path and calls emit from its goroutine for each
// change. stop closes the watch and waits for the goroutine to end.
func fsStartWatch(path string, isDir, recursive bool, emit func(fsEvent)) (stop func(), err error) {
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC | syscall.IN_NONBLOCK)
	if err != nil {
		return nil, err
	}
	w := &fsInotify{fd: fd, file: os.NewFile(uintptr(fd), "inotify"), root: path, isDir: isDir,
		recursive: recursive && isDir, dirs: map[int32]string{}}
	if err := w.add(""); err != nil {
		_ = w.file.Close()
		return nil, err
	}
	if w.recursive {
		w.addTree("")
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.read(emit)
	}()
	var once sync.Once
	return func() {
		once.Do(func() { _ = w.file.Close() })
		<-done
	}, nil
}

// add watches the directory rel (or the root file).
func (w *fsInotify) add(rel string) error {
	wd, err := syscall.InotifyAddWatch(w.fd, filepath.Join(w.root, rel), fsInotifyMask)
	if err != nil {
		return err
	}
	w.dirs[int32(wd)] = rel
	return nil
}

// addTree watches every directory below rel (errors are skipped: a
// directory may vanish while we walk).
func (w *fsInotify) addTree(rel string) {
	base := filepath.Join(w.root, rel)
	_ = filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || p == base {
			return nil
		}
		r, _ := filepath.Rel(w.root, p)
		_ = w.add(r)
		return nil
	})
}

// read decodes events until the descriptor is closed.
func (w *fsInotify) read(emit func(fsEvent)) {
	buf := make([]byte, 64*1024)
	for {
		n, err := w.file.Read(buf)
		if err != nil {
			if !errors.Is(err, os.ErrClosed) && !errors.Is(err, fs.ErrClosed) {
				emit(fsEvent{err: err})
			}
			return
		}
		for off := 0; off+syscall.SizeofInotifyEvent <= n; {
			wd := int32(binary.NativeEndian.Uint32(buf[off:]))
			mask := binary.NativeEndian.Uint32(buf[off+4:])
			size := int(binary.NativeEndian.Uint32(buf[off+12:]))
			start := off + syscall.SizeofInotifyEvent
			name := strings.TrimRight(string(buf[start:min(start+size, n)]), "\x00")
			off = start + size
			w.event(wd, mask, name, emit)
		}
	}
}

// event handles one inotify event.
func (w *fsInotify) event(wd int32, mask uint32, name string, emit func(fsEvent)) {
	dir, ok := w.dirs[wd]
	if mask&syscall.IN_IGNORED != 0 {
		delete(w.dirs, wd)
		return
	}
	if !ok || mask&syscall.IN_Q_OVERFLOW != 0 {
		return
	}
	typ := "rename"
	if mask&(syscall.IN_ATTRIB|syscall.IN_MODIFY) != 0 {
		typ = "change"
	}
	rel := name
	switch {
	case name == "" && dir != "":
		return // a subdirectory's own deletion; its parent reports it
	case name == "":
		rel = filepath.Base(w.root)
	case dir != "":
		rel = filepath.Join(dir, name)
	}
	if w.recursive && mask&syscall.IN_ISDIR != 0 && mask&(syscall.IN_CREATE|syscall.IN_MOVED_TO) != 0 {
		if w.add(rel) == nil {
			w.addTree(rel)
		}
	}
	emit(fsEvent{typ: typ, name: rel})
}

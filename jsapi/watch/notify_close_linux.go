//go:build linux && !pigo_poll

package watch

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// inotifyClose is the Linux closeSignal: its own inotify instance on the
// same directories as fsnotify, for the events fsnotify v1 does not export.
// IN_CLOSE_WRITE (a writer closed the file) and IN_MOVED_TO (a file was
// renamed into place, as editors save) say a write is complete;
// IN_CREATE and IN_MODIFY say one is in progress. All four come from one
// instance, so they arrive in the order they happened: a file is open for
// writing between its first IN_CREATE/IN_MODIFY and its IN_CLOSE_WRITE.
// A change with no close (truncate(2), a hard link) leaves the path open;
// the debouncer's max delay ends the wait.
type inotifyClose struct {
	f    *os.File
	fd   int // f's descriptor (f.Fd would make it blocking)
	send func(notice) bool

	mu     sync.Mutex
	closed bool
	byWd   map[int32]string
	byDir  map[string]int32
}

// hasCloseSignal: this build reports completed writes (phaseDone).
const hasCloseSignal = true

const closeMask = unix.IN_CLOSE_WRITE | unix.IN_MOVED_TO | unix.IN_CREATE | unix.IN_MODIFY |
	unix.IN_ONLYDIR | unix.IN_EXCL_UNLINK

// newCloseSignal starts the inotify reader (counted in wg). It returns nil
// when no inotify instance can be had (the per-user limit): writes then
// wait out the quiet period, as on other systems.
func newCloseSignal(send func(notice) bool, wg *sync.WaitGroup) closeSignal {
	fd, err := unix.InotifyInit1(unix.IN_CLOEXEC | unix.IN_NONBLOCK)
	if err != nil {
		return nil
	}
	// A non-blocking descriptor joins Go's poller: Read parks the goroutine
	// and Close wakes it.
	s := &inotifyClose{f: os.NewFile(uintptr(fd), "inotify"), fd: fd, send: send,
		byWd: map[int32]string{}, byDir: map[string]int32{}}
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.loop()
	}()
	return s
}

// add watches dir; a directory that cannot be watched (the watch limit)
// just gets no close signal.
func (s *inotifyClose) add(dir string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	wd, err := unix.InotifyAddWatch(s.fd, dir, closeMask)
	if err != nil {
		return
	}
	if old, ok := s.byDir[dir]; ok && old != int32(wd) {
		delete(s.byWd, old)
	}
	s.byWd[int32(wd)] = dir
	s.byDir[dir] = int32(wd)
}

func (s *inotifyClose) remove(dir string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	wd, ok := s.byDir[dir]
	if !ok || s.closed {
		return
	}
	delete(s.byDir, dir)
	delete(s.byWd, wd)
	_, _ = unix.InotifyRmWatch(s.fd, uint32(wd))
}

// close ends the reader; the caller waits on the WaitGroup.
func (s *inotifyClose) close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	_ = s.f.Close()
}

func (s *inotifyClose) loop() {
	buf := make([]byte, 64<<10)
	for {
		n, err := s.f.Read(buf)
		if err != nil {
			if !errors.Is(err, os.ErrClosed) {
				s.send(notice{Err: fmt.Errorf("watch: close-write signal stopped: %w", err)})
			}
			return
		}
		for _, x := range s.parse(buf[:n]) {
			if !s.send(x) {
				return
			}
		}
	}
}

// parse turns a read's worth of inotify events into notices.
func (s *inotifyClose) parse(b []byte) []notice {
	var out []notice
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(b) >= unix.SizeofInotifyEvent {
		ev := (*unix.InotifyEvent)(unsafe.Pointer(&b[0]))
		end := unix.SizeofInotifyEvent + int(ev.Len)
		if end > len(b) {
			break
		}
		name := string(bytes.TrimRight(b[unix.SizeofInotifyEvent:end], "\x00"))
		b = b[end:]
		switch {
		case ev.Mask&unix.IN_Q_OVERFLOW != 0:
			out = append(out, notice{Overflow: true})
			continue
		case ev.Mask&unix.IN_IGNORED != 0:
			if dir, ok := s.byWd[ev.Wd]; ok {
				delete(s.byWd, ev.Wd)
				if s.byDir[dir] == ev.Wd {
					delete(s.byDir, dir)
				}
			}
			continue
		case ev.Mask&unix.IN_ISDIR != 0 || name == "":
			continue
		}
		dir, ok := s.byWd[ev.Wd]
		if !ok {
			continue
		}
		ph := phaseWriting
		if ev.Mask&(unix.IN_CLOSE_WRITE|unix.IN_MOVED_TO) != 0 {
			ph = phaseDone
		}
		out = append(out, notice{Path: filepath.Join(dir, name), Phase: ph})
	}
	return out
}

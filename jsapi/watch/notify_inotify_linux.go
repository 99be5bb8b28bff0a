//go:build linux && !pigo_fsnotify && !pigo_poll

package watch

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"golang.org/x/sys/unix"
)

// inotifyMask selects the events that can change a file's content or
// existence under a name: writes (each write and the final close), creates,
// deletes and renames in either direction. Attribute changes (touch, chmod)
// are left out; the content hash would discard them anyway.
const inotifyMask = unix.IN_MODIFY | unix.IN_CLOSE_WRITE | unix.IN_CREATE | unix.IN_DELETE |
	unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_ONLYDIR

// inotify is the Linux notifier. The descriptor is non-blocking and wrapped
// in an *os.File, so its reads park in the runtime poller and Close wakes
// them: no extra pipe or epoll set is needed to stop the reader.
type inotify struct {
	f    *os.File
	out  chan notice
	done chan struct{}
	wg   sync.WaitGroup

	mu   sync.Mutex
	dirs map[string]int32 // watched dir → watch descriptor
	wds  map[int32]string // watch descriptor → dir
}

func newNotifier() (notifier, error) {
	fd, err := unix.InotifyInit1(unix.IN_CLOEXEC | unix.IN_NONBLOCK)
	if err != nil {
		return nil, fmt.Errorf("inotify init: %w", err)
	}
	n := &inotify{f: os.NewFile(uintptr(fd), "inotify"), out: make(chan notice), done: make(chan struct{}),
		dirs: map[string]int32{}, wds: map[int32]string{}}
	n.wg.Add(1)
	go n.read()
	return n, nil
}

func (n *inotify) Add(dir string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	if _, ok := n.dirs[dir]; ok {
		return nil
	}
	sc, err := n.f.SyscallConn()
	if err != nil {
		return err
	}
	var wd int
	var werr error
	if err := sc.Control(func(fd uintptr) { wd, werr = unix.InotifyAddWatch(int(fd), dir, inotifyMask) }); err != nil {
		return fmt.Errorf("watch %s: %w", dir, err)
	}
	if werr != nil {
		return fmt.Errorf("watch %s: %w", dir, werr)
	}
	n.dirs[dir] = int32(wd)
	n.wds[int32(wd)] = dir
	return nil
}

func (n *inotify) Remove(dir string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	wd, ok := n.dirs[dir]
	if !ok {
		return nil
	}
	delete(n.dirs, dir)
	delete(n.wds, wd)
	sc, err := n.f.SyscallConn()
	if err != nil {
		return err
	}
	_ = sc.Control(func(fd uintptr) { _, _ = unix.InotifyRmWatch(int(fd), uint32(wd)) })
	return nil
}

func (n *inotify) Notices() <-chan notice { return n.out }

func (n *inotify) Close() error {
	select {
	case <-n.done:
		return nil
	default:
	}
	close(n.done)
	err := n.f.Close()
	n.wg.Wait()
	return err
}

// read decodes events until the descriptor is closed.
func (n *inotify) read() {
	defer n.wg.Done()
	defer close(n.out)
	buf := make([]byte, 64<<10)
	for {
		sz, err := n.f.Read(buf)
		if err != nil {
			if errors.Is(err, os.ErrClosed) {
				return
			}
			if !n.send(notice{Err: fmt.Errorf("inotify read: %w", err)}) {
				return
			}
			continue
		}
		for off := 0; off+unix.SizeofInotifyEvent <= sz; {
			wd := int32(binary.NativeEndian.Uint32(buf[off:]))
			mask := binary.NativeEndian.Uint32(buf[off+4:])
			nameLen := int(binary.NativeEndian.Uint32(buf[off+12:]))
			nameStart := off + unix.SizeofInotifyEvent
			off = nameStart + nameLen
			if off > sz {
				break
			}
			name := string(trimNUL(buf[nameStart:off]))
			switch {
			case mask&unix.IN_Q_OVERFLOW != 0:
				if !n.send(notice{Overflow: true}) {
					return
				}
				continue
			case mask&unix.IN_IGNORED != 0:
				// The directory was deleted or unwatched.
				n.mu.Lock()
				if dir, ok := n.wds[wd]; ok {
					delete(n.wds, wd)
					delete(n.dirs, dir)
				}
				n.mu.Unlock()
				continue
			}
			n.mu.Lock()
			dir, ok := n.wds[wd]
			n.mu.Unlock()
			if !ok || name == "" {
				continue
			}
			if !n.send(notice{Path: filepath.Join(dir, name)}) {
				return
			}
		}
	}
}

// send delivers a notice unless the notifier is closing.
func (n *inotify) send(x notice) bool {
	select {
	case n.out <- x:
		return true
	case <-n.done:
		return false
	}
}

func trimNUL(b []byte) []byte {
	for i, c := range b {
		if c == 0 {
			return b[:i]
		}
	}
	return b
}

// Interface guards.
var _ notifier = (*inotify)(nil)

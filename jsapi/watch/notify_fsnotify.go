//go:build !pigo_poll

package watch

import (
	"errors"
	"sync"

	"github.com/fsnotify/fsnotify"
)

// fsnotifier adapts github.com/fsnotify/fsnotify (inotify, kqueue,
// ReadDirectoryChangesW, FEN): the notifier of every build but
// -tags pigo_poll (for file systems that send no change events). Where the
// platform has one (closeSignal), a second source adds when writes
// complete; fsnotify alone reports every change.
type fsnotifier struct {
	w    *fsnotify.Watcher
	sig  closeSignal // nil: the platform has none
	out  chan notice
	done chan struct{}
	wg   sync.WaitGroup
	once sync.Once
}

// closeSignal reports, for the files of the watched directories, when a
// write is in progress (phaseWriting) and when it completed (phaseDone).
// It does not replace fsnotify's events: it only lets the debouncer skip
// the quiet period for a write known to be complete.
type closeSignal interface {
	add(dir string)
	remove(dir string)
	close()
}

func newNotifier() (notifier, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	n := &fsnotifier{w: w, out: make(chan notice), done: make(chan struct{})}
	n.sig = newCloseSignal(n.send, &n.wg)
	n.wg.Add(1)
	go n.loop()
	return n, nil
}

func (n *fsnotifier) Add(dir string) error {
	if err := n.w.Add(dir); err != nil {
		return err
	}
	if n.sig != nil {
		n.sig.add(dir)
	}
	return nil
}

func (n *fsnotifier) Remove(dir string) error {
	_ = n.w.Remove(dir)
	if n.sig != nil {
		n.sig.remove(dir)
	}
	return nil
}

func (n *fsnotifier) Notices() <-chan notice { return n.out }

func (n *fsnotifier) Close() error {
	var err error
	n.once.Do(func() {
		close(n.done)
		err = n.w.Close()
		if n.sig != nil {
			n.sig.close()
		}
		n.wg.Wait()
		close(n.out)
	})
	return err
}

// send delivers x unless the notifier is closing; false means stop.
func (n *fsnotifier) send(x notice) bool {
	select {
	case n.out <- x:
		return true
	case <-n.done:
		return false
	}
}

func (n *fsnotifier) loop() {
	defer n.wg.Done()
	for {
		var x notice
		select {
		case <-n.done:
			return
		case ev, ok := <-n.w.Events:
			if !ok {
				return
			}
			if ev.Op == fsnotify.Chmod {
				continue
			}
			x = notice{Path: ev.Name}
		case err, ok := <-n.w.Errors:
			if !ok {
				return
			}
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				x = notice{Overflow: true}
			} else {
				x = notice{Err: err}
			}
		}
		if !n.send(x) {
			return
		}
	}
}

// Interface guards.
var _ notifier = (*fsnotifier)(nil)

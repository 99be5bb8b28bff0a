//go:build !pigo_poll

package watch

import (
	"errors"
	"sync"

	"github.com/fsnotify/fsnotify"
)

// fsnotifier adapts github.com/fsnotify/fsnotify (inotify, kqueue,
// ReadDirectoryChangesW, FEN): the notifier of every build but
// -tags pigo_poll (for file systems that send no change events).
type fsnotifier struct {
	w    *fsnotify.Watcher
	out  chan notice
	done chan struct{}
	wg   sync.WaitGroup
}

func newNotifier() (notifier, error) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	n := &fsnotifier{w: w, out: make(chan notice), done: make(chan struct{})}
	n.wg.Add(1)
	go n.loop()
	return n, nil
}

func (n *fsnotifier) Add(dir string) error    { return n.w.Add(dir) }
func (n *fsnotifier) Remove(dir string) error { _ = n.w.Remove(dir); return nil }
func (n *fsnotifier) Notices() <-chan notice  { return n.out }

func (n *fsnotifier) Close() error {
	select {
	case <-n.done:
		return nil
	default:
	}
	close(n.done)
	err := n.w.Close()
	n.wg.Wait()
	return err
}

func (n *fsnotifier) loop() {
	defer n.wg.Done()
	defer close(n.out)
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
		select {
		case n.out <- x:
		case <-n.done:
			return
		}
	}
}

// Interface guards.
var _ notifier = (*fsnotifier)(nil)

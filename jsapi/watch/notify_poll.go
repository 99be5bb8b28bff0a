//go:build pigo_poll

package watch

import (
	"os"
	"path/filepath"
	"sync"
	"time"
)

// pollInterval is how often the polling notifier lists watched directories.
const pollInterval = 100 * time.Millisecond

// poller is the portable notifier: it lists every watched directory each
// pollInterval and reports names whose size or modification time changed,
// appeared or disappeared. It costs one ReadDir per directory per tick. An
// edit that keeps both the size and the modification time (possible only
// with a coarse file-system clock) is not seen.
type poller struct {
	out  chan notice
	done chan struct{}
	wg   sync.WaitGroup

	mu   sync.Mutex
	dirs map[string]map[string]stamp // dir → name → stamp
}

type stamp struct {
	size int64
	mod  time.Time
}

// hasCloseSignal: polling sees no writes complete; the quiet period
// decides.
const hasCloseSignal = false

func newNotifier() (notifier, error) {
	p := &poller{out: make(chan notice), done: make(chan struct{}), dirs: map[string]map[string]stamp{}}
	p.wg.Add(1)
	go p.loop()
	return p, nil
}

func (p *poller) Add(dir string) error {
	snap, err := list(dir)
	if err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.dirs[dir]; !ok {
		p.dirs[dir] = snap
	}
	return nil
}

func (p *poller) Remove(dir string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.dirs, dir)
	return nil
}

func (p *poller) Notices() <-chan notice { return p.out }

func (p *poller) Close() error {
	select {
	case <-p.done:
		return nil
	default:
	}
	close(p.done)
	p.wg.Wait()
	return nil
}

func (p *poller) loop() {
	defer p.wg.Done()
	defer close(p.out)
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	for {
		select {
		case <-p.done:
			return
		case <-t.C:
		}
		p.mu.Lock()
		dirs := make([]string, 0, len(p.dirs))
		for d := range p.dirs {
			dirs = append(dirs, d)
		}
		p.mu.Unlock()
		for _, d := range dirs {
			cur, _ := list(d) // a vanished directory lists as empty
			p.mu.Lock()
			prev, ok := p.dirs[d]
			if ok {
				p.dirs[d] = cur
			}
			p.mu.Unlock()
			if !ok {
				continue
			}
			for name, s := range cur {
				if old, ok := prev[name]; !ok || old != s {
					if !p.send(notice{Path: filepath.Join(d, name)}) {
						return
					}
				}
			}
			for name := range prev {
				if _, ok := cur[name]; !ok {
					if !p.send(notice{Path: filepath.Join(d, name)}) {
						return
					}
				}
			}
		}
	}
}

func (p *poller) send(x notice) bool {
	select {
	case p.out <- x:
		return true
	case <-p.done:
		return false
	}
}

func list(dir string) (map[string]stamp, error) {
	entries, err := os.ReadDir(dir)
	out := map[string]stamp{}
	for _, e := range entries {
		// Directories too: a directory appearing is how a missing one is
		// noticed.
		if info, err := e.Info(); err == nil {
			out[e.Name()] = stamp{size: info.Size(), mod: info.ModTime()}
		}
	}
	return out, err
}

// Interface guards.
var _ notifier = (*poller)(nil)

package watch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// WatcherOptions configure a Watcher. The zero value is usable.
type WatcherOptions struct {
	// Debounce is the quiet period: a plugin reloads once none of its files
	// got an event for this long; default 30ms. On Linux a save the kernel
	// reports complete (the writer closed the file, or renamed it into
	// place) waits Settle instead, and a file still open for writing holds
	// the reload however long it pauses (up to MaxDelay).
	Debounce time.Duration
	// Settle is how long a plugin whose writes all completed waits for more
	// (files saved together become one reload); default 2ms, negative for
	// none. Only used where completed writes are reported (Linux).
	Settle time.Duration
	// MaxDelay bounds how long a steady stream of events can postpone a
	// plugin's reload, counted from its first event; default 300ms.
	MaxDelay time.Duration
	// OnError receives watcher problems (a directory that cannot be
	// watched, lost events); they are not fatal. Nil ignores them. Called
	// from the Watcher's goroutines.
	OnError func(error)
	// Discovery, when set, names where new plugins show up: directories
	// (an event for any entry counts) and files (only that path counts,
	// as a settings file in a busy directory). Once such events settle
	// (debounced like a plugin's), Rediscover runs on the Watcher's worker,
	// between reloads; then both lists are read again. Plugins it adds to
	// or removes from the Reloader are watched or dropped from then on.
	Discovery  func() (dirs, files []string)
	Rediscover func(ctx context.Context)
}

// discoveryKey is the debouncer's key for discovery events (not a plugin
// id: those never start with a NUL).
const discoveryKey = "\x00discovery"

func (o WatcherOptions) withDefaults() WatcherOptions {
	if o.Debounce <= 0 {
		o.Debounce = 30 * time.Millisecond
	}
	if o.Settle == 0 {
		o.Settle = 2 * time.Millisecond
	}
	if o.Settle < 0 {
		o.Settle = 0
	}
	if o.Settle > o.Debounce {
		o.Settle = o.Debounce
	}
	if o.MaxDelay <= 0 {
		o.MaxDelay = 300 * time.Millisecond
	}
	if o.MaxDelay < o.Debounce {
		o.MaxDelay = o.Debounce
	}
	return o
}

// Watcher reloads the plugins of a Reloader when their files change. It
// watches the directories holding each plugin's input files, maps events
// to plugins by path, debounces them per plugin and asks the Reloader to
// reload when content changed (see the package doc). Safe from any
// goroutine.
type Watcher struct {
	r           *Reloader
	opts        WatcherOptions
	n           notifier
	deb         *debouncer
	unsubscribe func()
	kick        chan struct{}

	syncMu sync.Mutex // serializes resync

	mu       sync.Mutex
	dirs     map[string]bool     // watched directories
	missing  map[string]string   // wanted directory that does not exist → the ancestor watched instead
	byFile   map[string][]string // input file → plugin ids
	byDir    map[string][]string // directory → ids of broken plugins with files there
	discDir  map[string]bool     // Discovery's directories
	discFile map[string]bool     // Discovery's files
	queue    []string            // plugins due for a reload, in order
	queued   map[string][]string // plugin → event paths
	closed   bool
}

// NewWatcher starts watching the files of every plugin r has, and of every
// plugin added later. Events are only acted on while Run runs; until then
// they wait in the kernel queue. Close releases the watches.
func NewWatcher(r *Reloader, opts WatcherOptions) (*Watcher, error) {
	n, err := newNotifier()
	if err != nil {
		return nil, err
	}
	w := &Watcher{r: r, opts: opts.withDefaults(), n: n, kick: make(chan struct{}, 1),
		dirs: map[string]bool{}, missing: map[string]string{}, queued: map[string][]string{}}
	w.deb = newDebouncer(w.opts.Debounce, w.opts.Settle, w.opts.MaxDelay, w.due)
	w.unsubscribe = r.subscribe(w.resync)
	w.resync()
	return w, nil
}

// Run handles file events and runs the reloads they call for, one at a
// time, until ctx ends or the Watcher is closed. A reload in progress when
// ctx ends is finished first (it is bounded by the host's budgets). Reload
// outcomes go to the Reloader's OnReload.
func (w *Watcher) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		w.work(context.WithoutCancel(ctx), stop)
	}()
	defer func() {
		close(stop)
		wg.Wait()
	}()
	// The watches exist since NewWatcher; an edit saved before them (while
	// the plugins loaded, or just after) got no event: check every plugin
	// once, which reloads only those whose content changed. The check goes
	// through the debouncer like an event, so a save in progress is not
	// read half-written.
	for _, id := range w.r.Plugins() {
		w.deb.touch(id, "")
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case x, ok := <-w.n.Notices():
			if !ok {
				return nil
			}
			w.handle(x)
		}
	}
}

// Close stops watching. Pending (debounced) reloads are dropped; Run
// returns.
func (w *Watcher) Close() error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed = true
	w.mu.Unlock()
	w.unsubscribe()
	w.deb.stop()
	return w.n.Close()
}

// Dirs returns the directories being watched, sorted.
func (w *Watcher) Dirs() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := make([]string, 0, len(w.dirs))
	for d := range w.dirs {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

// handle maps one notice to the plugins it concerns.
func (w *Watcher) handle(x notice) {
	switch {
	case x.Err != nil:
		w.report(x.Err)
	case x.Overflow:
		w.report(fmt.Errorf("watch: file events were lost; checking every plugin"))
		for _, id := range w.r.Plugins() {
			w.deb.touch(id, "")
		}
	case x.Phase == phaseWriting:
		ids, _ := w.match(x.Path) // a directory appearing is fsnotify's to report
		for _, id := range ids {
			w.deb.writing(id, x.Path)
		}
	case x.Phase == phaseDone:
		ids, _ := w.match(x.Path)
		for _, id := range ids {
			w.deb.done(id, x.Path)
		}
	default:
		ids, appeared := w.match(x.Path)
		if appeared {
			w.resync()
		}
		for _, id := range ids {
			w.deb.touch(id, x.Path)
		}
	}
}

// match returns the plugins an event on path concerns: those whose input
// set holds path, broken plugins with files in path's directory when path
// is a source file outside node_modules, and, when path is (an ancestor
// of) a missing directory that was waited for, the plugins with files
// below it (appeared is then true).
func (w *Watcher) match(path string) (ids []string, appeared bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, id := range w.byFile[path] {
		add(id)
	}
	if w.discDir[filepath.Dir(path)] || w.discDir[path] || w.discFile[path] {
		add(discoveryKey)
	}
	if isSource(path) && !inNodeModules(path) {
		for _, id := range w.byDir[filepath.Dir(path)] {
			add(id)
		}
	}
	for dir := range w.missing {
		if dir == path || strings.HasPrefix(dir, path+string(filepath.Separator)) {
			appeared = true
			if w.opts.Discovery != nil {
				add(discoveryKey) // a discovery directory may be among them
			}
			for f, fids := range w.byFile {
				if strings.HasPrefix(f, dir+string(filepath.Separator)) {
					for _, id := range fids {
						add(id)
					}
				}
			}
		}
	}
	return ids, appeared
}

// due is the debouncer's fire: queue the plugin and wake the worker.
func (w *Watcher) due(id string, paths []string) {
	w.mu.Lock()
	if _, ok := w.queued[id]; !ok {
		w.queue = append(w.queue, id)
	}
	w.queued[id] = append(w.queued[id], paths...)
	w.mu.Unlock()
	select {
	case w.kick <- struct{}{}:
	default:
	}
}

// work runs queued reloads until stop closes.
func (w *Watcher) work(ctx context.Context, stop <-chan struct{}) {
	for {
		select {
		case <-stop:
			return
		case <-w.kick:
		}
		for {
			w.mu.Lock()
			if len(w.queue) == 0 || w.closed {
				w.mu.Unlock()
				break
			}
			id := w.queue[0]
			w.queue = w.queue[1:]
			paths := w.queued[id]
			delete(w.queued, id)
			w.mu.Unlock()
			// A plugin whose entry file is gone may have been discovered:
			// discovery unloads it rather than a reload failing on it.
			if id == discoveryKey || (w.opts.Rediscover != nil && w.r.entryGone(id)) {
				w.opts.Rediscover(ctx)
				w.resync() // new subdirectories; the Reloader's changes notify too
			}
			if id != discoveryKey && w.r.has(id) {
				w.r.reload(ctx, id, "watch", paths, false)
			}
			select {
			case <-stop:
				return
			default:
			}
		}
	}
}

// resync brings the directory watches and the path index in line with the
// Reloader's input sets (after Add and after every reload attempt).
func (w *Watcher) resync() {
	w.syncMu.Lock()
	defer w.syncMu.Unlock()
	byFile := map[string][]string{}
	byDir := map[string][]string{}
	want := map[string]bool{}
	for _, t := range w.r.snapshot() {
		dirs := map[string]bool{}
		for _, f := range t.files {
			byFile[f] = append(byFile[f], t.id)
			dirs[filepath.Dir(f)] = true
			want[filepath.Dir(f)] = true
		}
		if t.broken {
			for d := range dirs {
				byDir[d] = append(byDir[d], t.id)
			}
		}
	}
	discDir, discFile := map[string]bool{}, map[string]bool{}
	if w.opts.Discovery != nil && w.opts.Rediscover != nil {
		dirs, files := w.opts.Discovery()
		for _, d := range dirs {
			discDir[d], want[d] = true, true
		}
		for _, f := range files {
			discFile[f], want[filepath.Dir(f)] = true, true
		}
	}
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return
	}
	have := w.dirs
	w.mu.Unlock()

	// Add is asked again for every directory, even one watched already:
	// a deleted directory silently loses its watch, and asking again is
	// how that is noticed. A directory that does not exist is waited for
	// from its nearest existing ancestor; its creation shows up there as an
	// event (see match).
	watched := map[string]bool{}
	missing := map[string]string{}
	for d := range want {
		if w.n.Add(d) == nil {
			watched[d] = true
			continue
		}
		anc := existingAncestor(d)
		if anc == "" {
			w.report(fmt.Errorf("watch: cannot watch %s or any parent", d))
			continue
		}
		missing[d] = anc
		if have[anc] || watched[anc] || w.n.Add(anc) == nil {
			watched[anc] = true
		}
	}
	for d := range have {
		if !watched[d] {
			_ = w.n.Remove(d)
		}
	}
	w.mu.Lock()
	w.dirs, w.missing, w.byFile, w.byDir = watched, missing, byFile, byDir
	w.discDir, w.discFile = discDir, discFile
	w.mu.Unlock()
}

func (w *Watcher) report(err error) {
	if w.opts.OnError != nil {
		w.opts.OnError(err)
	}
}

// existingAncestor returns the nearest existing directory above dir.
func existingAncestor(dir string) string {
	for d := filepath.Dir(dir); ; d = filepath.Dir(d) {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
		if d == filepath.Dir(d) {
			return ""
		}
	}
}

// isSource reports whether a new file at path could be an import a broken
// plugin is missing.
func isSource(path string) bool {
	switch filepath.Ext(path) {
	case ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json":
		return true
	}
	return false
}

func inNodeModules(path string) bool {
	return strings.Contains(filepath.ToSlash(path), "/node_modules/")
}

package watch

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
)

// ReloaderOptions configure a Reloader. The zero value is usable.
type ReloaderOptions struct {
	// OnReload receives every reload, watched or manual, in the order they
	// ran, on the goroutine that ran it, after the swap completed. It must
	// not call Reload or ReloadAll (reloads are serialized). Nil ignores.
	OnReload func(Reload)
}

// Reloader reloads plugins of one host on request (candidate-then-swap via
// engine.Host.Reload), emits pi's session events around each swap and
// remembers every plugin's input files with their content hashes. Reloads
// are serialized: one runs at a time, whoever asked. Safe from any
// goroutine.
type Reloader struct {
	host *engine.Host
	env  *jsapi.Env
	opts ReloaderOptions

	drive sync.Mutex // held for a whole reload

	mu      sync.Mutex
	plugins map[string]*target
	order   []string
	subs    map[int]func()
	subSeq  int
}

// target is one watched plugin. Guarded by Reloader.mu.
type target struct {
	id, path string
	files    fileSet // inputs + entry candidates → content hash at the last attempt
	broken   bool    // the last load or reload failed
}

// targetInfo is a copy of a target for the Watcher.
type targetInfo struct {
	id     string
	files  []string
	broken bool
}

// NewReloader creates a Reloader for plugins of host loaded through env.
func NewReloader(host *engine.Host, env *jsapi.Env, opts ReloaderOptions) *Reloader {
	return &Reloader{host: host, env: env, opts: opts, plugins: map[string]*target{}, subs: map[int]func(){}}
}

// Add registers plugin id, loaded by env from the extension path (exactly
// the path given to jsapi.Env.Plugin). Call it after the plugin's first
// load (successful or not): it records the files that load read and their
// current content, so an edit made between that load and Add is not seen
// until the next one (AddLoaded closes that gap). Adding an id again
// replaces its path.
func (r *Reloader) Add(id, path string) { r.AddLoaded(id, path, time.Time{}) }

// AddLoaded is Add for a plugin whose load started at loadedAt: a file
// modified since then may hold an edit the load did not see, so it counts
// as changed, and the Watcher's first check reloads the plugin.
func (r *Reloader) AddLoaded(id, path string, loadedAt time.Time) {
	files := snapshotFiles(r.inputSet(path))
	if !loadedAt.IsZero() {
		for p := range files {
			if st, err := os.Stat(p); err == nil && !st.ModTime().Before(loadedAt) {
				files[p] = staleHash
			}
		}
	}
	r.mu.Lock()
	if _, ok := r.plugins[id]; !ok {
		r.order = append(r.order, id)
	}
	r.plugins[id] = &target{id: id, path: path, files: files, broken: r.host.Generation(id) == nil}
	r.mu.Unlock()
	r.notify()
}

// Remove stops watching plugin id (its file went away); a Watcher drops
// its files.
func (r *Reloader) Remove(id string) {
	r.mu.Lock()
	delete(r.plugins, id)
	r.order = slices.DeleteFunc(r.order, func(x string) bool { return x == id })
	r.mu.Unlock()
	r.notify()
}

// has reports whether plugin id is watched.
func (r *Reloader) has(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.plugins[id] != nil
}

// entryGone reports whether plugin id's extension path no longer exists.
func (r *Reloader) entryGone(id string) bool {
	r.mu.Lock()
	t := r.plugins[id]
	r.mu.Unlock()
	if t == nil {
		return false
	}
	_, err := os.Stat(t.path)
	return errors.Is(err, fs.ErrNotExist)
}

// SetOnReload replaces ReloaderOptions.OnReload (a session that starts
// watching after the app was opened hears the reloads from then on).
func (r *Reloader) SetOnReload(f func(Reload)) {
	r.mu.Lock()
	r.opts.OnReload = f
	r.mu.Unlock()
}

// Plugins returns the ids added, in the order they were added.
func (r *Reloader) Plugins() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.order...)
}

// Files returns the files watched for plugin id (its bundle inputs and
// entry candidates), sorted.
func (r *Reloader) Files(id string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t := r.plugins[id]; t != nil {
		return t.files.paths()
	}
	return nil
}

// Reload reloads plugin id now, whether or not its files changed.
func (r *Reloader) Reload(ctx context.Context, id string) Reload {
	rep, _ := r.reload(ctx, id, "manual", nil, true)
	return rep
}

// Restart reloads plugin id without session events (Trigger "move"): a
// session switch to another project starts every extension again, as pi
// creates a new runtime there, and sends session_shutdown to the old
// instance before and session_start to the new one after.
func (r *Reloader) Restart(ctx context.Context, id string) Reload {
	rep, _ := r.reload(ctx, id, "move", nil, true)
	return rep
}

// ReloadIfChanged reloads plugin id when the content of one of its files
// differs from what the previous attempt saw; ok is false (and no reload
// happened) otherwise.
func (r *Reloader) ReloadIfChanged(ctx context.Context, id string) (rep Reload, ok bool) {
	return r.reload(ctx, id, "manual", nil, false)
}

// ReloadAll reloads every added plugin, one after the other in the order
// they were added (each is its own candidate-then-swap; a failure keeps
// that plugin's generation and does not stop the others). It is the Go API
// behind a manual /reload.
func (r *Reloader) ReloadAll(ctx context.Context) []Reload {
	var out []Reload
	for _, id := range r.Plugins() {
		out = append(out, r.Reload(ctx, id))
	}
	return out
}

// reload runs one reload of id. hint lists paths that got events (they may
// be new files); unless force, nothing happens when no content changed.
func (r *Reloader) reload(ctx context.Context, id, trigger string, hint []string, force bool) (Reload, bool) {
	r.drive.Lock()
	defer r.drive.Unlock()
	r.mu.Lock()
	t := r.plugins[id]
	var prev fileSet
	var path string
	if t != nil {
		prev, path = t.files, t.path
	}
	r.mu.Unlock()
	if t == nil {
		err := fmt.Errorf("reload %s: %w", id, engine.ErrUnknownPlugin)
		return Reload{Plugin: id, Trigger: trigger, Added: []string{}, Removed: []string{}, Changed: []string{},
			Error: &engine.PluginError{Plugin: id, Err: err,
				Diagnostics: []engine.Diagnostic{{Plugin: id, Severity: engine.SeverityError, Where: "reload", Text: err.Error()}}}}, true
	}
	// Hash before the bundle reads the files: an edit racing this reload
	// then differs from what we record and triggers the next one.
	seen := fileSet{}
	changed := prev.changed(hint, seen)
	if !force && len(changed) == 0 {
		return Reload{}, false
	}
	start := time.Now()
	var warnings []engine.Diagnostic
	events := trigger != "move"
	res := r.host.Reload(ctx, id, func(old, _ *engine.Generation) {
		if events {
			warnings = append(warnings, r.host.EmitTo(ctx, old, "session_shutdown",
				map[string]any{"type": "session_shutdown", "reason": "reload"})...)
		}
	})
	if res.OK && events {
		if g := r.host.Generation(id); g != nil && g.Number() == res.Generation {
			warnings = append(warnings, r.host.EmitTo(ctx, g, "session_start",
				map[string]any{"type": "session_start", "reason": "reload"})...)
		}
	}
	rep := Reload{Plugin: id, Generation: res.Generation, OK: res.OK, Error: res.Err, Warnings: warnings, Trigger: trigger}
	if trigger == "watch" {
		rep.Files = changed
	}
	if g := r.host.Generation(id); g != nil {
		rep.Live = g.Number()
	}
	rep.Added, rep.Removed, rep.Changed = flatten(res.Diffs, res.Hooks)
	if !res.OK {
		rep.Added, rep.Removed, rep.Changed = []string{}, []string{}, []string{}
	}
	r.refresh(id, path, seen, !res.OK)
	rep.Elapsed = time.Since(start)
	r.mu.Lock()
	onReload := r.opts.OnReload
	r.mu.Unlock()
	if onReload != nil {
		onReload(rep)
	}
	return rep, true
}

// refresh re-reads the plugin's input set after an attempt and records the
// content hashes: those taken before the attempt where known, fresh ones for
// files that just joined the set (a new import).
func (r *Reloader) refresh(id, path string, seen fileSet, broken bool) {
	files := fileSet{}
	for _, p := range r.inputSet(path) {
		if h, ok := seen[p]; ok {
			files[p] = h
		} else {
			files[p] = hashFile(p)
		}
	}
	r.mu.Lock()
	if t := r.plugins[id]; t != nil {
		t.files, t.broken = files, broken
	}
	r.mu.Unlock()
	r.notify()
}

// inputSet is what to watch for an extension path: the files its last
// bundle read plus the files that decide its entry.
func (r *Reloader) inputSet(path string) []string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return append(r.env.Inputs(path), entryCandidates(abs)...)
}

// snapshot copies every target for the Watcher.
func (r *Reloader) snapshot() []targetInfo {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]targetInfo, 0, len(r.order))
	for _, id := range r.order {
		t := r.plugins[id]
		out = append(out, targetInfo{id: id, files: t.files.paths(), broken: t.broken})
	}
	return out
}

// subscribe registers f to run after every change of an input set (Add,
// every reload attempt); the returned function unsubscribes.
func (r *Reloader) subscribe(f func()) (cancel func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.subSeq++
	key := r.subSeq
	r.subs[key] = f
	return func() {
		r.mu.Lock()
		defer r.mu.Unlock()
		delete(r.subs, key)
	}
}

func (r *Reloader) notify() {
	r.mu.Lock()
	fs := make([]func(), 0, len(r.subs))
	for _, f := range r.subs {
		fs = append(fs, f)
	}
	r.mu.Unlock()
	for _, f := range fs {
		f()
	}
}

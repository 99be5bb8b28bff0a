package pigo

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/pkgmgr"
	"github.com/pigo-dev/pigo/jsapi/discover"
	"github.com/pigo-dev/pigo/jsapi/watch"
)

// Change is an extension file that discovery found or lost while the app
// runs (Rediscover): Reload reports it as a save's reload would, with
// what the plugin registers as Added (a new file) or Removed (a deleted
// one); Gone says which.
type Change struct {
	Plugin Plugin
	Gone   bool
	// Restarted: a plugin Relocate started again in place (neither
	// found nor lost).
	Restarted bool
	Reload    watch.Reload
}

// discovered reports whether a plugin came from discovery (settings,
// .pi/extensions, the agent dir, packages), which Rediscover follows; -e
// paths and the manifest's stay as given.
func (p Plugin) discovered() bool {
	switch p.Origin {
	case "settings:project", "auto:project", "settings:global", "auto:global", "package:project", "package:global":
		return p.Path != ""
	}
	return false
}

// discoverOptions are the options discovery ran with, for the project as
// this app trusts it now.
func (a *App) discoverOptions() discover.Options {
	a.heldMu.Lock()
	defer a.heldMu.Unlock()
	o := a.dopts
	o.UntrustedProject = a.projectHeld
	return o
}

func (a *App) held() bool {
	a.heldMu.Lock()
	defer a.heldMu.Unlock()
	return a.projectHeld
}

// Rediscover runs discovery again and follows it: an extension file that
// appeared loads (session_start {reason: "reload"} goes to it), one that is
// gone unloads (after session_shutdown {reason: "reload"}); both are
// watched or dropped by the Reloader. New plugins take their place in
// discovery's order (placeDiscovered). It returns what changed; a new file that fails to load is a change
// with its error (file:line), and nothing else is touched.
func (a *App) Rediscover(ctx context.Context) []Change {
	if !a.discovering {
		return nil
	}
	a.rediscoverMu.Lock()
	defer a.rediscoverMu.Unlock()
	return a.rediscover(ctx, followWatch)
}

// Relocate makes cwd the app's project (another one, or the same one
// again), as pi creates a new runtime for each session it switches to:
// the missing packages of the user's settings and, when trusted, of the
// project's install (Options.InstallPackages), discovery runs there with
// the project trusted or not, the plugins it no longer finds (the old project's
// among them, loaded or held) unload and the new project's load; every
// other plugin (bundled, Go, -e paths, the user's) starts again
// in place, in its order, so it reads the new project (the MCP servers
// of its .mcp.json) and sets its UI anew. No session events are sent:
// the switch sends session_shutdown before and session_start after.
func (a *App) Relocate(ctx context.Context, cwd string, trusted bool) []Change {
	a.rediscoverMu.Lock()
	defer a.rediscoverMu.Unlock()
	a.heldMu.Lock()
	a.dopts.Cwd, a.projectHeld = cwd, !trusted
	a.heldMu.Unlock()
	if a.packages != nil {
		a.packages.Dirs.Cwd = cwd
	}
	a.installMissing(ctx, trusted)
	return a.rediscover(ctx, followMove)
}

// installMissing installs the missing packages of the user's settings
// and, in a trusted project, of the project's (Options.InstallPackages),
// as pi's package manager does each time its resource loader runs (a new
// runtime, /reload); what fails joins the Problems.
func (a *App) installMissing(ctx context.Context, trusted bool) {
	if a.packages == nil {
		return
	}
	problems, settled := installConfigured(ctx, a.packages, pkgmgr.User)
	a.Problems = append(withoutNotInstalled(a.Problems, settled), problems...)
	if trusted {
		a.installProjectPackages(ctx)
	}
}

// RestartAll is pi's /reload, whose resource loader runs again: the
// missing packages install (installMissing), the extension files
// discovery no longer finds unload, the ones it finds new load at their
// place in its order (what it cannot use joins the Problems), and every
// other plugin starts again in place, in that order (an extension file from its
// current source; a plugin that failed to load is tried again). -e paths
// and the manifest's stay as given; an untrusted project's stay held. No
// session events are sent: the caller sends session_shutdown to every
// extension before (the gone ones among them) and session_start after
// (the new ones among them), as pi's reload does. A plugin that fails to
// start again keeps its generation; a new file that fails to load is a
// change with its error (file:line).
func (a *App) RestartAll(ctx context.Context) []Change {
	a.rediscoverMu.Lock()
	defer a.rediscoverMu.Unlock()
	a.installMissing(ctx, !a.held())
	return a.rediscover(ctx, followReload)
}

// restartPlugins starts every plugin that is loaded (or failed to load)
// again in place, in the app's order, and loads those in fresh (which
// discovery found just now) at their place, all without session events.
func (a *App) restartPlugins(ctx context.Context, fresh map[string]bool) []Change {
	var changes []Change
	restart := map[string]bool{}
	for _, p := range a.Host.Plugins() {
		restart[p.ID] = p.Status == engine.StatusLoaded || p.Status == engine.StatusFailed
	}
	watched := map[string]bool{}
	for _, id := range a.Reloader.Plugins() {
		watched[id] = true
	}
	for _, p := range a.Plugins {
		switch {
		case fresh[p.ID]:
			changes = append(changes, a.loadAppeared(ctx, p, false))
			continue
		case !restart[p.ID]:
			continue
		}
		c := Change{Plugin: p, Restarted: true}
		if watched[p.ID] {
			c.Reload = a.Reloader.Restart(ctx, p.ID)
		} else {
			c.Reload = a.restartUnwatched(ctx, p.ID)
		}
		changes = append(changes, c)
	}
	return changes
}

// restartUnwatched is Reloader.Restart for a plugin without a file (a
// bundled or Go one).
func (a *App) restartUnwatched(ctx context.Context, id string) watch.Reload {
	res := a.Host.Reload(ctx, id, nil)
	r := watch.Reload{Plugin: id, Generation: res.Generation, OK: res.OK, Error: res.Err, Trigger: "move",
		Added: []string{}, Removed: []string{}, Changed: []string{}, Elapsed: res.Elapsed}
	if g := a.Host.Generation(id); g != nil {
		r.Live = g.Number()
	}
	return r
}

// followMode is how rediscover follows what discovery finds.
type followMode int

const (
	// followWatch (Rediscover): only what changed loads or unloads, with
	// its own session events.
	followWatch followMode = iota
	// followTrust (LoadProject): what the trusted project brings loads,
	// without session events (the session starts after).
	followTrust
	// followMove (Relocate): the held plugins are the old project's and
	// go too; every other plugin starts again; no session events.
	followMove
	// followReload (RestartAll): every plugin that stays starts again;
	// no session events.
	followReload
)

// rediscover runs discovery again and makes the app's plugins what it
// finds (see followMode); it returns what changed. When the app does not
// discover, a move or a reload only starts the plugins again.
func (a *App) rediscover(ctx context.Context, mode followMode) []Change {
	if !a.discovering {
		if mode == followMove || mode == followReload {
			return a.restartPlugins(ctx, nil)
		}
		return nil
	}
	exts, problems := discover.Discover(a.discoverOptions())
	if mode == followReload {
		// pi's /reload reports what its resource loader met this time.
		// A package that failed to install is reported as such, not
		// again as not installed.
		for _, p := range problems {
			known := slices.Contains(a.Problems, p) || strings.HasPrefix(p.Message, "package not installed") &&
				slices.ContainsFunc(a.Problems, func(q discover.Problem) bool { return q.Source == p.Source })
			if !known {
				a.Problems = append(a.Problems, p)
			}
		}
	}
	found := map[string]discover.Extension{}
	for _, e := range exts {
		found[e.Path] = e
	}
	events, moving := mode == followWatch, mode == followMove
	restart := mode == followMove || mode == followReload
	var changes []Change
	var kept []Plugin
	have := map[string]bool{}
	held := a.held()
	for _, p := range a.Plugins {
		if _, ok := found[p.Path]; ok || !p.discovered() || (p.ProjectScoped() && held && !moving) {
			kept = append(kept, p)
			have[p.Path] = true
			continue
		}
		changes = append(changes, a.unloadGone(ctx, p, events))
	}
	a.Plugins = kept
	taken := map[string]bool{}
	for _, p := range a.Host.Plugins() {
		taken[p.ID] = true
	}
	fresh := map[string]bool{}
	for _, e := range exts {
		if have[e.Path] || e.Origin == "cli" {
			continue
		}
		id := e.ID
		for n := 2; taken[id]; n++ {
			id = e.ID + "-" + strconv.Itoa(n)
		}
		taken[id] = true
		p := Plugin{ID: id, Path: e.Path, Origin: e.Origin, Source: e.Source}
		if !restart {
			changes = append(changes, a.loadAppeared(ctx, p, events))
		}
		a.Plugins = placeDiscovered(a.Plugins, p, exts)
		fresh[id] = true
	}
	if restart {
		// In the app's order, as pi's new runtime loads its extensions.
		changes = append(changes, a.restartPlugins(ctx, fresh)...)
	}
	if len(fresh) > 0 {
		ids := make([]string, len(a.Plugins))
		for i, p := range a.Plugins {
			ids[i] = p.ID
		}
		a.Host.Reorder(ctx, ids)
	}
	return changes
}

// placeDiscovered inserts p, which discovery found late, where
// discovery's order (exts) puts it: after the nearest plugin it comes
// after, else before the nearest it comes before, else ahead of pi's
// built-in extensions and the Go plugins (which load after the files),
// else last. A project's packages, installed once it is trusted, load
// before the user's then, as pi's precedence order has them.
func placeDiscovered(plugins []Plugin, p Plugin, exts []discover.Extension) []Plugin {
	at := map[string]int{}
	for i, q := range plugins {
		if q.Path != "" {
			at[q.Path] = i
		}
	}
	self := slices.IndexFunc(exts, func(e discover.Extension) bool { return e.Path == p.Path })
	if self >= 0 {
		for i := self - 1; i >= 0; i-- {
			if j, ok := at[exts[i].Path]; ok {
				return slices.Insert(plugins, j+1, p)
			}
		}
		for _, e := range exts[self+1:] {
			if j, ok := at[e.Path]; ok {
				return slices.Insert(plugins, j, p)
			}
		}
	}
	if j := slices.IndexFunc(plugins, func(q Plugin) bool { return q.Origin == "builtin" || q.Origin == "go" }); j >= 0 {
		return slices.Insert(plugins, j, p)
	}
	return append(plugins, p)
}

func (a *App) unloadGone(ctx context.Context, p Plugin, events bool) Change {
	start := time.Now()
	removed := watch.Registered(a.Host, p.ID)
	if g := a.Host.Generation(p.ID); g != nil && events {
		a.Host.EmitTo(ctx, g, "session_shutdown", map[string]any{"type": "session_shutdown", "reason": "reload"})
	}
	_ = a.Host.Unload(ctx, p.ID)
	a.Reloader.Remove(p.ID)
	return Change{Plugin: p, Gone: true, Reload: watch.Reload{Plugin: p.ID, OK: true, Trigger: "discover", Files: []string{p.Path},
		Added: []string{}, Removed: removed, Changed: []string{}, Elapsed: time.Since(start)}}
}

func (a *App) loadAppeared(ctx context.Context, p Plugin, events bool) Change {
	start := time.Now()
	res := a.Host.Add(ctx, a.Env.Plugin(p.ID, p.Path, nil))[0]
	a.Results = append(a.Results, res)
	a.Reloader.AddLoaded(p.ID, p.Path, start)
	r := watch.Reload{Plugin: p.ID, Generation: res.Generation, OK: res.OK, Error: res.Err, Trigger: "discover",
		Files: []string{p.Path}, Added: []string{}, Removed: []string{}, Changed: []string{}}
	if g := a.Host.Generation(p.ID); g != nil {
		r.Live = g.Number()
		if events {
			r.Warnings = a.Host.EmitTo(ctx, g, "session_start", map[string]any{"type": "session_start", "reason": "reload"})
		}
		r.Added = watch.Registered(a.Host, p.ID)
	}
	r.Elapsed = time.Since(start)
	return Change{Plugin: p, Reload: r}
}

// watchDiscovery makes a Watcher follow discovery (new extension files
// load, deleted ones unload), each change going to report; nothing for an
// app that does not discover.
func (a *App) watchDiscovery(o *watch.WatcherOptions, report func(Change)) {
	if !a.discovering {
		return
	}
	o.Discovery = func() ([]string, []string) {
		dirs, files := discover.WatchPaths(a.discoverOptions())
		for i, d := range dirs {
			dirs[i] = filepath.Clean(d)
		}
		return dirs, files
	}
	o.Rediscover = func(ctx context.Context) {
		for _, c := range a.Rediscover(ctx) {
			report(c)
		}
	}
}

// NewWatcher is a Watcher of the app's extension files that also follows
// discovery: a file dropped into .pi/extensions or the agent dir's
// extensions (or named by a settings change) loads, a deleted one
// unloads; report hears those changes (saves go to the Reloader's
// OnReload as before).
func (a *App) NewWatcher(o watch.WatcherOptions, report func(Change)) (*watch.Watcher, error) {
	a.watchDiscovery(&o, report)
	return watch.NewWatcher(a.Reloader, o)
}

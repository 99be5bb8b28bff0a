package pigo

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/jsapi/discover"
	"github.com/pigo-dev/pigo/jsapi/watch"
)

// CacheDir is the bundle cache a command line gets: $PIGO_CACHE_DIR ("off"
// disables it), else $XDG_CACHE_HOME/pigo, else $HOME/.cache/pigo.
func CacheDir(getenv func(string) string) string {
	switch d := getenv("PIGO_CACHE_DIR"); d {
	case "off":
		return ""
	case "":
	default:
		return d
	}
	if x := getenv("XDG_CACHE_HOME"); x != "" {
		return filepath.Join(x, "pigo")
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache", "pigo")
	}
	return ""
}

// SourceOptions are the Options of the app a command line names: --app
// FILE (relative to io.Cwd; else the default coding agent),
// --no-builtin-tools, -e paths, discovery unless --no-extensions, pi's
// built-in MCP support unless --no-mcp, and the
// bundle cache unless --no-cache, in io's world; the app the executable
// carries (Embedded) comes first.
func SourceOptions(src agentsession.AppSource, io *agentsession.IO) (Options, error) {
	cwd := io.Cwd
	if src.Cwd != "" {
		cwd = src.Cwd
	}
	opts := Options{NoBundled: src.NoBuiltinTools, Cwd: cwd, Getenv: io.Getenv, Environ: io.EnvMap(),
		Extensions: src.Extensions, Discover: !src.NoExtensions, NoMCP: src.NoMCP}
	if !src.NoCache {
		opts.CacheDir = CacheDir(io.Getenv)
	}
	embedded, err := Embedded()
	if err != nil {
		return opts, err
	}
	opts.Embedded = embedded
	if src.App != "" {
		path := src.App
		if !filepath.IsAbs(path) {
			path = filepath.Join(cwd, path)
		}
		m, err := ReadManifest(path)
		if err != nil {
			return opts, err
		}
		opts.Manifest = m
	}
	return opts, nil
}

// SessionOpener is the composition root of agent sessions: it opens the
// app a session's command line names, in io's world.
func SessionOpener(io *agentsession.IO) agentsession.Opener {
	return func(src agentsession.AppSource, agentDir string, host engine.Options) (*agentsession.App, error) {
		opts, err := SourceOptions(src, io)
		if err != nil {
			return nil, err
		}
		opts.AgentDir, opts.Host = agentDir, host
		opts.InstallPackages = true // as pi does at every start
		a, err := New(opts)
		if err != nil {
			return nil, err
		}
		return a.forSession(), nil
	}
}

// forSession is the app as a session sees it.
func (a *App) forSession() *agentsession.App {
	out := &agentsession.App{
		Host:          a.Host,
		Boot:          a.Boot,
		BootUntrusted: a.BootUntrusted,
		RestartAll: func(ctx context.Context) ([]agentsession.Reload, []agentsession.Problem) {
			return a.forSessionChanges(func() []Change { return a.RestartAll(ctx) })
		},
		Close: a.Close,
		Relocate: func(ctx context.Context, cwd string, trusted bool) ([]agentsession.Reload, []agentsession.Problem) {
			return a.forSessionChanges(func() []Change { return a.Relocate(ctx, cwd, trusted) })
		},
		Watch: func(onReload func(agentsession.Reload)) (func(), error) {
			w, err := a.NewWatcher(watch.WatcherOptions{}, func(c Change) { onReload(c.forSession()) })
			if err != nil {
				return nil, err
			}
			a.Reloader.SetOnReload(func(r watch.Reload) {
				if r.Trigger == "watch" {
					onReload(agentsession.Reload{Plugin: r.Plugin, OK: r.OK, Error: r.Error, Live: r.Live,
						Added: r.Added, Removed: r.Removed, Changed: r.Changed, Elapsed: r.Elapsed})
				}
			})
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() { defer close(done); _ = w.Run(ctx) }()
			return func() {
				cancel()
				<-done
				_ = w.Close()
				a.Reloader.SetOnReload(nil)
			}, nil
		},
	}
	out.Plugins, out.Problems = a.sessionPlugins(), a.sessionProblems()
	// The project's packages install when it is trusted: their
	// extensions join the plugins, their failures the problems.
	out.LoadProject = func(ctx context.Context) []engine.LoadResult {
		res := a.LoadProject(ctx)
		out.Plugins, out.Problems = a.sessionPlugins(), a.sessionProblems()
		return res
	}
	return out
}

// forSessionChanges runs change (a reload or a move) and returns its
// changes and the problems it met, as a session hears them.
func (a *App) forSessionChanges(change func() []Change) ([]agentsession.Reload, []agentsession.Problem) {
	known := map[discover.Problem]bool{}
	for _, p := range a.Problems {
		known[p] = true
	}
	var res []agentsession.Reload
	for _, c := range change() {
		res = append(res, c.forSession())
	}
	var met []agentsession.Problem
	for _, p := range a.Problems {
		if !known[p] {
			met = append(met, sessionProblem(p))
		}
	}
	return res, met
}

func (a *App) sessionPlugins() []agentsession.Plugin {
	var out []agentsession.Plugin
	for _, p := range a.Plugins {
		out = append(out, agentsession.Plugin{ID: p.ID, Path: p.Path, Origin: p.Origin, Source: p.Source,
			Project: p.ProjectScoped()})
	}
	return out
}

func (a *App) sessionProblems() []agentsession.Problem {
	var out []agentsession.Problem
	for _, p := range a.Problems {
		out = append(out, sessionProblem(p))
	}
	return out
}

func sessionProblem(p discover.Problem) agentsession.Problem {
	return agentsession.Problem{Path: p.Path, Message: p.Message, Project: p.Project}
}

// forSession is a discovery change as a session hears it.
func (c Change) forSession() agentsession.Reload {
	r := c.Reload
	p := &agentsession.Plugin{ID: c.Plugin.ID, Path: c.Plugin.Path, Origin: c.Plugin.Origin, Source: c.Plugin.Source,
		Project: c.Plugin.ProjectScoped()}
	rep := agentsession.Reload{Plugin: r.Plugin, OK: r.OK, Error: r.Error, Live: r.Live,
		Added: r.Added, Removed: r.Removed, Changed: r.Changed, Elapsed: r.Elapsed, Appeared: p}
	switch {
	case c.Gone:
		rep.Appeared, rep.Gone = nil, p
	case c.Restarted:
		rep.Appeared = nil
	}
	return rep
}

// OSFS is the real file system, as a session's IO.FS.
type OSFS struct{}

func (OSFS) ReadFile(name string) ([]byte, error) { return os.ReadFile(name) }
func (OSFS) WriteFile(name string, data []byte, perm fs.FileMode) error {
	return os.WriteFile(name, data, perm)
}
func (OSFS) Stat(name string) (fs.FileInfo, error)        { return os.Stat(name) }
func (OSFS) MkdirAll(path string, perm fs.FileMode) error { return os.MkdirAll(path, perm) }
func (OSFS) Rename(oldpath, newpath string) error         { return os.Rename(oldpath, newpath) }
func (OSFS) Create(name string) (io.WriteCloser, error)   { return os.Create(name) }

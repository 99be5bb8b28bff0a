// Package pigo opens apps: the one composition root of pigo. An app is a
// manifest (bundled plugins and extension files, in precedence order) plus
// the extensions pi would discover (CLI -e paths, .pi/extensions,
// ~/.pi/agent/extensions, settings and packages), loaded into an
// engine.Host through jsapi, each in its own runtime. Every pigo command
// (check, tool, dev, the agent modes, list-models) and every program that
// embeds pigo opens its app here, so all of them see the same plugins in
// the same order.
//
//	app, err := pigo.Open(ctx, pigo.Options{Cwd: dir, Extensions: []string{"./my-ext.ts"}})
//	if err != nil { ... }          // a bad manifest: nothing was started
//	defer app.Close(ctx)
//	for _, r := range app.Results { ... }  // per-plugin load results
package pigo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pigo-dev/pigo/bundled"
	"github.com/pigo-dev/pigo/bundled/llama"
	"github.com/pigo-dev/pigo/bundled/mcp"
	"github.com/pigo-dev/pigo/bundled/payload"
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/pkgmgr"
	"github.com/pigo-dev/pigo/jsapi"
	"github.com/pigo-dev/pigo/jsapi/bundler"
	"github.com/pigo-dev/pigo/jsapi/discover"
	"github.com/pigo-dev/pigo/jsapi/watch"
)

// Options say how to open an app. The zero value opens the default coding
// agent in the process's working directory with nothing discovered.
type Options struct {
	// Manifest is the app; nil is DefaultManifest (pi's built-in tools).
	Manifest *Manifest
	// Embedded is an app carried by the executable (pigo build; see
	// Embedded()): its plugins come first, ahead of Manifest's, loaded
	// from their bundles. A bundled id it lists is not loaded again for
	// Manifest.
	Embedded *payload.App
	// NoBundled drops the manifest's bundled plugins (pi's
	// --no-builtin-tools); its extension files still load.
	NoBundled bool

	// Cwd is the project directory (default: the process's).
	Cwd string
	// Getenv reads the environment for discovery and the agent dir
	// (default: none, so nothing from the user's machine is read unless
	// asked). Environ is what extensions see as process.env.
	Getenv  func(string) string
	Environ map[string]string
	// AgentDir is pi's agent directory; "" derives it as pi does
	// (PI_CODING_AGENT_DIR, else ~/.pi/agent).
	AgentDir string

	// Extensions are extension paths given on the command line (-e), in
	// order; they come after the manifest's plugins.
	Extensions []string
	// Discover also loads what pi discovers (settings, .pi/extensions,
	// the agent dir, packages) after Extensions.
	Discover bool
	// NoMCP leaves out pi's built-in MCP support (--no-mcp), which loads
	// with discovery or with -e builtin:mcp.
	NoMCP bool

	// CacheDir is the bundle cache ("" disables it).
	CacheDir string
	// Host configures the engine host (budgets, diagnostics); its Cwd is
	// set from Cwd.
	Host engine.Options
	// GoPlugins are Go-native plugins loaded after the manifest's
	// (embedding programs).
	GoPlugins []engine.PluginSpec
	// InstallPackages installs before discovery what pi installs at
	// start-up: -e npm:/git: packages into its cache of temporary
	// packages (refreshing cached ones) and missing packages of the
	// user's settings. Failures become Problems; the app opens without
	// those packages.
	InstallPackages bool
	// Reload configures the app's reloader.
	Reload watch.ReloaderOptions
}

// Plugin is one plugin of an opened app, in manifest order.
type Plugin struct {
	ID      string
	Path    string // the entry file; "" for bundled and Go plugins
	Bundled bool
	// Origin says where it came from: "app" (a manifest file entry),
	// "bundled", "embedded" (the executable's own app), "go", or discovery's origin ("cli", "settings:project",
	// "auto:project", "settings:global", "auto:global", "package:...").
	Origin string
	// Source is what the user wrote that produced it (the -e value, the
	// settings entry, the manifest entry; for a group, its entries joined
	// with ", ").
	Source string
	// Members are the bundled plugins a group runs, in manifest order: a
	// run of two or more consecutive bundled entries without config (the
	// default app's seven tools) loads as one plugin, "@pi/tools", in one
	// runtime, because each runtime costs its web globals and pi's
	// ExtensionAPI (~1 MB, a few ms) and seven of them were most of a
	// process's start-up time and memory. Empty for anything else.
	Members []string

	userToo bool // project-scoped, but the user's settings name it too
}

// App is an opened app: a host with its plugins loaded.
type App struct {
	Manifest *Manifest
	Host     *engine.Host
	Env      *jsapi.Env
	// Reloader reloads the app's extension files (watch it with
	// watch.NewWatcher for hot reload); bundled plugins are not in it.
	Reloader *watch.Reloader
	Plugins  []Plugin
	// Results are the load results, one per plugin in Plugins order
	// (after Boot; after BootUntrusted and LoadProject, the project's
	// plugins come last).
	Results []engine.LoadResult
	// Problems are what discovery could not use (missing -e paths, bad
	// settings); the app opens without them.
	Problems []discover.Problem

	specs []engine.PluginSpec
	// what Rediscover needs (rediscover.go): the discovery options, whether
	// the app discovers, whether the project's plugins are held back
	// (untrusted so far)
	dopts        discover.Options
	discovering  bool
	projectHeld  bool // guarded by heldMu
	heldMu       sync.Mutex
	rediscoverMu sync.Mutex // one Rediscover at a time
	// packages installs missing packages as pi does (Options.InstallPackages;
	// nil otherwise): the project's once it is trusted, again on a move.
	packages *pkgmgr.Manager
}

// groupID is the id of a group of bundled plugins run in one runtime
// (Plugin.Members): "@pi/" like its members, so its tools stay built-in
// ones (overridable, grep/find/ls inactive by default).
const groupID = "@pi/tools"

// Open resolves the app and boots every plugin. The error is a
// *ManifestError when the manifest cannot be used; then nothing was
// started. A plugin that fails to load does not fail Open: see Results.
func Open(ctx context.Context, opts Options) (*App, error) {
	a, err := New(opts)
	if err != nil {
		return nil, err
	}
	a.Boot(ctx)
	return a, nil
}

// New resolves the app and creates its host without starting any plugin,
// for callers that prepare the host first (the agent session attaches its
// session file before extensions load). Boot starts the plugins.
func New(opts Options) (*App, error) {
	m := opts.Manifest
	if m == nil {
		m = DefaultManifest()
	}
	resolved, err := m.resolve()
	if err != nil {
		return nil, err
	}
	embeddedIDs, err := checkEmbedded(opts.Embedded)
	if err != nil {
		return nil, err
	}
	cwd := opts.Cwd
	if cwd == "" {
		if cwd, err = os.Getwd(); err != nil {
			return nil, err
		}
	}
	getenv := opts.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	hostOpts := opts.Host
	hostOpts.Cwd = cwd
	a := &App{Manifest: m, Host: engine.New(hostOpts)}
	// The app runs pi's extensions: its host carries pi's state (and pi's
	// hook contracts) from the start, whatever loads first.
	piapi.Of(a.Host)
	a.Env = jsapi.New(jsapi.Options{CacheDir: opts.CacheDir, Environ: opts.Environ, Builtins: bundled.Sources(), Declared: bundled.Declared()})
	a.Reloader = watch.NewReloader(a.Host, a.Env, opts.Reload)

	taken := map[string]bool{} // plugin ids
	files := map[string]bool{} // entry files already in the app
	add := func(p Plugin, spec engine.PluginSpec) {
		a.Plugins = append(a.Plugins, p)
		a.specs = append(a.specs, spec)
		taken[spec.ID] = true
		if p.Path != "" {
			files[p.Path] = true
		}
	}
	uniqueID := func(id string) string {
		for n, base := 2, id; taken[id]; n++ {
			id = fmt.Sprintf("%s-%d", base, n)
		}
		return id
	}
	// Consecutive bundled entries without config wait in run and load
	// as one group (see Plugin.Members); anything else ends the run.
	type member struct{ id, ref, origin string }
	var run []member
	flush := func() {
		switch len(run) {
		case 0:
			return
		case 1:
			m := run[0]
			add(Plugin{ID: m.id, Bundled: true, Origin: m.origin, Source: m.ref}, a.Env.BuiltinPlugin(m.id))
		default:
			var ids, refs []string
			for _, m := range run {
				ids, refs = append(ids, m.id), append(refs, m.ref)
			}
			id := uniqueID(groupID)
			add(Plugin{ID: id, Bundled: true, Origin: run[0].origin, Source: strings.Join(refs, ", "), Members: ids},
				a.Env.BuiltinGroup(id, ids))
		}
		run = nil
	}
	bundledEntry := func(id, ref, origin string, config map[string]any) {
		if len(run) > 0 && run[0].origin != origin {
			flush()
		}
		if config != nil {
			flush()
			spec := a.Env.BuiltinPlugin(id)
			spec.Config = config
			add(Plugin{ID: id, Bundled: true, Origin: origin, Source: ref}, spec)
			return
		}
		run = append(run, member{id, ref, origin})
	}
	if opts.Embedded != nil {
		for i, p := range opts.Embedded.Plugins {
			if p.Bundle == nil {
				if !opts.NoBundled {
					bundledEntry(p.ID, p.Ref, "embedded", p.Config)
				}
				continue
			}
			flush()
			id := uniqueID(p.ID)
			b := p.Bundle
			code, hash := b.Code, b.Hash
			if p.Assets != nil {
				var dir string
				var err error
				if files := carriedAssets(opts.Embedded, p.Assets.Hash); files == nil {
					err = fmt.Errorf("no entry carries its files (%s)", p.Assets.Hash)
				} else {
					dir, err = materialize(opts.CacheDir, files)
				}
				if err == nil {
					var ok bool
					if code, ok = relocate(code, p.Assets.Token, dir); !ok {
						err = fmt.Errorf("%s cannot stand in a JavaScript string as it is", dir)
					}
				}
				if err != nil {
					_ = a.Host.Close(context.Background()) // nothing started yet
					return nil, &ManifestError{Path: "embedded app", Index: i, Ref: p.Ref, Err: fmt.Errorf("write its files: %w", err)}
				}
				hash += "@" + dir
			}
			spec := a.Env.BundlePlugin(id, &bundler.Bundle{Entry: b.Entry, Code: code, SourceMap: b.SourceMap, Async: b.Async, Hash: hash}, p.Config)
			spec.Source = "embedded:" + p.Ref
			add(Plugin{ID: id, Origin: "embedded", Source: p.Ref}, spec)
		}
	}
	for i, p := range resolved {
		if p.bundled {
			if !opts.NoBundled && !embeddedIDs[p.id] {
				bundledEntry(p.id, m.Plugins[i].Ref, "bundled", p.config)
			}
			continue
		}
		flush()
		id := uniqueID(p.id)
		add(Plugin{ID: id, Path: p.path, Origin: "app", Source: m.Plugins[i].Ref}, a.Env.Plugin(id, p.path, p.config))
	}
	flush()
	agentDir := opts.AgentDir
	if agentDir == "" {
		agentDir = agentsession.AgentDir(&agentsession.IO{Cwd: cwd, Getenv: getenv})
	}
	dopts := discover.Options{Cwd: cwd, AgentDir: opts.AgentDir, Home: getenv("HOME"), Getenv: getenv, NoExtensions: !opts.Discover}
	for _, e := range opts.Extensions {
		if !strings.HasPrefix(e, discover.BuiltinPrefix) {
			dopts.Extensions = append(dopts.Extensions, e)
		}
	}
	var installProblems []discover.Problem
	var installFailed map[string]bool
	if opts.InstallPackages {
		m := &pkgmgr.Manager{Dirs: pkgmgr.Dirs{Cwd: cwd, AgentDir: agentDir, Home: getenv("HOME")}, Getenv: getenv}
		if opts.Environ != nil {
			m.Environ = environList(opts.Environ)
		}
		installProblems, installFailed = installPackages(context.Background(), m, dopts.Extensions)
		a.packages = m
	}
	exts, problems := discover.Discover(dopts)
	a.dopts, a.discovering = dopts, opts.Discover
	// A project's extension the user configured too (the same package or
	// file in their settings) is the user's when the project is not
	// trusted: pi then never sees the project's claim on it.
	userToo := map[string]bool{}
	if slices.ContainsFunc(exts, func(e discover.Extension) bool { return Plugin{Origin: e.Origin}.ProjectScoped() }) {
		uopts := dopts
		uopts.UntrustedProject = true
		untrusted, _ := discover.Discover(uopts)
		for _, u := range untrusted {
			userToo[u.Path] = true
		}
	}
	for _, e := range exts {
		if files[e.Path] {
			continue // already in the manifest: one file, one plugin
		}
		id := uniqueID(e.ID)
		add(Plugin{ID: id, Path: e.Path, Origin: e.Origin, Source: e.Source, userToo: userToo[e.Path]}, a.Env.Plugin(id, e.Path, nil))
	}
	// pi loads its built-in extensions after the extension files, in its
	// order: llama.cpp (a Go plugin), the bundled TypeScript ones, then mcp
	// (a Go plugin); settings' "-builtin:NAME" and -e builtin:NAME decide
	// as in pi, --no-mcp wins.
	dopts.Extensions = opts.Extensions
	builtins, more := discover.Builtins(dopts, BuiltinExtensions())
	a.Problems = append(append(withoutNotInstalled(problems, installFailed), installProblems...), more...)
	for _, name := range builtins {
		if name == llama.Name {
			sp := llama.Spec(llama.Options{AgentDir: agentDir, Env: opts.Environ})
			add(Plugin{ID: sp.ID, Bundled: true, Origin: "builtin", Source: sp.Source}, sp)
			continue
		}
		if name == mcp.Name {
			if !opts.NoMCP {
				sp := mcp.Spec(mcp.Options{AgentDir: agentDir, World: mcp.World{Home: getenv("HOME"), Env: opts.Environ}})
				add(Plugin{ID: sp.ID, Bundled: true, Origin: "builtin", Source: sp.Source}, sp)
			}
			continue
		}
		if id, ok := bundled.Lookup(discover.BuiltinPrefix + name); ok && !taken[id] {
			add(Plugin{ID: id, Bundled: true, Origin: "builtin", Source: discover.BuiltinPrefix + name}, a.Env.BuiltinPlugin(id))
		}
	}
	for _, sp := range opts.GoPlugins {
		add(Plugin{ID: sp.ID, Origin: "go", Source: sp.Source}, sp)
	}
	return a, nil
}

// Boot loads every plugin (once) and registers the extension files with
// the reloader.
func (a *App) Boot(ctx context.Context) []engine.LoadResult {
	if a.Results != nil {
		return a.Results
	}
	start := time.Now()
	a.Results = a.Host.Boot(ctx, a.specs)
	a.watch(start, func(Plugin) bool { return true })
	return a.Results
}

// ProjectScoped reports whether the plugin is one of the project's own
// (its .pi/settings.json entries and packages, .pi/extensions, unless the
// user's settings name it too), which pi 1.6 loads only in a trusted
// project.
func (p Plugin) ProjectScoped() bool {
	if p.userToo {
		return false
	}
	switch p.Origin {
	case "settings:project", "auto:project", "package:project":
		return true
	}
	return false
}

// BootUntrusted is Boot without the project's own plugins (ProjectScoped):
// they keep their place in the manifest, ahead of the user's as in pi, and
// LoadProject loads them once the project is trusted. pi asks the
// extensions loaded so far (project_trust) before deciding.
func (a *App) BootUntrusted(ctx context.Context) []engine.LoadResult {
	if a.Results != nil {
		return a.Results
	}
	held := map[string]bool{}
	for _, p := range a.Plugins {
		held[p.ID] = p.ProjectScoped()
	}
	start := time.Now()
	a.heldMu.Lock()
	a.projectHeld = true
	a.heldMu.Unlock()
	a.Results = a.Host.BootHolding(ctx, a.specs, func(s engine.PluginSpec) bool { return held[s.ID] })
	a.watch(start, func(p Plugin) bool { return !p.ProjectScoped() })
	return a.Results
}

// LoadProject loads the plugins BootUntrusted held back, then, as pi
// resolves the project's packages once it is trusted, installs the
// missing ones of the project's settings (Options.InstallPackages) and
// loads the extensions they bring, in pi's order (before the user's
// packages: placeDiscovered).
func (a *App) LoadProject(ctx context.Context) []engine.LoadResult {
	start := time.Now()
	a.heldMu.Lock()
	a.projectHeld = false
	a.heldMu.Unlock()
	res := a.Host.LoadHeld(ctx)
	a.Results = append(a.Results, res...)
	a.watch(start, Plugin.ProjectScoped)
	if a.packages == nil {
		return res
	}
	a.rediscoverMu.Lock()
	defer a.rediscoverMu.Unlock()
	a.installProjectPackages(ctx)
	if !a.discovering {
		return res
	}
	for _, c := range a.rediscover(ctx, followTrust) { // no events: the session starts after
		if !c.Gone {
			res = append(res, engine.LoadResult{Plugin: c.Plugin.ID, Generation: c.Reload.Generation, OK: c.Reload.OK,
				Err: c.Reload.Error, Elapsed: c.Reload.Elapsed})
		}
	}
	return res
}

// installProjectPackages installs the missing packages of the project's
// settings (installConfigured); its failures join Problems in place of
// discovery's "not installed".
func (a *App) installProjectPackages(ctx context.Context) {
	problems, settled := installConfigured(ctx, a.packages, pkgmgr.Project)
	a.Problems = append(withoutNotInstalled(a.Problems, settled), problems...)
}

// watch registers the extension files of the plugins which says, loaded
// since start, with the reloader.
func (a *App) watch(start time.Time, which func(Plugin) bool) {
	for _, p := range a.Plugins {
		if p.Path != "" && which(p) {
			a.Reloader.AddLoaded(p.ID, p.Path, start)
		}
	}
}

// PluginPath returns the entry file of plugin id ("" for bundled and Go
// plugins, or an unknown id).
func (a *App) PluginPath(id string) string {
	for _, p := range a.Plugins {
		if p.ID == id {
			return p.Path
		}
	}
	return ""
}

// Close unloads every plugin (bounded by ctx; 5 s when ctx has no
// deadline).
func (a *App) Close(ctx context.Context) error {
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
	}
	return a.Host.Close(ctx)
}

// checkEmbedded checks an embedded app before anything starts: its
// bundled references exist in this binary, its bundles have code. It
// returns the bundled ids it lists.
func checkEmbedded(app *payload.App) (map[string]bool, error) {
	ids := map[string]bool{}
	if app == nil {
		return ids, nil
	}
	for i, p := range app.Plugins {
		fail := func(err error) error { return &ManifestError{Path: "embedded app", Index: i, Ref: p.Ref, Err: err} }
		if p.Bundle == nil {
			id, ok := bundled.Lookup(p.ID)
			if !ok || id != p.ID {
				return nil, fail(fmt.Errorf("bundled plugin %q is not in this binary", p.ID))
			}
			ids[id] = true
			continue
		}
		if p.ID == "" || p.Bundle.Entry == "" {
			return nil, fail(errors.New("embedded extension without an id or entry"))
		}
	}
	return ids, nil
}

// BuiltinExtensions are the names of pi's built-in extensions pigo has
// ("builtin:NAME"), in the order they load: llama.cpp, the bundled
// TypeScript ones, then mcp.
func BuiltinExtensions() []string {
	return append(append([]string{llama.Name}, bundled.Extensions()...), mcp.Name)
}

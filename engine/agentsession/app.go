package agentsession

import (
	"context"
	"time"

	"github.com/pigo-dev/pigo/engine"
)

// AppSource is what a command line says about the app a session opens:
// the manifest (--app), whether its bundled plugins load
// (--no-builtin-tools), the -e paths, whether pi's discovery runs
// (--no-extensions), whether pi's built-in MCP support loads (--no-mcp)
// and whether the bundle cache is used.
type AppSource struct {
	App            string
	NoBuiltinTools bool
	Extensions     []string
	NoExtensions   bool
	NoMCP          bool
	NoCache        bool
	// Cwd, when set, is the directory the app runs in instead of the
	// IO's: the cwd of a session of another project.
	Cwd string
}

// App is an opened app that has not started its plugins yet, as the
// composition root (package pigo) hands it to a session: the session
// attaches its session file to Host before Boot runs the plugins.
type App struct {
	Host     *engine.Host
	Plugins  []Plugin  // in manifest order
	Problems []Problem // what discovery could not use
	// Boot starts every plugin (once); RestartAll is pi's /reload without
	// its session events (the session sends session_shutdown before and
	// session_start after): missing packages install, discovery runs
	// again, a file it no longer finds unloads (a Reload with Gone), a new
	// one loads (with Appeared), every other plugin starts again, an
	// extension file from its current source; problems are the ones met
	// on the way. Close unloads everything. BootUntrusted is Boot
	// without the project's own plugins (Plugin.Project), which keep their
	// place until LoadProject loads them (project trust, trust.go).
	Boot          func(ctx context.Context) []engine.LoadResult
	BootUntrusted func(ctx context.Context) []engine.LoadResult
	LoadProject   func(ctx context.Context) []engine.LoadResult
	RestartAll    func(ctx context.Context) (reloads []Reload, problems []Problem)
	Close         func(ctx context.Context) error
	// Watch starts hot reload: a saved extension file reloads its plugin,
	// a new one in a discovered place loads and a deleted one unloads;
	// onReload hears each outcome; stop ends watching. Nil when the app
	// cannot watch.
	Watch func(onReload func(Reload)) (stop func(), err error)
	// Relocate moves the app to cwd (a replaced session's, this project
	// or another): the extensions discovery no longer finds unload and
	// that project's load (its own only when trusted), the others start
	// again, without session events; each change is reported as a Reload
	// (with Appeared or Gone), and problems are the ones met on the way
	// (packages that failed to install). Nil when the app cannot move.
	Relocate func(ctx context.Context, cwd string, trusted bool) (reloads []Reload, problems []Problem)
}

// Plugin is one plugin of an app.
type Plugin struct {
	ID     string
	Path   string // entry file; "" for bundled and Go plugins
	Origin string // "app", "bundled", "go", or discovery's origin ("cli", "settings:project", ...)
	Source string // what the user wrote that produced it
	// Project: one of the project's own extensions, loaded only in a
	// trusted project.
	Project bool
}

// Problem is something discovery could not use.
type Problem struct {
	Path    string
	Message string
	Project bool // about the project's own extensions (ignored when untrusted)
}

// Reload is the outcome of reloading one plugin.
type Reload struct {
	Plugin string
	OK     bool
	Error  *engine.PluginError
	// For a reload on save (App.Watch): the generation now serving, what
	// the reload added, removed and changed ("tool:greet", ...), how long
	// it took.
	Live                    int
	Added, Removed, Changed []string
	Elapsed                 time.Duration
	// For an extension file that discovery found (Appeared, loaded or
	// failed) or lost (Gone, unloaded) while watching: its plugin.
	Appeared, Gone *Plugin
}

// Opener opens the app of a session (with pi's agent dir and the host
// options the session needs). A bad manifest is an error; plugins that
// fail to load are not.
type Opener func(src AppSource, agentDir string, host engine.Options) (*App, error)

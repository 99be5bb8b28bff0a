package agentsession

import (
	"context"

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
}

// App is an opened app that has not started its plugins yet, as the
// composition root (package pigo) hands it to a session: the session
// attaches its session file to Host before Boot runs the plugins.
type App struct {
	Host     *engine.Host
	Plugins  []Plugin  // in manifest order
	Problems []Problem // what discovery could not use
	// Boot starts every plugin (once); ReloadAll reloads every extension
	// file (pi's /reload); Close unloads everything.
	Boot      func(ctx context.Context) []engine.LoadResult
	ReloadAll func(ctx context.Context) []Reload
	Close     func(ctx context.Context) error
}

// Plugin is one plugin of an app.
type Plugin struct {
	ID     string
	Path   string // entry file; "" for bundled and Go plugins
	Origin string // "app", "bundled", "go", or discovery's origin ("cli", "settings:project", ...)
	Source string // what the user wrote that produced it
}

// Problem is something discovery could not use.
type Problem struct {
	Path    string
	Message string
}

// Reload is the outcome of reloading one plugin.
type Reload struct {
	Plugin string
	OK     bool
	Error  *engine.PluginError
}

// Opener opens the app of a session (with pi's agent dir and the host
// options the session needs). A bad manifest is an error; plugins that
// fail to load are not.
type Opener func(src AppSource, agentDir string, host engine.Options) (*App, error)

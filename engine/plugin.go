package engine

import (
	"context"
	"fmt"
	"regexp"
)

// Loader loads one generation of a plugin: it runs the plugin's code (the
// factory), which registers through gen. Load must return only when the
// factory finished (an async factory settled) or ctx ended; an error means
// the generation failed and is discarded. jsapi implements Loader for JS and
// TS sources; GoPlugin does for Go code.
//
// A loader that allocates per-generation resources (a JS runtime and its
// event loop) registers their release with gen.OnRetire, which also runs when
// Load fails, so cleanup works after a partial start.
type Loader interface {
	Load(ctx context.Context, gen *Generation) error
}

// GoPlugin is a Loader for plugins written in Go: the function is the
// factory.
type GoPlugin func(ctx context.Context, gen *Generation) error

// Load calls p, turning a panic into an error.
func (p GoPlugin) Load(ctx context.Context, gen *Generation) (err error) {
	defer recovered(&err)
	return p(ctx, gen)
}

// PluginSpec is one manifest entry.
type PluginSpec struct {
	ID     string         // unique in the manifest: "@pi/tool-bash", "hello-tool", ...
	Source string         // where the code comes from (path or bundled id); for humans
	Config map[string]any // plugin config from the manifest; nil means {}
	Loader Loader
}

var pluginIDPattern = regexp.MustCompile(`^(@[a-z0-9][a-z0-9._-]*/)?[A-Za-z0-9][A-Za-z0-9._:-]*$`)

// validateSpec checks a manifest entry; problems are diagnostics.
func validateSpec(s PluginSpec, seen map[string]bool) *Diagnostic {
	switch {
	case s.ID == "":
		return &Diagnostic{Plugin: s.Source, Severity: SeverityError, Where: "manifest", Text: "empty plugin id"}
	case !pluginIDPattern.MatchString(s.ID):
		return &Diagnostic{Plugin: s.ID, Severity: SeverityError, Where: "manifest", Text: fmt.Sprintf("invalid plugin id %q", s.ID)}
	case seen[s.ID]:
		return &Diagnostic{Plugin: s.ID, Severity: SeverityError, Where: "manifest", Text: fmt.Sprintf("duplicate plugin id %q", s.ID)}
	case s.Loader == nil:
		return &Diagnostic{Plugin: s.ID, Severity: SeverityError, Where: "manifest", Text: "no loader"}
	}
	return nil
}

// Status is a plugin's load state.
type Status string

const (
	StatusLoaded   Status = "loaded"
	StatusFailed   Status = "failed"
	StatusUnloaded Status = "unloaded"
	StatusHeld     Status = "held" // admitted by BootHolding, not loaded yet
)

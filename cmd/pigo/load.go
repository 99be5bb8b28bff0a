package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
	"github.com/pigo-dev/pigo/jsapi/discover"
)

// session is a booted host with the extensions given on the command line
// and those pi would discover.
type session struct {
	host     *engine.Host
	results  []engine.LoadResult
	problems []discover.Problem // discovery problems (missing paths, bad settings)
}

// cacheDir picks the bundle cache: $PIGO_CACHE_DIR ("off" disables), else
// $XDG_CACHE_HOME/pigo, else $HOME/.cache/pigo.
func cacheDir(io *IO, disabled bool) string {
	if disabled {
		return ""
	}
	switch d := io.Getenv("PIGO_CACHE_DIR"); d {
	case "off":
		return ""
	case "":
	default:
		return d
	}
	if x := io.Getenv("XDG_CACHE_HOME"); x != "" {
		return filepath.Join(x, "pigo")
	}
	if h := io.Getenv("HOME"); h != "" {
		return filepath.Join(h, ".cache", "pigo")
	}
	return ""
}

// load boots a host with the extensions in f.
func load(ctx context.Context, f flags, io *IO) *session {
	host := engine.New(engine.Options{Cwd: io.Cwd})
	env := jsapi.New(jsapi.Options{CacheDir: cacheDir(io, f.noCache), Environ: io.envMap()})
	exts, problems := discover.Discover(discover.Options{
		Cwd: io.Cwd, Home: io.Getenv("HOME"), Getenv: io.Getenv,
		Extensions: f.extensions, NoExtensions: f.noExtensions,
	})
	var specs []engine.PluginSpec
	for _, e := range exts {
		specs = append(specs, env.Plugin(e.ID, e.Path, nil))
	}
	results := host.Boot(ctx, specs)
	return &session{host: host, results: results, problems: problems}
}

// reportProblems prints discovery problems; it returns true when there
// were any.
func (s *session) reportProblems(io *IO, prefix string) bool {
	for _, p := range s.problems {
		fmt.Fprintf(io.Stderr, "%s: %s\n", prefix, p.Message)
	}
	return len(s.problems) > 0
}

func (s *session) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = s.host.Close(ctx)
}

// relPath shows paths relative to the working directory when shorter.
func relPath(io *IO, p string) string {
	if r, err := filepath.Rel(io.Cwd, p); err == nil && len(r) < len(p) && !startsWithDotDot(r) {
		return r
	}
	return p
}

func startsWithDotDot(p string) bool { return len(p) >= 2 && p[:2] == ".." }

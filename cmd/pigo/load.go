package main

import (
	"context"
	"fmt"
	"path/filepath"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/jsapi"
)

// session is a booted host with the extensions given on the command line.
type session struct {
	host    *engine.Host
	results []engine.LoadResult
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
	var specs []engine.PluginSpec
	seen := map[string]int{}
	for _, p := range f.extensions {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(io.Cwd, p)
		}
		id := jsapi.PluginID(abs)
		seen[id]++
		if n := seen[id]; n > 1 {
			id = fmt.Sprintf("%s-%d", id, n)
		}
		specs = append(specs, env.Plugin(id, abs, nil))
	}
	results := host.Boot(ctx, specs)
	return &session{host: host, results: results}
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

package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/pigo-dev/pigo"
)

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

// appSource is what every command says about its app: --app FILE (else
// the default coding agent), --no-builtin-tools, -e paths, discovery and
// the bundle cache.
type appSource struct {
	app            string
	noBuiltinTools bool
	extensions     []string
	noExtensions   bool
	noCache        bool
}

// appOptions turns an appSource into the options of pigo.Open; the error
// is a manifest that cannot be read or parsed.
func appOptions(src appSource, io *IO) (pigo.Options, error) {
	opts := pigo.Options{NoBundled: src.noBuiltinTools, Cwd: io.Cwd, Getenv: io.Getenv, Environ: io.envMap(),
		Extensions: src.extensions, Discover: !src.noExtensions, CacheDir: cacheDir(io, src.noCache)}
	if src.app != "" {
		path := src.app
		if !filepath.IsAbs(path) {
			path = filepath.Join(io.Cwd, path)
		}
		m, err := pigo.ReadManifest(path)
		if err != nil {
			return opts, err
		}
		opts.Manifest = m
	}
	return opts, nil
}

// load opens the app of a command (check, tool); nil after printing the
// error when its manifest cannot be used. Discovery problems are printed
// with prefix.
func load(ctx context.Context, f flags, io *IO, prefix string) (app *pigo.App, discoveryFailed bool) {
	opts, err := appOptions(f.appSource, io)
	if err == nil {
		app, err = pigo.Open(ctx, opts)
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "%s: %v\n", prefix, err)
		return nil, true
	}
	for _, p := range app.Problems {
		fmt.Fprintf(io.Stderr, "%s: %s\n", prefix, p.Message)
	}
	return app, len(app.Problems) > 0
}

// relPath shows paths relative to the working directory when shorter.
func relPath(io *IO, p string) string {
	if r, err := filepath.Rel(io.Cwd, p); err == nil && len(r) < len(p) && !startsWithDotDot(r) {
		return r
	}
	return p
}

func startsWithDotDot(p string) bool { return len(p) >= 2 && p[:2] == ".." }

package main

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/pigo-dev/pigo"
)

// load opens the app of a command (check, tool); nil after printing the
// error when its manifest cannot be used. Discovery problems are printed
// with prefix.
func load(ctx context.Context, f flags, io *IO, prefix string) (app *pigo.App, discoveryFailed bool) {
	opts, err := pigo.SourceOptions(f.AppSource, io)
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

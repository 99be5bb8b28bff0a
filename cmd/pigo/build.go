package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/pigo-dev/pigo"
)

const buildUsage = "usage: pigo build -o OUT [--app FILE] [-e PATH]... [--no-cache]"

// runBuild implements `pigo build -o OUT [--app FILE] [-e PATH]...`: a
// standalone executable that behaves as pigo with those plugins first in
// its manifest (pigo.Build).
func runBuild(ctx context.Context, args []string, io *IO) ExitCode {
	out, rest, err := cutOutput(args)
	var f flags
	if err == nil {
		f, err = parseFlags(rest)
	}
	if err == nil {
		switch {
		case len(f.positional) > 0:
			err = fmt.Errorf("unexpected argument %q", f.positional[0])
		case f.json || f.noStdin || f.NoBuiltinTools || f.NoExtensions:
			// The output takes these flags at run time; baking them in is
			// not supported.
			err = fmt.Errorf("only -o, --app, -e and --no-cache apply to build")
		case out == "":
			err = fmt.Errorf("no output file (-o OUT)")
		}
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "pigo build: %v\n%s\n", err, buildUsage)
		return ExitUsage
	}
	opts := pigo.BuildOptions{Extensions: f.Extensions, Cwd: io.Cwd, Output: out}
	if !filepath.IsAbs(opts.Output) {
		opts.Output = filepath.Join(io.Cwd, opts.Output)
	}
	if !f.NoCache {
		opts.CacheDir = pigo.CacheDir(io.Getenv)
	}
	if f.App != "" {
		path := f.App
		if !filepath.IsAbs(path) {
			path = filepath.Join(io.Cwd, path)
		}
		if opts.Manifest, err = pigo.ReadManifest(path); err != nil {
			fmt.Fprintf(io.Stderr, "pigo build: %v\n", err)
			return ExitFailure
		}
	}
	res, err := pigo.Build(ctx, opts)
	if err != nil {
		// A bundle error has one "file:line:col: text" line per problem.
		for _, ln := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(io.Stderr, "pigo build: %s\n", ln)
		}
		return ExitFailure
	}
	for _, w := range res.Warnings {
		fmt.Fprintf(io.Stderr, "pigo build: warning: %s\n", w)
	}
	var ids []string
	for _, p := range res.App.Plugins {
		ids = append(ids, p.ID)
	}
	fmt.Fprintf(io.Stdout, "wrote %s: %d bytes (runtime %d + app %d); plugins first in its manifest: %s\n",
		relPath(io, res.Output), res.Size, res.RuntimeSize, res.Size-res.RuntimeSize, strings.Join(ids, ", "))
	return ExitOK
}

// cutOutput takes -o/--output OUT out of args: only build has it.
func cutOutput(args []string) (out string, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return out, append(rest, args[i:]...), nil
		case a == "-o" || a == "--output":
			if i+1 >= len(args) {
				return "", nil, fmt.Errorf("%s needs a file", a)
			}
			i++
			out = args[i]
		case strings.HasPrefix(a, "-o=") || strings.HasPrefix(a, "--output="):
			out = a[strings.IndexByte(a, '=')+1:]
		default:
			rest = append(rest, a)
		}
	}
	return out, rest, nil
}

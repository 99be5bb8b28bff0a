package main

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/pigo-dev/pigo/engine"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func runVersion(_ context.Context, _ []string, io *IO) ExitCode {
	dep := func(path string) string {
		if bi, ok := debug.ReadBuildInfo(); ok {
			for _, d := range bi.Deps {
				if d.Path == path {
					return d.Version
				}
			}
		}
		return "unknown"
	}
	fmt.Fprintf(io.Stdout, "pigo %s\ngo %s\ngoja %s\nesbuild %s\n", version, runtime.Version(),
		dep("github.com/dop251/goja"), dep("github.com/evanw/esbuild"))
	return ExitOK
}

func asScript(err error, target **engine.ScriptError) bool { return errors.As(err, target) }

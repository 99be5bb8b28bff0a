package compat

import (
	"strings"

	"github.com/pigo-dev/pigo/jsapi/bundler"
)

// The modules under modules/ are TypeScript and ES modules; goja runs
// CommonJS. Stripping them took an esbuild transform per module in every
// process that had no disk cache yet (25-50 ms for the default app's), so
// it is done at build time: stripped/ holds what the runtime runs, one
// <file>.js per module file, and TestStrippedCurrent fails when it is
// stale. Regenerate after editing a module:
//
//	go generate ./jsapi/compat

//go:generate go run ./strip

// IsModuleFile reports whether a file of modules/ is a module (not a
// declaration file, README or tsconfig).
func IsModuleFile(name string) bool {
	return strings.HasSuffix(name, ".js") || strings.HasSuffix(name, ".ts") && !strings.HasSuffix(name, ".d.ts")
}

// Strip returns the CommonJS body the runtime runs for a module file:
// TypeScript stripped and ES module syntax converted, with the target
// lowering extensions get; CommonJS JavaScript unchanged. No source maps:
// host-module frames are pigo's, not the plugin's.
func Strip(file, code string) (string, error) {
	ts := strings.HasSuffix(file, ".ts")
	if !ts && !strings.Contains(code, "export ") && !strings.Contains(code, "import ") {
		return code, nil
	}
	return bundler.TransformModule("pigo:"+file, code, ts)
}

package main

import (
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/pigo-dev/pigo/engine/pkgmgr/pkgmgrtest"
)

// cmdNPMRegistry is `npmregistry DIR`: serve DIR's <name>@<version>/
// package directories as an npm registry on loopback for the rest of the
// script, and point npm_config_registry at it.
func cmdNPMRegistry(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: npmregistry DIR")
	}
	r := pkgmgrtest.New()
	ts.Defer(r.Close)
	if err := r.PublishDir(ts.MkAbs(args[0])); err != nil {
		ts.Fatalf("npmregistry: %v", err)
	}
	ts.Setenv("npm_config_registry", r.URL())
}

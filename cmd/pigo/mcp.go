package main

import (
	"context"
	"fmt"

	"github.com/pigo-dev/pigo/bundled/mcp"
	"github.com/pigo-dev/pigo/engine/agentsession"
)

// runMCP is pi's `pi mcp` shell commands; `list` is implemented.
func runMCP(ctx context.Context, args []string, io *IO) ExitCode {
	if len(args) == 0 || args[0] != "list" {
		fmt.Fprintln(io.Stderr, "Usage: pigo mcp list [--json] (add, remove, login and logout are not implemented)")
		return ExitUsage
	}
	opts := mcp.ListOptions{AgentDir: agentsession.AgentDir(io),
		World: mcp.World{Cwd: io.Cwd, Home: io.Getenv("HOME"), Env: io.EnvMap()},
		// pigo loads the project's resources as pi does for a trusted
		// project (piapi.State.ProjectTrusted).
		ProjectTrusted: true}
	for _, a := range args[1:] {
		if a != "--json" {
			fmt.Fprintf(io.Stderr, "Unknown option %s.\n", a)
			return ExitUsage
		}
		opts.JSON = true
	}
	if mcp.List(ctx, opts, io.Stdout) != 0 {
		return ExitFailure
	}
	return ExitOK
}

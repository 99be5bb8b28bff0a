package main

import (
	"context"
	"fmt"

	"github.com/pigo-dev/pigo/bundled/mcp"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/projecttrust"
)

// runMCP is pi's `pi mcp` shell commands; add, remove and list are
// implemented (login and logout need OAuth, which builtin:mcp lacks).
func runMCP(ctx context.Context, args []string, io *IO) ExitCode {
	if len(args) > 0 && (args[0] == "add" || args[0] == "remove") {
		agentDir := agentsession.AgentDir(io)
		o := mcp.EditOptions{AgentDir: agentDir, Cwd: io.Cwd, App: "pigo", ProjectTrusted: func() bool {
			trusted, ok, err := projecttrust.NewStore(agentDir).Get(ctx, io.Cwd)
			return err == nil && ok && trusted
		}}
		edit := mcp.Add
		if args[0] == "remove" {
			edit = mcp.Remove
		}
		if edit(args[1:], o, io.Stdout, io.Stderr) != 0 {
			return ExitFailure
		}
		return ExitOK
	}
	if len(args) == 0 || args[0] != "list" {
		fmt.Fprintln(io.Stderr, "Usage: pigo mcp add|remove|list (login and logout are not implemented)")
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

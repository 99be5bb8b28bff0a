package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/pigo-dev/pigo/bundled/mcp"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/projecttrust"
	"github.com/pigo-dev/pigo/engine/provider"
)

// runMCP is pi's `pi mcp` shell commands: help, add, remove, list, login
// and logout.
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
	if len(args) == 0 || args[0] == "help" || slices.Contains(args, "--help") || slices.Contains(args, "-h") {
		fmt.Fprintln(io.Stdout, strings.ReplaceAll(mcpHelp, "$APP", "pigo"))
		return ExitOK
	}
	const hint = `Use "pigo mcp --help" for usage.`
	switch args[0] {
	case "list":
	case "login", "logout":
		agentDir := agentsession.AgentDir(io)
		o := mcp.SignInOptions{AgentDir: agentDir, App: "pigo", ProjectTrusted: true,
			World: mcp.World{Cwd: io.Cwd, Home: io.Getenv("HOME"), Env: io.EnvMap(), AgentDir: agentDir,
				ProviderToken: providerTokens(agentDir, io.EnvMap())},
			Stdin: io.Stdin, Interactive: io.StdinTTY}
		status := 0
		if args[0] == "login" {
			status = mcp.Login(ctx, args[1:], o, io.Stdout, io.Stderr)
		} else {
			status = mcp.Logout(args[1:], o, io.Stdout, io.Stderr)
		}
		if status != 0 {
			return ExitFailure
		}
		return ExitOK
	default:
		fmt.Fprintf(io.Stderr, "Unknown mcp command %q.\n%s\n", args[0], hint)
		return ExitFailure
	}
	opts := mcp.ListOptions{AgentDir: agentsession.AgentDir(io),
		World: mcp.World{Cwd: io.Cwd, Home: io.Getenv("HOME"), Env: io.EnvMap(),
			ProviderToken: providerTokens(agentsession.AgentDir(io), io.EnvMap())},
		// pigo loads the project's resources as pi does for a trusted
		// project (piapi.State.ProjectTrusted).
		ProjectTrusted: true}
	for _, a := range args[1:] {
		switch {
		case a == "--json":
			opts.JSON = true
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(io.Stderr, "Unknown option %s.\n%s\n", a, hint)
			return ExitFailure
		default:
			fmt.Fprintf(io.Stderr, "Usage: pigo mcp list [--json]\n%s\n", hint)
			return ExitFailure
		}
	}
	if mcp.List(ctx, opts, io.Stdout) != 0 {
		return ExitFailure
	}
	return ExitOK
}

// mcpHelp is `pi mcp --help` ($APP the command's name).
const mcpHelp = `Usage:
  $APP mcp add <server> [options] -- <command> [args...]
  $APP mcp add <server> [options] --url <url>
  $APP mcp remove <server> [-l]
  $APP mcp list [--json]
  $APP mcp login <server> [-l] [--timeout <seconds>]
  $APP mcp logout <server> [-l]

Configure and check MCP servers and sign in to OAuth servers without starting a session.
Reads ~/.pi/agent/mcp.json and, in trusted projects, .pi/mcp.json.

Commands:
  add <server>            Add or replace a server in mcp.json
  remove <server>         Remove a server from mcp.json
  list                    Show state, tools, and errors (exits 1 on failure)
  login <server>          Sign in through the browser
  logout <server>         Delete the stored OAuth credentials

Options for add, remove, login, and logout:
  -l, --local             Use .pi/mcp.json in the current project instead of the global file

Options for add:
  --url <url>             Streamable HTTP server URL (instead of a command)
  --env <KEY=VALUE>       Environment variable for a stdio server (repeatable)
  --cwd <dir>             Working directory for a stdio server
  --header <KEY=VALUE>    HTTP header (repeatable)
  --bearer-token-env-var <NAME>
                          Send "Authorization: Bearer ${NAME}"
  --oauth-client-id <id>  Pre-registered OAuth client id
  --oauth-client-secret <secret>
                          OAuth client secret (may be ${NAME} or !command)
  --oauth-callback-port <port>
                          Fixed OAuth callback port
  --oauth-client-name <name>
                          Client name sent when registering with the OAuth server
  --oauth-client-registration <mode>
                          auto (default), cimd, or dcr
  --exposure <mode>       codemode (default), deferred, direct, or hidden
  --description <text>    What the server offers, shown in the system prompt

Other options:
  --json                  Print the list as JSON
  --timeout <seconds>     Time limit for the whole sign-in (default: 300)`

// providerTokens is pi's createProviderTokenReader for the mcp commands: a
// model provider's credential (auth.json, models.json, the environment),
// for servers whose entry names the provider in "auth"; its registry is
// read on first use. A missing or unusable credential sends none, and the
// server's refusal then says a sign-in is needed.
func providerTokens(agentDir string, env map[string]string) func(context.Context, string) string {
	reg := sync.OnceValue(func() *provider.Registry {
		return provider.NewRegistry(provider.RegistryOptions{AgentDir: agentDir, Env: env})
	})
	return func(ctx context.Context, prov string) string {
		key, _, err := reg().Auth(ctx, &provider.Model{Provider: prov})
		if err != nil {
			return ""
		}
		return key
	}
}

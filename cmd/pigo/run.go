package main

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/tui"
)

// command is one pigo subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, io *IO) ExitCode
}

// commands is the command table (a test checks every entry has a script).
func commands() []command {
	return []command{
		{"auth", "log in to providers, print their credentials, check they are ready: pigo auth <login|logout|check|print-api-key|print-bearer-token>", runAuth},
		{"build", "bundle extensions into a standalone executable: pigo build -o OUT -e PATH... [--app FILE]", runBuild},
		{"check", "load extensions and report what they registered and what failed", runCheck},
		{"config", "enable or disable package resources and built-in extensions (a terminal UI): pigo config [-l]", runConfig},
		{"dev", "watch extensions and hot-reload them on save; run tools and commands from stdin", runDev},
		{"install", "install a pi package (npm:, git:, URL or path) and add it to settings: pigo install <source> [-l]", runInstall},
		{"list", "list the packages of the global and project settings", runList},
		{"mcp", "MCP servers: pigo mcp list [--json] connects each one and prints its state and tools", runMCP},
		{"remove", "remove a package and its settings entry: pigo remove <source> [-l] (alias: uninstall)", runRemove},
		{"uninstall", "the same as remove", runRemove},
		{"update", "update installed packages, or one: pigo update [source]", runUpdate},
		{"tool", "run one tool of the loaded extensions: pigo tool NAME 'JSON-ARGS' -e PATH...", runTool},
		{"version", "print pigo, Go, goja and esbuild versions", runVersion},
	}
}

func run(ctx context.Context, args []string, io *IO) ExitCode {
	if len(args) == 0 && io.StdinTTY {
		return runAgent(ctx, args, io) // pi's interactive mode
	}
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(io)
		if len(args) == 0 {
			return ExitUsage
		}
		return ExitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(ctx, args[1:], io)
		}
	}
	// pi's -p, --mode json, --mode rpc; on a terminal, pi's interactive
	// mode also for `pigo "question"`.
	if agentsession.IsAgentModeArgs(args) || io.StdinTTY {
		return runAgent(ctx, args, io)
	}
	fmt.Fprintf(io.Stderr, "pigo: unknown command %q (run pigo help)\n", args[0])
	return ExitUsage
}

func runAgent(ctx context.Context, args []string, io *IO) ExitCode {
	tui.Version = version
	agentsession.Version = version
	io.StartupSelect = tui.StartupSelect // pi's trust prompt before the interactive mode starts
	io.StartupResume = tui.StartupResume // pi's session selector for --resume
	release := holdStartupGC(io.Getenv)
	defer release() // modes that return before starting (--help, --export)
	io.Started = release
	return agentsession.Run(ctx, args, io, pigo.SessionOpener(io), tui.Run)
}

func usage(io *IO) {
	fmt.Fprintln(io.Stderr, "pigo hosts pi extensions (TypeScript/JavaScript) in Go.\n\nUsage: pigo <command> [flags]\n\nCommands:")
	cs := commands()
	sort.Slice(cs, func(i, j int) bool { return cs[i].name < cs[j].name })
	for _, c := range cs {
		fmt.Fprintf(io.Stderr, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(io.Stderr, "\npi's modes, with pi's flags (pigo -p --help): on a terminal, pigo [\"prompt\"] is the interactive UI;\n  pigo -p \"prompt\"   pigo --mode json \"prompt\"   pigo --mode rpc")
}

// flags is the small parser pigo's commands share: --app FILE,
// -e/--extension PATH (repeatable), --no-extensions, --no-builtin-tools,
// --json, and positional arguments in any order.
type flags struct {
	agentsession.AppSource
	json       bool
	noStdin    bool // dev: do not read commands from stdin
	positional []string
}

func parseFlags(args []string) (flags, error) {
	var f flags
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			f.positional = append(f.positional, args[i+1:]...)
			return f, nil
		case a == "-e" || a == "--extension" || a == "-extension":
			if i+1 >= len(args) {
				return f, fmt.Errorf("%s needs a path", a)
			}
			i++
			f.Extensions = append(f.Extensions, args[i])
		case strings.HasPrefix(a, "-e=") || strings.HasPrefix(a, "--extension="):
			f.Extensions = append(f.Extensions, a[strings.IndexByte(a, '=')+1:])
		case a == "--app":
			if i+1 >= len(args) {
				return f, fmt.Errorf("%s needs a manifest file", a)
			}
			i++
			f.App = args[i]
		case strings.HasPrefix(a, "--app="):
			f.App = strings.TrimPrefix(a, "--app=")
		case a == "--no-builtin-tools" || a == "-nbt":
			f.NoBuiltinTools = true
		case a == "--json" || a == "-json":
			f.json = true
		case a == "--no-cache":
			f.NoCache = true
		case a == "--no-extensions" || a == "-ne":
			f.NoExtensions = true
		case a == "--no-mcp":
			f.NoMCP = true
		case a == "--no-stdin":
			f.noStdin = true
		case strings.HasPrefix(a, "-") && len(a) > 1 && !strings.HasPrefix(a, "-{"):
			return f, fmt.Errorf("unknown flag %s", a)
		default:
			f.positional = append(f.positional, a)
		}
	}
	return f, nil
}

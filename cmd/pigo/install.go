package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/pkgmgr"
	"github.com/pigo-dev/pigo/engine/projecttrust"
	"github.com/pigo-dev/pigo/engine/tui"
)

// pkgUsage is each package command's usage line, as pi prints it.
var pkgUsage = map[string]string{
	"install": "pigo install <source> [-l] [--approve|--no-approve]",
	"remove":  "pigo remove <source> [-l] [--approve|--no-approve]",
	"update":  "pigo update [source] [--extensions|--all] [--extension <source>] [--approve|--no-approve]",
	"list":    "pigo list [--approve|--no-approve]",
}

const pkgHelp = `
Sources: npm:name[@version|@range|@tag], git:host/path[@ref], https://, ssh://
or git@host:path git URLs, and local paths. Global installs go to
~/.pi/agent (settings.json, npm/, git/), project ones (-l) to .pi/; pi
and pigo share them.
`

// pkgArgs is a package command's parsed arguments (pi's parsePackageCommand).
type pkgArgs struct {
	source string
	local  bool
	// approve is --approve (true) or --no-approve (false): trust the
	// project's files for this command, or not, whatever was decided.
	approve *bool
}

func parsePkgArgs(cmd string, args []string, io *IO) (pkgArgs, ExitCode, bool) {
	var a pkgArgs
	fail := func(format string, v ...any) (pkgArgs, ExitCode, bool) {
		fmt.Fprintf(io.Stderr, format+"\nUsage: %s\n", append(v, pkgUsage[cmd])...)
		return a, ExitFailure, false
	}
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case arg == "-h" || arg == "--help":
			fmt.Fprintf(io.Stdout, "Usage: %s\n%s", pkgUsage[cmd], pkgHelp)
			return a, ExitOK, false
		case (arg == "-l" || arg == "--local") && (cmd == "install" || cmd == "remove"):
			a.local = true
		case arg == "-a" || arg == "--approve" || arg == "-na" || arg == "--no-approve":
			trust := arg == "-a" || arg == "--approve"
			a.approve = &trust
		case cmd == "update" && (arg == "--extensions" || arg == "--all"):
		case cmd == "update" && arg == "--extension":
			if i+1 >= len(args) || strings.HasPrefix(args[i+1], "-") {
				return fail("Missing value for %s.", arg)
			}
			if a.source != "" {
				return fail("--extension cannot be combined with a positional source")
			}
			i++
			a.source = args[i]
		case cmd == "update" && (arg == "--self" || arg == "--models" || arg == "--force"):
			return fail("%s: pigo updates packages only (update pigo itself by rebuilding it).", arg)
		case strings.HasPrefix(arg, "-"):
			return fail("Unknown option %s for %q.", arg, cmd)
		case cmd == "list" || a.source != "":
			return fail("Unexpected argument %s.", arg)
		default:
			a.source = arg
		}
	}
	if cmd == "update" && (a.source == "self" || a.source == "pi") {
		return fail("%s: pigo updates packages only (update pigo itself by rebuilding it).", a.source)
	}
	if a.source == "" && (cmd == "install" || cmd == "remove") {
		return fail("Missing %s source.", cmd)
	}
	return a, ExitOK, true
}

// projectTrusted is pi 1.6's trust decision for a package or config
// command: the --approve / --no-approve override, else (all but update,
// which goes by saved decisions only) the user's extensions' project_trust
// answer, the decision saved in trust.json, defaultProjectTrust, which
// for "ask" asks in a terminal (pi's trust prompt) and declines
// elsewhere; a project without protected files is trusted unless it was
// declined.
func projectTrusted(ctx context.Context, io *IO, approve *bool, savedOnly bool) (bool, error) {
	agentDir := agentsession.AgentDir(io)
	store := projecttrust.NewStore(agentDir)
	if savedOnly {
		if approve != nil {
			return *approve, nil
		}
		trusted, ok, err := store.Get(ctx, io.Cwd)
		return ok && trusted, err
	}
	if io.StartupSelect == nil {
		io.StartupSelect = tui.StartupSelect
	}
	trusted, warnings, err := agentsession.PackageCommandTrust(ctx, io, approve, pigo.SessionOpener(io))
	for _, w := range warnings {
		fmt.Fprintf(io.Stderr, "Warning: %s\n", w)
	}
	return trusted, err
}

// trustedManager is the package manager for a command that reads or
// writes project packages only when the project is trusted; false (with
// pi's message printed) when the command writes them and may not.
func trustedManager(ctx context.Context, io *IO, a pkgArgs, savedOnly bool) (*pkgmgr.Manager, bool) {
	trusted, err := projectTrusted(ctx, io, a.approve, savedOnly)
	if err != nil {
		fmt.Fprintf(io.Stderr, "Error: %v\n", err)
		return nil, false
	}
	if a.local && !trusted {
		fmt.Fprintln(io.Stderr, "Project is not trusted. Use --approve to modify local package config.") // pi's wording
		return nil, false
	}
	m := packageManager(io)
	m.ProjectUntrusted = !trusted
	return m, true
}

func packageManager(io *IO) *pkgmgr.Manager {
	return &pkgmgr.Manager{
		Dirs:     pkgmgr.Dirs{Cwd: io.Cwd, AgentDir: agentsession.AgentDir(io), Home: io.Getenv("HOME")},
		Getenv:   io.Getenv,
		Environ:  io.Environ,
		Progress: func(s string) { fmt.Fprintln(io.Stdout, s) },
		Warn:     func(s string) { fmt.Fprintln(io.Stderr, "Warning: "+s) },
	}
}

func scopeOf(a pkgArgs) pkgmgr.Scope {
	if a.local {
		return pkgmgr.Project
	}
	return pkgmgr.User
}

func runInstall(ctx context.Context, args []string, io *IO) ExitCode {
	a, code, ok := parsePkgArgs("install", args, io)
	if !ok {
		return code
	}
	m, ok := trustedManager(ctx, io, a, false)
	if !ok {
		return ExitFailure
	}
	if err := m.Install(ctx, a.source, scopeOf(a)); err != nil {
		fmt.Fprintf(io.Stderr, "Error: %v\n", err)
		return ExitFailure
	}
	fmt.Fprintf(io.Stdout, "Installed %s\n", a.source)
	return ExitOK
}

func runRemove(ctx context.Context, args []string, io *IO) ExitCode {
	a, code, ok := parsePkgArgs("remove", args, io)
	if !ok {
		return code
	}
	m, ok := trustedManager(ctx, io, a, false)
	if !ok {
		return ExitFailure
	}
	if err := m.Remove(ctx, a.source, scopeOf(a)); err != nil {
		if errors.Is(err, pkgmgr.ErrNoMatch) {
			fmt.Fprintln(io.Stderr, err)
		} else {
			fmt.Fprintf(io.Stderr, "Error: %v\n", err)
		}
		return ExitFailure
	}
	fmt.Fprintf(io.Stdout, "Removed %s\n", a.source)
	return ExitOK
}

// runUpdate is pi's `update --extensions` (or `update <source>`): pigo has
// no self-update, so packages are what it updates.
func runUpdate(ctx context.Context, args []string, io *IO) ExitCode {
	a, code, ok := parsePkgArgs("update", args, io)
	if !ok {
		return code
	}
	m, ok := trustedManager(ctx, io, a, true)
	if !ok {
		return ExitFailure
	}
	changed, err := m.Update(ctx, a.source)
	if err != nil {
		fmt.Fprintf(io.Stderr, "Error: %v\n", err)
		return ExitFailure
	}
	switch {
	case m.Offline():
		fmt.Fprintln(io.Stdout, "Skipped package updates (offline mode)")
	case len(changed) == 0 && a.source != "":
		fmt.Fprintf(io.Stdout, "%s is already up to date\n", a.source)
	case len(changed) == 0:
		fmt.Fprintln(io.Stdout, "Packages are already up to date")
	default:
		plural := "s"
		if len(changed) == 1 {
			plural = ""
		}
		fmt.Fprintf(io.Stdout, "Updated %d package%s:\n", len(changed), plural)
		for _, c := range changed {
			fmt.Fprintf(io.Stdout, "  %s\n", c)
		}
	}
	return ExitOK
}

func runList(ctx context.Context, args []string, io *IO) ExitCode {
	a, code, ok := parsePkgArgs("list", args, io)
	if !ok {
		return code
	}
	m, ok := trustedManager(ctx, io, a, false)
	if !ok {
		return ExitFailure
	}
	pkgs, err := m.List()
	if err != nil {
		fmt.Fprintf(io.Stderr, "Error: %v\n", err)
		return ExitFailure
	}
	if len(pkgs) == 0 {
		fmt.Fprintln(io.Stdout, "No packages installed.")
		return ExitOK
	}
	prev := pkgmgr.Scope("")
	for _, p := range pkgs {
		if p.Scope != prev {
			if prev != "" {
				fmt.Fprintln(io.Stdout)
			}
			title := map[pkgmgr.Scope]string{pkgmgr.User: "User packages:", pkgmgr.Project: "Project packages:"}[p.Scope]
			fmt.Fprintln(io.Stdout, title)
			prev = p.Scope
		}
		display := p.Source
		if p.Filtered {
			display += " (filtered)"
		}
		fmt.Fprintf(io.Stdout, "  %s\n", display)
		if p.Installed != "" {
			fmt.Fprintf(io.Stdout, "    %s\n", p.Installed)
		}
	}
	return ExitOK
}

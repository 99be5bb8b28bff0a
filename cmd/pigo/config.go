package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/piconfig"
	"github.com/pigo-dev/pigo/engine/tui"
)

const configUsage = "pigo config [-l] [--approve|--no-approve]"

// runConfig is pi's `pi config`: the resource configuration TUI, where
// space enables or disables a package resource or a built-in extension in
// the global settings, or (-l, or tab) overrides it in the project's.
func runConfig(ctx context.Context, args []string, io *IO) ExitCode {
	local := false
	var approve *bool
	for _, a := range args {
		switch a {
		case "-h", "--help":
			fmt.Fprintf(io.Stdout, "Usage:\n  %s\n\nOpen the resource configuration TUI to enable or disable package resources.\n"+
				"Without -l, starts in global settings (~/.pi/agent/settings.json).\nPress Tab in the TUI to switch between global and project-local modes.\n\n"+
				"Options:\n  -l, --local       Edit project overrides (.pi/settings.json)\n"+
				"  -a, --approve     Trust project-local files for this command with -l\n"+
				"  -na, --no-approve Ignore project-local files for this command with -l\n", configUsage)
			return ExitOK
		case "-l", "--local":
			local = true
		case "-a", "--approve", "-na", "--no-approve":
			v := a == "-a" || a == "--approve"
			approve = &v
		default:
			if len(a) > 0 && a[0] == '-' {
				fmt.Fprintf(io.Stderr, "Unknown option %s for \"config\".\nUse \"pigo --help\" or %q.\n", a, configUsage)
			} else {
				fmt.Fprintf(io.Stderr, "Unexpected argument %s.\nUsage: %s\n", a, configUsage)
			}
			return ExitFailure
		}
	}
	if !io.StdinTTY {
		fmt.Fprintln(io.Stderr, "pigo config: needs a terminal")
		return ExitFailure
	}
	agentDir := agentsession.AgentDir(io)
	global, err := readJSONObject(filepath.Join(agentDir, "settings.json"))
	if err != nil {
		fmt.Fprintf(io.Stderr, "pigo config: %v\n", err)
		return ExitFailure
	}
	trusted, err := projectTrusted(ctx, io, approve, false)
	if err != nil {
		fmt.Fprintf(io.Stderr, "pigo config: %v\n", err)
		return ExitFailure
	}
	if local && !trusted {
		fmt.Fprintln(io.Stderr, "Project is not trusted. Use --approve to modify local resource config.")
		return ExitFailure
	}
	paths := piconfig.Paths{Cwd: io.Cwd, AgentDir: agentDir, Home: io.Getenv("HOME")}
	var project map[string]any
	if trusted {
		if project, err = readJSONObject(filepath.Join(paths.ProjectBase(), "settings.json")); err != nil {
			fmt.Fprintf(io.Stderr, "pigo config: %v\n", err)
			return ExitFailure
		}
	}
	globalGroups, projectGroups := piconfig.Listings(paths, global, project, trusted, pigo.BuiltinExtensions())
	scope := "global"
	if local {
		scope = "project"
	}
	theme, _ := global["theme"].(string)
	err = tui.RunConfig(ctx, tui.ConfigOptions{
		Options: tui.Options{Input: io.Stdin, Output: io.Stdout, Cwd: io.Cwd, Home: paths.Home, AgentDir: agentDir, Theme: theme, Env: io.Environ},
		Global:  globalGroups, Project: projectGroups, WriteScope: scope, ProjectModeAvailable: trusted,
	})
	if err != nil {
		fmt.Fprintf(io.Stderr, "pigo config: %v\n", err)
		return ExitFailure
	}
	return ExitOK
}

// readJSONObject is a settings file's object; a missing file is nil.
func readJSONObject(path string) (map[string]any, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return m, nil
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/pigo-dev/pigo/engine"
)

// runCheck implements `pigo check [--app FILE] [-e PATH]... [--json]`.
func runCheck(ctx context.Context, args []string, io *IO) ExitCode {
	f, err := parseFlags(args)
	if err != nil || len(f.positional) > 0 {
		if err == nil {
			err = fmt.Errorf("unexpected argument %q", f.positional[0])
		}
		fmt.Fprintf(io.Stderr, "pigo check: %v\nusage: pigo check [--app FILE] [-e PATH]... [--json]\n", err)
		return ExitUsage
	}
	app, failedDiscovery := load(ctx, f, io, "pigo check")
	if app == nil {
		return ExitFailure
	}
	defer app.Close(context.Background())
	rep := app.Host.Report()
	for i := range rep.Plugins {
		rep.Plugins[i].Path = relPath(io, rep.Plugins[i].Path)
		if l := rep.Plugins[i].Location; l != nil {
			l.File = relPath(io, l.File)
		}
		relDiagnostics(io, rep.Plugins[i].Diagnostics)
	}
	code := ExitOK
	if failedDiscovery {
		code = ExitFailure
	}
	for _, p := range rep.Plugins {
		if p.Status != engine.StatusLoaded {
			code = ExitFailure
		}
	}
	if f.json {
		enc := json.NewEncoder(io.Stdout)
		enc.SetIndent("", "  ")
		_ = enc.Encode(rep)
		return code
	}
	printReport(io, rep, app.Results)
	return code
}

func relDiagnostics(io *IO, ds []engine.Diagnostic) {
	for i := range ds {
		if ds[i].Location != nil {
			l := *ds[i].Location
			l.File = relPath(io, l.File)
			ds[i].Location = &l
		}
	}
}

func printReport(io *IO, rep engine.Report, results []engine.LoadResult) {
	w := io.Stdout
	for _, p := range rep.Plugins {
		status := string(p.Status)
		if p.Status != engine.StatusLoaded {
			status = strings.ToUpper(status)
		}
		fmt.Fprintf(w, "%s  %s  (%s)\n", p.ID, status, p.Path)
		if p.Status != engine.StatusLoaded {
			for _, r := range results {
				if r.Plugin == p.ID && r.Err != nil {
					for _, d := range r.Err.Diagnostics {
						printDiagnostic(io, "  error: ", d)
					}
				}
			}
			continue
		}
		line := func(label string, items []string) {
			if len(items) == 0 {
				return
			}
			fmt.Fprintf(w, "  %-9s %s\n", label+":", strings.Join(items, ", "))
		}
		line("tools", p.Tools)
		line("commands", p.Commands)
		line("hooks", p.Hooks)
		line("events", p.Events)
		line("settings", p.Settings)
		for _, u := range p.Unsupported {
			fmt.Fprintf(w, "  not supported yet: %s\n", u)
		}
		for name, ids := range p.Registered {
			if name != "tools" && name != "commands" && name != "settings" {
				line(name, ids)
			}
		}
		for _, d := range p.Diagnostics {
			if d.Severity == engine.SeverityInfo && d.Where == "log" {
				continue
			}
			printDiagnostic(io, "  "+string(d.Severity)+": ", d)
		}
	}
	for _, r := range rep.Registries {
		for _, s := range r.WrapStacks {
			fmt.Fprintf(w, "wrap %s\n", s)
		}
	}
}

func printDiagnostic(io *IO, prefix string, d engine.Diagnostic) {
	text := d.Text
	if d.Where != "" {
		text = d.Where + ": " + text
	}
	if d.Location != nil {
		l := *d.Location
		l.File = relPath(io, l.File)
		text = l.String() + ": " + text
	}
	fmt.Fprintf(io.Stdout, "%s%s\n", prefix, text)
	for _, n := range d.Notes {
		for _, ln := range strings.Split(strings.TrimRight(n, "\n"), "\n") {
			fmt.Fprintf(io.Stdout, "      %s\n", ln)
		}
	}
}

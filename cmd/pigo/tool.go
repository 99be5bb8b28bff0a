package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/pigo-dev/pigo/engine"
)

// runTool implements `pigo tool NAME 'JSON-ARGS' -e PATH...`: load, validate
// the arguments against the tool's schema, run tool_call hooks, execute,
// run tool_result hooks, print the result as JSON.
func runTool(ctx context.Context, args []string, io *IO) ExitCode {
	f, err := parseFlags(args)
	if err == nil && (len(f.positional) < 1 || len(f.positional) > 2) {
		err = fmt.Errorf("want a tool name and optional JSON arguments")
	}
	if err != nil {
		fmt.Fprintf(io.Stderr, "pigo tool: %v\nusage: pigo tool NAME 'JSON-ARGS' -e PATH...\n", err)
		return ExitUsage
	}
	name := f.positional[0]
	var params any = map[string]any{}
	if len(f.positional) == 2 {
		if err := json.Unmarshal([]byte(f.positional[1]), &params); err != nil {
			fmt.Fprintf(io.Stderr, "pigo tool: arguments are not valid JSON: %v\n", err)
			return ExitFailure
		}
	}
	// The exit code says whether the tool ran and succeeded; plugins that
	// failed to load are reported on stderr but do not change it.
	app, _ := load(ctx, f, io, "pigo tool")
	if app == nil {
		return ExitFailure
	}
	defer app.Close(context.Background())
	for _, r := range app.Results {
		if r.Err != nil {
			for _, d := range r.Err.Diagnostics {
				fmt.Fprintf(io.Stderr, "pigo tool: plugin %s failed to load: %s\n", r.Plugin, diagText(io, d))
			}
		}
	}
	if _, ok := app.Host.Tools().Current().Get(name); !ok {
		var names []string
		for _, e := range app.Host.Tools().Current().Entries() {
			names = append(names, e.ID)
		}
		fmt.Fprintf(io.Stderr, "pigo tool: no tool %q (have: %s)\n", name, strings.Join(names, ", "))
		return ExitFailure
	}
	var updates []engine.ToolResult
	res, err := app.Host.RunTool(ctx, name, engine.ToolCall{
		ID: "call_1", Params: params,
		OnUpdate: func(p engine.ToolResult) { updates = append(updates, p) },
		Context:  map[string]any{"cwd": io.Cwd},
	})
	enc := json.NewEncoder(io.Stdout)
	enc.SetIndent("", "  ")
	_ = enc.Encode(res)
	if err != nil {
		fmt.Fprintf(io.Stderr, "pigo tool: %s\n", errText(io, err))
		return ExitFailure
	}
	if res.IsError {
		return ExitFailure
	}
	return ExitOK
}

func diagText(io *IO, d engine.Diagnostic) string {
	text := d.Text
	if d.Where != "" {
		text = d.Where + ": " + text
	}
	if d.Location != nil {
		l := *d.Location
		l.File = relPath(io, l.File)
		text = l.String() + ": " + text
	}
	return text
}

// errText renders an error with its plugin location when it has one.
func errText(io *IO, err error) string {
	var se *engine.ScriptError
	if asScript(err, &se) && se.Location != nil {
		l := *se.Location
		l.File = relPath(io, l.File)
		return err.Error() + " (at " + l.String() + ")"
	}
	return err.Error()
}

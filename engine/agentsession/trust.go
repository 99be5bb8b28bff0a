package agentsession

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/projecttrust"
	pisession "github.com/pigo-dev/pigo/engine/session"
)

// bootTrusted starts app's plugins as pi 1.6's createRuntime does: the
// user's and the command line's extensions first, then the project trust
// decision (projecttrust.Resolve: --approve/--no-approve, nothing to
// protect, the project_trust event to the extensions loaded so far, the
// saved decision in <agentDir>/trust.json, defaultProjectTrust from the
// agent dir's settings), then the project's own extensions if trusted.
// ctx.isProjectTrusted() reports the decision. A trust.json pi could not
// read is an error, as in pi (which exits with it).
//
// With interactive (pi's interactive mode at startup) and a terminal
// selector (io.StartupSelect), "ask" shows pi's trust prompt before the
// session's client starts; the answer saves what it says to trust.json.
// Elsewhere "ask" declines, as in pi's print, JSON and RPC modes.
func bootTrusted(ctx context.Context, io *IO, f piFlags, app *App, agentDir string, settings *piSettings, interactive bool) (trusted bool, results []engine.LoadResult, diags []diagnostic, err error) {
	results = app.BootUntrusted(ctx)
	trusted, diags, err = resolveTrust(ctx, io, f.approve, app.Host, pluginPaths(app), agentDir, settings, interactive)
	if err != nil {
		return false, results, diags, err
	}
	piapi.Of(app.Host).SetProjectTrusted(trusted)
	if trusted {
		results = append(results, app.LoadProject(ctx)...)
	} else {
		settings.dropProject()
	}
	return trusted, results, diags, nil
}

// pluginPaths maps app's plugin ids to their files.
func pluginPaths(app *App) map[string]string {
	paths := map[string]string{}
	for _, p := range app.Plugins {
		paths[p.ID] = p.Path
	}
	return paths
}

// resolveTrust is pi 1.6's resolveProjectTrusted over the extensions
// host has loaded (nil: none, as when pi loads none for the decision),
// paths naming their files in warnings.
func resolveTrust(ctx context.Context, io *IO, override *bool, host *engine.Host, paths map[string]string, agentDir string, settings *piSettings, interactive bool) (trusted bool, diags []diagnostic, err error) {
	store := projecttrust.NewStore(agentDir)
	var prompt func(ctx context.Context) (bool, error)
	if interactive && io.StartupSelect != nil {
		prompt = func(ctx context.Context) (bool, error) { return trustPrompt(ctx, io, agentDir, settings, store) }
	}
	var ask func(ctx context.Context) *projecttrust.Answer
	if host != nil {
		// pi's project_trust context has no UI outside interactive mode:
		// its notify writes the message to stderr (in interactive mode it
		// says nothing, and dialogs go to the startup selector:
		// startup_ui.go).
		var asking atomic.Bool
		piapi.Of(host).UI().Observe(func(c piapi.UICall) {
			if m, _ := c.Value.(map[string]any); asking.Load() && c.Op == "notify" && !interactive {
				fmt.Fprintln(io.Stderr, m["message"])
			}
		})
		ask = func(ctx context.Context) *projecttrust.Answer {
			asking.Store(true)
			if prompt != nil { // the handlers' dialogs go to the startup selector
				ui := &startupUI{ctx: ctx, hub: host.Views(), io: io, agentDir: agentDir, settings: settings}
				if host.Views().Attach(ui) == nil {
					defer host.Views().Detach(startupUIClientID)
				}
			}
			a, d := askProjectTrust(ctx, host, io.Cwd, func(id string) string { return paths[id] })
			asking.Store(false)
			diags = append(diags, d...)
			return a
		}
	}
	trusted, err = projecttrust.Resolve(ctx, projecttrust.Options{
		Cwd: io.Cwd, Home: io.Getenv("HOME"), Store: store, Prompt: prompt,
		Override: override, Default: settings.globalStr("defaultProjectTrust"), Ask: ask,
	})
	return trusted, diags, err
}

// askProjectTrust emits project_trust {cwd} to the extensions loaded so
// far: the first decided answer, and pi's warnings for the handlers that
// failed (path names a plugin's file).
func askProjectTrust(ctx context.Context, host *engine.Host, cwd string, path func(plugin string) string) (*projecttrust.Answer, []diagnostic) {
	out := host.RunHook(ctx, "project_trust", map[string]any{"type": "project_trust", "cwd": cwd})
	var diags []diagnostic
	for _, e := range out.Errors {
		p := path(e.Plugin)
		if p == "" {
			p = "<" + e.Plugin + ">"
		}
		diags = append(diags, diagnostic{"warning", fmt.Sprintf("Extension \"%s\" project_trust error: %s", p, jsErrorMessage(e.Text))})
	}
	r, ok := out.Result.(map[string]any)
	if !ok {
		return nil, diags
	}
	answer, _ := r["trusted"].(string)
	remember, _ := r["remember"].(bool)
	return &projecttrust.Answer{Trusted: answer, Remember: remember}, diags
}

// trustPrompt is pi's selectProjectTrustOption on the terminal: the
// answer's decision, its updates saved; cancelling declines.
func trustPrompt(ctx context.Context, io *IO, agentDir string, settings *piSettings, store *projecttrust.Store) (bool, error) {
	choices := projecttrust.Choices(io.Cwd, true)
	labels := make([]string, len(choices))
	for i, c := range choices {
		labels[i] = c.Label
	}
	i, ok := io.StartupSelect(ctx, StartupPrompt{IO: io, AgentDir: agentDir, Setting: settings.get,
		Title: projecttrust.PromptTitle(io.Cwd, "pi"), Options: labels})
	if !ok || i < 0 || i >= len(choices) {
		return false, nil
	}
	if len(choices[i].Updates) > 0 {
		if err := store.SetMany(ctx, choices[i].Updates); err != nil {
			return false, err
		}
	}
	return choices[i].Trusted, nil
}

// PackageCommandTrust is pi 1.6's trust decision for a package or config
// command (createCommandSettingsManager): the --approve / --no-approve
// override; for a project with protected files, the user's extensions
// (loaded with the project untrusted, in the command's mode: "tui" on a
// terminal, else "print") answer project_trust; then the saved decision,
// defaultProjectTrust, and on a terminal pi's trust prompt. warnings are
// pi's (extensions that failed to load or to answer), for the command to
// print.
func PackageCommandTrust(ctx context.Context, io *IO, override *bool, open Opener) (trusted bool, warnings []string, err error) {
	agentDir := AgentDir(io)
	settings, _ := loadPiSettings(io.FS, agentDir, io.Cwd) // the command reports the settings' problems
	interactive := io.Interactive()
	if override != nil || !projecttrust.HasProtectedResources(io.Cwd, io.Getenv("HOME")) {
		trusted, _, err = resolveTrust(ctx, io, override, nil, nil, agentDir, settings, interactive)
		return trusted, nil, err
	}
	app, err := open(AppSource{}, agentDir, engine.Options{Budgets: agentBudgets, OnDiagnostic: func(engine.Diagnostic) {}})
	if err != nil {
		return false, nil, err
	}
	defer app.Close(context.Background())
	piapi.Of(app.Host).SetSession(pisession.InMemory(io.Cwd))
	mode := "print"
	if interactive {
		mode = "tui"
	}
	piapi.Of(app.Host).SetMode(mode)
	paths := pluginPaths(app)
	for _, r := range app.BootUntrusted(ctx) {
		if !r.OK && r.Err != nil {
			warnings = append(warnings, fmt.Sprintf("Failed to load extension \"%s\": Failed to load extension: %s", paths[r.Plugin], loadErrorText(r.Err)))
		}
	}
	trusted, diags, err := resolveTrust(ctx, io, nil, app.Host, paths, agentDir, settings, interactive)
	for _, d := range diags {
		warnings = append(warnings, d.message)
	}
	return trusted, warnings, err
}

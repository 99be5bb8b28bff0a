package agentsession

import (
	"context"
	"fmt"
	"sync/atomic"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/projecttrust"
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
	paths := map[string]string{}
	for _, p := range app.Plugins {
		paths[p.ID] = p.Path
	}
	host := app.Host
	// pi's project_trust context has no UI outside interactive mode: its
	// notify writes the message to stderr (in interactive mode it says
	// nothing, and dialogs go to the startup selector: startup_ui.go).
	var asking atomic.Bool
	piapi.Of(host).UI().Observe(func(c piapi.UICall) {
		if m, _ := c.Value.(map[string]any); asking.Load() && c.Op == "notify" && !interactive {
			fmt.Fprintln(io.Stderr, m["message"])
		}
	})
	store := projecttrust.NewStore(agentDir)
	var prompt func(ctx context.Context) (bool, error)
	if interactive && io.StartupSelect != nil {
		prompt = func(ctx context.Context) (bool, error) { return trustPrompt(ctx, io, agentDir, settings, store) }
	}
	trusted, err = projecttrust.Resolve(ctx, projecttrust.Options{
		Cwd: io.Cwd, Home: io.Getenv("HOME"), Store: store, Prompt: prompt,
		Override: f.approve, Default: settings.globalStr("defaultProjectTrust"),
		Ask: func(ctx context.Context) *projecttrust.Answer {
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
		},
	})
	if err != nil {
		return false, results, diags, err
	}
	piapi.Of(host).SetProjectTrusted(trusted)
	if trusted {
		results = append(results, app.LoadProject(ctx)...)
	} else {
		settings.dropProject()
	}
	return trusted, results, diags, nil
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

// AskProjectTrust is pi's trust prompt for a command run in a terminal
// (pi's package and config commands ask there, and decline elsewhere):
// the user's answer, what it says saved to trust.json. False, asking no
// one, without a terminal selector.
func AskProjectTrust(ctx context.Context, io *IO, agentDir string) (bool, error) {
	if io.StartupSelect == nil || !io.StdinTTY {
		return false, nil
	}
	settings, _ := loadPiSettings(io.FS, agentDir, io.Cwd) // its problems are the command's to report
	return trustPrompt(ctx, io, agentDir, settings, projecttrust.NewStore(agentDir))
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

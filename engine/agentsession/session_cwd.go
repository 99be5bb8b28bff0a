package agentsession

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"

	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/projecttrust"
	pisession "github.com/pigo-dev/pigo/engine/session"
)

// A session opened at startup from another project (pi's --resume
// "All" scope, --session PATH) runs in the cwd its header names: pi
// resolves the project's settings, resources, extensions and trust
// there, not in the directory pi was started in. When that directory is
// gone, pi asks (interactive mode) whether to continue in the current
// directory, fork the session into it or cancel; other modes fail.

// moveTo makes cwd the run's working directory before the app opens:
// -e paths and @file arguments keep meaning what they meant in the
// directory pigo started in (pi resolves them against the process's
// cwd), the project settings are cwd's.
func (rt *agentRuntime) moveTo(cwd string) []diagnostic {
	io := rt.io
	abs := func(p string) string {
		if p == "" || filepath.IsAbs(p) || p[0] == '~' {
			return p
		}
		return filepath.Join(io.Cwd, p)
	}
	exts := make([]string, len(rt.flags.AppSource.Extensions))
	for i, e := range rt.flags.AppSource.Extensions {
		exts[i] = abs(e)
	}
	rt.flags.AppSource.Extensions = exts
	rt.flags.AppSource.App = abs(rt.flags.AppSource.App)
	files := make([]string, len(rt.flags.fileArgs))
	for i, a := range rt.flags.fileArgs {
		files[i] = abs(a)
	}
	rt.flags.fileArgs = files
	rt.flags.AppSource.Cwd = cwd
	io.Cwd = cwd
	var sd []diagnostic
	rt.settings, sd = loadPiSettings(io.FS, rt.agentDir, io.Cwd)
	return sd
}

// missingSessionCwd is pi's check of an opened session whose stored cwd
// does not exist (getMissingSessionCwdIssue): in interactive mode the
// startup selector asks to continue in the current directory (the file
// keeps its header), fork into it, or cancel (exit 0); elsewhere it is
// an error. forkInto forks a session file into the current directory.
func (rt *agentRuntime) missingSessionCwd(tree *pisession.Tree, dir string, forkInto func(string) (*pisession.Tree, bool)) (*pisession.Tree, ExitCode, bool) {
	io := rt.io
	path, cwd := tree.Path(), tree.Cwd()
	if path == "" || cwd == "" {
		return tree, ExitOK, true
	}
	if _, err := io.FS.Stat(cwd); err == nil {
		return tree, ExitOK, true
	}
	if rt.mode != "interactive" || io.StartupSelect == nil || !io.StdinTTY {
		fmt.Fprintf(io.Stderr, "Stored session working directory does not exist: %s\nSession file: %s\nCurrent working directory: %s\n", cwd, path, io.Cwd)
		return nil, ExitFailure, false
	}
	i, ok := io.StartupSelect(rt.baseCtx, StartupPrompt{IO: io, AgentDir: rt.agentDir, Setting: rt.settings.get,
		Title:   "Session cwd does not exist: " + cwd,
		Options: []string{"Continue in " + io.Cwd + " (asks again next time)", "Fork into " + io.Cwd + " (new session ID, original kept)", "Cancel"}})
	switch {
	case ok && i == 0:
		_ = tree.Close()
		t, _, err := pisession.Open(path, pisession.Options{Cwd: io.Cwd})
		if err != nil {
			fmt.Fprintf(io.Stderr, "Error: %v\n", err)
			return nil, ExitFailure, false
		}
		return t, ExitOK, true
	case ok && i == 1:
		_ = tree.Close()
		t, ok := forkInto(path)
		if !ok {
			return nil, ExitFailure, false
		}
		return t, ExitOK, true
	}
	return nil, ExitOK, false
}

// relocate moves the running session to cwd (another project's, or
// the same one again), between a switch's session_shutdown and its
// session_start, as pi's session replacements create their runtime
// there: the host (ctx.cwd,
// process.cwd(), the tools) and settings move, the project's trust is
// resolved (projectTrust), and the app follows discovery there
// (App.Relocate): the old project's extensions unload, the new one's
// load when it is trusted, and every other extension starts again; the
// new settings' warnings are shown. The templates, skills and context
// files follow in replaceSession (reloadResources).
func (rt *agentRuntime) relocate(ctx context.Context, cwd string) {
	rt.mu.Lock()
	settingsDiags := rt.moveTo(cwd)
	rt.mu.Unlock()
	rt.host.SetCwd(cwd)
	trusted, diags := rt.projectTrust(ctx)
	for _, d := range diags {
		rt.reportExtensionError("", "project_trust", d.message)
	}
	piapi.Of(rt.host).SetProjectTrusted(trusted)
	if !trusted { // an untrusted project's settings are not read
		settingsDiags = nil
	}
	rt.mu.Lock()
	if !trusted {
		rt.settings.dropProject()
	}
	rt.steeringMode, rt.followUpMode = rt.settings.queueMode("steeringMode"), rt.settings.queueMode("followUpMode")
	rt.agent.SetQueueModes(rt.steeringMode, rt.followUpMode)
	rt.transport.Store(rt.settings.transport())
	rt.mu.Unlock()
	if rt.app.Relocate == nil {
		rt.showDiagnostics(settingsDiags)
		return
	}
	reloads, problems := rt.app.Relocate(ctx, cwd, trusted)
	rt.showDiagnostics(append(settingsDiags, problemDiagnostics(problems, trusted)...))
	for _, r := range reloads {
		rt.followDiscovery(r)
		if r.Gone == nil && !r.OK && r.Error != nil {
			path := rt.extPath(r.Plugin)
			if r.Appeared != nil {
				path = r.Appeared.Path
			}
			rt.reportExtensionError(path, "load", "Failed to load extension: "+loadErrorText(r.Error))
		}
		// The client drops what a gone or restarted extension showed
		// (a restarted one sets it again at session_start); "moved" says
		// this is no reload to announce. pi's RPC mode sends nothing of
		// the kind: its client knows a replacement drops extension UI.
		if rt.mode == "rpc" {
			continue
		}
		ev := reloadEvent(r)
		ev["moved"] = true
		rt.emit(ev)
	}
}

// showDiagnostics tells the client what the move found (the settings'
// warnings, packages that did not install) that was not shown before,
// as pi shows its new runtime's unreported diagnostics: on the client,
// or on stderr in RPC mode (stdout carries the protocol).
func (rt *agentRuntime) showDiagnostics(diags []diagnostic) {
	for _, d := range diags {
		rt.mu.Lock()
		seen := rt.reported[d]
		rt.reported[d] = true
		rt.mu.Unlock()
		switch {
		case seen:
		case rt.mode == "rpc":
			fmt.Fprintln(rt.io.Stderr, d.String())
		default:
			rt.emit(map[string]any{"type": "runtime_diagnostic", "kind": d.kind, "message": d.message})
		}
	}
}

// projectTrust is pi's trust decision for the run's cwd when a session
// moves there: this run's earlier decision for the folder, else
// projecttrust.Resolve (--approve, nothing to protect, project_trust to
// the extensions, trust.json, defaultProjectTrust) with, in interactive
// mode, pi's trust prompt on the client (askTrust) for "ask". pi
// remembers a resolved decision per folder for the run.
func (rt *agentRuntime) projectTrust(ctx context.Context) (bool, []diagnostic) {
	cwd, home := rt.io.Cwd, rt.io.Getenv("HOME")
	rt.mu.Lock()
	cached, ok := rt.trustByCwd[cwd]
	rt.mu.Unlock()
	if ok {
		return cached, nil
	}
	store := projecttrust.NewStore(rt.agentDir)
	var diags []diagnostic
	o := projecttrust.Options{Cwd: cwd, Home: home, Store: store, Override: rt.flags.approve,
		Default: rt.settings.globalStr("defaultProjectTrust"),
		Ask: func(ctx context.Context) *projecttrust.Answer {
			a, d := askProjectTrust(ctx, rt.host, cwd, rt.extPath)
			diags = append(diags, d...)
			return a
		}}
	if rt.mode == "interactive" {
		o.Prompt = func(ctx context.Context) (bool, error) { return rt.askTrust(ctx, store) }
	}
	trusted, err := projecttrust.Resolve(ctx, o)
	if err != nil {
		return false, append(diags, diagnostic{"error", err.Error()})
	}
	rt.rememberTrust(cwd, trusted)
	return trusted, diags
}

// rememberTrust keeps a resolved decision for the folder for this run,
// as pi's projectTrustByCwd (only a decision that had to be resolved:
// not --approve's, not one for a folder with nothing to protect).
func (rt *agentRuntime) rememberTrust(cwd string, trusted bool) {
	if rt.flags.approve != nil || !projecttrust.HasProtectedResources(cwd, rt.io.Getenv("HOME")) {
		return
	}
	rt.mu.Lock()
	if rt.trustByCwd == nil {
		rt.trustByCwd = map[string]bool{}
	}
	rt.trustByCwd[cwd] = trusted
	rt.mu.Unlock()
}

// askTrust is pi's trust prompt in a running session (its
// selectProjectTrustOption through the extension selector): a select
// dialog the host itself asks the client; the answer's updates are
// saved, cancelling declines.
func (rt *agentRuntime) askTrust(ctx context.Context, store *projecttrust.Store) (bool, error) {
	cwd := rt.io.Cwd
	choices := projecttrust.Choices(cwd, true)
	labels := make([]string, len(choices))
	for i, c := range choices {
		labels[i] = c.Label
	}
	rt.mu.Lock()
	rt.trustAsks++
	id := "pigo:trust/" + strconv.Itoa(rt.trustAsks)
	rt.mu.Unlock()
	v := rt.host.Views().AskHost(id, "pi.dialog", map[string]any{"method": "select",
		"title": projecttrust.PromptTitle(cwd, "pi"), "options": labels})
	v.On(func(msg any, _ string) { v.Close(msg) })
	select {
	case <-v.Done():
	case <-ctx.Done():
		v.CloseWithReason(nil, "aborted")
	}
	r, _ := v.Result()
	m, _ := r.(map[string]any)
	label, _ := m["value"].(string)
	for _, c := range choices {
		if c.Label != label {
			continue
		}
		if len(c.Updates) > 0 {
			if err := store.SetMany(ctx, c.Updates); err != nil {
				return false, err
			}
		}
		return c.Trusted, nil
	}
	return false, nil
}

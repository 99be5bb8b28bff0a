package agentsession

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/images"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
	pisession "github.com/pigo-dev/pigo/engine/session"
)

// pi's non-interactive modes (pi -p, --mode json, --mode rpc): one agent
// session with the extensions pi would load, the models pi would offer and
// the session file pi would use. agentRuntime is the part the three modes
// share: startup in pi's order (flags, session, extensions, extension
// flags, model, agent), the state pi's AgentSession keeps next to the
// agent loop (queue modes, retry and compaction switches, pending bash
// results), session replacement, and shutdown.

// agentBudgets replace the host's default budgets: in the agent modes a
// hook may wait for a user's dialog answer and a tool may run as long as
// the model's task needs, as in pi, which has no such limits.
var agentBudgets = engine.Budgets{Hook: 24 * time.Hour, Listener: 24 * time.Hour, Tool: 24 * time.Hour}

// agentRuntime is a booted agent session. Safe for concurrent use.
type agentRuntime struct {
	settingsWarned sync.Map // settings errors already shown on stderr
	io             *IO
	// launchCwd is the directory pigo started in: relative paths the user
	// gives (an /export file) mean it, as pi's process cwd, after the run
	// moved to another project's (session_cwd.go).
	launchCwd string
	// consoleMu serializes extension console lines (any loop may log).
	consoleMu sync.Mutex
	flags     piFlags
	mode      string // "text" | "json" | "rpc" | "interactive"
	agentDir  string
	settings  *piSettings
	host      *engine.Host
	reg       *provider.Registry
	agent     *agent.Agent
	baseCtx   context.Context
	// sessionDir is where new sessions are created; "" for --no-session.
	sessionDir string
	// extPaths maps plugin ids to extension paths; extInfo to pi's
	// sourceInfo of the extension. Discovery changes them while the
	// session runs (extensions.go): read them through extPath, extSource.
	extMu    sync.RWMutex
	extPaths map[string]string
	extInfo  map[string]map[string]any

	mu           sync.Mutex
	model        *provider.Model // nil: none (pi's "unknown" placeholder)
	scoped       []provider.ScopedModel
	steeringMode string
	followUpMode string
	// transport is pi's agent.transport: the setting when the session
	// starts or moves to another project, then what /settings chose.
	transport        atomic.Value // string
	pendingBash      []agent.Message
	shutdownRequest  bool
	sink             func(ev map[string]any)
	extError         func(path, event, message string)
	warnedPersisting bool

	queueMu   sync.Mutex // serializes queue_update (syncQueue)
	lastQueue [2][]string
	streaming bool // between agent_start and agent_end (seen by the sink)
	ended     bool // agent_end went out; the agent may still be tearing down

	app *App
	// pendingStart is the session_start of a replacement session whose
	// newSession setup callback runs first (startPending).
	pendingStart map[string]any
	// trustByCwd is each folder's resolved project trust for this run
	// (pi's projectTrustByCwd); trustAsks numbers the trust prompts.
	trustByCwd map[string]bool
	trustAsks  int
	// reported are the diagnostics shown so far (kind and message), so a
	// move to another project shows only new ones (pi's
	// takeUnreportedDiagnostics).
	reported map[diagnostic]bool

	res resourceHolder // prompt templates and skills (resources_pi.go)
	// prompt is what the system prompt is built from (rebuildPrompt).
	prompt atomic.Pointer[systemPromptInput]
}

// Version is what --version prints (the pigo command sets it).
var Version = "dev"

// Run runs pi's interactive, print, JSON or RPC mode (or --export,
// --list-models) for pi's command-line args, opening the session's app
// with open. ui is the interactive client; without one a terminal gets a
// usage error.
func Run(ctx context.Context, args []string, io *IO, open Opener, ui Interactive) ExitCode {
	f := parsePiFlags(args)
	if f.offline {
		io.SetEnv("PI_OFFLINE", "1") // as pi sets process.env.PI_OFFLINE: package installs, model refreshes and extensions see it
	}
	if f.version { // pi's --version: after its diagnostics, before anything else
		if reportDiagnostics(io.Stderr, f.diagnostics) {
			return ExitFailure
		}
		fmt.Fprintln(io.Stdout, Version)
		return ExitOK
	}
	if f.export != "" {
		return runExport(io, f) // export.go
	}
	if f.help {
		fmt.Fprint(io.Stdout, agentModeHelp)
		return ExitOK
	}
	if f.listModels != nil {
		return runListModels(ctx, io, f, open) // list_models.go
	}
	if f.mode == "" && !f.print && io.Interactive() { // pi's resolveAppMode: print when either is redirected
		if ui == nil {
			fmt.Fprintln(io.Stderr, "pigo: no interactive client in this program; use -p \"prompt\", --mode json or --mode rpc (pigo --help)")
			return ExitUsage
		}
		f.mode = "interactive"
	}
	rt, code := startAgentRuntime(ctx, io, f, open, nil)
	if io.Started != nil {
		io.Started()
	}
	if rt == nil {
		return code
	}
	var code2 ExitCode
	switch rt.mode {
	case "interactive":
		code2 = runInteractive(ctx, rt, ui)
	case "rpc":
		code2 = runRPC(ctx, rt)
	default:
		code2 = runPrint(ctx, rt)
	}
	if sc, ok := signalExitCode(ctx); ok {
		return sc
	}
	return code2
}

// signalExitCode is pi's exit status after a signal ended the run (it
// shuts down cleanly first): SIGTERM 143, SIGHUP 129, SIGINT 130.
func signalExitCode(ctx context.Context) (ExitCode, bool) {
	cause := context.Cause(ctx)
	if cause == nil || ctx.Err() == nil {
		return 0, false
	}
	// os/signal's NotifyContext names the signal in its cause.
	switch msg := cause.Error(); {
	case strings.HasPrefix(msg, "terminated"):
		return 143, true
	case strings.HasPrefix(msg, "hangup"):
		return 129, true
	case strings.HasPrefix(msg, "interrupt"):
		return 130, true
	}
	return 0, false
}

// startAgentRuntime does pi's startup up to the point where a mode takes
// over. On failure it prints pi's diagnostics and returns nil and the exit
// code.
func startAgentRuntime(ctx context.Context, io *IO, f piFlags, open Opener, providers []ProviderSource) (*agentRuntime, ExitCode) {
	rt := &agentRuntime{io: io, flags: f, mode: f.appMode(), baseCtx: ctx, extPaths: map[string]string{},
		extInfo: map[string]map[string]any{}, launchCwd: io.Cwd, reported: map[diagnostic]bool{}}
	var diags []diagnostic
	report := func() bool {
		failed, extensionFailed := false, false
		for _, d := range diags {
			fmt.Fprintln(io.Stderr, d.String())
			failed = failed || d.kind == "error"
			extensionFailed = extensionFailed || strings.Contains(d.message, "Failed to load extension")
			rt.reported[d] = true
		}
		diags = nil
		if failed && extensionFailed {
			fmt.Fprintln(io.Stderr, extensionLoadFailureHint) // pi's EXTENSION_LOAD_FAILURE_HINT
		}
		return failed
	}
	diags = append(diags, f.diagnostics...)
	if report() {
		return nil, ExitFailure
	}
	if rt.mode == "rpc" && len(f.fileArgs) > 0 {
		fmt.Fprintln(io.Stderr, "Error: @file arguments are not supported in RPC mode")
		return nil, ExitFailure
	}
	rt.agentDir = AgentDir(io)
	var sd []diagnostic
	rt.settings, sd = loadPiSettings(io.FS, rt.agentDir, io.Cwd)
	diags = append(diags, sd...)
	rt.settings.applyHTTPProxy(io)
	if _, err := rt.settings.httpIdleTimeout(); err != nil {
		diags = append(diags, diagnostic{"error", err.Error()})
		report()
		return nil, ExitFailure
	}

	// Session (pi's createSessionManager).
	tree, hasExisting, code, ok := rt.openSession(f, &diags)
	if !ok {
		report()
		return nil, code
	}
	if f.name != nil { // pi's --name: a session_info entry before anything runs
		name := strings.TrimSpace(*f.name)
		if name == "" {
			diags = append(diags, diagnostic{"error", "--name requires a non-empty value"})
			report()
			return nil, ExitFailure
		}
		if _, err := tree.SetName(name); err != nil {
			diags = append(diags, diagnostic{"error", err.Error()})
			report()
			return nil, ExitFailure
		}
	}

	// A session of another project (--resume, --session) runs in its
	// own cwd, as pi decides the run's cwd before its cwd-bound services.
	if cwd := tree.Cwd(); tree.Path() != "" && cwd != "" && filepath.Clean(cwd) != filepath.Clean(io.Cwd) {
		diags = append(diags, rt.moveTo(cwd)...)
		f = rt.flags
	}

	// Extensions: the app (manifest, -e paths, what pi discovers), with
	// the session attached before any extension starts.
	app, err := open(f.AppSource, rt.agentDir, engine.Options{Budgets: agentBudgets, OnDiagnostic: rt.onDiagnostic})
	if err != nil {
		diags = append(diags, diagnostic{"error", err.Error()})
		report()
		return nil, ExitFailure
	}
	rt.app, rt.host = app, app.Host
	piapi.Of(rt.host).SetSession(tree)
	rt.watchEntries(tree)
	for _, p := range app.Plugins {
		rt.setExtension(p)
	}
	piapi.Of(rt.host).SetReloader(func(ctx context.Context) error {
		_, err := rt.reloadExtensions(context.WithoutCancel(ctx))
		return err
	})
	piapi.Of(rt.host).SetMode(piMode(rt.mode)) // project_trust handlers see it
	trusted, results, td, err := bootTrusted(ctx, io, f, app, rt.agentDir, rt.settings, rt.mode == "interactive")
	diags = append(diags, td...)
	registrationDiagsAt := len(diags) // pi reports refused registrations next
	if err != nil {
		diags = append(diags, diagnostic{"error", err.Error()})
		report()
		rt.closeHost()
		return nil, ExitFailure
	}
	rt.rememberTrust(io.Cwd, trusted)
	for _, p := range app.Plugins { // with the trusted project's packages
		rt.setExtension(p)
	}
	diags = append(diags, problemDiagnostics(app.Problems, trusted)...)
	rt.steeringMode = rt.settings.queueMode("steeringMode") // the project's may be gone
	rt.followUpMode = rt.settings.queueMode("followUpMode")
	rt.transport.Store(rt.settings.transport())
	for _, res := range results {
		if res.OK {
			continue
		}
		diags = append(diags, diagnostic{"error", fmt.Sprintf("Failed to load extension %q: Failed to load extension: %s",
			rt.extPath(res.Plugin), loadErrorText(res.Err))})
	}

	// Models: registry, extension providers, extension flags, scope, model.
	rt.reg = provider.NewRegistry(provider.RegistryOptions{AgentDir: rt.agentDir, Env: io.EnvMap(), HTTPClient: provider.NewHTTPClient(io.EnvMap())})
	for _, p := range providers {
		if err := p.Register(rt.reg); err != nil {
			diags = append(diags, diagnostic{"error", err.Error()})
		}
	}
	for _, err := range rt.reg.Problems() {
		// pi 1.6 reports models.json's errors in the interactive mode's
		// chat only (InteractiveOptions.ModelsJSONError), not on stderr.
		if ce := (*provider.ConfigError)(nil); !errors.As(err, &ce) || filepath.Base(ce.File) != "models.json" {
			diags = append(diags, diagnostic{"warning", err.Error()})
		}
	}
	// pi.registerProvider, incl. streamSimple, now and after rebuilds.
	refused := agent.SyncProviders(rt.host, rt.reg)
	diags = slices.Insert(diags, registrationDiagsAt, registrationDiagnostics(refused, rt.extPath)...)
	agent.SyncVirtualModels(rt.host, rt.reg)
	flagValues, fd := rt.extensionFlagValues(f.unknown)
	diags = append(diags, fd...)
	patterns := f.models
	if patterns == nil {
		patterns = rt.settings.strings("enabledModels")
	}
	if len(patterns) > 0 {
		var warnings []string
		rt.scoped, warnings = rt.reg.ResolveScope(patterns)
		for _, w := range warnings {
			diags = append(diags, diagnostic{"warning", w})
		}
	}
	model, thinking, md := rt.initialModel(f, tree, hasExisting)
	diags = append(diags, md...)
	if f.apiKey != "" {
		if model == nil {
			diags = append(diags, diagnostic{"error", "--api-key requires a model to be specified via --model, --provider/--model, or --models"})
		} else {
			rt.reg.SetRuntimeAPIKey(model.Provider, f.apiKey)
		}
	}
	if model == nil && (rt.mode != "interactive" || slices.ContainsFunc(diags, func(d diagnostic) bool { return d.kind == "error" })) {
		// pi 1.6's fallback message without any model, reported with the
		// startup diagnostics (the interactive mode shows it in its chat).
		diags = append(diags, diagnostic{"warning", noModelsAvailableMessage})
	}
	if report() {
		rt.closeHost()
		return nil, ExitFailure
	}

	rt.initResources()

	// Tools and system prompt.
	pi := piapi.Of(rt.host)
	defaults, set := pi.ActiveTools(), false
	if !f.NoBuiltinTools { // pi starts --no-builtin-tools from no default tools, whatever defaultTools says
		defaults, set = rt.settings.defaultTools(defaults)
	}
	switch {
	case f.tools != nil:
		pi.SetActiveTools("", toolSelection(defaults, f.tools))
	case f.noTools:
		pi.SetActiveTools("", []string{})
	case set:
		pi.SetActiveTools("", defaults)
	}
	if f.excludeTools != nil {
		pi.ExcludeTools(piapi.ToolNameMatcher(f.excludeTools))
	}
	rt.model = model
	rt.rebuildPrompt()
	autoResize := func() bool { return rt.settings.boolIn("images", "autoResize", true) }
	piapi.Of(rt.host).SetImageAutoResize(autoResize)
	rt.host.SetToolResultImages(func(cs []engine.Content) []engine.Content {
		return toolResultImages(cs, autoResize(), rt.imageLimits())
	})
	a := agent.New(agent.Options{
		Host: rt.host,
		Provider: imageBlockingProvider{
			Provider: agent.RegistryProvider{Registry: rt.reg, Options: provider.Options{Retry: rt.settings.providerRetry(), ThinkingBudgets: rt.settings.thinkingBudgets()},
				Transport: func() string { return rt.transport.Load().(string) }},
			blocked: func() bool { return rt.settings.boolIn("images", "blockImages", false) },
		},
		Model:         agent.ModelMap(model),
		ThinkingLevel: thinking,
		PromptImages: func(imgs []any) ([]any, []string) {
			return images.NormalizePromptImages(imgs, autoResize(), rt.imageLimits())
		},
		PromptSections:      rt.promptSections,
		PromptOptions:       rt.promptOptions,
		SectionsFromOptions: sectionsFromOptions,
		AfterNavigate:       rt.restoreBranchTools,
		Sink:                rt.onAgentEvent,
		Settings:            rt.settings.agentSettings,
		CompactionSettings:  rt.compactionSettings,
		AuthProblem:         rt.authProblem,
		Router:              agent.VirtualRouter(rt.host, rt.reg),
		SessionID:           func() string { return rt.tree().Header().ID },
	})
	a.SetHooks(agent.Hooks{
		Shutdown: func(string) { rt.requestShutdown() },
		Session:  rt.sessionControl,
		FindModel: func(p, id string) (agent.Message, bool) {
			m, ok := rt.reg.Find(p, id)
			return agent.ModelMap(m), ok
		},
	})
	rt.agent = a
	a.SetQueueModes(rt.steeringMode, rt.followUpMode)
	pi.SetCurrentModel(agent.ModelMap(model))
	pi.SetCurrentThinkingLevel(thinking)
	if hasExisting {
		c := tree.BuildContext(tree.LeafID())
		a.SetMessages(c.Messages)
		rt.restoreToolsFromTranscript(tree)
		if !hasThinkingEntry(tree) {
			tree.Append(pisession.Entry{"type": "thinking_level_change", "thinkingLevel": thinking})
		}
	} else {
		rt.appendSessionStart(tree, model, thinking)
	}
	pi.SetAgent(a)
	pi.SetModels(sessionModels{rt.reg})
	pi.SetFlagValues(flagValues)
	return rt, ExitOK
}

// piMode is ctx.mode for an app mode.
func piMode(appMode string) string {
	return map[string]string{"text": "print", "json": "json", "rpc": "rpc", "interactive": "tui"}[appMode]
}

// reloadExtensions is pi's AgentSession.reload, behind /reload (the RPC
// reload command) and ctx.reload(): refused while the agent streams or
// compacts, with pi's errors; otherwise every extension hears
// session_shutdown{reason:"reload"}, discovery runs again (App.RestartAll:
// a file it no longer finds unloads, a new one loads, the others load
// again; what it met that it cannot use is shown), every new instance
// hears session_start{reason:"reload"}, then resources_discover
// {reason:"reload"} runs. It returns once the new instances are up, as
// pi's await ctx.reload() does: a command that called it goes on in its
// retired runtime (jsapi keeps it until the handler returns), its old ctx
// and pi stale. A plugin that fails to reload keeps its previous
// generation and the failure is reported as an extension error.
func (rt *agentRuntime) reloadExtensions(ctx context.Context) ([]Reload, error) {
	switch {
	case !rt.agent.IsIdle():
		return nil, errors.New("Wait for the current response to finish before reloading.")
	case rt.agent.IsCompacting():
		return nil, errors.New("Wait for compaction to finish before reloading.")
	}
	// pi's reload: the old instances hear session_shutdown, then all
	// load again and hear session_start.
	rt.host.Emit(ctx, "session_shutdown", map[string]any{"type": "session_shutdown", "reason": "reload"})
	reps, problems := rt.app.RestartAll(ctx)
	rt.showDiagnostics(problemDiagnostics(problems, piapi.Of(rt.host).ProjectTrusted()))
	for _, rep := range reps {
		rt.followDiscovery(rep)
	}
	rt.host.Emit(ctx, "session_start", map[string]any{"type": "session_start", "reason": "reload"})
	for _, rep := range reps {
		if !rep.OK && rep.Error != nil {
			rt.reportExtensionError(rt.extPath(rep.Plugin), "reload", loadErrorText(rep.Error))
		}
	}
	rt.reloadResources(ctx, "reload")
	return reps, nil
}

// start tells extensions the session started (session_start, then
// resources_discover), as pi's bindExtensions does. Modes attach their UI
// client and output first.
func (rt *agentRuntime) start(ctx context.Context) {
	rt.host.Emit(ctx, "session_start", map[string]any{"type": "session_start", "reason": "startup"})
	rt.discoverResources(ctx, "startup")
}

// shutdown is pi's dispose: session_shutdown{reason:"quit"} to extensions,
// then the running prompt is aborted, the session file closed and the
// extensions unloaded. Events emitted after the handlers ran are dropped
// by the caller (which stops its output first, if it must).
func (rt *agentRuntime) shutdown(stopOutput func()) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rt.host.Emit(ctx, "session_shutdown", map[string]any{"type": "session_shutdown", "reason": "quit"})
	if stopOutput != nil {
		stopOutput()
	}
	rt.agent.Abort()
	wctx, wcancel := context.WithTimeout(ctx, 5*time.Second)
	_ = rt.agent.WaitIdle(wctx)
	wcancel()
	rt.agent.CacheWarmer().Cancel() // pi's dispose: no refresh outlives the session
	provider.CleanupSessionResources(rt.tree().Header().ID)
	_ = rt.tree().Close()
	rt.closeHost()
}

func (rt *agentRuntime) closeHost() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = rt.app.Close(ctx)
}

// tree returns the current session.
func (rt *agentRuntime) tree() *pisession.Tree { return piapi.Of(rt.host).Session() }

// setSink routes agent and session events; setExtError routes extension
// handler failures.
func (rt *agentRuntime) setSink(f func(ev map[string]any)) { rt.mu.Lock(); rt.sink = f; rt.mu.Unlock() }

func (rt *agentRuntime) setExtError(f func(path, event, message string)) {
	rt.mu.Lock()
	rt.extError = f
	rt.mu.Unlock()
}

// emit sends a session event to the mode's output.
func (rt *agentRuntime) emit(ev map[string]any) {
	rt.mu.Lock()
	sink := rt.sink
	rt.mu.Unlock()
	if sink != nil {
		sink(ev)
	}
}

// onAgentEvent is the agent's sink: events go out, and at agent_end the
// bash results that arrived while the agent ran join the conversation (as
// pi's _flushPendingBashMessages does after a run). queue_update is pi's
// AgentSession's: emitted by syncQueue when the queued user messages
// change (before the message_start of a dequeued one), so the agent's own
// asynchronous queue_update events are dropped.
func (rt *agentRuntime) onAgentEvent(ev map[string]any) {
	switch ev["type"] {
	case "queue_update":
		return
	case "agent_start":
		rt.mu.Lock()
		rt.streaming, rt.ended = true, false
		rt.mu.Unlock()
	case "agent_end":
		rt.mu.Lock()
		rt.streaming, rt.ended = false, true
		rt.mu.Unlock()
		// pi 1.6 tells clients (not extensions) whether a retry follows.
		msgs, _ := ev["messages"].([]any)
		ev = maps.Clone(ev)
		ev["willRetry"] = rt.agent.WillRetry(msgs)
	case "message_start":
		if m, _ := ev["message"].(map[string]any); m["role"] == "user" {
			rt.syncQueue()
		}
	}
	rt.emit(ev)
	switch ev["type"] {
	case "agent_end":
		rt.flushPendingBash()
		rt.checkPersistence()
	case "agent_settled":
		rt.flushPendingBash()
	}
}

// checkPersistence says once on stderr when the session file could not be
// written (the session goes on in memory).
func (rt *agentRuntime) checkPersistence() {
	tr := rt.tree()
	err := tr.Err()
	if err == nil {
		return
	}
	rt.mu.Lock()
	warned := rt.warnedPersisting
	rt.warnedPersisting = true
	rt.mu.Unlock()
	if !warned {
		fmt.Fprintf(rt.io.Stderr, "Warning: could not write session file %s: %v; the session continues in memory\n", tr.Path(), err)
	}
}

// onDiagnostic forwards failures of extension handlers (pi's
// extension_error): hooks and listeners, except tool_call, whose failure
// blocks the call instead, and of pi's fire-and-forget sends.
func (rt *agentRuntime) onDiagnostic(d engine.Diagnostic) {
	if d.Where == "log" && strings.HasPrefix(d.Text, "console.") {
		rt.console(d.Text)
		return
	}
	if d.Severity != engine.SeverityError {
		return
	}
	var event string
	switch {
	case strings.HasPrefix(d.Where, "runtime "): // a failed pi.sendMessage or pi.sendUserMessage
		rt.reportExtensionError("<runtime>", strings.TrimPrefix(d.Where, "runtime "), d.Text)
		return
	case strings.HasPrefix(d.Where, "hook "):
		event = strings.TrimPrefix(d.Where, "hook ")
	case strings.HasPrefix(d.Where, "listener "):
		event = strings.TrimPrefix(d.Where, "listener ")
	default:
		return
	}
	if event == "tool_call" || strings.HasPrefix(event, "bus:") {
		return
	}
	path := rt.extPath(d.Plugin)
	if d.Plugin == agent.BoundaryErrorPlugin {
		path = d.Plugin
	}
	rt.reportExtensionError(path, event, jsErrorMessage(d.Text))
}

// console writes an extension's console output ("console.<level>: text",
// as the runtime logs it) to stderr, one line per call as Node writes it.
// pi takes over stdout in every non-interactive mode (print, JSON, RPC),
// sending what would go there to stderr, so console.log, .info and .debug
// end up on stderr as .warn and .error do; stdout stays the mode's own.
func (rt *agentRuntime) console(text string) {
	_, msg, ok := strings.Cut(strings.TrimPrefix(text, "console."), ": ")
	if !ok {
		return
	}
	rt.consoleMu.Lock()
	defer rt.consoleMu.Unlock()
	if w := rt.io.Stderr; w != nil {
		fmt.Fprintln(w, msg)
	}
}

func (rt *agentRuntime) reportExtensionError(path, event, message string) {
	rt.mu.Lock()
	f := rt.extError
	rt.mu.Unlock()
	if f != nil {
		f(path, event, message)
	}
}

// requestShutdown is ctx.shutdown(): the RPC mode quits after the current
// command; print mode ignores it, as pi does.
func (rt *agentRuntime) requestShutdown() { rt.mu.Lock(); rt.shutdownRequest = true; rt.mu.Unlock() }

func (rt *agentRuntime) shutdownRequested() bool {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return rt.shutdownRequest
}

// openSession is pi's createSessionManager. ok false means exit with code.
func (rt *agentRuntime) openSession(f piFlags, diags *[]diagnostic) (tree *pisession.Tree, hasExisting bool, code ExitCode, ok bool) {
	io := rt.io
	home := io.Getenv("HOME")
	flagDir := f.sessionDir
	if flagDir != "" && !filepath.IsAbs(flagDir) {
		flagDir = filepath.Join(io.Cwd, flagDir)
	}
	dir := pisession.ResolveDir(pisession.DirConfig{Flag: flagDir, Env: io.Getenv("PI_CODING_AGENT_SESSION_DIR"),
		Settings: rt.settings.str("sessionDir"), AgentDir: rt.agentDir, Cwd: io.Cwd, Home: home})
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(io.Cwd, dir)
	}
	// A session directory other than the project's own may hold other
	// projects' sessions.
	customDir := filepath.Clean(dir) != filepath.Clean(pisession.ResolveDir(pisession.DirConfig{AgentDir: rt.agentDir, Cwd: io.Cwd, Home: home}))
	warn := func(ws []pisession.Warning) {
		for _, w := range ws {
			*diags = append(*diags, diagnostic{"warning", w.String()})
		}
	}
	inMemory := func(err error) *pisession.Tree {
		*diags = append(*diags, diagnostic{"warning", fmt.Sprintf("%v; the session continues in memory (not saved)", err)})
		return pisession.InMemory(io.Cwd)
	}
	if f.fork != "" {
		var conflicts []string
		for _, c := range []struct {
			set  bool
			flag string
		}{{f.session != "", "--session"}, {f.continueSession, "--continue"}, {f.resume, "--resume"}, {f.noSession, "--no-session"}} {
			if c.set {
				conflicts = append(conflicts, c.flag)
			}
		}
		if len(conflicts) > 0 {
			fmt.Fprintf(io.Stderr, "Error: --fork cannot be combined with %s\n", strings.Join(conflicts, ", "))
			return nil, false, ExitFailure, false
		}
	}
	if f.sessionID != "" {
		var conflicts []string
		for _, c := range []struct {
			set  bool
			flag string
		}{{f.session != "", "--session"}, {f.continueSession, "--continue"}, {f.resume, "--resume"}} {
			if c.set {
				conflicts = append(conflicts, c.flag)
			}
		}
		if len(conflicts) > 0 {
			fmt.Fprintf(io.Stderr, "Error: --session-id cannot be combined with %s\n", strings.Join(conflicts, ", "))
			return nil, false, ExitFailure, false
		}
		if !validSessionID.MatchString(f.sessionID) {
			fmt.Fprintln(io.Stderr, "Error: Session id must be non-empty, contain only alphanumeric characters, '-', '_', and '.', and start and end with an alphanumeric character")
			return nil, false, ExitFailure, false
		}
	}
	if f.noSession {
		id := f.sessionID
		if id == "" {
			id = pisession.NewSessionID()
		}
		return pisession.New(id, io.Cwd), false, ExitOK, true
	}
	rt.sessionDir = dir
	// resolve is pi's resolveSessionPath: a path as given, else a session
	// id prefix in this project's directory, then in any project's.
	resolve := func(arg string) (path, otherCwd string, found bool) {
		if pisession.LooksLikePath(arg) {
			if !filepath.IsAbs(arg) {
				arg = filepath.Join(io.Cwd, arg)
			}
			return arg, "", true
		}
		if info, err := pisession.Find([]string{dir}, arg); err == nil {
			return info.Path, "", true
		}
		dirs, _ := pisession.ProjectDirs(rt.agentDir)
		if info, err := pisession.Find(dirs, arg); err == nil {
			return info.Path, info.Cwd, true
		}
		return "", "", false
	}
	forkInto := func(path string) (*pisession.Tree, bool) {
		t, ws, err := pisession.ForkFrom(path, io.Cwd, dir, pisession.Options{ID: f.sessionID})
		warn(ws)
		if err != nil {
			fmt.Fprintf(io.Stderr, "Error: %v\n", err)
			return nil, false
		}
		return t, true
	}
	var err error
	switch {
	case f.fork != "":
		if _, exists := projectSession(dir, io.Cwd, f.sessionID, customDir); exists {
			fmt.Fprintf(io.Stderr, "Session already exists with id '%s'\n", f.sessionID)
			return nil, false, ExitFailure, false
		}
		path, _, found := resolve(f.fork)
		if !found {
			fmt.Fprintf(io.Stderr, "No session found matching '%s'\n", f.fork)
			return nil, false, ExitFailure, false
		}
		if tree, ok = forkInto(path); !ok {
			return nil, false, ExitFailure, false
		}
	case f.session != "":
		path, otherCwd, found := resolve(f.session)
		if !found {
			fmt.Fprintf(io.Stderr, "No session found matching '%s'\n", f.session)
			return nil, false, ExitFailure, false
		}
		if otherCwd != "" {
			*diags = append(*diags, diagnostic{"warning", fmt.Sprintf("Session found in different project: %s; forking it into the current directory", otherCwd)})
			if tree, ok = forkInto(path); !ok {
				return nil, false, ExitFailure, false
			}
			break
		}
		var ws []pisession.Warning
		tree, ws, err = pisession.Open(path, pisession.Options{DefaultCwd: io.Cwd})
		warn(ws)
		if err != nil {
			tree = inMemory(err)
		}
	case f.resume:
		path, code, picked := rt.pickSession(dir)
		if !picked {
			return nil, false, code, false
		}
		var ws []pisession.Warning
		tree, ws, err = pisession.Open(path, pisession.Options{DefaultCwd: io.Cwd})
		warn(ws)
		if err != nil {
			tree = inMemory(err)
		}
	case f.continueSession:
		var ws []pisession.Warning
		tree, ws, err = pisession.ContinueRecent(dir, io.Cwd, pisession.Options{})
		warn(ws)
		if err != nil {
			tree = inMemory(err)
		}
	default:
		if f.sessionID != "" {
			if path, exists := projectSession(dir, io.Cwd, f.sessionID, customDir); exists {
				var ws []pisession.Warning
				tree, ws, err = pisession.Open(path, pisession.Options{DefaultCwd: io.Cwd})
				warn(ws)
				if err != nil {
					tree = inMemory(err)
				}
				break
			}
			fmt.Fprintf(io.Stderr, "Warning: No project session found with id '%s'; creating a new session with that id.\n", f.sessionID)
		}
		tree, err = pisession.Create(dir, io.Cwd, pisession.Options{ID: f.sessionID})
		if err != nil {
			tree = inMemory(err)
		}
	}
	if tree, code, ok = rt.missingSessionCwd(tree, dir, forkInto); !ok {
		return nil, false, code, false
	}
	hasExisting = len(tree.BuildContext(tree.LeafID()).Messages) > 0
	return tree, hasExisting, ExitOK, true
}

// pickSession is pi's selectSession for --resume: the session selector
// on the terminal before anything else starts. Cancelling prints "No
// session selected" and exits 0, as pi does.
func (rt *agentRuntime) pickSession(dir string) (path string, code ExitCode, ok bool) {
	io := rt.io
	if io.StartupResume == nil || !io.StdinTTY {
		fmt.Fprintln(io.Stderr, "Error: --resume needs a terminal to pick the session on (use --session <path|id> or --continue)")
		return "", ExitFailure, false
	}
	path, ok = io.StartupResume(rt.baseCtx, ResumePrompt{IO: io, AgentDir: rt.agentDir, Setting: rt.settings.get, SessionDir: dir})
	if !ok {
		fmt.Fprintln(io.Stdout, "\x1b[2mNo session selected\x1b[22m")
		return "", ExitOK, false
	}
	return path, ExitOK, true
}

// initialModel is pi's buildSessionOptions + createAgentSession model and
// thinking-level choice.
func (rt *agentRuntime) initialModel(f piFlags, tree *pisession.Tree, hasExisting bool) (*provider.Model, string, []diagnostic) {
	var diags []diagnostic
	var model *provider.Model
	thinking := ""
	if f.model != "" {
		res, err := rt.reg.ResolveModel(f.provider, f.model,
			provider.ResolveOptions{Thinking: provider.ThinkingLevel(f.thinking), InlineAPIKey: f.apiKey != ""})
		if res.Warning != "" {
			diags = append(diags, diagnostic{"warning", res.Warning})
		}
		if err != nil {
			diags = append(diags, diagnostic{"error", err.Error()})
		}
		if res.Model != nil {
			model = res.Model
			if f.thinking == "" && res.Thinking != "" {
				thinking = string(res.Thinking)
			}
		}
	}
	if model == nil && len(rt.scoped) > 0 && !hasExisting {
		pick := rt.scoped[0]
		if saved, ok := rt.reg.Find(rt.settings.str("defaultProvider"), rt.settings.str("defaultModel")); ok {
			for _, s := range rt.scoped {
				if s.Model.Provider == saved.Provider && s.Model.ID == saved.ID {
					pick = s
				}
			}
		}
		model = pick.Model
		if f.thinking == "" && pick.Thinking != "" {
			thinking = string(pick.Thinking)
		}
	}
	if f.thinking != "" {
		thinking = f.thinking
	}
	ctx := tree.BuildContext(tree.LeafID())
	if sel := rt.branchSelection(tree); model == nil && hasExisting && sel != nil {
		if m, ok := rt.reg.Find(sel.Provider, sel.ModelID); ok && rt.reg.HasAuth(m.Provider) {
			model = m
		} else {
			diags = append(diags, diagnostic{"warning", fmt.Sprintf("Could not restore model %s/%s", sel.Provider, sel.ModelID)})
		}
	}
	if model == nil {
		if m, ok := rt.reg.Find(rt.settings.str("defaultProvider"), rt.settings.str("defaultModel")); ok && rt.reg.HasAuth(m.Provider) {
			model = m
		} else {
			model = rt.reg.DefaultModel()
		}
	}
	defThinking := rt.settings.str("defaultThinkingLevel")
	if defThinking == "" {
		defThinking = "medium"
	}
	if thinking == "" && hasExisting && hasThinkingEntry(tree) {
		thinking = ctx.ThinkingLevel
	}
	if thinking == "" {
		thinking = defThinking
	}
	if model == nil {
		thinking = "off"
	} else {
		thinking = string(provider.ClampThinkingLevel(model, provider.ThinkingLevel(thinking)))
	}
	return model, thinking, diags
}

// branchSelection is the model tree's branch records as selected (pi
// 1.6's getBranchSelection): a virtual model that is no longer
// registered falls back to the physical model that answered last.
func (rt *agentRuntime) branchSelection(tree *pisession.Tree) *pisession.ModelRef {
	return pisession.BranchSelection(tree.Branch(""), func(p, id string) bool {
		m, ok := rt.reg.Find(p, id)
		return ok && m.IsVirtual()
	})
}

// appendSessionStart writes what pi writes first into a new session: the
// model and the thinking level.
func (rt *agentRuntime) appendSessionStart(tree *pisession.Tree, model *provider.Model, thinking string) {
	if model != nil {
		tree.Append(pisession.Entry{"type": "model_change", "provider": model.Provider, "modelId": model.ID})
	}
	tree.Append(pisession.Entry{"type": "thinking_level_change", "thinkingLevel": thinking})
}

func hasThinkingEntry(tree *pisession.Tree) bool {
	found := false
	tree.WalkBranch("", func(e pisession.Entry) bool {
		found = e["type"] == "thinking_level_change"
		return !found
	})
	return found
}

// extensionFlagValues is pi's applyExtensionFlagValues: values of the
// flags extensions registered; any other --flag is an error.
func (rt *agentRuntime) extensionFlagValues(given []unknownFlag) (map[string]any, []diagnostic) {
	types := map[string]string{}
	for _, e := range piapi.Of(rt.host).Flags().Current().Entries() {
		t, _ := e.Value["type"].(string)
		types[e.ID] = t
	}
	values := map[string]any{}
	var diags []diagnostic
	var unknown []string
	for _, u := range given {
		t, ok := types[u.name]
		switch {
		case !ok:
			unknown = append(unknown, "--"+u.name)
		case t == "boolean":
			values[u.name] = true
		case u.value != nil:
			values[u.name] = *u.value
		default:
			diags = append(diags, diagnostic{"error", fmt.Sprintf("Extension flag \"--%s\" requires a value", u.name)})
		}
	}
	if len(unknown) > 0 {
		s := ""
		if len(unknown) > 1 {
			s = "s"
		}
		diags = append(diags, diagnostic{"error", fmt.Sprintf("Unknown option%s: %s", s, strings.Join(unknown, ", "))})
	}
	return values, diags
}

// registerExtensionProviders hands providers registered with
// pi.registerProvider (data configs: baseUrl, apiKey, api, models, ...)
// to the model registry.
// rebuildPrompt reads what the system prompt is built from (pi's
// _rebuildSystemPrompt inputs): --system-prompt, --append-system-prompt,
// SYSTEM.md / APPEND_SYSTEM.md, the context files and the skills. The
// sections are built from it for the active tools on each run.
func (rt *agentRuntime) rebuildPrompt() {
	in := systemPromptInput{cwd: rt.io.Cwd, skills: rt.skills()}
	if !rt.flags.noContextFiles {
		in.contextFiles = loadContextFiles(rt.io.FS, rt.io.Cwd, rt.agentDir)
	}
	custom := ""
	if rt.flags.systemPrompt != nil {
		custom = *rt.flags.systemPrompt
	} else if p := discoverPromptFile(rt.io.FS, rt.io.Cwd, rt.agentDir, "SYSTEM.md", piapi.Of(rt.host).ProjectTrusted()); p != "" {
		custom = p
	}
	if custom != "" {
		in.custom, in.customPath = resolvePromptInput(rt.io.FS, rt.io.Cwd, custom)
	}
	appends := rt.flags.appendSystemPrompt
	if appends == nil {
		if p := discoverPromptFile(rt.io.FS, rt.io.Cwd, rt.agentDir, "APPEND_SYSTEM.md", piapi.Of(rt.host).ProjectTrusted()); p != "" {
			appends = []string{p}
		}
	}
	for _, a := range appends {
		text, file := resolvePromptInput(rt.io.FS, rt.io.Cwd, a)
		in.append = append(in.append, text)
		if file != "" {
			in.appendPaths = append(in.appendPaths, file)
		}
	}
	rt.prompt.Store(&in)
}

// promptSections builds the system prompt's sections for the active tools.
func (rt *agentRuntime) promptSections(selected []string) *jsjson.Object {
	in := rt.prompt.Load()
	if in == nil {
		return nil
	}
	snippets, guidelines := toolPromptTexts(rt.host)
	return buildSystemPromptSections(*in, selected, snippets, guidelines)
}

// promptOptions are pi 1.6's system prompt options for the active tools
// (what before_agent_start handlers see and change); nil before the
// resources loaded.
func (rt *agentRuntime) promptOptions(selected []string) map[string]any {
	in := rt.prompt.Load()
	if in == nil {
		return nil
	}
	snippets, guidelines := toolPromptTexts(rt.host)
	return promptOptions(*in, selected, snippets, guidelines)
}

// loadErrorText renders a plugin's load failure: its first diagnostic with
// file:line:col when known.
// extensionLoadFailureHint follows the errors of a run that extensions
// failed to load, as in pi (which names itself: "pi -ne").
const extensionLoadFailureHint = `Hint: Start without extensions using "pigo -ne".`

func loadErrorText(pe *engine.PluginError) string {
	if pe == nil {
		return "unknown error"
	}
	if len(pe.Diagnostics) > 0 {
		d := pe.Diagnostics[0]
		if d.Location != nil {
			return d.Location.String() + ": " + d.Text
		}
		return d.Text
	}
	return pe.Err.Error()
}

// sourceInfoFor is pi's sourceInfo of an extension (get_commands).
func sourceInfoFor(e Plugin, cwd, agentDir string) map[string]any {
	info := map[string]any{"path": e.Path, "source": "local", "scope": "user", "origin": "top-level"}
	switch e.Origin {
	case "cli":
		info["source"], info["scope"] = "cli", "temporary"
	case "settings:project":
		info["scope"] = "project"
	case "auto:project":
		info["source"], info["scope"], info["baseDir"] = "auto", "project", filepath.Join(cwd, ".pi")
	case "auto:global":
		info["source"], info["baseDir"] = "auto", agentDir
	case "package:project", "package:global":
		info["source"], info["origin"] = e.Source, "package"
		if e.Origin == "package:project" {
			info["scope"] = "project"
		}
	}
	return info
}

// currentModel returns the model in use (nil when none). The agent's
// model is the truth: an extension's pi.setModel changes it directly.
func (rt *agentRuntime) currentModel() *provider.Model {
	var am map[string]any
	if rt.agent != nil {
		am = rt.agent.Model()
	}
	rt.mu.Lock()
	defer rt.mu.Unlock()
	if am != nil && (rt.model == nil || rt.model.Provider != am["provider"] || rt.model.ID != am["id"]) {
		var m provider.Model
		if b, err := json.Marshal(am); err == nil && json.Unmarshal(b, &m) == nil {
			rt.model = &m
		}
	}
	return rt.model.Clone()
}

// modelData is the model as pi's RPC shows it: the agent's model, or pi's
// "unknown" placeholder when there is none.
func (rt *agentRuntime) modelData() map[string]any {
	if m := rt.currentModel(); m != nil {
		return agent.ModelMap(m)
	}
	return map[string]any{"id": "unknown", "name": "unknown", "api": "unknown", "provider": "unknown", "baseUrl": "",
		"reasoning": false, "input": []any{}, "cost": map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0},
		"contextWindow": 0, "maxTokens": 0}
}

// authProblem is pi's prompt preflight: an error message when the current
// model cannot be used.
func (rt *agentRuntime) authProblem() string {
	m := rt.currentModel()
	// pi 1.6's formatNoApiKeyFoundMessage.
	if m == nil {
		return "No API key found for the selected model.\n\n" + providerLoginHelp
	}
	if !rt.reg.HasAuth(m.Provider) {
		return fmt.Sprintf("No API key found for %s.\n\n%s", m.Provider, providerLoginHelp)
	}
	return ""
}

// syncThinking makes the agent use the pi runtime's thinking level, which
// extensions may have changed (pi.setThinkingLevel).
func (rt *agentRuntime) syncThinking() {
	rt.agent.SetThinking(piapi.Of(rt.host).ThinkingLevel())
}

// setModel is pi's AgentSession.setModel: the model changes, a
// model_change entry is written, the thinking level is re-clamped; the
// returned call tells extensions (thinking_level_select when the level
// changed, then model_select). Like pi 1.6 outside its interactive mode,
// it saves no defaults.
func (rt *agentRuntime) setModel(ctx context.Context, m *provider.Model, source string, explicitThinking string) (notify func()) {
	prev := rt.currentModel()
	level := rt.levelForModelSwitch(m, explicitThinking)
	rt.mu.Lock()
	rt.model = m.Clone()
	rt.mu.Unlock()
	mm := agent.ModelMap(m)
	rt.agent.SetModelValue(mm)
	piapi.Of(rt.host).SetCurrentModel(mm)
	rt.tree().Append(pisession.Entry{"type": "model_change", "provider": m.Provider, "modelId": m.ID})
	thinkingSelect := rt.applyThinkingLevel(level)
	return func() {
		if thinkingSelect != nil {
			thinkingSelect()
		}
		if prev == nil || prev.Provider != m.Provider || prev.ID != m.ID {
			var pm any
			if prev != nil {
				pm = agent.ModelMap(prev)
			}
			rt.host.Emit(ctx, "model_select", map[string]any{"type": "model_select", "model": mm, "previousModel": pm, "source": source})
		}
	}
}

// levelForModelSwitch is pi 1.6's _getThinkingLevelForModelSwitch: the
// explicit level, else the model's own (settings modelThinkingLevels
// "provider/id"), else the default level setting, else the current level
// (pi 0.73.1 raised it to medium for a reasoning model).
func (rt *agentRuntime) levelForModelSwitch(m *provider.Model, explicit string) string {
	if explicit != "" {
		return explicit
	}
	perModel, _ := rt.settings.get("modelThinkingLevels").(map[string]any)
	if l, ok := perModel[m.Provider+"/"+m.ID].(string); ok {
		return l
	}
	return cmp.Or(rt.settings.str("defaultThinkingLevel"), piapi.Of(rt.host).ThinkingLevel(), "medium")
}

// availableThinkingLevels is pi's getAvailableThinkingLevels.
func (rt *agentRuntime) availableThinkingLevels() []string {
	m := rt.currentModel()
	if m == nil {
		return thinkingLevels()
	}
	var out []string
	for _, l := range provider.SupportedThinkingLevels(m) {
		out = append(out, string(l))
	}
	return out
}

// applyThinkingLevel is pi's AgentSession.setThinkingLevel (clamped to the
// model; when it changes, a thinking_level_change entry and the
// thinking_level_changed event) without telling extensions: it
// returns the call that emits thinking_level_select (nil when the level
// did not change), for callers that run listeners elsewhere.
func (rt *agentRuntime) applyThinkingLevel(level string) (notify func()) {
	effective := level
	if !slices.Contains(rt.availableThinkingLevels(), level) {
		if m := rt.currentModel(); m != nil {
			effective = string(provider.ClampThinkingLevel(m, provider.ThinkingLevel(level)))
		} else {
			effective = "off"
		}
	}
	pi := piapi.Of(rt.host)
	prev := pi.ThinkingLevel()
	pi.SetCurrentThinkingLevel(effective)
	rt.agent.SetThinking(effective)
	if effective == prev {
		return nil
	}
	rt.tree().Append(pisession.Entry{"type": "thinking_level_change", "thinkingLevel": effective})
	rt.emit(map[string]any{"type": "thinking_level_changed", "level": effective})
	return func() {
		rt.host.Emit(context.WithoutCancel(rt.baseCtx), "thinking_level_select",
			map[string]any{"type": "thinking_level_select", "level": effective, "previousLevel": prev})
	}
}

// saveSetting writes a global setting as pi's SettingsManager does; a
// failure is a warning on stderr.
func (rt *agentRuntime) saveSetting(field string, value any) {
	if err := rt.settings.set(field, value); err != nil {
		fmt.Fprintf(rt.io.Stderr, "Warning: %v\n", err)
	}
}

// saveNestedSetting writes field.key (compaction.enabled, retry.enabled).
func (rt *agentRuntime) saveNestedSetting(field, key string, value any) {
	if err := rt.settings.setNested(field, key, value); err != nil {
		fmt.Fprintf(rt.io.Stderr, "Warning: %v\n", err)
	}
}

// settleAfterRun waits for a run whose agent_end went out to finish
// (the agent clears its streaming state just after emitting agent_end;
// a client that prompts again at once must not be told the agent is busy).
func (rt *agentRuntime) settleAfterRun() {
	rt.mu.Lock()
	ended := rt.ended
	rt.mu.Unlock()
	if !ended || rt.agent.IsIdle() {
		return
	}
	ctx, cancel := context.WithTimeout(rt.baseCtx, 5*time.Second)
	defer cancel()
	_ = rt.agent.WaitIdle(ctx)
}

// isStreaming reports whether a run is between agent_start and agent_end;
// unlike agent.IsIdle it does not take the agent's lock.
func (rt *agentRuntime) isStreaming() bool { rt.mu.Lock(); defer rt.mu.Unlock(); return rt.streaming }

// syncQueue emits pi's queue_update when the queued user messages changed
// since the last one.
func (rt *agentRuntime) syncQueue() {
	rt.queueMu.Lock()
	defer rt.queueMu.Unlock()
	steer, follow := rt.agent.QueuedUserTexts()
	if slices.Equal(steer, rt.lastQueue[0]) && slices.Equal(follow, rt.lastQueue[1]) {
		return
	}
	rt.lastQueue = [2][]string{steer, follow}
	rt.emit(map[string]any{"type": "queue_update", "steering": steer, "followUp": follow})
}

// pendingCount is pi's pendingMessageCount: queued user messages.
func (rt *agentRuntime) pendingCount() int {
	steer, follow := rt.agent.QueuedUserTexts()
	return len(steer) + len(follow)
}

// setQueueModes sets pi's steeringMode and followUpMode (and saves the
// ones that changed, as pi does).
func (rt *agentRuntime) setQueueModes(steering, followUp string) {
	rt.mu.Lock()
	oldSteer, oldFollow := rt.steeringMode, rt.followUpMode
	rt.steeringMode, rt.followUpMode = steering, followUp
	rt.mu.Unlock()
	rt.agent.SetQueueModes(steering, followUp)
	if steering != oldSteer {
		rt.saveSetting("steeringMode", steering)
	}
	if followUp != oldFollow {
		rt.saveSetting("followUpMode", followUp)
	}
}

// queueModes returns pi's steeringMode and followUpMode.
func (rt *agentRuntime) queueModes() (string, string) {
	rt.mu.Lock()
	defer rt.mu.Unlock()
	return rt.steeringMode, rt.followUpMode
}

// addBashMessage stores a bashExecution message: now when the agent is
// idle, after the run otherwise (pi's recordBashResult; flushed at
// agent_end and again at agent_settled, for one that arrived in between).
func (rt *agentRuntime) addBashMessage(m agent.Message) {
	if !rt.agent.IsIdle() {
		rt.mu.Lock()
		rt.pendingBash = append(rt.pendingBash, m)
		rt.mu.Unlock()
		return
	}
	rt.storeMessage(m)
}

func (rt *agentRuntime) flushPendingBash() {
	rt.mu.Lock()
	pending := rt.pendingBash
	rt.pendingBash = nil
	rt.mu.Unlock()
	for _, m := range pending {
		rt.storeMessage(m)
	}
}

func (rt *agentRuntime) storeMessage(m agent.Message) {
	rt.agent.SetMessages(append(rt.agent.Messages(), m))
	rt.tree().Append(pisession.Entry{"type": "message", "message": engine.Clone(m)})
}

const agentModeHelp = `pigo runs pi's modes with pi's flags:

  pigo ["prompt"]                     on a terminal: the interactive UI

  pigo -p "prompt" [messages...]      print the final answer (text mode)
  pigo --mode json "prompt" ...       the session header, then every event as a JSON line
  pigo --mode rpc                     pi's RPC protocol on stdin/stdout (JSON lines)

Options (as pi's):
  --provider <name>              provider of --model
  --model <pattern>              model pattern or id ("provider/id", optional ":<thinking>")
  --api-key <key>                API key for the model's provider
  --thinking <level>             off, minimal, low, medium, high, xhigh, max
  --tui-mode <mode>              TUI mode: fullscreen (default) or regular
  --models <patterns>            comma-separated model scope for cycle_model
  --system-prompt <text|file>    replace the system prompt
  --append-system-prompt <t|f>   append to the system prompt (repeatable)
  --no-session                   do not save the session
  -nc, --no-context-files        no AGENTS.md / CLAUDE.md in the system prompt
  --session <path|id-prefix>     resume a session
  -c, --continue                 resume the most recent session of this directory
  -r, --resume                   pick a session to resume
  --fork <path|id-prefix>        start a new session holding a copy of that one
  --session-dir <dir>            where sessions are stored
  -e, --extension <path>         load an extension (repeatable)
  -ne, --no-extensions           no discovered extensions (-e still loads)
  -t, --tools <a,b>              active tools
  -nt, --no-tools                no active tools
  --skill <path>                 load a skill file or directory (repeatable)
  -ns, --no-skills               no skill discovery (--skill still loads)
  --prompt-template <path>       load a prompt template file or directory (repeatable)
  -np, --no-prompt-templates     no prompt template discovery (--prompt-template still loads)
  -a, --approve                  trust project-local files for this run
  -na, --no-approve              ignore project-local files for this run
  --offline                      no network at startup (sets PI_OFFLINE=1)
  --<flag> [value]               flags registered by extensions (registerFlag)
  --export <file> [output.html]  export a session file to HTML and exit
  --list-models [search]         list the models with credentials (optional fuzzy search)

Environment: PI_CODING_AGENT_DIR (default ~/.pi/agent: models.json, auth.json,
settings.json, extensions/), PI_CODING_AGENT_SESSION_DIR, PI_OFFLINE.
`

// problemDiagnostics are pi's diagnostics for what discovery could not
// use (an untrusted project's are left out: pi does not read its
// extension settings).
func problemDiagnostics(problems []Problem, trusted bool) []diagnostic {
	var diags []diagnostic
	for _, p := range problems {
		if p.Project && !trusted {
			continue
		}
		if strings.HasPrefix(p.Message, "Extension path does not exist") {
			diags = append(diags, diagnostic{"error", fmt.Sprintf("Failed to load extension %q: %s", p.Path, p.Message)})
		} else {
			diags = append(diags, diagnostic{"warning", p.Message})
		}
	}
	return diags
}

// validSessionID is pi 1.6's assertValidSessionId.
var validSessionID = regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$`)

// projectSession is pi 1.6's SessionManager.findById: the session file
// in dir whose header has id ("" never matches); in a session directory
// the user chose (customDir), only one of cwd's sessions.
func projectSession(dir, cwd, id string, customDir bool) (string, bool) {
	if id == "" {
		return "", false
	}
	return pisession.FindByID(dir, id, func(h pisession.Header) bool {
		return !customDir || h.Cwd == "" || filepath.Clean(h.Cwd) == filepath.Clean(cwd)
	})
}

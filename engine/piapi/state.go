package piapi

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/session"
)

// State is the state behind pi's ExtensionAPI action methods, shared by
// every plugin of a host (pi's "runtime"): the session entry tree, active
// tools, thinking level, model, CLI flag values, and the agent the action
// methods reach. Safe for concurrent use.
type State struct {
	h  *engine.Host
	mu sync.Mutex

	// pi's registrations beyond the core registries (registerFlag,
	// registerShortcut, registerMessageRenderer and pi 1.6's, pi16.go)
	flags, shortcuts, messageRenderers *DataRegistry
	pi16                               pi16Registries

	session     *session.Tree
	sessions    int      // how many sessions SetSession made current
	activeTools []string // nil: every registered tool is active
	// activeKnown are the tools registered when activeTools was set: a
	// tool registered later is activated on registration (pi 1.6), as
	// an MCP server's direct tools are once it connects.
	activeKnown map[string]bool
	// excluded are the tools never active (ExcludeTools); nil: none.
	excluded func(name string) bool
	// pendingTools are tools of a restored loadout not registered yet (an
	// MCP server's, still connecting): in activeTools, but reported
	// active only once registered, and dropped when the next run starts
	// or a setActiveTools deactivates a tool of restoredTools, the
	// loadout they came with (pi 1.6's _pendingToolNames).
	pendingTools  map[string]bool
	restoredTools map[string]bool
	thinking      string
	model         map[string]any
	flagValues    map[string]any
	agent         Agent
	calls         []Call
	ui            *UI
	reloader      func(ctx context.Context) error
	resCommands   func() []map[string]any                 // prompt templates and skills (resources.go)
	builtinArgs   func(name, prefix string) ([]any, bool) // SetBuiltinArgumentCompletions
	v16           pi16State                               // pi 1.6's mode, project trust, prompt options (pi16.go)
	models        Models                                  // the session's model registry; nil without one
}

// SetReloader sets what pi's ctx.reload() does (pigo dev reloads through
// its watcher so reloads are reported); by default it asks the agent.
func (p *State) SetReloader(f func(ctx context.Context) error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.reloader = f
}

// Reload implements ctx.reload(): every extension is reloaded.
func (p *State) Reload(ctx context.Context) error {
	p.mu.Lock()
	f := p.reloader
	p.mu.Unlock()
	if f != nil {
		return f(ctx)
	}
	return p.Agent().Reload(ctx)
}

// Call is one recorded action-method call (for tests and diagnostics).
type Call struct {
	Plugin string `json:"plugin"`
	Op     string `json:"op"`
	Args   []any  `json:"args"`
}

// Agent is what pi's action methods that need an agent loop reach. The
// agent harness implements it; until one is attached the host records the
// calls (RecordingAgent), which is also what tests use.
type Agent interface {
	SendMessage(ctx context.Context, plugin string, message, opts map[string]any) error
	SendUserMessage(ctx context.Context, plugin string, content any, opts map[string]any) error
	SetModel(ctx context.Context, model map[string]any) (bool, error)
	Shutdown(plugin string)
	Reload(ctx context.Context) error
	Compact(plugin string, opts map[string]any)
	Abort()
	IsIdle() bool
	HasPendingMessages() bool
	SystemPrompt() string
	ContextUsage() map[string]any
	// SessionControl serves pi's command-context session methods: op is
	// "new", "fork", "switch", "navigate" (args as pi's options, plus
	// entryId/sessionPath/targetId; "new" with setup: true leaves the new
	// session's start pending), "start" (rebuild the conversation from the
	// session a setup callback wrote to and start it) or "waitForIdle".
	// The result is pi's ({cancelled, ...}).
	SessionControl(ctx context.Context, op string, args map[string]any) (map[string]any, error)
	// ModelStream is one model call for extension code (pi-ai's stream,
	// complete, streamSimple, completeSimple): llm is pi-ai's Context
	// {systemPrompt, messages, tools}, options pi-ai's stream options;
	// emit gets each AssistantMessageEvent. It returns the final message.
	ModelStream(ctx context.Context, model, llm, options map[string]any, emit func(ev map[string]any)) (map[string]any, error)
}

// RecordingAgent is the Agent of a host without an agent loop: it accepts
// every request (they are in State.Calls) and reports an idle agent.
type RecordingAgent struct{}

func (RecordingAgent) SendMessage(context.Context, string, map[string]any, map[string]any) error {
	return nil
}
func (RecordingAgent) SendUserMessage(context.Context, string, any, map[string]any) error {
	return nil
}
func (RecordingAgent) SetModel(context.Context, map[string]any) (bool, error) { return true, nil }
func (RecordingAgent) Shutdown(string)                                        {}
func (RecordingAgent) Reload(context.Context) error                           { return nil }
func (RecordingAgent) Compact(string, map[string]any)                         {}
func (RecordingAgent) Abort()                                                 {}
func (RecordingAgent) IsIdle() bool                                           { return true }
func (RecordingAgent) HasPendingMessages() bool                               { return false }
func (RecordingAgent) SystemPrompt() string                                   { return "" }
func (RecordingAgent) ContextUsage() map[string]any                           { return nil }
func (RecordingAgent) SessionControl(context.Context, string, map[string]any) (map[string]any, error) {
	return map[string]any{"cancelled": false}, nil
}
func (RecordingAgent) ModelStream(context.Context, map[string]any, map[string]any, map[string]any, func(map[string]any)) (map[string]any, error) {
	return nil, errors.New("not supported yet: model calls from extension code need an agent (pigo -p, --mode json or rpc)")
}

// stateKey attaches a host's pi state on first use.
var stateKey = engine.NewHostValue("piapi", newState)

// Of returns h's pi state, attaching it on first use: pi's registries, its
// hook contracts (defined before Of returns, so before any pi handler can
// be registered or run) and a fresh session. Every path to pi code (the
// JS adapter, the agent modes, the bundled extensions) goes through Of.
func Of(h *engine.Host) *State { return stateKey.Get(h) }

// Attached returns h's pi state if some code already asked for it.
func Attached(h *engine.Host) (*State, bool) { return stateKey.Lookup(h) }

func newState(h *engine.Host) *State {
	id, err := uuid.NewV7()
	if err != nil {
		id = uuid.New()
	}
	p := &State{h: h, session: session.New(id.String(), h.Options().Cwd), thinking: "off",
		flagValues: map[string]any{}, agent: RecordingAgent{}}
	p.flags = engine.NewDataRegistry(h, "flags")
	p.shortcuts = engine.NewDataRegistry(h, "shortcuts")
	p.messageRenderers = engine.NewDataRegistry(h, "messageRenderers")
	p.pi16 = newPi16Registries(h)
	// pi's interceptable events keep pi's result semantics for v2 and pi
	// handlers alike (hooks.go).
	for name, c := range hookContracts() {
		h.DefineHook(name, c)
	}
	p.ui = newUI(p)
	return p
}

// Host returns the host this state belongs to.
func (p *State) Host() *engine.Host { return p.h }

// DataRegistry is a registry of plain data values, as pi's registrations
// are stored.
type DataRegistry = engine.Registry[*engine.Draft[map[string]any], engine.State[map[string]any]]

// Flags returns pi's extension-flag registry (registerFlag).
func (p *State) Flags() *DataRegistry { return p.flags }

// Shortcuts returns pi's shortcut registry (registerShortcut).
func (p *State) Shortcuts() *DataRegistry { return p.shortcuts }

// MessageRenderers returns pi's message-renderer registry.
func (p *State) MessageRenderers() *DataRegistry { return p.messageRenderers }

// Session returns the session entry tree.
func (p *State) Session() *session.Tree {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.session
}

// SetSession replaces the session (a file-backed one opened by the host,
// a new or resumed session).
func (p *State) SetSession(t *session.Tree) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.session = t
	p.sessions++
}

// SessionSerial numbers the current session among those SetSession made
// current: a ctx made for one session is stale once it changes.
func (p *State) SessionSerial() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.sessions
}

// UI returns the client-facing UI state and dialogs.
func (p *State) UI() *UI { return p.ui }

// SetAgent attaches the agent harness.
func (p *State) SetAgent(a Agent) { p.mu.Lock(); p.agent = a; p.mu.Unlock() }

// Agent returns the attached agent.
func (p *State) Agent() Agent { p.mu.Lock(); defer p.mu.Unlock(); return p.agent }

// SetFlagValues sets CLI values of extension flags (name → bool or string).
func (p *State) SetFlagValues(v map[string]any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flagValues = engine.Clone(v).(map[string]any)
}

// FlagValue returns the CLI value of a flag.
func (p *State) FlagValue(name string) (any, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	v, ok := p.flagValues[name]
	return v, ok
}

// Record appends a call to the action log.
func (p *State) Record(plugin, op string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls = append(p.calls, Call{Plugin: plugin, Op: op, Args: args})
}

// Calls returns the recorded action calls.
func (p *State) Calls() []Call { p.mu.Lock(); defer p.mu.Unlock(); return slices.Clone(p.calls) }

// NoteUnsupported records that plugin used a pi member pigo does not
// implement yet (kept by the host: pigo check lists them).
func (p *State) NoteUnsupported(plugin, member string) { p.h.NoteUnsupported(plugin, member) }

// Unsupported returns the members plugin used that pigo lacks.
func (p *State) Unsupported(plugin string) []string { return p.h.Unsupported(plugin) }

// AppendEntry stores a custom entry (pi.appendEntry): durable, in the tree,
// not sent to the model.
func (p *State) AppendEntry(plugin, customType string, data any) session.Entry {
	e := session.Entry{"type": "custom", "customType": customType}
	if data != nil {
		e["data"] = engine.Clone(data)
	}
	p.Record(plugin, "appendEntry", customType, data)
	return p.Session().Append(e)
}

// SetSessionName appends a session_info entry.
func (p *State) SetSessionName(plugin, name string) {
	p.Record(plugin, "setSessionName", name)
	p.Session().Append(session.Entry{"type": "session_info", "name": name})
	// pi 1.6 tells extensions (session_info_changed, name undefined when
	// cleared); delivered off the caller's loop, which may be a listener's.
	ev := map[string]any{"type": "session_info_changed"}
	if n := strings.TrimSpace(name); n != "" {
		ev["name"] = n
	}
	p.h.EmitAsync("session_info_changed", ev)
}

// SetLabel labels an entry ("" clears).
func (p *State) SetLabel(plugin, id, label string) error {
	if _, ok := p.Session().Entry(id); !ok {
		return fmt.Errorf("setLabel: no entry %q", id)
	}
	p.Record(plugin, "setLabel", id, label)
	e := session.Entry{"type": "label", "targetId": id}
	if label != "" {
		e["label"] = label
	}
	p.Session().Append(e)
	return nil
}

// ActiveTools returns the active tool names. Until set, that is pi's
// default: every tool except the built-in grep, find and ls (built-ins
// are tools of "@pi/" plugins) and, since pi 1.6, tools whose exposure
// or defaultActive says registering does not activate them.
func (p *State) ActiveTools() []string {
	p.mu.Lock()
	excluded := p.excluded
	p.mu.Unlock()
	active := p.selectedTools()
	if excluded != nil {
		active = slices.DeleteFunc(active, excluded)
	}
	return active
}

// selectedTools is ActiveTools before ExcludeTools applies.
func (p *State) selectedTools() []string {
	p.mu.Lock()
	active, known, pending := slices.Clone(p.activeTools), p.activeKnown, p.pendingTools
	p.mu.Unlock()
	if active != nil {
		registered := map[string]bool{}
		for _, e := range p.h.Tools().Current().Entries() {
			registered[e.ID] = true
			if !known[e.ID] && activeByDefault(e.Value) && !slices.Contains(active, e.ID) {
				active = append(active, e.ID)
			}
		}
		if len(pending) > 0 {
			active = slices.DeleteFunc(active, func(n string) bool { return pending[n] && !registered[n] })
		}
		return active
	}
	var out []string
	for _, e := range p.h.Tools().Current().Entries() {
		if strings.HasPrefix(e.Owner, "@pi/") && (e.ID == "grep" || e.ID == "find" || e.ID == "ls") {
			continue
		}
		if !activeByDefault(e.Value) {
			continue
		}
		out = append(out, e.ID)
	}
	return out
}

// registeredTools is the set of the tools registered now.
func (p *State) registeredTools() map[string]bool {
	out := map[string]bool{}
	for _, e := range p.h.Tools().Current().Entries() {
		out[e.ID] = true
	}
	return out
}

// SetActiveTools restricts the tools offered to the model.
func (p *State) SetActiveTools(plugin string, names []string) {
	p.Record(plugin, "setActiveTools", names)
	known := p.registeredTools()
	previous := p.ActiveTools()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.activeTools, p.activeKnown = append([]string{}, names...), known
	p.v16.promptTools = nil
	// A loadout that deactivates a tool of the restored one replaces it:
	// its pending tools go. One that only adds tools keeps them.
	if slices.ContainsFunc(previous, func(n string) bool { return p.restoredTools[n] && !slices.Contains(names, n) }) {
		p.pendingTools = nil
	}
	for n := range p.pendingTools {
		if !slices.Contains(p.activeTools, n) {
			p.activeTools = append(p.activeTools, n)
		}
	}
}

// RestoreTools activates a loadout a session recorded (pi 1.6's
// _restoreToolsFromTranscript): names become the active tools, those not
// registered yet pending until they register or the next run starts;
// restored is the recorded loadout a later setActiveTools may replace.
func (p *State) RestoreTools(names, restored []string) {
	known := p.registeredTools()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.activeTools, p.activeKnown = append([]string{}, names...), known
	p.v16.promptTools = nil
	p.pendingTools, p.restoredTools = map[string]bool{}, map[string]bool{}
	for _, n := range names {
		if !known[n] {
			p.pendingTools[n] = true
		}
	}
	for _, n := range restored {
		p.restoredTools[n] = true
	}
}

// DropPendingTools forgets the restored tools that did not register by
// the time a run starts (pi: the run records the loadout), so a tool that
// never registers does not stay pending.
func (p *State) DropPendingTools() {
	registered := p.registeredTools()
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.pendingTools) == 0 {
		return
	}
	p.activeTools = slices.DeleteFunc(p.activeTools, func(n string) bool { return p.pendingTools[n] && !registered[n] })
	p.pendingTools = nil
}

// ThinkingLevel returns the thinking level.
func (p *State) ThinkingLevel() string { p.mu.Lock(); defer p.mu.Unlock(); return p.thinking }

// SetThinkingLevel sets it and appends a thinking_level_change entry.
func (p *State) SetThinkingLevel(plugin, level string) error {
	switch level {
	case "off", "minimal", "low", "medium", "high", "xhigh":
	default:
		return fmt.Errorf("setThinkingLevel: unknown level %q", level)
	}
	p.Record(plugin, "setThinkingLevel", level)
	p.mu.Lock()
	p.thinking = level
	p.mu.Unlock()
	p.Session().Append(session.Entry{"type": "thinking_level_change", "thinkingLevel": level})
	return nil
}

// Model returns the current model (nil when none).
func (p *State) Model() map[string]any {
	p.mu.Lock()
	defer p.mu.Unlock()
	m, _ := engine.Clone(p.model).(map[string]any)
	return m
}

// SetModel asks the agent to switch models.
func (p *State) SetModel(ctx context.Context, plugin string, model map[string]any) (bool, error) {
	p.Record(plugin, "setModel", model)
	ok, err := p.Agent().SetModel(ctx, model)
	if err != nil || !ok {
		return ok, err
	}
	p.mu.Lock()
	p.model = engine.Clone(model).(map[string]any)
	p.mu.Unlock()
	p.Session().Append(session.Entry{"type": "model_change", "provider": model["provider"], "modelId": model["id"]})
	return true, nil
}

// SendMessage stores a custom message and hands it to the agent.
func (p *State) SendMessage(ctx context.Context, plugin string, message, opts map[string]any) error {
	p.Record(plugin, "sendMessage", message, opts)
	return p.Agent().SendMessage(ctx, plugin, message, opts)
}

// SendUserMessage hands a user message to the agent.
func (p *State) SendUserMessage(ctx context.Context, plugin string, content any, opts map[string]any) error {
	p.Record(plugin, "sendUserMessage", content, opts)
	return p.Agent().SendUserMessage(ctx, plugin, content, opts)
}

// Sender is implemented by an agent that tells a run's "more work?"
// check to wait for messages extension code sent but that have not
// reached it yet (pi.sendMessage and pi.sendUserMessage hand them over
// from another goroutine): sent from an agent_end handler, they join the
// run, as in pi, where the handler runs inside it.
type Sender interface {
	// BeginSend announces a message on its way; done (idempotent) says it
	// was accepted (queued, started or refused).
	BeginSend() (done func())
}

// BeginSend announces a pi.sendMessage or pi.sendUserMessage call to the
// agent (Sender); hand done to the call's context with WithAccepted. Call
// it on the caller's goroutine, before handing the message over.
func (p *State) BeginSend() (done func()) {
	if s, ok := p.Agent().(Sender); ok {
		return s.BeginSend()
	}
	return func() {}
}

type acceptedKey struct{}

// WithAccepted returns ctx carrying done, which the agent calls once the
// message sent under ctx was accepted (Sender). A send refused with an
// error may leave done to the caller, which reports the error first: the
// run waiting on the send then goes on only after the report.
func WithAccepted(ctx context.Context, done func()) context.Context {
	return context.WithValue(ctx, acceptedKey{}, done)
}

// Accepted calls the done function of WithAccepted in ctx, if any.
func Accepted(ctx context.Context) {
	if done, ok := ctx.Value(acceptedKey{}).(func()); ok {
		done()
	}
}

// nowMillis is pi's message timestamp.
func nowMillis() float64 { return float64(time.Now().UnixMilli()) }

// Models is a session's model registry (models.json, auth.json and the
// environment's keys) as an extension's ctx.modelRegistry reads it. Models
// are pi's model objects. A host without an agent session has none, and
// the adapter falls back to what extensions registered and pi-ai's catalog.
type Models interface {
	All() []map[string]any
	// Available lists the models whose provider has auth configured.
	Available() []map[string]any
	// Find returns nil for a model the registry does not know.
	Find(provider, id string) map[string]any
	HasConfiguredAuth(provider string) bool
	IsUsingOAuth(provider string) bool
	// Auth resolves a request's API key and headers for the model as pi's
	// getApiKeyAndHeaders does (an OAuth login's token refreshed first);
	// the key is "" when the provider needs none.
	Auth(ctx context.Context, provider, id string) (key string, headers map[string]string, err error)
	// CredentialEnv is the environment provider's stored credential
	// carries (pi's credential.env: Cloudflare's account id, say).
	CredentialEnv(provider string) map[string]string
	// ModelsJSON is models.json's baseUrl and compat (JSON as written, ""
	// for none) of provider; ok is false when models.json does not
	// configure it. pi applies them to the provider's classifier models.
	ModelsJSON(provider string) (baseURL, compat string, ok bool)
}

// SetModels sets the model registry ctx.modelRegistry reads (the agent
// session's).
func (p *State) SetModels(m Models) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.models = m
}

// Models returns the session's model registry, nil without a session.
func (p *State) Models() Models {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.models
}

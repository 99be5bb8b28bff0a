package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/pigo-dev/pigo/engine/session"
)

// PiState is the state behind pi's ExtensionAPI action methods, shared by
// every plugin of a host (pi's "runtime"): the session entry tree, active
// tools, thinking level, model, CLI flag values, and the agent the action
// methods reach. Safe for concurrent use.
type PiState struct {
	h  *Host
	mu sync.Mutex

	session     *session.Tree
	activeTools []string // nil: every registered tool is active
	// activeKnown are the tools registered when activeTools was set: a
	// tool registered later is activated on registration (pi 1.6), as
	// an MCP server's direct tools are once it connects.
	activeKnown map[string]bool
	thinking    string
	model       map[string]any
	flagValues  map[string]any
	agent       PiAgent
	calls       []PiCall
	unsupported map[string][]string // plugin → pi members used that pigo lacks
	ui          *PiUI
	reloader    func(ctx context.Context) error
	resCommands func() []map[string]any // prompt templates and skills (pi_resources.go)
	v16         pi16State               // pi 1.6's mode, project trust, prompt options (pi16.go)
	models      PiModels                // the session's model registry; nil without one
}

// SetReloader sets what pi's ctx.reload() does (pigo dev reloads through
// its watcher so reloads are reported); by default it asks the agent.
func (p *PiState) SetReloader(f func(ctx context.Context) error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.reloader = f
}

// Reload implements ctx.reload(): every extension is reloaded.
func (p *PiState) Reload(ctx context.Context) error {
	p.mu.Lock()
	f := p.reloader
	p.mu.Unlock()
	if f != nil {
		return f(ctx)
	}
	return p.Agent().Reload(ctx)
}

// PiCall is one recorded action-method call (for tests and diagnostics).
type PiCall struct {
	Plugin string `json:"plugin"`
	Op     string `json:"op"`
	Args   []any  `json:"args"`
}

// PiAgent is what pi's action methods that need an agent loop reach. The
// agent harness implements it; until one is attached the host records the
// calls (RecordingAgent), which is also what tests use.
type PiAgent interface {
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
	// entryId/sessionPath/targetId), "waitForIdle", or "refresh" (rebuild
	// the conversation from the session after a setup callback wrote to
	// it). The result is pi's ({cancelled, ...}).
	SessionControl(ctx context.Context, op string, args map[string]any) (map[string]any, error)
	// ModelStream is one model call for extension code (pi-ai's stream,
	// complete, streamSimple, completeSimple): llm is pi-ai's Context
	// {systemPrompt, messages, tools}, options pi-ai's stream options;
	// emit gets each AssistantMessageEvent. It returns the final message.
	ModelStream(ctx context.Context, model, llm, options map[string]any, emit func(ev map[string]any)) (map[string]any, error)
}

// RecordingAgent is the PiAgent of a host without an agent loop: it accepts
// every request (they are in PiState.Calls) and reports an idle agent.
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

func newPiState(h *Host) *PiState {
	id, err := uuid.NewV7()
	if err != nil {
		id = uuid.New()
	}
	p := &PiState{h: h, session: session.New(id.String(), h.opts.Cwd), thinking: "off",
		flagValues: map[string]any{}, agent: RecordingAgent{}, unsupported: map[string][]string{}}
	p.ui = newPiUI(h)
	return p
}

// Pi returns the host's pi runtime state.
func (h *Host) Pi() *PiState { return h.pi }

// Session returns the session entry tree.
func (p *PiState) Session() *session.Tree {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.session
}

// SetSession replaces the session (a file-backed one opened by the host,
// a new or resumed session).
func (p *PiState) SetSession(t *session.Tree) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.session = t
}

// UI returns the client-facing UI state and dialogs.
func (p *PiState) UI() *PiUI { return p.ui }

// SetAgent attaches the agent harness.
func (p *PiState) SetAgent(a PiAgent) { p.mu.Lock(); p.agent = a; p.mu.Unlock() }

// Agent returns the attached agent.
func (p *PiState) Agent() PiAgent { p.mu.Lock(); defer p.mu.Unlock(); return p.agent }

// SetFlagValues sets CLI values of extension flags (name → bool or string).
func (p *PiState) SetFlagValues(v map[string]any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flagValues = Clone(v).(map[string]any)
}

// FlagValue returns the CLI value of a flag.
func (p *PiState) FlagValue(name string) (any, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	v, ok := p.flagValues[name]
	return v, ok
}

// Record appends a call to the action log.
func (p *PiState) Record(plugin, op string, args ...any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.calls = append(p.calls, PiCall{Plugin: plugin, Op: op, Args: args})
}

// Calls returns the recorded action calls.
func (p *PiState) Calls() []PiCall { p.mu.Lock(); defer p.mu.Unlock(); return slices.Clone(p.calls) }

// NoteUnsupported records that plugin used a pi member pigo does not
// implement yet (pigo check lists them).
func (p *PiState) NoteUnsupported(plugin, member string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !slices.Contains(p.unsupported[plugin], member) {
		p.unsupported[plugin] = append(p.unsupported[plugin], member)
	}
}

// Unsupported returns the members plugin used that pigo lacks.
func (p *PiState) Unsupported(plugin string) []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.unsupported[plugin])
}

// AppendEntry stores a custom entry (pi.appendEntry): durable, in the tree,
// not sent to the model.
func (p *PiState) AppendEntry(plugin, customType string, data any) session.Entry {
	e := session.Entry{"type": "custom", "customType": customType}
	if data != nil {
		e["data"] = Clone(data)
	}
	p.Record(plugin, "appendEntry", customType, data)
	return p.Session().Append(e)
}

// SetSessionName appends a session_info entry.
func (p *PiState) SetSessionName(plugin, name string) {
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
func (p *PiState) SetLabel(plugin, id, label string) error {
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
func (p *PiState) ActiveTools() []string {
	p.mu.Lock()
	active, known := slices.Clone(p.activeTools), p.activeKnown
	p.mu.Unlock()
	if active != nil {
		for _, e := range p.h.tools.Current().Entries() {
			if !known[e.ID] && activeByDefault(e.Value) && !slices.Contains(active, e.ID) {
				active = append(active, e.ID)
			}
		}
		return active
	}
	var out []string
	for _, e := range p.h.tools.Current().Entries() {
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

// SetActiveTools restricts the tools offered to the model.
func (p *PiState) SetActiveTools(plugin string, names []string) {
	p.Record(plugin, "setActiveTools", names)
	known := map[string]bool{}
	for _, e := range p.h.tools.Current().Entries() {
		known[e.ID] = true
	}
	p.mu.Lock()
	p.activeTools, p.activeKnown = append([]string{}, names...), known
	p.mu.Unlock()
}

// ThinkingLevel returns the thinking level.
func (p *PiState) ThinkingLevel() string { p.mu.Lock(); defer p.mu.Unlock(); return p.thinking }

// SetThinkingLevel sets it and appends a thinking_level_change entry.
func (p *PiState) SetThinkingLevel(plugin, level string) error {
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
func (p *PiState) Model() map[string]any {
	p.mu.Lock()
	defer p.mu.Unlock()
	m, _ := Clone(p.model).(map[string]any)
	return m
}

// SetModel asks the agent to switch models.
func (p *PiState) SetModel(ctx context.Context, plugin string, model map[string]any) (bool, error) {
	p.Record(plugin, "setModel", model)
	ok, err := p.Agent().SetModel(ctx, model)
	if err != nil || !ok {
		return ok, err
	}
	p.mu.Lock()
	p.model = Clone(model).(map[string]any)
	p.mu.Unlock()
	p.Session().Append(session.Entry{"type": "model_change", "provider": model["provider"], "modelId": model["id"]})
	return true, nil
}

// SendMessage stores a custom message and hands it to the agent.
func (p *PiState) SendMessage(ctx context.Context, plugin string, message, opts map[string]any) error {
	p.Record(plugin, "sendMessage", message, opts)
	return p.Agent().SendMessage(ctx, plugin, message, opts)
}

// SendUserMessage hands a user message to the agent.
func (p *PiState) SendUserMessage(ctx context.Context, plugin string, content any, opts map[string]any) error {
	p.Record(plugin, "sendUserMessage", content, opts)
	return p.Agent().SendUserMessage(ctx, plugin, content, opts)
}

// nowMillis is pi's message timestamp.
func nowMillis() float64 { return float64(time.Now().UnixMilli()) }

// PiModels is a session's model registry (models.json, auth.json and the
// environment's keys) as an extension's ctx.modelRegistry reads it. Models
// are pi's model objects. A host without an agent session has none, and
// the adapter falls back to what extensions registered and pi-ai's catalog.
type PiModels interface {
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
}

// SetModels sets the model registry ctx.modelRegistry reads (the agent
// session's).
func (p *PiState) SetModels(m PiModels) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.models = m
}

// Models returns the session's model registry, nil without a session.
func (p *PiState) Models() PiModels {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.models
}

package agent

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/cachewarm"
	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/session"
)

// Event and Message are pi's JSON shapes as Go data.
type (
	Event   = map[string]any
	Message = map[string]any
)

// Provider streams one assistant response.
type Provider interface {
	// Stream calls req.OnEvent with pi-ai AssistantMessageEvents (start,
	// text_*, thinking_*, toolcall_*, done|error) and returns the final
	// assistant message. It must honour ctx: cancellation ends the stream
	// with stopReason "aborted". Failures are reported as a message with
	// stopReason "error", not as an error (an error is for programming
	// mistakes only).
	Stream(ctx context.Context, req Request) (Message, error)
}

// Request is one model call.
type Request struct {
	Model        Message
	SystemPrompt string
	Messages     []Message // already converted for the model (convertToLlm)
	Tools        []Message // {name, description, parameters}
	// Transcript is the conversation as pi 1.6 sends it to models that
	// take system messages mid-conversation: converted for the model,
	// system messages in place, the leading one declaring the prompt and
	// tools the conversation began with. SystemPrompt, Tools and Messages
	// are the same conversation with them replayed, for every other model.
	Transcript []Message
	Thinking   string
	OnEvent    func(ev Event)
	// OnPayload, when set, is called with the provider's request body; a
	// non-nil result replaces it (before_provider_request).
	OnPayload func(payload any) any
	// OnResponse reports the HTTP status and headers (after_provider_response).
	OnResponse func(status int, headers map[string]string)
	// OnHeaders, when set, is called once per request with the headers
	// the request adds (as data) and returns them changed: a string sets
	// a header, nil removes it, whoever set it (before_provider_headers).
	OnHeaders func(headers map[string]any) map[string]any
	// MaxTokens caps the reply; 0 leaves the provider's default.
	MaxTokens int
	// APIKey, Headers and Temperature override the provider's (pi-ai's
	// stream options, for extension code).
	APIKey      string
	Headers     map[string]string
	Temperature *float64
	// NoRetries turns the provider's HTTP retries off (a cache refresh).
	NoRetries bool
	// DisableContinuation keeps the request out of the provider's thread
	// state (a cache refresh, as pi-ai's getCacheWarmingRequestOptions).
	DisableContinuation bool
	// SessionID is pi-ai's sessionId stream option: the providers key
	// prompt caching and session routing on it ("" sends none).
	SessionID string
	// CacheRetention overrides the provider's cache retention ("none",
	// "short", "long"); "" keeps it.
	CacheRetention string
	// RequestMetadata and Region are pi-ai's Bedrock options of those
	// names, for extension code.
	RequestMetadata map[string]any
	Region          string
}

// Options configure an Agent.
type Options struct {
	Host          *engine.Host
	Provider      Provider
	Model         Message // nil: prompts fail with "No model selected"
	ThinkingLevel string
	// PromptSections builds pi 1.6's system prompt sections for the given
	// active tools (pi's buildSystemPromptSections). Each run, and each
	// turn after the first, records what changed as a system message
	// (sysmsg.go). Nil: no prompt.
	PromptSections func(selectedTools []string) *jsjson.Object
	// PromptOptions and SectionsFromOptions make the prompt extensions can
	// change (pi 1.6): before_agent_start handlers get PromptOptions(active
	// tools) as event.systemPromptOptions and may change it in place
	// (sections, rules, tools, ...); the run's prompt is then
	// SectionsFromOptions of what they left, its active tools kept current
	// each turn (sysmsg.go). Nil: PromptSections alone.
	PromptOptions       func(selectedTools []string) map[string]any
	SectionsFromOptions func(options map[string]any) (*jsjson.Object, error)
	// AfterNavigate runs when NavigateTree moved the session's leaf,
	// before session_tree handlers (pi 1.6 restores the tool loadout the
	// new branch recorded there).
	AfterNavigate func(tree *session.Tree)
	// Sink receives every event after extension handlers ran (pi's JSON and
	// RPC modes print them). Called on the loop goroutine; must not block
	// for long.
	Sink func(ev Event)
	// ToolExecution is "parallel" (default) or "sequential".
	ToolExecution string
	// Now is the clock (tests); default time.Now.
	Now func() time.Time
	// Settings returns the compaction and retry settings, read when they
	// apply; nil means pi's defaults.
	Settings func() Settings
	// CompactionSettings, when set, gives the compaction settings for a
	// model (the selected one, nil when none), as pi 1.6 resolves them per
	// model (compaction.modelOverrides); it replaces Settings' Compaction.
	CompactionSettings func(model Message) compaction.Settings
	// AuthProblem, when set, says why the current model cannot be called
	// ("" when it can); auto-compaction is skipped then, and a manual one
	// fails with that text.
	AuthProblem func() string
	// PromptImages, when set, prepares the images of a user prompt for
	// the model (pi 1.6's _normalizePromptImages): the images to send and
	// the notes appended to the prompt's text (an image that cannot be
	// sent is left out with a note saying so).
	PromptImages func(images []any) (kept []any, hints []string)
	// CacheWarmClock is the clock of prompt cache warming (tests); nil:
	// the wall clock.
	CacheWarmClock cachewarm.Clock
	// Router routes the requests of a virtual model (pi 1.6); nil: such
	// requests fail.
	Router Router
	// SessionID, when set, gives the current session's id, read for every
	// request of the agent loop (it changes on /new, /fork, /resume): pi
	// 1.6 passes it to each model request as the sessionId option.
	SessionID func() string
}

// Agent runs prompts. Safe for concurrent use; one prompt runs at a time,
// others are queued as steering or follow-up messages.
type Agent struct {
	opts Options
	h    *engine.Host

	mu sync.Mutex
	// messages is the conversation. The agent never modifies a message in
	// place (it appends, drops trailing ones or replaces the list), so the
	// maps may be shared with the session tree and with readers of
	// SharedMessages.
	messages  []Message
	steering  []Message
	followUp  []Message
	nextTurn  []Message
	streaming bool
	// running counts the runs (run) in progress, from their start to
	// their agent_settled.
	running int
	// sends counts the messages extension code sent that were not
	// accepted yet (BeginSend; accepting may happen under mu, hence
	// sendsMu); sendsLanded signals a change.
	sendsMu     sync.Mutex
	sends       int
	sendsLanded *sync.Cond
	// current is the running loop, which runs the tools' nested calls.
	current *loop
	// abortRequested: Abort was called during the current run (agent_settled.aborted).
	abortRequested bool
	settled        chan struct{} // closed once the last run's agent_settled went out
	settling       bool          // agent_settled is being delivered
	cancel         context.CancelFunc
	idle           chan struct{} // closed when not streaming
	turnIndex      int
	model          Message
	thinking       string
	hooks          Hooks
	warmOnce       sync.Once
	warmer         *cachewarm.Warmer
	// forced is the current run's before_agent_start systemPrompt, if any.
	forced *string
	// runOptions are the prompt options before_agent_start handlers left
	// for the current run (Options.PromptOptions); nil outside a run.
	runOptions map[string]any
	// steeringMode and followUpMode are pi's queue modes (modes_queue.go):
	// "one-at-a-time" delivers one queued message per turn; "" or "all"
	// delivers them all at once.
	steeringMode, followUpMode string

	// failedReply is the failed reply that recovery dropped and the next
	// request repeats: a virtual model routes it as a retry (virtual.go).
	failedReply Message
	// Recovery state (recovery.go): the retry sequence, whether an
	// overflow was already compacted once, running compactions.
	retryAttempt     int
	retryCancel      context.CancelFunc
	overflowRecovery bool
	compactCancel    context.CancelFunc
	compactCancels   int
	// branchCancel cancels the branch summary of a tree navigation
	// (AbortBranchSummary); nil when none runs.
	branchCancel *context.CancelFunc

	// lastOutcome is the last turn's outcome ("completed", "error" or
	// "aborted"), agent_before_settle's outcome.
	lastOutcome string
	// beforeSettle: agent_before_settle handlers run; an abort then
	// suppresses the continuation they ask for.
	beforeSettle bool
}

// New creates an agent over a host.
func New(opts Options) *Agent {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.ThinkingLevel == "" {
		opts.ThinkingLevel = "off"
	}
	a := &Agent{opts: opts, h: opts.Host, idle: make(chan struct{}), thinking: opts.ThinkingLevel}
	if a.h != nil {
		// pi's agent loop: the hooks it runs (input, context, ...) keep
		// pi's result semantics (piapi defines them on first use).
		piapi.Of(a.h)
		if opts.PromptOptions != nil {
			piapi.Of(a.h).SetSystemPromptOptions(opts.PromptOptions)
		}
	}
	if opts.Model != nil {
		a.model = engine.Clone(opts.Model).(Message)
	}
	close(a.idle)
	return a
}

// noModelSelected is the error of a prompt without a model.
const noModelSelected = "No model selected. Use --model or configure a default model."

// ErrBusy is returned for a prompt while another runs without a delivery mode.
var ErrBusy = errors.New("Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.")

// What happened to a submitted prompt (pi 1.6's disposition).
const (
	DispositionHandled = "handled"
	DispositionQueued  = "queued"
	DispositionStarted = "started"
)

// PromptOptions qualify a prompt.
type PromptOptions struct {
	Images            []any  // ImageContent blocks
	Source            string // "interactive" | "rpc" | "extension"
	StreamingBehavior string // "steer" | "followUp" when a prompt is running
	// Accepted, when set, is called once the prompt passed preflight, with
	// pi's disposition: "handled" (an extension command or input handler
	// consumed it), "queued" (a run was streaming) or "started" (the agent
	// loop is about to start; pi's RPC acknowledges then).
	Accepted func(disposition string)
	// Expand, when set, rewrites the text after the input hook and before
	// queueing or before_agent_start (pi's /skill:name and prompt-template
	// expansion).
	Expand func(text string) string
}

// Prompt runs one user prompt through pi's pipeline and returns when the
// agent is done with it (agent_end), or at once when it was handled by an
// extension command or input handler, or queued.
func (a *Agent) Prompt(ctx context.Context, text string, o PromptOptions) error {
	if o.Source == "" {
		o.Source = "interactive"
	}
	// 1. Extension commands first.
	if strings.HasPrefix(text, "/") {
		name, _, _ := strings.Cut(strings.TrimPrefix(text, "/"), " ")
		if _, ok := a.h.Commands().Current().Get(name); ok {
			err := a.h.RunCommand(ctx, text)
			if o.Accepted != nil {
				o.Accepted(DispositionHandled)
			}
			return err
		}
	}
	// 2. input
	text, images, handled := a.input(ctx, text, o.Images, o.Source, o.StreamingBehavior)
	if handled {
		if o.Accepted != nil {
			o.Accepted(DispositionHandled)
		}
		return nil
	}
	if o.Expand != nil {
		text = o.Expand(text)
	}
	user := a.userMessage(text, images)
	// 3. Queue while streaming.
	a.mu.Lock()
	if a.busy() {
		defer a.mu.Unlock()
		switch o.StreamingBehavior {
		case "steer":
			a.steering = append(a.steering, user)
		case "followUp":
			a.followUp = append(a.followUp, user)
		default:
			return ErrBusy
		}
		a.emitQueueLocked()
		if o.Accepted != nil {
			o.Accepted(DispositionQueued)
		}
		return nil
	}
	if a.model == nil {
		a.mu.Unlock()
		return errors.New(noModelSelected)
	}
	a.mu.Unlock()
	// Compact first if the previous reply (even an aborted one) left the
	// context over the threshold.
	if last := a.lastAssistant(); last != nil {
		a.checkCompaction(ctx, last, false)
	}
	a.mu.Lock()
	prompts := []Message{user}
	prompts = append(prompts, a.nextTurn...)
	a.nextTurn = nil
	a.mu.Unlock()
	// 4. before_agent_start
	var forced *string
	base := piapi.Of(a.h).PromptTools()
	options := piapi.Of(a.h).SystemPromptOptions()
	bas := a.h.RunHook(ctx, "before_agent_start", map[string]any{"type": "before_agent_start", "prompt": text, "images": images,
		"systemPrompt": a.SystemPrompt(), "systemPromptOptions": options})
	if r, ok := bas.Result.(map[string]any); ok {
		if sp, ok := r["systemPrompt"].(string); ok {
			forced = &sp
		}
		msgs, _ := r["messages"].([]any)
		for _, m := range msgs {
			if mm, ok := m.(map[string]any); ok {
				prompts = append(prompts, a.customMessage(mm))
			}
		}
	}
	runOptions, err := a.handlerPromptOptions(bas.Value, base)
	if err != nil {
		return err
	}
	if f, ok := runOptions["forceSystemPrompt"].(string); ok && forced == nil {
		forced = &f
	}
	// The run records the loadout: restored tools that did not register
	// by now are dropped (pi 1.6).
	piapi.Of(a.h).DropPendingTools()
	if o.Accepted != nil {
		o.Accepted(DispositionStarted)
	}
	a.startRun()
	a.mu.Lock()
	a.runOptions = runOptions
	a.mu.Unlock()
	return a.run(ctx, prompts, forced)
}

// input runs pi's input handlers: handled when one consumed the text,
// else the text and images as transformed. streamingBehavior reaches the
// handlers only while a run streams (pi 1.6).
func (a *Agent) input(ctx context.Context, text string, images []any, source, streamingBehavior string) (string, []any, bool) {
	ev := map[string]any{"type": "input", "text": text, "images": images, "source": source}
	if streamingBehavior != "" && !a.IsIdle() {
		ev["streamingBehavior"] = streamingBehavior
	}
	in := a.h.RunHook(ctx, "input", ev)
	if r, ok := in.Result.(map[string]any); ok {
		switch r["action"] {
		case "handled":
			return text, images, true
		case "transform":
			if t, ok := r["text"].(string); ok {
				text = t
			}
			if im, ok := r["images"].([]any); ok {
				images = im
			}
		}
	}
	return text, images, false
}

// QueueInput is pi 1.6's steer and followUp (behavior "steer" or
// "followUp"): the input handlers run first, then the (expanded) text is
// queued. It returns the disposition: "handled" or "queued".
func (a *Agent) QueueInput(ctx context.Context, text string, behavior string, o PromptOptions) string {
	text, images, handled := a.input(ctx, text, o.Images, o.Source, behavior)
	if handled {
		return DispositionHandled
	}
	if o.Expand != nil {
		text = o.Expand(text)
	}
	if behavior == "steer" {
		a.Steer(text, images)
	} else {
		a.FollowUp(text, images)
	}
	return DispositionQueued
}

// userMessage builds pi's user message (content is always an array).
func (a *Agent) userMessage(text string, images []any) Message {
	if a.opts.PromptImages != nil && len(images) > 0 {
		var hints []string
		images, hints = a.opts.PromptImages(images)
		if len(hints) > 0 {
			text += "\n\n" + strings.Join(hints, "\n")
		}
	}
	content := []any{map[string]any{"type": "text", "text": text}}
	content = append(content, images...)
	return Message{"role": "user", "content": content, "timestamp": a.now()}
}

// customMessage builds pi's CustomMessage from {customType, content, display, details}.
func (a *Agent) customMessage(m map[string]any) Message {
	out := Message{"role": "custom", "customType": m["customType"], "content": m["content"], "display": m["display"], "timestamp": a.now()}
	if d, ok := m["details"]; ok {
		out["details"] = d
	}
	return out
}

func (a *Agent) now() float64 { return float64(a.opts.Now().UnixMilli()) }

// run is pi-agent-core's runAgentLoop for the given prompts, followed by
// what pi's AgentSession does when a run ends: retries of transient
// failures and compaction (afterRun), which may continue the conversation.
//
// When the run and everything it led to is over, agent_settled{aborted}
// goes to extensions and then to the sink: the point after which the
// agent does nothing more by itself (pi 1.6).
//
// forced is a before_agent_start handler's systemPrompt: the requests of
// this run carry it instead of the recorded prompt (sysmsg.go).
func (a *Agent) run(parent context.Context, prompts []Message, forced *string) error {
	settled := make(chan struct{})
	a.mu.Lock()
	a.abortRequested, a.settled, a.forced = false, settled, forced
	a.running++
	a.mu.Unlock()
	defer close(settled)
	defer a.settle(parent)
	defer func() { a.mu.Lock(); a.forced, a.runOptions = nil, nil; a.mu.Unlock() }()
	if patch := a.promptPatch(); patch != nil {
		prompts = append([]Message{patch}, prompts...)
	}
	last, ok := a.runOnce(parent, prompts)
	for ok {
		// More work: a retry, a compaction's retry, or messages queued
		// since the loop drained them (by agent_end handlers, whose sends
		// are waited for): pi starts a fresh run for them before
		// agent_before_settle.
		a.waitSends()
		if (last != nil && a.afterRun(parent, last)) || (!a.aborted() && a.PendingCount() > 0) {
			next, cont := a.continuation()
			if !cont {
				return nil
			}
			last, ok = a.runOnce(parent, next)
			continue
		}
		// No more work: agent_before_settle may ask for one more request.
		if a.aborted() || !a.beforeSettleBoundary(parent) || a.aborted() {
			return nil
		}
		next, cont := a.continuation()
		if !cont {
			return nil
		}
		last, ok = a.runOnce(parent, next)
	}
	return nil
}

func (a *Agent) aborted() bool { a.mu.Lock(); defer a.mu.Unlock(); return a.abortRequested }

// beforeSettleBoundary runs pi 1.6's agent_before_settle boundary and
// reports whether the agent continues: a handler asked for it and the
// context has something to answer. An abort while the handlers run keeps
// their entries but not the continuation.
func (a *Agent) beforeSettleBoundary(ctx context.Context) bool {
	if !a.h.HasHook("agent_before_settle") {
		return false
	}
	a.mu.Lock()
	a.beforeSettle = true
	outcome := a.lastOutcome
	a.mu.Unlock()
	defer func() { a.mu.Lock(); a.beforeSettle = false; a.mu.Unlock() }()
	res := a.runBoundary(ctx, map[string]any{"type": "agent_before_settle", "outcome": outcome})
	a.commitBoundary(res.entries)
	if a.aborted() {
		return false
	}
	queued := a.PendingCount() > 0
	if (res.cont || queued) && !a.canContinue("agent_before_settle") {
		if res.cont {
			a.boundaryError("agent_before_settle", "agent_before_settle requested continuation without runnable model context")
		}
		return false
	}
	return res.cont || queued
}

// continuation is pi-agent-core's continue(): from a user or tool result
// message the model is simply called again; after an assistant message
// the queued steering, else follow-up, messages are the next prompts.
func (a *Agent) continuation() ([]Message, bool) {
	a.mu.Lock()
	n := len(a.messages)
	lastRole := ""
	if n > 0 {
		lastRole, _ = a.messages[n-1]["role"].(string)
	}
	a.mu.Unlock()
	switch {
	case n == 0:
		return nil, false
	case lastRole != "assistant":
		return nil, true
	}
	if s := a.takeSteering(); len(s) > 0 {
		return s, true
	}
	if f := a.takeFollowUp(); len(f) > 0 {
		return f, true
	}
	return nil, false
}

// runOnce runs the loop once and returns the run's last assistant reply.
// It does nothing (ok false) when another run started meanwhile.
func (a *Agent) runOnce(parent context.Context, prompts []Message) (last Message, ok bool) {
	ctx, cancel := context.WithCancel(parent)
	a.mu.Lock()
	if a.streaming && prompts == nil {
		a.mu.Unlock()
		cancel()
		return nil, false
	}
	a.streaming, a.cancel, a.idle, a.turnIndex = true, cancel, make(chan struct{}), 0
	model, thinking := engine.Clone(a.model).(Message), a.thinking // snapshot at acceptance
	a.mu.Unlock()
	defer func() {
		cancel()
		a.mu.Lock()
		a.streaming, a.cancel = false, nil
		close(a.idle)
		a.mu.Unlock()
	}()
	l := &loop{a: a, ctx: ctx, model: model, thinking: thinking, nested: newNestedCalls()}
	a.mu.Lock()
	a.current = l
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		if a.current == l {
			a.current = nil
		}
		a.mu.Unlock()
	}()
	l.run(prompts)
	return l.last, true
}

// lastAssistant is the conversation's last assistant message, or nil.
func (a *Agent) lastAssistant() Message {
	a.mu.Lock()
	defer a.mu.Unlock()
	for i := len(a.messages) - 1; i >= 0; i-- {
		if a.messages[i]["role"] == "assistant" {
			return a.messages[i]
		}
	}
	return nil
}

// Abort cancels the running prompt (provider stream and running tools).
func (a *Agent) Abort() {
	a.AbortRetry()
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.beforeSettle {
		a.abortRequested = true
	}
	if a.cancel != nil {
		a.abortRequested = true
		a.cancel()
	}
}

// settle emits agent_settled once a run and its retries, compaction and
// queued follow-ups are over.
func (a *Agent) settle(ctx context.Context) {
	a.CacheWarmer().AgentSettled()
	a.mu.Lock()
	aborted := a.abortRequested
	a.settling = true
	a.running--
	a.mu.Unlock()
	defer func() { a.mu.Lock(); a.settling = false; a.mu.Unlock() }()
	ev := map[string]any{"type": "agent_settled", "aborted": aborted}
	a.h.Emit(context.WithoutCancel(ctx), "agent_settled", engine.Clone(ev).(map[string]any))
	a.sink(Event(ev))
}

// WillRetry is pi 1.6's agent_end.willRetry: whether the run that ended
// with messages is about to be retried (the last assistant reply failed
// with a retryable error, retries are on and not used up, no abort).
func (a *Agent) WillRetry(messages []any) bool {
	a.mu.Lock()
	aborted, attempt := a.abortRequested, a.retryAttempt
	a.mu.Unlock()
	s := a.settings().Retry
	if aborted || !s.Enabled || attempt >= s.MaxRetries {
		return false
	}
	for i := len(messages) - 1; i >= 0; i-- {
		m, ok := messages[i].(Message)
		if !ok {
			m, _ = messages[i].(map[string]any)
		}
		if m["role"] == "assistant" {
			return a.retryable(m)
		}
	}
	return false
}

// WaitIdle blocks until no prompt runs or ctx ends.
//
// A run counts until its agent_settled went out, so a caller that waits
// here (RPC abort) answers after it, as pi does.
func (a *Agent) WaitIdle(ctx context.Context) error {
	a.mu.Lock()
	idle, settled := a.idle, a.settled
	if a.settling {
		settled = nil // pi counts the session idle while agent_settled is delivered
	}
	a.mu.Unlock()
	for _, ch := range []chan struct{}{idle, settled} {
		if ch == nil {
			continue
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// IsIdle reports whether no prompt runs.
func (a *Agent) IsIdle() bool { a.mu.Lock(); defer a.mu.Unlock(); return !a.streaming }

// Steer queues a message delivered before the next model call.
func (a *Agent) Steer(text string, images []any) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.steering = append(a.steering, a.userMessage(text, images))
	a.emitQueueLocked()
}

// FollowUp queues a message delivered when the agent would stop.
func (a *Agent) FollowUp(text string, images []any) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.followUp = append(a.followUp, a.userMessage(text, images))
	a.emitQueueLocked()
}

// Messages returns the conversation so far.
func (a *Agent) Messages() []Message {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]Message, len(a.messages))
	for i, m := range a.messages {
		out[i] = engine.Clone(m).(Message)
	}
	return out
}

// SharedMessages is Messages without the deep copy, for readers (the
// list is the caller's; the maps are the agent's and must not be
// modified).
func (a *Agent) SharedMessages() []Message {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.messages)
}

// MessageCount is len(Messages()) without copying them.
func (a *Agent) MessageCount() int { a.mu.Lock(); defer a.mu.Unlock(); return len(a.messages) }

// SetMessages replaces the conversation (resume, new session). The agent
// keeps the maps of ms without copying them and never modifies them, so
// they may be shared (e.g. a session context's messages); the list is
// copied.
func (a *Agent) SetMessages(ms []Message) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.messages = slices.Clone(ms)
}

// Model returns the current model.
func (a *Agent) Model() Message {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.model == nil {
		return nil
	}
	return engine.Clone(a.model).(Message)
}

// SetModelValue sets the model for the next prompt.
func (a *Agent) SetModelValue(m Message) { a.mu.Lock(); a.model = m; a.mu.Unlock() }

// ThinkingLevel returns the thinking level.
func (a *Agent) ThinkingLevel() string { a.mu.Lock(); defer a.mu.Unlock(); return a.thinking }

// SetThinking sets the thinking level for the next prompt.
func (a *Agent) SetThinking(level string) { a.mu.Lock(); a.thinking = level; a.mu.Unlock() }

// PendingCount is the number of queued steering and follow-up messages.
func (a *Agent) PendingCount() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.steering) + len(a.followUp)
}

func (a *Agent) emitQueueLocked() {
	if a.opts.Sink == nil {
		return
	}
	steer, follow := []any{}, []any{}
	for _, m := range a.steering {
		steer = append(steer, messageText(m))
	}
	for _, m := range a.followUp {
		follow = append(follow, messageText(m))
	}
	ev := Event{"type": "queue_update", "steering": steer, "followUp": follow}
	go a.opts.Sink(ev)
}

func (a *Agent) takeSteering() []Message {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := drainQueue(&a.steering, a.steeringMode)
	if len(out) > 0 {
		a.emitQueueLocked()
	}
	return out
}

func (a *Agent) takeFollowUp() []Message {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := drainQueue(&a.followUp, a.followUpMode)
	if len(out) > 0 {
		a.emitQueueLocked()
	}
	return out
}

// messageText is the text of a message's text blocks.
func messageText(m Message) string {
	switch c := m["content"].(type) {
	case string:
		return c
	case []any:
		var parts []string
		for _, b := range c {
			if bm, ok := b.(map[string]any); ok && bm["type"] == "text" {
				s, _ := bm["text"].(string)
				parts = append(parts, s)
			}
		}
		return strings.Join(parts, "\n")
	}
	return ""
}

func anySlice(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// persist appends a message to the session at message_end, as pi does
// (custom messages become custom_message entries), and returns the
// entry's id ("" if the session refused it).
func (a *Agent) persist(m Message) string {
	tr := piapi.Of(a.h).Session()
	var stored session.Entry
	if m["role"] == "custom" {
		e := session.Entry{"type": "custom_message", "customType": m["customType"], "content": m["content"], "display": m["display"]}
		if d, ok := m["details"]; ok {
			e["details"] = d
		}
		stored = tr.Append(e)
	} else {
		stored = tr.Append(session.Entry{"type": "message", "message": engine.Clone(m)})
	}
	id, _ := stored["id"].(string)
	return id
}

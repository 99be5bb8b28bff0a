package agent

import (
	"context"
	"errors"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
	"github.com/pigo-dev/pigo/engine/session"
)

// Settings are the session settings the agent reads when a run ends (pi's
// SettingsManager: compaction and retry).
type Settings struct {
	Compaction compaction.Settings
	Retry      RetrySettings
	// BranchSummaryReserveTokens is kept free of a branch summary's input
	// (pi's branchSummary.reserveTokens).
	BranchSummaryReserveTokens int
	// CacheWarming is pi 1.6's cacheWarming: "off", "streaming" or "idle"
	// ("" means idle).
	CacheWarming string
}

// RetrySettings are pi's retry settings: a failed turn whose error looks
// transient is retried up to MaxRetries times, waiting BaseDelay, then
// twice as long each time.
type RetrySettings struct {
	Enabled    bool
	MaxRetries int
	BaseDelay  time.Duration
	// MaxDelay caps a summary call's retry wait (pi's maxAgentDelayMs).
	MaxDelay time.Duration
}

// DefaultSettings are pi's defaults.
var DefaultSettings = Settings{
	Compaction: compaction.DefaultSettings,
	Retry:      RetrySettings{Enabled: true, MaxRetries: 3, BaseDelay: 2 * time.Second, MaxDelay: time.Minute},

	BranchSummaryReserveTokens: 16384,
	CacheWarming:               "idle",
}

// compactionSettings are the compaction settings of the selected model.
func (a *Agent) compactionSettings() compaction.Settings {
	if a.opts.CompactionSettings != nil {
		return a.opts.CompactionSettings(a.Model())
	}
	return a.settings().Compaction
}

func (a *Agent) settings() Settings {
	if a.opts.Settings == nil {
		return DefaultSettings
	}
	return a.opts.Settings()
}

// retryable is pi 1.6's _isRetryableError: a failed reply whose error
// looks transient (compaction.IsRetryableError, the classifier summary
// calls use too); a context overflow is not (compaction handles it).
func (a *Agent) retryable(m Message) bool {
	if m["stopReason"] != "error" || str(m["errorMessage"]) == "" {
		return false
	}
	if isOverflow(m, a.contextWindow()) {
		return false
	}
	return compaction.IsRetryableError(str(m["errorMessage"]))
}

// contextWindow is the window of pi 1.6's limits model: under a virtual
// selection the physical model of the latest response, if any.
func (a *Agent) contextWindow() int {
	model := a.Model()
	if r := a.RoutedModel(); r != nil {
		model = r.Model
	}
	w, _ := model["contextWindow"].(float64)
	return int(w)
}

// Routed is where a virtual selection sent the latest response.
type Routed struct {
	Model    Message // the physical model
	Thinking string  // the reply's thinking level, "" when it names none
}

// RoutedModel is pi 1.6's routedModel: under a virtual selection, the
// physical model and thinking level of the latest successful response;
// nil otherwise, or when that response names no known physical model.
func (a *Agent) RoutedModel() *Routed {
	a.mu.Lock()
	var latest Message
	if IsVirtual(a.model) {
		latest = latestResponse(a.messages)
	}
	a.mu.Unlock()
	m := a.physicalModel(latest)
	if m == nil {
		return nil
	}
	return &Routed{Model: m, Thinking: str(latest["thinkingLevel"])}
}

// messageModel is pi 1.6's _modelForMessage: the model whose limits apply
// to a reply, nil when another model produced it. Under a virtual
// selection that is the physical model that produced it.
func (a *Agent) messageModel(reply Message) Message {
	model := a.Model()
	if IsVirtual(model) {
		return a.physicalModel(reply)
	}
	if model != nil && reply["provider"] == model["provider"] && reply["model"] == model["id"] {
		return model
	}
	return nil
}

// physicalModel is the known physical model a reply names, nil if none.
func (a *Agent) physicalModel(reply Message) Message {
	find := a.hooksCopy().FindModel
	if reply == nil || find == nil {
		return nil
	}
	m, ok := find(str(reply["provider"]), str(reply["model"]))
	if !ok || IsVirtual(m) {
		return nil
	}
	return m
}

// afterRun is what pi's AgentSession does once a run ended (agent_end): a
// transient failure is retried after a backoff; otherwise the context is
// checked for compaction. It reports whether the conversation continues
// (a retry, or the retry after an overflow compaction).
func (a *Agent) afterRun(ctx context.Context, last Message) bool {
	if a.retryable(last) && a.retry(ctx, last) {
		return true
	}
	return a.checkCompaction(ctx, last, true)
}

// retry is pi's _handleRetryableError: auto_retry_start, the failed reply
// leaves the conversation (the session keeps it), an abortable wait.
func (a *Agent) retry(ctx context.Context, last Message) bool {
	s := a.settings().Retry
	if !s.Enabled {
		return false
	}
	a.mu.Lock()
	a.retryAttempt++
	attempt := a.retryAttempt
	a.mu.Unlock()
	if attempt > s.MaxRetries {
		a.resetRetry()
		a.sink(Event{"type": "auto_retry_end", "success": false, "attempt": float64(attempt - 1), "finalError": last["errorMessage"]})
		return false
	}
	// pi 1.6's retryDelayMs: doubled per attempt, at most maxAgentDelayMs.
	delay := compaction.RetryPolicy{BaseDelay: s.BaseDelay, MaxDelay: s.MaxDelay}.Delay(attempt)
	msg := str(last["errorMessage"])
	if msg == "" {
		msg = "Unknown error"
	}
	// Cancellable before the client hears of the retry: an abort it
	// sends in reply must not be lost.
	rctx, cancel := context.WithCancel(ctx)
	a.mu.Lock()
	a.retryCancel = cancel
	a.mu.Unlock()
	defer cancel()
	a.sink(Event{"type": "auto_retry_start", "attempt": float64(attempt), "maxAttempts": float64(s.MaxRetries),
		"delayMs": float64(delay.Milliseconds()), "errorMessage": msg})
	a.dropFailedReply()
	t := time.NewTimer(delay)
	defer t.Stop()
	select {
	case <-t.C:
		a.mu.Lock()
		a.retryCancel = nil
		a.mu.Unlock()
		return true
	case <-rctx.Done():
		a.resetRetry()
		a.sink(Event{"type": "auto_retry_end", "success": false, "attempt": float64(attempt), "finalError": "Retry cancelled"})
		return false
	}
}

func (a *Agent) resetRetry() {
	a.mu.Lock()
	a.retryAttempt, a.retryCancel = 0, nil
	a.mu.Unlock()
}

// AbortRetry cancels a retry that is waiting (pi's abortRetry).
func (a *Agent) AbortRetry() {
	a.mu.Lock()
	cancel := a.retryCancel
	a.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// retrySucceeded is called at a reply's message_end: a reply that did not
// fail ends a retry sequence (pi resets the counter at once, so several
// model calls of one turn do not add up).
func (a *Agent) retrySucceeded(m Message) {
	if m["role"] != "assistant" || m["stopReason"] == "error" {
		return
	}
	a.mu.Lock()
	attempt := a.retryAttempt
	a.retryAttempt = 0
	a.overflowRecovery = false
	a.mu.Unlock()
	if attempt > 0 {
		a.sink(Event{"type": "auto_retry_end", "success": true, "attempt": float64(attempt)})
	}
}

// dropFailedReply is pi 1.6's _omitRecoveryAttempt for a trailing
// failed reply: it and the results of its tool calls leave the
// conversation, and the session, which keeps them, records a context_edit
// (replacement null) for each, told to the client as entry_appended.
func (a *Agent) dropFailedReply() {
	a.mu.Lock()
	n := len(a.messages)
	i := n - 1
	for i >= 0 && a.messages[i]["role"] == "toolResult" {
		i--
	}
	if i < 0 || a.messages[i]["role"] != "assistant" {
		a.mu.Unlock()
		return
	}
	reply := a.messages[i]
	a.failedReply = reply
	calls := map[string]bool{}
	for _, b := range anyBlocks(reply["content"]) {
		if b["type"] == "toolCall" {
			calls[str(b["id"])] = true
		}
	}
	targets := []Message{reply}
	kept := a.messages[:i:i]
	for _, m := range a.messages[i+1:] {
		if calls[str(m["toolCallId"])] {
			targets = append(targets, m)
		} else {
			kept = append(kept, m)
		}
	}
	a.messages = kept
	a.mu.Unlock()
	tree := piapi.Of(a.h).Session()
	if tree == nil {
		return
	}
	for _, m := range targets {
		id := persistedEntryID(tree, m)
		if id == "" {
			continue
		}
		stored := tree.Append(session.Entry{"type": "context_edit", "targetId": id, "replacement": nil})
		a.sink(Event{"type": "entry_appended", "entry": map[string]any(stored)})
	}
}

// persistedEntryID finds the message entry on the session's branch that
// stores m (persist stores a copy: same role, timestamp and tool call
// id), "" if none.
func persistedEntryID(tree *session.Tree, m Message) string {
	var id string
	ts := compaction.Number(m["timestamp"])
	tree.WalkBranch("", func(e session.Entry) bool {
		stored, _ := e["message"].(map[string]any)
		if e["type"] == "message" && stored["role"] == m["role"] && compaction.Number(stored["timestamp"]) == ts &&
			str(stored["toolCallId"]) == str(m["toolCallId"]) {
			id, _ = e["id"].(string)
			return false
		}
		return true
	})
	return id
}

func anyBlocks(v any) []map[string]any {
	l, _ := v.([]any)
	out := make([]map[string]any, 0, len(l))
	for _, b := range l {
		if m, ok := b.(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

// sink sends a session event (compaction_*, auto_retry_*) to the output
// only: pi does not pass these to extensions.
func (a *Agent) sink(ev Event) {
	if a.opts.Sink != nil {
		a.opts.Sink(ev)
	}
}

// overflowFailed is pi's text when compacting did not make the context fit.
const overflowFailed = "Context overflow recovery failed after one compact-and-retry attempt. Try reducing context or switching to a larger-context model."

// checkCompaction is pi's _checkCompaction after a run (skipAborted) or
// before a prompt: a context overflow reported by the model compacts and
// retries once; a context over the threshold compacts without retrying.
func (a *Agent) checkCompaction(ctx context.Context, last Message, skipAborted bool) bool {
	s := a.compactionSettings()
	if !s.Enabled || (skipAborted && last["stopReason"] == "aborted") {
		return false
	}
	// An overflow reported by another model says nothing about this one.
	msgModel := a.messageModel(last)
	sameModel := msgModel != nil
	if msgModel == nil {
		msgModel = a.Model()
	}
	w, _ := msgModel["contextWindow"].(float64)
	window := int(w)
	// A reply from before the latest compaction says nothing about the
	// compacted context.
	var compactedAt float64 = -1
	branch := piapi.Of(a.h).Session().Branch("")
	for i := len(branch) - 1; i >= 0; i-- {
		if branch[i]["type"] == "compaction" {
			if t, ok := jsMillis(branch[i]["timestamp"]); ok {
				compactedAt = t
			}
			break
		}
	}
	if ts := compaction.Number(last["timestamp"]); compactedAt >= 0 && ts <= compactedAt {
		return false
	}
	if sameModel && isOverflow(last, window) {
		a.mu.Lock()
		tried := a.overflowRecovery
		a.overflowRecovery = true
		a.mu.Unlock()
		if tried {
			a.sink(Event{"type": "compaction_end", "reason": "overflow", "aborted": false, "willRetry": false, "errorMessage": overflowFailed})
			a.compactFailed(ctx, "overflow", overflowFailed, false, false)
			return false
		}
		a.dropFailedReply()
		return a.autoCompact(ctx, "overflow", true)
	}
	var tokens int
	if last["stopReason"] == "error" {
		msgs := a.Messages()
		est := compaction.EstimateContext(msgs)
		if est.LastUsageIndex < 0 {
			return false
		}
		if ts := compaction.Number(msgs[est.LastUsageIndex]["timestamp"]); compactedAt >= 0 && ts <= compactedAt {
			return false
		}
		tokens = est.Tokens
	} else {
		u, _ := last["usage"].(map[string]any)
		tokens = compaction.ContextTokens(u)
	}
	// pi's models always know their window; without one there is no
	// threshold to compare with.
	if window > 0 && compaction.ShouldCompact(tokens, window, s) {
		return a.autoCompact(ctx, "threshold", false)
	}
	return false
}

// autoCompact is pi's _runAutoCompaction. It reports whether the
// conversation continues: the retry after an overflow, or messages that
// were queued meanwhile.
func (a *Agent) autoCompact(ctx context.Context, reason string, willRetry bool) bool {
	// pi 1.6 starts no compaction without a model or with nothing to compact.
	if a.Model() == nil {
		return false
	}
	if _, ok := compaction.Prepare(piapi.Of(a.h).Session().Branch(""), a.compactionSettings()); !ok {
		return false
	}
	a.sink(Event{"type": "compaction_start", "reason": reason})
	fromExtension := false
	end := func(aborted bool, errMsg string) {
		ev := Event{"type": "compaction_end", "reason": reason, "aborted": aborted, "willRetry": false}
		if errMsg != "" {
			ev["errorMessage"] = errMsg
		}
		a.sink(ev)
		a.compactFailed(ctx, reason, errMsg, aborted, fromExtension)
	}
	if a.authProblem() != "" {
		end(false, "")
		return false
	}
	res, fromExtension, err := a.compactBranch(ctx, "", false, reason, willRetry)
	switch {
	case errors.Is(err, errNothingToCompact), errors.Is(err, errAlreadyCompacted):
		end(false, "")
		return false
	case errors.Is(err, errCompactionCancelled):
		end(true, "")
		return false
	case err != nil:
		if reason == "overflow" {
			end(false, "Context overflow recovery failed: "+err.Error())
		} else {
			end(false, "Auto-compaction failed: "+err.Error())
		}
		return false
	}
	a.sink(Event{"type": "compaction_end", "reason": reason, "result": res.Data(), "aborted": false, "willRetry": willRetry})
	if willRetry {
		a.dropFailedError()
		return true
	}
	return a.PendingCount() > 0 || a.queuedCustom()
}

// dropFailedError removes a trailing failed reply (after an overflow
// compaction rebuilt the conversation from the session, which keeps it).
func (a *Agent) dropFailedError() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if n := len(a.messages); n > 0 && a.messages[n-1]["role"] == "assistant" && a.messages[n-1]["stopReason"] == "error" {
		a.messages = a.messages[:n-1]
	}
}

func (a *Agent) queuedCustom() bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.steering) > 0 || len(a.followUp) > 0
}

func (a *Agent) authProblem() string {
	if a.opts.AuthProblem == nil {
		return ""
	}
	return a.opts.AuthProblem()
}

// jsMillis is new Date(iso).getTime().
func jsMillis(v any) (float64, bool) {
	s, _ := v.(string)
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return 0, false
	}
	return float64(t.UnixMilli()), true
}

// Sentinel failures of a compaction, with pi's texts.
var (
	errNothingToCompact    = errors.New("Nothing to compact (session too small)")
	errAlreadyCompacted    = errors.New("Already compacted")
	errCompactionCancelled = errors.New("Compaction cancelled")
)

// compactBranch compacts the current branch: session_before_compact (an
// extension may cancel or supply the summary), the summary from the model
// otherwise, then the compaction entry, the conversation rebuilt from the
// session, and session_compact.
func (a *Agent) compactBranch(ctx context.Context, custom string, hasCustom bool, reason string, willRetry bool) (res compaction.Result, fromExtension bool, err error) {
	cctx, cancel := context.WithCancel(ctx)
	a.mu.Lock()
	a.compactCancels++
	a.compactCancel = cancel
	a.mu.Unlock()
	defer func() {
		cancel()
		a.mu.Lock()
		a.compactCancels--
		if a.compactCancels == 0 {
			a.compactCancel = nil
		}
		a.mu.Unlock()
	}()
	tree := piapi.Of(a.h).Session()
	path := tree.Branch("")
	prep, ok := compaction.Prepare(path, a.compactionSettings())
	if !ok {
		if n := len(path); n > 0 && path[n-1]["type"] == "compaction" {
			return compaction.Result{}, false, errAlreadyCompacted
		}
		return compaction.Result{}, false, errNothingToCompact
	}
	branch := make([]any, len(path))
	for i, e := range path {
		branch[i] = map[string]any(e)
	}
	ev := map[string]any{"type": "session_before_compact", "preparation": prep.Data(), "branchEntries": branch,
		"reason": reason, "willRetry": willRetry, "signal": engine.AbortSignal{}}
	if hasCustom {
		ev["customInstructions"] = custom
	}
	// The entries are the session's (copied at the top level) and the
	// preparation's messages theirs, which nothing changes in place: JS
	// handlers may read them through lazy views.
	hctx := engine.WithLazyPayload(cctx, "session_before_compact", "branchEntries", "preparation")
	if r, ok := a.h.RunHook(hctx, "session_before_compact", ev).Result.(map[string]any); ok {
		if c, _ := r["cancel"].(bool); c {
			return compaction.Result{}, false, errCompactionCancelled
		}
		if c, ok := r["compaction"].(map[string]any); ok {
			res, fromExtension = compaction.ResultFromData(c), true
		}
	}
	if !fromExtension {
		model, thinking := a.Model(), a.ThinkingLevel()
		res, err = compaction.Compact(cctx, prep, a.retryingSummarizer(model, thinking, Event{"source": "compaction", "reason": reason}), custom)
		if err != nil {
			if cctx.Err() != nil {
				return compaction.Result{}, false, errCompactionCancelled
			}
			return compaction.Result{}, false, err
		}
	}
	if cctx.Err() != nil {
		return compaction.Result{}, fromExtension, errCompactionCancelled
	}
	e := session.Entry{"type": "compaction", "summary": res.Summary, "firstKeptEntryId": res.FirstKeptEntryID,
		"tokensBefore": float64(res.TokensBefore), "fromHook": fromExtension}
	if res.Details != nil {
		e["details"] = res.Details
	}
	if res.Usage != nil { // what the summary cost counts in the session's totals
		e["usage"] = res.Usage
	}
	// pi 1.6 snapshots the replayed system message into the compaction:
	// the context after it starts with that, the summarized entries gone.
	if sm := session.CurrentSystemMessage(tree.BuildContext(tree.LeafID()).Messages); sm != nil {
		now := a.opts.Now()
		e["timestamp"] = session.ISOTime(now)
		sm["timestamp"] = float64(now.UnixMilli())
		e["systemMessage"] = sm
	}
	stored := tree.Append(e)
	msgs := tree.BuildContext(tree.LeafID()).Messages
	a.SetMessages(msgs)
	after := compaction.EstimateMessages(msgs)
	res.EstimatedTokensAfter = &after
	a.h.Emit(ctx, "session_compact", map[string]any{"type": "session_compact", "compactionEntry": map[string]any(stored),
		"fromExtension": fromExtension, "reason": reason, "willRetry": willRetry})
	return res, fromExtension, nil
}

// compactFailed is pi 1.6's session_compact_failed, after the failed
// compaction's compaction_end: errorMessage only for a failure that was
// not an abort.
func (a *Agent) compactFailed(ctx context.Context, reason, errorMessage string, aborted, fromExtension bool) {
	if !a.h.HasListeners("session_compact_failed") {
		return
	}
	ev := map[string]any{"type": "session_compact_failed", "reason": reason, "aborted": aborted, "willRetry": false,
		"fromExtension": fromExtension}
	if errorMessage != "" {
		ev["errorMessage"] = errorMessage
	}
	a.h.Emit(context.WithoutCancel(ctx), "session_compact_failed", ev)
}

// summarizer asks the session's model for a summary (pi's completeSimple:
// no extension hooks; reasoning at the session's level when the model has
// it).
func (a *Agent) summarizer(model Message, thinking string) compaction.Summarizer {
	return func(ctx context.Context, req compaction.SummaryRequest) (compaction.Message, error) {
		model, thinking := model, thinking
		if IsVirtual(model) && a.opts.Router != nil {
			m, t, err := a.routeDirect(ctx, model, thinking)
			if err != nil {
				return nil, err
			}
			model, thinking = m, t
		}
		level := "off"
		if r, _ := model["reasoning"].(bool); r && thinking != "" && thinking != "off" {
			level = thinking
		}
		user := Message{"role": "user", "content": []any{map[string]any{"type": "text", "text": req.Prompt}}, "timestamp": a.now()}
		// pi summarizes through the session's stream function, whose
		// requests run before_provider_headers too.
		// pi 1.6's completeSummarization: no cache writes for a one-off
		// summary, and a fresh routing id (pi's compaction and branch
		// summaries pass no session id).
		return a.opts.Provider.Stream(ctx, Request{Model: model, SystemPrompt: req.SystemPrompt, Messages: []Message{user},
			Thinking: level, MaxTokens: req.MaxTokens, OnEvent: func(Event) {}, OnHeaders: a.headersHook(ctx),
			CacheRetention: "none", SessionID: session.NewSessionID()})
	}
}

// retryingSummarizer is summarizer with pi 1.6's retries of a transient
// failure under the session's retry settings, told as
// summarization_retry_* events; source says what is summarized
// (summarization_retry_attempt_start carries it).
func (a *Agent) retryingSummarizer(model Message, thinking string, source Event) compaction.Summarizer {
	s := a.settings().Retry
	policy := compaction.RetryPolicy{Enabled: s.Enabled, MaxRetries: s.MaxRetries, BaseDelay: s.BaseDelay, MaxDelay: s.MaxDelay}
	return compaction.WithRetry(a.summarizer(model, thinking), policy, compaction.RetryCallbacks{
		Scheduled: func(attempt, maxAttempts int, delay time.Duration, msg string) {
			a.sink(Event{"type": "summarization_retry_scheduled", "attempt": float64(attempt), "maxAttempts": float64(maxAttempts),
				"delayMs": float64(delay.Milliseconds()), "errorMessage": msg})
		},
		AttemptStart: func() {
			ev := Event{"type": "summarization_retry_attempt_start"}
			for k, v := range source {
				ev[k] = v
			}
			a.sink(ev)
		},
		Finished: func(bool, int) { a.sink(Event{"type": "summarization_retry_finished"}) },
	})
}

// IsCompacting reports whether a compaction runs.
func (a *Agent) IsCompacting() bool { a.mu.Lock(); defer a.mu.Unlock(); return a.compactCancel != nil }

// AbortCompaction cancels a running compaction (pi's abortCompaction).
func (a *Agent) AbortCompaction() {
	a.mu.Lock()
	cancel := a.compactCancel
	a.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// CompactNow is pi's manual compact(customInstructions): the running
// prompt is aborted first; compaction_start/compaction_end frame the work.
// It returns pi's CompactionResult, or the reason it did not compact.
func (a *Agent) CompactNow(ctx context.Context, custom string, hasCustom bool) (map[string]any, error) {
	a.AbortRetry()
	a.Abort()
	_ = a.WaitIdle(ctx)
	a.sink(Event{"type": "compaction_start", "reason": "manual"})
	fromExtension := false
	fail := func(err error) (map[string]any, error) {
		aborted := errors.Is(err, errCompactionCancelled)
		ev := Event{"type": "compaction_end", "reason": "manual", "aborted": aborted, "willRetry": false}
		msg := ""
		if !aborted {
			msg = "Compaction failed: " + err.Error()
			ev["errorMessage"] = msg
		}
		a.sink(ev)
		a.compactFailed(ctx, "manual", msg, aborted, fromExtension)
		return nil, err
	}
	if a.Model() == nil {
		return fail(errors.New(noModelSelected))
	}
	if p := a.authProblem(); p != "" {
		return fail(errors.New(p))
	}
	res, fromExtension, err := a.compactBranch(ctx, custom, hasCustom, "manual", false)
	if err != nil {
		return fail(err)
	}
	a.sink(Event{"type": "compaction_end", "reason": "manual", "result": res.Data(), "aborted": false, "willRetry": false})
	return res.Data(), nil
}

// isOverflow is pi-ai's isContextOverflow for a reply given as data.
func isOverflow(m Message, contextWindow int) bool {
	am, err := provider.AssistantMessageFromMap(m)
	return err == nil && provider.IsContextOverflow(am, contextWindow)
}

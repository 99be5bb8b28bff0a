package agent_test

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
)

// recoveryRig is an agent over a scripted provider whose model has a small
// context window, recording the session events it emits.
type recoveryRig struct {
	t        *testing.T
	h        *engine.Host
	script   *provider.Scripted
	agent    *agent.Agent
	mu       sync.Mutex
	events   []agent.Event
	appended []agent.Event // entry_appended
	settings agent.Settings
	onEvent  func(agent.Event) // when set, sees each event
}

func newRecoveryRig(t *testing.T, window int, s agent.Settings) *recoveryRig {
	t.Helper()
	r := &recoveryRig{t: t, settings: s}
	r.h = engine.New(engine.Options{})
	t.Cleanup(func() { _ = r.h.Close(context.Background()) })
	reg := provider.NewRegistry(provider.RegistryOptions{})
	r.script = provider.NewScripted(provider.ScriptedOptions{Models: []provider.ModelDefinition{{ID: "small", ContextWindow: &window}}})
	if err := r.script.Register(reg); err != nil {
		t.Fatal(err)
	}
	r.agent = agent.New(agent.Options{Host: r.h, Provider: agent.RegistryProvider{Registry: reg}, Model: agent.ModelMap(r.script.Models()[0]),
		Settings: func() agent.Settings { return r.settings },
		Sink: func(ev agent.Event) {
			r.mu.Lock()
			defer r.mu.Unlock()
			if r.onEvent != nil {
				r.onEvent(ev)
			}
			switch ev["type"] {
			case "auto_retry_start", "auto_retry_end", "compaction_start", "compaction_end", "agent_start", "agent_end",
				"summarization_retry_scheduled", "summarization_retry_attempt_start", "summarization_retry_finished":
				r.events = append(r.events, engine.Clone(ev).(agent.Event))
			case "entry_appended":
				r.appended = append(r.appended, ev)
			}
		}})
	return r
}

func (r *recoveryRig) prompt(text string) {
	r.t.Helper()
	if err := r.agent.Prompt(context.Background(), text, agent.PromptOptions{}); err != nil {
		r.t.Fatal(err)
	}
}

// seen lists the recorded event types with their main field.
func (r *recoveryRig) seen() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, ev := range r.events {
		s := ev["type"].(string)
		switch ev["type"] {
		case "auto_retry_start":
			s += ":" + num(ev["attempt"]) + "/" + num(ev["maxAttempts"]) + "@" + num(ev["delayMs"])
		case "auto_retry_end":
			s += ":" + num(ev["attempt"]) + ":" + boolText(ev["success"])
		case "compaction_start", "compaction_end":
			s += ":" + ev["reason"].(string)
		}
		out = append(out, s)
	}
	return out
}

func (r *recoveryRig) event(typ string) agent.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.events) - 1; i >= 0; i-- {
		if r.events[i]["type"] == typ {
			return r.events[i]
		}
	}
	r.t.Fatalf("no %s event", typ)
	return nil
}

func num(v any) string {
	f, _ := v.(float64)
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func boolText(v any) string {
	if b, _ := v.(bool); b {
		return "ok"
	}
	return "failed"
}

func roles(ms []agent.Message) string {
	var rs []string
	for _, m := range ms {
		r := m["role"].(string)
		if m["stopReason"] == "error" {
			r += "(error)"
		}
		rs = append(rs, r)
	}
	return strings.Join(rs, ",")
}

func fastRetry(max int) agent.Settings {
	s := agent.DefaultSettings
	s.Retry = agent.RetrySettings{Enabled: true, MaxRetries: max, BaseDelay: time.Millisecond}
	return s
}

func TestAutoRetryRetriesTransientFailures(t *testing.T) {
	r := newRecoveryRig(t, 100000, fastRetry(3))
	r.script.Queue(provider.ReplyError("503 Service Unavailable"), provider.ReplyError("overloaded_error"), provider.ReplyText("finally"))
	r.prompt("hi")
	want := "agent_start,agent_end,auto_retry_start:1/3@1,agent_start,agent_end,auto_retry_start:2/3@2,agent_start,auto_retry_end:2:ok,agent_end"
	if got := strings.Join(r.seen(), ","); got != want {
		t.Fatalf("events\n got %s\nwant %s", got, want)
	}
	// The failed replies leave the conversation but stay in the session.
	if got := roles(r.agent.Messages()); got != "user,assistant" {
		t.Errorf("conversation %s", got)
	}
	if n := strings.Count(sessionRoles(r.h), "assistant(error)"); n != 2 {
		t.Errorf("session keeps %d failed replies: %s", n, sessionRoles(r.h))
	}
	// pi 1.6 records their omission as context_edit entries, told to the
	// client, so the session's context leaves them out too.
	tree := piapi.Of(r.h).Session()
	var failed []string
	for _, e := range tree.Entries() {
		if m, _ := e["message"].(map[string]any); m["stopReason"] == "error" {
			failed = append(failed, e["id"].(string))
		}
	}
	r.mu.Lock()
	appended := r.appended
	r.mu.Unlock()
	if len(appended) != 2 {
		t.Fatalf("%d entry_appended events, want 2", len(appended))
	}
	for i, ev := range appended {
		e, _ := ev["entry"].(map[string]any)
		if e["type"] != "context_edit" || e["targetId"] != failed[i] || e["replacement"] != nil || e["id"] == nil {
			t.Errorf("entry_appended %d: %v (failed replies %v)", i, e, failed)
		}
	}
	if got := roles(tree.BuildContext(tree.LeafID()).Messages); got != "user,assistant" {
		t.Errorf("session context %s", got)
	}
}

func TestAutoRetryGivesUpAfterMaxRetries(t *testing.T) {
	r := newRecoveryRig(t, 100000, fastRetry(2))
	r.script.Queue(provider.ReplyError("429 rate limit"), provider.ReplyError("429 rate limit"), provider.ReplyError("429 rate limit again"))
	r.prompt("hi")
	want := "agent_start,agent_end,auto_retry_start:1/2@1,agent_start,agent_end,auto_retry_start:2/2@2,agent_start,agent_end,auto_retry_end:2:failed"
	if got := strings.Join(r.seen(), ","); got != want {
		t.Fatalf("events\n got %s\nwant %s", got, want)
	}
	if e := r.event("auto_retry_end"); e["finalError"] != "429 rate limit again" {
		t.Errorf("finalError %v", e["finalError"])
	}
	// A later failure starts counting again.
	r.script.Queue(provider.ReplyError("502 bad gateway"), provider.ReplyText("ok"))
	r.prompt("again")
	if e := r.event("auto_retry_start"); e["attempt"] != 1.0 {
		t.Errorf("attempt %v after a finished sequence", e["attempt"])
	}
}

func TestAutoRetrySkipsPermanentErrorsAndWhenDisabled(t *testing.T) {
	r := newRecoveryRig(t, 100000, fastRetry(3))
	r.script.Queue(provider.ReplyError("401 invalid x-api-key"))
	r.prompt("hi")
	r.settings.Retry.Enabled = false
	r.script.Queue(provider.ReplyError("503 Service Unavailable"))
	r.prompt("again")
	if got := strings.Join(r.seen(), ","); got != "agent_start,agent_end,agent_start,agent_end" {
		t.Fatalf("events %s", got)
	}
}

func TestAbortCancelsAWaitingRetry(t *testing.T) {
	s := agent.DefaultSettings
	s.Retry.BaseDelay = time.Hour
	r := newRecoveryRig(t, 100000, s)
	r.script.Queue(provider.ReplyError("503 Service Unavailable"))
	done := make(chan struct{})
	go func() { defer close(done); r.prompt("hi") }()
	for !strings.Contains(strings.Join(r.seen(), ","), "auto_retry_start") {
		time.Sleep(time.Millisecond)
	}
	r.agent.Abort()
	<-done
	if e := r.event("auto_retry_end"); e["success"] != false || e["finalError"] != "Retry cancelled" || e["attempt"] != 1.0 {
		t.Fatalf("auto_retry_end %v", e)
	}
	// The wait is capped at maxAgentDelayMs (pi 1.6's default: a minute).
	if e := r.event("auto_retry_start"); e["delayMs"] != 60000.0 {
		t.Fatalf("auto_retry_start %v", e)
	}
}

// A context over contextWindow - reserveTokens is compacted after the run;
// the summary comes from the model and replaces the older messages.
func TestThresholdCompactionAfterARun(t *testing.T) {
	s := agent.DefaultSettings
	s.Compaction = compaction.Settings{Enabled: true, ReserveTokens: 1000, KeepRecentTokens: 300}
	r := newRecoveryRig(t, 2000, s)
	r.script.Queue(provider.ReplyText("first answer"))
	r.prompt("first question " + strings.Repeat("a", 2000))
	if strings.Contains(strings.Join(r.seen(), ","), "compaction") {
		t.Fatalf("compacted under the threshold: %v", r.seen())
	}
	var summaryRequest string
	r.script.Queue(provider.ReplyText("second answer"), provider.ScriptStep{Func: func(_ context.Context, c *provider.Context, o *provider.Options, _ int, _ *provider.Model) (provider.ScriptStep, error) {
		summaryRequest = c.SystemPrompt + "|" + c.Messages[0]["content"].([]any)[0].(map[string]any)["text"].(string)
		return provider.ReplyText("## Goal\nsummarized"), nil
	}})
	r.prompt("second question " + strings.Repeat("b", 3000))
	want := "agent_start,agent_end,agent_start,agent_end,compaction_start:threshold,compaction_end:threshold"
	if got := strings.Join(r.seen(), ","); got != want {
		t.Fatalf("events\n got %s\nwant %s", got, want)
	}
	if !strings.HasPrefix(summaryRequest, compaction.SystemPrompt+"|<conversation>\n[User]: first question") {
		t.Errorf("summary request %.200q", summaryRequest)
	}
	end := r.event("compaction_end")
	res, _ := end["result"].(map[string]any)
	if end["willRetry"] != false || res == nil || res["summary"] != "## Goal\nsummarized" {
		t.Fatalf("compaction_end %v", end)
	}
	if got := roles(r.agent.Messages()); got != "compactionSummary,user,assistant" {
		t.Errorf("conversation after compaction %s", got)
	}
	if !strings.Contains(sessionTypes(r.h), "compaction") {
		t.Errorf("no compaction entry: %s", sessionTypes(r.h))
	}
}

// smallKeep keeps little enough that a short test conversation has
// something to compact (pi 1.6 compacts nothing within keepRecentTokens).
func smallKeep() agent.Settings {
	s := agent.DefaultSettings
	s.Compaction.KeepRecentTokens = 2 // the last user message and what followed it
	return s
}

// A model reporting a context overflow gets one compact-and-retry.
func TestOverflowCompactsAndRetriesOnce(t *testing.T) {
	r := newRecoveryRig(t, 200000, smallKeep())
	r.script.Queue(provider.ReplyText("one"))
	r.prompt("question one " + strings.Repeat("x", 400))
	r.script.Queue(provider.ReplyError("prompt is too long: 250000 tokens > 200000 maximum"),
		provider.ReplyText("summary of it"), provider.ReplyText("recovered"))
	r.prompt("question two")
	want := "agent_start,agent_end,agent_start,agent_end,compaction_start:overflow,compaction_end:overflow,agent_start,agent_end"
	if got := strings.Join(r.seen(), ","); got != want {
		t.Fatalf("events\n got %s\nwant %s", got, want)
	}
	if e := r.event("compaction_end"); e["willRetry"] != true {
		t.Errorf("compaction_end %v", e)
	}
	ms := r.agent.Messages()
	last := ms[len(ms)-1]
	if last["stopReason"] != "stop" || strings.Contains(roles(ms), "error") {
		t.Fatalf("conversation %s", roles(ms))
	}
}

// When the retried request overflows again, pi gives up with its text.
func TestOverflowRecoveryIsTriedOnce(t *testing.T) {
	r := newRecoveryRig(t, 200000, smallKeep())
	r.script.Queue(provider.ReplyText("one"))
	r.prompt("question one " + strings.Repeat("x", 400))
	// (the retried reply comes a little later than the compaction, as it
	// always does outside tests)
	again := provider.ReplyError("prompt is too long")
	again.Delay = 5 * time.Millisecond
	r.script.Queue(provider.ReplyError("prompt is too long"), provider.ReplyText("summary"), again)
	r.prompt("question two")
	want := "agent_start,agent_end,agent_start,agent_end,compaction_start:overflow,compaction_end:overflow,agent_start,agent_end,compaction_end:overflow"
	if got := strings.Join(r.seen(), ","); got != want {
		t.Fatalf("events\n got %s\nwant %s", got, want)
	}
	if e := r.event("compaction_end"); e["errorMessage"] != "Context overflow recovery failed after one compact-and-retry attempt. Try reducing context or switching to a larger-context model." {
		t.Errorf("compaction_end %v", e)
	}
}

// An overflow with nothing to compact starts no compaction (pi 1.6): the
// failed reply stays.
func TestOverflowTooSmallToCompact(t *testing.T) {
	r := newRecoveryRig(t, 200000, agent.DefaultSettings)
	r.script.Queue(provider.ReplyText("one"))
	r.prompt("question one")
	r.script.Queue(provider.ReplyError("prompt is too long: 250000 tokens > 200000 maximum"))
	r.prompt("question two")
	if got, want := strings.Join(r.seen(), ","), "agent_start,agent_end,agent_start,agent_end"; got != want {
		t.Fatalf("events\n got %s\nwant %s", got, want)
	}
}

func TestManualCompaction(t *testing.T) {
	r := newRecoveryRig(t, 100000, smallKeep())
	if _, err := r.agent.CompactNow(context.Background(), "", false); err == nil || err.Error() != "Nothing to compact (session too small)" {
		t.Fatalf("empty session: %v", err)
	}
	if e := r.event("compaction_end"); e["errorMessage"] != "Compaction failed: Nothing to compact (session too small)" || e["aborted"] != false {
		t.Fatalf("compaction_end %v", e)
	}
	r.script.Queue(provider.ReplyText("a1"))
	r.prompt("q1")
	r.script.Queue(provider.ReplyText("a2"))
	r.prompt("q2")
	var prompt string
	r.script.Queue(provider.ScriptStep{Func: func(_ context.Context, c *provider.Context, o *provider.Options, _ int, _ *provider.Model) (provider.ScriptStep, error) {
		prompt = c.Messages[0]["content"].([]any)[0].(map[string]any)["text"].(string)
		return provider.ReplyText("the summary"), nil
	}})
	res, err := r.agent.CompactNow(context.Background(), "keep the numbers", true)
	if err != nil {
		t.Fatal(err)
	}
	if res["summary"] != "the summary" || res["firstKeptEntryId"] == "" {
		t.Fatalf("result %v", res)
	}
	if !strings.HasSuffix(prompt, "\n\nAdditional focus: keep the numbers") {
		t.Errorf("prompt does not end with the custom instructions: %q", prompt[len(prompt)-80:])
	}
	if _, err := r.agent.CompactNow(context.Background(), "", false); err == nil || err.Error() != "Already compacted" {
		t.Fatalf("second compaction: %v", err)
	}
	// A failing summary leaves the session as it was.
	r.script.Queue(provider.ReplyText("a3"))
	r.prompt("q3")
	before := sessionTypes(r.h)
	r.script.Queue(provider.ReplyError("invalid request"))
	if _, err := r.agent.CompactNow(context.Background(), "", false); err == nil || err.Error() != "Summarization failed: invalid request" {
		t.Fatalf("failing summary: %v", err)
	}
	if after := sessionTypes(r.h); after != before {
		t.Errorf("session changed by a failed compaction:\n%s\n%s", before, after)
	}
}

func sessionRoles(h *engine.Host) string {
	var rs []string
	for _, e := range piapi.Of(h).Session().Entries() {
		if m, ok := e["message"].(map[string]any); ok {
			r := m["role"].(string)
			if m["stopReason"] == "error" {
				r += "(error)"
			}
			rs = append(rs, r)
		}
	}
	return strings.Join(rs, ",")
}

func sessionTypes(h *engine.Host) string {
	var ts []string
	for _, e := range piapi.Of(h).Session().Entries() {
		ts = append(ts, e["type"].(string))
	}
	return strings.Join(ts, ",")
}

// summaryRetries lists the summarization_retry_* events recorded, each
// with its fields.
func (r *recoveryRig) summaryRetries() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, ev := range r.events {
		switch ev["type"] {
		case "summarization_retry_scheduled":
			out = append(out, fmt.Sprintf("scheduled %v/%v %vms %v", ev["attempt"], ev["maxAttempts"], ev["delayMs"], ev["errorMessage"]))
		case "summarization_retry_attempt_start":
			out = append(out, fmt.Sprintf("start %v %v", ev["source"], ev["reason"]))
		case "summarization_retry_finished":
			out = append(out, fmt.Sprintf("finished %d", len(ev)))
		}
	}
	return out
}

// A summary call failing with a transient error is retried under the
// retry settings, as pi 1.6 does, told as summarization_retry_* events.
func TestCompactionSummaryRetried(t *testing.T) {
	s := smallKeep()
	s.Retry.BaseDelay = time.Millisecond
	r := newRecoveryRig(t, 100000, s)
	r.script.Queue(provider.ReplyText("a1"))
	r.prompt("q1")
	r.script.Queue(provider.ReplyText("a2"))
	r.prompt("q2")
	r.script.Queue(provider.ReplyError("terminated"), provider.ReplyText("the summary"))
	res, err := r.agent.CompactNow(context.Background(), "", false)
	if err != nil || res["summary"] != "the summary" {
		t.Fatalf("%v %v", res, err)
	}
	want := []string{"scheduled 1/3 1ms terminated", "start compaction manual", "finished 1"}
	if got := r.summaryRetries(); !reflect.DeepEqual(got, want) {
		t.Fatalf("retry events\n got %q\nwant %q", got, want)
	}
}

// navigateWhileSummaryRetryWaits navigates back to the first reply with a
// summary whose call fails with a retryable error; onWait runs when the
// retry is scheduled (its wait is an hour).
func navigateWhileSummaryRetryWaits(t *testing.T, ctx context.Context, onWait func(r *recoveryRig)) *recoveryRig {
	t.Helper()
	s := agent.DefaultSettings
	s.Retry.BaseDelay = time.Hour
	r := newRecoveryRig(t, 100000, s)
	r.script.Queue(provider.ReplyText("a1"), provider.ReplyText("a2"))
	r.prompt("first")
	r.prompt("second")
	target := piapi.Of(r.h).Session().Entries()[1]["id"].(string)
	r.mu.Lock()
	r.onEvent = func(ev agent.Event) {
		if ev["type"] == "summarization_retry_scheduled" {
			onWait(r)
		}
	}
	r.mu.Unlock()
	r.script.Queue(provider.ReplyError("503 overloaded"))
	res, err := r.agent.NavigateTree(ctx, target, agent.NavigateOptions{Summarize: true})
	if err != nil || !res.Cancelled || !res.Aborted {
		t.Fatalf("%+v %v", res, err)
	}
	return r
}

// Aborting the navigation while a branch summary waits to be retried
// cancels it.
func TestBranchSummaryRetryAborted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := navigateWhileSummaryRetryWaits(t, ctx, func(*recoveryRig) { cancel() }) // the retry's wait is the one cancelled
	want := []string{"scheduled 1/3 60000ms 503 overloaded", "finished 1"}
	if got := r.summaryRetries(); !reflect.DeepEqual(got, want) {
		t.Fatalf("retry events\n got %q\nwant %q", got, want)
	}
}

// AbortBranchSummary cancels a navigation's summary while its retry
// waits, as pi's abort does.
func TestAbortBranchSummaryDuringRetry(t *testing.T) {
	r := navigateWhileSummaryRetryWaits(t, context.Background(), func(r *recoveryRig) { go r.agent.AbortBranchSummary() })
	r.agent.AbortBranchSummary() // none runs: nothing happens
}

// TestBeforeProviderHeadersOnSummaries: a compaction's summary request
// runs before_provider_headers too (pi summarizes through the session's
// stream function).
func TestBeforeProviderHeadersOnSummaries(t *testing.T) {
	r := newRecoveryRig(t, 200000, smallKeep())
	res := r.h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		return g.Hook("before_provider_headers", func(_ context.Context, p any) (any, error) {
			p.(map[string]any)["headers"].(map[string]any)["x-hooked"] = "yes"
			return nil, nil
		}, "")
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	var got []string
	record := func(text string) provider.ScriptStep {
		return provider.ScriptStep{Func: func(_ context.Context, _ *provider.Context, o *provider.Options, _ int, _ *provider.Model) (provider.ScriptStep, error) {
			got = append(got, text+"="+o.Headers["x-hooked"])
			return provider.ReplyText(text), nil
		}}
	}
	r.script.Queue(record("answer"), record("summary"))
	r.prompt("question")
	if _, err := r.agent.CompactNow(context.Background(), "", false); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, ",") != "answer=yes,summary=yes" {
		t.Errorf("headers the requests had: %v", got)
	}
}

// Agent retries use pi 1.6's classifier: an account limit is not retried
// even with a 429, a bare socket error code is.
func TestAutoRetryClassifiesAsPi16(t *testing.T) {
	r := newRecoveryRig(t, 100000, fastRetry(3))
	r.script.Queue(provider.ReplyError("429 insufficient_quota: check your billing"))
	r.prompt("hi")
	r.script.Queue(provider.ReplyError("read ECONNRESET"), provider.ReplyText("back"))
	r.prompt("again")
	if got, want := strings.Join(r.seen(), ","), "agent_start,agent_end,agent_start,agent_end,auto_retry_start:1/3@1,agent_start,auto_retry_end:1:ok,agent_end"; got != want {
		t.Fatalf("events\n got %s\nwant %s", got, want)
	}
}

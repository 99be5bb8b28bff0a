package agent_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/session"
)

type hookFn = func(ctx context.Context, p any) (any, error)

// boundaryRig boots one Go plugin per hook set, in order, and an agent
// over a scripted provider.
type boundaryRig struct {
	h     *engine.Host
	a     *agent.Agent
	prov  *scripted
	mu    sync.Mutex
	diags []engine.Diagnostic
	sink  []agent.Event
}

func newBoundaryRig(t *testing.T, responses [][]any, plugins ...map[string]hookFn) *boundaryRig {
	t.Helper()
	r := &boundaryRig{}
	r.h = engine.New(engine.Options{OnDiagnostic: func(d engine.Diagnostic) {
		r.mu.Lock()
		r.diags = append(r.diags, d)
		r.mu.Unlock()
	}})
	t.Cleanup(func() { r.h.Close(context.Background()) })
	var specs []engine.PluginSpec
	for i, hooks := range plugins {
		specs = append(specs, engine.PluginSpec{ID: fmt.Sprintf("p%d", i), Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
			for name, fn := range hooks {
				if err := g.Hook(name, fn, ""); err != nil {
					return err
				}
			}
			return nil
		})})
	}
	for _, res := range r.h.Boot(context.Background(), specs) {
		if !res.OK {
			t.Fatal(res.Err)
		}
	}
	r.prov = &scripted{responses: responses}
	r.a = agent.New(agent.Options{Host: r.h, Provider: r.prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"},
		Sink: func(ev agent.Event) { r.mu.Lock(); r.sink = append(r.sink, ev); r.mu.Unlock() }})
	piapi.Of(r.h).SetAgent(r.a)
	return r
}

func (r *boundaryRig) errors() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, d := range r.diags {
		if d.Severity == engine.SeverityError {
			out = append(out, d.Plugin+" "+d.Where+": "+d.Text)
		}
	}
	return out
}

func (r *boundaryRig) sinkTypes(typ string) []agent.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []agent.Event
	for _, ev := range r.sink {
		if ev["type"] == typ {
			out = append(out, ev)
		}
	}
	return out
}

func entryTypes(h *engine.Host) string {
	var out []string
	for _, e := range piapi.Of(h).Session().Entries() {
		typ, _ := e["type"].(string)
		if m, ok := e["message"].(map[string]any); ok {
			typ += ":" + fmt.Sprint(m["role"])
		}
		out = append(out, typ)
	}
	return strings.Join(out, " ")
}

func requestRoles(req agent.Request) string {
	var out []string
	for _, m := range req.Messages {
		out = append(out, fmt.Sprint(m["role"]))
	}
	return strings.Join(out, ",")
}

func text(s string) []any { return []any{map[string]any{"type": "text", "text": s}} }

// TestTurnEndReplacesResponse is the docs' example: the first handler
// hides the reply (context_edit) and adds an instruction (custom_message)
// with continue; the next handler sees that proposal and a context
// rebuilt from it; the entries are appended after the handlers, in order,
// and one context-only request follows, without the hidden reply.
func TestTurnEndReplacesResponse(t *testing.T) {
	var seen []string
	replaced := false
	first := map[string]hookFn{"turn_end": func(_ context.Context, p any) (any, error) {
		ev := p.(map[string]any)
		ids, _ := ev["toolResultEntryIds"].([]any)
		if replaced || ev["outcome"] != "completed" || len(ids) > 0 {
			return nil, nil
		}
		replaced = true
		entries := append(ev["entries"].([]any),
			map[string]any{"type": "context_edit", "targetId": ev["messageEntryId"], "replacement": nil},
			map[string]any{"type": "custom_message", "customType": "replacement-instruction", "content": "Answer again.", "display": false})
		return map[string]any{"entries": entries, "continue": true}, nil
	}}
	second := map[string]hookFn{"turn_end": func(_ context.Context, p any) (any, error) {
		ev := p.(map[string]any)
		c := ev["context"].(map[string]any)
		var roles []string
		for _, m := range c["llmMessages"].([]any) {
			roles = append(roles, fmt.Sprint(m.(map[string]any)["role"]))
		}
		seen = append(seen, fmt.Sprintf("entries=%d continue=%v llm=%s canContinue=%v turn=%v",
			len(ev["entries"].([]any)), ev["continue"], strings.Join(roles, ","), c["canContinue"], ev["turnIndex"]))
		return nil, nil
	}}
	r := newBoundaryRig(t, [][]any{text("first"), text("second")}, first, second)
	if err := r.a.Prompt(context.Background(), "hello", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	want := []string{"entries=2 continue=true llm=user,user canContinue=true turn=0",
		"entries=0 continue=false llm=user,user,assistant canContinue=false turn=1"}
	if strings.Join(seen, "\n") != strings.Join(want, "\n") {
		t.Errorf("second handler saw\n%s\nwant\n%s", strings.Join(seen, "\n"), strings.Join(want, "\n"))
	}
	if len(r.prov.requests) != 2 {
		t.Fatalf("%d requests, want 2", len(r.prov.requests))
	}
	if got := requestRoles(r.prov.requests[1]); got != "user,user" || !strings.Contains(fmt.Sprint(r.prov.requests[1].Messages[1]), "Answer again.") {
		t.Errorf("continuation request %s %v, want the prompt and the instruction (the first reply hidden)", got, r.prov.requests[1].Messages)
	}
	if got := entryTypes(r.h); got != "message:user message:assistant context_edit custom_message message:assistant" {
		t.Errorf("entries: %s", got)
	}
	if n := len(r.sinkTypes("entry_appended")); n != 2 {
		t.Errorf("%d entry_appended events, want 2", n)
	}
	if n := len(r.sinkTypes("agent_start")); n != 1 {
		t.Errorf("the continuation is a turn of the same run: %d agent_start", n)
	}
	if e := r.errors(); len(e) != 0 {
		t.Errorf("errors: %v", e)
	}
}

// TestTurnEndHandlerErrorsAndInvalidEntries: a throwing handler is
// reported and the next still runs; a proposal that does not validate is
// reported with pi's text against the handler that made it, and a later
// handler can repair it; one left invalid is dropped (nothing appended,
// no continuation).
func TestTurnEndHandlerErrorsAndInvalidEntries(t *testing.T) {
	bad := map[string]any{"type": "context_edit", "targetId": "nope", "replacement": nil}
	throws := map[string]hookFn{"turn_end": func(context.Context, any) (any, error) { return nil, errors.New("boom") }}
	invalid := map[string]hookFn{"turn_end": func(_ context.Context, p any) (any, error) {
		return map[string]any{"entries": []any{bad}, "continue": true}, nil
	}}
	var sawEntries []int
	repair := map[string]hookFn{"turn_end": func(_ context.Context, p any) (any, error) {
		ev := p.(map[string]any)
		sawEntries = append(sawEntries, len(ev["entries"].([]any)))
		return map[string]any{"entries": []any{map[string]any{"type": "custom", "customType": "note", "data": map[string]any{"n": 1.0}}}, "continue": false}, nil
	}}
	r := newBoundaryRig(t, [][]any{text("one")}, throws, invalid, repair)
	if err := r.a.Prompt(context.Background(), "hi", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	errs := r.errors()
	if len(errs) != 2 || errs[0] != "p0 hook turn_end: boom" || errs[1] != "p1 hook turn_end: Invalid boundary entries: Entry nope not found" {
		t.Errorf("errors: %q", errs)
	}
	if len(sawEntries) != 1 || sawEntries[0] != 1 {
		t.Errorf("the repairing handler saw %v entries, want the invalid proposal", sawEntries)
	}
	if got := entryTypes(r.h); got != "message:user message:assistant custom" {
		t.Errorf("entries: %s", got)
	}

	// Left invalid: dropped.
	r2 := newBoundaryRig(t, [][]any{text("one"), text("never")}, invalid)
	if err := r2.a.Prompt(context.Background(), "hi", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := entryTypes(r2.h); got != "message:user message:assistant" {
		t.Errorf("an invalid proposal was appended: %s", got)
	}
	if len(r2.prov.requests) != 1 {
		t.Errorf("an invalid proposal continued: %d requests", len(r2.prov.requests))
	}
}

// TestContextEditValidation: pi's appendContextEdit errors.
func TestContextEditValidation(t *testing.T) {
	var systemID string
	for _, tc := range []struct {
		draft func(ev map[string]any) map[string]any
		want  string
	}{
		{func(ev map[string]any) map[string]any {
			return map[string]any{"type": "context_edit", "targetId": ev["messageEntryId"], "replacement": map[string]any{"text": "x"}}
		}, "Context edit replacement must be null or contain string/array content"},
		{func(ev map[string]any) map[string]any {
			return map[string]any{"type": "context_edit", "targetId": systemID, "replacement": nil}
		}, "does not contribute editable model content"},
		{func(ev map[string]any) map[string]any {
			return map[string]any{"type": "context_edit", "targetId": ev["messageEntryId"], "replacement": map[string]any{"content": "short"}}
		}, ""},
	} {
		hooks := map[string]hookFn{"turn_end": func(_ context.Context, p any) (any, error) {
			return map[string]any{"entries": []any{tc.draft(p.(map[string]any))}}, nil
		}}
		r := newBoundaryRig(t, [][]any{text("one")}, hooks)
		systemID = piapi.Of(r.h).Session().Append(session.Entry{"type": "model_change", "provider": "test", "modelId": "m"})["id"].(string)
		if err := r.a.Prompt(context.Background(), "hi", agent.PromptOptions{}); err != nil {
			t.Fatal(err)
		}
		errs := strings.Join(r.errors(), "\n")
		if tc.want == "" {
			if errs != "" {
				t.Errorf("unexpected errors: %s", errs)
			}
			entries := piapi.Of(r.h).Session().Entries()
			last := entries[len(entries)-1]
			rep, _ := last["replacement"].(map[string]any)
			if blocks, _ := rep["content"].([]any); len(blocks) != 1 {
				t.Errorf("a string replacement of a reply becomes one text block: %v", last)
			}
			continue
		}
		if !strings.Contains(errs, "Invalid boundary entries: ") || !strings.Contains(errs, tc.want) {
			t.Errorf("errors %q, want %q", errs, tc.want)
		}
	}
}

// TestTurnEndContinueSatisfiedByTools: continue after a turn with tool
// calls adds no request; continue without runnable context is an error.
func TestTurnEndContinueSatisfiedByTools(t *testing.T) {
	always := map[string]hookFn{"turn_end": func(_ context.Context, p any) (any, error) {
		ev := p.(map[string]any)
		return map[string]any{"continue": ev["turnIndex"] == 0.0}, nil
	}}
	call := map[string]any{"type": "toolCall", "id": "c1", "name": "missing", "arguments": map[string]any{}}
	r := newBoundaryRig(t, [][]any{{call}, text("done"), text("extra")}, always)
	if err := r.a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(r.prov.requests) != 2 {
		t.Errorf("%d requests, want 2 (the tool result already continues)", len(r.prov.requests))
	}

	// After a plain reply the context ends with the assistant: nothing to answer.
	onlyContinue := map[string]hookFn{"turn_end": func(_ context.Context, p any) (any, error) {
		return map[string]any{"continue": true}, nil
	}}
	r2 := newBoundaryRig(t, [][]any{text("done"), text("extra")}, onlyContinue)
	if err := r2.a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(r2.prov.requests) != 1 {
		t.Errorf("%d requests, want 1", len(r2.prov.requests))
	}
	if errs := r2.errors(); len(errs) != 1 || errs[0] != "<boundary> hook turn_end: turn_end requested continuation without runnable model context" {
		t.Errorf("errors: %q", errs)
	}
}

// TestAgentBeforeSettleReviewReminder is the docs' example: when the
// agent would settle, a handler adds a hidden reminder and continues once;
// agent_settled follows the second run.
func TestAgentBeforeSettleReviewReminder(t *testing.T) {
	added := false
	var outcomes []any
	hooks := map[string]hookFn{"agent_before_settle": func(_ context.Context, p any) (any, error) {
		ev := p.(map[string]any)
		outcomes = append(outcomes, ev["outcome"])
		if added {
			return nil, nil
		}
		added = true
		return map[string]any{"entries": append(ev["entries"].([]any), map[string]any{"type": "custom_message",
			"customType": "review-reminder", "content": "Review the final diff before replying.", "display": false}), "continue": true}, nil
	}}
	r := newBoundaryRig(t, [][]any{text("done"), text("reviewed")}, hooks)
	if err := r.a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(r.prov.requests) != 2 || requestRoles(r.prov.requests[1]) != "user,assistant,user" {
		t.Fatalf("requests %d; second %v", len(r.prov.requests), requestRoles(r.prov.requests[len(r.prov.requests)-1]))
	}
	if fmt.Sprint(outcomes) != "[completed completed]" {
		t.Errorf("outcomes %v", outcomes)
	}
	if got := entryTypes(r.h); got != "message:user message:assistant custom_message message:assistant" {
		t.Errorf("entries: %s", got)
	}
	if n := len(r.sinkTypes("agent_settled")); n != 1 {
		t.Errorf("%d agent_settled", n)
	}
	if n := len(r.sinkTypes("agent_start")); n != 2 {
		t.Errorf("the continuation is a new run: %d agent_start", n)
	}
}

// TestAgentBeforeSettleAbort: an aborted run skips the boundary; an abort
// while its handlers run keeps their entries but not the continuation.
func TestAgentBeforeSettleAbort(t *testing.T) {
	var a *agent.Agent
	calls := 0
	hooks := map[string]hookFn{"agent_before_settle": func(_ context.Context, p any) (any, error) {
		calls++
		a.Abort()
		return map[string]any{"entries": []any{map[string]any{"type": "custom", "customType": "kept"}}, "continue": true}, nil
	}}
	r := newBoundaryRig(t, [][]any{text("done"), text("never")}, hooks)
	a = r.a
	if err := r.a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(r.prov.requests) != 1 || calls != 1 {
		t.Errorf("requests %d, handler calls %d", len(r.prov.requests), calls)
	}
	if got := entryTypes(r.h); got != "message:user message:assistant custom" {
		t.Errorf("entries: %s", got)
	}
	settled := r.sinkTypes("agent_settled")
	if len(settled) != 1 || settled[0]["aborted"] != true {
		t.Errorf("agent_settled %v", settled)
	}

	hp := &hangs{started: make(chan struct{})}
	r2 := newBoundaryRig(t, nil, hooks)
	a2 := agent.New(agent.Options{Host: r2.h, Provider: hp, Model: agent.Message{"id": "m", "provider": "test", "api": "test"}})
	a = a2
	calls = 0
	done := make(chan error, 1)
	go func() { done <- a2.Prompt(context.Background(), "wait", agent.PromptOptions{}) }()
	<-hp.started
	a2.Abort()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if calls != 0 {
		t.Errorf("an aborted run ran agent_before_settle")
	}
}

// TestBeforeProviderHeaders: handlers change the request's headers in
// place, in order; null removes one.
func TestBeforeProviderHeaders(t *testing.T) {
	add := map[string]hookFn{"before_provider_headers": func(_ context.Context, p any) (any, error) {
		hs := p.(map[string]any)["headers"].(map[string]any)
		hs["x-added"] = "1"
		hs["x-base"] = nil
		return map[string]any{"ignored": true}, nil
	}}
	var saw any
	look := map[string]hookFn{"before_provider_headers": func(_ context.Context, p any) (any, error) {
		saw = engine.Clone(p.(map[string]any)["headers"])
		return nil, nil
	}}
	r := newBoundaryRig(t, [][]any{text("ok")}, add, look)
	if err := r.a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	got := r.prov.requests[0].OnHeaders(map[string]any{"x-base": "b"})
	if fmt.Sprint(got) != "map[x-added:1 x-base:<nil>]" || fmt.Sprint(saw) != "map[x-added:1 x-base:<nil>]" {
		t.Errorf("headers %v, the later handler saw %v", got, saw)
	}
}

// TestSessionCompactFailed: a compaction that fails tells extensions
// (pi 1.6's session_compact_failed) after its compaction_end.
func TestSessionCompactFailed(t *testing.T) {
	var got []any
	var order []string
	var mu sync.Mutex
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		return g.On("session_compact_failed", func(_ context.Context, p any) error {
			mu.Lock()
			got = append(got, p)
			order = append(order, "failed")
			mu.Unlock()
			return nil
		})
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	a := agent.New(agent.Options{Host: h, Provider: &scripted{}, Model: agent.Message{"id": "m", "provider": "test", "api": "test"},
		Sink: func(ev agent.Event) {
			if ev["type"] == "compaction_end" {
				mu.Lock()
				order = append(order, "end")
				mu.Unlock()
			}
		}})
	piapi.Of(h).SetAgent(a)
	if _, err := a.CompactNow(context.Background(), "", false); err == nil {
		t.Fatal("compacting an empty session succeeded")
	}
	mu.Lock()
	defer mu.Unlock()
	want := "[map[aborted:false errorMessage:Compaction failed: Nothing to compact (session too small) fromExtension:false reason:manual type:session_compact_failed willRetry:false]]"
	if fmt.Sprint(got) != want || strings.Join(order, ",") != "end,failed" {
		t.Errorf("got %v (order %v)\nwant %s", got, order, want)
	}
}

// TestBoundaryCompactionDraft: a compaction draft becomes pi's compaction
// entry (fromHook, tokensBefore estimated, firstKeptEntryId its own id
// when left out) and the next context starts from it.
func TestBoundaryCompactionDraft(t *testing.T) {
	hooks := map[string]hookFn{"agent_before_settle": func(_ context.Context, p any) (any, error) {
		ev := p.(map[string]any)
		if len(ev["context"].(map[string]any)["contextEntries"].([]any)) == 0 {
			return nil, nil
		}
		return map[string]any{"entries": []any{map[string]any{"type": "compaction", "summary": "all of it", "details": map[string]any{"by": "ext"}}}}, nil
	}}
	r := newBoundaryRig(t, [][]any{text("one")}, hooks)
	if err := r.a.Prompt(context.Background(), "hi", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	entries := piapi.Of(r.h).Session().Entries()
	c := entries[len(entries)-1]
	if c["type"] != "compaction" || c["fromHook"] != true || c["firstKeptEntryId"] != c["id"] || c["summary"] != "all of it" {
		t.Fatalf("compaction entry %v", c)
	}
	if tb, _ := c["tokensBefore"].(float64); tb <= 0 {
		t.Errorf("tokensBefore %v", c["tokensBefore"])
	}
	msgs := r.a.Messages()
	if len(msgs) != 1 || msgs[0]["role"] != "compactionSummary" {
		t.Errorf("context after the compaction: %v", msgs)
	}
}

// TestBoundaryEntriesNotAList: entries that are not a list are pi's
// TypeError; a custom_message draft's preview carries a timestamp.
func TestBoundaryEntriesNotAList(t *testing.T) {
	var previewTimestamp any
	hooks := map[string]hookFn{"turn_end": func(_ context.Context, p any) (any, error) {
		return map[string]any{"entries": map[string]any{"type": "custom"}}, nil
	}}
	look := map[string]hookFn{"agent_before_settle": func(_ context.Context, p any) (any, error) {
		ev := p.(map[string]any)
		if len(ev["entries"].([]any)) == 0 {
			return map[string]any{"entries": []any{map[string]any{"type": "custom_message", "customType": "x", "content": "c", "display": false}}}, nil
		}
		msgs := ev["context"].(map[string]any)["contextMessages"].([]any)
		previewTimestamp = msgs[len(msgs)-1].(map[string]any)["timestamp"]
		return nil, nil
	}}
	r := newBoundaryRig(t, [][]any{text("one")}, hooks, look, look)
	if err := r.a.Prompt(context.Background(), "hi", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	if errs := r.errors(); len(errs) != 1 || errs[0] != "p0 hook turn_end: Invalid boundary entries: drafts is not iterable" {
		t.Errorf("errors %q", errs)
	}
	if ts, _ := previewTimestamp.(float64); ts <= 0 {
		t.Errorf("preview timestamp %v", previewTimestamp)
	}
}

// TestQueuedAtAgentEndRunsBeforeSettling: a message queued by an
// agent_end handler starts a fresh run before agent_before_settle, as
// pi's post-run handling does.
func TestQueuedAtAgentEndRunsBeforeSettling(t *testing.T) {
	var a *agent.Agent
	var order []string
	queued := false
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		if err := g.On("agent_end", func(context.Context, any) error {
			order = append(order, "agent_end")
			if !queued {
				queued = true
				a.FollowUp("more", nil)
			}
			return nil
		}); err != nil {
			return err
		}
		return g.Hook("agent_before_settle", func(context.Context, any) (any, error) {
			order = append(order, "before_settle")
			return nil, nil
		}, "")
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	prov := &scripted{responses: [][]any{text("one"), text("two")}}
	a = agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"}})
	piapi.Of(h).SetAgent(a)
	if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(order, ","); got != "agent_end,agent_end,before_settle" || len(prov.requests) != 2 {
		t.Errorf("order %s, %d requests", got, len(prov.requests))
	}
}

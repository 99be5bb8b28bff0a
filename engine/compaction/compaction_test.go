package compaction

import (
	"context"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

// The differential cases must cover what they are named after.
func TestCasesCoverCutRules(t *testing.T) {
	s := Settings{Enabled: true, ReserveTokens: 3000, KeepRecentTokens: 700}
	cases := compactionCases()
	if p, ok := Prepare(cases["split-turn"], s); !ok || !p.IsSplitTurn || len(p.TurnPrefixMessages) == 0 {
		t.Errorf("split-turn: %+v %v", p, ok)
	}
	if p, ok := Prepare(cases["previous-compaction"], s); !ok || !p.HasPrevious || !p.FileOps.Read["r.go"] || !p.FileOps.Edited["m.go"] {
		t.Errorf("previous-compaction: %+v %v", p, ok)
	}
	if p, ok := Prepare(cases["linear"], s); !ok || len(p.MessagesToSummarize) == 0 || p.TokensBefore == 0 {
		t.Errorf("linear: %+v %v", p, ok)
	}
	if _, ok := Prepare(cases["ends-with-compaction"], s); ok {
		t.Error("a branch ending with a compaction was prepared")
	}
}

// TestPrepareTooSmall: pi 1.6 does not compact a branch that fits in
// keepRecentTokens (nothing would be summarized).
func TestPrepareTooSmall(t *testing.T) {
	b := &sessionBuilder{}
	b.user("hi")
	b.assistant(100, text("hello"))
	if p, ok := Prepare(b.entries, Settings{Enabled: true, ReserveTokens: 3000, KeepRecentTokens: 20000}); ok {
		t.Errorf("a branch within keepRecentTokens was prepared: %+v", p)
	}
	if _, ok := Prepare(b.entries, Settings{Enabled: true, ReserveTokens: 3000, KeepRecentTokens: 1}); !ok {
		t.Error("a branch beyond keepRecentTokens was not prepared")
	}
}

func TestCompactFailsWithTheModelsError(t *testing.T) {
	p, _ := Prepare(compactionCases()["linear"], Settings{Enabled: true, ReserveTokens: 3000, KeepRecentTokens: 700})
	failing := func(context.Context, SummaryRequest) (Message, error) {
		return Message{"role": "assistant", "stopReason": "error", "errorMessage": "429 rate limited", "content": []any{}}, nil
	}
	_, err := Compact(context.Background(), p, failing, "")
	if err == nil || err.Error() != "Summarization failed: 429 rate limited" {
		t.Fatalf("err = %v", err)
	}
}

func TestShouldCompact(t *testing.T) {
	s := DefaultSettings
	if ShouldCompact(100000, 128000, s) || !ShouldCompact(112000, 128000, s) {
		t.Error("threshold is contextWindow - reserveTokens")
	}
	s.Enabled = false
	if ShouldCompact(1<<30, 128000, s) {
		t.Error("disabled compaction triggered")
	}
}

func TestEstimateContextUsesLastUsage(t *testing.T) {
	ms := []Message{
		{"role": "user", "content": "hello"},
		{"role": "assistant", "stopReason": "stop", "usage": map[string]any{"totalTokens": 500.0}, "content": []any{}},
		{"role": "assistant", "stopReason": "error", "usage": map[string]any{"totalTokens": 9999.0}, "content": []any{}},
		{"role": "user", "content": strings.Repeat("a", 40)},
	}
	e := EstimateContext(ms)
	if e.LastUsageIndex != 1 || e.UsageTokens != 500 || e.TrailingTokens != 10 || e.Tokens != 510 {
		t.Fatalf("%+v", e)
	}
}

// TestEstimateProjectedDistrustsStaleUsage: a reply's usage counts while
// nothing invalidated it; after a context edit every message is estimated.
func TestEstimateProjectedDistrustsStaleUsage(t *testing.T) {
	branch := []session.Entry{
		{"type": "message", "id": "u1", "message": map[string]any{"role": "user", "content": strings.Repeat("a", 40)}},
		{"type": "message", "id": "a1", "message": map[string]any{"role": "assistant", "stopReason": "stop",
			"usage": map[string]any{"totalTokens": 500.0}, "content": []any{map[string]any{"type": "text", "text": "abcd"}}}},
		{"type": "message", "id": "u2", "message": map[string]any{"role": "user", "content": "12345678"}},
	}
	if e := EstimateProjected(session.PathProjection(branch), branch); e.Tokens != 502 || e.LastUsageIndex != 1 {
		t.Errorf("with usage: %+v", e)
	}
	edited := append(branch, session.Entry{"type": "context_edit", "id": "e1", "targetId": "u2",
		"replacement": map[string]any{"content": "1234"}})
	if e := EstimateProjected(session.PathProjection(edited), edited); e.Tokens != 10+1+1 || e.LastUsageIndex != -1 {
		t.Errorf("after an edit: %+v", e)
	}
}

func testUsage(in, out float64, fromProvider bool) map[string]any {
	return map[string]any{"input": in, "output": out, "cacheRead": 0.0, "cacheWrite": 0.0, "totalTokens": in + out,
		"cost": map[string]any{"input": in / 1000, "output": out / 1000, "cacheRead": 0.0, "cacheWrite": 0.0, "total": (in + out) / 1000,
			"totalFromProvider": fromProvider}}
}

// TestCompactAddsUpUsage: a split turn's two summary calls (the history,
// then the turn prefix) are both at the model's output limit, and the
// result carries the sum of their usage.
func TestCompactAddsUpUsage(t *testing.T) {
	p, ok := Prepare(compactionCases()["previous-compaction"], Settings{Enabled: true, ReserveTokens: 3000, KeepRecentTokens: 700})
	if !ok || !p.IsSplitTurn || len(p.MessagesToSummarize) == 0 {
		t.Fatalf("case is not a split turn with history: %+v", p)
	}
	var prompts []string
	calls := 0
	s := func(_ context.Context, req SummaryRequest) (Message, error) {
		calls++
		if req.MaxTokens != 0 {
			t.Errorf("call %d capped at %d tokens", calls, req.MaxTokens)
		}
		prompts = append(prompts, req.Prompt)
		u := testUsage(100, 10, true)
		if calls == 2 {
			u = testUsage(50, 5, false)
			u["reasoning"] = 3.0
		}
		return Message{"role": "assistant", "stopReason": "stop", "usage": u, "content": []any{text("part")}}, nil
	}
	res, err := Compact(context.Background(), p, s, "")
	if err != nil {
		t.Fatal(err)
	}
	if calls != 2 || !strings.HasPrefix(prompts[0], "<conversation>") || !strings.HasPrefix(prompts[1], "# Conversation\n") {
		t.Fatalf("calls %d, prompts %q", calls, prompts)
	}
	u, _ := res.Usage.(map[string]any)
	cost, _ := u["cost"].(map[string]any)
	if u["input"] != 150.0 || u["output"] != 15.0 || u["totalTokens"] != 165.0 || u["reasoning"] != 3.0 ||
		cost["total"] != 0.165 || cost["totalFromProvider"] != false {
		t.Fatalf("usage %v", u)
	}
	if _, has := u["cacheWrite1h"]; has {
		t.Error("cacheWrite1h added though neither usage had it")
	}
	d := res.Data()
	if d["usage"] == nil {
		t.Error("Data() leaves out the usage")
	}
	if _, has := d["estimatedTokensAfter"]; has {
		t.Error("estimatedTokensAfter present before it was set")
	}
	n := 42
	res.EstimatedTokensAfter = &n
	if res.Data()["estimatedTokensAfter"] != 42.0 {
		t.Errorf("estimatedTokensAfter = %v", res.Data()["estimatedTokensAfter"])
	}
}

// TestCompactRejectsIncompleteSummaries: a summary cut at the token cap,
// or a reply calling a tool, fails the compaction with pi 1.6's text.
func TestCompactRejectsIncompleteSummaries(t *testing.T) {
	p, _ := Prepare(compactionCases()["linear"], Settings{Enabled: true, ReserveTokens: 3000, KeepRecentTokens: 700})
	for _, c := range []struct {
		reply Message
		want  string
	}{
		{Message{"role": "assistant", "stopReason": "length", "content": []any{text("half")}},
			"Summarization failed: generation hit the token cap and the summary is incomplete"},
		{Message{"role": "assistant", "stopReason": "toolUse", "content": []any{call("c1", "read", map[string]any{"path": "a"})}},
			"Summarization attempted to call a tool"},
	} {
		_, err := Compact(context.Background(), p, func(context.Context, SummaryRequest) (Message, error) { return c.reply, nil }, "")
		if err == nil || err.Error() != c.want {
			t.Errorf("err = %v, want %q", err, c.want)
		}
	}
}

func TestEstimateMessagesSums(t *testing.T) {
	ms := []Message{{"role": "user", "content": strings.Repeat("a", 40)}, {"role": "user", "content": strings.Repeat("b", 8)}}
	if got := EstimateMessages(ms); got != 12 {
		t.Fatalf("EstimateMessages = %d, want 12", got)
	}
}

// TestEstimateUserImages: pi 1.6 counts a user message's images as
// 1200 tokens each, as it does a tool result's.
func TestEstimateUserImages(t *testing.T) {
	m := Message{"role": "user", "content": []any{text("abcd"), map[string]any{"type": "image", "data": "x", "mimeType": "image/png"}}}
	if got := EstimateTokens(m); got != 1201 {
		t.Fatalf("EstimateTokens = %d, want 1201", got)
	}
}

// TestSummarizeBranchAsPi16: no output cap, the reply's usage on the
// result, and pi 1.6's failure texts for an error, a cut or a tool call.
func TestSummarizeBranchAsPi16(t *testing.T) {
	entries := branchCase()
	usage := map[string]any{"input": 10.0, "output": 5.0}
	var req SummaryRequest
	ok := func(_ context.Context, r SummaryRequest) (Message, error) {
		req = r
		return Message{"role": "assistant", "stopReason": "stop", "content": []any{text("sum")}, "usage": usage}, nil
	}
	res, err := SummarizeBranch(context.Background(), entries, ok, BranchOptions{})
	if err != nil || req.MaxTokens != 0 || res.Usage == nil || !strings.Contains(res.Summary, "sum") {
		t.Fatalf("%+v %v (max tokens %d)", res, err, req.MaxTokens)
	}
	for _, c := range []struct {
		reply Message
		want  string
	}{
		{Message{"stopReason": "error", "errorMessage": "boom"}, "Branch summarization failed: boom"},
		{Message{"stopReason": "error"}, "Branch summarization failed: Unknown error"},
		{Message{"stopReason": "length", "content": []any{text("half")}}, "Branch summarization failed: generation hit the token cap and the summary is incomplete"},
		{Message{"stopReason": "toolUse", "content": []any{call("c", "read", nil)}}, "Branch summarization attempted to call a tool"},
	} {
		_, err := SummarizeBranch(context.Background(), entries, func(context.Context, SummaryRequest) (Message, error) { return c.reply, nil }, BranchOptions{})
		if err == nil || err.Error() != c.want {
			t.Errorf("%v: got %v, want %q", c.reply, err, c.want)
		}
	}
	res, err = SummarizeBranch(context.Background(), entries, func(context.Context, SummaryRequest) (Message, error) {
		return Message{"stopReason": "aborted"}, nil
	}, BranchOptions{})
	if err != nil || !res.Aborted {
		t.Fatalf("aborted: %+v %v", res, err)
	}
}

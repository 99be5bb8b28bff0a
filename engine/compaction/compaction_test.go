package compaction

import (
	"context"
	"strings"
	"testing"
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

package session_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/session"
)

func TestBuildContext(t *testing.T) {
	t.Parallel()
	tr := session.InMemory("/w")
	if ctx := tr.BuildContext(""); len(ctx.Messages) != 0 || ctx.ThinkingLevel != "off" || ctx.Model != nil {
		t.Fatalf("empty context %+v", ctx)
	}
	mustCommit(t, tr, session.Entry{"type": "model_change", "provider": "p0", "modelId": "m0"})
	mustCommit(t, tr, session.Entry{"type": "thinking_level_change", "thinkingLevel": "high"})
	u1 := mustCommit(t, tr, msgEntry(userMsg("one")))
	a1 := mustCommit(t, tr, msgEntry(assistantMsg("one")))
	mustCommit(t, tr, session.Entry{"type": "custom", "customType": "ignored"})
	cm := mustCommit(t, tr, session.Entry{"type": "custom_message", "customType": "note", "content": "injected", "display": false,
		"timestamp": "2025-01-01T00:00:00.500Z"})
	u2 := mustCommit(t, tr, msgEntry(userMsg("two")))

	ctx := tr.BuildContext(tr.LeafID())
	if ctx.ThinkingLevel != "high" || *ctx.Model != (session.ModelRef{Provider: "mock", ModelID: "mock-1"}) {
		t.Fatalf("settings %+v %+v (the assistant message names the model)", ctx.ThinkingLevel, ctx.Model)
	}
	sameJSON(t, "messages", ctx.Messages, []any{
		u1["message"], a1["message"],
		map[string]any{"role": "custom", "customType": "note", "content": "injected", "display": false, "timestamp": 1735689600500},
		u2["message"],
	})
	_ = cm

	// A compaction keeps its summary, the entries from firstKeptEntryId, then what follows.
	c := mustCommit(t, tr, session.Entry{"type": "compaction", "summary": "S", "firstKeptEntryId": id(cm), "tokensBefore": 1234,
		"timestamp": "2025-01-01T00:00:01.000Z"})
	a2 := mustCommit(t, tr, msgEntry(assistantMsg("after")))
	ctx = tr.BuildContext(tr.LeafID())
	sameJSON(t, "compacted messages", ctx.Messages, []any{
		map[string]any{"role": "compactionSummary", "summary": "S", "tokensBefore": 1234, "timestamp": 1735689601000},
		map[string]any{"role": "custom", "customType": "note", "content": "injected", "display": false, "timestamp": 1735689600500},
		u2["message"], a2["message"],
	})
	_ = c

	// An older leaf sees only its own path; an unknown leaf falls back to the last entry.
	if ctx := tr.BuildContext(id(u1)); len(ctx.Messages) != 1 || ctx.Model.Provider != "p0" {
		t.Fatalf("context at u1: %+v", ctx)
	}
	if ctx := tr.BuildContext("unknown"); len(ctx.Messages) != 4 {
		t.Fatalf("fallback context has %d messages", len(ctx.Messages))
	}
}

// TestBuildContextEdits: pi 1.6's context_edit entries. A null
// replacement leaves the target out, a replacement swaps its content (a
// string for a reply becomes a text block), the last edit of a target
// wins, and an edit the compaction summarized away applies no more.
func TestBuildContextEdits(t *testing.T) {
	t.Parallel()
	tr := session.InMemory("/w")
	u1 := mustCommit(t, tr, msgEntry(userMsg("one")))
	failed := mustCommit(t, tr, msgEntry(assistantMsg("failed")))
	a1 := mustCommit(t, tr, msgEntry(assistantMsg("one")))
	mustCommit(t, tr, session.Entry{"type": "context_edit", "targetId": id(failed), "replacement": nil})
	mustCommit(t, tr, session.Entry{"type": "context_edit", "targetId": id(a1), "replacement": map[string]any{"content": "first"}})
	mustCommit(t, tr, session.Entry{"type": "context_edit", "targetId": id(a1), "replacement": map[string]any{"content": "short"}})
	ctx := tr.BuildContext(tr.LeafID())
	edited := map[string]any{}
	for k, v := range a1["message"].(map[string]any) {
		edited[k] = v
	}
	edited["content"] = []any{map[string]any{"type": "text", "text": "short"}}
	sameJSON(t, "edited messages", ctx.Messages, []any{u1["message"], edited})
	if got := a1["message"].(map[string]any)["content"].([]any)[0].(map[string]any)["text"]; got != "one" {
		t.Errorf("the stored message was changed: %v", got)
	}

	// An edit before the compaction's first kept entry was summarized.
	u2 := mustCommit(t, tr, msgEntry(userMsg("two")))
	mustCommit(t, tr, session.Entry{"type": "compaction", "summary": "S", "firstKeptEntryId": id(u2), "tokensBefore": 10,
		"timestamp": "2025-01-01T00:00:01.000Z"})
	ctx = tr.BuildContext(tr.LeafID())
	if len(ctx.Messages) != 2 || ctx.Messages[1]["role"] != "user" {
		t.Fatalf("compacted messages %v", ctx.Messages)
	}
	// One after it still applies.
	mustCommit(t, tr, session.Entry{"type": "context_edit", "targetId": id(u2), "replacement": nil})
	if ctx = tr.BuildContext(tr.LeafID()); len(ctx.Messages) != 1 || ctx.Messages[0]["role"] != "compactionSummary" {
		t.Fatalf("messages after an edit of a kept entry %v", ctx.Messages)
	}
}

// TestPathProjection: the entries a context is built from, each with its
// messages; after a compaction, the compaction (its summary), the kept
// entries and those after it; a context edit's target gives its
// replacement, or nothing.
func TestPathProjection(t *testing.T) {
	t.Parallel()
	tr := session.New("sid", "/w")
	tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "user", "content": "old"}})
	kept := tr.Append(session.Entry{"type": "message", "message": map[string]any{"role": "assistant", "content": []any{}}})
	tr.Append(session.Entry{"type": "compaction", "summary": "s", "firstKeptEntryId": kept["id"], "tokensBefore": 1.0})
	tr.Append(session.Entry{"type": "model_change", "provider": "p", "modelId": "m"})
	tr.Append(session.Entry{"type": "context_edit", "targetId": kept["id"], "replacement": map[string]any{"content": "new"}})
	var got []string
	for _, p := range session.PathProjection(tr.Branch("")) {
		var roles []string
		for _, m := range p.Messages {
			roles = append(roles, fmt.Sprint(m["role"], ":", m["content"]))
		}
		got = append(got, fmt.Sprint(p.Entry["type"], roles))
	}
	want := "compaction[compactionSummary:<nil>] message[assistant:[map[text:new type:text]]] model_change[] context_edit[]"
	if strings.Join(got, " ") != want {
		t.Errorf("projection\n got %s\nwant %s", strings.Join(got, " "), want)
	}
}

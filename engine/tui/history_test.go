package tui

import (
	"strings"
	"testing"
)

// A resumed session's custom entries appear at their place among its
// messages (get_entries' active branch), drawn by their renderer; an
// entry on another branch or before the kept part of a compaction does
// not; a message without an entry still shows.
func TestHistoryDrawsCustomEntriesInPlace(t *testing.T) {
	h := newHarness(t, Options{})
	user := func(text string, ts float64) map[string]any {
		return map[string]any{"role": "user", "content": text, "timestamp": ts}
	}
	entry := func(id, parent, typ string, kv ...any) map[string]any {
		e := map[string]any{"id": id, "parentId": parent, "type": typ}
		for i := 0; i+1 < len(kv); i += 2 {
			e[kv[i].(string)] = kv[i+1]
		}
		return e
	}
	h.answer("get_entries", map[string]any{"leafId": "m3", "entries": []any{
		entry("m0", "", "message", "message", user("dropped by compaction", 1)),
		entry("c0", "m0", "custom", "customType", "card", "data", "before kept"),
		entry("m1", "c0", "message", "message", user("first question", 2)),
		entry("c1", "m1", "custom", "customType", "card", "data", "after first"),
		entry("k", "c1", "compaction", "summary", "S", "firstKeptEntryId", "m1"),
		entry("x", "k", "custom", "customType", "card", "data", "other branch"),
		entry("m2", "k", "message", "message", user("second question", 3)),
		entry("c2", "m2", "custom", "customType", "card", "data", "after second"),
		entry("m3", "c2", "message", "message", user("third question", 4)),
	}})
	h.answer("get_messages", map[string]any{"messages": []any{
		map[string]any{"role": "compactionSummary", "summary": "S", "tokensBefore": 10.0, "timestamp": 5.0},
		user("first question", 2), user("second question", 3), user("third question", 4),
		user("not in the entries", 9),
	}})
	h.m.reloadChat()
	h.sync()
	for range 2 {
		c := h.cmd("render_entry")
		e, _ := c["entry"].(map[string]any)
		h.respond(c, true, map[string]any{"lines": []any{"CARD " + e["data"].(string)}})
	}
	h.noCmd("render_entry")
	s := h.screen()
	order := []string{"first question", "CARD after first", "second question", "CARD after second", "third question", "not in the entries"}
	last := -1
	for _, o := range order {
		i := strings.Index(s, o)
		if i < 0 || i < last {
			t.Fatalf("want %q after the previous lines:\n%s", o, s)
		}
		last = i
	}
	h.lacks("dropped by compaction", "before kept", "other branch")
}

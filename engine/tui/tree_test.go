package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/agentsession"
)

// treeFixture is a session with two branches off the first answer: the
// current one (second question) and another whose assistant turn called
// a tool; the first question is labeled.
func treeFixture() map[string]any {
	node := func(e map[string]any, kids ...any) map[string]any {
		return map[string]any{"entry": e, "children": append([]any{}, kids...)}
	}
	msg := func(id, parent string, m map[string]any) map[string]any {
		return map[string]any{"type": "message", "id": id, "parentId": parent, "message": m}
	}
	text := func(s string) []any { return []any{map[string]any{"type": "text", "text": s}} }
	u1 := node(msg("u1", "m0", map[string]any{"role": "user", "content": "first question"}),
		node(msg("a1", "u1", map[string]any{"role": "assistant", "content": text("first answer"), "stopReason": "stop"}),
			node(msg("u2", "a1", map[string]any{"role": "user", "content": "second question"}),
				node(msg("a2", "u2", map[string]any{"role": "assistant", "content": text("second answer"), "stopReason": "stop"}))),
			node(msg("u3", "a1", map[string]any{"role": "user", "content": "other branch"}),
				node(msg("a3", "u3", map[string]any{"role": "assistant", "stopReason": "toolUse",
					"content": []any{map[string]any{"type": "toolCall", "id": "c1", "name": "bash", "arguments": map[string]any{"command": "ls -la"}}}}),
					node(msg("t3", "a3", map[string]any{"role": "toolResult", "toolCallId": "c1", "toolName": "bash", "content": text("files")}),
						node(msg("a4", "t3", map[string]any{"role": "assistant", "content": text("other answer"), "stopReason": "stop"})))))))
	u1["label"], u1["labelTimestamp"] = "start", "2026-01-02T10:30:00.000Z"
	root := node(map[string]any{"type": "model_change", "id": "m0", "modelId": "mock-1"}, u1)
	return map[string]any{"tree": []any{root}, "leafId": "a2"}
}

func TestTreeNavigatorRowsFiltersAndSearch(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_tree", treeFixture())
	h.typ("/tree")
	h.press("enter")
	h.contains("Session Tree", "Type to search:", "(4/7)")
	rows := treeRows(h.screen())
	want := []string{
		"• [start] user: first question",
		"• assistant: first answer",
		"├⊟ • user: second question", // ⊟: a branch that folds
		"│     • assistant: second answer",
		"└⊟ user: other branch",
		"[bash: ls -la]",
		"assistant: other answer",
	}
	if len(rows) != len(want) {
		t.Fatalf("rows %q", rows)
	}
	for i, w := range want {
		if !strings.Contains(rows[i], w) {
			t.Errorf("row %d is %q, want %q", i, rows[i], w)
		}
	}
	if !strings.HasPrefix(rows[3], "› ") {
		t.Errorf("the leaf is not selected: %q", rows[3])
	}
	h.lacks("[model: mock-1]")
	h.press("ctrl+a")
	h.contains("[model: mock-1]", "(5/8) [all]") // the model change; a tool-call-only turn stays hidden
	h.press("ctrl+a", "ctrl+u")
	h.contains("(2/3) [user]")
	h.lacks("assistant: first answer")
	h.press("ctrl+u")
	h.typ("other")
	h.contains("Type to search: other", "user: other branch", "assistant: other answer")
	h.lacks("second question")
	h.press("esc") // clears the search first
	h.contains("second question")
	h.press("esc")
	h.lacks("Session Tree")
}

func TestTreeNavigateWithSummaryChoices(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_tree", treeFixture())
	h.typ("/tree")
	h.press("enter")
	h.press("enter") // the leaf
	h.contains("Already at this point")
	h.typ("/tree")
	h.press("enter")
	h.press("down", "enter") // other branch
	h.contains("Summarize branch?", "→ No summary", "Summarize with custom prompt")
	h.press("esc") // back to the tree, on the same entry
	h.contains("Session Tree")
	if rows := treeRows(h.screen()); !strings.HasPrefix(rows[4], "› ") {
		t.Errorf("selection not kept: %q", rows)
	}
	h.press("enter")
	h.press("down", "down", "enter")
	h.contains("Custom summarization instructions")
	h.typ("focus on tests")
	h.press("enter")
	c := h.cmd("navigate_tree")
	if c["entryId"] != "u3" || c["summarize"] != true || c["customInstructions"] != "focus on tests" {
		t.Fatalf("navigate_tree %v", c)
	}
	h.contains("Summarizing branch... (escape to cancel)")
	h.press("esc")
	h.cmd("abort_branch_summary")
	h.respond(c, true, map[string]any{"cancelled": true, "aborted": true})
	h.contains("Branch summarization cancelled", "Session Tree")
	h.lacks("Summarizing branch")

	h.press("enter", "enter") // u3 again, no summary
	c = h.cmd("navigate_tree")
	if c["summarize"] != false || c["customInstructions"] != nil {
		t.Fatalf("navigate_tree %v", c)
	}
	h.respond(c, true, map[string]any{"cancelled": false, "editorText": "other branch"})
	h.contains("Navigated to selected point")
	if got := h.m.ed.Text(); got != "other branch" {
		t.Errorf("editor %q", got)
	}
}

func TestTreeLabelEditAndSkipPrompt(t *testing.T) {
	h := newHarness(t, Options{BranchSummarySkipPrompt: true, TreeFilterMode: "no-tools"})
	h.answer("get_tree", treeFixture())
	h.typ("/tree")
	h.press("enter")
	// settings' treeFilterMode: the tool result is hidden
	h.contains("(4/6) [no-tools]")
	h.press("up", "up", "up") // the first question
	h.press("shift+l")
	h.contains("Label (empty to remove):")
	h.press("ctrl+u") // the editor's delete to line start
	h.typ("intro")
	h.press("enter")
	if c := h.cmd("set_entry_label"); c["entryId"] != "u1" || c["label"] != "intro" {
		t.Fatalf("set_entry_label %v", c)
	}
	h.contains("[intro] user: first question")
	h.press("shift+t")
	h.contains("[intro] "+labelStamp(time.Now().UTC().Format(time.RFC3339), time.Now())+" user: first question", "[+label time]")
	h.press("enter")
	if c := h.cmd("navigate_tree"); c["entryId"] != "u1" || c["summarize"] != false {
		t.Fatalf("navigate_tree without the prompt: %v", c)
	}
}

// treeRows are the navigator's entry rows on the screen.
func treeRows(screen string) []string {
	var rows []string
	for _, l := range strings.Split(screen, "\n") {
		if strings.HasPrefix(l, "› ") || (strings.HasPrefix(l, "  ") && (strings.Contains(l, "user:") || strings.Contains(l, "assistant:") ||
			strings.Contains(l, "[bash:") || strings.Contains(l, "[model:"))) {
			rows = append(rows, strings.TrimRight(l, " "))
		}
	}
	return rows
}

func TestTreeFoldBranchAndLabelStamp(t *testing.T) {
	h := newHarness(t, Options{})
	h.answer("get_tree", treeFixture())
	h.typ("/tree")
	h.press("enter")
	h.press("down") // other branch, a foldable branch start
	h.press("ctrl+left")
	h.contains("└⊞ user: other branch", "(5/5)")
	h.lacks("other answer")
	h.press("ctrl+right")
	h.contains("other answer", "(5/7)")
	h.press("up", "up", "up", "up", "ctrl+right") // from the first question down to the first branch point's first child
	h.contains("(3/7)")
	h.press("ctrl+x")
	h.contains("Copied selected message to clipboard")

	zone := time.FixedZone("x", 3600)
	now := time.Date(2026, 5, 6, 12, 0, 0, 0, zone)
	for ts, want := range map[string]string{
		"2026-05-06T08:30:00.000Z": "09:30",
		"2026-01-02T10:30:00.000Z": "1/2 11:30",
		"2025-12-31T23:30:00.000Z": "1/1 00:30", // this year in the zone
		"2024-03-04T10:30:00.000Z": "24/3/4 11:30",
	} {
		if got := labelStamp(ts, now); got != want {
			t.Errorf("labelStamp(%s) = %q, want %q", ts, got, want)
		}
	}
}

func TestTreeOptionsFromSettings(t *testing.T) {
	settings := map[string]any{"treeFilterMode": "user-only", "branchSummary": map[string]any{"skipPrompt": true}}
	o := optionsFrom(agentsession.InteractiveOptions{Setting: func(k string) any { return settings[k] }})
	if o.TreeFilterMode != "user-only" || !o.BranchSummarySkipPrompt {
		t.Errorf("options %+v", o)
	}
	if n := newTreeNav(treeFixture(), "", "bogus", 30, ""); n.mode != "default" {
		t.Errorf("an unknown treeFilterMode is %q, want default", n.mode)
	}
}

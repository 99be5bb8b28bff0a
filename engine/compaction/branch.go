package compaction

import (
	"context"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/session"
)

// Branch summaries (pi's branch-summarization): when the user leaves a
// branch of the session tree for another entry, the abandoned part can be
// summarized into a branch_summary entry at the destination, so the model
// keeps what was learned there.

// CollectBranchEntries is pi's collectEntriesForBranchSummary: the entries
// from oldLeaf back to (not including) the deepest entry it shares with
// targetID's path, oldest first, and that common ancestor ("" for none).
func CollectBranchEntries(t *session.Tree, oldLeaf, targetID string) (entries []session.Entry, commonAncestor string) {
	if oldLeaf == "" {
		return nil, ""
	}
	onOld := map[string]bool{}
	for _, e := range t.Branch(oldLeaf) {
		onOld[str(e["id"])] = true
	}
	target := t.Branch(targetID)
	for i := len(target) - 1; i >= 0; i-- {
		if id := str(target[i]["id"]); onOld[id] {
			commonAncestor = id
			break
		}
	}
	for cur := oldLeaf; cur != "" && cur != commonAncestor; {
		e, ok := t.Entry(cur)
		if !ok {
			break
		}
		entries = append(entries, e)
		cur = str(e["parentId"])
	}
	for i, j := 0, len(entries)-1; i < j; i, j = i+1, j-1 {
		entries[i], entries[j] = entries[j], entries[i]
	}
	return entries, commonAncestor
}

// messageForBranch is the message an entry contributes to a branch
// summary: tool results are left out (the calls say enough), summaries
// are kept, and a message or custom message a context edit targets is
// as the edit left it (edit nil: none).
func messageForBranch(e session.Entry, edit session.Entry) Message {
	switch e["type"] {
	case "message", "custom_message":
		if e["type"] == "message" && entryRole(e) == "toolResult" {
			return nil
		}
		m := session.EntryMessage(e)
		if edit == nil || m == nil {
			return m
		}
		if edit["replacement"] == nil {
			return nil
		}
		switch m["role"] {
		case "user", "assistant", "toolResult", "custom":
			return session.EditedMessage(m, edit["replacement"])
		}
		return m
	case "compaction":
		return Message{"role": "compactionSummary", "summary": e["summary"], "tokensBefore": e["tokensBefore"], "timestamp": jsTime(e["timestamp"])}
	case "branch_summary":
		return Message{"role": "branchSummary", "summary": e["summary"], "fromId": e["fromId"], "timestamp": jsTime(e["timestamp"])}
	}
	return session.EntryMessage(e)
}

// PrepareBranchEntries is pi's prepareBranchEntries: the newest messages
// of the branch that fit tokenBudget (0: all), oldest first, and the
// files they touched (including those of earlier pi-made branch summaries).
// A context_edit among the entries hides or replaces its target's message
// (the latest edit of a target counts).
func PrepareBranchEntries(entries []session.Entry, tokenBudget int) (msgs []Message, ops FileOps, tokens int) {
	ops = newFileOps()
	for _, e := range entries {
		if hook, _ := e["fromHook"].(bool); e["type"] != "branch_summary" || hook {
			continue
		}
		if d, ok := e["details"].(map[string]any); ok {
			for _, f := range engine.Strings(d["readFiles"]) {
				ops.Read[f] = true
			}
			for _, f := range engine.Strings(d["modifiedFiles"]) {
				ops.Edited[f] = true
			}
		}
	}
	edits := map[string]session.Entry{}
	for _, e := range entries {
		if e["type"] == "context_edit" {
			edits[str(e["targetId"])] = e
		}
	}
	var rev []Message
	for i := len(entries) - 1; i >= 0; i-- {
		m := messageForBranch(entries[i], edits[str(entries[i]["id"])])
		if m == nil {
			continue
		}
		ops.add(m)
		n := EstimateTokens(m)
		if tokenBudget > 0 && tokens+n > tokenBudget {
			// A summary is worth keeping if there is still room for most of it.
			if t := entries[i]["type"]; (t == "compaction" || t == "branch_summary") && float64(tokens) < float64(tokenBudget)*0.9 {
				rev = append(rev, m)
				tokens += n
			}
			break
		}
		rev = append(rev, m)
		tokens += n
	}
	msgs = make([]Message, len(rev))
	for i, m := range rev {
		msgs[len(rev)-1-i] = m
	}
	return msgs, ops, tokens
}

// BranchSummary is the outcome of [SummarizeBranch].
type BranchSummary struct {
	Summary                  string
	ReadFiles, ModifiedFiles []string
	// Usage is what the summary call cost (nil: no call was made).
	Usage any
	// Aborted: the model call was cancelled.
	Aborted bool
}

// BranchOptions qualify a branch summary.
type BranchOptions struct {
	ContextWindow int // the model's; 0 means 128000
	ReserveTokens int // 0 means 16384
	// CustomInstructions are added to pi's prompt, or replace it with
	// ReplaceInstructions.
	CustomInstructions  string
	ReplaceInstructions bool
}

// SummarizeBranch is pi's generateBranchSummary: the branch's messages
// that fit contextWindow - reserveTokens are summarized by the model, at
// its own output limit. An error reply, one cut at the token cap or one
// calling a tool fails with pi's text ("Branch summarization failed: …").
func SummarizeBranch(ctx context.Context, entries []session.Entry, s Summarizer, o BranchOptions) (BranchSummary, error) {
	window, reserve := o.ContextWindow, o.ReserveTokens
	if window == 0 {
		window = 128000
	}
	if reserve == 0 {
		reserve = 16384
	}
	msgs, ops, _ := PrepareBranchEntries(entries, window-reserve)
	if len(msgs) == 0 {
		return BranchSummary{Summary: "No content to summarize"}, nil
	}
	instructions := branchSummaryPrompt
	switch {
	case o.ReplaceInstructions && o.CustomInstructions != "":
		instructions = o.CustomInstructions
	case o.CustomInstructions != "":
		instructions += "\n\nAdditional focus: " + o.CustomInstructions
	}
	prompt := "<conversation>\n" + SerializeConversation(session.ConvertToLlm(msgs)) + "\n</conversation>\n\n" + instructions
	reply, err := s(ctx, SummaryRequest{SystemPrompt: SystemPrompt, Prompt: prompt})
	if err != nil {
		return BranchSummary{}, err
	}
	if reply["stopReason"] == "aborted" {
		return BranchSummary{Aborted: true}, nil
	}
	if err := summaryFailure(reply, "Branch summarization"); err != nil {
		return BranchSummary{}, err
	}
	readFiles, modifiedFiles := ops.Lists()
	summary := branchSummaryPreamble + textOf(reply["content"], "\n") + formatFileOperations(readFiles, modifiedFiles)
	return BranchSummary{Summary: summary, ReadFiles: readFiles, ModifiedFiles: modifiedFiles, Usage: reply["usage"]}, nil
}

// jsTime is new Date(iso).getTime() as JSON data (null when invalid).
func jsTime(v any) any {
	t, err := time.Parse(time.RFC3339Nano, str(v))
	if err != nil {
		return nil
	}
	return float64(t.UnixMilli())
}

package agent

import (
	"context"
	"errors"
	"fmt"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/session"
)

// NavigateOptions are pi's navigateTree options.
type NavigateOptions struct {
	// Summarize asks for a summary of the branch being left.
	Summarize bool
	// CustomInstructions (when HasCustom) are added to pi's summary
	// prompt, or replace it with ReplaceInstructions.
	CustomInstructions  string
	HasCustom           bool
	ReplaceInstructions bool
	// Label, when set, labels the summary entry (or the target without one).
	Label string
}

// NavigateResult is pi's navigateTree result.
type NavigateResult struct {
	Cancelled bool
	Aborted   bool // the summary's model call was cancelled
	// EditorText is the text of a selected user or custom message, which
	// pi puts back in the editor.
	EditorText   string
	SummaryEntry session.Entry // nil without a summary
}

// NavigateTree is pi's navigateTree: the session's leaf moves to targetID
// (to its parent for a user or custom message); the branch left behind may
// be summarized into a branch_summary entry, by the model or by a
// session_before_tree handler, which may also cancel or change the
// instructions and label. The conversation is rebuilt from the new
// branch; extensions get session_tree.
func (a *Agent) NavigateTree(ctx context.Context, targetID string, o NavigateOptions) (NavigateResult, error) {
	tree := piapi.Of(a.h).Session()
	oldLeaf := tree.LeafID()
	if targetID == oldLeaf {
		return NavigateResult{}, nil
	}
	model := a.Model()
	if o.Summarize && model == nil {
		return NavigateResult{}, errors.New("No model available for summarization")
	}
	if _, ok := tree.Entry(targetID); !ok {
		return NavigateResult{}, fmt.Errorf("Entry %s not found", targetID)
	}
	entries, common := compaction.CollectBranchEntries(tree, oldLeaf, targetID)
	prep := map[string]any{"targetId": targetID, "oldLeafId": nullable(oldLeaf), "commonAncestorId": nullable(common),
		"entriesToSummarize": entryList(entries), "userWantsSummary": o.Summarize, "replaceInstructions": o.ReplaceInstructions}
	if o.HasCustom {
		prep["customInstructions"] = o.CustomInstructions
	}
	if o.Label != "" {
		prep["label"] = o.Label
	}
	cctx, cancel := context.WithCancel(ctx)
	a.mu.Lock()
	a.branchCancel = &cancel
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		if a.branchCancel == &cancel {
			a.branchCancel = nil
		}
		a.mu.Unlock()
		cancel()
	}()
	var extSummary map[string]any
	hook := a.h.RunHook(cctx, "session_before_tree", map[string]any{"type": "session_before_tree", "preparation": prep,
		"signal": engine.AbortSignal{}})
	if r, ok := hook.Result.(map[string]any); ok {
		if c, _ := r["cancel"].(bool); c {
			return NavigateResult{Cancelled: true}, nil
		}
		if s, ok := r["summary"].(map[string]any); ok && o.Summarize {
			extSummary = s
		}
		if v, ok := r["customInstructions"].(string); ok {
			o.CustomInstructions, o.HasCustom = v, true
		}
		if v, ok := r["replaceInstructions"].(bool); ok {
			o.ReplaceInstructions = v
		}
		if v, ok := r["label"].(string); ok {
			o.Label = v
		}
	}
	var nav session.NavigateOptions
	switch {
	case o.Summarize && len(entries) > 0 && extSummary == nil:
		if p := a.authProblem(); p != "" {
			return NavigateResult{}, errors.New(p)
		}
		window, _ := model["contextWindow"].(float64)
		res, err := compaction.SummarizeBranch(cctx, entries, a.retryingSummarizer(model, a.ThinkingLevel(), Event{"source": "branchSummary"}), compaction.BranchOptions{
			ContextWindow: int(window), ReserveTokens: a.settings().BranchSummaryReserveTokens,
			CustomInstructions: o.CustomInstructions, ReplaceInstructions: o.ReplaceInstructions})
		if err != nil {
			return NavigateResult{}, err
		}
		if res.Aborted {
			return NavigateResult{Cancelled: true, Aborted: true}, nil
		}
		nav.Summary = res.Summary
		nav.Details = map[string]any{"readFiles": anySlice(res.ReadFiles), "modifiedFiles": anySlice(res.ModifiedFiles)}
		nav.Usage = res.Usage
	case extSummary != nil:
		nav.Summary, _ = extSummary["summary"].(string)
		nav.Details = extSummary["details"]
		nav.Usage = extSummary["usage"]
		nav.FromHook = true
	}
	nav.Label = o.Label
	res, err := tree.Navigate(targetID, nav)
	if err != nil && res.LeafID == "" && tree.LeafID() == oldLeaf {
		return NavigateResult{}, err
	}
	a.SetMessages(tree.BuildContext(tree.LeafID()).Messages)
	if a.opts.AfterNavigate != nil {
		a.opts.AfterNavigate(tree)
	}
	ev := map[string]any{"type": "session_tree", "newLeafId": nullable(tree.LeafID()), "oldLeafId": nullable(oldLeaf)}
	if res.Summary != nil {
		ev["summaryEntry"] = map[string]any(res.Summary)
		ev["fromExtension"] = nav.FromHook
	}
	a.h.Emit(ctx, "session_tree", ev)
	return NavigateResult{SummaryEntry: res.Summary, EditorText: res.EditorText}, nil
}

// AbortBranchSummary cancels the branch summary of a tree navigation in
// progress, its retry's wait included (pi's abortBranchSummary); that
// navigation reports itself cancelled.
func (a *Agent) AbortBranchSummary() {
	a.mu.Lock()
	cancel := a.branchCancel
	a.mu.Unlock()
	if cancel != nil {
		(*cancel)()
	}
}

// nullable is a session id as JSON data: "" (none) is null.
func nullable(id string) any {
	if id == "" {
		return nil
	}
	return id
}

func entryList(es []session.Entry) []any {
	out := make([]any, len(es))
	for i, e := range es {
		out[i] = map[string]any(e)
	}
	return out
}

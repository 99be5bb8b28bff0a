package agentsession

import (
	"context"
	"errors"

	"github.com/pigo-dev/pigo/engine/agent"
)

// pigo's session tree commands for interactive clients (pi offers its
// tree navigator only in the interactive mode, so pi's RPC has no
// equivalent): navigate_tree moves the session's leaf as pi's /tree does,
// set_entry_label is the navigator's label edit, abort_branch_summary
// stops a branch summary in progress (pi's escape while summarizing).

// navigateTree is pi's AgentSession.navigateTree: {entryId, summarize,
// customInstructions?} answers {cancelled, aborted?, editorText?}. A
// response in progress is aborted first, as pi's navigator does once the
// user committed; refused while compacting, with pi's error.
func (s *rpcServer) navigateTree(c *rpcCommand) (any, bool, error) {
	rt := s.rt
	target, err := c.str("entryId", "entryId")
	if err != nil {
		return nil, false, err
	}
	ctx := context.WithoutCancel(rt.baseCtx)
	if !rt.agent.IsIdle() {
		rt.agent.Abort()
		if err := rt.agent.WaitIdle(ctx); err != nil {
			return nil, false, err
		}
	}
	if rt.agent.IsCompacting() {
		return nil, false, errors.New("Wait for the current compaction or tree navigation to finish before navigating the session tree.")
	}
	o := agent.NavigateOptions{Summarize: c.boolOr("summarize")}
	if v, ok := c.raw["customInstructions"].(string); ok {
		o.CustomInstructions, o.HasCustom = v, true
	}
	navCtx, cancel := context.WithCancel(ctx)
	s.navMu.Lock()
	s.navCancel = cancel
	s.navMu.Unlock()
	defer func() {
		s.navMu.Lock()
		s.navCancel = nil
		s.navMu.Unlock()
		cancel()
	}()
	res, err := rt.agent.NavigateTree(navCtx, target, o)
	if err != nil {
		return nil, false, err
	}
	out := ordered{{"cancelled", res.Cancelled}}
	if res.Aborted {
		out = append(out, member{"aborted", true})
	}
	if res.EditorText != "" {
		out = append(out, member{"editorText", res.EditorText})
	}
	return out, true, nil
}

// abortBranchSummary cancels the summary of a navigate_tree in progress;
// that navigation answers {cancelled: true, aborted: true}.
func (s *rpcServer) abortBranchSummary(*rpcCommand) (any, bool, error) {
	s.navMu.Lock()
	if s.navCancel != nil {
		s.navCancel()
	}
	s.navMu.Unlock()
	s.rt.agent.AbortBranchSummary() // one an extension's ctx.navigateTree started
	return nil, false, nil
}

// setEntryLabel is pi's appendLabelChange: {entryId, label} ("" or no
// label clears it).
func (s *rpcServer) setEntryLabel(c *rpcCommand) (any, bool, error) {
	target, err := c.str("entryId", "entryId")
	if err != nil {
		return nil, false, err
	}
	if _, err := s.rt.tree().SetLabel(target, c.strOr("label")); err != nil {
		return nil, false, err
	}
	return nil, false, nil
}

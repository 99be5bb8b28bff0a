package agent

import (
	"context"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
	"github.com/pigo-dev/pigo/engine/session"
)

// VirtualStateEntry is the custom entry type pi 1.6 stores router state
// in, with data {provider, modelId, state}.
const VirtualStateEntry = "pi.virtual-model-state"

// Router picks the physical model of one request made with a virtual
// model (pi 1.6's ModelRuntime.resolveModel): it runs the model's route()
// and checks what it returned. An error ends the request.
type Router func(ctx context.Context, req RouteRequest) (Route, error)

// RouteRequest is one request to route.
type RouteRequest struct {
	Model    Message // the selected virtual model
	Thinking string  // the selected level
	Reason   string  // "user", "continuation", "retry" or "direct"
	Messages []Message
	// Failed is the failed reply a retry repeats, which Messages no
	// longer holds; nil otherwise.
	Failed Message
	// State is the router state stored on the branch; HasState says
	// whether there is one (direct requests get none).
	State    any
	HasState bool
	// NoSignal: the caller gave no abort signal, so route() gets none.
	NoSignal bool
}

// Route is where a request goes.
type Route struct {
	Model    Message // a physical model with credentials
	Thinking string  // clamped to Model
	// NewState is state route() returned that replaces the stored one
	// (set only then).
	NewState    any
	ChangeState bool
}

// IsVirtual reports whether a model (or an assistant message's api)
// names a virtual model.
func IsVirtual(m Message) bool { return m != nil && m["api"] == provider.VirtualAPI }

// routeRequest routes a request of the loop's selection (pi 1.6's
// prepareRequest under a virtual model): a user turn when a message the
// user wrote follows the last reply, a retry when recovery dropped a
// failed reply (failed), a continuation otherwise. State route() returns
// is stored on the branch before the request goes out.
func (l *loop) routeRequest(msgs []Message, failed Message) (Route, error) {
	a := l.a
	reason := "continuation"
	last := -1
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i]["role"] == "assistant" {
			last = i
			break
		}
	}
	for _, m := range msgs[last+1:] {
		if m["role"] == "user" {
			reason = "user"
		}
	}
	if failed != nil {
		reason = "retry"
	}
	prov, id := str(l.model["provider"]), str(l.model["id"])
	tree := piapi.Of(a.h).Session()
	state, hasState := branchRouterState(tree, prov, id)
	r, err := a.opts.Router(l.ctx, RouteRequest{Model: l.model, Thinking: l.thinking, Reason: reason,
		Messages: routeMessages(msgs), Failed: failed, State: state, HasState: hasState})
	if err != nil {
		return r, err
	}
	if r.ChangeState && tree != nil {
		tree.Append(session.Entry{"type": "custom", "customType": VirtualStateEntry,
			"data": map[string]any{"provider": prov, "modelId": id, "state": r.NewState}})
	}
	return r, nil
}

// routeMessages is the conversation as pi 1.6's convertToLlm gives it to
// a router: in the model's roles, with the system messages in place.
func routeMessages(msgs []Message) []Message {
	out := make([]Message, 0, len(msgs))
	for _, m := range msgs {
		if session.IsSystemMessage(m) {
			out = append(out, m)
		} else {
			out = append(out, session.ConvertToLlm([]map[string]any{m})...)
		}
	}
	return out
}

// branchRouterState is the latest router state the session branch
// stores for a virtual model (pi's getVirtualModelState).
func branchRouterState(tree *session.Tree, prov, id string) (state any, ok bool) {
	if tree == nil {
		return nil, false
	}
	tree.WalkBranch("", func(e session.Entry) bool {
		if e["type"] != "custom" || e["customType"] != VirtualStateEntry {
			return true
		}
		d, _ := jsjson.AsMap(e["data"]) // kept in the extension's key order
		if str(d["provider"]) != prov || str(d["modelId"]) != id {
			return true
		}
		state, ok = engine.Clone(d["state"]), true
		return false
	})
	return state, ok
}

// startRun is what pi 1.6's _startRun does before a prompt's run: a retry
// scheduled by compaction is replaced by the prompt, and the selection is
// recorded on the branch when the branch implies another one.
func (a *Agent) startRun() {
	a.mu.Lock()
	a.failedReply = nil
	a.mu.Unlock()
	a.recordSelection()
}

// recordSelection is pi 1.6's _recordModelSelection: replies cannot
// record a virtual selection, which is recorded as a model_change when
// the branch (after tree navigation, say) implies another model; a
// physical selection is recorded only over a virtual one the branch holds.
func (a *Agent) recordSelection() {
	model, tree, find := a.Model(), piapi.Of(a.h).Session(), a.hooksCopy().FindModel
	if model == nil || tree == nil || find == nil {
		return
	}
	isVirtual := func(p, id string) bool { m, ok := find(p, id); return ok && IsVirtual(m) }
	rec := session.BranchSelection(tree.Branch(""), isVirtual)
	if rec == nil || (rec.Provider == str(model["provider"]) && rec.ModelID == str(model["id"])) {
		return
	}
	if IsVirtual(model) || isVirtual(rec.Provider, rec.ModelID) {
		tree.Append(session.Entry{"type": "model_change", "provider": model["provider"], "modelId": model["id"]})
	}
}

// routeFailure is the reply of a request whose routing failed (pi-agent-
// core's handleRunFailure): it names the virtual model.
func (l *loop) routeFailure(err error) Message {
	stop := "error"
	if l.ctx.Err() != nil {
		stop = "aborted"
	}
	return Message{"role": "assistant", "content": []any{map[string]any{"type": "text", "text": ""}},
		"api": l.model["api"], "provider": l.model["provider"], "model": l.model["id"], "usage": emptyUsage(),
		"stopReason": stop, "errorMessage": err.Error(), "timestamp": l.a.now()}
}

// routeDirect routes a request made outside the agent loop (a summary):
// reason "direct", no state, and state it returns is ignored.
func (a *Agent) routeDirect(ctx context.Context, model Message, thinking string) (Message, string, error) {
	r, err := a.opts.Router(ctx, RouteRequest{Model: model, Thinking: thinking, Reason: "direct",
		Messages: routeMessages(a.Messages())})
	return r.Model, r.Thinking, err
}

// exceedsCompactionThreshold is pi 1.6's _exceedsCompactionThreshold:
// whether the session's projected context passes the compaction threshold
// of model's window (never for a model without one).
func (a *Agent) exceedsCompactionThreshold(model Message) bool {
	window, _ := model["contextWindow"].(float64)
	tree := piapi.Of(a.h).Session()
	if window <= 0 || tree == nil {
		return false
	}
	branch := tree.Branch("")
	tokens := compaction.EstimateProjected(session.PathProjection(branch), branch).Tokens
	return compaction.ShouldCompact(tokens, int(window), a.compactionSettings())
}

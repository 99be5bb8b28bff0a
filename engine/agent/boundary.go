package agent

import (
	"context"
	"errors"
	"fmt"
	"maps"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/compaction"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/session"
)

// pi 1.6's actionable boundaries: turn_end (after a turn's messages are
// persisted) and agent_before_settle (when the agent would settle). Their
// handlers run in load and registration order; each sees the entries and
// continuation proposed so far, and a preview of the context with those
// entries appended. Returning entries or continue replaces that field.
// When all handlers ran, the proposal (valid as a whole) is appended to
// the session in list order; continue asks for one more model request.

// BoundaryErrorPlugin is the plugin id of errors the boundary itself
// reports (pi's "<boundary>" extension path).
const BoundaryErrorPlugin = "<boundary>"

// boundaryOutcome is what a boundary's handlers decided.
type boundaryOutcome struct {
	entries []session.Entry // validated entries to append, in order
	cont    bool
}

// runBoundary dispatches the boundary event base (type turn_end or
// agent_before_settle) to its handlers (pi's emitBoundary) and returns the
// proposal; an invalid final proposal is dropped (no entries, no
// continuation), with the error reported against the handler that left it.
func (a *Agent) runBoundary(ctx context.Context, base map[string]any) boundaryOutcome {
	name, _ := base["type"].(string)
	kind := name
	var drafts any = []any{}
	cont := false
	built, prev, err := a.previewBoundary(drafts, kind)
	valid := err == nil
	event := func() map[string]any {
		ev := maps.Clone(base)
		ev["entries"] = engine.Clone(drafts)
		ev["continue"] = cont
		ev["context"] = prev
		return ev
	}
	// The context, reply and tool results are built for this call or are
	// the session's and the agent's, which nothing changes in place: JS
	// handlers read them through lazy views.
	hctx := engine.WithLazyPayload(ctx, name, "context", "message", "toolResults")
	a.h.RunHookSteps(hctx, name, event(), func(plugin string, reply engine.HookReply, herr error) any {
		if herr == nil {
			// The event's entries are the proposal itself in pi: a
			// handler that pushes to them and returns nothing counts.
			if ev, ok := reply.Event.(map[string]any); ok {
				if v, ok := ev["entries"]; ok {
					drafts = v
				}
			}
			if r, ok := reply.Result.(map[string]any); ok {
				if v, ok := r["entries"]; ok && v != nil {
					drafts = v
				}
				if v, ok := r["continue"]; ok && v != nil {
					cont = jsjson.Truthy(v)
				}
			}
		}
		b, p, err := a.previewBoundary(drafts, kind)
		if err != nil {
			valid = false
			a.h.RecordDiagnostic(engine.Diagnostic{Plugin: plugin, Severity: engine.SeverityError, Where: "hook " + name,
				Text: "Invalid boundary entries: " + err.Error()})
		} else {
			valid, built, prev = true, b, p
		}
		return event()
	})
	if !valid {
		return boundaryOutcome{}
	}
	return boundaryOutcome{entries: built, cont: cont}
}

// boundaryError reports an error of the boundary itself (pi's
// "<boundary>" extension errors).
func (a *Agent) boundaryError(event, text string) {
	a.h.RecordDiagnostic(engine.Diagnostic{Plugin: BoundaryErrorPlugin, Severity: engine.SeverityError, Where: "hook " + event, Text: text})
}

// previewBoundary validates drafts against the session's branch and
// returns the entries they make (without ids) and pi's boundary context:
// the projection with them appended.
func (a *Agent) previewBoundary(drafts any, kind string) ([]session.Entry, map[string]any, error) {
	tree := piapi.Of(a.h).Session()
	branch := tree.Branch("")
	var list []any
	switch d := drafts.(type) {
	case []any:
		list = d
	case string:
		// pi iterates a string's characters, none of which is a draft.
	default:
		return nil, nil, errors.New("drafts is not iterable") // pi's (V8's) TypeError
	}
	path := branch
	now := session.ISOTime(a.opts.Now())
	var built []session.Entry
	for i, d := range list {
		e, err := a.draftEntry(tree, path, d)
		if err != nil {
			return nil, nil, err
		}
		if e == nil {
			continue
		}
		built = append(built, e)
		preview := maps.Clone(e)
		preview["id"] = fmt.Sprintf("boundary-draft-%d", i)
		preview["parentId"] = nil
		if n := len(path); n > 0 {
			preview["parentId"] = path[n-1]["id"]
		}
		if _, ok := preview["timestamp"]; !ok {
			preview["timestamp"] = now
		}
		if preview["type"] == "compaction" && preview["firstKeptEntryId"] == nil {
			preview["firstKeptEntryId"] = preview["id"]
		}
		path = append(path[:len(path):len(path)], preview)
	}
	return built, a.boundaryContext(path, kind), nil
}

// boundaryContext is pi's boundary context for a branch: its entries and
// messages, what the model would see, the queued messages, and whether a
// continuation has anything to answer. It shares the entries' and
// messages' maps, which must not be modified.
func (a *Agent) boundaryContext(path []session.Entry, kind string) map[string]any {
	c := session.PathContext(path)
	// pi 1.6's convertToLlm keeps the system messages where they are.
	var llm []map[string]any
	nonSystem := false
	for _, m := range c.Messages {
		if session.IsSystemMessage(m) {
			llm = append(llm, m)
			continue
		}
		for _, lm := range session.ConvertToLlm([]map[string]any{m}) {
			llm = append(llm, lm)
			nonSystem = true
		}
	}
	finalRole := ""
	if n := len(llm); n > 0 {
		finalRole, _ = llm[n-1]["role"].(string)
	}
	a.mu.Lock()
	pending := make([]any, 0, len(a.steering)+len(a.followUp))
	for _, m := range a.steering {
		pending = append(pending, m)
	}
	for _, m := range a.followUp {
		pending = append(pending, m)
	}
	a.mu.Unlock()
	queued := len(pending) > 0
	canContinue := nonSystem && finalRole != "assistant"
	if kind == "turn_end" {
		canContinue = canContinue || queued
	} else {
		canContinue = canContinue || (finalRole == "assistant" && queued)
	}
	return map[string]any{
		"contextEntries":  contextEntries(path),
		"contextMessages": toAny(c.Messages),
		"llmMessages":     toAny(llm),
		"pendingMessages": pending,
		"canContinue":     canContinue,
	}
}

// contextEntries is pi 1.6's projection entries of a branch: each entry
// the context is built from, with its messages.
func contextEntries(path []session.Entry) []any {
	proj := session.PathProjection(path)
	out := make([]any, len(proj))
	for i, p := range proj {
		out[i] = map[string]any{"sourceEntry": map[string]any(p.Entry), "messages": toAny(p.Messages)}
	}
	return out
}

// draftEntry checks one draft as pi's session manager does when it
// appends it, and returns the entry to append (nil for a draft type pi
// skips).
func (a *Agent) draftEntry(tree *session.Tree, path []session.Entry, d any) (session.Entry, error) {
	m, ok := d.(map[string]any)
	if !ok {
		if d == nil {
			return nil, errors.New("Cannot read properties of null (reading 'type')")
		}
		return nil, nil
	}
	switch m["type"] {
	case "custom":
		e := session.Entry{"type": "custom", "customType": m["customType"]}
		if v, ok := m["data"]; ok {
			e["data"] = v
		}
		return e, nil
	case "custom_message":
		e := session.Entry{"type": "custom_message", "customType": m["customType"], "content": m["content"]}
		if v, ok := m["display"]; ok {
			e["display"] = v
		}
		if v, ok := m["details"]; ok && v != nil {
			e["details"] = v
		}
		return e, nil
	case "context_edit":
		return contextEdit(tree, path, m["targetId"], m["replacement"])
	case "compaction":
		msgs := session.PathContext(path).Messages
		e := session.Entry{"type": "compaction", "summary": m["summary"], "firstKeptEntryId": m["firstKeptEntryId"],
			"tokensBefore": float64(compaction.EstimateContext(msgs).Tokens)}
		if e["firstKeptEntryId"] == nil {
			delete(e, "firstKeptEntryId") // the entry's own id, once it has one
		}
		if v, ok := m["details"]; ok && v != nil {
			e["details"] = v
		}
		if v, ok := m["usage"]; ok && v != nil {
			e["usage"] = v
		}
		e["fromHook"] = true
		if sm := session.CurrentSystemMessage(msgs); sm != nil {
			now := a.opts.Now()
			e["timestamp"] = session.ISOTime(now)
			sm = maps.Clone(sm)
			sm["timestamp"] = float64(now.UnixMilli())
			e["systemMessage"] = sm
		}
		return e, nil
	}
	return nil, nil
}

// contextEdit is pi's appendContextEdit check: the replacement is null
// or has string or array content; the target is an entry on the branch
// that gives the model user, assistant, tool result or custom content.
func contextEdit(tree *session.Tree, path []session.Entry, target, replacement any) (session.Entry, error) {
	if replacement != nil {
		r, ok := replacement.(map[string]any)
		content, has := r["content"]
		if _, isList := content.([]any); !ok || !has || (!isList && !isString(content)) {
			return nil, errors.New("Context edit replacement must be null or contain string/array content")
		}
	}
	id := fmt.Sprint(target)
	if target == nil {
		id = "undefined"
	}
	var entry session.Entry
	for _, e := range path {
		if e["id"] == target {
			entry = e
		}
	}
	if entry == nil {
		if s, ok := target.(string); ok {
			if _, found := tree.Entry(s); found {
				return nil, fmt.Errorf("Entry %s is not on the active branch", id)
			}
		}
		return nil, fmt.Errorf("Entry %s not found", id)
	}
	msg, _ := entry["message"].(map[string]any)
	role, _ := msg["role"].(string)
	editable := entry["type"] == "custom_message" ||
		(entry["type"] == "message" && (role == "user" || role == "assistant" || role == "toolResult"))
	if !editable {
		return nil, fmt.Errorf("Entry %s does not contribute editable model content", id)
	}
	if r, ok := replacement.(map[string]any); ok && (role == "assistant" || role == "toolResult") {
		if s, ok := r["content"].(string); ok {
			replacement = map[string]any{"content": []any{map[string]any{"type": "text", "text": s}}}
		}
	}
	return session.Entry{"type": "context_edit", "targetId": target, "replacement": replacement}, nil
}

func isString(v any) bool { _, ok := v.(string); return ok }

// commitBoundary appends a boundary's entries to the session in order,
// rebuilds the conversation from it and tells the output
// (entry_appended; custom entries, which every append of one announces
// (agentsession), excepted).
func (a *Agent) commitBoundary(entries []session.Entry) {
	if len(entries) == 0 {
		return
	}
	tree := piapi.Of(a.h).Session()
	var stored []session.Entry
	for _, e := range entries {
		if s := tree.Append(e); s != nil {
			stored = append(stored, s)
		}
	}
	a.SetMessages(tree.BuildContext(tree.LeafID()).Messages)
	for _, s := range stored {
		if s["type"] == "custom" {
			continue // the session's clients hear of custom entries from the session itself
		}
		a.sink(Event{"type": "entry_appended", "entry": map[string]any(s)})
	}
}

// canContinue is the committed context's canContinue for a boundary.
func (a *Agent) canContinue(kind string) bool {
	tree := piapi.Of(a.h).Session()
	c, _ := a.boundaryContext(tree.Branch(""), kind)["canContinue"].(bool)
	return c
}

// turnEndBoundary is pi 1.6's turn_end boundary for a finished turn:
// the handlers see the reply and tool results with their entry ids and
// the turn's outcome; what they propose is appended; it reports whether
// they asked for one more request (and the context allows one).
func (l *loop) turnEndBoundary(msg Message, results []any, msgID string, resultIDs []string) bool {
	a := l.a
	outcome := "completed"
	switch msg["stopReason"] {
	case "aborted":
		outcome = "aborted"
	case "error":
		outcome = "error"
	}
	a.mu.Lock()
	a.lastOutcome = outcome
	a.mu.Unlock()
	if !a.h.HasHook("turn_end") {
		return false
	}
	if msgID == "" {
		a.boundaryError("turn_end", "turn_end could not resolve the persisted assistant entry ID")
		return false
	}
	ids := make([]any, 0, len(resultIDs))
	for _, id := range resultIDs {
		if id != "" {
			ids = append(ids, id)
		}
	}
	res := a.runBoundary(l.ctx, map[string]any{"type": "turn_end", "turnIndex": float64(a.turnIndexValue()),
		"message": msg, "toolResults": results, "messageEntryId": msgID,
		"toolResultEntryIds": ids, "outcome": outcome})
	a.commitBoundary(res.entries)
	if res.cont && !a.canContinue("turn_end") {
		a.boundaryError("turn_end", "turn_end requested continuation without runnable model context")
		return false
	}
	return res.cont
}

package agent

import (
	"maps"
	"reflect"
	"slices"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/session"
)

// pi 1.6 records the system prompt and the tool loadout in the
// conversation as role "system" messages (engine/session/system.go): the
// first run of a session records every prompt section and tool; later
// runs and turns record what changed. They are persisted, sent to
// clients and extensions like any message, and replayed into the
// request's system prompt and tools (pi-agent-core's declareToolChanges,
// AgentSession's _preparePromptAndToolLoadout and its request
// projections).

// SystemPrompt is pi's session.systemPrompt: the current run's forced
// prompt, else the prompt built for the active tools.
func (a *Agent) SystemPrompt() string {
	a.mu.Lock()
	forced := a.forced
	a.mu.Unlock()
	if forced != nil {
		return *forced
	}
	return session.SystemMessageText(map[string]any{"sections": a.promptSections()})
}

// promptSections builds the prompt sections for the active tools: from
// the options before_agent_start handlers left for this run, else from
// the builder (nil without one).
func (a *Agent) promptSections() *jsjson.Object {
	active := piapi.Of(a.h).ActiveTools()
	a.mu.Lock()
	run := a.runOptions
	a.mu.Unlock()
	if run != nil {
		// pi's prepareNextTurnWithContext: the run's options with the live
		// tools, their snippets and guidelines the current ones under the
		// run's.
		o := maps.Clone(run)
		o["selectedTools"] = anySlice(active)
		base := a.opts.PromptOptions(active)
		for _, k := range []string{"toolSnippets", "toolGuidelines"} {
			merged, _ := base[k].(map[string]any)
			merged = maps.Clone(merged)
			if merged == nil {
				merged = map[string]any{}
			}
			r, _ := run[k].(map[string]any)
			maps.Copy(merged, r)
			o[k] = merged
		}
		if sections, err := a.opts.SectionsFromOptions(o); err == nil {
			return sections
		}
	}
	if a.opts.PromptSections == nil {
		return nil
	}
	return a.opts.PromptSections(active)
}

// handlerPromptOptions reads the prompt options before_agent_start
// handlers left in the event (pi 1.6: they change them in place); nil
// when the agent has no options builder. An explicit edit of
// selectedTools (against before, the tools the event's options named)
// sets the active tools; otherwise the live loadout stands (a
// setActiveTools call in a handler is not undone). A custom section
// with an invalid name fails the prompt, as in pi.
func (a *Agent) handlerPromptOptions(event any, before []string) (map[string]any, error) {
	if a.opts.PromptOptions == nil || a.opts.SectionsFromOptions == nil {
		return nil, nil
	}
	ev, _ := event.(map[string]any)
	o, _ := ev["systemPromptOptions"].(map[string]any)
	if o == nil {
		return nil, nil
	}
	if edited := engine.Strings(o["selectedTools"]); !slices.Equal(edited, before) {
		piapi.Of(a.h).SetRunTools(edited)
	}
	if _, err := a.opts.SectionsFromOptions(o); err != nil {
		return nil, err
	}
	return o, nil
}

// promptPatch is the system message that brings the sections the
// conversation declares up to date, or nil when they are.
func (a *Agent) promptPatch() Message {
	var previous any
	if sm := session.CurrentSystemMessage(a.SharedMessages()); sm != nil {
		previous = sm["sections"]
	}
	patch := session.DiffSections(previous, a.promptSections())
	if patch == nil {
		return nil
	}
	return Message{"role": "system", "content": "", "sections": patch, "timestamp": a.now()}
}

// declareToolChanges is pi-agent-core's declareToolChanges: the pending
// messages of a turn with the difference between the tools the
// conversation declares and the active ones recorded on their system
// message (replacing its tool fields), or on a new one inserted before
// the first other message.
func (l *loop) declareToolChanges(pending []Message) []Message {
	decls := l.loadout()
	sys := -1
	for i := len(pending) - 1; i >= 0; i-- {
		if session.IsSystemMessage(pending[i]) {
			sys = i
			break
		}
	}
	baseline := pending
	if sys >= 0 {
		baseline = append([]Message(nil), pending...)
		baseline[sys] = session.WithToolChanges(pending[sys], nil, nil)
	}
	added, removed := session.ToolStateChanges(session.CurrentTools(append(l.a.SharedMessages(), baseline...)), decls)
	unchanged := len(added) == 0 && len(removed) == 0
	if sys >= 0 {
		if unchanged && pending[sys]["toolsAdded"] == nil && pending[sys]["toolsRemoved"] == nil {
			return pending
		}
		baseline[sys] = session.WithToolChanges(pending[sys], added, removed)
		return baseline
	}
	if unchanged {
		return pending
	}
	update := session.WithToolChanges(Message{"role": "system", "content": "", "timestamp": l.a.now()}, added, removed)
	at := len(pending)
	for i, m := range pending {
		if !session.IsSystemMessage(m) {
			at = i
			break
		}
	}
	out := append(append(append([]Message(nil), pending[:at]...), update), pending[at:]...)
	return out
}

// loadout is the active tools' declarations, with the descriptions pi
// 1.6's prepareLoadout hooks (codemode) gave them; it remembers the
// declarations those hooks hide from requests (they stay recorded).
func (l *loop) loadout() []Message {
	h := l.a.h
	cur := h.Tools().Current()
	// In the order of the active set: pi appends the tools setActiveTools
	// adds (tool_search's) after the ones already active.
	var active []engine.Entry[engine.Tool]
	var names []string
	seen := map[string]bool{}
	for _, n := range piapi.Of(h).ActiveTools() {
		if e, ok := cur.Get(n); ok && !seen[n] && piapi.ToolExposure(e.Value) != "hidden" {
			active, names, seen[n] = append(active, e), append(names, n), true
		}
	}
	descriptions, hidden := piapi.Of(h).PrepareLoadout(l.ctx, names)
	l.hidden = hidden
	var out []Message
	for _, e := range active {
		d, ok := descriptions[e.ID]
		if !ok {
			d = e.Value.Description
		}
		tool := Message{"name": e.ID, "description": d, "parameters": e.Value.DeclaredParameters()}
		if cs, ok := e.Value.Extra["constrainedSampling"]; ok {
			tool["constrainedSampling"] = cs
		}
		out = append(out, session.ToolDeclaration(tool))
	}
	return out
}

// requestContext runs the context handlers over the conversation and
// returns what the request carries: pi's emitContext (context handlers
// see the conversation without system messages, context_with_system
// handlers all of it), then the system messages replayed into one prompt
// and tool list (pi-ai's collapseSystemMessages, for models that take no
// system messages mid-conversation), a forced prompt in its place. The
// transcript is the same conversation with its system messages in
// place (pi's request after its projections: a forced prompt collapses
// them, hidden declarations are left out of each), for models that do.
func (l *loop) requestContext(msgs []Message) (system string, tools, messages, transcript []Message) {
	a := l.a
	if a.h.HasHook("context") {
		var visible []Message
		for _, m := range msgs {
			if !session.IsSystemMessage(m) {
				visible = append(visible, m)
			}
		}
		if visible == nil {
			visible = []Message{}
		}
		// visible is this turn's copy of the conversation, which nothing
		// changes in place: JS handlers may read it through lazy views.
		out := a.h.RunHook(engine.WithLazyPayload(l.ctx, "context", "messages"), "context",
			map[string]any{"type": "context", "messages": toAny(visible)})
		// The chain's final event carries pi's currentMessages: the last
		// returned messages with later in-place changes (a handler that
		// splices event.messages and returns nothing counts in pi).
		if ev, ok := out.Value.(map[string]any); ok {
			if ms, ok := ev["messages"].([]any); ok {
				if returned := fromAny(ms); !reflect.DeepEqual(returned, visible) {
					// pi's restoreSystemMessages: a changed conversation gets
					// the replayed prompt and tools as one leading message.
					head := session.CurrentSystemMessage(msgs)
					msgs = returned
					if head != nil {
						msgs = append([]Message{head}, returned...)
					}
				}
			}
		}
	}
	if a.h.HasHook("context_with_system") {
		out := a.h.RunHook(engine.WithLazyPayload(l.ctx, "context_with_system", "messages"), "context_with_system",
			map[string]any{"type": "context_with_system", "messages": toAny(msgs)})
		if ev, ok := out.Value.(map[string]any); ok {
			if ms, ok := ev["messages"].([]any); ok {
				msgs = fromAny(ms)
			}
		}
	}
	head := session.CurrentSystemMessage(msgs)
	a.mu.Lock()
	forced := a.forced
	a.mu.Unlock()
	if forced != nil {
		// pi's forced-prompt projection: one head with the forced text
		// and the current tools, in place of every system message.
		head = Message{"role": "system", "content": *forced, "toolsAdded": head["toolsAdded"], "timestamp": head["timestamp"]}
		rest := slices.DeleteFunc(slices.Clone(msgs), session.IsSystemMessage)
		msgs = append([]Message{head}, rest...)
	}
	if head != nil {
		system = session.SystemMessageText(head)
		for _, t := range session.CurrentTools([]map[string]any{head}) {
			if !l.hidden[str(t["name"])] {
				tool := Message{"name": t["name"], "description": t["description"], "parameters": t["parameters"]}
				if cs, ok := t["constrainedSampling"]; ok && cs != nil {
					tool["constrainedSampling"] = cs // pi 1.6: providers may send the tool strict
				}
				tools = append(tools, tool)
			}
		}
	}
	transcript = l.withoutHidden(session.ConvertToLlmTranscript(msgs))
	// The replayed view is the transcript without its system messages
	// (session.ConvertToLlm), taken from the one conversion.
	messages = make([]Message, 0, len(transcript))
	for _, m := range transcript {
		if !session.IsSystemMessage(m) {
			messages = append(messages, m)
		}
	}
	return system, tools, messages, transcript
}

// withoutHidden is pi's hidden-declarations projection: the tools
// prepareLoadout hooks hide are left out of every system message's
// changes, so the request declares them nowhere.
func (l *loop) withoutHidden(msgs []Message) []Message {
	if len(l.hidden) == 0 {
		return msgs
	}
	out := make([]Message, len(msgs))
	for i, m := range msgs {
		out[i] = m
		if !session.IsSystemMessage(m) || (m["toolsAdded"] == nil && m["toolsRemoved"] == nil) {
			continue
		}
		visible := func(field string) []map[string]any {
			return slices.DeleteFunc(slices.Clone(session.ToolList(m[field])), func(t map[string]any) bool { return l.hidden[str(t["name"])] })
		}
		out[i] = session.WithToolChanges(m, visible("toolsAdded"), visible("toolsRemoved"))
	}
	return out
}

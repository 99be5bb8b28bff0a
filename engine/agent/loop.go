package agent

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"sync"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/provider"
)

// loop is one run of pi-agent-core's runLoop with the model and settings
// snapshot taken when the prompt was accepted (a rebuild mid-run does not
// change an in-flight turn).
type loop struct {
	a        *Agent
	ctx      context.Context
	model    Message
	thinking string
	hidden   map[string]bool // declarations prepareLoadout hides from requests (loadout)
	newMsgs  []any
	last     Message // the last assistant reply of the run
	// callable are the tools the last request had (pi-agent-core's
	// context tools): a reply calling another tool, such as a deferred
	// one tool_search has not loaded, gets "Tool X not found".
	callable map[string]bool
	emitMu   sync.Mutex // events of parallel tool calls go out one at a time
	// nested runs and records the calls tools make through
	// ctx.executeTool (nil outside runOnce).
	nested *nestedCalls
	// lastID is the session entry id of the message messageEnd persisted last.
	lastID string
}

// emit sends an agent event to extensions (as pi's AgentSession does: with
// turnIndex/timestamp, and message_end as an interceptable hook), then to
// the sink. message_end may return a replacement message.
func (l *loop) emit(ev Event) Event {
	l.emitMu.Lock()
	defer l.emitMu.Unlock()
	a := l.a
	h := a.h
	typ, _ := ev["type"].(string)
	// message_end handlers may change the event in place, so they get a
	// deep copy; listeners each get their own copy from Emit, so a
	// shallow one (for turnIndex/timestamp) is enough there.
	var ext Event
	if typ == "message_end" {
		ext = engine.Clone(ev).(Event)
	} else {
		ext = make(Event, len(ev)+2)
		for k, v := range ev {
			ext[k] = v
		}
	}
	switch typ {
	case "turn_start":
		ext["turnIndex"] = float64(a.turnIndexValue())
		ext["timestamp"] = a.now()
	case "turn_end":
		ext["turnIndex"] = float64(a.turnIndexValue())
	}
	if typ == "message_end" {
		out := h.RunHook(l.ctx, "message_end", ext)
		if r, ok := out.Result.(map[string]any); ok {
			if m, ok := r["message"].(map[string]any); ok {
				ev["message"] = m
			}
		}
	} else {
		ctx := l.ctx
		if typ == "agent_end" {
			// Emit gives each listener its own copy of the run's
			// messages: JS listeners may read it through lazy views.
			ctx = engine.WithLazyPayload(ctx, typ, "messages")
		}
		h.Emit(ctx, typ, ext)
	}
	if typ == "turn_end" {
		a.mu.Lock()
		a.turnIndex++
		a.mu.Unlock()
	}
	if a.opts.Sink != nil {
		a.opts.Sink(ev)
	}
	return ev
}

// emitted returns once the event being emitted, if any, has reached the
// hooks, listeners and sink.
func (l *loop) emitted() {
	l.emitMu.Lock()
	defer l.emitMu.Unlock()
}

// payloadHook is pi's onPayload for the requests of ctx to model: the
// before_provider_request handlers see the payload in pi-ai's key order
// and may replace it. The agent's requests and their cache-warming
// replays share it and the hooks below (pi's warmer replays the
// request's options).
func (a *Agent) payloadHook(ctx context.Context, model Message) func(any) any {
	api := str(model["api"])
	return func(payload any) any {
		if !a.h.HasHook("before_provider_request") {
			return nil
		}
		ev := map[string]any{"type": "before_provider_request", "payload": provider.HandlerPayload(api, payload)}
		return a.h.RunHook(ctx, "before_provider_request", ev).Result
	}
}

// responseHook is pi's onResponse for the requests of ctx:
// after_provider_response.
func (a *Agent) responseHook(ctx context.Context) func(int, map[string]string) {
	return func(status int, headers map[string]string) {
		hs := make(map[string]any, len(headers))
		for k, v := range headers {
			hs[k] = v
		}
		a.h.Emit(ctx, "after_provider_response", map[string]any{"type": "after_provider_response", "status": float64(status), "headers": hs})
	}
}

// withStreamEvents is ctx with pi 1.6's onProviderStreamEvent for a
// request to model when an extension listens: each raw provider event,
// before it is normalized, as provider_stream_event.
func (a *Agent) withStreamEvents(ctx context.Context, model Message) context.Context {
	if !a.h.HasListeners("provider_stream_event") {
		return ctx
	}
	api, prov, id := model["api"], model["provider"], model["id"]
	return provider.WithStreamEventHook(ctx, func(data any) {
		a.h.Emit(ctx, "provider_stream_event", map[string]any{"type": "provider_stream_event", "provider": prov, "api": api, "model": id, "data": data})
	})
}

// headersHook is pi 1.6's before_provider_headers for the requests of
// ctx: handlers change the request's own headers in place.
func (a *Agent) headersHook(ctx context.Context) func(map[string]any) map[string]any {
	return func(headers map[string]any) map[string]any {
		if !a.h.HasHook("before_provider_headers") {
			return nil
		}
		out := a.h.RunHook(ctx, "before_provider_headers", map[string]any{"type": "before_provider_headers", "headers": headers})
		ev, _ := out.Value.(map[string]any)
		hs, _ := ev["headers"].(map[string]any)
		return hs
	}
}

func (a *Agent) turnIndexValue() int { a.mu.Lock(); defer a.mu.Unlock(); return a.turnIndex }

// messageStartEnd emits message_start/message_end for a message, persists
// it and adds it to the conversation; returns the message after
// message_end handlers.
func (l *loop) messageStartEnd(m Message) Message {
	l.emit(Event{"type": "message_start", "message": engine.Clone(m)})
	return l.messageEnd(m)
}

// messageEnd emits message_end (whose handlers may replace the message),
// then persists the message and adds it to the conversation.
func (l *loop) messageEnd(m Message) Message {
	ev := l.emit(Event{"type": "message_end", "message": m})
	final, _ := ev["message"].(map[string]any)
	a := l.a
	l.lastID = a.persist(final)
	a.mu.Lock()
	a.messages = append(a.messages, final)
	if final["role"] == "user" {
		a.overflowRecovery = false // a new prompt may overflow again
	}
	a.mu.Unlock()
	a.retrySucceeded(final)
	l.newMsgs = append(l.newMsgs, final)
	return final
}

func (l *loop) run(prompts []Message) {
	l.emit(Event{"type": "agent_start"})
	l.emit(Event{"type": "turn_start"})
	for _, p := range l.declareToolChanges(prompts) {
		l.messageStartEnd(p)
	}
	first := true
	pending := l.a.takeSteering()
	// explicit: a turn_end handler asked for one more request, which a
	// context-only turn gives unless tool results, steering or a
	// follow-up already cause one.
	explicit := false
	for {
		more := true
		for more || len(pending) > 0 {
			if !first {
				// pi's prepareNextTurn: the prompt may have changed with the
				// tools a tool call activated.
				if patch := l.a.promptPatch(); patch != nil {
					pending = append([]Message{patch}, pending...)
				}
				l.emit(Event{"type": "turn_start"})
			}
			first = false
			for _, m := range l.declareToolChanges(pending) {
				l.messageStartEnd(m)
			}
			pending = nil
			msg, routeFailed := l.streamAssistant()
			msgID := l.lastID
			l.last = msg
			if routeFailed {
				// pi-agent-core's handleRunFailure: the run ends with the
				// failure alone, without the turn_end boundary.
				l.emit(Event{"type": "turn_end", "message": msg, "toolResults": []any{}})
				l.emit(Event{"type": "agent_end", "messages": []any{msg}})
				return
			}
			if sr := msg["stopReason"]; sr == "error" || sr == "aborted" {
				// Error and aborted replies end the run whatever the
				// boundary asks for.
				l.turnEndBoundary(msg, []any{}, msgID, nil)
				l.emit(Event{"type": "turn_end", "message": msg, "toolResults": []any{}})
				l.emit(Event{"type": "agent_end", "messages": l.newMsgs})
				return
			}
			calls := toolCalls(msg)
			results := []any{}
			var resultIDs []string
			more = false
			if len(calls) > 0 {
				msgs, ids, terminate := l.executeTools(calls)
				for _, r := range msgs {
					results = append(results, r)
				}
				resultIDs = ids
				more = !terminate
			}
			explicit = l.turnEndBoundary(msg, results, msgID, resultIDs)
			l.emit(Event{"type": "turn_end", "message": msg, "toolResults": results})
			pending = l.a.takeSteering()
			if more || len(pending) > 0 {
				explicit = false
			}
		}
		if f := l.a.takeFollowUp(); len(f) > 0 {
			explicit = false
			pending = f
			continue
		}
		if explicit {
			explicit = false
			continue
		}
		break
	}
	l.emit(Event{"type": "agent_end", "messages": l.newMsgs})
}

// streamAssistant routes a virtual selection, runs the context hook, calls
// the provider and emits the assistant message's events. routeFailed: the
// selection could not be routed and the reply says why.
func (l *loop) streamAssistant() (reply Message, routeFailed bool) {
	a := l.a
	conv := a.Messages()
	model, thinking := l.model, l.thinking
	// Every request consumes the failed reply recovery left (pi's prepareRequest).
	a.mu.Lock()
	failed := a.failedReply
	a.failedReply = nil
	a.mu.Unlock()
	if IsVirtual(model) && a.opts.Router != nil {
		// The selection stays; only this request uses the routed model.
		r, err := l.routeRequest(conv, failed)
		if err != nil {
			msg := l.routeFailure(err)
			l.emit(Event{"type": "message_start", "message": engine.Clone(msg)})
			return l.messageEnd(msg), true
		}
		model, thinking = r.Model, r.Thinking
		// pi 1.6 checks the threshold of a virtual selection against the
		// model the request was routed to; the route stands.
		if a.exceedsCompactionThreshold(model) {
			a.autoCompact(l.ctx, "threshold", false)
			conv = a.Messages()
		}
	}
	system, tools, msgs, transcript := l.requestContext(conv)
	// The reply may call only what this request declared.
	l.callable = make(map[string]bool, len(tools))
	for _, t := range tools {
		if n, ok := t["name"].(string); ok {
			l.callable[n] = true
		}
	}
	var partialAdded bool
	req := Request{
		Model: model, SystemPrompt: system, Messages: msgs, Tools: tools, Transcript: transcript, Thinking: thinking,
		OnEvent: func(ev Event) {
			switch ev["type"] {
			case "start":
				partialAdded = true
				p, _ := ev["partial"].(map[string]any)
				l.emit(Event{"type": "message_start", "message": engine.Clone(p)})
			case "done", "error":
			default:
				if partialAdded {
					// No copy of the partial: the event reaches the sink
					// and (copied by Emit) the listeners before the
					// provider changes it again; assistantMessageEvent
					// carries the same live partial.
					p, _ := ev["partial"].(map[string]any)
					l.emit(Event{"type": "message_update", "assistantMessageEvent": ev, "message": p})
				}
			}
		},
		OnPayload:  a.payloadHook(l.ctx, model),
		OnHeaders:  a.headersHook(l.ctx),
		OnResponse: a.responseHook(l.ctx),
		SessionID:  a.sessionID(),
	}
	l.startCacheWarming(l.ctx, req)
	final, err := a.opts.Provider.Stream(a.withStreamEvents(l.ctx, model), req)
	if err != nil || final == nil {
		msg := "provider failed"
		if err != nil {
			msg = err.Error()
		}
		final = Message{"role": "assistant", "content": []any{}, "api": model["api"], "provider": model["provider"],
			"model": model["id"], "usage": emptyUsage(), "stopReason": "error", "errorMessage": msg, "timestamp": a.now()}
	}
	// pi 1.6 records the requested level on the reply, whichever provider answered.
	final = maps.Clone(final)
	final["thinkingLevel"] = cmp.Or(thinking, "off")
	if !partialAdded {
		l.emit(Event{"type": "message_start", "message": engine.Clone(final)})
	}
	return l.messageEnd(final), false
}

type finalized struct {
	call    Message
	result  engine.ToolResult
	isError bool
	// durationMs is how long the tool ran; nil when it never ran (unknown
	// tool, invalid arguments, a block): pi 1.6's durationMs.
	durationMs *int64
	// returnedError: the tool's own result said isError, which pi 1.6
	// keeps on the result of tool_execution_end.
	returnedError bool
}

// executeTools runs a batch of tool calls: preflight sequentially in source
// order, execution concurrently (or sequentially when configured or when a
// tool asks for it); tool result messages in source order.
func (l *loop) executeTools(calls []Message) (msgs []Message, ids []string, terminate bool) {
	a := l.a
	sequential := a.opts.ToolExecution == "sequential"
	for _, c := range calls {
		if e, ok := a.h.Tools().Current().Get(str(c["name"])); ok && e.Value.Extra["executionMode"] == "sequential" {
			sequential = true
		}
	}
	done := make([]*finalized, len(calls))
	sent := make([]Message, len(calls)) // sequential: result messages already emitted
	sentIDs := make([]string, len(calls))
	resultMessage := func(f *finalized) Message {
		m := Message{"role": "toolResult", "toolCallId": str(f.call["id"]), "toolName": str(f.call["name"]),
			"content": f.result.Data()["content"], "isError": f.isError, "timestamp": a.now()}
		if f.result.Details != nil {
			m["details"] = f.result.Details
		}
		if f.durationMs != nil {
			m["durationMs"] = *f.durationMs
		}
		if nested := l.nested.take(str(f.call["id"])); nested != nil {
			m["nestedCalls"] = nested
		}
		return l.messageStartEnd(m)
	}
	var wg sync.WaitGroup
	for i, c := range calls {
		name, id := str(c["name"]), str(c["id"])
		l.emit(Event{"type": "tool_execution_start", "toolCallId": id, "toolName": name, "args": c["arguments"]})
		// OnUpdate runs on the tool's plugin loop and must not block:
		// updates are queued and emitted in order by their own goroutine.
		updates := newSerial()
		l.nested.track(id, updates)
		call := engine.ToolCall{ID: id, Params: engine.Clone(c["arguments"]), ArgumentsError: str(c["argumentsError"]), Context: map[string]any{"cwd": a.h.Options().Cwd},
			OnUpdate: func(p engine.ToolResult) {
				updates.do(func() {
					l.emit(Event{"type": "tool_execution_update", "toolCallId": id, "toolName": name, "args": c["arguments"], "partialResult": partialData(p)})
				})
			}}
		var prepared *engine.PreparedCall
		var res engine.ToolResult
		if l.callable[name] {
			prepared, res, _ = a.h.PrepareTool(l.ctx, name, call)
		} else {
			res = engine.ErrorResult(fmt.Errorf("Tool %s not found", name))
		}
		if prepared == nil {
			done[i] = &finalized{call: c, result: harnessError(res), isError: true}
			l.emitEnd(done[i])
			if sequential {
				sent[i] = resultMessage(done[i])
				sentIDs[i] = l.lastID
			}
			continue
		}
		exec := func(i int, p *engine.PreparedCall) {
			r, err := p.Execute(l.ctx)
			ms := p.Elapsed().Milliseconds()
			if err != nil {
				r = harnessError(r)
			}
			updates.wait()
			l.nested.untrack(id)
			done[i] = &finalized{call: c, result: r, isError: err != nil || r.IsError, durationMs: &ms, returnedError: p.ReturnedError()}
			l.emitEnd(done[i])
		}
		if sequential {
			// pi-agent-core's executeToolCallsSequential: each call's
			// result message follows its tool_execution_end.
			exec(i, prepared)
			sent[i] = resultMessage(done[i])
			sentIDs[i] = l.lastID
			continue
		}
		wg.Add(1)
		go func(i int, p *engine.PreparedCall) { defer wg.Done(); exec(i, p) }(i, prepared)
	}
	wg.Wait()
	terminate = len(done) > 0
	for i, f := range done {
		m, id := sent[i], sentIDs[i]
		if m == nil {
			m = resultMessage(f)
			id = l.lastID
		}
		msgs = append(msgs, m)
		ids = append(ids, id)
		terminate = terminate && f.result.Terminate
	}
	return msgs, ids, terminate
}

func (l *loop) emitEnd(f *finalized) { l.emit(endEvent(f)) }

// endEvent is the tool_execution_end event of a finished call.
func endEvent(f *finalized) Event {
	result := Message{"content": f.result.Data()["content"]}
	if f.result.Details != nil {
		result["details"] = f.result.Details
	}
	if f.result.StructuredContent != nil {
		result["structuredContent"] = f.result.StructuredContent
	}
	if f.returnedError {
		result["isError"] = true
	}
	if f.result.Terminate {
		result["terminate"] = true
	}
	ev := Event{"type": "tool_execution_end", "toolCallId": str(f.call["id"]), "toolName": str(f.call["name"]), "result": result, "isError": f.isError}
	if f.durationMs != nil {
		ev["durationMs"] = *f.durationMs
	}
	return ev
}

func partialData(p engine.ToolResult) Message {
	m := Message{"content": p.Data()["content"]}
	if p.Details != nil {
		m["details"] = p.Details
	}
	return m
}

// harnessError gives an error result the harness made (unknown tool,
// invalid arguments, a block, a throw) pi-agent-core's empty details; a
// tool's own result keeps its details, absent ones included.
func harnessError(r engine.ToolResult) engine.ToolResult {
	if r.Details == nil {
		r.Details = map[string]any{}
	}
	return r
}

func toolCalls(m Message) []Message {
	var out []Message
	content, _ := m["content"].([]any)
	for _, b := range content {
		if bm, ok := b.(map[string]any); ok && bm["type"] == "toolCall" {
			out = append(out, bm)
		}
	}
	return out
}

func str(v any) string { s, _ := v.(string); return s }

func toAny(ms []Message) []any {
	out := make([]any, len(ms))
	for i, m := range ms {
		out[i] = m
	}
	return out
}

func fromAny(ms []any) []Message {
	var out []Message
	for _, m := range ms {
		if mm, ok := m.(map[string]any); ok {
			out = append(out, mm)
		}
	}
	return out
}

func emptyUsage() Message {
	return Message{"input": 0.0, "output": 0.0, "cacheRead": 0.0, "cacheWrite": 0.0, "totalTokens": 0.0,
		"cost": Message{"input": 0.0, "output": 0.0, "cacheRead": 0.0, "cacheWrite": 0.0, "total": 0.0}}
}

// serial runs functions one at a time in submission order on its own
// goroutine; do never blocks.
type serial struct {
	mu      sync.Mutex
	queue   []func()
	running bool
	idle    *sync.Cond
}

func newSerial() *serial {
	s := &serial{}
	s.idle = sync.NewCond(&s.mu)
	return s
}

func (s *serial) do(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.queue = append(s.queue, f)
	if !s.running {
		s.running = true
		go s.drain()
	}
}

func (s *serial) drain() {
	s.mu.Lock()
	for len(s.queue) > 0 {
		f := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()
		f()
		s.mu.Lock()
	}
	s.running = false
	s.idle.Broadcast()
	s.mu.Unlock()
}

// wait blocks until every queued function ran.
func (s *serial) wait() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.running {
		s.idle.Wait()
	}
}

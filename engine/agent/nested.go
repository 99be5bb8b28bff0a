package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// Nested tool calls are the calls a tool makes while it runs, through
// ctx.executeTool (a codemode script's tools.read(...)). The agent loop
// does not schedule them: each runs through the tool pipeline when the
// calling tool asks, with tool_execution_start/update/end events that
// carry parentToolCallId, and the model-issued call's result message
// records them as nestedCalls, as pi 1.6's session does.

// Limits of the nestedCalls record: arguments over the per-call or total
// size are left out (their size is kept), calls past the count are not
// recorded, and either makes the record incomplete.
const (
	nestedMaxCalls           = 256
	nestedMaxArgBytesPerCall = 8 * 1024
	nestedMaxArgBytesTotal   = 32 * 1024
	nestedMaxErrorChars      = 500
)

// nestedCalls runs the nested calls of one loop run.
type nestedCalls struct {
	mu sync.Mutex
	// scopes by the id of a running caller: the model-issued call's, and
	// those of nested calls that make calls of their own.
	scopes map[string]*nestedScope
	// queue serializes the nested calls that must not run concurrently
	// (a sequential agent or tool).
	queue sync.Mutex
	// events are the event queues of the running model-issued calls: the
	// events of their nested calls go out in order with their own updates.
	events map[string]*serial
}

type nestedScope struct {
	rec *nestedRecorder
	// holdsQueue: the caller runs under queue, so its calls do not wait
	// for it again.
	holdsQueue bool
}

// nestedRecorder collects the nested calls of one model-issued call,
// calls of nested calls included.
type nestedRecorder struct {
	events   *serial // the model-issued call's event queue
	calls    []*nestedRecord
	complete bool
	argBytes int
}

type nestedRecord struct {
	id, name, status string
	args             any // nil when left out
	argBytes         int // the arguments' size when left out
	durationMs       int64
	errText          string
	start            time.Time
}

func newNestedCalls() *nestedCalls {
	return &nestedCalls{scopes: map[string]*nestedScope{}, events: map[string]*serial{}}
}

// track makes events the event queue of the model-issued call id until
// untrack.
func (n *nestedCalls) track(id string, events *serial) {
	if n == nil {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.events[id] = events
}

func (n *nestedCalls) untrack(id string) {
	if n == nil {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	delete(n.events, id)
}

// StartNestedTool starts a call that a running tool made through
// ctx.executeTool (call.ParentID is the caller's id, call.ID the call's),
// on the caller's thread, so that calls start in the order the tool made
// them; the returned function runs it. Like RunTool, that never fails for
// tool failures: it returns the error result and an error describing it.
// Outside a run it is RunTool.
func (a *Agent) StartNestedTool(name string, call engine.ToolCall) func(context.Context) (engine.ToolResult, error) {
	a.mu.Lock()
	l := a.current
	a.mu.Unlock()
	if l == nil || l.nested == nil {
		return func(ctx context.Context) (engine.ToolResult, error) { return a.h.RunTool(ctx, name, call) }
	}
	return l.startNested(name, call)
}

func (l *loop) startNested(name string, call engine.ToolCall) func(context.Context) (engine.ToolResult, error) {
	n := l.nested
	n.mu.Lock()
	scope := n.scopes[call.ParentID]
	if scope == nil {
		events := n.events[call.ParentID]
		if events == nil {
			events = newSerial()
		}
		scope = &nestedScope{rec: &nestedRecorder{events: events, complete: true}}
		n.scopes[call.ParentID] = scope
	}
	rec := scope.rec.start(call.ID, name, call.Params)
	n.mu.Unlock()
	if call.Params == nil {
		call.Params = map[string]any{}
	}
	// The events go out in order with the calling tool's updates.
	scope.rec.events.do(func() {
		l.emit(Event{"type": "tool_execution_start", "toolCallId": call.ID, "toolName": name, "args": call.Params, "parentToolCallId": call.ParentID})
	})
	return func(ctx context.Context) (engine.ToolResult, error) { return l.runNested(ctx, name, call, scope, rec) }
}

func (l *loop) runNested(ctx context.Context, name string, call engine.ToolCall, scope *nestedScope, rec *nestedRecord) (engine.ToolResult, error) {
	a, n := l.a, l.nested
	args := call.Params
	events := scope.rec.events
	events.wait() // tool_execution_start went out
	entry, known := a.h.Tools().Current().Get(name)
	exclusive := !scope.holdsQueue && (a.opts.ToolExecution == "sequential" || known && entry.Value.Extra["executionMode"] == "sequential")
	if exclusive {
		n.queue.Lock()
	}
	n.mu.Lock()
	n.scopes[call.ID] = &nestedScope{rec: scope.rec, holdsQueue: scope.holdsQueue || exclusive}
	n.mu.Unlock()

	// The call ends with the run too (an abort).
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(l.ctx, cancel)
	call.OnUpdate = func(p engine.ToolResult) {
		events.do(func() {
			l.emit(Event{"type": "tool_execution_update", "toolCallId": call.ID, "toolName": name, "args": args,
				"partialResult": partialData(p), "parentToolCallId": call.ParentID})
		})
	}
	f := &finalized{call: Message{"id": call.ID, "name": name}}
	var err error
	var prepared *engine.PreparedCall
	var res engine.ToolResult
	if slices.Contains(piapi.Of(a.h).CallableTools(), name) {
		prepared, res, err = a.h.PrepareTool(ctx, name, call)
	} else {
		err = fmt.Errorf("Tool %s not found", name)
		res = engine.ErrorResult(err)
	}
	if prepared == nil {
		f.result, f.isError = harnessError(res), true
	} else {
		var r engine.ToolResult
		r, err = prepared.Execute(ctx)
		ms := prepared.Elapsed().Milliseconds()
		if err != nil {
			r = harnessError(r)
		}
		f.result, f.isError, f.durationMs, f.returnedError = r, err != nil || r.IsError, &ms, prepared.ReturnedError()
	}
	stop()
	cancel()

	n.mu.Lock()
	delete(n.scopes, call.ID)
	scope.rec.finish(rec, f.isError, resultText(f.result))
	n.mu.Unlock()
	if exclusive {
		n.queue.Unlock()
	}
	ev := endEvent(f)
	ev["parentToolCallId"] = call.ParentID
	events.do(func() { l.emit(ev) })
	events.wait()
	return f.result, err
}

// take removes the record of the nested calls the call id made: pi's
// nestedCalls ({calls, complete}), or nil when it made none.
func (n *nestedCalls) take(id string) map[string]any {
	if n == nil {
		return nil
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	scope := n.scopes[id]
	delete(n.scopes, id)
	if scope == nil {
		return nil
	}
	return scope.rec.snapshot()
}

// start records a call as it starts; nil when it is past the count.
func (r *nestedRecorder) start(id, name string, args any) *nestedRecord {
	if len(r.calls) >= nestedMaxCalls {
		r.complete = false
		return nil
	}
	rec := &nestedRecord{id: id, name: name, status: "unfinished", start: time.Now()}
	if args == nil {
		args = map[string]any{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(args)
	text := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	size := len(text)
	if size > nestedMaxArgBytesPerCall || r.argBytes+size > nestedMaxArgBytesTotal {
		rec.argBytes = size
		r.complete = false
	} else {
		_ = json.Unmarshal(text, &rec.args)
		r.argBytes += size
	}
	r.calls = append(r.calls, rec)
	return rec
}

func (r *nestedRecorder) finish(rec *nestedRecord, isError bool, errText string) {
	if rec == nil {
		return
	}
	rec.status = "ok"
	if isError {
		rec.status = "error"
		rec.errText = engine.UTF16Prefix(errText, nestedMaxErrorChars)
	}
	rec.durationMs = int64(math.Round(float64(time.Since(rec.start).Microseconds()) / 1000))
}

func (r *nestedRecorder) snapshot() map[string]any {
	if len(r.calls) == 0 && r.complete {
		return nil
	}
	calls := make([]any, 0, len(r.calls))
	complete := r.complete
	for _, rec := range r.calls {
		m := map[string]any{"id": rec.id, "name": rec.name, "status": rec.status}
		if rec.args != nil {
			m["arguments"] = rec.args
		} else {
			m["argumentsBytes"] = int64(rec.argBytes)
		}
		if rec.status == "unfinished" {
			complete = false
		} else {
			m["durationMs"] = rec.durationMs
		}
		if rec.errText != "" {
			m["error"] = rec.errText
		}
		calls = append(calls, m)
	}
	return map[string]any{"calls": calls, "complete": complete}
}

// resultText is a result's text blocks, one a line.
func resultText(r engine.ToolResult) string {
	var parts []string
	for _, c := range r.Content {
		if c.Type == "text" {
			parts = append(parts, c.Text)
		}
	}
	return strings.Join(parts, "\n")
}

package agentsession

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/protocol"
	"github.com/pigo-dev/pigo/engine/provider"
)

// The session host's side of the client protocol (engine/protocol): pi's
// RPC commands (modes/rpc/rpc-mode.js, pi's docs/rpc.md) come in as
// records; responses, events, view sync and extension UI calls go out.
// Records are handled concurrently as in pi: commands that answer at once
// run in input order on the receiving goroutine; commands that wait for
// the agent, extension handlers, a dialog or a process (prompt, abort,
// bash, session and model changes) run on their own goroutines, so a
// dialog's answer can arrive while a command waits for it. pi's RPC mode
// is a client of this (rpc_client.go).

// rpcServer serves pi's RPC commands to one client.
type rpcServer struct {
	rt       *agentRuntime
	out      *recordWriter
	clientID string
	opts     ServeOptions

	wg   sync.WaitGroup
	quit chan struct{} // closed when an extension asked to shut down
	once sync.Once

	bashMu     sync.Mutex
	bashCancel context.CancelFunc

	navMu     sync.Mutex
	navCancel context.CancelFunc // the navigate_tree in progress (rpc_tree.go)

	loginMu sync.Mutex
	login   *loginState // the OAuth login in progress (rpc_auth.go)
}

// rpcCommand is one parsed command line.
type rpcCommand struct {
	raw  map[string]any
	id   any // omitted when absent
	typ  any // the "type" member as sent
	name string
}

// rpcHandler answers a command: data (with hasData false for no data
// member), or an error whose message is the response's error.
type rpcHandler func(s *rpcServer, c *rpcCommand) (data any, hasData bool, err error)

// afterResponse is returned as a command's data when work must follow on
// its own goroutine before the response goes out: the command changed
// state at once (later commands see it), and extension listeners run
// before it is answered, as their synchronous part does in pi.
type afterResponse struct {
	data    any
	hasData bool
	run     func()
	// dataAfter, when set, computes data once run returned.
	dataAfter func() any
}

type rpcCommandSpec struct {
	async bool // runs on its own goroutine
	run   rpcHandler
}

// rpcCommands is pi's command table (rpc-types.d.ts RpcCommand).
func rpcCommands() map[string]rpcCommandSpec {
	return map[string]rpcCommandSpec{
		"prompt":                  {true, nil}, // answered from the prompt's preflight (see prompt)
		"steer":                   {false, (*rpcServer).steer},
		"follow_up":               {false, (*rpcServer).steer},
		"abort":                   {true, (*rpcServer).abort},
		"new_session":             {true, (*rpcServer).newSession},
		"get_state":               {false, (*rpcServer).getState},
		"set_model":               {false, (*rpcServer).setModel},
		"cycle_model":             {false, (*rpcServer).cycleModel},
		"get_available_models":    {false, (*rpcServer).getAvailableModels},
		"set_thinking_level":      {false, (*rpcServer).setThinkingLevel},
		"cycle_thinking_level":    {false, (*rpcServer).cycleThinkingLevel},
		"set_steering_mode":       {false, (*rpcServer).setQueueMode},
		"set_follow_up_mode":      {false, (*rpcServer).setQueueMode},
		"compact":                 {true, (*rpcServer).compact},
		"set_auto_compaction":     {false, (*rpcServer).setSwitch},
		"set_auto_retry":          {false, (*rpcServer).setSwitch},
		"abort_retry":             {false, func(s *rpcServer, _ *rpcCommand) (any, bool, error) { s.rt.agent.AbortRetry(); return nil, false, nil }},
		"bash":                    {true, (*rpcServer).bash},
		"abort_bash":              {false, (*rpcServer).abortBash},
		"get_session_stats":       {false, (*rpcServer).getSessionStats},
		"export_html":             {true, (*rpcServer).exportHTML}, // export.go
		"switch_session":          {true, (*rpcServer).switchSession},
		"fork":                    {true, (*rpcServer).fork},
		"clone":                   {true, (*rpcServer).clone},
		"get_fork_messages":       {false, (*rpcServer).getForkMessages},
		"get_last_assistant_text": {false, (*rpcServer).getLastAssistantText},
		"set_session_name":        {false, (*rpcServer).setSessionName},
		"get_messages":            {false, (*rpcServer).getMessages},
		"get_commands":            {false, (*rpcServer).getCommands},
		// pi 1.6 (rpc_entries.go)
		"clear_queue":                   {false, (*rpcServer).clearQueue},
		"get_available_thinking_levels": {false, (*rpcServer).getAvailableThinkingLevels},
		"get_entries":                   {false, (*rpcServer).getEntries},
		"get_tree":                      {false, (*rpcServer).getTree},
		// pigo's commands for interactive clients (rpc_reload.go, rpc_render.go)
		"reload":                     {true, (*rpcServer).reload},
		"get_extensions":             {false, (*rpcServer).getExtensions},
		"get_loaded_resources":       {false, (*rpcServer).getLoadedResources}, // rpc_resources.go
		"import_session":             {true, (*rpcServer).importSession},       // import.go
		"get_shortcuts":              {false, (*rpcServer).getShortcuts},
		"run_shortcut":               {true, (*rpcServer).runShortcut},
		"render_message":             {true, (*rpcServer).renderMessage},
		"render_entry":               {true, (*rpcServer).renderEntry},
		"render_tool":                {true, (*rpcServer).renderTool},
		"get_argument_completions":   {true, (*rpcServer).getArgumentCompletions}, // rpc_complete.go
		"set_tools_expanded":         {false, (*rpcServer).setToolsExpanded},
		"set_editor_text":            {false, (*rpcServer).setEditorText},     // rpc_editor.go
		"get_input_listeners":        {false, (*rpcServer).getInputListeners}, // rpc_input.go
		"terminal_input":             {true, (*rpcServer).terminalInput},
		"get_autocomplete_providers": {false, (*rpcServer).getAutocompleteProviders}, // rpc_autocomplete.go
		"get_completions":            {true, (*rpcServer).getCompletions},
		"apply_completion":           {true, (*rpcServer).applyCompletion},
		// session tree navigation (rpc_tree.go)
		"navigate_tree":        {true, (*rpcServer).navigateTree},
		"abort_branch_summary": {false, (*rpcServer).abortBranchSummary},
		"set_entry_label":      {false, (*rpcServer).setEntryLabel},
		"get_project_trust":    {false, (*rpcServer).getProjectTrust}, // rpc_trust.go
		"get_credentials":      {false, (*rpcServer).getCredentials},  // rpc_auth.go
		"get_cache_warming":    {false, (*rpcServer).getCacheWarming}, // rpc_cachewarm.go
		"set_cache_warming":    {false, (*rpcServer).setCacheWarming},
		"get_transport":        {false, (*rpcServer).getTransport}, // rpc_transport.go
		"set_transport":        {false, (*rpcServer).setTransport},
		"get_usage_breakdown":  {false, (*rpcServer).getUsageBreakdown}, // rpc_usage.go
		"get_routed_model":     {false, (*rpcServer).getRoutedModel},
		"get_footer_usage":     {false, (*rpcServer).getFooterUsage},
		"get_cache_miss":       {false, (*rpcServer).getCacheMiss},
		"set_api_key":          {false, (*rpcServer).setAPIKey},
		"logout":               {false, (*rpcServer).logout},
		"login_oauth_start":    {true, (*rpcServer).loginOAuthStart},
		"login_oauth_finish":   {true, (*rpcServer).loginOAuthFinish},
		"login_oauth_input":    {false, (*rpcServer).loginOAuthInput},
		"login_oauth_cancel":   {false, (*rpcServer).loginOAuthCancel},
		"get_model_scope":      {false, (*rpcServer).getModelScope}, // rpc_scope.go
		"set_model_scope":      {false, (*rpcServer).setModelScope},
		"save_model_scope":     {false, (*rpcServer).saveModelScope},
		// pigo's commands for print and JSON mode clients (print.go)
		"get_session_header": {false, (*rpcServer).getSessionHeader},
	}
}

// newServer attaches a client on conn to the session: events, extension
// errors, views addressed to clientID and fire-and-forget UI calls go to
// it from now on.
func newServer(rt *agentRuntime, conn protocol.Conn, clientID string, opts ServeOptions) *rpcServer {
	s := &rpcServer{rt: rt, out: newRecordWriter(conn), clientID: clientID, opts: opts, quit: make(chan struct{})}
	rt.setSink(func(ev map[string]any) { s.out.Write(jsonEvent(ev)) })
	rt.setExtError(func(path, event, message string) {
		s.out.Write(ordered{{"type", "extension_error"}, {"extensionPath", path}, {"event", event}, {"error", message}})
	})
	_ = rt.host.Views().Attach(serverViews{s})
	piapi.Of(rt.host).UI().Observe(func(c piapi.UICall) { s.out.Write(protocol.UICallRecord(c)) })
	return s
}

// serverViews is the client as the session's view hub sees it: it
// answers dialogs, and every view change goes out as a record.
type serverViews struct{ s *rpcServer }

func (v serverViews) ID() string  { return v.s.clientID }
func (v serverViews) HasUI() bool { return !v.s.opts.Headless }

// RendersComponents reports whether the client draws extension components
// (ctx.ui.custom, widget and footer factories); pi's RPC clients do not.
func (v serverViews) RendersComponents() bool { return v.s.opts.Components }
func (v serverViews) Send(msg engine.SyncMessage) error {
	v.s.out.Write(protocol.ViewRecord(msg))
	return nil
}

// serve answers the client's records until it closes the connection, ctx
// ends, or an extension calls ctx.shutdown().
func (s *rpcServer) serve(ctx context.Context, conn protocol.Conn) {
	type received struct {
		m   protocol.Message
		err error
	}
	in := make(chan received)
	done := make(chan struct{})
	defer close(done)
	go func() {
		defer close(in)
		for {
			m, err := conn.Recv()
			if errors.Is(err, io.EOF) || errors.Is(err, protocol.ErrClosed) {
				return
			}
			select {
			case in <- received{m, err}:
			case <-done:
				return
			}
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.quit:
			return
		case r, ok := <-in:
			if !ok {
				return
			}
			s.handle(r.m, r.err)
		}
	}
}

// shutdown is pi's shutdown(): session_shutdown to extensions, then the
// process ends; output stops once the handlers ran.
func (s *rpcServer) shutdown() {
	s.abortRunningBash()
	s.rt.shutdown(s.out.Stop)
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second): // a handler that ignores cancellation does not keep pigo alive
	}
}

// checkShutdown ends the session after a command when an extension called
// ctx.shutdown().
func (s *rpcServer) checkShutdown() {
	if s.rt.shutdownRequested() {
		s.once.Do(func() { close(s.quit) })
	}
}

// handle is pi's handleInputLine for one received record, or for the
// error that its line was not JSON.
func (s *rpcServer) handle(m protocol.Message, recvErr error) {
	obj, err := m.Object()
	if recvErr != nil {
		err = recvErr
	}
	if err != nil {
		s.out.Write(ordered{{"type", "response"}, {"command", "parse"}, {"success", false}, {"error", "Failed to parse command: " + err.Error()}})
		return
	}
	if m.Type == protocol.TypeViewMessage {
		viewID, _ := obj["viewId"].(string)
		_ = s.rt.host.Views().Deliver(s.clientID, viewID, obj["message"])
		return
	}
	c := &rpcCommand{raw: obj, id: omitted, typ: omitted}
	if obj != nil {
		if id, ok := obj["id"]; ok {
			c.id = id
		}
		if t, ok := obj["type"]; ok {
			c.typ = t
		}
		c.name, _ = obj["type"].(string)
	}
	spec, ok := rpcCommands()[c.name]
	if !ok {
		s.fail(c, "Unknown command: "+jsString(c.typ)) // with the id (pi 1.6)
		return
	}
	if c.name == "prompt" {
		s.prompt(c)
		return
	}
	if !spec.async {
		data, hasData, err := s.call(c, spec.run)
		if ar, ok := data.(afterResponse); ok && err == nil {
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				ar.run()
				if ar.dataAfter != nil {
					ar.data = ar.dataAfter()
				}
				s.succeed(c, ar.data, ar.hasData)
				s.checkShutdown()
			}()
			return
		}
		s.respond(c, data, hasData, err)
		s.checkShutdown()
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.answer(c, spec.run)
		s.checkShutdown()
	}()
}

// answer runs a handler and writes its response.
func (s *rpcServer) answer(c *rpcCommand, h rpcHandler) {
	data, hasData, err := s.call(c, h)
	if ar, ok := data.(afterResponse); ok && err == nil {
		ar.run()
		data, hasData = ar.data, ar.hasData
		if ar.dataAfter != nil {
			data = ar.dataAfter()
		}
	}
	s.respond(c, data, hasData, err)
}

// call runs a handler; a panic becomes its error.
func (s *rpcServer) call(c *rpcCommand, h rpcHandler) (data any, hasData bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return h(s, c)
}

func (s *rpcServer) respond(c *rpcCommand, data any, hasData bool, err error) {
	if err != nil {
		s.fail(c, err.Error())
		return
	}
	s.succeed(c, data, hasData)
}

func (s *rpcServer) succeed(c *rpcCommand, data any, hasData bool) {
	r := ordered{{"id", c.id}, {"type", "response"}, {"command", c.typ}, {"success", true}}
	if hasData {
		r = append(r, member{"data", data})
	}
	s.out.Write(r)
}

func (s *rpcServer) fail(c *rpcCommand, msg string) {
	s.out.Write(ordered{{"id", c.id}, {"type", "response"}, {"command", c.typ}, {"success", false}, {"error", msg}})
}

// jsString renders a value the way a JS template literal would.
func jsString(v any) string {
	switch x := v.(type) {
	case omittedValue:
		return "undefined"
	case nil:
		return "null"
	case string:
		return x
	case bool:
		if x {
			return "true"
		}
		return "false"
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e21 {
			return fmt.Sprintf("%.0f", x)
		}
		return fmt.Sprint(x)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if e != nil {
				parts[i] = jsString(e)
			}
		}
		return strings.Join(parts, ",")
	case map[string]any:
		return "[object Object]"
	}
	return fmt.Sprint(v)
}

// str returns the string member name, or the TypeError JS throws when code
// calls method on a missing value.
func (c *rpcCommand) str(name, method string) (string, error) {
	v, ok := c.raw[name]
	if s, isStr := v.(string); isStr {
		return s, nil
	}
	what := "undefined"
	if ok && v == nil {
		what = "null"
	} else if ok {
		return jsString(v), nil
	}
	return "", fmt.Errorf("Cannot read properties of %s (reading '%s')", what, method)
}

func (c *rpcCommand) images() []any {
	im, _ := c.raw["images"].([]any)
	return im
}

// prompt is pi's prompt command: the response is written when the prompt
// passed preflight (after input and before_agent_start, before
// agent_start), when it was queued, or when an extension command finished;
// a rejection before that is an error response; later failures are
// events only. With pigo's "wait" (print and JSON mode) the response waits
// for the end of the run, and any failure is its error.
func (s *rpcServer) prompt(c *rpcCommand) {
	rt := s.rt
	text, err := c.str("message", "startsWith")
	if err != nil {
		s.fail(c, err.Error())
		return
	}
	behavior, _ := c.raw["streamingBehavior"].(string)
	source := "rpc"
	if src, ok := c.raw["source"].(string); ok && (src == "interactive" || src == "extension") {
		source = src
	}
	wait := c.raw["wait"] == true
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		defer s.checkShutdown()
		if rt.isExtensionCommand(text) {
			// pi runs extension commands first, even while streaming, and
			// answers once the handler finished; a failure is an
			// extension_error, then the (successful) response.
			rt.runCommand(text)
			s.succeed(c, dispositionData(agent.DispositionHandled), true)
			return
		}
		rt.settleAfterRun()
		if rt.agent.IsIdle() {
			rt.flushPendingBash()
			rt.syncThinking()
			if p := rt.authProblem(); p != "" {
				s.fail(c, p)
				return
			}
		}
		// Accepted runs under the agent's lock when the prompt is queued
		// (streaming with a streamingBehavior): then the queue_update and
		// the response follow once Prompt returned, which is at once.
		var mu sync.Mutex
		accepted, queued := false, false
		disposition := ""
		err := rt.agent.Prompt(context.WithoutCancel(rt.baseCtx), text, agent.PromptOptions{Images: c.images(), Source: source,
			StreamingBehavior: behavior, Expand: rt.expandPrompt, Accepted: func(d string) {
				mu.Lock()
				defer mu.Unlock()
				accepted, disposition = true, d
				if d == agent.DispositionQueued {
					queued = true
					return
				}
				if !wait {
					s.succeed(c, dispositionData(d), true)
				}
			}})
		mu.Lock()
		ok, q, d := accepted, queued, disposition
		mu.Unlock()
		switch {
		case wait && err != nil:
			s.fail(c, err.Error())
		case wait:
			if q {
				rt.syncQueue()
			}
			s.succeed(c, dispositionData(d), true)
		case q:
			rt.syncQueue()
			s.succeed(c, dispositionData(agent.DispositionQueued), true)
		case err != nil && !ok:
			s.fail(c, err.Error())
		}
	}()
}

// dispositionData is the data of a prompt, steer or follow_up response
// (pi 1.6): what happened to the submitted message.
func dispositionData(d string) ordered { return ordered{{"disposition", d}} }

// runCommand runs an extension command ("/name args") as pi's
// _tryExecuteExtensionCommand: a failure is reported as an extension
// error of "command:<name>".
func (rt *agentRuntime) runCommand(text string) {
	if err := rt.host.RunCommand(rt.baseCtx, text); err != nil {
		rt.reportExtensionError("command:"+commandName(text), "command", commandErrorText(err))
	}
	// What the command registered is there when it is answered.
	rt.host.SettleRegistries(rt.baseCtx)
}

// commandErrorText is the message of an extension command's failure, as
// pi reports it (the thrown error's message).
func commandErrorText(err error) string {
	var se *engine.ScriptError
	if errors.As(err, &se) {
		return jsErrorMessage(se.Text)
	}
	msg := err.Error()
	if strings.HasPrefix(msg, "command /") {
		if _, rest, ok := strings.Cut(msg, ": "); ok {
			return jsErrorMessage(rest)
		}
	}
	return msg
}

// errorNameRE matches the "Error: " / "TypeError: " prefix of a JS error's
// string form.
var errorNameRE = regexp.MustCompile(`^[A-Za-z]*Error: `)

// jsErrorMessage is a JS error's message from its string form (pi reports
// err.message).
func jsErrorMessage(s string) string { return errorNameRE.ReplaceAllString(s, "") }

func (s *rpcServer) steer(c *rpcCommand) (any, bool, error) {
	text, err := c.str("message", "startsWith")
	if err != nil {
		return nil, false, err
	}
	if s.rt.isExtensionCommand(text) {
		return nil, false, fmt.Errorf("Extension command \"/%s\" cannot be queued. Use prompt() or execute the command when not streaming.", commandName(text))
	}
	behavior := "steer"
	if c.name == "follow_up" {
		behavior = "followUp"
	}
	var d string
	queue := func() {
		d = s.rt.agent.QueueInput(context.WithoutCancel(s.rt.baseCtx), text, behavior,
			agent.PromptOptions{Images: c.images(), Source: "rpc", Expand: s.rt.expandPrompt})
		s.rt.syncQueue()
	}
	if s.rt.host.HasHook("input") {
		// Input handlers may wait for a dialog answer, which this reader
		// must stay free to read.
		return afterResponse{run: queue, dataAfter: func() any { return dispositionData(d) }, hasData: true}, false, nil
	}
	queue()
	return dispositionData(d), true, nil
}

func (s *rpcServer) abort(*rpcCommand) (any, bool, error) {
	// pi 1.6's abort also cancels a compaction and a branch summary (their
	// retries' waits included).
	s.rt.agent.AbortCompaction()
	s.rt.agent.AbortBranchSummary()
	s.rt.agent.Abort()
	_ = s.rt.agent.WaitIdle(context.Background())
	return nil, false, nil
}

func (s *rpcServer) getState(*rpcCommand) (any, bool, error) {
	rt := s.rt
	tr := rt.tree()
	steer, follow := rt.queueModes()
	name, _ := tr.Name()
	autoCompaction := rt.settings.boolIn("compaction", "enabled", true)
	// A session that can no longer be saved (unwritable directory, its file
	// replaced or created by another process) is in memory, as with
	// --no-session: no sessionFile, and pigo says why (sessionFileError).
	sessionFile, fileErr := any(orOmitted(tr.Path())), any(omitted)
	if err := tr.Err(); err != nil {
		sessionFile, fileErr = omitted, err.Error()
	}
	return ordered{
		{"model", rt.modelData()},
		{"thinkingLevel", piapi.Of(rt.host).ThinkingLevel()},
		{"isStreaming", rt.isStreaming()},
		{"isCompacting", rt.agent.IsCompacting()},
		{"steeringMode", steer},
		{"followUpMode", follow},
		{"sessionFile", sessionFile},
		{"sessionFileError", fileErr},
		{"sessionId", tr.Header().ID},
		{"sessionName", orOmitted(name)},
		{"autoCompactionEnabled", autoCompaction},
		{"messageCount", rt.agent.MessageCount()},
		{"pendingMessageCount", rt.pendingCount()},
	}, true, nil
}

func (s *rpcServer) getMessages(*rpcCommand) (any, bool, error) {
	msgs := s.rt.agent.SharedMessages() // only encoded
	if msgs == nil {
		msgs = []agent.Message{}
	}
	return ordered{{"messages", msgs}}, true, nil
}

func (s *rpcServer) setModel(c *rpcCommand) (any, bool, error) {
	p, _ := c.raw["provider"].(string)
	id, _ := c.raw["modelId"].(string)
	for _, m := range s.rt.reg.Available() {
		if m.Provider == p && m.ID == id {
			if c.raw["persist"] == true { // pigo's: the interactive /model selector's "set as default"
				if err := s.rt.persistDefaultModel(m); err != nil {
					return nil, false, err
				}
			}
			notify := s.rt.setModel(context.WithoutCancel(s.rt.baseCtx), m, "set", "")
			return afterResponse{data: agent.ModelMap(m), hasData: true, run: notify}, false, nil
		}
	}
	return nil, false, fmt.Errorf("Model not found: %s/%s", jsString(orUndefined(c.raw, "provider")), jsString(orUndefined(c.raw, "modelId")))
}

func orUndefined(m map[string]any, k string) any {
	if v, ok := m[k]; ok {
		return v
	}
	return omitted
}

// cycleModel is pi's cycleModel: through the scope (--models,
// enabledModels, /scoped-models) when one is set, else through every
// available model; forward, or backward with pigo's "direction":
// "backward" (the interactive mode's cycleBackward key).
func (s *rpcServer) cycleModel(c *rpcCommand) (any, bool, error) {
	rt := s.rt
	cur := rt.currentModel()
	same := func(a, b string) bool { return cur != nil && cur.Provider == a && cur.ID == b }
	back := c.raw["direction"] == "backward"
	ctx := context.WithoutCancel(rt.baseCtx)
	rt.mu.Lock()
	scoped := rt.scoped
	rt.mu.Unlock()
	if len(scoped) > 0 {
		var usable []provider.ScopedModel
		for _, sm := range scoped {
			if rt.reg.HasAuth(sm.Model.Provider) {
				usable = append(usable, sm)
			}
		}
		i, ok := nextCycleIndex(slices.IndexFunc(usable, func(sm provider.ScopedModel) bool { return same(sm.Model.Provider, sm.Model.ID) }), len(usable), back)
		if !ok {
			return nil, true, nil
		}
		next := usable[i]
		notify := rt.setModel(ctx, next.Model, "cycle", string(next.Thinking))
		data := ordered{{"model", agent.ModelMap(next.Model)}, {"thinkingLevel", piapi.Of(rt.host).ThinkingLevel()}, {"isScoped", true}}
		return afterResponse{data: data, hasData: true, run: notify}, false, nil
	}
	avail := rt.reg.Available()
	i, ok := nextCycleIndex(slices.IndexFunc(avail, func(m *provider.Model) bool { return same(m.Provider, m.ID) }), len(avail), back)
	if !ok {
		return nil, true, nil
	}
	next := avail[i]
	notify := rt.setModel(ctx, next, "cycle", "")
	data := ordered{{"model", agent.ModelMap(next)}, {"thinkingLevel", piapi.Of(rt.host).ThinkingLevel()}, {"isScoped", false}}
	return afterResponse{data: data, hasData: true, run: notify}, false, nil
}

// nextCycleIndex is pi's getNextCycleIndex: from a model outside the
// list to its first (last going back); nothing to cycle to in a list of
// one.
func nextCycleIndex(cur, n int, back bool) (int, bool) {
	switch {
	case n == 0:
		return 0, false
	case cur < 0 && back:
		return n - 1, true
	case cur < 0:
		return 0, true
	case n == 1:
		return 0, false
	case back:
		return (cur - 1 + n) % n, true
	}
	return (cur + 1) % n, true
}

func (s *rpcServer) getAvailableModels(*rpcCommand) (any, bool, error) {
	models := []any{}
	for _, m := range s.rt.reg.Available() {
		models = append(models, agent.ModelMap(m))
	}
	return ordered{{"models", models}}, true, nil
}

func (s *rpcServer) setThinkingLevel(c *rpcCommand) (any, bool, error) {
	level := jsString(orUndefined(c.raw, "level"))
	if notify := s.rt.applyThinkingLevel(level); notify != nil {
		return afterResponse{run: notify}, false, nil
	}
	return nil, false, nil
}

func (s *rpcServer) cycleThinkingLevel(*rpcCommand) (any, bool, error) {
	rt := s.rt
	m := rt.currentModel()
	if m == nil || !m.Reasoning {
		return nil, true, nil
	}
	levels := rt.availableThinkingLevels()
	cur := piapi.Of(rt.host).ThinkingLevel()
	idx := -1
	for i, l := range levels {
		if l == cur {
			idx = i
		}
	}
	next := levels[(idx+1)%len(levels)]
	data := ordered{{"level", next}}
	if notify := rt.applyThinkingLevel(next); notify != nil {
		return afterResponse{data: data, hasData: true, run: notify}, false, nil
	}
	return data, true, nil
}

func (s *rpcServer) setQueueMode(c *rpcCommand) (any, bool, error) {
	mode := jsString(orUndefined(c.raw, "mode"))
	steer, follow := s.rt.queueModes()
	if c.name == "set_steering_mode" {
		steer = mode
	} else {
		follow = mode
	}
	s.rt.setQueueModes(steer, follow)
	return nil, false, nil
}

// setSwitch is set_auto_compaction / set_auto_retry: saved in the global
// settings as pi does; the agent reads them when a run ends.
func (s *rpcServer) setSwitch(c *rpcCommand) (any, bool, error) {
	on := c.raw["enabled"]
	if c.name == "set_auto_compaction" {
		s.rt.saveNestedSetting("compaction", "enabled", on)
	} else {
		s.rt.saveNestedSetting("retry", "enabled", on)
	}
	return nil, false, nil
}

// compact is pi's compact command: the running prompt is aborted, the
// branch compacted; the response carries pi's CompactionResult.
func (s *rpcServer) compact(c *rpcCommand) (any, bool, error) {
	custom, has := c.raw["customInstructions"].(string)
	res, err := s.rt.agent.CompactNow(s.rt.baseCtx, custom, has)
	if err != nil {
		return nil, false, err
	}
	return res, true, nil
}

// getSessionStats is pi 1.6's getSessionStats: it counts the session's
// message entries (every branch, system messages too, compacted ones
// included) and adds up the usage of replies, tool results, usage
// entries and summaries.
func (s *rpcServer) getSessionStats(*rpcCommand) (any, bool, error) {
	rt := s.rt
	var users, assistants, toolResults, toolCalls, total int
	var in, out, cr, cw, cost float64
	for _, e := range rt.tree().Entries() {
		if _, u := entryUsage(e); u != nil {
			in += num(u["input"])
			out += num(u["output"])
			cr += num(u["cacheRead"])
			cw += num(u["cacheWrite"])
			cost += usageCost(u)
		}
		if e["type"] != "message" {
			continue
		}
		total++
		m, _ := e["message"].(map[string]any)
		switch m["role"] {
		case "user":
			users++
		case "toolResult":
			toolResults++
		case "assistant":
			assistants++
			content, _ := m["content"].([]any)
			for _, b := range content {
				if bm, _ := b.(map[string]any); bm["type"] == "toolCall" {
					toolCalls++
				}
			}
		}
	}
	tr := rt.tree()
	return ordered{
		{"sessionFile", orOmitted(tr.Path())},
		{"sessionId", tr.Header().ID},
		{"userMessages", users},
		{"assistantMessages", assistants},
		{"toolCalls", toolCalls},
		{"toolResults", toolResults},
		{"totalMessages", total},
		{"tokens", ordered{{"input", in}, {"output", out}, {"cacheRead", cr}, {"cacheWrite", cw}, {"total", in + out + cr + cw}}},
		{"cost", cost},
		{"contextUsage", rt.contextUsage()},
	}, true, nil
}

// contextUsage is pi's getContextUsage, in pi's key order.
func (rt *agentRuntime) contextUsage() any {
	u := rt.agent.ContextUsage()
	if u == nil {
		return omitted
	}
	return ordered{{"tokens", u["tokens"]}, {"contextWindow", u["contextWindow"]}, {"percent", u["percent"]}}
}

// num reads a JSON number of any Go numeric type.
func num(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case float32:
		return float64(x)
	case int:
		return float64(x)
	case int64:
		return float64(x)
	case int32:
		return float64(x)
	case json.Number:
		f, _ := x.Float64()
		return f
	}
	return 0
}

// getForkMessages is pi's getUserMessagesForForking: every user message
// of the session file, with its text.
func (s *rpcServer) getForkMessages(*rpcCommand) (any, bool, error) {
	out := []any{}
	for _, e := range s.rt.tree().Entries() {
		if e["type"] != "message" {
			continue
		}
		m, _ := e["message"].(map[string]any)
		if m["role"] != "user" {
			continue
		}
		if text := userText(m["content"]); text != "" {
			out = append(out, ordered{{"entryId", e["id"]}, {"text", text}})
		}
	}
	return ordered{{"messages", out}}, true, nil
}

// userText joins a user message's text blocks without a separator.
func userText(content any) string {
	switch c := content.(type) {
	case string:
		return c
	case []any:
		var b strings.Builder
		for _, p := range c {
			if pm, _ := p.(map[string]any); pm["type"] == "text" {
				t, _ := pm["text"].(string)
				b.WriteString(t)
			}
		}
		return b.String()
	}
	return ""
}

// getLastAssistantText is pi's getLastAssistantText.
func (s *rpcServer) getLastAssistantText(*rpcCommand) (any, bool, error) {
	msgs := s.rt.agent.SharedMessages()
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if m["role"] != "assistant" {
			continue
		}
		content, _ := m["content"].([]any)
		if m["stopReason"] == "aborted" && len(content) == 0 {
			continue
		}
		var b strings.Builder
		for _, c := range content {
			if cm, _ := c.(map[string]any); cm["type"] == "text" {
				t, _ := cm["text"].(string)
				b.WriteString(t)
			}
		}
		if t := strings.TrimSpace(b.String()); t != "" {
			return ordered{{"text", t}}, true, nil
		}
		break
	}
	return ordered{{"text", omitted}}, true, nil // pi: {text: undefined}
}

func (s *rpcServer) setSessionName(c *rpcCommand) (any, bool, error) {
	raw, err := c.str("name", "trim")
	if err != nil {
		return nil, false, err
	}
	name := strings.TrimSpace(raw)
	if name == "" {
		return nil, false, errors.New("Session name cannot be empty")
	}
	tr := s.rt.tree()
	if _, err := tr.SetName(name); err != nil {
		return nil, false, err
	}
	cur, _ := tr.Name()
	s.rt.emit(map[string]any{"type": "session_info_changed", "name": cur})
	return nil, false, nil
}

// getCommands lists the extension commands, then the prompt templates and
// skills (resources_pi.go), with pi's sourceInfo.
func (s *rpcServer) getCommands(*rpcCommand) (any, bool, error) {
	out := []any{}
	for _, e := range s.rt.host.Commands().Current().Entries() {
		info, ok := s.rt.extSource(e.Owner)
		if !ok {
			info = map[string]any{"path": e.Owner, "source": "local", "scope": "temporary", "origin": "top-level"}
			if strings.HasPrefix(e.Owner, "builtin:") { // pi 1.6's built-in extensions (builtin:mcp)
				info["source"] = "builtin"
			}
		}
		out = append(out, ordered{{"name", e.ID}, {"description", orOmitted(e.Value.Description)}, {"source", "extension"},
			{"sourceInfo", sourceInfoOrdered(info)}})
	}
	out = append(out, s.rt.resourceCommandsData()...)
	return ordered{{"commands", out}}, true, nil
}

func sourceInfoOrdered(info map[string]any) ordered {
	o := ordered{}
	for _, k := range []string{"path", "source", "scope", "origin", "baseDir"} {
		if v, ok := info[k]; ok {
			o = append(o, member{k, v})
		}
	}
	return o
}

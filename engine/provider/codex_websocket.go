package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// This file is pi-ai 1.6's WebSocket transport of openai-codex-responses:
// unless the transport setting is "sse", a request first goes as a
// response.create frame over a WebSocket to the Codex endpoint and the
// replies go through the same event handling as the SSE stream. A failure
// before the first event falls back to the SSE request (and the session
// stays on SSE); the assistant message records it as a
// provider_transport_failure diagnostic. With a session id the socket is
// kept per session and account for the next request (5 minutes idle, at
// most 45 minutes old) and closed when the session ends or is replaced
// (CleanupSessionResources); "auto" and "websocket-cached" then send only
// the new input with previous_response_id when the rest of the request is
// unchanged. Per session, pi-ai's debug stats count the requests,
// connections and fallbacks (CodexWebSocketDebugStats).

const (
	codexWebSocketBeta             = "responses_websockets=2026-02-06"
	codexWebSocketConnectTimeout   = 15 * time.Second
	codexWebSocketIdleLifetime     = 5 * time.Minute
	codexWebSocketMaxAge           = 45 * time.Minute
	codexConnectionLimitCode       = "websocket_connection_limit_reached"
	codexPreviousResponseNotFound  = "previous_response_not_found"
	codexWebSocketMessageTooBig    = 1009
	transportFailureDiagnosticType = "provider_transport_failure"
)

// codexAPIError is pi-ai's CodexApiError: the backend answered with an
// error event or a failed response. It is not retried over SSE.
type codexAPIError struct{ message, code string }

func (e *codexAPIError) Error() string { return e.message }

// codexProtocolError is pi-ai's CodexProtocolError: an event that is not
// JSON. It is not retried over SSE either.
type codexProtocolError struct{ message string }

func (e *codexProtocolError) Error() string { return e.message }

// codexWebSocketCloseError is pi-ai's WebSocketCloseError.
type codexWebSocketCloseError struct{ message string }

func (e *codexWebSocketCloseError) Error() string { return e.message }

func codexErrorCode(err error) string {
	var api *codexAPIError
	if errors.As(err, &api) {
		return api.code
	}
	return ""
}

// codexSocket is a cached connection of one session and account.
type codexSocket struct {
	conn         *websocket.Conn
	busy         bool
	created      time.Time
	idle         *time.Timer
	continuation *codexContinuation
}

// codexContinuation is what the next request on the socket may continue:
// the last full request, its response id and its output as input items.
type codexContinuation struct {
	requestBody   map[string]any
	responseID    string
	responseItems []any
}

// codexSockets is pi-ai's process-wide websocketSessionCache (by session
// id, then account id), websocketSseFallbackSessions and
// websocketDebugStats.
var codexSockets = struct {
	sync.Mutex
	bySession   map[string]map[string]*codexSocket
	sseFallback map[string]bool
	stats       map[string]*CodexWebSocketStats
}{bySession: map[string]map[string]*codexSocket{}, sseFallback: map[string]bool{}, stats: map[string]*CodexWebSocketStats{}}

// CodexWebSocketStats is pi-ai 1.6's WebSocket debug stats of a session
// (getOpenAICodexWebSocketDebugStats), under its field names.
type CodexWebSocketStats struct {
	Requests                int    `json:"requests"`
	ConnectionsCreated      int    `json:"connectionsCreated"`
	ConnectionsReused       int    `json:"connectionsReused"`
	CachedContextRequests   int    `json:"cachedContextRequests"`
	StoreTrueRequests       int    `json:"storeTrueRequests"`
	FullContextRequests     int    `json:"fullContextRequests"`
	DeltaRequests           int    `json:"deltaRequests"`
	LastInputItems          int    `json:"lastInputItems"`
	LastDeltaInputItems     *int   `json:"lastDeltaInputItems,omitempty"`
	LastPreviousResponseID  string `json:"lastPreviousResponseId,omitempty"`
	WebSocketFailures       int    `json:"websocketFailures"`
	LastWebSocketError      string `json:"lastWebSocketError,omitempty"`
	SSEFallbacks            int    `json:"sseFallbacks"`
	WebSocketFallbackActive bool   `json:"websocketFallbackActive,omitempty"`
}

// CodexWebSocketDebugStats returns a copy of a session's WebSocket stats;
// false when the session sent nothing over the Codex transport.
func CodexWebSocketDebugStats(sessionID string) (CodexWebSocketStats, bool) {
	codexSockets.Lock()
	defer codexSockets.Unlock()
	st, ok := codexSockets.stats[sessionID]
	if !ok {
		return CodexWebSocketStats{}, false
	}
	out := *st
	if st.LastDeltaInputItems != nil {
		n := *st.LastDeltaInputItems
		out.LastDeltaInputItems = &n
	}
	return out, true
}

// ResetCodexWebSocketDebugStats forgets a session's stats and its SSE
// fallback (every session's when sessionID is ""), as pi-ai's
// resetOpenAICodexWebSocketDebugStats.
func ResetCodexWebSocketDebugStats(sessionID string) {
	codexSockets.Lock()
	defer codexSockets.Unlock()
	if sessionID == "" {
		clear(codexSockets.stats)
		clear(codexSockets.sseFallback)
		return
	}
	delete(codexSockets.stats, sessionID)
	delete(codexSockets.sseFallback, sessionID)
}

// codexStatsLocked is pi-ai's getOrCreateWebSocketDebugStats.
func codexStatsLocked(sessionID string) *CodexWebSocketStats {
	st := codexSockets.stats[sessionID]
	if st == nil {
		st = &CodexWebSocketStats{}
		codexSockets.stats[sessionID] = st
	}
	return st
}

// recordCodexWebSocketRequest counts a request about to go over a
// session's socket, as pi-ai's processWebSocketStream does.
func recordCodexWebSocketRequest(sessionID string, reused, cachedContext bool, body map[string]any) {
	if sessionID == "" {
		return
	}
	codexSockets.Lock()
	defer codexSockets.Unlock()
	st := codexStatsLocked(sessionID)
	st.Requests++
	if reused {
		st.ConnectionsReused++
	} else {
		st.ConnectionsCreated++
	}
	if cachedContext {
		st.CachedContextRequests++
	}
	if body["store"] == true {
		st.StoreTrueRequests++
	}
	input, _ := body["input"].([]any)
	st.LastInputItems = len(input)
	if prev, _ := body["previous_response_id"].(string); prev != "" {
		st.DeltaRequests++
		n := len(input)
		st.LastDeltaInputItems, st.LastPreviousResponseID = &n, prev
	} else {
		st.FullContextRequests++
		st.LastDeltaInputItems, st.LastPreviousResponseID = nil, ""
	}
}

// CloseCodexWebSockets closes the cached Codex WebSockets of a session (of
// every session when sessionID is ""), as pi-ai's
// closeOpenAICodexWebSocketSessions, the session resource cleanup pi runs
// when a session ends or is replaced. The session's SSE fallback and
// stats stay (see ResetCodexWebSocketDebugStats).
func CloseCodexWebSockets(sessionID string) {
	codexSockets.Lock()
	defer codexSockets.Unlock()
	for sid, byAccount := range codexSockets.bySession {
		if sessionID != "" && sid != sessionID {
			continue
		}
		for _, s := range byAccount {
			if s.idle != nil {
				s.idle.Stop()
			}
			_ = s.conn.Close(websocket.StatusNormalClosure, "debug_close")
		}
		delete(codexSockets.bySession, sid)
	}
}

func codexSSEFallbackActive(sessionID string) bool {
	codexSockets.Lock()
	defer codexSockets.Unlock()
	return sessionID != "" && codexSockets.sseFallback[sessionID]
}

// recordCodexSSEFallback is pi-ai's recordWebSocketSseFallback: a
// request of the session went over SSE instead.
func recordCodexSSEFallback(sessionID string) {
	if sessionID == "" {
		return
	}
	codexSockets.Lock()
	defer codexSockets.Unlock()
	st := codexStatsLocked(sessionID)
	st.SSEFallbacks++
	st.WebSocketFallbackActive = codexSockets.sseFallback[sessionID]
}

// recordCodexWebSocketFailure is pi-ai's recordWebSocketFailure: the
// session's later requests go over SSE.
func recordCodexWebSocketFailure(sessionID string, err error) {
	if sessionID == "" {
		return
	}
	codexSockets.Lock()
	defer codexSockets.Unlock()
	codexSockets.sseFallback[sessionID] = true
	st := codexStatsLocked(sessionID)
	st.WebSocketFailures++
	st.LastWebSocketError = err.Error()
	st.WebSocketFallbackActive = true
}

// dropCodexSocketLocked forgets s if it is still the cached socket.
func dropCodexSocketLocked(sessionID, accountID string, s *codexSocket) {
	byAccount := codexSockets.bySession[sessionID]
	if byAccount[accountID] == s {
		delete(byAccount, accountID)
	}
	if len(byAccount) == 0 {
		delete(codexSockets.bySession, sessionID)
	}
}

// codexWebSocketURL is pi-ai's resolveCodexWebSocketUrl.
func codexWebSocketURL(baseURL string) string {
	u, err := url.Parse(codexURL(baseURL))
	if err != nil {
		return codexURL(baseURL)
	}
	switch u.Scheme {
	case "https":
		u.Scheme = "wss"
	case "http":
		u.Scheme = "ws"
	}
	return u.String()
}

// dialCodexWebSocket is pi-ai's connectWebSocket.
func dialCodexWebSocket(ctx context.Context, target string, headers http.Header, client *http.Client) (*websocket.Conn, error) {
	dctx, cancel := context.WithTimeout(ctx, codexWebSocketConnectTimeout)
	defer cancel()
	conn, resp, err := websocket.Dial(dctx, target, &websocket.DialOptions{HTTPClient: client, HTTPHeader: headers})
	if resp != nil && resp.Body != nil {
		_ = resp.Body.Close()
	}
	switch {
	case err == nil:
		conn.SetReadLimit(-1) // a Codex event can be large; undici sets no limit
		return conn, nil
	case ctx.Err() != nil:
		return nil, errors.New(codexRequestAborted)
	case dctx.Err() != nil:
		return nil, fmt.Errorf("WebSocket connect timeout after %dms", codexWebSocketConnectTimeout.Milliseconds())
	}
	return nil, err
}

// acquireCodexSocket is pi-ai's acquireWebSocket: without a session a new
// socket closed after the request; else the session's cached socket when
// it is free and young enough, a new uncached one while it is busy, or a
// new one that becomes the cached socket. release puts a cached socket
// back (keep) or closes it; reused says the socket served an earlier
// request.
func acquireCodexSocket(ctx context.Context, target string, headers http.Header, client *http.Client, sessionID, accountID string) (conn *websocket.Conn, entry *codexSocket, reused bool, release func(keep bool), err error) {
	closeOnly := func(c *websocket.Conn) func(bool) {
		return func(bool) { _ = c.Close(websocket.StatusNormalClosure, "done") }
	}
	if sessionID == "" {
		conn, err := dialCodexWebSocket(ctx, target, headers, client)
		if err != nil {
			return nil, nil, false, nil, err
		}
		return conn, nil, false, closeOnly(conn), nil
	}
	codexSockets.Lock()
	cached := codexSockets.bySession[sessionID][accountID]
	if cached != nil {
		if cached.idle != nil {
			cached.idle.Stop()
			cached.idle = nil
		}
		switch {
		case cached.busy:
			codexSockets.Unlock()
			conn, err := dialCodexWebSocket(ctx, target, headers, client)
			if err != nil {
				return nil, nil, false, nil, err
			}
			return conn, nil, false, closeOnly(conn), nil
		case time.Since(cached.created) >= codexWebSocketMaxAge:
			_ = cached.conn.Close(websocket.StatusNormalClosure, "connection_age_limit")
			dropCodexSocketLocked(sessionID, accountID, cached)
		default:
			cached.busy = true
			codexSockets.Unlock()
			return cached.conn, cached, true, releaseCodexSocket(sessionID, accountID, cached), nil
		}
	}
	codexSockets.Unlock()
	conn, err = dialCodexWebSocket(ctx, target, headers, client)
	if err != nil {
		return nil, nil, false, nil, err
	}
	entry = &codexSocket{conn: conn, busy: true, created: time.Now()}
	codexSockets.Lock()
	if codexSockets.bySession[sessionID] == nil {
		codexSockets.bySession[sessionID] = map[string]*codexSocket{}
	}
	codexSockets.bySession[sessionID][accountID] = entry
	codexSockets.Unlock()
	return conn, entry, false, releaseCodexSocket(sessionID, accountID, entry), nil
}

func releaseCodexSocket(sessionID, accountID string, s *codexSocket) func(keep bool) {
	return func(keep bool) {
		codexSockets.Lock()
		defer codexSockets.Unlock()
		if !keep {
			_ = s.conn.Close(websocket.StatusNormalClosure, "done")
			if s.idle != nil {
				s.idle.Stop()
			}
			dropCodexSocketLocked(sessionID, accountID, s)
			return
		}
		s.busy = false
		s.idle = time.AfterFunc(codexWebSocketIdleLifetime, func() {
			codexSockets.Lock()
			defer codexSockets.Unlock()
			if s.busy {
				return
			}
			_ = s.conn.Close(websocket.StatusNormalClosure, "idle_timeout")
			dropCodexSocketLocked(sessionID, accountID, s)
		})
	}
}

// codexWebSocketHeaders is pi-ai's buildWebSocketHeaders: the SSE
// request's headers without accept, content-type and its OpenAI-Beta, with
// the WebSocket beta and the request id as session-id and
// x-client-request-id.
func codexWebSocketHeaders(sse map[string]string, requestID string) http.Header {
	h := http.Header{}
	for k, v := range sse {
		h.Set(k, v)
	}
	for _, k := range []string{"Accept", "Content-Type", "Openai-Beta"} {
		h.Del(k)
	}
	h.Set("Openai-Beta", codexWebSocketBeta)
	h.Set("X-Client-Request-Id", requestID)
	h.Set("Session-Id", requestID)
	return h
}

// codexWebSocketFrame is the response.create frame pi-ai sends: type, then
// the request body's members in pi-ai's order.
func codexWebSocketFrame(body map[string]any) ([]byte, error) {
	o, _ := HandlerPayload(APIOpenAICodexResponses, body).(*jsjson.Object)
	frame := append(jsjson.Object{{Key: "type", Value: "response.create"}}, *o...)
	return json.Marshal(frame)
}

// cachedCodexRequest is pi-ai's buildCachedWebSocketRequestBody: the new
// input items with previous_response_id when body repeats the socket's
// last request (input aside) and its input starts with that request's
// input and output; else body, and the socket forgets the continuation.
func cachedCodexRequest(entry *codexSocket, body map[string]any) map[string]any {
	c := entry.continuation
	if c == nil {
		return body
	}
	delta, ok := codexInputDelta(body, c)
	if !ok || c.responseID == "" {
		entry.continuation = nil
		return body
	}
	out := make(map[string]any, len(body)+1)
	for k, v := range body {
		out[k] = v
	}
	out["input"] = delta
	out["previous_response_id"] = c.responseID
	return out
}

func codexInputDelta(body map[string]any, c *codexContinuation) ([]any, bool) {
	withoutInput := func(m map[string]any) string {
		rest := make(map[string]any, len(m))
		for k, v := range m {
			if k != "input" && k != "previous_response_id" {
				rest[k] = v
			}
		}
		b, _ := json.Marshal(rest)
		return string(b)
	}
	if withoutInput(body) != withoutInput(c.requestBody) {
		return nil, false
	}
	current, _ := body["input"].([]any)
	last, _ := c.requestBody["input"].([]any)
	baseline := append(append([]any{}, last...), c.responseItems...)
	if len(current) < len(baseline) {
		return nil, false
	}
	a, _ := json.Marshal(current[:len(baseline)])
	b, _ := json.Marshal(baseline)
	if string(a) != string(b) {
		return nil, false
	}
	return current[len(baseline):], true
}

// codexResponseItems is the assistant message as the input items the next
// request will carry (pi-ai converts its output the same way), without
// tool outputs.
func codexResponseItems(model *Model, out *AssistantMessage, grammar map[string]string) []any {
	msgs, err := decodeMessages([]map[string]any{out.Map()})
	if err != nil {
		return nil
	}
	items, err := convertResponsesMessages(model, responsesLeading{}, msgs, openAIToolCallProviders, "", grammar)
	if err != nil {
		return nil
	}
	kept := items[:0]
	for _, it := range items {
		if m, _ := it.(map[string]any); m["type"] == "function_call_output" || m["type"] == "custom_tool_call_output" {
			continue
		}
		kept = append(kept, it)
	}
	return kept
}

// codexWebSocketRequest is one request over the WebSocket (pi-ai's
// processWebSocketStream). started reports whether an event reached the
// stream (after which there is no falling back).
type codexWebSocketRequest struct {
	target    string
	headers   http.Header
	body      map[string]any
	sessionID string
	accountID string
	cached    bool // "auto" and "websocket-cached"
}

func (st *responsesStream) streamCodexWebSocket(ctx context.Context, req codexWebSocketRequest) (started, reused bool, err error) {
	conn, entry, reused, release, err := acquireCodexSocket(ctx, req.target, req.headers, st.opts.client(), req.sessionID, req.accountID)
	if err != nil {
		return false, false, err
	}
	keep := false
	defer func() { release(keep) }()
	body := req.body
	if req.cached && entry != nil {
		body = cachedCodexRequest(entry, body)
	}
	recordCodexWebSocketRequest(req.sessionID, reused, req.cached, body)
	fail := func(err error) (bool, bool, error) {
		if entry != nil {
			entry.continuation = nil
		}
		return started, reused, err
	}
	frame, err := codexWebSocketFrame(body)
	if err != nil {
		return fail(err)
	}
	if err := conn.Write(ctx, websocket.MessageText, frame); err != nil {
		return fail(codexWebSocketReadError(ctx, err))
	}
	idle := st.opts.Retry.Timeout // pi-ai's timeoutMs bounds each wait for a frame
	for !st.completed {
		rctx, cancel := ctx, context.CancelFunc(func() {})
		if idle > 0 {
			rctx, cancel = context.WithTimeout(ctx, idle)
		}
		_, data, err := conn.Read(rctx)
		timedOut := rctx.Err() != nil && ctx.Err() == nil
		cancel()
		switch {
		case err != nil && timedOut:
			return fail(fmt.Errorf("WebSocket idle timeout after %dms", idle.Milliseconds()))
		case err != nil:
			return fail(codexWebSocketReadError(ctx, err))
		}
		var ev map[string]any
		if err := json.Unmarshal(data, &ev); err != nil {
			return fail(&codexProtocolError{"Invalid Codex WebSocket JSON: " + err.Error()})
		}
		if hook, ok := ctx.Value(streamEventHookKey{}).(func(data any)); ok {
			if v, err := jsjson.Parse(data); err == nil {
				hook(v)
			}
		}
		// pi-ai starts the message with the first event that is neither
		// untyped nor an error.
		if typ, _ := ev["type"].(string); !started && typ != "" && typ != "error" && typ != "response.failed" {
			started = true
			st.push(Event{Type: EventStart})
		}
		if err := st.codexEvent(string(data)); err != nil {
			return fail(err)
		}
	}
	if ctx.Err() != nil {
		return fail(errors.New(codexRequestAborted))
	}
	keep = true
	if req.cached && entry != nil && st.out.ResponseID != "" {
		entry.continuation = &codexContinuation{requestBody: req.body, responseID: st.out.ResponseID,
			responseItems: codexResponseItems(st.model, st.out, st.grammar)}
	}
	return started, reused, nil
}

// codexWebSocketReadError words a failed read or write as pi-ai does.
func codexWebSocketReadError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return errors.New(codexRequestAborted)
	}
	var ce websocket.CloseError
	if errors.As(err, &ce) {
		msg := fmt.Sprintf("WebSocket closed %d", int(ce.Code))
		switch {
		case ce.Reason != "":
			msg += " " + ce.Reason
		case ce.Code == codexWebSocketMessageTooBig:
			msg += " message too big"
		}
		return &codexWebSocketCloseError{msg}
	}
	return err
}

// codexTransportDiagnostic is pi-ai's provider_transport_failure
// diagnostic of a failed WebSocket request.
func codexTransportDiagnostic(err error, transport string, started bool, requestBytes int, now time.Time) Diagnostic {
	name := "Error"
	var (
		api   *codexAPIError
		proto *codexProtocolError
		cl    *codexWebSocketCloseError
	)
	switch {
	case errors.As(err, &api):
		name = "CodexApiError"
	case errors.As(err, &proto):
		name = "CodexProtocolError"
	case errors.As(err, &cl):
		name = "WebSocketCloseError"
	}
	details := map[string]any{"configuredTransport": transport, "eventsEmitted": started, "requestBytes": requestBytes}
	if started {
		details["phase"] = "after_message_stream_start"
	} else {
		details["phase"] = "before_message_stream_start"
		details["fallbackTransport"] = "sse"
	}
	d := Diagnostic{Type: transportFailureDiagnosticType, Timestamp: now.UnixMilli(),
		Error: DiagnosticError{Name: name, Message: err.Error()}, Details: details}
	if code := codexErrorCode(err); code != "" {
		d.Error.Code = code
	}
	return d
}

// codexRequestID is the WebSocket request id: the session id, else a
// fresh UUIDv7 as pi-ai's.
func codexRequestID(sessionID string) string {
	if sessionID != "" {
		return sessionID
	}
	if id, err := uuid.NewV7(); err == nil {
		return id.String()
	}
	return uuid.NewString()
}

package provider

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/klauspost/compress/zstd"
	"io"
	"math"
	"net/http"
	"os"
	"regexp"
	"runtime"
	"strings"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// This file is pi-ai's providers/openai-codex-responses.js: ChatGPT
// Plus/Pro subscriptions (an "openai-codex" OAuth login) through the Codex
// backend at chatgpt.com/backend-api. It is the Responses API with a
// different envelope: POST {baseUrl}/codex/responses; the ChatGPT access
// token as bearer plus chatgpt-account-id (from the token's claims),
// originator "pi", pi's User-Agent and OpenAI-Beta responses=experimental;
// the system prompt as "instructions" (not an input item); store false,
// text.verbosity "low", reasoning.encrypted_content included, tool_choice
// "auto", parallel tool calls, tools with strict null, no max_output_tokens;
// error events and response.failed end the stream as "Codex error: …";
// response.done/incomplete count as response.completed. Input items and the
// event handling are openai_responses.go's.
//
// Unless the transport is "sse", the request first goes over a WebSocket
// (codex_websocket.go) and comes here when that fails before streaming.

// APIOpenAICodexResponses is the Codex backend's Responses API (ChatGPT
// subscriptions, provider openai-codex).
const APIOpenAICodexResponses = "openai-codex-responses"

const (
	codexDefaultBaseURL      = "https://chatgpt.com/backend-api"
	codexRequestAborted      = "Request was aborted"
	codexFetchFailed         = "fetch failed"
	codexResponseFailed      = "Codex response failed"
	codexOpenAIBetaValue     = "responses=experimental"
	responsesMinOutputTokens = 16 // pi-ai's MIN_OUTPUT_TOKENS (codex, responses)
)

var codexUsageLimit = regexp.MustCompile(`(?i)usage_limit_reached|usage_not_included|rate_limit_exceeded`)

func streamOpenAICodexResponses(ctx context.Context, model *Model, c *Context, opts *Options) (*EventStream, error) {
	if opts == nil {
		opts = &Options{}
	}
	key, err := opts.apiKey(model.Provider)
	if err != nil {
		return nil, err
	}
	st := &responsesStream{producer: newProducer(model, opts), codex: true, block: -1}
	st.out.API = APIOpenAICodexResponses // pi-ai names it so whatever model.api says
	go func() { st.finish(ctx, st.streamCodex(ctx, c, key)) }()
	return st.s, nil
}

// codexURL is pi-ai's resolveCodexUrl.
func codexURL(baseURL string) string {
	raw := baseURL
	if strings.TrimSpace(raw) == "" {
		raw = codexDefaultBaseURL
	}
	n := strings.TrimRight(raw, "/")
	switch {
	case strings.HasSuffix(n, "/codex/responses"):
		return n
	case strings.HasSuffix(n, "/codex"):
		return n + "/responses"
	}
	return n + "/codex/responses"
}

// codexUserAgent is pi's "pi (<platform> <release>; <arch>)" with Node's
// names for the platform and architecture.
func codexUserAgent() string {
	platform := runtime.GOOS
	if platform == "windows" {
		platform = "win32"
	}
	arch := runtime.GOARCH
	switch arch {
	case "amd64":
		arch = "x64"
	case "386":
		arch = "ia32"
	}
	release := "unknown"
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		release = strings.TrimSpace(string(b))
	}
	return fmt.Sprintf("pi (%s %s; %s)", platform, release, arch)
}

// codexSessionID is the session id a Codex request sends (pi-ai 1.6's
// codexSessionId): none when the caller asked for no caching (a summary's
// routing id), clamped as a prompt cache key.
func codexSessionID(opts *Options) string {
	if opts.CacheRetention == "none" {
		return ""
	}
	return clampPromptCacheKey(opts.SessionID)
}

// codexConfigurationUpdateEffort is pi-ai's getConfigurationUpdateEffort
// for openai-codex-responses: with compat.supportsMidConvoEffort, the
// effort configuration_update items carry, thinking off included (sent as
// effort "none", or what the model's map names for off, so that switching
// to it keeps the cached prompt); "" when none.
func codexConfigurationUpdateEffort(model *Model, effort ThinkingLevel) string {
	switch {
	case !midConvoEffort(model):
		return ""
	case effort != "":
		if v, ok := model.mappedLevel(effort); ok {
			return v
		}
		return string(effort)
	case !model.Reasoning:
		return ""
	}
	if off, listed := model.ThinkingLevelMap[ThinkingOff]; listed {
		if off == nil {
			return ""
		}
		return *off
	}
	return "none"
}

// buildCodexParams is pi-ai's buildRequestBody for openai-codex-responses;
// configUpdate is the effort its configuration_update items carry (the
// reply's providerThinkingLevel), "" when it has none.
func buildCodexParams(model *Model, c *Context, opts *Options, grammar map[string]string) (p map[string]any, configUpdate string, err error) {
	// pi-ai 1.6 sends the system prompt as the leading developer item, not
	// as instructions (which the backend appends after input, so that the
	// prompt cache missed it on every turn).
	effort := opts.reasoningEffort(model)
	configUpdate = codexConfigurationUpdateEffort(model, effort)
	// Codex declares every tool with strict null.
	// Codex takes strict mode unless the model says otherwise, and
	// declares the other tools with strict null.
	strictMode := compatBool(model, func(c *Compat) *bool { return c.SupportsStrictMode }, true)
	grammarTools := compatBool(model, func(c *Compat) *bool { return c.SupportsOpenAIGrammarTools }, false)
	toolItems := func(ts []Tool, deferLoading bool) ([]any, error) {
		return convertResponsesTools(ts, strictMode, nil, grammarTools, deferLoading)
	}
	input, requestTools, err := responsesTranscript(model, c, openAIToolCallProviders, configUpdate, grammar, toolItems)
	if err != nil {
		return nil, "", err
	}
	p = map[string]any{
		"model":               model.ID,
		"store":               false,
		"stream":              true,
		"input":               input,
		"text":                map[string]any{"verbosity": "low"},
		"include":             []any{"reasoning.encrypted_content"},
		"tool_choice":         "auto",
		"parallel_tool_calls": true,
	}
	if sid := codexSessionID(opts); sid != "" {
		p["prompt_cache_key"] = sid
	}
	if mt := opts.baseMaxTokens(model, c); mt > 0 && supportsMaxOutputTokens(model) {
		p["max_output_tokens"] = max(mt, responsesMinOutputTokens)
	}
	if opts.Temperature != nil {
		p["temperature"] = *opts.Temperature
	}
	if len(requestTools) > 0 {
		if p["tools"], err = toolItems(requestTools, false); err != nil {
			return nil, "", err
		}
	}
	if configUpdate != "" {
		p["reasoning"] = map[string]any{"effort": configurationUpdateRequestEffort, "summary": "auto"}
	} else if effort != "" {
		e := string(effort)
		if v, ok := model.mappedLevel(effort); ok {
			e = v
		}
		p["reasoning"] = map[string]any{"effort": e, "summary": "auto"}
	} else if off, ok := model.ThinkingLevelMap[ThinkingOff]; model.Reasoning && (!ok || off != nil) {
		// Thinking off: a reasoning model is asked for effort "none" (or
		// what its map names for off) unless its map says it has none.
		e := "none"
		if ok {
			e = *off
		}
		p["reasoning"] = map[string]any{"effort": e, "summary": "auto"}
	}
	return p, configUpdate, nil
}

func (st *responsesStream) streamCodex(ctx context.Context, c *Context, key string) error {
	model, opts := st.model, st.opts
	account, err := codexAccountID(key)
	if err != nil {
		return err
	}
	if st.grammar, err = responsesGrammarInputs(model, c); err != nil {
		return err
	}
	params, configUpdate, err := buildCodexParams(model, c, opts, st.grammar)
	if err != nil {
		return err
	}
	st.out.ProviderThinkingLevel = configUpdate
	payload, err := st.payload(ctx, params)
	if err != nil {
		return err
	}
	body, err := encodeBody(payload)
	if err != nil {
		return err
	}
	// pi-ai's buildSSEHeaders: model headers, then option headers, then the
	// fixed ones, which nothing overrides.
	headers := map[string]string{}
	for k, v := range model.Headers {
		headers[http.CanonicalHeaderKey(k)] = v
	}
	for k, v := range opts.Headers {
		headers[http.CanonicalHeaderKey(k)] = v
	}
	headers["Authorization"] = "Bearer " + key
	headers["Chatgpt-Account-Id"] = account
	headers["Originator"] = "pi"
	headers["User-Agent"] = codexUserAgent()
	headers["Openai-Beta"] = codexOpenAIBetaValue
	headers["Accept"] = "text/event-stream"
	headers["Content-Type"] = "application/json"
	if sid := codexSessionID(opts); sid != "" {
		headers["Session-Id"] = sid
		headers["X-Client-Request-Id"] = sid
	}
	if done, err := st.tryCodexWebSocket(ctx, payload, headers, account, len(body)); done || err != nil {
		return err
	}
	// pi-ai 1.6 sends the SSE request zstd-compressed at level 3, as the
	// official Codex client does (the WebSocket frame above stays JSON).
	body = codexZstd.EncodeAll(body, nil)
	headers["Content-Encoding"] = "zstd"
	sendOpts := *opts
	sendOpts.Headers, sendOpts.DropHeaders = nil, nil
	resp, err := openStream(ctx, model, &sendOpts, codexURL(model.BaseURL), headers, body, codexErrorText(opts), st)
	switch {
	case errors.Is(err, errSendAborted):
		return errors.New(codexRequestAborted)
	case errors.Is(err, errSendConnection):
		return errors.New(withCause(codexFetchFailed, sendFailureCause(err)))
	case err != nil:
		return err
	}
	defer resp.Close()

	sse := newSSEReader(resp)
	for !st.completed {
		ev, err := nextEvent(ctx, sse, resp)
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if ctx.Err() != nil {
			return errors.New(codexRequestAborted)
		}
		if err := st.codexEvent(strings.TrimSpace(ev.Data)); err != nil {
			return err
		}
	}
	if ctx.Err() != nil {
		return errors.New(codexRequestAborted)
	}
	if !st.completed {
		// pi-ai would finish with what it has; pigo reports the broken stream
		// (as it does for openai-responses) so the turn can be retried.
		return errors.New(responsesMissingCompletedText)
	}
	return nil
}

// tryCodexWebSocket is the WebSocket half of pi-ai's stream: done when
// the request was answered over the WebSocket, or an error that ends it;
// neither when it is to go over SSE (the transport is "sse", the session
// fell back before, or the WebSocket failed before the first event).
func (st *responsesStream) tryCodexWebSocket(ctx context.Context, payload map[string]any, sseHeaders map[string]string, account string, requestBytes int) (done bool, err error) {
	opts := st.opts
	transport := opts.Transport
	// Sockets, fallback and stats are kept under the session id as given
	// (pi-ai's cacheSessionId); the request carries it clamped.
	sessionID := ""
	if opts.CacheRetention != "none" {
		sessionID = opts.SessionID
	}
	if transport == "" || transport == "sse" {
		return false, nil
	}
	if codexSSEFallbackActive(sessionID) {
		recordCodexSSEFallback(sessionID)
		return false, nil
	}
	headers := codexWebSocketHeaders(sseHeaders, codexRequestID(codexSessionID(opts)))
	for _, drop := range opts.DropHeaders {
		headers.Del(drop)
	}
	req := codexWebSocketRequest{target: codexWebSocketURL(st.model.BaseURL), headers: headers, body: payload,
		sessionID: sessionID, accountID: account, cached: transport == "auto" || transport == "websocket-cached"}
	retriedLimit, retriedContinuation, retriedStale := false, false, false
	for {
		started, reused, err := st.streamCodexWebSocket(ctx, req)
		if err == nil {
			return true, nil
		}
		if ctx.Err() != nil {
			return true, errors.New(codexRequestAborted)
		}
		code := codexErrorCode(err)
		switch {
		case code == codexPreviousResponseNotFound && !retriedContinuation:
			retriedContinuation = true
			continue
		case code == codexConnectionLimitCode && !started && !retriedLimit:
			retriedLimit = true
			continue
		}
		var (
			api   *codexAPIError
			proto *codexProtocolError
		)
		// The backend's own errors are not the transport's.
		if (errors.As(err, &api) || errors.As(err, &proto)) && !(code == codexConnectionLimitCode && !started) {
			return true, err
		}
		// pi-ai skips a cached socket the server closed (its readyState);
		// coder/websocket only tells at the next read or write, so a reused
		// socket that failed before the reply gets one fresh socket.
		if reused && !started && !retriedStale {
			retriedStale = true
			continue
		}
		st.out.Diagnostics = append(st.out.Diagnostics, codexTransportDiagnostic(err, transport, started, requestBytes, opts.now()))
		recordCodexWebSocketFailure(sessionID, err)
		if started {
			return true, err
		}
		recordCodexSSEFallback(sessionID)
		return false, nil
	}
}

// codexEvent is pi-ai's mapCodexEvents in front of the shared Responses
// event handling.
func (st *responsesStream) codexEvent(data string) error {
	if data == "" || data == "[DONE]" {
		return nil
	}
	var ev map[string]any
	if err := json.Unmarshal([]byte(data), &ev); err != nil {
		return &codexProtocolError{fmt.Sprintf("Invalid Codex SSE JSON: %v", err)}
	}
	typ, _ := ev["type"].(string)
	switch typ {
	case "":
		return nil
	case "error":
		// pi-ai 1.6's extractCodexEventError: message and code at the top
		// or in a nested error object.
		nested, _ := ev["error"].(map[string]any)
		pick := func(k string) string {
			if v, ok := ev[k].(string); ok {
				return v
			}
			v, _ := nested[k].(string)
			return v
		}
		code, msg := pick("code"), pick("message")
		if msg == "" {
			msg = code
		}
		if msg == "" {
			if s, err := jsjson.Restringify([]byte(data)); err == nil {
				msg = s
			}
		}
		return &codexAPIError{message: "Codex error: " + msg, code: code}
	case "response.failed":
		resp, _ := ev["response"].(map[string]any)
		e, _ := resp["error"].(map[string]any)
		code, _ := e["code"].(string)
		if jsjson.Truthy(e["message"]) {
			return &codexAPIError{message: jsField(e, "message"), code: code}
		}
		return &codexAPIError{message: codexResponseFailed, code: code}
	case "response.done", "response.completed", "response.incomplete":
		resp, _ := ev["response"].(map[string]any)
		if resp != nil {
			resp = cloneMap(resp)
			switch s, _ := resp["status"].(string); s {
			case "completed", "incomplete", "failed", "cancelled", "queued", "in_progress":
			default:
				delete(resp, "status")
			}
			ev["response"] = resp
		}
		return st.complete(ev)
	}
	return st.event(data)
}

// codexErrorText is pi-ai's parseErrorResponse: a ChatGPT usage limit (or
// any 429 with an error object) becomes a friendly message with the plan
// and the minutes until the limit resets; otherwise error.message, else the
// body, else the status text.
func codexErrorText(opts *Options) errorText {
	return func(resp *http.Response, body []byte) string {
		raw := string(body)
		message := raw
		if message == "" {
			message = http.StatusText(resp.StatusCode)
		}
		if message == "" {
			message = "Request failed"
		}
		friendly := ""
		var parsed map[string]any
		if json.Unmarshal(body, &parsed) == nil {
			if e, ok := parsed["error"].(map[string]any); ok {
				code := str(e, "code")
				if code == "" {
					code = str(e, "type")
				}
				if codexUsageLimit.MatchString(code) || resp.StatusCode == http.StatusTooManyRequests {
					plan := ""
					if p := str(e, "plan_type"); p != "" {
						plan = " (" + strings.ToLower(p) + " plan)"
					}
					when := ""
					if resets, ok := e["resets_at"].(float64); ok && resets != 0 {
						mins := math.Max(0, math.Round((resets*1000-float64(opts.now().UnixMilli()))/60000))
						when = fmt.Sprintf(" Try again in ~%s min.", jsjson.Number(mins))
					}
					friendly = strings.TrimSpace("You have hit your ChatGPT usage limit" + plan + "." + when)
				}
				if m := str(e, "message"); m != "" {
					message = m
				} else if friendly != "" {
					message = friendly
				}
			}
		}
		if friendly != "" {
			return friendly
		}
		return message
	}
}

// codexZstd compresses Codex request bodies; EncodeAll is safe for
// concurrent use.
var codexZstd, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.EncoderLevelFromZstd(3)))

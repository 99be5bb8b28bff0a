package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"strings"
	"syscall"
	"time"
	"unicode/utf16"

	"github.com/pigo-dev/pigo/engine/jsjson"
)

// Error texts pi shows for transport failures (the SDKs' wording).
const (
	msgAbortedBeforeResponse = "Request aborted" // pi 1.6's retry wrapper's AbortError
	msgAborted               = "Request was aborted"
	msgReadAborted           = "This operation was aborted"
	msgTimedOut              = "Request timed out."
	msgConnection            = "Connection error."
	msgTerminated            = "terminated"
	msgSocketClosed          = "terminated: other side closed (UND_ERR_SOCKET)"        // undici's cut body with pi-ai's withCauseDetail
	msgBodyTimeout           = "terminated: Body Timeout Error (UND_ERR_BODY_TIMEOUT)" // undici's bodyTimeout with pi-ai's withCauseDetail
	// pi-ai's text when a stream ends with stopReason error or aborted.
	msgUnknownError = "An unknown error occurred"
)

var (
	// errReadAborted is what nextEvent returns when ctx was cancelled
	// while the body was read: fetch's AbortError.
	errReadAborted = errors.New(msgReadAborted)

	errAttemptTimeout = errors.New("request timed out")
	errIdleTimeout    = errors.New("stream idle timeout")

	// send's failures before a response, with the OpenAI and Anthropic SDKs'
	// wording; APIs whose SDK words them differently match them with
	// errors.Is.
	errSendAborted    = errors.New(msgAbortedBeforeResponse)
	errSendTimedOut   = errors.New(msgTimedOut)
	errSendConnection = errors.New(msgConnection)
)

// connectionError is a request that failed before any response: the
// SDKs' "Connection error." (errors.Is errSendConnection), and the reason
// as undici words it, which pi-ai 1.6's withCauseDetail appends.
type connectionError struct{ cause string }

func (e *connectionError) Error() string { return withCause(msgConnection, e.cause) }

func (e *connectionError) Is(target error) bool { return target == errSendConnection }

// withCause is pi-ai 1.6's withCauseDetail: message, then ": " and the
// deepest cause when there is one.
func withCause(message, cause string) string {
	if cause == "" {
		return message
	}
	return message + ": " + cause
}

// sendFailureCause returns the undici cause of err, a request that
// failed before any response ("" when unknown).
func sendFailureCause(err error) string {
	var ce *connectionError
	if errors.As(err, &ce) {
		return ce.cause
	}
	return ""
}

// undiciCause words a failed request's reason as Node and undici do:
// "connect ECONNREFUSED 127.0.0.1:8080", "read ECONNRESET", "getaddrinfo
// ENOTFOUND host", "other side closed (UND_ERR_SOCKET)" for a connection
// closed before the response; "" for anything else.
func undiciCause(err error) string {
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) && dnsErr.IsNotFound {
		return "getaddrinfo ENOTFOUND " + dnsErr.Name
	}
	var opErr *net.OpError
	if errors.As(err, &opErr) {
		var errno syscall.Errno
		if !errors.As(opErr.Err, &errno) {
			return ""
		}
		code := map[syscall.Errno]string{syscall.ECONNREFUSED: "ECONNREFUSED", syscall.ECONNRESET: "ECONNRESET",
			syscall.EPIPE: "EPIPE", syscall.ETIMEDOUT: "ETIMEDOUT", syscall.EHOSTUNREACH: "EHOSTUNREACH",
			syscall.ENETUNREACH: "ENETUNREACH"}[errno]
		if code == "" {
			return ""
		}
		if opErr.Op == "dial" {
			if a, ok := opErr.Addr.(*net.TCPAddr); ok {
				return fmt.Sprintf("connect %s %s:%d", code, a.IP, a.Port)
			}
			return "connect " + code
		}
		return opErr.Op + " " + code
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "other side closed (UND_ERR_SOCKET)"
	}
	return ""
}

// httpRequest is one POST with a JSON body, sent once per attempt.
type httpRequest struct {
	url     string
	headers map[string]string
	body    []byte
}

// errorText formats a non-2xx response (body already read) the way the
// API's SDK does.
type errorText func(resp *http.Response, body []byte) string

// statusError is a request the API refused with a non-2xx status: its
// text is the SDK's error message; status and body let a provider tell
// one refusal from another.
type statusError struct {
	status int
	body   []byte
	text   string
}

func (e *statusError) Error() string { return e.text }

// streamResponse is an open 2xx response whose body reads are guarded by
// the idle timeout.
type streamResponse struct {
	status  int
	headers map[string]string
	body    io.Reader
	ctx     context.Context // the attempt; its cause says why reads failed
	cancel  context.CancelCauseFunc
	idle    *time.Timer
	closer  io.Closer
	idleFor time.Duration
	// bareTermination: a body cut short reads as undici's bare
	// "terminated", without the cause pi-ai's withCauseDetail appends
	// (its Mistral provider formats errors itself).
	bareTermination bool
}

func (r *streamResponse) Read(p []byte) (int, error) {
	n, err := r.body.Read(p)
	if n > 0 && r.idle != nil {
		r.idle.Reset(r.idleFor)
	}
	return n, err
}

// Close releases the response.
func (r *streamResponse) Close() {
	if r.idle != nil {
		r.idle.Stop()
	}
	r.cancel(nil)
	_ = r.closer.Close()
}

// readFailure returns pi's text for a body read that failed while the
// request's ctx was not cancelled: undici's "terminated" with its cause,
// the body timeout when the idle timeout ended it, else the socket the
// server closed (undici says so for a FIN and a reset alike).
func (r *streamResponse) readFailure() string {
	switch {
	case errors.Is(context.Cause(r.ctx), errIdleTimeout):
		return msgBodyTimeout
	case r.bareTermination:
		return msgTerminated
	}
	return msgSocketClosed
}

type streamEventHookKey struct{}

// WithStreamEventHook returns ctx with a function that every provider
// calls with each parsed stream event (its JSON data, objects as
// *jsjson.Object in the order the server wrote their keys, as JSON.parse
// gives them to pi's handlers), before normalizing it: pi 1.6's
// provider_stream_event. Data that is not JSON, as "[DONE]", never
// reaches pi's handlers (the SDKs and pi-ai's parsers end on it or
// fail).
func WithStreamEventHook(ctx context.Context, hook func(data any)) context.Context {
	return context.WithValue(ctx, streamEventHookKey{}, hook)
}

// nextEvent returns the next event of resp's body, read with sse. At the
// end it returns io.EOF when the body ended cleanly (an unfinished last
// event is in sse.trailing), errReadAborted when ctx was cancelled, or the
// read failure as pi words it.
func nextEvent(ctx context.Context, sse *sseReader, resp *streamResponse) (sseEvent, error) {
	ev, err := sse.next()
	switch {
	case err == nil:
		if hook, ok := ctx.Value(streamEventHookKey{}).(func(data any)); ok {
			if v, err := jsjson.Parse([]byte(ev.Data)); err == nil {
				if sse.shape != nil {
					v = sse.shape(v)
				}
				hook(v)
			}
		}
		return ev, nil
	case ctx.Err() != nil:
		return ev, errReadAborted
	case isCleanEOF(err):
		return ev, io.EOF
	}
	return ev, errors.New(resp.readFailure())
}

// send POSTs req, retrying per pol, and returns the open 2xx response. Its
// error's text is the message pi would show; when ctx ends first it returns
// errSendAborted and ctx.Err() is non-nil.
func send(ctx context.Context, client *http.Client, req *httpRequest, pol RetryPolicy, format errorText, now func() time.Time) (*streamResponse, error) {
	maxRetries := pol.maxRetries()
	timeout := pol.headerWait()
	if timeout == 0 {
		timeout = math.MaxInt64 // no header timeout
	}
	for attempt := 0; ; attempt++ {
		if ctx.Err() != nil {
			return nil, errSendAborted
		}
		actx, cancel := context.WithCancelCause(ctx)
		timer := time.AfterFunc(timeout, func() { cancel(errAttemptTimeout) })
		hreq, err := http.NewRequestWithContext(actx, http.MethodPost, req.url, bytes.NewReader(req.body))
		if err != nil {
			timer.Stop()
			cancel(nil)
			return nil, fmt.Errorf("build request: %w", err)
		}
		for k, v := range req.headers {
			hreq.Header.Set(k, v)
		}
		resp, err := client.Do(hreq)
		timer.Stop()
		if err != nil {
			timedOut := errors.Is(context.Cause(actx), errAttemptTimeout)
			cancel(nil)
			if ctx.Err() != nil {
				return nil, errSendAborted
			}
			if attempt < maxRetries {
				if err := sleepCtx(ctx, pol.backoff(attempt)); err != nil {
					return nil, errSendAborted
				}
				continue
			}
			if timedOut {
				return nil, errSendTimedOut
			}
			return nil, &connectionError{cause: undiciCause(err)}
		}
		if resp.StatusCode < 200 || resp.StatusCode > 299 {
			retry := shouldRetryStatus(resp) && attempt < maxRetries
			var delay time.Duration
			if retry {
				var requested bool
				delay, requested = retryAfter(resp.Header, now())
				capDelay := pol.MaxRetryDelay
				if capDelay == 0 {
					capDelay = DefaultMaxRetryDelay
				}
				if requested && capDelay > 0 && delay > capDelay {
					body := readErrorBody(resp)
					cancel(nil)
					return nil, fmt.Errorf("%s (server requested retry delay %s, more than the %s allowed)",
						format(resp, body), delay.Round(time.Millisecond), capDelay)
				}
				if !requested {
					delay = pol.backoff(attempt)
				}
			}
			if retry {
				_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
				_ = resp.Body.Close()
				cancel(nil)
				if err := sleepCtx(ctx, delay); err != nil {
					return nil, errSendAborted
				}
				continue
			}
			body := readErrorBody(resp)
			cancel(nil)
			if ctx.Err() != nil {
				return nil, errSendAborted
			}
			return nil, &statusError{status: resp.StatusCode, body: body, text: format(resp, body)}
		}
		r := &streamResponse{
			status: resp.StatusCode, headers: headerRecord(resp.Header), body: resp.Body, closer: resp.Body,
			ctx: actx, cancel: cancel, idleFor: pol.idle(),
		}
		if r.idleFor > 0 {
			r.idle = time.AfterFunc(r.idleFor, func() { cancel(errIdleTimeout) })
		}
		return r, nil
	}
}

func readErrorBody(resp *http.Response) []byte {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	_ = resp.Body.Close()
	return b
}

// sleepCtx waits d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// headerRecord flattens headers like fetch's Headers.entries(): lower-case
// names, repeated values joined by ", ".
func headerRecord(h http.Header) map[string]string {
	out := make(map[string]string, len(h))
	for k, v := range h {
		out[strings.ToLower(k)] = strings.Join(v, ", ")
	}
	return out
}

// openAIErrorMessage is the OpenAI SDK's APIError message: "<status>
// <error.message>", or the error object as JSON, or the raw body, or
// "<status> status code (no body)".
func openAIErrorMessage(status int, body []byte) string {
	var msg string
	var obj map[string]json.RawMessage
	if json.Valid(body) {
		if json.Unmarshal(body, &obj) == nil {
			if raw, ok := obj["error"]; ok && truthyJSON(raw) {
				msg = messageOrJSON(raw)
			}
		}
	} else {
		msg = string(body)
	}
	return statusText(status, msg)
}

// openAICompletionsErrorText is pi 1.6's openai-completions error text:
// formatProviderError(normalizeProviderError(err)) over the OpenAI SDK's
// error, whose parsed error object (the body's "error") is shown as
// "<status>: <JSON>" unless the SDK message already carries it, and
// OpenRouter's error.metadata.raw appended on its own line when not
// already shown (pi-ai's utils/error-body.js, matched byte for byte).
func openAICompletionsErrorText(resp *http.Response, body []byte) string {
	text := openAIErrorMessage(resp.StatusCode, body)
	var obj struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &obj) != nil || len(obj.Error) == 0 {
		return text
	}
	var errObj map[string]any
	if json.Unmarshal(obj.Error, &errObj) == nil && len(errObj) > 0 {
		if b, err := jsjson.Restringify(obj.Error); err == nil {
			if b = truncateErrorText(strings.TrimSpace(b), maxProviderErrorBodyChars); b != "" && !strings.Contains(text, b) {
				text = fmt.Sprintf("%d: %s", resp.StatusCode, b)
			}
		}
	}
	var e struct {
		Metadata struct {
			Raw any `json:"raw"`
		} `json:"metadata"`
	}
	if json.Unmarshal(obj.Error, &e) == nil && jsjson.Truthy(e.Metadata.Raw) {
		if raw := jsString(e.Metadata.Raw); !strings.Contains(text, raw) {
			text += "\n" + raw
		}
	}
	return text
}

// prefixedErrorText is pi-ai 1.6's formatProviderError with a prefix, as
// its openai-responses ("<provider> API error", "OpenAI API error" for
// openai) and Azure ("Azure OpenAI API error") providers word an HTTP
// error: "<prefix> (<status>): <error object as JSON>", or the SDK's
// message where that already carries the body or there is none.
func prefixedErrorText(prefix string) errorText {
	return func(resp *http.Response, body []byte) string {
		text := openAIErrorMessage(resp.StatusCode, body)
		var obj struct {
			Error json.RawMessage `json:"error"`
		}
		var errObj map[string]any
		if json.Unmarshal(body, &obj) == nil && len(obj.Error) > 0 && json.Unmarshal(obj.Error, &errObj) == nil && len(errObj) > 0 {
			if b, err := jsjson.Restringify(obj.Error); err == nil {
				if b = truncateErrorText(strings.TrimSpace(b), maxProviderErrorBodyChars); b != "" && !strings.Contains(text, b) {
					text = b
				}
			}
		}
		return fmt.Sprintf("%s (%d): %s", prefix, resp.StatusCode, text)
	}
}

// maxProviderErrorBodyChars is pi-ai's MAX_PROVIDER_ERROR_BODY_CHARS.
const maxProviderErrorBodyChars = 4000

// truncateErrorText is pi-ai's truncateErrorText; lengths count UTF-16
// code units as JavaScript's do, and a cut never splits a pair.
func truncateErrorText(text string, maxChars int) string {
	units := utf16.Encode([]rune(text))
	if len(units) <= maxChars {
		return text
	}
	cut := maxChars
	if utf16.IsSurrogate(rune(units[cut-1])) && units[cut-1] < 0xdc00 {
		cut--
	}
	return fmt.Sprintf("%s... [truncated %d chars]", string(utf16.Decode(units[:cut])), len(units)-maxChars)
}

// jsString is String(v) for a parsed JSON value.
func jsString(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	if _, ok := v.(map[string]any); ok {
		return "[object Object]"
	}
	return fmt.Sprint(v)
}

// anthropicErrorText is the Anthropic SDK's APIError message: the SDK treats
// the whole JSON body as the error, so a standard error body is shown as
// compact JSON ("401 {"type":"error","error":{...}}").
func anthropicErrorText(resp *http.Response, body []byte) string {
	status := resp.StatusCode
	if json.Valid(body) {
		msg := ""
		if truthyJSON(body) {
			msg = messageOrJSON(body)
		}
		return statusText(status, msg)
	}
	return statusText(status, string(body))
}

func statusText(status int, msg string) string {
	if msg != "" {
		return fmt.Sprintf("%d %s", status, msg)
	}
	return fmt.Sprintf("%d status code (no body)", status)
}

// messageOrJSON returns v.message when it is truthy (a string as is,
// anything else as JSON), else v as compact JSON (JSON.stringify).
func messageOrJSON(raw json.RawMessage) string {
	var o map[string]json.RawMessage
	if json.Unmarshal(raw, &o) == nil {
		if m, ok := o["message"]; ok && truthyJSON(m) {
			var s string
			if json.Unmarshal(m, &s) == nil {
				return s
			}
			return compactJSON(m)
		}
	}
	return compactJSON(raw)
}

func compactJSON(raw []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// truthyJSON reports JavaScript truthiness of a JSON value.
func truthyJSON(raw []byte) bool {
	var v any
	return json.Unmarshal(raw, &v) == nil && jsjson.Truthy(v)
}

// endpoint joins a base URL and a path that starts with "/".
func endpoint(baseURL, path string) string { return strings.TrimRight(baseURL, "/") + path }

// openStream POSTs a streaming request for model to url (options' headers
// override headers), reports the response (OnResponse) and starts the event
// stream. The caller closes the response.
func openStream(ctx context.Context, model *Model, opts *Options, url string, headers map[string]string, body []byte,
	format errorText, st interface{ push(Event) }) (*streamResponse, error) {
	for k, v := range opts.Headers {
		headers[k] = v
	}
	for _, drop := range opts.DropHeaders {
		for k := range headers {
			if strings.EqualFold(k, drop) {
				delete(headers, k)
			}
		}
	}
	req := &httpRequest{url: url, headers: headers, body: body}
	resp, err := send(ctx, opts.client(), req, opts.Retry, format, opts.now)
	if err != nil {
		return nil, err
	}
	if opts.OnResponse != nil {
		opts.OnResponse(ctx, resp.status, resp.headers, model)
	}
	st.push(Event{Type: EventStart})
	return resp, nil
}

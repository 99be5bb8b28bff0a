package mcp

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Retries, as pi 1.6's McpServerConnection makes them:
//   - connecting to an HTTP server is tried again after 250 ms and after
//     1 s more when it failed for a reason worth another attempt (a
//     network failure, or HTTP 408, 429 or 5xx but 501);
//   - a read-only request (resources) that got such an HTTP status is
//     tried once more after 250 ms; a tool call is not, since it may have
//     run;
//   - any request the server answered with 404 for its session (a
//     restart, a deploy: the request did not run) is tried once more on a
//     new session.
//
// The SDK's errors do not carry HTTP statuses, so the HTTP client records
// what each request's context got (httpOutcome).

// connectRetryDelays are pi's CONNECT_RETRY_DELAYS_MS.
var connectRetryDelays = []time.Duration{250 * time.Millisecond, time.Second}

// httpOutcome is what the HTTP requests made under one context got: the
// last status, and whether one failed to reach the server.
type httpOutcome struct {
	mu          sync.Mutex
	status      int
	unreachable bool
}

type outcomeKey struct{}

// withOutcome returns ctx with a fresh outcome the HTTP client fills in.
func withOutcome(ctx context.Context) (context.Context, *httpOutcome) {
	o := &httpOutcome{}
	return context.WithValue(ctx, outcomeKey{}, o), o
}

// transientStatus reports whether the last status is worth another
// attempt (pi's isTransientError for an McpHttpError).
func (o *httpOutcome) transientStatus() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.status == http.StatusRequestTimeout || o.status == http.StatusTooManyRequests ||
		o.status >= 500 && o.status != http.StatusNotImplemented
}

// transient reports whether a failed connect is worth another attempt:
// a transient status, or a request that did not reach the server (pi:
// fetch's TypeError).
func (o *httpOutcome) transient() bool {
	o.mu.Lock()
	unreachable := o.unreachable
	o.mu.Unlock()
	return unreachable || o.transientStatus()
}

// outcomeTransport records each response's status, or its failure to
// reach the server, in the outcome of the request's context.
type outcomeTransport struct{ next http.RoundTripper }

func (t outcomeTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	if o, ok := req.Context().Value(outcomeKey{}).(*httpOutcome); ok {
		o.mu.Lock()
		switch {
		case err != nil && req.Context().Err() == nil: // not a timeout or a cancel
			o.unreachable = true
		case resp != nil:
			o.status = resp.StatusCode
		}
		o.mu.Unlock()
	}
	return resp, err
}

// isHTTP reports whether the server is reached over HTTP.
func (s *server) isHTTP() bool {
	_, ok := s.entry.Config["url"].(string)
	return ok
}

// isClosed reports whether the server was shut down for good.
func (s *server) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// pause waits d, or less when ctx ends first.
func pause(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}

// open connects, trying an HTTP server again after a transient failure.
func (s *server) open(ctx context.Context) (*sdk.ClientSession, []*sdk.Tool, error) {
	for attempt := 0; ; attempt++ {
		actx, outcome := withOutcome(ctx)
		session, tools, err := s.openOnce(actx)
		if err == nil || !s.isHTTP() || attempt >= len(connectRetryDelays) || errors.Is(err, errNeedsAuth) || !outcome.transient() {
			return session, tools, err
		}
		pause(ctx, connectRetryDelays[attempt])
		if s.isClosed() || ctx.Err() != nil {
			return nil, nil, err
		}
	}
}

// sessionExpired detaches session after the server said it no longer
// knows it, so that the next request connects again. It is closed
// without the DELETE a live session gets (the SDK skips it).
func (s *server) sessionExpired(session *sdk.ClientSession) {
	s.dropped(session)
	go session.Close()
}

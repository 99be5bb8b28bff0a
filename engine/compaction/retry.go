package compaction

import (
	"context"
	"math"
	"strings"
	"time"

	"github.com/dlclark/regexp2/v2"
)

// Summary calls are retried as pi 1.6 retries them (pi-ai's
// retryAssistantCall): a reply failing with a transient error is asked for
// again under the session's retry settings, each wait announced and
// abortable.

// RetryPolicy is settings.json "retry" as summary calls use it.
type RetryPolicy struct {
	Enabled    bool
	MaxRetries int
	BaseDelay  time.Duration
	// MaxDelay caps each wait (pi's maxAgentDelayMs; 0 means 60s).
	MaxDelay time.Duration
}

// Delay is the wait before the attempt-th retry (1-based): BaseDelay
// doubled per earlier retry, at most MaxDelay.
func (p RetryPolicy) Delay(attempt int) time.Duration {
	limit := p.MaxDelay
	if limit <= 0 {
		limit = 60 * time.Second
	}
	d := float64(p.BaseDelay) * math.Pow(2, float64(max(0, attempt-1)))
	if d >= float64(limit) {
		return limit
	}
	return time.Duration(d)
}

// RetryCallbacks hear of a summary call's retries (each may be nil).
type RetryCallbacks struct {
	// Scheduled: the attempt-th retry (of maxAttempts) waits delay after
	// errorMessage.
	Scheduled func(attempt, maxAttempts int, delay time.Duration, errorMessage string)
	// AttemptStart: the wait is over, the call is made again.
	AttemptStart func()
	// Finished: once after retries were scheduled, whatever the outcome.
	Finished func(success bool, attempt int)
}

// WithRetry wraps s so that a reply failing with a transient error (see
// [IsRetryableError]) is asked for again up to p.MaxRetries times. A
// cancelled wait gives the failed reply as aborted (its errorMessage
// dropped), as pi does.
func WithRetry(s Summarizer, p RetryPolicy, cb RetryCallbacks) Summarizer {
	return func(ctx context.Context, req SummaryRequest) (Message, error) {
		maxAttempts := 0
		if p.Enabled {
			maxAttempts = p.MaxRetries
		}
		attempt, retried := 0, false
		finish := func(success bool) {
			if retried && cb.Finished != nil {
				cb.Finished(success, attempt)
			}
		}
		for {
			reply, err := s(ctx, req)
			if err != nil {
				finish(false)
				return reply, err
			}
			switch reply["stopReason"] {
			case "aborted":
				finish(false)
				return reply, nil
			case "error":
			default:
				finish(true)
				return reply, nil
			}
			msg := str(reply["errorMessage"])
			if attempt >= maxAttempts || !IsRetryableError(msg) {
				finish(false)
				return reply, nil
			}
			attempt++
			retried = true
			if msg == "" {
				msg = "Unknown error"
			}
			delay := p.Delay(attempt)
			if cb.Scheduled != nil {
				cb.Scheduled(attempt, maxAttempts, delay, msg)
			}
			if !sleep(ctx, delay) {
				finish(false)
				aborted := make(Message, len(reply))
				for k, v := range reply {
					if k != "errorMessage" {
						aborted[k] = v
					}
				}
				aborted["stopReason"] = "aborted"
				return aborted, nil
			}
			if cb.AttemptStart != nil {
				cb.AttemptStart()
			}
		}
	}
}

// sleep waits d unless ctx ends first; it reports whether it waited.
func sleep(ctx context.Context, d time.Duration) bool {
	if ctx.Err() != nil {
		return false
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// Provider errors that are account limits, not transient (pi 1.6's
// non-retryable patterns), and those worth retrying. Lookarounds keep a
// status code from matching inside a longer number or word.
var (
	nonRetryableRe = regexp2.MustCompile(strings.Join([]string{
		"GoUsageLimitError", "FreeUsageLimitError", "Monthly usage limit reached", "available balance",
		"insufficient_quota", "out of budget", "quota exceeded", "billing",
		"subscription_sharing_usage_limit_exceeded", "subscription_sharing_workplace_individual_usage_limit_exceeded",
		`"code"\s*:\s*"?1308(?![0-9])`,
	}, "|"), regexp2.IgnoreCase)
	retryableRe = regexp2.MustCompile(strings.Join([]string{
		"overloaded", "server_busy", "servers are currently busy", "currently experiencing high demand", "model is at capacity",
		"rate.?limit", "too many requests",
		"(?<![a-z0-9])(?:429|500|502|503|504|520|524)(?![a-z0-9])",
		"service.?(?:is.?)?(?:temporarily.?)?unavailable", "server.?error", "internal.?error",
		"provider.?returned.?(?:an.?)?error", "exceeded request buffer limit while retrying upstream",
		"unable to forward upstream", "upstream.?request.?failed", "upstream_stream_read_error", "stream was interrupted",
		"http/?2 stream failed",
		"network.?error", "connection.?error", "connection.?refused", "connection.?lost", "connection.?closed",
		"other side closed", "fetch failed", `request to \S+ failed, reason:`, "getaddrinfo",
		"(?<![a-z0-9_])(?:ECONNRESET|ECONNABORTED|ECONNREFUSED|ETIMEDOUT|EPIPE)(?![a-z0-9_])",
		"connection reset by peer", "ENOTFOUND", "EAI_AGAIN", "upstream.?connect", "reset before headers",
		"socket hang up", "socket connection was closed", "timed? out", "timeout", "terminated",
		"websocket.?closed", "websocket.?error", "websocket.?connection.?limit.?reached",
		"ended without", "stream ended before message_stop", "stream ended before a terminal response event",
		"http2 request did not get a response", "stream disconnected before completion",
		"cut short after the reply had begun", "pending stream has been canceled",
		"retry delay", "you can retry your request", "try your request again", "please retry your request",
		"ResourceExhausted", "subscription_sharing_usage_unavailable", "subscription_sharing_user_unavailable",
	}, "|"), regexp2.IgnoreCase)
)

// IsRetryableError is pi 1.6's isRetryableAssistantError for a failed
// reply's errorMessage: a transient provider or transport failure, not an
// account limit. An empty message is not retried.
func IsRetryableError(errorMessage string) bool {
	if errorMessage == "" {
		return false
	}
	if ok, _ := nonRetryableRe.MatchString(errorMessage); ok {
		return false
	}
	ok, _ := retryableRe.MatchString(errorMessage)
	return ok
}

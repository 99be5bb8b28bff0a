package compaction

import (
	"context"
	"math"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
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

// IsRetryableError is pi 1.6's isRetryableAssistantError for a failed
// reply's errorMessage (provider.RetryableErrorText).
func IsRetryableError(errorMessage string) bool { return provider.RetryableErrorText(errorMessage) }

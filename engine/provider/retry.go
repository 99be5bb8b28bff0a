package provider

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// pi retries at two levels, and so does pigo:
//
//   - Inside one request (this file, [RetryPolicy]): pi-ai 1.6's
//     retryProviderRequest retries connection failures, timeouts and HTTP
//     408, 409, 429 and 5xx before any event is emitted, honouring
//     retry-after-ms and Retry-After, with 0.5 s·2ⁿ (≤ 8 s) backoff, but only
//     as often as pi's setting retry.provider.maxRetries says: by default
//     never. retry.provider.{timeoutMs, maxRetryDelayMs} tune it too.
//   - Across turns (the agent loop): when a turn ends with an error message
//     that [IsRetryableError] accepts, pi waits retry.baseDelayMs·2ⁿ⁻¹ and
//     continues, up to retry.maxRetries times, emitting auto_retry_start/end.
//     [RetrySettings.AgentDelay] computes that schedule.

// Defaults of [RetryPolicy].
const (
	DefaultMaxRetries    = 0 // pi-ai 1.6's retryProviderRequest default
	DefaultBaseDelay     = 500 * time.Millisecond
	DefaultMaxBackoff    = 8 * time.Second
	DefaultMaxRetryDelay = 60 * time.Second
	DefaultIdleTimeout   = 5 * time.Minute // pi 1.6's httpIdleTimeoutMs default
)

// RetryPolicy configures the retries and timeouts of one request. The zero
// value is the SDK behaviour pi has by default.
type RetryPolicy struct {
	// MaxRetries is the number of retries after the first attempt;
	// 0 means DefaultMaxRetries (none), a negative value disables retries.
	MaxRetries int
	// BaseDelay is the first backoff; 0 means 500ms. Backoff doubles per
	// retry up to MaxBackoff (0 means 8s), minus up to 25% jitter.
	BaseDelay  time.Duration
	MaxBackoff time.Duration
	// MaxRetryDelay caps a server-requested delay (retry-after-ms,
	// Retry-After): a longer request fails at once with an error naming the
	// delay. 0 means 60s; negative disables the cap.
	MaxRetryDelay time.Duration
	// Timeout bounds each attempt until response headers arrive (pi's
	// retry.provider.timeoutMs); 0 means the idle timeout, negative none.
	Timeout time.Duration
	// IdleTimeout is pi 1.6's httpIdleTimeoutMs, undici's headersTimeout
	// and bodyTimeout: it bounds the wait for response headers and the
	// silence between two reads of the body; 0 means 5 minutes, negative
	// disables it.
	IdleTimeout time.Duration
}

// idle is the idle timeout in force, 0 when disabled.
func (p RetryPolicy) idle() time.Duration {
	if p.IdleTimeout < 0 {
		return 0
	}
	return orDefault(p.IdleTimeout, DefaultIdleTimeout)
}

// headerWait is how long an attempt waits for response headers, 0 for
// ever: Timeout, also bounded by the idle timeout as undici bounds it.
func (p RetryPolicy) headerWait() time.Duration {
	t, idle := p.Timeout, p.idle()
	switch {
	case t < 0:
		return idle
	case t == 0 || (idle > 0 && idle < t):
		return idle
	}
	return t
}

func (p RetryPolicy) maxRetries() int {
	switch {
	case p.MaxRetries < 0:
		return 0
	case p.MaxRetries == 0:
		return DefaultMaxRetries
	}
	return p.MaxRetries
}

func orDefault(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}

// backoff is the SDKs' calculateDefaultRetryTimeoutMillis for the n-th retry
// (0-based).
func (p RetryPolicy) backoff(n int) time.Duration {
	base := orDefault(p.BaseDelay, DefaultBaseDelay)
	maxB := orDefault(p.MaxBackoff, DefaultMaxBackoff)
	d := base
	for i := 0; i < n && d < maxB; i++ {
		d *= 2
	}
	d = min(d, maxB)
	jitter := 1 - rand.Float64()*0.25
	return time.Duration(float64(d) * jitter)
}

// shouldRetryStatus is the SDKs' shouldRetry.
func shouldRetryStatus(resp *http.Response) bool {
	switch resp.Header.Get("x-should-retry") {
	case "true":
		return true
	case "false":
		return false
	}
	s := resp.StatusCode
	return s == 408 || s == 409 || s == 429 || s >= 500
}

// retryAfter reads retry-after-ms or Retry-After (seconds or HTTP date).
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if v := h.Get("retry-after-ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	if v := h.Get("retry-after"); v != "" {
		if s, err := strconv.ParseFloat(v, 64); err == nil {
			return time.Duration(s * float64(time.Second)), true
		}
		if t, err := http.ParseTime(v); err == nil {
			return t.Sub(now), true
		}
	}
	return 0, false
}

// RetrySettings is the "retry" object of pi's settings.json.
type RetrySettings struct {
	Enabled     *bool                 `json:"enabled,omitempty"`     // default true
	MaxRetries  *int                  `json:"maxRetries,omitempty"`  // default 3
	BaseDelayMs *int                  `json:"baseDelayMs,omitempty"` // default 2000
	Provider    ProviderRetrySettings `json:"provider"`
}

// ProviderRetrySettings is settings.json retry.provider.
type ProviderRetrySettings struct {
	TimeoutMs       *int `json:"timeoutMs,omitempty"`
	MaxRetries      *int `json:"maxRetries,omitempty"`
	MaxRetryDelayMs *int `json:"maxRetryDelayMs,omitempty"` // default 60000; 0 disables the cap
}

// Policy returns the request-level policy of the settings.
func (s RetrySettings) Policy() RetryPolicy {
	var p RetryPolicy
	if v := s.Provider.TimeoutMs; v != nil && *v > 0 {
		p.Timeout = time.Duration(*v) * time.Millisecond
	}
	if v := s.Provider.MaxRetries; v != nil {
		p.MaxRetries = *v
		if *v == 0 {
			p.MaxRetries = -1
		}
	}
	if v := s.Provider.MaxRetryDelayMs; v != nil {
		p.MaxRetryDelay = time.Duration(*v) * time.Millisecond
		if *v == 0 {
			p.MaxRetryDelay = -1
		}
	}
	return p
}

// AgentDelay returns how long the agent loop waits before its attempt-th
// automatic retry (1-based): baseDelayMs·2^(attempt-1). It returns false when
// retries are disabled or attempt exceeds maxRetries.
func (s RetrySettings) AgentDelay(attempt int) (time.Duration, bool) {
	if s.Enabled != nil && !*s.Enabled {
		return 0, false
	}
	maxR, base := 3, 2000
	if s.MaxRetries != nil {
		maxR = *s.MaxRetries
	}
	if s.BaseDelayMs != nil {
		base = *s.BaseDelayMs
	}
	if attempt < 1 || attempt > maxR {
		return 0, false
	}
	return time.Duration(base) * time.Millisecond << (attempt - 1), true
}

// IsRetryableError reports whether the agent loop should retry a turn that
// ended with m (pi's AgentSession._isRetryableError): an error message that
// looks transient ([RetryableErrorText], pi 1.6's classifier) and is not
// a context overflow. contextWindow is the model's, 0 if unknown.
func IsRetryableError(m *AssistantMessage, contextWindow int) bool {
	if m == nil || m.StopReason != StopReasonError || m.ErrorMessage == "" {
		return false
	}
	if IsContextOverflow(m, contextWindow) {
		return false
	}
	return RetryableErrorText(m.ErrorMessage)
}

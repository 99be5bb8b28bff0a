package provider

import (
	"strings"
	"sync"

	"github.com/dlclark/regexp2/v2"
)

// Provider errors that are account limits, not transient (pi 1.6's
// non-retryable patterns), and those worth retrying. Lookarounds keep a
// status code from matching inside a longer number or word. Compiled on
// first use: at init they cost every start (no extensions) ~1 ms.
var (
	nonRetryableRe = sync.OnceValue(func() *regexp2.Regexp {
		return regexp2.MustCompile(strings.Join([]string{
			"GoUsageLimitError", "FreeUsageLimitError", "Monthly usage limit reached", "available balance",
			"insufficient_quota", "out of budget", "quota exceeded", "billing",
			"subscription_sharing_usage_limit_exceeded", "subscription_sharing_workplace_individual_usage_limit_exceeded",
			`"code"\s*:\s*"?1308(?![0-9])`,
		}, "|"), regexp2.IgnoreCase)
	})
	retryableRe = sync.OnceValue(func() *regexp2.Regexp {
		return regexp2.MustCompile(strings.Join([]string{
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
	})
)

// RetryableErrorText is pi 1.6's isRetryableAssistantError for a failed
// reply's errorMessage: a transient provider or transport failure, not an
// account limit. An empty message is not retried.
func RetryableErrorText(errorMessage string) bool {
	if errorMessage == "" {
		return false
	}
	if ok, _ := nonRetryableRe().MatchString(errorMessage); ok {
		return false
	}
	ok, _ := retryableRe().MatchString(errorMessage)
	return ok
}

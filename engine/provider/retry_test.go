package provider_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestRetrySettings(t *testing.T) {
	t.Parallel()
	var s provider.RetrySettings
	if err := json.Unmarshal([]byte(`{"maxRetries": 2, "baseDelayMs": 100, "provider": {"timeoutMs": 5000, "maxRetries": 0, "maxRetryDelayMs": 0}}`), &s); err != nil {
		t.Fatal(err)
	}
	p := s.Policy()
	if p.Timeout != 5*time.Second || p.MaxRetries != -1 || p.MaxRetryDelay != -1 {
		t.Errorf("policy = %+v", p)
	}
	for attempt, want := range map[int]time.Duration{1: 100 * time.Millisecond, 2: 200 * time.Millisecond} {
		if d, ok := s.AgentDelay(attempt); !ok || d != want {
			t.Errorf("AgentDelay(%d) = %v %v", attempt, d, ok)
		}
	}
	if _, ok := s.AgentDelay(3); ok {
		t.Error("attempt beyond maxRetries allowed")
	}
	var def provider.RetrySettings
	if d, ok := def.AgentDelay(3); !ok || d != 8*time.Second {
		t.Errorf("default AgentDelay(3) = %v %v (pi: 2000ms·2²)", d, ok)
	}
	if (provider.RetrySettings{}).Policy() != (provider.RetryPolicy{}) {
		t.Error("empty settings should give the default policy")
	}
	off := false
	if _, ok := (provider.RetrySettings{Enabled: &off}).AgentDelay(1); ok {
		t.Error("disabled retries allowed")
	}
}

func TestIsRetryableAndOverflow(t *testing.T) {
	t.Parallel()
	msg := func(stop provider.StopReason, text string) *provider.AssistantMessage {
		return &provider.AssistantMessage{StopReason: stop, ErrorMessage: text}
	}
	for text, want := range map[string]bool{
		"429 Rate limited": true,
		`529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`: true,
		"terminated":                         true,
		"Connection error.":                  true,
		"Request timed out.":                 true,
		"Stream ended without finish_reason": true,
		"401 Incorrect API key provided":     false,
		// pi 1.6: socket codes and dropped connections retry; a status code
		// inside a longer number and an account limit do not.
		"read ECONNRESET":                                    true,
		"Connection closed.":                                 true,
		"request id abc5030":                                 false,
		"insufficient_quota: 429 Too Many Requests":          false,
		"prompt is too long: 213462 tokens > 200000 maximum": false, // overflow → compaction, not retry
		"400 This model's maximum context length is 128000 tokens. However, you requested about 130000 tokens": false,
	} {
		if got := provider.IsRetryableError(msg(provider.StopReasonError, text), 0); got != want {
			t.Errorf("IsRetryableError(%q) = %v", text, got)
		}
	}
	if provider.IsRetryableError(msg(provider.StopReasonAborted, "429"), 0) {
		t.Error("aborted turns are not retried")
	}
	if !provider.IsContextOverflow(msg(provider.StopReasonError, "413 status code (no body)"), 0) ||
		provider.IsContextOverflow(msg(provider.StopReasonError, "Too many tokens, rate limit exceeded"), 0) {
		t.Error("overflow patterns")
	}
	silent := &provider.AssistantMessage{StopReason: provider.StopReasonStop, Usage: provider.Usage{Input: 900, CacheRead: 200}}
	if !provider.IsContextOverflow(silent, 1000) || provider.IsContextOverflow(silent, 0) {
		t.Error("silent overflow")
	}
}

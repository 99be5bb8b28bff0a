package compaction

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"
)

func TestIsRetryableErrorAsPi16(t *testing.T) {
	for msg, want := range map[string]bool{
		"503 Service Unavailable":                   true,
		"terminated":                                true,
		"read ECONNRESET":                           true,
		"Connection closed.":                        true,
		"Rate limit reached":                        true,
		"request id abc5030":                        false, // a code inside a longer number
		"error E429X":                               false,
		"insufficient_quota: 429 Too Many Requests": false, // an account limit, not a throttle
		`{"code":"1308","message":"limit"}`:         false,
		"invalid api key":                           false,
		"":                                          false,
	} {
		if got := IsRetryableError(msg); got != want {
			t.Errorf("IsRetryableError(%q) = %v, want %v", msg, got, want)
		}
	}
}

func TestRetryPolicyDelay(t *testing.T) {
	p := RetryPolicy{BaseDelay: 2 * time.Second}
	for attempt, want := range map[int]time.Duration{1: 2 * time.Second, 2: 4 * time.Second, 3: 8 * time.Second, 10: 60 * time.Second} {
		if got := p.Delay(attempt); got != want {
			t.Errorf("Delay(%d) = %v, want %v", attempt, got, want)
		}
	}
	if got := (RetryPolicy{BaseDelay: time.Second, MaxDelay: 3 * time.Second}).Delay(3); got != 3*time.Second {
		t.Errorf("capped delay %v", got)
	}
}

// scripted answers a summary call with the next of its replies.
func scripted(replies ...Message) (Summarizer, *int) {
	calls := 0
	return func(context.Context, SummaryRequest) (Message, error) {
		r := replies[min(calls, len(replies)-1)]
		calls++
		return r, nil
	}, &calls
}

// recorder keeps what the retry callbacks heard.
func recorder(events *[]string) RetryCallbacks {
	return RetryCallbacks{
		Scheduled: func(attempt, maxAttempts int, delay time.Duration, msg string) {
			*events = append(*events, fmt.Sprintf("scheduled %d/%d %v %s", attempt, maxAttempts, delay, msg))
		},
		AttemptStart: func() { *events = append(*events, "start") },
		Finished:     func(ok bool, attempt int) { *events = append(*events, fmt.Sprintf("finished %v %d", ok, attempt)) },
	}
}

func TestWithRetry(t *testing.T) {
	transient := Message{"stopReason": "error", "errorMessage": "terminated"}
	ok := Message{"stopReason": "stop", "content": []any{text("sum")}}
	policy := RetryPolicy{Enabled: true, MaxRetries: 2, BaseDelay: time.Millisecond}
	for _, c := range []struct {
		name    string
		policy  RetryPolicy
		replies []Message
		stop    any
		calls   int
		events  []string
	}{
		{"success after a retry", policy, []Message{transient, ok}, "stop", 2,
			[]string{"scheduled 1/2 1ms terminated", "start", "finished true 1"}},
		{"retries exhausted", policy, []Message{transient}, "error", 3,
			[]string{"scheduled 1/2 1ms terminated", "start", "scheduled 2/2 2ms terminated", "start", "finished false 2"}},
		{"not transient", policy, []Message{{"stopReason": "error", "errorMessage": "invalid api key"}}, "error", 1, nil},
		{"disabled", RetryPolicy{MaxRetries: 3, BaseDelay: time.Millisecond}, []Message{transient}, "error", 1, nil},
		{"first reply fine", policy, []Message{ok}, "stop", 1, nil},
	} {
		s, calls := scripted(c.replies...)
		var events []string
		reply, err := WithRetry(s, c.policy, recorder(&events))(context.Background(), SummaryRequest{})
		if err != nil || reply["stopReason"] != c.stop || *calls != c.calls || !reflect.DeepEqual(events, c.events) {
			t.Errorf("%s: reply %v err %v calls %d events %q", c.name, reply, err, *calls, events)
		}
	}
}

// TestWithRetryAbortedWait: cancelling during the wait ends the call with
// the failed reply marked aborted, its error dropped.
func TestWithRetryAbortedWait(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s, calls := scripted(Message{"stopReason": "error", "errorMessage": "503", "usage": 1.0})
	var events []string
	cb := recorder(&events)
	scheduled := cb.Scheduled
	cb.Scheduled = func(a, m int, d time.Duration, msg string) { scheduled(a, m, d, msg); cancel() }
	reply, err := WithRetry(s, RetryPolicy{Enabled: true, MaxRetries: 3, BaseDelay: time.Hour}, cb)(ctx, SummaryRequest{})
	if err != nil || reply["stopReason"] != "aborted" || reply["errorMessage"] != nil || reply["usage"] != 1.0 || *calls != 1 {
		t.Fatalf("reply %v err %v calls %d", reply, err, *calls)
	}
	if want := []string{"scheduled 1/3 1m0s 503", "finished false 1"}; !reflect.DeepEqual(events, want) {
		t.Fatalf("events %q", events)
	}
}

package provider_test

import (
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

func TestEventStreamQueueAndResult(t *testing.T) {
	t.Parallel()
	s := provider.NewEventStream()
	final := &provider.AssistantMessage{Role: "assistant", StopReason: provider.StopReasonStop}
	var wg sync.WaitGroup
	wg.Add(1)
	var got []provider.EventType
	go func() {
		defer wg.Done()
		for e := range s.Events() {
			got = append(got, e.Type)
		}
	}()
	s.Push(provider.Event{Type: provider.EventStart})
	s.Push(provider.Event{Type: provider.EventDone, Reason: provider.StopReasonStop, Message: final})
	s.Push(provider.Event{Type: provider.EventTextStart}) // after the terminal event: ignored
	s.End()
	wg.Wait()
	if len(got) != 2 || got[1] != provider.EventDone || s.Result() != final {
		t.Errorf("got %v, result %p", got, s.Result())
	}
	select {
	case <-s.Done():
	default:
		t.Error("Done not closed")
	}
}

func TestEventStreamEndWithoutResult(t *testing.T) {
	t.Parallel()
	s := provider.NewEventStream()
	s.Push(provider.Event{Type: provider.EventStart})
	go func() {
		time.Sleep(10 * time.Millisecond)
		s.End()
	}()
	// Result never hangs: a producer that forgets the terminal event yields an error result.
	if m := s.Result(); m.StopReason != provider.StopReasonError || m.ErrorMessage != "stream ended without a result" {
		t.Errorf("result = %+v", m)
	}
	if e, ok := s.Next(); !ok || e.Type != provider.EventStart {
		t.Errorf("queued event lost: %v %v", e, ok)
	}
	if _, ok := s.Next(); ok {
		t.Error("Next after end")
	}
}

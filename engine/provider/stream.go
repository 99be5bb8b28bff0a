package provider

import (
	"iter"
	"sync"
	"time"
)

// EventStream carries the events of one request from its producer to one
// consumer, like pi-ai's AssistantMessageEventStream: the producer never
// blocks (events queue up), the consumer reads them with [EventStream.Next] or
// [EventStream.Events], and [EventStream.Result] waits for the final message.
//
// Producers push exactly one terminal event (done or error); pushes after it
// are ignored. Every method is safe for concurrent use.
type EventStream struct {
	mu     sync.Mutex
	queue  []Event
	ended  bool          // no more events will come
	wake   chan struct{} // signalled (non-blocking) on push and end
	final  *AssistantMessage
	doneCh chan struct{} // closed once final is set
	start  time.Time     // when the stream was made: the final message's DurationMs counts from it
}

// NewEventStream returns an empty stream. Producers (an [API] implementation,
// a JS provider adapter) push events into it and End it.
func NewEventStream() *EventStream {
	return &EventStream{wake: make(chan struct{}, 1), doneCh: make(chan struct{}), start: time.Now()}
}

// Push appends an event. A done or error event sets the result and ends the
// stream for consumers once they drain it; later pushes are ignored.
func (s *EventStream) Push(e Event) {
	s.mu.Lock()
	if s.final != nil || s.ended {
		s.mu.Unlock()
		return
	}
	s.queue = append(s.queue, e)
	if e.Terminal() {
		s.final = e.Message
		s.time(s.final)
		if s.final == nil {
			s.final = &AssistantMessage{Role: "assistant", Content: []ContentBlock{}, StopReason: StopReasonError,
				ErrorMessage: "stream ended without a message"}
		}
		s.ended = true
		close(s.doneCh)
	}
	s.mu.Unlock()
	s.signal()
}

// End ends the stream. A stream ended without a terminal event gets an error
// result ("stream ended without a result") so Result never hangs.
func (s *EventStream) End() {
	s.mu.Lock()
	if !s.ended {
		s.ended = true
		if s.final == nil {
			s.final = &AssistantMessage{Role: "assistant", Content: []ContentBlock{}, StopReason: StopReasonError,
				ErrorMessage: "stream ended without a result"}
			close(s.doneCh)
		}
	}
	s.mu.Unlock()
	s.signal()
}

// time sets m's DurationMs as pi 1.6's stream does: unless it has one or
// started before the stream (a response forwarded from elsewhere).
func (s *EventStream) time(m *AssistantMessage) {
	if m == nil || m.DurationMs != nil || m.Timestamp < s.start.UnixMilli() {
		return
	}
	d := time.Since(s.start).Milliseconds()
	m.DurationMs = &d
}

func (s *EventStream) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Next returns the next event, blocking until one is queued. It returns false
// once the stream has ended and every event was read.
func (s *EventStream) Next() (Event, bool) {
	for {
		s.mu.Lock()
		if len(s.queue) > 0 {
			e := s.queue[0]
			s.queue[0] = Event{}
			s.queue = s.queue[1:]
			s.mu.Unlock()
			return e, true
		}
		ended := s.ended
		s.mu.Unlock()
		if ended {
			return Event{}, false
		}
		<-s.wake
	}
}

// Events iterates over the remaining events. Stopping early does not stop
// the request; cancel its ctx for that.
func (s *EventStream) Events() iter.Seq[Event] {
	return func(yield func(Event) bool) {
		for {
			e, ok := s.Next()
			if !ok || !yield(e) {
				return
			}
		}
	}
}

// Done is closed once the final message is known.
func (s *EventStream) Done() <-chan struct{} { return s.doneCh }

// Result waits for the final message: the done event's message or the error
// event's message (stopReason "error" or "aborted", with errorMessage). It
// does not consume events.
func (s *EventStream) Result() *AssistantMessage {
	<-s.doneCh
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.final
}

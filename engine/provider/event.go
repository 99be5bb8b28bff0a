package provider

// EventType names an [Event], as pi-ai's AssistantMessageEvent.type does.
type EventType string

// Event types, in the order a stream produces them: start, then per content
// block *_start, *_delta..., *_end, and finally exactly one of done or error.
const (
	EventStart         EventType = "start"
	EventTextStart     EventType = "text_start"
	EventTextDelta     EventType = "text_delta"
	EventTextEnd       EventType = "text_end"
	EventThinkingStart EventType = "thinking_start"
	EventThinkingDelta EventType = "thinking_delta"
	EventThinkingEnd   EventType = "thinking_end"
	EventToolCallStart EventType = "toolcall_start"
	EventToolCallDelta EventType = "toolcall_delta"
	EventToolCallEnd   EventType = "toolcall_end"
	EventDone          EventType = "done"
	EventError         EventType = "error"
)

// Event is one pi-ai AssistantMessageEvent. Which fields are set depends on
// Type, exactly as in pi-ai:
//
//	start                        Partial
//	text_start, thinking_start,  ContentIndex, Partial
//	  toolcall_start
//	*_delta                      ContentIndex, Delta, Partial
//	text_end, thinking_end       ContentIndex, Content, Partial
//	toolcall_end                 ContentIndex, ToolCall, Partial
//	done                         Reason (stop|length|toolUse), Message
//	error                        Reason (error|aborted), Message (JSON key "error")
//
// Partial is a snapshot of the message at that point and may be retained.
// Message is the final message, also returned by [EventStream.Result]. Both
// are shared read-only values.
type Event struct {
	Type         EventType
	ContentIndex int
	Delta        string
	Content      string
	ToolCall     *ContentBlock
	Reason       StopReason
	Partial      *AssistantMessage
	Message      *AssistantMessage
}

// Terminal reports whether e ends its stream (done or error).
func (e Event) Terminal() bool { return e.Type == EventDone || e.Type == EventError }

func (e *Event) fields() []kv {
	f := []kv{{"type", string(e.Type)}}
	switch e.Type {
	case EventStart:
	case EventDone:
		return append(f, kv{"reason", string(e.Reason)}, kv{"message", e.Message})
	case EventError:
		return append(f, kv{"reason", string(e.Reason)}, kv{"error", e.Message})
	default:
		f = append(f, kv{"contentIndex", int64(e.ContentIndex)})
		switch e.Type {
		case EventTextDelta, EventThinkingDelta, EventToolCallDelta:
			f = append(f, kv{"delta", e.Delta})
		case EventTextEnd, EventThinkingEnd:
			f = append(f, kv{"content", e.Content})
		case EventToolCallEnd:
			f = append(f, kv{"toolCall", e.ToolCall})
		}
	}
	return append(f, kv{"partial", e.Partial})
}

// MarshalJSON encodes the event with pi-ai's field names and order.
func (e Event) MarshalJSON() ([]byte, error) { return marshalOrdered(e.fields()) }

// Map returns the event as an engine data value: messages become maps in
// pi 1.6's shape, the partial one with stopReason "pending".
func (e *Event) Map() map[string]any {
	m := map[string]any{}
	for _, f := range e.fields() {
		switch v := f.v.(type) {
		case *AssistantMessage:
			if v != nil {
				m[f.k] = v.Map()
				if f.k == "partial" {
					// pi 1.6: a message is "pending" until its stream ends.
					m[f.k].(map[string]any)["stopReason"] = "pending"
				}
			}
		case *ContentBlock:
			if v != nil {
				m[f.k] = v.Map()
			}
		default:
			m[f.k] = v
		}
	}
	return m
}

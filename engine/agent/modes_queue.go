package agent

// Queue modes and queue inspection for hosts that run pi's agent modes
// (pigo -p, --mode json, --mode rpc).

// SetQueueModes sets pi's steeringMode and followUpMode: "one-at-a-time"
// (pi's default) delivers one queued message per turn, "all" delivers the
// whole queue at once. An empty string keeps "all".
func (a *Agent) SetQueueModes(steering, followUp string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.steeringMode, a.followUpMode = steering, followUp
}

// QueuedUserTexts returns the texts of the queued user messages (steering,
// then follow-up), which is what pi's queue_update event and
// pendingMessageCount report; queued custom messages are not listed.
func (a *Agent) QueuedUserTexts() (steering, followUp []string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	pick := func(q []Message) []string {
		out := []string{}
		for _, m := range q {
			if m["role"] == "user" {
				out = append(out, userText(m))
			}
		}
		return out
	}
	return pick(a.steering), pick(a.followUp)
}

// ClearQueue drops every queued steering and follow-up message and returns
// the texts of the user messages among them (pi 1.6's clearQueue).
func (a *Agent) ClearQueue() (steering, followUp []string) {
	steering, followUp = a.QueuedUserTexts()
	a.mu.Lock()
	a.steering, a.followUp = nil, nil
	a.mu.Unlock()
	return steering, followUp
}

// drainQueue takes the messages mode delivers from q.
func drainQueue(q *[]Message, mode string) []Message {
	if mode != "one-at-a-time" || len(*q) <= 1 {
		out := *q
		*q = nil
		return out
	}
	out := (*q)[:1:1]
	*q = append([]Message(nil), (*q)[1:]...)
	return out
}

// userText joins a user message's text blocks without a separator, as
// pi's _getUserMessageText does.
func userText(m Message) string {
	switch c := m["content"].(type) {
	case string:
		return c
	case []any:
		s := ""
		for _, b := range c {
			if bm, ok := b.(map[string]any); ok && bm["type"] == "text" {
				t, _ := bm["text"].(string)
				s += t
			}
		}
		return s
	}
	return ""
}

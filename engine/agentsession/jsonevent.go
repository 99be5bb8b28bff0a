package agentsession

// jsonEvent is pi 1.6's toJsonEvent, what the JSON and RPC modes write for
// an event: a message_update carries the delta and the reply's usage so
// far, not the partial message (a client rebuilds the reply from the
// deltas; pi 0.73.1 sent the whole partial twice with every delta), and a
// toolcall_start names the call's id and tool. Other events go out as they
// are.
func jsonEvent(ev map[string]any) any {
	if ev["type"] != "message_update" {
		return ev
	}
	ame, _ := ev["assistantMessageEvent"].(map[string]any)
	delta := make(map[string]any, len(ame))
	for k, v := range ame {
		if k != "partial" {
			delta[k] = v
		}
	}
	msg, _ := ev["message"].(map[string]any)
	var out any = delta
	if ame["type"] == "toolcall_start" {
		if call := toolCallAt(msg, ame["contentIndex"]); call != nil {
			// pi spreads the event, then adds id and toolName: they come last.
			o := ordered{}
			for _, k := range deltaKeyOrder.Keys(nil, delta) {
				o = append(o, member{k, delta[k]})
			}
			out = append(o, member{"id", call["id"]}, member{"toolName", call["name"]})
		}
	}
	var usage any = omitted
	if u, ok := msg["usage"]; ok {
		usage = u
	}
	return ordered{{"type", "message_update"}, {"usage", usage}, {"assistantMessageEvent", out}}
}

var deltaKeyOrder = newKeyOrder()

// toolCallAt is the tool call block at content index i of a message.
func toolCallAt(msg map[string]any, i any) map[string]any {
	content, _ := msg["content"].([]any)
	n := int(num(i))
	if n < 0 || n >= len(content) {
		return nil
	}
	call, _ := content[n].(map[string]any)
	if call["type"] != "toolCall" {
		return nil
	}
	return call
}

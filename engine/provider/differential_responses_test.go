package provider_test

import (
	"net/http"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// rsSSE writes Responses API events ("event: <type>" + "data: <json>"),
// numbering them as the API does.
func rsSSE(events ...map[string]any) http.HandlerFunc {
	var pairs []string
	for i, e := range events {
		e["sequence_number"] = i
		pairs = append(pairs, e["type"].(string), js(e))
	}
	return namedSSE(pairs...)
}

func rsCreated() map[string]any {
	return map[string]any{"type": "response.created", "response": map[string]any{"id": "resp_1", "object": "response", "status": "in_progress"}}
}

func rsCompleted(status string, usage map[string]any) map[string]any {
	r := map[string]any{"id": "resp_1", "object": "response", "status": status, "output": []any{}}
	if usage != nil {
		r["usage"] = usage
	}
	return map[string]any{"type": "response.completed", "response": r}
}

func rsUsage(input, cached, output int) map[string]any {
	return map[string]any{"input_tokens": input, "input_tokens_details": map[string]any{"cached_tokens": cached},
		"output_tokens": output, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": input + output}
}

func rsItemAdded(item map[string]any) map[string]any {
	return map[string]any{"type": "response.output_item.added", "output_index": 0, "item": item}
}

func rsItemDone(item map[string]any) map[string]any {
	return map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item}
}

func rsEv(typ string, kv ...any) map[string]any {
	e := map[string]any{"type": typ}
	for i := 0; i+1 < len(kv); i += 2 {
		e[kv[i].(string)] = kv[i+1]
	}
	return e
}

// rsMessage streams one assistant message item with the given deltas.
func rsMessage(id string, phase string, deltas ...string) []map[string]any {
	text := ""
	for _, d := range deltas {
		text += d
	}
	added := map[string]any{"type": "message", "id": id, "role": "assistant", "status": "in_progress", "content": []any{}}
	done := map[string]any{"type": "message", "id": id, "role": "assistant", "status": "completed",
		"content": []any{map[string]any{"type": "output_text", "text": text, "annotations": []any{}}}}
	if phase != "" {
		added["phase"], done["phase"] = phase, phase
	}
	evs := []map[string]any{rsItemAdded(added),
		rsEv("response.content_part.added", "item_id", id, "part", map[string]any{"type": "output_text", "text": "", "annotations": []any{}})}
	for _, d := range deltas {
		evs = append(evs, rsEv("response.output_text.delta", "item_id", id, "delta", d))
	}
	return append(evs, rsEv("response.output_text.done", "item_id", id, "text", text), rsItemDone(done))
}

// rsReasoning streams one reasoning item with summary parts.
func rsReasoning(id, encrypted string, parts ...[]string) []map[string]any {
	evs := []map[string]any{rsItemAdded(map[string]any{"type": "reasoning", "id": id, "summary": []any{}})}
	var summary []any
	for _, deltas := range parts {
		evs = append(evs, rsEv("response.reasoning_summary_part.added", "item_id", id, "part", map[string]any{"type": "summary_text", "text": ""}))
		text := ""
		for _, d := range deltas {
			text += d
			evs = append(evs, rsEv("response.reasoning_summary_text.delta", "item_id", id, "delta", d))
		}
		evs = append(evs, rsEv("response.reasoning_summary_part.done", "item_id", id, "part", map[string]any{"type": "summary_text", "text": text}))
		summary = append(summary, map[string]any{"type": "summary_text", "text": text})
	}
	return append(evs, rsItemDone(map[string]any{"type": "reasoning", "id": id, "summary": summary, "encrypted_content": encrypted}))
}

// rsCall streams one function_call item; final is the arguments of the
// .done events, which may extend the deltas.
func rsCall(id, callID, name, final string, deltas ...string) []map[string]any {
	evs := []map[string]any{rsItemAdded(map[string]any{"type": "function_call", "id": id, "call_id": callID, "name": name, "arguments": "", "status": "in_progress"})}
	for _, d := range deltas {
		evs = append(evs, rsEv("response.function_call_arguments.delta", "item_id", id, "delta", d))
	}
	return append(evs, rsEv("response.function_call_arguments.done", "item_id", id, "arguments", final),
		rsItemDone(map[string]any{"type": "function_call", "id": id, "call_id": callID, "name": name, "arguments": final, "status": "completed"}))
}

func concatEvents(groups ...[]map[string]any) []map[string]any {
	var out []map[string]any
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

func rsRaw(events ...map[string]any) string {
	raw := ""
	for _, e := range events {
		raw += "event: " + e["type"].(string) + "\ndata: " + js(e) + "\n\n"
	}
	return raw
}

func responsesModel(base string) *provider.Model {
	m := mockModel(provider.APIOpenAIResponses, base+"/v1")
	m.ID, m.Provider = "gpt-mock", "openai"
	m.Reasoning = true
	m.Input = []string{"text", "image"}
	return m
}

func TestDifferentialOpenAIResponses(t *testing.T) {
	piAI := piAIPath(t)
	plain := func(base string) *provider.Model {
		m := responsesModel(base)
		m.Reasoning = false
		m.Provider = "mock"
		return m
	}
	mapped := func(base string) *provider.Model {
		m := responsesModel(base)
		m.ThinkingLevelMap = provider.ThinkingLevelMap{provider.ThinkingOff: nil, provider.ThinkingXHigh: ptrTo("xhigh")}
		return m
	}
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	tools := []provider.Tool{{Name: "read", Description: "Read a file", Parameters: map[string]any{
		"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"}}}}
	stream := func(evs ...[]map[string]any) []http.HandlerFunc {
		return []http.HandlerFunc{rsSSE(concatEvents(evs...)...)}
	}
	one := func(evs ...map[string]any) []map[string]any { return evs }
	cases := []diffCase{
		{name: "text", model: plain, context: hello, handlers: stream(one(rsCreated()), rsMessage("msg_1", "", "Hel", "lo <b> & é"),
			one(rsCompleted("completed", rsUsage(100, 40, 20))))},
		{name: "reasoning", model: responsesModel, context: hello, thinking: provider.ThinkingHigh, handlers: stream(one(rsCreated()),
			rsReasoning("rs_1", "gAAAA<secret>&\u2028==", []string{"Think", "ing"}, []string{"More"}),
			rsMessage("msg_2", "final_answer", "Done"),
			one(rsCompleted("completed", rsUsage(50, 0, 30))))},
		{name: "reasoning xhigh mapped", model: mapped, context: hello, thinking: provider.ThinkingXHigh, handlers: stream(one(rsCreated()),
			rsReasoning("rs_1", "enc", nil), rsMessage("msg_2", "", "ok"), one(rsCompleted("completed", nil)))},
		{name: "reasoning off", model: responsesModel, context: hello, handlers: stream(rsMessage("msg_1", "", "ok"),
			one(rsCompleted("completed", nil)))},
		{name: "tools", model: responsesModel, context: provider.Context{Messages: []map[string]any{userMsg("read two")}, Tools: tools},
			thinking: provider.ThinkingLow, handlers: stream(one(rsCreated()),
				rsCall("fc_1", "call_1", "read", `{"path":"a.txt"}`, `{"pa`, `th":"a.txt"}`),
				rsCall("fc_2", "call_2", "read", `{"path":"b.txt","n":2}`, `{"path":`),
				one(rsCompleted("completed", rsUsage(20, 0, 9))))},
		{name: "refusal", model: plain, context: hello, handlers: stream(
			one(rsItemAdded(map[string]any{"type": "message", "id": "msg_1", "role": "assistant", "content": []any{}}),
				rsEv("response.content_part.added", "part", map[string]any{"type": "refusal", "refusal": ""}),
				rsEv("response.refusal.delta", "delta", "I can't"),
				rsItemDone(map[string]any{"type": "message", "id": "msg_1", "role": "assistant",
					"content": []any{map[string]any{"type": "refusal", "refusal": "I can't help"}}}),
				rsCompleted("completed", nil)))},
		{name: "incomplete status", model: plain, context: hello, handlers: stream(rsMessage("msg_1", "", "cut"),
			one(rsCompleted("incomplete", rsUsage(10, 0, 5))))},
		{name: "failed status", model: plain, context: hello, handlers: stream(rsMessage("msg_1", "", "x"), one(rsCompleted("failed", nil)))},
		{name: "unknown status", model: plain, context: hello, handlers: stream(one(rsCompleted("weird", nil)))},
		{name: "response.failed", model: plain, context: hello, handlers: stream(one(rsCreated()), rsMessage("msg_1", "", "par"),
			one(rsEv("response.failed", "response", map[string]any{"id": "resp_1", "status": "failed",
				"error": map[string]any{"code": "server_error", "message": "The server had an error"}})))},
		{name: "response.failed incomplete details", model: plain, context: hello, handlers: stream(
			one(rsEv("response.failed", "response", map[string]any{"id": "resp_1", "status": "failed", "error": nil,
				"incomplete_details": map[string]any{"reason": "max_output_tokens"}})))},
		{name: "error event", model: plain, context: hello, handlers: stream(one(rsCreated(),
			rsEv("error", "code", "rate_limit_exceeded", "message", "Slow down", "param", nil)))},
		{name: "error event without code", model: plain, context: hello, handlers: stream(one(rsEv("error", "message", "boom")))},
		{name: "sdk error field", model: plain, context: hello, handlers: []http.HandlerFunc{sse(
			`{"error":{"message":"upstream exploded","type":"server_error"}}`)}},
		{name: "http 400", model: plain, context: hello,
			errorText16: `mock API error (400): {"message":"Invalid 'input[0]'","type":"invalid_request_error","param":"input","code":null}`, handlers: []http.HandlerFunc{status(400, map[string]string{"Content-Type": "application/json"},
				`{"error":{"message":"Invalid 'input[0]'","type":"invalid_request_error","param":"input","code":null}}`)}},
		{name: "429 then ok", model: plain, context: hello, maxRetries: 2, handlers: []http.HandlerFunc{
			status(429, map[string]string{"Retry-After": "0"}, `{"error":{"message":"slow down"}}`),
			rsSSE(concatEvents(rsMessage("msg_1", "", "ok"), one(rsCompleted("completed", nil)))...)}},
		{name: "500 twice", model: plain, context: hello, maxRetries: 1, errorText16: `mock API error (503): {"message":"overloaded"}`, handlers: []http.HandlerFunc{
			status(500, map[string]string{"Retry-After": "0"}, ""), status(503, nil, `{"error":{"message":"overloaded"}}`)}},
		{name: "truncated", model: plain, context: hello, errorText16: "terminated: other side closed (UND_ERR_SOCKET)", handlers: []http.HandlerFunc{truncated(
			rsRaw(concatEvents(one(rsCreated()), rsMessage("msg_1", "", "par")[:3])...) + "event: response.output_text.delta\ndata: {\"type\":\"resp")}},
		// The stream hangs after the events the consumer waits for, so the
		// abort point is deterministic.
		{name: "abort", model: plain, context: hello, abortAfter: 3, handlers: []http.HandlerFunc{rawThenHang(
			rsRaw(concatEvents(one(rsCreated()), rsMessage("msg_1", "", "one")[:3])...))}},
		{name: "abort in tool call", model: plain, context: hello, abortAfter: 3, handlers: []http.HandlerFunc{rawThenHang(
			rsRaw(rsCall("fc_1", "call_1", "read", `{}`, `{"pa`)[:2]...))}},
		{name: "session", model: responsesModel, context: hello, sessionID: "sess-1", handlers: stream(rsMessage("msg_1", "", "k"),
			one(rsCompleted("completed", nil)))},
		{name: "conversation", model: responsesModel, context: responsesConversation(), handlers: stream(rsMessage("msg_9", "", "k"),
			one(rsCompleted("completed", nil)))},
		{name: "conversation other provider", model: plain, context: responsesConversation(), handlers: stream(rsMessage("msg_9", "", "k"),
			one(rsCompleted("completed", nil)))},
	}
	compareCasesWithPi(t, piAI, cases)
}

func TestDifferentialAzureOpenAIResponses(t *testing.T) {
	piAI := piAIPath(t)
	az := func(base string) *provider.Model {
		m := mockModel(provider.APIAzureOpenAIResponses, base+"/openai/v1/")
		m.Provider = "azure-openai-responses"
		m.Reasoning = true
		m.Input = []string{"text", "image"}
		return m
	}
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	cases := []diffCase{
		{name: "text", model: az, context: hello, sessionID: "sess-1", handlers: []http.HandlerFunc{rsSSE(concatEvents(
			rsMessage("msg_1", "", "Hel", "lo"), []map[string]any{rsCompleted("completed", rsUsage(10, 2, 3))})...)}},
		{name: "reasoning", model: az, context: hello, thinking: provider.ThinkingMedium, handlers: []http.HandlerFunc{rsSSE(concatEvents(
			rsReasoning("rs_1", "enc", []string{"Hm"}), rsMessage("msg_1", "", "ok"), []map[string]any{rsCompleted("completed", nil)})...)}},
		{name: "conversation", model: az, context: responsesConversation(), handlers: []http.HandlerFunc{rsSSE(concatEvents(
			rsMessage("msg_1", "", "ok"), []map[string]any{rsCompleted("completed", nil)})...)}},
		{name: "http 401", model: az, context: hello,
			errorText16: `Azure OpenAI API error (401): {"code":"401","message":"Access denied due to invalid subscription key."}`, handlers: []http.HandlerFunc{status(401, map[string]string{"Content-Type": "application/json"},
				`{"error":{"code":"401","message":"Access denied due to invalid subscription key."}}`)}},
	}
	compareCasesWithPi(t, piAI, cases)
}

// responsesConversation is a history for the Responses API: a replayed
// reasoning item and text signatures of the same model, item ids of another
// model of the same provider (dropped), a foreign tool call id with an item
// part (hashed), tool results with images, an errored turn, an orphaned call.
func responsesConversation() provider.Context {
	img, asst, result, text := testImage(), testAssistant, testToolResult, testText
	long := "msg_" + "0123456789abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz"
	return testConversation(
		asst("openai-responses", "openai", "gpt-mock", "toolUse",
			map[string]any{"type": "thinking", "thinking": "Plan", "thinkingSignature": `{"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"Plan"}],"encrypted_content":"enc=="}`},
			map[string]any{"type": "thinking", "thinking": "", "thinkingSignature": `{"type":"reasoning","id":"rs_2","summary":[],"encrypted_content":"enc2"}`},
			map[string]any{"type": "text", "text": "Listing.", "textSignature": `{"v":1,"id":"msg_abc","phase":"commentary"}`},
			map[string]any{"type": "text", "text": "No signature."},
			map[string]any{"type": "text", "text": "Legacy.", "textSignature": long},
			map[string]any{"type": "text", "text": "Old.", "textSignature": "msg_old"},
			map[string]any{"type": "toolCall", "id": "call_1|fc_1", "name": "ls", "arguments": map[string]any{"path": "<src> & more"}}),
		result("call_1|fc_1", false, text("a.txt"), img),
		asst("openai-responses", "openai", "gpt-other", "toolUse",
			map[string]any{"type": "thinking", "thinking": "other model thinks", "thinkingSignature": `{"type":"reasoning","id":"rs_x"}`},
			map[string]any{"type": "text", "text": "Other.", "textSignature": "msg_other"},
			map[string]any{"type": "toolCall", "id": "call_2|fc_2", "name": "ls", "arguments": map[string]any{}}),
		result("call_2|fc_2", true, img),
		asst("anthropic-messages", "anthropic", "claude-x", "toolUse",
			map[string]any{"type": "thinking", "thinking": "foreign thoughts", "thinkingSignature": "sig"},
			map[string]any{"type": "toolCall", "id": "toolu_01|weird/item+id", "name": "ls", "arguments": map[string]any{"path": "."}}),
		result("toolu_01|weird/item+id", false, text("x")),
		asst("openai-responses", "openai", "gpt-mock", "error", text("broken turn")),
		asst("openai-responses", "openai", "gpt-mock", "toolUse",
			map[string]any{"type": "toolCall", "id": "call_3|fc_3", "name": "ls", "arguments": map[string]any{}}),
		map[string]any{"role": "user", "content": []any{}, "timestamp": 4},
		map[string]any{"role": "user", "content": "continue", "timestamp": 5},
	)
}

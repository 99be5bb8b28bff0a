package provider_test

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws/protocol/eventstream"

	"github.com/pigo-dev/pigo/engine/provider"
)

// bedrockEvent is one ConverseStream event of type typ.
type bedrockEvent struct {
	exception bool // an exception message, typ its exception type
	typ       string
	payload   map[string]any
}

func brEv(typ string, payload map[string]any) bedrockEvent {
	return bedrockEvent{typ: typ, payload: payload}
}

func brText(index int, text string) bedrockEvent {
	return brEv("contentBlockDelta", map[string]any{"contentBlockIndex": index, "delta": map[string]any{"text": text}})
}

func brReasoning(index int, delta map[string]any) bedrockEvent {
	return brEv("contentBlockDelta", map[string]any{"contentBlockIndex": index, "delta": map[string]any{"reasoningContent": delta}})
}

func brStop(index int) bedrockEvent {
	return brEv("contentBlockStop", map[string]any{"contentBlockIndex": index})
}

func brMessageStop(reason string) bedrockEvent {
	return brEv("messageStop", map[string]any{"stopReason": reason})
}

func brUsage(usage map[string]any) bedrockEvent {
	return brEv("metadata", map[string]any{"usage": usage, "metrics": map[string]any{"latencyMs": 5}})
}

var brStart = brEv("messageStart", map[string]any{"role": "assistant"})

// bedrockStream answers with the AWS event-stream encoding of events.
func bedrockStream(events ...bedrockEvent) http.HandlerFunc {
	return bedrockStreamThen(false, events...)
}

// bedrockStreamThen is bedrockStream, hanging until the client goes away
// after the events when hang is set.
func bedrockStreamThen(hang bool, events ...bedrockEvent) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/vnd.amazon.eventstream")
		w.Header().Set("X-Amzn-Requestid", "req-1")
		enc := eventstream.NewEncoder()
		for _, ev := range events {
			headers := eventstream.Headers{
				{Name: ":message-type", Value: eventstream.StringValue("event")},
				{Name: ":event-type", Value: eventstream.StringValue(ev.typ)},
				{Name: ":content-type", Value: eventstream.StringValue("application/json")},
			}
			if ev.exception {
				headers[0].Value = eventstream.StringValue("exception")
				headers[1] = eventstream.Header{Name: ":exception-type", Value: eventstream.StringValue(ev.typ)}
			}
			var buf bytes.Buffer
			if err := enc.Encode(&buf, eventstream.Message{Headers: headers, Payload: []byte(js(ev.payload))}); err != nil {
				panic(err)
			}
			_, _ = w.Write(buf.Bytes())
			if f, ok := w.(http.Flusher); ok {
				f.Flush()
			}
		}
		if hang {
			<-r.Context().Done()
		}
	}
}

// bedrockError answers with a Bedrock JSON error of type code.
func bedrockError(code int, errType, message string) http.HandlerFunc {
	return status(code, map[string]string{"Content-Type": "application/json", "X-Amzn-Errortype": errType + ":http://internal.amazon.com/coral/com.amazon.bedrock/"},
		js(map[string]any{"message": message}))
}

func bedrockModel(id, name string, reasoning bool, tl provider.ThinkingLevelMap) func(base string) *provider.Model {
	return func(base string) *provider.Model {
		m := mockModel(provider.APIBedrockConverseStream, base)
		m.ID, m.Name, m.Provider = id, name, "amazon-bedrock"
		m.Reasoning, m.ThinkingLevelMap = reasoning, tl
		m.Input = []string{"text", "image"}
		// pi 1.6 caps maxTokens by the context window, pigo by 32000: the
		// two agree at 32000.
		m.ContextWindow, m.MaxTokens = 200000, 32000
		return m
	}
}

func TestDifferentialBedrock(t *testing.T) {
	piAI := piAI16Path(t)
	// The JavaScript SDK speaks HTTP/2 unless told otherwise; the fake
	// server speaks HTTP/1.1.
	env := map[string]string{"AWS_BEDROCK_FORCE_HTTP1": "1"}
	nova := bedrockModel("amazon.nova-pro-v1:0", "Nova Pro", false, nil)
	sonnet45 := bedrockModel("us.anthropic.claude-sonnet-4-5-20250929-v1:0", "Claude Sonnet 4.5", true, nil)
	opus47 := bedrockModel("us.anthropic.claude-opus-4-7", "Claude Opus 4.7", true,
		provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("xhigh"), provider.ThinkingMax: ptrTo("max")})
	gpt := bedrockModel("openai.gpt-5.6-terra", "GPT-5.6 Terra", true, provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("xhigh")})
	gptOSS := bedrockModel("openai.gpt-oss-120b-1:0", "gpt-oss-120b", true, nil)
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	tools := []provider.Tool{{Name: "read", Description: "Read a file", Parameters: map[string]any{
		"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"}}}}
	withTools := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("read two")}, Tools: tools}
	toolUse := func(index int, id string) bedrockEvent {
		return brEv("contentBlockStart", map[string]any{"contentBlockIndex": index, "start": map[string]any{"toolUse": map[string]any{"toolUseId": id, "name": "read"}}})
	}
	toolInput := func(index int, in string) bedrockEvent {
		return brEv("contentBlockDelta", map[string]any{"contentBlockIndex": index, "delta": map[string]any{"toolUse": map[string]any{"input": in}}})
	}
	// pi 1.6's built-in tools prefer strict sampling; the model takes it.
	strictSonnet := func(base string) *provider.Model {
		m := sonnet45(base)
		m.Compat = &provider.Compat{SupportsStrictMode: ptrTo(true)}
		return m
	}
	prefer := map[string]any{"type": "json_schema", "strict": "prefer"}
	strictTools := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("read")}, Tools: []provider.Tool{
		{Name: "read", Description: "Read a file", ConstrainedSampling: prefer, Parameters: map[string]any{
			"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"},
				"offset": map[string]any{"type": "number"}, "opts": map[string]any{"type": "object",
					"properties": map[string]any{"deep": map[string]any{"type": "boolean"}}}}, "required": []any{"path"}}},
		{Name: "grep", Description: "Search", ConstrainedSampling: prefer, Parameters: map[string]any{
			"type": "object", "properties": map[string]any{"q": map[string]any{"oneOf": []any{map[string]any{"type": "string"}}}}}},
		{Name: "ls", Description: "List", Parameters: map[string]any{"type": "object", "properties": map[string]any{"dir": map[string]any{"type": "string"}}}},
	}}
	// The fallback is remembered per session id for the process: a run
	// of its own (-count) starts unremembered, as each pi-ai run does.
	strictSession := fmt.Sprintf("bedrock-strict-diff-%d", time.Now().UnixNano())
	cases := []diffCase{
		{name: "strict tools", model: strictSonnet, context: strictTools, env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "ok"), brStop(0), brMessageStop("end_turn"))}},
		{name: "strict tools over the limits", model: strictSonnet, context: strictTools, env: env, sessionID: strictSession,
			handlers: []http.HandlerFunc{bedrockError(400, "ValidationException", "Too many strict tools (21 > 20)"),
				bedrockStream(brStart, brText(0, "ok"), brStop(0), brMessageStop("end_turn"))}},
		{name: "text", model: nova, context: hello, env: env, handlers: []http.HandlerFunc{bedrockStream(
			brStart, brText(0, "Hel"), brText(0, "lo <b> & é"), brStop(0), brMessageStop("end_turn"),
			brUsage(map[string]any{"inputTokens": 100, "outputTokens": 20, "totalTokens": 120}))}},
		{name: "tools and budget thinking", model: sonnet45, context: withTools, thinking: provider.ThinkingMedium, env: env,
			handlers: []http.HandlerFunc{bedrockStream(
				brStart, brReasoning(0, map[string]any{"text": "Let me "}), brReasoning(0, map[string]any{"text": "think."}),
				brReasoning(0, map[string]any{"signature": "sig-1"}), brStop(0),
				brText(1, "Reading."), brStop(1),
				toolUse(2, "tooluse_a"), toolInput(2, `{"pa`), toolInput(2, `th": "a.txt"}`), brStop(2),
				toolUse(3, "tooluse_b"), toolInput(3, `{"path": "a\q"`), brStop(3),
				brMessageStop("tool_use"),
				brUsage(map[string]any{"inputTokens": 20, "outputTokens": 9, "totalTokens": 1029, "cacheReadInputTokens": 500,
					"cacheWriteInputTokens": 500, "cacheDetails": []any{map[string]any{"ttl": "1h", "inputTokens": 300}, map[string]any{"ttl": "5m", "inputTokens": 200}}}))},
		},
		{name: "adaptive thinking", model: opus47, context: hello, thinking: provider.ThinkingXHigh, env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "ok"), brMessageStop("end_turn"))}},
		{name: "adaptive thinking long retention", model: opus47, context: withTools, thinking: provider.ThinkingLow,
			env:      map[string]string{"AWS_BEDROCK_FORCE_HTTP1": "1", "PI_CACHE_RETENTION": "long"},
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "ok"), brStop(0), brMessageStop("max_tokens"))}},
		{name: "govcloud thinking", model: opus47, context: hello, thinking: provider.ThinkingHigh,
			env:      map[string]string{"AWS_BEDROCK_FORCE_HTTP1": "1", "AWS_REGION": "us-gov-west-1"},
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "ok"), brMessageStop("end_turn"))}},
		{name: "govcloud budget thinking", model: sonnet45, context: hello, thinking: provider.ThinkingXHigh,
			env:      map[string]string{"AWS_BEDROCK_FORCE_HTTP1": "1", "AWS_REGION": "us-gov-west-1"},
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "ok"), brMessageStop("end_turn"))}},
		{name: "redacted reasoning", model: gpt, context: hello, thinking: provider.ThinkingMinimal, env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart,
				brReasoning(0, map[string]any{"redactedContent": "AAEC"}), brReasoning(0, map[string]any{"redactedContent": "AwQ="}),
				brReasoning(0, map[string]any{"signature": "ignored"}), brStop(0),
				brText(1, "done"), brStop(1), brMessageStop("end_turn"))}},
		{name: "gpt-oss effort", model: gptOSS, context: hello, thinking: provider.ThinkingHigh, env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart, brReasoning(0, map[string]any{"text": "hm"}), brText(1, "ok"), brMessageStop("stop_sequence"))}},
		{name: "unknown stop reason", model: nova, context: hello, env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "part"), brMessageStop("guardrail_intervened"))}},
		{name: "no stop reason", model: nova, context: hello, env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "part"))}},
		{name: "stream exception", model: nova, context: hello, env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "part"),
				bedrockEvent{exception: true, typ: "modelStreamErrorException", payload: map[string]any{"message": "model broke"}})}},
		{name: "stream internal server exception", model: nova, context: hello, env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "part"), brStop(0),
				bedrockEvent{exception: true, typ: "internalServerException", payload: map[string]any{"message": "oops"}})}},
		{name: "stream throttling exception", model: nova, context: hello, env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart,
				bedrockEvent{exception: true, typ: "throttlingException", payload: map[string]any{"message": "Too many tokens"}})}},
		// One text event before the abort: the AWS SDK decodes frames on
		// its own goroutine, so whether a second frame already sent is
		// emitted before the abort lands is a race on pigo's side.
		{name: "abort", model: nova, context: hello, env: env, abortAfter: 3,
			handlers: []http.HandlerFunc{bedrockStreamThen(true, brStart, brText(0, "one"))}},
		{name: "validation error", model: nova, context: hello, env: env,
			handlers: []http.HandlerFunc{bedrockError(400, "ValidationException", "The provided model identifier is invalid.")}},
		{name: "data retention error", model: nova, context: hello, env: env,
			handlers: []http.HandlerFunc{bedrockError(400, "ValidationException", "data retention mode 'default' is not available for this model")}},
		{name: "access denied", model: nova, context: hello, env: env,
			handlers: []http.HandlerFunc{bedrockError(403, "AccessDeniedException", "You don't have access to the model with the specified model ID.")}},
		{name: "conversation claude", model: sonnet45, context: bedrockConversation(), env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "k"), brMessageStop("end_turn"))}},
		{name: "conversation nova", model: nova, context: bedrockConversation(), env: env,
			handlers: []http.HandlerFunc{bedrockStream(brStart, brText(0, "k"), brMessageStop("end_turn"))}},
	}
	compareCasesWithPi(t, piAI, cases)
}

// bedrockConversation is a history with Bedrock Claude's own turns
// (signed and unsigned thinking, redacted thinking, tool calls), tool
// results with images, an error result with an image, another
// provider's calls with ids Bedrock rejects, blank text, an errored turn
// and an orphaned call.
func bedrockConversation() provider.Context {
	img, asst, result, text := testImage(), testAssistant, testToolResult, testText
	const api, prov, model = "bedrock-converse-stream", "amazon-bedrock", "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
	return testConversation(
		asst(api, prov, model, "toolUse",
			map[string]any{"type": "thinking", "thinking": "I should list", "thinkingSignature": "sig"},
			map[string]any{"type": "thinking", "thinking": "unsigned"},
			map[string]any{"type": "thinking", "thinking": "[Reasoning redacted]", "thinkingSignature": "AAECAw==", "redacted": true},
			text("Listing."), text(" "),
			map[string]any{"type": "toolCall", "id": "tooluse_1", "name": "ls", "arguments": map[string]any{"path": ".", "deep": true}}),
		result("tooluse_1", false, text("a.txt"), img),
		asst("anthropic-messages", "anthropic", "claude-x", "toolUse",
			map[string]any{"type": "thinking", "thinking": "foreign thoughts", "thinkingSignature": "sig"},
			text("Foreign."),
			map[string]any{"type": "toolCall", "id": "toolu_01/x", "name": "ls", "arguments": map[string]any{}},
			map[string]any{"type": "toolCall", "id": "call|123", "name": "ls", "arguments": map[string]any{"path": "c"}}),
		result("toolu_01/x", true, text("boom"), img),
		map[string]any{"role": "toolResult", "toolCallId": "call|123", "toolName": "ls", "content": []any{}, "isError": false, "timestamp": 3},
		asst(api, prov, model, "error", text("broken turn")),
		asst(api, prov, model, "toolUse", map[string]any{"type": "toolCall", "id": "orphan", "name": "ls", "arguments": map[string]any{}}),
		map[string]any{"role": "user", "content": "continue", "timestamp": 5},
	)
}

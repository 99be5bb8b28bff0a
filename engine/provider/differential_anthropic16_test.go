package provider_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestDifferentialAnthropicStrictTools: against pi-ai 1.6, the tools of
// an anthropic-messages request to a Claude that takes strict tools
// (compat.supportsStrictTools): which go strict (pi 1.6's built-in tools
// prefer it; Anthropic's keyword filter and strict mode's own limits send
// a "prefer" tool non-strict, a "require" one fails), their rewritten
// schemas, and the one non-strict retry when Claude rejects them for its
// limits, with its diagnostic.
func TestDifferentialAnthropicStrictTools(t *testing.T) {
	piAI := piAI16Path(t)
	sonnet := func(base string) *provider.Model {
		m := mockModel(provider.APIAnthropicMessages, base)
		m.ID, m.Provider = "claude-sonnet-4-5", "anthropic-mock"
		m.Reasoning, m.Input = true, []string{"text", "image"}
		m.ContextWindow, m.MaxTokens = 200000, 32000
		return m
	}
	strictSonnet := func(base string) *provider.Model {
		m := sonnet(base)
		m.Compat = &provider.Compat{SupportsStrictTools: ptrTo(true)}
		return m
	}
	prefer := map[string]any{"type": "json_schema", "strict": "prefer"}
	require := map[string]any{"type": "json_schema", "strict": "require"}
	obj := func(props map[string]any, required ...any) map[string]any {
		m := map[string]any{"type": "object", "properties": props}
		if required != nil {
			m["required"] = required
		}
		return m
	}
	str := map[string]any{"type": "string"}
	strictTools := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("read")}, Tools: []provider.Tool{
		{Name: "read", Description: "Read a file", ConstrainedSampling: prefer, Parameters: obj(map[string]any{"path": str,
			"offset": map[string]any{"type": "number"}, "opts": obj(map[string]any{"deep": map[string]any{"type": "boolean"}})}, "path")},
		// strict mode cannot take oneOf.
		{Name: "grep", Description: "Search", ConstrainedSampling: prefer, Parameters: obj(map[string]any{
			"q": map[string]any{"oneOf": []any{str}}})},
		// Anthropic's filter: a minimum is rejected ...
		{Name: "head", Description: "Head", ConstrainedSampling: prefer, Parameters: obj(map[string]any{
			"lines": map[string]any{"type": "integer", "minimum": 1}})},
		// ... so is a format outside its list, and minItems above 1 ...
		{Name: "fetch", Description: "Fetch", ConstrainedSampling: prefer, Parameters: obj(map[string]any{
			"url": map[string]any{"type": "string", "format": "iri"}})},
		{Name: "pick", Description: "Pick", ConstrainedSampling: prefer, Parameters: obj(map[string]any{
			"ids": map[string]any{"type": "array", "items": str, "minItems": 2}})},
		// ... while listed formats and minItems 0 or 1 stay strict.
		{Name: "when", Description: "When", ConstrainedSampling: prefer, Parameters: obj(map[string]any{
			"at": map[string]any{"type": "string", "format": "date-time"}, "tags": map[string]any{"type": "array", "items": str, "minItems": 1}}, "at")},
		{Name: "empty", Description: "No arguments", ConstrainedSampling: prefer, Parameters: map[string]any{"type": "object"}},
		{Name: "ls", Description: "List", Parameters: obj(map[string]any{"dir": str})},
	}}
	requireTool := func(params map[string]any) provider.Context {
		return provider.Context{Messages: []map[string]any{userMsg("go")}, Tools: []provider.Tool{
			{Name: "pin", Description: "Pin", ConstrainedSampling: require, Parameters: params}}}
	}
	start := `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"usage":{"input_tokens":12,"output_tokens":1}}}`
	ok := namedSSE("message_start", start,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ok"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}`,
		"message_stop", `{"type":"message_stop"}`)
	// Written by hand: js would escape the messages' ">".
	invalid := func(message string) http.HandlerFunc {
		return status(400, map[string]string{"Content-Type": "application/json"},
			`{"type":"error","error":{"type":"invalid_request_error","message":"`+message+`"}}`)
	}
	// The Go side remembers sessions over the limits for the whole test
	// binary: a fresh session per run.
	session := fmt.Sprintf("anthropic-strict-diff-%d", time.Now().UnixNano())
	cases := []diffCase{
		{name: "strict tools", model: strictSonnet, context: strictTools, handlers: []http.HandlerFunc{ok}},
		{name: "model without strict tools", model: sonnet, context: strictTools, handlers: []http.HandlerFunc{ok}},
		{name: "strict tools over the limits", model: strictSonnet, context: strictTools, sessionID: session,
			handlers: []http.HandlerFunc{invalid("tools: Too many strict tools (21 > 20)"), ok}},
		{name: "grammar too large without a session", model: strictSonnet, context: strictTools,
			handlers: []http.HandlerFunc{invalid("The compiled grammar is too large"), ok}},
		{name: "limits error of another type", model: strictSonnet, context: strictTools,
			handlers: []http.HandlerFunc{status(400, map[string]string{"Content-Type": "application/json"},
				`{"type":"error","error":{"type":"api_error","message":"Too many strict tools (21 > 20)"}}`)}},
		{name: "another invalid request", model: strictSonnet, context: strictTools,
			handlers: []http.HandlerFunc{invalid("prompt is too long")}},
		{name: "limits error with only required strict tools", model: strictSonnet, context: requireTool(obj(map[string]any{"p": str})),
			handlers: []http.HandlerFunc{invalid("Schemas contains too many parameters with union types (17 > 16)")}},
		{name: "required strict tool with a filtered keyword", model: strictSonnet,
			context: requireTool(obj(map[string]any{"n": map[string]any{"type": "number", "maximum": 2.5}})), handlers: []http.HandlerFunc{ok}},
		{name: "required strict tool on a model without", model: sonnet, context: requireTool(obj(map[string]any{"p": str})), handlers: []http.HandlerFunc{ok}},
	}
	compareCasesWithPi(t, piAI, cases)
}

// TestDifferentialAnthropicBetas16: against pi-ai 1.6, the URL (every
// Messages request carries ?beta=true) and the anthropic-beta header of
// anthropic-messages requests: thinking on and off, API key, Claude
// OAuth token and Copilot token, models with and without reasoning,
// adaptive thinking, fine-grained tool streaming (a model without eager
// input streaming), and beta lists the model's or the request's headers
// configure.
func TestDifferentialAnthropicBetas16(t *testing.T) {
	piAI := piAI16Path(t)
	claude := func(change func(*provider.Model)) func(string) *provider.Model {
		return func(base string) *provider.Model {
			m := mockModel(provider.APIAnthropicMessages, base)
			m.ID, m.Provider = "claude-sonnet-4-5", "anthropic"
			m.Reasoning, m.Input = true, []string{"text", "image"}
			m.ContextWindow, m.MaxTokens = 200000, 32000
			if change != nil {
				change(m)
			}
			return m
		}
	}
	budget := claude(nil)
	noReasoning := claude(func(m *provider.Model) { m.Reasoning = false })
	adaptive := claude(func(m *provider.Model) {
		m.ID = "claude-opus-5"
		m.Compat = &provider.Compat{ForceAdaptiveThinking: ptrTo(true)}
	})
	notEager := claude(func(m *provider.Model) {
		m.Compat = &provider.Compat{SupportsEagerToolInputStreaming: ptrTo(false)}
	})
	configured := claude(func(m *provider.Model) {
		m.Headers = map[string]string{"Anthropic-Beta": "custom-b, custom-a,custom-b,, "}
	})
	copilot := claude(func(m *provider.Model) {
		m.ID, m.Provider = "claude-sonnet-4.5", "github-copilot"
		m.Compat = &provider.Compat{SupportsEagerToolInputStreaming: ptrTo(false)}
	})
	ok := func(model func(string) *provider.Model) []http.HandlerFunc { return anthropicReplyOK(model("").ID) }
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	withTools := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("read")}, Tools: []provider.Tool{
		{Name: "read", Description: "Read a file", Parameters: map[string]any{"type": "object",
			"properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"}}}}}
	const oauth = "sk-ant-oat01-test"
	var cases []diffCase
	for _, key := range []string{"", oauth} {
		auth := "api key"
		if key == oauth {
			auth = "oauth"
		}
		for _, c := range []struct {
			name     string
			model    func(string) *provider.Model
			context  provider.Context
			thinking provider.ThinkingLevel
		}{
			{"thinking off", budget, hello, ""},
			{"thinking on", budget, hello, provider.ThinkingMedium},
			{"no reasoning, thinking asked", noReasoning, hello, provider.ThinkingMedium},
			{"adaptive thinking on", adaptive, hello, provider.ThinkingHigh},
			{"tools, eager streaming", budget, withTools, provider.ThinkingLow},
			{"tools, fine-grained streaming", notEager, withTools, ""},
			{"tools, fine-grained streaming, thinking on", notEager, withTools, provider.ThinkingLow},
			{"configured betas", configured, withTools, provider.ThinkingLow},
		} {
			cases = append(cases, diffCase{name: auth + ", " + c.name, model: c.model, context: c.context, thinking: c.thinking,
				apiKey: key, handlers: ok(c.model)})
		}
	}
	// The request's own list wins over the model's, as given or in
	// another case.
	for name, h := range map[string]map[string]string{
		"request betas":              {"anthropic-beta": " req-b,req-a ,req-b"},
		"request betas over model's": {"ANTHROPIC-BETA": "req-a"},
	} {
		model := budget
		if name == "request betas over model's" {
			model = configured
		}
		cases = append(cases, diffCase{name: name, model: model, context: withTools, thinking: provider.ThinkingLow, headers: h,
			handlers: ok(model)})
	}
	for _, th := range []provider.ThinkingLevel{"", provider.ThinkingLow} {
		cases = append(cases, diffCase{name: "copilot, tools, thinking " + string(th), model: copilot, context: withTools, thinking: th,
			apiKey: "tid=copilot-token", handlers: ok(copilot)})
	}
	compareCasesWithPi(t, piAI, cases)
}

// TestDifferentialAnthropicFallbackModels: against pi-ai 1.6, a Claude
// with compat.allowedFallbackModels sends them as the request's
// fallbacks, with the server-side-fallback beta; a reply a fallback
// model gave (message_start names it, a fallback block leads) records
// responseModel and is priced with that model's cost, one by a model
// not listed with the requested model's; a fallback block after output
// fails the reply.
func TestDifferentialAnthropicFallbackModels(t *testing.T) {
	piAI := piAI16Path(t)
	withFallbacks := func(base string) *provider.Model {
		m := mockModel(provider.APIAnthropicMessages, base)
		m.ID, m.Provider = "claude-opus-4-8", "anthropic-mock"
		m.Reasoning, m.Input = true, []string{"text"}
		m.ContextWindow, m.MaxTokens = 200000, 32000
		m.Cost = provider.Cost{Input: 15, Output: 75, CacheRead: 1.5, CacheWrite: 18.75}
		m.Compat = &provider.Compat{AllowedFallbackModels: []provider.FallbackModel{
			{Provider: "anthropic-mock", Model: "claude-sonnet-4-5", Cost: provider.Cost{Input: 3, Output: 15, CacheRead: 0.3, CacheWrite: 3.75}},
			{Provider: "other", Model: "claude-haiku-4-5", Cost: provider.Cost{Input: 1, Output: 5}},
		}}
		return m
	}
	reply := func(model string, leadingFallback, lateFallback bool) http.HandlerFunc {
		events := []string{"message_start", `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"` + model +
			`","content":[],"stop_reason":null,"usage":{"input_tokens":1200,"output_tokens":1,"cache_read_input_tokens":300}}}`}
		text := 0
		if leadingFallback {
			events = append(events, "content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"fallback"}}`,
				"content_block_stop", `{"type":"content_block_stop","index":0}`)
			text = 1
		}
		i := fmt.Sprint(text)
		events = append(events,
			"content_block_start", `{"type":"content_block_start","index":`+i+`,"content_block":{"type":"text","text":""}}`,
			"content_block_delta", `{"type":"content_block_delta","index":`+i+`,"delta":{"type":"text_delta","text":"ok"}}`,
			"content_block_stop", `{"type":"content_block_stop","index":`+i+`}`)
		if lateFallback {
			events = append(events, "content_block_start", `{"type":"content_block_start","index":2,"content_block":{"type":"fallback"}}`)
		}
		events = append(events,
			"message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":40}}`,
			"message_stop", `{"type":"message_stop"}`)
		return namedSSE(events...)
	}
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	cases := []diffCase{
		{name: "answered by the model", model: withFallbacks, context: hello, handlers: []http.HandlerFunc{reply("claude-opus-4-8", false, false)}},
		{name: "answered by a fallback", model: withFallbacks, context: hello, handlers: []http.HandlerFunc{reply("claude-sonnet-4-5", true, false)}},
		{name: "fallback of another provider", model: withFallbacks, context: hello, handlers: []http.HandlerFunc{reply("claude-haiku-4-5", true, false)}},
		{name: "unlisted model", model: withFallbacks, context: hello, handlers: []http.HandlerFunc{reply("claude-x", false, false)}},
		{name: "fallback after output", model: withFallbacks, context: hello, handlers: []http.HandlerFunc{reply("claude-sonnet-4-5", false, true)}},
		{name: "no fallbacks", model: func(base string) *provider.Model {
			m := withFallbacks(base)
			m.Compat.AllowedFallbackModels = []provider.FallbackModel{}
			return m
		}, context: hello, handlers: []http.HandlerFunc{reply("claude-opus-4-8", false, false)}},
	}
	for i := range cases {
		cases[i].thinking = provider.ThinkingLow
	}
	compareCasesWithPi(t, piAI, cases)
}

// TestDifferentialAnthropicMessageThreads: against pi-ai 1.6, a session's
// first request to an endpoint with message threads
// (compat.supportsMessageThreads) creates a thread, with the
// message-threads beta; none without a session or caching, nor by
// default on an endpoint other than api.anthropic.com. A rejection of the
// thread is sent again once, with a diagnostic: as a new thread when the
// old one cannot be continued, without a thread when the endpoint cannot
// use them; any other error stands.
func TestDifferentialAnthropicMessageThreads(t *testing.T) {
	piAI := piAI16Path(t)
	threads := func(on *bool) func(string) *provider.Model {
		return func(base string) *provider.Model {
			m := mockModel(provider.APIAnthropicMessages, base)
			m.ID, m.Provider = "claude-sonnet-4-5", "anthropic-mock"
			m.Reasoning, m.Input = true, []string{"text"}
			m.ContextWindow, m.MaxTokens = 200000, 32000
			if on != nil {
				m.Compat = &provider.Compat{SupportsMessageThreads: on}
			}
			return m
		}
	}
	ok := namedSSE("message_start", `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"usage":{"input_tokens":12,"output_tokens":1}}}`,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ok"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}`,
		"message_stop", `{"type":"message_stop"}`)
	reject := func(status int, errorType, message, code string) http.HandlerFunc {
		details := ""
		if code != "" {
			details = `,"details":{"error_code":"` + code + `"}`
		}
		return statusHandler(status, `{"type":"error","error":{"type":"`+errorType+`","message":"`+message+`"`+details+`}}`)
	}
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	// Thread state lives for the test binary (and pi-ai's process): a
	// fresh session per case.
	session := func(name string) string { return fmt.Sprintf("threads-%s-%d", name, time.Now().UnixNano()) }
	cases := []diffCase{
		{name: "create", model: threads(ptrTo(true)), sessionID: session("create"), handlers: []http.HandlerFunc{ok}},
		{name: "no session", model: threads(ptrTo(true)), handlers: []http.HandlerFunc{ok}},
		{name: "no caching", model: threads(ptrTo(true)), sessionID: session("nocache"), cacheRetention: "none", handlers: []http.HandlerFunc{ok}},
		{name: "default off for another endpoint", model: threads(nil), sessionID: session("default"), handlers: []http.HandlerFunc{ok}},
		{name: "thread not found", model: threads(ptrTo(true)), sessionID: session("notfound"),
			handlers: []http.HandlerFunc{reject(400, "invalid_request_error", "thread not found", "thread_not_found"), ok}},
		{name: "threads unsupported", model: threads(ptrTo(true)), sessionID: session("unsupported"),
			handlers: []http.HandlerFunc{reject(400, "invalid_request_error", "thread: Extra inputs are not permitted", ""), ok}},
		{name: "unsupported request code", model: threads(ptrTo(true)), sessionID: session("unsupportedcode"),
			handlers: []http.HandlerFunc{reject(400, "invalid_request_error", "cannot thread this", "thread_unsupported_request"), ok}},
		{name: "other error", model: threads(ptrTo(true)), sessionID: session("other"),
			handlers: []http.HandlerFunc{reject(400, "invalid_request_error", "prompt is too long", "")}},
	}
	for i := range cases {
		cases[i].context, cases[i].thinking = hello, provider.ThinkingLow
	}
	compareCasesWithPi(t, piAI, cases)
}

// statusHandler answers with status and a JSON body.
func statusHandler(code int, body string) http.HandlerFunc {
	return status(code, map[string]string{"Content-Type": "application/json"}, body)
}

// TestDifferentialAnthropicMidConvoEffort16: against pi-ai 1.6, a Claude
// that takes effort within the conversation (compat.supportsMidConvoEffort,
// pi 1.6's default claude-opus-5-5) gets adaptive thinking with
// block_binding, output_config effort "low", an effort marker before each
// earlier reply of its provider that recorded one and one with the
// request's effort at the end, and the two betas; the reply records its
// effort (providerThinkingLevel). With thinking off, a model that can turn
// thinking off sends none of that; one that cannot keeps the markers.
func TestDifferentialAnthropicMidConvoEffort16(t *testing.T) {
	piAI := piAI16Path(t)
	claude := func(offNull bool) func(string) *provider.Model {
		return func(base string) *provider.Model {
			m := mockModel(provider.APIAnthropicMessages, base)
			m.ID, m.Provider = "claude-opus-5-5", "anthropic"
			m.Reasoning, m.Input = true, []string{"text", "image"}
			m.ContextWindow, m.MaxTokens = 1000000, 128000
			m.ThinkingLevelMap = provider.ThinkingLevelMap{provider.ThinkingMinimal: nil, provider.ThinkingLow: ptrTo("low"),
				provider.ThinkingMedium: ptrTo("medium"), provider.ThinkingHigh: ptrTo("high"), provider.ThinkingXHigh: ptrTo("xhigh")}
			if offNull {
				m.ThinkingLevelMap[provider.ThinkingOff] = nil
			}
			m.Compat = &provider.Compat{SupportsMidConvoEffort: ptrTo(true), ForceAdaptiveThinking: ptrTo(true), SupportsTemperature: ptrTo(false)}
			return m
		}
	}
	withLevel := func(m map[string]any, level string) map[string]any {
		m["providerThinkingLevel"] = level
		return m
	}
	history := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{
		userMsg("one"),
		withLevel(testAssistant(provider.APIAnthropicMessages, "anthropic", "claude-opus-5-5", "stop", testText("A1")), "medium"),
		userMsg("two"),
		withLevel(testAssistant(provider.APIAnthropicMessages, "other", "claude-opus-5-5", "stop", testText("A2")), "high"),
		userMsg("three"),
		withLevel(testAssistant(provider.APIAnthropicMessages, "anthropic", "claude-opus-5-5", "stop", testText("A3")), "bogus"),
		testAssistant(provider.APIAnthropicMessages, "anthropic", "claude-opus-5-5", "stop", testText("A4")),
		userMsg("four"),
	}}
	var cases []diffCase
	for _, offNull := range []bool{false, true} {
		for _, th := range []provider.ThinkingLevel{"", provider.ThinkingMinimal, provider.ThinkingMedium, provider.ThinkingXHigh} {
			cases = append(cases, diffCase{name: fmt.Sprintf("off forbidden %v, thinking %q", offNull, th), model: claude(offNull),
				context: history, thinking: th, handlers: anthropicReplyOK("claude-opus-5-5")})
		}
	}
	compareCasesWithPi(t, piAI, cases)
}

// anthropicReplyOK is one Messages reply "ok" that names model (the model
// asked for: pigo does not report pi-ai 1.6's responseModel otherwise).
func anthropicReplyOK(model string) []http.HandlerFunc {
	start := `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"` + model +
		`","content":[],"stop_reason":null,"usage":{"input_tokens":12,"output_tokens":1}}}`
	return []http.HandlerFunc{namedSSE("message_start", start,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ok"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}`,
		"message_stop", `{"type":"message_stop"}`)}
}

package provider_test

import (
	"net/http"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// grammarTool is a tool declared as pi 1.6's codemode tool is: one
// required string property its raw input fills, and a grammar per
// variant (openai_lark, openai_regex).
func grammarTool(name string, variants map[string]any) provider.Tool {
	return provider.Tool{Name: name, Description: "Run a script.",
		Parameters: map[string]any{"type": "object", "properties": map[string]any{"code": map[string]any{"type": "string"}},
			"required": []any{"code"}},
		ParameterKeys:       []string{"type", "properties", "required"},
		ConstrainedSampling: map[string]any{"type": "grammar", "variants": variants}}
}

// grammarConversation is a history with a grammar tool's call and result
// between an ordinary tool's, for model (api, provider prov, id).
func grammarConversation(api, prov, id string) provider.Context {
	c := testConversation(
		testAssistant(api, prov, id, "toolUse",
			map[string]any{"type": "toolCall", "id": "call_1|ctc_1", "name": "codemode", "arguments": map[string]any{"code": "print(\"hi\")\n"}},
			map[string]any{"type": "toolCall", "id": "call_2|fc_2", "name": "ls", "arguments": map[string]any{}}),
		map[string]any{"role": "toolResult", "toolCallId": "call_1|ctc_1", "toolName": "codemode", "content": []any{testText("hi")}, "isError": false, "timestamp": 3},
		testToolResult("call_2|fc_2", false, testText("  ")),
		map[string]any{"role": "user", "content": "again", "timestamp": 5},
	)
	c.Tools[0].ParameterKeys = []string{"type", "properties"}
	c.Tools = append(c.Tools,
		grammarTool("codemode", map[string]any{"openai_lark": "start: /[\\s\\S]+/", "openai_regex": ".+"}),
		grammarTool("matcher", map[string]any{"openai_lark": "  ", "openai_regex": "[a-z]+"}))
	return c
}

// TestDifferentialPayloadGrammarTools16: the Responses requests (OpenAI,
// Azure, Codex) of a conversation with grammar tools are pi-ai 1.6's, byte
// for byte. A model that takes grammar tools (compat
// .supportsOpenAIGrammarTools: the GPT-5 and later catalog models) gets
// them as custom tools with their lark grammar, else the regex one, also
// inside additional_tools items; their calls replay as custom tool calls
// with the raw input and their results as custom tool call outputs. Other
// models get function tools. A result whose text is only white space
// replays as "(no tool output)".
func TestDifferentialPayloadGrammarTools16(t *testing.T) {
	t.Parallel()
	grammar := &provider.Compat{SupportsOpenAIGrammarTools: ptrTo(true)}
	changes := &provider.Compat{SupportsOpenAIGrammarTools: ptrTo(true), SupportsMidConvoSystemMessages: ptrTo(true), SupportsAdditionalTools: ptrTo(true)}
	key := map[string]string{provider.APIOpenAIResponses: "k", provider.APIAzureOpenAIResponses: "k", provider.APIOpenAICodexResponses: codexJWT("acct", "1")}
	provs := map[string]string{provider.APIOpenAIResponses: "openai", provider.APIAzureOpenAIResponses: "azure-openai-responses", provider.APIOpenAICodexResponses: "openai-codex"}
	for _, api := range []string{provider.APIOpenAIResponses, provider.APIAzureOpenAIResponses, provider.APIOpenAICodexResponses} {
		for name, compat := range map[string]*provider.Compat{"grammar": grammar, "grammar_tool_changes": changes, "no_grammar": nil} {
			t.Run(api+"/"+name, func(t *testing.T) {
				t.Parallel()
				m := &provider.Model{ID: "gpt-6-sol", Name: "G", API: api, Provider: provs[api], BaseURL: "http://127.0.0.1:1", Reasoning: true,
					Input: []string{"text", "image"}, ContextWindow: 1000000, MaxTokens: 128000, Compat: compat}
				comparePayload16(t, m, grammarConversation(api, provs[api], m.ID), provider.ThinkingHigh, key[api])
			})
		}
	}
}

// rsCustomCall streams one custom_tool_call item: added with initial
// input, input deltas, the input's done event with final (when given),
// and the item's done event with final.
func rsCustomCall(id, callID, name, initial string, final *string, deltas ...string) []map[string]any {
	item := func(status string, input *string) map[string]any {
		it := map[string]any{"type": "custom_tool_call", "id": id, "call_id": callID, "name": name, "status": status}
		if input != nil {
			it["input"] = *input
		}
		return it
	}
	evs := []map[string]any{rsItemAdded(item("in_progress", &initial))}
	for _, d := range deltas {
		evs = append(evs, rsEv("response.custom_tool_call_input.delta", "item_id", id, "output_index", 0, "delta", d))
	}
	if final != nil {
		evs = append(evs, rsEv("response.custom_tool_call_input.done", "item_id", id, "output_index", 0, "input", *final))
	}
	return append(evs, rsItemDone(item("completed", final)))
}

// TestDifferentialResponsesGrammarToolCall16: against pi-ai 1.6, a model's
// custom tool call (a grammar tool's raw input) streams as a tool call
// whose arguments fill the tool's one string property, its deltas the
// JSON text of those arguments (escaped as JSON.stringify does), however
// the input arrives: all in deltas, partly with the added item, only with
// the done item, or for a tool the request did not declare as a grammar
// tool (the property "input"). A final input that does not continue the
// streamed one is an error.
func TestDifferentialResponsesGrammarToolCall16(t *testing.T) {
	piAI := piAI16Path(t)
	model := func(base string) *provider.Model {
		m := responsesModel(base)
		m.Compat = &provider.Compat{SupportsOpenAIGrammarTools: ptrTo(true)}
		return m
	}
	s := func(v string) *string { return &v }
	code := "print(\"héllo\")\n\tdone"
	ctx := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("run it")},
		Tools: []provider.Tool{grammarTool("codemode", map[string]any{"openai_lark": "start: /[\\s\\S]+/"})}}
	reply := func(evs ...[]map[string]any) []http.HandlerFunc {
		all := append(concatEvents(evs...), rsCompleted("completed", rsUsage(10, 0, 5)))
		return []http.HandlerFunc{rsSSE(all...)}
	}
	cases := []diffCase{
		{name: "deltas", handlers: reply(rsCustomCall("ctc_1", "call_1", "codemode", "", s(code), "print(\"hé", "llo\")\n", "\tdone"))},
		{name: "input with the added item", handlers: reply(rsCustomCall("ctc_1", "call_1", "codemode", "print(", s(code), "\"héllo\")\n\tdone"))},
		{name: "input only when done", handlers: reply(rsCustomCall("ctc_1", "call_1", "codemode", "", nil), []map[string]any{
			rsItemDone(map[string]any{"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "codemode", "input": code, "status": "completed"})})},
		{name: "done without added", handlers: reply([]map[string]any{
			rsItemDone(map[string]any{"type": "custom_tool_call", "id": "ctc_1", "call_id": "call_1", "name": "codemode", "input": code, "status": "completed"})})},
		{name: "undeclared custom tool", handlers: reply(rsCustomCall("ctc_1", "call_1", "apply_patch", "", s("*** Begin"), "*** ", "Begin"))},
		{name: "final input does not continue", handlers: reply(rsCustomCall("ctc_1", "call_1", "codemode", "", s("other"), "print"))},
	}
	for i := range cases {
		cases[i].model, cases[i].context, cases[i].pi16 = model, ctx, true
	}
	compareCasesWithPi(t, piAI, cases)
}

// TestDifferentialGrammarToolErrors16: against pi-ai 1.6, a grammar tool
// sent to a model that takes grammar tools fails the request, naming the
// tool, when it gives no usable grammar or its parameters are not one
// required string property; a model without grammar tools sends it as a
// function tool.
func TestDifferentialGrammarToolErrors16(t *testing.T) {
	piAI := piAI16Path(t)
	model := func(grammar bool) func(string) *provider.Model {
		return func(base string) *provider.Model {
			m := responsesModel(base)
			m.Compat = &provider.Compat{SupportsOpenAIGrammarTools: ptrTo(grammar)}
			return m
		}
	}
	twoRequired := grammarTool("codemode", map[string]any{"openai_lark": "start: /.+/"})
	twoRequired.Parameters = map[string]any{"type": "object", "properties": map[string]any{"code": map[string]any{"type": "string"},
		"lang": map[string]any{"type": "string"}}, "required": []any{"code", "lang"}}
	numberInput := grammarTool("codemode", map[string]any{"openai_regex": "[0-9]+"})
	numberInput.Parameters = map[string]any{"type": "object", "properties": map[string]any{"code": map[string]any{"type": "number"}}, "required": []any{"code"}}
	msg := rsMessage("msg_1", "", "ok")
	for _, ev := range msg {
		ev["output_index"] = 0 // pi-ai 1.6 places deltas by it
	}
	ok := []http.HandlerFunc{rsSSE(concatEvents(msg, []map[string]any{rsCompleted("completed", nil)})...)}
	tools := map[string]provider.Tool{
		"no variant":         grammarTool("codemode", map[string]any{"openai_lark": " ", "other": "x"}),
		"two required":       twoRequired,
		"not a string":       numberInput,
		"missing properties": {Name: "codemode", Description: "d", Parameters: map[string]any{"type": "object", "required": []any{"code"}}, ConstrainedSampling: map[string]any{"type": "grammar", "variants": map[string]any{"openai_lark": "a"}}},
		"not an object":      {Name: "codemode", Description: "d", Parameters: map[string]any{"type": "string"}, ConstrainedSampling: map[string]any{"type": "grammar", "variants": map[string]any{"openai_lark": "a"}}},
	}
	var cases []diffCase
	for name, tool := range tools {
		for _, grammar := range []bool{true, false} {
			label := name
			if !grammar {
				label += " without grammar tools"
			}
			cases = append(cases, diffCase{name: label, model: model(grammar), pi16: true, handlers: ok,
				context: provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}, Tools: []provider.Tool{tool}}})
		}
	}
	compareCasesWithPi(t, piAI, cases)
}

// TestDifferentialPayloadCompletionsGrammarTools16: the chat completions
// request of a conversation with grammar tools is pi-ai 1.6's, byte for
// byte: custom tools with their grammar for a model that takes them (in
// the request's list and in a system message carrying tools), the
// grammar tool's call replayed as a custom call with its raw input;
// function tools otherwise.
func TestDifferentialPayloadCompletionsGrammarTools16(t *testing.T) {
	t.Parallel()
	for name, compat := range map[string]*provider.Compat{
		"grammar":    {SupportsOpenAIGrammarTools: ptrTo(true), SupportsStrictMode: ptrTo(true)},
		"no_grammar": nil,
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			m := &provider.Model{ID: "gpt-6-sol", Name: "G", API: provider.APIOpenAICompletions, Provider: "openai", BaseURL: "http://127.0.0.1:1",
				Reasoning: true, Input: []string{"text", "image"}, ContextWindow: 1000000, MaxTokens: 128000, Compat: compat}
			comparePayload16(t, m, grammarConversation(m.API, m.Provider, m.ID), provider.ThinkingHigh, "k")
		})
	}
}

// TestDifferentialCompletionsGrammarToolCall16: against pi-ai 1.6, a chat
// completions model's custom tool call streams as a tool call whose
// arguments fill the grammar tool's property, each delta the JSON text of
// its input piece and the closing text when the stream ends, beside a
// function call; a custom call of an undeclared tool fills "input".
func TestDifferentialCompletionsGrammarToolCall16(t *testing.T) {
	piAI := piAI16Path(t)
	model := func(base string) *provider.Model {
		m := mockModel(provider.APIOpenAICompletions, base+"/v1")
		m.Compat = &provider.Compat{SupportsOpenAIGrammarTools: ptrTo(true)}
		return m
	}
	ctx := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("run it")},
		Tools: []provider.Tool{grammarTool("codemode", map[string]any{"openai_lark": "start: /[\\s\\S]+/"})}}
	call := func(index int, id, typ, name string, part map[string]any) string {
		tc := map[string]any{"index": index}
		if id != "" {
			tc["id"], tc["type"] = id, typ
		}
		if name != "" {
			part["name"] = name
		}
		tc[typ] = part
		return oaChunk(map[string]any{"tool_calls": []any{tc}}, nil)
	}
	cases := []diffCase{
		{name: "custom and function calls", handlers: []http.HandlerFunc{sse(
			call(0, "call_a", "custom", "codemode", map[string]any{"input": ""}),
			call(0, "", "custom", "", map[string]any{"input": "print(\"hé"}),
			call(1, "call_b", "function", "read", map[string]any{"arguments": `{"path":"a"}`}),
			call(0, "", "custom", "", map[string]any{"input": "llo\")\n"}),
			oaChunk(map[string]any{}, "tool_calls"), oaUsage(20, 9), "[DONE]")}},
		{name: "undeclared custom tool", handlers: []http.HandlerFunc{sse(
			call(0, "call_a", "custom", "apply_patch", map[string]any{"input": "*** Begin"}),
			oaChunk(map[string]any{}, "tool_calls"), oaUsage(20, 9), "[DONE]")}},
	}
	for i := range cases {
		cases[i].model, cases[i].context, cases[i].pi16 = model, ctx, true
	}
	compareCasesWithPi(t, piAI, cases)
}

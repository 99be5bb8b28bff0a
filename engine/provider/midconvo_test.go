package provider_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
)

// midConvoTranscript is a conversation whose prompt and tools change as
// it goes, as pi 1.6 records it: a system message between a tool call
// and its result (sections patched, a tool added, one removed), and a
// trailing one that adds content, removes a section and redefines a
// tool (removed and added under the same name).
func midConvoTranscript(api, prov, id string) provider.Context {
	// Schemas in their declared order, as tools declare them.
	order := []string{"type", "properties", "required"}
	params := func(prop string) map[string]any {
		return map[string]any{"type": "object", "properties": map[string]any{prop: map[string]any{"type": "string"}}, "required": []any{prop}}
	}
	schema := func(prop string) any { return jsjson.OrderedBy(params(prop), order) }
	tool := func(name, description, prop string) provider.Tool {
		return provider.Tool{Name: name, Description: description, Parameters: params(prop), ParameterKeys: order}
	}
	asst, result, text := testAssistant, testToolResult, testText
	return provider.Context{
		SystemPrompt: "You are helpful.",
		Tools:        []provider.Tool{tool("ls", "List", "path"), tool("bash", "Run", "command")},
		Messages: []map[string]any{
			{"role": "user", "content": "list", "timestamp": 1},
			asst(api, prov, id, "toolUse",
				map[string]any{"type": "toolCall", "id": "call_1", "name": "ls", "arguments": map[string]any{"path": "."}}),
			{"role": "system", "content": "", "sections": map[string]any{"tools": "Tools: ls, grep."},
				"toolsAdded":   []any{map[string]any{"name": "grep", "description": "Search", "parameters": schema("pattern")}},
				"toolsRemoved": []any{map[string]any{"name": "bash"}}, "timestamp": 2},
			result("call_1", false, text("a.txt")),
			asst(api, prov, id, "stop", text("Done.")),
			{"role": "user", "content": "again", "timestamp": 4},
			{"role": "system", "content": "Be terse.", "sections": map[string]any{"rules": nil},
				"toolsAdded":   []any{map[string]any{"name": "ls", "description": "List v2", "parameters": schema("dir")}},
				"toolsRemoved": []any{map[string]any{"name": "ls"}}, "timestamp": 5},
		},
	}
}

// TestDifferentialPayloadMidConvoSystemMessages16: the Anthropic request
// for a conversation whose prompt and tools changed mid-way is pi-ai
// 1.6's, byte for byte. A model that takes system messages within the
// conversation (compat.supportsMidConvoSystemMessages) gets them in
// place, held past tool results, as role "system" messages with framed
// section updates; with supportsMidConvoToolChanges as well, the tool
// list stays the conversation's first plus a deferred placeholder and
// the changes go as tool_removal / tool_addition blocks (a redefinition
// as an addition alone), the cache marker on the last block, the
// inline-tools beta, Claude Code's names under OAuth. Other models get
// everything replayed into one prompt and the current tools.
func TestDifferentialPayloadMidConvoSystemMessages16(t *testing.T) {
	t.Parallel()
	model := func(compat *provider.Compat) *provider.Model {
		return &provider.Model{ID: "claude-opus-4-8", Name: "Claude", API: provider.APIAnthropicMessages, Provider: "anthropic",
			BaseURL: "http://127.0.0.1:1", Reasoning: true, Input: []string{"text", "image"}, ContextWindow: 1000000, MaxTokens: 128000,
			Compat: compat}
	}
	native := model(&provider.Compat{SupportsMidConvoSystemMessages: ptrTo(true), SupportsMidConvoToolChanges: ptrTo(true)})
	inPlace := model(&provider.Compat{SupportsMidConvoSystemMessages: ptrTo(true)})
	collapsed := model(nil)
	noToolsAtFirst := midConvoTranscript(provider.APIAnthropicMessages, "anthropic", "claude-opus-4-8")
	noToolsAtFirst.Tools = nil
	for _, tc := range []struct {
		name    string
		model   *provider.Model
		context provider.Context
		key     string
	}{
		{"native_tool_changes", native, midConvoTranscript(provider.APIAnthropicMessages, "anthropic", "claude-opus-4-8"), "sk-ant-api"},
		{"native_tool_changes_oauth", native, midConvoTranscript(provider.APIAnthropicMessages, "anthropic", "claude-opus-4-8"), "sk-ant-oat-1"},
		{"native_without_first_tools", native, noToolsAtFirst, "sk-ant-api"},
		{"system_messages_in_place", inPlace, midConvoTranscript(provider.APIAnthropicMessages, "anthropic", "claude-opus-4-8"), "sk-ant-api"},
		{"replayed", collapsed, midConvoTranscript(provider.APIAnthropicMessages, "anthropic", "claude-opus-4-8"), "sk-ant-api"},
		{"replayed_other_api", collapsed, midConvoTranscript(provider.APIOpenAICompletions, "openai", "gpt-4o"), "sk-ant-api"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			comparePayload16(t, tc.model, tc.context, provider.ThinkingHigh, tc.key)
		})
	}
}

// TestDifferentialPayloadResponsesToolChanges16: the OpenAI Responses,
// Azure and Codex requests for a conversation whose prompt and tools
// changed mid-way are pi-ai 1.6's, byte for byte. A model that takes
// system messages and additional_tools items (the gpt-5.6 and gpt-6
// models) declares every tool in additional_tools items, the first
// before the prompt, later ones after pi-ai's incremental notice naming
// the tools still unavailable, and no tool list at the top; removals are
// announced in the update's text; a redefinition is an addition alone.
// A model that takes system messages only gets the framed updates in
// place and the current tools at the top; others the prompt replayed.
func TestDifferentialPayloadResponsesToolChanges16(t *testing.T) {
	t.Parallel()
	both := &provider.Compat{SupportsMidConvoSystemMessages: ptrTo(true), SupportsAdditionalTools: ptrTo(true)}
	systemOnly := &provider.Compat{SupportsMidConvoSystemMessages: ptrTo(true)}
	noDeveloper := &provider.Compat{SupportsMidConvoSystemMessages: ptrTo(true), SupportsAdditionalTools: ptrTo(true), SupportsDeveloperRole: ptrTo(false)}
	toolSearch := &provider.Compat{SupportsMidConvoSystemMessages: ptrTo(true), SupportsToolSearch: ptrTo(true)}
	model := func(api, prov string, compat *provider.Compat) *provider.Model {
		return &provider.Model{ID: "gpt-6-sol", Name: "G", API: api, Provider: prov, BaseURL: "http://127.0.0.1:1", Reasoning: true,
			Input: []string{"text", "image"}, ContextWindow: 1000000, MaxTokens: 128000, Compat: compat}
	}
	key := map[string]string{provider.APIOpenAIResponses: "k", provider.APIAzureOpenAIResponses: "k", provider.APIOpenAICodexResponses: codexJWT("acct", "1")}
	provs := map[string]string{provider.APIOpenAIResponses: "openai", provider.APIAzureOpenAIResponses: "azure-openai-responses", provider.APIOpenAICodexResponses: "openai-codex"}
	for _, api := range []string{provider.APIOpenAIResponses, provider.APIAzureOpenAIResponses, provider.APIOpenAICodexResponses} {
		for name, compat := range map[string]*provider.Compat{"tool_changes": both, "system_messages": systemOnly, "replayed": nil, "no_developer_role": noDeveloper,
			"tool_search": toolSearch} {
			t.Run(api+"/"+name, func(t *testing.T) {
				t.Parallel()
				m := model(api, provs[api], compat)
				comparePayload16(t, m, midConvoTranscript(api, provs[api], m.ID), provider.ThinkingHigh, key[api])
			})
		}
	}
}

// TestDifferentialPayloadCompletionsToolAdditions16: the chat
// completions request for a conversation whose prompt and tools changed
// mid-way is pi-ai 1.6's, byte for byte. A model that takes system
// messages and tool additions in place (compat
// .supportsMidConvoToolAdditions: Kimi, Moonshot, Fireworks) gets each
// later addition as a system message carrying tools, the request's list
// holding the tools through the last removal or redefinition; one that
// takes system messages only gets the framed updates and the current
// tools; others the prompt replayed. Responses-style "call|item" tool
// call ids keep both parts, hashed past 40 characters.
func TestDifferentialPayloadCompletionsToolAdditions16(t *testing.T) {
	t.Parallel()
	model := func(compat *provider.Compat) *provider.Model {
		return &provider.Model{ID: "kimi-k3", Name: "K", API: provider.APIOpenAICompletions, Provider: "moonshotai", BaseURL: "http://127.0.0.1:1",
			Reasoning: true, Input: []string{"text"}, ContextWindow: 256000, MaxTokens: 32000, Compat: compat}
	}
	additions := &provider.Compat{SupportsMidConvoSystemMessages: ptrTo(true), SupportsMidConvoToolAdditions: ptrTo(true)}
	systemOnly := &provider.Compat{SupportsMidConvoSystemMessages: ptrTo(true)}
	// Only additions after the first removal: those stay in place.
	addOnly := midConvoTranscript(provider.APIOpenAICompletions, "moonshotai", "kimi-k3")
	addOnly.Messages = append(addOnly.Messages[:len(addOnly.Messages)-1],
		map[string]any{"role": "system", "content": "", "toolsAdded": []any{map[string]any{"name": "find", "description": "Find",
			"parameters": map[string]any{"type": "object"}}}, "timestamp": 6})
	pipes := midConvoTranscript(provider.APIOpenAICompletions, "moonshotai", "kimi-k3")
	long := "call_" + strings.Repeat("x", 30) + "|fc_" + strings.Repeat("y", 40)
	pipes.Messages = append(pipes.Messages,
		testAssistant(provider.APIOpenAIResponses, "openai", "gpt-5", "toolUse",
			map[string]any{"type": "toolCall", "id": "call_a|fc_1", "name": "ls", "arguments": map[string]any{}},
			map[string]any{"type": "toolCall", "id": long, "name": "ls", "arguments": map[string]any{}}),
		testToolResult("call_a|fc_1", false, testText("one")), testToolResult(long, false, testText("two")))
	for name, tc := range map[string]struct {
		model   *provider.Model
		context provider.Context
	}{
		"additions":           {model(additions), midConvoTranscript(provider.APIOpenAICompletions, "moonshotai", "kimi-k3")},
		"additions_only_adds": {model(additions), addOnly},
		"system_messages":     {model(systemOnly), midConvoTranscript(provider.APIOpenAICompletions, "moonshotai", "kimi-k3")},
		"replayed":            {model(nil), midConvoTranscript(provider.APIOpenAICompletions, "moonshotai", "kimi-k3")},
		"pipe_ids":            {model(additions), pipes},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			comparePayload16(t, tc.model, tc.context, provider.ThinkingHigh, "k")
		})
	}
}

// TestDifferentialPayloadResponsesToolSearch16: the OpenAI Responses,
// Azure and Codex requests of a model that takes system messages and a
// client-side tool search but not additional_tools items (compat
// .supportsToolSearch) are pi-ai 1.6's, byte for byte: tools that later
// system messages only add go in place as a completed tool_search_call and
// its tool_search_output (deferred tools, a grammar tool as a custom
// one), the request's list holding the tools through the last removal.
func TestDifferentialPayloadResponsesToolSearch16(t *testing.T) {
	t.Parallel()
	decl := func(t provider.Tool) map[string]any {
		d := map[string]any{"name": t.Name, "description": t.Description, "parameters": jsjson.OrderedBy(t.Parameters, t.ParameterKeys)}
		if t.ConstrainedSampling != nil {
			d["constrainedSampling"] = t.ConstrainedSampling
		}
		return d
	}
	key := map[string]string{provider.APIOpenAIResponses: "k", provider.APIAzureOpenAIResponses: "k", provider.APIOpenAICodexResponses: codexJWT("acct", "1")}
	provs := map[string]string{provider.APIOpenAIResponses: "openai", provider.APIAzureOpenAIResponses: "azure-openai-responses", provider.APIOpenAICodexResponses: "openai-codex"}
	for _, api := range []string{provider.APIOpenAIResponses, provider.APIAzureOpenAIResponses, provider.APIOpenAICodexResponses} {
		for _, grammar := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/grammar=%v", api, grammar), func(t *testing.T) {
				t.Parallel()
				m := &provider.Model{ID: "gpt-6-sol", Name: "G", API: api, Provider: provs[api], BaseURL: "http://127.0.0.1:1", Reasoning: true,
					Input: []string{"text"}, ContextWindow: 1000000, MaxTokens: 128000,
					Compat: &provider.Compat{SupportsMidConvoSystemMessages: ptrTo(true), SupportsToolSearch: ptrTo(true), SupportsOpenAIGrammarTools: ptrTo(grammar)}}
				c := grammarConversation(api, provs[api], m.ID)
				lead := c.Tools
				c.Tools = lead[:1]
				c.Messages = append(c.Messages,
					map[string]any{"role": "system", "content": "", "toolsAdded": []any{decl(lead[1]), decl(lead[2])}, "timestamp": 6},
					map[string]any{"role": "user", "content": "and more", "timestamp": 7},
					map[string]any{"role": "system", "content": "Use find.", "toolsAdded": []any{map[string]any{"name": "find", "description": "Find",
						"parameters": jsjson.OrderedBy(map[string]any{"type": "object", "properties": map[string]any{}}, []string{"type", "properties"})}}, "timestamp": 8})
				comparePayload16(t, m, c, provider.ThinkingHigh, key[api])
			})
		}
	}
}

package provider_test

import (
	"net/http"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestDifferentialResponsesExplicitPromptCacheMode: against pi-ai 1.6, an
// openai-responses model with compat.supportsExplicitPromptCacheMode
// gets prompt_cache_options instead of prompt_cache_retention: mode
// explicit without caching, a 30 minute ttl for long retention (unless
// the model has no long retention), nothing for the default.
func TestDifferentialResponsesExplicitPromptCacheMode(t *testing.T) {
	piAI := piAI16Path(t)
	model := func(explicit, long bool) func(string) *provider.Model {
		return func(base string) *provider.Model {
			m := responsesModel(base)
			m.Reasoning = false
			m.Compat = &provider.Compat{SupportsExplicitPromptCacheMode: ptrTo(explicit), SupportsLongCacheRetention: ptrTo(long)}
			return m
		}
	}
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	ok := func() []http.HandlerFunc {
		// pi-ai 1.6 places deltas by their output_index.
		msg := rsMessage("msg_1", "", "ok")
		for _, ev := range msg {
			ev["output_index"] = 0
		}
		return []http.HandlerFunc{rsSSE(concatEvents(msg, []map[string]any{rsCompleted("completed", nil)})...)}
	}
	cases := []diffCase{
		{name: "explicit without caching", model: model(true, true), cacheRetention: "none"},
		{name: "explicit long", model: model(true, true), cacheRetention: "long"},
		{name: "explicit long from the environment", model: model(true, true), env: map[string]string{"PI_CACHE_RETENTION": "long"}},
		{name: "explicit short", model: model(true, true)},
		{name: "explicit long without long retention", model: model(true, false), cacheRetention: "long"},
		{name: "implicit long", model: model(false, true), cacheRetention: "long"},
	}
	for i := range cases {
		cases[i].context, cases[i].sessionID, cases[i].handlers = hello, "sess-1", ok()
	}
	compareCasesWithPi(t, piAI, cases)
}

// TestDifferentialResponsesReplyEffort16: against pi-ai 1.6, the reply of
// an openai-responses model that takes effort within the conversation
// records the effort its configuration_update asked for
// (providerThinkingLevel); with thinking off it records none.
func TestDifferentialResponsesReplyEffort16(t *testing.T) {
	piAI := piAI16Path(t)
	model := func(base string) *provider.Model {
		m := responsesModel(base)
		m.ThinkingLevelMap = provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("xhigh")}
		m.Compat = &provider.Compat{SupportsMidConvoEffort: ptrTo(true)}
		return m
	}
	msg := rsMessage("msg_1", "", "ok")
	for _, ev := range msg {
		ev["output_index"] = 0
	}
	var cases []diffCase
	for _, th := range []provider.ThinkingLevel{"", provider.ThinkingHigh, provider.ThinkingXHigh} {
		cases = append(cases, diffCase{name: "thinking " + string(th), model: model, thinking: th, apiKey: "sk-test",
			context:  provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}},
			handlers: []http.HandlerFunc{rsSSE(concatEvents(msg, []map[string]any{rsCompleted("completed", nil)})...)}})
	}
	compareCasesWithPi(t, piAI, cases)
}

package provider_test

import (
	"context"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// TestDifferentialPayloadStrictToolsOpenAI16: tools that ask for strict
// JSON-schema sampling (constrainedSampling, as pi 1.6's built-in tools
// do) go to the OpenAI APIs as pi-ai 1.6 sends them, byte for byte: strict
// with the strict form of their schema where the endpoint takes strict
// mode (chat completions and OpenAI Responses when compat says so, Azure
// and Codex unless it says not), the other tools strict false (Codex:
// null), and no strict field where strict mode is off.
func TestDifferentialPayloadStrictToolsOpenAI16(t *testing.T) {
	t.Parallel()
	order := []string{"type", "properties", "required"}
	params := map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"},
		"limit": map[string]any{"type": "integer", "minimum": 1}}, "required": []any{"path"}}
	tools := []provider.Tool{
		{Name: "read", Description: "Read", Parameters: params, ParameterKeys: order,
			ConstrainedSampling: map[string]any{"type": "json_schema", "strict": "prefer"}},
		{Name: "edit", Description: "Edit", Parameters: params, ParameterKeys: order,
			ConstrainedSampling: map[string]any{"type": "json_schema", "strict": "require"}},
		{Name: "plain", Description: "Plain", Parameters: params, ParameterKeys: order},
	}
	hi := []map[string]any{{"role": "user", "content": "hi", "timestamp": 1}}
	// Where strict mode is off, a tool that requires it fails the request
	// (TestStrictToolRequiredWithoutStrictMode); the others go as declared.
	withStrict := provider.Context{SystemPrompt: "Be brief.", Tools: tools, Messages: hi}
	withoutStrict := provider.Context{SystemPrompt: "Be brief.", Tools: []provider.Tool{tools[0], tools[2]}, Messages: hi}
	model := func(api, prov string, compat *provider.Compat) *provider.Model {
		return &provider.Model{ID: "gpt-5.5", Name: "G", API: api, Provider: prov, BaseURL: "http://127.0.0.1:1", Reasoning: true,
			Input: []string{"text"}, ContextWindow: 272000, MaxTokens: 128000, Compat: compat}
	}
	on, off := &provider.Compat{SupportsStrictMode: ptrTo(true)}, &provider.Compat{SupportsStrictMode: ptrTo(false)}
	for name, tc := range map[string]struct {
		model   *provider.Model
		context provider.Context
		key     string
	}{
		"completions_strict":    {model(provider.APIOpenAICompletions, "openai", on), withStrict, "k"},
		"completions_no_strict": {model(provider.APIOpenAICompletions, "openai", nil), withoutStrict, "k"},
		"responses_strict":      {model(provider.APIOpenAIResponses, "openai", on), withStrict, "k"},
		"responses_no_strict":   {model(provider.APIOpenAIResponses, "openai", nil), withoutStrict, "k"},
		"azure":                 {model(provider.APIAzureOpenAIResponses, "azure-openai-responses", nil), withStrict, "k"},
		"codex":                 {model(provider.APIOpenAICodexResponses, "openai-codex", nil), withStrict, codexJWT("acct", "1")},
		"codex_no_strict":       {model(provider.APIOpenAICodexResponses, "openai-codex", off), withoutStrict, codexJWT("acct", "1")},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			comparePayload16(t, tc.model, tc.context, provider.ThinkingHigh, tc.key)
		})
	}
}

// TestStrictToolRequiredWithoutStrictMode: a tool that requires strict
// sampling fails a request to an OpenAI endpoint without strict mode with
// pi-ai 1.6's error, naming the tool.
func TestStrictToolRequiredWithoutStrictMode(t *testing.T) {
	t.Parallel()
	tool := provider.Tool{Name: "edit", Description: "Edit", Parameters: map[string]any{"type": "object"},
		ConstrainedSampling: map[string]any{"type": "json_schema", "strict": "require"}}
	for _, api := range []string{provider.APIOpenAICompletions, provider.APIOpenAIResponses} {
		m := &provider.Model{ID: "gpt-5.5", Name: "G", API: api, Provider: "openai", BaseURL: "http://127.0.0.1:1", ContextWindow: 272000, MaxTokens: 128000}
		s, err := provider.Stream(context.Background(), m, &provider.Context{Tools: []provider.Tool{tool},
			Messages: []map[string]any{{"role": "user", "content": "hi", "timestamp": 1}}}, &provider.Options{APIKey: "k", Retry: provider.RetryPolicy{MaxRetries: -1}})
		if err != nil {
			t.Fatal(err)
		}
		_, msg := collect(t, s)
		want := `Tool "edit" requires JSON-schema constrained sampling, but strict tools are unsupported.`
		if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != want {
			t.Errorf("%s: %s %q, want %q", api, msg.StopReason, msg.ErrorMessage, want)
		}
	}
}

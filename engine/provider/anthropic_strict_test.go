package provider_test

import (
	"context"
	"net/http"
	"os"
	"reflect"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
)

// anthropicStrictFlags is the strict flag of each tool of a Messages API
// body.
func anthropicStrictFlags(body map[string]any) []any {
	tools, _ := body["tools"].([]any)
	out := make([]any, len(tools))
	for i, t := range tools {
		out[i] = t.(map[string]any)["strict"]
	}
	return out
}

func anthropicOK() http.HandlerFunc {
	return namedSSE(
		"message_start", `{"type":"message_start","message":{"id":"msg_1","model":"m","usage":{"input_tokens":1,"output_tokens":1}}}`,
		"message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}`,
		"message_stop", `{"type":"message_stop"}`)
}

func anthropicInvalid(message string) http.HandlerFunc {
	return status(400, map[string]string{"Content-Type": "application/json"},
		`{"type":"error","error":{"type":"invalid_request_error","message":"`+message+`"}}`)
}

// TestAnthropicStrictToolsOverTheLimits: as pi-ai 1.6, when Claude rejects
// a request's "prefer" strict tools for its limits, the request goes
// again with them non-strict (an anthropic_strict_tools_fallback
// diagnostic says so), and the session's later requests skip strict at
// once until its resources are cleaned up. A "require" tool stays strict;
// a rejection without "prefer" tools is the request's error.
func TestAnthropicStrictToolsOverTheLimits(t *testing.T) {
	t.Parallel()
	ok := anthropicOK()
	srv := newFakeServer(t, anthropicInvalid("The compiled grammar is too large"), ok, ok, ok,
		anthropicInvalid("Too many strict tools (30 > 20)"))
	model := mockModel(provider.APIAnthropicMessages, srv.URL)
	model.Compat = &provider.Compat{SupportsStrictTools: ptrTo(true)}
	opts := baseOpts()
	opts.SessionID = "anthropic-strict-limits-session"
	strictFallbackScenario(t, srv, model, opts, anthropicStrictFlags, func(d provider.Diagnostic) bool {
		return d.Type == "anthropic_strict_tools_fallback" && d.Details["reason"] == "strict_tool_limits_exceeded" &&
			d.Error.Message == `400 {"type":"error","error":{"type":"invalid_request_error","message":"The compiled grammar is too large"}}` &&
			d.Timestamp == fixedClock().UnixMilli()
	}, `400 {"type":"error","error":{"type":"invalid_request_error","message":"Too many strict tools (30 > 20)"}}`)
}

// TestAnthropicStrictToolSchema: a strict tool's input_schema is the
// strict schema (every property required, the optional ones nullable, no
// others) with an empty properties map where it had none; a keyword
// Anthropic's strict mode rejects leaves a "prefer" tool non-strict and
// fails a "require" one with pi-ai's words.
func TestAnthropicStrictToolSchema(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, anthropicOK())
	model := mockModel(provider.APIAnthropicMessages, srv.URL)
	model.Compat = &provider.Compat{SupportsStrictTools: ptrTo(true)}
	prefer := map[string]any{"type": "json_schema", "strict": "prefer"}
	c := provider.Context{Messages: []map[string]any{userMsg("hi")}, Tools: []provider.Tool{
		{Name: "read", ConstrainedSampling: prefer, Parameters: map[string]any{"type": "object", "required": []any{"path"},
			"properties": map[string]any{"path": map[string]any{"type": "string"}, "at": map[string]any{"type": "string", "format": "date"}}}},
		{Name: "none", ConstrainedSampling: prefer, Parameters: map[string]any{"type": "object"}},
		{Name: "head", ConstrainedSampling: prefer, Parameters: map[string]any{"type": "object",
			"properties": map[string]any{"n": map[string]any{"type": "integer", "minimum": 1}}}}}}
	mustStream(t, model, &c, baseOpts())
	tools := srv.Requests()[0].Body["tools"].([]any)
	equalJSON(t, "read", tools[0], map[string]any{"name": "read", "description": "", "eager_input_streaming": true, "strict": true,
		"input_schema": map[string]any{"type": "object", "required": []any{"at", "path"}, "additionalProperties": false,
			"properties": map[string]any{"path": map[string]any{"type": "string"},
				"at": map[string]any{"anyOf": []any{map[string]any{"type": "string", "format": "date"}, map[string]any{"type": "null"}}}}}})
	equalJSON(t, "none", tools[1], map[string]any{"name": "none", "description": "", "eager_input_streaming": true, "strict": true,
		"input_schema": map[string]any{"type": "object", "required": []any{}, "additionalProperties": false, "properties": map[string]any{}}})
	equalJSON(t, "head", tools[2], map[string]any{"name": "head", "description": "", "eager_input_streaming": true,
		"cache_control": map[string]any{"type": "ephemeral"},
		"input_schema": map[string]any{"type": "object", "required": []any{},
			"properties": map[string]any{"n": map[string]any{"type": "integer", "minimum": 1}}}})

	c.Tools[2].ConstrainedSampling = map[string]any{"type": "json_schema", "strict": "require"}
	s, err := provider.Stream(t.Context(), mockModelWith(model, "http://127.0.0.1:1"), &c, baseOpts())
	if err != nil {
		t.Fatal(err)
	}
	_, msg := collect(t, s)
	if want := `Tool "head" requires JSON-schema constrained sampling, but minimum: 1 is unsupported.`; msg.ErrorMessage != want {
		t.Errorf("require: %q, want %q", msg.ErrorMessage, want)
	}
}

func mockModelWith(m *provider.Model, base string) *provider.Model {
	c := m.Clone()
	c.BaseURL = base
	return c
}

// TestModelsJSONSupportsStrictTools: models.json's compat.supportsStrictTools
// turns strict tools on for an anthropic-messages model.
func TestModelsJSONSupportsStrictTools(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, anthropicOK())
	dir := writeAgentDir(t, map[string]string{"models.json": `{"providers": {"proxy": {
		"baseUrl": "` + srv.URL + `", "api": "anthropic-messages", "apiKey": "k",
		"models": [{"id": "claude-x", "compat": {"supportsStrictTools": true}}]}}}`})
	r := provider.NewRegistry(provider.RegistryOptions{AgentDir: dir})
	if p := r.Problems(); len(p) > 0 {
		t.Fatal(p)
	}
	m, ok := r.Find("proxy", "claude-x")
	if !ok {
		t.Fatal("model proxy/claude-x missing")
	}
	mustStream(t, m, &provider.Context{Messages: []map[string]any{userMsg("x")}, Tools: []provider.Tool{{Name: "read",
		ConstrainedSampling: map[string]any{"type": "json_schema", "strict": "prefer"},
		Parameters:          map[string]any{"type": "object", "properties": map[string]any{"p": map[string]any{"type": "string"}}}}}}, baseOpts())
	if got := anthropicStrictFlags(srv.Requests()[0].Body); !slicesEqual(got, []any{true}) {
		t.Errorf("strict %v", got)
	}
}

// TestAnthropicCatalogStrictToolsMatchPiAI: every built-in
// anthropic-messages model takes strict tools exactly when pi-ai 1.6's
// catalog (providers/data/<provider>.json) says so.
func TestAnthropicCatalogStrictToolsMatchPiAI(t *testing.T) {
	t.Parallel()
	n := 0
	for _, m := range provider.BuiltinModels() {
		if m.API != provider.APIAnthropicMessages {
			continue
		}
		data, err := os.ReadFile("../../node_modules/@earendil-works/pi-ai/dist/providers/data/" + m.Provider + ".json")
		if err != nil {
			t.Skip("pi-ai 1.6 absent:", err)
		}
		parsed, err := jsjson.Unmarshal(data)
		if err != nil {
			t.Fatal(err)
		}
		entry, _ := parsed.(map[string]any)[provider.APIAnthropicMessages].(map[string]any)["chat:"+m.ID].(map[string]any)
		if entry == nil {
			t.Errorf("%s/%s is not in pi-ai 1.6's catalog", m.Provider, m.ID)
			continue
		}
		compat, _ := entry["compat"].(map[string]any)
		want := compat["supportsStrictTools"] == true
		got := m.Compat != nil && m.Compat.SupportsStrictTools != nil && *m.Compat.SupportsStrictTools
		if got != want {
			t.Errorf("%s/%s supportsStrictTools %v, pi-ai 1.6 %v", m.Provider, m.ID, got, want)
		}
		n++
	}
	if n < 16 {
		t.Errorf("%d anthropic-messages models checked", n)
	}
}

// TestAnthropicPayloadBetas: the payload a before_provider_request handler
// sees carries the betas, as pi-ai 1.6's does, and the request sends what
// the handler leaves there as the anthropic-beta header, never in the
// body: changed, the header follows; removed, no header goes.
func TestAnthropicPayloadBetas(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		change func(p map[string]any)
		want   string
	}{
		{"kept", func(map[string]any) {}, "fine-grained-tool-streaming-2025-05-14"},
		{"changed", func(p map[string]any) { p["betas"] = []any{"a", "b"} }, "a,b"},
		{"removed", func(p map[string]any) { delete(p, "betas") }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newFakeServer(t, anthropicOK())
			m := mockModel(provider.APIAnthropicMessages, srv.URL)
			m.Compat = &provider.Compat{SupportsEagerToolInputStreaming: ptrTo(false)}
			var seen any
			opts := &provider.Options{APIKey: "k", OnPayload: func(_ context.Context, p map[string]any, _ *provider.Model) (map[string]any, error) {
				seen = p["betas"]
				tc.change(p)
				return p, nil
			}}
			c := &provider.Context{Messages: []map[string]any{userMsg("hi")}, Tools: []provider.Tool{{Name: "ls", Description: "List",
				Parameters: map[string]any{"type": "object", "properties": map[string]any{}}}}}
			s, err := provider.Stream(context.Background(), m, c, opts)
			if err != nil {
				t.Fatal(err)
			}
			collect(t, s)
			if !reflect.DeepEqual(seen, []any{"fine-grained-tool-streaming-2025-05-14"}) {
				t.Errorf("handler saw betas %v", seen)
			}
			reqs := srv.Requests()
			if len(reqs) != 1 {
				t.Fatalf("%d requests", len(reqs))
			}
			if got := reqs[0].Header.Get("Anthropic-Beta"); got != tc.want {
				t.Errorf("anthropic-beta %q, want %q", got, tc.want)
			}
			if _, ok := reqs[0].Body["betas"]; ok {
				t.Error("betas sent in the body")
			}
		})
	}
}

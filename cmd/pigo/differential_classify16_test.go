package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// classifyExt registers acme, a provider of classifier models only, with
// its own classifier implementation. Its /classify runs
// ctx.modelRegistry's classifier calls and
// writes each answer to classify.jsonl (timestamps as their type): the
// classifier models typesafe and openai (moved to the mock by
// models.json, typesafe's image opt-in header turned off by its compat),
// which are available, a TypeSafe System One and an OpenAI
// Decisions classification, OpenRouter with models.json's key, TypeSafe
// with images (assets), an HTTP 500,
// an aborted call, a Cloudflare
// Workers AI classification (its account id from the environment) and
// its error envelope, acme's models and classify (its own
// implementation; none for a model of another api), a provider without a
// key, a chat model and an image the model does not take.
const classifyExt = `
  pi.registerProvider("acme", {
    baseUrl: "http://acme.invalid/v1", apiKey: "acme-key", headers: { "X-Acme": "1" },
    models: [{ type: "classifier", id: "judge", name: "Judge", api: "acme-judge", input: ["text"], contextWindow: 1000,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }, { type: "classifier", id: "other", api: "typesafe-system-one" }],
    classifiers: { "acme-judge": { classify: async (model: any, context: any, options: any) => ({ api: model.api, provider: model.provider,
      model: model.id, stopReason: "stop", timestamp: 1,
      answers: { seen: Object.keys(context.questions), key: options.apiKey, headers: options.headers, base: model.baseUrl } }) } },
  });
  pi.registerCommand("classify", { handler: async (_args: string, ctx: any) => {
    const r = ctx.modelRegistry;
    const out: string[] = [];
    const rec = (label: string, v: any) => out.push(label + " " + JSON.stringify(v ?? null, (k, x) => (k === "timestamp" ? typeof x : x)));
    const ts = r.getModelOfType("classifier", "typesafe", "jev-latest");
    const oa = r.findOfType("classifier", "openai", "gpt-6-luna");
    rec("models", [ts, oa]);
    rec("count", r.getModelsOfType("classifier").length);
    rec("typesafe-only", r.getModelsOfType("classifier", "typesafe").map((m: any) => m.id));
    rec("chat-lookup", [r.find("typesafe", "jev-latest"), r.getModelOfType("chat", "typesafe", "jev-latest"),
      r.getModelOfType("classifier", "openai", "gpt-5")]);
    rec("available", (await r.getAvailableOfType("classifier")).map((m: any) => m.provider + "/" + m.id));
    const questions: any = {
      tone: { type: "choice", instructions: "What tone?", criteria: { calm: "Calm and polite", angry: "" } },
      ok: { type: "bool", instructions: "Is it fine?", criteria: { true: "nothing to fix", false: "" } },
      size: { type: "score", instructions: "How long?", criteria: ["short", "medium", "long"] },
    };
    rec("typesafe", await r.classify(ts, { state: { message: "hello there" }, questions }));
    rec("openai", await r.classify(oa, { state: ["a", 1], questions }, { headers: { "X-Request": "r1" } }));
    rec("http-500", await r.classify(oa, { state: "fail", questions }, { maxRetries: 0 }));
    rec("aborted", await r.classify(ts, { state: "x", questions }, { signal: AbortSignal.abort() }));
    const ac = new AbortController();
    const slow = r.classify(ts, { state: "slow", questions }, { signal: ac.signal });
    setTimeout(() => ac.abort(), 300);
    rec("aborted-in-flight", await slow);
    const cf = r.getModelOfType("classifier", "cloudflare-workers-ai", "typesafe/jev");
    rec("typesafe-image", await r.classify(ts, { state: "look", questions: { ok: questions.ok },
      images: [{ type: "image", data: "iVBORw==", mimeType: "image/png" }, { type: "image", data: "/9j/", mimeType: "image/jpeg" }] }));
    rec("cloudflare", await r.classify(cf, { state: { message: "hello" }, questions }));
    rec("cloudflare-error", await r.classify(cf, { state: "fail", questions }));
    rec("acme-models", r.getModelsOfType("classifier", "acme"));
    rec("acme", await r.classify(r.getModelOfType("classifier", "acme", "judge"), { state: "x", questions }));
    rec("acme-other", await r.classify(r.getModelOfType("classifier", "acme", "other"), { state: "x", questions }));
    rec("openrouter", await r.classify(r.getModelOfType("classifier", "openrouter", "~liquid/d1-latest"), { state: "x", questions: { ok: questions.ok } }));
    rec("no-key", await r.classify(r.getModelOfType("classifier", "vercel-ai-gateway", "baseten/elephant-1"), { state: "x", questions }));
    rec("chat-model", await r.classify(r.find("mock", "mock-1"), { state: "x", questions }));
    rec("no-classifiers", await r.classify({ ...r.find("mock", "mock-1"), type: "classifier" }, { state: "x", questions }));
    rec("image", await r.classify(r.getModelOfType("classifier", "github-copilot", "microsoft-decision-1"),
      { state: "x", questions, images: [{ type: "image", data: "AA==", mimeType: "image/png" }] }));
    require("node:fs").writeFileSync("classify.jsonl", out.join("\n") + "\n");
    ctx.ui.notify("classified", "info");
  } });`

// newClassifierMock serves TypeSafe's System One (/ts/systemone),
// OpenAI's Decisions (/oa/v1/decisions; a state of "fail" answers 500)
// and Workers AI's run for account acct (a state of "fail" answers its
// error envelope), and logs each request: method, path, the headers that carry meaning
// and the body as sent.
func newClassifierMock(t *testing.T) (url string, requests func() []string) {
	var mu sync.Mutex
	var log []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		line := "<< classifier-request " + r.Method + " " + r.URL.Path
		for _, h := range []string{"Authorization", "Content-Type", "X-Team", "X-Request", "TypeSafe-Danger-Zone-Images"} {
			line += fmt.Sprintf(" %s=%s", h, r.Header.Get(h))
		}
		mu.Lock()
		log = append(log, line+" "+string(body))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.URL.Path == "/ts/systemone" && strings.Contains(string(body), `"state":"slow"`):
			select { // until the client gives up
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		case r.URL.Path == "/or/systemone":
			_, _ = io.WriteString(w, `{"answers":{"ok":{"type":"noul","noul":0.5}},"usage":{"input_tokens":1000000,"output_tokens":0}}`)
		case r.URL.Path == "/ts/systemone" && strings.Contains(string(body), `"assets"`):
			_, _ = io.WriteString(w, `{"answers":{"ok":{"type":"noul","noul":0.5}}}`)
		case r.URL.Path == "/ts/systemone":
			_, _ = io.WriteString(w, `{"answers":{"tone":{"type":"choice","choice":"calm","probabilities":{"calm":0.875,"angry":0.125},"confidence":0.75},`+
				`"ok":{"type":"noul","noul":0.625},"size":{"type":"score","score":1.5,"confidence":0.5}},"usage":{"input_tokens":120,"output_tokens":3}}`)
		case r.URL.Path == "/cf/accounts/acct/ai/run" && strings.Contains(string(body), `"state":"fail"`):
			_, _ = io.WriteString(w, `{"success":false,"errors":[{"code":5006,"message":"bad input"},{"message":"try again"}]}`)
		case r.URL.Path == "/cf/accounts/acct/ai/run":
			_, _ = io.WriteString(w, `{"success":true,"result":{"state":"Completed","result":{"answers":{"tone":{"type":"choice","choice":"calm",`+
				`"probabilities":{"calm":0.5,"angry":0.5},"confidence":0.5},"ok":{"type":"noul","noul":1},"size":{"type":"score","score":0,"confidence":1}},`+
				`"usage":{"input_tokens":1000000}}}}`)
		case r.URL.Path == "/oa/v1/decisions" && strings.Contains(string(body), `"input":"\"fail\""`):
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, `{"error":{"message":"decisions exploded","type":"server_error"}}`)
		case r.URL.Path == "/oa/v1/decisions":
			_, _ = io.WriteString(w, `{"answers":[{"name":"size","type":"score","score":2,"confidence":0.25},`+
				`{"name":"tone","type":"choice","choice":"angry","probabilities":[{"value":"calm","probability":0.3},{"value":"angry","probability":0.7}],"confidence":0.5},`+
				`{"name":"ok","type":"predicate","probability":0.1}],"usage":{"input_tokens":300000,"output_tokens":0}}`)
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), log...) }
}

// TestDifferentialRPC16Classify: an extension's ctx.modelRegistry
// against pi 1.6: the classifier models of pi-ai's catalog with
// models.json's baseUrl and headers, their availability, and classify
// with TypeSafe's System One and OpenAI's Decisions: the same requests
// (path, auth and headers, body byte for byte) and the same results
// (answers, usage priced from the catalog, tiers included), pi's error
// results for an HTTP 500, a provider without a key, a chat model and an
// image input the model does not take.
func TestDifferentialRPC16Classify(t *testing.T) {
	sides := pi16Sides(t)
	run := func(argv []string) []string {
		url, requests := newClassifierMock(t)
		sc := diffScenario{
			name: "classify16",
			ext:  extSource(classifyExt),
			providers: fmt.Sprintf(`"typesafe": { "baseUrl": %q, "headers": { "X-Team": "pigo" }, "compat": { "sendImageOptInHeader": false } }, "openai": { "baseUrl": %q }, `+
				`"cloudflare-workers-ai": { "baseUrl": %q }, "openrouter": { "baseUrl": %q, "apiKey": "or-key" }`,
				url+"/ts/", url+"/oa/v1", url+"/cf/accounts/{CLOUDFLARE_ACCOUNT_ID}/ai", url+"/or/"),
			env:       []string{"TYPESAFE_API_KEY=ts-key", "OPENAI_API_KEY=oa-key", "CLOUDFLARE_API_KEY=cf-key", "CLOUDFLARE_ACCOUNT_ID=acct"},
			workFiles: []string{"classify.jsonl"},
			drive: func(d *rpcDriver) {
				mark := d.mark()
				d.sendRaw(`{"id":"c","type":"prompt","message":"/classify"}`)
				d.waitFrom(mark, func(ev map[string]any) bool {
					return ev["type"] == "extension_ui_request" && ev["message"] == "classified"
				})
			},
		}
		lines := runDiffScenario(t, sc, argv)
		var out []string
		for _, l := range lines {
			if strings.HasPrefix(l, "<< classify.jsonl ") {
				out = append(out, strings.ReplaceAll(l, url, "<mock>"))
			}
		}
		return append(out, requests()...)
	}
	pi, pg := runSides(sides, run)
	compareTranscriptsWith(t, "classify16", pi, pg, false)
	if !strings.Contains(strings.Join(pi, "\n"), `"answers":{"tone"`) {
		t.Errorf("pi classified nothing:\n%s", strings.Join(pi, "\n"))
	}
}

// TestDifferentialRPC16ClassifyStoredAccount: a Cloudflare Workers AI
// classification whose account id comes with the key stored in
// auth.json (pi's /login asks for both), not from the environment:
// pi 1.6 and pigo send the same request to the same account's URL.
func TestDifferentialRPC16ClassifyStoredAccount(t *testing.T) {
	sides := pi16Sides(t)
	run := func(argv []string) []string {
		url, requests := newClassifierMock(t)
		sc := diffScenario{
			name: "classify16-stored-account",
			ext: extSource(`
  pi.registerCommand("classify", { handler: async (_args: string, ctx: any) => {
    const r = ctx.modelRegistry;
    const cf = r.getModelOfType("classifier", "cloudflare-workers-ai", "typesafe/jev");
    const questions = { ok: { type: "bool", instructions: "Is it fine?", criteria: { true: "nothing to fix", false: "" } } };
    const res = await r.classify(cf, { state: { message: "hello" }, questions });
    ctx.ui.notify(JSON.stringify({ available: r.hasConfiguredAuth("cloudflare-workers-ai"), answers: res.answers ?? null,
      error: res.errorMessage ?? null }), "info");
  } });`),
			providers: fmt.Sprintf(`"cloudflare-workers-ai": { "baseUrl": %q }`, url+"/cf/accounts/{CLOUDFLARE_ACCOUNT_ID}/ai"),
			auth:      `{"cloudflare-workers-ai": {"type": "api_key", "key": "cf-stored", "env": {"CLOUDFLARE_ACCOUNT_ID": "acct"}}}`,
			drive: func(d *rpcDriver) {
				mark := d.mark()
				d.sendRaw(`{"id":"c","type":"prompt","message":"/classify"}`)
				d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "extension_ui_request" && ev["method"] == "notify" })
			},
		}
		var out []string
		for _, l := range runDiffScenario(t, sc, argv) {
			if strings.Contains(l, `"answers"`) {
				out = append(out, l)
			}
		}
		return append(out, requests()...)
	}
	pi, pg := runSides(sides, run)
	compareTranscriptsWith(t, "classify16-stored-account", pi, pg, false)
	if !strings.Contains(strings.Join(pg, "\n"), "/cf/accounts/acct/ai/run Authorization=Bearer cf-stored") {
		t.Errorf("pigo did not classify with the stored account:\n%s", strings.Join(pg, "\n"))
	}
}

// llamaClassifyExt's /classify waits for llama.cpp's classifier models
// (pi lists them once its background refresh has read the router) and
// classifies with the decision model (System One) and a chat model
// (llama-cpp-classify), then notifies the models and results.
const llamaClassifyExt = `
  pi.registerCommand("classify", { handler: async (_args: string, ctx: any) => {
    const r = ctx.modelRegistry;
    for (let i = 0; i < 300 && r.getModelsOfType("classifier", "llama.cpp").length === 0; i++) await new Promise((f) => setTimeout(f, 100));
    const context = { state: { text: "hi" }, questions: { ok: { type: "bool", instructions: "Fine?", criteria: { true: "fine", false: "" } } } };
    const at = (v: any) => ({ ...v, timestamp: typeof v.timestamp });
    const decision = await r.classify(r.getModelOfType("classifier", "llama.cpp", "jev-1"), context);
    const fallback = await r.classify(r.getModelOfType("classifier", "llama.cpp", "qwen3-8b"), context);
    ctx.ui.notify(JSON.stringify({ models: r.getModelsOfType("classifier", "llama.cpp"),
      available: (await r.getAvailableOfType("classifier", "llama.cpp")).map((m: any) => m.id),
      decision: at(decision), fallback: at(fallback) }), "info");
  } });`

// TestDifferentialLlama16Classify: llama.cpp's classifier models against
// pi 1.6: listed and available alike, a decision model answering through
// the router's System One endpoint and a chat model through pi-ai's
// llama-cpp-classify (tokenizer, template, next-token log-probabilities):
// the same requests and results.
func TestDifferentialLlama16Classify(t *testing.T) {
	sides := pi16Sides(t)
	got := map[string]string{}
	requests := map[string][]string{}
	for side, argv := range sides {
		srv, log := newFakeLlamaRouter(t)
		dir, work, _ := sideDirs(t)
		ext := filepath.Join(work, "ext.ts")
		must(t, os.WriteFile(ext, []byte(extSource(llamaClassifyExt)), 0o644))
		send, next := rpcSession(t, argv, dir, []string{"HOME=" + dir, "PI_CODING_AGENT_DIR=" + filepath.Join(dir, "agent"),
			"PIGO_CACHE_DIR=" + filepath.Join(dir, "cache"), "TMPDIR=" + dir, "LLAMA_BASE_URL=" + srv.URL + "/v1"}, "-e", ext)
		send(`{"id":"p","type":"prompt","message":"/classify"}`)
		ev := next(func(m map[string]any) bool { return m["type"] == "extension_ui_request" && m["method"] == "notify" })
		got[side] = strings.ReplaceAll(fmt.Sprint(ev["message"]), srv.URL, "URL")
		// llama-cpp-classify tokenizes its labels concurrently.
		for _, l := range log() {
			if strings.HasPrefix(l, "POST ") {
				requests[side] = append(requests[side], l)
			}
		}
		sort.Strings(requests[side])
	}
	if got["pi"] != got["pigo"] {
		t.Errorf("results differ:\npi:   %s\npigo: %s", got["pi"], got["pigo"])
	}
	if !reflect.DeepEqual(requests["pi"], requests["pigo"]) {
		t.Errorf("classifier requests differ:\npi:   %q\npigo: %q", requests["pi"], requests["pigo"])
	}
	if !strings.Contains(got["pi"], `"fallback":{"api":"llama-cpp-classify"`) || len(requests["pi"]) < 4 {
		t.Errorf("pi did not classify: %s %q", got["pi"], requests["pi"])
	}
}

// TestDifferentialCodemodeClassify16: a codemode script's models reach
// the classifier models as pi 1.6's do: the available ones, then
// TypeSafe's System One and OpenAI's Decisions answering (the same
// requests), the results and the script's model usage alike.
func TestDifferentialCodemodeClassify16(t *testing.T) {
	sides := pi16Sides(t)
	script := `const available = (await models.getAvailableOfType("classifier")).map((m) => m.provider + "/" + m.id);
const jev = await models.getModelOfType("classifier", "typesafe", "jev-latest");
const luna = await models.getModelOfType("classifier", "openai", "gpt-6-luna");
const questions = { tone: { type: "choice", instructions: "What tone?", criteria: { calm: "Calm and polite", angry: "" } },
  ok: { type: "bool", instructions: "Is it fine?", criteria: { true: "nothing to fix", false: "" } },
  size: { type: "score", instructions: "How long?", criteria: ["short", "medium", "long"] } };
const [a, b] = await Promise.all([models.classify(jev, { state: { message: "hello there" }, questions }),
  models.classify(luna, { state: { message: "hello there" }, questions })]);
return { available, a: a.answers, b: b.answers, stop: [a.stopReason, b.stopReason] };`
	run := func(argv []string) []string {
		url, requests := newClassifierMock(t)
		sc := diffScenario{
			name:         "codemode-classify16",
			ext:          extSource(""),
			steps:        []mockStep{{ToolCalls: []mockToolCall{{ID: "call_a", Name: "codemode", Arguments: map[string]any{"code": script}}}}, {Text: "done"}},
			builtinTools: true,
			args:         []string{"-e", "builtin:codemode", "--tools", "+codemode"},
			providers:    fmt.Sprintf(`"typesafe": { "baseUrl": %q }, "openai": { "baseUrl": %q }`, url+"/ts/", url+"/oa/v1"),
			env:          []string{"TYPESAFE_API_KEY=ts-key", "OPENAI_API_KEY=oa-key"},
			drive: func(d *rpcDriver) {
				mark := d.mark()
				d.call(`{"id":"p1","type":"prompt","message":"classify"}`)
				d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			},
		}
		lines := projectCodemode(runDiffScenario(t, sc, argv))
		reqs := requests()
		sort.Strings(reqs) // the two calls run in parallel
		return append(lines, reqs...)
	}
	pi, pg := runSides(sides, run)
	compareTranscriptsWith(t, "codemode-classify16", pi, pg, false)
	if !strings.Contains(strings.Join(pi, "\n"), `probabilities`) {
		t.Errorf("pi's script classified nothing:\n%s", strings.Join(pi, "\n"))
	}
}

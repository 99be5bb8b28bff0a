package main

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestDifferentialModelsJSON16 writes each file of
// engine/provider/testdata/models_json_cases.txtar as the agent dir's
// models.json and runs --list-models through pi 1.6 and pigo:
// stdout, stderr (the "errors loading models.json" warning: its schema
// errors in TypeBox's order and wording, at most 8, or the providers left
// out) and the exit status must be the same, but for the sandbox's path
// and where the docs are.
func TestDifferentialModelsJSON16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	publishedDocs := pi16PublishedDocs(t)
	ar, err := txtar.ParseFile("../../engine/provider/testdata/models_json_cases.txtar")
	must(t, err)
	slots := make(chan struct{}, 2) // pi takes seconds to start; two at a time keeps the machine usable
	var mu sync.Mutex
	warned := 0
	t.Cleanup(func() {
		if !t.Failed() && warned < 20 {
			t.Errorf("only %d cases produced a models.json warning", warned)
		}
	})
	for _, f := range ar.Files {
		content := strings.TrimSuffix(string(f.Data), "\n")
		t.Run(strings.TrimSuffix(f.Name, ".json"), func(t *testing.T) {
			t.Parallel()
			slots <- struct{}{}
			defer func() { <-slots }()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, agentDir := sideDirs(t)
				must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(content), 0o644))
				text := runCLI(argv, dir, "--list-models")
				text = publishedDocs(text)
				out[side] = strings.ReplaceAll(text, dir, "<dir>")
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
			if strings.Contains(out["pigo"], "Warning: errors loading models.json:") {
				mu.Lock()
				warned++
				mu.Unlock()
			}
		})
	}
}

// TestDifferentialModelsJSONUnreadable16: a models.json that is a
// directory gives pi 1.6's "Failed to load models.json" warning, with
// Node's error text, on both sides.
func TestDifferentialModelsJSONUnreadable16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	publishedDocs := pi16PublishedDocs(t)
	out := map[string]string{}
	for side, argv := range sides {
		dir, _, agentDir := sideDirs(t)
		must(t, os.Mkdir(filepath.Join(agentDir, "models.json"), 0o755))
		text := runCLI(argv, dir, "--list-models")
		text = publishedDocs(text)
		out[side] = strings.ReplaceAll(text, dir, "<dir>")
	}
	if out["pi"] != out["pigo"] {
		t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
	}
	if !strings.Contains(out["pigo"], "Failed to load models.json: EISDIR") {
		t.Errorf("no EISDIR warning:\n%s", out["pigo"])
	}
}

// registerProviderErrorsExtension makes pi.registerProvider calls pi 1.6
// refuses (no baseUrl, no api, streamSimple without api), one it accepts
// without an API key (not listed: no credentials), one taking api and
// baseUrl from the built-in anthropic's models, and a good one; it logs
// to the console.
const registerProviderErrorsExtension = `
const m = (id: string) => ({ id, name: id, reasoning: false, input: ["text"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 1000, maxTokens: 100 });
export default function (pi: any) {
  pi.registerProvider("nobase", { apiKey: "k", api: "openai-completions", models: [m("m")] });
  pi.registerProvider("noapi", { apiKey: "k", baseUrl: "http://127.0.0.1:1", models: [m("m")] });
  pi.registerProvider("stream", { apiKey: "k", baseUrl: "http://127.0.0.1:1", streamSimple: () => {}, models: [] });
  pi.registerProvider("nokey", { baseUrl: "http://127.0.0.1:1", api: "openai-completions", models: [m("n")] });
  pi.registerProvider("anthropic", { apiKey: "k", models: [m("claude-x")] });
  pi.registerProvider("good", { apiKey: "k", baseUrl: "http://127.0.0.1:1", api: "openai-completions", models: [m("g")] });
  let threw = "no";
  try { pi.registerProvider("noconfig"); } catch (e: any) { threw = e.message; }
  pi.registerProvider("threw", { apiKey: "k", baseUrl: "http://127.0.0.1:1", api: "openai-completions", models: [m(threw)] });
  console.log("registered");
  console.error("with errors");
}
`

// TestDifferentialRegisterProviderErrors16: the pi.registerProvider calls
// pi 1.6 refuses while extensions load are its startup errors,
// `Extension "<path>" error: <message>` on stderr: --list-models still
// lists (exit 0), print mode stops before prompting (exit 1). Registering
// by name without a config throws to the extension. The extension's
// console.log goes to --list-models' stdout, console.error to stderr.
func TestDifferentialRegisterProviderErrors16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	publishedDocs := pi16PublishedDocs(t)
	for _, args := range [][]string{{"--list-models"}, {"-p", "hi"}} {
		t.Run(args[0], func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, work, _ := sideDirs(t)
				ext := filepath.Join(work, "providers.ts")
				must(t, os.WriteFile(ext, []byte(registerProviderErrorsExtension), 0o644))
				text := runCLI(argv, dir, append([]string{"-e", ext}, args...)...)
				out[side] = strings.ReplaceAll(publishedDocs(text), dir, "<dir>")
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
			for _, want := range []string{`Error: Extension "<dir>/work/providers.ts" error: Provider nobase: "baseUrl" is required when defining custom models.`,
				`Provider noapi, model m: no "api" specified.`, `Provider stream: "api" is required when registering streamSimple.`} {
				if !strings.Contains(out["pigo"], want) {
					t.Errorf("pigo's output lacks %q:\n%s", want, out["pigo"])
				}
			}
		})
	}
}

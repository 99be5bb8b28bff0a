package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDifferentialListModels runs --list-models through pi 1.6 and pigo
// with the same models.json (ids that exercise localeCompare, a provider
// without models), an extension that registers a provider, and no API
// keys in the environment (the built-in catalogs differ): stdout, stderr
// and the exit status must be byte for byte the same. Against pi 0.73.1,
// which wrote the list to stderr, the streams are compared together.
func TestDifferentialListModels(t *testing.T) {
	references := map[string]map[string][]string{"pi16": pi16Sides(t)}
	if legacyReference() {
		references["pi0.73"] = piSides(t)
	}
	t.Parallel()
	var models []string
	b, err := os.ReadFile("../../engine/agentsession/testdata/sorted_by_node.txt") // ids sorted by Node's localeCompare
	must(t, err)
	for i, id := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		models = append(models, fmt.Sprintf(`{"id": %q, "contextWindow": %d, "maxTokens": %d, "reasoning": %v, "input": %s}`,
			id, []int{8192, 128000, 200000, 1048576, 2000000, 1500}[i%6], []int{999, 1000, 16384, 65536, 128000}[i%5], i%2 == 0,
			[]string{`["text"]`, `["text","image"]`}[i%3%2]))
	}
	modelsJSON := `{"providers": {
  "zeta": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "apiKey": "k", "models": [` + strings.Join(models, ",\n") + `]},
  "Alpha": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "apiKey": "k", "models": [{"id": "one"}]},
  "alpha-2": {"baseUrl": "http://127.0.0.1:1/v1", "api": "openai-completions", "apiKey": "k", "models": [{"id": "two", "contextWindow": 1050000}]}
}}`
	ext := extSource(`pi.registerProvider("ext-prov", { baseUrl: "http://127.0.0.1:1/v1", apiKey: "ext-key", api: "openai-completions",
    models: [{ id: "ext-model", name: "Ext", reasoning: true, input: ["text", "image"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      contextWindow: 32000, maxTokens: 4096 }] });`)
	cases := map[string][]string{
		"all":      {"--list-models"},
		"search":   {"--list-models", "zeta a-"},
		"swap":     {"--list-models", "4o"},
		"none":     {"--list-models", "zzz"},
		"ext":      {"--list-models", "ext", "-e", "ext.ts"},
		"ext_all":  {"-e", "ext.ts", "--list-models"},
		"bad_flag": {"--list-models", "-x"},
	}
	for ref, sides := range references {
		for name, args := range cases {
			t.Run(ref+"/"+name, func(t *testing.T) {
				t.Parallel()
				out := map[string]string{}
				for side, argv := range sides {
					dir, work, agentDir := sideDirs(t)
					must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(modelsJSON), 0o644))
					must(t, os.WriteFile(filepath.Join(work, "ext.ts"), []byte(ext), 0o644))
					out[side] = runCLI(argv, dir, args...)
					if ref == "pi0.73" {
						out[side] = withoutStreams(out[side])
					}
				}
				if out["pi"] != out["pigo"] {
					t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
				}
				if ref == "pi16" && name != "bad_flag" && !strings.HasPrefix(out["pigo"], "## stdout\nprovider ") &&
					!strings.HasPrefix(out["pigo"], "## stdout\nNo models matching") {
					t.Errorf("the list is not on stdout:\n%s", out["pigo"])
				}
			})
		}
	}
}

// TestDifferentialListModelsNoModels16: with no credentials and no
// models.json, pi 1.6 and pigo print the same "No models available"
// guidance on stdout (with or without a search), but for where the docs
// are: pi's installed docs/ folder, the published docs for pigo. With -p
// pi takes stdout over, so the text goes to stderr on both sides.
func TestDifferentialListModelsNoModels16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	publishedDocs := pi16PublishedDocs(t)
	for name, args := range map[string][]string{
		"plain":  {"--list-models"},
		"search": {"--list-models", "gpt"},
		"print":  {"-p", "--list-models"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, _ := sideDirs(t)
				out[side] = runCLI(argv, dir, args...)
			}
			pi := publishedDocs(out["pi"])
			if pi != out["pigo"] {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
			// The guidance is on stdout, or on stderr after the warning with -p.
			want := "## stdout\nNo models available. Use /login"
			if name == "print" {
				want = "## stdout\n## stderr\nWarning: No models available."
			}
			if !strings.HasPrefix(out["pigo"], want) || strings.Count(out["pigo"], "No models available.") != 2 {
				t.Errorf("want the guidance as %q, then once more:\n%s", want, out["pigo"])
			}
		})
	}
}

// TestDifferentialListModelsCopilot: with a Copilot token in the
// environment, pi 1.6 and pigo list the same GitHub Copilot catalog (ids,
// context windows, output limits, thinking, images); pi 1.6 reads the
// token from COPILOT_GITHUB_TOKEN only, so GH_TOKEN alone lists no Copilot
// model (a models.json provider keeps both off the no-models path).
func TestDifferentialListModelsCopilot(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	cases := map[string][]string{
		"copilot_token": {"COPILOT_GITHUB_TOKEN=gho_test"},
		"gh_token":      {"GH_TOKEN=gho_test", "GITHUB_TOKEN=gho_test"},
	}
	for name, env := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, agentDir := sideDirs(t)
				must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(`{"providers": {"zeta": {"baseUrl": "http://127.0.0.1:1/v1",
  "api": "openai-completions", "apiKey": "k", "models": [{"id": "one"}]}}}`), 0o644))
				cmd := sideCommand(argv, dir, "--list-models", "github-copilot")
				cmd.Env = append(append([]string{"PATH=" + os.Getenv("PATH")}, sandboxEnv(dir)...), env...)
				b, err := cmd.CombinedOutput()
				out[side] = string(b) + "## exit " + itoa(exitStatus(err))
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
			if want := map[string]string{"copilot_token": "gpt-6.1-sol", "gh_token": "No models matching"}[name]; !strings.Contains(out["pi"], want) {
				t.Errorf("pi's listing lacks %q:\n%s", want, out["pi"])
			}
		})
	}
}

// TestDifferentialListModelsBuiltin16: with credentials for every
// provider pigo serves (environment keys, AWS, a Copilot token, a ChatGPT
// login in auth.json, Cloudflare's account and gateway), pi 1.6 and pigo
// list the same built-in catalog byte for byte: all of it, each
// provider's, and searches. (Radius is pi's own service: no key for it.)
func TestDifferentialListModelsBuiltin16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	env := []string{"ANTHROPIC_API_KEY=k", "OPENAI_API_KEY=k", "DEEPSEEK_API_KEY=k", "GEMINI_API_KEY=k", "MISTRAL_API_KEY=k",
		"GOOGLE_CLOUD_API_KEY=k", "AWS_PROFILE=dev", "COPILOT_GITHUB_TOKEN=gho_test",
		"ANT_LING_API_KEY=k", "AZURE_OPENAI_API_KEY=k", "BASETEN_API_KEY=k", "CEREBRAS_API_KEY=k", "CLOUDFLARE_API_KEY=k",
		"CLOUDFLARE_ACCOUNT_ID=acct", "CLOUDFLARE_GATEWAY_ID=gw", "FIREWORKS_API_KEY=k", "GROQ_API_KEY=k", "HF_TOKEN=k",
		"KIMI_API_KEY=k", "META_API_KEY=k", "MINIMAX_API_KEY=k", "MINIMAX_CN_API_KEY=k", "MOONSHOT_API_KEY=k", "NVIDIA_API_KEY=k",
		"OPENCODE_API_KEY=k", "OPENROUTER_API_KEY=k", "QWEN_TOKEN_PLAN_API_KEY=k", "QWEN_TOKEN_PLAN_CN_API_KEY=k",
		"TOGETHER_API_KEY=k", "AI_GATEWAY_API_KEY=k", "XAI_API_KEY=k", "XIAOMI_API_KEY=k", "XIAOMI_TOKEN_PLAN_CN_API_KEY=k",
		"XIAOMI_TOKEN_PLAN_AMS_API_KEY=k", "XIAOMI_TOKEN_PLAN_SGP_API_KEY=k", "ZAI_API_KEY=k", "ZAI_CODING_CN_API_KEY=k"}
	auth := `{"openai-codex": {"type": "oauth", "refresh": "r", "access": "a", "expires": 4102444800000, "accountId": "acct"}}`
	cases := map[string][]string{
		"all":            {"--list-models"},
		"anthropic":      {"--list-models", "anthropic"},
		"openai":         {"--list-models", "openai/"},
		"openai-codex":   {"--list-models", "openai-codex"},
		"google":         {"--list-models", "google"},
		"deepseek":       {"--list-models", "deepseek"},
		"mistral":        {"--list-models", "mistral"},
		"amazon-bedrock": {"--list-models", "amazon-bedrock"},
		"claude":         {"--list-models", "claude"},
		"opus 5":         {"--list-models", "opus-5"},
		"openrouter":     {"--list-models", "openrouter"},
		"groq":           {"--list-models", "groq"},
		"cloudflare":     {"--list-models", "cloudflare"},
		"azure":          {"--list-models", "azure"},
		"kimi":           {"--list-models", "kimi"},
		"glm":            {"--list-models", "glm-5"},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, agentDir := sideDirs(t)
				must(t, os.WriteFile(filepath.Join(agentDir, "auth.json"), []byte(auth), 0o600))
				out[side] = runCLIEnv(argv, dir, env, args...)
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
			if !strings.HasPrefix(out["pigo"], "## stdout\nprovider ") {
				t.Errorf("no list:\n%s", out["pigo"])
			}
		})
	}
}

// pi16PublishedDocs returns a function that writes pi 1.6's installed
// docs/ folder, as Node resolves it, as the published docs pigo names.
func pi16PublishedDocs(t *testing.T) func(string) string {
	t.Helper()
	piDocs, err := filepath.EvalSymlinks("../../node_modules/@earendil-works/pi-coding-agent/docs")
	must(t, err)
	piDocs, err = filepath.Abs(piDocs)
	must(t, err)
	return func(text string) string {
		return strings.ReplaceAll(text, piDocs, "https://github.com/earendil-works/pi/blob/main/packages/coding-agent/docs")
	}
}

// TestDifferentialListModelsStore16: the catalogs pi 1.6 stored in
// models-store.json apply as pi applies them: a pi.dev catalog newer
// than pi-ai's model data replaces and adds groq models, an older one
// (cerebras) and one without lastModified (xai) change nothing, and
// OpenRouter's personalized list is its whole catalog. pi 1.6 and pigo
// list the same, byte for byte, and resolve a stored model alike.
func TestDifferentialListModelsStore16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	model := func(provider, api, base, id, name string, window int) string {
		return fmt.Sprintf(`{"id": %q, "name": %q, "api": %q, "provider": %q, "baseUrl": %q, "reasoning": false, "input": ["text"],
  "cost": {"input": 1, "output": 2, "cacheRead": 0, "cacheWrite": 0}, "contextWindow": %d, "maxTokens": 4096, "type": "chat"}`,
			id, name, api, provider, base, window)
	}
	groq := func(id, name string, window int) string {
		return model("groq", "openai-completions", "https://api.groq.com/openai/v1", id, name, window)
	}
	store := `{
  "groq": {"models": [` + groq("llama-3.3-70b-versatile", "Llama Stored", 99000) + `, ` + groq("groq-new-model", "New", 64000) + `],
    "checkedAt": 1795171729496, "lastModified": 1900000000000},
  "cerebras": {"models": [` + model("cerebras", "openai-completions", "https://api.cerebras.ai/v1", "cerebras-stale", "Stale", 1000) + `],
    "checkedAt": 1, "lastModified": 1000},
  "xai": {"models": [` + model("xai", "openai-responses", "https://api.x.ai/v1", "xai-unversioned", "Unversioned", 1000) + `], "checkedAt": 1},
  "openrouter": {"models": [` + model("openrouter", "openai-completions", "https://openrouter.ai/api/v1", "acme/only-one", "Only", 32000) + `,
    ` + model("openrouter", "openai-completions", "https://openrouter.ai/api/v1", "acme/second", "Second", 16000) + `],
    "checkedAt": 1795171729496}
}`
	env := []string{"GROQ_API_KEY=k", "CEREBRAS_API_KEY=k", "XAI_API_KEY=k", "OPENROUTER_API_KEY=k"}
	for name, args := range map[string][]string{
		"all":     {"--list-models"},
		"resolve": {"--model", "groq-new-model", "--list-models", "groq-new"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, agentDir := sideDirs(t)
				must(t, os.WriteFile(filepath.Join(agentDir, "models-store.json"), []byte(store), 0o600))
				out[side] = runCLIEnv(argv, dir, env, args...)
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("outputs differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
			for _, want := range []string{"groq-new-model", "99K", "acme/second"} {
				if name == "all" && !strings.Contains(out["pigo"], want) {
					t.Errorf("no %q:\n%s", want, out["pigo"])
				}
			}
		})
	}
}

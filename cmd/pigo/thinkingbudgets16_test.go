package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestDifferentialRPC16ThinkingBudgets: settings.json thinkingBudgets
// (project over agent dir) sets the thinking budget and max_tokens of a
// budget-based Anthropic model's requests as in pi 1.6; a level the
// setting leaves out keeps its built-in budget. The mock's reply is
// chat-completions, so each request then fails on both sides; only the
// requests are compared.
func TestDifferentialRPC16ThinkingBudgets(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:      "thinkingbudgets16",
		api:       "anthropic-messages",
		twoModels: true,
		ext:       extSource(""),
		settings:  `{"retry": {"enabled": false}, "thinkingBudgets": {"low": 3000, "high": 9000}}`,
		steps:     []mockStep{{Text: "a"}, {Text: "b"}, {Text: "c"}},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"sm","type":"set_model","provider":"mock","modelId":"mock-2"}`)
			for i, level := range []string{"low", "medium", "high"} {
				d.call(fmt.Sprintf(`{"id":"t%d","type":"set_thinking_level","level":%q}`, i, level))
				mark := d.mark()
				d.call(fmt.Sprintf(`{"id":"p%d","type":"prompt","message":"think"}`, i))
				d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			}
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	budgets := func(lines []string) []string {
		var out []string
		for _, l := range lines {
			if _, body, ok := strings.Cut(l, "<< request "); ok {
				var req struct {
					MaxTokens any `json:"max_tokens"`
					Thinking  any `json:"thinking"`
				}
				_, body, _ = strings.Cut(body, " ")
				if json.Unmarshal([]byte(body), &req) == nil {
					b, _ := json.Marshal(req)
					out = append(out, string(b))
				}
			}
		}
		return out
	}
	piB, pgB := budgets(pi), budgets(pg)
	t.Logf("pi: %s", piB)
	if len(piB) != 3 {
		keepTranscripts(sc.name, pi, pg)
		t.Fatalf("pi sent %d requests: %s", len(piB), piB)
	}
	if d := lineDiff(piB, pgB); d != "" {
		keepTranscripts(sc.name, pi, pg)
		t.Errorf("requests differ (- pi, + pigo):\n%s", d)
	}
}

// TestDifferentialRPC16ThinkingBudgetsChatTemplate: on a chat-completions
// server whose models.json compat asks for chat_template_kwargs (with
// $var values, merged from provider and model) and a thinking_budget
// field, the settings' thinkingBudgets reach the requests as in pi 1.6,
// off included.
func TestDifferentialRPC16ThinkingBudgetsChatTemplate(t *testing.T) {
	sides := pi16Sides(t)
	sc := diffScenario{
		name:      "thinkingbudgets16chat",
		twoModels: true,
		mock2: `"maxTokens": 12000, "compat": {"thinkingFormat": "chat-template", "thinkingTokenBudgetField": "thinking_budget",
			"chatTemplateKwargs": {"enable_thinking": {"$var": "thinking.enabled"}, "budget": {"$var": "thinking.budget", "omitWhenOff": true}, "effort": {"$var": "thinking.effort"}}}`,
		ext:      extSource(""),
		settings: `{"retry": {"enabled": false}, "thinkingBudgets": {"low": 3000, "high": 90000}}`,
		steps:    []mockStep{{Text: "a"}, {Text: "b"}, {Text: "c"}, {Text: "d"}},
		drive: func(d *rpcDriver) {
			d.call(`{"id":"sm","type":"set_model","provider":"mock","modelId":"mock-2"}`)
			for i, level := range []string{"off", "low", "medium", "high"} {
				d.call(fmt.Sprintf(`{"id":"t%d","type":"set_thinking_level","level":%q}`, i, level))
				mark := d.mark()
				d.call(fmt.Sprintf(`{"id":"p%d","type":"prompt","message":"think"}`, i))
				d.waitFrom(mark, func(ev map[string]any) bool { return ev["type"] == "agent_settled" })
			}
		},
	}
	pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
	thinking := func(lines []string) []string {
		var out []string
		for _, l := range lines {
			if _, body, ok := strings.Cut(l, "<< request "); ok {
				var req struct {
					MaxTokens          any `json:"max_tokens"`
					MaxCompletion      any `json:"max_completion_tokens"`
					ChatTemplateKwargs any `json:"chat_template_kwargs"`
					ThinkingBudget     any `json:"thinking_budget"`
					ReasoningEffort    any `json:"reasoning_effort"`
				}
				_, body, _ = strings.Cut(body, " ")
				if json.Unmarshal([]byte(body), &req) == nil {
					b, _ := json.Marshal(req)
					out = append(out, string(b))
				}
			}
		}
		return out
	}
	piT, pgT := thinking(pi), thinking(pg)
	t.Logf("pi: %s", piT)
	if len(piT) != 4 {
		keepTranscripts(sc.name, pi, pg)
		t.Fatalf("pi sent %d requests: %s", len(piT), piT)
	}
	if d := lineDiff(piT, pgT); d != "" {
		keepTranscripts(sc.name, pi, pg)
		t.Errorf("requests differ (- pi, + pigo):\n%s", d)
	}
}

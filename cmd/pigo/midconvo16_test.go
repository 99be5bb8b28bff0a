package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// midConvoToolsExt starts with one active tool and a command that swaps
// it for another, so the next turn records a tool change mid-session.
const midConvoToolsExt = `
  const tool = (name: string, description: string, extra: any = {}) => pi.registerTool({
    name, label: name, description, ...extra,
    parameters: { type: "object", properties: { z: { type: "number" }, a: { type: "string" } }, required: ["z"] },
    async execute() { return { content: [{ type: "text", text: "ok" }], details: {} }; },
  });
  tool("probe", "Probes");
  tool("extra", "Extra tool", { defaultActive: false, promptSnippet: "Use extra for extras" });
  pi.registerCommand("swap", { description: "swap tools", handler: async () => { pi.setActiveTools(["extra"]); } });
`

// TestDifferentialRPC16MidConvoToolChanges: a session whose tools change
// between prompts sends the model what pi 1.6 sends (messages or input,
// tools and Anthropic's betas; the prompt text holds each side's directories, and
// pigo's request bodies go with sorted keys). For a model that takes
// system messages and tool changes within the conversation, the first
// request's tools stay with the deferred placeholder and the change goes
// in place: the prompt's updated tools section and tool_removal /
// tool_addition blocks. For a model that takes system messages only, the
// section update goes in place and the tool list is the current one;
// other models get the prompt replayed. An OpenAI Responses model that
// takes additional_tools items gets every tool there. (The mock answers in another
// API's format, so each turn fails alike on both sides; only the
// requests are compared.)
func TestDifferentialRPC16MidConvoToolChanges(t *testing.T) {
	sides := pi16Sides(t)
	for _, tc := range []struct{ name, api, compat string }{
		{"tool_changes", "anthropic-messages", `"compat": { "supportsMidConvoSystemMessages": true, "supportsMidConvoToolChanges": true }`},
		{"system_messages", "anthropic-messages", `"compat": { "supportsMidConvoSystemMessages": true }`},
		{"replayed", "anthropic-messages", `"compat": { "supportsCacheControlOnTools": true }`},
		{"responses_additional_tools", "openai-responses", `"compat": { "supportsMidConvoSystemMessages": true, "supportsAdditionalTools": true }`},
		{"responses_replayed", "openai-responses", `"compat": { "supportsAdditionalTools": true }`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			sc := diffScenario{
				name:      "midconvo16_" + tc.name,
				ext:       extSource(midConvoToolsExt),
				api:       tc.api,
				twoModels: true,
				mock2:     tc.compat,
				args:      []string{"--model", "mock/mock-2"},
				settings:  `{"retry": {"enabled": false}}`,
				headers:   []string{"anthropic-beta"},
				steps:     []mockStep{{Text: "one"}, {Text: "two"}},
				drive: func(d *rpcDriver) {
					settled := func(ev map[string]any) bool { return ev["type"] == "agent_settled" }
					mark := d.mark()
					d.call(`{"id":"p1","type":"prompt","message":"first"}`)
					d.waitFrom(mark, settled)
					d.call(`{"id":"c1","type":"prompt","message":"/swap"}`)
					mark = d.mark()
					d.call(`{"id":"p2","type":"prompt","message":"second"}`)
					d.waitFrom(mark, settled)
				},
			}
			pi, pg := runSides(sides, func(argv []string) []string { return runDiffScenario(t, sc, argv) })
			keepTranscripts(sc.name, pi, pg)
			parts := []string{"messages", "tools"}
			if tc.api == "openai-responses" {
				parts = []string{"input", "tools"}
			}
			piReqs, pgReqs := requestParts(pi, parts...), requestParts(pg, parts...)
			if len(piReqs) != 2 {
				t.Fatalf("pi made %d requests, want 2:\n%s", len(piReqs), strings.Join(pi, "\n"))
			}
			if d := lineDiff(piReqs, pgReqs); d != "" {
				t.Errorf("requests differ (- pi, + pigo):\n%s", d)
			}
			betas := func(lines []string) []string {
				return slices.DeleteFunc(slices.Clone(lines), func(l string) bool { return !strings.HasPrefix(l, "<< request-headers ") })
			}
			if d := lineDiff(betas(pi), betas(pg)); d != "" {
				t.Errorf("betas differ (- pi, + pigo):\n%s", d)
			}
		})
	}
}

// requestParts is each model request of a transcript with only the given
// top-level members; a leading prompt item (Responses) is masked: its
// text holds each side's directories and names.
func requestParts(lines []string, keys ...string) []string {
	var out []string
	for _, l := range lines {
		body, ok := strings.CutPrefix(l, "<< request ")
		if !ok {
			continue
		}
		_, body, _ = strings.Cut(body, " ")
		var req map[string]any
		if json.Unmarshal([]byte(body), &req) != nil {
			continue
		}
		var parts []string
		if items, _ := req["input"].([]any); len(items) > 0 {
			for _, it := range items {
				if m, _ := it.(map[string]any); m != nil && strings.HasPrefix(fmt.Sprint(m["content"]), "You are a coding assistant") {
					m["content"] = "<prompt>"
				}
			}
		}
		for _, k := range keys {
			b, _ := json.Marshal(req[k])
			parts = append(parts, k+"="+string(b))
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

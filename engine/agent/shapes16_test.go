package agent_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// TestPi16Durations: pi 1.6 times the tools that ran (tool_execution_end
// and the toolResult message carry durationMs), not the calls that never
// ran; and records the requested thinking level on every reply.
func TestPi16Durations(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			d.Set("slow", engine.Tool{Description: "slow", Parameters: map[string]any{"type": "object"},
				Execute: func(ctx context.Context, c engine.ToolCall) (engine.ToolResult, error) {
					time.Sleep(30 * time.Millisecond)
					return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "ok"}}}, nil
				}})
			return nil
		})
		return err
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	prov := &scripted{responses: [][]any{
		{map[string]any{"type": "toolCall", "id": "c1", "name": "slow", "arguments": map[string]any{}},
			map[string]any{"type": "toolCall", "id": "c2", "name": "nope", "arguments": map[string]any{}}},
		{map[string]any{"type": "text", "text": "done"}},
	}}
	var mu sync.Mutex
	ends := map[string]agent.Event{}
	var replies []agent.Message
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"}, ThinkingLevel: "high",
		Sink: func(ev agent.Event) {
			mu.Lock()
			defer mu.Unlock()
			switch ev["type"] {
			case "tool_execution_end":
				ends[ev["toolCallId"].(string)] = ev
			case "message_end":
				if m := ev["message"].(map[string]any); m["role"] == "assistant" {
					replies = append(replies, m)
				}
			}
		}})
	piapi.Of(h).SetAgent(a)
	if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	if d, _ := ends["c1"]["durationMs"].(int64); d < 25 {
		t.Errorf("tool_execution_end of the slow tool: durationMs = %#v", ends["c1"]["durationMs"])
	}
	if d, ok := ends["c2"]["durationMs"]; ok {
		t.Errorf("an unknown tool never ran, yet durationMs = %v", d)
	}
	ms := a.Messages()[1:] // after the system message
	if d, _ := ms[2]["durationMs"].(int64); ms[2]["toolCallId"] != "c1" || d < 25 {
		t.Errorf("toolResult of the slow tool = %v", ms[2])
	}
	if _, ok := ms[3]["durationMs"]; ok {
		t.Errorf("toolResult of the unknown tool = %v", ms[3])
	}
	if len(replies) != 2 {
		t.Fatalf("replies = %v", replies)
	}
	for _, r := range replies {
		if r["thinkingLevel"] != "high" {
			t.Errorf("reply thinkingLevel = %v", r["thinkingLevel"])
		}
	}
}

// TestPi16ToolEndResult: tool_execution_end carries the tool's result as
// it returned it: its structured content, and isError when the tool itself
// said so (pi 1.6's bash reports a failed command that way).
func TestPi16ToolEndResult(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			d.Set("run", engine.Tool{Parameters: map[string]any{"type": "object"},
				Execute: func(context.Context, engine.ToolCall) (engine.ToolResult, error) {
					return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "exit 3"}}, IsError: true,
						StructuredContent: map[string]any{"exit_code": 3.0}}, nil
				}})
			return nil
		})
		return err
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	prov := &scripted{responses: [][]any{
		{map[string]any{"type": "toolCall", "id": "c1", "name": "run", "arguments": map[string]any{}}},
		{map[string]any{"type": "text", "text": "done"}},
	}}
	var mu sync.Mutex
	var end agent.Event
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"},
		Sink: func(ev agent.Event) {
			mu.Lock()
			defer mu.Unlock()
			if ev["type"] == "tool_execution_end" {
				end = ev
			}
		}})
	piapi.Of(h).SetAgent(a)
	if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	result, _ := end["result"].(agent.Message)
	sc, _ := result["structuredContent"].(map[string]any)
	if end["isError"] != true || result["isError"] != true || sc["exit_code"] != 3.0 {
		t.Errorf("tool_execution_end = %v", end)
	}
	if tr := a.Messages()[3]; tr["isError"] != true { // system, user, assistant, toolResult
		t.Errorf("toolResult = %v", tr)
	}
}

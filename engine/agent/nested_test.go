package agent_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// A tool's calls through ctx.executeTool (piapi's StartTool) get their
// own tool_execution_* events with parentToolCallId, in the order they
// were made; the hooks see parentToolCallId; the caller's result message
// records them as nestedCalls: arguments over 8 KB by their size (which
// makes the record incomplete), failures with their error, a tool that
// is not callable as not found.
func TestNestedToolCalls(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	var mu sync.Mutex
	var hooks []string
	obj := map[string]any{"type": "object"}
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			d.Set("inner", engine.Tool{Parameters: obj, Extra: map[string]any{"exposure": "codemode"},
				Execute: func(ctx context.Context, c engine.ToolCall) (engine.ToolResult, error) {
					c.OnUpdate(engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "working"}}})
					if c.Params.(map[string]any)["fail"] == true {
						return engine.ToolResult{}, fmt.Errorf("inner failed")
					}
					return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "inner ok"}}}, nil
				}})
			d.Set("secret", engine.Tool{Parameters: obj, Extra: map[string]any{"exposure": "hidden"},
				Execute: func(context.Context, engine.ToolCall) (engine.ToolResult, error) {
					t.Error("a hidden tool ran")
					return engine.ToolResult{}, nil
				}})
			d.Set("outer", engine.Tool{Parameters: obj,
				Execute: func(ctx context.Context, c engine.ToolCall) (engine.ToolResult, error) {
					calls := []struct {
						name string
						args map[string]any
					}{
						{"inner", map[string]any{"n": 1.0}},
						{"inner", map[string]any{"fail": true}},
						{"inner", map[string]any{"big": strings.Repeat("x", 9000)}},
						{"secret", map[string]any{}},
					}
					var out []string
					for i, nc := range calls {
						run := piapi.Of(h).StartTool(nc.name, engine.ToolCall{ID: fmt.Sprintf("%s/%d", c.ID, i+1), ParentID: c.ID, Params: nc.args})
						r, err := run(ctx)
						out = append(out, fmt.Sprintf("%s %v %v", r.Content[0].Text, r.IsError, err != nil))
					}
					return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: strings.Join(out, "; ")}}}, nil
				}})
			return nil
		})
		for _, hook := range []string{"tool_call", "tool_result"} {
			if err := g.Hook(hook, func(_ context.Context, p any) (any, error) {
				e := p.(map[string]any)
				mu.Lock()
				hooks = append(hooks, fmt.Sprintf("%s %v %v", hook, e["toolCallId"], e["parentToolCallId"]))
				mu.Unlock()
				return nil, nil
			}, ""); err != nil {
				return err
			}
		}
		return err
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	prov := &scripted{responses: [][]any{
		{map[string]any{"type": "toolCall", "id": "c1", "name": "outer", "arguments": map[string]any{}}},
		{map[string]any{"type": "text", "text": "done"}},
	}}
	var events []string
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"},
		Sink: func(ev agent.Event) {
			typ := ev["type"].(string)
			if !strings.HasPrefix(typ, "tool_execution_") {
				return
			}
			s := fmt.Sprintf("%s %v", strings.TrimPrefix(typ, "tool_execution_"), ev["toolCallId"])
			if p, ok := ev["parentToolCallId"]; ok {
				s += " parent " + p.(string)
			}
			if typ == "tool_execution_end" {
				s += fmt.Sprintf(" isError %v", ev["isError"])
			}
			mu.Lock()
			events = append(events, s)
			mu.Unlock()
		}})
	piapi.Of(h).SetAgent(a)
	piapi.Of(h).SetActiveTools("", []string{"outer"})
	if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"start c1",
		"start c1/1 parent c1", "update c1/1 parent c1", "end c1/1 parent c1 isError false",
		"start c1/2 parent c1", "update c1/2 parent c1", "end c1/2 parent c1 isError true",
		"start c1/3 parent c1", "update c1/3 parent c1", "end c1/3 parent c1 isError false",
		"start c1/4 parent c1", "end c1/4 parent c1 isError true",
		"end c1 isError false",
	}
	if got := strings.Join(events, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
	wantHooks := "tool_call c1 <nil>,tool_call c1/1 c1,tool_result c1/1 c1,tool_call c1/2 c1,tool_result c1/2 c1,tool_call c1/3 c1,tool_result c1/3 c1,tool_result c1 <nil>"
	if got := strings.Join(hooks, ","); got != wantHooks {
		t.Errorf("hooks %s\nwant  %s", got, wantHooks)
	}
	var result map[string]any
	for _, m := range a.Messages() {
		if m["role"] == "toolResult" {
			result = m
		}
	}
	if text := result["content"].([]any)[0].(map[string]any)["text"]; text != "inner ok false false; inner failed true true; inner ok false false; Tool secret not found true true" {
		t.Errorf("outer saw %q", text)
	}
	nested, _ := result["nestedCalls"].(map[string]any)
	calls, _ := nested["calls"].([]any)
	if len(calls) != 4 || nested["complete"] != false {
		t.Fatalf("nestedCalls %v", nested)
	}
	for i, want := range []string{
		"id=c1/1 name=inner status=ok arguments=map[n:1]",
		"id=c1/2 name=inner status=error arguments=map[fail:true] error=inner failed",
		"id=c1/3 name=inner status=ok argumentsBytes=9010",
		"id=c1/4 name=secret status=error arguments=map[] error=Tool secret not found",
	} {
		c := calls[i].(map[string]any)
		if _, ok := c["durationMs"].(int64); !ok {
			t.Errorf("call %d durationMs %v", i, c["durationMs"])
		}
		got := fmt.Sprintf("id=%v name=%v status=%v", c["id"], c["name"], c["status"])
		if v, ok := c["arguments"]; ok {
			got += fmt.Sprintf(" arguments=%v", v)
		}
		if v, ok := c["argumentsBytes"]; ok {
			got += fmt.Sprintf(" argumentsBytes=%v", v)
		}
		if v, ok := c["error"]; ok {
			got += fmt.Sprintf(" error=%v", v)
		}
		if got != want {
			t.Errorf("call %d: %s\nwant    %s", i, got, want)
		}
	}
}

// Outside a run a nested call runs straight through the tool pipeline,
// with no events.
func TestNestedToolCallOutsideRun(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			d.Set("inner", engine.Tool{Parameters: map[string]any{"type": "object"},
				Execute: func(context.Context, engine.ToolCall) (engine.ToolResult, error) {
					return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "ran"}}}, nil
				}})
			return nil
		})
		return err
	})}})
	var events int
	a := agent.New(agent.Options{Host: h, Provider: &scripted{}, Sink: func(agent.Event) { events++ }})
	piapi.Of(h).SetAgent(a)
	r, err := piapi.Of(h).StartTool("inner", engine.ToolCall{ID: "x/1", ParentID: "x", Params: map[string]any{}})(context.Background())
	if err != nil || r.Content[0].Text != "ran" || events != 0 {
		t.Fatalf("%+v %v, %d events", r, err, events)
	}
}

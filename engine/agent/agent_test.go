package agent_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine"

	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
)

// scripted is a test provider: each call pops one response (a list of
// content blocks) and streams it as pi-ai events.
type scripted struct {
	mu        sync.Mutex
	responses [][]any
	requests  []agent.Request
}

func (s *scripted) Stream(ctx context.Context, req agent.Request) (agent.Message, error) {
	s.mu.Lock()
	s.requests = append(s.requests, req)
	var blocks []any
	if len(s.responses) > 0 {
		blocks, s.responses = s.responses[0], s.responses[1:]
	}
	s.mu.Unlock()
	msg := agent.Message{"role": "assistant", "content": []any{}, "api": "test", "provider": "test", "model": "m", "stopReason": "stop"}
	req.OnEvent(agent.Event{"type": "start", "partial": msg})
	for i, b := range blocks {
		bm := b.(map[string]any)
		msg["content"] = append(msg["content"].([]any), bm)
		switch bm["type"] {
		case "text":
			req.OnEvent(agent.Event{"type": "text_delta", "contentIndex": float64(i), "delta": bm["text"], "partial": msg})
		case "toolCall":
			msg["stopReason"] = "toolUse"
			req.OnEvent(agent.Event{"type": "toolcall_end", "contentIndex": float64(i), "toolCall": bm, "partial": msg})
		}
	}
	if ctx.Err() != nil {
		msg["stopReason"] = "aborted"
	}
	req.OnEvent(agent.Event{"type": "done", "reason": msg["stopReason"], "message": msg})
	return msg, nil
}

func TestPromptEventOrderToolsAndSession(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	var hookSaw []string
	var mu sync.Mutex
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			d.Set("echo", engine.Tool{Description: "echo", Parameters: map[string]any{"type": "object", "properties": map[string]any{"text": map[string]any{"type": "string"}}},
				Execute: func(ctx context.Context, c engine.ToolCall) (engine.ToolResult, error) {
					c.OnUpdate(engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "partial"}}})
					return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "echo: " + c.Params.(map[string]any)["text"].(string)}}}, nil
				}})
			return nil
		})
		for _, ev := range []string{"agent_start", "turn_start", "turn_end", "agent_end", "agent_settled"} {
			_ = g.On(ev, func(ctx context.Context, p any) error {
				mu.Lock()
				hookSaw = append(hookSaw, ev)
				mu.Unlock()
				return nil
			})
		}
		return err
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	prov := &scripted{responses: [][]any{
		{map[string]any{"type": "toolCall", "id": "c1", "name": "echo", "arguments": map[string]any{"text": "hi"}}},
		{map[string]any{"type": "text", "text": "done"}},
	}}
	var events []string
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"},
		Sink: func(ev agent.Event) {
			mu.Lock()
			defer mu.Unlock()
			s := ev["type"].(string)
			if m, ok := ev["message"].(map[string]any); ok && strings.HasPrefix(s, "message_") {
				s += ":" + m["role"].(string)
			}
			events = append(events, s)
		}})
	piapi.Of(h).SetAgent(a)
	if err := a.Prompt(context.Background(), "please echo", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	// pi 1.6: the first run records the tool loadout as a system message.
	want := "agent_start turn_start message_start:system message_end:system message_start:user message_end:user message_start:assistant message_update:assistant message_end:assistant " +
		"tool_execution_start tool_execution_update tool_execution_end message_start:toolResult message_end:toolResult turn_end " +
		"turn_start message_start:assistant message_update:assistant message_end:assistant turn_end agent_end agent_settled"
	if got := strings.Join(events, " "); got != want {
		t.Fatalf("events:\n got %s\nwant %s", got, want)
	}
	if strings.Join(hookSaw, " ") != "agent_start turn_start turn_end turn_start turn_end agent_end agent_settled" {
		t.Fatalf("listeners saw %v", hookSaw)
	}
	entries := piapi.Of(h).Session().Entries()
	if len(entries) != 5 {
		t.Fatalf("session entries = %d", len(entries))
	}
	sys := entries[0]["message"].(map[string]any)
	if added, _ := sys["toolsAdded"].([]any); sys["role"] != "system" || len(added) != 1 || added[0].(map[string]any)["name"] != "echo" {
		t.Fatalf("system message = %v", sys)
	}
	if len(prov.requests) != 2 || len(prov.requests[1].Messages) != 3 || len(prov.requests[0].Tools) != 1 {
		t.Fatalf("requests: %+v", prov.requests)
	}
	tr := entries[3]["message"].(map[string]any)
	if tr["role"] != "toolResult" || !strings.Contains(tr["content"].([]any)[0].(map[string]any)["text"].(string), "echo: hi") {
		t.Fatalf("tool result = %v", tr)
	}
}

func TestUnknownToolAndValidationErrors(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			d.Set("need", engine.Tool{Description: "", Parameters: map[string]any{"type": "object", "required": []any{"x"}},
				Execute: func(ctx context.Context, c engine.ToolCall) (engine.ToolResult, error) {
					return engine.ToolResult{}, nil
				}})
			return nil
		})
		return err
	})}})
	prov := &scripted{responses: [][]any{{
		map[string]any{"type": "toolCall", "id": "a", "name": "nope", "arguments": map[string]any{}},
		map[string]any{"type": "toolCall", "id": "b", "name": "need", "arguments": map[string]any{}},
		map[string]any{"type": "toolCall", "id": "c", "name": "need", "arguments": map[string]any{}, "argumentsError": "Unexpected end of JSON input\n\nReceived arguments:\n{\"x\": "},
	}, {map[string]any{"type": "text", "text": "ok"}}}}
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m"}})
	if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	ms := a.Messages()[1:] // after the system message
	t1 := ms[2]["content"].([]any)[0].(map[string]any)["text"]
	t2 := ms[3]["content"].([]any)[0].(map[string]any)["text"].(string)
	t3 := ms[4]["content"].([]any)[0].(map[string]any)["text"]
	if t1 != "Tool nope not found" || !strings.HasPrefix(t2, `Validation failed for tool "need"`) || ms[3]["isError"] != true {
		t.Fatalf("results: %v | %v", t1, t2)
	}
	// Arguments the model's text did not give (the block's argumentsError).
	if want := "Invalid arguments for tool \"need\": Unexpected end of JSON input\n\nReceived arguments:\n{\"x\": "; t3 != want || ms[4]["isError"] != true {
		t.Fatalf("result %q, want %q", t3, want)
	}
}

// A reply may call only the tools its request declared (pi-agent-core's
// context tools): a registered but inactive tool, such as a deferred one
// tool_search has not loaded, is "not found" and does not run. A tool a
// call activates is declared, after the ones already active, from the
// next request on; hidden tools never are.
func TestOnlyDeclaredToolsRun(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	var ran []string
	h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			run := func(name string) engine.ExecuteFunc {
				return func(context.Context, engine.ToolCall) (engine.ToolResult, error) {
					ran = append(ran, name)
					if name == "loader" {
						piapi.Of(h).SetActiveTools("p", piapi.Of(h).ToolLoadout(append(piapi.Of(h).ActiveTools(), "late", "gone")))
					}
					return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: name}}}, nil
				}
			}
			obj := map[string]any{"type": "object"}
			d.Set("late", engine.Tool{Parameters: obj, Execute: run("late"), Extra: map[string]any{"exposure": "deferred"}})
			d.Set("loader", engine.Tool{Parameters: obj, Execute: run("loader")})
			d.Set("gone", engine.Tool{Parameters: obj, Execute: run("gone"), Extra: map[string]any{"exposure": "hidden"}})
			return nil
		})
		return err
	})}})
	call := func(id, name string) map[string]any {
		return map[string]any{"type": "toolCall", "id": id, "name": name, "arguments": map[string]any{}}
	}
	prov := &scripted{responses: [][]any{
		{call("a", "late"), call("b", "loader")},
		{call("c", "late")},
		{map[string]any{"type": "text", "text": "ok"}},
	}}
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m"}})
	if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	ms := a.Messages()[1:] // after the system message
	if text := ms[2]["content"].([]any)[0].(map[string]any)["text"]; text != "Tool late not found" || ms[2]["isError"] != true {
		t.Fatalf("inactive tool: %v", ms[2])
	}
	if strings.Join(ran, " ") != "loader late" {
		t.Fatalf("ran %v", ran)
	}
	names := func(r agent.Request) string {
		var out []string
		for _, tl := range r.Tools {
			out = append(out, tl["name"].(string))
		}
		return strings.Join(out, ",")
	}
	if len(prov.requests) != 3 || names(prov.requests[0]) != "loader" || names(prov.requests[1]) != "loader,late" {
		t.Fatalf("declared: %v", prov.requests)
	}
}

// TestPromptImagesPrepared: a prompt's images go through PromptImages;
// the ones kept reach the model after the text, whose end the notes join.
func TestPromptImagesPrepared(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	prov := &scripted{responses: [][]any{{map[string]any{"type": "text", "text": "seen"}}}}
	var given []any
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"},
		PromptImages: func(imgs []any) ([]any, []string) {
			given = imgs
			return imgs[1:], []string{"[first left out]", "[second converted]"}
		}})
	imgs := []any{map[string]any{"type": "image", "data": "AA==", "mimeType": "image/tiff"}, map[string]any{"type": "image", "data": "BB==", "mimeType": "image/png"}}
	if err := a.Prompt(context.Background(), "look", agent.PromptOptions{Images: imgs}); err != nil {
		t.Fatal(err)
	}
	if len(given) != 2 {
		t.Fatalf("PromptImages got %v", given)
	}
	msgs := prov.requests[0].Messages
	content := msgs[len(msgs)-1]["content"].([]any)
	if len(content) != 2 || content[0].(map[string]any)["text"] != "look\n\n[first left out]\n[second converted]" || content[1].(map[string]any)["data"] != "BB==" {
		t.Fatalf("user content %v", content)
	}
}

// TestRequestToolsCarryConstrainedSampling: a tool declaring
// constrainedSampling (as pi 1.6's built-in tools do) is declared so in
// the session's system message and reaches the provider with it.
func TestRequestToolsCarryConstrainedSampling(t *testing.T) {
	h := engine.New(engine.Options{})
	defer h.Close(context.Background())
	prefer := map[string]any{"type": "json_schema", "strict": "prefer"}
	res := h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
			d.Set("read", engine.Tool{Description: "read", Parameters: map[string]any{"type": "object"}, Extra: map[string]any{"constrainedSampling": prefer},
				Execute: func(ctx context.Context, c engine.ToolCall) (engine.ToolResult, error) {
					return engine.ToolResult{}, nil
				}})
			d.Set("ls", engine.Tool{Description: "ls", Parameters: map[string]any{"type": "object"},
				Execute: func(ctx context.Context, c engine.ToolCall) (engine.ToolResult, error) {
					return engine.ToolResult{}, nil
				}})
			return nil
		})
		return err
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	prov := &scripted{responses: [][]any{{map[string]any{"type": "text", "text": "ok"}}}}
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"}, Sink: func(agent.Event) {}})
	piapi.Of(h).SetAgent(a)
	if err := a.Prompt(context.Background(), "hi", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	if len(prov.requests) != 1 {
		t.Fatalf("%d requests", len(prov.requests))
	}
	found := map[string]any{}
	for _, tl := range prov.requests[0].Tools {
		found[tl["name"].(string)] = tl["constrainedSampling"]
	}
	if cs, _ := found["read"].(map[string]any); cs["strict"] != "prefer" || cs["type"] != "json_schema" {
		t.Errorf("read's constrainedSampling %v", found["read"])
	}
	if v, ok := found["ls"]; !ok || v != nil {
		t.Errorf("ls: %v (present %v)", v, ok)
	}
}

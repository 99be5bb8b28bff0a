package agent_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/session"
)

// sysmsgHost boots a host with the tools "a" and "b" and a plugin whose
// hooks the test sets: before_agent_start's systemPrompt (forced), and
// what context and context_with_system handlers saw.
type sysmsgHost struct {
	h      *engine.Host
	mu     sync.Mutex
	forced string
	seen   map[string][]string // hook → roles of the messages it got
}

func newSysmsgHost(t *testing.T) *sysmsgHost {
	t.Helper()
	s := &sysmsgHost{h: engine.New(engine.Options{}), seen: map[string][]string{}}
	t.Cleanup(func() { s.h.Close(context.Background()) })
	tool := func(desc string) engine.Tool {
		return engine.Tool{Description: desc, Parameters: map[string]any{"type": "object"},
			Execute: func(context.Context, engine.ToolCall) (engine.ToolResult, error) {
				return engine.ToolResult{Content: []engine.Content{{Type: "text", Text: "ok"}}}, nil
			}}
	}
	res := s.h.Boot(context.Background(), []engine.PluginSpec{{ID: "p", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		for _, n := range []string{"a", "b"} {
			if _, err := s.h.Tools().Add(g, func(_ context.Context, d *engine.Draft[engine.Tool]) error {
				d.Set(n, tool("tool "+n))
				return nil
			}); err != nil {
				return err
			}
		}
		for _, name := range []string{"context", "context_with_system"} {
			if err := g.Hook(name, func(_ context.Context, p any) (any, error) {
				ms, _ := p.(map[string]any)["messages"].([]any)
				var roles []string
				for _, m := range ms {
					roles = append(roles, m.(map[string]any)["role"].(string))
				}
				s.mu.Lock()
				s.seen[name] = roles
				s.mu.Unlock()
				return nil, nil
			}, ""); err != nil {
				return err
			}
		}
		return g.Hook("before_agent_start", func(context.Context, any) (any, error) {
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.forced == "" {
				return nil, nil
			}
			return map[string]any{"systemPrompt": s.forced}, nil
		}, "")
	})}})
	if !res[0].OK {
		t.Fatal(res[0].Err)
	}
	return s
}

// TestSystemMessages: pi 1.6 records the prompt and the tool loadout as
// system messages: all of it on the first run, then only what changed
// (tools removed or added, sections patched or removed), nothing when
// nothing did; the request carries the replayed prompt and tools.
func TestSystemMessages(t *testing.T) {
	s := newSysmsgHost(t)
	h := s.h
	// The builder's sections: the preamble, the tools, then these.
	preamble := "Be good."
	sections := jsjson.Object{{Key: "cwd", Value: "<cwd>\n/p\n</cwd>"}}
	var secMu sync.Mutex
	prov := &scripted{responses: [][]any{{map[string]any{"type": "text", "text": "1"}}, {map[string]any{"type": "text", "text": "2"}},
		{map[string]any{"type": "text", "text": "3"}}, {map[string]any{"type": "text", "text": "4"}}, text("5"), text("6")}}
	a := agent.New(agent.Options{Host: h, Provider: prov, Model: agent.Message{"id": "m", "provider": "test", "api": "test"},
		PromptSections: func(selected []string) *jsjson.Object {
			secMu.Lock()
			defer secMu.Unlock()
			out := jsjson.Object{{Key: "preamble", Value: preamble}, {Key: "tools", Value: "<tools>\n" + strings.Join(selected, ",") + "\n</tools>"}}
			out = append(out, sections...)
			return &out
		}})
	piapi.Of(h).SetAgent(a)
	piapi.Of(h).SetActiveTools("", []string{"a", "b"})
	prompt := func(text string) {
		t.Helper()
		if err := a.Prompt(context.Background(), text, agent.PromptOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	systemMessages := func() []agent.Message {
		var out []agent.Message
		for _, m := range a.Messages() {
			if m["role"] == "system" {
				out = append(out, m)
			}
		}
		return out
	}

	prompt("one")
	ms := a.Messages()
	if len(ms) != 3 || ms[0]["role"] != "system" || ms[1]["role"] != "user" {
		t.Fatalf("first run: %v", ms)
	}
	first := ms[0]
	if got := sectionList(first["sections"]); got != "preamble=Be good.|tools=<tools>\na,b\n</tools>|cwd=<cwd>\n/p\n</cwd>" || first["content"] != "" {
		t.Errorf("first system message sections: %v", first)
	}
	if added, _ := first["toolsAdded"].([]any); len(added) != 2 || added[0].(map[string]any)["name"] != "a" ||
		added[1].(map[string]any)["description"] != "tool b" || first["toolsRemoved"] != nil {
		t.Errorf("first system message tools: %v", first)
	}
	req := prov.requests[0]
	if want := "Be good.\n\n<tools>\na,b\n</tools>\n\n<cwd>\n/p\n</cwd>"; req.SystemPrompt != want || len(req.Tools) != 2 || len(req.Messages) != 1 {
		t.Errorf("request: system %q, %d tools, %d messages", req.SystemPrompt, len(req.Tools), len(req.Messages))
	}
	if got := strings.Join(s.seen["context"], ","); got != "user" {
		t.Errorf("context handlers saw %s, want the conversation without system messages", got)
	}
	if got := strings.Join(s.seen["context_with_system"], ","); got != "system,user" {
		t.Errorf("context_with_system handlers saw %s", got)
	}

	prompt("two") // nothing changed: no system message
	if n := len(systemMessages()); n != 1 {
		t.Fatalf("an unchanged prompt recorded %d system messages", n)
	}

	piapi.Of(h).SetActiveTools("", []string{"a"})
	secMu.Lock()
	sections = jsjson.Object{{Key: "added", Value: "<added>"}}
	preamble = "Be better."
	secMu.Unlock()
	prompt("three")
	sys := systemMessages()
	if len(sys) != 2 {
		t.Fatalf("system messages after a change: %v", sys)
	}
	patch := sys[1]
	if got := sectionList(patch["sections"]); got != "preamble=Be better.|tools=<tools>\na\n</tools>|added=<added>|cwd=<nil>" {
		t.Errorf("sections patch (changed in the builder's order, then removed): %s", got)
	}
	if removed, _ := patch["toolsRemoved"].([]any); len(removed) != 1 || removed[0].(map[string]any)["name"] != "b" || patch["toolsAdded"] != nil {
		t.Errorf("tools patch: %v", patch)
	}
	req = prov.requests[2]
	if want := "Be better.\n\n<tools>\na\n</tools>\n\n<added>"; req.SystemPrompt != want || len(req.Tools) != 1 || req.Tools[0]["name"] != "a" {
		t.Errorf("request after the change: %q %v", req.SystemPrompt, req.Tools)
	}
	// A section the builder now puts first stays where the conversation
	// added it, as pi's replay keeps it: the model reads the prompt the
	// transcript declares.
	secMu.Lock()
	sections = jsjson.Object{{Key: "added", Value: "<added>"}, {Key: "late", Value: "<late>"}}
	secMu.Unlock()
	prompt("three and a half")
	if got := sectionList(session.CurrentSystemMessage(a.Messages())["sections"]); got != "preamble=Be better.|tools=<tools>\na\n</tools>|added=<added>|late=<late>" {
		t.Errorf("replayed sections: %s", got)
	}
	secMu.Lock()
	sections = jsjson.Object{{Key: "late", Value: "<late>"}, {Key: "added", Value: "<added2>"}}
	secMu.Unlock()
	prompt("three and three quarters")
	if want := "Be better.\n\n<tools>\na\n</tools>\n\n<added2>\n\n<late>"; prov.requests[4].SystemPrompt != want {
		t.Errorf("a patched section keeps its place: %q", prov.requests[4].SystemPrompt)
	}

	// A before_agent_start systemPrompt goes to the request only.
	s.mu.Lock()
	s.forced = "FORCED"
	s.mu.Unlock()
	piapi.Of(h).SetActiveTools("", []string{"a", "b"})
	prompt("four")
	sys = systemMessages()
	if len(sys) != 5 || sys[4]["toolsAdded"] == nil || strings.Contains(sectionList(sys[4]["sections"]), "FORCED") {
		t.Fatalf("system messages with a forced prompt: %v", sys)
	}
	req = prov.requests[5]
	if req.SystemPrompt != "FORCED" || len(req.Tools) != 2 {
		t.Errorf("forced request: %q, %d tools", req.SystemPrompt, len(req.Tools))
	}
	if got := a.SystemPrompt(); got == "FORCED" {
		t.Errorf("the forced prompt outlived its run")
	}
}

// sectionList is a sections value as name=text pairs in its order.
func sectionList(v any) string {
	var out []string
	for _, sec := range session.Sections(v) {
		out = append(out, fmt.Sprintf("%s=%v", sec.Key, sec.Value))
	}
	return strings.Join(out, "|")
}

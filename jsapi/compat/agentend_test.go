package compat_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/agent"
	"github.com/pigo-dev/pigo/engine/piapi"
	"github.com/pigo-dev/pigo/engine/provider"
	"github.com/pigo-dev/pigo/jsapi"
)

// A follow-up an agent_end handler sends joins the run: another
// agent_start before the run's one agent_settled.
func TestAgentEndFollowUpJoinsRun(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "ext.ts")
	src := `export default function (pi) {
  let n = 0;
  pi.on("agent_end", () => { if (n++ === 0) pi.sendUserMessage("follow up", { deliverAs: "followUp" }); });
}
`
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	h := engine.New(engine.Options{Cwd: dir})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	if r := h.Boot(context.Background(), []engine.PluginSpec{jsapi.New(jsapi.Options{}).Plugin("ext", p, nil)}); !r[0].OK {
		t.Fatal(r[0].Err)
	}
	reg := provider.NewRegistry(provider.RegistryOptions{})
	s := provider.NewScripted(provider.ScriptedOptions{})
	if err := s.Register(reg); err != nil {
		t.Fatal(err)
	}
	s.Queue(provider.ReplyText("one"))
	s.Queue(provider.ReplyText("two"))
	var mu sync.Mutex
	var events []string
	a := agent.New(agent.Options{Host: h, Provider: agent.RegistryProvider{Registry: reg}, Model: agent.ModelMap(s.Models()[0]),
		Sink: func(ev agent.Event) {
			switch typ, _ := ev["type"].(string); typ {
			case "agent_start", "agent_end", "agent_settled":
				mu.Lock()
				events = append(events, typ)
				mu.Unlock()
			}
		}})
	piapi.Of(h).SetAgent(a)
	if err := a.Prompt(context.Background(), "go", agent.PromptOptions{}); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if got, want := strings.Join(events, " "), "agent_start agent_end agent_start agent_end agent_settled"; got != want {
		t.Errorf("events %q, want %q", got, want)
	}
}

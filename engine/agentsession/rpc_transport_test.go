package agentsession_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/provider"
)

// The transport setting reaches every model request: pi's old boolean
// websockets (false) reads as "sse"; set_transport (the settings
// selector's "Transport") saves the choice globally and the next request
// uses it; get_transport tells the selector; an unknown value is refused.
func TestServeTransport(t *testing.T) {
	io, _ := world(t)
	agentDir := io.Getenv("PI_CODING_AGENT_DIR")
	if err := os.MkdirAll(agentDir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(agentDir, "settings.json"), []byte(`{"websockets": false}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var seen []string
	model := provider.NewScripted(provider.ScriptedOptions{})
	record := provider.ScriptStep{Func: func(_ context.Context, _ *provider.Context, opts *provider.Options, _ int, _ *provider.Model) (provider.ScriptStep, error) {
		mu.Lock()
		seen = append(seen, opts.Transport)
		mu.Unlock()
		return provider.ReplyText("ok"), nil
	}}
	model.Queue(record, record)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--model", "scripted/scripted-1", "--no-session", "--no-builtin-tools", "--no-mcp"}, Providers: []agentsession.ProviderSource{model}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	if d, _ := ask(map[string]any{"type": "get_transport", "id": "t1"})["data"].(map[string]any); d["transport"] != "sse" {
		t.Errorf("get_transport with websockets false: %v", d)
	}
	if err := s.Prompt(context.Background(), "one"); err != nil {
		t.Fatal(err)
	}
	if r := ask(map[string]any{"type": "set_transport", "id": "t2", "transport": "websocket-cached"}); r["success"] != true {
		t.Fatalf("set_transport: %v", r)
	}
	if err := s.Prompt(context.Background(), "two"); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	if got := strings.Join(seen, ","); got != "sse,websocket-cached" {
		t.Errorf("requests' transports %q, want sse,websocket-cached", got)
	}
	mu.Unlock()
	saved, _ := os.ReadFile(filepath.Join(agentDir, "settings.json"))
	if !strings.Contains(string(saved), `"transport": "websocket-cached"`) {
		t.Errorf("settings.json: %s", saved)
	}
	r := ask(map[string]any{"type": "set_transport", "id": "t3", "transport": "carrier-pigeon"})
	if msg, _ := r["error"].(string); r["success"] != false || msg != `set_transport: transport "carrier-pigeon" is not one of sse, websocket, websocket-cached, auto` {
		t.Errorf("bad transport: %v", r)
	}
}

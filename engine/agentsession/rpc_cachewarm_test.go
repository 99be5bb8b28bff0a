package agentsession_test

import (
	"context"
	"testing"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/engine/agentsession"
)

// get_cache_warming answers /session's Cache Warming section: the mode and
// pi's status line, here before any request.
func TestServeCacheWarming(t *testing.T) {
	io, _ := world(t)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--no-session", "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	d, _ := ask(map[string]any{"type": "get_cache_warming", "id": "w1"})["data"].(map[string]any)
	if d["mode"] != "idle" || d["status"] != "Inactive (waiting for first request)" || d["missCost"] != nil {
		t.Fatalf("get_cache_warming: %v", d)
	}
}

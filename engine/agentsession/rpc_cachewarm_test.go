package agentsession_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
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

// set_cache_warming (the settings selector's "Cache warming") saves the
// mode in the global settings as pi 1.6 does; an unknown mode is refused
// with the modes it may be.
func TestServeSetCacheWarming(t *testing.T) {
	io, _ := world(t)
	s, err := agentsession.Start(context.Background(), agentsession.Options{IO: io, Open: pigo.SessionOpener(io),
		Args: []string{"--no-session", "--no-builtin-tools", "--no-mcp"}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ask := serveAsk(t, s, agentsession.ServeOptions{})
	if r := ask(map[string]any{"type": "set_cache_warming", "id": "s1", "mode": "streaming"}); r["success"] != true {
		t.Fatalf("set_cache_warming: %v", r)
	}
	d, _ := ask(map[string]any{"type": "get_cache_warming", "id": "w1"})["data"].(map[string]any)
	if d["mode"] != "streaming" {
		t.Errorf("mode after set: %v", d)
	}
	saved, _ := os.ReadFile(filepath.Join(io.Getenv("PI_CODING_AGENT_DIR"), "settings.json"))
	if !strings.Contains(string(saved), `"cacheWarming": "streaming"`) {
		t.Errorf("settings.json: %s", saved)
	}
	r := ask(map[string]any{"type": "set_cache_warming", "id": "s2", "mode": "always"})
	if msg, _ := r["error"].(string); r["success"] != false || msg != `set_cache_warming: mode "always" is not one of off, streaming, idle` {
		t.Errorf("bad mode: %v", r)
	}
}

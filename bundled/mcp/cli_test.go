package mcp

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

func TestList(t *testing.T) {
	agent := t.TempDir()
	url := httpServer(t)
	writeJSON(t, filepath.Join(agent, "mcp.json"), obj{"mcpServers": obj{
		"web":    obj{"url": url, "toolExposure": obj{"echo": "direct"}},
		"off":    obj{"command": "srv", "enabled": false},
		"broken": obj{"command": filepath.Join(agent, "missing")},
		"bad":    obj{"command": 1},
	}})
	var out strings.Builder
	status := List(context.Background(), ListOptions{AgentDir: agent, World: World{Cwd: t.TempDir()}}, &out)
	got := out.String()
	if status != 1 {
		t.Errorf("status %d with an invalid entry and a failed server", status)
	}
	for _, want := range []string{
		"web: connected, 12 tools (codemode, global)\n  " + url + "\n  tools: big, child, crash, echo [direct], fail,",
		"off: disabled (codemode, global)\n  srv\n",
		"broken: failed (codemode, global)\n  " + filepath.Join(agent, "missing") + "\n  ",
		`config error: ` + filepath.Join(agent, "mcp.json") + `: server "bad" needs either "command" (stdio) or "url" (streamable HTTP)`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	out.Reset()
	if status := List(context.Background(), ListOptions{AgentDir: t.TempDir()}, &out); status != 0 || !strings.HasPrefix(out.String(), "No MCP servers configured.") {
		t.Errorf("%d %q", status, out.String())
	}
}

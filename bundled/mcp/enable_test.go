package mcp

import (
	"path/filepath"
	"testing"
)

func TestSelect(t *testing.T) {
	agent, cwd := t.TempDir(), t.TempDir()
	sel := Selection{Extensions: []string{"a.ts", "builtin:mcp"}, Discover: true, AgentDir: agent, Cwd: cwd}
	if rest, load := Select(sel); !load || len(rest) != 1 || rest[0] != "a.ts" {
		t.Errorf("-e builtin:mcp: %v %v", rest, load)
	}
	sel.Extensions = nil
	if _, load := Select(sel); !load {
		t.Error("not loaded by default")
	}
	write(t, filepath.Join(agent, "settings.json"), `{"extensions": ["-builtin:mcp"]}`)
	if _, load := Select(sel); load {
		t.Error("-builtin:mcp in settings still loads it")
	}
	write(t, filepath.Join(cwd, ".pi", "settings.json"), `{"extensions": ["+builtin:mcp"]}`)
	if _, load := Select(sel); !load {
		t.Error("the project's +builtin:mcp does not override the user's setting")
	}
	if _, load := Select(Selection{Discover: true, NoMCP: true, AgentDir: agent, Cwd: cwd}); load {
		t.Error("--no-mcp")
	}
	if _, load := Select(Selection{Discover: false, AgentDir: agent, Cwd: cwd}); load {
		t.Error("--no-extensions")
	}
	if _, load := Select(Selection{Extensions: []string{"builtin:mcp"}, NoMCP: true}); load {
		t.Error("--no-mcp -e builtin:mcp")
	}
}

package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pigo-dev/pigo/bundled/mcp/mcptest"
)

// TestDifferentialMCPCommands16: the `mcp` subcommands' help and usage
// errors print what pi 1.6 prints (command name and paths masked): help,
// an unknown subcommand, `list` with an extra argument or an unknown
// option, `list --json` of an empty config, `login`/`logout` without a
// server.
func TestDifferentialMCPCommands16(t *testing.T) {
	sides := pi16Sides(t)
	steps := [][]string{
		{"--help"},
		{"frob"},
		{"list", "extra"},
		{"list", "--frob"},
		{"list", "--json"},
		{"login"},
		{"logout"},
	}
	out := map[string][]string{}
	for side, argv := range sides {
		dir, work, agentDir := sideDirs(t)
		var lines []string
		for _, args := range steps {
			text := runCLI(argv, dir, append([]string{"mcp"}, args...)...)
			text = strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(text, work, "<work>"), agentDir, "<agent>"), "pigo", "pi")
			lines = append(lines, "$ mcp "+strings.Join(args, " "))
			lines = append(lines, strings.Split(text, "\n")...)
		}
		out[side] = lines
	}
	if d := lineDiff(out["pi"], out["pigo"]); d != "" {
		t.Errorf("mcp commands differ (- pi, + pigo):\n%s", d)
	}
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
	}
}

// TestDifferentialMCPProviderAuth16: `mcp list` against pi 1.6 for HTTP
// servers whose entries name a model provider in "auth": the provider's
// key from auth.json goes as the bearer token (the server refuses any
// other), and a provider without credentials gets the server's refusal.
func TestDifferentialMCPProviderAuth16(t *testing.T) {
	sides := pi16Sides(t)
	srv := mcptest.Server()
	mcpHandler := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer sk-ant-test" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		mcpHandler.ServeHTTP(w, r)
	}))
	defer ts.Close()
	out := map[string]string{}
	for side, argv := range sides {
		dir, _, agentDir := sideDirs(t)
		must(t, os.WriteFile(filepath.Join(agentDir, "auth.json"), []byte(`{"anthropic": {"type": "api_key", "key": "sk-ant-test"}}`), 0o600))
		cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
			"claude": map[string]any{"url": ts.URL, "auth": map[string]any{"provider": "anthropic"}},
			"nokey":  map[string]any{"url": ts.URL, "auth": map[string]any{"provider": "mistral"}},
		}})
		must(t, os.WriteFile(filepath.Join(agentDir, "mcp.json"), cfg, 0o644))
		text := runCLI(argv, dir, "mcp", "list")
		out[side] = strings.ReplaceAll(strings.ReplaceAll(text, ts.URL, "<url>"), "pigo", "pi")
	}
	if out["pi"] != out["pigo"] {
		t.Errorf("mcp list differs:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
	}
	if !strings.Contains(out["pi"], "echo") {
		t.Errorf("pi did not connect with the provider's key:\n%s", out["pi"])
	}
}

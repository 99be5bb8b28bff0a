package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDifferentialMCP16: pi 1.6 and pigo spawn the same stdio MCP server
// (bundled/mcp/mcptest, on the official Go SDK) from the user's mcp.json,
// with only the built-in MCP support loaded (-ne -e builtin:mcp); the
// model calls its tools (text, isError, structuredContent only, an image).
// Both sides must declare the same MCP tools in the first request, end
// each call with the same result, and send the model the same tool
// messages.
func TestDifferentialMCP16(t *testing.T) {
	sides := pi16Sides(t)
	server := buildTestMCPServer(t)
	steps := []mockStep{
		{ToolCalls: []mockToolCall{
			{ID: "call_1", Name: "mcp__local__echo", Arguments: map[string]any{"text": "hi"}},
			{ID: "call_2", Name: "mcp__local__fail", Arguments: map[string]any{}},
			{ID: "call_3", Name: "mcp__local__structured", Arguments: map[string]any{}},
			{ID: "call_4", Name: "mcp__local__image", Arguments: map[string]any{}},
		}},
		{Text: "done"},
	}
	out := map[string][]string{}
	for side, argv := range sides {
		stdout, reqs := runMCPSide(t, side, argv, steps, map[string]any{"local": map[string]any{"command": server, "exposure": "direct"}}, "use the tools")
		out[side] = projectMCP(stdout, reqs)
	}
	if d := lineDiff(out["pi"], out["pigo"]); d != "" {
		t.Errorf("outputs differ (- pi, + pigo):\n%s", d)
	}
	if len(out["pi"]) < 9 {
		t.Errorf("pi's side is too short to compare:\n%s", strings.Join(out["pi"], "\n"))
	}
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
	}
}

// buildTestMCPServer builds the stdio test server (bundled/mcp/mcptest)
// that pi 1.6 and pigo both run, and returns its path.
func buildTestMCPServer(t *testing.T) string {
	t.Helper()
	server := filepath.Join(t.TempDir(), "mcpserver")
	build := exec.Command("go", "build", "-o", server, "github.com/pigo-dev/pigo/bundled/mcp/mcptest/server")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the test MCP server: %v\n%s", err, out)
	}
	return server
}

// projectMCP keeps the MCP tools the first request declares, each
// tool_execution_end's tool, result and error flag, and the tool messages
// of the second request, in a stable order (the calls run in parallel).
func projectMCP(stdout string, reqs []map[string]any) []string {
	var lines []string
	for _, l := range strings.Split(stdout, "\n") {
		var ev map[string]any
		if json.Unmarshal([]byte(l), &ev) != nil || ev["type"] != "tool_execution_end" {
			continue
		}
		b, _ := json.Marshal(map[string]any{"tool": ev["toolName"], "isError": ev["isError"], "result": ev["result"]})
		lines = append(lines, "end "+string(b))
	}
	slices.Sort(lines)
	for i, r := range reqs {
		tools, _ := r["tools"].([]any)
		var names []string
		for _, tl := range tools {
			fn, _ := tl.(map[string]any)["function"].(map[string]any)
			if n := str(fn["name"]); strings.HasPrefix(n, "mcp__") || strings.Contains(n, "_mcp_resource") {
				names = append(names, n)
			}
		}
		slices.Sort(names)
		lines = append(lines, fmt.Sprintf("request %d tools %s", i+1, strings.Join(names, ",")))
		msgs, _ := r["messages"].([]any)
		var toolMsgs []string
		for _, m := range msgs {
			if mm, _ := m.(map[string]any); mm["role"] == "tool" || mm["role"] == "user" && i > 0 {
				b, _ := json.Marshal(mm)
				toolMsgs = append(toolMsgs, string(b))
			}
		}
		slices.Sort(toolMsgs)
		for _, m := range toolMsgs {
			lines = append(lines, fmt.Sprintf("request %d message %s", i+1, m))
		}
	}
	return lines
}

// TestDifferentialMCPStatus16: /mcp outside the TUI (RPC mode) prints the
// same status as pi 1.6 for a connected server, one that fails to start
// and an invalid entry. The failure's own text (Node's spawn error, Go's
// exec error) is masked.
func TestDifferentialMCPStatus16(t *testing.T) {
	sides := pi16Sides(t)
	server := buildTestMCPServer(t)
	out := map[string][]string{}
	for side, argv := range sides {
		dir, _, agentDir := sideDirs(t)
		llm := newMockLLM(nil)
		must(t, os.WriteFile(filepath.Join(agentDir, "models.json"), []byte(mockModelsJSON(llm.URL())), 0o644))
		cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
			"local":  map[string]any{"command": server, "exposure": "direct"},
			"broken": map[string]any{"command": filepath.Join(dir, "no-such-server")},
			"old":    map[string]any{"url": "http://127.0.0.1:1/sse", "type": "sse"},
		}})
		must(t, os.WriteFile(filepath.Join(agentDir, "mcp.json"), cfg, 0o644))
		d := startDriver(t, sideCommand(argv, dir, "--mode", "rpc", "--no-session", "--no-extensions", "-e", "builtin:mcp", "--no-builtin-tools",
			"--provider", "mock", "--model", "mock-1"))
		mark := d.mark()
		d.call(`{"id":"m1","type":"prompt","message":"/mcp"}`)
		ev := d.waitFrom(mark, func(ev map[string]any) bool {
			return ev["type"] == "extension_ui_request" && strings.Contains(str(ev["message"]), "local: ")
		})
		d.finish()
		llm.Close()
		msg := strings.ReplaceAll(str(ev["message"]), agentDir, "<agent>")
		msg = regexp.MustCompile(`(?m)^(broken: failed \(codemode\)\n    ).*$`).ReplaceAllString(msg, "$1<error>")
		out[side] = strings.Split(msg, "\n")
	}
	if d := lineDiff(out["pi"], out["pigo"]); d != "" {
		t.Errorf("/mcp differs (- pi, + pigo):\n%s", d)
	}
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
	}
}

// TestDifferentialMCPList16: `mcp list` prints the same report in pi 1.6
// and pigo for a connected stdio server with a per-tool exposure, a
// disabled one, one that fails to start (its error text masked) and an
// invalid entry, and exits 1 for them.
func TestDifferentialMCPList16(t *testing.T) {
	sides := pi16Sides(t)
	server := buildTestMCPServer(t)
	out := map[string][]string{}
	for side, argv := range sides {
		dir, _, agentDir := sideDirs(t)
		cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
			"local":  map[string]any{"command": server, "args": []any{"--quiet"}, "toolExposure": map[string]any{"echo": "direct", "g*": "hidden"}},
			"off":    map[string]any{"command": "srv", "enabled": false},
			"broken": map[string]any{"command": filepath.Join(dir, "no-such-server")},
			"bad":    map[string]any{"command": 1},
		}})
		must(t, os.WriteFile(filepath.Join(agentDir, "mcp.json"), cfg, 0o644))
		cmd := sideCommand(argv, dir, "mcp", "list")
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		text := strings.ReplaceAll(strings.ReplaceAll(stdout.String(), dir, "<dir>"), server, "<server>")
		text = regexp.MustCompile(`(?m)^(broken: failed \(codemode, global\)\n  <dir>/no-such-server\n  ).*$`).ReplaceAllString(text, "$1<error>")
		out[side] = append(strings.Split(text, "\n"), fmt.Sprintf("## exit %d", exitStatus(err)))
	}
	if d := lineDiff(out["pi"], out["pigo"]); d != "" {
		t.Errorf("mcp list differs (- pi, + pigo):\n%s", d)
	}
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
	}
}

// TestDifferentialMCPAddRemove16: `mcp add` and `mcp remove` write the
// same mcp.json files and print the same messages as pi 1.6 (the command
// name and paths masked): stdio and HTTP entries with their options, a
// replacement keeping the file's other content, key order and tab
// indentation, a project entry (-l) in an untrusted project, and bad
// input: unknown options, options of the other transport, bad pairs, an
// invalid name or exposure, removing what is not there.
func TestDifferentialMCPAddRemove16(t *testing.T) {
	sides := pi16Sides(t)
	steps := [][]string{
		{"add", "fs", "--env", "A=1", "--cwd", "sub", "--exposure", "direct", "--", "npx", "-y", "server", "--flag"},
		{"add", "docs", "--url", "https://example.com/mcp", "--header", "X-A=b", "--bearer-token-env-var", "TOKEN", "--description", "Docs"},
		{"add", "sentry", "--url", "https://mcp.sentry.dev/mcp", "--oauth-client-id", "id", "--oauth-callback-port", "8765"},
		{"add", "fs", "srv"},
		{"add", "-l", "proj", "--", "tool"},
		{"add", "x", "--frob", "--", "y"},
		{"add", "x", "--env", "A=1", "--url", "https://e"},
		{"add", "x", "--header", "X", "--url", "https://e"},
		{"add", "bad name", "--", "y"},
		{"add", "x", "--exposure", "loud", "--", "y"},
		{"add", "x"},
		{"add", "x", "--url"},
		{"remove", "docs"},
		{"remove", "docs"},
		{"remove", "proj"},
		{"remove", "-l", "proj"},
		{"remove"},
	}
	out := map[string][]string{}
	for side, argv := range sides {
		dir, work, agentDir := sideDirs(t)
		// An existing file: its other content, key order and tabs stay.
		must(t, os.WriteFile(filepath.Join(agentDir, "mcp.json"), []byte("{\n\t\"zeta\": 1,\n\t\"mcpServers\": {\n\t\t\"keep\": { \"command\": \"k\", \"exposure\": \"deferred\" }\n\t},\n\t\"autoEnableCodemode\": false\n}\n"), 0o644))
		var lines []string
		for _, args := range steps {
			text := runCLI(argv, dir, append([]string{"mcp"}, args...)...)
			for _, f := range []string{"mcp.json", filepath.Join("..", "work", ".pi", "mcp.json")} {
				b, _ := os.ReadFile(filepath.Join(agentDir, f))
				text += "\n## " + f + "\n" + string(b)
			}
			text = strings.ReplaceAll(strings.ReplaceAll(strings.ReplaceAll(text, work, "<work>"), agentDir, "<agent>"), "pigo", "pi")
			lines = append(lines, "$ mcp "+strings.Join(args, " "))
			lines = append(lines, strings.Split(text, "\n")...)
		}
		out[side] = lines
	}
	if d := lineDiff(out["pi"], out["pigo"]); d != "" {
		t.Errorf("mcp add/remove differ (- pi, + pigo):\n%s", d)
	}
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
	}
}

// TestDifferentialMCPResources16: with the test server's resources, pi 1.6
// and pigo declare the same resource tools (description and parameters),
// and the model's calls to them end with the same results and send it the
// same tool messages: every server's resources and templates, one
// server's page, reads of text, an image, several contents and a
// template, and errors (no such server, a cursor without a server).
func TestDifferentialMCPResources16(t *testing.T) {
	sides := pi16Sides(t)
	server := buildTestMCPServer(t)
	steps := []mockStep{
		{ToolCalls: []mockToolCall{
			{ID: "call_1", Name: "list_mcp_resources", Arguments: map[string]any{}},
			{ID: "call_2", Name: "list_mcp_resources", Arguments: map[string]any{"server": "local"}},
			{ID: "call_3", Name: "list_mcp_resource_templates", Arguments: map[string]any{}},
			{ID: "call_4", Name: "read_mcp_resource", Arguments: map[string]any{"server": "local", "uri": "test://greeting"}},
			{ID: "call_5", Name: "read_mcp_resource", Arguments: map[string]any{"server": "local", "uri": "test://dir"}},
			{ID: "call_6", Name: "read_mcp_resource", Arguments: map[string]any{"server": "local", "uri": "test://pixel.png"}},
			{ID: "call_7", Name: "read_mcp_resource", Arguments: map[string]any{"server": "local", "uri": "test://items/7"}},
			{ID: "call_8", Name: "read_mcp_resource", Arguments: map[string]any{"server": "nope", "uri": "x"}},
			{ID: "call_9", Name: "list_mcp_resources", Arguments: map[string]any{"cursor": "c"}},
		}},
		{Text: "done"},
	}
	out := map[string][]string{}
	for side, argv := range sides {
		stdout, reqs := runMCPSide(t, side, argv, steps, map[string]any{"local": map[string]any{"command": server, "exposure": "direct"}}, "use the resources")
		lines := projectMCP(stdout, reqs)
		if len(reqs) > 0 {
			tools, _ := reqs[0]["tools"].([]any)
			for _, tl := range tools {
				fn, _ := tl.(map[string]any)["function"].(map[string]any)
				if strings.Contains(str(fn["name"]), "_mcp_resource") {
					// "strict" is the provider's (pi 1.6's openai-completions
					// leaves it out for this model), not the tool's.
					delete(fn, "strict")
					b, _ := json.Marshal(fn)
					lines = append(lines, "declared "+string(b))
				}
			}
		}
		slices.Sort(lines)
		out[side] = lines
	}
	if d := lineDiff(out["pi"], out["pigo"]); d != "" {
		t.Errorf("outputs differ (- pi, + pigo):\n%s", d)
	}
	if len(out["pi"]) < 20 {
		t.Errorf("pi's side is too short to compare:\n%s", strings.Join(out["pi"], "\n"))
	}
	if os.Getenv("PIGO_DIFF_KEEP") != "" {
		t.Logf("pi:\n%s", strings.Join(out["pi"], "\n"))
	}
}

// TestDifferentialMCPServersSection16: the `mcp_servers` prompt section
// against pi 1.6: servers reached through codemode (the default
// exposure) and tool_search (deferred), sorted by name as localeCompare
// does, each with its configured description's first line (trimmed; one
// over 250 characters cut with an ellipsis); a direct server and a
// disabled one are not listed. The section goes out in the request's
// system prompt. (A server without a description is summarized by the
// instructions it sent once connected, which the first prompt does not
// wait for: section_test.go covers that.)
func TestDifferentialMCPServersSection16(t *testing.T) {
	sides := pi16Sides(t)
	server := buildTestMCPServer(t)
	servers := map[string]any{
		"zeta-local": map[string]any{"command": server, "description": "Local tools"},
		"docs":       map[string]any{"command": server, "exposure": "deferred", "description": "  Search the docs.\nSecond line."},
		"Alpha":      map[string]any{"command": server, "exposure": "deferred", "description": strings.Repeat("Long words ", 30)},
		"shown":      map[string]any{"command": server, "exposure": "direct"},
		"off":        map[string]any{"command": server, "exposure": "deferred", "enabled": false},
	}
	out := map[string]string{}
	for side, argv := range sides {
		_, reqs := runMCPSide(t, side, argv, []mockStep{{Text: "done"}}, servers, "hello", "codemode", "tool-search")
		if len(reqs) == 0 {
			t.Fatalf("%s: no request", side)
		}
		msgs, _ := reqs[0]["messages"].([]any)
		system, _ := msgs[0].(map[string]any)["content"].(string)
		_, rest, ok := strings.Cut(system, "<mcp_servers>\n")
		section, _, ok2 := strings.Cut(rest, "\n</mcp_servers>")
		if !ok || !ok2 {
			t.Fatalf("%s: no mcp_servers section in the system prompt:\n%s", side, system)
		}
		out[side] = section
	}
	if out["pi"] != out["pigo"] {
		t.Errorf("mcp_servers sections differ:\npi:\n%s\npigo:\n%s", out["pi"], out["pigo"])
	}
}

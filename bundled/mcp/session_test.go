package mcp_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pigo-dev/pigo"
	"github.com/pigo-dev/pigo/bundled/mcp"
	"github.com/pigo-dev/pigo/engine/agentsession"
	"github.com/pigo-dev/pigo/engine/provider"
)

// The agent calls MCP tools end to end: pi's session with builtin:mcp
// loaded as by default, a scripted model, the test server over stdio and
// HTTP. The first request already declares the direct tools (the prompt
// waits for their servers), and each result reaches the model.
func TestSessionCallsMCPTools(t *testing.T) {
	dir := t.TempDir()
	agentDir := filepath.Join(dir, "agent")
	stdio := mcp.StdioConfig(t)
	stdio["exposure"] = "direct"
	writeFile(t, filepath.Join(agentDir, "mcp.json"), map[string]any{"mcpServers": map[string]any{
		"local": stdio,
		"web":   map[string]any{"url": mcp.HTTPServer(t), "exposure": "direct"},
		"down":  map[string]any{"command": filepath.Join(dir, "missing"), "exposure": "direct"},
	}})

	var mu sync.Mutex
	var declared []string
	var results []string
	model := provider.NewScripted(provider.ScriptedOptions{})
	model.Queue(
		provider.ScriptStep{Func: func(_ context.Context, c *provider.Context, _ *provider.Options, _ int, _ *provider.Model) (provider.ScriptStep, error) {
			mu.Lock()
			for _, tool := range c.Tools {
				declared = append(declared, tool.Name)
			}
			mu.Unlock()
			return provider.Reply(
				provider.ToolCallBlock("call_1", "mcp__local__echo", map[string]any{"text": "over stdio"}),
				provider.ToolCallBlock("call_2", "mcp__web__fail", map[string]any{}),
			), nil
		}},
		provider.Reply(provider.ToolCallBlock("call_3", "mcp__web__echo", map[string]any{"text": "again"})),
		provider.ReplyText("done"),
	)
	env := map[string]string{"HOME": dir, "PI_CODING_AGENT_DIR": agentDir}
	world := &agentsession.IO{Cwd: dir, Getenv: func(k string) string { return env[k] }, Stderr: os.Stderr, FS: pigo.OSFS{}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := agentsession.Start(ctx, agentsession.Options{
		IO: world, Open: pigo.SessionOpener(world),
		Args:      []string{"--model", "scripted/scripted-1", "--no-session", "--no-builtin-tools"},
		Providers: []agentsession.ProviderSource{model},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.Subscribe(func(ev map[string]any) {
		if ev["type"] == "tool_execution_end" {
			b, _ := json.Marshal(ev["result"])
			mu.Lock()
			results = append(results, ev["toolName"].(string)+" "+string(b))
			mu.Unlock()
		}
	})
	if err := s.Prompt(ctx, "call the tools"); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, want := range []string{"mcp__local__echo", "mcp__web__echo", "mcp__web__fail"} {
		if !slices.Contains(declared, want) {
			t.Errorf("the first request does not declare %s: %v", want, declared)
		}
	}
	got := strings.Join(results, "\n")
	for _, want := range []string{
		`mcp__local__echo {"content":[{"text":"echo: over stdio","type":"text"}],"details":{"server":"local","tool":"echo"}`,
		`mcp__web__fail {"content":[{"text":"boom","type":"text"}],"details":{"server":"web","tool":"fail"},"isError":true`,
		`mcp__web__echo {"content":[{"text":"echo: again","type":"text"}]`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
}

// --no-mcp: no servers connect, no MCP tools, no /mcp.
func TestSessionNoMCP(t *testing.T) {
	dir := t.TempDir()
	agentDir := filepath.Join(dir, "agent")
	writeFile(t, filepath.Join(agentDir, "mcp.json"), map[string]any{"mcpServers": map[string]any{
		"web": map[string]any{"url": mcp.HTTPServer(t), "exposure": "direct"},
	}})
	var declared []string
	model := provider.NewScripted(provider.ScriptedOptions{})
	model.Queue(provider.ScriptStep{Func: func(_ context.Context, c *provider.Context, _ *provider.Options, _ int, _ *provider.Model) (provider.ScriptStep, error) {
		for _, tool := range c.Tools {
			declared = append(declared, tool.Name)
		}
		return provider.ReplyText("ok"), nil
	}})
	env := map[string]string{"HOME": dir, "PI_CODING_AGENT_DIR": agentDir}
	world := &agentsession.IO{Cwd: dir, Getenv: func(k string) string { return env[k] }, Stderr: os.Stderr, FS: pigo.OSFS{}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := agentsession.Start(ctx, agentsession.Options{
		IO: world, Open: pigo.SessionOpener(world),
		Args:      []string{"--model", "scripted/scripted-1", "--no-session", "--no-builtin-tools", "--no-mcp"},
		Providers: []agentsession.ProviderSource{model},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Prompt(ctx, "hi"); err != nil {
		t.Fatal(err)
	}
	if len(declared) != 0 {
		t.Errorf("--no-mcp declared %v", declared)
	}
}

func writeFile(t *testing.T, path string, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A server a pi extension registers with pi.registerMcpServer connects
// like a configured one, and the agent calls its tools.
func TestSessionRegisteredServer(t *testing.T) {
	dir := t.TempDir()
	agentDir := filepath.Join(dir, "agent")
	ext := filepath.Join(dir, "ext.ts")
	src := `export default function (pi: any) { pi.registerMcpServer("reg", { url: ` + strconv.Quote(mcp.HTTPServer(t)) + `, exposure: "direct" }); }`
	if err := os.WriteFile(ext, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var results []string
	var mu sync.Mutex
	model := provider.NewScripted(provider.ScriptedOptions{})
	model.Queue(provider.Reply(provider.ToolCallBlock("c1", "mcp__reg__echo", map[string]any{"text": "registered"})), provider.ReplyText("ok"))
	env := map[string]string{"HOME": dir, "PI_CODING_AGENT_DIR": agentDir}
	world := &agentsession.IO{Cwd: dir, Getenv: func(k string) string { return env[k] }, Stderr: os.Stderr, FS: pigo.OSFS{}}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	s, err := agentsession.Start(ctx, agentsession.Options{
		IO: world, Open: pigo.SessionOpener(world),
		Args:      []string{"--model", "scripted/scripted-1", "--no-session", "--no-builtin-tools", "-e", ext},
		Providers: []agentsession.ProviderSource{model},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.Subscribe(func(ev map[string]any) {
		if ev["type"] == "tool_execution_end" {
			b, _ := json.Marshal(ev["result"])
			mu.Lock()
			results = append(results, string(b))
			mu.Unlock()
		}
	})
	if err := s.Prompt(ctx, "go"); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(results) != 1 || !strings.Contains(results[0], `"text":"echo: registered"`) {
		t.Errorf("results %v", results)
	}
}

// TestRelocateReadsTheNewProjectsServers: a session of another project
// starts the built-in extension again there (pigo's App.Relocate, as pi
// creates a new runtime): the new project's .pi/mcp.json servers
// connect, the first project's go.
func TestRelocateReadsTheNewProjectsServers(t *testing.T) {
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one"), filepath.Join(dir, "two")
	for d, name := range map[string]string{one: "first", two: "second"} {
		cfg := mcp.StdioConfig(t)
		cfg["exposure"] = "direct"
		writeFile(t, filepath.Join(d, ".pi", "mcp.json"), map[string]any{"mcpServers": map[string]any{name: cfg}})
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	a, err := pigo.Open(ctx, pigo.Options{Cwd: one, AgentDir: filepath.Join(dir, "agent"), Discover: true, NoBundled: true})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = a.Close(context.Background()) }()
	has := func(name string) bool { _, ok := a.Host.Tools().Current().Get(name); return ok }
	waitFor := func(what string, cond func() bool) {
		t.Helper()
		for !cond() {
			select {
			case <-ctx.Done():
				t.Fatalf("%s: timed out", what)
			case <-time.After(20 * time.Millisecond):
			}
		}
	}
	a.Host.Emit(ctx, "session_start", map[string]any{"type": "session_start", "reason": "startup"})
	waitFor("first project's server", func() bool { return has("mcp__first__echo") })
	a.Host.Emit(ctx, "session_shutdown", map[string]any{"type": "session_shutdown", "reason": "resume"})
	a.Host.SetCwd(two)
	a.Relocate(ctx, two, true)
	a.Host.Emit(ctx, "session_start", map[string]any{"type": "session_start", "reason": "resume"})
	waitFor("second project's server", func() bool { return has("mcp__second__echo") })
	if has("mcp__first__echo") {
		t.Error("the first project's server still offers its tools")
	}
}

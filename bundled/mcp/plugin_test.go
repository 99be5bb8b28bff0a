package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pigo-dev/pigo/bundled/mcp/mcptest"
	"github.com/pigo-dev/pigo/engine"
	"github.com/pigo-dev/pigo/engine/jsjson"
	"github.com/pigo-dev/pigo/engine/piapi"
)

type obj = map[string]any

// boot starts a host with the plugin and the given mcp.json servers, emits
// session_start, and returns the host.
func boot(t *testing.T, servers obj, extra ...engine.PluginSpec) *engine.Host {
	t.Helper()
	return bootWait(t, 5*time.Second, servers, extra...)
}

// bootWait is boot with how long the first prompt waits for servers.
func bootWait(t *testing.T, wait time.Duration, servers obj, extra ...engine.PluginSpec) *engine.Host {
	t.Helper()
	return bootConfig(t, wait, obj{"mcpServers": servers}, extra...)
}

// bootConfig is bootWait with the whole mcp.json.
func bootConfig(t *testing.T, wait time.Duration, config obj, extra ...engine.PluginSpec) *engine.Host {
	t.Helper()
	agentDir := t.TempDir()
	writeJSON(t, filepath.Join(agentDir, "mcp.json"), config)
	h := engine.New(engine.Options{Cwd: t.TempDir()})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = h.Close(ctx)
	})
	specs := append(extra, Spec(Options{AgentDir: agentDir, World: World{Env: environ()}, StartupWait: wait}))
	for _, r := range h.Boot(context.Background(), specs) {
		if !r.OK {
			t.Fatal(r.Err)
		}
	}
	h.Emit(context.Background(), "session_start", obj{"type": "session_start", "reason": "startup"})
	return h
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls until cond holds (servers connect in the background).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

func hasTool(h *engine.Host, name string) bool { _, ok := h.Tools().Current().Get(name); return ok }

func notifications(h *engine.Host) string {
	list, _ := piapi.Of(h).UI().State()["notifications"].([]any)
	var out []string
	for _, n := range list {
		out = append(out, n.(map[string]any)["message"].(string))
	}
	return strings.Join(out, "\n---\n")
}

func run(t *testing.T, h *engine.Host, name string, args obj) (engine.ToolResult, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return h.RunTool(ctx, name, engine.ToolCall{ID: "c1", Params: args})
}

func TestDirectToolsOverHTTP(t *testing.T) {
	h := boot(t, obj{"web": obj{"url": httpServer(t), "exposure": "direct"}})
	waitFor(t, "mcp__web__echo", func() bool { return hasTool(h, "mcp__web__echo") })
	if !slices.Contains(piapi.Of(h).ActiveTools(), "mcp__web__echo") {
		t.Errorf("a direct tool is not active: %v", piapi.Of(h).ActiveTools())
	}
	if !hasTool(h, "mcp__web__tool_with_dots") {
		t.Error("tool.with-dots is not mcp__web__tool_with_dots")
	}
	e, _ := h.Tools().Current().Get("mcp__web__echo")
	if e.Value.Label != "web/echo" || e.Value.Description != "Echoes its text" || e.Value.Extra["exposure"] != "direct" {
		t.Errorf("definition: %+v", e.Value)
	}

	res, err := run(t, h, "mcp__web__echo", obj{"text": "hi"})
	if err != nil || res.Text() != "echo: hi" || res.IsError {
		t.Fatalf("echo: %+v %v", res, err)
	}
	if d := res.Details.(map[string]any); d["server"] != "web" || d["tool"] != "echo" {
		t.Errorf("details %v", d)
	}

	res, _ = run(t, h, "mcp__web__image", obj{})
	if len(res.Content) != 2 || res.Content[1].Type != "image" || res.Content[1].MimeType != "image/png" || res.Content[1].Data != "UE5H" {
		t.Errorf("image: %+v", res.Content)
	}

	res, _ = run(t, h, "mcp__web__structured", obj{})
	if res.Text() != "{\n  \"sum\": 3\n}" {
		t.Errorf("structured only: %q", res.Text())
	}
	// Scripts get the CallToolResult with its keys in the server's order.
	if b, _ := json.Marshal(res.StructuredContent); string(b) != `{"content":[],"structuredContent":{"sum":3}}` {
		t.Errorf("the script result: %s", b)
	}
	res, _ = run(t, h, "mcp__web__echo", obj{"text": "hi"})
	if b, _ := json.Marshal(res.StructuredContent); string(b) != `{"content":[{"type":"text","text":"echo: hi"}]}` {
		t.Errorf("the script result: %s", b)
	}

	res, _ = run(t, h, "mcp__web__fail", obj{})
	if !res.IsError || res.Text() != "boom" {
		t.Errorf("isError: %+v", res)
	}

	res, _ = run(t, h, "mcp__web__big", obj{})
	if !strings.HasPrefix(res.Text(), "Warning: truncated output (original token count: 7680)\nTotal output lines: 1\n\n") ||
		!strings.Contains(res.Text(), "\u202610240 chars truncated\u2026") {
		t.Errorf("big: %.200q", res.Text())
	}
	if p, _ := res.Details.(map[string]any)["fullOutputPath"].(string); p == "" {
		t.Error("no fullOutputPath")
	} else {
		os.Remove(p)
	}
}

// Servers with the default exposure (codemode) register their tools
// without declaring them; without codemode or tool_search pi warns.
func TestCodemodeExposureIsNotDeclared(t *testing.T) {
	h := boot(t, obj{"docs": obj{"url": httpServer(t)}})
	waitFor(t, "mcp__docs__echo", func() bool { return hasTool(h, "mcp__docs__echo") })
	e, _ := h.Tools().Current().Get("mcp__docs__echo")
	if e.Value.Extra["exposure"] != "deferred" {
		t.Errorf("codemode exposure registers as %v, pi says deferred", e.Value.Extra["exposure"])
	}
	if slices.Contains(piapi.Of(h).ActiveTools(), "mcp__docs__echo") {
		t.Error("a codemode tool is declared to the model")
	}
	if n := notifications(h); !strings.Contains(n, "MCP tools are only reachable from the codemode or tool_search tool, but neither is active; they cannot be called.") {
		t.Errorf("no warning: %q", n)
	}
}

// A stdio server that crashes mid-call fails that call; the next call
// starts it again.
func TestStdioCrashReconnects(t *testing.T) {
	cfg := stdioConfig(t)
	cfg["exposure"] = "direct"
	h := boot(t, obj{"local": cfg})
	waitFor(t, "mcp__local__echo", func() bool { return hasTool(h, "mcp__local__echo") })
	if res, err := run(t, h, "mcp__local__echo", obj{"text": "one"}); err != nil || res.Text() != "echo: one" {
		t.Fatalf("echo: %+v %v", res, err)
	}
	res, err := run(t, h, "mcp__local__crash", obj{})
	if err == nil || !res.IsError {
		t.Fatalf("a crash mid-call is not an error: %+v", res)
	}
	waitFor(t, "the crash to be seen", func() bool {
		return strings.Contains(status(t, h), "local: disconnected, reconnects on next call (direct)\n    Connection closed\n    crashing on purpose")
	})
	if res, err := run(t, h, "mcp__local__echo", obj{"text": "two"}); err != nil || res.Text() != "echo: two" {
		t.Fatalf("no reconnect after the crash: %+v %v", res, err)
	}
}

// A hanging call ends at the server's timeout, in pi's words; the server
// keeps serving other calls.
func TestHangingCallTimesOut(t *testing.T) {
	h := boot(t, obj{"web": obj{"url": httpServer(t), "exposure": "direct", "timeout": 0.3}})
	waitFor(t, "mcp__web__hang", func() bool { return hasTool(h, "mcp__web__hang") })
	res, err := run(t, h, "mcp__web__hang", obj{})
	if err == nil || !res.IsError || res.Text() != "MCP request timed out after 300ms" {
		t.Fatalf("hang: %+v %v", res, err)
	}
	if res, err := run(t, h, "mcp__web__echo", obj{"text": "after"}); err != nil || res.Text() != "echo: after" {
		t.Fatalf("after a timeout: %+v %v", res, err)
	}
}

// A server that cannot start is reported once, shown by /mcp, and the
// other servers work.
func TestServerThatFailsToStart(t *testing.T) {
	h := boot(t, obj{
		"broken": obj{"command": filepath.Join(t.TempDir(), "no-such-server"), "exposure": "direct"},
		"web":    obj{"url": httpServer(t), "exposure": "direct"},
	})
	waitFor(t, "the failure report", func() bool { return strings.Contains(notifications(h), "MCP servers need attention:") })
	n := notifications(h)
	if !strings.Contains(n, "MCP servers need attention:\n  broken: failed: ") || !strings.HasSuffix(n, "\nRun /mcp to fix.") {
		t.Errorf("report: %q", n)
	}
	got := status(t, h)
	if !strings.Contains(got, "broken: failed (direct)\n    ") || !strings.Contains(got, "web: connected, 12 tools (direct)") {
		t.Errorf("/mcp: %q", got)
	}
	if res, err := run(t, h, "mcp__web__echo", obj{"text": "x"}); err != nil || res.Text() != "echo: x" {
		t.Fatalf("the other server: %+v %v", res, err)
	}
}

// An HTTP server that cannot be reached is shown as failed, without tools.
func TestHTTPServerUnreachable(t *testing.T) {
	h2 := boot(t, obj{"gone": obj{"url": "http://127.0.0.1:1/mcp", "exposure": "direct"}})
	waitFor(t, "the failure", func() bool { return strings.Contains(status(t, h2), "gone: failed") })
	if hasTool(h2, "mcp__gone__echo") {
		t.Error("tools of a server that never connected")
	}
}

func status(t *testing.T, h *engine.Host) string {
	t.Helper()
	before := notifications(h)
	if err := h.RunCommand(context.Background(), "/mcp"); err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(strings.TrimPrefix(notifications(h), before), "\n---\n")
}

func TestStatusWithoutServers(t *testing.T) {
	h := boot(t, obj{})
	if got := status(t, h); !strings.HasPrefix(got, "No MCP servers configured. Add them to ") || !strings.HasSuffix(got, "mcp.json or .pi/mcp.json.") {
		t.Errorf("%q", got)
	}
}

// pi.registerMcpServer's servers connect like configured ones; an mcp.json
// server of the same name overrides them.
func TestRegisteredServers(t *testing.T) {
	url := httpServer(t)
	ext := engine.PluginSpec{ID: "ext", Source: "/ext.ts", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := piapi.Of(g.Host()).McpServers().Add(g, func(_ context.Context, d *engine.Draft[map[string]any]) error {
			d.Set("reg", obj{"name": "reg", "config": obj{"url": url, "exposure": "direct"}, "extensionPath": "/ext.ts"})
			d.Set("web", obj{"name": "web", "config": obj{"url": url}, "extensionPath": "/ext.ts"})
			return nil
		})
		return err
	})}
	h := boot(t, obj{"web": obj{"url": url, "exposure": "direct"}}, ext)
	waitFor(t, "mcp__reg__echo", func() bool { return hasTool(h, "mcp__reg__echo") })
	got := status(t, h)
	if !strings.Contains(got, `overridden: "web" registered by /ext.ts is overridden by "web" in `) {
		t.Errorf("%q", got)
	}
}

// A server registered during the session connects on mcp_servers_change;
// an invalid registration is a config error, not a crash.
func TestServerRegisteredLater(t *testing.T) {
	url := httpServer(t)
	var gen *engine.Generation
	ext := engine.PluginSpec{ID: "ext", Source: "/ext.ts", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		gen = g
		_, err := piapi.Of(g.Host()).McpServers().Add(g, func(_ context.Context, d *engine.Draft[map[string]any]) error {
			d.Set("bad", obj{"name": "bad", "config": obj{"url": "ftp://x"}, "extensionPath": "/ext.ts"})
			return nil
		})
		return err
	})}
	h := boot(t, obj{}, ext)
	waitFor(t, "the startup report", func() bool {
		return strings.Contains(notifications(h), "MCP servers need attention:\n  config: /ext.ts")
	})
	if got := status(t, h); got != `config error: /ext.ts: server "bad": url must be an http or https URL` {
		t.Errorf("%q", got)
	}
	if _, err := piapi.Of(h).McpServers().Add(gen, func(_ context.Context, d *engine.Draft[map[string]any]) error {
		d.Set("late", obj{"name": "late", "config": obj{"url": url, "exposure": "direct"}, "extensionPath": "/ext.ts"})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	h.Emit(context.Background(), "mcp_servers_change", obj{"type": "mcp_servers_change"})
	waitFor(t, "mcp__late__echo", func() bool { return hasTool(h, "mcp__late__echo") })
	if res, err := run(t, h, "mcp__late__echo", obj{"text": "late"}); err != nil || res.Text() != "echo: late" {
		t.Fatalf("%+v %v", res, err)
	}
}

func environ() map[string]string {
	env := map[string]string{}
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	return env
}

// env values resolve as pi's config values (${VAR}, "!command"); one that
// does not resolve fails that server in pi's words.
func TestEnvValues(t *testing.T) {
	t.Setenv("PIGO_MCP_MODE", "stdio")
	good := stdioConfig(t)
	good["env"] = obj{"PIGO_MCP_TEST_SERVER": "${PIGO_MCP_MODE}", "FROM_CMD": "!echo hi"}
	good["exposure"] = "direct"
	bad := stdioConfig(t)
	bad["env"] = obj{"TOKEN": "${PIGO_MCP_UNSET_VAR}"}
	h := boot(t, obj{"good": good, "bad": bad})
	waitFor(t, "mcp__good__echo", func() bool { return hasTool(h, "mcp__good__echo") })
	waitFor(t, "bad's failure", func() bool {
		return strings.Contains(status(t, h), `bad: failed (codemode)`+"\n    "+`Failed to resolve MCP server "bad" env "TOKEN"`)
	})
}

// When a server announces a changed tool list, new tools are added and
// withdrawn ones become unreachable (hidden).
func TestToolListChanges(t *testing.T) {
	h := boot(t, obj{"web": obj{"url": httpServer(t), "exposure": "direct"}})
	waitFor(t, "mcp__web__grow", func() bool { return hasTool(h, "mcp__web__grow") })
	if res, err := run(t, h, "mcp__web__grow", obj{}); err != nil || res.Text() != "grew" {
		t.Fatalf("%+v %v", res, err)
	}
	waitFor(t, "mcp__web__grown", func() bool { return hasTool(h, "mcp__web__grown") })
	if !slices.Contains(piapi.Of(h).ActiveTools(), "mcp__web__grown") {
		t.Error("the new direct tool is not active")
	}
	if res, err := run(t, h, "mcp__web__grown", obj{}); err != nil || res.Text() != "grown" {
		t.Fatalf("%+v %v", res, err)
	}
	if _, err := run(t, h, "mcp__web__shrink", obj{}); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "grown to be hidden", func() bool {
		e, ok := h.Tools().Current().Get("mcp__web__grown")
		return ok && e.Value.Extra["exposure"] == "hidden"
	})
	if slices.Contains(piapi.Of(h).ActiveTools(), "mcp__web__grown") {
		t.Error("a withdrawn tool is still active")
	}
	res, err := run(t, h, "mcp__web__grown", obj{})
	if err == nil || res.Text() != `MCP tool "web/grown" is no longer available.` {
		t.Errorf("calling a withdrawn tool: %+v %v", res, err)
	}
}

// Progress notifications reach the call's updates and restart its timeout.
func TestProgress(t *testing.T) {
	h := boot(t, obj{"web": obj{"url": httpServer(t), "exposure": "direct", "timeout": 0.3}})
	waitFor(t, "mcp__web__progress", func() bool { return hasTool(h, "mcp__web__progress") })
	var mu sync.Mutex
	var updates []string
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := h.RunTool(ctx, "mcp__web__progress", engine.ToolCall{ID: "c", Params: obj{}, OnUpdate: func(r engine.ToolResult) {
		mu.Lock()
		updates = append(updates, r.Text())
		mu.Unlock()
	}})
	if err != nil || res.Text() != "finished" {
		t.Fatalf("%+v %v", res, err)
	}
	mu.Lock()
	defer mu.Unlock()
	// The SDK hands notifications over asynchronously: the last progress
	// may come after the result, so the updates are an ordered prefix.
	if got := strings.Join(updates, ","); len(updates) < 2 || !strings.HasPrefix("step 1,step 2,step 3", got) {
		t.Errorf("updates %v", updates)
	}
}

func TestReconnectCommand(t *testing.T) {
	h := boot(t, obj{"web": obj{"url": httpServer(t), "exposure": "direct"}})
	waitFor(t, "mcp__web__echo", func() bool { return hasTool(h, "mcp__web__echo") })
	for line, want := range map[string]string{
		"/mcp reconnect web":   `Reconnected to MCP server "web" (connected · 12 tools · resources).`,
		"/mcp reconnect":       `Reconnected to MCP server "web" (connected · 12 tools · resources).`,
		"/mcp reconnect nope":  `No MCP server named "nope".`,
		"/mcp frobnicate":      "Usage: /mcp, /mcp login [server], /mcp logout [server], /mcp reconnect [server]",
		"/mcp login web extra": "Usage: /mcp, /mcp login [server], /mcp logout [server], /mcp reconnect [server]",
	} {
		before := notifications(h)
		if err := h.RunCommand(context.Background(), line); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimPrefix(strings.TrimPrefix(notifications(h), before), "\n---\n"); got != want {
			t.Errorf("%s: %q, want %q", line, got, want)
		}
	}
	if res, err := run(t, h, "mcp__web__echo", obj{"text": "after"}); err != nil || res.Text() != "echo: after" {
		t.Fatalf("after reconnect: %+v %v", res, err)
	}
}

// A server without resources and with one tool reconnects as
// "connected · 1 tool", as pi's describeState words it.
func TestReconnectWithoutResources(t *testing.T) {
	srv := sdk.NewServer(&sdk.Implementation{Name: "plain", Version: "1"}, nil)
	sdk.AddTool(srv, &sdk.Tool{Name: "ping"}, func(context.Context, *sdk.CallToolRequest, struct{}) (*sdk.CallToolResult, any, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "pong"}}}, nil, nil
	})
	ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	t.Cleanup(ts.Close)
	h := boot(t, obj{"plain": obj{"url": ts.URL, "exposure": "direct"}})
	waitFor(t, "mcp__plain__ping", func() bool { return hasTool(h, "mcp__plain__ping") })
	before := notifications(h)
	if err := h.RunCommand(context.Background(), "/mcp reconnect plain"); err != nil {
		t.Fatal(err)
	}
	want := `Reconnected to MCP server "plain" (connected · 1 tool).`
	if got := strings.TrimPrefix(strings.TrimPrefix(notifications(h), before), "\n---\n"); got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// Stopping a stdio server stops its process group: a child it started
// goes too.
func TestShutdownStopsProcessGroup(t *testing.T) {
	cfg := stdioConfig(t)
	cfg["exposure"] = "direct"
	h := boot(t, obj{"local": cfg})
	waitFor(t, "mcp__local__child", func() bool { return hasTool(h, "mcp__local__child") })
	res, err := run(t, h, "mcp__local__child", obj{})
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(res.Text())
	if err != nil {
		t.Fatal(res.Text())
	}
	h.Emit(context.Background(), "session_shutdown", obj{"type": "session_shutdown", "reason": "quit"})
	waitFor(t, "the child to end", func() bool {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		// A zombie is gone too: nothing reaps orphans in some containers.
		return err != nil || strings.Contains(string(b), ") Z ")
	})
}

// A server that never answers does not hold up the first prompt beyond
// the startup wait; the prompt is told it is still connecting.
func TestHangingServerDoesNotHoldThePrompt(t *testing.T) {
	done := make(chan struct{})
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-done:
		}
	}))
	t.Cleanup(hang.Close)
	t.Cleanup(func() { close(done) }) // runs first: the handler ends before Close waits for it
	h := bootWait(t, 300*time.Millisecond, obj{"slow": obj{"url": hang.URL, "exposure": "direct", "timeout": 30}})
	start := time.Now()
	h.RunHook(context.Background(), "before_agent_start", obj{"type": "before_agent_start", "prompt": "hi"})
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the prompt waited %v", d)
	}
	if n := notifications(h); !strings.Contains(n, "MCP servers are still connecting; their tools become available once connected.") {
		t.Errorf("%q", n)
	}
}

// An HTTP server whose entry names a model provider in "auth" gets that
// provider's current credential as its bearer token on every request
// (pi's providerToken); another server gets none.
func TestProviderAuthToken(t *testing.T) {
	var mu sync.Mutex
	seen := map[string][]string{}
	serve := func(name string) string {
		srv := mcptest.Server()
		h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil)
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			seen[name] = append(seen[name], r.Header.Get("Authorization"))
			mu.Unlock()
			h.ServeHTTP(w, r)
		}))
		t.Cleanup(ts.Close)
		return ts.URL
	}
	agentDir := t.TempDir()
	writeJSON(t, filepath.Join(agentDir, "mcp.json"), obj{"mcpServers": obj{
		"claude": obj{"url": serve("claude"), "exposure": "direct", "auth": obj{"provider": "anthropic"}},
		"plain":  obj{"url": serve("plain"), "exposure": "direct"},
	}})
	h := engine.New(engine.Options{Cwd: t.TempDir()})
	t.Cleanup(func() { _ = h.Close(context.Background()) })
	var calls atomic.Int32
	token := func(_ context.Context, provider string) string {
		return fmt.Sprintf("%s-token-%d", provider, calls.Add(1))
	}
	for _, r := range h.Boot(context.Background(), []engine.PluginSpec{Spec(Options{AgentDir: agentDir,
		World: World{Env: environ(), ProviderToken: token}, StartupWait: 5 * time.Second})}) {
		if !r.OK {
			t.Fatal(r.Err)
		}
	}
	h.Emit(context.Background(), "session_start", obj{"type": "session_start", "reason": "startup"})
	waitFor(t, "both servers' tools", func() bool { return hasTool(h, "mcp__claude__echo") && hasTool(h, "mcp__plain__echo") })
	if res, err := run(t, h, "mcp__claude__echo", obj{"text": "hi"}); err != nil || res.Text() != "echo: hi" {
		t.Fatalf("call: %+v %v", res, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen["claude"]) < 2 {
		t.Fatalf("requests to claude: %v", seen["claude"])
	}
	for i, a := range seen["claude"] {
		if !strings.HasPrefix(a, "Bearer anthropic-token-") {
			t.Errorf("request %d to claude: Authorization %q", i, a)
		}
	}
	if first, last := seen["claude"][0], seen["claude"][len(seen["claude"])-1]; first == last {
		t.Errorf("the token is not read per request: %q throughout", first)
	}
	for _, a := range seen["plain"] {
		if a != "" {
			t.Errorf("plain got Authorization %q", a)
		}
	}
	s := &server{entry: Entry{Name: "claude", Config: map[string]any{"url": "http://x", "auth": map[string]any{"provider": "anthropic"}}}}
	if got := s.signInRequired().Error(); got != `MCP server "claude" requires sign-in. Run /login anthropic to sign in.` {
		t.Errorf("sign-in message: %s", got)
	}
}

// A registered server's toolExposure patterns are tried in the order the
// extension wrote them (an ordered object from JavaScript), as pi's
// Object.entries does: "ec*" before "e*" makes echo hidden.
func TestRegisteredToolExposureOrder(t *testing.T) {
	url := httpServer(t)
	ext := engine.PluginSpec{ID: "ext", Source: "/ext.ts", Loader: engine.GoPlugin(func(_ context.Context, g *engine.Generation) error {
		_, err := piapi.Of(g.Host()).McpServers().Add(g, func(_ context.Context, d *engine.Draft[map[string]any]) error {
			te := &jsjson.Object{{Key: "ec*", Value: "hidden"}, {Key: "e*", Value: "direct"}}
			d.Set("reg", obj{"name": "reg", "config": obj{"url": url, "exposure": "codemode", "toolExposure": te}, "extensionPath": "/ext.ts"})
			return nil
		})
		return err
	})}
	h := boot(t, obj{}, ext)
	entries, _, invalid := (&plugin{h: h}).registered(nil)
	if len(entries) != 1 || len(invalid) != 0 {
		t.Fatalf("entries %v, invalid %v", entries, invalid)
	}
	if got := entries[0].ToolExposure("echo") + " " + entries[0].ToolExposure("exit") + " " + entries[0].ToolExposure("big"); got != "hidden direct codemode" {
		t.Errorf("exposures of echo, exit, big: %s", got)
	}
}

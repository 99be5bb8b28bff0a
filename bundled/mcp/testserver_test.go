package mcp

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/pigo-dev/pigo/bundled/mcp/mcptest"
)

// The unit tests serve mcptest.Server over streamable HTTP (httptest) and,
// re-running this test binary with PIGO_MCP_TEST_SERVER=stdio, over stdio.

func TestMain(m *testing.M) {
	if os.Getenv("PIGO_MCP_TEST_SERVER") == "stdio" {
		if err := mcptest.Server().Run(context.Background(), &sdk.StdioTransport{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// httpServer serves the test server over streamable HTTP.
func httpServer(t *testing.T) string {
	srv := mcptest.Server()
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

package mcp

// For the session tests (package mcp_test): the test server's endpoints.
var (
	HTTPServer  = httpServer
	StdioConfig = stdioConfig
)

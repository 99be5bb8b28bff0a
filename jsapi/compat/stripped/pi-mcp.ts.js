module.exports = require("pigo:namespace").lazy(
  "pi-mcp.ts",
  () => ({
    from: {
      "pigo:mcp16": [
        "JSON_RPC_ERROR_CODES",
        "LATEST_PROTOCOL_VERSION",
        "MCP_OUTPUT_MAX_BYTES",
        "McpAbortError",
        "McpAuthRequiredError",
        "McpConnectionClosedError",
        "McpError",
        "McpHttpError",
        "McpSessionExpiredError",
        "McpTimeoutError",
        "SUPPORTED_PROTOCOL_VERSIONS",
        "createMcpToolName",
        "isJsonRpcNotification",
        "isJsonRpcRequest",
        "isJsonRpcResponse",
        "isMcpServerOverride",
        "limitMcpContent",
        "mcpNamespace",
        "mcpServerSummary",
        "normalizeMcpInputSchema",
        "parseJsonRpcMessage",
        "toLlmContent",
        "validateMcpServerConfig"
      ]
    },
    computed: ["McpClient", "PipeTransport", "StdioTransport", "StreamableHttpTransport"]
  }),
  (name) => require("pigo:pi16").unsupported("pi-mcp", name)
);

const h16 = require("pigo:pi16");
Object.defineProperty(exports, "__esModule", { value: true });
h16.lazyNames(
  exports,
  [
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
  ],
  () => require("pigo:mcp16")
);
h16.addUnsupported(exports, "pi-mcp", ["McpClient", "PipeTransport", "StdioTransport", "StreamableHttpTransport"]);

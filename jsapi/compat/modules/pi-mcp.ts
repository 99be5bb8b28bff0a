// @earendil-works/pi-mcp (pi 1.6.0): MCP configuration, naming, JSON-RPC
// and content helpers vendored unchanged (pigo:mcp16, see gen16). The
// client and its transports (stdio, pipe, streamable HTTP) are not
// supported yet and throw "not supported yet: pi-mcp <name>" when
// constructed; pi.registerMcpServer records servers for the host.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const module: any, require: any;

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
        "validateMcpServerConfig",
      ],
    },
    computed: ["McpClient", "PipeTransport", "StdioTransport", "StreamableHttpTransport"],
  }),
  (name: string) => require("pigo:pi16").unsupported("pi-mcp", name),
);

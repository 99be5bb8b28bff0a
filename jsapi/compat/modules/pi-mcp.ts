// @earendil-works/pi-mcp (pi 1.6.0): MCP configuration, naming, JSON-RPC
// and content helpers vendored unchanged (pigo:mcp16, see gen16). The
// client and its transports (stdio, pipe, streamable HTTP) are not
// supported yet and throw "not supported yet: pi-mcp <name>" when
// constructed; pi.registerMcpServer records servers for the host.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const require: any, exports: any;

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
    "validateMcpServerConfig",
  ],
  () => require("pigo:mcp16"),
);
h16.addUnsupported(exports, "pi-mcp", ["McpClient", "PipeTransport", "StdioTransport", "StreamableHttpTransport"]);

var WeakRef = globalThis.WeakRef || class {
  constructor(v) {
    this.v = v;
  }
  deref() {
    return this.v;
  }
};
var FinalizationRegistry = globalThis.FinalizationRegistry || class {
  register() {
  }
  unregister() {
  }
};
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var stdin_exports = __defProp({}, "__esModule", { value: true });
__export(stdin_exports, {
  JSON_RPC_ERROR_CODES: () => JSON_RPC_ERROR_CODES,
  LATEST_PROTOCOL_VERSION: () => LATEST_PROTOCOL_VERSION,
  MCP_OUTPUT_MAX_BYTES: () => MCP_OUTPUT_MAX_BYTES,
  McpAbortError: () => McpAbortError,
  McpAuthRequiredError: () => McpAuthRequiredError,
  McpConnectionClosedError: () => McpConnectionClosedError,
  McpError: () => McpError,
  McpHttpError: () => McpHttpError,
  McpSessionExpiredError: () => McpSessionExpiredError,
  McpTimeoutError: () => McpTimeoutError,
  SUPPORTED_PROTOCOL_VERSIONS: () => SUPPORTED_PROTOCOL_VERSIONS
});
stdin_exports.createMcpToolName = createMcpToolName;
stdin_exports.isJsonRpcNotification = isJsonRpcNotification;
stdin_exports.isJsonRpcRequest = isJsonRpcRequest;
stdin_exports.isJsonRpcResponse = isJsonRpcResponse;
stdin_exports.isMcpServerOverride = isMcpServerOverride;
stdin_exports.limitMcpContent = limitMcpContent;
stdin_exports.mcpNamespace = mcpNamespace;
stdin_exports.mcpServerSummary = mcpServerSummary;
stdin_exports.normalizeMcpInputSchema = normalizeMcpInputSchema;
stdin_exports.parseJsonRpcMessage = parseJsonRpcMessage;
stdin_exports.toLlmContent = toLlmContent;
stdin_exports.validateMcpServerConfig = validateMcpServerConfig;
module.exports = stdin_exports;
var SERVER_NAME = /^[A-Za-z0-9_-]+$/;
function validateMcpServerConfig(name, raw, options = {}) {
  const invalid = (error) => ({ kind: "invalid", error });
  if (!SERVER_NAME.test(name))
    return invalid(`invalid server name "${name}" (use letters, digits, "_" and "-")`);
  if (!isRecord(raw))
    return invalid(`server "${name}" must be an object`);
  const fieldsError = validateBaseFields(raw);
  if (fieldsError)
    return invalid(`server "${name}": ${fieldsError}`);
  const { type, url, command } = raw;
  if (type === "sse") {
    return invalid(`server "${name}": legacy SSE transport is not supported; use the streamable HTTP URL`);
  }
  if (typeof url === "string" && (type === void 0 || type === "http" || type === "streamable-http")) {
    const error = validateHttpFields(raw, url, options);
    if (error)
      return invalid(`server "${name}": ${error}`);
    return { kind: "http", config: raw };
  }
  if (typeof command === "string" && (type === void 0 || type === "stdio")) {
    const error = validateStdioFields(raw);
    if (error)
      return invalid(`server "${name}": ${error}`);
    return { kind: "stdio", config: raw };
  }
  return invalid(`server "${name}" needs either "command" (stdio) or "url" (streamable HTTP)`);
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function validateBaseFields(entry) {
  const { enabled, timeout, description } = entry;
  if (enabled !== void 0 && typeof enabled !== "boolean")
    return "enabled must be a boolean";
  if (description !== void 0 && typeof description !== "string")
    return "description must be a string";
  if (timeout !== void 0 && (typeof timeout !== "number" || !(timeout > 0))) {
    return "timeout must be a positive number of seconds";
  }
  return void 0;
}
function validateHttpFields(entry, url, options) {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    return "url must be an http or https URL";
  if (entry.headers !== void 0 && !isStringRecord(entry.headers))
    return "headers must map names to strings";
  return validateOAuth(entry.oauth, options);
}
function validateStdioFields(entry) {
  const { args, env, cwd } = entry;
  if (args !== void 0 && !(Array.isArray(args) && args.every((arg) => typeof arg === "string"))) {
    return "args must be an array of strings";
  }
  if (env !== void 0 && !isStringRecord(env))
    return "env must map names to strings";
  if (cwd !== void 0 && typeof cwd !== "string")
    return "cwd must be a string";
  return void 0;
}
function isStringRecord(value) {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === "string");
}
var LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];
function validateOAuth(value, options) {
  if (value === void 0)
    return void 0;
  if (!isRecord(value))
    return "oauth must be an object";
  if (value.clientId !== void 0 && typeof value.clientId !== "string")
    return "oauth.clientId must be a string";
  if (value.clientSecret !== void 0 && typeof value.clientSecret !== "string") {
    return "oauth.clientSecret must be a string";
  }
  const port = value.callbackPort;
  if (port !== void 0 && (typeof port !== "number" || !Number.isInteger(port) || port < 1 || port > 65535)) {
    return "oauth.callbackPort must be a port number";
  }
  if (value.callbackUrl !== void 0) {
    if (typeof value.callbackUrl !== "string" || !isLoopbackRedirectUri(value.callbackUrl)) {
      return "oauth.callbackUrl must be an http URI on localhost, 127.0.0.1, or [::1] without query or fragment";
    }
    const urlPort = new URL(value.callbackUrl).port;
    if (urlPort && port !== void 0 && Number(urlPort) !== port) {
      return "oauth.callbackUrl and oauth.callbackPort name different ports";
    }
  }
  if (value.scope !== void 0 && typeof value.scope !== "string")
    return "oauth.scope must be a string";
  if (value.clientName !== void 0 && (typeof value.clientName !== "string" || !value.clientName.trim())) {
    return "oauth.clientName must be a non-empty string";
  }
  const registration = value.clientRegistration;
  if (registration !== void 0 && registration !== "auto" && registration !== "dcr") {
    if (registration !== "cimd")
      return 'oauth.clientRegistration must be "auto", "dcr", or "cimd"';
    if (value.clientId !== void 0 || value.clientName !== void 0) {
      return 'oauth.clientRegistration "cimd" cannot be combined with oauth.clientId or oauth.clientName';
    }
    if (!options.checkMetadataDocumentCallback) {
      return 'oauth.clientRegistration "cimd" is not supported: there are no Client ID Metadata Documents';
    }
    const callbackError = options.checkMetadataDocumentCallback(typeof value.callbackUrl === "string" ? value.callbackUrl : void 0);
    if (callbackError)
      return callbackError;
  }
  const metadataUrl = value.authServerMetadataUrl;
  if (metadataUrl !== void 0) {
    const url = typeof metadataUrl === "string" && URL.canParse(metadataUrl) ? new URL(metadataUrl) : void 0;
    if (!url || !(url.protocol === "https:" || url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname))) {
      return "oauth.authServerMetadataUrl must be an https URL, or http on localhost, 127.0.0.1, or [::1]";
    }
  }
  return void 0;
}
function isLoopbackRedirectUri(value) {
  if (!URL.canParse(value))
    return false;
  const url = new URL(value);
  return url.protocol === "http:" && LOOPBACK_HOSTS.includes(url.hostname) && url.search === "" && url.hash === "";
}
function isMcpServerOverride(entry) {
  return entry.command === void 0 && entry.url === void 0 && entry.type === void 0;
}
function normalizeMcpInputSchema(schema) {
  return {
    ...schema,
    type: schema.type ?? "object",
    ...schema.properties === void 0 ? { properties: {} } : {}
  };
}
var import_node_crypto = require("node:crypto");
var MAX_TOOL_NAME_LENGTH = 64;
function createMcpToolName(server, tool, isTaken = () => false) {
  const name = `mcp__${server}__${tool}`.replace(/[^A-Za-z0-9_]/g, "_");
  if (name.length <= MAX_TOOL_NAME_LENGTH && !isTaken(name))
    return name;
  const hash = (0, import_node_crypto.createHash)("sha256").update(`${server}\0${tool}`).digest("hex").slice(0, 8);
  return `${name.slice(0, MAX_TOOL_NAME_LENGTH - hash.length - 1)}_${hash}`;
}
function mcpNamespace(server) {
  return `mcp__${server.replace(/-/g, "_")}`;
}
function mcpServerSummary(description, instructions) {
  const text = description?.trim() || instructions?.trim() || "";
  return (text.split("\n", 1)[0] ?? "").trim();
}
var MCP_OUTPUT_MAX_BYTES = 20 * 1024;
async function limitMcpContent(content, saveOutput) {
  const combined = content.flatMap((block) => block.type === "text" ? [block.text] : []).join("\n");
  const truncation = truncateMiddle(combined, MCP_OUTPUT_MAX_BYTES);
  if (!truncation)
    return { content };
  let fullOutputPath;
  let where = "";
  if (saveOutput) {
    try {
      fullOutputPath = await saveOutput(combined, ".txt");
      where = `

[Full output: ${fullOutputPath} (read it with offset/limit)]`;
    } catch (error) {
      where = `

[Could not save the full output: ${error instanceof Error ? error.message : String(error)}]`;
    }
  }
  const tokens = Math.ceil(truncation.totalBytes / 4);
  const text = `Warning: truncated output (original token count: ${tokens})
Total output lines: ${truncation.totalLines}

${truncation.content}${where}`;
  return {
    content: [{ type: "text", text }, ...content.filter((block) => block.type === "image")],
    ...fullOutputPath ? { fullOutputPath } : {}
  };
}
function truncateMiddle(text, maxBytes) {
  const buf = Buffer.from(text, "utf-8");
  if (buf.length <= maxBytes)
    return void 0;
  const isBoundary = (index) => index >= buf.length || (buf[index] & 192) !== 128;
  let headEnd = Math.floor(maxBytes / 2);
  while (headEnd > 0 && !isBoundary(headEnd))
    headEnd--;
  let tailStart = buf.length - (maxBytes - Math.floor(maxBytes / 2));
  while (tailStart < buf.length && !isBoundary(tailStart))
    tailStart++;
  const head = buf.subarray(0, headEnd).toString("utf-8");
  const tail = buf.subarray(tailStart).toString("utf-8");
  const removedChars = Array.from(buf.subarray(headEnd, tailStart).toString("utf-8")).length;
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  return { content: `${head}\u2026${removedChars} chars truncated\u2026${tail}`, totalBytes: buf.length, totalLines: lines };
}
function blockToLlmContent(block) {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return { type: "image", data: block.data, mimeType: block.mimeType };
    case "audio":
      return { type: "text", text: `[audio ${block.mimeType} omitted]` };
    case "resource_link":
      return { type: "text", text: `${block.name}: ${block.uri}` };
    case "resource": {
      const resource = block.resource;
      if ("text" in resource)
        return { type: "text", text: resource.text };
      if (resource.mimeType?.startsWith("image/")) {
        return { type: "image", data: resource.blob, mimeType: resource.mimeType };
      }
      return {
        type: "text",
        text: `[binary resource ${resource.uri} (${resource.mimeType ?? "unknown type"}) omitted]`
      };
    }
    default:
      return { type: "text", text: `[unsupported MCP content ${block.type}]` };
  }
}
function toLlmContent(result) {
  const content = (result.content ?? []).map(blockToLlmContent);
  if (content.length === 0 && result.structuredContent !== void 0) {
    content.push({ type: "text", text: JSON.stringify(result.structuredContent, null, 2) });
  }
  return content;
}
var JSON_RPC_ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603
};
var McpError = class extends Error {
  constructor(code, message, data) {
    super(message);
    __publicField(this, "code");
    __publicField(this, "data");
    this.name = "McpError";
    this.code = code;
    this.data = data;
  }
};
var McpConnectionClosedError = class extends Error {
  constructor(message = "MCP connection closed") {
    super(message);
    this.name = "McpConnectionClosedError";
  }
};
var McpTimeoutError = class extends Error {
  constructor(timeoutMs) {
    super(`MCP request timed out after ${timeoutMs}ms`);
    __publicField(this, "timeoutMs");
    this.name = "McpTimeoutError";
    this.timeoutMs = timeoutMs;
  }
};
var McpAbortError = class extends Error {
  constructor(message = "MCP request aborted") {
    super(message);
    this.name = "AbortError";
  }
};
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isJsonRpcId(value) {
  return typeof value === "string" || typeof value === "number" && Number.isFinite(value);
}
function isJsonRpcRequest(message) {
  return isObject(message) && message.jsonrpc === "2.0" && isJsonRpcId(message.id) && typeof message.method === "string";
}
function isJsonRpcNotification(message) {
  return isObject(message) && message.jsonrpc === "2.0" && !("id" in message) && typeof message.method === "string";
}
function isJsonRpcResponse(message) {
  if (!isObject(message) || message.jsonrpc !== "2.0" || !isJsonRpcId(message.id))
    return false;
  if ("result" in message)
    return !("error" in message);
  if (!("error" in message) || !isObject(message.error))
    return false;
  return typeof message.error.code === "number" && typeof message.error.message === "string";
}
function parseJsonRpcMessage(value) {
  if (isJsonRpcRequest(value) || isJsonRpcNotification(value) || isJsonRpcResponse(value))
    return value;
  throw new McpError(JSON_RPC_ERROR_CODES.invalidRequest, "Invalid JSON-RPC message");
}
var LATEST_PROTOCOL_VERSION = "2025-11-25";
var SUPPORTED_PROTOCOL_VERSIONS = [LATEST_PROTOCOL_VERSION, "2025-06-18", "2025-03-26", "2024-11-05"];
var MAX_ERROR_BODY_BYTES = 8 * 1024;
var McpHttpError = class extends Error {
  constructor(status, message, body = "") {
    super(message);
    __publicField(this, "status");
    __publicField(this, "body");
    this.name = "McpHttpError";
    this.status = status;
    this.body = body;
  }
};
var McpAuthRequiredError = class extends McpHttpError {
  constructor(response, body = "") {
    super(401, "MCP server requires authentication", body);
    __publicField(this, "wwwAuthenticate");
    this.name = "McpAuthRequiredError";
    this.wwwAuthenticate = response.headers.get("www-authenticate");
  }
};
var McpSessionExpiredError = class extends McpHttpError {
  constructor(body = "") {
    super(404, "MCP session expired", body);
    this.name = "McpSessionExpiredError";
  }
};

var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var pigo_tools_util_exports = __defProp({}, "__esModule", { value: true });
pigo_tools_util_exports.createToolDefinitionFromAgentTool = createToolDefinitionFromAgentTool;
pigo_tools_util_exports.expandPath = expandPath;
pigo_tools_util_exports.expandTildePath = expandTildePath;
pigo_tools_util_exports.findOnPath = findOnPath;
pigo_tools_util_exports.findTool = findTool;
pigo_tools_util_exports.formatSize = formatSize;
pigo_tools_util_exports.getAgentDir = getAgentDir;
pigo_tools_util_exports.getBinDir = getBinDir;
pigo_tools_util_exports.getShellConfig = getShellConfig;
pigo_tools_util_exports.getShellEnv = getShellEnv;
pigo_tools_util_exports.getTextOutput = getTextOutput;
pigo_tools_util_exports.invalidArgText = invalidArgText;
pigo_tools_util_exports.killProcessTree = killProcessTree;
pigo_tools_util_exports.normalizeDisplayText = normalizeDisplayText;
pigo_tools_util_exports.replaceTabs = replaceTabs;
pigo_tools_util_exports.resolveReadPath = resolveReadPath;
pigo_tools_util_exports.resolveToCwd = resolveToCwd;
pigo_tools_util_exports.sanitizeBinaryOutput = sanitizeBinaryOutput;
pigo_tools_util_exports.shortenPath = shortenPath;
pigo_tools_util_exports.str = str;
pigo_tools_util_exports.stripAnsi = stripAnsi;
pigo_tools_util_exports.truncateHead = truncateHead;
pigo_tools_util_exports.truncateLine = truncateLine;
pigo_tools_util_exports.truncateTail = truncateTail;
pigo_tools_util_exports.withFileMutationQueue = withFileMutationQueue;
pigo_tools_util_exports.wrapToolDefinition = wrapToolDefinition;
pigo_tools_util_exports.wrapToolDefinitions = wrapToolDefinitions;
module.exports = pigo_tools_util_exports;
var fs = __toESM(require("fs"));
var os = __toESM(require("os"));
var path = __toESM(require("path"));
var import_child_process = require("child_process");
var import_pigo_core = require("pigo:core");
var import_pi_tui = require("@mariozechner/pi-tui");
const VERSION = "0.73.1";
const APP_NAME = "pi";
const CONFIG_DIR_NAME = ".pi";
const ENV_AGENT_DIR = "PI_CODING_AGENT_DIR";
function expandTildePath(p) {
  if (p === "~") return os.homedir();
  if (p.startsWith("~/")) return os.homedir() + p.slice(1);
  return p;
}
function getAgentDir() {
  const envDir = process.env[ENV_AGENT_DIR];
  if (envDir) return expandTildePath(envDir);
  return path.join(os.homedir(), CONFIG_DIR_NAME, "agent");
}
function getBinDir() {
  return path.join(getAgentDir(), "bin");
}
const DEFAULT_MAX_LINES = 2e3;
const DEFAULT_MAX_BYTES = 50 * 1024;
const GREP_MAX_LINE_LENGTH = 500;
const byteLength = (s) => Buffer.byteLength(s, "utf-8");
function formatSize(bytes) {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}
function truncateHead(content, options = {}) {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = byteLength(content);
  const lines = content.split("\n");
  const totalLines = lines.length;
  if (totalLines <= maxLines && totalBytes <= maxBytes) {
    return {
      content,
      truncated: false,
      truncatedBy: null,
      totalLines,
      totalBytes,
      outputLines: totalLines,
      outputBytes: totalBytes,
      lastLinePartial: false,
      firstLineExceedsLimit: false,
      maxLines,
      maxBytes
    };
  }
  const firstLineBytes = byteLength(lines[0]);
  if (firstLineBytes > maxBytes) {
    return {
      content: "",
      truncated: true,
      truncatedBy: "bytes",
      totalLines,
      totalBytes,
      outputLines: 0,
      outputBytes: 0,
      lastLinePartial: false,
      firstLineExceedsLimit: true,
      maxLines,
      maxBytes
    };
  }
  const out = [];
  let outBytes = 0;
  let truncatedBy = "lines";
  for (let i = 0; i < lines.length && i < maxLines; i++) {
    const lineBytes = byteLength(lines[i]) + (i > 0 ? 1 : 0);
    if (outBytes + lineBytes > maxBytes) {
      truncatedBy = "bytes";
      break;
    }
    out.push(lines[i]);
    outBytes += lineBytes;
  }
  if (out.length >= maxLines && outBytes <= maxBytes) truncatedBy = "lines";
  const outputContent = out.join("\n");
  return {
    content: outputContent,
    truncated: true,
    truncatedBy,
    totalLines,
    totalBytes,
    outputLines: out.length,
    outputBytes: byteLength(outputContent),
    lastLinePartial: false,
    firstLineExceedsLimit: false,
    maxLines,
    maxBytes
  };
}
function truncateTail(content, options = {}) {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = byteLength(content);
  const lines = content.split("\n");
  const totalLines = lines.length;
  if (totalLines <= maxLines && totalBytes <= maxBytes) {
    return {
      content,
      truncated: false,
      truncatedBy: null,
      totalLines,
      totalBytes,
      outputLines: totalLines,
      outputBytes: totalBytes,
      lastLinePartial: false,
      firstLineExceedsLimit: false,
      maxLines,
      maxBytes
    };
  }
  const out = [];
  let outBytes = 0;
  let truncatedBy = "lines";
  let lastLinePartial = false;
  for (let i = lines.length - 1; i >= 0 && out.length < maxLines; i--) {
    const line = lines[i];
    const lineBytes = byteLength(line) + (out.length > 0 ? 1 : 0);
    if (outBytes + lineBytes > maxBytes) {
      truncatedBy = "bytes";
      if (out.length === 0) {
        const part = truncateStringToBytesFromEnd(line, maxBytes);
        out.unshift(part);
        outBytes = byteLength(part);
        lastLinePartial = true;
      }
      break;
    }
    out.unshift(line);
    outBytes += lineBytes;
  }
  if (out.length >= maxLines && outBytes <= maxBytes) truncatedBy = "lines";
  const outputContent = out.join("\n");
  return {
    content: outputContent,
    truncated: true,
    truncatedBy,
    totalLines,
    totalBytes,
    outputLines: out.length,
    outputBytes: byteLength(outputContent),
    lastLinePartial,
    firstLineExceedsLimit: false,
    maxLines,
    maxBytes
  };
}
function truncateStringToBytesFromEnd(str2, maxBytes) {
  const buf = Buffer.from(str2, "utf-8");
  if (buf.length <= maxBytes) return str2;
  let start = buf.length - maxBytes;
  while (start < buf.length && (buf[start] & 192) === 128) start++;
  return buf.slice(start).toString("utf-8");
}
function truncateLine(line, maxChars = GREP_MAX_LINE_LENGTH) {
  if (line.length <= maxChars) return { text: line, wasTruncated: false };
  return { text: `${line.slice(0, maxChars)}... [truncated]`, wasTruncated: true };
}
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
const NARROW_NO_BREAK_SPACE = "\u202F";
function fileExists(p) {
  try {
    fs.accessSync(p, fs.constants.F_OK);
    return true;
  } catch {
    return false;
  }
}
function expandPath(filePath) {
  const atless = filePath.startsWith("@") ? filePath.slice(1) : filePath;
  const normalized = atless.replace(UNICODE_SPACES, " ");
  if (normalized === "~") return os.homedir();
  if (normalized.startsWith("~/")) return os.homedir() + normalized.slice(1);
  return normalized;
}
function resolveToCwd(filePath, cwd) {
  const expanded = expandPath(filePath);
  if (path.isAbsolute(expanded)) return expanded;
  return path.resolve(cwd, expanded);
}
function resolveReadPath(filePath, cwd) {
  const resolved = resolveToCwd(filePath, cwd);
  if (fileExists(resolved)) return resolved;
  const amPm = resolved.replace(/ (AM|PM)\./gi, `${NARROW_NO_BREAK_SPACE}$1.`);
  if (amPm !== resolved && fileExists(amPm)) return amPm;
  const nfd = resolved.normalize("NFD");
  if (nfd !== resolved && fileExists(nfd)) return nfd;
  const curly = resolved.replace(/'/g, "\u2019");
  if (curly !== resolved && fileExists(curly)) return curly;
  const nfdCurly = nfd.replace(/'/g, "\u2019");
  if (nfdCurly !== resolved && fileExists(nfdCurly)) return nfdCurly;
  return resolved;
}
async function withFileMutationQueue(filePath, fn) {
  const release = await (0, import_pigo_core.lockFile)(path.resolve(filePath));
  try {
    return await fn();
  } finally {
    release();
  }
}
function wrapToolDefinition(definition, ctxFactory) {
  return {
    name: definition.name,
    label: definition.label,
    description: definition.description,
    parameters: definition.parameters,
    prepareArguments: definition.prepareArguments,
    executionMode: definition.executionMode,
    execute: (toolCallId, params, signal, onUpdate) => definition.execute(toolCallId, params, signal, onUpdate, ctxFactory?.())
  };
}
function wrapToolDefinitions(definitions, ctxFactory) {
  return definitions.map((d) => wrapToolDefinition(d, ctxFactory));
}
function createToolDefinitionFromAgentTool(tool) {
  return {
    name: tool.name,
    label: tool.label,
    description: tool.description,
    parameters: tool.parameters,
    prepareArguments: tool.prepareArguments,
    executionMode: tool.executionMode,
    execute: async (toolCallId, params, signal, onUpdate) => tool.execute(toolCallId, params, signal, onUpdate)
  };
}
function shortenPath(p) {
  if (typeof p !== "string") return "";
  const home = os.homedir();
  if (p.startsWith(home)) return `~${p.slice(home.length)}`;
  return p;
}
function str(value) {
  if (typeof value === "string") return value;
  if (value == null) return "";
  return null;
}
function replaceTabs(text) {
  return text.replace(/\t/g, "   ");
}
function normalizeDisplayText(text) {
  return text.replace(/\r/g, "");
}
const ANSI_RE = new RegExp(
  "[\\u001B\\u009B][[\\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]+)*|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]*)*)?(?:\\u0007|\\u001B\\u005C|\\u009C))|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PR-TZcf-nq-uy=><~]))",
  "g"
);
function stripAnsi(s) {
  return typeof s === "string" ? s.replace(ANSI_RE, "") : s;
}
function sanitizeBinaryOutput(s) {
  return Array.from(s).filter((ch) => {
    const code = ch.codePointAt(0);
    if (code === void 0) return false;
    if (code === 9 || code === 10 || code === 13) return true;
    if (code <= 31) return false;
    if (code >= 65529 && code <= 65531) return false;
    return true;
  }).join("");
}
function getTextOutput(result, showImages) {
  if (!result) return "";
  const textBlocks = result.content.filter((c) => c.type === "text");
  const imageBlocks = result.content.filter((c) => c.type === "image");
  let output = textBlocks.map((c) => sanitizeBinaryOutput(stripAnsi(c.text || "")).replace(/\r/g, "")).join("\n");
  const caps = (0, import_pi_tui.getCapabilities)();
  if (imageBlocks.length > 0 && (!caps.images || !showImages)) {
    const indicators = imageBlocks.map((img) => {
      const mimeType = img.mimeType ?? "image/unknown";
      const dims = img.data && img.mimeType ? (0, import_pi_tui.getImageDimensions)(img.data, img.mimeType) ?? void 0 : void 0;
      return (0, import_pi_tui.imageFallback)(mimeType, dims);
    }).join("\n");
    output = output ? `${output}
${indicators}` : indicators;
  }
  return output;
}
function invalidArgText(theme) {
  return theme.fg("error", "[invalid arg]");
}
function getShellConfig(customShellPath) {
  if (customShellPath) {
    if (fs.existsSync(customShellPath)) return { shell: customShellPath, args: ["-c"] };
    throw new Error(`Custom shell path not found: ${customShellPath}`);
  }
  if (fs.existsSync("/bin/bash")) return { shell: "/bin/bash", args: ["-c"] };
  const onPath = findOnPath("bash");
  if (onPath) return { shell: onPath, args: ["-c"] };
  return { shell: "sh", args: ["-c"] };
}
function getShellEnv() {
  const binDir = getBinDir();
  const env = process.env;
  const pathKey = Object.keys(env).find((k) => k.toLowerCase() === "path") ?? "PATH";
  const currentPath = env[pathKey] ?? "";
  const entries = currentPath.split(path.delimiter).filter(Boolean);
  const updated = entries.includes(binDir) ? currentPath : [binDir, currentPath].filter(Boolean).join(path.delimiter);
  return { ...env, [pathKey]: updated };
}
function findOnPath(name) {
  const env = process.env;
  const pathKey = Object.keys(env).find((k) => k.toLowerCase() === "path") ?? "PATH";
  for (const dir of String(env[pathKey] ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const p = path.join(dir, name);
    try {
      if (fs.statSync(p).isFile()) {
        fs.accessSync(p, fs.constants.X_OK);
        return p;
      }
    } catch {
    }
  }
  return null;
}
function findTool(binaryName, systemNames) {
  const local = path.join(getBinDir(), binaryName);
  if (fs.existsSync(local)) return local;
  for (const n of systemNames) {
    const p = findOnPath(n);
    if (p) return p;
  }
  return void 0;
}
function killProcessTree(pid) {
  try {
    (0, import_child_process.spawnSync)("kill", ["-KILL", "--", `-${pid}`], { stdio: "ignore" });
  } catch {
  }
}
// Annotate the CommonJS export names for ESM import in node:
pigo_tools_util_exports.APP_NAME = APP_NAME;
pigo_tools_util_exports.CONFIG_DIR_NAME = CONFIG_DIR_NAME;
pigo_tools_util_exports.DEFAULT_MAX_BYTES = DEFAULT_MAX_BYTES;
pigo_tools_util_exports.DEFAULT_MAX_LINES = DEFAULT_MAX_LINES;
pigo_tools_util_exports.ENV_AGENT_DIR = ENV_AGENT_DIR;
pigo_tools_util_exports.GREP_MAX_LINE_LENGTH = GREP_MAX_LINE_LENGTH;
pigo_tools_util_exports.VERSION = VERSION;
0 && (module.exports = {
  APP_NAME,
  CONFIG_DIR_NAME,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  ENV_AGENT_DIR,
  GREP_MAX_LINE_LENGTH,
  VERSION,
  createToolDefinitionFromAgentTool,
  expandPath,
  expandTildePath,
  findOnPath,
  findTool,
  formatSize,
  getAgentDir,
  getBinDir,
  getShellConfig,
  getShellEnv,
  getTextOutput,
  invalidArgText,
  killProcessTree,
  normalizeDisplayText,
  replaceTabs,
  resolveReadPath,
  resolveToCwd,
  sanitizeBinaryOutput,
  shortenPath,
  str,
  stripAnsi,
  truncateHead,
  truncateLine,
  truncateTail,
  withFileMutationQueue,
  wrapToolDefinition,
  wrapToolDefinitions
});

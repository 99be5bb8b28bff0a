var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
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
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var pigo_tools_exports = __defProp({}, "__esModule", { value: true });
__export(pigo_tools_exports, {
  DEFAULT_MAX_BYTES: () => import_pigo_tools_util2.DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES: () => import_pigo_tools_util2.DEFAULT_MAX_LINES,
  GREP_MAX_LINE_LENGTH: () => import_pigo_tools_util2.GREP_MAX_LINE_LENGTH,
  createFindTool: () => import_pigo_tools_search.createFindTool,
  createFindToolDefinition: () => import_pigo_tools_search.createFindToolDefinition,
  createGrepTool: () => import_pigo_tools_search.createGrepTool,
  createGrepToolDefinition: () => import_pigo_tools_search.createGrepToolDefinition,
  createToolDefinitionFromAgentTool: () => import_pigo_tools_util2.createToolDefinitionFromAgentTool,
  formatSize: () => import_pigo_tools_util2.formatSize,
  getShellConfig: () => import_pigo_tools_util2.getShellConfig,
  getShellEnv: () => import_pigo_tools_util2.getShellEnv,
  resolveReadPath: () => import_pigo_tools_util2.resolveReadPath,
  resolveToCwd: () => import_pigo_tools_util2.resolveToCwd,
  truncateHead: () => import_pigo_tools_util2.truncateHead,
  truncateLine: () => import_pigo_tools_util2.truncateLine,
  truncateTail: () => import_pigo_tools_util2.truncateTail,
  withFileMutationQueue: () => import_pigo_tools_util2.withFileMutationQueue,
  wrapToolDefinition: () => import_pigo_tools_util2.wrapToolDefinition,
  wrapToolDefinitions: () => import_pigo_tools_util2.wrapToolDefinitions
});
pigo_tools_exports.createAllToolDefinitions = createAllToolDefinitions;
pigo_tools_exports.createAllTools = createAllTools;
pigo_tools_exports.createBashTool = createBashTool;
pigo_tools_exports.createBashToolDefinition = createBashToolDefinition;
pigo_tools_exports.createCodingToolDefinitions = createCodingToolDefinitions;
pigo_tools_exports.createCodingTools = createCodingTools;
pigo_tools_exports.createEditTool = createEditTool;
pigo_tools_exports.createEditToolDefinition = createEditToolDefinition;
pigo_tools_exports.createLocalBashOperations = createLocalBashOperations;
pigo_tools_exports.createLsTool = createLsTool;
pigo_tools_exports.createLsToolDefinition = createLsToolDefinition;
pigo_tools_exports.createReadOnlyToolDefinitions = createReadOnlyToolDefinitions;
pigo_tools_exports.createReadOnlyTools = createReadOnlyTools;
pigo_tools_exports.createReadTool = createReadTool;
pigo_tools_exports.createReadToolDefinition = createReadToolDefinition;
pigo_tools_exports.createTool = createTool;
pigo_tools_exports.createToolDefinition = createToolDefinition;
pigo_tools_exports.createWriteTool = createWriteTool;
pigo_tools_exports.createWriteToolDefinition = createWriteToolDefinition;
pigo_tools_exports.detectSupportedImageMimeTypeFromFile = detectSupportedImageMimeTypeFromFile;
pigo_tools_exports.formatListResult = formatListResult;
pigo_tools_exports.truncateToVisualLines = truncateToVisualLines;
module.exports = pigo_tools_exports;
var fs = __toESM(require("fs"));
var fsp = __toESM(require("fs/promises"));
var os = __toESM(require("os"));
var nodePath = __toESM(require("path"));
var import_child_process = require("child_process");
var import_crypto = require("crypto");
var import_pi_tui = require("@mariozechner/pi-tui");
var import_typebox = require("typebox");
var import_pigo_agent_theme = require("pigo:agent-theme");
var import_pigo_tools_diff = require("pigo:tools-diff");
var import_pigo_tools_util = require("pigo:tools-util");
var import_pigo_tools_search = require("pigo:tools-search");
var import_pigo_tools_util2 = require("pigo:tools-util");
function trimTrailingEmptyLines(lines) {
  let end = lines.length;
  while (end > 0 && lines[end - 1] === "") end--;
  return lines.slice(0, end);
}
function truncateToVisualLines(text, maxVisualLines, width, paddingX = 0) {
  if (!text) return { visualLines: [], skippedCount: 0 };
  const all = new import_pi_tui.Text(text, paddingX, 0).render(width);
  if (all.length <= maxVisualLines) return { visualLines: all, skippedCount: 0 };
  return { visualLines: all.slice(-maxVisualLines), skippedCount: all.length - maxVisualLines };
}
const abortError = () => new Error("Operation aborted");
const readSchema = import_typebox.Type.Object({
  path: import_typebox.Type.String({ description: "Path to the file to read (relative or absolute)" }),
  offset: import_typebox.Type.Optional(import_typebox.Type.Number({ description: "Line number to start reading from (1-indexed)" })),
  limit: import_typebox.Type.Optional(import_typebox.Type.Number({ description: "Maximum number of lines to read" }))
});
const readOutputSchema = import_typebox.Type.Union([
  import_typebox.Type.String(),
  import_typebox.Type.Object({ type: import_typebox.Type.Literal("image"), data: import_typebox.Type.String(), mimeType: import_typebox.Type.String(), note: import_typebox.Type.String() })
]);
function toReadOutput(content) {
  const text = content.find((block) => block.type === "text")?.text ?? "";
  const image = content.find((block) => block.type === "image");
  return image ? { type: "image", data: image.data, mimeType: image.mimeType, note: text } : text;
}
const IMAGE_SNIFF_BYTES = 4100;
async function detectSupportedImageMimeTypeFromFile(filePath) {
  const fd = fs.openSync(filePath, "r");
  let b;
  let n = 0;
  try {
    b = Buffer.alloc(IMAGE_SNIFF_BYTES);
    n = fs.readSync(fd, b, 0, IMAGE_SNIFF_BYTES, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (n === 0) return null;
  return sniffImage(b.subarray(0, n), filePath);
}
function sniffImage(b, filePath) {
  const at = (sig, off = 0) => sig.every((v, i) => b[off + i] === v);
  if (at([71, 73, 70])) return "image/gif";
  if (at([255, 216, 255])) return b[3] === 247 ? null : "image/jpeg";
  if (at([137, 80, 78, 71, 13, 10, 26, 10])) return pngKind(filePath);
  if (at([82, 73, 70, 70]) && at([87, 69, 66, 80], 8)) return "image/webp";
  if (at([66, 77]) && isBmp(b)) return "image/bmp";
  return null;
}
function isBmp(b) {
  if (b.length < 26) return false;
  const u16 = (o) => (b[o] ?? 0) + ((b[o + 1] ?? 0) << 8);
  const u32 = (o) => (b[o] ?? 0) + ((b[o + 1] ?? 0) << 8) + ((b[o + 2] ?? 0) << 16) + (b[o + 3] ?? 0) * 16777216;
  const fileSize = u32(2);
  const pixelOffset = u32(10);
  const dibSize = u32(14);
  if (fileSize !== 0 && fileSize < 26) return false;
  if (pixelOffset < 14 + dibSize) return false;
  if (fileSize !== 0 && pixelOffset >= fileSize) return false;
  let planes;
  let bits;
  if (dibSize === 12) {
    planes = u16(22);
    bits = u16(24);
  } else if (dibSize >= 40 && dibSize <= 124) {
    if (b.length < 30) return false;
    planes = u16(26);
    bits = u16(28);
  } else {
    return false;
  }
  return planes === 1 && [1, 4, 8, 16, 24, 32].includes(bits);
}
function pngKind(filePath) {
  let data;
  try {
    data = fs.readFileSync(filePath);
  } catch {
    return null;
  }
  let pos = 8;
  let seenHeader = false;
  for (let count = 0; pos + 8 <= data.length && count < 1e3; count++) {
    const length = data.readInt32BE(pos);
    const type = data.toString("latin1", pos + 4, pos + 8);
    if (length < 0) return null;
    if (type === "IHDR") {
      if (length !== 13) return null;
      seenHeader = true;
    }
    if (type === "IDAT") return "image/png";
    if (type === "acTL") return null;
    if (!seenHeader && type !== "CgBI") return null;
    pos += 8 + length + 4;
  }
  return "image/png";
}
function processImage(base64, mimeType, autoResize, resizeOptions) {
  return require("pigo:image").processImage(base64, mimeType, autoResize, resizeOptions);
}
function hostAutoResize() {
  try {
    const host = require("pigo:host");
    return typeof host.imageAutoResize === "function" ? host.imageAutoResize() : true;
  } catch {
    return true;
  }
}
const defaultReadOperations = {
  readFile: (p) => fsp.readFile(p),
  access: (p) => fsp.access(p, fs.constants.R_OK),
  detectImageMimeType: detectSupportedImageMimeTypeFromFile
};
const COMPACT_RESOURCE_FILE_NAMES = /* @__PURE__ */ new Set(["AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"]);
function formatReadLineRange(args, theme) {
  if (args?.offset === void 0 && args?.limit === void 0) return "";
  const startLine = args.offset ?? 1;
  const endLine = args.limit !== void 0 ? startLine + args.limit - 1 : "";
  return theme.fg("warning", `:${startLine}${endLine ? `-${endLine}` : ""}`);
}
function formatReadCall(args, theme) {
  const rawPath = (0, import_pigo_tools_util.str)(args?.file_path ?? args?.path);
  const p = rawPath !== null ? (0, import_pigo_tools_util.shortenPath)(rawPath) : null;
  const pathDisplay = p === null ? (0, import_pigo_tools_util.invalidArgText)(theme) : p ? theme.fg("accent", p) : theme.fg("toolOutput", "...");
  return `${theme.fg("toolTitle", theme.bold("read"))} ${pathDisplay}${formatReadLineRange(args, theme)}`;
}
function getCompactReadClassification(args, cwd) {
  const rawPath = (0, import_pigo_tools_util.str)(args?.file_path ?? args?.path);
  if (!rawPath) return void 0;
  const absolutePath = (0, import_pigo_tools_util.resolveReadPath)(rawPath, cwd);
  const fileName = nodePath.basename(absolutePath);
  if (fileName === "SKILL.md") return { kind: "skill", label: nodePath.basename(nodePath.dirname(absolutePath)) || fileName };
  if (COMPACT_RESOURCE_FILE_NAMES.has(fileName)) return { kind: "resource", label: fileName };
  return void 0;
}
function formatCompactReadCall(c, args, theme) {
  const expandHint = theme.fg("dim", ` (${(0, import_pigo_agent_theme.keyText)("app.tools.expand")} to expand)`);
  if (c.kind === "skill") {
    return theme.fg("customMessageLabel", `\x1B[1m[skill]\x1B[22m `) + theme.fg("customMessageText", c.label) + formatReadLineRange(args, theme) + expandHint;
  }
  return theme.fg("toolTitle", theme.bold(`read ${c.kind}`)) + " " + theme.fg("accent", c.label) + formatReadLineRange(args, theme) + expandHint;
}
function formatReadResult(args, result, options, theme, showImages, cwd, isError) {
  const unsupportedBy = result.details?.imageUnsupportedByModel;
  const imageWarning = unsupportedBy ? `
${theme.fg("warning", `[${unsupportedBy} does not support images; it saw a placeholder instead]`)}` : "";
  if (!options.expanded && !isError && getCompactReadClassification(args, cwd)) return imageWarning;
  const rawPath = (0, import_pigo_tools_util.str)(args?.file_path ?? args?.path);
  const output = (0, import_pigo_tools_util.getTextOutput)(result, showImages);
  const lang = rawPath ? (0, import_pigo_agent_theme.getLanguageFromPath)(rawPath) : void 0;
  const rendered = lang ? (0, import_pigo_agent_theme.highlightCode)((0, import_pigo_tools_util.replaceTabs)(output), lang) : output.split("\n");
  const lines = trimTrailingEmptyLines(rendered);
  const maxLines = options.expanded ? lines.length : 10;
  const display = lines.slice(0, maxLines);
  const remaining = lines.length - maxLines;
  let text = `
${display.map((l) => lang ? (0, import_pigo_tools_util.replaceTabs)(l) : theme.fg("toolOutput", (0, import_pigo_tools_util.replaceTabs)(l))).join("\n")}`;
  if (remaining > 0) text += `${theme.fg("muted", `
... (${remaining} more lines,`)} ${(0, import_pigo_agent_theme.keyHint)("app.tools.expand", "to expand")})`;
  const t = result.details?.truncation;
  if (t?.truncated) {
    if (t.firstLineExceedsLimit) text += `
${theme.fg("warning", `[First line exceeds ${(0, import_pigo_tools_util.formatSize)(t.maxBytes ?? import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit]`)}`;
    else if (t.truncatedBy === "lines")
      text += `
${theme.fg("warning", `[Truncated: showing ${t.outputLines} of ${t.totalLines} lines (${t.maxLines ?? import_pigo_tools_util.DEFAULT_MAX_LINES} line limit)]`)}`;
    else text += `
${theme.fg("warning", `[Truncated: ${t.outputLines} lines shown (${(0, import_pigo_tools_util.formatSize)(t.maxBytes ?? import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit)]`)}`;
  }
  return text + imageWarning;
}
function createReadToolDefinition(cwd, options) {
  const fallbackResizeOptions = options?.resizeOptions;
  const ops = options?.operations ?? defaultReadOperations;
  return {
    name: "read",
    label: "read",
    description: `Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to ${import_pigo_tools_util.DEFAULT_MAX_LINES} lines or ${import_pigo_tools_util.DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.`,
    promptSnippet: "Read file contents",
    promptGuidelines: ["Use read to examine files instead of cat or sed."],
    parameters: readSchema,
    outputSchema: readOutputSchema,
    constrainedSampling: { type: "json_schema", strict: "prefer" },
    // pi 1.6: declared to the model with the tool
    async execute(_toolCallId, { path, offset, limit }, signal, _onUpdate, ctx) {
      const absolutePath = (0, import_pigo_tools_util.resolveReadPath)(path, cwd);
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortError());
          return;
        }
        let aborted = false;
        const onAbort = () => {
          aborted = true;
          reject(abortError());
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        (async () => {
          try {
            await ops.access(absolutePath);
            if (aborted) return;
            const mimeType = ops.detectImageMimeType ? await ops.detectImageMimeType(absolutePath) : void 0;
            let content;
            let details;
            const model = ctx?.model;
            if (mimeType) {
              const buffer = await ops.readFile(absolutePath);
              const autoResizeImages = options?.autoResizeImages ?? hostAutoResize();
              const processed = processImage(buffer.toString("base64"), mimeType, autoResizeImages, model?.inputLimits?.images?.resize ?? fallbackResizeOptions);
              if (!processed.ok) {
                content = [{ type: "text", text: `Read image file [${mimeType}]
${processed.message}` }];
              } else {
                let note = `Read image file [${processed.mimeType}]`;
                if (processed.hints.length > 0) note += `
${processed.hints.join("\n")}`;
                content = [
                  { type: "text", text: note },
                  { type: "image", data: processed.data, mimeType: processed.mimeType }
                ];
                if (model && !model.input.includes("image")) details = { imageUnsupportedByModel: model.id };
              }
            } else {
              const buffer = await ops.readFile(absolutePath);
              const textContent = buffer.toString("utf-8");
              const allLines = textContent.split("\n");
              const totalFileLines = allLines.length;
              const startLine = offset ? Math.max(0, offset - 1) : 0;
              const startLineDisplay = startLine + 1;
              if (startLine >= allLines.length) {
                throw new Error(`Offset ${offset} is beyond end of file (${allLines.length} lines total)`);
              }
              let selected;
              let userLimitedLines;
              if (limit !== void 0) {
                const endLine = Math.min(startLine + limit, allLines.length);
                selected = allLines.slice(startLine, endLine).join("\n");
                userLimitedLines = endLine - startLine;
              } else {
                selected = allLines.slice(startLine).join("\n");
              }
              const truncation = (0, import_pigo_tools_util.truncateHead)(selected);
              let outputText;
              if (truncation.firstLineExceedsLimit) {
                const firstLineSize = (0, import_pigo_tools_util.formatSize)(Buffer.byteLength(allLines[startLine], "utf-8"));
                outputText = `[Line ${startLineDisplay} is ${firstLineSize}, exceeds ${(0, import_pigo_tools_util.formatSize)(import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit. Use bash: sed -n '${startLineDisplay}p' ${path} | head -c ${import_pigo_tools_util.DEFAULT_MAX_BYTES}]`;
                details = { truncation };
              } else if (truncation.truncated) {
                const endLineDisplay = startLineDisplay + truncation.outputLines - 1;
                const nextOffset = endLineDisplay + 1;
                outputText = truncation.content;
                if (truncation.truncatedBy === "lines") {
                  outputText += `

[Showing lines ${startLineDisplay}-${endLineDisplay} of ${totalFileLines}. Use offset=${nextOffset} to continue.]`;
                } else {
                  outputText += `

[Showing lines ${startLineDisplay}-${endLineDisplay} of ${totalFileLines} (${(0, import_pigo_tools_util.formatSize)(import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit). Use offset=${nextOffset} to continue.]`;
                }
                details = { truncation };
              } else if (userLimitedLines !== void 0 && startLine + userLimitedLines < allLines.length) {
                const remaining = allLines.length - (startLine + userLimitedLines);
                const nextOffset = startLine + userLimitedLines + 1;
                outputText = `${truncation.content}

[${remaining} more lines in file. Use offset=${nextOffset} to continue.]`;
              } else {
                outputText = truncation.content;
              }
              content = [{ type: "text", text: outputText }];
            }
            if (aborted) return;
            signal?.removeEventListener("abort", onAbort);
            resolve({ content, details, structuredContent: toReadOutput(content) });
          } catch (error) {
            signal?.removeEventListener("abort", onAbort);
            if (!aborted) reject(error);
          }
        })();
      });
    },
    renderCall(args, theme, context) {
      const text = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      const c = !context.expanded ? getCompactReadClassification(args, context.cwd) : void 0;
      text.setText(c ? formatCompactReadCall(c, args, theme) : formatReadCall(args, theme));
      return text;
    },
    renderResult(result, options2, theme, context) {
      const text = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      text.setText(formatReadResult(context.args, result, options2, theme, context.showImages, context.cwd, context.isError));
      return text;
    }
  };
}
function createReadTool(cwd, options) {
  return (0, import_pigo_tools_util.wrapToolDefinition)(createReadToolDefinition(cwd, options));
}
const STRUCTURED_OUTPUT_MAX_BYTES = 1024 * 1024;
const bashOutputSchema = import_typebox.Type.Object({
  output: import_typebox.Type.String({ description: "Combined stdout and stderr, possibly truncated" }),
  truncated: import_typebox.Type.Boolean(),
  full_output_path: import_typebox.Type.Optional(import_typebox.Type.String({ description: "Full output, when truncated" })),
  exit_code: import_typebox.Type.Number(),
  wall_time_seconds: import_typebox.Type.Number()
});
const bashSchema = import_typebox.Type.Object({
  command: import_typebox.Type.String({ description: "Shell command to execute" }),
  timeout: import_typebox.Type.Optional(import_typebox.Type.Number({ description: "Timeout in seconds (optional, no default timeout)" }))
});
const EXIT_STDIO_GRACE_MS = 100;
function waitForChildProcess(child, killer) {
  return new Promise((resolve, reject) => {
    let settled = false;
    let exited = false;
    let exitCode = null;
    let postExitTimer;
    let stdoutEnded = child.stdout == null;
    let stderrEnded = child.stderr == null;
    const cleanup = () => {
      if (postExitTimer) {
        clearTimeout(postExitTimer);
        postExitTimer = void 0;
      }
      child.removeListener("error", onError);
      child.removeListener("exit", onExit);
      child.removeListener("close", onClose);
      child.stdout?.removeListener("end", onStdoutEnd);
      child.stderr?.removeListener("end", onStderrEnd);
    };
    const finalize = (code) => {
      if (settled) return;
      settled = true;
      cleanup();
      child.stdout?.destroy?.();
      child.stderr?.destroy?.();
      resolve(code);
    };
    const maybeFinalize = () => {
      if (exited && !settled && stdoutEnded && stderrEnded) finalize(exitCode);
    };
    const onStdoutEnd = () => {
      stdoutEnded = true;
      maybeFinalize();
    };
    const onStderrEnd = () => {
      stderrEnded = true;
      maybeFinalize();
    };
    const onError = (err) => {
      if (settled) return;
      if (killer.signal.aborted && err?.name === "AbortError") return;
      settled = true;
      cleanup();
      reject(err);
    };
    const onExit = (code) => {
      exited = true;
      exitCode = code;
      maybeFinalize();
      if (!settled) postExitTimer = setTimeout(() => finalize(code), EXIT_STDIO_GRACE_MS);
    };
    const onClose = (code) => finalize(code);
    child.stdout?.once("end", onStdoutEnd);
    child.stderr?.once("end", onStderrEnd);
    child.on("error", onError);
    child.once("exit", onExit);
    child.once("close", onClose);
  });
}
function createLocalBashOperations(options) {
  return {
    exec: (command, cwd, { onData, signal, timeout, env }) => new Promise((resolve, reject) => {
      const { shell, args } = (0, import_pigo_tools_util.getShellConfig)(options?.shellPath);
      if (!fs.existsSync(cwd)) {
        reject(new Error(`Working directory does not exist: ${cwd}
Cannot execute bash commands.`));
        return;
      }
      const killer = new AbortController();
      const child = (0, import_child_process.spawn)(shell, [...args, command], {
        cwd,
        detached: true,
        env: env ?? (0, import_pigo_tools_util.getShellEnv)(),
        stdio: ["ignore", "pipe", "pipe"],
        signal: killer.signal,
        killSignal: "SIGKILL"
      });
      let timedOut = false;
      let timeoutHandle;
      if (timeout !== void 0 && timeout > 0) {
        timeoutHandle = setTimeout(() => {
          timedOut = true;
          killer.abort();
        }, timeout * 1e3);
      }
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      const onAbort = () => killer.abort();
      if (signal) {
        if (signal.aborted) onAbort();
        else signal.addEventListener("abort", onAbort, { once: true });
      }
      const done = () => {
        if (timeoutHandle) clearTimeout(timeoutHandle);
        if (signal) signal.removeEventListener("abort", onAbort);
      };
      waitForChildProcess(child, killer).then((code) => {
        done();
        if (signal?.aborted) {
          reject(new Error("aborted"));
          return;
        }
        if (timedOut) {
          reject(new Error(`timeout:${timeout}`));
          return;
        }
        resolve({ exitCode: code });
      }).catch((err) => {
        done();
        reject(err);
      });
    })
  };
}
class OutputAccumulator {
  constructor(options = {}) {
    __publicField(this, "maxLines");
    __publicField(this, "maxBytes");
    __publicField(this, "maxRollingBytes");
    __publicField(this, "tempFilePrefix");
    __publicField(this, "decoder", new TextDecoder());
    __publicField(this, "rawChunks", []);
    __publicField(this, "tailText", "");
    __publicField(this, "tailBytes", 0);
    __publicField(this, "tailStartsAtLineBoundary", true);
    __publicField(this, "totalRawBytes", 0);
    __publicField(this, "totalDecodedBytes", 0);
    __publicField(this, "totalLines", 1);
    __publicField(this, "currentLineBytes", 0);
    __publicField(this, "finished", false);
    __publicField(this, "tempFilePath");
    __publicField(this, "tempFileStream");
    this.maxLines = options.maxLines ?? import_pigo_tools_util.DEFAULT_MAX_LINES;
    this.maxBytes = options.maxBytes ?? import_pigo_tools_util.DEFAULT_MAX_BYTES;
    this.maxRollingBytes = Math.max(this.maxBytes * 2, 1);
    this.tempFilePrefix = options.tempFilePrefix ?? "pi-output";
  }
  append(data) {
    if (this.finished) throw new Error("Cannot append to a finished output accumulator");
    this.totalRawBytes += data.length;
    this.appendDecodedText(this.decoder.decode(data, { stream: true }));
    if (this.tempFileStream || this.shouldUseTempFile()) {
      this.ensureTempFile();
      this.tempFileStream?.write(data);
    } else if (data.length > 0) {
      this.rawChunks.push(data);
    }
  }
  finish() {
    if (this.finished) return;
    this.finished = true;
    this.appendDecodedText(this.decoder.decode());
    if (this.shouldUseTempFile()) this.ensureTempFile();
  }
  snapshot(options = {}) {
    const tail = (0, import_pigo_tools_util.truncateTail)(this.getSnapshotText(), { maxLines: this.maxLines, maxBytes: this.maxBytes });
    const truncated = this.totalLines > this.maxLines || this.totalDecodedBytes > this.maxBytes;
    const truncatedBy = truncated ? tail.truncatedBy ?? (this.totalDecodedBytes > this.maxBytes ? "bytes" : "lines") : null;
    const truncation = {
      ...tail,
      truncated,
      truncatedBy,
      totalLines: this.totalLines,
      totalBytes: this.totalDecodedBytes,
      maxLines: this.maxLines,
      maxBytes: this.maxBytes
    };
    if (options.persistIfTruncated && truncation.truncated) this.ensureTempFile();
    return { content: truncation.content, truncation, fullOutputPath: this.tempFilePath };
  }
  async closeTempFile() {
    if (!this.tempFileStream) return;
    const stream = this.tempFileStream;
    this.tempFileStream = void 0;
    await new Promise((resolve, reject) => {
      const onError = (error) => {
        stream.off("finish", onFinish);
        reject(error);
      };
      const onFinish = () => {
        stream.off("error", onError);
        resolve();
      };
      stream.once("error", onError);
      stream.once("finish", onFinish);
      stream.end();
    });
  }
  // readFullOutput is the whole output for structured results: up to
  // maxBytes, else its head and tail around an omission marker.
  async readFullOutput(maxBytes) {
    if (!this.tempFilePath) return { content: new TextDecoder().decode(Buffer.concat(this.rawChunks)), truncated: false };
    const fd = fs.openSync(this.tempFilePath, "r");
    try {
      const size = fs.fstatSync(fd).size;
      if (size <= maxBytes) return { content: new TextDecoder().decode(fs.readFileSync(fd)), truncated: false };
      const headBytes = Math.floor(maxBytes / 2);
      const tailBytes = maxBytes - headBytes;
      const head = Buffer.alloc(headBytes);
      const tail = Buffer.alloc(tailBytes);
      fs.readSync(fd, head, 0, headBytes, 0);
      fs.readSync(fd, tail, 0, tailBytes, size - tailBytes);
      const headText = new TextDecoder().decode(head, { stream: true });
      let tailStart = 0;
      while (tailStart < tail.length && (tail[tailStart] & 192) === 128) tailStart++;
      const tailText = new TextDecoder().decode(tail.subarray(tailStart));
      return { content: `${headText}

[... ${size - headBytes - tailBytes} bytes omitted ...]

${tailText}`, truncated: true };
    } finally {
      fs.closeSync(fd);
    }
  }
  getLastLineBytes() {
    return this.currentLineBytes;
  }
  appendDecodedText(text) {
    if (text.length === 0) return;
    const bytes = Buffer.byteLength(text, "utf-8");
    this.totalDecodedBytes += bytes;
    this.tailText += text;
    this.tailBytes += bytes;
    if (this.tailBytes > this.maxRollingBytes * 2) this.trimTail();
    let newlines = 0;
    let lastNewline = -1;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
      newlines++;
      lastNewline = i;
    }
    if (newlines === 0) {
      this.currentLineBytes += bytes;
    } else {
      this.totalLines += newlines;
      this.currentLineBytes = Buffer.byteLength(text.slice(lastNewline + 1), "utf-8");
    }
  }
  trimTail() {
    const buffer = Buffer.from(this.tailText, "utf-8");
    if (buffer.length <= this.maxRollingBytes) {
      this.tailBytes = buffer.length;
      return;
    }
    let start = buffer.length - this.maxRollingBytes;
    while (start < buffer.length && (buffer[start] & 192) === 128) start++;
    this.tailStartsAtLineBoundary = start === 0 ? this.tailStartsAtLineBoundary : buffer[start - 1] === 10;
    this.tailText = buffer.subarray(start).toString("utf-8");
    this.tailBytes = Buffer.byteLength(this.tailText, "utf-8");
  }
  getSnapshotText() {
    if (this.tailStartsAtLineBoundary) return this.tailText;
    const nl = this.tailText.indexOf("\n");
    return nl === -1 ? this.tailText : this.tailText.slice(nl + 1);
  }
  shouldUseTempFile() {
    return this.totalRawBytes > this.maxBytes || this.totalDecodedBytes > this.maxBytes || this.totalLines > this.maxLines;
  }
  ensureTempFile() {
    if (this.tempFilePath) return;
    this.tempFilePath = nodePath.join(os.tmpdir(), `${this.tempFilePrefix}-${(0, import_crypto.randomBytes)(8).toString("hex")}.log`);
    this.tempFileStream = fs.createWriteStream(this.tempFilePath);
    for (const chunk of this.rawChunks) this.tempFileStream.write(chunk);
    this.rawChunks = [];
  }
}
const BASH_PREVIEW_LINES = 5;
const BASH_UPDATE_THROTTLE_MS = 100;
let BashResultRenderComponent;
function newBashResultRenderComponent() {
  if (!BashResultRenderComponent) {
    BashResultRenderComponent = class BashResultRenderComponent extends import_pi_tui.Container {
      constructor() {
        super(...arguments);
        __publicField(this, "state", { cachedWidth: void 0, cachedLines: void 0, cachedSkipped: void 0 });
      }
    };
  }
  return new BashResultRenderComponent();
}
function formatBashCall(args) {
  const theme = import_pigo_agent_theme.theme;
  const command = (0, import_pigo_tools_util.str)(args?.command);
  const timeout = args?.timeout;
  const timeoutSuffix = timeout ? theme.fg("muted", ` (timeout ${timeout}s)`) : "";
  const commandDisplay = command === null ? (0, import_pigo_tools_util.invalidArgText)(theme) : command ? command : theme.fg("toolOutput", "...");
  return theme.fg("toolTitle", theme.bold(`$ ${commandDisplay}`)) + timeoutSuffix;
}
function rebuildBashResultRenderComponent(component, result, options, showImages, startedAt, endedAt) {
  const theme = import_pigo_agent_theme.theme;
  const state = component.state;
  component.clear();
  const output = (0, import_pigo_tools_util.getTextOutput)(result, showImages).trim();
  if (output) {
    const styled = output.split("\n").map((line) => theme.fg("toolOutput", line)).join("\n");
    if (options.expanded) {
      component.addChild(new import_pi_tui.Text(`
${styled}`, 0, 0));
    } else {
      component.addChild({
        render: (width) => {
          if (state.cachedLines === void 0 || state.cachedWidth !== width) {
            const preview = truncateToVisualLines(styled, BASH_PREVIEW_LINES, width);
            state.cachedLines = preview.visualLines;
            state.cachedSkipped = preview.skippedCount;
            state.cachedWidth = width;
          }
          if (state.cachedSkipped && state.cachedSkipped > 0) {
            const hint = theme.fg("muted", `... (${state.cachedSkipped} earlier lines,`) + ` ${(0, import_pigo_agent_theme.keyHint)("app.tools.expand", "to expand")})`;
            return ["", (0, import_pi_tui.truncateToWidth)(hint, width, "..."), ...state.cachedLines ?? []];
          }
          return ["", ...state.cachedLines ?? []];
        },
        invalidate: () => {
          state.cachedWidth = void 0;
          state.cachedLines = void 0;
          state.cachedSkipped = void 0;
        }
      });
    }
  }
  const t = result.details?.truncation;
  const fullOutputPath = result.details?.fullOutputPath;
  if (t?.truncated || fullOutputPath) {
    const warnings = [];
    if (fullOutputPath) warnings.push(`Full output: ${fullOutputPath}`);
    if (t?.truncated) {
      if (t.truncatedBy === "lines") warnings.push(`Truncated: showing ${t.outputLines} of ${t.totalLines} lines`);
      else warnings.push(`Truncated: ${t.outputLines} lines shown (${(0, import_pigo_tools_util.formatSize)(t.maxBytes ?? import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit)`);
    }
    component.addChild(new import_pi_tui.Text(`
${theme.fg("warning", `[${warnings.join(". ")}]`)}`, 0, 0));
  }
  if (startedAt !== void 0) {
    const label = options.isPartial ? "Elapsed" : "Took";
    const endTime = endedAt ?? Date.now();
    component.addChild(new import_pi_tui.Text(`
${theme.fg("muted", `${label} ${((endTime - startedAt) / 1e3).toFixed(1)}s`)}`, 0, 0));
  }
}
function sessionShellEnv(ctx) {
  const env = { ...(0, import_pigo_tools_util.getShellEnv)() };
  for (const k of ["PI_SESSION_ID", "PI_SESSION_FILE", "PI_PROVIDER", "PI_MODEL", "PI_REASONING_LEVEL"]) delete env[k];
  if (!ctx) return env;
  env.PI_SESSION_ID = ctx.sessionManager.getSessionId();
  const sessionFile = ctx.sessionManager.getSessionFile();
  if (sessionFile) env.PI_SESSION_FILE = sessionFile;
  const model = ctx.model;
  if (model) {
    env.PI_PROVIDER = model.provider;
    env.PI_MODEL = model.id;
  }
  if (ctx.thinkingLevel) env.PI_REASONING_LEVEL = ctx.thinkingLevel;
  return env;
}
function createBashToolDefinition(cwd, options) {
  const ops = options?.operations ?? createLocalBashOperations({ shellPath: options?.shellPath });
  const commandPrefix = options?.commandPrefix;
  const spawnHook = options?.spawnHook;
  const exposeSessionEnvironment = options?.exposeSessionEnvironment ?? true;
  return {
    name: "bash",
    label: "bash",
    description: `Execute a bash command in the current working directory. Returns stdout and stderr. Output is truncated to last ${import_pigo_tools_util.DEFAULT_MAX_LINES} lines or ${import_pigo_tools_util.DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds.`,
    promptSnippet: "Execute bash commands (ls, grep, find, etc.)",
    promptGuidelines: exposeSessionEnvironment ? ["You can inspect PI_* environment variables for current model and session details."] : void 0,
    parameters: bashSchema,
    outputSchema: bashOutputSchema,
    constrainedSampling: { type: "json_schema", strict: "prefer" },
    // pi 1.6: declared to the model with the tool
    async execute(_toolCallId, { command, timeout }, signal, onUpdate, ctx) {
      const resolvedCommand = commandPrefix ? `${commandPrefix}
${command}` : command;
      const base = { command: resolvedCommand, cwd, env: sessionShellEnv(exposeSessionEnvironment ? ctx : void 0) };
      const spawnContext = spawnHook ? spawnHook(base) : base;
      const output = new OutputAccumulator({ tempFilePrefix: "pi-bash" });
      let updateTimer;
      let updateDirty = false;
      let lastUpdateAt = 0;
      const emitOutputUpdate = () => {
        if (!onUpdate || !updateDirty) return;
        updateDirty = false;
        lastUpdateAt = Date.now();
        const snap = output.snapshot({ persistIfTruncated: true });
        onUpdate({
          content: [{ type: "text", text: snap.content || "" }],
          details: { truncation: snap.truncation.truncated ? snap.truncation : void 0, fullOutputPath: snap.fullOutputPath }
        });
      };
      const clearUpdateTimer = () => {
        if (updateTimer) {
          clearTimeout(updateTimer);
          updateTimer = void 0;
        }
      };
      const scheduleOutputUpdate = () => {
        if (!onUpdate) return;
        updateDirty = true;
        const delay = BASH_UPDATE_THROTTLE_MS - (Date.now() - lastUpdateAt);
        if (delay <= 0) {
          clearUpdateTimer();
          emitOutputUpdate();
          return;
        }
        updateTimer ??= setTimeout(() => {
          updateTimer = void 0;
          emitOutputUpdate();
        }, delay);
      };
      if (onUpdate) onUpdate({ content: [], details: void 0 });
      const handleData = (data) => {
        output.append(data);
        scheduleOutputUpdate();
      };
      const finishOutput = async () => {
        output.finish();
        clearUpdateTimer();
        emitOutputUpdate();
        const snap = output.snapshot({ persistIfTruncated: true });
        await output.closeTempFile();
        return snap;
      };
      const formatOutput = (snap, emptyText = "(no output)") => {
        const t = snap.truncation;
        let text = snap.content || emptyText;
        let details;
        if (t.truncated) {
          details = { truncation: t, fullOutputPath: snap.fullOutputPath };
          const startLine = t.totalLines - t.outputLines + 1;
          const endLine = t.totalLines;
          if (t.lastLinePartial) {
            const lastLineSize = (0, import_pigo_tools_util.formatSize)(output.getLastLineBytes());
            text += `

[Showing last ${(0, import_pigo_tools_util.formatSize)(t.outputBytes)} of line ${endLine} (line is ${lastLineSize}). Full output: ${snap.fullOutputPath}]`;
          } else if (t.truncatedBy === "lines") {
            text += `

[Showing lines ${startLine}-${endLine} of ${t.totalLines}. Full output: ${snap.fullOutputPath}]`;
          } else {
            text += `

[Showing lines ${startLine}-${endLine} of ${t.totalLines} (${(0, import_pigo_tools_util.formatSize)(import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit). Full output: ${snap.fullOutputPath}]`;
          }
        }
        return { text, details };
      };
      const appendStatus = (text, status) => `${text ? `${text}

` : ""}${status}`;
      const startedAt = performance.now();
      try {
        let exitCode;
        try {
          const result = await ops.exec(spawnContext.command, spawnContext.cwd, {
            onData: handleData,
            signal,
            timeout,
            env: spawnContext.env
          });
          exitCode = result.exitCode;
        } catch (err) {
          const snap2 = await finishOutput();
          const { text } = formatOutput(snap2, "");
          if (err instanceof Error && err.message === "aborted") throw new Error(appendStatus(text, "Command aborted"));
          if (err instanceof Error && err.message.startsWith("timeout:")) {
            const secs = err.message.split(":")[1];
            throw new Error(appendStatus(text, `Command timed out after ${secs} seconds`));
          }
          throw err;
        }
        const snap = await finishOutput();
        const { text: outputText, details } = formatOutput(snap);
        if (exitCode === null) throw new Error(appendStatus(outputText, "Command terminated without an exit code"));
        const wallTimeSeconds = Math.round((performance.now() - startedAt) / 100) / 10;
        const full = await output.readFullOutput(STRUCTURED_OUTPUT_MAX_BYTES);
        const structuredContent = {
          output: full.content,
          truncated: full.truncated,
          ...full.truncated && snap.fullOutputPath ? { full_output_path: snap.fullOutputPath } : {},
          exit_code: exitCode,
          wall_time_seconds: wallTimeSeconds
        };
        if (exitCode !== 0) {
          return {
            content: [{ type: "text", text: appendStatus(outputText, `Command exited with code ${exitCode}`) }],
            details,
            structuredContent,
            isError: true
          };
        }
        return { content: [{ type: "text", text: outputText }], details, structuredContent };
      } finally {
        clearUpdateTimer();
      }
    },
    renderCall(args, _theme, context) {
      const state = context.state;
      if (context.executionStarted && state.startedAt === void 0) {
        state.startedAt = Date.now();
        state.endedAt = void 0;
      }
      const text = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      text.setText(formatBashCall(args));
      return text;
    },
    renderResult(result, options2, _theme, context) {
      const state = context.state;
      if (state.startedAt !== void 0 && options2.isPartial && !state.interval) {
        state.interval = setInterval(() => context.invalidate(), 1e3);
      }
      if (!options2.isPartial || context.isError) {
        state.endedAt ??= Date.now();
        if (state.interval) {
          clearInterval(state.interval);
          state.interval = void 0;
        }
      }
      const component = context.lastComponent ?? newBashResultRenderComponent();
      rebuildBashResultRenderComponent(component, result, options2, context.showImages, state.startedAt, state.endedAt);
      component.invalidate();
      return component;
    }
  };
}
function createBashTool(cwd, options) {
  return (0, import_pigo_tools_util.wrapToolDefinition)(createBashToolDefinition(cwd, options));
}
const replaceEditSchema = import_typebox.Type.Object(
  {
    oldText: import_typebox.Type.String({
      description: "Exact text for one targeted replacement. It must be unique in the original file and must not overlap with any other edits[].oldText in the same call."
    }),
    newText: import_typebox.Type.String({ description: "Replacement text for this targeted edit." })
  },
  {}
);
const editSchema = import_typebox.Type.Object(
  {
    path: import_typebox.Type.String({ description: "Path to the file to edit (relative or absolute)" }),
    edits: import_typebox.Type.Array(replaceEditSchema, {
      description: "One or more targeted replacements. Each edit is matched against the original file, not incrementally. Do not include overlapping or nested edits. If two changes touch the same block or nearby lines, merge them into one edit instead."
    })
  },
  {}
);
const defaultEditOperations = {
  readFile: (p) => fsp.readFile(p),
  writeFile: (p, content) => fsp.writeFile(p, content, "utf-8"),
  access: (p) => fsp.access(p, fs.constants.R_OK | fs.constants.W_OK)
};
function prepareEditArguments(input) {
  if (!input || typeof input !== "object") return input;
  const args = input;
  if (typeof args.edits === "string") {
    try {
      const parsed = JSON.parse(args.edits);
      if (Array.isArray(parsed)) args.edits = parsed;
    } catch {
    }
  }
  if (typeof args.oldText !== "string" || typeof args.newText !== "string") return args;
  const edits = Array.isArray(args.edits) ? [...args.edits] : [];
  edits.push({ oldText: args.oldText, newText: args.newText });
  const { oldText: _o, newText: _n, ...rest } = args;
  return { ...rest, edits };
}
function validateEditInput(input) {
  if (!Array.isArray(input.edits) || input.edits.length === 0) {
    throw new Error("Edit tool input is invalid. edits must contain at least one replacement.");
  }
  return { path: input.path, edits: input.edits };
}
function getRenderablePreviewInput(args) {
  if (!args) return null;
  const p = typeof args.path === "string" ? args.path : typeof args.file_path === "string" ? args.file_path : null;
  if (!p) return null;
  if (Array.isArray(args.edits) && args.edits.length > 0 && args.edits.every((e) => typeof e?.oldText === "string" && typeof e?.newText === "string")) {
    return { path: p, edits: args.edits };
  }
  if (typeof args.oldText === "string" && typeof args.newText === "string") return { path: p, edits: [{ oldText: args.oldText, newText: args.newText }] };
  return null;
}
function formatEditCall(args, theme) {
  const rawPath = (0, import_pigo_tools_util.str)(args?.file_path ?? args?.path);
  const p = rawPath !== null ? (0, import_pigo_tools_util.shortenPath)(rawPath) : null;
  const pathDisplay = p === null ? (0, import_pigo_tools_util.invalidArgText)(theme) : p ? theme.fg("accent", p) : theme.fg("toolOutput", "...");
  return `${theme.fg("toolTitle", theme.bold("edit"))} ${pathDisplay}`;
}
function formatEditResult(args, preview, result, theme, isError) {
  const rawPath = (0, import_pigo_tools_util.str)(args?.file_path ?? args?.path);
  const previewDiff = preview && !("error" in preview) ? preview.diff : void 0;
  const previewError = preview && "error" in preview ? preview.error : void 0;
  if (isError) {
    const errorText = result.content.filter((c) => c.type === "text").map((c) => c.text || "").join("\n");
    if (!errorText || errorText === previewError) return void 0;
    return theme.fg("error", errorText);
  }
  const resultDiff = result.details?.diff;
  if (resultDiff && resultDiff !== previewDiff) return (0, import_pigo_tools_diff.renderDiff)(resultDiff, { filePath: rawPath ?? void 0 });
  return void 0;
}
function getEditHeaderBg(preview, settledError, theme) {
  if (preview) {
    if ("error" in preview) return (t) => theme.bg("toolErrorBg", t);
    return (t) => theme.bg("toolSuccessBg", t);
  }
  if (settledError) return (t) => theme.bg("toolErrorBg", t);
  return (t) => theme.bg("toolPendingBg", t);
}
function buildEditCallComponent(component, args, theme) {
  component.setBgFn(getEditHeaderBg(component.preview, component.settledError, theme));
  component.clear();
  component.addChild(new import_pi_tui.Text(formatEditCall(args, theme), 0, 0));
  if (!component.preview) return component;
  const body = "error" in component.preview ? theme.fg("error", component.preview.error) : (0, import_pigo_tools_diff.renderDiff)(component.preview.diff);
  component.addChild(new import_pi_tui.Spacer(1));
  component.addChild(new import_pi_tui.Text(body, 0, 0));
  return component;
}
function setEditPreview(component, preview, argsKey) {
  const cur = component.preview;
  const changed = cur === void 0 || ("error" in cur && "error" in preview ? cur.error !== preview.error : "error" in cur !== "error" in preview) || !("error" in cur) && !("error" in preview) && (cur.diff !== preview.diff || cur.firstChangedLine !== preview.firstChangedLine);
  component.preview = preview;
  component.previewArgsKey = argsKey;
  component.previewPending = false;
  return changed;
}
function getEditCallRenderComponent(state, lastComponent) {
  if (lastComponent instanceof import_pi_tui.Box) {
    state.callComponent = lastComponent;
    return lastComponent;
  }
  if (state.callComponent) return state.callComponent;
  const component = Object.assign(new import_pi_tui.Box(1, 1, (t) => t), {
    preview: void 0,
    previewArgsKey: void 0,
    previewPending: false,
    settledError: false
  });
  state.callComponent = component;
  return component;
}
function createEditToolDefinition(cwd, options) {
  const ops = options?.operations ?? defaultEditOperations;
  return {
    name: "edit",
    label: "edit",
    description: "Edit a single file using exact text replacement. Every edits[].oldText must match a unique, non-overlapping region of the original file. If two changes affect the same block or nearby lines, merge them into one edit instead of emitting overlapping edits. Do not include large unchanged regions just to connect distant changes.",
    promptSnippet: "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
    promptGuidelines: [
      "Use edit for targeted changes. Batch changes to one file in a single call.",
      "Each edits[].oldText must exactly and uniquely match the original file. Keep matches short and non-overlapping; merge nearby changes without including large unchanged regions."
    ],
    parameters: editSchema,
    constrainedSampling: { type: "json_schema", strict: "prefer" },
    // pi 1.6: declared to the model with the tool
    renderShell: "self",
    prepareArguments: prepareEditArguments,
    async execute(_toolCallId, input, signal, _onUpdate, _ctx) {
      const { path, edits } = validateEditInput(input);
      const absolutePath = (0, import_pigo_tools_util.resolveToCwd)(path, cwd);
      return (0, import_pigo_tools_util.withFileMutationQueue)(
        absolutePath,
        () => new Promise((resolve, reject) => {
          if (signal?.aborted) {
            reject(abortError());
            return;
          }
          let aborted = false;
          const onAbort = () => {
            aborted = true;
            reject(abortError());
          };
          signal?.addEventListener("abort", onAbort, { once: true });
          void (async () => {
            try {
              try {
                await ops.access(absolutePath);
              } catch (error) {
                const msg = error instanceof Error && "code" in error ? `Error code: ${error.code}` : String(error);
                signal?.removeEventListener("abort", onAbort);
                reject(new Error(`Could not edit file: ${path}. ${msg}.`));
                return;
              }
              if (aborted) return;
              const buffer = await ops.readFile(absolutePath);
              const rawContent = buffer.toString("utf-8");
              if (aborted) return;
              const { bom, text: content } = (0, import_pigo_tools_diff.stripBom)(rawContent);
              const originalEnding = (0, import_pigo_tools_diff.detectLineEnding)(content);
              const { baseContent, newContent } = (0, import_pigo_tools_diff.applyEditsToNormalizedContent)((0, import_pigo_tools_diff.normalizeToLF)(content), edits, path);
              if (aborted) return;
              await ops.writeFile(absolutePath, bom + (0, import_pigo_tools_diff.restoreLineEndings)(newContent, originalEnding));
              if (aborted) return;
              signal?.removeEventListener("abort", onAbort);
              const diffResult = (0, import_pigo_tools_diff.generateDiffString)(baseContent, newContent);
              resolve({
                content: [{ type: "text", text: `Successfully replaced ${edits.length} block(s) in ${path}.` }],
                details: { diff: diffResult.diff, firstChangedLine: diffResult.firstChangedLine }
              });
            } catch (error) {
              signal?.removeEventListener("abort", onAbort);
              if (!aborted) reject(error instanceof Error ? error : new Error(String(error)));
            }
          })();
        })
      );
    },
    renderCall(args, theme, context) {
      const component = getEditCallRenderComponent(context.state, context.lastComponent);
      const previewInput = getRenderablePreviewInput(args);
      const argsKey = previewInput ? JSON.stringify({ path: previewInput.path, edits: previewInput.edits }) : void 0;
      if (component.previewArgsKey !== argsKey) {
        component.preview = void 0;
        component.previewArgsKey = argsKey;
        component.previewPending = false;
        component.settledError = false;
      }
      if (context.argsComplete && previewInput && !component.preview && !component.previewPending) {
        component.previewPending = true;
        const requestKey = argsKey;
        void (0, import_pigo_tools_diff.computeEditsDiff)(previewInput.path, previewInput.edits, context.cwd).then((preview) => {
          if (component.previewArgsKey === requestKey) {
            setEditPreview(component, preview, requestKey);
            context.invalidate();
          }
        });
      }
      return buildEditCallComponent(component, args, theme);
    },
    renderResult(result, _options, theme, context) {
      const callComponent = context.state.callComponent;
      const previewInput = getRenderablePreviewInput(context.args);
      const argsKey = previewInput ? JSON.stringify({ path: previewInput.path, edits: previewInput.edits }) : void 0;
      const resultDiff = !context.isError ? result.details?.diff : void 0;
      let changed = false;
      if (callComponent) {
        if (typeof resultDiff === "string") {
          changed = setEditPreview(callComponent, { diff: resultDiff, firstChangedLine: result.details?.firstChangedLine }, argsKey) || changed;
        }
        if (callComponent.settledError !== context.isError) {
          callComponent.settledError = context.isError;
          changed = true;
        }
        if (changed) buildEditCallComponent(callComponent, context.args, theme);
      }
      const output = formatEditResult(context.args, callComponent?.preview, result, theme, context.isError);
      const component = context.lastComponent ?? new import_pi_tui.Container();
      component.clear();
      if (!output) return component;
      component.addChild(new import_pi_tui.Spacer(1));
      component.addChild(new import_pi_tui.Text(output, 1, 0));
      return component;
    }
  };
}
function createEditTool(cwd, options) {
  return (0, import_pigo_tools_util.wrapToolDefinition)(createEditToolDefinition(cwd, options));
}
const writeSchema = import_typebox.Type.Object({
  path: import_typebox.Type.String({ description: "Path to the file to write (relative or absolute)" }),
  content: import_typebox.Type.String({ description: "Content to write to the file" })
});
const defaultWriteOperations = {
  writeFile: (p, content) => fsp.writeFile(p, content, "utf-8"),
  mkdir: (dir) => fsp.mkdir(dir, { recursive: true }).then(() => {
  })
};
function formatWriteCall(args, options, theme) {
  const rawPath = (0, import_pigo_tools_util.str)(args?.file_path ?? args?.path);
  const fileContent = (0, import_pigo_tools_util.str)(args?.content);
  const p = rawPath !== null ? (0, import_pigo_tools_util.shortenPath)(rawPath) : null;
  let text = `${theme.fg("toolTitle", theme.bold("write"))} ${p === null ? (0, import_pigo_tools_util.invalidArgText)(theme) : p ? theme.fg("accent", p) : theme.fg("toolOutput", "...")}`;
  if (fileContent === null) {
    text += `

${theme.fg("error", "[invalid content arg - expected string]")}`;
  } else if (fileContent) {
    const lang = rawPath ? (0, import_pigo_agent_theme.getLanguageFromPath)(rawPath) : void 0;
    const rendered = lang ? (0, import_pigo_agent_theme.highlightCode)((0, import_pigo_tools_util.replaceTabs)((0, import_pigo_tools_util.normalizeDisplayText)(fileContent)), lang) : (0, import_pigo_tools_util.normalizeDisplayText)(fileContent).split("\n");
    const lines = trimTrailingEmptyLines(rendered);
    const totalLines = lines.length;
    const maxLines = options.expanded ? lines.length : 10;
    const display = lines.slice(0, maxLines);
    const remaining = lines.length - maxLines;
    text += `

${display.map((l) => lang ? l : theme.fg("toolOutput", (0, import_pigo_tools_util.replaceTabs)(l))).join("\n")}`;
    if (remaining > 0) text += `${theme.fg("muted", `
... (${remaining} more lines, ${totalLines} total,`)} ${(0, import_pigo_agent_theme.keyHint)("app.tools.expand", "to expand")})`;
  }
  return text;
}
function createWriteToolDefinition(cwd, options) {
  const ops = options?.operations ?? defaultWriteOperations;
  return {
    name: "write",
    label: "write",
    description: "Write content to a file. Creates the file if it doesn't exist, overwrites if it does. Automatically creates parent directories.",
    promptSnippet: "Create or overwrite files",
    promptGuidelines: ["Use write only for new files or complete rewrites."],
    parameters: writeSchema,
    constrainedSampling: { type: "json_schema", strict: "prefer" },
    // pi 1.6: declared to the model with the tool
    async execute(_toolCallId, { path, content }, signal, _onUpdate, _ctx) {
      const absolutePath = (0, import_pigo_tools_util.resolveToCwd)(path, cwd);
      const dir = nodePath.dirname(absolutePath);
      return (0, import_pigo_tools_util.withFileMutationQueue)(
        absolutePath,
        () => new Promise((resolve, reject) => {
          if (signal?.aborted) {
            reject(abortError());
            return;
          }
          let aborted = false;
          const onAbort = () => {
            aborted = true;
            reject(abortError());
          };
          signal?.addEventListener("abort", onAbort, { once: true });
          (async () => {
            try {
              await ops.mkdir(dir);
              if (aborted) return;
              await ops.writeFile(absolutePath, content);
              if (aborted) return;
              signal?.removeEventListener("abort", onAbort);
              resolve({ content: [{ type: "text", text: `Successfully wrote to ${path}` }], details: void 0 });
            } catch (error) {
              signal?.removeEventListener("abort", onAbort);
              if (!aborted) reject(error);
            }
          })();
        })
      );
    },
    renderCall(args, theme, context) {
      const component = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      component.setText(formatWriteCall(args, { expanded: context.expanded, isPartial: context.isPartial }, theme));
      return component;
    },
    renderResult(result, _options, theme, context) {
      let output;
      if (context.isError) {
        const text2 = result.content.filter((c) => c.type === "text").map((c) => c.text || "").join("\n");
        if (text2) output = `
${theme.fg("error", text2)}`;
      }
      if (!output) {
        const component = context.lastComponent ?? new import_pi_tui.Container();
        component.clear();
        return component;
      }
      const text = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      text.setText(output);
      return text;
    }
  };
}
function createWriteTool(cwd, options) {
  return (0, import_pigo_tools_util.wrapToolDefinition)(createWriteToolDefinition(cwd, options));
}
const lsSchema = import_typebox.Type.Object({
  path: import_typebox.Type.Optional(import_typebox.Type.String({ description: "Directory to list (default: current directory)" })),
  limit: import_typebox.Type.Optional(import_typebox.Type.Number({ description: "Maximum number of entries to return (default: 500)" }))
});
const LS_DEFAULT_LIMIT = 500;
const defaultLsOperations = {
  exists: (p) => fs.existsSync(p),
  stat: (p) => fs.statSync(p),
  readdir: (p) => fs.readdirSync(p)
};
function formatLsCall(args, theme) {
  const rawPath = (0, import_pigo_tools_util.str)(args?.path);
  const p = rawPath !== null ? (0, import_pigo_tools_util.shortenPath)(rawPath || ".") : null;
  const limit = args?.limit;
  let text = `${theme.fg("toolTitle", theme.bold("ls"))} ${p === null ? (0, import_pigo_tools_util.invalidArgText)(theme) : theme.fg("accent", p)}`;
  if (limit !== void 0) text += theme.fg("toolOutput", ` (limit ${limit})`);
  return text;
}
function formatListResult(result, options, theme, showImages, collapsedLines, warnings) {
  const output = (0, import_pigo_tools_util.getTextOutput)(result, showImages).trim();
  let text = "";
  if (output) {
    const lines = output.split("\n");
    const maxLines = options.expanded ? lines.length : collapsedLines;
    const display = lines.slice(0, maxLines);
    const remaining = lines.length - maxLines;
    text += `
${display.map((l) => theme.fg("toolOutput", l)).join("\n")}`;
    if (remaining > 0) text += `${theme.fg("muted", `
... (${remaining} more lines,`)} ${(0, import_pigo_agent_theme.keyHint)("app.tools.expand", "to expand")})`;
  }
  if (warnings.length > 0) text += `
${theme.fg("warning", `[Truncated: ${warnings.join(", ")}]`)}`;
  return text;
}
function createLsToolDefinition(cwd, options) {
  const ops = options?.operations ?? defaultLsOperations;
  return {
    name: "ls",
    label: "ls",
    description: `List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. Output is truncated to ${LS_DEFAULT_LIMIT} entries or ${import_pigo_tools_util.DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first).`,
    promptSnippet: "List directory contents",
    parameters: lsSchema,
    async execute(_toolCallId, { path, limit }, signal, _onUpdate, _ctx) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortError());
          return;
        }
        const onAbort = () => reject(abortError());
        signal?.addEventListener("abort", onAbort, { once: true });
        (async () => {
          try {
            const dirPath = (0, import_pigo_tools_util.resolveToCwd)(path || ".", cwd);
            const effectiveLimit = limit ?? LS_DEFAULT_LIMIT;
            if (!await ops.exists(dirPath)) {
              reject(new Error(`Path not found: ${dirPath}`));
              return;
            }
            const stat = await ops.stat(dirPath);
            if (!stat.isDirectory()) {
              reject(new Error(`Not a directory: ${dirPath}`));
              return;
            }
            let entries;
            try {
              entries = await ops.readdir(dirPath);
            } catch (e) {
              reject(new Error(`Cannot read directory: ${e.message}`));
              return;
            }
            entries.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
            const results = [];
            let entryLimitReached = false;
            for (const entry of entries) {
              if (results.length >= effectiveLimit) {
                entryLimitReached = true;
                break;
              }
              let suffix = "";
              try {
                const st = await ops.stat(nodePath.join(dirPath, entry));
                if (st.isDirectory()) suffix = "/";
              } catch {
                continue;
              }
              results.push(entry + suffix);
            }
            signal?.removeEventListener("abort", onAbort);
            if (results.length === 0) {
              resolve({ content: [{ type: "text", text: "(empty directory)" }], details: void 0 });
              return;
            }
            const truncation = (0, import_pigo_tools_util.truncateHead)(results.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
            let output = truncation.content;
            const details = {};
            const notices = [];
            if (entryLimitReached) {
              notices.push(`${effectiveLimit} entries limit reached. Use limit=${effectiveLimit * 2} for more`);
              details.entryLimitReached = effectiveLimit;
            }
            if (truncation.truncated) {
              notices.push(`${(0, import_pigo_tools_util.formatSize)(import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit reached`);
              details.truncation = truncation;
            }
            if (notices.length > 0) output += `

[${notices.join(". ")}]`;
            resolve({ content: [{ type: "text", text: output }], details: Object.keys(details).length > 0 ? details : void 0 });
          } catch (e) {
            signal?.removeEventListener("abort", onAbort);
            reject(e);
          }
        })();
      });
    },
    renderCall(args, theme, context) {
      const text = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      text.setText(formatLsCall(args, theme));
      return text;
    },
    renderResult(result, options2, theme, context) {
      const text = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      const warnings = [];
      if (result.details?.entryLimitReached) warnings.push(`${result.details.entryLimitReached} entries limit`);
      if (result.details?.truncation?.truncated) warnings.push(`${(0, import_pigo_tools_util.formatSize)(result.details.truncation.maxBytes ?? import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit`);
      text.setText(formatListResult(result, options2, theme, context.showImages, 20, warnings));
      return text;
    }
  };
}
function createLsTool(cwd, options) {
  return (0, import_pigo_tools_util.wrapToolDefinition)(createLsToolDefinition(cwd, options));
}
const allToolNames = /* @__PURE__ */ new Set(["read", "bash", "edit", "write", "grep", "find", "ls"]);
const definitionFactories = {
  read: createReadToolDefinition,
  bash: createBashToolDefinition,
  edit: createEditToolDefinition,
  write: createWriteToolDefinition,
  grep: import_pigo_tools_search.createGrepToolDefinition,
  find: import_pigo_tools_search.createFindToolDefinition,
  ls: createLsToolDefinition
};
const toolFactories = {
  read: createReadTool,
  bash: createBashTool,
  edit: createEditTool,
  write: createWriteTool,
  grep: import_pigo_tools_search.createGrepTool,
  find: import_pigo_tools_search.createFindTool,
  ls: createLsTool
};
function createToolDefinition(toolName, cwd, options) {
  const f = definitionFactories[toolName];
  if (!f || !Object.prototype.hasOwnProperty.call(definitionFactories, toolName)) throw new Error(`Unknown tool name: ${toolName}`);
  return f(cwd, options?.[toolName]);
}
function createTool(toolName, cwd, options) {
  const f = toolFactories[toolName];
  if (!f || !Object.prototype.hasOwnProperty.call(toolFactories, toolName)) throw new Error(`Unknown tool name: ${toolName}`);
  return f(cwd, options?.[toolName]);
}
function createCodingTools(cwd, options) {
  return ["read", "bash", "edit", "write"].map((n) => createTool(n, cwd, options));
}
function createReadOnlyTools(cwd, options) {
  return ["read", "grep", "find", "ls"].map((n) => createTool(n, cwd, options));
}
function createAllTools(cwd, options) {
  const out = {};
  for (const n of allToolNames) out[n] = createTool(n, cwd, options);
  return out;
}
function createCodingToolDefinitions(cwd, options) {
  return ["read", "bash", "edit", "write"].map((n) => createToolDefinition(n, cwd, options));
}
function createReadOnlyToolDefinitions(cwd, options) {
  return ["read", "grep", "find", "ls"].map((n) => createToolDefinition(n, cwd, options));
}
function createAllToolDefinitions(cwd, options) {
  const out = {};
  for (const n of allToolNames) out[n] = createToolDefinition(n, cwd, options);
  return out;
}
// Annotate the CommonJS export names for ESM import in node:
pigo_tools_exports.OutputAccumulator = OutputAccumulator;
pigo_tools_exports.allToolNames = allToolNames;
0 && (module.exports = {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  GREP_MAX_LINE_LENGTH,
  OutputAccumulator,
  allToolNames,
  createAllToolDefinitions,
  createAllTools,
  createBashTool,
  createBashToolDefinition,
  createCodingToolDefinitions,
  createCodingTools,
  createEditTool,
  createEditToolDefinition,
  createFindTool,
  createFindToolDefinition,
  createGrepTool,
  createGrepToolDefinition,
  createLocalBashOperations,
  createLsTool,
  createLsToolDefinition,
  createReadOnlyToolDefinitions,
  createReadOnlyTools,
  createReadTool,
  createReadToolDefinition,
  createTool,
  createToolDefinition,
  createToolDefinitionFromAgentTool,
  createWriteTool,
  createWriteToolDefinition,
  detectSupportedImageMimeTypeFromFile,
  formatListResult,
  formatSize,
  getShellConfig,
  getShellEnv,
  resolveReadPath,
  resolveToCwd,
  truncateHead,
  truncateLine,
  truncateTail,
  truncateToVisualLines,
  withFileMutationQueue,
  wrapToolDefinition,
  wrapToolDefinitions
});

// pigo:tools — pi's built-in tools (read, bash, edit, write, grep, find,
// ls), ported from @mariozechner/pi-coding-agent 0.73.1 dist/core/tools.
// Each createXToolDefinition(cwd, options?) returns pi's ToolDefinition
// (execute + renderCall/renderResult) and createXTool(cwd, options?) the
// AgentTool pi builds from it: a plain object whose fields (name, label,
// description, parameters, prepareArguments, executionMode, execute) are
// own and enumerable, so `{...createBashTool(cwd), execute}` keeps them.
// Parameters, texts, limits and errors are pi's.
//
// Where pigo differs from pi:
//   - images are never resized (pi uses a WASM image library): an image
//     within pi's limits (2000x2000 px, 4.5 MB of base64) is returned as
//     is, a larger one gets pi's "could not be resized" note;
//   - bash kills the command's process group through child_process's
//     signal option (pigo has no process.kill(-pid));
//   - grep and find run rg / fd when installed (in $agentDir/bin or on
//     PATH, as pi looks for them) and otherwise pigo:core's Go walk with
//     the same output instead of downloading them (see pigo:tools-search);
//   - withFileMutationQueue is one lock table for every plugin of the
//     process (pigo:core), as pi's queue is for its one process.

import * as fs from "fs";
import * as fsp from "fs/promises";
import * as os from "os";
import * as nodePath from "path";
import { spawn } from "child_process";
import { randomBytes } from "crypto";
import { Box, Container, Spacer, Text, truncateToWidth } from "@mariozechner/pi-tui";
declare const require: (id: string) => any;
import { Type } from "typebox";
import { getLanguageFromPath, highlightCode, keyHint, keyText, theme as globalTheme } from "pigo:agent-theme";
import {
  applyEditsToNormalizedContent,
  computeEditsDiff,
  detectLineEnding,
  generateDiffString,
  normalizeToLF,
  renderDiff,
  restoreLineEndings,
  stripBom,
} from "pigo:tools-diff";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  formatSize,
  getShellConfig,
  getShellEnv,
  getTextOutput,
  invalidArgText,
  normalizeDisplayText,
  replaceTabs,
  resolveReadPath,
  resolveToCwd,
  shortenPath,
  str,
  truncateHead,
  truncateTail,
  withFileMutationQueue,
  wrapToolDefinition,
} from "pigo:tools-util";
import { createFindTool, createFindToolDefinition, createGrepTool, createGrepToolDefinition } from "pigo:tools-search";

export {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  GREP_MAX_LINE_LENGTH,
  formatSize,
  truncateHead,
  truncateLine,
  truncateTail,
  withFileMutationQueue,
  wrapToolDefinition,
  wrapToolDefinitions,
  createToolDefinitionFromAgentTool,
  getShellConfig,
  getShellEnv,
  resolveToCwd,
  resolveReadPath,
} from "pigo:tools-util";
export { createFindTool, createFindToolDefinition, createGrepTool, createGrepToolDefinition };
export { truncateToVisualLines };

// ---------------------------------------------------------------------------
// shared render helpers

function trimTrailingEmptyLines(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && lines[end - 1] === "") end--;
  return lines.slice(0, end);
}

/** truncateToVisualLines keeps the last maxVisualLines wrapped lines of text. */
function truncateToVisualLines(text: string, maxVisualLines: number, width: number, paddingX = 0): { visualLines: string[]; skippedCount: number } {
  if (!text) return { visualLines: [], skippedCount: 0 };
  const all = new Text(text, paddingX, 0).render(width);
  if (all.length <= maxVisualLines) return { visualLines: all, skippedCount: 0 };
  return { visualLines: all.slice(-maxVisualLines), skippedCount: all.length - maxVisualLines };
}

const abortError = () => new Error("Operation aborted");

// ---------------------------------------------------------------------------
// read

const readSchema = Type.Object({
  path: Type.String({ description: "Path to the file to read (relative or absolute)" }),
  offset: Type.Optional(Type.Number({ description: "Line number to start reading from (1-indexed)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of lines to read" })),
});

// pi 1.6: what programmatic callers (codemode scripts) get from read: the
// text, or an image block with its note.
const readOutputSchema = Type.Union([
  Type.String(),
  Type.Object({ type: Type.Literal("image"), data: Type.String(), mimeType: Type.String(), note: Type.String() }),
]);
function toReadOutput(content: any[]): any {
  const text = content.find((block) => block.type === "text")?.text ?? "";
  const image = content.find((block) => block.type === "image");
  return image ? { type: "image", data: image.data, mimeType: image.mimeType, note: text } : text;
}

const IMAGE_SNIFF_BYTES = 4100;

/**
 * detectSupportedImageMimeTypeFromFile is pi's sniff (jpeg, png, gif, webp,
 * and since pi 1.6 bmp): the MIME type or null.
 */
export async function detectSupportedImageMimeTypeFromFile(filePath: string): Promise<string | null> {
  const fd = fs.openSync(filePath, "r");
  let b: any;
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

function sniffImage(b: any, filePath: string): string | null {
  const at = (sig: number[], off = 0) => sig.every((v, i) => b[off + i] === v);
  if (at([0x47, 0x49, 0x46])) return "image/gif";
  if (at([0xff, 0xd8, 0xff])) return b[3] === 0xf7 ? null : "image/jpeg";
  if (at([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return pngKind(filePath);
  if (at([0x52, 0x49, 0x46, 0x46]) && at([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  if (at([0x42, 0x4d]) && isBmp(b)) return "image/bmp";
  return null;
}

// isBmp is pi 1.6's check of a BMP header: sizes and offsets that agree,
// one color plane, a bit depth BMP has.
function isBmp(b: any): boolean {
  if (b.length < 26) return false;
  const u16 = (o: number) => (b[o] ?? 0) + ((b[o + 1] ?? 0) << 8);
  const u32 = (o: number) => (b[o] ?? 0) + ((b[o + 1] ?? 0) << 8) + ((b[o + 2] ?? 0) << 16) + (b[o + 3] ?? 0) * 0x1000000;
  const fileSize = u32(2);
  const pixelOffset = u32(10);
  const dibSize = u32(14);
  if (fileSize !== 0 && fileSize < 26) return false;
  if (pixelOffset < 14 + dibSize) return false;
  if (fileSize !== 0 && pixelOffset >= fileSize) return false;
  let planes: number;
  let bits: number;
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

// pngKind walks the chunks as file-type does: acTL before IDAT is APNG
// (not a supported image), a broken header is no PNG at all.
function pngKind(filePath: string): string | null {
  let data: any;
  try {
    data = fs.readFileSync(filePath);
  } catch {
    return null;
  }
  let pos = 8;
  let seenHeader = false;
  for (let count = 0; pos + 8 <= data.length && count < 1000; count++) {
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

// processImage is pi 1.6's (engine/images through pigo:image): formats
// models do not take converted to PNG, and with autoResize the image
// fitted to 2000x2000 and 4.5 MB of base64.
function processImage(base64: string, mimeType: string, autoResize: boolean, resizeOptions?: any): any {
  return require("pigo:image").processImage(base64, mimeType, autoResize, resizeOptions);
}

// hostAutoResize is the session's images.autoResize setting (on outside
// a session, pi's default).
function hostAutoResize(): boolean {
  try {
    const host = require("pigo:host");
    return typeof host.imageAutoResize === "function" ? host.imageAutoResize() : true;
  } catch {
    return true;
  }
}

const defaultReadOperations = {
  readFile: (p: string) => fsp.readFile(p),
  access: (p: string) => fsp.access(p, fs.constants.R_OK),
  detectImageMimeType: detectSupportedImageMimeTypeFromFile,
};

const COMPACT_RESOURCE_FILE_NAMES = new Set(["AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"]);

function formatReadLineRange(args: any, theme: any): string {
  if (args?.offset === undefined && args?.limit === undefined) return "";
  const startLine = args.offset ?? 1;
  const endLine = args.limit !== undefined ? startLine + args.limit - 1 : "";
  return theme.fg("warning", `:${startLine}${endLine ? `-${endLine}` : ""}`);
}

function formatReadCall(args: any, theme: any): string {
  const rawPath = str(args?.file_path ?? args?.path);
  const p = rawPath !== null ? shortenPath(rawPath) : null;
  const pathDisplay = p === null ? invalidArgText(theme) : p ? theme.fg("accent", p) : theme.fg("toolOutput", "...");
  return `${theme.fg("toolTitle", theme.bold("read"))} ${pathDisplay}${formatReadLineRange(args, theme)}`;
}

// getCompactReadClassification is pi's, less the "docs" kind (pigo ships no pi docs).
function getCompactReadClassification(args: any, cwd: string): any {
  const rawPath = str(args?.file_path ?? args?.path);
  if (!rawPath) return undefined;
  const absolutePath = resolveReadPath(rawPath, cwd);
  const fileName = nodePath.basename(absolutePath);
  if (fileName === "SKILL.md") return { kind: "skill", label: nodePath.basename(nodePath.dirname(absolutePath)) || fileName };
  if (COMPACT_RESOURCE_FILE_NAMES.has(fileName)) return { kind: "resource", label: fileName };
  return undefined;
}

function formatCompactReadCall(c: any, args: any, theme: any): string {
  const expandHint = theme.fg("dim", ` (${keyText("app.tools.expand")} to expand)`);
  if (c.kind === "skill") {
    return theme.fg("customMessageLabel", `\x1b[1m[skill]\x1b[22m `) + theme.fg("customMessageText", c.label) + formatReadLineRange(args, theme) + expandHint;
  }
  return theme.fg("toolTitle", theme.bold(`read ${c.kind}`)) + " " + theme.fg("accent", c.label) + formatReadLineRange(args, theme) + expandHint;
}

function formatReadResult(args: any, result: any, options: any, theme: any, showImages: boolean, cwd: string, isError: boolean): string {
  // pi 1.6: an image the model could not see says so.
  const unsupportedBy = result.details?.imageUnsupportedByModel;
  const imageWarning = unsupportedBy ? `\n${theme.fg("warning", `[${unsupportedBy} does not support images; it saw a placeholder instead]`)}` : "";
  if (!options.expanded && !isError && getCompactReadClassification(args, cwd)) return imageWarning;
  const rawPath = str(args?.file_path ?? args?.path);
  const output = getTextOutput(result, showImages);
  const lang = rawPath ? getLanguageFromPath(rawPath) : undefined;
  const rendered = lang ? highlightCode(replaceTabs(output), lang) : output.split("\n");
  const lines = trimTrailingEmptyLines(rendered);
  const maxLines = options.expanded ? lines.length : 10;
  const display = lines.slice(0, maxLines);
  const remaining = lines.length - maxLines;
  let text = `\n${display.map((l) => (lang ? replaceTabs(l) : theme.fg("toolOutput", replaceTabs(l)))).join("\n")}`;
  if (remaining > 0) text += `${theme.fg("muted", `\n... (${remaining} more lines,`)} ${keyHint("app.tools.expand", "to expand")})`;
  const t = result.details?.truncation;
  if (t?.truncated) {
    if (t.firstLineExceedsLimit) text += `\n${theme.fg("warning", `[First line exceeds ${formatSize(t.maxBytes ?? DEFAULT_MAX_BYTES)} limit]`)}`;
    else if (t.truncatedBy === "lines")
      text += `\n${theme.fg("warning", `[Truncated: showing ${t.outputLines} of ${t.totalLines} lines (${t.maxLines ?? DEFAULT_MAX_LINES} line limit)]`)}`;
    else text += `\n${theme.fg("warning", `[Truncated: ${t.outputLines} lines shown (${formatSize(t.maxBytes ?? DEFAULT_MAX_BYTES)} limit)]`)}`;
  }
  return text + imageWarning;
}

export function createReadToolDefinition(cwd: string, options?: any): any {
  const fallbackResizeOptions = options?.resizeOptions;
  const ops = options?.operations ?? defaultReadOperations;
  return {
    name: "read",
    label: "read",
    description: `Read the contents of a file. Supports text files and images (jpg, png, gif, webp, bmp). Images are sent as attachments. For text files, output is truncated to ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). Use offset/limit for large files. When you need the full file, continue with offset until complete.`,
    promptSnippet: "Read file contents",
    promptGuidelines: ["Use read to examine files instead of cat or sed."],
    parameters: readSchema,
    outputSchema: readOutputSchema,
    constrainedSampling: { type: "json_schema", strict: "prefer" }, // pi 1.6: declared to the model with the tool
    async execute(_toolCallId: string, { path, offset, limit }: any, signal?: any, _onUpdate?: any, ctx?: any): Promise<any> {
      const absolutePath = resolveReadPath(path, cwd);
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
            const mimeType = ops.detectImageMimeType ? await ops.detectImageMimeType(absolutePath) : undefined;
            let content: any[];
            let details: any;
            const model = ctx?.model;
            if (mimeType) {
              const buffer = await ops.readFile(absolutePath);
              // pigo's built-in read follows the images.autoResize setting, as pi's does.
              const autoResizeImages = options?.autoResizeImages ?? hostAutoResize();
              const processed = processImage(buffer.toString("base64"), mimeType, autoResizeImages, model?.inputLimits?.images?.resize ?? fallbackResizeOptions);
              if (!processed.ok) {
                content = [{ type: "text", text: `Read image file [${mimeType}]\n${processed.message}` }];
              } else {
                let note = `Read image file [${processed.mimeType}]`;
                if (processed.hints.length > 0) note += `\n${processed.hints.join("\n")}`;
                content = [
                  { type: "text", text: note },
                  { type: "image", data: processed.data, mimeType: processed.mimeType },
                ];
                // pi 1.6 marks the result instead of telling the model.
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
              let selected: string;
              let userLimitedLines: number | undefined;
              if (limit !== undefined) {
                const endLine = Math.min(startLine + limit, allLines.length);
                selected = allLines.slice(startLine, endLine).join("\n");
                userLimitedLines = endLine - startLine;
              } else {
                selected = allLines.slice(startLine).join("\n");
              }
              const truncation = truncateHead(selected);
              let outputText: string;
              if (truncation.firstLineExceedsLimit) {
                const firstLineSize = formatSize(Buffer.byteLength(allLines[startLine], "utf-8"));
                outputText = `[Line ${startLineDisplay} is ${firstLineSize}, exceeds ${formatSize(DEFAULT_MAX_BYTES)} limit. Use bash: sed -n '${startLineDisplay}p' ${path} | head -c ${DEFAULT_MAX_BYTES}]`;
                details = { truncation };
              } else if (truncation.truncated) {
                const endLineDisplay = startLineDisplay + truncation.outputLines - 1;
                const nextOffset = endLineDisplay + 1;
                outputText = truncation.content;
                if (truncation.truncatedBy === "lines") {
                  outputText += `\n\n[Showing lines ${startLineDisplay}-${endLineDisplay} of ${totalFileLines}. Use offset=${nextOffset} to continue.]`;
                } else {
                  outputText += `\n\n[Showing lines ${startLineDisplay}-${endLineDisplay} of ${totalFileLines} (${formatSize(DEFAULT_MAX_BYTES)} limit). Use offset=${nextOffset} to continue.]`;
                }
                details = { truncation };
              } else if (userLimitedLines !== undefined && startLine + userLimitedLines < allLines.length) {
                const remaining = allLines.length - (startLine + userLimitedLines);
                const nextOffset = startLine + userLimitedLines + 1;
                outputText = `${truncation.content}\n\n[${remaining} more lines in file. Use offset=${nextOffset} to continue.]`;
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
    renderCall(args: any, theme: any, context: any) {
      const text = context.lastComponent ?? new Text("", 0, 0);
      const c = !context.expanded ? getCompactReadClassification(args, context.cwd) : undefined;
      text.setText(c ? formatCompactReadCall(c, args, theme) : formatReadCall(args, theme));
      return text;
    },
    renderResult(result: any, options: any, theme: any, context: any) {
      const text = context.lastComponent ?? new Text("", 0, 0);
      text.setText(formatReadResult(context.args, result, options, theme, context.showImages, context.cwd, context.isError));
      return text;
    },
  };
}

export function createReadTool(cwd: string, options?: any): any {
  return wrapToolDefinition(createReadToolDefinition(cwd, options));
}

// ---------------------------------------------------------------------------
// bash

// pi 1.6: what programmatic callers (codemode scripts) get from bash,
// also for a non-zero exit; output up to STRUCTURED_OUTPUT_MAX_BYTES.
const STRUCTURED_OUTPUT_MAX_BYTES = 1024 * 1024;
const bashOutputSchema = Type.Object({
  output: Type.String({ description: "Combined stdout and stderr, possibly truncated" }),
  truncated: Type.Boolean(),
  full_output_path: Type.Optional(Type.String({ description: "Full output, when truncated" })),
  exit_code: Type.Number(),
  wall_time_seconds: Type.Number(),
});
const bashSchema = Type.Object({
  command: Type.String({ description: "Shell command to execute" }),
  timeout: Type.Optional(Type.Number({ description: "Timeout in seconds (optional, no default timeout)" })),
});

const EXIT_STDIO_GRACE_MS = 100;

// waitForChildProcess resolves with the exit code once the child is gone
// and its output streams ended (or 100 ms after exit). The AbortError that
// child_process emits when pigo kills the group through `killer` is not a
// failure: the exit that follows settles it.
function waitForChildProcess(child: any, killer: any): Promise<number | null> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let exited = false;
    let exitCode: number | null = null;
    let postExitTimer: any;
    let stdoutEnded = child.stdout == null;
    let stderrEnded = child.stderr == null;
    const cleanup = () => {
      if (postExitTimer) {
        clearTimeout(postExitTimer);
        postExitTimer = undefined;
      }
      child.removeListener("error", onError);
      child.removeListener("exit", onExit);
      child.removeListener("close", onClose);
      child.stdout?.removeListener("end", onStdoutEnd);
      child.stderr?.removeListener("end", onStderrEnd);
    };
    const finalize = (code: number | null) => {
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
    const onError = (err: any) => {
      if (settled) return;
      if (killer.signal.aborted && err?.name === "AbortError") return;
      settled = true;
      cleanup();
      reject(err);
    };
    const onExit = (code: number | null) => {
      exited = true;
      exitCode = code;
      maybeFinalize();
      if (!settled) postExitTimer = setTimeout(() => finalize(code), EXIT_STDIO_GRACE_MS);
    };
    const onClose = (code: number | null) => finalize(code);
    child.stdout?.once("end", onStdoutEnd);
    child.stderr?.once("end", onStderrEnd);
    child.on("error", onError);
    child.once("exit", onExit);
    child.once("close", onClose);
  });
}

/**
 * createLocalBashOperations is pi's local shell backend: the command runs
 * in `shell -c` in its own process group, which a timeout or an abort
 * kills with SIGKILL.
 */
export function createLocalBashOperations(options?: { shellPath?: string }): any {
  return {
    exec: (command: string, cwd: string, { onData, signal, timeout, env }: any) =>
      new Promise((resolve, reject) => {
        const { shell, args } = getShellConfig(options?.shellPath);
        if (!fs.existsSync(cwd)) {
          reject(new Error(`Working directory does not exist: ${cwd}\nCannot execute bash commands.`));
          return;
        }
        const killer = new AbortController();
        const child = spawn(shell, [...args, command], {
          cwd,
          detached: true,
          env: env ?? getShellEnv(),
          stdio: ["ignore", "pipe", "pipe"],
          signal: killer.signal,
          killSignal: "SIGKILL",
        } as any);
        let timedOut = false;
        let timeoutHandle: any;
        if (timeout !== undefined && timeout > 0) {
          timeoutHandle = setTimeout(() => {
            timedOut = true;
            killer.abort();
          }, timeout * 1000);
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
        waitForChildProcess(child, killer)
          .then((code) => {
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
          })
          .catch((err) => {
            done();
            reject(err);
          });
      }),
  };
}

/**
 * OutputAccumulator keeps a bounded tail of streamed output and spills the
 * full output to a temp file once it passes the limits (pi's class).
 */
export class OutputAccumulator {
  maxLines: number;
  maxBytes: number;
  maxRollingBytes: number;
  tempFilePrefix: string;
  decoder = new TextDecoder();
  rawChunks: any[] = [];
  tailText = "";
  tailBytes = 0;
  tailStartsAtLineBoundary = true;
  totalRawBytes = 0;
  totalDecodedBytes = 0;
  totalLines = 1;
  currentLineBytes = 0;
  finished = false;
  tempFilePath: string | undefined;
  tempFileStream: any;
  constructor(options: any = {}) {
    this.maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.maxRollingBytes = Math.max(this.maxBytes * 2, 1);
    this.tempFilePrefix = options.tempFilePrefix ?? "pi-output";
  }
  append(data: any): void {
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
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.appendDecodedText(this.decoder.decode());
    if (this.shouldUseTempFile()) this.ensureTempFile();
  }
  snapshot(options: any = {}): any {
    const tail = truncateTail(this.getSnapshotText(), { maxLines: this.maxLines, maxBytes: this.maxBytes });
    const truncated = this.totalLines > this.maxLines || this.totalDecodedBytes > this.maxBytes;
    const truncatedBy = truncated ? (tail.truncatedBy ?? (this.totalDecodedBytes > this.maxBytes ? "bytes" : "lines")) : null;
    const truncation = {
      ...tail,
      truncated,
      truncatedBy,
      totalLines: this.totalLines,
      totalBytes: this.totalDecodedBytes,
      maxLines: this.maxLines,
      maxBytes: this.maxBytes,
    };
    if (options.persistIfTruncated && truncation.truncated) this.ensureTempFile();
    return { content: truncation.content, truncation, fullOutputPath: this.tempFilePath };
  }
  async closeTempFile(): Promise<void> {
    if (!this.tempFileStream) return;
    const stream = this.tempFileStream;
    this.tempFileStream = undefined;
    await new Promise<void>((resolve, reject) => {
      const onError = (error: any) => {
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
  async readFullOutput(maxBytes: number): Promise<{ content: string; truncated: boolean }> {
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
      // Cut at character boundaries: the head's incomplete trailing
      // sequence is held back, the tail skips leading continuation bytes.
      const headText = new TextDecoder().decode(head, { stream: true });
      let tailStart = 0;
      while (tailStart < tail.length && (tail[tailStart] & 0xc0) === 0x80) tailStart++;
      const tailText = new TextDecoder().decode(tail.subarray(tailStart));
      return { content: `${headText}\n\n[... ${size - headBytes - tailBytes} bytes omitted ...]\n\n${tailText}`, truncated: true };
    } finally {
      fs.closeSync(fd);
    }
  }
  getLastLineBytes(): number {
    return this.currentLineBytes;
  }
  appendDecodedText(text: string): void {
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
  trimTail(): void {
    const buffer = Buffer.from(this.tailText, "utf-8");
    if (buffer.length <= this.maxRollingBytes) {
      this.tailBytes = buffer.length;
      return;
    }
    let start = buffer.length - this.maxRollingBytes;
    while (start < buffer.length && (buffer[start] & 0xc0) === 0x80) start++;
    this.tailStartsAtLineBoundary = start === 0 ? this.tailStartsAtLineBoundary : buffer[start - 1] === 0x0a;
    this.tailText = buffer.subarray(start).toString("utf-8");
    this.tailBytes = Buffer.byteLength(this.tailText, "utf-8");
  }
  getSnapshotText(): string {
    if (this.tailStartsAtLineBoundary) return this.tailText;
    const nl = this.tailText.indexOf("\n");
    return nl === -1 ? this.tailText : this.tailText.slice(nl + 1);
  }
  shouldUseTempFile(): boolean {
    return this.totalRawBytes > this.maxBytes || this.totalDecodedBytes > this.maxBytes || this.totalLines > this.maxLines;
  }
  ensureTempFile(): void {
    if (this.tempFilePath) return;
    this.tempFilePath = nodePath.join(os.tmpdir(), `${this.tempFilePrefix}-${randomBytes(8).toString("hex")}.log`);
    this.tempFileStream = fs.createWriteStream(this.tempFilePath);
    for (const chunk of this.rawChunks) this.tempFileStream.write(chunk);
    this.rawChunks = [];
  }
}

const BASH_PREVIEW_LINES = 5;
const BASH_UPDATE_THROTTLE_MS = 100;

// The class is made on first render: extending pi-tui's Container when the
// module loads would instantiate pi-tui's core in every runtime that only
// registers the bash tool (the host makes imports lazy; a top-level
// `extends` is a use).
let BashResultRenderComponent: any;
function newBashResultRenderComponent(): any {
  if (!BashResultRenderComponent) {
    BashResultRenderComponent = class BashResultRenderComponent extends Container {
      state: any = { cachedWidth: undefined, cachedLines: undefined, cachedSkipped: undefined };
    };
  }
  return new BashResultRenderComponent();
}

function formatBashCall(args: any): string {
  const theme = globalTheme;
  const command = str(args?.command);
  const timeout = args?.timeout;
  const timeoutSuffix = timeout ? theme.fg("muted", ` (timeout ${timeout}s)`) : "";
  const commandDisplay = command === null ? invalidArgText(theme) : command ? command : theme.fg("toolOutput", "...");
  return theme.fg("toolTitle", theme.bold(`$ ${commandDisplay}`)) + timeoutSuffix;
}

function rebuildBashResultRenderComponent(component: any, result: any, options: any, showImages: boolean, startedAt?: number, endedAt?: number): void {
  const theme = globalTheme;
  const state = component.state;
  component.clear();
  const output = getTextOutput(result, showImages).trim();
  if (output) {
    const styled = output
      .split("\n")
      .map((line) => theme.fg("toolOutput", line))
      .join("\n");
    if (options.expanded) {
      component.addChild(new Text(`\n${styled}`, 0, 0));
    } else {
      component.addChild({
        render: (width: number) => {
          if (state.cachedLines === undefined || state.cachedWidth !== width) {
            const preview = truncateToVisualLines(styled, BASH_PREVIEW_LINES, width);
            state.cachedLines = preview.visualLines;
            state.cachedSkipped = preview.skippedCount;
            state.cachedWidth = width;
          }
          if (state.cachedSkipped && state.cachedSkipped > 0) {
            const hint = theme.fg("muted", `... (${state.cachedSkipped} earlier lines,`) + ` ${keyHint("app.tools.expand", "to expand")})`;
            return ["", truncateToWidth(hint, width, "..."), ...(state.cachedLines ?? [])];
          }
          return ["", ...(state.cachedLines ?? [])];
        },
        invalidate: () => {
          state.cachedWidth = undefined;
          state.cachedLines = undefined;
          state.cachedSkipped = undefined;
        },
      });
    }
  }
  const t = result.details?.truncation;
  const fullOutputPath = result.details?.fullOutputPath;
  if (t?.truncated || fullOutputPath) {
    const warnings: string[] = [];
    if (fullOutputPath) warnings.push(`Full output: ${fullOutputPath}`);
    if (t?.truncated) {
      if (t.truncatedBy === "lines") warnings.push(`Truncated: showing ${t.outputLines} of ${t.totalLines} lines`);
      else warnings.push(`Truncated: ${t.outputLines} lines shown (${formatSize(t.maxBytes ?? DEFAULT_MAX_BYTES)} limit)`);
    }
    component.addChild(new Text(`\n${theme.fg("warning", `[${warnings.join(". ")}]`)}`, 0, 0));
  }
  if (startedAt !== undefined) {
    const label = options.isPartial ? "Elapsed" : "Took";
    const endTime = endedAt ?? Date.now();
    component.addChild(new Text(`\n${theme.fg("muted", `${label} ${((endTime - startedAt) / 1000).toFixed(1)}s`)}`, 0, 0));
  }
}

// sessionShellEnv is the shell environment with pi 1.6's PI_* session
// variables: the inherited ones are dropped, and with ctx (an extension
// context) set from its session, model and thinking level.
function sessionShellEnv(ctx?: any): any {
  const env: any = { ...getShellEnv() };
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

export function createBashToolDefinition(cwd: string, options?: any): any {
  const ops = options?.operations ?? createLocalBashOperations({ shellPath: options?.shellPath });
  const commandPrefix = options?.commandPrefix;
  const spawnHook = options?.spawnHook;
  // pi 1.6: the command sees the session as PI_* variables (and the
  // model is told so) unless exposeSessionEnvironment is false.
  const exposeSessionEnvironment = options?.exposeSessionEnvironment ?? true;
  return {
    name: "bash",
    label: "bash",
    description: `Execute a bash command in the current working directory. Returns stdout and stderr. Output is truncated to last ${DEFAULT_MAX_LINES} lines or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). If truncated, full output is saved to a temp file. Optionally provide a timeout in seconds.`,
    promptSnippet: "Execute bash commands (ls, grep, find, etc.)",
    promptGuidelines: exposeSessionEnvironment ? ["You can inspect PI_* environment variables for current model and session details."] : undefined,
    parameters: bashSchema,
    outputSchema: bashOutputSchema,
    constrainedSampling: { type: "json_schema", strict: "prefer" }, // pi 1.6: declared to the model with the tool
    async execute(_toolCallId: string, { command, timeout }: any, signal?: any, onUpdate?: any, ctx?: any): Promise<any> {
      const resolvedCommand = commandPrefix ? `${commandPrefix}\n${command}` : command;
      const base = { command: resolvedCommand, cwd, env: sessionShellEnv(exposeSessionEnvironment ? ctx : undefined) };
      const spawnContext = spawnHook ? spawnHook(base) : base;
      const output = new OutputAccumulator({ tempFilePrefix: "pi-bash" });
      let updateTimer: any;
      let updateDirty = false;
      let lastUpdateAt = 0;
      const emitOutputUpdate = () => {
        if (!onUpdate || !updateDirty) return;
        updateDirty = false;
        lastUpdateAt = Date.now();
        const snap = output.snapshot({ persistIfTruncated: true });
        onUpdate({
          content: [{ type: "text", text: snap.content || "" }],
          details: { truncation: snap.truncation.truncated ? snap.truncation : undefined, fullOutputPath: snap.fullOutputPath },
        });
      };
      const clearUpdateTimer = () => {
        if (updateTimer) {
          clearTimeout(updateTimer);
          updateTimer = undefined;
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
          updateTimer = undefined;
          emitOutputUpdate();
        }, delay);
      };
      if (onUpdate) onUpdate({ content: [], details: undefined });
      const handleData = (data: any) => {
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
      const formatOutput = (snap: any, emptyText = "(no output)") => {
        const t = snap.truncation;
        let text = snap.content || emptyText;
        let details: any;
        if (t.truncated) {
          details = { truncation: t, fullOutputPath: snap.fullOutputPath };
          const startLine = t.totalLines - t.outputLines + 1;
          const endLine = t.totalLines;
          if (t.lastLinePartial) {
            const lastLineSize = formatSize(output.getLastLineBytes());
            text += `\n\n[Showing last ${formatSize(t.outputBytes)} of line ${endLine} (line is ${lastLineSize}). Full output: ${snap.fullOutputPath}]`;
          } else if (t.truncatedBy === "lines") {
            text += `\n\n[Showing lines ${startLine}-${endLine} of ${t.totalLines}. Full output: ${snap.fullOutputPath}]`;
          } else {
            text += `\n\n[Showing lines ${startLine}-${endLine} of ${t.totalLines} (${formatSize(DEFAULT_MAX_BYTES)} limit). Full output: ${snap.fullOutputPath}]`;
          }
        }
        return { text, details };
      };
      const appendStatus = (text: string, status: string) => `${text ? `${text}\n\n` : ""}${status}`;
      const startedAt = performance.now();
      try {
        let exitCode: number | null;
        try {
          const result = await ops.exec(spawnContext.command, spawnContext.cwd, {
            onData: handleData,
            signal,
            timeout,
            env: spawnContext.env,
          });
          exitCode = result.exitCode;
        } catch (err) {
          const snap = await finishOutput();
          const { text } = formatOutput(snap, "");
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
        // pi 1.6: the result for programmatic callers; a failed command is
        // an error result that still carries it.
        const wallTimeSeconds = Math.round((performance.now() - startedAt) / 100) / 10;
        const full = await output.readFullOutput(STRUCTURED_OUTPUT_MAX_BYTES);
        const structuredContent = {
          output: full.content,
          truncated: full.truncated,
          ...(full.truncated && snap.fullOutputPath ? { full_output_path: snap.fullOutputPath } : {}),
          exit_code: exitCode,
          wall_time_seconds: wallTimeSeconds,
        };
        if (exitCode !== 0) {
          return {
            content: [{ type: "text", text: appendStatus(outputText, `Command exited with code ${exitCode}`) }],
            details,
            structuredContent,
            isError: true,
          };
        }
        return { content: [{ type: "text", text: outputText }], details, structuredContent };
      } finally {
        clearUpdateTimer();
      }
    },
    renderCall(args: any, _theme: any, context: any) {
      const state = context.state;
      if (context.executionStarted && state.startedAt === undefined) {
        state.startedAt = Date.now();
        state.endedAt = undefined;
      }
      const text = context.lastComponent ?? new Text("", 0, 0);
      text.setText(formatBashCall(args));
      return text;
    },
    renderResult(result: any, options: any, _theme: any, context: any) {
      const state = context.state;
      if (state.startedAt !== undefined && options.isPartial && !state.interval) {
        state.interval = setInterval(() => context.invalidate(), 1000);
      }
      if (!options.isPartial || context.isError) {
        state.endedAt ??= Date.now();
        if (state.interval) {
          clearInterval(state.interval);
          state.interval = undefined;
        }
      }
      const component = context.lastComponent ?? newBashResultRenderComponent();
      rebuildBashResultRenderComponent(component, result, options, context.showImages, state.startedAt, state.endedAt);
      component.invalidate();
      return component;
    },
  };
}

export function createBashTool(cwd: string, options?: any): any {
  return wrapToolDefinition(createBashToolDefinition(cwd, options));
}

// ---------------------------------------------------------------------------
// edit

const replaceEditSchema = Type.Object(
  {
    oldText: Type.String({
      description:
        "Exact text for one targeted replacement. It must be unique in the original file and must not overlap with any other edits[].oldText in the same call.",
    }),
    newText: Type.String({ description: "Replacement text for this targeted edit." }),
  },
  {},
);

const editSchema = Type.Object(
  {
    path: Type.String({ description: "Path to the file to edit (relative or absolute)" }),
    edits: Type.Array(replaceEditSchema, {
      description:
        "One or more targeted replacements. Each edit is matched against the original file, not incrementally. Do not include overlapping or nested edits. If two changes touch the same block or nearby lines, merge them into one edit instead.",
    }),
  },
  {},
);

const defaultEditOperations = {
  readFile: (p: string) => fsp.readFile(p),
  writeFile: (p: string, content: string) => fsp.writeFile(p, content, "utf-8"),
  access: (p: string) => fsp.access(p, fs.constants.R_OK | fs.constants.W_OK),
};

/** prepareEditArguments folds legacy oldText/newText (and a JSON-string edits) into edits[]. */
function prepareEditArguments(input: any): any {
  if (!input || typeof input !== "object") return input;
  const args = input;
  if (typeof args.edits === "string") {
    try {
      const parsed = JSON.parse(args.edits);
      if (Array.isArray(parsed)) args.edits = parsed;
    } catch {
      // leave as is: validation reports it
    }
  }
  if (typeof args.oldText !== "string" || typeof args.newText !== "string") return args;
  const edits = Array.isArray(args.edits) ? [...args.edits] : [];
  edits.push({ oldText: args.oldText, newText: args.newText });
  const { oldText: _o, newText: _n, ...rest } = args;
  return { ...rest, edits };
}

function validateEditInput(input: any): { path: string; edits: any[] } {
  if (!Array.isArray(input.edits) || input.edits.length === 0) {
    throw new Error("Edit tool input is invalid. edits must contain at least one replacement.");
  }
  return { path: input.path, edits: input.edits };
}

function getRenderablePreviewInput(args: any): any {
  if (!args) return null;
  const p = typeof args.path === "string" ? args.path : typeof args.file_path === "string" ? args.file_path : null;
  if (!p) return null;
  if (
    Array.isArray(args.edits) &&
    args.edits.length > 0 &&
    args.edits.every((e: any) => typeof e?.oldText === "string" && typeof e?.newText === "string")
  ) {
    return { path: p, edits: args.edits };
  }
  if (typeof args.oldText === "string" && typeof args.newText === "string") return { path: p, edits: [{ oldText: args.oldText, newText: args.newText }] };
  return null;
}

function formatEditCall(args: any, theme: any): string {
  const rawPath = str(args?.file_path ?? args?.path);
  const p = rawPath !== null ? shortenPath(rawPath) : null;
  const pathDisplay = p === null ? invalidArgText(theme) : p ? theme.fg("accent", p) : theme.fg("toolOutput", "...");
  return `${theme.fg("toolTitle", theme.bold("edit"))} ${pathDisplay}`;
}

function formatEditResult(args: any, preview: any, result: any, theme: any, isError: boolean): string | undefined {
  const rawPath = str(args?.file_path ?? args?.path);
  const previewDiff = preview && !("error" in preview) ? preview.diff : undefined;
  const previewError = preview && "error" in preview ? preview.error : undefined;
  if (isError) {
    const errorText = result.content
      .filter((c: any) => c.type === "text")
      .map((c: any) => c.text || "")
      .join("\n");
    if (!errorText || errorText === previewError) return undefined;
    return theme.fg("error", errorText);
  }
  const resultDiff = result.details?.diff;
  if (resultDiff && resultDiff !== previewDiff) return renderDiff(resultDiff, { filePath: rawPath ?? undefined });
  return undefined;
}

function getEditHeaderBg(preview: any, settledError: boolean, theme: any): (t: string) => string {
  if (preview) {
    if ("error" in preview) return (t) => theme.bg("toolErrorBg", t);
    return (t) => theme.bg("toolSuccessBg", t);
  }
  if (settledError) return (t) => theme.bg("toolErrorBg", t);
  return (t) => theme.bg("toolPendingBg", t);
}

function buildEditCallComponent(component: any, args: any, theme: any): any {
  component.setBgFn(getEditHeaderBg(component.preview, component.settledError, theme));
  component.clear();
  component.addChild(new Text(formatEditCall(args, theme), 0, 0));
  if (!component.preview) return component;
  const body = "error" in component.preview ? theme.fg("error", component.preview.error) : renderDiff(component.preview.diff);
  component.addChild(new Spacer(1));
  component.addChild(new Text(body, 0, 0));
  return component;
}

function setEditPreview(component: any, preview: any, argsKey: any): boolean {
  const cur = component.preview;
  const changed =
    cur === undefined ||
    ("error" in cur && "error" in preview ? cur.error !== preview.error : "error" in cur !== "error" in preview) ||
    (!("error" in cur) && !("error" in preview) && (cur.diff !== preview.diff || cur.firstChangedLine !== preview.firstChangedLine));
  component.preview = preview;
  component.previewArgsKey = argsKey;
  component.previewPending = false;
  return changed;
}

function getEditCallRenderComponent(state: any, lastComponent: any): any {
  if (lastComponent instanceof Box) {
    state.callComponent = lastComponent;
    return lastComponent;
  }
  if (state.callComponent) return state.callComponent;
  const component = Object.assign(new Box(1, 1, (t: string) => t), {
    preview: undefined,
    previewArgsKey: undefined,
    previewPending: false,
    settledError: false,
  });
  state.callComponent = component;
  return component;
}

export function createEditToolDefinition(cwd: string, options?: any): any {
  const ops = options?.operations ?? defaultEditOperations;
  return {
    name: "edit",
    label: "edit",
    description:
      "Edit a single file using exact text replacement. Every edits[].oldText must match a unique, non-overlapping region of the original file. If two changes affect the same block or nearby lines, merge them into one edit instead of emitting overlapping edits. Do not include large unchanged regions just to connect distant changes.",
    promptSnippet: "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
    promptGuidelines: [
      "Use edit for targeted changes. Batch changes to one file in a single call.",
      "Each edits[].oldText must exactly and uniquely match the original file. Keep matches short and non-overlapping; merge nearby changes without including large unchanged regions.",
    ],
    parameters: editSchema,
    constrainedSampling: { type: "json_schema", strict: "prefer" }, // pi 1.6: declared to the model with the tool
    renderShell: "self",
    prepareArguments: prepareEditArguments,
    async execute(_toolCallId: string, input: any, signal?: any, _onUpdate?: any, _ctx?: any): Promise<any> {
      const { path, edits } = validateEditInput(input);
      const absolutePath = resolveToCwd(path, cwd);
      return withFileMutationQueue(
        absolutePath,
        () =>
          new Promise((resolve, reject) => {
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
                } catch (error: any) {
                  const msg = error instanceof Error && "code" in error ? `Error code: ${(error as any).code}` : String(error);
                  signal?.removeEventListener("abort", onAbort);
                  reject(new Error(`Could not edit file: ${path}. ${msg}.`));
                  return;
                }
                if (aborted) return;
                const buffer = await ops.readFile(absolutePath);
                const rawContent = buffer.toString("utf-8");
                if (aborted) return;
                const { bom, text: content } = stripBom(rawContent);
                const originalEnding = detectLineEnding(content);
                const { baseContent, newContent } = applyEditsToNormalizedContent(normalizeToLF(content), edits, path);
                if (aborted) return;
                await ops.writeFile(absolutePath, bom + restoreLineEndings(newContent, originalEnding));
                if (aborted) return;
                signal?.removeEventListener("abort", onAbort);
                const diffResult = generateDiffString(baseContent, newContent);
                resolve({
                  content: [{ type: "text", text: `Successfully replaced ${edits.length} block(s) in ${path}.` }],
                  details: { diff: diffResult.diff, firstChangedLine: diffResult.firstChangedLine },
                });
              } catch (error) {
                signal?.removeEventListener("abort", onAbort);
                if (!aborted) reject(error instanceof Error ? error : new Error(String(error)));
              }
            })();
          }),
      );
    },
    renderCall(args: any, theme: any, context: any) {
      const component = getEditCallRenderComponent(context.state, context.lastComponent);
      const previewInput = getRenderablePreviewInput(args);
      const argsKey = previewInput ? JSON.stringify({ path: previewInput.path, edits: previewInput.edits }) : undefined;
      if (component.previewArgsKey !== argsKey) {
        component.preview = undefined;
        component.previewArgsKey = argsKey;
        component.previewPending = false;
        component.settledError = false;
      }
      if (context.argsComplete && previewInput && !component.preview && !component.previewPending) {
        component.previewPending = true;
        const requestKey = argsKey;
        void computeEditsDiff(previewInput.path, previewInput.edits, context.cwd).then((preview: any) => {
          if (component.previewArgsKey === requestKey) {
            setEditPreview(component, preview, requestKey);
            context.invalidate();
          }
        });
      }
      return buildEditCallComponent(component, args, theme);
    },
    renderResult(result: any, _options: any, theme: any, context: any) {
      const callComponent = context.state.callComponent;
      const previewInput = getRenderablePreviewInput(context.args);
      const argsKey = previewInput ? JSON.stringify({ path: previewInput.path, edits: previewInput.edits }) : undefined;
      const resultDiff = !context.isError ? result.details?.diff : undefined;
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
      const component = context.lastComponent ?? new Container();
      component.clear();
      if (!output) return component;
      component.addChild(new Spacer(1));
      component.addChild(new Text(output, 1, 0));
      return component;
    },
  };
}

export function createEditTool(cwd: string, options?: any): any {
  return wrapToolDefinition(createEditToolDefinition(cwd, options));
}

// ---------------------------------------------------------------------------
// write

const writeSchema = Type.Object({
  path: Type.String({ description: "Path to the file to write (relative or absolute)" }),
  content: Type.String({ description: "Content to write to the file" }),
});

const defaultWriteOperations = {
  writeFile: (p: string, content: string) => fsp.writeFile(p, content, "utf-8"),
  mkdir: (dir: string) => fsp.mkdir(dir, { recursive: true }).then(() => {}),
};

function formatWriteCall(args: any, options: any, theme: any): string {
  const rawPath = str(args?.file_path ?? args?.path);
  const fileContent = str(args?.content);
  const p = rawPath !== null ? shortenPath(rawPath) : null;
  let text = `${theme.fg("toolTitle", theme.bold("write"))} ${p === null ? invalidArgText(theme) : p ? theme.fg("accent", p) : theme.fg("toolOutput", "...")}`;
  if (fileContent === null) {
    text += `\n\n${theme.fg("error", "[invalid content arg - expected string]")}`;
  } else if (fileContent) {
    const lang = rawPath ? getLanguageFromPath(rawPath) : undefined;
    const rendered = lang ? highlightCode(replaceTabs(normalizeDisplayText(fileContent)), lang) : normalizeDisplayText(fileContent).split("\n");
    const lines = trimTrailingEmptyLines(rendered);
    const totalLines = lines.length;
    const maxLines = options.expanded ? lines.length : 10;
    const display = lines.slice(0, maxLines);
    const remaining = lines.length - maxLines;
    text += `\n\n${display.map((l) => (lang ? l : theme.fg("toolOutput", replaceTabs(l)))).join("\n")}`;
    if (remaining > 0) text += `${theme.fg("muted", `\n... (${remaining} more lines, ${totalLines} total,`)} ${keyHint("app.tools.expand", "to expand")})`;
  }
  return text;
}

export function createWriteToolDefinition(cwd: string, options?: any): any {
  const ops = options?.operations ?? defaultWriteOperations;
  return {
    name: "write",
    label: "write",
    description:
      "Write content to a file. Creates the file if it doesn't exist, overwrites if it does. Automatically creates parent directories.",
    promptSnippet: "Create or overwrite files",
    promptGuidelines: ["Use write only for new files or complete rewrites."],
    parameters: writeSchema,
    constrainedSampling: { type: "json_schema", strict: "prefer" }, // pi 1.6: declared to the model with the tool
    async execute(_toolCallId: string, { path, content }: any, signal?: any, _onUpdate?: any, _ctx?: any): Promise<any> {
      const absolutePath = resolveToCwd(path, cwd);
      const dir = nodePath.dirname(absolutePath);
      return withFileMutationQueue(
        absolutePath,
        () =>
          new Promise((resolve, reject) => {
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
                resolve({ content: [{ type: "text", text: `Successfully wrote to ${path}` }], details: undefined });
              } catch (error) {
                signal?.removeEventListener("abort", onAbort);
                if (!aborted) reject(error);
              }
            })();
          }),
      );
    },
    renderCall(args: any, theme: any, context: any) {
      const component = context.lastComponent ?? new Text("", 0, 0);
      component.setText(formatWriteCall(args, { expanded: context.expanded, isPartial: context.isPartial }, theme));
      return component;
    },
    renderResult(result: any, _options: any, theme: any, context: any) {
      let output: string | undefined;
      if (context.isError) {
        const text = result.content
          .filter((c: any) => c.type === "text")
          .map((c: any) => c.text || "")
          .join("\n");
        if (text) output = `\n${theme.fg("error", text)}`;
      }
      if (!output) {
        const component = context.lastComponent ?? new Container();
        component.clear();
        return component;
      }
      const text = context.lastComponent ?? new Text("", 0, 0);
      text.setText(output);
      return text;
    },
  };
}

export function createWriteTool(cwd: string, options?: any): any {
  return wrapToolDefinition(createWriteToolDefinition(cwd, options));
}

// ---------------------------------------------------------------------------
// ls

const lsSchema = Type.Object({
  path: Type.Optional(Type.String({ description: "Directory to list (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of entries to return (default: 500)" })),
});

const LS_DEFAULT_LIMIT = 500;

const defaultLsOperations = {
  exists: (p: string) => fs.existsSync(p),
  stat: (p: string) => fs.statSync(p),
  readdir: (p: string) => fs.readdirSync(p),
};

function formatLsCall(args: any, theme: any): string {
  const rawPath = str(args?.path);
  const p = rawPath !== null ? shortenPath(rawPath || ".") : null;
  const limit = args?.limit;
  let text = `${theme.fg("toolTitle", theme.bold("ls"))} ${p === null ? invalidArgText(theme) : theme.fg("accent", p)}`;
  if (limit !== undefined) text += theme.fg("toolOutput", ` (limit ${limit})`);
  return text;
}

/** formatListResult is the collapsed/expanded rendering shared by ls, find and grep. */
export function formatListResult(result: any, options: any, theme: any, showImages: boolean, collapsedLines: number, warnings: string[]): string {
  const output = getTextOutput(result, showImages).trim();
  let text = "";
  if (output) {
    const lines = output.split("\n");
    const maxLines = options.expanded ? lines.length : collapsedLines;
    const display = lines.slice(0, maxLines);
    const remaining = lines.length - maxLines;
    text += `\n${display.map((l) => theme.fg("toolOutput", l)).join("\n")}`;
    if (remaining > 0) text += `${theme.fg("muted", `\n... (${remaining} more lines,`)} ${keyHint("app.tools.expand", "to expand")})`;
  }
  if (warnings.length > 0) text += `\n${theme.fg("warning", `[Truncated: ${warnings.join(", ")}]`)}`;
  return text;
}

export function createLsToolDefinition(cwd: string, options?: any): any {
  const ops = options?.operations ?? defaultLsOperations;
  return {
    name: "ls",
    label: "ls",
    description: `List directory contents. Returns entries sorted alphabetically, with '/' suffix for directories. Includes dotfiles. Output is truncated to ${LS_DEFAULT_LIMIT} entries or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first).`,
    promptSnippet: "List directory contents",
    parameters: lsSchema,
    async execute(_toolCallId: string, { path, limit }: any, signal?: any, _onUpdate?: any, _ctx?: any): Promise<any> {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortError());
          return;
        }
        const onAbort = () => reject(abortError());
        signal?.addEventListener("abort", onAbort, { once: true });
        (async () => {
          try {
            const dirPath = resolveToCwd(path || ".", cwd);
            const effectiveLimit = limit ?? LS_DEFAULT_LIMIT;
            if (!(await ops.exists(dirPath))) {
              reject(new Error(`Path not found: ${dirPath}`));
              return;
            }
            const stat = await ops.stat(dirPath);
            if (!stat.isDirectory()) {
              reject(new Error(`Not a directory: ${dirPath}`));
              return;
            }
            let entries: string[];
            try {
              entries = await ops.readdir(dirPath);
            } catch (e: any) {
              reject(new Error(`Cannot read directory: ${e.message}`));
              return;
            }
            entries.sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
            const results: string[] = [];
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
              resolve({ content: [{ type: "text", text: "(empty directory)" }], details: undefined });
              return;
            }
            const truncation = truncateHead(results.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
            let output = truncation.content;
            const details: any = {};
            const notices: string[] = [];
            if (entryLimitReached) {
              notices.push(`${effectiveLimit} entries limit reached. Use limit=${effectiveLimit * 2} for more`);
              details.entryLimitReached = effectiveLimit;
            }
            if (truncation.truncated) {
              notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
              details.truncation = truncation;
            }
            if (notices.length > 0) output += `\n\n[${notices.join(". ")}]`;
            resolve({ content: [{ type: "text", text: output }], details: Object.keys(details).length > 0 ? details : undefined });
          } catch (e) {
            signal?.removeEventListener("abort", onAbort);
            reject(e);
          }
        })();
      });
    },
    renderCall(args: any, theme: any, context: any) {
      const text = context.lastComponent ?? new Text("", 0, 0);
      text.setText(formatLsCall(args, theme));
      return text;
    },
    renderResult(result: any, options: any, theme: any, context: any) {
      const text = context.lastComponent ?? new Text("", 0, 0);
      const warnings: string[] = [];
      if (result.details?.entryLimitReached) warnings.push(`${result.details.entryLimitReached} entries limit`);
      if (result.details?.truncation?.truncated) warnings.push(`${formatSize(result.details.truncation.maxBytes ?? DEFAULT_MAX_BYTES)} limit`);
      text.setText(formatListResult(result, options, theme, context.showImages, 20, warnings));
      return text;
    },
  };
}

export function createLsTool(cwd: string, options?: any): any {
  return wrapToolDefinition(createLsToolDefinition(cwd, options));
}

// ---------------------------------------------------------------------------
// sets (core/tools/index.js)

export const allToolNames = new Set(["read", "bash", "edit", "write", "grep", "find", "ls"]);

const definitionFactories: Record<string, (cwd: string, o?: any) => any> = {
  read: createReadToolDefinition,
  bash: createBashToolDefinition,
  edit: createEditToolDefinition,
  write: createWriteToolDefinition,
  grep: createGrepToolDefinition,
  find: createFindToolDefinition,
  ls: createLsToolDefinition,
};

const toolFactories: Record<string, (cwd: string, o?: any) => any> = {
  read: createReadTool,
  bash: createBashTool,
  edit: createEditTool,
  write: createWriteTool,
  grep: createGrepTool,
  find: createFindTool,
  ls: createLsTool,
};

export function createToolDefinition(toolName: string, cwd: string, options?: any): any {
  const f = definitionFactories[toolName];
  if (!f || !Object.prototype.hasOwnProperty.call(definitionFactories, toolName)) throw new Error(`Unknown tool name: ${toolName}`);
  return f(cwd, options?.[toolName]);
}

export function createTool(toolName: string, cwd: string, options?: any): any {
  const f = toolFactories[toolName];
  if (!f || !Object.prototype.hasOwnProperty.call(toolFactories, toolName)) throw new Error(`Unknown tool name: ${toolName}`);
  return f(cwd, options?.[toolName]);
}

export function createCodingTools(cwd: string, options?: any): any[] {
  return ["read", "bash", "edit", "write"].map((n) => createTool(n, cwd, options));
}

export function createReadOnlyTools(cwd: string, options?: any): any[] {
  return ["read", "grep", "find", "ls"].map((n) => createTool(n, cwd, options));
}

export function createAllTools(cwd: string, options?: any): any {
  const out: any = {};
  for (const n of allToolNames) out[n] = createTool(n, cwd, options);
  return out;
}

export function createCodingToolDefinitions(cwd: string, options?: any): any[] {
  return ["read", "bash", "edit", "write"].map((n) => createToolDefinition(n, cwd, options));
}

export function createReadOnlyToolDefinitions(cwd: string, options?: any): any[] {
  return ["read", "grep", "find", "ls"].map((n) => createToolDefinition(n, cwd, options));
}

export function createAllToolDefinitions(cwd: string, options?: any): any {
  const out: any = {};
  for (const n of allToolNames) out[n] = createToolDefinition(n, cwd, options);
  return out;
}

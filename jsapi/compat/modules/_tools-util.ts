// pigo:tools-util — the helpers pi's built-in tools share, ported from
// @mariozechner/pi-coding-agent 0.73.1 dist/core/tools/{truncate,path-utils,
// file-mutation-queue,tool-definition-wrapper,render-utils}.js and
// dist/utils/shell.js, dist/config.js (getAgentDir). Output strings are
// pi's, byte for byte.

import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { spawnSync } from "child_process";
import { lockFile } from "pigo:core";
import { getCapabilities, getImageDimensions, imageFallback } from "@mariozechner/pi-tui";

// ---------------------------------------------------------------------------
// config.js

export const VERSION = "0.73.1";
export const APP_NAME = "pi";
export const CONFIG_DIR_NAME = ".pi";
export const ENV_AGENT_DIR = "PI_CODING_AGENT_DIR";

export function expandTildePath(p: string): string {
  if (p === "~") return os.homedir();
  if (p.startsWith("~/")) return os.homedir() + p.slice(1);
  return p;
}

/** getAgentDir is $PI_CODING_AGENT_DIR (~ expanded), else ~/.pi/agent. */
export function getAgentDir(): string {
  const envDir = process.env[ENV_AGENT_DIR];
  if (envDir) return expandTildePath(envDir);
  return path.join(os.homedir(), CONFIG_DIR_NAME, "agent");
}

export function getBinDir(): string {
  return path.join(getAgentDir(), "bin");
}

// ---------------------------------------------------------------------------
// truncate.js

export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;
export const GREP_MAX_LINE_LENGTH = 500;

const byteLength = (s: string): number => Buffer.byteLength(s, "utf-8");

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

export function truncateHead(content: string, options: any = {}): any {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = byteLength(content);
  const lines = content.split("\n");
  const totalLines = lines.length;
  if (totalLines <= maxLines && totalBytes <= maxBytes) {
    return {
      content, truncated: false, truncatedBy: null, totalLines, totalBytes,
      outputLines: totalLines, outputBytes: totalBytes, lastLinePartial: false,
      firstLineExceedsLimit: false, maxLines, maxBytes,
    };
  }
  const firstLineBytes = byteLength(lines[0]);
  if (firstLineBytes > maxBytes) {
    return {
      content: "", truncated: true, truncatedBy: "bytes", totalLines, totalBytes,
      outputLines: 0, outputBytes: 0, lastLinePartial: false,
      firstLineExceedsLimit: true, maxLines, maxBytes,
    };
  }
  const out: string[] = [];
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
    content: outputContent, truncated: true, truncatedBy, totalLines, totalBytes,
    outputLines: out.length, outputBytes: byteLength(outputContent), lastLinePartial: false,
    firstLineExceedsLimit: false, maxLines, maxBytes,
  };
}

export function truncateTail(content: string, options: any = {}): any {
  const maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const totalBytes = byteLength(content);
  const lines = content.split("\n");
  const totalLines = lines.length;
  if (totalLines <= maxLines && totalBytes <= maxBytes) {
    return {
      content, truncated: false, truncatedBy: null, totalLines, totalBytes,
      outputLines: totalLines, outputBytes: totalBytes, lastLinePartial: false,
      firstLineExceedsLimit: false, maxLines, maxBytes,
    };
  }
  const out: string[] = [];
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
    content: outputContent, truncated: true, truncatedBy, totalLines, totalBytes,
    outputLines: out.length, outputBytes: byteLength(outputContent), lastLinePartial,
    firstLineExceedsLimit: false, maxLines, maxBytes,
  };
}

function truncateStringToBytesFromEnd(str: string, maxBytes: number): string {
  const buf = Buffer.from(str, "utf-8");
  if (buf.length <= maxBytes) return str;
  let start = buf.length - maxBytes;
  while (start < buf.length && (buf[start] & 0xc0) === 0x80) start++;
  return buf.slice(start).toString("utf-8");
}

export function truncateLine(line: string, maxChars: number = GREP_MAX_LINE_LENGTH): { text: string; wasTruncated: boolean } {
  if (line.length <= maxChars) return { text: line, wasTruncated: false };
  return { text: `${line.slice(0, maxChars)}... [truncated]`, wasTruncated: true };
}

// ---------------------------------------------------------------------------
// path-utils.js

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
const NARROW_NO_BREAK_SPACE = "\u202F";

function fileExists(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

export function expandPath(filePath: string): string {
  const atless = filePath.startsWith("@") ? filePath.slice(1) : filePath;
  const normalized = atless.replace(UNICODE_SPACES, " ");
  if (normalized === "~") return os.homedir();
  if (normalized.startsWith("~/")) return os.homedir() + normalized.slice(1);
  return normalized;
}

/** resolveToCwd resolves a tool path argument against cwd (~ and @ handled). */
export function resolveToCwd(filePath: string, cwd: string): string {
  const expanded = expandPath(filePath);
  if (path.isAbsolute(expanded)) return expanded;
  return path.resolve(cwd, expanded);
}

/** resolveReadPath is resolveToCwd plus pi's macOS file-name variants. */
export function resolveReadPath(filePath: string, cwd: string): string {
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

// ---------------------------------------------------------------------------
// file-mutation-queue.js — pi keeps one queue table per process. pigo's
// plugins run in separate runtimes that share no memory (the bundled edit
// and write tools are separate plugins), so the queue is pigo:core's
// lockFile: one FIFO lock per file (its resolved real path) for the whole
// process, released when fn settles or when the plugin's generation
// retires.

/** withFileMutationQueue runs fn after every earlier fn queued for the same file. */
export async function withFileMutationQueue<T>(filePath: string, fn: () => Promise<T>): Promise<T> {
  const release = await lockFile(path.resolve(filePath));
  try {
    return await fn();
  } finally {
    release();
  }
}

// ---------------------------------------------------------------------------
// tool-definition-wrapper.js

/** wrapToolDefinition turns a ToolDefinition into an AgentTool (own enumerable fields). */
export function wrapToolDefinition(definition: any, ctxFactory?: () => any): any {
  return {
    name: definition.name,
    label: definition.label,
    description: definition.description,
    parameters: definition.parameters,
    prepareArguments: definition.prepareArguments,
    executionMode: definition.executionMode,
    execute: (toolCallId: any, params: any, signal: any, onUpdate: any) =>
      definition.execute(toolCallId, params, signal, onUpdate, ctxFactory?.()),
  };
}

export function wrapToolDefinitions(definitions: any[], ctxFactory?: () => any): any[] {
  return definitions.map((d) => wrapToolDefinition(d, ctxFactory));
}

export function createToolDefinitionFromAgentTool(tool: any): any {
  return {
    name: tool.name,
    label: tool.label,
    description: tool.description,
    parameters: tool.parameters,
    prepareArguments: tool.prepareArguments,
    executionMode: tool.executionMode,
    execute: async (toolCallId: any, params: any, signal: any, onUpdate: any) => tool.execute(toolCallId, params, signal, onUpdate),
  };
}

// ---------------------------------------------------------------------------
// render-utils.js

export function shortenPath(p: any): string {
  if (typeof p !== "string") return "";
  const home = os.homedir();
  if (p.startsWith(home)) return `~${p.slice(home.length)}`;
  return p;
}

export function str(value: any): string | null {
  if (typeof value === "string") return value;
  if (value == null) return "";
  return null;
}

export function replaceTabs(text: string): string {
  return text.replace(/\t/g, "   ");
}

export function normalizeDisplayText(text: string): string {
  return text.replace(/\r/g, "");
}

// stripAnsi is the strip-ansi package's regex (ansi-regex 6).
const ANSI_RE = new RegExp(
  "[\\u001B\\u009B][[\\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]+)*|[a-zA-Z\\d]+(?:;[-a-zA-Z\\d\\/\\#&.:=?%@~_]*)*)?(?:\\u0007|\\u001B\\u005C|\\u009C))|(?:(?:\\d{1,4}(?:;\\d{0,4})*)?[\\dA-PR-TZcf-nq-uy=><~]))",
  "g",
);

export function stripAnsi(s: string): string {
  return typeof s === "string" ? s.replace(ANSI_RE, "") : s;
}

/** sanitizeBinaryOutput drops control characters (but tab, LF, CR) and U+FFF9..FFFB. */
export function sanitizeBinaryOutput(s: string): string {
  return Array.from(s)
    .filter((ch) => {
      const code = ch.codePointAt(0);
      if (code === undefined) return false;
      if (code === 0x09 || code === 0x0a || code === 0x0d) return true;
      if (code <= 0x1f) return false;
      if (code >= 0xfff9 && code <= 0xfffb) return false;
      return true;
    })
    .join("");
}

export function getTextOutput(result: any, showImages: boolean): string {
  if (!result) return "";
  const textBlocks = result.content.filter((c: any) => c.type === "text");
  const imageBlocks = result.content.filter((c: any) => c.type === "image");
  let output = textBlocks.map((c: any) => sanitizeBinaryOutput(stripAnsi(c.text || "")).replace(/\r/g, "")).join("\n");
  const caps = getCapabilities();
  if (imageBlocks.length > 0 && (!caps.images || !showImages)) {
    const indicators = imageBlocks
      .map((img: any) => {
        const mimeType = img.mimeType ?? "image/unknown";
        const dims = img.data && img.mimeType ? (getImageDimensions(img.data, img.mimeType) ?? undefined) : undefined;
        return imageFallback(mimeType, dims);
      })
      .join("\n");
    output = output ? `${output}\n${indicators}` : indicators;
  }
  return output;
}

export function invalidArgText(theme: any): string {
  return theme.fg("error", "[invalid arg]");
}

// ---------------------------------------------------------------------------
// utils/shell.js

/** getShellConfig picks the shell bash runs commands with, as pi does on Unix. */
export function getShellConfig(customShellPath?: string): { shell: string; args: string[] } {
  if (customShellPath) {
    if (fs.existsSync(customShellPath)) return { shell: customShellPath, args: ["-c"] };
    throw new Error(`Custom shell path not found: ${customShellPath}`);
  }
  if (fs.existsSync("/bin/bash")) return { shell: "/bin/bash", args: ["-c"] };
  const onPath = findOnPath("bash");
  if (onPath) return { shell: onPath, args: ["-c"] };
  return { shell: "sh", args: ["-c"] };
}

/** getShellEnv is process.env with pi's bin dir ($agentDir/bin) first on PATH. */
export function getShellEnv(): Record<string, string> {
  const binDir = getBinDir();
  const env: any = process.env;
  const pathKey = Object.keys(env).find((k) => k.toLowerCase() === "path") ?? "PATH";
  const currentPath = env[pathKey] ?? "";
  const entries = currentPath.split(path.delimiter).filter(Boolean);
  const updated = entries.includes(binDir) ? currentPath : [binDir, currentPath].filter(Boolean).join(path.delimiter);
  return { ...env, [pathKey]: updated };
}

/** findOnPath returns the first executable named name on $PATH, or null. */
export function findOnPath(name: string): string | null {
  const env: any = process.env;
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
      // not here
    }
  }
  return null;
}

/**
 * findTool is pi's tools-manager getToolPath without the download: the copy
 * in $agentDir/bin first, then the system names on $PATH. undefined when
 * missing (the callers then use pigo:core's Go walk).
 */
export function findTool(binaryName: string, systemNames: string[]): string | undefined {
  const local = path.join(getBinDir(), binaryName);
  if (fs.existsSync(local)) return local;
  for (const n of systemNames) {
    const p = findOnPath(n);
    if (p) return p;
  }
  return undefined;
}

// Unused by the tools but part of pi's shell helpers.
export function killProcessTree(pid: number): void {
  try {
    spawnSync("kill", ["-KILL", "--", `-${pid}`], { stdio: "ignore" });
  } catch {
    // already gone
  }
}

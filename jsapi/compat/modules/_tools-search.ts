// pigo:tools-search — pi's grep and find tools (pi-coding-agent 0.73.1
// dist/core/tools/{grep,find}.js).
//
// pi runs ripgrep (`rg --json`) and fd, downloading them into
// $agentDir/bin when missing. pigo looks for them the same way
// ($agentDir/bin, then PATH; fd also as `fdfind`) but never downloads:
// without them (or with an fd too old for --no-require-git) it searches
// with pigo:core's Go walk, grep and find (jsapi/core), which follow the
// same rules — hidden files included, .git searched as rg/fd do with
// --hidden, .gitignore (grep: only inside a git repository, like rg;
// find: everywhere, like fd --no-require-git), .ignore and
// .rgignore/.fdignore honoured with rg's precedence, symlinks not
// followed, files containing NUL skipped — and produce the same output.
// The walk visits entries in sorted order, so its results are
// deterministic where rg's and fd's parallel walks are not. Patterns are
// Rust regex syntax for rg; the Go fallback compiles them with Go's RE2
// regexp (the same family: no look-around or backreferences, (?P<name>),
// \A, \z, POSIX classes) and reports invalid ones in rg's words.

import * as fs from "fs";
import * as nodePath from "path";
import { spawn } from "child_process";
import { Text } from "@mariozechner/pi-tui";
import { Type } from "typebox";
import * as core from "pigo:core";
import { keyHint } from "pigo:agent-theme";
import {
  DEFAULT_MAX_BYTES,
  GREP_MAX_LINE_LENGTH,
  findTool,
  formatSize,
  getTextOutput,
  invalidArgText,
  resolveToCwd,
  shortenPath,
  str,
  truncateHead,
  truncateLine,
  wrapToolDefinition,
} from "pigo:tools-util";

// ---------------------------------------------------------------------------
// globs (pigo:agent-misc matches paths with them; pigo:core has the same
// dialect in Go)

/**
 * globToRegExpSource converts a glob to a RegExp source: `*` and `?` stay
 * within one path segment when literalSeparator, `**` spans segments,
 * `[...]`/`[!...]` classes, `{a,b}` alternatives, `\` escapes.
 */
export function globToRegExpSource(glob: string, literalSeparator = true): string {
  const any = literalSeparator ? "[^/]" : ".";
  let out = "";
  let i = 0;
  let braceDepth = 0;
  while (i < glob.length) {
    const c = glob[i];
    if (c === "*") {
      if (glob[i + 1] === "*") {
        const prevSlash = i === 0 || glob[i - 1] === "/";
        let j = i + 2;
        const nextSlash = glob[j] === "/";
        const atEnd = j >= glob.length;
        if (prevSlash && nextSlash) {
          out += "(?:.*/)?";
          i = j + 1;
          continue;
        }
        if (prevSlash && atEnd) {
          out += ".*";
          i = j;
          continue;
        }
        out += ".*";
        i = j;
        continue;
      }
      out += `${any}*`;
      i++;
    } else if (c === "?") {
      out += any;
      i++;
    } else if (c === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end === -1) {
        out += "\\[";
        i++;
        continue;
      }
      let body = glob.slice(i + 1, end);
      let neg = false;
      if (body[0] === "!" || body[0] === "^") {
        neg = true;
        body = body.slice(1);
      }
      body = body.replace(/\\/g, "\\\\").replace(/\]/g, "\\]");
      out += `[${neg ? "^" : ""}${body}]`;
      i = end + 1;
    } else if (c === "{") {
      braceDepth++;
      out += "(?:";
      i++;
    } else if (c === "}" && braceDepth > 0) {
      braceDepth--;
      out += ")";
      i++;
    } else if (c === "," && braceDepth > 0) {
      out += "|";
      i++;
    } else if (c === "\\" && i + 1 < glob.length) {
      out += escapeRegExp(glob[i + 1]);
      i += 2;
    } else {
      out += escapeRegExp(c);
      i++;
    }
  }
  while (braceDepth-- > 0) out += ")";
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

// ---------------------------------------------------------------------------
// grep

const grepSchema = Type.Object({
  pattern: Type.String({ description: "Search pattern (regex or literal string)" }),
  path: Type.Optional(Type.String({ description: "Directory or file to search (default: current directory)" })),
  glob: Type.Optional(
    Type.String({
      description: "Filter files by glob pattern relative to path, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth",
    }),
  ),
  ignoreCase: Type.Optional(Type.Boolean({ description: "Case-insensitive search (default: false)" })),
  literal: Type.Optional(Type.Boolean({ description: "Treat pattern as literal string instead of regex (default: false)" })),
  context: Type.Optional(Type.Number({ description: "Number of lines to show before and after each match (default: 0)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of matches to return (default: 100)" })),
});

const GREP_DEFAULT_LIMIT = 100;

const defaultGrepOperations = {
  isDirectory: (p: string) => fs.statSync(p).isDirectory(),
  readFile: (p: string) => fs.readFileSync(p, "utf-8"),
};

interface GrepMatch {
  filePath: string;
  lineNumber: number;
  lineText?: string;
}

// grepCore searches like `rg --hidden [-i] [-F] [--glob g] pattern path`
// with pigo:core and calls onMatch per matching line until it returns
// false. Globs with "/" are relative to opts.cwd, the directory rg runs in.
async function grepCore(pattern: string, searchPath: string, opts: any, signal: any, onMatch: (m: GrepMatch) => boolean): Promise<void> {
  const found = await core.grep({
    pattern,
    path: searchPath,
    ignoreCase: !!opts.ignoreCase,
    literal: !!opts.literal,
    glob: opts.glob || undefined,
    cwd: opts.cwd,
    limit: opts.limit,
    signal,
  });
  for (const m of found.matches) {
    if (!onMatch({ filePath: m.path, lineNumber: m.line, lineText: m.text })) return;
  }
}

function formatGrepCall(args: any, theme: any): string {
  const pattern = str(args?.pattern);
  const rawPath = str(args?.path);
  const p = rawPath !== null ? shortenPath(rawPath || ".") : null;
  const glob = str(args?.glob);
  const limit = args?.limit;
  const invalid = invalidArgText(theme);
  let text =
    theme.fg("toolTitle", theme.bold("grep")) +
    " " +
    (pattern === null ? invalid : theme.fg("accent", `/${pattern || ""}/`)) +
    theme.fg("toolOutput", ` in ${p === null ? invalid : p}`);
  if (glob) text += theme.fg("toolOutput", ` (${glob})`);
  if (limit !== undefined) text += theme.fg("toolOutput", ` limit ${limit}`);
  return text;
}

function formatListResult(result: any, options: any, theme: any, showImages: boolean, collapsedLines: number, warnings: string[]): string {
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

// splitLines calls onLine for each complete line of a stream's data.
function lineReader(onLine: (line: string) => void): { push(chunk: any): void; end(): void } {
  let rest = "";
  const decoder = new TextDecoder();
  return {
    push(chunk: any) {
      rest += decoder.decode(chunk, { stream: true });
      let nl;
      while ((nl = rest.indexOf("\n")) !== -1) {
        const line = rest.slice(0, nl).replace(/\r$/, "");
        rest = rest.slice(nl + 1);
        onLine(line);
      }
    },
    end() {
      rest += decoder.decode();
      if (rest) onLine(rest.replace(/\r$/, ""));
      rest = "";
    },
  };
}

export function createGrepToolDefinition(cwd: string, options?: any): any {
  const customOps = options?.operations;
  return {
    name: "grep",
    label: "grep",
    description: `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to ${GREP_DEFAULT_LIMIT} matches or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). Long lines are truncated to ${GREP_MAX_LINE_LENGTH} chars.`,
    promptSnippet: "Search file contents for patterns (respects .gitignore)",
    parameters: grepSchema,
    async execute(_toolCallId: string, { pattern, path: searchDir, glob, ignoreCase, literal, context, limit }: any, signal?: any, _onUpdate?: any, _ctx?: any): Promise<any> {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(new Error("Operation aborted"));
          return;
        }
        let settled = false;
        const settle = (fn: () => void) => {
          if (!settled) {
            settled = true;
            fn();
          }
        };
        (async () => {
          try {
            const rgPath = findTool("rg", ["rg"]);
            const searchPath = resolveToCwd(searchDir || ".", cwd);
            const ops = customOps ?? defaultGrepOperations;
            let isDirectory: boolean;
            try {
              isDirectory = await ops.isDirectory(searchPath);
            } catch {
              settle(() => reject(new Error(`Path not found: ${searchPath}`)));
              return;
            }
            const contextValue = context && context > 0 ? context : 0;
            // rg never matches a leading "./" ("./src/*.ts" finds nothing),
            // so it is dropped ("!" negates); a glob with "/" is relative to
            // the searched directory.
            const rgGlob = glob ? glob.replace(/^(!?)(?:\.\/)+/, "$1") : undefined;
            const rgCwd = isDirectory ? searchPath : process.cwd();
            const effectiveLimit = Math.max(1, limit ?? GREP_DEFAULT_LIMIT);
            const formatPath = (filePath: string) => {
              if (isDirectory) {
                const rel = nodePath.relative(searchPath, nodePath.resolve(searchPath, filePath));
                if (rel && !rel.startsWith("..")) return rel.replace(/\\/g, "/");
              }
              return nodePath.basename(filePath);
            };
            const fileCache = new Map<string, string[]>();
            const getFileLines = async (filePath: string) => {
              let lines = fileCache.get(filePath);
              if (!lines) {
                try {
                  const content = await ops.readFile(filePath);
                  lines = content.replace(/\r\n/g, "\n").replace(/\r/g, "\n").split("\n");
                } catch {
                  lines = [];
                }
                fileCache.set(filePath, lines!);
              }
              return lines!;
            };
            let matchCount = 0;
            let matchLimitReached = false;
            let linesTruncated = false;
            const matches: GrepMatch[] = [];
            const addMatch = (m: GrepMatch) => {
              matchCount++;
              matches.push(m);
              if (matchCount >= effectiveLimit) {
                matchLimitReached = true;
                return false;
              }
              return true;
            };

            const finish = async () => {
              if (matchCount === 0) {
                settle(() => resolve({ content: [{ type: "text", text: "No matches found" }], details: undefined }));
                return;
              }
              const formatBlock = async (filePath: string, lineNumber: number) => {
                const relativePath = formatPath(filePath);
                const lines = await getFileLines(filePath);
                if (!lines.length) return [`${relativePath}:${lineNumber}: (unable to read file)`];
                const block: string[] = [];
                const start = contextValue > 0 ? Math.max(1, lineNumber - contextValue) : lineNumber;
                const end = contextValue > 0 ? Math.min(lines.length, lineNumber + contextValue) : lineNumber;
                for (let current = start; current <= end; current++) {
                  const sanitized = (lines[current - 1] ?? "").replace(/\r/g, "");
                  const { text, wasTruncated } = truncateLine(sanitized);
                  if (wasTruncated) linesTruncated = true;
                  if (current === lineNumber) block.push(`${relativePath}:${current}: ${text}`);
                  else block.push(`${relativePath}-${current}- ${text}`);
                }
                return block;
              };
              const outputLines: string[] = [];
              for (const m of matches) {
                if (contextValue === 0 && m.lineText !== undefined) {
                  const sanitized = m.lineText.replace(/\r\n/g, "\n").replace(/\r/g, "").replace(/\n$/, "");
                  const { text, wasTruncated } = truncateLine(sanitized);
                  if (wasTruncated) linesTruncated = true;
                  outputLines.push(`${formatPath(m.filePath)}:${m.lineNumber}: ${text}`);
                } else {
                  outputLines.push(...(await formatBlock(m.filePath, m.lineNumber)));
                }
              }
              const truncation = truncateHead(outputLines.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
              let output = truncation.content;
              const details: any = {};
              const notices: string[] = [];
              if (matchLimitReached) {
                notices.push(`${effectiveLimit} matches limit reached. Use limit=${effectiveLimit * 2} for more, or refine pattern`);
                details.matchLimitReached = effectiveLimit;
              }
              if (truncation.truncated) {
                notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
                details.truncation = truncation;
              }
              if (linesTruncated) {
                notices.push(`Some lines truncated to ${GREP_MAX_LINE_LENGTH} chars. Use read tool to see full lines`);
                details.linesTruncated = true;
              }
              if (notices.length > 0) output += `\n\n[${notices.join(". ")}]`;
              settle(() => resolve({ content: [{ type: "text", text: output }], details: Object.keys(details).length > 0 ? details : undefined }));
            };

            if (!rgPath) {
              try {
                await grepCore(pattern, searchPath, { ignoreCase, literal, glob: rgGlob, cwd: rgCwd, limit: effectiveLimit }, signal, addMatch);
              } catch (e) {
                if (!signal?.aborted) throw e;
              }
              if (signal?.aborted) {
                settle(() => reject(new Error("Operation aborted")));
                return;
              }
              await finish();
              return;
            }

            const args = ["--json", "--line-number", "--color=never", "--hidden"];
            if (ignoreCase) args.push("--ignore-case");
            if (literal) args.push("--fixed-strings");
            if (rgGlob) args.push("--glob", rgGlob);
            // rg roots --glob at its own cwd, so a directory search runs
            // inside searchPath and searches ".".
            args.push("--", pattern, isDirectory ? "." : searchPath);
            const child = spawn(rgPath, args, { cwd: rgCwd, stdio: ["ignore", "pipe", "pipe"] });
            let stderr = "";
            let aborted = false;
            let killedDueToLimit = false;
            const stopChild = (dueToLimit = false) => {
              if (!child.killed) {
                killedDueToLimit = dueToLimit;
                child.kill();
              }
            };
            const onAbort = () => {
              aborted = true;
              stopChild();
            };
            signal?.addEventListener("abort", onAbort, { once: true });
            const cleanup = () => signal?.removeEventListener("abort", onAbort);
            child.stderr?.on("data", (chunk: any) => {
              stderr += chunk.toString();
            });
            const reader = lineReader((line) => {
              if (!line.trim() || matchCount >= effectiveLimit) return;
              let event: any;
              try {
                event = JSON.parse(line);
              } catch {
                return;
              }
              if (event.type === "match") {
                const filePath = event.data?.path?.text;
                const lineNumber = event.data?.line_number;
                const lineText = event.data?.lines?.text;
                matchCount++;
                if (filePath && typeof lineNumber === "number") matches.push({ filePath: nodePath.resolve(rgCwd, filePath), lineNumber, lineText });
                if (matchCount >= effectiveLimit) {
                  matchLimitReached = true;
                  stopChild(true);
                }
              }
            });
            child.stdout?.on("data", (chunk: any) => reader.push(chunk));
            child.on("error", (error: any) => {
              cleanup();
              settle(() => reject(new Error(`Failed to run ripgrep: ${error.message}`)));
            });
            child.on("close", async (code: number | null) => {
              reader.end();
              cleanup();
              if (aborted) {
                settle(() => reject(new Error("Operation aborted")));
                return;
              }
              if (!killedDueToLimit && code !== 0 && code !== 1) {
                const errorMsg = stderr.trim() || `ripgrep exited with code ${code}`;
                settle(() => reject(new Error(errorMsg)));
                return;
              }
              try {
                await finish();
              } catch (e) {
                settle(() => reject(e));
              }
            });
          } catch (err) {
            settle(() => reject(err));
          }
        })();
      });
    },
    renderCall(args: any, theme: any, context: any) {
      const text = context.lastComponent ?? new Text("", 0, 0);
      text.setText(formatGrepCall(args, theme));
      return text;
    },
    renderResult(result: any, options: any, theme: any, context: any) {
      const text = context.lastComponent ?? new Text("", 0, 0);
      const d = result.details;
      const warnings: string[] = [];
      if (d?.matchLimitReached) warnings.push(`${d.matchLimitReached} matches limit`);
      if (d?.truncation?.truncated) warnings.push(`${formatSize(d.truncation.maxBytes ?? DEFAULT_MAX_BYTES)} limit`);
      if (d?.linesTruncated) warnings.push("some lines truncated");
      text.setText(formatListResult(result, options, theme, context.showImages, 15, warnings));
      return text;
    },
  };
}

export function createGrepTool(cwd: string, options?: any): any {
  return wrapToolDefinition(createGrepToolDefinition(cwd, options));
}

// ---------------------------------------------------------------------------
// find

const findSchema = Type.Object({
  pattern: Type.String({
    description: "Glob pattern relative to the search directory, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth",
  }),
  path: Type.Optional(Type.String({ description: "Directory to search in (default: current directory)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of results (default: 1000)" })),
});

const FIND_DEFAULT_LIMIT = 1000;

const toPosixPath = (v: string) => v.split(nodePath.sep).join("/");

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

// findCore lists what `fd --glob --hidden --no-require-git --max-results
// limit [--full-path] pattern searchPath` prints, with pigo:core: absolute
// paths, directories with a trailing "/".
async function findCore(pattern: string, searchPath: string, limit: number, signal: any): Promise<string[]> {
  const found = await core.find({ pattern, path: searchPath, limit, signal });
  return found.paths;
}

// runFd runs fd as pi does and resolves with its output lines, or null
// when this fd cannot run pi's command line (too old for --no-require-git).
function runFd(fdPath: string, pattern: string, searchPath: string, limit: number, signal: any): Promise<{ lines: string[]; code: number | null; stderr: string } | null> {
  return new Promise((resolve, reject) => {
    const args = ["--glob", "--color=never", "--hidden", "--no-require-git", "--max-results", String(limit)];
    // fd's full paths never contain "/./": leading "./" are dropped.
    let effective = pattern.replace(/^(?:\.\/)+/, "");
    if (effective.includes("/")) {
      args.push("--full-path");
      // A relative path pattern is anchored at the search path: 'src/*.ts'
      // finds 'src/a.ts' but not 'pkg/src/b.ts'; '**/src/*.ts' finds both.
      if (!nodePath.isAbsolute(effective)) {
        effective = `${searchPath.replace(/\/+$/, "").replace(/[\\*?[\]{}]/g, "\\$&")}/${effective}`;
        // fd's smart case is decided by the pattern, not the search path.
        if (pattern === pattern.toLowerCase()) args.push("--ignore-case");
      }
    }
    args.push("--", effective, searchPath);
    const child = spawn(fdPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    const lines: string[] = [];
    const reader = lineReader((l) => lines.push(l));
    const onAbort = () => {
      if (!child.killed) child.kill();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stderr?.on("data", (c: any) => {
      stderr += c.toString();
    });
    child.stdout?.on("data", (c: any) => reader.push(c));
    child.on("error", (e: any) => {
      signal?.removeEventListener("abort", onAbort);
      reject(new Error(`Failed to run fd: ${e.message}`));
    });
    child.on("close", (code: number | null) => {
      reader.end();
      signal?.removeEventListener("abort", onAbort);
      if (code !== 0 && lines.length === 0 && /no-require-git/.test(stderr)) {
        resolve(null);
        return;
      }
      resolve({ lines, code, stderr });
    });
  });
}

function formatFindCall(args: any, theme: any): string {
  const pattern = str(args?.pattern);
  const rawPath = str(args?.path);
  const p = rawPath !== null ? shortenPath(rawPath || ".") : null;
  const limit = args?.limit;
  const invalid = invalidArgText(theme);
  let text =
    theme.fg("toolTitle", theme.bold("find")) +
    " " +
    (pattern === null ? invalid : theme.fg("accent", pattern || "")) +
    theme.fg("toolOutput", ` in ${p === null ? invalid : p}`);
  if (limit !== undefined) text += theme.fg("toolOutput", ` (limit ${limit})`);
  return text;
}

export function createFindToolDefinition(cwd: string, options?: any): any {
  const customOps = options?.operations;
  return {
    name: "find",
    label: "find",
    description: `Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. Output is truncated to ${FIND_DEFAULT_LIMIT} results or ${DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first).`,
    promptSnippet: "Find files by glob pattern (respects .gitignore)",
    parameters: findSchema,
    async execute(_toolCallId: string, { pattern, path: searchDir, limit }: any, signal?: any, _onUpdate?: any, _ctx?: any): Promise<any> {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(new Error("Operation aborted"));
          return;
        }
        let settled = false;
        const settle = (fn: () => void) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener("abort", onAbort);
          fn();
        };
        const onAbort = () => settle(() => reject(new Error("Operation aborted")));
        signal?.addEventListener("abort", onAbort, { once: true });
        const finishList = (relativized: string[], effectiveLimit: number, limitNotice: string) => {
          const resultLimitReached = relativized.length >= effectiveLimit;
          const truncation = truncateHead(relativized.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
          let out = truncation.content;
          const details: any = {};
          const notices: string[] = [];
          if (resultLimitReached) {
            notices.push(limitNotice);
            details.resultLimitReached = effectiveLimit;
          }
          if (truncation.truncated) {
            notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
            details.truncation = truncation;
          }
          if (notices.length > 0) out += `\n\n[${notices.join(". ")}]`;
          settle(() => resolve({ content: [{ type: "text", text: out }], details: Object.keys(details).length > 0 ? details : undefined }));
        };
        const noFiles = () => settle(() => resolve({ content: [{ type: "text", text: "No files found matching pattern" }], details: undefined }));
        (async () => {
          try {
            const searchPath = resolveToCwd(searchDir || ".", cwd);
            const effectiveLimit = limit ?? FIND_DEFAULT_LIMIT;
            if (customOps?.glob) {
              if (!(await customOps.exists(searchPath))) {
                settle(() => reject(new Error(`Path not found: ${searchPath}`)));
                return;
              }
              if (signal?.aborted) {
                settle(() => reject(new Error("Operation aborted")));
                return;
              }
              const results = await customOps.glob(pattern, searchPath, { ignore: ["**/node_modules/**", "**/.git/**"], limit: effectiveLimit });
              if (signal?.aborted) {
                settle(() => reject(new Error("Operation aborted")));
                return;
              }
              if (results.length === 0) {
                noFiles();
                return;
              }
              const relativized = results.map((p: string) =>
                p.startsWith(searchPath) ? toPosixPath(p.slice(searchPath.length + 1)) : toPosixPath(nodePath.relative(searchPath, p)),
              );
              finishList(relativized, effectiveLimit, `${effectiveLimit} results limit reached`);
              return;
            }
            let lines: string[] | undefined;
            const fdPath = findTool("fd", ["fd", "fdfind"]);
            if (fdPath) {
              const r = await runFd(fdPath, pattern, searchPath, effectiveLimit, signal);
              if (signal?.aborted) {
                settle(() => reject(new Error("Operation aborted")));
                return;
              }
              if (r) {
                if (r.code !== 0 && r.lines.join("\n") === "") {
                  settle(() => reject(new Error(r.stderr.trim() || `fd exited with code ${r.code}`)));
                  return;
                }
                lines = r.lines;
              }
            }
            if (!lines) {
              if (!isDir(searchPath)) {
                settle(() => reject(new Error(`[fd error]: Search path '${searchPath}' is not a directory.`)));
                return;
              }
              lines = await findCore(pattern, searchPath, effectiveLimit, signal);
              if (signal?.aborted) {
                settle(() => reject(new Error("Operation aborted")));
                return;
              }
            }
            if (lines.join("\n") === "") {
              noFiles();
              return;
            }
            const relativized: string[] = [];
            for (const raw of lines) {
              const line = raw.replace(/\r$/, "").trim();
              if (!line) continue;
              const hadTrailingSlash = line.endsWith("/") || line.endsWith("\\");
              let rel = line.startsWith(searchPath) ? line.slice(searchPath.length + 1) : nodePath.relative(searchPath, line);
              if (hadTrailingSlash && !rel.endsWith("/")) rel += "/";
              relativized.push(toPosixPath(rel));
            }
            finishList(relativized, effectiveLimit, `${effectiveLimit} results limit reached. Use limit=${effectiveLimit * 2} for more, or refine pattern`);
          } catch (e) {
            if (signal?.aborted) {
              settle(() => reject(new Error("Operation aborted")));
              return;
            }
            settle(() => reject(e instanceof Error ? e : new Error(String(e))));
          }
        })();
      });
    },
    renderCall(args: any, theme: any, context: any) {
      const text = context.lastComponent ?? new Text("", 0, 0);
      text.setText(formatFindCall(args, theme));
      return text;
    },
    renderResult(result: any, options: any, theme: any, context: any) {
      const text = context.lastComponent ?? new Text("", 0, 0);
      const d = result.details;
      const warnings: string[] = [];
      if (d?.resultLimitReached) warnings.push(`${d.resultLimitReached} results limit`);
      if (d?.truncation?.truncated) warnings.push(`${formatSize(d.truncation.maxBytes ?? DEFAULT_MAX_BYTES)} limit`);
      text.setText(formatListResult(result, options, theme, context.showImages, 20, warnings));
      return text;
    },
  };
}

export function createFindTool(cwd: string, options?: any): any {
  return wrapToolDefinition(createFindToolDefinition(cwd, options));
}

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
var pigo_tools_search_exports = __defProp({}, "__esModule", { value: true });
pigo_tools_search_exports.createFindTool = createFindTool;
pigo_tools_search_exports.createFindToolDefinition = createFindToolDefinition;
pigo_tools_search_exports.createGrepTool = createGrepTool;
pigo_tools_search_exports.createGrepToolDefinition = createGrepToolDefinition;
pigo_tools_search_exports.globToRegExpSource = globToRegExpSource;
module.exports = pigo_tools_search_exports;
var fs = __toESM(require("fs"));
var nodePath = __toESM(require("path"));
var import_child_process = require("child_process");
var import_pi_tui = require("@mariozechner/pi-tui");
var import_typebox = require("typebox");
var core = __toESM(require("pigo:core"));
var import_pigo_agent_theme = require("pigo:agent-theme");
var import_pigo_tools_util = require("pigo:tools-util");
function globToRegExpSource(glob, literalSeparator = true) {
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
function escapeRegExp(s) {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
const grepSchema = import_typebox.Type.Object({
  pattern: import_typebox.Type.String({ description: "Search pattern (regex or literal string)" }),
  path: import_typebox.Type.Optional(import_typebox.Type.String({ description: "Directory or file to search (default: current directory)" })),
  glob: import_typebox.Type.Optional(
    import_typebox.Type.String({
      description: "Filter files by glob pattern relative to path, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth"
    })
  ),
  ignoreCase: import_typebox.Type.Optional(import_typebox.Type.Boolean({ description: "Case-insensitive search (default: false)" })),
  literal: import_typebox.Type.Optional(import_typebox.Type.Boolean({ description: "Treat pattern as literal string instead of regex (default: false)" })),
  context: import_typebox.Type.Optional(import_typebox.Type.Number({ description: "Number of lines to show before and after each match (default: 0)" })),
  limit: import_typebox.Type.Optional(import_typebox.Type.Number({ description: "Maximum number of matches to return (default: 100)" }))
});
const GREP_DEFAULT_LIMIT = 100;
const defaultGrepOperations = {
  isDirectory: (p) => fs.statSync(p).isDirectory(),
  readFile: (p) => fs.readFileSync(p, "utf-8")
};
async function grepCore(pattern, searchPath, opts, signal, onMatch) {
  const found = await core.grep({
    pattern,
    path: searchPath,
    ignoreCase: !!opts.ignoreCase,
    literal: !!opts.literal,
    glob: opts.glob || void 0,
    cwd: opts.cwd,
    limit: opts.limit,
    signal
  });
  for (const m of found.matches) {
    if (!onMatch({ filePath: m.path, lineNumber: m.line, lineText: m.text })) return;
  }
}
function formatGrepCall(args, theme) {
  const pattern = (0, import_pigo_tools_util.str)(args?.pattern);
  const rawPath = (0, import_pigo_tools_util.str)(args?.path);
  const p = rawPath !== null ? (0, import_pigo_tools_util.shortenPath)(rawPath || ".") : null;
  const glob = (0, import_pigo_tools_util.str)(args?.glob);
  const limit = args?.limit;
  const invalid = (0, import_pigo_tools_util.invalidArgText)(theme);
  let text = theme.fg("toolTitle", theme.bold("grep")) + " " + (pattern === null ? invalid : theme.fg("accent", `/${pattern || ""}/`)) + theme.fg("toolOutput", ` in ${p === null ? invalid : p}`);
  if (glob) text += theme.fg("toolOutput", ` (${glob})`);
  if (limit !== void 0) text += theme.fg("toolOutput", ` limit ${limit}`);
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
function lineReader(onLine) {
  let rest = "";
  const decoder = new TextDecoder();
  return {
    push(chunk) {
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
    }
  };
}
function createGrepToolDefinition(cwd, options) {
  const customOps = options?.operations;
  return {
    name: "grep",
    label: "grep",
    description: `Search file contents for a pattern. Returns matching lines with file paths and line numbers. Respects .gitignore. Output is truncated to ${GREP_DEFAULT_LIMIT} matches or ${import_pigo_tools_util.DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first). Long lines are truncated to ${import_pigo_tools_util.GREP_MAX_LINE_LENGTH} chars.`,
    promptSnippet: "Search file contents for patterns (respects .gitignore)",
    parameters: grepSchema,
    async execute(_toolCallId, { pattern, path: searchDir, glob, ignoreCase, literal, context, limit }, signal, _onUpdate, _ctx) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(new Error("Operation aborted"));
          return;
        }
        let settled = false;
        const settle = (fn) => {
          if (!settled) {
            settled = true;
            fn();
          }
        };
        (async () => {
          try {
            const rgPath = (0, import_pigo_tools_util.findTool)("rg", ["rg"]);
            const searchPath = (0, import_pigo_tools_util.resolveToCwd)(searchDir || ".", cwd);
            const ops = customOps ?? defaultGrepOperations;
            let isDirectory;
            try {
              isDirectory = await ops.isDirectory(searchPath);
            } catch {
              settle(() => reject(new Error(`Path not found: ${searchPath}`)));
              return;
            }
            const contextValue = context && context > 0 ? context : 0;
            const rgGlob = glob ? glob.replace(/^(!?)(?:\.\/)+/, "$1") : void 0;
            const rgCwd = isDirectory ? searchPath : process.cwd();
            const effectiveLimit = Math.max(1, limit ?? GREP_DEFAULT_LIMIT);
            const formatPath = (filePath) => {
              if (isDirectory) {
                const rel = nodePath.relative(searchPath, nodePath.resolve(searchPath, filePath));
                if (rel && !rel.startsWith("..")) return rel.replace(/\\/g, "/");
              }
              return nodePath.basename(filePath);
            };
            const fileCache = /* @__PURE__ */ new Map();
            const getFileLines = async (filePath) => {
              let lines = fileCache.get(filePath);
              if (!lines) {
                try {
                  const content = await ops.readFile(filePath);
                  lines = content.replace(/\r\n/g, "\n").replace(/\r/g, "\n").split("\n");
                } catch {
                  lines = [];
                }
                fileCache.set(filePath, lines);
              }
              return lines;
            };
            let matchCount = 0;
            let matchLimitReached = false;
            let linesTruncated = false;
            const matches = [];
            const addMatch = (m) => {
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
                settle(() => resolve({ content: [{ type: "text", text: "No matches found" }], details: void 0 }));
                return;
              }
              const formatBlock = async (filePath, lineNumber) => {
                const relativePath = formatPath(filePath);
                const lines = await getFileLines(filePath);
                if (!lines.length) return [`${relativePath}:${lineNumber}: (unable to read file)`];
                const block = [];
                const start = contextValue > 0 ? Math.max(1, lineNumber - contextValue) : lineNumber;
                const end = contextValue > 0 ? Math.min(lines.length, lineNumber + contextValue) : lineNumber;
                for (let current = start; current <= end; current++) {
                  const sanitized = (lines[current - 1] ?? "").replace(/\r/g, "");
                  const { text, wasTruncated } = (0, import_pigo_tools_util.truncateLine)(sanitized);
                  if (wasTruncated) linesTruncated = true;
                  if (current === lineNumber) block.push(`${relativePath}:${current}: ${text}`);
                  else block.push(`${relativePath}-${current}- ${text}`);
                }
                return block;
              };
              const outputLines = [];
              for (const m of matches) {
                if (contextValue === 0 && m.lineText !== void 0) {
                  const sanitized = m.lineText.replace(/\r\n/g, "\n").replace(/\r/g, "").replace(/\n$/, "");
                  const { text, wasTruncated } = (0, import_pigo_tools_util.truncateLine)(sanitized);
                  if (wasTruncated) linesTruncated = true;
                  outputLines.push(`${formatPath(m.filePath)}:${m.lineNumber}: ${text}`);
                } else {
                  outputLines.push(...await formatBlock(m.filePath, m.lineNumber));
                }
              }
              const truncation = (0, import_pigo_tools_util.truncateHead)(outputLines.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
              let output = truncation.content;
              const details = {};
              const notices = [];
              if (matchLimitReached) {
                notices.push(`${effectiveLimit} matches limit reached. Use limit=${effectiveLimit * 2} for more, or refine pattern`);
                details.matchLimitReached = effectiveLimit;
              }
              if (truncation.truncated) {
                notices.push(`${(0, import_pigo_tools_util.formatSize)(import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit reached`);
                details.truncation = truncation;
              }
              if (linesTruncated) {
                notices.push(`Some lines truncated to ${import_pigo_tools_util.GREP_MAX_LINE_LENGTH} chars. Use read tool to see full lines`);
                details.linesTruncated = true;
              }
              if (notices.length > 0) output += `

[${notices.join(". ")}]`;
              settle(() => resolve({ content: [{ type: "text", text: output }], details: Object.keys(details).length > 0 ? details : void 0 }));
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
            args.push("--", pattern, isDirectory ? "." : searchPath);
            const child = (0, import_child_process.spawn)(rgPath, args, { cwd: rgCwd, stdio: ["ignore", "pipe", "pipe"] });
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
            child.stderr?.on("data", (chunk) => {
              stderr += chunk.toString();
            });
            const reader = lineReader((line) => {
              if (!line.trim() || matchCount >= effectiveLimit) return;
              let event;
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
            child.stdout?.on("data", (chunk) => reader.push(chunk));
            child.on("error", (error) => {
              cleanup();
              settle(() => reject(new Error(`Failed to run ripgrep: ${error.message}`)));
            });
            child.on("close", async (code) => {
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
    renderCall(args, theme, context) {
      const text = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      text.setText(formatGrepCall(args, theme));
      return text;
    },
    renderResult(result, options2, theme, context) {
      const text = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      const d = result.details;
      const warnings = [];
      if (d?.matchLimitReached) warnings.push(`${d.matchLimitReached} matches limit`);
      if (d?.truncation?.truncated) warnings.push(`${(0, import_pigo_tools_util.formatSize)(d.truncation.maxBytes ?? import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit`);
      if (d?.linesTruncated) warnings.push("some lines truncated");
      text.setText(formatListResult(result, options2, theme, context.showImages, 15, warnings));
      return text;
    }
  };
}
function createGrepTool(cwd, options) {
  return (0, import_pigo_tools_util.wrapToolDefinition)(createGrepToolDefinition(cwd, options));
}
const findSchema = import_typebox.Type.Object({
  pattern: import_typebox.Type.String({
    description: "Glob pattern relative to the search directory, e.g. 'src/**/*.ts'. Without '/', e.g. '*.ts', it matches file names at any depth"
  }),
  path: import_typebox.Type.Optional(import_typebox.Type.String({ description: "Directory to search in (default: current directory)" })),
  limit: import_typebox.Type.Optional(import_typebox.Type.Number({ description: "Maximum number of results (default: 1000)" }))
});
const FIND_DEFAULT_LIMIT = 1e3;
const toPosixPath = (v) => v.split(nodePath.sep).join("/");
function isDir(p) {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
async function findCore(pattern, searchPath, limit, signal) {
  const found = await core.find({ pattern, path: searchPath, limit, signal });
  return found.paths;
}
function runFd(fdPath, pattern, searchPath, limit, signal) {
  return new Promise((resolve, reject) => {
    const args = ["--glob", "--color=never", "--hidden", "--no-require-git", "--max-results", String(limit)];
    let effective = pattern.replace(/^(?:\.\/)+/, "");
    if (effective.includes("/")) {
      args.push("--full-path");
      if (!nodePath.isAbsolute(effective)) {
        effective = `${searchPath.replace(/\/+$/, "").replace(/[\\*?[\]{}]/g, "\\$&")}/${effective}`;
        if (pattern === pattern.toLowerCase()) args.push("--ignore-case");
      }
    }
    args.push("--", effective, searchPath);
    const child = (0, import_child_process.spawn)(fdPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    const lines = [];
    const reader = lineReader((l) => lines.push(l));
    const onAbort = () => {
      if (!child.killed) child.kill();
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    child.stderr?.on("data", (c) => {
      stderr += c.toString();
    });
    child.stdout?.on("data", (c) => reader.push(c));
    child.on("error", (e) => {
      signal?.removeEventListener("abort", onAbort);
      reject(new Error(`Failed to run fd: ${e.message}`));
    });
    child.on("close", (code) => {
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
function formatFindCall(args, theme) {
  const pattern = (0, import_pigo_tools_util.str)(args?.pattern);
  const rawPath = (0, import_pigo_tools_util.str)(args?.path);
  const p = rawPath !== null ? (0, import_pigo_tools_util.shortenPath)(rawPath || ".") : null;
  const limit = args?.limit;
  const invalid = (0, import_pigo_tools_util.invalidArgText)(theme);
  let text = theme.fg("toolTitle", theme.bold("find")) + " " + (pattern === null ? invalid : theme.fg("accent", pattern || "")) + theme.fg("toolOutput", ` in ${p === null ? invalid : p}`);
  if (limit !== void 0) text += theme.fg("toolOutput", ` (limit ${limit})`);
  return text;
}
function createFindToolDefinition(cwd, options) {
  const customOps = options?.operations;
  return {
    name: "find",
    label: "find",
    description: `Search for files by glob pattern. Returns matching file paths relative to the search directory. Respects .gitignore. Output is truncated to ${FIND_DEFAULT_LIMIT} results or ${import_pigo_tools_util.DEFAULT_MAX_BYTES / 1024}KB (whichever is hit first).`,
    promptSnippet: "Find files by glob pattern (respects .gitignore)",
    parameters: findSchema,
    async execute(_toolCallId, { pattern, path: searchDir, limit }, signal, _onUpdate, _ctx) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(new Error("Operation aborted"));
          return;
        }
        let settled = false;
        const settle = (fn) => {
          if (settled) return;
          settled = true;
          signal?.removeEventListener("abort", onAbort);
          fn();
        };
        const onAbort = () => settle(() => reject(new Error("Operation aborted")));
        signal?.addEventListener("abort", onAbort, { once: true });
        const finishList = (relativized, effectiveLimit, limitNotice) => {
          const resultLimitReached = relativized.length >= effectiveLimit;
          const truncation = (0, import_pigo_tools_util.truncateHead)(relativized.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
          let out = truncation.content;
          const details = {};
          const notices = [];
          if (resultLimitReached) {
            notices.push(limitNotice);
            details.resultLimitReached = effectiveLimit;
          }
          if (truncation.truncated) {
            notices.push(`${(0, import_pigo_tools_util.formatSize)(import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit reached`);
            details.truncation = truncation;
          }
          if (notices.length > 0) out += `

[${notices.join(". ")}]`;
          settle(() => resolve({ content: [{ type: "text", text: out }], details: Object.keys(details).length > 0 ? details : void 0 }));
        };
        const noFiles = () => settle(() => resolve({ content: [{ type: "text", text: "No files found matching pattern" }], details: void 0 }));
        (async () => {
          try {
            const searchPath = (0, import_pigo_tools_util.resolveToCwd)(searchDir || ".", cwd);
            const effectiveLimit = limit ?? FIND_DEFAULT_LIMIT;
            if (customOps?.glob) {
              if (!await customOps.exists(searchPath)) {
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
              const relativized2 = results.map(
                (p) => p.startsWith(searchPath) ? toPosixPath(p.slice(searchPath.length + 1)) : toPosixPath(nodePath.relative(searchPath, p))
              );
              finishList(relativized2, effectiveLimit, `${effectiveLimit} results limit reached`);
              return;
            }
            let lines;
            const fdPath = (0, import_pigo_tools_util.findTool)("fd", ["fd", "fdfind"]);
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
            const relativized = [];
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
    renderCall(args, theme, context) {
      const text = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      text.setText(formatFindCall(args, theme));
      return text;
    },
    renderResult(result, options2, theme, context) {
      const text = context.lastComponent ?? new import_pi_tui.Text("", 0, 0);
      const d = result.details;
      const warnings = [];
      if (d?.resultLimitReached) warnings.push(`${d.resultLimitReached} results limit`);
      if (d?.truncation?.truncated) warnings.push(`${(0, import_pigo_tools_util.formatSize)(d.truncation.maxBytes ?? import_pigo_tools_util.DEFAULT_MAX_BYTES)} limit`);
      text.setText(formatListResult(result, options2, theme, context.showImages, 20, warnings));
      return text;
    }
  };
}
function createFindTool(cwd, options) {
  return (0, import_pigo_tools_util.wrapToolDefinition)(createFindToolDefinition(cwd, options));
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  createFindTool,
  createFindToolDefinition,
  createGrepTool,
  createGrepToolDefinition,
  globToRegExpSource
});

// The JavaScript grep/find fallback pi's tools used before pigo:core (from
// jsapi/compat/modules/_tools-search.ts, before the Go walk replaced it),
// unchanged but for the exports at the end. jsapi/core's tests run it
// through the fs shim as the reference for the Go walk (same results on
// generated trees) and as the baseline of BenchmarkGrep/BenchmarkFind.

import * as fs from "fs";
import * as nodePath from "path";
import * as process from "process";

// ---------------------------------------------------------------------------
// globs and ignore files

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

interface IgnoreRule {
  negated: boolean;
  dirOnly: boolean;
  anchored: boolean;
  re: RegExp;
}

/** parseIgnoreRule parses one gitignore line (null for blanks and comments). */
function parseIgnoreRule(line: string): IgnoreRule | null {
  let l = line.replace(/\r$/, "");
  if (!l || l.startsWith("#")) return null;
  // trailing spaces are dropped unless escaped
  l = l.replace(/(?<!\\)\s+$/, "");
  if (!l) return null;
  let negated = false;
  if (l.startsWith("!")) {
    negated = true;
    l = l.slice(1);
  } else if (l.startsWith("\\!") || l.startsWith("\\#")) {
    l = l.slice(1);
  }
  let dirOnly = false;
  if (l.endsWith("/") && l.length > 1) {
    dirOnly = true;
    l = l.slice(0, -1);
  }
  let anchored = l.includes("/");
  if (l.startsWith("/")) l = l.slice(1);
  if (l.startsWith("**/")) anchored = true;
  if (!l) return null;
  return { negated, dirOnly, anchored, re: new RegExp(`^${globToRegExpSource(l, true)}$`) };
}

class IgnoreFile {
  rules: IgnoreRule[];
  constructor(public dir: string, text: string) {
    this.rules = [];
    for (const line of text.split("\n")) {
      const r = parseIgnoreRule(line);
      if (r) this.rules.push(r);
    }
  }
  // match returns "ignore", "whitelist" or undefined for an absolute path.
  match(abs: string, isDir: boolean): string | undefined {
    const rel = nodePath.relative(this.dir, abs).split(nodePath.sep).join("/");
    if (!rel || rel.startsWith("..")) return undefined;
    const base = rel.slice(rel.lastIndexOf("/") + 1);
    for (let i = this.rules.length - 1; i >= 0; i--) {
      const r = this.rules[i];
      if (r.dirOnly && !isDir) continue;
      if (r.re.test(r.anchored ? rel : base)) return r.negated ? "whitelist" : "ignore";
    }
    return undefined;
  }
}

function readIgnore(dir: string, name: string): IgnoreFile | undefined {
  try {
    const p = nodePath.join(dir, name);
    const st = fs.statSync(p);
    if (!st.isFile()) return undefined;
    return new IgnoreFile(dir, fs.readFileSync(p, "utf-8"));
  } catch {
    return undefined;
  }
}

interface WalkOptions {
  customIgnore: string; // ".rgignore" or ".fdignore"
  gitignoreNeedsRepo: boolean; // rg: true, fd --no-require-git: false
}

// IgnoreStack is the ignore files in force for one directory, by category
// in rg's order of precedence; each list runs from the deepest directory up.
interface IgnoreStack {
  custom: IgnoreFile[];
  ignore: IgnoreFile[];
  git: IgnoreFile[];
  exclude: IgnoreFile[];
}

function findRepoRoot(dir: string): string | undefined {
  let d = dir;
  for (;;) {
    if (fs.existsSync(nodePath.join(d, ".git"))) return d;
    const parent = nodePath.dirname(d);
    if (parent === d) return undefined;
    d = parent;
  }
}

function extendStack(stack: IgnoreStack, dir: string, o: WalkOptions, useGit: boolean): IgnoreStack {
  const add = (list: IgnoreFile[], f?: IgnoreFile) => (f ? [f, ...list] : list);
  return {
    custom: add(stack.custom, readIgnore(dir, o.customIgnore)),
    ignore: add(stack.ignore, readIgnore(dir, ".ignore")),
    git: useGit ? add(stack.git, readIgnore(dir, ".gitignore")) : stack.git,
    exclude: stack.exclude,
  };
}

function isIgnored(stack: IgnoreStack, abs: string, isDir: boolean): boolean {
  for (const list of [stack.custom, stack.ignore, stack.git, stack.exclude]) {
    for (const f of list) {
      const m = f.match(abs, isDir);
      if (m) return m === "ignore";
    }
  }
  return false;
}

// rootStack builds the ignore files of root's ancestors (rg and fd read
// the parents' ignore files too).
function rootStack(root: string, o: WalkOptions): { stack: IgnoreStack; useGit: boolean } {
  const repo = findRepoRoot(root);
  const useGit = repo !== undefined || !o.gitignoreNeedsRepo;
  const chain: string[] = [];
  for (let d = nodePath.dirname(root); ; d = nodePath.dirname(d)) {
    chain.unshift(d);
    if (nodePath.dirname(d) === d) break;
  }
  let stack: IgnoreStack = { custom: [], ignore: [], git: [], exclude: [] };
  if (repo) {
    const ex = readIgnore(repo, nodePath.join(".git", "info", "exclude"));
    if (ex) stack.exclude = [ex];
  }
  for (const d of chain) {
    const inRepo = repo !== undefined && (d === repo || d.startsWith(repo + nodePath.sep));
    stack = extendStack(stack, d, o, repo !== undefined ? inRepo : useGit);
  }
  return { stack, useGit };
}

/**
 * walk visits root's descendants depth-first in sorted order, skipping
 * ignored ones (and not descending into ignored directories). visit gets
 * the absolute path and whether it is a directory; returning false stops
 * the walk. Symlinks are reported as files and never followed.
 */
function walk(root: string, o: WalkOptions, visit: (abs: string, isDir: boolean, isLink: boolean) => boolean | void, filter?: (abs: string, isDir: boolean) => boolean | undefined): void {
  const { stack: base, useGit } = rootStack(root, o);
  const repo = findRepoRoot(root);
  let stopped = false;
  const rec = (dir: string, parentStack: IgnoreStack) => {
    const inRepo = repo !== undefined && (dir === repo || dir.startsWith(repo + nodePath.sep));
    const stack = extendStack(parentStack, dir, o, repo !== undefined ? inRepo : useGit);
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return;
    }
    names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const name of names) {
      if (stopped) return;
      const abs = nodePath.join(dir, name);
      let st: any;
      try {
        st = fs.lstatSync(abs);
      } catch {
        continue;
      }
      const isLink = st.isSymbolicLink();
      const isDir = !isLink && st.isDirectory();
      const verdict = filter?.(abs, isDir);
      if (verdict === false) continue;
      if (verdict !== true && isIgnored(stack, abs, isDir)) continue;
      if (visit(abs, isDir, isLink) === false) {
        stopped = true;
        return;
      }
      if (isDir) rec(abs, stack);
    }
  };
  rec(root, base);
}


const POSIX_CLASSES: Record<string, string> = {
  alnum: "a-zA-Z0-9", alpha: "a-zA-Z", ascii: "\\x00-\\x7F", blank: " \\t", cntrl: "\\x00-\\x1F\\x7F", digit: "0-9",
  graph: "!-~", lower: "a-z", print: " -~", punct: "!-\\/:-@\\[-`{-~", space: "\\t\\n\\v\\f\\r ", upper: "A-Z",
  word: "A-Za-z0-9_", xdigit: "0-9A-Fa-f",
};

/** rustRegexToJS compiles an rg pattern as a JavaScript RegExp (per line). */
export function rustRegexToJS(pattern: string, ignoreCase: boolean, literal: boolean): RegExp {
  if (literal) return new RegExp(escapeRegExp(pattern), ignoreCase ? "i" : "");
  let src = pattern;
  let flags = ignoreCase ? "i" : "";
  const lead = src.match(/^\(\?([imsxU]+)\)/);
  if (lead) {
    if (lead[1].includes("i") && !flags.includes("i")) flags += "i";
    if (lead[1].includes("s")) flags += "s";
    src = src.slice(lead[0].length);
  }
  src = src
    .replace(/\(\?P</g, "(?<")
    .replace(/\\A/g, "^")
    .replace(/\\z/g, "$")
    .replace(/\[:(\^?)([a-z]+):\]/g, (m, neg, name) => (POSIX_CLASSES[name] && !neg ? POSIX_CLASSES[name] : m));
  if (/\\[pP]/.test(src)) flags += "u";
  try {
    return new RegExp(src, flags);
  } catch (e: any) {
    throw new Error(`regex parse error:\n    ${pattern}\nerror: ${e?.message ?? e}`);
  }
}

// overrideMatcher is rg's --glob: a path matching a positive glob is
// searched whatever the ignore files say, one matching a negated glob is
// skipped, and with any positive glob other files are skipped (directories
// are still entered). Globs without "/" match the base name; others match
// the path relative to the working directory rg runs in (process.cwd()),
// or the absolute path outside it — as rg does.
function overrideMatcher(glob: string | undefined): ((abs: string, isDir: boolean) => boolean | undefined) | undefined {
  if (!glob) return undefined;
  let g = glob;
  let negated = false;
  if (g.startsWith("!")) {
    negated = true;
    g = g.slice(1);
  }
  let dirOnly = false;
  if (g.endsWith("/")) {
    dirOnly = true;
    g = g.slice(0, -1);
  }
  const anchored = g.includes("/");
  if (g.startsWith("/")) g = g.slice(1);
  const re = new RegExp(`^${globToRegExpSource(g, true)}$`);
  const cwd = process.cwd();
  const cwdPrefix = cwd.endsWith("/") ? cwd : `${cwd}/`;
  return (abs, isDir) => {
    const subject = anchored ? (abs.startsWith(cwdPrefix) ? abs.slice(cwdPrefix.length) : abs) : nodePath.basename(abs);
    const hit = (!dirOnly || isDir) && re.test(subject);
    if (negated) return hit ? false : undefined;
    if (hit) return true;
    return isDir ? undefined : false;
  };
}

interface GrepMatch {
  filePath: string;
  lineNumber: number;
  lineText?: string;
}

// grepFallback searches like `rg --hidden [-i] [-F] [--glob g] pattern path`
// and calls onMatch per matching line until it returns false.
function grepFallback(pattern: string, searchPath: string, isDirectory: boolean, opts: any, onMatch: (m: GrepMatch) => boolean): void {
  const re = rustRegexToJS(pattern, !!opts.ignoreCase, !!opts.literal);
  const searchFile = (abs: string): boolean => {
    let buf: any;
    try {
      buf = fs.readFileSync(abs);
    } catch {
      return true;
    }
    if (buf.indexOf(0) !== -1) return true;
    const text: string = buf.toString("utf-8");
    const lines = text.split("\n");
    if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    for (let i = 0; i < lines.length; i++) {
      re.lastIndex = 0;
      if (re.test(lines[i])) {
        const hasNewline = i < lines.length - 1 || text.endsWith("\n");
        if (!onMatch({ filePath: abs, lineNumber: i + 1, lineText: lines[i] + (hasNewline ? "\n" : "") })) return false;
      }
    }
    return true;
  };
  if (!isDirectory) {
    searchFile(searchPath);
    return;
  }
  walk(
    searchPath,
    { customIgnore: ".rgignore", gitignoreNeedsRepo: true },
    (abs, isDir, isLink) => {
      if (isDir || isLink) return true;
      return searchFile(abs);
    },
    overrideMatcher(opts.glob),
  );
}

const toPosixPath = (v: string) => v.split(nodePath.sep).join("/");

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

// findFallback lists what `fd --glob --hidden --no-require-git
// --max-results limit [--full-path] pattern searchPath` prints: absolute
// paths, directories with a trailing "/".
function findFallback(pattern: string, searchPath: string, limit: number, aborted: () => boolean): string[] {
  let effective = pattern.replace(/^(?:\.\/)+/, "");
  const fullPath = effective.includes("/");
  if (fullPath && !effective.startsWith("/")) effective = `${searchPath.replace(/\/+$/, "").replace(/[\\*?[\]{}]/g, "\\$&")}/${effective}`;
  const re = new RegExp(`^${globToRegExpSource(effective, true)}$`);
  const out: string[] = [];
  walk(searchPath, { customIgnore: ".fdignore", gitignoreNeedsRepo: false }, (abs, isDir) => {
    if (aborted()) return false;
    const subject = fullPath ? toPosixPath(abs) : nodePath.basename(abs);
    if (re.test(subject)) {
      out.push(isDir ? `${abs}/` : abs);
      if (out.length >= limit) return false;
    }
    return true;
  });
  return out;
}

// runFd runs fd as pi does and resolves with its output lines, or null

export { grepFallback, findFallback };

// pigo:agent-misc — pi-coding-agent's small pure helpers: frontmatter
// (utils/frontmatter.js), skills (core/skills.js), context files
// (core/resource-loader.js loadProjectContextFiles), the event bus, source
// info, parseSkillBlock and the extension type guards.

import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { EventEmitter } from "events";
import { CONFIG_DIR_NAME, getAgentDir } from "pigo:tools-util";
import { globToRegExpSource } from "pigo:tools-search";

// ---------------------------------------------------------------------------
// frontmatter

// pi's parseFrontmatter and its YAML parser are engine/resources' (Go),
// through pigo:frontmatter (agent_native.go): the host reads skills and
// prompt templates with the same code.
const frontmatterNative: {
  parseFrontmatter(content: string): { frontmatter?: any; body?: string; error?: string };
} = require("pigo:frontmatter");

/** What the `yaml` package throws for invalid YAML. */
class YAMLParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "YAMLParseError";
  }
}

/** parseFrontmatter splits "---\nyaml\n---\nbody" into {frontmatter, body}. */
export function parseFrontmatter(content: string): { frontmatter: any; body: string } {
  // pi's first step, kept here so a non-string fails as in pi
  const normalized = content.replace(/\r\n/g, "\n").replace(/\r/g, "\n");
  const r = frontmatterNative.parseFrontmatter(normalized);
  if (r.error !== undefined) throw new YAMLParseError(r.error);
  return { frontmatter: r.frontmatter, body: r.body };
}

export function stripFrontmatter(content: string): string {
  return parseFrontmatter(content).body;
}

// ---------------------------------------------------------------------------
// source info, event bus, type guards

export function createSourceInfo(p: string, metadata: any): any {
  return { path: p, source: metadata.source, scope: metadata.scope, origin: metadata.origin, baseDir: metadata.baseDir };
}

export function createSyntheticSourceInfo(p: string, options: any): any {
  return { path: p, source: options.source, scope: options.scope ?? "temporary", origin: options.origin ?? "top-level", baseDir: options.baseDir };
}

/** createEventBus is pi's in-process pub/sub (handler errors are logged, not thrown). */
export function createEventBus(): any {
  const emitter = new EventEmitter();
  return {
    emit: (channel: string, data: any) => {
      emitter.emit(channel, data);
    },
    on: (channel: string, handler: (data: any) => any) => {
      const safeHandler = async (data: any) => {
        try {
          await handler(data);
        } catch (err) {
          console.error(`Event handler error (${channel}):`, err);
        }
      };
      emitter.on(channel, safeHandler);
      return () => emitter.off(channel, safeHandler);
    },
    clear: () => {
      emitter.removeAllListeners();
    },
  };
}

export function defineTool<T>(tool: T): T {
  return tool;
}

export const isBashToolResult = (e: any) => e.toolName === "bash";
export const isReadToolResult = (e: any) => e.toolName === "read";
export const isEditToolResult = (e: any) => e.toolName === "edit";
export const isWriteToolResult = (e: any) => e.toolName === "write";
export const isGrepToolResult = (e: any) => e.toolName === "grep";
export const isFindToolResult = (e: any) => e.toolName === "find";
export const isLsToolResult = (e: any) => e.toolName === "ls";
export function isToolCallEventType(toolName: string, event: any): boolean {
  return event.toolName === toolName;
}

export function parseSkillBlock(text: string): any {
  const m = text.match(/^<skill name="([^"]+)" location="([^"]+)">\n([\s\S]*?)\n<\/skill>(?:\n\n([\s\S]+))?$/);
  if (!m) return null;
  return { name: m[1], location: m[2], content: m[3], userMessage: m[4]?.trim() || undefined };
}

// ---------------------------------------------------------------------------
// context files

function loadContextFileFromDir(dir: string): any {
  for (const name of ["AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"]) {
    const p = path.join(dir, name);
    if (fs.existsSync(p)) {
      try {
        return { path: p, content: fs.readFileSync(p, "utf-8") };
      } catch (error) {
        console.error(`Warning: Could not read ${p}: ${error}`);
      }
    }
  }
  return null;
}

/** loadProjectContextFiles returns agentDir's AGENTS.md/CLAUDE.md, then cwd's ancestors' (root first). */
export function loadProjectContextFiles(options: { cwd: string; agentDir: string }): any[] {
  const files: any[] = [];
  const seen = new Set<string>();
  const global = loadContextFileFromDir(options.agentDir);
  if (global) {
    files.push(global);
    seen.add(global.path);
  }
  const ancestors: any[] = [];
  let dir = options.cwd;
  const root = path.resolve("/");
  for (;;) {
    const f = loadContextFileFromDir(dir);
    if (f && !seen.has(f.path)) {
      ancestors.unshift(f);
      seen.add(f.path);
    }
    if (dir === root) break;
    const parent = path.resolve(dir, "..");
    if (parent === dir) break;
    dir = parent;
  }
  files.push(...ancestors);
  return files;
}

// ---------------------------------------------------------------------------
// skills

const MAX_NAME_LENGTH = 64;
const MAX_DESCRIPTION_LENGTH = 1024;
const IGNORE_FILE_NAMES = [".gitignore", ".ignore", ".fdignore"];

const toPosix = (p: string) => p.split(path.sep).join("/");

// Ignore is the subset of the `ignore` package pi's skill loader uses:
// gitignore patterns relative to one root, directories tested as "dir/".
class Ignore {
  rules: { negated: boolean; re: RegExp; dirOnly: boolean }[] = [];
  add(patterns: string[]): void {
    for (let p of patterns) {
      let negated = false;
      if (p.startsWith("!")) {
        negated = true;
        p = p.slice(1);
      }
      p = p.replace(/\s+$/, "");
      if (!p) continue;
      let dirOnly = false;
      if (p.endsWith("/")) {
        dirOnly = true;
        p = p.slice(0, -1);
      }
      const anchored = p.includes("/");
      if (p.startsWith("/")) p = p.slice(1);
      const src = globToRegExpSource(p, true);
      const head = anchored ? "^" : "(?:^|/)";
      // a match ignores the path itself or, through a parent, everything below
      const re = new RegExp(dirOnly ? `${head}${src}/` : `${head}${src}(?:/|$)`);
      this.rules.push({ negated, re, dirOnly });
    }
  }
  ignores(rel: string): boolean {
    let ignored = false;
    for (const r of this.rules) if (r.re.test(rel)) ignored = !r.negated;
    return ignored;
  }
}

function prefixIgnorePattern(line: string, prefix: string): string | null {
  const trimmed = line.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith("#") && !trimmed.startsWith("\\#")) return null;
  let pattern = line;
  let negated = false;
  if (pattern.startsWith("!")) {
    negated = true;
    pattern = pattern.slice(1);
  } else if (pattern.startsWith("\\!")) {
    pattern = pattern.slice(1);
  }
  if (pattern.startsWith("/")) pattern = pattern.slice(1);
  const prefixed = prefix ? `${prefix}${pattern}` : pattern;
  return negated ? `!${prefixed}` : prefixed;
}

function addIgnoreRules(ig: Ignore, dir: string, rootDir: string): void {
  const relDir = path.relative(rootDir, dir);
  const prefix = relDir ? `${toPosix(relDir)}/` : "";
  for (const name of IGNORE_FILE_NAMES) {
    const p = path.join(dir, name);
    if (!fs.existsSync(p)) continue;
    try {
      const patterns = fs
        .readFileSync(p, "utf-8")
        .split(/\r?\n/)
        .map((l: string) => prefixIgnorePattern(l, prefix))
        .filter((l: string | null): l is string => Boolean(l));
      if (patterns.length > 0) ig.add(patterns);
    } catch {
      // unreadable ignore file
    }
  }
}

function validateName(name: string, parentDirName: string): string[] {
  const errors: string[] = [];
  if (name !== parentDirName) errors.push(`name "${name}" does not match parent directory "${parentDirName}"`);
  if (name.length > MAX_NAME_LENGTH) errors.push(`name exceeds ${MAX_NAME_LENGTH} characters (${name.length})`);
  if (!/^[a-z0-9-]+$/.test(name)) errors.push(`name contains invalid characters (must be lowercase a-z, 0-9, hyphens only)`);
  if (name.startsWith("-") || name.endsWith("-")) errors.push(`name must not start or end with a hyphen`);
  if (name.includes("--")) errors.push(`name must not contain consecutive hyphens`);
  return errors;
}

function validateDescription(description: any): string[] {
  if (!description || description.trim() === "") return ["description is required"];
  if (description.length > MAX_DESCRIPTION_LENGTH) return [`description exceeds ${MAX_DESCRIPTION_LENGTH} characters (${description.length})`];
  return [];
}

function skillSourceInfo(filePath: string, baseDir: string, source: string): any {
  switch (source) {
    case "user":
      return createSyntheticSourceInfo(filePath, { source: "local", scope: "user", baseDir });
    case "project":
      return createSyntheticSourceInfo(filePath, { source: "local", scope: "project", baseDir });
    case "path":
      return createSyntheticSourceInfo(filePath, { source: "local", baseDir });
    default:
      return createSyntheticSourceInfo(filePath, { source, baseDir });
  }
}

function loadSkillFromFile(filePath: string, source: string): any {
  const diagnostics: any[] = [];
  try {
    const { frontmatter } = parseFrontmatter(fs.readFileSync(filePath, "utf-8"));
    const skillDir = path.dirname(filePath);
    const parentDirName = path.basename(skillDir);
    for (const e of validateDescription(frontmatter.description)) diagnostics.push({ type: "warning", message: e, path: filePath });
    const name = frontmatter.name || parentDirName;
    for (const e of validateName(name, parentDirName)) diagnostics.push({ type: "warning", message: e, path: filePath });
    if (!frontmatter.description || frontmatter.description.trim() === "") return { skill: null, diagnostics };
    return {
      skill: {
        name,
        description: frontmatter.description,
        filePath,
        baseDir: skillDir,
        sourceInfo: skillSourceInfo(filePath, skillDir, source),
        disableModelInvocation: frontmatter["disable-model-invocation"] === true,
      },
      diagnostics,
    };
  } catch (error) {
    diagnostics.push({ type: "warning", message: error instanceof Error ? error.message : "failed to parse skill file", path: filePath });
    return { skill: null, diagnostics };
  }
}

function loadSkillsFromDirInternal(dir: string, source: string, includeRootFiles: boolean, ignoreMatcher?: Ignore, rootDir?: string): any {
  const skills: any[] = [];
  const diagnostics: any[] = [];
  if (!fs.existsSync(dir)) return { skills, diagnostics };
  const root = rootDir ?? dir;
  const ig = ignoreMatcher ?? new Ignore();
  addIgnoreRules(ig, dir, root);
  try {
    const entries: any[] = fs.readdirSync(dir, { withFileTypes: true }) as any;
    for (const entry of entries) {
      if (entry.name !== "SKILL.md") continue;
      const full = path.join(dir, entry.name);
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          isFile = fs.statSync(full).isFile();
        } catch {
          continue;
        }
      }
      if (!isFile || ig.ignores(toPosix(path.relative(root, full)))) continue;
      const r = loadSkillFromFile(full, source);
      if (r.skill) skills.push(r.skill);
      diagnostics.push(...r.diagnostics);
      return { skills, diagnostics };
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        try {
          const st = fs.statSync(full);
          isDirectory = st.isDirectory();
          isFile = st.isFile();
        } catch {
          continue;
        }
      }
      const rel = toPosix(path.relative(root, full));
      if (ig.ignores(isDirectory ? `${rel}/` : rel)) continue;
      if (isDirectory) {
        const sub = loadSkillsFromDirInternal(full, source, false, ig, root);
        skills.push(...sub.skills);
        diagnostics.push(...sub.diagnostics);
        continue;
      }
      if (!isFile || !includeRootFiles || !entry.name.endsWith(".md")) continue;
      const r = loadSkillFromFile(full, source);
      if (r.skill) skills.push(r.skill);
      diagnostics.push(...r.diagnostics);
    }
  } catch {
    // unreadable directory
  }
  return { skills, diagnostics };
}

export function loadSkillsFromDir(options: { dir: string; source: string }): any {
  return loadSkillsFromDirInternal(options.dir, options.source, true);
}

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** formatSkillsForPrompt is pi's <available_skills> block ("" when none is visible). */
export function formatSkillsForPrompt(skills: any[]): string {
  const visible = skills.filter((s) => !s.disableModelInvocation);
  if (visible.length === 0) return "";
  const lines = [
    "\n\nThe following skills provide specialized instructions for specific tasks.",
    "Use the read tool to load a skill's file when the task matches its description.",
    "When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.",
    "",
    "<available_skills>",
  ];
  for (const s of visible) {
    lines.push("  <skill>");
    lines.push(`    <name>${escapeXml(s.name)}</name>`);
    lines.push(`    <description>${escapeXml(s.description)}</description>`);
    lines.push(`    <location>${escapeXml(s.filePath)}</location>`);
    lines.push("  </skill>");
  }
  lines.push("</available_skills>");
  return lines.join("\n");
}

function normalizeSkillPath(input: string): string {
  const t = input.trim();
  if (t === "~") return os.homedir();
  if (t.startsWith("~/")) return path.join(os.homedir(), t.slice(2));
  if (t.startsWith("~")) return path.join(os.homedir(), t.slice(1));
  return t;
}

function canonicalizePath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** loadSkills loads the default and configured skill locations, first name wins. */
export function loadSkills(options: any): any {
  const { cwd, agentDir, skillPaths = [], includeDefaults } = options;
  const resolvedAgentDir = agentDir ?? getAgentDir();
  const skillMap = new Map<string, any>();
  const realPaths = new Set<string>();
  const all: any[] = [];
  const collisions: any[] = [];
  const addSkills = (result: any) => {
    all.push(...result.diagnostics);
    for (const skill of result.skills) {
      const real = canonicalizePath(skill.filePath);
      if (realPaths.has(real)) continue;
      const existing = skillMap.get(skill.name);
      if (existing) {
        collisions.push({
          type: "collision",
          message: `name "${skill.name}" collision`,
          path: skill.filePath,
          collision: { resourceType: "skill", name: skill.name, winnerPath: existing.filePath, loserPath: skill.filePath },
        });
      } else {
        skillMap.set(skill.name, skill);
        realPaths.add(real);
      }
    }
  };
  const userDir = path.join(resolvedAgentDir, "skills");
  const projectDir = path.resolve(cwd, CONFIG_DIR_NAME, "skills");
  if (includeDefaults) {
    addSkills(loadSkillsFromDirInternal(userDir, "user", true));
    addSkills(loadSkillsFromDirInternal(projectDir, "project", true));
  }
  const isUnder = (target: string, root: string) => {
    const r = path.resolve(root);
    if (target === r) return true;
    return target.startsWith(r.endsWith(path.sep) ? r : `${r}${path.sep}`);
  };
  const sourceOf = (p: string) => {
    if (!includeDefaults) {
      if (isUnder(p, userDir)) return "user";
      if (isUnder(p, projectDir)) return "project";
    }
    return "path";
  };
  for (const raw of skillPaths) {
    const n = normalizeSkillPath(raw);
    const resolved = path.isAbsolute(n) ? n : path.resolve(cwd, n);
    if (!fs.existsSync(resolved)) {
      all.push({ type: "warning", message: "skill path does not exist", path: resolved });
      continue;
    }
    try {
      const st = fs.statSync(resolved);
      const source = sourceOf(resolved);
      if (st.isDirectory()) addSkills(loadSkillsFromDirInternal(resolved, source, true));
      else if (st.isFile() && resolved.endsWith(".md")) {
        const r = loadSkillFromFile(resolved, source);
        if (r.skill) addSkills({ skills: [r.skill], diagnostics: r.diagnostics });
        else all.push(...r.diagnostics);
      } else {
        all.push({ type: "warning", message: "skill path is not a markdown file", path: resolved });
      }
    } catch (error) {
      all.push({ type: "warning", message: error instanceof Error ? error.message : "failed to read skill path", path: resolved });
    }
  }
  return { skills: Array.from(skillMap.values()), diagnostics: [...all, ...collisions] };
}

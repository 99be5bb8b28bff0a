// pigo:agent-misc — pi-coding-agent's small pure helpers: frontmatter
// (utils/frontmatter.js), skills (core/skills.js), context files
// (core/resource-loader.js loadProjectContextFiles), the event bus, source
// info, parseSkillBlock and the extension type guards.

import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { EventEmitter } from "events";
import { getAgentDir } from "pigo:tools-util";

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

// Skills are loaded by engine/resources (Go), through pigo:skills
// (agent_native.go): the host loads its own skills with the same code.
const skillsNative: {
  loadSkills(cwd: string, agentDir: string, paths: string[], includeDefaults: boolean): any;
  loadSkillsFromDir(dir: string, source: string): any;
} = require("pigo:skills");

export function loadSkillsFromDir(options: { dir: string; source: string }): any {
  // Go reads paths relative to its own working directory, not cwd()
  return skillsNative.loadSkillsFromDir(path.resolve(options.dir), options.source);
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

/** loadSkills loads the default and configured skill locations, first name wins. */
export function loadSkills(options: any): any {
  const { cwd, agentDir, skillPaths = [], includeDefaults } = options;
  const paths = Array.from(skillPaths as Iterable<string>, (raw) => {
    const n = normalizeSkillPath(raw);
    return path.isAbsolute(n) ? n : path.resolve(cwd, n);
  });
  return skillsNative.loadSkills(path.resolve(cwd), path.resolve(agentDir ?? getAgentDir()), paths, Boolean(includeDefaults));
}

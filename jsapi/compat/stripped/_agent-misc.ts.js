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
var pigo_agent_misc_exports = __defProp({}, "__esModule", { value: true });
pigo_agent_misc_exports.createEventBus = createEventBus;
pigo_agent_misc_exports.createSourceInfo = createSourceInfo;
pigo_agent_misc_exports.createSyntheticSourceInfo = createSyntheticSourceInfo;
pigo_agent_misc_exports.defineTool = defineTool;
pigo_agent_misc_exports.formatSkillsForPrompt = formatSkillsForPrompt;
pigo_agent_misc_exports.isToolCallEventType = isToolCallEventType;
pigo_agent_misc_exports.loadProjectContextFiles = loadProjectContextFiles;
pigo_agent_misc_exports.loadSkills = loadSkills;
pigo_agent_misc_exports.loadSkillsFromDir = loadSkillsFromDir;
pigo_agent_misc_exports.parseFrontmatter = parseFrontmatter;
pigo_agent_misc_exports.parseSkillBlock = parseSkillBlock;
pigo_agent_misc_exports.stripFrontmatter = stripFrontmatter;
module.exports = pigo_agent_misc_exports;
var fs = __toESM(require("fs"));
var os = __toESM(require("os"));
var path = __toESM(require("path"));
var import_events = require("events");
var import_pigo_tools_util = require("pigo:tools-util");
const frontmatterNative = require("pigo:frontmatter");
class YAMLParseError extends Error {
  constructor(message) {
    super(message);
    this.name = "YAMLParseError";
  }
}
function parseFrontmatter(content) {
  const normalized = content.replace(/\r\n/g, "\n").replace(/\r/g, "\n");
  const r = frontmatterNative.parseFrontmatter(normalized);
  if (r.error !== void 0) throw new YAMLParseError(r.error);
  return { frontmatter: r.frontmatter, body: r.body };
}
function stripFrontmatter(content) {
  return parseFrontmatter(content).body;
}
function createSourceInfo(p, metadata) {
  return { path: p, source: metadata.source, scope: metadata.scope, origin: metadata.origin, baseDir: metadata.baseDir };
}
function createSyntheticSourceInfo(p, options) {
  return { path: p, source: options.source, scope: options.scope ?? "temporary", origin: options.origin ?? "top-level", baseDir: options.baseDir };
}
function createEventBus() {
  const emitter = new import_events.EventEmitter();
  return {
    emit: (channel, data) => {
      emitter.emit(channel, data);
    },
    on: (channel, handler) => {
      const safeHandler = async (data) => {
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
    }
  };
}
function defineTool(tool) {
  return tool;
}
const isBashToolResult = (e) => e.toolName === "bash";
const isReadToolResult = (e) => e.toolName === "read";
const isEditToolResult = (e) => e.toolName === "edit";
const isWriteToolResult = (e) => e.toolName === "write";
const isGrepToolResult = (e) => e.toolName === "grep";
const isFindToolResult = (e) => e.toolName === "find";
const isLsToolResult = (e) => e.toolName === "ls";
function isToolCallEventType(toolName, event) {
  return event.toolName === toolName;
}
function parseSkillBlock(text) {
  const m = text.match(/^<skill name="([^"]+)" location="([^"]+)">\n([\s\S]*?)\n<\/skill>(?:\n\n([\s\S]+))?$/);
  if (!m) return null;
  return { name: m[1], location: m[2], content: m[3], userMessage: m[4]?.trim() || void 0 };
}
function loadContextFileFromDir(dir) {
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
function loadProjectContextFiles(options) {
  const files = [];
  const seen = /* @__PURE__ */ new Set();
  const global = loadContextFileFromDir(options.agentDir);
  if (global) {
    files.push(global);
    seen.add(global.path);
  }
  const ancestors = [];
  let dir = options.cwd;
  const root = path.resolve("/");
  for (; ; ) {
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
const skillsNative = require("pigo:skills");
function loadSkillsFromDir(options) {
  return skillsNative.loadSkillsFromDir(path.resolve(options.dir), options.source);
}
function escapeXml(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
function formatSkillsForPrompt(skills) {
  const visible = skills.filter((s) => !s.disableModelInvocation);
  if (visible.length === 0) return "";
  const lines = [
    "\n\nThe following skills provide specialized instructions for specific tasks.",
    "Use the read tool to load a skill's file when the task matches its description.",
    "When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.",
    "",
    "<available_skills>"
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
function normalizeSkillPath(input) {
  const t = input.trim();
  if (t === "~") return os.homedir();
  if (t.startsWith("~/")) return path.join(os.homedir(), t.slice(2));
  if (t.startsWith("~")) return path.join(os.homedir(), t.slice(1));
  return t;
}
function loadSkills(options) {
  const { cwd, agentDir, skillPaths = [], includeDefaults } = options;
  const paths = Array.from(skillPaths, (raw) => {
    const n = normalizeSkillPath(raw);
    return path.isAbsolute(n) ? n : path.resolve(cwd, n);
  });
  return skillsNative.loadSkills(path.resolve(cwd), path.resolve(agentDir ?? (0, import_pigo_tools_util.getAgentDir)()), paths, Boolean(includeDefaults));
}
// Annotate the CommonJS export names for ESM import in node:
pigo_agent_misc_exports.isBashToolResult = isBashToolResult;
pigo_agent_misc_exports.isEditToolResult = isEditToolResult;
pigo_agent_misc_exports.isFindToolResult = isFindToolResult;
pigo_agent_misc_exports.isGrepToolResult = isGrepToolResult;
pigo_agent_misc_exports.isLsToolResult = isLsToolResult;
pigo_agent_misc_exports.isReadToolResult = isReadToolResult;
pigo_agent_misc_exports.isWriteToolResult = isWriteToolResult;
0 && (module.exports = {
  createEventBus,
  createSourceInfo,
  createSyntheticSourceInfo,
  defineTool,
  formatSkillsForPrompt,
  isBashToolResult,
  isEditToolResult,
  isFindToolResult,
  isGrepToolResult,
  isLsToolResult,
  isReadToolResult,
  isToolCallEventType,
  isWriteToolResult,
  loadProjectContextFiles,
  loadSkills,
  loadSkillsFromDir,
  parseFrontmatter,
  parseSkillBlock,
  stripFrontmatter
});

var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
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
var pigo_agent_theme_exports = __defProp({}, "__esModule", { value: true });
pigo_agent_theme_exports.getAppKeybindings = getAppKeybindings;
pigo_agent_theme_exports.getCurrentThemeName = getCurrentThemeName;
pigo_agent_theme_exports.getEditorTheme = getEditorTheme;
pigo_agent_theme_exports.getLanguageFromPath = getLanguageFromPath;
pigo_agent_theme_exports.getMarkdownTheme = getMarkdownTheme;
pigo_agent_theme_exports.getSelectListTheme = getSelectListTheme;
pigo_agent_theme_exports.getSettingsListTheme = getSettingsListTheme;
pigo_agent_theme_exports.getThemeByName = getThemeByName;
pigo_agent_theme_exports.highlightCode = highlightCode;
pigo_agent_theme_exports.initTheme = initTheme;
pigo_agent_theme_exports.keyHint = keyHint;
pigo_agent_theme_exports.keyText = keyText;
pigo_agent_theme_exports.loadThemeFromPath = loadThemeFromPath;
pigo_agent_theme_exports.rawKeyHint = rawKeyHint;
pigo_agent_theme_exports.setRegisteredThemes = setRegisteredThemes;
pigo_agent_theme_exports.setTheme = setTheme;
pigo_agent_theme_exports.setThemeInstance = setThemeInstance;
module.exports = pigo_agent_theme_exports;
var fs = __toESM(require("fs"));
var path = __toESM(require("path"));
var import_pi_tui = require("@mariozechner/pi-tui");
var import_pigo_tools_util = require("pigo:tools-util");
function chalkStyle(open, close) {
  return (text) => {
    let s = String(text);
    if (s.length === 0) return "";
    if (s.includes("\x1B")) s = s.split(close).join(close + open);
    const nl = s.indexOf("\n");
    if (nl !== -1) s = s.replace(/(\r?\n)/g, `${close}$1${open}`);
    return open + s + close;
  };
}
const bold = chalkStyle("\x1B[1m", "\x1B[22m");
const italic = chalkStyle("\x1B[3m", "\x1B[23m");
const underline = chalkStyle("\x1B[4m", "\x1B[24m");
const inverse = chalkStyle("\x1B[7m", "\x1B[27m");
const strikethrough = chalkStyle("\x1B[9m", "\x1B[29m");
function hexToRgb(hex) {
  const cleaned = hex.replace("#", "");
  if (cleaned.length !== 6) throw new Error(`Invalid hex color: ${hex}`);
  const r = parseInt(cleaned.substring(0, 2), 16);
  const g = parseInt(cleaned.substring(2, 4), 16);
  const b = parseInt(cleaned.substring(4, 6), 16);
  if (Number.isNaN(r) || Number.isNaN(g) || Number.isNaN(b)) throw new Error(`Invalid hex color: ${hex}`);
  return { r, g, b };
}
const CUBE_VALUES = [0, 95, 135, 175, 215, 255];
const GRAY_VALUES = Array.from({ length: 24 }, (_, i) => 8 + i * 10);
function closest(values, v) {
  let minDist = Infinity;
  let minIdx = 0;
  for (let i = 0; i < values.length; i++) {
    const d = Math.abs(v - values[i]);
    if (d < minDist) {
      minDist = d;
      minIdx = i;
    }
  }
  return minIdx;
}
function colorDistance(r1, g1, b1, r2, g2, b2) {
  const dr = r1 - r2;
  const dg = g1 - g2;
  const db = b1 - b2;
  return dr * dr * 0.299 + dg * dg * 0.587 + db * db * 0.114;
}
function rgbTo256(r, g, b) {
  const ri = closest(CUBE_VALUES, r);
  const gi = closest(CUBE_VALUES, g);
  const bi = closest(CUBE_VALUES, b);
  const cubeIndex = 16 + 36 * ri + 6 * gi + bi;
  const cubeDist = colorDistance(r, g, b, CUBE_VALUES[ri], CUBE_VALUES[gi], CUBE_VALUES[bi]);
  const gray = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  const grayIdx = closest(GRAY_VALUES, gray);
  const gv = GRAY_VALUES[grayIdx];
  const grayDist = colorDistance(r, g, b, gv, gv, gv);
  const spread = Math.max(r, g, b) - Math.min(r, g, b);
  if (spread < 10 && grayDist < cubeDist) return 232 + grayIdx;
  return cubeIndex;
}
function colorAnsi(color, mode, fg) {
  if (color === "") return fg ? "\x1B[39m" : "\x1B[49m";
  const base = fg ? 38 : 48;
  if (typeof color === "number") return `\x1B[${base};5;${color}m`;
  if (typeof color === "string" && color.startsWith("#")) {
    const { r, g, b } = hexToRgb(color);
    if (mode === "truecolor") return `\x1B[${base};2;${r};${g};${b}m`;
    return `\x1B[${base};5;${rgbTo256(r, g, b)}m`;
  }
  throw new Error(`Invalid color value: ${color}`);
}
function resolveVarRefs(value, vars, visited = /* @__PURE__ */ new Set()) {
  if (typeof value === "number" || value === "" || value.startsWith("#")) return value;
  if (visited.has(value)) throw new Error(`Circular variable reference detected: ${value}`);
  if (!(value in vars)) throw new Error(`Variable reference not found: ${value}`);
  visited.add(value);
  return resolveVarRefs(vars[value], vars, visited);
}
class Theme {
  constructor(fgColors, bgColors, mode, options = {}) {
    __publicField(this, "name");
    __publicField(this, "sourcePath");
    __publicField(this, "sourceInfo");
    __publicField(this, "fgColors");
    __publicField(this, "bgColors");
    __publicField(this, "mode");
    this.name = options.name;
    this.sourcePath = options.sourcePath;
    this.sourceInfo = options.sourceInfo;
    this.mode = mode;
    this.fgColors = /* @__PURE__ */ new Map();
    for (const [k, v] of Object.entries(fgColors)) this.fgColors.set(k, colorAnsi(v, mode, true));
    this.bgColors = /* @__PURE__ */ new Map();
    for (const [k, v] of Object.entries(bgColors)) this.bgColors.set(k, colorAnsi(v, mode, false));
  }
  fg(color, text) {
    const ansi = this.fgColors.get(color);
    if (!ansi) throw new Error(`Unknown theme color: ${color}`);
    return `${ansi}${text}\x1B[39m`;
  }
  bg(color, text) {
    const ansi = this.bgColors.get(color);
    if (!ansi) throw new Error(`Unknown theme background color: ${color}`);
    return `${ansi}${text}\x1B[49m`;
  }
  bold(text) {
    return bold(text);
  }
  italic(text) {
    return italic(text);
  }
  underline(text) {
    return underline(text);
  }
  inverse(text) {
    return inverse(text);
  }
  strikethrough(text) {
    return strikethrough(text);
  }
  getFgAnsi(color) {
    const ansi = this.fgColors.get(color);
    if (!ansi) throw new Error(`Unknown theme color: ${color}`);
    return ansi;
  }
  getBgAnsi(color) {
    const ansi = this.bgColors.get(color);
    if (!ansi) throw new Error(`Unknown theme background color: ${color}`);
    return ansi;
  }
  getColorMode() {
    return this.mode;
  }
  getThinkingBorderColor(level) {
    const key = { off: "thinkingOff", minimal: "thinkingMinimal", low: "thinkingLow", medium: "thinkingMedium", high: "thinkingHigh", xhigh: "thinkingXhigh" }[level] ?? "thinkingOff";
    return (s) => this.fg(key, s);
  }
  getBashModeBorderColor() {
    return (s) => this.fg("bashMode", s);
  }
}
const BUILTIN_THEMES = {
  dark: { "name": "dark", "vars": { "cyan": "#00d7ff", "blue": "#5f87ff", "green": "#b5bd68", "red": "#cc6666", "yellow": "#ffff00", "gray": "#808080", "dimGray": "#666666", "darkGray": "#505050", "accent": "#8abeb7", "selectedBg": "#3a3a4a", "userMsgBg": "#343541", "toolPendingBg": "#282832", "toolSuccessBg": "#283228", "toolErrorBg": "#3c2828", "customMsgBg": "#2d2838" }, "colors": { "accent": "accent", "border": "blue", "borderAccent": "cyan", "borderMuted": "darkGray", "success": "green", "error": "red", "warning": "yellow", "muted": "gray", "dim": "dimGray", "text": "", "thinkingText": "gray", "selectedBg": "selectedBg", "userMessageBg": "userMsgBg", "userMessageText": "", "customMessageBg": "customMsgBg", "customMessageText": "", "customMessageLabel": "#9575cd", "toolPendingBg": "toolPendingBg", "toolSuccessBg": "toolSuccessBg", "toolErrorBg": "toolErrorBg", "toolTitle": "", "toolOutput": "gray", "mdHeading": "#f0c674", "mdLink": "#81a2be", "mdLinkUrl": "dimGray", "mdCode": "accent", "mdCodeBlock": "green", "mdCodeBlockBorder": "gray", "mdQuote": "gray", "mdQuoteBorder": "gray", "mdHr": "gray", "mdListBullet": "accent", "toolDiffAdded": "green", "toolDiffRemoved": "red", "toolDiffContext": "gray", "syntaxComment": "#6A9955", "syntaxKeyword": "#569CD6", "syntaxFunction": "#DCDCAA", "syntaxVariable": "#9CDCFE", "syntaxString": "#CE9178", "syntaxNumber": "#B5CEA8", "syntaxType": "#4EC9B0", "syntaxOperator": "#D4D4D4", "syntaxPunctuation": "#D4D4D4", "thinkingOff": "darkGray", "thinkingMinimal": "#6e6e6e", "thinkingLow": "#5f87af", "thinkingMedium": "#81a2be", "thinkingHigh": "#b294bb", "thinkingXhigh": "#d183e8", "bashMode": "green" }, "export": { "pageBg": "#18181e", "cardBg": "#1e1e24", "infoBg": "#3c3728" } },
  light: { "name": "light", "vars": { "teal": "#5a8080", "blue": "#547da7", "green": "#588458", "red": "#aa5555", "yellow": "#9a7326", "mediumGray": "#6c6c6c", "dimGray": "#767676", "lightGray": "#b0b0b0", "selectedBg": "#d0d0e0", "userMsgBg": "#e8e8e8", "toolPendingBg": "#e8e8f0", "toolSuccessBg": "#e8f0e8", "toolErrorBg": "#f0e8e8", "customMsgBg": "#ede7f6" }, "colors": { "accent": "teal", "border": "blue", "borderAccent": "teal", "borderMuted": "lightGray", "success": "green", "error": "red", "warning": "yellow", "muted": "mediumGray", "dim": "dimGray", "text": "", "thinkingText": "mediumGray", "selectedBg": "selectedBg", "userMessageBg": "userMsgBg", "userMessageText": "", "customMessageBg": "customMsgBg", "customMessageText": "", "customMessageLabel": "#7e57c2", "toolPendingBg": "toolPendingBg", "toolSuccessBg": "toolSuccessBg", "toolErrorBg": "toolErrorBg", "toolTitle": "", "toolOutput": "mediumGray", "mdHeading": "yellow", "mdLink": "blue", "mdLinkUrl": "dimGray", "mdCode": "teal", "mdCodeBlock": "green", "mdCodeBlockBorder": "mediumGray", "mdQuote": "mediumGray", "mdQuoteBorder": "mediumGray", "mdHr": "mediumGray", "mdListBullet": "green", "toolDiffAdded": "green", "toolDiffRemoved": "red", "toolDiffContext": "mediumGray", "syntaxComment": "#008000", "syntaxKeyword": "#0000FF", "syntaxFunction": "#795E26", "syntaxVariable": "#001080", "syntaxString": "#A31515", "syntaxNumber": "#098658", "syntaxType": "#267F99", "syntaxOperator": "#000000", "syntaxPunctuation": "#000000", "thinkingOff": "lightGray", "thinkingMinimal": "#767676", "thinkingLow": "blue", "thinkingMedium": "teal", "thinkingHigh": "#875f87", "thinkingXhigh": "#8b008b", "bashMode": "green" }, "export": { "pageBg": "#f8f8f8", "cardBg": "#ffffff", "infoBg": "#fffae6" } }
};
const BG_KEYS = /* @__PURE__ */ new Set(["selectedBg", "userMessageBg", "customMessageBg", "toolPendingBg", "toolSuccessBg", "toolErrorBg"]);
function detectColorMode() {
  const env = process.env;
  const colorterm = env.COLORTERM;
  if (colorterm === "truecolor" || colorterm === "24bit") return "truecolor";
  if (env.WT_SESSION) return "truecolor";
  const term = env.TERM || "";
  if (term === "dumb" || term === "" || term === "linux") return "256color";
  if (env.TERM_PROGRAM === "Apple_Terminal") return "256color";
  if (term === "screen" || term.startsWith("screen-") || term.startsWith("screen.")) return "256color";
  return "truecolor";
}
function createTheme(json, mode, sourcePath) {
  const vars = json.vars ?? {};
  const fg = {};
  const bg = {};
  for (const [k, v] of Object.entries(json.colors ?? {})) {
    const resolved = resolveVarRefs(v, vars);
    if (BG_KEYS.has(k)) bg[k] = resolved;
    else fg[k] = resolved;
  }
  return new Theme(fg, bg, mode ?? detectColorMode(), { name: json.name, sourcePath });
}
function loadThemeJson(name) {
  if (name in BUILTIN_THEMES) return BUILTIN_THEMES[name];
  const p = path.join((0, import_pigo_tools_util.getAgentDir)(), "themes", `${name}.json`);
  if (!fs.existsSync(p)) throw new Error(`Theme not found: ${name}`);
  return JSON.parse(fs.readFileSync(p, "utf-8"));
}
function loadTheme(name, mode) {
  const reg = registeredThemes.get(name);
  if (reg) return reg;
  return createTheme(loadThemeJson(name), mode);
}
function loadThemeFromPath(themePath, mode) {
  return createTheme(JSON.parse(fs.readFileSync(themePath, "utf-8")), mode, themePath);
}
const same = (t) => String(t);
const plainTheme = {
  name: "pigo-plain",
  fg: (_c, t) => String(t),
  bg: (_c, t) => String(t),
  bold: same,
  italic: same,
  underline: same,
  inverse: same,
  strikethrough: same,
  getFgAnsi: () => "",
  getBgAnsi: () => "",
  getColorMode: () => "truecolor",
  getThinkingBorderColor: () => same,
  getBashModeBorderColor: () => same
};
let current = plainTheme;
let currentThemeName;
const registeredThemes = /* @__PURE__ */ new Map();
const theme = new Proxy(
  {},
  {
    get(_t, prop) {
      const v = current[prop];
      return typeof v === "function" ? v.bind(current) : v;
    }
  }
);
function detectTerminalBackground() {
  const colorfgbg = process.env.COLORFGBG || "";
  if (colorfgbg) {
    const parts = colorfgbg.split(";");
    if (parts.length >= 2) {
      const bg = parseInt(parts[1], 10);
      if (!Number.isNaN(bg)) return bg < 8 ? "dark" : "light";
    }
  }
  return "dark";
}
function initTheme(themeName, _enableWatcher = false) {
  const name = themeName ?? detectTerminalBackground();
  currentThemeName = name;
  try {
    current = loadTheme(name);
  } catch {
    currentThemeName = "dark";
    current = loadTheme("dark");
  }
}
function setTheme(name, _enableWatcher = false) {
  currentThemeName = name;
  try {
    current = loadTheme(name);
    return { success: true };
  } catch (error) {
    currentThemeName = "dark";
    current = loadTheme("dark");
    return { success: false, error: error instanceof Error ? error.message : String(error) };
  }
}
function setThemeInstance(t) {
  current = t;
  currentThemeName = "<in-memory>";
}
function setRegisteredThemes(themes) {
  registeredThemes.clear();
  for (const t of themes) if (t.name) registeredThemes.set(t.name, t);
}
function getThemeByName(name) {
  try {
    return loadTheme(name);
  } catch {
    return void 0;
  }
}
function getCurrentThemeName() {
  return currentThemeName;
}
const EXT_TO_LANG = {
  ts: "typescript",
  tsx: "typescript",
  js: "javascript",
  jsx: "javascript",
  mjs: "javascript",
  cjs: "javascript",
  py: "python",
  rb: "ruby",
  rs: "rust",
  go: "go",
  java: "java",
  kt: "kotlin",
  swift: "swift",
  c: "c",
  h: "c",
  cpp: "cpp",
  cc: "cpp",
  cxx: "cpp",
  hpp: "cpp",
  cs: "csharp",
  php: "php",
  sh: "bash",
  bash: "bash",
  zsh: "bash",
  fish: "fish",
  ps1: "powershell",
  sql: "sql",
  html: "html",
  htm: "html",
  css: "css",
  scss: "scss",
  sass: "sass",
  less: "less",
  json: "json",
  yaml: "yaml",
  yml: "yaml",
  toml: "toml",
  xml: "xml",
  md: "markdown",
  markdown: "markdown",
  dockerfile: "dockerfile",
  makefile: "makefile",
  cmake: "cmake",
  lua: "lua",
  perl: "perl",
  r: "r",
  scala: "scala",
  clj: "clojure",
  ex: "elixir",
  exs: "elixir",
  erl: "erlang",
  hs: "haskell",
  ml: "ocaml",
  vim: "vim",
  graphql: "graphql",
  proto: "protobuf",
  tf: "hcl",
  hcl: "hcl"
};
function getLanguageFromPath(filePath) {
  const ext = filePath.split(".").pop()?.toLowerCase();
  if (!ext) return void 0;
  return Object.prototype.hasOwnProperty.call(EXT_TO_LANG, ext) ? EXT_TO_LANG[ext] : void 0;
}
function highlightCode(code, _lang) {
  return code.split("\n").map((line) => theme.fg("mdCodeBlock", line));
}
function getMarkdownTheme() {
  return {
    heading: (t) => theme.fg("mdHeading", t),
    link: (t) => theme.fg("mdLink", t),
    linkUrl: (t) => theme.fg("mdLinkUrl", t),
    code: (t) => theme.fg("mdCode", t),
    codeBlock: (t) => theme.fg("mdCodeBlock", t),
    codeBlockBorder: (t) => theme.fg("mdCodeBlockBorder", t),
    quote: (t) => theme.fg("mdQuote", t),
    quoteBorder: (t) => theme.fg("mdQuoteBorder", t),
    hr: (t) => theme.fg("mdHr", t),
    listBullet: (t) => theme.fg("mdListBullet", t),
    bold: (t) => theme.bold(t),
    italic: (t) => theme.italic(t),
    underline: (t) => theme.underline(t),
    strikethrough: (t) => current === plainTheme ? t : strikethrough(t),
    highlightCode: (code, _lang) => code.split("\n").map((line) => theme.fg("mdCodeBlock", line))
  };
}
function getSelectListTheme() {
  return {
    selectedPrefix: (t) => theme.fg("accent", t),
    selectedText: (t) => theme.fg("accent", t),
    description: (t) => theme.fg("muted", t),
    scrollInfo: (t) => theme.fg("muted", t),
    noMatch: (t) => theme.fg("muted", t)
  };
}
function getEditorTheme() {
  return { borderColor: (t) => theme.fg("borderMuted", t), selectList: getSelectListTheme() };
}
function getSettingsListTheme() {
  return {
    label: (t, selected) => selected ? theme.fg("accent", t) : t,
    value: (t, selected) => selected ? theme.fg("accent", t) : theme.fg("muted", t),
    description: (t) => theme.fg("dim", t),
    cursor: theme.fg("accent", "\u2192 "),
    hint: (t) => theme.fg("dim", t)
  };
}
const APP_KEYBINDINGS = {
  "app.interrupt": { defaultKeys: "escape", description: "Cancel or abort" },
  "app.clear": { defaultKeys: "ctrl+c", description: "Clear editor" },
  "app.exit": { defaultKeys: "ctrl+d", description: "Exit when editor is empty" },
  "app.suspend": { defaultKeys: "ctrl+z", description: "Suspend to background" },
  "app.thinking.cycle": { defaultKeys: "shift+tab", description: "Cycle thinking level" },
  "app.model.cycleForward": { defaultKeys: "ctrl+p", description: "Cycle to next model" },
  "app.model.cycleBackward": { defaultKeys: "shift+ctrl+p", description: "Cycle to previous model" },
  "app.model.select": { defaultKeys: "ctrl+l", description: "Open model selector" },
  "app.tools.expand": { defaultKeys: "ctrl+o", description: "Toggle tool output" },
  "app.thinking.toggle": { defaultKeys: "ctrl+t", description: "Toggle thinking blocks" },
  "app.session.toggleNamedFilter": { defaultKeys: "ctrl+n", description: "Toggle named session filter" },
  "app.editor.external": { defaultKeys: "ctrl+g", description: "Open external editor" },
  "app.message.followUp": { defaultKeys: "alt+enter", description: "Queue follow-up message" },
  "app.message.dequeue": { defaultKeys: "alt+up", description: "Restore queued messages" },
  "app.clipboard.pasteImage": { defaultKeys: "ctrl+v", description: "Paste image from clipboard" },
  "app.session.new": { defaultKeys: [], description: "Start a new session" },
  "app.session.tree": { defaultKeys: [], description: "Open session tree" },
  "app.session.fork": { defaultKeys: [], description: "Fork current session" },
  "app.session.resume": { defaultKeys: [], description: "Resume a session" },
  "app.tree.foldOrUp": { defaultKeys: ["ctrl+left", "alt+left"], description: "Fold tree branch or move up" },
  "app.tree.unfoldOrDown": { defaultKeys: ["ctrl+right", "alt+right"], description: "Unfold tree branch or move down" },
  "app.tree.editLabel": { defaultKeys: "shift+l", description: "Edit tree label" },
  "app.tree.toggleLabelTimestamp": { defaultKeys: "shift+t", description: "Toggle tree label timestamps" },
  "app.session.togglePath": { defaultKeys: "ctrl+p", description: "Toggle session path display" },
  "app.session.toggleSort": { defaultKeys: "ctrl+s", description: "Toggle session sort mode" },
  "app.session.rename": { defaultKeys: "ctrl+r", description: "Rename session" },
  "app.session.delete": { defaultKeys: "ctrl+d", description: "Delete session" },
  "app.session.deleteNoninvasive": { defaultKeys: "ctrl+backspace", description: "Delete session when query is empty" },
  "app.models.save": { defaultKeys: "ctrl+s", description: "Save model selection" },
  "app.models.enableAll": { defaultKeys: "ctrl+a", description: "Enable all models" },
  "app.models.clearAll": { defaultKeys: "ctrl+x", description: "Clear all models" },
  "app.models.toggleProvider": { defaultKeys: "ctrl+p", description: "Toggle all models for provider" },
  "app.models.reorderUp": { defaultKeys: "alt+up", description: "Move model up in order" },
  "app.models.reorderDown": { defaultKeys: "alt+down", description: "Move model down in order" },
  "app.tree.filter.default": { defaultKeys: "ctrl+d", description: "Tree filter: default view" },
  "app.tree.filter.noTools": { defaultKeys: "ctrl+t", description: "Tree filter: hide tool results" },
  "app.tree.filter.userOnly": { defaultKeys: "ctrl+u", description: "Tree filter: user messages only" },
  "app.tree.filter.labeledOnly": { defaultKeys: "ctrl+l", description: "Tree filter: labeled entries only" },
  "app.tree.filter.all": { defaultKeys: "ctrl+a", description: "Tree filter: show all entries" },
  "app.tree.filter.cycleForward": { defaultKeys: "ctrl+o", description: "Tree filter: cycle forward" },
  "app.tree.filter.cycleBackward": { defaultKeys: "shift+ctrl+o", description: "Tree filter: cycle backward" }
};
const KEYBINDINGS = { ...import_pi_tui.TUI_KEYBINDINGS, ...APP_KEYBINDINGS };
let appKeybindings;
function getAppKeybindings() {
  const global = (0, import_pi_tui.getKeybindings)();
  if (global.getDefinition?.("app.interrupt")) return global;
  if (!appKeybindings) {
    let user = {};
    try {
      const p = path.join((0, import_pigo_tools_util.getAgentDir)(), "keybindings.json");
      if (fs.existsSync(p)) user = JSON.parse(fs.readFileSync(p, "utf-8")) ?? {};
    } catch {
      user = {};
    }
    appKeybindings = new import_pi_tui.KeybindingsManager(KEYBINDINGS, user);
  }
  return appKeybindings;
}
function formatKeys(keys) {
  if (keys.length === 0) return "";
  if (keys.length === 1) return keys[0];
  return keys.join("/");
}
function keyText(keybinding) {
  return formatKeys(getAppKeybindings().getKeys(keybinding));
}
function keyHint(keybinding, description) {
  return theme.fg("dim", keyText(keybinding)) + theme.fg("muted", ` ${description}`);
}
function rawKeyHint(key, description) {
  return theme.fg("dim", key) + theme.fg("muted", ` ${description}`);
}
// Annotate the CommonJS export names for ESM import in node:
pigo_agent_theme_exports.KEYBINDINGS = KEYBINDINGS;
pigo_agent_theme_exports.Theme = Theme;
pigo_agent_theme_exports.theme = theme;
0 && (module.exports = {
  KEYBINDINGS,
  Theme,
  getAppKeybindings,
  getCurrentThemeName,
  getEditorTheme,
  getLanguageFromPath,
  getMarkdownTheme,
  getSelectListTheme,
  getSettingsListTheme,
  getThemeByName,
  highlightCode,
  initTheme,
  keyHint,
  keyText,
  loadThemeFromPath,
  rawKeyHint,
  setRegisteredThemes,
  setTheme,
  setThemeInstance,
  theme
});

// pigo:agent-theme — pi's theme layer (dist/modes/interactive/theme/theme.js)
// and its keybinding hints (components/keybinding-hints.js, core/keybindings.js).
//
// pi keeps one global theme, set by initTheme() when pi starts. pigo starts
// no theme of its own: until initTheme() or setTheme() is called in this
// runtime, the global theme passes text through unchanged (as ctx.ui.theme
// does in pigo), so keyHint, getMarkdownTheme() and the built-in tool
// renderers give plain strings. initTheme("dark" | "light") installs pi's
// real colors (the built-in theme JSON is embedded below). Syntax
// highlighting (cli-highlight) is not ported: highlightCode colors every
// line with mdCodeBlock, which is what pi does for unknown languages.

import * as fs from "fs";
import * as path from "path";
import { KeybindingsManager, TUI_KEYBINDINGS, getKeybindings } from "@mariozechner/pi-tui";
import { getAgentDir } from "pigo:tools-util";

// ---------------------------------------------------------------------------
// chalk-style modifiers (chalk 5 at level ≥ 1)

function chalkStyle(open: string, close: string): (text: any) => string {
  return (text: any) => {
    let s = String(text);
    if (s.length === 0) return "";
    if (s.includes("\u001B")) s = s.split(close).join(close + open);
    const nl = s.indexOf("\n");
    if (nl !== -1) s = s.replace(/(\r?\n)/g, `${close}$1${open}`);
    return open + s + close;
  };
}

const bold = chalkStyle("\u001B[1m", "\u001B[22m");
const italic = chalkStyle("\u001B[3m", "\u001B[23m");
const underline = chalkStyle("\u001B[4m", "\u001B[24m");
const inverse = chalkStyle("\u001B[7m", "\u001B[27m");
const strikethrough = chalkStyle("\u001B[9m", "\u001B[29m");

// ---------------------------------------------------------------------------
// colors

function hexToRgb(hex: string): { r: number; g: number; b: number } {
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

function closest(values: number[], v: number): number {
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

function colorDistance(r1: number, g1: number, b1: number, r2: number, g2: number, b2: number): number {
  const dr = r1 - r2;
  const dg = g1 - g2;
  const db = b1 - b2;
  return dr * dr * 0.299 + dg * dg * 0.587 + db * db * 0.114;
}

function rgbTo256(r: number, g: number, b: number): number {
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

function colorAnsi(color: any, mode: string, fg: boolean): string {
  if (color === "") return fg ? "\x1b[39m" : "\x1b[49m";
  const base = fg ? 38 : 48;
  if (typeof color === "number") return `\x1b[${base};5;${color}m`;
  if (typeof color === "string" && color.startsWith("#")) {
    const { r, g, b } = hexToRgb(color);
    if (mode === "truecolor") return `\x1b[${base};2;${r};${g};${b}m`;
    return `\x1b[${base};5;${rgbTo256(r, g, b)}m`;
  }
  throw new Error(`Invalid color value: ${color}`);
}

function resolveVarRefs(value: any, vars: any, visited = new Set<string>()): any {
  if (typeof value === "number" || value === "" || value.startsWith("#")) return value;
  if (visited.has(value)) throw new Error(`Circular variable reference detected: ${value}`);
  if (!(value in vars)) throw new Error(`Variable reference not found: ${value}`);
  visited.add(value);
  return resolveVarRefs(vars[value], vars, visited);
}

/** Theme is pi's Theme class: fg/bg by theme color name, ANSI out. */
export class Theme {
  name: any;
  sourcePath: any;
  sourceInfo: any;
  fgColors: Map<string, string>;
  bgColors: Map<string, string>;
  mode: string;
  constructor(fgColors: any, bgColors: any, mode: string, options: any = {}) {
    this.name = options.name;
    this.sourcePath = options.sourcePath;
    this.sourceInfo = options.sourceInfo;
    this.mode = mode;
    this.fgColors = new Map();
    for (const [k, v] of Object.entries(fgColors)) this.fgColors.set(k, colorAnsi(v, mode, true));
    this.bgColors = new Map();
    for (const [k, v] of Object.entries(bgColors)) this.bgColors.set(k, colorAnsi(v, mode, false));
  }
  fg(color: string, text: string): string {
    const ansi = this.fgColors.get(color);
    if (!ansi) throw new Error(`Unknown theme color: ${color}`);
    return `${ansi}${text}\x1b[39m`;
  }
  bg(color: string, text: string): string {
    const ansi = this.bgColors.get(color);
    if (!ansi) throw new Error(`Unknown theme background color: ${color}`);
    return `${ansi}${text}\x1b[49m`;
  }
  bold(text: string): string {
    return bold(text);
  }
  italic(text: string): string {
    return italic(text);
  }
  underline(text: string): string {
    return underline(text);
  }
  inverse(text: string): string {
    return inverse(text);
  }
  strikethrough(text: string): string {
    return strikethrough(text);
  }
  getFgAnsi(color: string): string {
    const ansi = this.fgColors.get(color);
    if (!ansi) throw new Error(`Unknown theme color: ${color}`);
    return ansi;
  }
  getBgAnsi(color: string): string {
    const ansi = this.bgColors.get(color);
    if (!ansi) throw new Error(`Unknown theme background color: ${color}`);
    return ansi;
  }
  getColorMode(): string {
    return this.mode;
  }
  getThinkingBorderColor(level: string): (s: string) => string {
    const key =
      { off: "thinkingOff", minimal: "thinkingMinimal", low: "thinkingLow", medium: "thinkingMedium", high: "thinkingHigh", xhigh: "thinkingXhigh" }[
        level
      ] ?? "thinkingOff";
    return (s: string) => this.fg(key, s);
  }
  getBashModeBorderColor(): (s: string) => string {
    return (s: string) => this.fg("bashMode", s);
  }
}

const BUILTIN_THEMES: Record<string, any> = {
  dark: {"name":"dark","vars":{"cyan":"#00d7ff","blue":"#5f87ff","green":"#b5bd68","red":"#cc6666","yellow":"#ffff00","gray":"#808080","dimGray":"#666666","darkGray":"#505050","accent":"#8abeb7","selectedBg":"#3a3a4a","userMsgBg":"#343541","toolPendingBg":"#282832","toolSuccessBg":"#283228","toolErrorBg":"#3c2828","customMsgBg":"#2d2838"},"colors":{"accent":"accent","border":"blue","borderAccent":"cyan","borderMuted":"darkGray","success":"green","error":"red","warning":"yellow","muted":"gray","dim":"dimGray","text":"","thinkingText":"gray","selectedBg":"selectedBg","userMessageBg":"userMsgBg","userMessageText":"","customMessageBg":"customMsgBg","customMessageText":"","customMessageLabel":"#9575cd","toolPendingBg":"toolPendingBg","toolSuccessBg":"toolSuccessBg","toolErrorBg":"toolErrorBg","toolTitle":"","toolOutput":"gray","mdHeading":"#f0c674","mdLink":"#81a2be","mdLinkUrl":"dimGray","mdCode":"accent","mdCodeBlock":"green","mdCodeBlockBorder":"gray","mdQuote":"gray","mdQuoteBorder":"gray","mdHr":"gray","mdListBullet":"accent","toolDiffAdded":"green","toolDiffRemoved":"red","toolDiffContext":"gray","syntaxComment":"#6A9955","syntaxKeyword":"#569CD6","syntaxFunction":"#DCDCAA","syntaxVariable":"#9CDCFE","syntaxString":"#CE9178","syntaxNumber":"#B5CEA8","syntaxType":"#4EC9B0","syntaxOperator":"#D4D4D4","syntaxPunctuation":"#D4D4D4","thinkingOff":"darkGray","thinkingMinimal":"#6e6e6e","thinkingLow":"#5f87af","thinkingMedium":"#81a2be","thinkingHigh":"#b294bb","thinkingXhigh":"#d183e8","bashMode":"green"},"export":{"pageBg":"#18181e","cardBg":"#1e1e24","infoBg":"#3c3728"}},
  light: {"name":"light","vars":{"teal":"#5a8080","blue":"#547da7","green":"#588458","red":"#aa5555","yellow":"#9a7326","mediumGray":"#6c6c6c","dimGray":"#767676","lightGray":"#b0b0b0","selectedBg":"#d0d0e0","userMsgBg":"#e8e8e8","toolPendingBg":"#e8e8f0","toolSuccessBg":"#e8f0e8","toolErrorBg":"#f0e8e8","customMsgBg":"#ede7f6"},"colors":{"accent":"teal","border":"blue","borderAccent":"teal","borderMuted":"lightGray","success":"green","error":"red","warning":"yellow","muted":"mediumGray","dim":"dimGray","text":"","thinkingText":"mediumGray","selectedBg":"selectedBg","userMessageBg":"userMsgBg","userMessageText":"","customMessageBg":"customMsgBg","customMessageText":"","customMessageLabel":"#7e57c2","toolPendingBg":"toolPendingBg","toolSuccessBg":"toolSuccessBg","toolErrorBg":"toolErrorBg","toolTitle":"","toolOutput":"mediumGray","mdHeading":"yellow","mdLink":"blue","mdLinkUrl":"dimGray","mdCode":"teal","mdCodeBlock":"green","mdCodeBlockBorder":"mediumGray","mdQuote":"mediumGray","mdQuoteBorder":"mediumGray","mdHr":"mediumGray","mdListBullet":"green","toolDiffAdded":"green","toolDiffRemoved":"red","toolDiffContext":"mediumGray","syntaxComment":"#008000","syntaxKeyword":"#0000FF","syntaxFunction":"#795E26","syntaxVariable":"#001080","syntaxString":"#A31515","syntaxNumber":"#098658","syntaxType":"#267F99","syntaxOperator":"#000000","syntaxPunctuation":"#000000","thinkingOff":"lightGray","thinkingMinimal":"#767676","thinkingLow":"blue","thinkingMedium":"teal","thinkingHigh":"#875f87","thinkingXhigh":"#8b008b","bashMode":"green"},"export":{"pageBg":"#f8f8f8","cardBg":"#ffffff","infoBg":"#fffae6"}},
};

const BG_KEYS = new Set(["selectedBg", "userMessageBg", "customMessageBg", "toolPendingBg", "toolSuccessBg", "toolErrorBg"]);

function detectColorMode(): string {
  const env: any = process.env;
  const colorterm = env.COLORTERM;
  if (colorterm === "truecolor" || colorterm === "24bit") return "truecolor";
  if (env.WT_SESSION) return "truecolor";
  const term = env.TERM || "";
  if (term === "dumb" || term === "" || term === "linux") return "256color";
  if (env.TERM_PROGRAM === "Apple_Terminal") return "256color";
  if (term === "screen" || term.startsWith("screen-") || term.startsWith("screen.")) return "256color";
  return "truecolor";
}

function createTheme(json: any, mode?: string, sourcePath?: string): Theme {
  const vars = json.vars ?? {};
  const fg: any = {};
  const bg: any = {};
  for (const [k, v] of Object.entries(json.colors ?? {})) {
    const resolved = resolveVarRefs(v, vars);
    if (BG_KEYS.has(k)) bg[k] = resolved;
    else fg[k] = resolved;
  }
  return new Theme(fg, bg, mode ?? detectColorMode(), { name: json.name, sourcePath });
}

function loadThemeJson(name: string): any {
  if (name in BUILTIN_THEMES) return BUILTIN_THEMES[name];
  const p = path.join(getAgentDir(), "themes", `${name}.json`);
  if (!fs.existsSync(p)) throw new Error(`Theme not found: ${name}`);
  return JSON.parse(fs.readFileSync(p, "utf-8"));
}

function loadTheme(name: string, mode?: string): Theme {
  const reg = registeredThemes.get(name);
  if (reg) return reg;
  return createTheme(loadThemeJson(name), mode);
}

export function loadThemeFromPath(themePath: string, mode?: string): Theme {
  return createTheme(JSON.parse(fs.readFileSync(themePath, "utf-8")), mode, themePath);
}

// plainTheme is pigo's default: pi's Theme surface, text unchanged.
const same = (t: any) => String(t);
const plainTheme: any = {
  name: "pigo-plain",
  fg: (_c: string, t: any) => String(t),
  bg: (_c: string, t: any) => String(t),
  bold: same,
  italic: same,
  underline: same,
  inverse: same,
  strikethrough: same,
  getFgAnsi: () => "",
  getBgAnsi: () => "",
  getColorMode: () => "truecolor",
  getThinkingBorderColor: () => same,
  getBashModeBorderColor: () => same,
};

let current: any = plainTheme;
let currentThemeName: string | undefined;
const registeredThemes = new Map<string, Theme>();

/** theme is the global theme (a live view: it follows initTheme/setTheme). */
export const theme: any = new Proxy(
  {},
  {
    get(_t, prop) {
      const v = current[prop];
      return typeof v === "function" ? v.bind(current) : v;
    },
  },
);

function detectTerminalBackground(): string {
  const colorfgbg = (process.env as any).COLORFGBG || "";
  if (colorfgbg) {
    const parts = colorfgbg.split(";");
    if (parts.length >= 2) {
      const bg = parseInt(parts[1], 10);
      if (!Number.isNaN(bg)) return bg < 8 ? "dark" : "light";
    }
  }
  return "dark";
}

export function initTheme(themeName?: string, _enableWatcher = false): void {
  const name = themeName ?? detectTerminalBackground();
  currentThemeName = name;
  try {
    current = loadTheme(name);
  } catch {
    currentThemeName = "dark";
    current = loadTheme("dark");
  }
}

export function setTheme(name: string, _enableWatcher = false): { success: boolean; error?: string } {
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

export function setThemeInstance(t: any): void {
  current = t;
  currentThemeName = "<in-memory>";
}

export function setRegisteredThemes(themes: any[]): void {
  registeredThemes.clear();
  for (const t of themes) if (t.name) registeredThemes.set(t.name, t);
}

export function getThemeByName(name: string): Theme | undefined {
  try {
    return loadTheme(name);
  } catch {
    return undefined;
  }
}

export function getCurrentThemeName(): string | undefined {
  return currentThemeName;
}

// ---------------------------------------------------------------------------
// helpers for extensions

const EXT_TO_LANG: Record<string, string> = {
  ts: "typescript", tsx: "typescript", js: "javascript", jsx: "javascript", mjs: "javascript", cjs: "javascript",
  py: "python", rb: "ruby", rs: "rust", go: "go", java: "java", kt: "kotlin", swift: "swift", c: "c", h: "c",
  cpp: "cpp", cc: "cpp", cxx: "cpp", hpp: "cpp", cs: "csharp", php: "php", sh: "bash", bash: "bash", zsh: "bash",
  fish: "fish", ps1: "powershell", sql: "sql", html: "html", htm: "html", css: "css", scss: "scss", sass: "sass",
  less: "less", json: "json", yaml: "yaml", yml: "yaml", toml: "toml", xml: "xml", md: "markdown",
  markdown: "markdown", dockerfile: "dockerfile", makefile: "makefile", cmake: "cmake", lua: "lua", perl: "perl",
  r: "r", scala: "scala", clj: "clojure", ex: "elixir", exs: "elixir", erl: "erlang", hs: "haskell", ml: "ocaml",
  vim: "vim", graphql: "graphql", proto: "protobuf", tf: "hcl", hcl: "hcl",
};

export function getLanguageFromPath(filePath: string): string | undefined {
  const ext = filePath.split(".").pop()?.toLowerCase();
  if (!ext) return undefined;
  return Object.prototype.hasOwnProperty.call(EXT_TO_LANG, ext) ? EXT_TO_LANG[ext] : undefined;
}

/** highlightCode returns the code's lines colored with mdCodeBlock (no syntax highlighting in pigo). */
export function highlightCode(code: string, _lang?: string): string[] {
  return code.split("\n").map((line) => theme.fg("mdCodeBlock", line));
}

export function getMarkdownTheme(): any {
  return {
    heading: (t: string) => theme.fg("mdHeading", t),
    link: (t: string) => theme.fg("mdLink", t),
    linkUrl: (t: string) => theme.fg("mdLinkUrl", t),
    code: (t: string) => theme.fg("mdCode", t),
    codeBlock: (t: string) => theme.fg("mdCodeBlock", t),
    codeBlockBorder: (t: string) => theme.fg("mdCodeBlockBorder", t),
    quote: (t: string) => theme.fg("mdQuote", t),
    quoteBorder: (t: string) => theme.fg("mdQuoteBorder", t),
    hr: (t: string) => theme.fg("mdHr", t),
    listBullet: (t: string) => theme.fg("mdListBullet", t),
    bold: (t: string) => theme.bold(t),
    italic: (t: string) => theme.italic(t),
    underline: (t: string) => theme.underline(t),
    strikethrough: (t: string) => (current === plainTheme ? t : strikethrough(t)),
    highlightCode: (code: string, _lang?: string) => code.split("\n").map((line) => theme.fg("mdCodeBlock", line)),
  };
}

export function getSelectListTheme(): any {
  return {
    selectedPrefix: (t: string) => theme.fg("accent", t),
    selectedText: (t: string) => theme.fg("accent", t),
    description: (t: string) => theme.fg("muted", t),
    scrollInfo: (t: string) => theme.fg("muted", t),
    noMatch: (t: string) => theme.fg("muted", t),
  };
}

export function getEditorTheme(): any {
  return { borderColor: (t: string) => theme.fg("borderMuted", t), selectList: getSelectListTheme() };
}

export function getSettingsListTheme(): any {
  return {
    label: (t: string, selected: boolean) => (selected ? theme.fg("accent", t) : t),
    value: (t: string, selected: boolean) => (selected ? theme.fg("accent", t) : theme.fg("muted", t)),
    description: (t: string) => theme.fg("dim", t),
    cursor: theme.fg("accent", "→ "),
    hint: (t: string) => theme.fg("dim", t),
  };
}

// ---------------------------------------------------------------------------
// keybindings (core/keybindings.js) and hints

const APP_KEYBINDINGS: Record<string, any> = {
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
  "app.tree.filter.cycleBackward": { defaultKeys: "shift+ctrl+o", description: "Tree filter: cycle backward" },
};

/** KEYBINDINGS is pi's full keybinding table (pi-tui's plus the app.* ones). */
export const KEYBINDINGS: Record<string, any> = { ...TUI_KEYBINDINGS, ...APP_KEYBINDINGS };

let appKeybindings: any;

/**
 * getAppKeybindings is the manager pi installs globally (pi-tui's
 * getKeybindings() when it knows app.* ids, else pi's defaults plus
 * $agentDir/keybindings.json).
 */
export function getAppKeybindings(): any {
  const global = getKeybindings();
  if (global.getDefinition?.("app.interrupt")) return global;
  if (!appKeybindings) {
    let user: any = {};
    try {
      const p = path.join(getAgentDir(), "keybindings.json");
      if (fs.existsSync(p)) user = JSON.parse(fs.readFileSync(p, "utf-8")) ?? {};
    } catch {
      user = {};
    }
    appKeybindings = new KeybindingsManager(KEYBINDINGS, user);
  }
  return appKeybindings;
}

function formatKeys(keys: string[]): string {
  if (keys.length === 0) return "";
  if (keys.length === 1) return keys[0];
  return keys.join("/");
}

export function keyText(keybinding: string): string {
  return formatKeys(getAppKeybindings().getKeys(keybinding));
}

export function keyHint(keybinding: string, description: string): string {
  return theme.fg("dim", keyText(keybinding)) + theme.fg("muted", ` ${description}`);
}

export function rawKeyHint(key: string, description: string): string {
  return theme.fg("dim", key) + theme.fg("muted", ` ${description}`);
}

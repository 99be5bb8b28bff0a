var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var pigo_tui_core_exports = __defProp({}, "__esModule", { value: true });
__export(pigo_tui_core_exports, {
  TUI: () => TUI
});
pigo_tui_core_exports.allocateImageId = allocateImageId;
pigo_tui_core_exports.calculateImageRows = calculateImageRows;
pigo_tui_core_exports.deleteAllKittyImages = deleteAllKittyImages;
pigo_tui_core_exports.deleteKittyImage = deleteKittyImage;
pigo_tui_core_exports.detectCapabilities = detectCapabilities;
pigo_tui_core_exports.dispatchMouseEvent = dispatchMouseEvent;
pigo_tui_core_exports.encodeITerm2 = encodeITerm2;
pigo_tui_core_exports.encodeKitty = encodeKitty;
pigo_tui_core_exports.fuzzyFilter = fuzzyFilter;
pigo_tui_core_exports.fuzzyMatch = fuzzyMatch;
pigo_tui_core_exports.getCapabilities = getCapabilities;
pigo_tui_core_exports.getCellDimensions = getCellDimensions;
pigo_tui_core_exports.getGifDimensions = getGifDimensions;
pigo_tui_core_exports.getImageDimensions = getImageDimensions;
pigo_tui_core_exports.getJpegDimensions = getJpegDimensions;
pigo_tui_core_exports.getPngDimensions = getPngDimensions;
pigo_tui_core_exports.getWebpDimensions = getWebpDimensions;
pigo_tui_core_exports.hyperlink = hyperlink;
pigo_tui_core_exports.imageFallback = imageFallback;
pigo_tui_core_exports.isFocusable = isFocusable;
pigo_tui_core_exports.isImageLine = isImageLine;
pigo_tui_core_exports.renderImage = renderImage;
pigo_tui_core_exports.resetCapabilitiesCache = resetCapabilitiesCache;
pigo_tui_core_exports.retargetMouseEvent = retargetMouseEvent;
pigo_tui_core_exports.setCapabilities = setCapabilities;
pigo_tui_core_exports.setCellDimensions = setCellDimensions;
pigo_tui_core_exports.wantsMouse = wantsMouse;
module.exports = pigo_tui_core_exports;
var import_pigo_tui_keys = require("pigo:tui-keys");
var import_pigo_tui_utils = require("pigo:tui-utils");
function nextTick(fn) {
  if (typeof queueMicrotask === "function") queueMicrotask(fn);
  else Promise.resolve().then(fn);
}
function nowMs() {
  const perf = globalThis.performance;
  return perf && typeof perf.now === "function" ? perf.now() : Date.now();
}
class MiniEmitter {
  constructor() {
    __publicField(this, "_listeners", /* @__PURE__ */ new Map());
  }
  on(event, listener) {
    const list = this._listeners.get(event) ?? [];
    list.push(listener);
    this._listeners.set(event, list);
    return this;
  }
  addListener(event, listener) {
    return this.on(event, listener);
  }
  once(event, listener) {
    const wrapped = (...args) => {
      this.off(event, wrapped);
      listener.apply(this, args);
    };
    wrapped.listener = listener;
    return this.on(event, wrapped);
  }
  off(event, listener) {
    const list = this._listeners.get(event);
    if (!list) return this;
    const i = list.findIndex((l) => l === listener || l.listener === listener);
    if (i !== -1) list.splice(i, 1);
    return this;
  }
  removeListener(event, listener) {
    return this.off(event, listener);
  }
  removeAllListeners(event) {
    if (event === void 0) this._listeners.clear();
    else this._listeners.delete(event);
    return this;
  }
  listenerCount(event) {
    return this._listeners.get(event)?.length ?? 0;
  }
  listeners(event) {
    return (this._listeners.get(event) ?? []).map((l) => l.listener ?? l);
  }
  emit(event, ...args) {
    const list = this._listeners.get(event);
    if (!list || list.length === 0) return false;
    for (const l of [...list]) l.apply(this, args);
    return true;
  }
}
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function base64Decode(s) {
  const out = [];
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    let v;
    if (c >= 65 && c <= 90) v = c - 65;
    else if (c >= 97 && c <= 122) v = c - 71;
    else if (c >= 48 && c <= 57) v = c + 4;
    else if (c === 43 || c === 45) v = 62;
    else if (c === 47 || c === 95) v = 63;
    else if (c === 61) break;
    else continue;
    acc = acc << 6 | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push(acc >> bits & 255);
    }
  }
  return new Uint8Array(out);
}
function base64Encode(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const n = bytes[i] << 16 | (bytes[i + 1] ?? 0) << 8 | (bytes[i + 2] ?? 0);
    out += B64[n >> 18 & 63] + B64[n >> 12 & 63];
    out += i + 1 < bytes.length ? B64[n >> 6 & 63] : "=";
    out += i + 2 < bytes.length ? B64[n & 63] : "=";
  }
  return out;
}
class TextEncoderLite {
  encode(str) {
    const out = [];
    for (const ch of str) {
      const cp = ch.codePointAt(0);
      if (cp < 128) out.push(cp);
      else if (cp < 2048) out.push(192 | cp >> 6, 128 | cp & 63);
      else if (cp < 65536) out.push(224 | cp >> 12, 128 | cp >> 6 & 63, 128 | cp & 63);
      else out.push(240 | cp >> 18, 128 | cp >> 12 & 63, 128 | cp >> 6 & 63, 128 | cp & 63);
    }
    return new Uint8Array(out);
  }
}
function utf8Decode(bytes) {
  const TD = globalThis.TextDecoder;
  if (typeof TD === "function") return new TD().decode(bytes);
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
  return s;
}
class ByteReader {
  constructor(base64Data) {
    __publicField(this, "b");
    this.b = base64Decode(base64Data);
  }
  get length() {
    return this.b.length;
  }
  ascii(start, end) {
    let s = "";
    for (let i = start; i < end && i < this.b.length; i++) s += String.fromCharCode(this.b[i]);
    return s;
  }
  readUInt16BE(o) {
    this.check(o, 2);
    return this.b[o] << 8 | this.b[o + 1];
  }
  readUInt16LE(o) {
    this.check(o, 2);
    return this.b[o] | this.b[o + 1] << 8;
  }
  readUInt32BE(o) {
    this.check(o, 4);
    return (this.b[o] << 24 >>> 0) + (this.b[o + 1] << 16 | this.b[o + 2] << 8 | this.b[o + 3]);
  }
  readUInt32LE(o) {
    this.check(o, 4);
    return (this.b[o + 3] << 24 >>> 0) + (this.b[o + 2] << 16 | this.b[o + 1] << 8 | this.b[o]);
  }
  check(o, n) {
    if (o < 0 || o + n > this.b.length) throw new RangeError("out of range");
  }
}
let cachedCapabilities = null;
let cellDimensions = { widthPx: 9, heightPx: 18 };
function getCellDimensions() {
  return cellDimensions;
}
function setCellDimensions(dims) {
  cellDimensions = dims;
}
function detectCapabilities() {
  const env = (0, import_pigo_tui_keys.processEnv)();
  const termProgram = env.TERM_PROGRAM?.toLowerCase() || "";
  const term = env.TERM?.toLowerCase() || "";
  const colorTerm = env.COLORTERM?.toLowerCase() || "";
  const inTmuxOrScreen = !!env.TMUX || term.startsWith("tmux") || term.startsWith("screen");
  if (inTmuxOrScreen) {
    const trueColor2 = colorTerm === "truecolor" || colorTerm === "24bit";
    return { images: null, trueColor: trueColor2, hyperlinks: false };
  }
  if (env.KITTY_WINDOW_ID || termProgram === "kitty") {
    return { images: "kitty", trueColor: true, hyperlinks: true };
  }
  if (termProgram === "ghostty" || term.includes("ghostty") || env.GHOSTTY_RESOURCES_DIR) {
    return { images: "kitty", trueColor: true, hyperlinks: true };
  }
  if (env.WEZTERM_PANE || termProgram === "wezterm") {
    return { images: "kitty", trueColor: true, hyperlinks: true };
  }
  if (env.ITERM_SESSION_ID || termProgram === "iterm.app") {
    return { images: "iterm2", trueColor: true, hyperlinks: true };
  }
  if (termProgram === "vscode") {
    return { images: null, trueColor: true, hyperlinks: true };
  }
  if (termProgram === "alacritty") {
    return { images: null, trueColor: true, hyperlinks: true };
  }
  const trueColor = colorTerm === "truecolor" || colorTerm === "24bit";
  return { images: null, trueColor, hyperlinks: false };
}
function getCapabilities() {
  if (!cachedCapabilities) {
    cachedCapabilities = { ...detectCapabilities(), images: null };
  }
  return cachedCapabilities;
}
function resetCapabilitiesCache() {
  cachedCapabilities = null;
}
function setCapabilities(caps) {
  cachedCapabilities = caps;
}
const KITTY_PREFIX = "\x1B_G";
const ITERM2_PREFIX = "\x1B]1337;File=";
function isImageLine(line) {
  if (line.startsWith(KITTY_PREFIX) || line.startsWith(ITERM2_PREFIX)) {
    return true;
  }
  return line.includes(KITTY_PREFIX) || line.includes(ITERM2_PREFIX);
}
function allocateImageId() {
  return Math.floor(Math.random() * 4294967294) + 1;
}
function encodeKitty(base64Data, options = {}) {
  const CHUNK_SIZE = 4096;
  const params = ["a=T", "f=100", "q=2"];
  if (options.moveCursor === false)
    params.push("C=1");
  if (options.columns)
    params.push(`c=${options.columns}`);
  if (options.rows)
    params.push(`r=${options.rows}`);
  if (options.imageId)
    params.push(`i=${options.imageId}`);
  if (base64Data.length <= CHUNK_SIZE) {
    return `\x1B_G${params.join(",")};${base64Data}\x1B\\`;
  }
  const chunks = [];
  let offset = 0;
  let isFirst = true;
  while (offset < base64Data.length) {
    const chunk = base64Data.slice(offset, offset + CHUNK_SIZE);
    const isLast = offset + CHUNK_SIZE >= base64Data.length;
    if (isFirst) {
      chunks.push(`\x1B_G${params.join(",")},m=1;${chunk}\x1B\\`);
      isFirst = false;
    } else if (isLast) {
      chunks.push(`\x1B_Gm=0;${chunk}\x1B\\`);
    } else {
      chunks.push(`\x1B_Gm=1;${chunk}\x1B\\`);
    }
    offset += CHUNK_SIZE;
  }
  return chunks.join("");
}
function deleteKittyImage(imageId) {
  return `\x1B_Ga=d,d=I,i=${imageId},q=2\x1B\\`;
}
function deleteAllKittyImages() {
  return "\x1B_Ga=d,d=A,q=2\x1B\\";
}
function encodeITerm2(base64Data, options = {}) {
  const params = [`inline=${options.inline !== false ? 1 : 0}`];
  if (options.width !== void 0)
    params.push(`width=${options.width}`);
  if (options.height !== void 0)
    params.push(`height=${options.height}`);
  if (options.name) {
    const nameBase64 = base64Encode(new TextEncoderLite().encode(options.name));
    params.push(`name=${nameBase64}`);
  }
  if (options.preserveAspectRatio === false) {
    params.push("preserveAspectRatio=0");
  }
  return `\x1B]1337;File=${params.join(";")}:${base64Data}\x07`;
}
function calculateImageRows(imageDimensions, targetWidthCells, cellDimensions2 = { widthPx: 9, heightPx: 18 }) {
  const targetWidthPx = targetWidthCells * cellDimensions2.widthPx;
  const scale = targetWidthPx / imageDimensions.widthPx;
  const scaledHeightPx = imageDimensions.heightPx * scale;
  const rows = Math.ceil(scaledHeightPx / cellDimensions2.heightPx);
  return Math.max(1, rows);
}
function getPngDimensions(base64Data) {
  try {
    const buffer = new ByteReader(base64Data);
    if (buffer.length < 24) {
      return null;
    }
    if (buffer.b[0] !== 137 || buffer.b[1] !== 80 || buffer.b[2] !== 78 || buffer.b[3] !== 71) {
      return null;
    }
    const width = buffer.readUInt32BE(16);
    const height = buffer.readUInt32BE(20);
    return { widthPx: width, heightPx: height };
  } catch {
    return null;
  }
}
function getJpegDimensions(base64Data) {
  try {
    const buffer = new ByteReader(base64Data);
    if (buffer.length < 2) {
      return null;
    }
    if (buffer.b[0] !== 255 || buffer.b[1] !== 216) {
      return null;
    }
    let offset = 2;
    while (offset < buffer.length - 9) {
      if (buffer.b[offset] !== 255) {
        offset++;
        continue;
      }
      const marker = buffer.b[offset + 1];
      if (marker >= 192 && marker <= 194) {
        const height = buffer.readUInt16BE(offset + 5);
        const width = buffer.readUInt16BE(offset + 7);
        return { widthPx: width, heightPx: height };
      }
      if (offset + 3 >= buffer.length) {
        return null;
      }
      const length = buffer.readUInt16BE(offset + 2);
      if (length < 2) {
        return null;
      }
      offset += 2 + length;
    }
    return null;
  } catch {
    return null;
  }
}
function getGifDimensions(base64Data) {
  try {
    const buffer = new ByteReader(base64Data);
    if (buffer.length < 10) {
      return null;
    }
    const sig = buffer.ascii(0, 6);
    if (sig !== "GIF87a" && sig !== "GIF89a") {
      return null;
    }
    const width = buffer.readUInt16LE(6);
    const height = buffer.readUInt16LE(8);
    return { widthPx: width, heightPx: height };
  } catch {
    return null;
  }
}
function getWebpDimensions(base64Data) {
  try {
    const buffer = new ByteReader(base64Data);
    if (buffer.length < 30) {
      return null;
    }
    const riff = buffer.ascii(0, 4);
    const webp = buffer.ascii(8, 12);
    if (riff !== "RIFF" || webp !== "WEBP") {
      return null;
    }
    const chunk = buffer.ascii(12, 16);
    if (chunk === "VP8 ") {
      if (buffer.length < 30)
        return null;
      const width = buffer.readUInt16LE(26) & 16383;
      const height = buffer.readUInt16LE(28) & 16383;
      return { widthPx: width, heightPx: height };
    } else if (chunk === "VP8L") {
      if (buffer.length < 25)
        return null;
      const bits = buffer.readUInt32LE(21);
      const width = (bits & 16383) + 1;
      const height = (bits >> 14 & 16383) + 1;
      return { widthPx: width, heightPx: height };
    } else if (chunk === "VP8X") {
      if (buffer.length < 30)
        return null;
      const width = (buffer.b[24] | buffer.b[25] << 8 | buffer.b[26] << 16) + 1;
      const height = (buffer.b[27] | buffer.b[28] << 8 | buffer.b[29] << 16) + 1;
      return { widthPx: width, heightPx: height };
    }
    return null;
  } catch {
    return null;
  }
}
function getImageDimensions(base64Data, mimeType) {
  if (mimeType === "image/png") {
    return getPngDimensions(base64Data);
  }
  if (mimeType === "image/jpeg") {
    return getJpegDimensions(base64Data);
  }
  if (mimeType === "image/gif") {
    return getGifDimensions(base64Data);
  }
  if (mimeType === "image/webp") {
    return getWebpDimensions(base64Data);
  }
  return null;
}
function renderImage(base64Data, imageDimensions, options = {}) {
  const caps = getCapabilities();
  if (!caps.images) {
    return null;
  }
  const maxWidth = options.maxWidthCells ?? 80;
  const rows = calculateImageRows(imageDimensions, maxWidth, getCellDimensions());
  if (caps.images === "kitty") {
    const sequence = encodeKitty(base64Data, {
      columns: maxWidth,
      rows,
      imageId: options.imageId,
      moveCursor: options.moveCursor
    });
    return { sequence, rows, imageId: options.imageId };
  }
  if (caps.images === "iterm2") {
    const sequence = encodeITerm2(base64Data, {
      width: maxWidth,
      height: "auto",
      preserveAspectRatio: options.preserveAspectRatio ?? true
    });
    return { sequence, rows };
  }
  return null;
}
function hyperlink(text, url) {
  return `\x1B]8;;${url}\x1B\\${text}\x1B]8;;\x1B\\`;
}
function imageFallback(mimeType, dimensions, filename) {
  const parts = [];
  if (filename)
    parts.push(filename);
  parts.push(`[${mimeType}]`);
  if (dimensions)
    parts.push(`${dimensions.widthPx}x${dimensions.heightPx}`);
  return `[Image: ${parts.join(" ")}]`;
}
class KillRing {
  constructor() {
    __publicField(this, "ring", []);
  }
  /**
   * Add text to the kill ring.
   *
   * @param text - The killed text to add
   * @param opts - Push options
   * @param opts.prepend - If accumulating, prepend (backward deletion) or append (forward deletion)
   * @param opts.accumulate - Merge with the most recent entry instead of creating a new one
   */
  push(text, opts) {
    if (!text)
      return;
    if (opts.accumulate && this.ring.length > 0) {
      const last = this.ring.pop();
      this.ring.push(opts.prepend ? text + last : last + text);
    } else {
      this.ring.push(text);
    }
  }
  /** Get most recent entry without modifying the ring. */
  peek() {
    return this.ring.length > 0 ? this.ring[this.ring.length - 1] : void 0;
  }
  /** Move last entry to front (for yank-pop cycling). */
  rotate() {
    if (this.ring.length > 1) {
      const last = this.ring.pop();
      this.ring.unshift(last);
    }
  }
  get length() {
    return this.ring.length;
  }
}
class UndoStack {
  constructor() {
    __publicField(this, "stack", []);
  }
  /** Push a deep clone of the given state onto the stack. */
  push(state) {
    this.stack.push(typeof structuredClone === "function" ? structuredClone(state) : JSON.parse(JSON.stringify(state)));
  }
  /** Pop and return the most recent snapshot, or undefined if empty. */
  pop() {
    return this.stack.pop();
  }
  /** Remove all snapshots. */
  clear() {
    this.stack.length = 0;
  }
  get length() {
    return this.stack.length;
  }
}
function fuzzyMatch(query, text) {
  const queryLower = query.toLowerCase();
  const textLower = text.toLowerCase();
  const matchQuery = (normalizedQuery) => {
    if (normalizedQuery.length === 0) {
      return { matches: true, score: 0 };
    }
    if (normalizedQuery.length > textLower.length) {
      return { matches: false, score: 0 };
    }
    let queryIndex = 0;
    let score = 0;
    let lastMatchIndex = -1;
    let consecutiveMatches = 0;
    for (let i = 0; i < textLower.length && queryIndex < normalizedQuery.length; i++) {
      if (textLower[i] === normalizedQuery[queryIndex]) {
        const isWordBoundary = i === 0 || /[\s\-_./:]/.test(textLower[i - 1]);
        if (lastMatchIndex === i - 1) {
          consecutiveMatches++;
          score -= consecutiveMatches * 5;
        } else {
          consecutiveMatches = 0;
          if (lastMatchIndex >= 0) {
            score += (i - lastMatchIndex - 1) * 2;
          }
        }
        if (isWordBoundary) {
          score -= 10;
        }
        score += i * 0.1;
        lastMatchIndex = i;
        queryIndex++;
      }
    }
    if (queryIndex < normalizedQuery.length) {
      return { matches: false, score: 0 };
    }
    if (normalizedQuery === textLower) {
      score -= 100;
    }
    return { matches: true, score };
  };
  const primaryMatch = matchQuery(queryLower);
  if (primaryMatch.matches) {
    return primaryMatch;
  }
  const alphaNumericMatch = queryLower.match(/^(?<letters>[a-z]+)(?<digits>[0-9]+)$/);
  const numericAlphaMatch = queryLower.match(/^(?<digits>[0-9]+)(?<letters>[a-z]+)$/);
  const swappedQuery = alphaNumericMatch ? `${alphaNumericMatch.groups?.digits ?? ""}${alphaNumericMatch.groups?.letters ?? ""}` : numericAlphaMatch ? `${numericAlphaMatch.groups?.letters ?? ""}${numericAlphaMatch.groups?.digits ?? ""}` : "";
  if (!swappedQuery) {
    return primaryMatch;
  }
  const swappedMatch = matchQuery(swappedQuery);
  if (!swappedMatch.matches) {
    return primaryMatch;
  }
  return { matches: true, score: swappedMatch.score + 5 };
}
function fuzzyFilter(items, query, getText) {
  if (!query.trim()) {
    return items;
  }
  const tokens = query.trim().split(/\s+/).filter((t) => t.length > 0);
  if (tokens.length === 0) {
    return items;
  }
  const results = [];
  for (const item of items) {
    const text = getText(item);
    let totalScore = 0;
    let allMatch = true;
    for (const token of tokens) {
      const match = fuzzyMatch(token, text);
      if (match.matches) {
        totalScore += match.score;
      } else {
        allMatch = false;
        break;
      }
    }
    if (allMatch) {
      results.push({ item, totalScore });
    }
  }
  results.sort((a, b) => a.totalScore - b.totalScore);
  return results.map((r) => r.item);
}
const ESC = "\x1B";
const BRACKETED_PASTE_START = "\x1B[200~";
const BRACKETED_PASTE_END = "\x1B[201~";
function isCompleteSequence(data) {
  if (!data.startsWith(ESC)) {
    return "not-escape";
  }
  if (data.length === 1) {
    return "incomplete";
  }
  const afterEsc = data.slice(1);
  if (afterEsc.startsWith("[")) {
    if (afterEsc.startsWith("[M")) {
      return data.length >= 6 ? "complete" : "incomplete";
    }
    return isCompleteCsiSequence(data);
  }
  if (afterEsc.startsWith("]")) {
    return isCompleteOscSequence(data);
  }
  if (afterEsc.startsWith("P")) {
    return isCompleteDcsSequence(data);
  }
  if (afterEsc.startsWith("_")) {
    return isCompleteApcSequence(data);
  }
  if (afterEsc.startsWith("O")) {
    return afterEsc.length >= 2 ? "complete" : "incomplete";
  }
  if (afterEsc.length === 1) {
    return "complete";
  }
  return "complete";
}
function isCompleteCsiSequence(data) {
  if (!data.startsWith(`${ESC}[`)) {
    return "complete";
  }
  if (data.length < 3) {
    return "incomplete";
  }
  const payload = data.slice(2);
  const lastChar = payload[payload.length - 1];
  const lastCharCode = lastChar.charCodeAt(0);
  if (lastCharCode >= 64 && lastCharCode <= 126) {
    if (payload.startsWith("<")) {
      const mouseMatch = /^<\d+;\d+;\d+[Mm]$/.test(payload);
      if (mouseMatch) {
        return "complete";
      }
      if (lastChar === "M" || lastChar === "m") {
        const parts = payload.slice(1, -1).split(";");
        if (parts.length === 3 && parts.every((p) => /^\d+$/.test(p))) {
          return "complete";
        }
      }
      return "incomplete";
    }
    return "complete";
  }
  return "incomplete";
}
function isCompleteOscSequence(data) {
  if (!data.startsWith(`${ESC}]`)) {
    return "complete";
  }
  if (data.endsWith(`${ESC}\\`) || data.endsWith("\x07")) {
    return "complete";
  }
  return "incomplete";
}
function isCompleteDcsSequence(data) {
  if (!data.startsWith(`${ESC}P`)) {
    return "complete";
  }
  if (data.endsWith(`${ESC}\\`)) {
    return "complete";
  }
  return "incomplete";
}
function isCompleteApcSequence(data) {
  if (!data.startsWith(`${ESC}_`)) {
    return "complete";
  }
  if (data.endsWith(`${ESC}\\`)) {
    return "complete";
  }
  return "incomplete";
}
function parseUnmodifiedKittyPrintableCodepoint(sequence) {
  const match = sequence.match(/^\x1b\[(\d+)(?::\d*)?(?::\d+)?u$/);
  if (!match)
    return void 0;
  const codepoint = parseInt(match[1], 10);
  return codepoint >= 32 ? codepoint : void 0;
}
function extractCompleteSequences(buffer) {
  const sequences = [];
  let pos = 0;
  while (pos < buffer.length) {
    const remaining = buffer.slice(pos);
    if (remaining.startsWith(ESC)) {
      let seqEnd = 1;
      while (seqEnd <= remaining.length) {
        const candidate = remaining.slice(0, seqEnd);
        const status = isCompleteSequence(candidate);
        if (status === "complete") {
          sequences.push(candidate);
          pos += seqEnd;
          break;
        } else if (status === "incomplete") {
          seqEnd++;
        } else {
          sequences.push(candidate);
          pos += seqEnd;
          break;
        }
      }
      if (seqEnd > remaining.length) {
        return { sequences, remainder: remaining };
      }
    } else {
      sequences.push(remaining[0]);
      pos++;
    }
  }
  return { sequences, remainder: "" };
}
class StdinBuffer extends MiniEmitter {
  constructor(options = {}) {
    super();
    __publicField(this, "buffer", "");
    __publicField(this, "timeout", null);
    __publicField(this, "timeoutMs");
    __publicField(this, "pasteMode", false);
    __publicField(this, "pasteBuffer", "");
    __publicField(this, "pendingKittyPrintableCodepoint");
    this.timeoutMs = options.timeout ?? 10;
  }
  process(data) {
    if (this.timeout) {
      clearTimeout(this.timeout);
      this.timeout = null;
    }
    let str;
    if (typeof data !== "string" && data && typeof data.length === "number") {
      if (data.length === 1 && data[0] > 127) {
        const byte = data[0] - 128;
        str = `\x1B${String.fromCharCode(byte)}`;
      } else {
        str = utf8Decode(data);
      }
    } else {
      str = data;
    }
    if (str.length === 0 && this.buffer.length === 0) {
      this.emitDataSequence("");
      return;
    }
    this.buffer += str;
    if (this.pasteMode) {
      this.pasteBuffer += this.buffer;
      this.buffer = "";
      const endIndex = this.pasteBuffer.indexOf(BRACKETED_PASTE_END);
      if (endIndex !== -1) {
        const pastedContent = this.pasteBuffer.slice(0, endIndex);
        const remaining = this.pasteBuffer.slice(endIndex + BRACKETED_PASTE_END.length);
        this.pasteMode = false;
        this.pasteBuffer = "";
        this.pendingKittyPrintableCodepoint = void 0;
        this.emit("paste", pastedContent);
        if (remaining.length > 0) {
          this.process(remaining);
        }
      }
      return;
    }
    const startIndex = this.buffer.indexOf(BRACKETED_PASTE_START);
    if (startIndex !== -1) {
      if (startIndex > 0) {
        const beforePaste = this.buffer.slice(0, startIndex);
        const result2 = extractCompleteSequences(beforePaste);
        for (const sequence of result2.sequences) {
          this.emitDataSequence(sequence);
        }
      }
      this.pendingKittyPrintableCodepoint = void 0;
      this.buffer = this.buffer.slice(startIndex + BRACKETED_PASTE_START.length);
      this.pasteMode = true;
      this.pasteBuffer = this.buffer;
      this.buffer = "";
      const endIndex = this.pasteBuffer.indexOf(BRACKETED_PASTE_END);
      if (endIndex !== -1) {
        const pastedContent = this.pasteBuffer.slice(0, endIndex);
        const remaining = this.pasteBuffer.slice(endIndex + BRACKETED_PASTE_END.length);
        this.pasteMode = false;
        this.pasteBuffer = "";
        this.pendingKittyPrintableCodepoint = void 0;
        this.emit("paste", pastedContent);
        if (remaining.length > 0) {
          this.process(remaining);
        }
      }
      return;
    }
    const result = extractCompleteSequences(this.buffer);
    this.buffer = result.remainder;
    for (const sequence of result.sequences) {
      this.emitDataSequence(sequence);
    }
    if (this.buffer.length > 0) {
      this.timeout = setTimeout(() => {
        const flushed = this.flush();
        for (const sequence of flushed) {
          this.emitDataSequence(sequence);
        }
      }, this.timeoutMs);
    }
  }
  emitDataSequence(sequence) {
    const rawCodepoint = sequence.length === 1 ? sequence.codePointAt(0) : void 0;
    if (rawCodepoint !== void 0 && rawCodepoint === this.pendingKittyPrintableCodepoint) {
      this.pendingKittyPrintableCodepoint = void 0;
      return;
    }
    this.pendingKittyPrintableCodepoint = parseUnmodifiedKittyPrintableCodepoint(sequence);
    this.emit("data", sequence);
  }
  flush() {
    if (this.timeout) {
      clearTimeout(this.timeout);
      this.timeout = null;
    }
    if (this.buffer.length === 0) {
      return [];
    }
    const sequences = [this.buffer];
    this.buffer = "";
    this.pendingKittyPrintableCodepoint = void 0;
    return sequences;
  }
  clear() {
    if (this.timeout) {
      clearTimeout(this.timeout);
      this.timeout = null;
    }
    this.buffer = "";
    this.pasteMode = false;
    this.pasteBuffer = "";
    this.pendingKittyPrintableCodepoint = void 0;
  }
  getBuffer() {
    return this.buffer;
  }
  destroy() {
    this.clear();
  }
}
class ProcessTerminal {
  constructor() {
    __publicField(this, "inputHandler");
    __publicField(this, "resizeHandler");
    __publicField(this, "_kittyProtocolActive", false);
    __publicField(this, "stdinBuffer");
    __publicField(this, "progressActive", false);
    __publicField(this, "started", false);
    __publicField(this, "title", "");
    __publicField(this, "cursorVisible", true);
    /** Receives everything written to the terminal (pigo hook). */
    __publicField(this, "onWrite");
    __publicField(this, "_columns");
    __publicField(this, "_rows");
  }
  get kittyProtocolActive() {
    return this._kittyProtocolActive;
  }
  start(onInput, onResize) {
    this.inputHandler = onInput;
    this.resizeHandler = onResize;
    this.started = true;
    this.stdinBuffer = new StdinBuffer({ timeout: 10 });
    this.stdinBuffer.on("data", (sequence) => {
      this.inputHandler?.(sequence);
    });
    this.stdinBuffer.on("paste", (content) => {
      this.inputHandler?.(`\x1B[200~${content}\x1B[201~`);
    });
  }
  /** Feeds raw terminal input, as stdin data would arrive (pigo). */
  feedInput(data) {
    if (this.stdinBuffer) {
      this.stdinBuffer.process(data);
    } else {
      this.inputHandler?.(data);
    }
  }
  /** Sets the terminal size and notifies the resize handler (pigo). */
  setSize(columns, rows) {
    this._columns = columns;
    this._rows = rows;
    this.resizeHandler?.();
  }
  async drainInput(_maxMs = 1e3, _idleMs = 50) {
    if (this._kittyProtocolActive) {
      this._kittyProtocolActive = false;
      (0, import_pigo_tui_keys.setKittyProtocolActive)(false);
    }
  }
  stop() {
    this.progressActive = false;
    if (this._kittyProtocolActive) {
      this._kittyProtocolActive = false;
      (0, import_pigo_tui_keys.setKittyProtocolActive)(false);
    }
    if (this.stdinBuffer) {
      this.stdinBuffer.destroy();
      this.stdinBuffer = void 0;
    }
    this.inputHandler = void 0;
    this.resizeHandler = void 0;
    this.started = false;
  }
  write(data) {
    this.onWrite?.(data);
  }
  get columns() {
    return this._columns || Number((0, import_pigo_tui_keys.processEnv)().COLUMNS) || 80;
  }
  get rows() {
    return this._rows || Number((0, import_pigo_tui_keys.processEnv)().LINES) || 24;
  }
  moveBy(lines) {
    if (lines > 0) {
      this.write(`\x1B[${lines}B`);
    } else if (lines < 0) {
      this.write(`\x1B[${-lines}A`);
    }
  }
  hideCursor() {
    this.cursorVisible = false;
    this.write("\x1B[?25l");
  }
  showCursor() {
    this.cursorVisible = true;
    this.write("\x1B[?25h");
  }
  clearLine() {
    this.write("\x1B[K");
  }
  clearFromCursor() {
    this.write("\x1B[J");
  }
  clearScreen() {
    this.write("\x1B[2J\x1B[H");
  }
  setTitle(title) {
    this.title = title;
    this.write(`\x1B]0;${title}\x07`);
  }
  setProgress(active) {
    this.progressActive = active;
    this.write(active ? "\x1B]9;4;3\x07" : "\x1B]9;4;0;\x07");
  }
}
const KITTY_SEQUENCE_PREFIX = "\x1B_G";
function extractKittyImageIds(line) {
  const sequenceStart = line.indexOf(KITTY_SEQUENCE_PREFIX);
  if (sequenceStart === -1)
    return [];
  const paramsStart = sequenceStart + KITTY_SEQUENCE_PREFIX.length;
  const paramsEnd = line.indexOf(";", paramsStart);
  if (paramsEnd === -1)
    return [];
  const params = line.slice(paramsStart, paramsEnd);
  for (const param of params.split(",")) {
    const [key, value] = param.split("=", 2);
    if (key !== "i" || value === void 0)
      continue;
    const id = Number(value);
    if (Number.isInteger(id) && id > 0 && id <= 4294967295) {
      return [id];
    }
  }
  return [];
}
function isFocusable(component) {
  return component !== null && "focused" in component;
}
const CURSOR_MARKER = "\x1B_pi:c\x07";
function parseSizeValue(value, referenceSize) {
  if (value === void 0)
    return void 0;
  if (typeof value === "number")
    return value;
  const match = value.match(/^(\d+(?:\.\d+)?)%$/);
  if (match) {
    return Math.floor(referenceSize * parseFloat(match[1]) / 100);
  }
  return void 0;
}
function isTermuxSession() {
  return Boolean((0, import_pigo_tui_keys.processEnv)().TERMUX_VERSION);
}
function dispatchMouseEvent(component, event) {
  const result = component.handleMouse?.(event);
  if (!result)
    return void 0;
  if ("target" in result)
    return result.focus && component.handleInput ? { ...result, focusTarget: component } : result;
  if (!result.handled && !result.capture && !result.focus)
    return void 0;
  return {
    ...result,
    handled: true,
    ...result.focus ? { focusTarget: component } : {},
    target: { component, originX: event.screenX - event.x, originY: event.screenY - event.y, width: event.width, height: event.height }
  };
}
function retargetMouseEvent(event, target) {
  return { ...event, x: event.screenX - target.originX, y: event.screenY - target.originY, width: target.width, height: target.height };
}
class MouseRegion {
  constructor(child, onMouse) {
    __publicField(this, "child");
    __publicField(this, "onMouse");
    this.child = child;
    this.onMouse = onMouse;
  }
  render(width) {
    return this.child.render(width);
  }
  handleMouse(event) {
    return dispatchMouseEvent(this.child, event) ?? this.onMouse(event);
  }
  invalidate() {
    this.child.invalidate?.();
  }
}
function wantsMouse(component, depth = 0) {
  if (!component || depth > 32 || typeof component.handleMouse !== "function")
    return false;
  if (component.handleMouse !== Container.prototype.handleMouse)
    return true;
  return (component.children ?? []).some((c) => wantsMouse(c, depth + 1));
}
class Container {
  constructor() {
    __publicField(this, "children", []);
  }
  // handleMouse gives an event to the child drawn on its row.
  handleMouse(event) {
    let top = 0;
    for (const child of this.children) {
      const height = child.render(event.width).length;
      if (event.y >= top && event.y < top + height)
        return dispatchMouseEvent(child, { ...event, y: event.y - top, height });
      top += height;
    }
    return void 0;
  }
  addChild(component) {
    this.children.push(component);
  }
  removeChild(component) {
    const index = this.children.indexOf(component);
    if (index !== -1) {
      this.children.splice(index, 1);
    }
  }
  clear() {
    this.children = [];
  }
  invalidate() {
    for (const child of this.children) {
      child.invalidate?.();
    }
  }
  render(width) {
    const lines = [];
    for (const child of this.children) {
      const childLines = child.render(width);
      for (const line of childLines) {
        lines.push(line);
      }
    }
    return lines;
  }
}
const _TUI = class _TUI extends Container {
  constructor(terminal, showHardwareCursor) {
    super();
    __publicField(this, "terminal");
    __publicField(this, "previousLines", []);
    __publicField(this, "previousKittyImageIds", /* @__PURE__ */ new Set());
    __publicField(this, "previousWidth", 0);
    __publicField(this, "previousHeight", 0);
    __publicField(this, "focusedComponent", null);
    __publicField(this, "inputListeners", /* @__PURE__ */ new Set());
    /** Global callback for debug key (Shift+Ctrl+D). Called before input is forwarded to focused component. */
    __publicField(this, "onDebug");
    __publicField(this, "renderRequested", false);
    __publicField(this, "renderTimer");
    __publicField(this, "lastRenderAt", 0);
    __publicField(this, "cursorRow", 0);
    // Logical cursor row (end of rendered content)
    __publicField(this, "hardwareCursorRow", 0);
    // Actual terminal cursor row (may differ due to IME positioning)
    __publicField(this, "showHardwareCursor", (0, import_pigo_tui_keys.processEnv)().PI_HARDWARE_CURSOR === "1");
    __publicField(this, "clearOnShrink", (0, import_pigo_tui_keys.processEnv)().PI_CLEAR_ON_SHRINK === "1");
    // Clear empty rows when content shrinks (default: off)
    __publicField(this, "maxLinesRendered", 0);
    // Track terminal's working area (max lines ever rendered)
    __publicField(this, "previousViewportTop", 0);
    // Track previous viewport top for resize-aware cursor moves
    __publicField(this, "fullRedrawCount", 0);
    __publicField(this, "stopped", false);
    // Overlay stack for modal components rendered on top of base content
    __publicField(this, "focusOrderCounter", 0);
    __publicField(this, "overlayStack", []);
    this.terminal = terminal ?? new ProcessTerminal();
    if (showHardwareCursor !== void 0) {
      this.showHardwareCursor = showHardwareCursor;
    }
  }
  get fullRedraws() {
    return this.fullRedrawCount;
  }
  getShowHardwareCursor() {
    return this.showHardwareCursor;
  }
  setShowHardwareCursor(enabled) {
    if (this.showHardwareCursor === enabled)
      return;
    this.showHardwareCursor = enabled;
    if (!enabled) {
      this.terminal.hideCursor();
    }
    this.requestRender();
  }
  getClearOnShrink() {
    return this.clearOnShrink;
  }
  /**
   * Set whether to trigger full re-render when content shrinks.
   * When true (default), empty rows are cleared when content shrinks.
   * When false, empty rows remain (reduces redraws on slower terminals).
   */
  setClearOnShrink(enabled) {
    this.clearOnShrink = enabled;
  }
  setFocus(component) {
    if (isFocusable(this.focusedComponent)) {
      this.focusedComponent.focused = false;
    }
    this.focusedComponent = component;
    if (isFocusable(component)) {
      component.focused = true;
    }
  }
  /**
   * Show an overlay component with configurable positioning and sizing.
   * Returns a handle to control the overlay's visibility.
   */
  showOverlay(component, options) {
    const entry = {
      component,
      options,
      preFocus: this.focusedComponent,
      hidden: false,
      focusOrder: ++this.focusOrderCounter
    };
    this.overlayStack.push(entry);
    if (!options?.nonCapturing && this.isOverlayVisible(entry)) {
      this.setFocus(component);
    }
    this.terminal.hideCursor();
    this.requestRender();
    return {
      hide: () => {
        const index = this.overlayStack.indexOf(entry);
        if (index !== -1) {
          this.overlayStack.splice(index, 1);
          if (this.focusedComponent === component) {
            const topVisible = this.getTopmostVisibleOverlay();
            this.setFocus(topVisible?.component ?? entry.preFocus);
          }
          if (this.overlayStack.length === 0)
            this.terminal.hideCursor();
          this.requestRender();
        }
      },
      setHidden: (hidden) => {
        if (entry.hidden === hidden)
          return;
        entry.hidden = hidden;
        if (hidden) {
          if (this.focusedComponent === component) {
            const topVisible = this.getTopmostVisibleOverlay();
            this.setFocus(topVisible?.component ?? entry.preFocus);
          }
        } else {
          if (!options?.nonCapturing && this.isOverlayVisible(entry)) {
            entry.focusOrder = ++this.focusOrderCounter;
            this.setFocus(component);
          }
        }
        this.requestRender();
      },
      isHidden: () => entry.hidden,
      focus: () => {
        if (!this.overlayStack.includes(entry) || !this.isOverlayVisible(entry))
          return;
        if (this.focusedComponent !== component) {
          this.setFocus(component);
        }
        entry.focusOrder = ++this.focusOrderCounter;
        this.requestRender();
      },
      unfocus: () => {
        if (this.focusedComponent !== component)
          return;
        const topVisible = this.getTopmostVisibleOverlay();
        this.setFocus(topVisible && topVisible !== entry ? topVisible.component : entry.preFocus);
        this.requestRender();
      },
      isFocused: () => this.focusedComponent === component
    };
  }
  /** Hide the topmost overlay and restore previous focus. */
  hideOverlay() {
    const overlay = this.overlayStack.pop();
    if (!overlay)
      return;
    if (this.focusedComponent === overlay.component) {
      const topVisible = this.getTopmostVisibleOverlay();
      this.setFocus(topVisible?.component ?? overlay.preFocus);
    }
    if (this.overlayStack.length === 0)
      this.terminal.hideCursor();
    this.requestRender();
  }
  /** Check if there are any visible overlays */
  hasOverlay() {
    return this.overlayStack.some((o) => this.isOverlayVisible(o));
  }
  /** Check if an overlay entry is currently visible */
  isOverlayVisible(entry) {
    if (entry.hidden)
      return false;
    if (entry.options?.visible) {
      return entry.options.visible(this.terminal.columns, this.terminal.rows);
    }
    return true;
  }
  /** Find the topmost visible capturing overlay, if any */
  getTopmostVisibleOverlay() {
    for (let i = this.overlayStack.length - 1; i >= 0; i--) {
      if (this.overlayStack[i].options?.nonCapturing)
        continue;
      if (this.isOverlayVisible(this.overlayStack[i])) {
        return this.overlayStack[i];
      }
    }
    return void 0;
  }
  invalidate() {
    super.invalidate();
    for (const overlay of this.overlayStack)
      overlay.component.invalidate?.();
  }
  start() {
    this.stopped = false;
    this.terminal.start((data) => this.handleInput(data), () => this.requestRender());
    this.terminal.hideCursor();
    this.queryCellSize();
    this.requestRender();
  }
  addInputListener(listener) {
    this.inputListeners.add(listener);
    return () => {
      this.inputListeners.delete(listener);
    };
  }
  removeInputListener(listener) {
    this.inputListeners.delete(listener);
  }
  queryCellSize() {
    if (!getCapabilities().images) {
      return;
    }
    this.terminal.write("\x1B[16t");
  }
  stop() {
    this.stopped = true;
    if (this.renderTimer) {
      clearTimeout(this.renderTimer);
      this.renderTimer = void 0;
    }
    if (this.previousLines.length > 0) {
      const targetRow = this.previousLines.length;
      const lineDiff = targetRow - this.hardwareCursorRow;
      if (lineDiff > 0) {
        this.terminal.write(`\x1B[${lineDiff}B`);
      } else if (lineDiff < 0) {
        this.terminal.write(`\x1B[${-lineDiff}A`);
      }
      this.terminal.write("\r\n");
    }
    this.terminal.showCursor();
    this.terminal.stop();
  }
  requestRender(force = false) {
    if (force) {
      this.previousLines = [];
      this.previousWidth = -1;
      this.previousHeight = -1;
      this.cursorRow = 0;
      this.hardwareCursorRow = 0;
      this.maxLinesRendered = 0;
      this.previousViewportTop = 0;
      if (this.renderTimer) {
        clearTimeout(this.renderTimer);
        this.renderTimer = void 0;
      }
      this.renderRequested = true;
      nextTick(() => {
        if (this.stopped || !this.renderRequested) {
          return;
        }
        this.renderRequested = false;
        this.lastRenderAt = nowMs();
        this.doRender();
      });
      return;
    }
    if (this.renderRequested)
      return;
    this.renderRequested = true;
    nextTick(() => this.scheduleRender());
  }
  scheduleRender() {
    if (this.stopped || this.renderTimer || !this.renderRequested) {
      return;
    }
    const elapsed = nowMs() - this.lastRenderAt;
    const delay = Math.max(0, _TUI.MIN_RENDER_INTERVAL_MS - elapsed);
    this.renderTimer = setTimeout(() => {
      this.renderTimer = void 0;
      if (this.stopped || !this.renderRequested) {
        return;
      }
      this.renderRequested = false;
      this.lastRenderAt = nowMs();
      this.doRender();
      if (this.renderRequested) {
        this.scheduleRender();
      }
    }, delay);
  }
  handleInput(data) {
    if (this.inputListeners.size > 0) {
      let current = data;
      for (const listener of this.inputListeners) {
        const result = listener(current);
        if (result?.consume) {
          return;
        }
        if (result?.data !== void 0) {
          current = result.data;
        }
      }
      if (current.length === 0) {
        return;
      }
      data = current;
    }
    if (this.consumeCellSizeResponse(data)) {
      return;
    }
    if ((0, import_pigo_tui_keys.matchesKey)(data, "shift+ctrl+d") && this.onDebug) {
      this.onDebug();
      return;
    }
    const focusedOverlay = this.overlayStack.find((o) => o.component === this.focusedComponent);
    if (focusedOverlay && !this.isOverlayVisible(focusedOverlay)) {
      const topVisible = this.getTopmostVisibleOverlay();
      if (topVisible) {
        this.setFocus(topVisible.component);
      } else {
        this.setFocus(focusedOverlay.preFocus);
      }
    }
    if (this.focusedComponent?.handleInput) {
      if ((0, import_pigo_tui_keys.isKeyRelease)(data) && !this.focusedComponent.wantsKeyRelease) {
        return;
      }
      this.focusedComponent.handleInput(data);
      this.requestRender();
    }
  }
  consumeCellSizeResponse(data) {
    const match = data.match(/^\x1b\[6;(\d+);(\d+)t$/);
    if (!match) {
      return false;
    }
    const heightPx = parseInt(match[1], 10);
    const widthPx = parseInt(match[2], 10);
    if (heightPx <= 0 || widthPx <= 0) {
      return true;
    }
    setCellDimensions({ widthPx, heightPx });
    this.invalidate();
    this.requestRender();
    return true;
  }
  /**
   * Resolve overlay layout from options.
   * Returns { width, row, col, maxHeight } for rendering.
   */
  resolveOverlayLayout(options, overlayHeight, termWidth, termHeight) {
    const opt = options ?? {};
    const margin = typeof opt.margin === "number" ? { top: opt.margin, right: opt.margin, bottom: opt.margin, left: opt.margin } : opt.margin ?? {};
    const marginTop = Math.max(0, margin.top ?? 0);
    const marginRight = Math.max(0, margin.right ?? 0);
    const marginBottom = Math.max(0, margin.bottom ?? 0);
    const marginLeft = Math.max(0, margin.left ?? 0);
    const availWidth = Math.max(1, termWidth - marginLeft - marginRight);
    const availHeight = Math.max(1, termHeight - marginTop - marginBottom);
    let width = parseSizeValue(opt.width, termWidth) ?? Math.min(80, availWidth);
    if (opt.minWidth !== void 0) {
      width = Math.max(width, opt.minWidth);
    }
    width = Math.max(1, Math.min(width, availWidth));
    let maxHeight = parseSizeValue(opt.maxHeight, termHeight);
    if (maxHeight !== void 0) {
      maxHeight = Math.max(1, Math.min(maxHeight, availHeight));
    }
    const effectiveHeight = maxHeight !== void 0 ? Math.min(overlayHeight, maxHeight) : overlayHeight;
    let row;
    let col;
    if (opt.row !== void 0) {
      if (typeof opt.row === "string") {
        const match = opt.row.match(/^(\d+(?:\.\d+)?)%$/);
        if (match) {
          const maxRow = Math.max(0, availHeight - effectiveHeight);
          const percent = parseFloat(match[1]) / 100;
          row = marginTop + Math.floor(maxRow * percent);
        } else {
          row = this.resolveAnchorRow("center", effectiveHeight, availHeight, marginTop);
        }
      } else {
        row = opt.row;
      }
    } else {
      const anchor = opt.anchor ?? "center";
      row = this.resolveAnchorRow(anchor, effectiveHeight, availHeight, marginTop);
    }
    if (opt.col !== void 0) {
      if (typeof opt.col === "string") {
        const match = opt.col.match(/^(\d+(?:\.\d+)?)%$/);
        if (match) {
          const maxCol = Math.max(0, availWidth - width);
          const percent = parseFloat(match[1]) / 100;
          col = marginLeft + Math.floor(maxCol * percent);
        } else {
          col = this.resolveAnchorCol("center", width, availWidth, marginLeft);
        }
      } else {
        col = opt.col;
      }
    } else {
      const anchor = opt.anchor ?? "center";
      col = this.resolveAnchorCol(anchor, width, availWidth, marginLeft);
    }
    if (opt.offsetY !== void 0)
      row += opt.offsetY;
    if (opt.offsetX !== void 0)
      col += opt.offsetX;
    row = Math.max(marginTop, Math.min(row, termHeight - marginBottom - effectiveHeight));
    col = Math.max(marginLeft, Math.min(col, termWidth - marginRight - width));
    return { width, row, col, maxHeight };
  }
  resolveAnchorRow(anchor, height, availHeight, marginTop) {
    switch (anchor) {
      case "top-left":
      case "top-center":
      case "top-right":
        return marginTop;
      case "bottom-left":
      case "bottom-center":
      case "bottom-right":
        return marginTop + availHeight - height;
      case "left-center":
      case "center":
      case "right-center":
        return marginTop + Math.floor((availHeight - height) / 2);
    }
  }
  resolveAnchorCol(anchor, width, availWidth, marginLeft) {
    switch (anchor) {
      case "top-left":
      case "left-center":
      case "bottom-left":
        return marginLeft;
      case "top-right":
      case "right-center":
      case "bottom-right":
        return marginLeft + availWidth - width;
      case "top-center":
      case "center":
      case "bottom-center":
        return marginLeft + Math.floor((availWidth - width) / 2);
    }
  }
  /** Composite all overlays into content lines (sorted by focusOrder, higher = on top). */
  compositeOverlays(lines, termWidth, termHeight) {
    if (this.overlayStack.length === 0)
      return lines;
    const result = [...lines];
    const rendered = [];
    let minLinesNeeded = result.length;
    const visibleEntries = this.overlayStack.filter((e) => this.isOverlayVisible(e));
    visibleEntries.sort((a, b) => a.focusOrder - b.focusOrder);
    for (const entry of visibleEntries) {
      const { component, options } = entry;
      const { width, maxHeight } = this.resolveOverlayLayout(options, 0, termWidth, termHeight);
      let overlayLines = component.render(width);
      if (maxHeight !== void 0 && overlayLines.length > maxHeight) {
        overlayLines = overlayLines.slice(0, maxHeight);
      }
      const { row, col } = this.resolveOverlayLayout(options, overlayLines.length, termWidth, termHeight);
      rendered.push({ overlayLines, row, col, w: width });
      minLinesNeeded = Math.max(minLinesNeeded, row + overlayLines.length);
    }
    const workingHeight = Math.max(result.length, termHeight, minLinesNeeded);
    while (result.length < workingHeight) {
      result.push("");
    }
    const viewportStart = Math.max(0, workingHeight - termHeight);
    for (const { overlayLines, row, col, w } of rendered) {
      for (let i = 0; i < overlayLines.length; i++) {
        const idx = viewportStart + row + i;
        if (idx >= 0 && idx < result.length) {
          const truncatedOverlayLine = (0, import_pigo_tui_utils.visibleWidth)(overlayLines[i]) > w ? (0, import_pigo_tui_utils.sliceByColumn)(overlayLines[i], 0, w, true) : overlayLines[i];
          result[idx] = this.compositeLineAt(result[idx], truncatedOverlayLine, col, w, termWidth);
        }
      }
    }
    return result;
  }
  applyLineResets(lines) {
    const reset = _TUI.SEGMENT_RESET;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i];
      if (!isImageLine(line)) {
        lines[i] = (0, import_pigo_tui_utils.normalizeTerminalOutput)(line) + reset;
      }
    }
    return lines;
  }
  collectKittyImageIds(lines) {
    const ids = /* @__PURE__ */ new Set();
    for (const line of lines) {
      for (const id of extractKittyImageIds(line)) {
        ids.add(id);
      }
    }
    return ids;
  }
  deleteKittyImages(ids) {
    let buffer = "";
    for (const id of ids) {
      buffer += deleteKittyImage(id);
    }
    return buffer;
  }
  expandLastChangedForKittyImages(firstChanged, lastChanged) {
    let expandedLastChanged = lastChanged;
    for (let i = firstChanged; i < this.previousLines.length; i++) {
      if (extractKittyImageIds(this.previousLines[i]).length > 0) {
        expandedLastChanged = Math.max(expandedLastChanged, i);
      }
    }
    return expandedLastChanged;
  }
  deleteChangedKittyImages(firstChanged, lastChanged) {
    if (firstChanged < 0 || lastChanged < firstChanged)
      return "";
    const ids = /* @__PURE__ */ new Set();
    const maxLine = Math.min(lastChanged, this.previousLines.length - 1);
    for (let i = firstChanged; i <= maxLine; i++) {
      for (const id of extractKittyImageIds(this.previousLines[i] ?? "")) {
        ids.add(id);
      }
    }
    return this.deleteKittyImages(ids);
  }
  /** Splice overlay content into a base line at a specific column. Single-pass optimized. */
  compositeLineAt(baseLine, overlayLine, startCol, overlayWidth, totalWidth) {
    if (isImageLine(baseLine))
      return baseLine;
    const afterStart = startCol + overlayWidth;
    const base = (0, import_pigo_tui_utils.extractSegments)(baseLine, startCol, afterStart, totalWidth - afterStart, true);
    const overlay = (0, import_pigo_tui_utils.sliceWithWidth)(overlayLine, 0, overlayWidth, true);
    const beforePad = Math.max(0, startCol - base.beforeWidth);
    const overlayPad = Math.max(0, overlayWidth - overlay.width);
    const actualBeforeWidth = Math.max(startCol, base.beforeWidth);
    const actualOverlayWidth = Math.max(overlayWidth, overlay.width);
    const afterTarget = Math.max(0, totalWidth - actualBeforeWidth - actualOverlayWidth);
    const afterPad = Math.max(0, afterTarget - base.afterWidth);
    const r = _TUI.SEGMENT_RESET;
    const result = base.before + " ".repeat(beforePad) + r + overlay.text + " ".repeat(overlayPad) + r + base.after + " ".repeat(afterPad);
    const resultWidth = (0, import_pigo_tui_utils.visibleWidth)(result);
    if (resultWidth <= totalWidth) {
      return result;
    }
    return (0, import_pigo_tui_utils.sliceByColumn)(result, 0, totalWidth, true);
  }
  /**
   * Find and extract cursor position from rendered lines.
   * Searches for CURSOR_MARKER, calculates its position, and strips it from the output.
   * Only scans the bottom terminal height lines (visible viewport).
   * @param lines - Rendered lines to search
   * @param height - Terminal height (visible viewport size)
   * @returns Cursor position { row, col } or null if no marker found
   */
  extractCursorPosition(lines, height) {
    const viewportTop = Math.max(0, lines.length - height);
    for (let row = lines.length - 1; row >= viewportTop; row--) {
      const line = lines[row];
      const markerIndex = line.indexOf(CURSOR_MARKER);
      if (markerIndex !== -1) {
        const beforeMarker = line.slice(0, markerIndex);
        const col = (0, import_pigo_tui_utils.visibleWidth)(beforeMarker);
        lines[row] = line.slice(0, markerIndex) + line.slice(markerIndex + CURSOR_MARKER.length);
        return { row, col };
      }
    }
    return null;
  }
  doRender() {
    if (this.stopped)
      return;
    const width = this.terminal.columns;
    const height = this.terminal.rows;
    const widthChanged = this.previousWidth !== 0 && this.previousWidth !== width;
    const heightChanged = this.previousHeight !== 0 && this.previousHeight !== height;
    const previousBufferLength = this.previousHeight > 0 ? this.previousViewportTop + this.previousHeight : height;
    let prevViewportTop = heightChanged ? Math.max(0, previousBufferLength - height) : this.previousViewportTop;
    let viewportTop = prevViewportTop;
    let hardwareCursorRow = this.hardwareCursorRow;
    const computeLineDiff = (targetRow) => {
      const currentScreenRow = hardwareCursorRow - prevViewportTop;
      const targetScreenRow = targetRow - viewportTop;
      return targetScreenRow - currentScreenRow;
    };
    let newLines = this.render(width);
    if (this.overlayStack.length > 0) {
      newLines = this.compositeOverlays(newLines, width, height);
    }
    const cursorPos = this.extractCursorPosition(newLines, height);
    newLines = this.applyLineResets(newLines);
    const fullRender = (clear) => {
      this.fullRedrawCount += 1;
      let buffer2 = "\x1B[?2026h";
      if (clear) {
        buffer2 += this.deleteKittyImages(this.previousKittyImageIds);
        buffer2 += "\x1B[2J\x1B[H\x1B[3J";
      }
      for (let i = 0; i < newLines.length; i++) {
        if (i > 0)
          buffer2 += "\r\n";
        buffer2 += newLines[i];
      }
      buffer2 += "\x1B[?2026l";
      this.terminal.write(buffer2);
      this.cursorRow = Math.max(0, newLines.length - 1);
      this.hardwareCursorRow = this.cursorRow;
      if (clear) {
        this.maxLinesRendered = newLines.length;
      } else {
        this.maxLinesRendered = Math.max(this.maxLinesRendered, newLines.length);
      }
      const bufferLength = Math.max(height, newLines.length);
      this.previousViewportTop = Math.max(0, bufferLength - height);
      this.positionHardwareCursor(cursorPos, newLines.length);
      this.previousLines = newLines;
      this.previousKittyImageIds = this.collectKittyImageIds(newLines);
      this.previousWidth = width;
      this.previousHeight = height;
    };
    const logRedraw = (_reason) => {
    };
    if (this.previousLines.length === 0 && !widthChanged && !heightChanged) {
      logRedraw("first render");
      fullRender(false);
      return;
    }
    if (widthChanged) {
      logRedraw(`terminal width changed (${this.previousWidth} -> ${width})`);
      fullRender(true);
      return;
    }
    if (heightChanged && !isTermuxSession()) {
      logRedraw(`terminal height changed (${this.previousHeight} -> ${height})`);
      fullRender(true);
      return;
    }
    if (this.clearOnShrink && newLines.length < this.maxLinesRendered && this.overlayStack.length === 0) {
      logRedraw(`clearOnShrink (maxLinesRendered=${this.maxLinesRendered})`);
      fullRender(true);
      return;
    }
    let firstChanged = -1;
    let lastChanged = -1;
    const maxLines = Math.max(newLines.length, this.previousLines.length);
    for (let i = 0; i < maxLines; i++) {
      const oldLine = i < this.previousLines.length ? this.previousLines[i] : "";
      const newLine = i < newLines.length ? newLines[i] : "";
      if (oldLine !== newLine) {
        if (firstChanged === -1) {
          firstChanged = i;
        }
        lastChanged = i;
      }
    }
    const appendedLines = newLines.length > this.previousLines.length;
    if (appendedLines) {
      if (firstChanged === -1) {
        firstChanged = this.previousLines.length;
      }
      lastChanged = newLines.length - 1;
    }
    if (firstChanged !== -1) {
      lastChanged = this.expandLastChangedForKittyImages(firstChanged, lastChanged);
    }
    const appendStart = appendedLines && firstChanged === this.previousLines.length && firstChanged > 0;
    if (firstChanged === -1) {
      this.positionHardwareCursor(cursorPos, newLines.length);
      this.previousViewportTop = prevViewportTop;
      this.previousHeight = height;
      return;
    }
    if (firstChanged >= newLines.length) {
      if (this.previousLines.length > newLines.length) {
        let buffer2 = "\x1B[?2026h";
        buffer2 += this.deleteChangedKittyImages(firstChanged, lastChanged);
        const targetRow = Math.max(0, newLines.length - 1);
        if (targetRow < prevViewportTop) {
          logRedraw(`deleted lines moved viewport up (${targetRow} < ${prevViewportTop})`);
          fullRender(true);
          return;
        }
        const lineDiff2 = computeLineDiff(targetRow);
        if (lineDiff2 > 0)
          buffer2 += `\x1B[${lineDiff2}B`;
        else if (lineDiff2 < 0)
          buffer2 += `\x1B[${-lineDiff2}A`;
        buffer2 += "\r";
        const extraLines = this.previousLines.length - newLines.length;
        if (extraLines > height) {
          logRedraw(`extraLines > height (${extraLines} > ${height})`);
          fullRender(true);
          return;
        }
        if (extraLines > 0) {
          buffer2 += "\x1B[1B";
        }
        for (let i = 0; i < extraLines; i++) {
          buffer2 += "\r\x1B[2K";
          if (i < extraLines - 1)
            buffer2 += "\x1B[1B";
        }
        if (extraLines > 0) {
          buffer2 += `\x1B[${extraLines}A`;
        }
        buffer2 += "\x1B[?2026l";
        this.terminal.write(buffer2);
        this.cursorRow = targetRow;
        this.hardwareCursorRow = targetRow;
      }
      this.positionHardwareCursor(cursorPos, newLines.length);
      this.previousLines = newLines;
      this.previousKittyImageIds = this.collectKittyImageIds(newLines);
      this.previousWidth = width;
      this.previousHeight = height;
      this.previousViewportTop = prevViewportTop;
      return;
    }
    if (firstChanged < prevViewportTop) {
      logRedraw(`firstChanged < viewportTop (${firstChanged} < ${prevViewportTop})`);
      fullRender(true);
      return;
    }
    let buffer = "\x1B[?2026h";
    buffer += this.deleteChangedKittyImages(firstChanged, lastChanged);
    const prevViewportBottom = prevViewportTop + height - 1;
    const moveTargetRow = appendStart ? firstChanged - 1 : firstChanged;
    if (moveTargetRow > prevViewportBottom) {
      const currentScreenRow = Math.max(0, Math.min(height - 1, hardwareCursorRow - prevViewportTop));
      const moveToBottom = height - 1 - currentScreenRow;
      if (moveToBottom > 0) {
        buffer += `\x1B[${moveToBottom}B`;
      }
      const scroll = moveTargetRow - prevViewportBottom;
      buffer += "\r\n".repeat(scroll);
      prevViewportTop += scroll;
      viewportTop += scroll;
      hardwareCursorRow = moveTargetRow;
    }
    const lineDiff = computeLineDiff(moveTargetRow);
    if (lineDiff > 0) {
      buffer += `\x1B[${lineDiff}B`;
    } else if (lineDiff < 0) {
      buffer += `\x1B[${-lineDiff}A`;
    }
    buffer += appendStart ? "\r\n" : "\r";
    const renderEnd = Math.min(lastChanged, newLines.length - 1);
    for (let i = firstChanged; i <= renderEnd; i++) {
      if (i > firstChanged)
        buffer += "\r\n";
      buffer += "\x1B[2K";
      const line = newLines[i];
      const isImage = isImageLine(line);
      if (!isImage && (0, import_pigo_tui_utils.visibleWidth)(line) > width) {
        const crashData = newLines.map((l, idx) => `[${idx}] (w=${(0, import_pigo_tui_utils.visibleWidth)(l)}) ${l}`).join("\n");
        this.stop();
        const errorMsg = [
          `Rendered line ${i} exceeds terminal width (${(0, import_pigo_tui_utils.visibleWidth)(line)} > ${width}).`,
          "",
          "This is likely caused by a custom TUI component not truncating its output.",
          "Use visibleWidth() to measure and truncateToWidth() to truncate lines.",
          "",
          "=== All rendered lines ===",
          crashData
        ].join("\n");
        throw new Error(errorMsg);
      }
      buffer += line;
    }
    let finalCursorRow = renderEnd;
    if (this.previousLines.length > newLines.length) {
      if (renderEnd < newLines.length - 1) {
        const moveDown = newLines.length - 1 - renderEnd;
        buffer += `\x1B[${moveDown}B`;
        finalCursorRow = newLines.length - 1;
      }
      const extraLines = this.previousLines.length - newLines.length;
      for (let i = newLines.length; i < this.previousLines.length; i++) {
        buffer += "\r\n\x1B[2K";
      }
      buffer += `\x1B[${extraLines}A`;
    }
    buffer += "\x1B[?2026l";
    this.terminal.write(buffer);
    this.cursorRow = Math.max(0, newLines.length - 1);
    this.hardwareCursorRow = finalCursorRow;
    this.maxLinesRendered = Math.max(this.maxLinesRendered, newLines.length);
    this.previousViewportTop = Math.max(prevViewportTop, finalCursorRow - height + 1);
    this.positionHardwareCursor(cursorPos, newLines.length);
    this.previousLines = newLines;
    this.previousKittyImageIds = this.collectKittyImageIds(newLines);
    this.previousWidth = width;
    this.previousHeight = height;
  }
  /**
   * Position the hardware cursor for IME candidate window.
   * @param cursorPos The cursor position extracted from rendered output, or null
   * @param totalLines Total number of rendered lines
   */
  positionHardwareCursor(cursorPos, totalLines) {
    if (!cursorPos || totalLines <= 0) {
      this.terminal.hideCursor();
      return;
    }
    const targetRow = Math.max(0, Math.min(cursorPos.row, totalLines - 1));
    const targetCol = Math.max(0, cursorPos.col);
    const rowDelta = targetRow - this.hardwareCursorRow;
    let buffer = "";
    if (rowDelta > 0) {
      buffer += `\x1B[${rowDelta}B`;
    } else if (rowDelta < 0) {
      buffer += `\x1B[${-rowDelta}A`;
    }
    buffer += `\x1B[${targetCol + 1}G`;
    if (buffer) {
      this.terminal.write(buffer);
    }
    this.hardwareCursorRow = targetRow;
    if (this.showHardwareCursor) {
      this.terminal.showCursor();
    } else {
      this.terminal.hideCursor();
    }
  }
};
__publicField(_TUI, "MIN_RENDER_INTERVAL_MS", 16);
__publicField(_TUI, "SEGMENT_RESET", "\x1B[0m\x1B]8;;\x07");
let TUI = _TUI;
// Annotate the CommonJS export names for ESM import in node:
pigo_tui_core_exports.CURSOR_MARKER = CURSOR_MARKER;
pigo_tui_core_exports.Container = Container;
pigo_tui_core_exports.KillRing = KillRing;
pigo_tui_core_exports.MouseRegion = MouseRegion;
pigo_tui_core_exports.ProcessTerminal = ProcessTerminal;
pigo_tui_core_exports.StdinBuffer = StdinBuffer;
pigo_tui_core_exports.UndoStack = UndoStack;
0 && (module.exports = {
  CURSOR_MARKER,
  Container,
  KillRing,
  MouseRegion,
  ProcessTerminal,
  StdinBuffer,
  TUI,
  UndoStack,
  allocateImageId,
  calculateImageRows,
  deleteAllKittyImages,
  deleteKittyImage,
  detectCapabilities,
  dispatchMouseEvent,
  encodeITerm2,
  encodeKitty,
  fuzzyFilter,
  fuzzyMatch,
  getCapabilities,
  getCellDimensions,
  getGifDimensions,
  getImageDimensions,
  getJpegDimensions,
  getPngDimensions,
  getWebpDimensions,
  hyperlink,
  imageFallback,
  isFocusable,
  isImageLine,
  renderImage,
  resetCapabilitiesCache,
  retargetMouseEvent,
  setCapabilities,
  setCellDimensions,
  wantsMouse
});

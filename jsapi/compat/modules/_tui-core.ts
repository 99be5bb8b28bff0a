// pigo:tui-core — pi-tui's TUI, Container, terminal-image, fuzzy matching,
// kill ring, undo stack and StdinBuffer (dist/tui.js, terminal-image.js,
// fuzzy.js, kill-ring.js, undo-stack.js, stdin-buffer.js of
// @mariozechner/pi-tui 0.73.1, MIT), ported with these changes for a plugin
// runtime that does not own the terminal:
//   - ProcessTerminal is headless (see its doc); TUI() without a terminal
//     gets one, so `new TUI()` works for tests and offscreen rendering;
//   - no debug/crash log files; process.nextTick → queueMicrotask,
//     performance.now → Date.now when missing, Buffer → local byte helpers;
//   - getCapabilities() reports images: null unless setCapabilities() says
//     otherwise (pigo's TUI decides whether inline images are drawn).
import { isKeyRelease, matchesKey, processEnv, setKittyProtocolActive } from "pigo:tui-keys";
import { extractSegments, normalizeTerminalOutput, sliceByColumn, sliceWithWidth, visibleWidth } from "pigo:tui-utils";

function nextTick(fn) {
    if (typeof queueMicrotask === "function") queueMicrotask(fn);
    else Promise.resolve().then(fn);
}

function nowMs() {
    const perf = (globalThis as any).performance;
    return perf && typeof perf.now === "function" ? perf.now() : Date.now();
}

/** The slice of Node's EventEmitter StdinBuffer relies on. */
class MiniEmitter {
    _listeners = new Map();
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
        if (event === undefined) this._listeners.clear();
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

/** Decodes standard or URL-safe base64 (padding optional, junk skipped). */
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
        acc = (acc << 6) | v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push((acc >> bits) & 0xff);
        }
    }
    return new Uint8Array(out);
}

function base64Encode(bytes) {
    let out = "";
    for (let i = 0; i < bytes.length; i += 3) {
        const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
        out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63];
        out += i + 1 < bytes.length ? B64[(n >> 6) & 63] : "=";
        out += i + 2 < bytes.length ? B64[n & 63] : "=";
    }
    return out;
}

class TextEncoderLite {
    encode(str) {
        const out = [];
        for (const ch of str) {
            const cp = ch.codePointAt(0);
            if (cp < 0x80) out.push(cp);
            else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
            else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
            else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
        }
        return new Uint8Array(out);
    }
}

function utf8Decode(bytes) {
    const TD = (globalThis as any).TextDecoder;
    if (typeof TD === "function") return new TD().decode(bytes);
    let s = "";
    for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return s;
}

/** The part of Buffer the image-dimension readers use. */
class ByteReader {
    b;
    constructor(base64Data) {
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
        return (this.b[o] << 8) | this.b[o + 1];
    }
    readUInt16LE(o) {
        this.check(o, 2);
        return this.b[o] | (this.b[o + 1] << 8);
    }
    readUInt32BE(o) {
        this.check(o, 4);
        return ((this.b[o] << 24) >>> 0) + ((this.b[o + 1] << 16) | (this.b[o + 2] << 8) | this.b[o + 3]);
    }
    readUInt32LE(o) {
        this.check(o, 4);
        return ((this.b[o + 3] << 24) >>> 0) + ((this.b[o + 2] << 16) | (this.b[o + 1] << 8) | this.b[o]);
    }
    check(o, n) {
        if (o < 0 || o + n > this.b.length) throw new RangeError("out of range");
    }
}

let cachedCapabilities: { images: "kitty" | "iterm2" | null; trueColor: boolean; hyperlinks: boolean } | null = null;
// Default cell dimensions - updated by TUI when terminal responds to query
let cellDimensions = { widthPx: 9, heightPx: 18 };
export function getCellDimensions() {
    return cellDimensions;
}
export function setCellDimensions(dims) {
    cellDimensions = dims;
}
export function detectCapabilities() {
    const env = processEnv();
    const termProgram = env.TERM_PROGRAM?.toLowerCase() || "";
    const term = env.TERM?.toLowerCase() || "";
    const colorTerm = env.COLORTERM?.toLowerCase() || "";
    // tmux and screen swallow OSC 8 by default (passthrough is opt-in and wraps
    // sequences differently). Force hyperlinks off whenever we detect them, even
    // when the outer terminal would otherwise support OSC 8. Image protocols are
    // also unreliable under tmux/screen, so leave `images: null` for safety.
    const inTmuxOrScreen = !!env.TMUX || term.startsWith("tmux") || term.startsWith("screen");
    if (inTmuxOrScreen) {
        const trueColor = colorTerm === "truecolor" || colorTerm === "24bit";
        return { images: null, trueColor, hyperlinks: false };
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
    // Unknown terminal: be conservative. OSC 8 is rendered invisibly as "just
    // text" on terminals that swallow it, which means the URL disappears from
    // the rendered output. Default to the legacy `text (url)` behavior unless we
    // have positively identified a hyperlink-capable terminal above.
    const trueColor = colorTerm === "truecolor" || colorTerm === "24bit";
    return { images: null, trueColor, hyperlinks: false };
}
export function getCapabilities() {
    if (!cachedCapabilities) {
        // pigo: the host owns the terminal, so inline images stay off (Image
        // renders its text fallback) until something calls setCapabilities().
        cachedCapabilities = { ...detectCapabilities(), images: null };
    }
    return cachedCapabilities;
}
export function resetCapabilitiesCache() {
    cachedCapabilities = null;
}
/** Override the cached capabilities. Useful in tests to exercise both code paths. */
export function setCapabilities(caps) {
    cachedCapabilities = caps;
}
const KITTY_PREFIX = "\x1b_G";
const ITERM2_PREFIX = "\x1b]1337;File=";
export function isImageLine(line) {
    // Fast path: sequence at line start (single-row images)
    if (line.startsWith(KITTY_PREFIX) || line.startsWith(ITERM2_PREFIX)) {
        return true;
    }
    // Slow path: sequence elsewhere (multi-row images have cursor-up prefix)
    return line.includes(KITTY_PREFIX) || line.includes(ITERM2_PREFIX);
}
/**
 * Generate a random image ID for Kitty graphics protocol.
 * Uses random IDs to avoid collisions between different module instances
 * (e.g., main app vs extensions).
 */
export function allocateImageId() {
    // Use random ID in range [1, 0xffffffff] to avoid collisions
    return Math.floor(Math.random() * 0xfffffffe) + 1;
}
export function encodeKitty(base64Data, options: { moveCursor?: boolean; columns?: number; rows?: number; imageId?: number } = {}) {
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
        return `\x1b_G${params.join(",")};${base64Data}\x1b\\`;
    }
    const chunks = [];
    let offset = 0;
    let isFirst = true;
    while (offset < base64Data.length) {
        const chunk = base64Data.slice(offset, offset + CHUNK_SIZE);
        const isLast = offset + CHUNK_SIZE >= base64Data.length;
        if (isFirst) {
            chunks.push(`\x1b_G${params.join(",")},m=1;${chunk}\x1b\\`);
            isFirst = false;
        }
        else if (isLast) {
            chunks.push(`\x1b_Gm=0;${chunk}\x1b\\`);
        }
        else {
            chunks.push(`\x1b_Gm=1;${chunk}\x1b\\`);
        }
        offset += CHUNK_SIZE;
    }
    return chunks.join("");
}
/**
 * Delete a Kitty graphics image by ID.
 * Uses uppercase 'I' to also free the image data.
 */
export function deleteKittyImage(imageId) {
    return `\x1b_Ga=d,d=I,i=${imageId},q=2\x1b\\`;
}
/**
 * Delete all visible Kitty graphics images.
 * Uses uppercase 'A' to also free the image data.
 */
export function deleteAllKittyImages() {
    return "\x1b_Ga=d,d=A,q=2\x1b\\";
}
export function encodeITerm2(base64Data, options: { inline?: boolean; width?: number | string; height?: number | string; name?: string; preserveAspectRatio?: boolean } = {}) {
    const params = [`inline=${options.inline !== false ? 1 : 0}`];
    if (options.width !== undefined)
        params.push(`width=${options.width}`);
    if (options.height !== undefined)
        params.push(`height=${options.height}`);
    if (options.name) {
        const nameBase64 = base64Encode(new TextEncoderLite().encode(options.name));
        params.push(`name=${nameBase64}`);
    }
    if (options.preserveAspectRatio === false) {
        params.push("preserveAspectRatio=0");
    }
    return `\x1b]1337;File=${params.join(";")}:${base64Data}\x07`;
}
export function calculateImageRows(imageDimensions, targetWidthCells, cellDimensions = { widthPx: 9, heightPx: 18 }) {
    const targetWidthPx = targetWidthCells * cellDimensions.widthPx;
    const scale = targetWidthPx / imageDimensions.widthPx;
    const scaledHeightPx = imageDimensions.heightPx * scale;
    const rows = Math.ceil(scaledHeightPx / cellDimensions.heightPx);
    return Math.max(1, rows);
}
export function getPngDimensions(base64Data) {
    try {
        const buffer = new ByteReader(base64Data);
        if (buffer.length < 24) {
            return null;
        }
        if (buffer.b[0] !== 0x89 || buffer.b[1] !== 0x50 || buffer.b[2] !== 0x4e || buffer.b[3] !== 0x47) {
            return null;
        }
        const width = buffer.readUInt32BE(16);
        const height = buffer.readUInt32BE(20);
        return { widthPx: width, heightPx: height };
    }
    catch {
        return null;
    }
}
export function getJpegDimensions(base64Data) {
    try {
        const buffer = new ByteReader(base64Data);
        if (buffer.length < 2) {
            return null;
        }
        if (buffer.b[0] !== 0xff || buffer.b[1] !== 0xd8) {
            return null;
        }
        let offset = 2;
        while (offset < buffer.length - 9) {
            if (buffer.b[offset] !== 0xff) {
                offset++;
                continue;
            }
            const marker = buffer.b[offset + 1];
            if (marker >= 0xc0 && marker <= 0xc2) {
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
    }
    catch {
        return null;
    }
}
export function getGifDimensions(base64Data) {
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
    }
    catch {
        return null;
    }
}
export function getWebpDimensions(base64Data) {
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
            const width = buffer.readUInt16LE(26) & 0x3fff;
            const height = buffer.readUInt16LE(28) & 0x3fff;
            return { widthPx: width, heightPx: height };
        }
        else if (chunk === "VP8L") {
            if (buffer.length < 25)
                return null;
            const bits = buffer.readUInt32LE(21);
            const width = (bits & 0x3fff) + 1;
            const height = ((bits >> 14) & 0x3fff) + 1;
            return { widthPx: width, heightPx: height };
        }
        else if (chunk === "VP8X") {
            if (buffer.length < 30)
                return null;
            const width = (buffer.b[24] | (buffer.b[25] << 8) | (buffer.b[26] << 16)) + 1;
            const height = (buffer.b[27] | (buffer.b[28] << 8) | (buffer.b[29] << 16)) + 1;
            return { widthPx: width, heightPx: height };
        }
        return null;
    }
    catch {
        return null;
    }
}
export function getImageDimensions(base64Data, mimeType) {
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
export function renderImage(base64Data, imageDimensions, options: { maxWidthCells?: number; maxHeightCells?: number; imageId?: number; moveCursor?: boolean; preserveAspectRatio?: boolean } = {}) {
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
            moveCursor: options.moveCursor,
        });
        return { sequence, rows, imageId: options.imageId };
    }
    if (caps.images === "iterm2") {
        const sequence = encodeITerm2(base64Data, {
            width: maxWidth,
            height: "auto",
            preserveAspectRatio: options.preserveAspectRatio ?? true,
        });
        return { sequence, rows };
    }
    return null;
}
/**
 * Wrap text in an OSC 8 hyperlink sequence.
 * The text is rendered as a clickable hyperlink in terminals that support OSC 8
 * (Ghostty, Kitty, WezTerm, iTerm2, VSCode, and others).
 * In terminals that do not support OSC 8, the escape sequences are ignored
 * and only the plain text is displayed.
 *
 * @param text - The visible text to display
 * @param url - The URL to link to
 */
export function hyperlink(text, url) {
    return `\x1b]8;;${url}\x1b\\${text}\x1b]8;;\x1b\\`;
}
export function imageFallback(mimeType, dimensions, filename?) {
    const parts = [];
    if (filename)
        parts.push(filename);
    parts.push(`[${mimeType}]`);
    if (dimensions)
        parts.push(`${dimensions.widthPx}x${dimensions.heightPx}`);
    return `[Image: ${parts.join(" ")}]`;
}

/**
 * Ring buffer for Emacs-style kill/yank operations.
 *
 * Tracks killed (deleted) text entries. Consecutive kills can accumulate
 * into a single entry. Supports yank (paste most recent) and yank-pop
 * (cycle through older entries).
 */
export class KillRing {
    ring = [];
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
        }
        else {
            this.ring.push(text);
        }
    }
    /** Get most recent entry without modifying the ring. */
    peek() {
        return this.ring.length > 0 ? this.ring[this.ring.length - 1] : undefined;
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

/**
 * Generic undo stack with clone-on-push semantics.
 *
 * Stores deep clones of state snapshots. Popped snapshots are returned
 * directly (no re-cloning) since they are already detached.
 */
export class UndoStack {
    stack = [];
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

/**
 * Fuzzy matching utilities.
 * Matches if all query characters appear in order (not necessarily consecutive).
 * Lower score = better match.
 */
export function fuzzyMatch(query, text) {
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
                // Reward consecutive matches
                if (lastMatchIndex === i - 1) {
                    consecutiveMatches++;
                    score -= consecutiveMatches * 5;
                }
                else {
                    consecutiveMatches = 0;
                    // Penalize gaps
                    if (lastMatchIndex >= 0) {
                        score += (i - lastMatchIndex - 1) * 2;
                    }
                }
                // Reward word boundary matches
                if (isWordBoundary) {
                    score -= 10;
                }
                // Slight penalty for later matches
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
    const swappedQuery = alphaNumericMatch
        ? `${alphaNumericMatch.groups?.digits ?? ""}${alphaNumericMatch.groups?.letters ?? ""}`
        : numericAlphaMatch
            ? `${numericAlphaMatch.groups?.letters ?? ""}${numericAlphaMatch.groups?.digits ?? ""}`
            : "";
    if (!swappedQuery) {
        return primaryMatch;
    }
    const swappedMatch = matchQuery(swappedQuery);
    if (!swappedMatch.matches) {
        return primaryMatch;
    }
    return { matches: true, score: swappedMatch.score + 5 };
}
/**
 * Filter and sort items by fuzzy match quality (best matches first).
 * Supports space-separated tokens: all tokens must match.
 */
export function fuzzyFilter(items, query, getText) {
    if (!query.trim()) {
        return items;
    }
    const tokens = query
        .trim()
        .split(/\s+/)
        .filter((t) => t.length > 0);
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
            }
            else {
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

/**
 * StdinBuffer buffers input and emits complete sequences.
 *
 * This is necessary because stdin data events can arrive in partial chunks,
 * especially for escape sequences like mouse events. Without buffering,
 * partial sequences can be misinterpreted as regular keypresses.
 *
 * For example, the mouse SGR sequence `\x1b[<35;20;5m` might arrive as:
 * - Event 1: `\x1b`
 * - Event 2: `[<35`
 * - Event 3: `;20;5m`
 *
 * The buffer accumulates these until a complete sequence is detected.
 * Call the `process()` method to feed input data.
 *
 * Based on code from OpenTUI (https://github.com/anomalyco/opentui)
 * MIT License - Copyright (c) 2025 opentui
 */
const ESC = "\x1b";
const BRACKETED_PASTE_START = "\x1b[200~";
const BRACKETED_PASTE_END = "\x1b[201~";
/**
 * Check if a string is a complete escape sequence or needs more data
 */
function isCompleteSequence(data) {
    if (!data.startsWith(ESC)) {
        return "not-escape";
    }
    if (data.length === 1) {
        return "incomplete";
    }
    const afterEsc = data.slice(1);
    // CSI sequences: ESC [
    if (afterEsc.startsWith("[")) {
        // Check for old-style mouse sequence: ESC[M + 3 bytes
        if (afterEsc.startsWith("[M")) {
            // Old-style mouse needs ESC[M + 3 bytes = 6 total
            return data.length >= 6 ? "complete" : "incomplete";
        }
        return isCompleteCsiSequence(data);
    }
    // OSC sequences: ESC ]
    if (afterEsc.startsWith("]")) {
        return isCompleteOscSequence(data);
    }
    // DCS sequences: ESC P ... ESC \ (includes XTVersion responses)
    if (afterEsc.startsWith("P")) {
        return isCompleteDcsSequence(data);
    }
    // APC sequences: ESC _ ... ESC \ (includes Kitty graphics responses)
    if (afterEsc.startsWith("_")) {
        return isCompleteApcSequence(data);
    }
    // SS3 sequences: ESC O
    if (afterEsc.startsWith("O")) {
        // ESC O followed by a single character
        return afterEsc.length >= 2 ? "complete" : "incomplete";
    }
    // Meta key sequences: ESC followed by a single character
    if (afterEsc.length === 1) {
        return "complete";
    }
    // Unknown escape sequence - treat as complete
    return "complete";
}
/**
 * Check if CSI sequence is complete
 * CSI sequences: ESC [ ... followed by a final byte (0x40-0x7E)
 */
function isCompleteCsiSequence(data) {
    if (!data.startsWith(`${ESC}[`)) {
        return "complete";
    }
    // Need at least ESC [ and one more character
    if (data.length < 3) {
        return "incomplete";
    }
    const payload = data.slice(2);
    // CSI sequences end with a byte in the range 0x40-0x7E (@-~)
    // This includes all letters and several special characters
    const lastChar = payload[payload.length - 1];
    const lastCharCode = lastChar.charCodeAt(0);
    if (lastCharCode >= 0x40 && lastCharCode <= 0x7e) {
        // Special handling for SGR mouse sequences
        // Format: ESC[<B;X;Ym or ESC[<B;X;YM
        if (payload.startsWith("<")) {
            // Must have format: <digits;digits;digits[Mm]
            const mouseMatch = /^<\d+;\d+;\d+[Mm]$/.test(payload);
            if (mouseMatch) {
                return "complete";
            }
            // If it ends with M or m but doesn't match the pattern, still incomplete
            if (lastChar === "M" || lastChar === "m") {
                // Check if we have the right structure
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
/**
 * Check if OSC sequence is complete
 * OSC sequences: ESC ] ... ST (where ST is ESC \ or BEL)
 */
function isCompleteOscSequence(data) {
    if (!data.startsWith(`${ESC}]`)) {
        return "complete";
    }
    // OSC sequences end with ST (ESC \) or BEL (\x07)
    if (data.endsWith(`${ESC}\\`) || data.endsWith("\x07")) {
        return "complete";
    }
    return "incomplete";
}
/**
 * Check if DCS (Device Control String) sequence is complete
 * DCS sequences: ESC P ... ST (where ST is ESC \)
 * Used for XTVersion responses like ESC P >| ... ESC \
 */
function isCompleteDcsSequence(data) {
    if (!data.startsWith(`${ESC}P`)) {
        return "complete";
    }
    // DCS sequences end with ST (ESC \)
    if (data.endsWith(`${ESC}\\`)) {
        return "complete";
    }
    return "incomplete";
}
/**
 * Check if APC (Application Program Command) sequence is complete
 * APC sequences: ESC _ ... ST (where ST is ESC \)
 * Used for Kitty graphics responses like ESC _ G ... ESC \
 */
function isCompleteApcSequence(data) {
    if (!data.startsWith(`${ESC}_`)) {
        return "complete";
    }
    // APC sequences end with ST (ESC \)
    if (data.endsWith(`${ESC}\\`)) {
        return "complete";
    }
    return "incomplete";
}
/**
 * Split accumulated buffer into complete sequences
 */
function parseUnmodifiedKittyPrintableCodepoint(sequence) {
    const match = sequence.match(/^\x1b\[(\d+)(?::\d*)?(?::\d+)?u$/);
    if (!match)
        return undefined;
    const codepoint = parseInt(match[1], 10);
    return codepoint >= 32 ? codepoint : undefined;
}
function extractCompleteSequences(buffer) {
    const sequences = [];
    let pos = 0;
    while (pos < buffer.length) {
        const remaining = buffer.slice(pos);
        // Try to extract a sequence starting at this position
        if (remaining.startsWith(ESC)) {
            // Find the end of this escape sequence
            let seqEnd = 1;
            while (seqEnd <= remaining.length) {
                const candidate = remaining.slice(0, seqEnd);
                const status = isCompleteSequence(candidate);
                if (status === "complete") {
                    sequences.push(candidate);
                    pos += seqEnd;
                    break;
                }
                else if (status === "incomplete") {
                    seqEnd++;
                }
                else {
                    // Should not happen when starting with ESC
                    sequences.push(candidate);
                    pos += seqEnd;
                    break;
                }
            }
            if (seqEnd > remaining.length) {
                return { sequences, remainder: remaining };
            }
        }
        else {
            // Not an escape sequence - take a single character
            sequences.push(remaining[0]);
            pos++;
        }
    }
    return { sequences, remainder: "" };
}
/**
 * Buffers stdin input and emits complete sequences via the 'data' event.
 * Handles partial escape sequences that arrive across multiple chunks.
 */
export class StdinBuffer extends MiniEmitter {
    buffer = "";
    timeout = null;
    timeoutMs;
    pasteMode = false;
    pasteBuffer = "";
    pendingKittyPrintableCodepoint;
    constructor(options: { timeout?: number } = {}) {
        super();
        this.timeoutMs = options.timeout ?? 10;
    }
    process(data) {
        // Clear any pending timeout
        if (this.timeout) {
            clearTimeout(this.timeout);
            this.timeout = null;
        }
        // Handle high-byte conversion (for compatibility with parseKeypress)
        // If buffer has single byte > 127, convert to ESC + (byte - 128)
        let str;
        if (typeof data !== "string" && data && typeof data.length === "number") {
            if (data.length === 1 && data[0] > 127) {
                const byte = data[0] - 128;
                str = `\x1b${String.fromCharCode(byte)}`;
            }
            else {
                str = utf8Decode(data);
            }
        }
        else {
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
                this.pendingKittyPrintableCodepoint = undefined;
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
                const result = extractCompleteSequences(beforePaste);
                for (const sequence of result.sequences) {
                    this.emitDataSequence(sequence);
                }
            }
            this.pendingKittyPrintableCodepoint = undefined;
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
                this.pendingKittyPrintableCodepoint = undefined;
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
        const rawCodepoint = sequence.length === 1 ? sequence.codePointAt(0) : undefined;
        if (rawCodepoint !== undefined && rawCodepoint === this.pendingKittyPrintableCodepoint) {
            this.pendingKittyPrintableCodepoint = undefined;
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
        this.pendingKittyPrintableCodepoint = undefined;
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
        this.pendingKittyPrintableCodepoint = undefined;
    }
    getBuffer() {
        return this.buffer;
    }
    destroy() {
        this.clear();
    }
}

/**
 * ProcessTerminal — pi-tui's real terminal (raw stdin, stdout) has no place
 * inside a pigo plugin: pigo's host owns the terminal. This stand-in keeps
 * the Terminal interface so code constructing one keeps working, and never
 * touches process.stdin/stdout: writes go to the optional `onWrite` hook
 * (else they are dropped), input arrives through `feedInput(data)` (split
 * into sequences by a StdinBuffer, as the real one does), and the size is
 * `setSize(columns, rows)`, else $COLUMNS/$LINES, else 80x24.
 */
export class ProcessTerminal {
    inputHandler;
    resizeHandler;
    _kittyProtocolActive = false;
    stdinBuffer;
    progressActive = false;
    started = false;
    title = "";
    cursorVisible = true;
    /** Receives everything written to the terminal (pigo hook). */
    onWrite;
    _columns;
    _rows;
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
            this.inputHandler?.(`\x1b[200~${content}\x1b[201~`);
        });
    }
    /** Feeds raw terminal input, as stdin data would arrive (pigo). */
    feedInput(data) {
        if (this.stdinBuffer) {
            this.stdinBuffer.process(data);
        }
        else {
            this.inputHandler?.(data);
        }
    }
    /** Sets the terminal size and notifies the resize handler (pigo). */
    setSize(columns, rows) {
        this._columns = columns;
        this._rows = rows;
        this.resizeHandler?.();
    }
    async drainInput(_maxMs = 1000, _idleMs = 50) {
        if (this._kittyProtocolActive) {
            this._kittyProtocolActive = false;
            setKittyProtocolActive(false);
        }
    }
    stop() {
        this.progressActive = false;
        if (this._kittyProtocolActive) {
            this._kittyProtocolActive = false;
            setKittyProtocolActive(false);
        }
        if (this.stdinBuffer) {
            this.stdinBuffer.destroy();
            this.stdinBuffer = undefined;
        }
        this.inputHandler = undefined;
        this.resizeHandler = undefined;
        this.started = false;
    }
    write(data) {
        this.onWrite?.(data);
    }
    get columns() {
        return this._columns || Number(processEnv().COLUMNS) || 80;
    }
    get rows() {
        return this._rows || Number(processEnv().LINES) || 24;
    }
    moveBy(lines) {
        if (lines > 0) {
            this.write(`\x1b[${lines}B`);
        }
        else if (lines < 0) {
            this.write(`\x1b[${-lines}A`);
        }
    }
    hideCursor() {
        this.cursorVisible = false;
        this.write("\x1b[?25l");
    }
    showCursor() {
        this.cursorVisible = true;
        this.write("\x1b[?25h");
    }
    clearLine() {
        this.write("\x1b[K");
    }
    clearFromCursor() {
        this.write("\x1b[J");
    }
    clearScreen() {
        this.write("\x1b[2J\x1b[H");
    }
    setTitle(title) {
        this.title = title;
        this.write(`\x1b]0;${title}\x07`);
    }
    setProgress(active) {
        this.progressActive = active;
        this.write(active ? "\x1b]9;4;3\x07" : "\x1b]9;4;0;\x07");
    }
}
/**
 * Minimal TUI implementation with differential rendering
 */
const KITTY_SEQUENCE_PREFIX = "\x1b_G";
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
        if (key !== "i" || value === undefined)
            continue;
        const id = Number(value);
        if (Number.isInteger(id) && id > 0 && id <= 0xffffffff) {
            return [id];
        }
    }
    return [];
}
/** Type guard to check if a component implements Focusable */
export function isFocusable(component) {
    return component !== null && "focused" in component;
}
/**
 * Cursor position marker - APC (Application Program Command) sequence.
 * This is a zero-width escape sequence that terminals ignore.
 * Components emit this at the cursor position when focused.
 * TUI finds and strips this marker, then positions the hardware cursor there.
 */
export const CURSOR_MARKER = "\x1b_pi:c\x07";
/** Parse a SizeValue into absolute value given a reference size */
function parseSizeValue(value, referenceSize) {
    if (value === undefined)
        return undefined;
    if (typeof value === "number")
        return value;
    // Parse percentage string like "50%"
    const match = value.match(/^(\d+(?:\.\d+)?)%$/);
    if (match) {
        return Math.floor((referenceSize * parseFloat(match[1])) / 100);
    }
    return undefined;
}
function isTermuxSession() {
    return Boolean(processEnv().TERMUX_VERSION);
}
// Mouse input (pi-tui 1.6's TuiMouseEvent contract): a component's
// handleMouse answers { handled, capture, focus, render } or nothing;
// dispatchMouseEvent normalizes the answer and names the component that
// took the event, with the origin of its coordinates, so the events of
// the gesture that follow can be sent to it (retargetMouseEvent).
export function dispatchMouseEvent(component, event) {
    const result = component.handleMouse?.(event);
    if (!result)
        return undefined;
    if ("target" in result)
        return result.focus && component.handleInput ? { ...result, focusTarget: component } : result;
    if (!result.handled && !result.capture && !result.focus)
        return undefined;
    return {
        ...result,
        handled: true,
        ...(result.focus ? { focusTarget: component } : {}),
        target: { component, originX: event.screenX - event.x, originY: event.screenY - event.y, width: event.width, height: event.height },
    };
}
export function retargetMouseEvent(event, target) {
    return { ...event, x: event.screenX - target.originX, y: event.screenY - target.originY, width: target.width, height: target.height };
}
/** MouseRegion adds mouse handling to a component without changing how it renders. */
export class MouseRegion {
    child;
    onMouse;
    constructor(child, onMouse) {
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
/** wantsMouse reports whether a component, or a child of a container, handles the mouse. */
export function wantsMouse(component, depth = 0) {
    if (!component || depth > 32 || typeof component.handleMouse !== "function")
        return false;
    if (component.handleMouse !== Container.prototype.handleMouse)
        return true;
    return (component.children ?? []).some((c) => wantsMouse(c, depth + 1));
}
/**
 * Container - a component that contains other components
 */
export class Container {
    children = [];
    // handleMouse gives an event to the child drawn on its row.
    handleMouse(event) {
        let top = 0;
        for (const child of this.children) {
            const height = child.render(event.width).length;
            if (event.y >= top && event.y < top + height)
                return dispatchMouseEvent(child, { ...event, y: event.y - top, height });
            top += height;
        }
        return undefined;
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
/**
 * TUI - Main class for managing terminal UI with differential rendering
 */
export class TUI extends Container {
    terminal;
    previousLines = [];
    previousKittyImageIds = new Set();
    previousWidth = 0;
    previousHeight = 0;
    focusedComponent = null;
    inputListeners = new Set<(data: string) => any>();
    /** Global callback for debug key (Shift+Ctrl+D). Called before input is forwarded to focused component. */
    onDebug;
    renderRequested = false;
    renderTimer;
    lastRenderAt = 0;
    static MIN_RENDER_INTERVAL_MS = 16;
    cursorRow = 0; // Logical cursor row (end of rendered content)
    hardwareCursorRow = 0; // Actual terminal cursor row (may differ due to IME positioning)
    showHardwareCursor = processEnv().PI_HARDWARE_CURSOR === "1";
    clearOnShrink = processEnv().PI_CLEAR_ON_SHRINK === "1"; // Clear empty rows when content shrinks (default: off)
    maxLinesRendered = 0; // Track terminal's working area (max lines ever rendered)
    previousViewportTop = 0; // Track previous viewport top for resize-aware cursor moves
    fullRedrawCount = 0;
    stopped = false;
    // Overlay stack for modal components rendered on top of base content
    focusOrderCounter = 0;
    overlayStack = [];
    constructor(terminal, showHardwareCursor) {
        super();
        this.terminal = terminal ?? new ProcessTerminal();
        if (showHardwareCursor !== undefined) {
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
        // Clear focused flag on old component
        if (isFocusable(this.focusedComponent)) {
            this.focusedComponent.focused = false;
        }
        this.focusedComponent = component;
        // Set focused flag on new component
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
            focusOrder: ++this.focusOrderCounter,
        };
        this.overlayStack.push(entry);
        // Only focus if overlay is actually visible
        if (!options?.nonCapturing && this.isOverlayVisible(entry)) {
            this.setFocus(component);
        }
        this.terminal.hideCursor();
        this.requestRender();
        // Return handle for controlling this overlay
        return {
            hide: () => {
                const index = this.overlayStack.indexOf(entry);
                if (index !== -1) {
                    this.overlayStack.splice(index, 1);
                    // Restore focus if this overlay had focus
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
                // Update focus when hiding/showing
                if (hidden) {
                    // If this overlay had focus, move focus to next visible or preFocus
                    if (this.focusedComponent === component) {
                        const topVisible = this.getTopmostVisibleOverlay();
                        this.setFocus(topVisible?.component ?? entry.preFocus);
                    }
                }
                else {
                    // Restore focus to this overlay when showing (if it's actually visible)
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
            isFocused: () => this.focusedComponent === component,
        };
    }
    /** Hide the topmost overlay and restore previous focus. */
    hideOverlay() {
        const overlay = this.overlayStack.pop();
        if (!overlay)
            return;
        if (this.focusedComponent === overlay.component) {
            // Find topmost visible overlay, or fall back to preFocus
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
        return undefined;
    }
    override invalidate() {
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
        // Only query if terminal supports images (cell size is only used for image rendering)
        if (!getCapabilities().images) {
            return;
        }
        // Query terminal for cell size in pixels: CSI 16 t
        // Response format: CSI 6 ; height ; width t
        this.terminal.write("\x1b[16t");
    }
    stop() {
        this.stopped = true;
        if (this.renderTimer) {
            clearTimeout(this.renderTimer);
            this.renderTimer = undefined;
        }
        // Move cursor to the end of the content to prevent overwriting/artifacts on exit
        if (this.previousLines.length > 0) {
            const targetRow = this.previousLines.length; // Line after the last content
            const lineDiff = targetRow - this.hardwareCursorRow;
            if (lineDiff > 0) {
                this.terminal.write(`\x1b[${lineDiff}B`);
            }
            else if (lineDiff < 0) {
                this.terminal.write(`\x1b[${-lineDiff}A`);
            }
            this.terminal.write("\r\n");
        }
        this.terminal.showCursor();
        this.terminal.stop();
    }
    requestRender(force = false) {
        if (force) {
            this.previousLines = [];
            this.previousWidth = -1; // -1 triggers widthChanged, forcing a full clear
            this.previousHeight = -1; // -1 triggers heightChanged, forcing a full clear
            this.cursorRow = 0;
            this.hardwareCursorRow = 0;
            this.maxLinesRendered = 0;
            this.previousViewportTop = 0;
            if (this.renderTimer) {
                clearTimeout(this.renderTimer);
                this.renderTimer = undefined;
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
        const delay = Math.max(0, TUI.MIN_RENDER_INTERVAL_MS - elapsed);
        this.renderTimer = setTimeout(() => {
            this.renderTimer = undefined;
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
                if (result?.data !== undefined) {
                    current = result.data;
                }
            }
            if (current.length === 0) {
                return;
            }
            data = current;
        }
        // Consume terminal cell size responses without blocking unrelated input.
        if (this.consumeCellSizeResponse(data)) {
            return;
        }
        // Global debug key handler (Shift+Ctrl+D)
        if (matchesKey(data, "shift+ctrl+d") && this.onDebug) {
            this.onDebug();
            return;
        }
        // If focused component is an overlay, verify it's still visible
        // (visibility can change due to terminal resize or visible() callback)
        const focusedOverlay = this.overlayStack.find((o) => o.component === this.focusedComponent);
        if (focusedOverlay && !this.isOverlayVisible(focusedOverlay)) {
            // Focused overlay is no longer visible, redirect to topmost visible overlay
            const topVisible = this.getTopmostVisibleOverlay();
            if (topVisible) {
                this.setFocus(topVisible.component);
            }
            else {
                // No visible overlays, restore to preFocus
                this.setFocus(focusedOverlay.preFocus);
            }
        }
        // Pass input to focused component (including Ctrl+C)
        // The focused component can decide how to handle Ctrl+C
        if (this.focusedComponent?.handleInput) {
            // Filter out key release events unless component opts in
            if (isKeyRelease(data) && !this.focusedComponent.wantsKeyRelease) {
                return;
            }
            this.focusedComponent.handleInput(data);
            this.requestRender();
        }
    }
    consumeCellSizeResponse(data) {
        // Response format: ESC [ 6 ; height ; width t
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
        // Invalidate all components so images re-render with correct dimensions.
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
        // Parse margin (clamp to non-negative)
        const margin = typeof opt.margin === "number"
            ? { top: opt.margin, right: opt.margin, bottom: opt.margin, left: opt.margin }
            : (opt.margin ?? {});
        const marginTop = Math.max(0, margin.top ?? 0);
        const marginRight = Math.max(0, margin.right ?? 0);
        const marginBottom = Math.max(0, margin.bottom ?? 0);
        const marginLeft = Math.max(0, margin.left ?? 0);
        // Available space after margins
        const availWidth = Math.max(1, termWidth - marginLeft - marginRight);
        const availHeight = Math.max(1, termHeight - marginTop - marginBottom);
        // === Resolve width ===
        let width = parseSizeValue(opt.width, termWidth) ?? Math.min(80, availWidth);
        // Apply minWidth
        if (opt.minWidth !== undefined) {
            width = Math.max(width, opt.minWidth);
        }
        // Clamp to available space
        width = Math.max(1, Math.min(width, availWidth));
        // === Resolve maxHeight ===
        let maxHeight = parseSizeValue(opt.maxHeight, termHeight);
        // Clamp to available space
        if (maxHeight !== undefined) {
            maxHeight = Math.max(1, Math.min(maxHeight, availHeight));
        }
        // Effective overlay height (may be clamped by maxHeight)
        const effectiveHeight = maxHeight !== undefined ? Math.min(overlayHeight, maxHeight) : overlayHeight;
        // === Resolve position ===
        let row;
        let col;
        if (opt.row !== undefined) {
            if (typeof opt.row === "string") {
                // Percentage: 0% = top, 100% = bottom (overlay stays within bounds)
                const match = opt.row.match(/^(\d+(?:\.\d+)?)%$/);
                if (match) {
                    const maxRow = Math.max(0, availHeight - effectiveHeight);
                    const percent = parseFloat(match[1]) / 100;
                    row = marginTop + Math.floor(maxRow * percent);
                }
                else {
                    // Invalid format, fall back to center
                    row = this.resolveAnchorRow("center", effectiveHeight, availHeight, marginTop);
                }
            }
            else {
                // Absolute row position
                row = opt.row;
            }
        }
        else {
            // Anchor-based (default: center)
            const anchor = opt.anchor ?? "center";
            row = this.resolveAnchorRow(anchor, effectiveHeight, availHeight, marginTop);
        }
        if (opt.col !== undefined) {
            if (typeof opt.col === "string") {
                // Percentage: 0% = left, 100% = right (overlay stays within bounds)
                const match = opt.col.match(/^(\d+(?:\.\d+)?)%$/);
                if (match) {
                    const maxCol = Math.max(0, availWidth - width);
                    const percent = parseFloat(match[1]) / 100;
                    col = marginLeft + Math.floor(maxCol * percent);
                }
                else {
                    // Invalid format, fall back to center
                    col = this.resolveAnchorCol("center", width, availWidth, marginLeft);
                }
            }
            else {
                // Absolute column position
                col = opt.col;
            }
        }
        else {
            // Anchor-based (default: center)
            const anchor = opt.anchor ?? "center";
            col = this.resolveAnchorCol(anchor, width, availWidth, marginLeft);
        }
        // Apply offsets
        if (opt.offsetY !== undefined)
            row += opt.offsetY;
        if (opt.offsetX !== undefined)
            col += opt.offsetX;
        // Clamp to terminal bounds (respecting margins)
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
        // Pre-render all visible overlays and calculate positions
        const rendered = [];
        let minLinesNeeded = result.length;
        const visibleEntries = this.overlayStack.filter((e) => this.isOverlayVisible(e));
        visibleEntries.sort((a, b) => a.focusOrder - b.focusOrder);
        for (const entry of visibleEntries) {
            const { component, options } = entry;
            // Get layout with height=0 first to determine width and maxHeight
            // (width and maxHeight don't depend on overlay height)
            const { width, maxHeight } = this.resolveOverlayLayout(options, 0, termWidth, termHeight);
            // Render component at calculated width
            let overlayLines = component.render(width);
            // Apply maxHeight if specified
            if (maxHeight !== undefined && overlayLines.length > maxHeight) {
                overlayLines = overlayLines.slice(0, maxHeight);
            }
            // Get final row/col with actual overlay height
            const { row, col } = this.resolveOverlayLayout(options, overlayLines.length, termWidth, termHeight);
            rendered.push({ overlayLines, row, col, w: width });
            minLinesNeeded = Math.max(minLinesNeeded, row + overlayLines.length);
        }
        // Pad to at least terminal height so overlays have screen-relative positions.
        // Excludes maxLinesRendered: the historical high-water mark caused self-reinforcing
        // inflation that pushed content into scrollback on terminal widen.
        const workingHeight = Math.max(result.length, termHeight, minLinesNeeded);
        // Extend result with empty lines if content is too short for overlay placement or working area
        while (result.length < workingHeight) {
            result.push("");
        }
        const viewportStart = Math.max(0, workingHeight - termHeight);
        // Composite each overlay
        for (const { overlayLines, row, col, w } of rendered) {
            for (let i = 0; i < overlayLines.length; i++) {
                const idx = viewportStart + row + i;
                if (idx >= 0 && idx < result.length) {
                    // Defensive: truncate overlay line to declared width before compositing
                    // (components should already respect width, but this ensures it)
                    const truncatedOverlayLine = visibleWidth(overlayLines[i]) > w ? sliceByColumn(overlayLines[i], 0, w, true) : overlayLines[i];
                    result[idx] = this.compositeLineAt(result[idx], truncatedOverlayLine, col, w, termWidth);
                }
            }
        }
        return result;
    }
    static SEGMENT_RESET = "\x1b[0m\x1b]8;;\x07";
    applyLineResets(lines) {
        const reset = TUI.SEGMENT_RESET;
        for (let i = 0; i < lines.length; i++) {
            const line = lines[i];
            if (!isImageLine(line)) {
                lines[i] = normalizeTerminalOutput(line) + reset;
            }
        }
        return lines;
    }
    collectKittyImageIds(lines) {
        const ids = new Set();
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
        const ids = new Set();
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
        // Single pass through baseLine extracts both before and after segments
        const afterStart = startCol + overlayWidth;
        const base = extractSegments(baseLine, startCol, afterStart, totalWidth - afterStart, true);
        // Extract overlay with width tracking (strict=true to exclude wide chars at boundary)
        const overlay = sliceWithWidth(overlayLine, 0, overlayWidth, true);
        // Pad segments to target widths
        const beforePad = Math.max(0, startCol - base.beforeWidth);
        const overlayPad = Math.max(0, overlayWidth - overlay.width);
        const actualBeforeWidth = Math.max(startCol, base.beforeWidth);
        const actualOverlayWidth = Math.max(overlayWidth, overlay.width);
        const afterTarget = Math.max(0, totalWidth - actualBeforeWidth - actualOverlayWidth);
        const afterPad = Math.max(0, afterTarget - base.afterWidth);
        // Compose result
        const r = TUI.SEGMENT_RESET;
        const result = base.before +
            " ".repeat(beforePad) +
            r +
            overlay.text +
            " ".repeat(overlayPad) +
            r +
            base.after +
            " ".repeat(afterPad);
        // CRITICAL: Always verify and truncate to terminal width.
        // This is the final safeguard against width overflow which would crash the TUI.
        // Width tracking can drift from actual visible width due to:
        // - Complex ANSI/OSC sequences (hyperlinks, colors)
        // - Wide characters at segment boundaries
        // - Edge cases in segment extraction
        const resultWidth = visibleWidth(result);
        if (resultWidth <= totalWidth) {
            return result;
        }
        // Truncate with strict=true to ensure we don't exceed totalWidth
        return sliceByColumn(result, 0, totalWidth, true);
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
        // Only scan the bottom `height` lines (visible viewport)
        const viewportTop = Math.max(0, lines.length - height);
        for (let row = lines.length - 1; row >= viewportTop; row--) {
            const line = lines[row];
            const markerIndex = line.indexOf(CURSOR_MARKER);
            if (markerIndex !== -1) {
                // Calculate visual column (width of text before marker)
                const beforeMarker = line.slice(0, markerIndex);
                const col = visibleWidth(beforeMarker);
                // Strip marker from the line
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
        // Render all components to get new lines
        let newLines = this.render(width);
        // Composite overlays into the rendered lines (before differential compare)
        if (this.overlayStack.length > 0) {
            newLines = this.compositeOverlays(newLines, width, height);
        }
        // Extract cursor position before applying line resets (marker must be found first)
        const cursorPos = this.extractCursorPosition(newLines, height);
        newLines = this.applyLineResets(newLines);
        // Helper to clear scrollback and viewport and render all new lines
        const fullRender = (clear) => {
            this.fullRedrawCount += 1;
            let buffer = "\x1b[?2026h"; // Begin synchronized output
            if (clear) {
                buffer += this.deleteKittyImages(this.previousKittyImageIds);
                buffer += "\x1b[2J\x1b[H\x1b[3J"; // Clear screen, home, then clear scrollback
            }
            for (let i = 0; i < newLines.length; i++) {
                if (i > 0)
                    buffer += "\r\n";
                buffer += newLines[i];
            }
            buffer += "\x1b[?2026l"; // End synchronized output
            this.terminal.write(buffer);
            this.cursorRow = Math.max(0, newLines.length - 1);
            this.hardwareCursorRow = this.cursorRow;
            // Reset max lines when clearing, otherwise track growth
            if (clear) {
                this.maxLinesRendered = newLines.length;
            }
            else {
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
        // pigo: pi's PI_DEBUG_REDRAW log file is not written.
        const logRedraw = (_reason) => { };
        // First render - just output everything without clearing (assumes clean screen)
        if (this.previousLines.length === 0 && !widthChanged && !heightChanged) {
            logRedraw("first render");
            fullRender(false);
            return;
        }
        // Width changes always need a full re-render because wrapping changes.
        if (widthChanged) {
            logRedraw(`terminal width changed (${this.previousWidth} -> ${width})`);
            fullRender(true);
            return;
        }
        // Height changes normally need a full re-render to keep the visible viewport aligned,
        // but Termux changes height when the software keyboard shows or hides.
        // In that environment, a full redraw causes the entire history to replay on every toggle.
        if (heightChanged && !isTermuxSession()) {
            logRedraw(`terminal height changed (${this.previousHeight} -> ${height})`);
            fullRender(true);
            return;
        }
        // Content shrunk below the working area and no overlays - re-render to clear empty rows
        // (overlays need the padding, so only do this when no overlays are active)
        // Configurable via setClearOnShrink() or PI_CLEAR_ON_SHRINK=0 env var
        if (this.clearOnShrink && newLines.length < this.maxLinesRendered && this.overlayStack.length === 0) {
            logRedraw(`clearOnShrink (maxLinesRendered=${this.maxLinesRendered})`);
            fullRender(true);
            return;
        }
        // Find first and last changed lines
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
        // No changes - but still need to update hardware cursor position if it moved
        if (firstChanged === -1) {
            this.positionHardwareCursor(cursorPos, newLines.length);
            this.previousViewportTop = prevViewportTop;
            this.previousHeight = height;
            return;
        }
        // All changes are in deleted lines (nothing to render, just clear)
        if (firstChanged >= newLines.length) {
            if (this.previousLines.length > newLines.length) {
                let buffer = "\x1b[?2026h";
                buffer += this.deleteChangedKittyImages(firstChanged, lastChanged);
                // Move to end of new content (clamp to 0 for empty content)
                const targetRow = Math.max(0, newLines.length - 1);
                if (targetRow < prevViewportTop) {
                    logRedraw(`deleted lines moved viewport up (${targetRow} < ${prevViewportTop})`);
                    fullRender(true);
                    return;
                }
                const lineDiff = computeLineDiff(targetRow);
                if (lineDiff > 0)
                    buffer += `\x1b[${lineDiff}B`;
                else if (lineDiff < 0)
                    buffer += `\x1b[${-lineDiff}A`;
                buffer += "\r";
                // Clear extra lines without scrolling
                const extraLines = this.previousLines.length - newLines.length;
                if (extraLines > height) {
                    logRedraw(`extraLines > height (${extraLines} > ${height})`);
                    fullRender(true);
                    return;
                }
                if (extraLines > 0) {
                    buffer += "\x1b[1B";
                }
                for (let i = 0; i < extraLines; i++) {
                    buffer += "\r\x1b[2K";
                    if (i < extraLines - 1)
                        buffer += "\x1b[1B";
                }
                if (extraLines > 0) {
                    buffer += `\x1b[${extraLines}A`;
                }
                buffer += "\x1b[?2026l";
                this.terminal.write(buffer);
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
        // Differential rendering can only touch what was actually visible.
        // If the first changed line is above the previous viewport, we need a full redraw.
        if (firstChanged < prevViewportTop) {
            logRedraw(`firstChanged < viewportTop (${firstChanged} < ${prevViewportTop})`);
            fullRender(true);
            return;
        }
        // Render from first changed line to end
        // Build buffer with all updates wrapped in synchronized output
        let buffer = "\x1b[?2026h"; // Begin synchronized output
        buffer += this.deleteChangedKittyImages(firstChanged, lastChanged);
        const prevViewportBottom = prevViewportTop + height - 1;
        const moveTargetRow = appendStart ? firstChanged - 1 : firstChanged;
        if (moveTargetRow > prevViewportBottom) {
            const currentScreenRow = Math.max(0, Math.min(height - 1, hardwareCursorRow - prevViewportTop));
            const moveToBottom = height - 1 - currentScreenRow;
            if (moveToBottom > 0) {
                buffer += `\x1b[${moveToBottom}B`;
            }
            const scroll = moveTargetRow - prevViewportBottom;
            buffer += "\r\n".repeat(scroll);
            prevViewportTop += scroll;
            viewportTop += scroll;
            hardwareCursorRow = moveTargetRow;
        }
        // Move cursor to first changed line (use hardwareCursorRow for actual position)
        const lineDiff = computeLineDiff(moveTargetRow);
        if (lineDiff > 0) {
            buffer += `\x1b[${lineDiff}B`; // Move down
        }
        else if (lineDiff < 0) {
            buffer += `\x1b[${-lineDiff}A`; // Move up
        }
        buffer += appendStart ? "\r\n" : "\r"; // Move to column 0
        // Only render changed lines (firstChanged to lastChanged), not all lines to end
        // This reduces flicker when only a single line changes (e.g., spinner animation)
        const renderEnd = Math.min(lastChanged, newLines.length - 1);
        for (let i = firstChanged; i <= renderEnd; i++) {
            if (i > firstChanged)
                buffer += "\r\n";
            buffer += "\x1b[2K"; // Clear current line
            const line = newLines[i];
            const isImage = isImageLine(line);
            if (!isImage && visibleWidth(line) > width) {
                // pigo: no crash log file; the error carries the lines instead.
                const crashData = newLines.map((l, idx) => `[${idx}] (w=${visibleWidth(l)}) ${l}`).join("\n");
                // Clean up terminal state before throwing
                this.stop();
                const errorMsg = [
                    `Rendered line ${i} exceeds terminal width (${visibleWidth(line)} > ${width}).`,
                    "",
                    "This is likely caused by a custom TUI component not truncating its output.",
                    "Use visibleWidth() to measure and truncateToWidth() to truncate lines.",
                    "",
                    "=== All rendered lines ===",
                    crashData,
                ].join("\n");
                throw new Error(errorMsg);
            }
            buffer += line;
        }
        // Track where cursor ended up after rendering
        let finalCursorRow = renderEnd;
        // If we had more lines before, clear them and move cursor back
        if (this.previousLines.length > newLines.length) {
            // Move to end of new content first if we stopped before it
            if (renderEnd < newLines.length - 1) {
                const moveDown = newLines.length - 1 - renderEnd;
                buffer += `\x1b[${moveDown}B`;
                finalCursorRow = newLines.length - 1;
            }
            const extraLines = this.previousLines.length - newLines.length;
            for (let i = newLines.length; i < this.previousLines.length; i++) {
                buffer += "\r\n\x1b[2K";
            }
            // Move cursor back to end of new content
            buffer += `\x1b[${extraLines}A`;
        }
        buffer += "\x1b[?2026l"; // End synchronized output
        // Write entire buffer at once
        this.terminal.write(buffer);
        // Track cursor position for next render
        // cursorRow tracks end of content (for viewport calculation)
        // hardwareCursorRow tracks actual terminal cursor position (for movement)
        this.cursorRow = Math.max(0, newLines.length - 1);
        this.hardwareCursorRow = finalCursorRow;
        // Track terminal's working area (grows but doesn't shrink unless cleared)
        this.maxLinesRendered = Math.max(this.maxLinesRendered, newLines.length);
        this.previousViewportTop = Math.max(prevViewportTop, finalCursorRow - height + 1);
        // Position hardware cursor for IME
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
        // Clamp cursor position to valid range
        const targetRow = Math.max(0, Math.min(cursorPos.row, totalLines - 1));
        const targetCol = Math.max(0, cursorPos.col);
        // Move cursor from current position to target
        const rowDelta = targetRow - this.hardwareCursorRow;
        let buffer = "";
        if (rowDelta > 0) {
            buffer += `\x1b[${rowDelta}B`; // Move down
        }
        else if (rowDelta < 0) {
            buffer += `\x1b[${-rowDelta}A`; // Move up
        }
        // Move to absolute column (1-indexed)
        buffer += `\x1b[${targetCol + 1}G`;
        if (buffer) {
            this.terminal.write(buffer);
        }
        this.hardwareCursorRow = targetRow;
        if (this.showHardwareCursor) {
            this.terminal.showCursor();
        }
        else {
            this.terminal.hideCursor();
        }
    }
}

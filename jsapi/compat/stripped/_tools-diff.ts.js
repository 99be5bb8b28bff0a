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
var pigo_tools_diff_exports = __defProp({}, "__esModule", { value: true });
pigo_tools_diff_exports.applyEditsToNormalizedContent = applyEditsToNormalizedContent;
pigo_tools_diff_exports.computeEditDiff = computeEditDiff;
pigo_tools_diff_exports.computeEditsDiff = computeEditsDiff;
pigo_tools_diff_exports.detectLineEnding = detectLineEnding;
pigo_tools_diff_exports.diffLines = diffLines;
pigo_tools_diff_exports.diffWords = diffWords;
pigo_tools_diff_exports.fuzzyFindText = fuzzyFindText;
pigo_tools_diff_exports.generateDiffString = generateDiffString;
pigo_tools_diff_exports.normalizeForFuzzyMatch = normalizeForFuzzyMatch;
pigo_tools_diff_exports.normalizeToLF = normalizeToLF;
pigo_tools_diff_exports.renderDiff = renderDiff;
pigo_tools_diff_exports.restoreLineEndings = restoreLineEndings;
pigo_tools_diff_exports.stripBom = stripBom;
module.exports = pigo_tools_diff_exports;
var fs = __toESM(require("fs"));
var fsp = __toESM(require("fs/promises"));
var import_pigo_tools_util = require("pigo:tools-util");
var import_pigo_agent_theme = require("pigo:agent-theme");
class Differ {
  tokenize(value, _options) {
    return Array.from(value);
  }
  equals(left, right, options) {
    return left === right || !!options.ignoreCase && left.toLowerCase() === right.toLowerCase();
  }
  join(chars) {
    return chars.join("");
  }
  postProcess(changes, _options) {
    return changes;
  }
  removeEmpty(array) {
    const ret = [];
    for (const a of array) if (a) ret.push(a);
    return ret;
  }
  diff(oldStr, newStr, options = {}) {
    const oldTokens = this.removeEmpty(this.tokenize(oldStr, options));
    const newTokens = this.removeEmpty(this.tokenize(newStr, options));
    const done = (value) => this.postProcess(value, options);
    const newLen = newTokens.length;
    const oldLen = oldTokens.length;
    let editLength = 1;
    const maxEditLength = newLen + oldLen;
    const bestPath = [{ oldPos: -1, lastComponent: void 0 }];
    let newPos = this.extractCommon(bestPath[0], newTokens, oldTokens, 0, options);
    if (bestPath[0].oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
      return done(this.buildValues(bestPath[0].lastComponent, newTokens, oldTokens));
    }
    let minDiagonalToConsider = -Infinity;
    let maxDiagonalToConsider = Infinity;
    const execEditLength = () => {
      for (let diagonalPath = Math.max(minDiagonalToConsider, -editLength); diagonalPath <= Math.min(maxDiagonalToConsider, editLength); diagonalPath += 2) {
        let basePath;
        const removePath = bestPath[diagonalPath - 1];
        const addPath = bestPath[diagonalPath + 1];
        if (removePath) bestPath[diagonalPath - 1] = void 0;
        let canAdd = false;
        if (addPath) {
          const addPathNewPos = addPath.oldPos - diagonalPath;
          canAdd = addPath && 0 <= addPathNewPos && addPathNewPos < newLen;
        }
        const canRemove = removePath && removePath.oldPos + 1 < oldLen;
        if (!canAdd && !canRemove) {
          bestPath[diagonalPath] = void 0;
          continue;
        }
        if (!canRemove || canAdd && removePath.oldPos < addPath.oldPos) {
          basePath = this.addToPath(addPath, true, false, 0, options);
        } else {
          basePath = this.addToPath(removePath, false, true, 1, options);
        }
        newPos = this.extractCommon(basePath, newTokens, oldTokens, diagonalPath, options);
        if (basePath.oldPos + 1 >= oldLen && newPos + 1 >= newLen) {
          return done(this.buildValues(basePath.lastComponent, newTokens, oldTokens));
        }
        bestPath[diagonalPath] = basePath;
        if (basePath.oldPos + 1 >= oldLen) maxDiagonalToConsider = Math.min(maxDiagonalToConsider, diagonalPath - 1);
        if (newPos + 1 >= newLen) minDiagonalToConsider = Math.max(minDiagonalToConsider, diagonalPath + 1);
      }
      editLength++;
      return void 0;
    };
    while (editLength <= maxEditLength) {
      const ret = execEditLength();
      if (ret) return ret;
    }
    return [];
  }
  addToPath(p, added, removed, oldPosInc, options) {
    const last = p.lastComponent;
    if (last && !options.oneChangePerToken && last.added === added && last.removed === removed) {
      return {
        oldPos: p.oldPos + oldPosInc,
        lastComponent: { count: last.count + 1, added, removed, previousComponent: last.previousComponent }
      };
    }
    return { oldPos: p.oldPos + oldPosInc, lastComponent: { count: 1, added, removed, previousComponent: last } };
  }
  extractCommon(basePath, newTokens, oldTokens, diagonalPath, options) {
    const newLen = newTokens.length;
    const oldLen = oldTokens.length;
    let oldPos = basePath.oldPos;
    let newPos = oldPos - diagonalPath;
    let commonCount = 0;
    while (newPos + 1 < newLen && oldPos + 1 < oldLen && this.equals(oldTokens[oldPos + 1], newTokens[newPos + 1], options)) {
      newPos++;
      oldPos++;
      commonCount++;
    }
    if (commonCount) {
      basePath.lastComponent = { count: commonCount, previousComponent: basePath.lastComponent, added: false, removed: false };
    }
    basePath.oldPos = oldPos;
    return newPos;
  }
  buildValues(lastComponent, newTokens, oldTokens) {
    const components = [];
    while (lastComponent) {
      components.push(lastComponent);
      const next = lastComponent.previousComponent;
      delete lastComponent.previousComponent;
      lastComponent = next;
    }
    components.reverse();
    let newPos = 0;
    let oldPos = 0;
    for (const component of components) {
      if (!component.removed) {
        component.value = this.join(newTokens.slice(newPos, newPos + component.count));
        newPos += component.count;
        if (!component.added) oldPos += component.count;
      } else {
        component.value = this.join(oldTokens.slice(oldPos, oldPos + component.count));
        oldPos += component.count;
      }
    }
    return components;
  }
}
class LineDiff extends Differ {
  tokenize(value, options) {
    if (options.stripTrailingCr) value = value.replace(/\r\n/g, "\n");
    const ret = [];
    const parts = value.split(/(\n|\r\n)/);
    if (!parts[parts.length - 1]) parts.pop();
    for (let i = 0; i < parts.length; i++) {
      if (i % 2 && !options.newlineIsToken) ret[ret.length - 1] += parts[i];
      else ret.push(parts[i]);
    }
    return ret;
  }
  equals(left, right, options) {
    if (options.ignoreWhitespace) {
      if (!options.newlineIsToken || !left.includes("\n")) left = left.trim();
      if (!options.newlineIsToken || !right.includes("\n")) right = right.trim();
    } else if (options.ignoreNewlineAtEof && !options.newlineIsToken) {
      if (left.endsWith("\n")) left = left.slice(0, -1);
      if (right.endsWith("\n")) right = right.slice(0, -1);
    }
    return super.equals(left, right, options);
  }
}
const lineDiff = new LineDiff();
function diffLines(oldStr, newStr, options = {}) {
  return lineDiff.diff(oldStr, newStr, options);
}
const WORD_CHARS = "a-zA-Z0-9_\\u00AD\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02C6\\u02C8-\\u02D7\\u02DE-\\u02FF\\u1E00-\\u1EFF";
const WORD_TOKENS = new RegExp(`[${WORD_CHARS}]+|\\s+|[^${WORD_CHARS}]`, "g");
function leadingWs(s) {
  const m = s.match(/^\s*/);
  return m ? m[0] : "";
}
function trailingWs(s) {
  let i;
  for (i = s.length - 1; i >= 0; i--) if (!/\s/.test(s[i])) break;
  return s.substring(i + 1);
}
function longestCommonPrefix(a, b) {
  let i;
  for (i = 0; i < a.length && i < b.length; i++) if (a[i] != b[i]) return a.slice(0, i);
  return a.slice(0, i);
}
function longestCommonSuffix(a, b) {
  if (!a || !b || a[a.length - 1] != b[b.length - 1]) return "";
  let i;
  for (i = 0; i < a.length && i < b.length; i++) if (a[a.length - (i + 1)] != b[b.length - (i + 1)]) return a.slice(-i);
  return a.slice(-i);
}
function replacePrefix(s, oldPrefix, newPrefix) {
  if (s.slice(0, oldPrefix.length) != oldPrefix) throw Error(`string ${JSON.stringify(s)} doesn't start with prefix ${JSON.stringify(oldPrefix)}; this is a bug`);
  return newPrefix + s.slice(oldPrefix.length);
}
function replaceSuffix(s, oldSuffix, newSuffix) {
  if (!oldSuffix) return s + newSuffix;
  if (s.slice(-oldSuffix.length) != oldSuffix) throw Error(`string ${JSON.stringify(s)} doesn't end with suffix ${JSON.stringify(oldSuffix)}; this is a bug`);
  return s.slice(0, -oldSuffix.length) + newSuffix;
}
const removePrefix = (s, p) => replacePrefix(s, p, "");
const removeSuffix = (s, p) => replaceSuffix(s, p, "");
function overlapCount(a, b) {
  let startA = 0;
  if (a.length > b.length) startA = a.length - b.length;
  let endB = b.length;
  if (a.length < b.length) endB = a.length;
  const map = Array(endB);
  let k = 0;
  map[0] = 0;
  for (let j = 1; j < endB; j++) {
    map[j] = b[j] == b[k] ? map[k] : k;
    while (k > 0 && b[j] != b[k]) k = map[k];
    if (b[j] == b[k]) k++;
  }
  k = 0;
  for (let i = startA; i < a.length; i++) {
    while (k > 0 && a[i] != b[k]) k = map[k];
    if (a[i] == b[k]) k++;
  }
  return k;
}
const maximumOverlap = (a, b) => b.slice(0, overlapCount(a, b));
function dedupeWhitespace(startKeep, deletion, insertion, endKeep) {
  if (deletion && insertion) {
    const oldPre = leadingWs(deletion.value);
    const oldSuf = trailingWs(deletion.value);
    const newPre = leadingWs(insertion.value);
    const newSuf = trailingWs(insertion.value);
    if (startKeep) {
      const common = longestCommonPrefix(oldPre, newPre);
      startKeep.value = replaceSuffix(startKeep.value, newPre, common);
      deletion.value = removePrefix(deletion.value, common);
      insertion.value = removePrefix(insertion.value, common);
    }
    if (endKeep) {
      const common = longestCommonSuffix(oldSuf, newSuf);
      endKeep.value = replacePrefix(endKeep.value, newSuf, common);
      deletion.value = removeSuffix(deletion.value, common);
      insertion.value = removeSuffix(insertion.value, common);
    }
  } else if (insertion) {
    if (startKeep) insertion.value = insertion.value.substring(leadingWs(insertion.value).length);
    if (endKeep) endKeep.value = endKeep.value.substring(leadingWs(endKeep.value).length);
  } else if (startKeep && endKeep) {
    const newWsFull = leadingWs(endKeep.value);
    const delWsStart = leadingWs(deletion.value);
    const delWsEnd = trailingWs(deletion.value);
    const newWsStart = longestCommonPrefix(newWsFull, delWsStart);
    deletion.value = removePrefix(deletion.value, newWsStart);
    const newWsEnd = longestCommonSuffix(removePrefix(newWsFull, newWsStart), delWsEnd);
    deletion.value = removeSuffix(deletion.value, newWsEnd);
    endKeep.value = replacePrefix(endKeep.value, newWsFull, newWsEnd);
    startKeep.value = replaceSuffix(startKeep.value, newWsFull, newWsFull.slice(0, newWsFull.length - newWsEnd.length));
  } else if (endKeep) {
    const overlap = maximumOverlap(trailingWs(deletion.value), leadingWs(endKeep.value));
    deletion.value = removeSuffix(deletion.value, overlap);
  } else if (startKeep) {
    const overlap = maximumOverlap(trailingWs(startKeep.value), leadingWs(deletion.value));
    deletion.value = removePrefix(deletion.value, overlap);
  }
}
class WordDiff extends Differ {
  equals(left, right, options) {
    if (options.ignoreCase) {
      left = left.toLowerCase();
      right = right.toLowerCase();
    }
    return left.trim() === right.trim();
  }
  tokenize(value) {
    const parts = value.match(WORD_TOKENS) || [];
    const tokens = [];
    let prevPart = null;
    for (const part of parts) {
      if (/\s/.test(part)) {
        if (prevPart == null) tokens.push(part);
        else tokens.push(tokens.pop() + part);
      } else if (prevPart != null && /\s/.test(prevPart)) {
        if (tokens[tokens.length - 1] == prevPart) tokens.push(tokens.pop() + part);
        else tokens.push(prevPart + part);
      } else {
        tokens.push(part);
      }
      prevPart = part;
    }
    return tokens;
  }
  join(tokens) {
    return tokens.map((t, i) => i == 0 ? t : t.replace(/^\s+/, "")).join("");
  }
  postProcess(changes, options) {
    if (!changes || options.oneChangePerToken) return changes;
    let lastKeep = null;
    let insertion = null;
    let deletion = null;
    for (const change of changes) {
      if (change.added) insertion = change;
      else if (change.removed) deletion = change;
      else {
        if (insertion || deletion) dedupeWhitespace(lastKeep, deletion, insertion, change);
        lastKeep = change;
        insertion = null;
        deletion = null;
      }
    }
    if (insertion || deletion) dedupeWhitespace(lastKeep, deletion, insertion, null);
    return changes;
  }
}
const wordDiff = new WordDiff();
function diffWords(oldStr, newStr, options = {}) {
  return wordDiff.diff(oldStr, newStr, options);
}
function detectLineEnding(content) {
  const crlfIdx = content.indexOf("\r\n");
  const lfIdx = content.indexOf("\n");
  if (lfIdx === -1) return "\n";
  if (crlfIdx === -1) return "\n";
  return crlfIdx < lfIdx ? "\r\n" : "\n";
}
function normalizeToLF(text) {
  return text.replace(/\r\n/g, "\n").replace(/\r/g, "\n");
}
function restoreLineEndings(text, ending) {
  return ending === "\r\n" ? text.replace(/\n/g, "\r\n") : text;
}
function normalizeForFuzzyMatch(text) {
  return text.normalize("NFKC").split("\n").map((line) => line.trimEnd()).join("\n").replace(/[\u2018\u2019\u201A\u201B]/g, "'").replace(/[\u201C\u201D\u201E\u201F]/g, '"').replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, "-").replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");
}
function fuzzyFindText(content, oldText) {
  const exactIndex = content.indexOf(oldText);
  if (exactIndex !== -1) {
    return { found: true, index: exactIndex, matchLength: oldText.length, usedFuzzyMatch: false, contentForReplacement: content };
  }
  const fuzzyContent = normalizeForFuzzyMatch(content);
  const fuzzyOldText = normalizeForFuzzyMatch(oldText);
  const fuzzyIndex = fuzzyContent.indexOf(fuzzyOldText);
  if (fuzzyIndex === -1) {
    return { found: false, index: -1, matchLength: 0, usedFuzzyMatch: false, contentForReplacement: content };
  }
  return { found: true, index: fuzzyIndex, matchLength: fuzzyOldText.length, usedFuzzyMatch: true, contentForReplacement: fuzzyContent };
}
function stripBom(content) {
  return content.startsWith("\uFEFF") ? { bom: "\uFEFF", text: content.slice(1) } : { bom: "", text: content };
}
function countOccurrences(content, oldText) {
  return normalizeForFuzzyMatch(content).split(normalizeForFuzzyMatch(oldText)).length - 1;
}
function notFoundError(path, i, total) {
  if (total === 1) {
    return new Error(`Could not find the exact text in ${path}. The old text must match exactly including all whitespace and newlines.`);
  }
  return new Error(`Could not find edits[${i}] in ${path}. The oldText must match exactly including all whitespace and newlines.`);
}
function duplicateError(path, i, total, n) {
  if (total === 1) {
    return new Error(`Found ${n} occurrences of the text in ${path}. The text must be unique. Please provide more context to make it unique.`);
  }
  return new Error(`Found ${n} occurrences of edits[${i}] in ${path}. Each oldText must be unique. Please provide more context to make it unique.`);
}
function emptyOldTextError(path, i, total) {
  if (total === 1) return new Error(`oldText must not be empty in ${path}.`);
  return new Error(`edits[${i}].oldText must not be empty in ${path}.`);
}
function noChangeError(path, total) {
  if (total === 1) {
    return new Error(
      `No changes made to ${path}. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.`
    );
  }
  return new Error(`No changes made to ${path}. The replacements produced identical content.`);
}
function applyEditsToNormalizedContent(normalizedContent, edits, path) {
  const normalized = edits.map((e) => ({ oldText: normalizeToLF(e.oldText), newText: normalizeToLF(e.newText) }));
  for (let i = 0; i < normalized.length; i++) {
    if (normalized[i].oldText.length === 0) throw emptyOldTextError(path, i, normalized.length);
  }
  const initial = normalized.map((e) => fuzzyFindText(normalizedContent, e.oldText));
  const baseContent = initial.some((m) => m.usedFuzzyMatch) ? normalizeForFuzzyMatch(normalizedContent) : normalizedContent;
  const matched = [];
  for (let i = 0; i < normalized.length; i++) {
    const e = normalized[i];
    const m = fuzzyFindText(baseContent, e.oldText);
    if (!m.found) throw notFoundError(path, i, normalized.length);
    const n = countOccurrences(baseContent, e.oldText);
    if (n > 1) throw duplicateError(path, i, normalized.length, n);
    matched.push({ editIndex: i, matchIndex: m.index, matchLength: m.matchLength, newText: e.newText });
  }
  matched.sort((a, b) => a.matchIndex - b.matchIndex);
  for (let i = 1; i < matched.length; i++) {
    const prev = matched[i - 1];
    const cur = matched[i];
    if (prev.matchIndex + prev.matchLength > cur.matchIndex) {
      throw new Error(`edits[${prev.editIndex}] and edits[${cur.editIndex}] overlap in ${path}. Merge them into one edit or target disjoint regions.`);
    }
  }
  let newContent = baseContent;
  for (let i = matched.length - 1; i >= 0; i--) {
    const e = matched[i];
    newContent = newContent.substring(0, e.matchIndex) + e.newText + newContent.substring(e.matchIndex + e.matchLength);
  }
  if (baseContent === newContent) throw noChangeError(path, normalized.length);
  return { baseContent, newContent };
}
function generateDiffString(oldContent, newContent, contextLines = 4) {
  const parts = diffLines(oldContent, newContent);
  const output = [];
  const maxLineNum = Math.max(oldContent.split("\n").length, newContent.split("\n").length);
  const w = String(maxLineNum).length;
  const num = (n) => String(n).padStart(w, " ");
  const gap = ` ${"".padStart(w, " ")} ...`;
  let oldLineNum = 1;
  let newLineNum = 1;
  let lastWasChange = false;
  let firstChangedLine;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const raw = part.value.split("\n");
    if (raw[raw.length - 1] === "") raw.pop();
    if (part.added || part.removed) {
      if (firstChangedLine === void 0) firstChangedLine = newLineNum;
      for (const line of raw) {
        if (part.added) {
          output.push(`+${num(newLineNum)} ${line}`);
          newLineNum++;
        } else {
          output.push(`-${num(oldLineNum)} ${line}`);
          oldLineNum++;
        }
      }
      lastWasChange = true;
      continue;
    }
    const nextPartIsChange = i < parts.length - 1 && (parts[i + 1].added || parts[i + 1].removed);
    const context = (lines) => {
      for (const line of lines) {
        output.push(` ${num(oldLineNum)} ${line}`);
        oldLineNum++;
        newLineNum++;
      }
    };
    const skip = (n) => {
      oldLineNum += n;
      newLineNum += n;
    };
    if (lastWasChange && nextPartIsChange) {
      if (raw.length <= contextLines * 2) {
        context(raw);
      } else {
        const leading = raw.slice(0, contextLines);
        const trailing = raw.slice(raw.length - contextLines);
        context(leading);
        output.push(gap);
        skip(raw.length - leading.length - trailing.length);
        context(trailing);
      }
    } else if (lastWasChange) {
      const shown = raw.slice(0, contextLines);
      const skipped = raw.length - shown.length;
      context(shown);
      if (skipped > 0) {
        output.push(gap);
        skip(skipped);
      }
    } else if (nextPartIsChange) {
      const skipped = Math.max(0, raw.length - contextLines);
      if (skipped > 0) {
        output.push(gap);
        skip(skipped);
      }
      context(raw.slice(skipped));
    } else {
      skip(raw.length);
    }
    lastWasChange = false;
  }
  return { diff: output.join("\n"), firstChangedLine };
}
async function computeEditsDiff(path, edits, cwd) {
  const absolutePath = (0, import_pigo_tools_util.resolveToCwd)(path, cwd);
  try {
    try {
      await fsp.access(absolutePath, fs.constants.R_OK);
    } catch (error) {
      const msg = error instanceof Error && "code" in error ? `Error code: ${error.code}` : String(error);
      return { error: `Could not edit file: ${path}. ${msg}.` };
    }
    const rawContent = await fsp.readFile(absolutePath, "utf-8");
    const { text } = stripBom(rawContent);
    const { baseContent, newContent } = applyEditsToNormalizedContent(normalizeToLF(text), edits, path);
    return generateDiffString(baseContent, newContent);
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}
async function computeEditDiff(path, oldText, newText, cwd) {
  return computeEditsDiff(path, [{ oldText, newText }], cwd);
}
function parseDiffLine(line) {
  const m = line.match(/^([+-\s])(\s*\d*)\s(.*)$/);
  if (!m) return null;
  return { prefix: m[1], lineNum: m[2], content: m[3] };
}
const tabs = (t) => t.replace(/\t/g, "   ");
function renderIntraLineDiff(oldContent, newContent) {
  let removedLine = "";
  let addedLine = "";
  let firstRemoved = true;
  let firstAdded = true;
  for (const part of diffWords(oldContent, newContent)) {
    if (part.removed) {
      let value = part.value;
      if (firstRemoved) {
        const ws = value.match(/^(\s*)/)?.[1] || "";
        value = value.slice(ws.length);
        removedLine += ws;
        firstRemoved = false;
      }
      if (value) removedLine += import_pigo_agent_theme.theme.inverse(value);
    } else if (part.added) {
      let value = part.value;
      if (firstAdded) {
        const ws = value.match(/^(\s*)/)?.[1] || "";
        value = value.slice(ws.length);
        addedLine += ws;
        firstAdded = false;
      }
      if (value) addedLine += import_pigo_agent_theme.theme.inverse(value);
    } else {
      removedLine += part.value;
      addedLine += part.value;
    }
  }
  return { removedLine, addedLine };
}
function renderDiff(diffText, _options = {}) {
  const lines = diffText.split("\n");
  const result = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const parsed = parseDiffLine(line);
    if (!parsed) {
      result.push(import_pigo_agent_theme.theme.fg("toolDiffContext", line));
      i++;
      continue;
    }
    if (parsed.prefix === "-") {
      const removed = [];
      while (i < lines.length) {
        const p = parseDiffLine(lines[i]);
        if (!p || p.prefix !== "-") break;
        removed.push(p);
        i++;
      }
      const added = [];
      while (i < lines.length) {
        const p = parseDiffLine(lines[i]);
        if (!p || p.prefix !== "+") break;
        added.push(p);
        i++;
      }
      if (removed.length === 1 && added.length === 1) {
        const { removedLine, addedLine } = renderIntraLineDiff(tabs(removed[0].content), tabs(added[0].content));
        result.push(import_pigo_agent_theme.theme.fg("toolDiffRemoved", `-${removed[0].lineNum} ${removedLine}`));
        result.push(import_pigo_agent_theme.theme.fg("toolDiffAdded", `+${added[0].lineNum} ${addedLine}`));
      } else {
        for (const r of removed) result.push(import_pigo_agent_theme.theme.fg("toolDiffRemoved", `-${r.lineNum} ${tabs(r.content)}`));
        for (const a of added) result.push(import_pigo_agent_theme.theme.fg("toolDiffAdded", `+${a.lineNum} ${tabs(a.content)}`));
      }
    } else if (parsed.prefix === "+") {
      result.push(import_pigo_agent_theme.theme.fg("toolDiffAdded", `+${parsed.lineNum} ${tabs(parsed.content)}`));
      i++;
    } else {
      result.push(import_pigo_agent_theme.theme.fg("toolDiffContext", ` ${parsed.lineNum} ${tabs(parsed.content)}`));
      i++;
    }
  }
  return result.join("\n");
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  applyEditsToNormalizedContent,
  computeEditDiff,
  computeEditsDiff,
  detectLineEnding,
  diffLines,
  diffWords,
  fuzzyFindText,
  generateDiffString,
  normalizeForFuzzyMatch,
  normalizeToLF,
  renderDiff,
  restoreLineEndings,
  stripBom
});

var __defProp = Object.defineProperty;
var pigo_agent16_exports = __defProp({}, "__esModule", { value: true });
pigo_agent16_exports.buildContextEntries = buildContextEntries;
pigo_agent16_exports.buildSessionContext = buildSessionContext;
pigo_agent16_exports.buildSessionProjection = buildSessionProjection;
pigo_agent16_exports.convertToPng = convertToPng;
pigo_agent16_exports.formatDimensionNote = formatDimensionNote;
pigo_agent16_exports.formatReadLineRange = formatReadLineRange;
pigo_agent16_exports.isPowerShellToolResult = isPowerShellToolResult;
pigo_agent16_exports.resizeImage = resizeImage;
pigo_agent16_exports.sessionEntryToContextMessages = sessionEntryToContextMessages;
module.exports = pigo_agent16_exports;
var import_pigo_agent_compaction = require("pigo:agent-compaction");
const CONFIG_DIR_NAME = ".pi";
const VIRTUAL_MODEL_STATE_ENTRY = "pi.virtual-model-state";
function buildEntryIndex(entries, byId) {
  if (byId) return byId;
  const index = /* @__PURE__ */ new Map();
  for (const entry of entries) index.set(entry.id, entry);
  return index;
}
function buildSessionPath(entries, leafId, byId) {
  const index = buildEntryIndex(entries, byId);
  if (leafId === null) return [];
  let leaf;
  if (leafId) leaf = index.get(leafId);
  leaf ??= entries[entries.length - 1];
  if (!leaf) return [];
  const path = [];
  let current = leaf;
  while (current) {
    path.push(current);
    current = current.parentId ? index.get(current.parentId) : void 0;
  }
  path.reverse();
  return path;
}
function getSessionContextSettings(path) {
  let thinkingLevel = "off";
  let model = null;
  for (const entry of path) {
    if (entry.type === "thinking_level_change") thinkingLevel = entry.thinkingLevel;
    else if (entry.type === "model_change") model = { provider: entry.provider, modelId: entry.modelId };
    else if (entry.type === "message" && entry.message.role === "assistant")
      model = { provider: entry.message.provider, modelId: entry.message.model };
  }
  return { thinkingLevel, model };
}
function sessionEntryToContextMessages(entry) {
  if (entry.type === "message") {
    const message = entry.message;
    if (message.role === "system" && message.content == null) return [{ ...message, content: "" }];
    if ((message.role === "user" || message.role === "assistant" || message.role === "toolResult") && message.content == null)
      return [{ ...message, content: [] }];
    return [message];
  }
  if (entry.type === "custom_message")
    return [(0, import_pigo_agent_compaction.createCustomMessage)(entry.customType, entry.content ?? [], entry.display, entry.details, entry.timestamp)];
  if (entry.type === "branch_summary" && entry.summary)
    return [(0, import_pigo_agent_compaction.createBranchSummaryMessage)(entry.summary, entry.fromId, entry.timestamp)];
  if (entry.type === "compaction") {
    const summary = (0, import_pigo_agent_compaction.createCompactionSummaryMessage)(entry.summary, entry.tokensBefore, entry.timestamp);
    return entry.systemMessage ? [entry.systemMessage, summary] : [summary];
  }
  return [];
}
function buildContextEntries(entries, leafId, byId) {
  const path = buildSessionPath(entries, leafId, byId);
  let compaction = null;
  for (const entry of path) if (entry.type === "compaction") compaction = entry;
  if (!compaction) return path;
  const compactionIdx = path.findIndex((entry) => entry.id === compaction.id);
  if (compactionIdx < 0) return path;
  const out = [compaction];
  let foundFirstKept = false;
  for (let i = 0; i < compactionIdx; i++) {
    const entry = path[i];
    if (entry.id === compaction.firstKeptEntryId) foundFirstKept = true;
    if (foundFirstKept && !(entry.type === "message" && entry.message.role === "system")) out.push(entry);
  }
  out.push(...path.slice(compactionIdx + 1));
  return out;
}
function projectContextEntry(entry, edit) {
  const messages = sessionEntryToContextMessages(entry);
  if (!edit) return messages;
  const replacement = edit.replacement;
  if (replacement === null) return [];
  return messages.map((message) => {
    if (message.role !== "user" && message.role !== "assistant" && message.role !== "toolResult" && message.role !== "custom")
      return message;
    const content = (message.role === "assistant" || message.role === "toolResult") && typeof replacement.content === "string" ? [{ type: "text", text: replacement.content }] : replacement.content;
    return { ...message, content };
  });
}
function buildSessionProjection(entries, leafId, byId) {
  const path = buildSessionPath(entries, leafId, byId);
  const { thinkingLevel, model } = getSessionContextSettings(path);
  const contextEntries = buildContextEntries(entries, leafId, byId);
  const edits = /* @__PURE__ */ new Map();
  for (const entry of contextEntries) if (entry.type === "context_edit") edits.set(entry.targetId, entry);
  const projected = contextEntries.map((sourceEntry, index) => ({
    sourceEntry,
    // Only the newest compaction (index 0) contributes a summary.
    messages: sourceEntry.type === "compaction" && index > 0 ? [] : projectContextEntry(sourceEntry, edits.get(sourceEntry.id))
  }));
  return { entries: projected, messages: projected.flatMap((e) => e.messages), thinkingLevel, model };
}
function buildSessionContext(entries, leafId, byId) {
  const { messages, thinkingLevel, model } = buildSessionProjection(entries, leafId, byId);
  return { messages, thinkingLevel, model };
}
function parseLineNumber(value) {
  if (typeof value === "string" && value.trim() !== "") value = Number(value);
  return typeof value === "number" && Number.isFinite(value) ? value : void 0;
}
function formatReadLineRange(offset, limit) {
  if (offset == null && limit == null) return "";
  const start = offset == null ? 1 : parseLineNumber(offset);
  if (start === void 0) return "";
  if (limit == null) return `:${start}`;
  const count = parseLineNumber(limit);
  if (count === void 0) return "";
  const end = start + count - 1;
  return `:${start}${end ? `-${end}` : ""}`;
}
function formatDimensionNote(result) {
  if (!result.wasResized) return void 0;
  const scale = result.originalWidth / result.width;
  return `[Image: original ${result.originalWidth}x${result.originalHeight}, displayed at ${result.width}x${result.height}. Multiply coordinates by ${scale.toFixed(2)} to map to original image.]`;
}
async function resizeImage(inputBytes, mimeType, options) {
  return require("pigo:image").resizeImage(Buffer.from(inputBytes).toString("base64"), mimeType, options);
}
async function convertToPng(base64Data, mimeType) {
  if (mimeType === "image/png") return { data: base64Data, mimeType };
  const data = require("pigo:image").toPNG(base64Data);
  return data === null ? null : { data, mimeType: "image/png" };
}
function isPowerShellToolResult(e) {
  return e.toolName === "powershell";
}
// Annotate the CommonJS export names for ESM import in node:
pigo_agent16_exports.CONFIG_DIR_NAME = CONFIG_DIR_NAME;
pigo_agent16_exports.VIRTUAL_MODEL_STATE_ENTRY = VIRTUAL_MODEL_STATE_ENTRY;
0 && (module.exports = {
  CONFIG_DIR_NAME,
  VIRTUAL_MODEL_STATE_ENTRY,
  buildContextEntries,
  buildSessionContext,
  buildSessionProjection,
  convertToPng,
  formatDimensionNote,
  formatReadLineRange,
  isPowerShellToolResult,
  resizeImage,
  sessionEntryToContextMessages
});

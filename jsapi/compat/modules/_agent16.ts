// pigo:agent16 — pi-coding-agent 1.6 additions that are plain functions,
// ported from its dist (session-manager.js, render-utils.js,
// image-resize.js, extensions/types.js).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { createBranchSummaryMessage, createCompactionSummaryMessage, createCustomMessage } from "pigo:agent-compaction";

export const CONFIG_DIR_NAME = ".pi";
export const VIRTUAL_MODEL_STATE_ENTRY = "pi.virtual-model-state";

function buildEntryIndex(entries: any[], byId?: Map<string, any>): Map<string, any> {
  if (byId) return byId;
  const index = new Map<string, any>();
  for (const entry of entries) index.set(entry.id, entry);
  return index;
}

function buildSessionPath(entries: any[], leafId: string | null | undefined, byId?: Map<string, any>): any[] {
  const index = buildEntryIndex(entries, byId);
  if (leafId === null) return [];
  let leaf: any;
  if (leafId) leaf = index.get(leafId);
  leaf ??= entries[entries.length - 1];
  if (!leaf) return [];
  const path: any[] = [];
  let current = leaf;
  while (current) {
    path.push(current);
    current = current.parentId ? index.get(current.parentId) : undefined;
  }
  path.reverse();
  return path;
}

function getSessionContextSettings(path: any[]): { thinkingLevel: string; model: any } {
  let thinkingLevel = "off";
  let model: any = null;
  for (const entry of path) {
    if (entry.type === "thinking_level_change") thinkingLevel = entry.thinkingLevel;
    else if (entry.type === "model_change") model = { provider: entry.provider, modelId: entry.modelId };
    else if (entry.type === "message" && entry.message.role === "assistant")
      model = { provider: entry.message.provider, modelId: entry.message.model };
  }
  return { thinkingLevel, model };
}

/** One session entry as the LLM/runtime messages it contributes (plain custom entries: none). */
export function sessionEntryToContextMessages(entry: any): any[] {
  if (entry.type === "message") {
    const message = entry.message;
    // Old, forked or hand-edited session files can hold null content.
    if (message.role === "system" && message.content == null) return [{ ...message, content: "" }];
    if ((message.role === "user" || message.role === "assistant" || message.role === "toolResult") && message.content == null)
      return [{ ...message, content: [] }];
    return [message];
  }
  if (entry.type === "custom_message")
    return [createCustomMessage(entry.customType, entry.content ?? [], entry.display, entry.details, entry.timestamp)];
  if (entry.type === "branch_summary" && entry.summary)
    return [createBranchSummaryMessage(entry.summary, entry.fromId, entry.timestamp)];
  if (entry.type === "compaction") {
    const summary = createCompactionSummaryMessage(entry.summary, entry.tokensBefore, entry.timestamp);
    return entry.systemMessage ? [entry.systemMessage, summary] : [summary];
  }
  return [];
}

/** The active, compaction-aware entry list along the leaf path. */
export function buildContextEntries(entries: any[], leafId?: string | null, byId?: Map<string, any>): any[] {
  const path = buildSessionPath(entries, leafId, byId);
  let compaction: any = null;
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

function projectContextEntry(entry: any, edit: any): any[] {
  const messages = sessionEntryToContextMessages(entry);
  if (!edit) return messages;
  const replacement = edit.replacement;
  if (replacement === null) return [];
  return messages.map((message) => {
    if (message.role !== "user" && message.role !== "assistant" && message.role !== "toolResult" && message.role !== "custom")
      return message;
    const content =
      (message.role === "assistant" || message.role === "toolResult") && typeof replacement.content === "string"
        ? [{ type: "text", text: replacement.content }]
        : replacement.content;
    return { ...message, content };
  });
}

/** Provenance-preserving, compaction-aware model context (context_edit entries applied). */
export function buildSessionProjection(entries: any[], leafId?: string | null, byId?: Map<string, any>): any {
  const path = buildSessionPath(entries, leafId, byId);
  const { thinkingLevel, model } = getSessionContextSettings(path);
  const contextEntries = buildContextEntries(entries, leafId, byId);
  const edits = new Map<string, any>();
  for (const entry of contextEntries) if (entry.type === "context_edit") edits.set(entry.targetId, entry);
  const projected = contextEntries.map((sourceEntry, index) => ({
    sourceEntry,
    // Only the newest compaction (index 0) contributes a summary.
    messages: sourceEntry.type === "compaction" && index > 0 ? [] : projectContextEntry(sourceEntry, edits.get(sourceEntry.id)),
  }));
  return { entries: projected, messages: projected.flatMap((e) => e.messages), thinkingLevel, model };
}

/** pi 1.6's buildSessionContext: the projection's messages, thinking level and model. */
export function buildSessionContext(entries: any[], leafId?: string | null, byId?: Map<string, any>): any {
  const { messages, thinkingLevel, model } = buildSessionProjection(entries, leafId, byId);
  return { messages, thinkingLevel, model };
}

function parseLineNumber(value: any): number | undefined {
  if (typeof value === "string" && value.trim() !== "") value = Number(value);
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** A read tool's line range for display (":5", ":5-14"), "" when absent or malformed. */
export function formatReadLineRange(offset: any, limit: any): string {
  // Strict schemas represent omitted optional arguments as null.
  if (offset == null && limit == null) return "";
  const start = offset == null ? 1 : parseLineNumber(offset);
  if (start === undefined) return "";
  if (limit == null) return `:${start}`;
  const count = parseLineNumber(limit);
  if (count === undefined) return "";
  const end = start + count - 1;
  return `:${start}${end ? `-${end}` : ""}`;
}

/** The note pi adds to a resized image so the model can map coordinates back. */
export function formatDimensionNote(result: any): string | undefined {
  if (!result.wasResized) return undefined;
  const scale = result.originalWidth / result.width;
  return `[Image: original ${result.originalWidth}x${result.originalHeight}, displayed at ${result.width}x${result.height}. Multiply coordinates by ${scale.toFixed(2)} to map to original image.]`;
}

declare const require: (id: string) => any;

/**
 * resizeImage is pi's (engine/images through pigo:image): an image within
 * maxWidth x maxHeight and maxBytes of base64 comes back as it is, a larger
 * one scaled to fit as the smaller of PNG and JPEG; null when it cannot be.
 */
export async function resizeImage(inputBytes: Uint8Array, mimeType: string, options?: any): Promise<any> {
  return require("pigo:image").resizeImage(Buffer.from(inputBytes).toString("base64"), mimeType, options);
}

/** convertToPng is pi's: the image as PNG ({data, mimeType}), or null. */
export async function convertToPng(base64Data: string, mimeType: string): Promise<any> {
  if (mimeType === "image/png") return { data: base64Data, mimeType };
  const data = require("pigo:image").toPNG(base64Data);
  return data === null ? null : { data, mimeType: "image/png" };
}

export function isPowerShellToolResult(e: any): boolean {
  return e.toolName === "powershell";
}

// pigo:agent-compaction — pi's message conversion and compaction helpers:
// dist/core/messages.js, dist/core/compaction/{utils,compaction,
// branch-summarization}.js and the pure session functions of
// dist/core/session-manager.js (buildSessionContext & co.). The LLM calls
// go through pigo's pi-ai completeSimple, so they work once a provider does.

// pi-ai (and its model table) loads only when a summary is generated.
declare const require: (id: string) => any;
const completeSimple = (...args: any[]): Promise<any> => require("@mariozechner/pi-ai").completeSimple(...args);
// pi 1.6 retries a failed summary call as its agent retries a turn.
const retryAssistantCall = (...args: any[]): Promise<any> => require("@earendil-works/pi-ai").retryAssistantCall(...args);

// The summarization prompts and summary wrappers are engine/compaction's and
// engine/session's (pigo:compaction-prompts, agent_native.go): the Go host
// compacts and converts messages with the same texts.
const PROMPTS: Record<string, string> = require("pigo:compaction-prompts");
export const SUMMARIZATION_SYSTEM_PROMPT = PROMPTS.SUMMARIZATION_SYSTEM_PROMPT;
const SUMMARIZATION_PROMPT = PROMPTS.SUMMARIZATION_PROMPT;
const UPDATE_SUMMARIZATION_PROMPT = PROMPTS.UPDATE_SUMMARIZATION_PROMPT;
const TURN_PREFIX_SUMMARIZATION_PROMPT = PROMPTS.TURN_PREFIX_SUMMARIZATION_PROMPT;
const BRANCH_SUMMARY_PREAMBLE = PROMPTS.BRANCH_SUMMARY_PREAMBLE;
const BRANCH_SUMMARY_PROMPT = PROMPTS.BRANCH_SUMMARY_PROMPT;

// ---------------------------------------------------------------------------
// messages.js

export const COMPACTION_SUMMARY_PREFIX = PROMPTS.COMPACTION_SUMMARY_PREFIX;
export const COMPACTION_SUMMARY_SUFFIX = PROMPTS.COMPACTION_SUMMARY_SUFFIX;
export const BRANCH_SUMMARY_PREFIX = PROMPTS.BRANCH_SUMMARY_PREFIX;
export const BRANCH_SUMMARY_SUFFIX = PROMPTS.BRANCH_SUMMARY_SUFFIX;

export function bashExecutionToText(msg: any): string {
  let text = `Ran \`${msg.command}\`\n`;
  if (msg.output) text += `\`\`\`\n${msg.output}\n\`\`\``;
  else text += "(no output)";
  if (msg.cancelled) text += "\n\n(command cancelled)";
  else if (msg.exitCode !== null && msg.exitCode !== undefined && msg.exitCode !== 0) text += `\n\nCommand exited with code ${msg.exitCode}`;
  if (msg.truncated && msg.fullOutputPath) text += `\n\n[Output truncated. Full output: ${msg.fullOutputPath}]`;
  return text;
}

export function createBranchSummaryMessage(summary: string, fromId: string, timestamp: any): any {
  return { role: "branchSummary", summary, fromId, timestamp: new Date(timestamp).getTime() };
}

export function createCompactionSummaryMessage(summary: string, tokensBefore: number, timestamp: any): any {
  return { role: "compactionSummary", summary, tokensBefore, timestamp: new Date(timestamp).getTime() };
}

export function createCustomMessage(customType: string, content: any, display: boolean, details: any, timestamp: any): any {
  return { role: "custom", customType, content, display, details, timestamp: new Date(timestamp).getTime() };
}

/** convertToLlm maps pi's message kinds to the user/assistant/toolResult messages an LLM takes. */
export function convertToLlm(messages: any[]): any[] {
  return messages
    .map((m: any) => {
      switch (m.role) {
        case "bashExecution":
          if (m.excludeFromContext) return undefined;
          return { role: "user", content: [{ type: "text", text: bashExecutionToText(m) }], timestamp: m.timestamp };
        case "custom": {
          const content = typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;
          return { role: "user", content, timestamp: m.timestamp };
        }
        case "branchSummary":
          return { role: "user", content: [{ type: "text", text: BRANCH_SUMMARY_PREFIX + m.summary + BRANCH_SUMMARY_SUFFIX }], timestamp: m.timestamp };
        case "compactionSummary":
          return {
            role: "user",
            content: [{ type: "text", text: COMPACTION_SUMMARY_PREFIX + m.summary + COMPACTION_SUMMARY_SUFFIX }],
            timestamp: m.timestamp,
          };
        case "user":
        case "assistant":
        case "toolResult":
          return m;
        default:
          return undefined;
      }
    })
    .filter((m) => m !== undefined);
}

// ---------------------------------------------------------------------------
// compaction/utils.js

export function createFileOps(): any {
  return { read: new Set(), written: new Set(), edited: new Set() };
}

export function extractFileOpsFromMessage(message: any, fileOps: any): void {
  if (message.role !== "assistant") return;
  if (!("content" in message) || !Array.isArray(message.content)) return;
  for (const block of message.content) {
    if (typeof block !== "object" || block === null) continue;
    if (!("type" in block) || block.type !== "toolCall") continue;
    if (!("arguments" in block) || !("name" in block)) continue;
    const args = block.arguments;
    if (!args) continue;
    const path = typeof args.path === "string" ? args.path : undefined;
    if (!path) continue;
    if (block.name === "read") fileOps.read.add(path);
    else if (block.name === "write") fileOps.written.add(path);
    else if (block.name === "edit") fileOps.edited.add(path);
  }
}

export function computeFileLists(fileOps: any): { readFiles: string[]; modifiedFiles: string[] } {
  const modified = new Set([...fileOps.edited, ...fileOps.written]);
  const readFiles = [...fileOps.read].filter((f: any) => !modified.has(f)).sort() as string[];
  return { readFiles, modifiedFiles: [...modified].sort() as string[] };
}

export function formatFileOperations(readFiles: string[], modifiedFiles: string[]): string {
  const sections: string[] = [];
  if (readFiles.length > 0) sections.push(`<read-files>\n${readFiles.join("\n")}\n</read-files>`);
  if (modifiedFiles.length > 0) sections.push(`<modified-files>\n${modifiedFiles.join("\n")}\n</modified-files>`);
  if (sections.length === 0) return "";
  return `\n\n${sections.join("\n\n")}`;
}

const TOOL_RESULT_MAX_CHARS = 2000;

function truncateForSummary(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n\n[... ${text.length - maxChars} more characters truncated]`;
}

/** serializeConversation renders LLM messages as "[User]: …" text for summarization. */
export function serializeConversation(messages: any[]): string {
  const parts: string[] = [];
  for (const msg of messages) {
    if (msg.role === "user") {
      const content =
        typeof msg.content === "string"
          ? msg.content
          : msg.content
              .filter((c: any) => c.type === "text")
              .map((c: any) => c.text)
              .join("");
      if (content) parts.push(`[User]: ${content}`);
    } else if (msg.role === "assistant") {
      const textParts: string[] = [];
      const thinkingParts: string[] = [];
      const toolCalls: string[] = [];
      for (const block of msg.content) {
        if (block.type === "text") textParts.push(block.text);
        else if (block.type === "thinking") thinkingParts.push(block.thinking);
        else if (block.type === "toolCall") {
          const argsStr = Object.entries(block.arguments)
            .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
            .join(", ");
          toolCalls.push(`${block.name}(${argsStr})`);
        }
      }
      if (thinkingParts.length > 0) parts.push(`[Assistant thinking]: ${thinkingParts.join("\n")}`);
      if (textParts.length > 0) parts.push(`[Assistant]: ${textParts.join("\n")}`);
      if (toolCalls.length > 0) parts.push(`[Assistant tool calls]: ${toolCalls.join("; ")}`);
    } else if (msg.role === "toolResult") {
      const content = msg.content
        .filter((c: any) => c.type === "text")
        .map((c: any) => c.text)
        .join("");
      if (content) parts.push(`[Tool result]: ${truncateForSummary(content, TOOL_RESULT_MAX_CHARS)}`);
    }
  }
  return parts.join("\n\n");
}

// ---------------------------------------------------------------------------
// session-manager.js (pure parts)

export const CURRENT_SESSION_VERSION = 3;

function generateId(ids: Set<string>): string {
  for (let i = 0; i < 100; i++) {
    const id = crypto.randomUUID().slice(0, 8);
    if (!ids.has(id)) return id;
  }
  return crypto.randomUUID();
}

export function migrateSessionEntries(entries: any[]): void {
  const header = entries.find((e) => e.type === "session");
  const version = header?.version ?? 1;
  if (version >= CURRENT_SESSION_VERSION) return;
  if (version < 2) {
    const ids = new Set<string>();
    let prevId: string | null = null;
    for (const entry of entries) {
      if (entry.type === "session") {
        entry.version = 2;
        continue;
      }
      entry.id = generateId(ids);
      entry.parentId = prevId;
      prevId = entry.id;
      if (entry.type === "compaction" && typeof entry.firstKeptEntryIndex === "number") {
        const target = entries[entry.firstKeptEntryIndex];
        if (target && target.type !== "session") entry.firstKeptEntryId = target.id;
        delete entry.firstKeptEntryIndex;
      }
    }
  }
  if (version < 3) {
    for (const entry of entries) {
      if (entry.type === "session") {
        entry.version = 3;
        continue;
      }
      if (entry.type === "message" && entry.message && entry.message.role === "hookMessage") entry.message.role = "custom";
    }
  }
}

export function parseSessionEntries(content: string): any[] {
  const entries: any[] = [];
  for (const line of content.trim().split("\n")) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line));
    } catch {
      // skip malformed lines
    }
  }
  return entries;
}

export function getLatestCompactionEntry(entries: any[]): any {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].type === "compaction") return entries[i];
  return null;
}

/** buildSessionContext walks leaf → root and returns the messages, thinking level and model in force. */
export function buildSessionContext(entries: any[], leafId?: string | null, byId?: Map<string, any>): any {
  if (!byId) {
    byId = new Map();
    for (const e of entries) byId.set(e.id, e);
  }
  if (leafId === null) return { messages: [], thinkingLevel: "off", model: null };
  let leaf = leafId ? byId.get(leafId) : undefined;
  if (!leaf) leaf = entries[entries.length - 1];
  if (!leaf) return { messages: [], thinkingLevel: "off", model: null };
  const path: any[] = [];
  let current = leaf;
  while (current) {
    path.unshift(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  let thinkingLevel = "off";
  let model: any = null;
  let compaction: any = null;
  for (const e of path) {
    if (e.type === "thinking_level_change") thinkingLevel = e.thinkingLevel;
    else if (e.type === "model_change") model = { provider: e.provider, modelId: e.modelId };
    else if (e.type === "message" && e.message.role === "assistant") model = { provider: e.message.provider, modelId: e.message.model };
    else if (e.type === "compaction") compaction = e;
  }
  const messages: any[] = [];
  const append = (e: any) => {
    if (e.type === "message") messages.push(e.message);
    else if (e.type === "custom_message") messages.push(createCustomMessage(e.customType, e.content, e.display, e.details, e.timestamp));
    else if (e.type === "branch_summary" && e.summary) messages.push(createBranchSummaryMessage(e.summary, e.fromId, e.timestamp));
  };
  if (compaction) {
    messages.push(createCompactionSummaryMessage(compaction.summary, compaction.tokensBefore, compaction.timestamp));
    const idx = path.findIndex((e) => e.type === "compaction" && e.id === compaction.id);
    let foundFirstKept = false;
    for (let i = 0; i < idx; i++) {
      if (path[i].id === compaction.firstKeptEntryId) foundFirstKept = true;
      if (foundFirstKept) append(path[i]);
    }
    for (let i = idx + 1; i < path.length; i++) append(path[i]);
  } else {
    for (const e of path) append(e);
  }
  return { messages, thinkingLevel, model };
}

// ---------------------------------------------------------------------------
// compaction/compaction.js

function getMessageFromEntry(entry: any): any {
  if (entry.type === "message") return entry.message;
  if (entry.type === "custom_message") return createCustomMessage(entry.customType, entry.content, entry.display, entry.details, entry.timestamp);
  if (entry.type === "branch_summary") return createBranchSummaryMessage(entry.summary, entry.fromId, entry.timestamp);
  if (entry.type === "compaction") return createCompactionSummaryMessage(entry.summary, entry.tokensBefore, entry.timestamp);
  return undefined;
}

const getMessageFromEntryForCompaction = (entry: any) => (entry.type === "compaction" ? undefined : getMessageFromEntry(entry));

export const DEFAULT_COMPACTION_SETTINGS = { enabled: true, reserveTokens: 16384, keepRecentTokens: 20000 };

export function calculateContextTokens(usage: any): number {
  return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}

function getAssistantUsage(msg: any): any {
  if (msg.role === "assistant" && "usage" in msg && msg.stopReason !== "aborted" && msg.stopReason !== "error" && msg.usage) return msg.usage;
  return undefined;
}

export function getLastAssistantUsage(entries: any[]): any {
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].type === "message") {
      const usage = getAssistantUsage(entries[i].message);
      if (usage) return usage;
    }
  }
  return undefined;
}

export function estimateContextTokens(messages: any[]): any {
  let info: any;
  for (let i = messages.length - 1; i >= 0; i--) {
    const usage = getAssistantUsage(messages[i]);
    if (usage) {
      info = { usage, index: i };
      break;
    }
  }
  if (!info) {
    let estimated = 0;
    for (const m of messages) estimated += estimateTokens(m);
    return { tokens: estimated, usageTokens: 0, trailingTokens: estimated, lastUsageIndex: null };
  }
  const usageTokens = calculateContextTokens(info.usage);
  let trailingTokens = 0;
  for (let i = info.index + 1; i < messages.length; i++) trailingTokens += estimateTokens(messages[i]);
  return { tokens: usageTokens + trailingTokens, usageTokens, trailingTokens, lastUsageIndex: info.index };
}

export function shouldCompact(contextTokens: number, contextWindow: number, settings: any): boolean {
  if (!settings.enabled) return false;
  return contextTokens > contextWindow - settings.reserveTokens;
}

/** estimateTokens is pi's chars/4 estimate of one message. */
export function estimateTokens(message: any): number {
  let chars = 0;
  switch (message.role) {
    case "user": {
      const c = message.content;
      if (typeof c === "string") chars = c.length;
      else if (Array.isArray(c)) for (const b of c) if (b.type === "text" && b.text) chars += b.text.length;
      return Math.ceil(chars / 4);
    }
    case "assistant":
      for (const b of message.content) {
        if (b.type === "text") chars += b.text.length;
        else if (b.type === "thinking") chars += b.thinking.length;
        else if (b.type === "toolCall") chars += b.name.length + JSON.stringify(b.arguments).length;
      }
      return Math.ceil(chars / 4);
    case "custom":
    case "toolResult":
      if (typeof message.content === "string") chars = message.content.length;
      else
        for (const b of message.content) {
          if (b.type === "text" && b.text) chars += b.text.length;
          if (b.type === "image") chars += 4800;
        }
      return Math.ceil(chars / 4);
    case "bashExecution":
      return Math.ceil((message.command.length + message.output.length) / 4);
    case "branchSummary":
    case "compactionSummary":
      return Math.ceil(message.summary.length / 4);
  }
  return 0;
}

function findValidCutPoints(entries: any[], startIndex: number, endIndex: number): number[] {
  const cut: number[] = [];
  for (let i = startIndex; i < endIndex; i++) {
    const e = entries[i];
    if (e.type === "message") {
      const role = e.message.role;
      if (["bashExecution", "custom", "branchSummary", "compactionSummary", "user", "assistant"].includes(role)) cut.push(i);
    }
    if (e.type === "branch_summary" || e.type === "custom_message") cut.push(i);
  }
  return cut;
}

export function findTurnStartIndex(entries: any[], entryIndex: number, startIndex: number): number {
  for (let i = entryIndex; i >= startIndex; i--) {
    const e = entries[i];
    if (e.type === "branch_summary" || e.type === "custom_message") return i;
    if (e.type === "message" && (e.message.role === "user" || e.message.role === "bashExecution")) return i;
  }
  return -1;
}

export function findCutPoint(entries: any[], startIndex: number, endIndex: number, keepRecentTokens: number): any {
  const cutPoints = findValidCutPoints(entries, startIndex, endIndex);
  if (cutPoints.length === 0) return { firstKeptEntryIndex: startIndex, turnStartIndex: -1, isSplitTurn: false };
  let accumulated = 0;
  let cutIndex = cutPoints[0];
  for (let i = endIndex - 1; i >= startIndex; i--) {
    const e = entries[i];
    if (e.type !== "message") continue;
    accumulated += estimateTokens(e.message);
    if (accumulated >= keepRecentTokens) {
      for (const c of cutPoints) {
        if (c >= i) {
          cutIndex = c;
          break;
        }
      }
      break;
    }
  }
  while (cutIndex > startIndex) {
    const prev = entries[cutIndex - 1];
    if (prev.type === "compaction" || prev.type === "message") break;
    cutIndex--;
  }
  const cutEntry = entries[cutIndex];
  const isUser = cutEntry.type === "message" && cutEntry.message.role === "user";
  const turnStartIndex = isUser ? -1 : findTurnStartIndex(entries, cutIndex, startIndex);
  return { firstKeptEntryIndex: cutIndex, turnStartIndex, isSplitTurn: !isUser && turnStartIndex !== -1 };
}

// Summaries use the model's own output limit (pi 1.6: no maxTokens).
function completionOptions(model: any, signal: any, apiKey: any, headers: any, thinkingLevel: any): any {
  return model.reasoning && thinkingLevel && thinkingLevel !== "off"
    ? { signal, apiKey, headers, reasoning: thinkingLevel }
    : { signal, apiKey, headers };
}

// Why a summary reply cannot be kept: an error, or a cut at the token cap.
export function getSummarizationFailure(response: any, label: string): string | undefined {
  if (response.stopReason === "error") return `${label} failed: ${response.errorMessage || "Unknown error"}`;
  if (response.stopReason === "length") return `${label} failed: generation hit the token cap and the summary is incomplete`;
  return undefined;
}

// One summary call, retried by the retry policy (settings.retry) on
// transient errors; callbacks hear of each retry.
export async function completeSummarization(model: any, context: any, options: any, streamFn?: any, retry?: any, callbacks?: any): Promise<any> {
  const produce = async () => (streamFn ? (await streamFn(model, context, options)).result() : completeSimple(model, context, options));
  return retryAssistantCall(produce, retry, options.signal, callbacks);
}

function summaryText(response: any, label: string): string {
  const failure = getSummarizationFailure(response, label);
  if (failure) throw new Error(failure);
  if (response.content.some((block: any) => block.type === "toolCall")) throw new Error(`${label} attempted to call a tool`);
  return response.content
    .filter((c: any) => c.type === "text")
    .map((c: any) => c.text)
    .join("\n");
}

function summarizationContext(promptText: string): any {
  return { systemPrompt: SUMMARIZATION_SYSTEM_PROMPT, messages: [{ role: "user", content: [{ type: "text", text: promptText }], timestamp: Date.now() }] };
}

export async function generateSummaryWithUsage(
  currentMessages: any[],
  model: any,
  _reserveTokens: number | undefined, // unused since pi 1.6: summaries use the model's output limit
  apiKey: any,
  headers: any,
  signal: any,
  customInstructions?: string,
  previousSummary?: string,
  thinkingLevel?: string,
  streamFn?: any,
  _env?: any,
  retry?: any,
  callbacks?: any,
): Promise<any> {
  let basePrompt = previousSummary ? UPDATE_SUMMARIZATION_PROMPT : SUMMARIZATION_PROMPT;
  if (customInstructions) basePrompt = `${basePrompt}\n\nAdditional focus: ${customInstructions}`;
  const conversationText = serializeConversation(convertToLlm(currentMessages));
  let promptText = `<conversation>\n${conversationText}\n</conversation>\n\n`;
  if (previousSummary) promptText += `<previous-summary>\n${previousSummary}\n</previous-summary>\n\n`;
  promptText += basePrompt;
  const response: any = await completeSummarization(
    model,
    summarizationContext(promptText),
    completionOptions(model, signal, apiKey, headers, thinkingLevel),
    streamFn,
    retry,
    callbacks,
  );
  return { text: summaryText(response, "Summarization"), usage: response.usage };
}

export async function generateSummary(
  currentMessages: any[],
  model: any,
  reserveTokens: number | undefined,
  apiKey: any,
  headers: any,
  signal: any,
  customInstructions?: string,
  previousSummary?: string,
  thinkingLevel?: string,
  streamFn?: any,
  env?: any,
  retry?: any,
  callbacks?: any,
): Promise<string> {
  return (
    await generateSummaryWithUsage(currentMessages, model, reserveTokens, apiKey, headers, signal, customInstructions, previousSummary, thinkingLevel, streamFn, env, retry, callbacks)
  ).text;
}

export function prepareCompaction(pathEntries: any[], settings: any): any {
  if (pathEntries.length > 0 && pathEntries[pathEntries.length - 1].type === "compaction") return undefined;
  let prevCompactionIndex = -1;
  for (let i = pathEntries.length - 1; i >= 0; i--) {
    if (pathEntries[i].type === "compaction") {
      prevCompactionIndex = i;
      break;
    }
  }
  let previousSummary: string | undefined;
  let boundaryStart = 0;
  if (prevCompactionIndex >= 0) {
    const prev = pathEntries[prevCompactionIndex];
    previousSummary = prev.summary;
    const idx = pathEntries.findIndex((e) => e.id === prev.firstKeptEntryId);
    boundaryStart = idx >= 0 ? idx : prevCompactionIndex + 1;
  }
  const boundaryEnd = pathEntries.length;
  const tokensBefore = estimateContextTokens(buildSessionContext(pathEntries).messages).tokens;
  const cutPoint = findCutPoint(pathEntries, boundaryStart, boundaryEnd, settings.keepRecentTokens);
  const firstKept = pathEntries[cutPoint.firstKeptEntryIndex];
  if (!firstKept?.id) return undefined;
  const historyEnd = cutPoint.isSplitTurn ? cutPoint.turnStartIndex : cutPoint.firstKeptEntryIndex;
  const messagesToSummarize: any[] = [];
  for (let i = boundaryStart; i < historyEnd; i++) {
    const m = getMessageFromEntryForCompaction(pathEntries[i]);
    if (m) messagesToSummarize.push(m);
  }
  const turnPrefixMessages: any[] = [];
  if (cutPoint.isSplitTurn) {
    for (let i = cutPoint.turnStartIndex; i < cutPoint.firstKeptEntryIndex; i++) {
      const m = getMessageFromEntryForCompaction(pathEntries[i]);
      if (m) turnPrefixMessages.push(m);
    }
  }
  const fileOps = createFileOps();
  if (prevCompactionIndex >= 0) {
    const prev = pathEntries[prevCompactionIndex];
    if (!prev.fromHook && prev.details) {
      if (Array.isArray(prev.details.readFiles)) for (const f of prev.details.readFiles) fileOps.read.add(f);
      if (Array.isArray(prev.details.modifiedFiles)) for (const f of prev.details.modifiedFiles) fileOps.edited.add(f);
    }
  }
  for (const m of messagesToSummarize) extractFileOpsFromMessage(m, fileOps);
  if (cutPoint.isSplitTurn) for (const m of turnPrefixMessages) extractFileOpsFromMessage(m, fileOps);
  return {
    firstKeptEntryId: firstKept.id,
    messagesToSummarize,
    turnPrefixMessages,
    isSplitTurn: cutPoint.isSplitTurn,
    tokensBefore,
    previousSummary,
    fileOps,
    settings,
  };
}

async function generateTurnPrefixSummary(
  messages: any[],
  model: any,
  apiKey: any,
  headers: any,
  signal: any,
  thinkingLevel: any,
  streamFn: any,
  retry: any,
  callbacks: any,
  customInstructions?: string,
): Promise<any> {
  let promptText = `# Conversation\n${serializeConversation(convertToLlm(messages))}\n\n# Instructions\n${TURN_PREFIX_SUMMARIZATION_PROMPT}`;
  if (customInstructions) promptText = `${promptText}\n\nAdditional focus: ${customInstructions}`;
  const response: any = await completeSummarization(
    model,
    summarizationContext(promptText),
    completionOptions(model, signal, apiKey, headers, thinkingLevel),
    streamFn,
    retry,
    callbacks,
  );
  return { text: summaryText(response, "Turn prefix summarization"), usage: response.usage };
}

// pi's combineUsage: two calls' usage added up.
function combineUsage(a: any, b: any): any {
  const out: any = {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    totalTokens: a.totalTokens + b.totalTokens,
  };
  if (a.cacheWrite1h !== undefined || b.cacheWrite1h !== undefined) out.cacheWrite1h = (a.cacheWrite1h ?? 0) + (b.cacheWrite1h ?? 0);
  if (a.reasoning !== undefined || b.reasoning !== undefined) out.reasoning = (a.reasoning ?? 0) + (b.reasoning ?? 0);
  const ac = a.cost ?? {};
  const bc = b.cost ?? {};
  out.cost = {
    input: (ac.input ?? 0) + (bc.input ?? 0),
    output: (ac.output ?? 0) + (bc.output ?? 0),
    cacheRead: (ac.cacheRead ?? 0) + (bc.cacheRead ?? 0),
    cacheWrite: (ac.cacheWrite ?? 0) + (bc.cacheWrite ?? 0),
    total: (ac.total ?? 0) + (bc.total ?? 0),
    totalFromProvider: ac.totalFromProvider === true && bc.totalFromProvider === true,
  };
  return out;
}

export async function compact(
  preparation: any,
  model: any,
  apiKey: any,
  headers: any,
  customInstructions?: string,
  signal?: any,
  thinkingLevel?: string,
  streamFn?: any,
  env?: any,
  retry?: any,
  callbacks?: any,
): Promise<any> {
  const { firstKeptEntryId, messagesToSummarize, turnPrefixMessages, isSplitTurn, tokensBefore, previousSummary, fileOps } = preparation;
  let summary: string;
  let usage: any;
  if (isSplitTurn && turnPrefixMessages.length > 0) {
    // One after the other, as pi 1.6 does.
    let history = previousSummary ?? "No prior history.";
    let historyUsage: any;
    if (messagesToSummarize.length > 0) {
      const r = await generateSummaryWithUsage(messagesToSummarize, model, undefined, apiKey, headers, signal, customInstructions, previousSummary, thinkingLevel, streamFn, env, retry, callbacks);
      history = r.text;
      historyUsage = r.usage;
    }
    const prefix = await generateTurnPrefixSummary(turnPrefixMessages, model, apiKey, headers, signal, thinkingLevel, streamFn, retry, callbacks, customInstructions);
    summary = `${history}\n\n---\n\n**Turn Context (split turn):**\n\n${prefix.text}`;
    usage = historyUsage ? combineUsage(historyUsage, prefix.usage) : prefix.usage;
  } else {
    const r = await generateSummaryWithUsage(messagesToSummarize, model, undefined, apiKey, headers, signal, customInstructions, previousSummary, thinkingLevel, streamFn, env, retry, callbacks);
    summary = r.text;
    usage = r.usage;
  }
  const { readFiles, modifiedFiles } = computeFileLists(fileOps);
  summary += formatFileOperations(readFiles, modifiedFiles);
  if (!firstKeptEntryId) throw new Error("First kept entry has no UUID - session may need migration");
  return { summary, firstKeptEntryId, tokensBefore, usage, details: { readFiles, modifiedFiles } };
}

// ---------------------------------------------------------------------------
// compaction/branch-summarization.js

export function collectEntriesForBranchSummary(session: any, oldLeafId: string | null, targetId: string): any {
  if (!oldLeafId) return { entries: [], commonAncestorId: null };
  const oldPath = new Set(session.getBranch(oldLeafId).map((e: any) => e.id));
  const targetPath = session.getBranch(targetId);
  let commonAncestorId: string | null = null;
  for (let i = targetPath.length - 1; i >= 0; i--) {
    if (oldPath.has(targetPath[i].id)) {
      commonAncestorId = targetPath[i].id;
      break;
    }
  }
  const entries: any[] = [];
  let current: any = oldLeafId;
  while (current && current !== commonAncestorId) {
    const entry = session.getEntry(current);
    if (!entry) break;
    entries.push(entry);
    current = entry.parentId;
  }
  entries.reverse();
  return { entries, commonAncestorId };
}

// A context edit (pi 1.6) hides its target (replacement null) or replaces
// the content of a user, assistant, tool result or custom message.
function editedBranchMessage(message: any, edit: any): any {
  if (!edit) return message;
  const replacement = edit.replacement;
  if (replacement === null) return undefined;
  if (!["user", "assistant", "toolResult", "custom"].includes(message.role)) return message;
  const content =
    (message.role === "assistant" || message.role === "toolResult") && typeof replacement.content === "string"
      ? [{ type: "text", text: replacement.content }]
      : replacement.content;
  return { ...message, content };
}

function getBranchMessage(entry: any, edit?: any): any {
  switch (entry.type) {
    case "message":
      return entry.message.role === "toolResult" ? undefined : editedBranchMessage(entry.message, edit);
    case "custom_message":
      return editedBranchMessage(createCustomMessage(entry.customType, entry.content, entry.display, entry.details, entry.timestamp), edit);
    case "branch_summary":
      return createBranchSummaryMessage(entry.summary, entry.fromId, entry.timestamp);
    case "compaction":
      return createCompactionSummaryMessage(entry.summary, entry.tokensBefore, entry.timestamp);
  }
  return undefined;
}

export function prepareBranchEntries(entries: any[], tokenBudget = 0): any {
  const messages: any[] = [];
  const fileOps = createFileOps();
  let totalTokens = 0;
  for (const e of entries) {
    if (e.type === "branch_summary" && !e.fromHook && e.details) {
      if (Array.isArray(e.details.readFiles)) for (const f of e.details.readFiles) fileOps.read.add(f);
      if (Array.isArray(e.details.modifiedFiles)) for (const f of e.details.modifiedFiles) fileOps.edited.add(f);
    }
  }
  const edits = new Map<string, any>();
  for (const e of entries) if (e.type === "context_edit") edits.set(e.targetId, e);
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    const message = getBranchMessage(e, edits.get(e.id));
    if (!message) continue;
    extractFileOpsFromMessage(message, fileOps);
    const tokens = estimateTokens(message);
    if (tokenBudget > 0 && totalTokens + tokens > tokenBudget) {
      if ((e.type === "compaction" || e.type === "branch_summary") && totalTokens < tokenBudget * 0.9) {
        messages.unshift(message);
        totalTokens += tokens;
      }
      break;
    }
    messages.unshift(message);
    totalTokens += tokens;
  }
  return { messages, fileOps, totalTokens };
}

export async function generateBranchSummary(entries: any[], options: any): Promise<any> {
  const { model, apiKey, headers, signal, thinkingLevel, customInstructions, replaceInstructions, reserveTokens = 16384, streamFn, retry, callbacks } =
    options;
  const tokenBudget = (model.contextWindow || 128000) - reserveTokens;
  const { messages, fileOps } = prepareBranchEntries(entries, tokenBudget);
  if (messages.length === 0) return { summary: "No content to summarize" };
  const conversationText = serializeConversation(convertToLlm(messages));
  let instructions: string;
  if (replaceInstructions && customInstructions) instructions = customInstructions;
  else if (customInstructions) instructions = `${BRANCH_SUMMARY_PROMPT}\n\nAdditional focus: ${customInstructions}`;
  else instructions = BRANCH_SUMMARY_PROMPT;
  const promptText = `<conversation>\n${conversationText}\n</conversation>\n\n${instructions}`;
  const response: any = await completeSummarization(
    model,
    summarizationContext(promptText),
    completionOptions(model, signal, apiKey, headers, thinkingLevel),
    streamFn,
    retry,
    callbacks,
  );
  if (response.stopReason === "aborted") return { aborted: true };
  const failure = getSummarizationFailure(response, "Branch summarization");
  if (failure) return { error: failure };
  if (response.content.some((block: any) => block.type === "toolCall")) return { error: "Branch summarization attempted to call a tool" };
  let summary = response.content
    .filter((c: any) => c.type === "text")
    .map((c: any) => c.text)
    .join("\n");
  summary = BRANCH_SUMMARY_PREAMBLE + summary;
  const { readFiles, modifiedFiles } = computeFileLists(fileOps);
  summary += formatFileOperations(readFiles, modifiedFiles);
  return { summary: summary || "No summary generated", usage: response.usage, readFiles, modifiedFiles };
}

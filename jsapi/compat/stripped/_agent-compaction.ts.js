var __defProp = Object.defineProperty;
var pigo_agent_compaction_exports = __defProp({}, "__esModule", { value: true });
pigo_agent_compaction_exports.bashExecutionToText = bashExecutionToText;
pigo_agent_compaction_exports.buildSessionContext = buildSessionContext;
pigo_agent_compaction_exports.calculateContextTokens = calculateContextTokens;
pigo_agent_compaction_exports.collectEntriesForBranchSummary = collectEntriesForBranchSummary;
pigo_agent_compaction_exports.compact = compact;
pigo_agent_compaction_exports.completeSummarization = completeSummarization;
pigo_agent_compaction_exports.computeFileLists = computeFileLists;
pigo_agent_compaction_exports.convertToLlm = convertToLlm;
pigo_agent_compaction_exports.createBranchSummaryMessage = createBranchSummaryMessage;
pigo_agent_compaction_exports.createCompactionSummaryMessage = createCompactionSummaryMessage;
pigo_agent_compaction_exports.createCustomMessage = createCustomMessage;
pigo_agent_compaction_exports.createFileOps = createFileOps;
pigo_agent_compaction_exports.estimateContextTokens = estimateContextTokens;
pigo_agent_compaction_exports.estimateTokens = estimateTokens;
pigo_agent_compaction_exports.extractFileOpsFromMessage = extractFileOpsFromMessage;
pigo_agent_compaction_exports.findCutPoint = findCutPoint;
pigo_agent_compaction_exports.findTurnStartIndex = findTurnStartIndex;
pigo_agent_compaction_exports.formatFileOperations = formatFileOperations;
pigo_agent_compaction_exports.generateBranchSummary = generateBranchSummary;
pigo_agent_compaction_exports.generateSummary = generateSummary;
pigo_agent_compaction_exports.generateSummaryWithUsage = generateSummaryWithUsage;
pigo_agent_compaction_exports.getLastAssistantUsage = getLastAssistantUsage;
pigo_agent_compaction_exports.getLatestCompactionEntry = getLatestCompactionEntry;
pigo_agent_compaction_exports.getSummarizationFailure = getSummarizationFailure;
pigo_agent_compaction_exports.migrateSessionEntries = migrateSessionEntries;
pigo_agent_compaction_exports.parseSessionEntries = parseSessionEntries;
pigo_agent_compaction_exports.prepareBranchEntries = prepareBranchEntries;
pigo_agent_compaction_exports.prepareCompaction = prepareCompaction;
pigo_agent_compaction_exports.serializeConversation = serializeConversation;
pigo_agent_compaction_exports.shouldCompact = shouldCompact;
module.exports = pigo_agent_compaction_exports;
const completeSimple = (...args) => require("@mariozechner/pi-ai").completeSimple(...args);
const retryAssistantCall = (...args) => require("@earendil-works/pi-ai").retryAssistantCall(...args);
const PROMPTS = require("pigo:compaction-prompts");
const SUMMARIZATION_SYSTEM_PROMPT = PROMPTS.SUMMARIZATION_SYSTEM_PROMPT;
const SUMMARIZATION_PROMPT = PROMPTS.SUMMARIZATION_PROMPT;
const UPDATE_SUMMARIZATION_PROMPT = PROMPTS.UPDATE_SUMMARIZATION_PROMPT;
const TURN_PREFIX_SUMMARIZATION_PROMPT = PROMPTS.TURN_PREFIX_SUMMARIZATION_PROMPT;
const BRANCH_SUMMARY_PREAMBLE = PROMPTS.BRANCH_SUMMARY_PREAMBLE;
const BRANCH_SUMMARY_PROMPT = PROMPTS.BRANCH_SUMMARY_PROMPT;
const COMPACTION_SUMMARY_PREFIX = PROMPTS.COMPACTION_SUMMARY_PREFIX;
const COMPACTION_SUMMARY_SUFFIX = PROMPTS.COMPACTION_SUMMARY_SUFFIX;
const BRANCH_SUMMARY_PREFIX = PROMPTS.BRANCH_SUMMARY_PREFIX;
const BRANCH_SUMMARY_SUFFIX = PROMPTS.BRANCH_SUMMARY_SUFFIX;
function bashExecutionToText(msg) {
  let text = `Ran \`${msg.command}\`
`;
  if (msg.output) text += `\`\`\`
${msg.output}
\`\`\``;
  else text += "(no output)";
  if (msg.cancelled) text += "\n\n(command cancelled)";
  else if (msg.exitCode !== null && msg.exitCode !== void 0 && msg.exitCode !== 0) text += `

Command exited with code ${msg.exitCode}`;
  if (msg.truncated && msg.fullOutputPath) text += `

[Output truncated. Full output: ${msg.fullOutputPath}]`;
  return text;
}
function createBranchSummaryMessage(summary, fromId, timestamp) {
  return { role: "branchSummary", summary, fromId, timestamp: new Date(timestamp).getTime() };
}
function createCompactionSummaryMessage(summary, tokensBefore, timestamp) {
  return { role: "compactionSummary", summary, tokensBefore, timestamp: new Date(timestamp).getTime() };
}
function createCustomMessage(customType, content, display, details, timestamp) {
  return { role: "custom", customType, content, display, details, timestamp: new Date(timestamp).getTime() };
}
function convertToLlm(messages) {
  return messages.map((m) => {
    switch (m.role) {
      case "bashExecution":
        if (m.excludeFromContext) return void 0;
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
          timestamp: m.timestamp
        };
      case "user":
      case "assistant":
      case "toolResult":
        return m;
      default:
        return void 0;
    }
  }).filter((m) => m !== void 0);
}
function createFileOps() {
  return { read: /* @__PURE__ */ new Set(), written: /* @__PURE__ */ new Set(), edited: /* @__PURE__ */ new Set() };
}
function extractFileOpsFromMessage(message, fileOps) {
  if (message.role !== "assistant") return;
  if (!("content" in message) || !Array.isArray(message.content)) return;
  for (const block of message.content) {
    if (typeof block !== "object" || block === null) continue;
    if (!("type" in block) || block.type !== "toolCall") continue;
    if (!("arguments" in block) || !("name" in block)) continue;
    const args = block.arguments;
    if (!args) continue;
    const path = typeof args.path === "string" ? args.path : void 0;
    if (!path) continue;
    if (block.name === "read") fileOps.read.add(path);
    else if (block.name === "write") fileOps.written.add(path);
    else if (block.name === "edit") fileOps.edited.add(path);
  }
}
function computeFileLists(fileOps) {
  const modified = /* @__PURE__ */ new Set([...fileOps.edited, ...fileOps.written]);
  const readFiles = [...fileOps.read].filter((f) => !modified.has(f)).sort();
  return { readFiles, modifiedFiles: [...modified].sort() };
}
function formatFileOperations(readFiles, modifiedFiles) {
  const sections = [];
  if (readFiles.length > 0) sections.push(`<read-files>
${readFiles.join("\n")}
</read-files>`);
  if (modifiedFiles.length > 0) sections.push(`<modified-files>
${modifiedFiles.join("\n")}
</modified-files>`);
  if (sections.length === 0) return "";
  return `

${sections.join("\n\n")}`;
}
const TOOL_RESULT_MAX_CHARS = 2e3;
function truncateForSummary(text, maxChars) {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}

[... ${text.length - maxChars} more characters truncated]`;
}
function serializeConversation(messages) {
  const parts = [];
  for (const msg of messages) {
    if (msg.role === "user") {
      const content = typeof msg.content === "string" ? msg.content : msg.content.filter((c) => c.type === "text").map((c) => c.text).join("");
      if (content) parts.push(`[User]: ${content}`);
    } else if (msg.role === "assistant") {
      const textParts = [];
      const thinkingParts = [];
      const toolCalls = [];
      for (const block of msg.content) {
        if (block.type === "text") textParts.push(block.text);
        else if (block.type === "thinking") thinkingParts.push(block.thinking);
        else if (block.type === "toolCall") {
          const argsStr = Object.entries(block.arguments).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(", ");
          toolCalls.push(`${block.name}(${argsStr})`);
        }
      }
      if (thinkingParts.length > 0) parts.push(`[Assistant thinking]: ${thinkingParts.join("\n")}`);
      if (textParts.length > 0) parts.push(`[Assistant]: ${textParts.join("\n")}`);
      if (toolCalls.length > 0) parts.push(`[Assistant tool calls]: ${toolCalls.join("; ")}`);
    } else if (msg.role === "toolResult") {
      const content = msg.content.filter((c) => c.type === "text").map((c) => c.text).join("");
      if (content) parts.push(`[Tool result]: ${truncateForSummary(content, TOOL_RESULT_MAX_CHARS)}`);
    }
  }
  return parts.join("\n\n");
}
const CURRENT_SESSION_VERSION = 3;
function generateId(ids) {
  for (let i = 0; i < 100; i++) {
    const id = crypto.randomUUID().slice(0, 8);
    if (!ids.has(id)) return id;
  }
  return crypto.randomUUID();
}
function migrateSessionEntries(entries) {
  const header = entries.find((e) => e.type === "session");
  const version = header?.version ?? 1;
  if (version >= CURRENT_SESSION_VERSION) return;
  if (version < 2) {
    const ids = /* @__PURE__ */ new Set();
    let prevId = null;
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
function parseSessionEntries(content) {
  const entries = [];
  for (const line of content.trim().split("\n")) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line));
    } catch {
    }
  }
  return entries;
}
function getLatestCompactionEntry(entries) {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i].type === "compaction") return entries[i];
  return null;
}
function buildSessionContext(entries, leafId, byId) {
  if (!byId) {
    byId = /* @__PURE__ */ new Map();
    for (const e of entries) byId.set(e.id, e);
  }
  if (leafId === null) return { messages: [], thinkingLevel: "off", model: null };
  let leaf = leafId ? byId.get(leafId) : void 0;
  if (!leaf) leaf = entries[entries.length - 1];
  if (!leaf) return { messages: [], thinkingLevel: "off", model: null };
  const path = [];
  let current = leaf;
  while (current) {
    path.unshift(current);
    current = current.parentId ? byId.get(current.parentId) : void 0;
  }
  let thinkingLevel = "off";
  let model = null;
  let compaction = null;
  for (const e of path) {
    if (e.type === "thinking_level_change") thinkingLevel = e.thinkingLevel;
    else if (e.type === "model_change") model = { provider: e.provider, modelId: e.modelId };
    else if (e.type === "message" && e.message.role === "assistant") model = { provider: e.message.provider, modelId: e.message.model };
    else if (e.type === "compaction") compaction = e;
  }
  const messages = [];
  const append = (e) => {
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
function getMessageFromEntry(entry) {
  if (entry.type === "message") return entry.message;
  if (entry.type === "custom_message") return createCustomMessage(entry.customType, entry.content, entry.display, entry.details, entry.timestamp);
  if (entry.type === "branch_summary") return createBranchSummaryMessage(entry.summary, entry.fromId, entry.timestamp);
  if (entry.type === "compaction") return createCompactionSummaryMessage(entry.summary, entry.tokensBefore, entry.timestamp);
  return void 0;
}
const getMessageFromEntryForCompaction = (entry) => entry.type === "compaction" ? void 0 : getMessageFromEntry(entry);
const DEFAULT_COMPACTION_SETTINGS = { enabled: true, reserveTokens: 16384, keepRecentTokens: 2e4 };
function calculateContextTokens(usage) {
  return usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
}
function getAssistantUsage(msg) {
  if (msg.role === "assistant" && "usage" in msg && msg.stopReason !== "aborted" && msg.stopReason !== "error" && msg.usage) return msg.usage;
  return void 0;
}
function getLastAssistantUsage(entries) {
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].type === "message") {
      const usage = getAssistantUsage(entries[i].message);
      if (usage) return usage;
    }
  }
  return void 0;
}
function estimateContextTokens(messages) {
  let info;
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
function shouldCompact(contextTokens, contextWindow, settings) {
  if (!settings.enabled) return false;
  return contextTokens > contextWindow - settings.reserveTokens;
}
function estimateTokens(message) {
  let chars = 0;
  switch (message.role) {
    case "user": {
      const c = message.content;
      if (typeof c === "string") chars = c.length;
      else if (Array.isArray(c)) {
        for (const b of c) if (b.type === "text" && b.text) chars += b.text.length;
      }
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
function findValidCutPoints(entries, startIndex, endIndex) {
  const cut = [];
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
function findTurnStartIndex(entries, entryIndex, startIndex) {
  for (let i = entryIndex; i >= startIndex; i--) {
    const e = entries[i];
    if (e.type === "branch_summary" || e.type === "custom_message") return i;
    if (e.type === "message" && (e.message.role === "user" || e.message.role === "bashExecution")) return i;
  }
  return -1;
}
function findCutPoint(entries, startIndex, endIndex, keepRecentTokens) {
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
function completionOptions(model, signal, apiKey, headers, thinkingLevel) {
  return model.reasoning && thinkingLevel && thinkingLevel !== "off" ? { signal, apiKey, headers, reasoning: thinkingLevel } : { signal, apiKey, headers };
}
function getSummarizationFailure(response, label) {
  if (response.stopReason === "error") return `${label} failed: ${response.errorMessage || "Unknown error"}`;
  if (response.stopReason === "length") return `${label} failed: generation hit the token cap and the summary is incomplete`;
  return void 0;
}
async function completeSummarization(model, context, options, streamFn, retry, callbacks) {
  const produce = async () => streamFn ? (await streamFn(model, context, options)).result() : completeSimple(model, context, options);
  return retryAssistantCall(produce, retry, options.signal, callbacks);
}
function summaryText(response, label) {
  const failure = getSummarizationFailure(response, label);
  if (failure) throw new Error(failure);
  if (response.content.some((block) => block.type === "toolCall")) throw new Error(`${label} attempted to call a tool`);
  return response.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
}
function summarizationContext(promptText) {
  return { systemPrompt: SUMMARIZATION_SYSTEM_PROMPT, messages: [{ role: "user", content: [{ type: "text", text: promptText }], timestamp: Date.now() }] };
}
async function generateSummaryWithUsage(currentMessages, model, _reserveTokens, apiKey, headers, signal, customInstructions, previousSummary, thinkingLevel, streamFn, _env, retry, callbacks) {
  let basePrompt = previousSummary ? UPDATE_SUMMARIZATION_PROMPT : SUMMARIZATION_PROMPT;
  if (customInstructions) basePrompt = `${basePrompt}

Additional focus: ${customInstructions}`;
  const conversationText = serializeConversation(convertToLlm(currentMessages));
  let promptText = `<conversation>
${conversationText}
</conversation>

`;
  if (previousSummary) promptText += `<previous-summary>
${previousSummary}
</previous-summary>

`;
  promptText += basePrompt;
  const response = await completeSummarization(
    model,
    summarizationContext(promptText),
    completionOptions(model, signal, apiKey, headers, thinkingLevel),
    streamFn,
    retry,
    callbacks
  );
  return { text: summaryText(response, "Summarization"), usage: response.usage };
}
async function generateSummary(currentMessages, model, reserveTokens, apiKey, headers, signal, customInstructions, previousSummary, thinkingLevel, streamFn, env, retry, callbacks) {
  return (await generateSummaryWithUsage(currentMessages, model, reserveTokens, apiKey, headers, signal, customInstructions, previousSummary, thinkingLevel, streamFn, env, retry, callbacks)).text;
}
function prepareCompaction(pathEntries, settings) {
  if (pathEntries.length > 0 && pathEntries[pathEntries.length - 1].type === "compaction") return void 0;
  let prevCompactionIndex = -1;
  for (let i = pathEntries.length - 1; i >= 0; i--) {
    if (pathEntries[i].type === "compaction") {
      prevCompactionIndex = i;
      break;
    }
  }
  let previousSummary;
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
  if (!firstKept?.id) return void 0;
  const historyEnd = cutPoint.isSplitTurn ? cutPoint.turnStartIndex : cutPoint.firstKeptEntryIndex;
  const messagesToSummarize = [];
  for (let i = boundaryStart; i < historyEnd; i++) {
    const m = getMessageFromEntryForCompaction(pathEntries[i]);
    if (m) messagesToSummarize.push(m);
  }
  const turnPrefixMessages = [];
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
    settings
  };
}
async function generateTurnPrefixSummary(messages, model, apiKey, headers, signal, thinkingLevel, streamFn, retry, callbacks, customInstructions) {
  let promptText = `# Conversation
${serializeConversation(convertToLlm(messages))}

# Instructions
${TURN_PREFIX_SUMMARIZATION_PROMPT}`;
  if (customInstructions) promptText = `${promptText}

Additional focus: ${customInstructions}`;
  const response = await completeSummarization(
    model,
    summarizationContext(promptText),
    completionOptions(model, signal, apiKey, headers, thinkingLevel),
    streamFn,
    retry,
    callbacks
  );
  return { text: summaryText(response, "Turn prefix summarization"), usage: response.usage };
}
function combineUsage(a, b) {
  const out = {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    totalTokens: a.totalTokens + b.totalTokens
  };
  if (a.cacheWrite1h !== void 0 || b.cacheWrite1h !== void 0) out.cacheWrite1h = (a.cacheWrite1h ?? 0) + (b.cacheWrite1h ?? 0);
  if (a.reasoning !== void 0 || b.reasoning !== void 0) out.reasoning = (a.reasoning ?? 0) + (b.reasoning ?? 0);
  const ac = a.cost ?? {};
  const bc = b.cost ?? {};
  out.cost = {
    input: (ac.input ?? 0) + (bc.input ?? 0),
    output: (ac.output ?? 0) + (bc.output ?? 0),
    cacheRead: (ac.cacheRead ?? 0) + (bc.cacheRead ?? 0),
    cacheWrite: (ac.cacheWrite ?? 0) + (bc.cacheWrite ?? 0),
    total: (ac.total ?? 0) + (bc.total ?? 0),
    totalFromProvider: ac.totalFromProvider === true && bc.totalFromProvider === true
  };
  return out;
}
async function compact(preparation, model, apiKey, headers, customInstructions, signal, thinkingLevel, streamFn, env, retry, callbacks) {
  const { firstKeptEntryId, messagesToSummarize, turnPrefixMessages, isSplitTurn, tokensBefore, previousSummary, fileOps } = preparation;
  let summary;
  let usage;
  if (isSplitTurn && turnPrefixMessages.length > 0) {
    let history = previousSummary ?? "No prior history.";
    let historyUsage;
    if (messagesToSummarize.length > 0) {
      const r = await generateSummaryWithUsage(messagesToSummarize, model, void 0, apiKey, headers, signal, customInstructions, previousSummary, thinkingLevel, streamFn, env, retry, callbacks);
      history = r.text;
      historyUsage = r.usage;
    }
    const prefix = await generateTurnPrefixSummary(turnPrefixMessages, model, apiKey, headers, signal, thinkingLevel, streamFn, retry, callbacks, customInstructions);
    summary = `${history}

---

**Turn Context (split turn):**

${prefix.text}`;
    usage = historyUsage ? combineUsage(historyUsage, prefix.usage) : prefix.usage;
  } else {
    const r = await generateSummaryWithUsage(messagesToSummarize, model, void 0, apiKey, headers, signal, customInstructions, previousSummary, thinkingLevel, streamFn, env, retry, callbacks);
    summary = r.text;
    usage = r.usage;
  }
  const { readFiles, modifiedFiles } = computeFileLists(fileOps);
  summary += formatFileOperations(readFiles, modifiedFiles);
  if (!firstKeptEntryId) throw new Error("First kept entry has no UUID - session may need migration");
  return { summary, firstKeptEntryId, tokensBefore, usage, details: { readFiles, modifiedFiles } };
}
function collectEntriesForBranchSummary(session, oldLeafId, targetId) {
  if (!oldLeafId) return { entries: [], commonAncestorId: null };
  const oldPath = new Set(session.getBranch(oldLeafId).map((e) => e.id));
  const targetPath = session.getBranch(targetId);
  let commonAncestorId = null;
  for (let i = targetPath.length - 1; i >= 0; i--) {
    if (oldPath.has(targetPath[i].id)) {
      commonAncestorId = targetPath[i].id;
      break;
    }
  }
  const entries = [];
  let current = oldLeafId;
  while (current && current !== commonAncestorId) {
    const entry = session.getEntry(current);
    if (!entry) break;
    entries.push(entry);
    current = entry.parentId;
  }
  entries.reverse();
  return { entries, commonAncestorId };
}
function editedBranchMessage(message, edit) {
  if (!edit) return message;
  const replacement = edit.replacement;
  if (replacement === null) return void 0;
  if (!["user", "assistant", "toolResult", "custom"].includes(message.role)) return message;
  const content = (message.role === "assistant" || message.role === "toolResult") && typeof replacement.content === "string" ? [{ type: "text", text: replacement.content }] : replacement.content;
  return { ...message, content };
}
function getBranchMessage(entry, edit) {
  switch (entry.type) {
    case "message":
      return entry.message.role === "toolResult" ? void 0 : editedBranchMessage(entry.message, edit);
    case "custom_message":
      return editedBranchMessage(createCustomMessage(entry.customType, entry.content, entry.display, entry.details, entry.timestamp), edit);
    case "branch_summary":
      return createBranchSummaryMessage(entry.summary, entry.fromId, entry.timestamp);
    case "compaction":
      return createCompactionSummaryMessage(entry.summary, entry.tokensBefore, entry.timestamp);
  }
  return void 0;
}
function prepareBranchEntries(entries, tokenBudget = 0) {
  const messages = [];
  const fileOps = createFileOps();
  let totalTokens = 0;
  for (const e of entries) {
    if (e.type === "branch_summary" && !e.fromHook && e.details) {
      if (Array.isArray(e.details.readFiles)) for (const f of e.details.readFiles) fileOps.read.add(f);
      if (Array.isArray(e.details.modifiedFiles)) for (const f of e.details.modifiedFiles) fileOps.edited.add(f);
    }
  }
  const edits = /* @__PURE__ */ new Map();
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
async function generateBranchSummary(entries, options) {
  const { model, apiKey, headers, signal, thinkingLevel, customInstructions, replaceInstructions, reserveTokens = 16384, streamFn, retry, callbacks } = options;
  const tokenBudget = (model.contextWindow || 128e3) - reserveTokens;
  const { messages, fileOps } = prepareBranchEntries(entries, tokenBudget);
  if (messages.length === 0) return { summary: "No content to summarize" };
  const conversationText = serializeConversation(convertToLlm(messages));
  let instructions;
  if (replaceInstructions && customInstructions) instructions = customInstructions;
  else if (customInstructions) instructions = `${BRANCH_SUMMARY_PROMPT}

Additional focus: ${customInstructions}`;
  else instructions = BRANCH_SUMMARY_PROMPT;
  const promptText = `<conversation>
${conversationText}
</conversation>

${instructions}`;
  const response = await completeSummarization(
    model,
    summarizationContext(promptText),
    completionOptions(model, signal, apiKey, headers, thinkingLevel),
    streamFn,
    retry,
    callbacks
  );
  if (response.stopReason === "aborted") return { aborted: true };
  const failure = getSummarizationFailure(response, "Branch summarization");
  if (failure) return { error: failure };
  if (response.content.some((block) => block.type === "toolCall")) return { error: "Branch summarization attempted to call a tool" };
  let summary = response.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
  summary = BRANCH_SUMMARY_PREAMBLE + summary;
  const { readFiles, modifiedFiles } = computeFileLists(fileOps);
  summary += formatFileOperations(readFiles, modifiedFiles);
  return { summary: summary || "No summary generated", usage: response.usage, readFiles, modifiedFiles };
}
// Annotate the CommonJS export names for ESM import in node:
pigo_agent_compaction_exports.BRANCH_SUMMARY_PREFIX = BRANCH_SUMMARY_PREFIX;
pigo_agent_compaction_exports.BRANCH_SUMMARY_SUFFIX = BRANCH_SUMMARY_SUFFIX;
pigo_agent_compaction_exports.COMPACTION_SUMMARY_PREFIX = COMPACTION_SUMMARY_PREFIX;
pigo_agent_compaction_exports.COMPACTION_SUMMARY_SUFFIX = COMPACTION_SUMMARY_SUFFIX;
pigo_agent_compaction_exports.CURRENT_SESSION_VERSION = CURRENT_SESSION_VERSION;
pigo_agent_compaction_exports.DEFAULT_COMPACTION_SETTINGS = DEFAULT_COMPACTION_SETTINGS;
pigo_agent_compaction_exports.SUMMARIZATION_SYSTEM_PROMPT = SUMMARIZATION_SYSTEM_PROMPT;
0 && (module.exports = {
  BRANCH_SUMMARY_PREFIX,
  BRANCH_SUMMARY_SUFFIX,
  COMPACTION_SUMMARY_PREFIX,
  COMPACTION_SUMMARY_SUFFIX,
  CURRENT_SESSION_VERSION,
  DEFAULT_COMPACTION_SETTINGS,
  SUMMARIZATION_SYSTEM_PROMPT,
  bashExecutionToText,
  buildSessionContext,
  calculateContextTokens,
  collectEntriesForBranchSummary,
  compact,
  completeSummarization,
  computeFileLists,
  convertToLlm,
  createBranchSummaryMessage,
  createCompactionSummaryMessage,
  createCustomMessage,
  createFileOps,
  estimateContextTokens,
  estimateTokens,
  extractFileOpsFromMessage,
  findCutPoint,
  findTurnStartIndex,
  formatFileOperations,
  generateBranchSummary,
  generateSummary,
  generateSummaryWithUsage,
  getLastAssistantUsage,
  getLatestCompactionEntry,
  getSummarizationFailure,
  migrateSessionEntries,
  parseSessionEntries,
  prepareBranchEntries,
  prepareCompaction,
  serializeConversation,
  shouldCompact
});

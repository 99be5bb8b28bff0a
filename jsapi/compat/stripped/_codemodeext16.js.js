var WeakRef = globalThis.WeakRef || class {
  constructor(v) {
    this.v = v;
  }
  deref() {
    return this.v;
  }
};
var FinalizationRegistry = globalThis.FinalizationRegistry || class {
  register() {
  }
  unregister() {
  }
};
var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
function getDocsPath() {
  return "https://github.com/earendil-works/pi/tree/v1.6.0/packages/coding-agent/docs";
}
function getQuickJSWasmPath() {
  return "";
}
function getCodemodeWorkerSpecifier() {
  return "";
}
var init_config = __esm({
  "stub:config.js"() {
  }
});
function formatSize(bytes) {
  if (bytes < 1024) {
    return `${bytes}B`;
  } else if (bytes < 1024 * 1024) {
    return `${(bytes / 1024).toFixed(1)}KB`;
  } else {
    return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
  }
}
function sliceHead(text, maxUnits) {
  const end = Math.max(0, maxUnits);
  return isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end)) ? text.slice(0, end - 1) : text.slice(0, end);
}
function sliceTail(text, maxUnits) {
  if (maxUnits <= 0)
    return "";
  const start = Math.max(0, text.length - maxUnits);
  return isLowSurrogate(text.charCodeAt(start)) && isHighSurrogate(text.charCodeAt(start - 1)) ? text.slice(start + 1) : text.slice(start);
}
function isHighSurrogate(code) {
  return code >= 55296 && code <= 56319;
}
function isLowSurrogate(code) {
  return code >= 56320 && code <= 57343;
}
var DEFAULT_MAX_BYTES;
var init_truncate = __esm({
  "@earendil-works/pi-coding-agent/dist/core/tools/truncate.js"() {
    DEFAULT_MAX_BYTES = 50 * 1024;
  }
});
function combineUsage(first, second) {
  return {
    input: first.input + second.input,
    output: first.output + second.output,
    cacheRead: first.cacheRead + second.cacheRead,
    cacheWrite: first.cacheWrite + second.cacheWrite,
    ...first.cacheWrite1h !== void 0 || second.cacheWrite1h !== void 0 ? { cacheWrite1h: (first.cacheWrite1h ?? 0) + (second.cacheWrite1h ?? 0) } : {},
    ...first.reasoning !== void 0 || second.reasoning !== void 0 ? { reasoning: (first.reasoning ?? 0) + (second.reasoning ?? 0) } : {},
    totalTokens: first.totalTokens + second.totalTokens,
    cost: {
      input: first.cost.input + second.cost.input,
      output: first.cost.output + second.cost.output,
      cacheRead: first.cost.cacheRead + second.cost.cacheRead,
      cacheWrite: first.cost.cacheWrite + second.cost.cacheWrite,
      total: first.cost.total + second.cost.total,
      // A sum is provider-reported only when every part is.
      totalFromProvider: first.cost.totalFromProvider === true && second.cost.totalFromProvider === true
    }
  };
}
var init_usage_totals = __esm({
  "@earendil-works/pi-coding-agent/dist/core/usage-totals.js"() {
  }
});
function createOutputFilePath(prefix, extension) {
  return (0, import_node_path.join)((0, import_node_os.tmpdir)(), `${prefix}-${(0, import_node_crypto.randomBytes)(8).toString("hex")}${extension}`);
}
async function writeOutputFile(prefix, extension, data) {
  const path = createOutputFilePath(prefix, extension);
  await (0, import_promises.writeFile)(path, data, { mode: OUTPUT_FILE_MODE, flag: "wx" });
  return path;
}
var import_node_crypto, import_node_fs, import_promises, import_node_os, import_node_path, OUTPUT_FILE_MODE;
var init_output_files = __esm({
  "@earendil-works/pi-coding-agent/dist/utils/output-files.js"() {
    import_node_crypto = require("node:crypto");
    import_node_fs = require("node:fs");
    import_promises = require("node:fs/promises");
    import_node_os = require("node:os");
    import_node_path = require("node:path");
    OUTPUT_FILE_MODE = 384;
  }
});
function stem(term) {
  if (term.length > 4 && term.endsWith("ies"))
    return `${term.slice(0, -3)}y`;
  if (term.length > 4 && /(ches|shes|sses|xes|zes)$/.test(term))
    return term.slice(0, -2);
  if (term.length > 3 && term.endsWith("s") && !term.endsWith("ss"))
    return term.slice(0, -1);
  return term;
}
function tokenize(text) {
  const normalized = text.normalize("NFC").replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2").toLowerCase().replace(new RegExp("[^\\p{L}\\p{M}\\p{N}]+", "gu"), " ");
  const words = /^[a-z0-9 ]*$/.test(normalized) ? normalized.split(" ") : Array.from(wordSegmenter.segment(normalized), (segment) => segment.isWordLike ? segment.segment : "");
  return words.filter((word) => word.length > 0 && !STOP_WORDS.has(word)).map((word) => /^[a-z0-9]+$/.test(word) ? stem(word) : word);
}
function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function schemaText(schema, root, parts, seen) {
  if (!isObject(schema))
    return;
  if (typeof schema.$ref === "string") {
    const target = (0, import_declarations.resolveSchemaRef)(schema.$ref, root);
    if (isObject(target) && !seen.has(target)) {
      seen.add(target);
      schemaText(target, root, parts, seen);
    }
  }
  if (typeof schema.description === "string")
    parts.push(schema.description);
  if (isObject(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      parts.push(name);
      schemaText(property, root, parts, seen);
    }
  }
  schemaText(schema.items, root, parts, seen);
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const variants = schema[key];
    if (Array.isArray(variants))
      for (const variant of variants)
        schemaText(variant, root, parts, seen);
  }
}
function createToolSearchDocument(tool, namespace) {
  const parts = [tool.description];
  schemaText(tool.parameters, tool.parameters, parts, /* @__PURE__ */ new Set([tool.parameters]));
  const namespaceText = namespace ? [namespace.name, namespace.description ?? "", namespace.instructions ?? ""].join(" ") : "";
  return { name: tool.name, text: parts.filter((part) => part.trim()).join(" "), namespaceText };
}
function normalizeName(name) {
  return name.trim().toLowerCase().replace(/[^a-z0-9_$]/g, "_");
}
function isExactNameQuery(query, name) {
  const normalized = normalizeName(name);
  return normalized === query || normalized.endsWith(`__${query}`);
}
function indexDocument(document) {
  const textCounts = /* @__PURE__ */ new Map();
  for (const term of tokenize(document.text))
    textCounts.set(term, (textCounts.get(term) ?? 0) + 1);
  const segments = document.name.split("__");
  return {
    name: document.name,
    nameTerms: new Set(tokenize(document.name)),
    localNameTerms: [...new Set(tokenize(segments[segments.length - 1]))],
    textCounts,
    textLength: [...textCounts.values()].reduce((sum, count) => sum + count, 0),
    namespaceTerms: new Set(tokenize(document.namespaceText ?? ""))
  };
}
function isSearchable(exposure) {
  return exposure === "codemode" || exposure === "deferred";
}
function searchAndLoad(tools, query, limit) {
  const active = tools.getActiveTools();
  const candidates = tools.getAllTools().filter((tool) => isSearchable(tool.exposure) && !active.includes(tool.name));
  const documents = candidates.map((tool) => createToolSearchDocument(tool, tool.namespace));
  const matches = new Bm25Ranker().rank(query, documents, limit);
  if (matches.length > 0)
    tools.setActiveTools([...active, ...matches.map((match) => match.name)]);
  return matches.map((match) => ({
    name: match.name,
    description: candidates.find((tool) => tool.name === match.name)?.description ?? ""
  }));
}
function createToolSearchToolDefinition(options = {}) {
  return {
    name: TOOL_SEARCH_TOOL_NAME,
    label: TOOL_SEARCH_TOOL_NAME,
    description: TOOL_SEARCH_DESCRIPTION,
    promptSnippet: "Search for tools that are not loaded yet and load the matches",
    parameters: toolSearchSchema,
    // Searching is not something scripts need; it changes what the model sees.
    exposure: "model-only",
    // A query can match any tool that is not declared yet.
    reachesTools: () => "all",
    async execute(_toolCallId, { query, limit }) {
      if (query.trim() === "")
        throw new Error("query must not be empty");
      const max = limit ?? DEFAULT_TOOL_SEARCH_LIMIT;
      if (!Number.isInteger(max) || max <= 0)
        throw new Error("limit must be a positive integer");
      const tools = options.tools ? searchAndLoad(options.tools, query, max) : [];
      const text = tools.length === 0 ? "No matching tools found." : `Loaded ${tools.length} tool${tools.length === 1 ? "" : "s"}. They are available from your next call:
${tools.map((tool) => `- ${tool.name}: ${tool.description.trim().split(/\r?\n/)[0]}`).join("\n")}`;
      return { content: [{ type: "text", text }], details: { loaded: tools.map((tool) => tool.name) } };
    }
  };
}
var import_declarations, import_typebox, TOOL_SEARCH_TOOL_NAME, DEFAULT_TOOL_SEARCH_LIMIT, wordSegmenter, STOP_WORDS, NAME_WEIGHT, NAMESPACE_WEIGHT, Bm25Ranker, toolSearchSchema, TOOL_SEARCH_DESCRIPTION;
var init_tool = __esm({
  "@earendil-works/pi-coding-agent/dist/extensions/tool-search/tool.js"() {
    import_declarations = require("@earendil-works/pi-codemode");
    import_typebox = require("typebox");
    TOOL_SEARCH_TOOL_NAME = "tool_search";
    DEFAULT_TOOL_SEARCH_LIMIT = 8;
    wordSegmenter = new Intl.Segmenter(void 0, { granularity: "word" });
    STOP_WORDS = /* @__PURE__ */ new Set([
      "a",
      "an",
      "and",
      "are",
      "as",
      "at",
      "be",
      "by",
      "for",
      "from",
      "in",
      "is",
      "it",
      "of",
      "on",
      "or",
      "that",
      "the",
      "this",
      "to",
      "with"
    ]);
    NAME_WEIGHT = 3;
    NAMESPACE_WEIGHT = 0.5;
    Bm25Ranker = class {
      constructor(options = {}) {
        __publicField(this, "k1");
        __publicField(this, "b");
        this.k1 = options.k1 ?? 1.2;
        this.b = options.b ?? 0.75;
      }
      rank(query, documents, limit) {
        const queryTerms = new Set(tokenize(query));
        if (queryTerms.size === 0 || documents.length === 0 || limit <= 0)
          return [];
        const indexed = documents.map(indexDocument);
        const averageLength = indexed.reduce((sum, document) => sum + document.textLength, 0) / indexed.length || 1;
        const idf = new Map([...queryTerms].map((term) => {
          const frequency = indexed.filter((document) => document.nameTerms.has(term) || document.textCounts.has(term) || document.namespaceTerms.has(term)).length;
          return [term, Math.log(1 + (indexed.length - frequency + 0.5) / (frequency + 0.5))];
        }));
        const fullNameBonus = [...idf.values()].reduce((sum, value) => sum + value, 0);
        const exactQuery = normalizeName(query);
        const matches = [];
        for (const document of indexed) {
          const norm = this.k1 * (1 - this.b + this.b * document.textLength / averageLength);
          let score = 0;
          let covered = 0;
          for (const term of queryTerms) {
            const count = document.textCounts.get(term) ?? 0;
            const weight = (document.nameTerms.has(term) ? NAME_WEIGHT : 0) + (document.namespaceTerms.has(term) ? NAMESPACE_WEIGHT : 0) + count * (this.k1 + 1) / (count + norm);
            if (weight > 0)
              covered++;
            score += (idf.get(term) ?? 0) * weight;
          }
          if (score === 0)
            continue;
          const local = document.localNameTerms;
          if (local.length > 0 && local.every((term) => queryTerms.has(term)))
            score += fullNameBonus;
          matches.push({ name: document.name, score, covered, exact: isExactNameQuery(exactQuery, document.name) });
        }
        return matches.sort((a, b) => Number(b.exact) - Number(a.exact) || b.covered - a.covered || b.score - a.score).slice(0, limit).map(({ name, score }) => ({ name, score }));
      }
    };
    toolSearchSchema = import_typebox.Type.Object({
      query: import_typebox.Type.String({ description: "Search query for deferred tools." }),
      limit: import_typebox.Type.Optional(import_typebox.Type.Number({ description: `Maximum number of tools to return. Defaults to ${DEFAULT_TOOL_SEARCH_LIMIT}.` }))
    });
    TOOL_SEARCH_DESCRIPTION = `# Tool discovery

Searches over deferred tool metadata with BM25 and exposes matching tools for the next model call.

Some of the tools, such as tools of MCP servers, may not have been provided to you upfront, and you should use this tool (\`${TOOL_SEARCH_TOOL_NAME}\`) to search for the required tools. For MCP tool discovery, always use \`${TOOL_SEARCH_TOOL_NAME}\`.`;
  }
});
var DEFAULT_MAX_AGENT_RETRY_DELAY_MS;
var init_retry = __esm({
  "stub:retry"() {
    DEFAULT_MAX_AGENT_RETRY_DELAY_MS = 6e4;
  }
});
var SETTINGS_DEFAULTS;
var init_settings_defaults = __esm({
  "@earendil-works/pi-coding-agent/dist/core/settings-defaults.js"() {
    init_retry();
    SETTINGS_DEFAULTS = {
      transport: "auto",
      sessionShareDestination: "auto",
      steeringMode: "one-at-a-time",
      followUpMode: "one-at-a-time",
      compaction: {
        enabled: true,
        reserveTokens: 16384,
        keepRecentTokens: 2e4
      },
      branchSummary: {
        reserveTokens: 16384,
        skipPrompt: false
      },
      retry: {
        enabled: true,
        maxRetries: 3,
        baseDelayMs: 2e3,
        maxAgentDelayMs: DEFAULT_MAX_AGENT_RETRY_DELAY_MS,
        provider: {
          maxRetryDelayMs: 6e4
        }
      },
      hideThinkingBlock: false,
      showCacheMissNotices: false,
      quietStartup: false,
      defaultProjectTrust: "ask",
      collapseChangelog: false,
      enableInstallTelemetry: true,
      enableAnalytics: false,
      enableSkillCommands: true,
      terminal: {
        showImages: true,
        imageWidthCells: 60,
        clearOnShrink: false,
        showTerminalProgress: false
      },
      images: {
        autoResize: true,
        blockImages: false
      },
      doubleEscapeAction: "tree",
      treeFilterMode: "default",
      editorPaddingX: 0,
      outputPad: 1,
      autocompleteMaxVisible: 5,
      markdown: {
        codeBlockIndent: "  ",
        mermaid: "streaming"
      },
      warnings: {
        anthropicExtraUsage: true
      },
      codemode: {
        mode: "on",
        inlineBudget: 3e3
      },
      cacheWarming: "idle",
      tuiMode: "fullscreen",
      fullscreenExitOutput: "transcript",
      fullscreenScrollbar: "auto",
      fullscreenCopyOnSelect: true,
      fullscreenWheelScrollLines: "auto"
    };
  }
});
var init_tool_definition_wrapper = __esm({
  "@earendil-works/pi-coding-agent/dist/core/tools/tool-definition-wrapper.js"() {
  }
});
var loadCodemodeExecutor;
var init_execute_lazy = __esm({
  "@earendil-works/pi-coding-agent/dist/extensions/codemode/execute.lazy.js"() {
    loadCodemodeExecutor = () => Promise.resolve().then(() => (init_execute(), execute_exports));
  }
});
var codemodeRenderers;
var init_renderer = __esm({
  "stub:renderer.js"() {
    codemodeRenderers = {};
  }
});
function describeGlobals(models) {
  const lines = [
    "Globals:",
    "- `text(value)`, `image(dataUrlOrImageBlock)`, `console.log(...)`, and top-level `return` add output; `exit()` ends the script. With several text items, each starts with a `==> text N/M <==` line, and `console` lines follow the other output in one `<console_output>` block. `image()` also saves the image to a temp file and the result names its path.",
    "- `store(key, value)` and `load(key)` keep JSON values across codemode calls.",
    "- `ALL_TOOLS`, `await searchTools(query, { limit?, namespace? })`, `await describeTool(name)`, `await describeNamespace(name)`: find unlisted tools, such as MCP tools."
  ];
  if (models) {
    lines.push(`- \`models\`: classifiers and image generation. Read ${CODEMODE_DOCS_PATH} first.`);
  }
  return lines.join("\n");
}
function toCodemodeDeclaration(tool, guidelines = []) {
  const bullets = guidelines.flatMap((guideline) => guideline.trim() ? [`- ${guideline.trim()}`] : []);
  return {
    name: tool.name,
    description: bullets.length > 0 ? `${tool.description.trim()}

${bullets.join("\n")}` : tool.description,
    inputSchema: tool.parameters,
    outputSchema: tool.outputSchema ?? TEXT_OUTPUT_SCHEMA
  };
}
function getCodemodeCallableTools(tools) {
  return tools.filter((tool) => tool.name !== CODEMODE_TOOL_NAME);
}
function renderToolSection(declaration) {
  const id = (0, import_declarations2.toCodemodeIdentifier)(declaration.name);
  const heading = id === declaration.name ? `### \`${id}\`` : `### \`${id}\` (\`${declaration.name}\`)`;
  return `${heading}
${(0, import_declarations2.renderToolSample)(declaration).trim()}`;
}
function selectCatalog(groups, budget) {
  if (budget === void 0)
    return new Set(groups.flatMap((group) => group.entries.map((entry) => entry.name)));
  const queues = groups.map((group) => [...group.entries].sort((a, b) => a.cost - b.cost));
  const shown = /* @__PURE__ */ new Set();
  let remaining = budget;
  let active = queues.filter((queue) => queue.length > 0);
  while (active.length > 0) {
    active = active.filter((queue) => {
      const next = queue[0];
      if (next.cost > remaining)
        return false;
      remaining -= next.cost;
      shown.add(next.name);
      queue.shift();
      return queue.length > 0;
    });
  }
  return shown;
}
function createCodemodeDescription(tools, options = {}) {
  const declarations = getCodemodeCallableTools(tools).filter((tool) => !options.deferred?.has(tool.name)).map((tool) => toCodemodeDeclaration(tool, options.guidelines?.get(tool.name)));
  const groups = /* @__PURE__ */ new Map([["", { namespace: void 0, entries: [] }]]);
  for (const declaration of declarations) {
    const namespace = options.namespaces?.get(declaration.name);
    const key = namespace ? `ns:${namespace.name}` : "";
    const group = groups.get(key) ?? { namespace, entries: [] };
    groups.set(key, group);
    const section = renderToolSection(declaration);
    group.entries.push({ name: declaration.name, section, cost: Math.ceil(section.length / CHARS_PER_TOKEN) });
  }
  const ordered = [...groups.values()].sort((a, b) => a.namespace === void 0 ? -1 : b.namespace === void 0 ? 1 : a.namespace.name.localeCompare(b.namespace.name));
  const shown = selectCatalog(ordered, options.inlineBudget);
  const sections = [DESCRIPTION_INTRO, describeGlobals(options.models === true)];
  if (declarations.length === 0)
    return sections.join("\n\n");
  const toolSections = ["Nested tools:"];
  for (const { namespace, entries } of ordered) {
    const visible = entries.filter((entry) => shown.has(entry.name));
    if (namespace) {
      const listing = visible.length === entries.length ? "" : visible.length === 0 ? " (tools not listed)" : " (some tools not listed)";
      const description = namespace.description?.trim();
      toolSections.push(`## ${namespace.name}${listing}${description ? `
${description}` : ""}`);
    }
    for (const entry of visible)
      toolSections.push(entry.section);
  }
  sections.push(toolSections.join("\n\n"));
  return sections.join("\n\n");
}
function describeFields(schema, root, depth) {
  const resolved = followRef(schema, root);
  if (typeof resolved !== "object" || resolved === null)
    return void 0;
  const { type, properties, required } = resolved;
  if (type !== "object" || typeof properties !== "object" || properties === null)
    return void 0;
  const requiredNames = new Set(Array.isArray(required) ? required : []);
  const fields = Object.entries(properties).map(([name, field]) => {
    const constValue = followRef(field, root)?.const;
    const nested = constValue !== void 0 ? JSON.stringify(constValue) : depth > 0 ? describeFields(field, root, depth - 1) : void 0;
    return `${name}${requiredNames.has(name) ? "" : "?"}${nested ? `: ${nested}` : ""}`;
  });
  return `{ ${fields.join(", ")} }`;
}
function describeOutput(name, schema) {
  const type = (0, import_declarations2.renderToolOutputType)(schema);
  if (type === "string")
    return "a string";
  const fields = schema === void 0 ? void 0 : describeFields(schema, schema, 1) ?? describeUnionFields(schema, schema);
  if (fields)
    return `\`${fields}\``;
  if (!type.includes("\n"))
    return `\`${type}\``;
  return `a value; \`await describeTool(${JSON.stringify(name)})\` shows its type`;
}
function describeUnionFields(schema, root) {
  const resolved = followRef(schema, root);
  if (typeof resolved !== "object" || resolved === null)
    return void 0;
  const { anyOf, oneOf } = resolved;
  const variants = anyOf ?? oneOf;
  if (!Array.isArray(variants) || variants.length === 0)
    return void 0;
  const described = variants.map((variant) => describeFields(variant, root, 0));
  return described.every((fields) => fields !== void 0) ? described.join(" | ") : void 0;
}
function followRef(schema, root) {
  const seen = /* @__PURE__ */ new Set();
  let current = schema;
  while (typeof current === "object" && current !== null && !seen.has(current)) {
    const ref = current.$ref;
    if (typeof ref !== "string")
      break;
    const target = (0, import_declarations2.resolveSchemaRef)(ref, root);
    if (target === void 0)
      break;
    seen.add(current);
    current = target;
  }
  return current;
}
function describeScriptCall(tool) {
  return `${tool.description.trim()}

Codemode: \`tools.${(0, import_declarations2.toCodemodeIdentifier)(tool.name)}(args)\` resolves to ${describeOutput(tool.name, toCodemodeDeclaration(tool).outputSchema)}.`;
}
function prepareCodemodeLoadout(loadout, options) {
  const mode = options.getMode?.() ?? SETTINGS_DEFAULTS.codemode.mode;
  const isDirect = (tool) => loadout.getExposure(tool.name) === "direct";
  const callable = getCodemodeCallableTools(loadout.callable);
  const callableNames = new Set(callable.map((tool) => tool.name));
  const descriptions = {};
  if (mode === "on") {
    for (const tool of loadout.declared) {
      if (callableNames.has(tool.name))
        descriptions[tool.name] = describeScriptCall(tool);
    }
  }
  const listed = mode === "only" ? callable : callable.filter((tool) => !isDirect(tool));
  const namespaces = new Map(listed.flatMap((tool) => {
    const namespace = loadout.getNamespace(tool.name);
    return namespace ? [[tool.name, namespace]] : [];
  }));
  const guidelines = new Map(listed.map((tool) => [tool.name, loadout.getPromptGuidelines(tool.name)]));
  descriptions[CODEMODE_TOOL_NAME] = createCodemodeDescription(listed, {
    models: options.models === true,
    namespaces,
    guidelines,
    deferred: new Set(listed.filter((tool) => loadout.getExposure(tool.name) === "deferred").map((tool) => tool.name)),
    inlineBudget: options.getInlineBudget?.() ?? DEFAULT_CODEMODE_INLINE_BUDGET
  });
  const declaredNames = new Set(loadout.declared.map((tool) => tool.name));
  return {
    descriptions,
    hiddenDeclarations: mode === "only" ? callable.filter((tool) => isDirect(tool) && declaredNames.has(tool.name)).map((tool) => tool.name) : []
  };
}
function getScriptReach(code) {
  if (typeof code !== "string")
    return [];
  return DISCOVERY_GLOBALS.test(code) ? "all" : code.match(/\w+/g) ?? [];
}
function createCodemodeToolDefinition(options = {}) {
  return {
    name: CODEMODE_TOOL_NAME,
    label: CODEMODE_TOOL_NAME,
    // Replaced with the declarations of the callable tools when the tool is activated.
    description: createCodemodeDescription([], { models: options.models === true }),
    promptSnippet: codemodeToolSystemPromptContribution.snippet,
    promptGuidelines: [...codemodeToolSystemPromptContribution.guidelines],
    parameters: codemodeSchema,
    // Scripts must not start other scripts.
    exposure: "model-only",
    prepareLoadout: (loadout) => prepareCodemodeLoadout(loadout, options),
    reachesTools: (input) => getScriptReach(input.code),
    // Capable models write the script as raw text instead of a JSON-escaped string.
    constrainedSampling: { type: "grammar", variants: { openai_lark: import_source.CODEMODE_SOURCE_GRAMMAR } },
    // The sandbox (worker, QuickJS wasm) loads on the first call, not at startup.
    execute: async (toolCallId, params, signal, onUpdate, ctx) => (await loadCodemodeExecutor()).executeCodemode(toolCallId, params, signal, onUpdate, ctx, options),
    ...codemodeRenderers
  };
}
var import_node_path2, import_declarations2, import_source, import_typebox2, CODEMODE_TOOL_NAME, CODEMODE_STORE_ENTRY_TYPE, TEXT_OUTPUT_SCHEMA, codemodeSchema, codemodeToolSystemPromptContribution, CODEMODE_DOCS_PATH, DESCRIPTION_INTRO, DEFAULT_CODEMODE_INLINE_BUDGET, CHARS_PER_TOKEN, DISCOVERY_GLOBALS;
var init_tool2 = __esm({
  "@earendil-works/pi-coding-agent/dist/extensions/codemode/tool.js"() {
    import_node_path2 = require("node:path");
    import_declarations2 = require("@earendil-works/pi-codemode");
    import_source = require("@earendil-works/pi-codemode");
    import_typebox2 = require("typebox");
    init_config();
    init_settings_defaults();
    init_tool_definition_wrapper();
    init_execute_lazy();
    init_renderer();
    CODEMODE_TOOL_NAME = "codemode";
    CODEMODE_STORE_ENTRY_TYPE = "codemode-store";
    TEXT_OUTPUT_SCHEMA = { type: "string" };
    codemodeSchema = import_typebox2.Type.Object({
      code: import_typebox2.Type.String({
        description: "Raw JavaScript source."
      })
    });
    codemodeToolSystemPromptContribution = {
      snippet: "Run JavaScript that calls other tools",
      guidelines: [
        "Use codemode to batch independent tool calls (Promise.allSettled), chain them, or filter large output, instead of many separate calls."
      ]
    };
    CODEMODE_DOCS_PATH = (0, import_node_path2.join)(getDocsPath(), "codemode.md");
    DESCRIPTION_INTRO = `Run JavaScript that calls other tools. The input is raw JavaScript (not JSON, no code fence), run as an async function body in a QuickJS sandbox: top-level \`await\` and \`return\` work. No Node, file system, network, or timers.
- \`await tools.<name>({ ...args })\` resolves to a string, or an object if the tool's declaration says so, and rejects with an Error on failure. A tool whose declaration returns an object resolves on failure too when it returned that object; check its fields. Calls still running when the script ends are cancelled.
- Optional first line: \`// @options: {"max_output_tokens": 10000, "timeout_ms": 60000}\``;
    DEFAULT_CODEMODE_INLINE_BUDGET = SETTINGS_DEFAULTS.codemode.inlineBudget;
    CHARS_PER_TOKEN = 4;
    DISCOVERY_GLOBALS = /\b(searchTools|describeNamespace|describeTool|ALL_TOOLS)\b/;
  }
});
var execute_exports = {};
execute_exports.executeCodemode = executeCodemode;
execute_exports.readCodemodeStore = readCodemodeStore;
function maxCodemodeWorkers() {
  const value = Number(process.env.PI_CODEMODE_MAX_WORKERS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_CODEMODE_WORKERS;
}
function reserveCodemodeWorker(signal, timeoutMs) {
  if (signal?.aborted)
    return Promise.resolve("aborted");
  return new Promise((resolve) => {
    const settle = (outcome) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      const index = codemodeWorkerWaiters.indexOf(grant);
      if (index >= 0)
        codemodeWorkerWaiters.splice(index, 1);
      resolve(outcome);
    };
    const grant = () => settle("reserved");
    const onAbort = () => settle("aborted");
    const timer = setTimeout(() => settle("timeout"), timeoutMs);
    codemodeWorkerWaiters.push(grant);
    signal?.addEventListener("abort", onAbort, { once: true });
    admitCodemodeWorkers();
  });
}
function admitCodemodeWorkers() {
  while (codemodeWorkerWaiters.length > 0 && activeCodemodeWorkers < maxCodemodeWorkers()) {
    activeCodemodeWorkers++;
    codemodeWorkerWaiters.shift()?.();
  }
}
function releaseCodemodeWorker() {
  activeCodemodeWorkers--;
  admitCodemodeWorkers();
}
function truncateText(text, maxChars) {
  return text.length > maxChars ? `${sliceHead(text, maxChars - 3)}...` : text;
}
function previewArgs(args) {
  if (args === void 0)
    return "";
  try {
    return truncateText(JSON.stringify(args) ?? "", ARGS_PREVIEW_CHARS);
  } catch {
    return "";
  }
}
function textOf(result) {
  return (result.content ?? []).filter((block) => block.type === "text").map((block) => block.text).join("\n");
}
function toModelType(value) {
  if (typeof value === "string" && MODEL_TYPES.has(value))
    return value;
  throw new Error(`Unknown model type ${JSON.stringify(value)}. Use "chat", "image", or "classifier".`);
}
function toProvider(value) {
  if (value === void 0 || value === null)
    return void 0;
  if (typeof value !== "string")
    throw new Error("provider must be a string");
  return value;
}
function toModelInfo(model) {
  const info = { ...model };
  delete info.headers;
  return info;
}
function withArticle(word) {
  return `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;
}
function describeValue(value) {
  if (value === void 0 || value === null)
    return String(value);
  if (Array.isArray(value))
    return value.length === 0 ? "an empty array" : "an array";
  if (typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length === 0)
      return "{}";
    return `{ ${keys.slice(0, 6).join(", ")}${keys.length > 6 ? ", ..." : ""} }`;
  }
  return typeof value === "string" ? "a string" : `a ${typeof value}`;
}
function checkClassifierContext(context) {
  const fail = (problem) => new Error(`models.classify() ${problem}. Expected context: ${CLASSIFIER_CONTEXT_SHAPE}. See "Classify" in ${CODEMODE_DOCS_PATH}.`);
  if (typeof context !== "object" || context === null || Array.isArray(context)) {
    throw fail(`expects a context object as its second argument, got ${describeValue(context)}`);
  }
  const { state, images, questions } = context;
  if (typeof state !== "object" || state === null || Array.isArray(state)) {
    throw fail(`context.state must be an object, got ${describeValue(state)}`);
  }
  if (images !== void 0) {
    if (!Array.isArray(images))
      throw fail(`context.images must be an array, got ${describeValue(images)}`);
    images.forEach((image, index) => {
      if (image?.type !== "image" || typeof image.data !== "string" || typeof image.mimeType !== "string") {
        throw fail(`context.images[${index}] must be an image block, got ${describeValue(image)}`);
      }
    });
  }
  if (typeof questions !== "object" || questions === null || Array.isArray(questions) || Object.keys(questions).length === 0) {
    throw fail(`context.questions must map question IDs to questions, got ${describeValue(questions)}`);
  }
  const isStrings = (values) => values.length > 0 && values.every((value) => typeof value === "string");
  for (const [id, question] of Object.entries(questions)) {
    const at = `context.questions.${id}`;
    if (typeof question !== "object" || question === null || Array.isArray(question)) {
      throw fail(`${at} must be a question object, got ${describeValue(question)}`);
    }
    const { type, instructions, criteria } = question;
    if (typeof instructions !== "string")
      throw fail(`${at}.instructions must be a string`);
    if (type === "choice") {
      if (typeof criteria !== "object" || criteria === null || Array.isArray(criteria) || !isStrings(Object.values(criteria))) {
        throw fail(`${at} is a "choice" question, so criteria must map each label to its meaning`);
      }
    } else if (type === "score") {
      if (!Array.isArray(criteria) || !isStrings(criteria)) {
        throw fail(`${at} is a "score" question, so criteria must list the levels as strings, lowest first`);
      }
    } else if (type === "bool") {
      const labels = criteria;
      if (typeof labels?.true !== "string" || typeof labels.false !== "string") {
        throw fail(`${at} is a "bool" question, so criteria must be { true: string, false: string }`);
      }
    } else {
      throw fail(`${at}.type must be "choice", "score", or "bool", got ${JSON.stringify(type)}`);
    }
  }
  return context;
}
function checkImagesContext(context) {
  const fail = (problem) => new Error(`models.generateImages() ${problem}. Expected context: { input: [{ type: "text", text: <prompt> }, ...optional { type: "image", data: <base64>, mimeType } references] }. See "Generate images" in ${CODEMODE_DOCS_PATH}.`);
  if (typeof context !== "object" || context === null || Array.isArray(context)) {
    throw fail(`expects a context object as its second argument, got ${describeValue(context)}`);
  }
  const { input } = context;
  if (!Array.isArray(input) || input.length === 0) {
    throw fail(`context.input must be a non-empty array of blocks, got ${describeValue(input)}`);
  }
  input.forEach((block, index) => {
    if (block?.type === "text" && typeof block.text === "string")
      return;
    if (block?.type === "image" && typeof block.data === "string" && typeof block.mimeType === "string")
      return;
    throw fail(`context.input[${index}] must be a text or image block, got ${describeValue(block)}`);
  });
  return context;
}
function createLimiter(limit) {
  let active = 0;
  const waiting = [];
  return async (run) => {
    if (active >= limit)
      await new Promise((resolve) => waiting.push(resolve));
    active++;
    try {
      return await run();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
function isStoreEntryData(data) {
  if (typeof data !== "object" || data === null)
    return false;
  const { set, delete: deleted } = data;
  return typeof set === "object" && set !== null && Array.isArray(deleted) && deleted.every((key) => typeof key === "string");
}
function readCodemodeStore(branch) {
  const store = /* @__PURE__ */ new Map();
  for (const entry of branch) {
    if (entry.type !== "custom" || entry.customType !== CODEMODE_STORE_ENTRY_TYPE || !isStoreEntryData(entry.data)) {
      continue;
    }
    for (const key of entry.data.delete)
      store.delete(key);
    for (const [key, value] of Object.entries(entry.data.set))
      store.set(key, value);
  }
  return Object.fromEntries(store);
}
function valueText(value) {
  if (typeof value === "string")
    return value;
  return JSON.stringify(value) ?? String(value);
}
function formatOutput(output) {
  const total = output.filter((item) => item.type === "text" && !item.console).length;
  const items = [];
  const consoleLines = [];
  let index = 0;
  for (const item of output) {
    if (item.type === "image") {
      items.push(item);
    } else if (item.console) {
      consoleLines.push(item.text);
    } else {
      index++;
      items.push({ type: "text", text: total > 1 ? `==> text ${index}/${total} <==
${item.text}` : item.text });
    }
  }
  if (consoleLines.length > 0) {
    items.push({ type: "text", text: `<console_output>
${consoleLines.join("\n")}
</console_output>` });
  }
  return items;
}
function joinAdjacentText(items) {
  const joined = [];
  let parts = [];
  let lastPart = "";
  const flush = () => {
    if (parts.length > 0)
      joined.push({ type: "text", text: parts.join("") });
    parts = [];
    lastPart = "";
  };
  for (const item of items) {
    if (item.type !== "text") {
      flush();
      joined.push(item);
      continue;
    }
    if (lastPart !== "" && !lastPart.endsWith("\n")) {
      parts.push("\n");
      lastPart = "\n";
    }
    parts.push(item.text);
    if (item.text !== "")
      lastPart = item.text;
  }
  flush();
  return joined;
}
function formatCallSummary(calls) {
  if (calls.length === 0)
    return "No tool calls were made.";
  return `Tool calls made before the failure (they are not undone): ${calls.map((call) => `${call.name} (${call.status})`).join(", ")}`;
}
function formatError(result, calls) {
  const { error } = result;
  const head = error.kind === "script" ? error.stack ?? `${error.name ?? "Error"}: ${error.message}` : error.kind === "timeout" ? `Script timed out: ${error.message}` : error.kind === "aborted" ? `Script aborted: ${error.message}` : `Script sandbox failed: ${error.message}`;
  return `${head}

${formatCallSummary(calls)}`;
}
async function spillOutput(text) {
  try {
    return { path: await writeOutputFile("pi-codemode", ".txt", text) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
async function saveImages(items) {
  const labels = /* @__PURE__ */ new Map();
  const label = async ({ data, mimeType }) => {
    const bytes = Buffer.from(data, "base64");
    const kind = `${mimeType}, ${formatSize(bytes.length)}`;
    const extension = IMAGE_EXTENSIONS[mimeType];
    if (!extension)
      throw new Error(`No file extension for image type ${mimeType}`);
    try {
      const path = await writeOutputFile("pi-codemode", extension, bytes);
      return `[Image saved to ${path} (${kind})]`;
    } catch (error) {
      return `[Image (${kind}) could not be saved: ${error instanceof Error ? error.message : String(error)}]`;
    }
  };
  const result = await Promise.all(items.map(async (item) => {
    if (item.type !== "image")
      return [item];
    let pending = labels.get(item.data);
    if (!pending) {
      pending = label(item);
      labels.set(item.data, pending);
    }
    return [{ type: "text", text: await pending }, item];
  }));
  return result.flat();
}
async function truncateOutput(items, maxTokens) {
  const texts = items.filter((item) => item.type === "text").map((item) => item.text);
  const combined = texts.join("\n");
  const budget = maxTokens * CHARS_PER_TOKEN2;
  if (texts.length === 0 || combined.length <= budget)
    return { items };
  const headChars = Math.floor(budget / 2);
  const tailChars = budget - headChars;
  const removed = combined.length - headChars - tailChars;
  const head = sliceHead(combined, headChars);
  const tail = sliceTail(combined, tailChars);
  let text = `Warning: truncated output (original token count: ${Math.ceil(combined.length / CHARS_PER_TOKEN2)})
Total output lines: ${combined.split("\n").length}

${head}\u2026${Math.ceil(removed / CHARS_PER_TOKEN2)} tokens truncated\u2026${tail}`;
  const spilled = await spillOutput(combined);
  text += "path" in spilled ? `

[Full output: ${spilled.path} (read with offset/limit)]` : `

[Could not save the full output: ${spilled.error}]`;
  return {
    items: [{ type: "text", text }, ...items.filter((item) => item.type === "image")],
    ..."path" in spilled ? { fullOutputPath: spilled.path } : {}
  };
}
function toScriptValue(tool, outcome) {
  const { result } = outcome;
  if (tool.outputSchema && result.structuredContent !== void 0)
    return result.structuredContent;
  const text = textOf(result);
  if (outcome.isError)
    throw new Error(text || `Tool "${tool.name}" failed`);
  return text;
}
async function executeCodemode(toolCallId, input, signal, onUpdate, ctx, options = {}) {
  const startedAt = performance.now();
  const { code, options: sourceOptions } = (0, import_pi_codemode.parseCodemodeSource)(input.code);
  const calls = [];
  let modelUsage;
  let generatedImages = 0;
  const addGeneratedImages = (count) => {
    generatedImages += count;
  };
  const addModelUsage = (usage) => {
    modelUsage = modelUsage ? combineUsage(modelUsage, usage) : usage;
  };
  const snapshot = () => ({ calls: calls.map((call) => ({ ...call })) });
  const publish = () => onUpdate?.({ content: [], details: snapshot() });
  publish();
  const callable = ctx ? getCodemodeCallableTools(ctx.tools) : [];
  const guidelines = options.getToolGuidelines?.();
  const samples = new Map(callable.map((tool) => [tool.name, (0, import_pi_codemode.renderToolSample)(toCodemodeDeclaration(tool, guidelines?.get(tool.name)))]));
  const sandboxTools = callable.map((tool) => ({
    name: tool.name,
    description: samples.get(tool.name),
    execute: async (args, { signal: callSignal }) => {
      const record = {
        id: `${toolCallId}/?`,
        name: tool.name,
        args: previewArgs(args),
        status: "running"
      };
      calls.push(record);
      publish();
      const callStartedAt = performance.now();
      if (!ctx)
        throw new Error("Tool calls need a session");
      const outcome = await ctx.executeTool(tool.name, args, { signal: callSignal });
      record.id = outcome.toolCall.id;
      record.durationMs = performance.now() - callStartedAt;
      if (outcome.isError) {
        record.status = callSignal.aborted ? "cancelled" : "error";
        record.error = truncateText(textOf(outcome.result) || `Tool "${tool.name}" failed`, ERROR_PREVIEW_CHARS);
      } else {
        record.status = "ok";
      }
      publish();
      return toScriptValue(tool, outcome);
    }
  }));
  const deadline = sourceOptions.timeoutMs ?? Number.POSITIVE_INFINITY;
  const waitStartedAt = performance.now();
  const admission = await reserveCodemodeWorker(signal, Math.min(deadline, CODEMODE_WORKER_WAIT_MS));
  const waitedMs = performance.now() - waitStartedAt;
  if (admission !== "reserved") {
    const waited = ((performance.now() - startedAt) / 1e3).toFixed(1);
    const reason = signal?.reason;
    const error = admission === "aborted" ? `Script aborted: ${reason instanceof Error ? reason.message : "Execution aborted"}` : deadline <= CODEMODE_WORKER_WAIT_MS ? `Script timed out: Execution timed out after ${deadline} ms while waiting for a free codemode worker` : `No codemode worker became free within ${CODEMODE_WORKER_WAIT_MS / 1e3} seconds. All ${maxCodemodeWorkers()} workers, shared by every session in this process, are held by other scripts. Retry after they finish.`;
    return {
      content: [
        { type: "text", text: `Script failed
Wall time ${waited} seconds
Output:
` },
        { type: "text", text: `Script error:
${error}

The script did not start.` }
      ],
      details: snapshot(),
      isError: true
    };
  }
  let reserved = true;
  let sandbox;
  let result;
  try {
    sandbox = new import_pi_codemode.CodemodeSandbox({
      tools: sandboxTools,
      globals: [
        ...createDiscoveryGlobals(callable, samples, options),
        ...options.models && ctx ? createModelGlobals(ctx.modelRegistry, toolCallId, calls, publish, addModelUsage, addGeneratedImages) : []
      ],
      timeoutMs: Math.max(1, Math.round(deadline - waitedMs)),
      memoryLimitBytes: CODEMODE_MEMORY_LIMIT_BYTES,
      wasm: (0, import_pi_codemode.loadQuickJSWasm)(getQuickJSWasmPath()),
      workerUrl: getCodemodeWorkerSpecifier(),
      acquireWorker: () => {
        if (!reserved)
          throw new Error("The script already settled");
        reserved = false;
        return releaseCodemodeWorker;
      }
    });
    const store = ctx ? readCodemodeStore(ctx.sessionManager.getBranch()) : {};
    result = await sandbox.execute(code, { signal, store });
  } finally {
    await sandbox?.close();
    if (reserved) {
      reserved = false;
      releaseCodemodeWorker();
    }
  }
  for (const call of calls) {
    if (call.status === "running")
      call.status = "cancelled";
  }
  const scriptOutput = [...result.output];
  if (result.ok) {
    const { set, delete: deleted } = result.storeWrites;
    if (Object.keys(set).length > 0 || deleted.length > 0) {
      options.appendEntry?.(CODEMODE_STORE_ENTRY_TYPE, { set, delete: deleted });
    }
    if (result.value !== void 0)
      scriptOutput.push({ type: "text", text: valueText(result.value) });
  }
  const items = formatOutput(scriptOutput);
  if (!result.ok)
    items.push({ type: "text", text: `Script error:
${formatError(result, calls)}` });
  if (generatedImages > 0 && !items.some((item) => item.type === "image")) {
    items.push({
      type: "text",
      text: `Note: models.generateImages() returned ${generatedImages} image${generatedImages === 1 ? "" : "s"} that the script did not show. Show each image block of result.output with image(block).`
    });
  }
  const truncated = await truncateOutput(joinAdjacentText(items), sourceOptions.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS);
  const output = joinAdjacentText(await saveImages(truncated.items));
  const wallTime = ((performance.now() - startedAt) / 1e3).toFixed(1);
  const header = `${result.ok ? "Script completed" : "Script failed"}
Wall time ${wallTime} seconds
Output:
`;
  const details = snapshot();
  if (truncated.fullOutputPath)
    details.fullOutputPath = truncated.fullOutputPath;
  return {
    content: [{ type: "text", text: header }, ...output],
    details,
    ...modelUsage ? { usage: modelUsage } : {},
    ...result.ok ? {} : { isError: true }
  };
}
function isNamespaceName(namespace, query) {
  const queryId = (0, import_pi_codemode.toCodemodeIdentifier)(query);
  return [namespace.name, ...namespace.aliases ?? []].some((name) => name === query || (0, import_pi_codemode.toCodemodeIdentifier)(name) === queryId);
}
function createDiscoveryGlobals(tools, samples, options) {
  const ranker = new Bm25Ranker();
  const entry = (name) => ({ name: (0, import_pi_codemode.toCodemodeIdentifier)(name), description: samples.get(name) ?? "" });
  return [
    {
      name: "searchTools",
      spread: true,
      execute: (args) => {
        const [query, searchOptions] = args;
        if (typeof query !== "string")
          throw new Error("searchTools() expects a query string");
        const limit = searchOptions?.limit ?? DEFAULT_TOOL_SEARCH_LIMIT;
        if (typeof limit !== "number" || !Number.isInteger(limit) || limit <= 0) {
          throw new Error("searchTools() limit must be a positive integer");
        }
        const namespace = searchOptions?.namespace;
        if (namespace !== void 0 && namespace !== null && typeof namespace !== "string") {
          throw new Error("searchTools() namespace must be a string");
        }
        const documents = tools.flatMap((tool) => {
          const toolNamespace = options.getToolNamespace?.(tool.name);
          if (namespace && (!toolNamespace || !isNamespaceName(toolNamespace, namespace)))
            return [];
          return [createToolSearchDocument(tool, toolNamespace)];
        });
        return ranker.rank(query, documents, limit).map((match) => entry(match.name));
      }
    },
    {
      name: "describeTool",
      spread: true,
      execute: (args) => {
        const [name] = args;
        if (typeof name !== "string")
          throw new Error("describeTool() expects a tool name");
        const tool = tools.find((candidate) => candidate.name === name || (0, import_pi_codemode.toCodemodeIdentifier)(candidate.name) === name);
        return tool ? samples.get(tool.name) : void 0;
      }
    },
    {
      name: "describeNamespace",
      spread: true,
      execute: (args) => {
        const [name] = args;
        if (typeof name !== "string")
          throw new Error("describeNamespace() expects a namespace name");
        let namespace;
        const names = [];
        for (const tool of tools) {
          const toolNamespace = options.getToolNamespace?.(tool.name);
          if (!toolNamespace || !isNamespaceName(toolNamespace, name))
            continue;
          namespace ?? (namespace = toolNamespace);
          names.push((0, import_pi_codemode.toCodemodeIdentifier)(tool.name));
        }
        if (!namespace)
          return void 0;
        return {
          name: namespace.name,
          ...namespace.description ? { description: namespace.description } : {},
          ...namespace.instructions ? { instructions: namespace.instructions } : {},
          tools: names
        };
      }
    }
  ];
}
function createModelGlobals(models, toolCallId, calls, publish, addUsage, addGeneratedImages) {
  const limit = createLimiter(MAX_CONCURRENT_MODEL_CALLS);
  let callCount = 0;
  const runModelCall = async (name, type, [model, context], checkContext, run) => {
    const listHint = `List the ${type} models you can use with models.getAvailableOfType("${type}").`;
    const given = model;
    if (typeof given?.provider !== "string" || typeof given.id !== "string") {
      const undefinedHint = model === void 0 || model === null ? " models.getModelOfType() returns undefined for an unknown provider or id." : "";
      throw new Error(`${name}() expects ${withArticle(type)} model as its first argument, got ${describeValue(model)}.${undefinedHint} ${listHint}`);
    }
    const provider = given.provider;
    const id = given.id;
    const ref = `${provider}/${id}`;
    const resolved = models.getModelOfType(type, provider, id);
    if (!resolved) {
      const actualType = [...MODEL_TYPES].find((other) => other !== type && models.getModelOfType(other, provider, id) !== void 0);
      throw new Error(actualType ? `"${ref}" is ${withArticle(actualType)} model, not ${withArticle(type)} model. ${listHint}` : `Unknown ${type} model "${ref}". ${listHint}`);
    }
    const checked = checkContext(context);
    const record = {
      id: `${toolCallId}/${name}/${++callCount}`,
      name,
      args: `${resolved.provider}/${resolved.id}`,
      status: "running"
    };
    calls.push(record);
    publish();
    const startedAt = performance.now();
    const result = await limit(() => run(resolved, checked));
    record.durationMs = performance.now() - startedAt;
    record.status = result.stopReason === "stop" ? "ok" : result.stopReason === "aborted" ? "cancelled" : "error";
    if (result.errorMessage)
      record.error = truncateText(result.errorMessage, ERROR_PREVIEW_CHARS);
    if (result.usage) {
      record.cost = result.usage.cost.total;
      addUsage(result.usage);
    }
    publish();
    return result;
  };
  const implementations = {
    "models.getModelsOfType": (args) => {
      const [type, provider] = args;
      return models.getModelsOfType(toModelType(type), toProvider(provider)).map(toModelInfo);
    },
    "models.getAvailableOfType": async (args, { signal }) => {
      const [type, provider] = args;
      const available = await models.getAvailableOfType(toModelType(type), toProvider(provider), { signal });
      return available.map(toModelInfo);
    },
    "models.getModelOfType": (args) => {
      const [type, provider, id] = args;
      if (typeof provider !== "string" || typeof id !== "string") {
        throw new Error(`models.getModelOfType(type, provider, id) expects three strings, got (${args.map(describeValue).join(", ")}). The provider and the id are separate arguments, for example models.getModelOfType("classifier", "typesafe", "jev-latest").`);
      }
      const model = models.getModelOfType(toModelType(type), provider, id);
      return model === void 0 ? void 0 : toModelInfo(model);
    },
    "models.classify": (args, { signal }) => runModelCall("models.classify", "classifier", args, checkClassifierContext, (resolved, context) => models.classify(resolved, context, { signal })),
    "models.generateImages": (args, { signal }) => runModelCall("models.generateImages", "image", args, checkImagesContext, async (resolved, context) => {
      const result = await models.generateImages(resolved, context, { signal });
      addGeneratedImages(result.output.filter((block) => block.type === "image").length);
      return result;
    })
  };
  return Object.entries(implementations).map(([name, execute]) => ({ name, spread: true, execute }));
}
var import_pi_codemode, ARGS_PREVIEW_CHARS, ERROR_PREVIEW_CHARS, MAX_CONCURRENT_MODEL_CALLS, CODEMODE_MEMORY_LIMIT_BYTES, DEFAULT_MAX_CODEMODE_WORKERS, CODEMODE_WORKER_WAIT_MS, activeCodemodeWorkers, codemodeWorkerWaiters, MODEL_TYPES, CLASSIFIER_CONTEXT_SHAPE, DEFAULT_MAX_OUTPUT_TOKENS, CHARS_PER_TOKEN2, IMAGE_EXTENSIONS;
var init_execute = __esm({
  "@earendil-works/pi-coding-agent/dist/extensions/codemode/execute.js"() {
    import_pi_codemode = require("@earendil-works/pi-codemode");
    init_config();
    init_truncate();
    init_usage_totals();
    init_output_files();
    init_tool();
    init_tool2();
    ARGS_PREVIEW_CHARS = 200;
    ERROR_PREVIEW_CHARS = 500;
    MAX_CONCURRENT_MODEL_CALLS = 4;
    CODEMODE_MEMORY_LIMIT_BYTES = 256 * 1024 * 1024;
    DEFAULT_MAX_CODEMODE_WORKERS = 2;
    CODEMODE_WORKER_WAIT_MS = 6e4;
    activeCodemodeWorkers = 0;
    codemodeWorkerWaiters = [];
    MODEL_TYPES = /* @__PURE__ */ new Set(["chat", "image", "classifier"]);
    CLASSIFIER_CONTEXT_SHAPE = '{ state: { ... }, images?: [{ type: "image", data: <base64>, mimeType }], questions: { <id>: { type: "choice", instructions, criteria: { <label>: <meaning> } } | { type: "score", instructions, criteria: [<lowest level>, ..., <highest level>] } | { type: "bool", instructions, criteria: { true: <meaning>, false: <meaning> } } } }';
    DEFAULT_MAX_OUTPUT_TOKENS = 1e4;
    CHARS_PER_TOKEN2 = 4;
    IMAGE_EXTENSIONS = {
      "image/png": ".png",
      "image/jpeg": ".jpg",
      "image/gif": ".gif",
      "image/webp": ".webp"
    };
  }
});
var stdin_exports = __defProp({}, "__esModule", { value: true });
__export(stdin_exports, {
  Bm25Ranker: () => Bm25Ranker,
  CODEMODE_STORE_ENTRY_TYPE: () => CODEMODE_STORE_ENTRY_TYPE,
  CODEMODE_TOOL_NAME: () => CODEMODE_TOOL_NAME,
  DEFAULT_TOOL_SEARCH_LIMIT: () => DEFAULT_TOOL_SEARCH_LIMIT,
  TOOL_SEARCH_DESCRIPTION: () => TOOL_SEARCH_DESCRIPTION,
  TOOL_SEARCH_TOOL_NAME: () => TOOL_SEARCH_TOOL_NAME,
  createCodemodeDescription: () => createCodemodeDescription,
  createCodemodeExtension: () => createCodemodeExtension,
  createCodemodeToolDefinition: () => createCodemodeToolDefinition,
  createToolSearchDocument: () => createToolSearchDocument,
  createToolSearchExtension: () => createToolSearchExtension,
  createToolSearchToolDefinition: () => createToolSearchToolDefinition,
  readCodemodeStore: () => readCodemodeStore,
  tokenize: () => tokenize
});
module.exports = stdin_exports;
init_execute();
init_settings_defaults();
init_tool2();
function readMode(pi) {
  return pi.getSettings().codemode?.mode === "only" ? "only" : SETTINGS_DEFAULTS.codemode.mode;
}
function readInlineBudget(pi) {
  const budget = pi.getSettings().codemode?.inlineBudget;
  return typeof budget === "number" && Number.isFinite(budget) && budget >= 0 ? budget : void 0;
}
function createCodemodeExtension(options = {}) {
  return (pi) => {
    pi.registerTool({
      ...createCodemodeToolDefinition({
        appendEntry: (customType, data) => pi.appendEntry(customType, data),
        models: options.models ?? true,
        getToolNamespace: (name) => pi.getAllTools().find((tool) => tool.name === name)?.namespace,
        getToolGuidelines: () => new Map(pi.getAllTools().map((tool) => [tool.name, tool.promptGuidelines ?? []])),
        getMode: () => options.mode ?? readMode(pi),
        getInlineBudget: () => options.inlineBudget ?? readInlineBudget(pi)
      }),
      defaultActive: false
    });
  };
}
var codemode_default = createCodemodeExtension();
init_tool2();
init_tool();
function createToolSearchExtension() {
  return (pi) => {
    pi.registerTool({ ...createToolSearchToolDefinition({ tools: pi }), defaultActive: false });
  };
}
var tool_search_default = createToolSearchExtension();
init_tool();

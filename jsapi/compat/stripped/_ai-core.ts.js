var __defProp = Object.defineProperty;
var __knownSymbol = (name, symbol) => (symbol = Symbol[name]) ? symbol : /* @__PURE__ */ Symbol.for("Symbol." + name);
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __publicField = (obj, key, value) => __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
var __await = function(promise, isYieldStar) {
  this[0] = promise;
  this[1] = isYieldStar;
};
var __asyncGenerator = (__this, __arguments, generator) => {
  var resume = (k, v, yes, no) => {
    try {
      var x = generator[k](v), isAwait = (v = x.value) instanceof __await, done = x.done;
      Promise.resolve(isAwait ? v[0] : v).then((y) => isAwait ? resume(k === "return" ? k : "next", v[1] ? { done: y.done, value: y.value } : y, yes, no) : yes({ value: y, done })).catch((e) => resume("throw", e, yes, no));
    } catch (e) {
      no(e);
    }
  }, method = (k, call, wait, clear) => it[k] = (x) => (call = new Promise((yes, no, run) => (run = () => resume(k, x, yes, no), q ? q.then(run) : run())), clear = () => q === wait && (q = 0), q = wait = call.then(clear, clear), call), q, it = {};
  return generator = generator.apply(__this, __arguments), it[__knownSymbol("asyncIterator")] = () => it, method("next"), method("throw"), method("return"), it;
};
var pigo_ai_core_exports = __defProp({}, "__esModule", { value: true });
__export(pigo_ai_core_exports, {
  StringEnum: () => import_pigo_ai_typebox.StringEnum,
  Type: () => import_pigo_typebox_core.Type
});
pigo_ai_core_exports.appendAssistantMessageDiagnostic = appendAssistantMessageDiagnostic;
pigo_ai_core_exports.calculateCost = calculateCost;
pigo_ai_core_exports.clampThinkingLevel = clampThinkingLevel;
pigo_ai_core_exports.cleanupSessionResources = cleanupSessionResources;
pigo_ai_core_exports.clearApiProviders = clearApiProviders;
pigo_ai_core_exports.complete = complete;
pigo_ai_core_exports.completeSimple = completeSimple;
pigo_ai_core_exports.createAssistantMessageDiagnostic = createAssistantMessageDiagnostic;
pigo_ai_core_exports.createAssistantMessageEventStream = createAssistantMessageEventStream;
pigo_ai_core_exports.extractDiagnosticError = extractDiagnosticError;
pigo_ai_core_exports.fauxAssistantMessage = fauxAssistantMessage;
pigo_ai_core_exports.fauxText = fauxText;
pigo_ai_core_exports.fauxThinking = fauxThinking;
pigo_ai_core_exports.fauxToolCall = fauxToolCall;
pigo_ai_core_exports.findEnvKeys = findEnvKeys;
pigo_ai_core_exports.formatThrownValue = formatThrownValue;
pigo_ai_core_exports.getApiProvider = getApiProvider;
pigo_ai_core_exports.getApiProviders = getApiProviders;
pigo_ai_core_exports.getEnvApiKey = getEnvApiKey;
pigo_ai_core_exports.getModel = getModel;
pigo_ai_core_exports.getModels = getModels;
pigo_ai_core_exports.getOverflowPatterns = getOverflowPatterns;
pigo_ai_core_exports.getProviders = getProviders;
pigo_ai_core_exports.getSupportedThinkingLevels = getSupportedThinkingLevels;
pigo_ai_core_exports.isContextOverflow = isContextOverflow;
pigo_ai_core_exports.modelsAreEqual = modelsAreEqual;
pigo_ai_core_exports.parseJsonWithRepair = parseJsonWithRepair;
pigo_ai_core_exports.parseStreamingJson = parseStreamingJson;
pigo_ai_core_exports.registerApiProvider = registerApiProvider;
pigo_ai_core_exports.registerBuiltInApiProviders = registerBuiltInApiProviders;
pigo_ai_core_exports.registerFauxProvider = registerFauxProvider;
pigo_ai_core_exports.registerSessionResourceCleanup = registerSessionResourceCleanup;
pigo_ai_core_exports.repairJson = repairJson;
pigo_ai_core_exports.resetApiProviders = resetApiProviders;
pigo_ai_core_exports.setBedrockProviderModule = setBedrockProviderModule;
pigo_ai_core_exports.stream = stream;
pigo_ai_core_exports.streamSimple = streamSimple;
pigo_ai_core_exports.unregisterApiProviders = unregisterApiProviders;
pigo_ai_core_exports.validateToolArguments = validateToolArguments;
pigo_ai_core_exports.validateToolCall = validateToolCall;
module.exports = pigo_ai_core_exports;
var import_pigo_typebox_core = require("pigo:typebox-core");
var import_pigo_ai_typebox = require("pigo:ai-typebox");
function notSupported(name) {
  return new Error(`not supported yet: pi-ai ${name} (no pigo host in this runtime)`);
}
const BUILTIN = "__pigoBuiltinProvider";
const apiProviderRegistry = /* @__PURE__ */ new Map();
function wrapStream(api, fn) {
  return (model, context, options) => {
    if (model.api !== api) throw new Error(`Mismatched api: ${model.api} expected ${api}`);
    return fn(model, context, options);
  };
}
function registerApiProvider(provider, sourceId) {
  const entry = {
    api: provider.api,
    stream: wrapStream(provider.api, provider.stream),
    streamSimple: wrapStream(provider.api, provider.streamSimple)
  };
  if (provider[BUILTIN]) Object.defineProperty(entry, BUILTIN, { value: true });
  apiProviderRegistry.set(provider.api, { provider: entry, sourceId });
}
function getApiProvider(api) {
  return apiProviderRegistry.get(api)?.provider;
}
function getApiProviders() {
  return Array.from(apiProviderRegistry.values(), (e) => e.provider);
}
function unregisterApiProviders(sourceId) {
  for (const [api, e] of apiProviderRegistry.entries()) if (e.sourceId === sourceId) apiProviderRegistry.delete(api);
}
function clearApiProviders() {
  apiProviderRegistry.clear();
}
function hostStream(name, simple) {
  return function(model, context, options) {
    const out = new AssistantMessageEventStream();
    let host;
    try {
      host = require("pigo:host");
    } catch {
      throw notSupported(name);
    }
    const opts = {};
    for (const [k, v] of Object.entries(options ?? {})) if (typeof v !== "function") opts[k] = v;
    if (!simple) delete opts.reasoning;
    if (simple) {
      delete opts.requestMetadata;
      delete opts.region;
    }
    host.modelStream(model, context, opts, (ev) => out.push(ev)).then(
      (final) => out.end(final),
      (err) => {
        const failed = {
          role: "assistant",
          content: [],
          api: model?.api,
          provider: model?.provider,
          model: model?.id,
          usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
          stopReason: "error",
          errorMessage: err instanceof Error ? err.message : String(err),
          timestamp: Date.now()
        };
        out.push({ type: "error", reason: "error", error: failed });
        out.end(failed);
      }
    );
    return out;
  };
}
const streamAnthropic = hostStream("streamAnthropic", false);
const streamSimpleAnthropic = hostStream("streamSimpleAnthropic", true);
const streamAzureOpenAIResponses = hostStream("streamAzureOpenAIResponses", false);
const streamSimpleAzureOpenAIResponses = hostStream("streamSimpleAzureOpenAIResponses", true);
const streamGoogle = hostStream("streamGoogle", false);
const streamSimpleGoogle = hostStream("streamSimpleGoogle", true);
const streamGoogleVertex = hostStream("streamGoogleVertex", false);
const streamSimpleGoogleVertex = hostStream("streamSimpleGoogleVertex", true);
const streamMistral = hostStream("streamMistral", false);
const streamSimpleMistral = hostStream("streamSimpleMistral", true);
const streamOpenAICodexResponses = hostStream("streamOpenAICodexResponses", false);
const streamSimpleOpenAICodexResponses = hostStream("streamSimpleOpenAICodexResponses", true);
const streamOpenAICompletions = hostStream("streamOpenAICompletions", false);
const streamSimpleOpenAICompletions = hostStream("streamSimpleOpenAICompletions", true);
const streamOpenAIResponses = hostStream("streamOpenAIResponses", false);
const streamSimpleOpenAIResponses = hostStream("streamSimpleOpenAIResponses", true);
const streamBedrock = hostStream("streamBedrock", false);
const streamSimpleBedrock = hostStream("streamSimpleBedrock", true);
let bedrockOverride;
function setBedrockProviderModule(module2) {
  bedrockOverride = { stream: module2.streamBedrock, streamSimple: module2.streamSimpleBedrock };
}
function builtin(api, stream2, streamSimple2) {
  const p = { api, stream: stream2, streamSimple: streamSimple2 };
  Object.defineProperty(p, BUILTIN, { value: true });
  registerApiProvider(p);
}
function registerBuiltInApiProviders() {
  builtin("anthropic-messages", streamAnthropic, streamSimpleAnthropic);
  builtin("openai-completions", streamOpenAICompletions, streamSimpleOpenAICompletions);
  builtin("mistral-conversations", streamMistral, streamSimpleMistral);
  builtin("openai-responses", streamOpenAIResponses, streamSimpleOpenAIResponses);
  builtin("azure-openai-responses", streamAzureOpenAIResponses, streamSimpleAzureOpenAIResponses);
  builtin("openai-codex-responses", streamOpenAICodexResponses, streamSimpleOpenAICodexResponses);
  builtin("google-generative-ai", streamGoogle, streamSimpleGoogle);
  builtin("google-vertex", streamGoogleVertex, streamSimpleGoogleVertex);
  if (bedrockOverride) {
    registerApiProvider({ api: "bedrock-converse-stream", stream: bedrockOverride.stream, streamSimple: bedrockOverride.streamSimple });
  } else builtin("bedrock-converse-stream", streamBedrock, streamSimpleBedrock);
}
function resetApiProviders() {
  clearApiProviders();
  registerBuiltInApiProviders();
}
registerBuiltInApiProviders();
function resolveApiProvider(api, _name) {
  const provider = getApiProvider(api);
  if (!provider) throw new Error(`No API provider registered for api: ${api}`);
  return provider;
}
function stream(model, context, options) {
  return resolveApiProvider(model.api, "stream").stream(model, context, options);
}
async function complete(model, context, options) {
  return resolveApiProvider(model.api, "complete").stream(model, context, options).result();
}
function streamSimple(model, context, options) {
  return resolveApiProvider(model.api, "streamSimple").streamSimple(model, context, options);
}
async function completeSimple(model, context, options) {
  return resolveApiProvider(model.api, "completeSimple").streamSimple(model, context, options).result();
}
function env() {
  const p = globalThis.process;
  return p && p.env ? p.env : {};
}
function getApiKeyEnvVars(provider) {
  if (provider === "github-copilot") return ["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN"];
  if (provider === "anthropic") return ["ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"];
  const envMap = {
    openai: "OPENAI_API_KEY",
    "azure-openai-responses": "AZURE_OPENAI_API_KEY",
    deepseek: "DEEPSEEK_API_KEY",
    google: "GEMINI_API_KEY",
    "google-vertex": "GOOGLE_CLOUD_API_KEY",
    groq: "GROQ_API_KEY",
    cerebras: "CEREBRAS_API_KEY",
    xai: "XAI_API_KEY",
    typesafe: "TYPESAFE_API_KEY",
    openrouter: "OPENROUTER_API_KEY",
    "vercel-ai-gateway": "AI_GATEWAY_API_KEY",
    zai: "ZAI_API_KEY",
    mistral: "MISTRAL_API_KEY",
    minimax: "MINIMAX_API_KEY",
    "minimax-cn": "MINIMAX_CN_API_KEY",
    moonshotai: "MOONSHOT_API_KEY",
    "moonshotai-cn": "MOONSHOT_API_KEY",
    huggingface: "HF_TOKEN",
    fireworks: "FIREWORKS_API_KEY",
    opencode: "OPENCODE_API_KEY",
    "opencode-go": "OPENCODE_API_KEY",
    "kimi-coding": "KIMI_API_KEY",
    "cloudflare-workers-ai": "CLOUDFLARE_API_KEY",
    "cloudflare-ai-gateway": "CLOUDFLARE_API_KEY",
    xiaomi: "XIAOMI_API_KEY",
    "xiaomi-token-plan-cn": "XIAOMI_TOKEN_PLAN_CN_API_KEY",
    "xiaomi-token-plan-ams": "XIAOMI_TOKEN_PLAN_AMS_API_KEY",
    "xiaomi-token-plan-sgp": "XIAOMI_TOKEN_PLAN_SGP_API_KEY"
  };
  const v = envMap[provider];
  return v ? [v] : void 0;
}
function findEnvKeys(provider) {
  const vars = getApiKeyEnvVars(provider);
  if (!vars) return void 0;
  const e = env();
  const found = vars.filter((v) => !!e[v]);
  return found.length > 0 ? found : void 0;
}
function getEnvApiKey(provider) {
  const e = env();
  const keys = findEnvKeys(provider);
  if (keys?.[0]) return e[keys[0]];
  if (provider === "google-vertex") {
    const hasCreds = !!e.GOOGLE_APPLICATION_CREDENTIALS;
    const hasProject = !!(e.GOOGLE_CLOUD_PROJECT || e.GCLOUD_PROJECT);
    if (hasCreds && hasProject && !!e.GOOGLE_CLOUD_LOCATION) return "<authenticated>";
  }
  if (provider === "amazon-bedrock") {
    if (e.AWS_PROFILE || e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY || e.AWS_BEARER_TOKEN_BEDROCK || e.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI || e.AWS_CONTAINER_CREDENTIALS_FULL_URI || e.AWS_WEB_IDENTITY_TOKEN_FILE) {
      return "<authenticated>";
    }
  }
  return void 0;
}
let catalog;
function models() {
  if (catalog) return catalog;
  const host = require("pigo:ai-catalog");
  const out = {};
  for (const provider of host.providers()) {
    Object.defineProperty(out, provider, {
      configurable: true,
      enumerable: true,
      get() {
        const byId = Object.fromEntries(JSON.parse(host.models(provider, "chat")).map((m) => [m.id, m]));
        Object.defineProperty(out, provider, { value: byId, configurable: true, enumerable: true, writable: true });
        return byId;
      }
    });
  }
  catalog = out;
  return out;
}
function getModel(provider, modelId) {
  return models()[provider]?.[modelId];
}
function getProviders() {
  return Object.keys(models());
}
function getModels(provider) {
  return Object.values(models()[provider] ?? {});
}
function calculateCost(model, usage) {
  usage.cost.input = model.cost.input / 1e6 * usage.input;
  usage.cost.output = model.cost.output / 1e6 * usage.output;
  usage.cost.cacheRead = model.cost.cacheRead / 1e6 * usage.cacheRead;
  usage.cost.cacheWrite = model.cost.cacheWrite / 1e6 * usage.cacheWrite;
  usage.cost.total = usage.cost.input + usage.cost.output + usage.cost.cacheRead + usage.cost.cacheWrite;
  return usage.cost;
}
const EXTENDED_THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"];
function getSupportedThinkingLevels(model) {
  if (!model.reasoning) return ["off"];
  return EXTENDED_THINKING_LEVELS.filter((level) => {
    const mapped = model.thinkingLevelMap?.[level];
    if (mapped === null) return false;
    if (level === "xhigh") return mapped !== void 0;
    return true;
  });
}
function clampThinkingLevel(model, level) {
  const available = getSupportedThinkingLevels(model);
  if (available.includes(level)) return level;
  const idx = EXTENDED_THINKING_LEVELS.indexOf(level);
  if (idx === -1) return available[0] ?? "off";
  for (let i = idx; i < EXTENDED_THINKING_LEVELS.length; i++) if (available.includes(EXTENDED_THINKING_LEVELS[i])) return EXTENDED_THINKING_LEVELS[i];
  for (let i = idx - 1; i >= 0; i--) if (available.includes(EXTENDED_THINKING_LEVELS[i])) return EXTENDED_THINKING_LEVELS[i];
  return available[0] ?? "off";
}
function modelsAreEqual(a, b) {
  if (!a || !b) return false;
  return a.id === b.id && a.provider === b.provider;
}
class EventStream {
  constructor(isComplete, extractResult) {
    __publicField(this, "isComplete");
    __publicField(this, "extractResult");
    __publicField(this, "queue", []);
    __publicField(this, "waiting", []);
    __publicField(this, "done", false);
    __publicField(this, "finalResultPromise");
    __publicField(this, "resolveFinalResult");
    this.isComplete = isComplete;
    this.extractResult = extractResult;
    this.finalResultPromise = new Promise((resolve) => {
      this.resolveFinalResult = resolve;
    });
  }
  push(event) {
    if (this.done) return;
    if (this.isComplete(event)) {
      this.done = true;
      this.resolveFinalResult(this.extractResult(event));
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    else this.queue.push(event);
  }
  end(result) {
    this.done = true;
    if (result !== void 0) this.resolveFinalResult(result);
    while (this.waiting.length > 0) this.waiting.shift()({ value: void 0, done: true });
  }
  [Symbol.asyncIterator]() {
    return __asyncGenerator(this, null, function* () {
      while (true) {
        if (this.queue.length > 0) yield this.queue.shift();
        else if (this.done) return;
        else {
          const result = yield new __await(new Promise((resolve) => this.waiting.push(resolve)));
          if (result.done) return;
          yield result.value;
        }
      }
    });
  }
  result() {
    return this.finalResultPromise;
  }
}
class AssistantMessageEventStream extends EventStream {
  constructor() {
    super(
      (event) => event.type === "done" || event.type === "error",
      (event) => {
        if (event.type === "done") return event.message;
        if (event.type === "error") return event.error;
        throw new Error("Unexpected event type for final result");
      }
    );
  }
}
function createAssistantMessageEventStream() {
  return new AssistantMessageEventStream();
}
const VALID_JSON_ESCAPES = /* @__PURE__ */ new Set(['"', "\\", "/", "b", "f", "n", "r", "t", "u"]);
function escapeControlCharacter(ch) {
  switch (ch) {
    case "\b":
      return "\\b";
    case "\f":
      return "\\f";
    case "\n":
      return "\\n";
    case "\r":
      return "\\r";
    case "	":
      return "\\t";
    default:
      return `\\u${ch.codePointAt(0)?.toString(16).padStart(4, "0") ?? "0000"}`;
  }
}
function repairJson(json) {
  let out = "";
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const ch = json[i];
    if (!inString) {
      out += ch;
      if (ch === '"') inString = true;
      continue;
    }
    if (ch === '"') {
      out += ch;
      inString = false;
      continue;
    }
    if (ch === "\\") {
      const next = json[i + 1];
      if (next === void 0) {
        out += "\\\\";
        continue;
      }
      if (next === "u") {
        const digits = json.slice(i + 2, i + 6);
        if (/^[0-9a-fA-F]{4}$/.test(digits)) {
          out += `\\u${digits}`;
          i += 5;
          continue;
        }
      }
      if (VALID_JSON_ESCAPES.has(next)) {
        out += `\\${next}`;
        i += 1;
        continue;
      }
      out += "\\\\";
      continue;
    }
    const cp = ch.codePointAt(0);
    out += cp <= 31 ? escapeControlCharacter(ch) : ch;
  }
  return out;
}
function parseJsonWithRepair(json) {
  try {
    return JSON.parse(json);
  } catch (error) {
    const repaired = repairJson(json);
    if (repaired !== json) return JSON.parse(repaired);
    throw error;
  }
}
function partialParse(input) {
  if (typeof input !== "string") throw new TypeError(`expecting str, got ${typeof input}`);
  if (!input.trim()) throw new Error(`${input} is empty`);
  const s = input.trim();
  const length = s.length;
  let index = 0;
  const partial = (msg) => {
    throw new Error(`${msg} at position ${index}`);
  };
  const malformed = (msg) => {
    throw new SyntaxError(`${msg} at position ${index}`);
  };
  const skipBlank = () => {
    while (index < length && " \n\r	".includes(s[index])) index++;
  };
  const prefix = (word) => length - index < word.length && word.startsWith(s.substring(index));
  const parseAny = () => {
    skipBlank();
    if (index >= length) partial("Unexpected end of input");
    if (s[index] === '"') return parseStr();
    if (s[index] === "{") return parseObj();
    if (s[index] === "[") return parseArr();
    if (s.substring(index, index + 4) === "null" || prefix("null")) {
      index += 4;
      return null;
    }
    if (s.substring(index, index + 4) === "true" || prefix("true")) {
      index += 4;
      return true;
    }
    if (s.substring(index, index + 5) === "false" || prefix("false")) {
      index += 5;
      return false;
    }
    if (s.substring(index, index + 8) === "Infinity" || prefix("Infinity")) {
      index += 8;
      return Infinity;
    }
    if (s.substring(index, index + 9) === "-Infinity" || 1 < length - index && prefix("-Infinity")) {
      index += 9;
      return -Infinity;
    }
    if (s.substring(index, index + 3) === "NaN" || prefix("NaN")) {
      index += 3;
      return NaN;
    }
    return parseNum();
  };
  const parseStr = () => {
    const start = index;
    let escape = false;
    index++;
    while (index < length && (s[index] !== '"' || escape && s[index - 1] === "\\")) {
      escape = s[index] === "\\" ? !escape : false;
      index++;
    }
    if (s.charAt(index) === '"') {
      try {
        return JSON.parse(s.substring(start, ++index - globalThis.Number(escape)));
      } catch (e) {
        malformed(globalThis.String(e));
      }
    }
    try {
      return JSON.parse(s.substring(start, index - globalThis.Number(escape)) + '"');
    } catch {
      return JSON.parse(s.substring(start, s.lastIndexOf("\\")) + '"');
    }
  };
  const parseObj = () => {
    index++;
    skipBlank();
    const obj = {};
    try {
      while (s[index] !== "}") {
        skipBlank();
        if (index >= length) return obj;
        const key = parseStr();
        skipBlank();
        index++;
        try {
          obj[key] = parseAny();
        } catch {
          return obj;
        }
        skipBlank();
        if (s[index] === ",") index++;
      }
    } catch {
      return obj;
    }
    index++;
    return obj;
  };
  const parseArr = () => {
    index++;
    const arr = [];
    try {
      while (s[index] !== "]") {
        arr.push(parseAny());
        skipBlank();
        if (s[index] === ",") index++;
      }
    } catch {
      return arr;
    }
    index++;
    return arr;
  };
  const parseNum = () => {
    if (index === 0) {
      if (s === "-") malformed("Not sure what '-' is");
      try {
        return JSON.parse(s);
      } catch (e) {
        try {
          return JSON.parse(s.substring(0, s.lastIndexOf("e")));
        } catch {
        }
        malformed(globalThis.String(e));
      }
    }
    const start = index;
    if (s[index] === "-") index++;
    while (s[index] && ",]}".indexOf(s[index]) === -1) index++;
    try {
      return JSON.parse(s.substring(start, index));
    } catch {
      if (s.substring(start, index) === "-") partial("Not sure what '-' is");
      try {
        return JSON.parse(s.substring(start, s.lastIndexOf("e")));
      } catch (e) {
        malformed(globalThis.String(e));
      }
    }
  };
  return parseAny();
}
function parseStreamingJson(partialJson) {
  if (!partialJson || partialJson.trim() === "") return {};
  try {
    return parseJsonWithRepair(partialJson);
  } catch {
    try {
      return partialParse(partialJson) ?? {};
    } catch {
      try {
        return partialParse(repairJson(partialJson)) ?? {};
      } catch {
        return {};
      }
    }
  }
}
const OVERFLOW_PATTERNS = [
  /prompt is too long/i,
  /request_too_large/i,
  /input is too long for requested model/i,
  /exceeds the context window/i,
  /input token count.*exceeds the maximum/i,
  /maximum prompt length is \d+/i,
  /reduce the length of the messages/i,
  /maximum context length is \d+ tokens/i,
  /exceeds the limit of \d+/i,
  /exceeds the available context size/i,
  /greater than the context length/i,
  /context window exceeds limit/i,
  /exceeded model token limit/i,
  /too large for model with \d+ maximum context length/i,
  /model_context_window_exceeded/i,
  /prompt too long; exceeded (?:max )?context length/i,
  /context[_ ]length[_ ]exceeded/i,
  /too many tokens/i,
  /token limit exceeded/i,
  /^4(?:00|13)\s*(?:status code)?\s*\(no body\)/i
];
const NON_OVERFLOW_PATTERNS = [/^(Throttling error|Service unavailable):/i, /rate limit/i, /too many requests/i];
function isContextOverflow(message, contextWindow) {
  if (message.stopReason === "error" && message.errorMessage) {
    const nonOverflow = NON_OVERFLOW_PATTERNS.some((p) => p.test(message.errorMessage));
    if (!nonOverflow && OVERFLOW_PATTERNS.some((p) => p.test(message.errorMessage))) return true;
  }
  if (contextWindow && message.stopReason === "stop") {
    if (message.usage.input + message.usage.cacheRead > contextWindow) return true;
  }
  if (contextWindow && message.stopReason === "length" && message.usage.output === 0) {
    if (message.usage.input + message.usage.cacheRead >= contextWindow * 0.99) return true;
  }
  return false;
}
function getOverflowPatterns() {
  return [...OVERFLOW_PATTERNS];
}
const validatorCache = /* @__PURE__ */ new WeakMap();
let compileToolArguments;
function getValidator(schema) {
  const cached = typeof schema === "object" && schema !== null ? validatorCache.get(schema) : void 0;
  if (cached) return cached;
  compileToolArguments ??= require("pigo:tool-arguments").compile;
  const v = compileToolArguments(JSON.stringify(schema ?? {}));
  if (typeof schema === "object" && schema !== null) validatorCache.set(schema, v);
  return v;
}
function validateToolCall(tools, toolCall) {
  const tool = tools.find((t) => t.name === toolCall.name);
  if (!tool) throw new Error(`Tool "${toolCall.name}" not found`);
  return validateToolArguments(tool, toolCall);
}
function validateToolArguments(tool, toolCall) {
  if (toolCall.argumentsError) throw new Error(`Invalid arguments for tool "${toolCall.name}": ${toolCall.argumentsError}`);
  const result = getValidator(tool.parameters)(toolCall.name, JSON.stringify(toolCall.arguments ?? {}));
  if (result.error !== void 0) throw new Error(result.error);
  return JSON.parse(result.value);
}
function formatThrownValue(value) {
  if (value instanceof Error) return value.message || value.name;
  if (typeof value === "string") return value;
  return String(value);
}
function extractDiagnosticError(error) {
  if (!(error instanceof Error)) return { name: "ThrownValue", message: formatThrownValue(error) };
  const code = error.code;
  return {
    name: error.name || void 0,
    message: error.message || error.name,
    stack: error.stack,
    code: typeof code === "string" || typeof code === "number" ? code : void 0
  };
}
function createAssistantMessageDiagnostic(type, error, details) {
  return { type, timestamp: Date.now(), error: extractDiagnosticError(error), details };
}
function appendAssistantMessageDiagnostic(message, diagnostic) {
  message.diagnostics = [...message.diagnostics ?? [], diagnostic];
}
const sessionResourceCleanups = /* @__PURE__ */ new Set();
function registerSessionResourceCleanup(cleanup) {
  sessionResourceCleanups.add(cleanup);
  return () => {
    sessionResourceCleanups.delete(cleanup);
  };
}
function cleanupSessionResources(sessionId) {
  const errors = [];
  for (const cleanup of sessionResourceCleanups) {
    try {
      cleanup(sessionId);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) {
    const AE = globalThis.AggregateError;
    if (typeof AE === "function") throw new AE(errors, "Failed to cleanup session resources");
    const e = new Error("Failed to cleanup session resources");
    e.errors = errors;
    throw e;
  }
}
const DEFAULT_USAGE = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }
};
function randomId(prefix) {
  return `${prefix}:${Date.now()}:${Math.random().toString(36).slice(2)}`;
}
function fauxText(text) {
  return { type: "text", text };
}
function fauxThinking(thinking) {
  return { type: "thinking", thinking };
}
function fauxToolCall(name, arguments_, options = {}) {
  return { type: "toolCall", id: options.id ?? randomId("tool"), name, arguments: arguments_ };
}
function fauxAssistantMessage(content, options = {}) {
  return {
    role: "assistant",
    content: typeof content === "string" ? [fauxText(content)] : Array.isArray(content) ? content : [content],
    api: "faux",
    provider: "faux",
    model: "faux-1",
    usage: DEFAULT_USAGE,
    stopReason: options.stopReason ?? "stop",
    errorMessage: options.errorMessage,
    responseId: options.responseId,
    timestamp: options.timestamp ?? Date.now()
  };
}
const estimateTokens = (text) => Math.ceil(text.length / 4);
function contentToText(content) {
  if (typeof content === "string") return content;
  return content.map((b) => b.type === "text" ? b.text : `[image:${b.mimeType}:${b.data.length}]`).join("\n");
}
function assistantContentToText(content) {
  return content.map((b) => b.type === "text" ? b.text : b.type === "thinking" ? b.thinking : `${b.name}:${JSON.stringify(b.arguments)}`).join("\n");
}
function messageToText(m) {
  if (m.role === "user") return contentToText(m.content);
  if (m.role === "assistant") return assistantContentToText(m.content);
  return [m.toolName, ...m.content.map((b) => contentToText([b]))].join("\n");
}
function serializeContext(context) {
  const parts = [];
  if (context.systemPrompt) parts.push(`system:${context.systemPrompt}`);
  for (const m of context.messages) parts.push(`${m.role}:${messageToText(m)}`);
  if (context.tools?.length) parts.push(`tools:${JSON.stringify(context.tools)}`);
  return parts.join("\n\n");
}
function commonPrefixLength(a, b) {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}
function withUsageEstimate(message, context, options, promptCache) {
  const promptText = serializeContext(context);
  const promptTokens = estimateTokens(promptText);
  const outputTokens = estimateTokens(assistantContentToText(message.content));
  let input = promptTokens;
  let cacheRead = 0;
  let cacheWrite = 0;
  const sessionId = options?.sessionId;
  if (sessionId && options?.cacheRetention !== "none") {
    const prev = promptCache.get(sessionId);
    if (prev) {
      const cached = commonPrefixLength(prev, promptText);
      cacheRead = estimateTokens(prev.slice(0, cached));
      cacheWrite = estimateTokens(promptText.slice(cached));
      input = Math.max(0, promptTokens - cacheRead);
    } else cacheWrite = promptTokens;
    promptCache.set(sessionId, promptText);
  }
  return {
    ...message,
    usage: {
      input,
      output: outputTokens,
      cacheRead,
      cacheWrite,
      totalTokens: input + outputTokens + cacheRead + cacheWrite,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 }
    }
  };
}
function splitStringByTokenSize(text, min, max) {
  const chunks = [];
  let i = 0;
  while (i < text.length) {
    const tokenSize = min + Math.floor(Math.random() * (max - min + 1));
    const charSize = Math.max(1, tokenSize * 4);
    chunks.push(text.slice(i, i + charSize));
    i += charSize;
  }
  return chunks.length > 0 ? chunks : [""];
}
function cloneMessage(message, api, provider, modelId) {
  const c = structuredClone(message);
  return { ...c, api, provider, model: modelId, timestamp: c.timestamp ?? Date.now(), usage: c.usage ?? DEFAULT_USAGE };
}
function createErrorMessage(error, api, provider, modelId) {
  return {
    role: "assistant",
    content: [],
    api,
    provider,
    model: modelId,
    usage: DEFAULT_USAGE,
    stopReason: "error",
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: Date.now()
  };
}
function createAbortedMessage(partial) {
  return { ...partial, stopReason: "aborted", errorMessage: "Request was aborted", timestamp: Date.now() };
}
function scheduleChunk(chunk, tokensPerSecond) {
  if (!tokensPerSecond || tokensPerSecond <= 0) return new Promise((resolve) => queueMicrotask(resolve));
  const delayMs = estimateTokens(chunk) / tokensPerSecond * 1e3;
  return new Promise((resolve) => setTimeout(resolve, delayMs));
}
async function streamWithDeltas(out, message, min, max, tps, signal) {
  const partial = { ...message, content: [] };
  const abort = () => {
    const aborted = createAbortedMessage(partial);
    out.push({ type: "error", reason: "aborted", error: aborted });
    out.end(aborted);
  };
  if (signal?.aborted) return abort();
  out.push({ type: "start", partial: { ...partial } });
  for (let index = 0; index < message.content.length; index++) {
    if (signal?.aborted) return abort();
    const block = message.content[index];
    if (block.type === "thinking") {
      partial.content = [...partial.content, { type: "thinking", thinking: "" }];
      out.push({ type: "thinking_start", contentIndex: index, partial: { ...partial } });
      for (const chunk of splitStringByTokenSize(block.thinking, min, max)) {
        await scheduleChunk(chunk, tps);
        if (signal?.aborted) return abort();
        partial.content[index].thinking += chunk;
        out.push({ type: "thinking_delta", contentIndex: index, delta: chunk, partial: { ...partial } });
      }
      out.push({ type: "thinking_end", contentIndex: index, content: block.thinking, partial: { ...partial } });
      continue;
    }
    if (block.type === "text") {
      partial.content = [...partial.content, { type: "text", text: "" }];
      out.push({ type: "text_start", contentIndex: index, partial: { ...partial } });
      for (const chunk of splitStringByTokenSize(block.text, min, max)) {
        await scheduleChunk(chunk, tps);
        if (signal?.aborted) return abort();
        partial.content[index].text += chunk;
        out.push({ type: "text_delta", contentIndex: index, delta: chunk, partial: { ...partial } });
      }
      out.push({ type: "text_end", contentIndex: index, content: block.text, partial: { ...partial } });
      continue;
    }
    partial.content = [...partial.content, { type: "toolCall", id: block.id, name: block.name, arguments: {} }];
    out.push({ type: "toolcall_start", contentIndex: index, partial: { ...partial } });
    for (const chunk of splitStringByTokenSize(JSON.stringify(block.arguments), min, max)) {
      await scheduleChunk(chunk, tps);
      if (signal?.aborted) return abort();
      out.push({ type: "toolcall_delta", contentIndex: index, delta: chunk, partial: { ...partial } });
    }
    partial.content[index].arguments = block.arguments;
    out.push({ type: "toolcall_end", contentIndex: index, toolCall: block, partial: { ...partial } });
  }
  if (message.stopReason === "error" || message.stopReason === "aborted") {
    out.push({ type: "error", reason: message.stopReason, error: message });
    out.end(message);
    return;
  }
  out.push({ type: "done", reason: message.stopReason, message });
  out.end(message);
}
function registerFauxProvider(options = {}) {
  const api = options.api ?? randomId("faux");
  const provider = options.provider ?? "faux";
  const sourceId = randomId("faux-provider");
  const minTokenSize = Math.max(1, Math.min(options.tokenSize?.min ?? 3, options.tokenSize?.max ?? 5));
  const maxTokenSize = Math.max(minTokenSize, options.tokenSize?.max ?? 5);
  let pending = [];
  const tokensPerSecond = options.tokensPerSecond;
  const state = { callCount: 0 };
  const promptCache = /* @__PURE__ */ new Map();
  const definitions = options.models?.length ? options.models : [{ id: "faux-1", name: "Faux Model", reasoning: false, input: ["text", "image"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 128e3, maxTokens: 16384 }];
  const models2 = definitions.map((d) => ({
    id: d.id,
    name: d.name ?? d.id,
    api,
    provider,
    baseUrl: "http://localhost:0",
    reasoning: d.reasoning ?? false,
    input: d.input ?? ["text", "image"],
    cost: d.cost ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: d.contextWindow ?? 128e3,
    maxTokens: d.maxTokens ?? 16384
  }));
  const streamFn = (requestModel, context, streamOptions) => {
    const out = createAssistantMessageEventStream();
    const step = pending.shift();
    state.callCount++;
    queueMicrotask(async () => {
      try {
        await streamOptions?.onResponse?.({ status: 200, headers: {} }, requestModel);
        if (!step) {
          let message2 = createErrorMessage(new Error("No more faux responses queued"), api, provider, requestModel.id);
          message2 = withUsageEstimate(message2, context, streamOptions, promptCache);
          out.push({ type: "error", reason: "error", error: message2 });
          out.end(message2);
          return;
        }
        const resolved = typeof step === "function" ? await step(context, streamOptions, state, requestModel) : step;
        let message = cloneMessage(resolved, api, provider, requestModel.id);
        message = withUsageEstimate(message, context, streamOptions, promptCache);
        await streamWithDeltas(out, message, minTokenSize, maxTokenSize, tokensPerSecond, streamOptions?.signal);
      } catch (error) {
        const message = createErrorMessage(error, api, provider, requestModel.id);
        out.push({ type: "error", reason: "error", error: message });
        out.end(message);
      }
    });
    return out;
  };
  registerApiProvider({ api, stream: streamFn, streamSimple: streamFn }, sourceId);
  return {
    api,
    models: models2,
    getModel(requestedModelId) {
      if (!requestedModelId) return models2[0];
      return models2.find((m) => m.id === requestedModelId);
    },
    state,
    setResponses(responses) {
      pending = [...responses];
    },
    appendResponses(responses) {
      pending.push(...responses);
    },
    getPendingResponseCount() {
      return pending.length;
    },
    unregister() {
      unregisterApiProviders(sourceId);
    }
  };
}
// Annotate the CommonJS export names for ESM import in node:
pigo_ai_core_exports.AssistantMessageEventStream = AssistantMessageEventStream;
pigo_ai_core_exports.EventStream = EventStream;
pigo_ai_core_exports.streamAnthropic = streamAnthropic;
pigo_ai_core_exports.streamAzureOpenAIResponses = streamAzureOpenAIResponses;
pigo_ai_core_exports.streamGoogle = streamGoogle;
pigo_ai_core_exports.streamGoogleVertex = streamGoogleVertex;
pigo_ai_core_exports.streamMistral = streamMistral;
pigo_ai_core_exports.streamOpenAICodexResponses = streamOpenAICodexResponses;
pigo_ai_core_exports.streamOpenAICompletions = streamOpenAICompletions;
pigo_ai_core_exports.streamOpenAIResponses = streamOpenAIResponses;
pigo_ai_core_exports.streamSimpleAnthropic = streamSimpleAnthropic;
pigo_ai_core_exports.streamSimpleAzureOpenAIResponses = streamSimpleAzureOpenAIResponses;
pigo_ai_core_exports.streamSimpleGoogle = streamSimpleGoogle;
pigo_ai_core_exports.streamSimpleGoogleVertex = streamSimpleGoogleVertex;
pigo_ai_core_exports.streamSimpleMistral = streamSimpleMistral;
pigo_ai_core_exports.streamSimpleOpenAICodexResponses = streamSimpleOpenAICodexResponses;
pigo_ai_core_exports.streamSimpleOpenAICompletions = streamSimpleOpenAICompletions;
pigo_ai_core_exports.streamSimpleOpenAIResponses = streamSimpleOpenAIResponses;
0 && (module.exports = {
  AssistantMessageEventStream,
  EventStream,
  StringEnum,
  Type,
  appendAssistantMessageDiagnostic,
  calculateCost,
  clampThinkingLevel,
  cleanupSessionResources,
  clearApiProviders,
  complete,
  completeSimple,
  createAssistantMessageDiagnostic,
  createAssistantMessageEventStream,
  extractDiagnosticError,
  fauxAssistantMessage,
  fauxText,
  fauxThinking,
  fauxToolCall,
  findEnvKeys,
  formatThrownValue,
  getApiProvider,
  getApiProviders,
  getEnvApiKey,
  getModel,
  getModels,
  getOverflowPatterns,
  getProviders,
  getSupportedThinkingLevels,
  isContextOverflow,
  modelsAreEqual,
  parseJsonWithRepair,
  parseStreamingJson,
  registerApiProvider,
  registerBuiltInApiProviders,
  registerFauxProvider,
  registerSessionResourceCleanup,
  repairJson,
  resetApiProviders,
  setBedrockProviderModule,
  stream,
  streamAnthropic,
  streamAzureOpenAIResponses,
  streamGoogle,
  streamGoogleVertex,
  streamMistral,
  streamOpenAICodexResponses,
  streamOpenAICompletions,
  streamOpenAIResponses,
  streamSimple,
  streamSimpleAnthropic,
  streamSimpleAzureOpenAIResponses,
  streamSimpleGoogle,
  streamSimpleGoogleVertex,
  streamSimpleMistral,
  streamSimpleOpenAICodexResponses,
  streamSimpleOpenAICompletions,
  streamSimpleOpenAIResponses,
  unregisterApiProviders,
  validateToolArguments,
  validateToolCall
});

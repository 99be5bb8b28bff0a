// pigo:ai-core — pigo's implementation of @mariozechner/pi-ai 0.73.1 (served
// as pi-ai and pi-ai/compat under both npm scopes; all of them re-export this
// module, so the API-provider registry is one per plugin runtime).
//
// Real: Type, StringEnum, pi-ai 1.6's model catalog (served by the host),
// calculateCost and the thinking-level helpers, EventStream /
// AssistantMessageEventStream, JSON repair and streaming-JSON parsing,
// validateToolArguments / validateToolCall (the host's check: pi 1.6's
// coercion and wording), isContextOverflow, env API keys, the
// API-provider registry, stream/complete over registered providers, the faux
// provider, diagnostics and session-resource cleanup.
//
// The built-in network providers (streamAnthropic, streamOpenAIResponses,
// stream()/complete() for their apis) are pigo's Go providers reached
// through the host: the same registry, models.json and keys the agent
// uses; they need an agent (pigo -p / --mode json / --mode rpc). A
// provider an extension registers with registerApiProvider (or
// registerFauxProvider) works through stream()/complete() as in pi.

/* eslint-disable @typescript-eslint/no-explicit-any */
import { Type } from "pigo:typebox-core";

export { Type };

function notSupported(name: string): Error {
  return new Error(`not supported yet: pi-ai ${name} (no pigo host in this runtime)`);
}

// ---------------------------------------------------------------------------
// API provider registry (api-registry.js)
// ---------------------------------------------------------------------------

const BUILTIN = "__pigoBuiltinProvider";
const apiProviderRegistry = new Map<string, { provider: any; sourceId?: string }>();

function wrapStream(api: string, fn: (...a: any[]) => any) {
  return (model: any, context: any, options: any) => {
    if (model.api !== api) throw new Error(`Mismatched api: ${model.api} expected ${api}`);
    return fn(model, context, options);
  };
}
export function registerApiProvider(provider: any, sourceId?: string): void {
  const entry = {
    api: provider.api,
    stream: wrapStream(provider.api, provider.stream),
    streamSimple: wrapStream(provider.api, provider.streamSimple),
  };
  if (provider[BUILTIN]) Object.defineProperty(entry, BUILTIN, { value: true });
  apiProviderRegistry.set(provider.api, { provider: entry, sourceId });
}
export function getApiProvider(api: string): any {
  return apiProviderRegistry.get(api)?.provider;
}
export function getApiProviders(): any[] {
  return Array.from(apiProviderRegistry.values(), (e) => e.provider);
}
export function unregisterApiProviders(sourceId: string): void {
  for (const [api, e] of apiProviderRegistry.entries()) if (e.sourceId === sourceId) apiProviderRegistry.delete(api);
}
export function clearApiProviders(): void {
  apiProviderRegistry.clear();
}

// ---------------------------------------------------------------------------
// Built-in providers (register-builtins.js): served by pigo's Go providers
// through the host (the agent's provider registry, models.json and keys).
// Without an agent (pigo check / pigo tool) a call rejects.
// ---------------------------------------------------------------------------

declare const require: (id: string) => any;

function hostStream(name: string, simple: boolean) {
  return function (model: any, context: any, options?: any): any {
    const out = new AssistantMessageEventStream();
    let host: any;
    try {
      host = require("pigo:host");
    } catch {
      throw notSupported(name);
    }
    // Functions (onPayload, ...) do not cross; the signal does.
    const opts: any = {};
    for (const [k, v] of Object.entries(options ?? {})) if (typeof v !== "function") opts[k] = v;
    if (!simple) delete opts.reasoning;
    // pi-ai's streamSimple passes neither on (its buildBaseOptions).
    if (simple) { delete opts.requestMetadata; delete opts.region; }
    host.modelStream(model, context, opts, (ev: any) => out.push(ev)).then(
      (final: any) => out.end(final),
      (err: any) => {
        const failed = {
          role: "assistant", content: [] as any[], api: model?.api, provider: model?.provider, model: model?.id,
          usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
          stopReason: "error", errorMessage: err instanceof Error ? err.message : String(err), timestamp: Date.now(),
        };
        out.push({ type: "error", reason: "error", error: failed });
        out.end(failed);
      },
    );
    return out;
  };
}
export const streamAnthropic = hostStream("streamAnthropic", false);
export const streamSimpleAnthropic = hostStream("streamSimpleAnthropic", true);
export const streamAzureOpenAIResponses = hostStream("streamAzureOpenAIResponses", false);
export const streamSimpleAzureOpenAIResponses = hostStream("streamSimpleAzureOpenAIResponses", true);
export const streamGoogle = hostStream("streamGoogle", false);
export const streamSimpleGoogle = hostStream("streamSimpleGoogle", true);
export const streamGoogleVertex = hostStream("streamGoogleVertex", false);
export const streamSimpleGoogleVertex = hostStream("streamSimpleGoogleVertex", true);
export const streamMistral = hostStream("streamMistral", false);
export const streamSimpleMistral = hostStream("streamSimpleMistral", true);
export const streamOpenAICodexResponses = hostStream("streamOpenAICodexResponses", false);
export const streamSimpleOpenAICodexResponses = hostStream("streamSimpleOpenAICodexResponses", true);
export const streamOpenAICompletions = hostStream("streamOpenAICompletions", false);
export const streamSimpleOpenAICompletions = hostStream("streamSimpleOpenAICompletions", true);
export const streamOpenAIResponses = hostStream("streamOpenAIResponses", false);
export const streamSimpleOpenAIResponses = hostStream("streamSimpleOpenAIResponses", true);
const streamBedrock = hostStream("streamBedrock", false);
const streamSimpleBedrock = hostStream("streamSimpleBedrock", true);

let bedrockOverride: { stream: any; streamSimple: any } | undefined;
/** Installs a Bedrock provider module ({streamBedrock, streamSimpleBedrock}). */
export function setBedrockProviderModule(module: any): void {
  bedrockOverride = { stream: module.streamBedrock, streamSimple: module.streamSimpleBedrock };
}

function builtin(api: string, stream: any, streamSimple: any) {
  const p = { api, stream, streamSimple };
  Object.defineProperty(p, BUILTIN, { value: true });
  registerApiProvider(p);
}
export function registerBuiltInApiProviders(): void {
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
export function resetApiProviders(): void {
  clearApiProviders();
  registerBuiltInApiProviders();
}
registerBuiltInApiProviders();

// ---------------------------------------------------------------------------
// stream / complete (stream.js)
// ---------------------------------------------------------------------------

function resolveApiProvider(api: string, _name: string): any {
  const provider = getApiProvider(api);
  if (!provider) throw new Error(`No API provider registered for api: ${api}`);
  return provider;
}
export function stream(model: any, context: any, options?: any): any {
  return resolveApiProvider(model.api, "stream").stream(model, context, options);
}
export async function complete(model: any, context: any, options?: any): Promise<any> {
  return resolveApiProvider(model.api, "complete").stream(model, context, options).result();
}
export function streamSimple(model: any, context: any, options?: any): any {
  return resolveApiProvider(model.api, "streamSimple").streamSimple(model, context, options);
}
export async function completeSimple(model: any, context: any, options?: any): Promise<any> {
  return resolveApiProvider(model.api, "completeSimple").streamSimple(model, context, options).result();
}

// ---------------------------------------------------------------------------
// Environment API keys (env-api-keys.js). process.env is read lazily through
// globalThis.process; the Vertex ADC-file and Bun /proc fallbacks are not
// ported (no filesystem access at this layer).
// ---------------------------------------------------------------------------

function env(): Record<string, string | undefined> {
  const p = (globalThis as any).process;
  return p && p.env ? p.env : {};
}
function getApiKeyEnvVars(provider: string): string[] | undefined {
  if (provider === "github-copilot") return ["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN"];
  if (provider === "anthropic") return ["ANTHROPIC_OAUTH_TOKEN", "ANTHROPIC_API_KEY"];
  const envMap: Record<string, string> = {
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
    "xiaomi-token-plan-sgp": "XIAOMI_TOKEN_PLAN_SGP_API_KEY",
  };
  const v = envMap[provider];
  return v ? [v] : undefined;
}
export function findEnvKeys(provider: string): string[] | undefined {
  const vars = getApiKeyEnvVars(provider);
  if (!vars) return undefined;
  const e = env();
  const found = vars.filter((v) => !!e[v]);
  return found.length > 0 ? found : undefined;
}
export function getEnvApiKey(provider: string): string | undefined {
  const e = env();
  const keys = findEnvKeys(provider);
  if (keys?.[0]) return e[keys[0]];
  if (provider === "google-vertex") {
    const hasCreds = !!e.GOOGLE_APPLICATION_CREDENTIALS;
    const hasProject = !!(e.GOOGLE_CLOUD_PROJECT || e.GCLOUD_PROJECT);
    if (hasCreds && hasProject && !!e.GOOGLE_CLOUD_LOCATION) return "<authenticated>";
  }
  if (provider === "amazon-bedrock") {
    if (e.AWS_PROFILE || (e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY) || e.AWS_BEARER_TOKEN_BEDROCK ||
      e.AWS_CONTAINER_CREDENTIALS_RELATIVE_URI || e.AWS_CONTAINER_CREDENTIALS_FULL_URI || e.AWS_WEB_IDENTITY_TOKEN_FILE) {
      return "<authenticated>";
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------
// Models (models.js)
// ---------------------------------------------------------------------------

// pi-ai 1.6's MODELS: provider → {id: model}. The host holds the
// catalog (engine/provider, generated from pi-ai's data); a provider's
// models become objects when it is first read, so a runtime that imports
// pi-ai without reading the catalog pays nothing for its ~1,700 models.
// The reads below are pi-ai's (providers/all.js), so an unknown provider
// or id gives what it gives there, and repeated reads the same objects.
let catalog: Record<string, Record<string, any>> | undefined;
function models(): Record<string, Record<string, any>> {
  if (catalog) return catalog;
  const host = require("pigo:ai-catalog");
  const out: Record<string, Record<string, any>> = {};
  for (const provider of host.providers()) {
    Object.defineProperty(out, provider, {
      configurable: true,
      enumerable: true,
      get() {
        const byId = Object.fromEntries(JSON.parse(host.models(provider, "chat")).map((m: any) => [m.id, m]));
        Object.defineProperty(out, provider, { value: byId, configurable: true, enumerable: true, writable: true });
        return byId;
      },
    });
  }
  catalog = out;
  return out;
}
export function getModel(provider: string, modelId: string): any {
  return models()[provider]?.[modelId];
}
export function getProviders(): string[] {
  return Object.keys(models());
}
export function getModels(provider: string): any[] {
  return Object.values(models()[provider] ?? {});
}
export function calculateCost(model: any, usage: any): any {
  usage.cost.input = (model.cost.input / 1000000) * usage.input;
  usage.cost.output = (model.cost.output / 1000000) * usage.output;
  usage.cost.cacheRead = (model.cost.cacheRead / 1000000) * usage.cacheRead;
  usage.cost.cacheWrite = (model.cost.cacheWrite / 1000000) * usage.cacheWrite;
  usage.cost.total = usage.cost.input + usage.cost.output + usage.cost.cacheRead + usage.cost.cacheWrite;
  return usage.cost;
}
const EXTENDED_THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"];
export function getSupportedThinkingLevels(model: any): string[] {
  if (!model.reasoning) return ["off"];
  return EXTENDED_THINKING_LEVELS.filter((level) => {
    const mapped = model.thinkingLevelMap?.[level];
    if (mapped === null) return false;
    if (level === "xhigh") return mapped !== undefined;
    return true;
  });
}
export function clampThinkingLevel(model: any, level: string): string {
  const available = getSupportedThinkingLevels(model);
  if (available.includes(level)) return level;
  const idx = EXTENDED_THINKING_LEVELS.indexOf(level);
  if (idx === -1) return available[0] ?? "off";
  for (let i = idx; i < EXTENDED_THINKING_LEVELS.length; i++) if (available.includes(EXTENDED_THINKING_LEVELS[i])) return EXTENDED_THINKING_LEVELS[i];
  for (let i = idx - 1; i >= 0; i--) if (available.includes(EXTENDED_THINKING_LEVELS[i])) return EXTENDED_THINKING_LEVELS[i];
  return available[0] ?? "off";
}
export function modelsAreEqual(a: any, b: any): boolean {
  if (!a || !b) return false;
  return a.id === b.id && a.provider === b.provider;
}

// ---------------------------------------------------------------------------
// Event streams (utils/event-stream.js)
// ---------------------------------------------------------------------------

export class EventStream<T = any, R = any> {
  private isComplete: (event: T) => boolean;
  private extractResult: (event: T) => R;
  private queue: T[] = [];
  private waiting: ((r: IteratorResult<T>) => void)[] = [];
  private done = false;
  private finalResultPromise: Promise<R>;
  private resolveFinalResult!: (r: R) => void;

  constructor(isComplete: (event: T) => boolean, extractResult: (event: T) => R) {
    this.isComplete = isComplete;
    this.extractResult = extractResult;
    this.finalResultPromise = new Promise<R>((resolve) => {
      this.resolveFinalResult = resolve;
    });
  }
  push(event: T): void {
    if (this.done) return;
    if (this.isComplete(event)) {
      this.done = true;
      this.resolveFinalResult(this.extractResult(event));
    }
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    else this.queue.push(event);
  }
  end(result?: R): void {
    this.done = true;
    if (result !== undefined) this.resolveFinalResult(result);
    while (this.waiting.length > 0) this.waiting.shift()!({ value: undefined as any, done: true });
  }
  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    while (true) {
      if (this.queue.length > 0) yield this.queue.shift()!;
      else if (this.done) return;
      else {
        const result = await new Promise<IteratorResult<T>>((resolve) => this.waiting.push(resolve));
        if (result.done) return;
        yield result.value;
      }
    }
  }
  result(): Promise<R> {
    return this.finalResultPromise;
  }
}
export class AssistantMessageEventStream extends EventStream<any, any> {
  constructor() {
    super(
      (event) => event.type === "done" || event.type === "error",
      (event) => {
        if (event.type === "done") return event.message;
        if (event.type === "error") return event.error;
        throw new Error("Unexpected event type for final result");
      },
    );
  }
}
/** Factory for AssistantMessageEventStream (for use in extensions). */
export function createAssistantMessageEventStream(): AssistantMessageEventStream {
  return new AssistantMessageEventStream();
}

// ---------------------------------------------------------------------------
// JSON (utils/json-parse.js, with partial-json 0.1.7's parser inlined)
// ---------------------------------------------------------------------------

const VALID_JSON_ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t", "u"]);
function escapeControlCharacter(ch: string): string {
  switch (ch) {
    case "\b": return "\\b";
    case "\f": return "\\f";
    case "\n": return "\\n";
    case "\r": return "\\r";
    case "\t": return "\\t";
    default: return `\\u${ch.codePointAt(0)?.toString(16).padStart(4, "0") ?? "0000"}`;
  }
}
/** Escapes raw control characters in strings and doubles invalid backslashes. */
export function repairJson(json: string): string {
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
      if (next === undefined) {
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
    const cp = ch.codePointAt(0)!;
    out += cp <= 0x1f ? escapeControlCharacter(ch) : ch;
  }
  return out;
}
export function parseJsonWithRepair(json: string): any {
  try {
    return JSON.parse(json);
  } catch (error) {
    const repaired = repairJson(json);
    if (repaired !== json) return JSON.parse(repaired);
    throw error;
  }
}

/** partial-json's parse with Allow.ALL: completes truncated JSON. */
function partialParse(input: string): any {
  if (typeof input !== "string") throw new TypeError(`expecting str, got ${typeof input}`);
  if (!input.trim()) throw new Error(`${input} is empty`);
  const s = input.trim();
  const length = s.length;
  let index = 0;
  const partial = (msg: string): never => { throw new Error(`${msg} at position ${index}`); };
  const malformed = (msg: string): never => { throw new SyntaxError(`${msg} at position ${index}`); };
  const skipBlank = () => { while (index < length && " \n\r\t".includes(s[index])) index++; };
  const prefix = (word: string) => length - index < word.length && word.startsWith(s.substring(index));
  const parseAny = (): any => {
    skipBlank();
    if (index >= length) partial("Unexpected end of input");
    if (s[index] === '"') return parseStr();
    if (s[index] === "{") return parseObj();
    if (s[index] === "[") return parseArr();
    if (s.substring(index, index + 4) === "null" || prefix("null")) { index += 4; return null; }
    if (s.substring(index, index + 4) === "true" || prefix("true")) { index += 4; return true; }
    if (s.substring(index, index + 5) === "false" || prefix("false")) { index += 5; return false; }
    if (s.substring(index, index + 8) === "Infinity" || prefix("Infinity")) { index += 8; return Infinity; }
    if (s.substring(index, index + 9) === "-Infinity" || (1 < length - index && prefix("-Infinity"))) { index += 9; return -Infinity; }
    if (s.substring(index, index + 3) === "NaN" || prefix("NaN")) { index += 3; return NaN; }
    return parseNum();
  };
  const parseStr = (): any => {
    const start = index;
    let escape = false;
    index++;
    while (index < length && (s[index] !== '"' || (escape && s[index - 1] === "\\"))) {
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
  const parseObj = (): any => {
    index++;
    skipBlank();
    const obj: any = {};
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
  const parseArr = (): any => {
    index++;
    const arr: any[] = [];
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
  const parseNum = (): any => {
    if (index === 0) {
      if (s === "-") malformed("Not sure what '-' is");
      try {
        return JSON.parse(s);
      } catch (e) {
        try {
          return JSON.parse(s.substring(0, s.lastIndexOf("e")));
        } catch {
          // fall through
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

/** Parses possibly incomplete JSON from a stream; always returns a value ({} on failure). */
export function parseStreamingJson(partialJson: string): any {
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

// ---------------------------------------------------------------------------
// Context overflow (utils/overflow.js)
// ---------------------------------------------------------------------------

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
  /^4(?:00|13)\s*(?:status code)?\s*\(no body\)/i,
];
const NON_OVERFLOW_PATTERNS = [/^(Throttling error|Service unavailable):/i, /rate limit/i, /too many requests/i];

/** Reports whether an assistant message shows a context-window overflow. */
export function isContextOverflow(message: any, contextWindow?: number): boolean {
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
export function getOverflowPatterns(): RegExp[] {
  return [...OVERFLOW_PATTERNS];
}

// ---------------------------------------------------------------------------
// TypeBox helpers (utils/typebox-helpers.js)
// ---------------------------------------------------------------------------

// StringEnum is in pigo:ai-typebox, which a runtime can load without
// this module.
export { StringEnum } from "pigo:ai-typebox";

// ---------------------------------------------------------------------------
// Tool argument validation (utils/validation.js)
// ---------------------------------------------------------------------------

// The check is the host's own (pigo:tool-arguments, engine's
// ArgumentsValidator): pi 1.6's coercion and pi-schema's wording, the same
// as for a tool call the host runs. One compiled validator per schema
// object, as pi-ai caches them.
const validatorCache = new WeakMap<object, (name: string, argsJSON: string) => { value?: string; error?: string }>();
let compileToolArguments: ((schemaJSON: string) => (name: string, argsJSON: string) => { value?: string; error?: string }) | undefined;
function getValidator(schema: any): (name: string, argsJSON: string) => { value?: string; error?: string } {
  const cached = typeof schema === "object" && schema !== null ? validatorCache.get(schema) : undefined;
  if (cached) return cached;
  compileToolArguments ??= require("pigo:tool-arguments").compile;
  const v = compileToolArguments!(JSON.stringify(schema ?? {}));
  if (typeof schema === "object" && schema !== null) validatorCache.set(schema, v);
  return v;
}
/** Finds the tool named by toolCall and validates its arguments. */
export function validateToolCall(tools: any[], toolCall: any): any {
  const tool = tools.find((t) => t.name === toolCall.name);
  if (!tool) throw new Error(`Tool "${toolCall.name}" not found`);
  return validateToolArguments(tool, toolCall);
}
/** Validates (and coerces) tool-call arguments against the tool's schema; throws a formatted error. */
export function validateToolArguments(tool: any, toolCall: any): any {
  // pi-ai 1.6: arguments whose text did not parse fail before the schema.
  if (toolCall.argumentsError) throw new Error(`Invalid arguments for tool "${toolCall.name}": ${toolCall.argumentsError}`);
  const result = getValidator(tool.parameters)(toolCall.name, JSON.stringify(toolCall.arguments ?? {}));
  if (result.error !== undefined) throw new Error(result.error);
  return JSON.parse(result.value!);
}

// ---------------------------------------------------------------------------
// Diagnostics (utils/diagnostics.js)
// ---------------------------------------------------------------------------

export function formatThrownValue(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  if (typeof value === "string") return value;
  return String(value);
}
export function extractDiagnosticError(error: unknown): any {
  if (!(error instanceof Error)) return { name: "ThrownValue", message: formatThrownValue(error) };
  const code = (error as any).code;
  return {
    name: error.name || undefined,
    message: error.message || error.name,
    stack: error.stack,
    code: typeof code === "string" || typeof code === "number" ? code : undefined,
  };
}
export function createAssistantMessageDiagnostic(type: string, error: unknown, details?: unknown): any {
  return { type, timestamp: Date.now(), error: extractDiagnosticError(error), details };
}
export function appendAssistantMessageDiagnostic(message: any, diagnostic: any): void {
  message.diagnostics = [...(message.diagnostics ?? []), diagnostic];
}

// ---------------------------------------------------------------------------
// Session resources (session-resources.js)
// ---------------------------------------------------------------------------

const sessionResourceCleanups = new Set<(sessionId: string) => void>();
export function registerSessionResourceCleanup(cleanup: (sessionId: string) => void): () => void {
  sessionResourceCleanups.add(cleanup);
  return () => {
    sessionResourceCleanups.delete(cleanup);
  };
}
export function cleanupSessionResources(sessionId: string): void {
  const errors: unknown[] = [];
  for (const cleanup of sessionResourceCleanups) {
    try {
      cleanup(sessionId);
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) {
    const AE = (globalThis as any).AggregateError;
    if (typeof AE === "function") throw new AE(errors, "Failed to cleanup session resources");
    const e: any = new Error("Failed to cleanup session resources");
    e.errors = errors;
    throw e;
  }
}

// ---------------------------------------------------------------------------
// Faux provider (providers/faux.js): a scripted in-memory provider for tests
// ---------------------------------------------------------------------------

const DEFAULT_USAGE = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
function randomId(prefix: string): string {
  return `${prefix}:${Date.now()}:${Math.random().toString(36).slice(2)}`;
}
export function fauxText(text: string): any {
  return { type: "text", text };
}
export function fauxThinking(thinking: string): any {
  return { type: "thinking", thinking };
}
export function fauxToolCall(name: string, arguments_: any, options: { id?: string } = {}): any {
  return { type: "toolCall", id: options.id ?? randomId("tool"), name, arguments: arguments_ };
}
export function fauxAssistantMessage(content: any, options: any = {}): any {
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
    timestamp: options.timestamp ?? Date.now(),
  };
}
const estimateTokens = (text: string) => Math.ceil(text.length / 4);
function contentToText(content: any): string {
  if (typeof content === "string") return content;
  return content.map((b: any) => (b.type === "text" ? b.text : `[image:${b.mimeType}:${b.data.length}]`)).join("\n");
}
function assistantContentToText(content: any[]): string {
  return content.map((b) => (b.type === "text" ? b.text : b.type === "thinking" ? b.thinking : `${b.name}:${JSON.stringify(b.arguments)}`)).join("\n");
}
function messageToText(m: any): string {
  if (m.role === "user") return contentToText(m.content);
  if (m.role === "assistant") return assistantContentToText(m.content);
  return [m.toolName, ...m.content.map((b: any) => contentToText([b]))].join("\n");
}
function serializeContext(context: any): string {
  const parts: string[] = [];
  if (context.systemPrompt) parts.push(`system:${context.systemPrompt}`);
  for (const m of context.messages) parts.push(`${m.role}:${messageToText(m)}`);
  if (context.tools?.length) parts.push(`tools:${JSON.stringify(context.tools)}`);
  return parts.join("\n\n");
}
function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}
function withUsageEstimate(message: any, context: any, options: any, promptCache: Map<string, string>): any {
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
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
  };
}
function splitStringByTokenSize(text: string, min: number, max: number): string[] {
  const chunks: string[] = [];
  let i = 0;
  while (i < text.length) {
    const tokenSize = min + Math.floor(Math.random() * (max - min + 1));
    const charSize = Math.max(1, tokenSize * 4);
    chunks.push(text.slice(i, i + charSize));
    i += charSize;
  }
  return chunks.length > 0 ? chunks : [""];
}
function cloneMessage(message: any, api: string, provider: string, modelId: string): any {
  const c = structuredClone(message);
  return { ...c, api, provider, model: modelId, timestamp: c.timestamp ?? Date.now(), usage: c.usage ?? DEFAULT_USAGE };
}
function createErrorMessage(error: unknown, api: string, provider: string, modelId: string): any {
  return {
    role: "assistant",
    content: [],
    api,
    provider,
    model: modelId,
    usage: DEFAULT_USAGE,
    stopReason: "error",
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: Date.now(),
  };
}
function createAbortedMessage(partial: any): any {
  return { ...partial, stopReason: "aborted", errorMessage: "Request was aborted", timestamp: Date.now() };
}
function scheduleChunk(chunk: string, tokensPerSecond?: number): Promise<void> {
  if (!tokensPerSecond || tokensPerSecond <= 0) return new Promise((resolve) => queueMicrotask(resolve));
  const delayMs = (estimateTokens(chunk) / tokensPerSecond) * 1000;
  return new Promise((resolve) => setTimeout(resolve, delayMs));
}
async function streamWithDeltas(out: AssistantMessageEventStream, message: any, min: number, max: number, tps: number | undefined, signal: any): Promise<void> {
  const partial: any = { ...message, content: [] };
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
/** Registers a scripted provider: queued responses are streamed back in order. */
export function registerFauxProvider(options: any = {}): any {
  const api = options.api ?? randomId("faux");
  const provider = options.provider ?? "faux";
  const sourceId = randomId("faux-provider");
  const minTokenSize = Math.max(1, Math.min(options.tokenSize?.min ?? 3, options.tokenSize?.max ?? 5));
  const maxTokenSize = Math.max(minTokenSize, options.tokenSize?.max ?? 5);
  let pending: any[] = [];
  const tokensPerSecond = options.tokensPerSecond;
  const state = { callCount: 0 };
  const promptCache = new Map<string, string>();
  const definitions = options.models?.length
    ? options.models
    : [{ id: "faux-1", name: "Faux Model", reasoning: false, input: ["text", "image"], cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, contextWindow: 128000, maxTokens: 16384 }];
  const models = definitions.map((d: any) => ({
    id: d.id,
    name: d.name ?? d.id,
    api,
    provider,
    baseUrl: "http://localhost:0",
    reasoning: d.reasoning ?? false,
    input: d.input ?? ["text", "image"],
    cost: d.cost ?? { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: d.contextWindow ?? 128000,
    maxTokens: d.maxTokens ?? 16384,
  }));
  const streamFn = (requestModel: any, context: any, streamOptions: any) => {
    const out = createAssistantMessageEventStream();
    const step = pending.shift();
    state.callCount++;
    queueMicrotask(async () => {
      try {
        await streamOptions?.onResponse?.({ status: 200, headers: {} }, requestModel);
        if (!step) {
          let message = createErrorMessage(new Error("No more faux responses queued"), api, provider, requestModel.id);
          message = withUsageEstimate(message, context, streamOptions, promptCache);
          out.push({ type: "error", reason: "error", error: message });
          out.end(message);
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
    models,
    getModel(requestedModelId?: string) {
      if (!requestedModelId) return models[0];
      return models.find((m: any) => m.id === requestedModelId);
    },
    state,
    setResponses(responses: any[]) {
      pending = [...responses];
    },
    appendResponses(responses: any[]) {
      pending.push(...responses);
    },
    getPendingResponseCount() {
      return pending.length;
    },
    unregister() {
      unregisterApiProviders(sourceId);
    },
  };
}

// @earendil-works/pi-ai and @earendil-works/pi-ai/compat at pi 1.6.0.
//
// pi 1.6 split pi-ai: the root keeps the types, utilities and the new
// createModels() API; the old global API (stream/complete, the api
// registry, getModel/getModels, the per-API stream functions) moved to
// "/compat". pigo serves both specifiers from this one module: every
// 0.73.1 export (the same values as @mariozechner/pi-ai, so one
// api-provider registry per runtime) plus pi 1.6's new names. Keeping the
// old names on the root is deliberate: extensions written for 0.74-1.5
// import them from there, and an extra export breaks nothing.
//
//   pigo:ai-core   the 0.73.1 surface (streams reach pigo's Go providers)
//   pigo:ai16      pure functions of pi-ai 1.6 vendored unchanged (gen16)
//
// The per-API objects of 1.6 (anthropicMessagesApi() and friends) are
// { stream, streamSimple } over pigo's providers. What needs pi-ai 1.6's
// model runtime, credential resolution or image generation throws
// "not supported yet: pi-ai <name>" when called.
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const require: any, exports: any;

const h16 = require("pigo:pi16");
const core = require("pigo:ai-core");

Object.defineProperty(exports, "__esModule", { value: true });
h16.copyExports(exports, core);
h16.lazyNames(
  exports,
  [
    "AI_TELEMETRY_SCHEMA",
    "CACHE_WARMING_IDLE_CONTINUATION_PROBABILITY",
    "CACHE_WARMING_MAX_AGE_MS",
    "CACHE_WARMING_MAX_IDLE_AGE_MS",
    "CACHE_WARMING_MINIMUM_EXPECTED_SAVINGS",
    "DEFAULT_MAX_AGENT_RETRY_DELAY_MS",
    "InMemoryCredentialStore",
    "InMemoryModelsStore",
    "ModelsError",
    "PI_AI_VERSION",
    "PI_ATTRIBUTION",
    "StreamingJsonParser",
    "ToolCallArgumentsStream",
    "collapseSystemMessages",
    "contentText",
    "createInitialSystemMessage",
    "declarationsEqual",
    "evaluateCacheWarming",
    "formatUserAgent",
    "getAttributionHeaders",
    "getCacheWarmingDelayMs",
    "getCacheWarmingRequestOptions",
    "getClientVersion",
    "getCurrentSystemMessage",
    "getCurrentSystemPrompt",
    "getCurrentTools",
    "getDeclaredTools",
    "getIdentityHeaders",
    "getInitialSystemMessage",
    "getModelType",
    "getOpenCodeSessionHeaders",
    "getPromptCacheTtlMs",
    "getSystemMessageText",
    "getToolStateChanges",
    "hasApi",
    "hasNonAdditiveToolChanges",
    "hasToolRedefinitions",
    "isCacheWarmingReplayable",
    "isModelType",
    "isRecoverableLength",
    "isRetryableAssistantError",
    "lazyApi",
    "lazyStream",
    "mergeClientIdentity",
    "normalizeContext",
    "parseToolCallArguments",
    "renderSystemMessageUpdate",
    "resolveTranscript",
    "resolveTranscriptTools",
    "retryAssistantCall",
    "retryDelayMs",
    "toToolDeclaration",
    "uuidv7",
    "withClientIdentity",
    "withoutInitialSystemMessage",
  ],
  () => require("pigo:ai16"),
);

// The Api objects of pi-ai 1.6 (api/*.lazy.js): { stream, streamSimple }
// for one wire API, over pigo's providers. Like pi's lazyApi they do not
// check model.api: a custom provider may reuse another wire API under its
// own api name (custom-provider-gitlab-duo streams anthropic-messages).
function apiObject(stream: any, streamSimple: any): () => any {
  return () => ({ stream, streamSimple });
}
const apis: Record<string, [string, string]> = {
  anthropicMessagesApi: ["streamAnthropic", "streamSimpleAnthropic"],
  azureOpenAIResponsesApi: ["streamAzureOpenAIResponses", "streamSimpleAzureOpenAIResponses"],
  googleGenerativeAIApi: ["streamGoogle", "streamSimpleGoogle"],
  googleVertexApi: ["streamGoogleVertex", "streamSimpleGoogleVertex"],
  mistralConversationsApi: ["streamMistral", "streamSimpleMistral"],
  openAICodexResponsesApi: ["streamOpenAICodexResponses", "streamSimpleOpenAICodexResponses"],
  openAICompletionsApi: ["streamOpenAICompletions", "streamSimpleOpenAICompletions"],
  openAIResponsesApi: ["streamOpenAIResponses", "streamSimpleOpenAIResponses"],
};
for (const [name, [s, ss]] of Object.entries(apis)) {
  Object.defineProperty(exports, name, {
    enumerable: true,
    configurable: true,
    writable: false,
    value: apiObject(core[s], core[ss]),
  });
}

// Environment variable names of pi-ai 1.6's Anthropic credentials.
for (const k of [
  "API_KEY",
  "AUTH_TOKEN",
  "FEDERATION_RULE_ID",
  "IDENTITY_TOKEN_FILE",
  "OAUTH_TOKEN",
  "ORGANIZATION_ID",
  "SERVICE_ACCOUNT_ID",
  "WORKSPACE_ID",
]) {
  Object.defineProperty(exports, `ANTHROPIC_${k}_ENV`, { enumerable: true, configurable: true, writable: false, value: `ANTHROPIC_${k}` });
}

h16.addUnsupported(exports, "pi-ai", [
  // pi-ai 1.6's model runtime and provider factories (createModels()):
  // pigo's models and credentials are the host's.
  "createModels",
  "createProvider",
  "createFauxCore",
  "fauxProvider",
  "defaultProviderAuthContext",
  "envApiKeyAuth",
  "lazyOAuth",
  // Bedrock and pi's own message API are not among pigo's providers.
  "bedrockConverseStreamApi",
  "piMessagesApi",
  "setBedrockProviderLoader",
  // Image generation.
  "generateImages",
  "generateImagesOpenRouter",
  "getImageModel",
  "getImageModels",
  "getImageProviders",
  "getImagesApiProvider",
  "registerBuiltInImagesApiProviders",
  "registerImagesApiProvider",
]);
